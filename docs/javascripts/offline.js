// The course offline, on every page: registers the service worker (sw.js in
// the site's root, which postbuild/service_worker.py builds from
// docs/sw.js) and tells the reader when a new version of the course is ready.
//
// A new version waits until the reader accepts it: the page says "A new
// version of the course is available" with a Reload button, and until that
// is pressed every file still comes from the version the page was loaded
// from. Reload asks the waiting worker to take over, and the page reloads
// once it has.
//
// Where there are no service workers (a private window, an address that is
// not secure) or the reader removed the offline copy (the Offline use section
// of "How the code runs", javascripts/offline-storage.js), nothing is
// registered and the site simply works online.

import { confirmedIfFramed } from "./framed.js";

// This file is javascripts/offline.js: the site's root is the folder above, under any sub-path.
export const ROOT = new URL("../", import.meta.url).href;
const SCRIPT = new URL("sw.js", ROOT).href;
// The caches of this site are named `${CACHE_PREFIX}<kind>-...-${ROOT}` (docs/sw.js).
export const CACHE_PREFIX = "attention-course-";
// The reader's choice to keep nothing offline, per site (two courses can share an origin).
const OFF_KEY = `attention-course.offline-off:${new URL(ROOT).pathname}`;
// An instant page change looks for a new version at most this often (a reload always does).
const UPDATE_CHECK_MS = 5 * 60 * 1000;
// Reload anyway if the new worker has not taken over by then.
const TAKE_OVER_MS = 4000;

/** Whether this browser can keep the course offline here. */
export function supported() {
  return "serviceWorker" in navigator && window.isSecureContext && "caches" in window;
}

/** Whether the reader removed the offline copy (and so keeps nothing). */
export function turnedOff() {
  try {
    return localStorage.getItem(OFF_KEY) === "1";
  } catch {
    return false; // storage that cannot be read: the default, offline on
  }
}

function remember(off) {
  try {
    if (off) localStorage.setItem(OFF_KEY, "1");
    else localStorage.removeItem(OFF_KEY);
  } catch {
    /* nothing to remember it in: it lasts this page */
  }
}

// Python's memory snapshot, which runner/worker.js keeps for a faster start (its own cache, named apart
// from the service worker's so that an update of the site leaves it to the worker).
export const SNAPSHOT_CACHE = `${CACHE_PREFIX}python-snapshot:${ROOT}`;

/** Whether `name` is one of this site's caches (the service worker's, or Python's snapshot). */
export function ownCache(name) {
  return (name.startsWith(CACHE_PREFIX) && name.endsWith(`-${ROOT}`)) || name === SNAPSHOT_CACHE;
}

/** This site's registration, or null. */
export async function registration() {
  if (!supported()) return null;
  try {
    const found = await navigator.serviceWorker.getRegistration(ROOT);
    return found && found.scope === ROOT ? found : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the banner

let region = null; // the polite live region the banner appears in (present from the start, empty)
let reloading = false;

function liveRegion() {
  if (!region || !region.isConnected) {
    region = document.createElement("div");
    region.className = "course-update";
    region.setAttribute("role", "status");
    document.body.append(region);
  }
  return region;
}

function showBanner(text, onReload) {
  const box = document.createElement("div");
  box.className = "course-update__box";
  const message = document.createElement("p");
  message.className = "course-update__text";
  message.textContent = text;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "course-update__button";
  button.textContent = "Reload";
  button.addEventListener("click", () => {
    if (!confirmedIfFramed("Reload it now with the new version of the course?")) return;
    button.disabled = true;
    onReload();
  });
  box.append(message, button);
  liveRegion().replaceChildren(box);
}

function offerUpdate(waiting) {
  showBanner("A new version of the course is available.", () => {
    reloading = true;
    setTimeout(() => location.reload(), TAKE_OVER_MS);
    waiting.postMessage({ type: "skip-waiting" });
  });
}

// ---------------------------------------------------------------- registering

let lastCheck = 0;
let watched = null; // the registration whose updates this page follows
// Whether this page's worker is this site's current version: false on a first
// visit, and after the reader removed the offline copy (the next worker to
// take the page over is then a fresh one, not an update).
let controlled = false;
let listening = false;

function checkForUpdate() {
  if (!watched) return;
  lastCheck = Date.now();
  watched.update().catch(() => {}); // offline, or the server is away: the next check tries again
}

function tookOver() {
  if (reloading) {
    location.reload();
    return;
  }
  if (controlled) {
    // Another tab accepted the update: this page is from the version before.
    const text = "The course was updated in another tab: reload this page for the new version.";
    showBanner(text, () => location.reload());
    return;
  }
  controlled = true;
  storePythonIfStarted();
}

// Once per page: the worker taking over, and the moments to look for a new version.
function listen() {
  if (listening) return;
  listening = true;
  controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", tookOver);
  addEventListener("online", checkForUpdate);
  let first = true;
  window.materialAdapter.onPage(() => {
    if (first) first = false;
    else if (Date.now() - lastCheck > UPDATE_CHECK_MS) checkForUpdate();
  });
}

function watch(found) {
  if (watched === found) return;
  listen();
  watched = found;
  // A new version installed while an older one serves this page.
  const waitingNow = () => found.waiting && controlled && offerUpdate(found.waiting);
  waitingNow();
  found.addEventListener("updatefound", () => {
    const installing = found.installing;
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed") waitingNow();
    });
  });
}

// On a first visit the worker takes over a page that may already have started
// Python (the runner warms it up when a block is pointed at), whose files it
// could not store then: ask it to store Python now.
const PYTHON_WORKER = new URL("runner/worker.js", ROOT).href;

function storePythonIfStarted() {
  const started = performance.getEntriesByType("resource").some((entry) => entry.name === PYTHON_WORKER);
  const worker = navigator.serviceWorker.controller;
  if (started && worker) worker.postMessage({ type: "store-python" });
}

/** Register the worker (the reader wants the course offline again); resolves to the registration, or null. */
export async function enable() {
  remember(false);
  if (!supported()) return null;
  try {
    const found = await navigator.serviceWorker.register(SCRIPT, { scope: ROOT });
    lastCheck = Date.now();
    watch(found);
    return found;
  } catch {
    return null; // not allowed here (some private windows): the site works online
  }
}

/** Remove the offline copy: this site's caches and its worker, until enable(). */
export async function disable() {
  remember(true);
  watched = null;
  controlled = false;
  const found = await registration();
  if (found) await found.unregister();
  if ("caches" in window) {
    const names = (await caches.keys()).filter(ownCache);
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}

if (supported() && !turnedOff()) enable();
