// The page's Python: one Web Worker running Pyodide (worker.js, beside this
// file), and the messages to and from it (docs/architecture.md, "The worker
// protocol"). The lesson blocks (runner.js) and the lab
// (javascripts/visualizer/) both import this module. The browser evaluates a
// module once per document, so they share one worker; Material's instant
// navigation swaps the page's content, not its scripts, so the worker lasts
// the whole visit.
//
// Stop terminates the worker, the only way to interrupt Python: the lesson
// blocks' variables and any file fetched into it go with it, and the next
// call starts a fresh one. So does anything that ends the worker otherwise: a
// start-up that fails or makes no progress for START_STEP_TIMEOUT_MS, a crash,
// Python closing its own worker or exiting. Each is reported (state "failed"
// or "stopped", with a reason a reader understands); none leaves the session
// stranded.

const WORKER_URL = new URL("worker.js", import.meta.url).href;

// A start-up step (the runtime, numpy, the runner) that makes no progress for
// this long has stalled: long enough for the runtime's download on a slow line
// (its size: runtime_mb in docs/data/runner-figures.json).
const START_STEP_TIMEOUT_MS = 90_000;

// A download (fetchFile) that receives nothing for this long has stalled: it fails, and can be retried.
const DOWNLOAD_STALL_MS = 30_000;

// Start-up failures are about the site or the connection, never the reader's code.
const NOT_YOUR_CODE = "This is not a problem with your code: check the connection and retry.";

class PythonSession {
  constructor() {
    this.worker = null;
    this.ready = null; // Promise, resolved when Python can run blocks
    this.nextId = 1;
    this.pending = new Map(); // id -> { resolve, reject, onStream, onProgress }
    this.listeners = new Set(); // progress/state listeners (the page toolbar, the lab)
    this.state = "idle"; // idle | loading | ready | failed | stopped
    this.stepTimeoutMs = START_STEP_TIMEOUT_MS;
    this.stallMs = DOWNLOAD_STALL_MS;
    this.watchdog = 0;
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

  send(message, onStream, onProgress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onStream, onProgress });
      this.worker.postMessage({ ...message, id });
    });
  }

  start() {
    if (this.ready) return this.ready;
    const worker = new Worker(WORKER_URL);
    this.worker = worker;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.end(`the Python worker crashed (${event.message || "no reason given"})`);
    };
    this.state = "loading";
    this.emit({ type: "state", state: "loading" });
    this.arm("starting");
    const ready = this.send({ type: "start" }).then(
      (message) => {
        clearTimeout(this.watchdog);
        this.timings = message.timings || null;
        this.state = "ready";
        this.emit({ type: "state", state: "ready" });
      },
      (error) => {
        clearTimeout(this.watchdog);
        if (this.ready === ready) {
          // A fresh worker for the next try: this one may be half started.
          worker.terminate();
          if (this.worker === worker) this.worker = null;
          this.ready = null;
        }
        const reason = error.message === "stopped" ? error : new Error(`Python could not start: ${error.message}. ${NOT_YOUR_CODE}`);
        if (error.message !== "stopped") {
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

  // The start-up's watchdog: every sign of progress gives the next step its full time again.
  arm(label) {
    clearTimeout(this.watchdog);
    const seconds = Math.round(this.stepTimeoutMs / 1000);
    this.watchdog = setTimeout(() => {
      this.fail(new Error(`nothing arrived for ${seconds} s while loading ${label}`));
    }, this.stepTimeoutMs);
  }

  receive(message) {
    if (message.type === "progress") {
      if (this.state === "loading") this.arm(message.label);
      this.emit(message);
      return;
    }
    if (message.type === "died") {
      this.end(message.reason);
      return;
    }
    const call = this.pending.get(message.id);
    if (!call) return;
    if (message.type === "stream") {
      if (call.onStream) call.onStream(message.text);
      return;
    }
    if (message.type === "fetch-progress") {
      if (call.onProgress) call.onProgress({ loaded: message.loaded, total: message.total });
      return;
    }
    this.pending.delete(message.id);
    if (message.type === "failed") call.reject(new Error(message.error));
    else call.resolve(message);
    if (message.fatal) this.end("Python exited");
  }

  // The worker is gone (it crashed, or Python ended it): whatever waits for it
  // fails with `reason`, and the next call starts a fresh one.
  end(reason) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const starting = this.state === "loading";
    this.fail(new Error(reason));
    if (starting) return; // the start's own handler reports it, as a failed start
    this.ready = null;
    this.state = "stopped";
    this.emit({ type: "state", state: "stopped", reason });
  }

  fail(error) {
    this.pending.forEach((call) => call.reject(error));
    this.pending.clear();
  }

  // Stop a runaway block, or restart Python to free its memory: the only reliable way is to end the worker.
  stop() {
    clearTimeout(this.watchdog);
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
  // like. The file lives in the worker: after stop() it is gone, and the
  // caller fetches it again (the browser's HTTP cache makes that cheap);
  // onState reports "stopped" when that happens.
  async fetchFile(url, path, onProgress) {
    await this.start();
    const absolute = new URL(url, document.baseURI).href; // the worker resolves URLs against its own address
    const result = await this.send({ type: "fetch-file", url: absolute, path, stallMs: this.stallMs }, null, onProgress);
    if (!result.ok) throw new Error(result.error);
    return { bytes: result.bytes, ms: result.ms };
  }
}

/** The one Python session of the visit. */
export const python = new PythonSession();

// The browser tests, and readers at the console, reach the session through
// this global; the course's own code imports `python` instead. It offers
// what components need, not the lesson blocks' run, reset and stop. Its
// `call(code)` runs Python source (the session's exec: what a test or a
// reader at the console types), `callEntry(name, args)` an entry point as
// the components call them.
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
  },
});
