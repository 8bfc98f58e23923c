// The page's Python: one Web Worker running Pyodide (worker.js, beside this
// file), and the messages to and from it (docs/architecture.md, "The worker
// protocol"). The lesson blocks (runner.js) and the lab
// (javascripts/visualizer/) both import this module. The browser evaluates a
// module once per document, so they share one worker; Material's instant
// navigation swaps the page's content, not its scripts, so the worker lasts
// the whole visit.
//
// The worker is a guest: a reader's code runs in it. It starts from a data:
// URL (BOOT), so it has an opaque origin of its own and cannot reach the
// site's storage (Cache Storage, IndexedDB, the service worker); this module
// fetches every file it needs (through the service worker, so offline too),
// checks each against the build's sha256 (pyodide/manifest.json), and hands
// it over. What comes back is checked in turn: only the message types and
// fields of the protocol, a result only for a request this page made (ids
// are random), Python's memory snapshot stored only with its own sha256.
//
// It starts in a hidden frame (FramedWorker): a worker from a data: URL
// inherits the policy of the document that makes it, and Pyodide needs
// WebAssembly and blob: scripts, which the pages' policy (postbuild/csp.py)
// does not allow. The frame, runner/python-frame.html, is a document of the
// site with a policy of its own that allows those and nothing else (no
// network at all); it runs no script: this module calls its Worker
// constructor, so the Worker object and its messages are this page's as
// before, and nothing is relayed. One frame for the visit, at the end of
// <body>, which Material's instant navigation keeps (it swaps the elements
// inside); each start makes a new worker in it.
//
// Stop terminates the worker, the only way to interrupt Python: the lesson
// blocks' variables and any file fetched into it go with it, and the next
// call starts a fresh one. So does anything that ends the worker otherwise: a
// start-up that fails or makes no progress for START_STEP_TIMEOUT_MS, a crash,
// Python closing its own worker or exiting. Each is reported (state "failed"
// or "stopped", with a reason a reader understands); none leaves the session
// stranded.

const RUNNER_URL = new URL("./", import.meta.url).href;
const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;

// The worker's first script: it runs the scripts of the first message it
// gets (Pyodide's and worker.js, which replaces this handler with its own).
// As a data: URL, the worker gets an opaque origin; the scripts become blob:
// URLs of that origin. The frame's policy allows both (python-frame.html).
const BOOT = `"use strict";
self.onmessage = (event) => {
  self.onmessage = null;
  const urls = event.data.scripts.map((text) => URL.createObjectURL(new Blob([text], { type: "text/javascript" })));
  importScripts(...urls);
  urls.forEach((url) => URL.revokeObjectURL(url));
};`;
const BOOT_URL = `data:text/javascript,${encodeURIComponent(BOOT)}`;

// The document the worker starts in, and the one frame of it this visit has.
const FRAME_URL = new URL("python-frame.html", import.meta.url).href;
let pythonFrame = null; // Promise of the frame's window, once it has loaded
let frameElement = null; // the <iframe> of pythonFrame

// The frame is given up: the next start loads a fresh one (after a worker ended in it before it said anything).
function dropFrame() {
  if (frameElement) frameElement.remove();
  frameElement = null;
  pythonFrame = null;
}

// The frame's window, loading the frame the first time. A frame that did not
// load the site's document (offline before the site was stored, say: the
// browser's error page is of no origin the page can reach) is removed, so the
// next start tries again.
function frameWindow() {
  if (pythonFrame) return pythonFrame;
  pythonFrame = new Promise((resolve, reject) => {
    const frame = document.createElement("iframe");
    frame.hidden = true; // never shown: no box, no Tab stop, nothing for a screen reader
    frame.title = "Python's worker";
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.addEventListener(
      "load",
      () => {
        let view = null;
        try {
          view = frame.contentWindow.location.href === FRAME_URL ? frame.contentWindow : null;
        } catch {
          /* not the site's document: refused below */
        }
        if (view && typeof view.Worker === "function") {
          resolve(view);
          return;
        }
        if (frameElement === frame) dropFrame();
        reject(new Error(`could not load ${FRAME_URL}, where Python's worker starts`));
      },
      { once: true },
    );
    frame.src = FRAME_URL;
    frameElement = frame;
    document.body.append(frame);
  });
  return pythonFrame;
}

// A Web Worker started in the frame, with the surface of one (postMessage,
// terminate, onmessage, onmessageerror, onerror) as soon as it is made, and
// `opened`, a promise of the moment it exists: nothing may be posted before.
// A terminate() before then means it never starts.
class FramedWorker {
  constructor(url, options) {
    this.worker = null;
    this.ended = false;
    this.heard = false; // whether it has sent a message (start(): a worker that ends before it has is tried again)
    this.onmessage = null;
    this.onmessageerror = null;
    this.onerror = null;
    this.opened = frameWindow().then((view) => {
      if (this.ended) throw new Error("stopped");
      const worker = new view.Worker(url, options); // of the frame: its policy, not this page's
      worker.onmessage = (event) => this.onmessage && this.onmessage(event);
      worker.onmessageerror = (event) => this.onmessageerror && this.onmessageerror(event);
      worker.onerror = (event) => this.onerror && this.onerror(event);
      this.worker = worker;
    });
    this.opened.catch(() => {}); // the start-up awaits it and reports
  }

  postMessage(message, transfer) {
    if (!this.worker) throw new Error("Python's worker has not started yet");
    this.worker.postMessage(message, transfer || []);
  }

  terminate() {
    this.ended = true;
    if (this.worker) this.worker.terminate();
  }
}

// Python's memory snapshot, kept for the next visit in a cache of this copy
// of the site (sites under different paths of one origin share Cache
// Storage). Its name is deliberately not of the service worker's form
// (attention-course-<kind>-<version>-<site root>), whose update deletes every
// such cache it does not use: the snapshot belongs to the runtime, and each
// one is stored with the sha256 of the runtime it was made by and its own;
// one that does not match both is dropped, and the next start makes another.
const SNAPSHOTS = `attention-course-python-snapshot:${new URL("../", import.meta.url).href}`;
const RUNTIME_HEADER = "X-Attention-Course-Runtime";
const DIGEST_HEADER = "X-Attention-Course-Sha256";

// A start-up step (the runtime, numpy, the runner) that makes no progress for
// this long has stalled: long enough for the runtime's download on a slow line
// (its size: runtime_mb in docs/data/runner-figures.json).
const START_STEP_TIMEOUT_MS = 90_000;

// A download (fetchFile) that receives nothing for this long has stalled: it fails, and can be retried.
const DOWNLOAD_STALL_MS = 30_000;

// A download reports its progress at most this often (and once at the end).
const PROGRESS_INTERVAL_MS = 100;

// Start-up failures are about the site or the connection, never the reader's code.
const NOT_YOUR_CODE = "This is not a problem with your code: check the connection and retry.";

const hex = (buffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
const sha256 = async (buffer) => hex(await crypto.subtle.digest("SHA-256", buffer));

// What went wrong, in words (fetch and the Cache API reject with errors or DOM exceptions).
const describe = (error) => (error && error.message) || String(error);

async function download(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`could not fetch ${url}: ${describe(error)}`);
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// The bytes of the build's file `name` (of pyodide/), checked against its sha256 in the manifest.
async function verified(manifest, name) {
  const url = PYODIDE_URL + name;
  const bytes = await download(url);
  const want = manifest.sha256 && manifest.sha256[name];
  const got = await sha256(bytes);
  if (got !== want) {
    throw new Error(`${name} is not this build's file (its sha256 is ${got}, the build's ${want || "unknown"})`);
  }
  return bytes;
}

// The message types the worker may send, and what each must carry: anything
// else is dropped (and said in the console), whatever sent it.
const isId = (value) => typeof value === "string";
const isText = (value) => typeof value === "string";
const isFlag = (value) => typeof value === "boolean";
const isNumber = (value) => typeof value === "number" && Number.isFinite(value);
const optional = (check) => (value) => value === undefined || check(value);
// (By its tag, not instanceof: the worker's messages arrive as objects of the frame's realm, not this page's.)
const isBytes = (value) => ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === "[object Uint8Array]";
const PROTOCOL = {
  progress: { step: (value) => value === 1 || value === 2 },
  snapshot: { bytes: isBytes },
  "snapshot-rejected": { reason: isText },
  died: { reason: isText },
  ready: { id: isId, marks: (value) => typeof value === "object" && value !== null },
  "reset-done": { id: isId },
  stream: { id: isId, text: isText },
  failed: { id: optional(isId), error: isText, startup: optional(isFlag) },
  result: {
    id: isId,
    ok: isFlag,
    output: optional(isText),
    error: optional(isText),
    text: optional(isText),
    ms: optional(isNumber),
    fatal: optional(isFlag),
  },
};

// Whether `message` is one of the protocol's, with exactly its fields.
function wellFormed(message) {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const fields = PROTOCOL[message.type];
  if (!fields) return false;
  for (const key of Object.keys(message)) if (key !== "type" && !(key in fields)) return false;
  return Object.entries(fields).every(([key, check]) => check(message[key]));
}

class PythonSession {
  constructor() {
    this.worker = null;
    this.ready = null; // Promise, resolved when Python can run blocks
    this.nextId = 1;
    this.pending = new Map(); // id -> { resolve, reject, onStream }
    this.downloads = new Set(); // the AbortControllers of fetchFile's downloads under way
    this.listeners = new Set(); // progress/state listeners (the page toolbar, the lab)
    this.state = "idle"; // idle | loading | ready | failed | stopped
    this.stepTimeoutMs = START_STEP_TIMEOUT_MS;
    this.stallMs = DOWNLOAD_STALL_MS;
    this.watchdog = 0;
    this.abandonStart = null; // ends the start under way (start(): abandoned)
    this.armed = null; // the start-up step the watchdog waits on, and since when (performance.now())
    this.timings = null; // where the last start-up's time went (worker.js: marks and downloads)
  }

  emit(event) {
    this.listeners.forEach((listener) => listener(event));
  }

  /**
   * Hear of the worker's loading progress ({type: "progress", step, steps,
   * label, bytes}) and of its state ({type: "state", state: loading | ready |
   * failed | stopped, error}). Returns the function that stops listening.
   */
  onState(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // A request to the worker, with an id the worker's code cannot guess; resolves to its answer.
  send(message, onStream, transfer) {
    const id = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onStream });
      this.worker.postMessage({ ...message, id }, transfer || []);
    });
  }

  // `again`: this start replaces one whose worker ended before it said anything (see the failure below).
  start(again = false) {
    if (this.ready) return this.ready;
    const worker = new FramedWorker(BOOT_URL, { name: "attention-course-python" });
    this.worker = worker;
    worker.onmessage = (event) => {
      worker.heard = true;
      this.receive(worker, event.data);
    };
    worker.onmessageerror = () => console.warn("The page's Python sent a message that could not be read; it was dropped.");
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.worker) return; // one this page has ended already (its last script may fail as it goes)
      this.end(`the Python worker crashed (${event.message || "no reason given"})`, !worker.heard);
    };
    this.state = "loading";
    this.emit({ type: "state", state: "loading" });
    // What ends this start from outside its own steps: its watchdog, or its worker's end (a crash, Python
    // exiting, a Stop). load() waits on each of its steps and this at once, so a start never waits on a
    // worker that is gone, or on a step that stalled before the worker had anything to answer.
    let abandon = null;
    const abandoned = new Promise((resolve, reject) => {
      abandon = reject;
    });
    abandoned.catch(() => {});
    this.abandonStart = abandon;
    this.steps = [["the list of Python's files", 0]];
    this.progress(0);
    const ready = this.load(worker, abandoned).then(
      (message) => {
        clearTimeout(this.watchdog);
        this.abandonStart = null;
        this.timings = { marks: { ...this.marks, ...message.marks }, downloads: downloads() };
        this.state = "ready";
        this.emit({ type: "state", state: "ready" });
      },
      (error) => {
        if (this.ready === ready) {
          // (Else a Stop ended this start, and a new one may have its own watchdog already.)
          clearTimeout(this.watchdog);
          this.abandonStart = null;
          // A fresh worker for the next try: this one may be half started.
          if (this.worker === worker) this.worker = null;
          worker.terminate();
          this.ready = null;
        }
        // A worker that ended before it said anything had not started Python, let alone the reader's code: the
        // browser lost it as it began ("no reason given"), as the suite's runs on two busy cores met now and then.
        // Once per start, a fresh worker in a fresh frame takes its place, unseen; a second such end is reported.
        if (error.atBirth && !again && this.ready === null) {
          console.warn(`Python's worker ended as it began (${error.message}); starting another.`);
          dropFrame();
          return this.start(true);
        }
        const stopped = error.message === "stopped";
        const reason = stopped ? error : new Error(`Python could not start: ${error.message}. ${NOT_YOUR_CODE}`);
        if (!stopped) {
          this.state = "failed";
          this.emit({ type: "state", state: "failed", error: reason });
        }
        throw reason;
      },
    );
    this.ready = ready;
    ready.catch(() => {}); // reported through listeners; callers see it when they await
    return ready;
  }

  // Start-up step `index` of this.steps: said to the listeners, and the watchdog given its full time again.
  progress(index) {
    this.step = index;
    const [label, bytes] = this.steps[index];
    this.arm(label);
    this.emit({ type: "progress", step: index + 1, steps: this.steps.length, label, bytes });
  }

  // The start-up: the worker gets its scripts, then each file as soon as it is here and checked.
  async load(worker, abandoned) {
    const until = (step) => Promise.race([step, abandoned]);
    const failed = (error) => {
      if (error.message === "stopped") throw error;
      const wrapped = new Error(`${this.steps[this.step][0]} could not be loaded (${describe(error)})`);
      wrapped.atBirth = Boolean(error.atBirth);
      throw wrapped;
    };
    this.marks = { "page-start": performance.timeOrigin + performance.now() };
    let manifest;
    try {
      manifest = JSON.parse(new TextDecoder().decode(await until(download(PYODIDE_URL + "manifest.json"))));
    } catch (error) {
      failed(error);
    }
    if (this.worker !== worker) throw new Error("stopped"); // a Stop while the manifest came: this start is over
    this.marks.manifest = performance.timeOrigin + performance.now();
    const size = (...names) => names.reduce((sum, name) => sum + (manifest.sizes[name] || 0), 0);
    const { numpy, attention } = manifest.packages;
    this.steps = [
      ["the Python runtime", size("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")],
      ["numpy and the attention package", size(numpy, attention)],
      ["the lesson runner", 0],
    ];
    this.progress(0);
    const files = [
      ["pyodide.asm.wasm", "application/wasm"],
      ["python_stdlib.zip", "application/zip"],
      ["pyodide-lock.json", "application/json"],
      [numpy, "application/zip"],
      [attention, "application/zip"],
    ];
    const cell = { url: RUNNER_URL + "cell.py", type: "text/x-python" };
    try {
      const [scripts, snapshot] = await until(
        Promise.all([
          Promise.all([
            verified(manifest, "pyodide.js"),
            verified(manifest, "pyodide.asm.js"),
            download(RUNNER_URL + "worker.js"),
          ]),
          inTurn(() => storedSnapshot(manifest)),
          worker.opened,
        ]),
      );
      if (this.worker !== worker) throw new Error("stopped");
      const decoder = new TextDecoder();
      worker.postMessage({ scripts: scripts.map((bytes) => decoder.decode(bytes)) });
      const started = this.send(
        {
          type: "start",
          pyodide: PYODIDE_URL,
          python: manifest.python,
          files: [...files.map(([name, type]) => ({ url: PYODIDE_URL + name, type })), cell],
          cell: cell.url,
          snapshot,
          makeSnapshot: "caches" in self, // (only when it does not start from one)
        },
        null,
        snapshot ? [snapshot.buffer] : [],
      );
      this.runtime = manifest.sha256["pyodide.asm.wasm"];
      // Each file as soon as it is here: Python compiles its runtime while the rest arrives.
      const give = (url, bytes) => {
        if (this.worker !== worker) return;
        worker.postMessage({ type: "file", url, bytes }, [bytes]);
        if (this.state === "loading") this.arm(this.steps[this.step][0]); // a sign of progress
      };
      const sent = [
        ...files.map(([name]) => verified(manifest, name).then((bytes) => give(PYODIDE_URL + name, bytes))),
        download(cell.url).then((bytes) => give(cell.url, bytes)),
      ];
      // A file that fails fails the start (the worker would wait for it forever).
      await until(Promise.race([started, Promise.all(sent).then(() => started)]));
      return await until(started);
    } catch (error) {
      failed(error);
    }
  }

  // The start-up's watchdog: every sign of progress gives the next step its full time again.
  arm(label) {
    clearTimeout(this.watchdog);
    this.armed = { label, at: performance.now() };
    const seconds = Math.round(this.stepTimeoutMs / 1000);
    this.watchdog = setTimeout(() => {
      const error = new Error(`nothing arrived for ${seconds} s while loading ${label}`);
      if (this.abandonStart) this.abandonStart(error);
      this.fail(error);
    }, this.stepTimeoutMs);
  }

  receive(worker, message) {
    if (worker !== this.worker) return; // a worker this page has ended
    if (!wellFormed(message)) {
      const type = message && typeof message === "object" ? JSON.stringify(message.type) : typeof message;
      console.warn(`The page's Python sent a message that is not of the protocol (type ${type}); it was dropped.`);
      return;
    }
    switch (message.type) {
      case "progress":
        if (this.state === "loading") this.progress(message.step);
        return;
      case "snapshot":
        inTurn(() => storeSnapshot(message.bytes, this.runtime));
        return;
      case "snapshot-rejected":
        inTurn(() => dropSnapshot(`Python refused it (${message.reason})`));
        return;
      case "died":
        this.end(message.reason);
        return;
    }
    const call = this.pending.get(message.id);
    if (!call) return; // an answer to no request of this page's
    if (message.type === "stream") {
      if (call.onStream) call.onStream(message.text);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === "failed") call.reject(new Error(message.error));
    else call.resolve(message);
    if (message.fatal) this.end("Python exited");
  }

  // The worker is gone (it crashed, or Python ended it): whatever waits for it
  // fails with `reason`, and the next call starts a fresh one.
  // `atBirth`: it ended before it sent any message.
  end(reason, atBirth = false) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const starting = this.state === "loading";
    const error = new Error(reason);
    error.atBirth = atBirth;
    if (starting && this.abandonStart) this.abandonStart(error);
    this.fail(error);
    if (starting) return; // the start's own handler reports it, as a failed start
    this.ready = null;
    this.state = "stopped";
    this.emit({ type: "state", state: "stopped", reason });
  }

  fail(error) {
    this.pending.forEach((call) => call.reject(error));
    this.pending.clear();
    this.downloads.forEach((abort) => {
      abort.ended = error; // what fetchFile rejects with, rather than the abort itself
      abort.abort(error);
    });
    this.downloads.clear();
  }

  // Stop a runaway block, or restart Python to free its memory: the only reliable way is to end the worker.
  stop() {
    clearTimeout(this.watchdog);
    if (this.abandonStart) this.abandonStart(new Error("stopped"));
    this.abandonStart = null;
    if (this.worker) this.worker.terminate();
    this.fail(new Error("stopped"));
    this.worker = null;
    this.ready = null;
    this.state = "idle";
    this.emit({ type: "state", state: "stopped" });
  }

  /** Whether a Python session exists (starting, or ready): what Restart would end. */
  get alive() {
    return this.worker !== null;
  }

  /** A fresh namespace for the lesson blocks of a new page. */
  async reset() {
    if (!this.ready) return; // a new worker starts with a fresh session anyway
    await this.ready;
    await this.send({ type: "reset" });
  }

  /** Run a lesson block in the page's shared namespace; `onStream(text)` hears its output as it comes. */
  async run(code, filename, onStream) {
    await this.start();
    return this.send({ type: "run", code, filename }, onStream);
  }

  // For other components (the lab, the training widget): call the package's
  // entry point `name` (its full Python name, one of worker.js's
  // ENTRY_POINTS) with `args`, an object of plain JSON values. Resolves to
  // the value of the JSON it returns; rejects with the Python traceback (a
  // name not on the list: with the worker's refusal). State the entry points
  // keep (a loaded model, a training run) lasts as long as the worker.
  async call(name, args) {
    await this.start();
    const result = await this.send({ type: "call", name, args });
    if (!result.ok) throw new Error(result.text);
    return JSON.parse(result.text);
  }

  // Python source in a namespace of its own that persists between calls, for
  // the browser tests and readers at the console (no component sends source);
  // resolves to what it printed (plus the repr of a trailing expression),
  // rejects with the Python traceback.
  async exec(code) {
    await this.start();
    const result = await this.send({ type: "exec", code });
    if (!result.ok) throw new Error(result.text);
    return result.text;
  }

  // For other components (the lab's real model): download `url` into the
  // worker's Python file system at the absolute `path`, creating its
  // folders. `onProgress({loaded, total})` is called as bytes arrive (at
  // most every 100 ms, and at the end; `total` is null when the server does
  // not say the length, e.g. for a compressed response). Resolves to
  // {bytes, ms}; rejects with "could not fetch <url>: HTTP <status>" and the
  // like. The page downloads it (the worker has no network) and hands the
  // bytes over. The file lives in the worker: after stop() it is gone, and
  // the caller fetches it again (the browser's caches make that cheap);
  // onState reports "stopped" when that happens.
  async fetchFile(url, path, onProgress) {
    if (typeof path !== "string" || !path.startsWith("/") || path.endsWith("/")) {
      throw new Error(`fetchFile: path must be an absolute file path such as /models/x.bin, got ${JSON.stringify(path)}`);
    }
    await this.start();
    const worker = this.worker;
    const began = performance.now();
    const abort = new AbortController(); // a Stop ends the download with the worker
    this.downloads.add(abort);
    let bytes;
    try {
      bytes = await downloadWithProgress(new URL(url, document.baseURI).href, onProgress || (() => {}), this.stallMs, abort);
    } catch (error) {
      throw abort.ended || error;
    } finally {
      this.downloads.delete(abort);
    }
    if (this.worker !== worker || !worker) throw new Error("stopped");
    const size = bytes.byteLength; // (handed over below: this side's view of the bytes is emptied)
    const result = await this.send({ type: "write-file", path, bytes }, null, [bytes.buffer]);
    if (!result.ok) throw new Error(result.error);
    return { bytes: size, ms: performance.now() - began };
  }
}

// The resources of the last start-up, by file of pyodide/: when each began
// and ended, and the bytes that crossed the network (0 when a cache answered).
function downloads() {
  const files = {};
  for (const entry of performance.getEntriesByType("resource")) {
    if (!entry.name.startsWith(PYODIDE_URL)) continue;
    files[entry.name.slice(PYODIDE_URL.length)] = {
      start: performance.timeOrigin + entry.startTime,
      end: performance.timeOrigin + entry.responseEnd,
      transferred: entry.transferSize,
    };
  }
  return files;
}

// `work` (a promise), or an error saying that the download stalled once `ms` pass without it settling.
function within(ms, work, url, onStall) {
  let timer;
  const stalled = new Promise((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`could not fetch ${url}: the download stalled (nothing arrived for ${Math.round(ms / 1000)} s)`));
      onStall(); // after: the race is already decided, by the reason above
    }, ms);
  });
  return Promise.race([work, stalled]).finally(() => clearTimeout(timer));
}

// The bytes of `url`, streamed so the caller can show progress. `total` is
// the Content-Length when it counts the bytes that arrive, else null (a
// compressed response's length counts compressed bytes).
async function downloadWithProgress(url, onProgress, stallMs, abort) {
  let response;
  try {
    response = await within(stallMs, fetch(url, { signal: abort.signal }), url, () => abort.abort());
  } catch (error) {
    throw new Error(error.message.startsWith("could not fetch") ? error.message : `could not fetch ${url}: ${error.message}`);
  }
  if (!response.ok) {
    throw new Error(`could not fetch ${url}: HTTP ${response.status}${response.statusText ? " " + response.statusText : ""}`);
  }
  const encoding = response.headers.get("Content-Encoding");
  const length = Number(response.headers.get("Content-Length"));
  const total = (!encoding || encoding === "identity") && length > 0 ? length : null;
  // With the length known, the bytes go straight into one buffer (no second
  // copy of a model's file, the largest downloads: their sizes are in the
  // models' manifest.json); otherwise the pieces are joined at the end.
  let bytes = total !== null ? new Uint8Array(total) : null;
  const chunks = [];
  let loaded = 0;
  let reported = -Infinity;
  onProgress({ loaded: 0, total });
  const reader = response.body.getReader();
  try {
    for (;;) {
      let piece;
      try {
        piece = await within(stallMs, reader.read(), url, () => abort.abort());
      } catch (error) {
        throw new Error(error.message.startsWith("could not fetch") ? error.message : `could not fetch ${url}: ${error.message}`);
      }
      const { done, value } = piece;
      if (done) break;
      if (bytes) {
        if (loaded + value.length > total) throw new Error(`could not fetch ${url}: more than the announced ${total} bytes`);
        bytes.set(value, loaded);
      } else {
        chunks.push(value);
      }
      loaded += value.length;
      if (performance.now() - reported >= PROGRESS_INTERVAL_MS) {
        reported = performance.now();
        onProgress({ loaded, total });
      }
    }
  } catch (error) {
    abort.abort();
    throw error;
  }
  if (total !== null && loaded !== total) {
    throw new Error(`could not fetch ${url}: the response ended after ${loaded} of ${total} bytes`);
  }
  if (!bytes) {
    bytes = new Uint8Array(loaded);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
  }
  onProgress({ loaded, total });
  return bytes;
}

// ---------------------------------------------------------------- the memory snapshot

function snapshotKey(manifest) {
  return `${PYODIDE_URL}python-${manifest.version}.snapshot`;
}

let snapshotAddress = null; // the key of this build's snapshot, once the manifest said it

// Reading, dropping and storing the snapshot happen one after another, in the order asked.
let snapshotWork = Promise.resolve();
const inTurn = (work) => (snapshotWork = snapshotWork.then(work, work));

async function snapshotCache() {
  try {
    return "caches" in self ? await caches.open(SNAPSHOTS) : null;
  } catch {
    return null; // no Cache Storage here (storage turned off): start without
  }
}

// The stored snapshot of this build's runtime, when its bytes are those it was stored with; else null (and dropped).
async function storedSnapshot(manifest) {
  snapshotAddress = snapshotKey(manifest);
  const cache = await snapshotCache();
  if (!cache) return null;
  try {
    const response = await cache.match(snapshotAddress);
    if (!response) return null;
    const runtime = response.headers.get(RUNTIME_HEADER);
    if (runtime !== manifest.sha256["pyodide.asm.wasm"]) {
      await dropSnapshot("it was not stored for this build's runtime");
      return null;
    }
    const bytes = await response.arrayBuffer();
    const digest = await sha256(bytes);
    if (digest !== response.headers.get(DIGEST_HEADER)) {
      await dropSnapshot(`its bytes changed since it was stored (sha256 ${digest})`);
      return null;
    }
    return new Uint8Array(bytes);
  } catch {
    return null;
  }
}

async function dropSnapshot(reason) {
  if (!snapshotAddress) return;
  console.warn(`Python's stored memory snapshot was dropped: ${reason}. The next start makes a new one.`);
  const cache = await snapshotCache();
  if (cache) await cache.delete(snapshotAddress).catch(() => {});
}

// Keep the snapshot the worker made, with its sha256 and its runtime's; one at a time (an older Pyodide's goes).
async function storeSnapshot(bytes, runtime) {
  const cache = await snapshotCache();
  if (!cache || !snapshotAddress || !runtime) return;
  try {
    const headers = {
      "Content-Type": "application/octet-stream",
      [RUNTIME_HEADER]: runtime,
      [DIGEST_HEADER]: await sha256(bytes),
    };
    const key = snapshotAddress;
    await cache.put(key, new Response(bytes, { headers }));
    const requests = await cache.keys();
    await Promise.all(requests.filter((request) => request.url !== key).map((request) => cache.delete(request)));
  } catch {
    /* no snapshot this time (the storage is full, say): the next visit starts the usual way */
  }
}

/** The one Python session of the visit. */
export const python = new PythonSession();

// The browser tests and the benchmarks drive the session through a handle,
// window.attentionCourse.python, which a page offers only when asked: an
// init script sets window.attentionCourseTools = true before the page's
// scripts run (site_examples/browser.py, ASK_FOR_TOOLS). A reader at the
// console can import this module instead, as the course's own code does. The handle offers what components need, not
// the lesson blocks' run, reset and stop: its `call(code)` runs Python
// source (the session's exec), `callEntry(name, args)` an entry point as the
// components call them.
if (window.attentionCourseTools === true) offerTools();

function offerTools() {
  window.attentionCourse = Object.assign(window.attentionCourse || {}, {
    python: {
      start: () => python.start(),
      call: (code) => python.exec(code),
      callEntry: (name, args) => python.call(name, args),
      fetchFile: (url, path, onProgress) => python.fetchFile(url, path, onProgress),
      get state() {
        return python.state;
      },
      // How long a start-up step may make no progress (ms): for slow connections, and for tests of a stalled start.
      get startStepTimeoutMs() {
        return python.stepTimeoutMs;
      },
      set startStepTimeoutMs(ms) {
        python.stepTimeoutMs = ms;
      },
      // How long a download may receive nothing before it fails as stalled (ms).
      get downloadStallMs() {
        return python.stallMs;
      },
      set downloadStallMs(ms) {
        python.stallMs = ms;
      },
      onState: (listener) => python.onState(listener),
      // Where the last start-up's time went: {marks: {step: ms since the epoch}, downloads: {file: {start, end, transferred}}}.
      get timings() {
        return python.timings;
      },
      // Where a start-up is now, for a test that failed waiting on it: the state, the step the watchdog waits on
      // and for how long (ms), whether the worker exists yet (its frame loaded), and the requests unanswered.
      get now() {
        const armed = python.state === "loading" ? python.armed : null;
        const worker = python.worker;
        return {
          state: python.state,
          waitingFor: armed && armed.label,
          waitingMs: armed && Math.round(performance.now() - armed.at),
          worker: !worker ? "none" : worker.worker ? "made" : worker.ended ? "ended before it was made" : "waiting for its frame",
          unanswered: python.pending.size,
        };
      },
    },
  });
}
