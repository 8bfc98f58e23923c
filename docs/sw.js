// The course's service worker: after one visit the site works with the
// network off. This is its source; postbuild/service_worker.py bundles
// it with Workbox (from node_modules, by esbuild) and publishes the bundle at
// sw.js in the site's root, after the rest of the site is written, with the
// lists below filled in from the files as they were built.
//
// Three kinds of files, each kept as one version of the site:
//
// - The precache (Workbox): pages, styles, scripts, figures, fonts, the lab's
//   data and the search index, stored when the worker installs. Workbox keys
//   each file by its revision, so a new build's worker stores its files beside
//   the old ones while the old worker still serves its own, and removes the
//   old ones when it takes over: a page never mixes two builds.
// - Python: the Pyodide runtime, numpy, the attention wheel, the lock file and
//   the lesson runner's cell.py, stored as one unit the first time a page runs
//   Python, in a cache named by the digest of all its files. Every file is
//   checked against this build's sha256 (subresource integrity): a page of
//   this build never runs another build's Python. A file that an older unit
//   already holds is copied from there, not downloaded, if its bytes have
//   this build's sha256.
// - Files the reader asks for (the trained model's weights, its lab views),
//   stored once they have arrived whole and match this build's sha256; until
//   then they pass through as they arrive, and a download the page gives up
//   is not kept. A download that does not match fails: the page's stream
//   ends in an error, not with the last byte.
//
// Trust bytes, not labels: every precache entry carries its file's sha256 (the
// browser checks it as Workbox stores the file), and a stored file of the two
// other kinds is digested before this worker first serves or copies it (once
// per file while the worker runs). A stored copy that does not match is
// deleted, said in the console, and fetched again.
//
// A new worker waits until the reader accepts the update (the page sends
// "skip-waiting", javascripts/offline.js); when it takes over, it deletes
// every cache of this site that its own version does not use.

import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";

const PREFIX = "attention-course";
const SCOPE = self.registration.scope;
// The lists the build fills in: the precache (Workbox's own placeholder), and
// the Python unit and the files kept on demand, each file with its sha256.
const PRECACHE = self.__WB_MANIFEST;
const UNITS = self.__ATTENTION_COURSE_UNITS;

setCacheNameDetails({ prefix: PREFIX });
const cacheName = (kind, version) => `${PREFIX}-${kind}-${version}-${SCOPE}`;
const PYTHON_CACHE = cacheName("python", UNITS.python.version);
const ON_DEMAND_CACHE = cacheName("on-demand", UNITS.onDemand.version);
// Marks a Python unit whose every file is stored.
const PYTHON_COMPLETE = new URL("__attention-course-python-complete__", SCOPE).href;
// Which unit a stored file belongs to, on each file this worker stores.
const DIGEST_HEADER = "X-Attention-Course-Sha256";

const absolute = (files) => new Map(files.map((file) => [new URL(file.url, SCOPE).href, file]));
// A request's file, as a static host finds it: the query ignored.
const fileOf = (url) => url.origin + url.pathname;
const pythonFiles = absolute(UNITS.python.files);
const onDemandFiles = absolute(UNITS.onDemand.files);

// ---------------------------------------------------------------- precache

// A static host ignores the query (the lab keeps its state there; Material's
// search results add ?h=): so does the precache.
precacheAndRoute(PRECACHE, { ignoreURLParametersMatching: [/./] });

// The 404 page finds the site's root by asking for sitemap.xml with HEAD; offline, the precache answers.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.href === new URL("sitemap.xml", SCOPE).href,
  async ({ request }) => {
    const stored = await matchPrecache("sitemap.xml");
    if (!stored) return fetch(request);
    return new Response(null, { status: stored.status, headers: stored.headers });
  },
  "HEAD",
);

// ---------------------------------------------------------------- Python

const sri = (file) => `sha256-${file.sha256.base64}`;
const ownCache = (name, kind) => name.startsWith(`${PREFIX}-${kind}-`) && name.endsWith(`-${SCOPE}`);

const hex = (buffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
const sha256Of = async (bytes) => hex(await crypto.subtle.digest("SHA-256", bytes));

// Said in the console when a stored copy is not this build's file: it is deleted, and never served or copied.
function discarded(file, got, where) {
  console.warn(
    `The course's service worker discarded ${file.url} from ${where}: its bytes do not match this build's ` +
      `sha256 (expected ${file.sha256.hex}, got ${got}).`,
  );
}

// A response to keep: its bytes, the server's type, and the digest they were checked against.
function storable(body, response, file) {
  const headers = new Headers({ "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" });
  headers.set("Content-Length", String(body.byteLength));
  headers.set(DIGEST_HEADER, file.sha256.hex);
  return new Response(body, { status: 200, headers });
}

// The same file (same address, same sha256) as an older version of this site
// stored it, as a response to keep. The label this worker wrote on it picks
// the candidates (a file labelled with another sha256 is another version's);
// its bytes decide: a copy whose digest differs is deleted, and said.
async function storedBefore(kind, current, url, file) {
  for (const name of await caches.keys()) {
    if (name === current || !ownCache(name, kind)) continue;
    const cache = await caches.open(name);
    const stored = await cache.match(url);
    if (!stored || stored.headers.get(DIGEST_HEADER) !== file.sha256.hex) continue;
    const body = await stored.arrayBuffer();
    const got = await sha256Of(body);
    if (got === file.sha256.hex) return storable(body, stored, file);
    await cache.delete(url);
    discarded(file, got, name);
  }
  return null;
}

// The files of this worker's own caches whose bytes it has digested since it started: each is digested once.
const verified = new Set();

// `url` as `cache` (named `name`) holds it, if its bytes are this build's file; else null (a copy that is not is
// deleted, and said).
async function checkedStored(cache, name, url, file) {
  const stored = await cache.match(url);
  if (!stored || verified.has(url)) return stored || null;
  const body = await stored.arrayBuffer();
  const got = await sha256Of(body);
  if (got === file.sha256.hex) {
    verified.add(url);
    return new Response(body, { status: stored.status, statusText: stored.statusText, headers: stored.headers });
  }
  await cache.delete(url);
  discarded(file, got, name);
  return null;
}

// A file of this build could not be had as this build made it: the site has
// probably been deployed again. Looking for the new worker now lets the page
// offer the reload at once.
let lookedForUpdate = false;
function mismatch() {
  if (lookedForUpdate) return;
  lookedForUpdate = true;
  self.registration.update().catch(() => {});
}

// One file of the unit, from an older unit or from the network (checked by
// the browser against its sha256), stored; resolves to a response of its bytes.
async function fetchPythonFile(cache, url, file) {
  const stored = await checkedStored(cache, PYTHON_CACHE, url, file);
  if (stored) return stored;
  let source = await storedBefore("python", PYTHON_CACHE, url, file);
  if (!source) {
    try {
      source = await fetch(url, { integrity: sri(file), cache: "no-cache", credentials: "same-origin" });
    } catch (error) {
      if (navigator.onLine) mismatch(); // a file of another build fails its integrity check
      throw error;
    }
    if (!source.ok) throw new Error(`${url}: HTTP ${source.status}`);
  }
  const body = await source.arrayBuffer();
  await cache.put(url, storable(body, source, file));
  return storable(body, source, file);
}

// Store the whole unit; resolves once every file is stored (or rejects with the first failure).
function fillPython() {
  const cache = caches.open(PYTHON_CACHE);
  const files = new Map(
    [...pythonFiles].map(([url, file]) => [url, cache.then((opened) => fetchPythonFile(opened, url, file))]),
  );
  const done = Promise.all(files.values()).then(async () => {
    await (await cache).put(PYTHON_COMPLETE, new Response(UNITS.python.version));
  });
  return { files, done };
}

// The unit this worker is storing, while it does.
let filling = null;

// Store the unit, once per worker while it succeeds: on the first request for
// one of its files, or when a page asks (javascripts/offline.js does, when
// this worker takes over a first visit's page that had already started Python).
function storePython() {
  if (!filling) {
    filling = fillPython();
    // After a failure the next request starts again, and finds the files stored so far.
    filling.done.catch(() => (filling = null));
  }
  return filling;
}

async function pythonResponse({ url, event }) {
  const key = fileOf(url);
  const cache = await caches.open(PYTHON_CACHE);
  if (await cache.match(PYTHON_COMPLETE)) {
    // Stored whole: served from the cache, checked (a copy that fails is replaced by the network's, checked too).
    return fetchPythonFile(cache, key, pythonFiles.get(key));
  }
  const unit = storePython();
  event.waitUntil(unit.done.catch(() => {}));
  return (await unit.files.get(key)).clone();
}

// A file of the unit opened as a page (How the code runs links to cell.py) is no reason to store Python: see below.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.mode !== "navigate" && pythonFiles.has(fileOf(url)),
  pythonResponse,
);

// ---------------------------------------------------------------- on demand

// What arrived in `body` (a copy of what the page receives), once whole: its bytes, and null if they are this
// build's file, else the reason they are not.
async function checkOnDemand(url, file, body) {
  const bytes = await new Response(body).arrayBuffer();
  const got = await sha256Of(bytes);
  if (got === file.sha256.hex) return { bytes, failure: null };
  mismatch();
  const failure = new Error(
    `The course's service worker refused ${file.url}: the bytes that arrived do not match this build's ` +
      `sha256 (expected ${file.sha256.hex}, got ${got}).`,
  );
  console.warn(failure.message);
  return { bytes, failure };
}

async function onDemandResponse({ url, event }) {
  const key = fileOf(url);
  const file = onDemandFiles.get(key);
  const cache = await caches.open(ON_DEMAND_CACHE);
  const stored = await checkedStored(cache, ON_DEMAND_CACHE, key, file);
  if (stored) return stored;
  const abort = new AbortController();
  const response = await fetch(key, { signal: abort.signal, credentials: "same-origin" });
  if (!response.ok || !response.body) return response;
  // The page reads one copy as it arrives (its progress moves); the other is checked once complete, and kept if
  // it matches. The page's copy ends with that check: closed if it matched, else failed with the reason.
  const [toPage, toCheck] = response.body.tee();
  const checked = checkOnDemand(key, file, toCheck);
  const keep = checked.then(({ bytes, failure }) => failure || cache.put(key, storable(bytes, response, file)));
  event.waitUntil(keep.catch(() => {}));
  const reader = toPage.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (!done) {
        controller.enqueue(value);
        return;
      }
      const { failure } = await checked;
      if (failure) controller.error(failure);
      else controller.close();
    },
    cancel(reason) {
      // The page gave up (a Cancel, a Stop): stop the download, and keep nothing.
      abort.abort(reason);
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.mode !== "navigate" && onDemandFiles.has(fileOf(url)),
  onDemandResponse,
);

// ---------------------------------------------------------------- other pages

// Any other page opened (one this build does not have, or a file of the two
// kinds above): the network's answer; offline, the file if it is stored, else
// the site's own 404 page.
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
  async ({ url, request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const key = fileOf(url);
      for (const [name, files] of [[PYTHON_CACHE, pythonFiles], [ON_DEMAND_CACHE, onDemandFiles]]) {
        const stored = files.has(key) && (await checkedStored(await caches.open(name), name, key, files.get(key)));
        if (stored) return stored;
      }
      const page = await matchPrecache("404.html");
      if (!page) throw error;
      return new Response(page.body, { status: 404, statusText: "Not Found", headers: page.headers });
    }
  },
);

// ---------------------------------------------------------------- versions

// What an older version stored and this one keeps: the files of a Python unit
// the reader has used (those that changed are downloaded now, so Python still
// works offline after the update), and the on-demand files that did not change.
async function carryOver() {
  const names = await caches.keys();
  const usedPython = [];
  for (const name of names.filter((each) => each !== PYTHON_CACHE && ownCache(each, "python"))) {
    if (await (await caches.open(name)).match(PYTHON_COMPLETE)) usedPython.push(name);
  }
  if (usedPython.length) await fillPython().done.catch(() => {}); // offline now: filled when next used
  const onDemand = await caches.open(ON_DEMAND_CACHE);
  for (const [url, file] of onDemandFiles) {
    if (await onDemand.match(url)) continue;
    const stored = await storedBefore("on-demand", ON_DEMAND_CACHE, url, file);
    if (stored) await onDemand.put(url, stored);
  }
}

self.addEventListener("install", (event) => event.waitUntil(carryOver().catch(() => {})));

// Only the course's own pages may ask anything of this worker: a window of
// this origin within its scope. Not a page of another site on the same origin
// (another project on the same GitHub Pages host, outside this scope), and not
// a worker (the one that runs a reader's Python is in scope).
function fromOwnPage(event) {
  const source = event.source;
  if (!(source instanceof WindowClient)) return false;
  const url = new URL(source.url);
  return url.origin === self.location.origin && url.href.startsWith(SCOPE);
}

self.addEventListener("message", (event) => {
  if (!fromOwnPage(event)) {
    const sender = event.source && event.source.url ? event.source.url : "a sender that is not a page";
    console.warn(`The course's service worker ignored a message from ${sender}: it takes messages from the course's own pages only.`);
    return;
  }
  const type = event.data && event.data.type;
  if (type === "skip-waiting") self.skipWaiting();
  if (type === "store-python") event.waitUntil(storePython().done.catch(() => {}));
});

// Every cache of this site (this scope) that this version does not use is an older version's.
async function deleteOlderCaches() {
  const keep = new Set([`${PREFIX}-precache-v2-${SCOPE}`, PYTHON_CACHE, ON_DEMAND_CACHE]);
  const own = (name) => name.startsWith(`${PREFIX}-`) && name.endsWith(`-${SCOPE}`);
  const names = await caches.keys();
  await Promise.all(names.filter((name) => own(name) && !keep.has(name)).map((name) => caches.delete(name)));
}

self.addEventListener("activate", (event) => event.waitUntil(deleteOlderCaches()));
// The first visit's page is served from here as soon as the worker is ready, not from its next load.
clientsClaim();
