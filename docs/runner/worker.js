// The Python session of one lesson page, run off the main thread so the page
// never freezes. python-session.js owns it (the messages: docs/architecture.md,
// "The worker protocol"): for the lesson blocks of runner.js it sends
// "start", "reset" and "run", and it terminates the whole worker to stop a
// runaway block.
//
// Components also ask it for "call" (one of the package's entry points,
// ENTRY_POINTS below, by name, with JSON arguments: the page never sends
// Python source of its own making) and "fetch-file" (download a file into
// Pyodide's in-memory file system, with progress). Files live in this
// worker's memory only: when a Stop terminates it, they are gone, and callers
// fetch them again. "exec" runs Python source in the components' namespace:
// only the browser tests and readers at the console send it.
//
// A classic worker, because Pyodide 0.27 is loaded with importScripts. Every
// file comes from this site: ../pyodide/ holds the self-hosted Pyodide, numpy
// and the attention wheel (overrides/hooks/pyodide.py), and cell.py beside
// this file defines what running a block means, exactly as in CI.
//
// Python starts from a snapshot of its memory when an earlier start in this
// browser stored one (startPython, below), and "ready" says where the
// start-up's time went (marks, downloads).

"use strict";

const PYODIDE_URL = new URL("../pyodide/", self.location.href).href;
const CELL_URL = new URL("cell.py", self.location.href).href;

let python = null; // the Pyodide instance once loaded
let runBlock = null; // Python callable: (source, filename, stream) -> (ok, output, error)
let resetSession = null;
let callEntry = null; // Python callable: (name, JSON text) -> (ok, the JSON text returned or error report)
let execTool = null; // Python callable: (source) -> (ok, printed output or error report)
let starting = null;

const post = (message) => self.postMessage(message);

// The Python functions a "call" may name, by their full names: each takes its
// arguments as one JSON text and returns one JSON text (attention/lab/entry.py,
// attention/training/entry.py). No other name is called.
const ENTRY_POINTS = new Set([
  "attention.lab.entry.hand_built_view",
  "attention.lab.entry.minilm_view",
  "attention.lab.entry.language_model_view",
  "attention.training.entry.start",
  "attention.training.entry.chunk",
]);

// Where the start-up's time goes: the moment (ms since the epoch, so the page
// can put them on its own clock) each step ended, sent with "ready". The
// runner's benchmark (site_examples/benchmarks/runner_figures.py) reads them;
// nothing else depends on them.
const marks = { worker: performance.timeOrigin };
const mark = (name) => (marks[name] = performance.timeOrigin + performance.now());

// The runtime's WebAssembly: when its compilation began and ended (Pyodide
// compiles it while it downloads, with WebAssembly.instantiateStreaming).
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = function (source, imports) {
  if (!marks["wasm-start"]) mark("wasm-start");
  const result = instantiateStreaming.call(WebAssembly, source, imports);
  if (!marks["wasm-compiled"]) result.then(() => mark("wasm-compiled"), () => {});
  return result;
};

// The runtime's JavaScript (pyodide.asm.js): when Pyodide's loader had it.
const importScriptsOriginal = self.importScripts.bind(self);
self.importScripts = (...urls) => {
  importScriptsOriginal(...urls);
  if (urls.some((url) => String(url).endsWith("pyodide.asm.js"))) mark("runtime-js");
};

// The start-up's downloads, by file: when each began and ended, and the bytes
// that crossed the network (0 when the browser's cache answered).
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

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

// A download reports its progress at most this often (and once at the end).
const PROGRESS_INTERVAL_MS = 100;

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

// Download `url` into Pyodide's file system at `path` (an absolute path; its
// folders are created), streaming so the page can show progress. `total` is
// the Content-Length when it counts the bytes that arrive, else null (a
// compressed response's length counts compressed bytes).
async function fetchFile(url, path, onProgress, stallMs) {
  if (typeof path !== "string" || !path.startsWith("/") || path.endsWith("/")) {
    throw new Error(`fetchFile: path must be an absolute file path such as /models/x.bin, got ${JSON.stringify(path)}`);
  }
  const began = performance.now();
  const abort = new AbortController();
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
  onProgress(0, total);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await within(stallMs, reader.read(), url, () => abort.abort());
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
      onProgress(loaded, total);
    }
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
    chunks.length = 0;
  }
  onProgress(loaded, total);
  try {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (folder) python.FS.mkdirTree(folder);
    // canOwn: the file system keeps this buffer instead of copying it again.
    python.FS.writeFile(path, bytes, { canOwn: true });
  } catch (error) {
    const reason = error.errno !== undefined ? `errno ${error.errno}` : String(error.message || error);
    throw new Error(`could not write ${path} in Python's file system (${reason})`);
  }
  bytes = null;
  return { bytes: loaded, ms: performance.now() - began };
}

// What went wrong, in words: errors from importScripts, Pyodide and fetch come
// as Error objects, DOM exceptions, events or plain objects.
function describe(error) {
  if (error && typeof error.message === "string" && error.message) return error.message;
  if (error && error.type) return `${error.type} event`;
  if (error && typeof error === "object") {
    try {
      return JSON.stringify(error);
    } catch {
      /* fall through */
    }
  }
  return String(error);
}

// A start-up step that failed: the message names the step, never a stack.
class StartError extends Error {}

// When one of its files fails to load, Pyodide's loader rejects a promise of
// its own besides the one loadPyodide returns; start() reports the failure,
// so that duplicate is not left to surface as an uncaught error.
let loading = false;
self.addEventListener("unhandledrejection", (event) => {
  if (loading) event.preventDefault();
});

async function start() {
  let steps = [["the list of Python's files", 0]];
  let current = 0;
  const progress = (index) => {
    current = index;
    post({ type: "progress", step: index + 1, steps: steps.length, label: steps[index][0], bytes: steps[index][1] });
  };
  try {
    const manifest = JSON.parse(await fetchText(PYODIDE_URL + "manifest.json"));
    mark("manifest");
    const size = (...names) => names.reduce((sum, name) => sum + (manifest.sizes[name] || 0), 0);
    steps = [
      ["the Python runtime", size("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")],
      ["numpy and the attention package", size(manifest.packages.numpy, manifest.packages.attention)],
      ["the lesson runner", 0],
    ];

    progress(0);
    importScripts(PYODIDE_URL + "pyodide.js");
    loading = true;
    try {
      python = await startPython(manifest);
    } finally {
      setTimeout(() => (loading = false), 1000); // the loader's own rejection may come a moment later
    }
    mark("python");

    progress(1);
    const problems = [];
    await python.loadPackage("attention", { messageCallback: () => {}, errorCallback: (text) => problems.push(text) });
    if (problems.length) throw new Error(problems.join("; "));
    mark("packages");

    progress(2);
    python.FS.writeFile(`/lib/python${manifest.python}/site-packages/lesson_cell.py`, await fetchText(CELL_URL));
    startSession();
    mark("session");
  } catch (error) {
    throw new StartError(`${steps[current][0]} could not be loaded (${describe(error)})`);
  }
}

// Python's memory just after it started, kept in the browser's Cache Storage
// for the next visit: starting from it skips Python's own initialisation.
// Taken before any package is loaded (Pyodide 0.27's snapshots keep the
// memory, not the libraries compiled into it, such as numpy's), but after
// importing the standard library's modules that installing the wheels and
// importing numpy would import next (SNAPSHOT_IMPORTS), so that a return visit
// finds them in memory instead of reading and running them again (about
// 0.3 s of it; "How the code runs" has the figures). Keyed by Pyodide's
// version; a snapshot that does not fit the runtime is dropped.
// One cache per copy of the site (sites under different paths of one origin
// share Cache Storage). Its name is deliberately not of the service worker's
// form (attention-course-<kind>-<version>-<site root>), whose update deletes
// every such cache it does not use: the snapshot belongs to the runtime, and
// the key's version replaces it when the runtime changes.
const SNAPSHOTS = `attention-course-python-snapshot:${new URL("../", self.location.href).href}`;

// Pure-Python modules of the standard library (or ones built into Pyodide's
// core), none with a library of its own to load: what Pyodide's package
// loader imports to unpack a wheel (tarfile, email and importlib.metadata for
// its metadata, csv for its RECORD), what numpy imports at its own import
// (pickle, ctypes, datetime, numbers, platform), and what numpy.random
// imports when a block first uses it (secrets, hashlib). A module another
// Pyodide lacks is skipped. tests/browser/test_runner_startup.py fails,
// naming them, when a lesson's start and blocks import standard-library
// modules that are not here.
const SNAPSHOT_IMPORTS = [
  "__future__", "base64", "calendar", "csv", "ctypes", "datetime", "email.message", "email.utils",
  "encodings.cp437", "hashlib", "hmac", "importlib.metadata", "numbers", "pickle", "platform", "quopri",
  "secrets", "tarfile",
];

// Imports SNAPSHOT_IMPORTS, and records which modules Python then holds
// (_snapshot_modules in its globals, which the test above reads).
function importForSnapshot(started) {
  started.runPython(`
import importlib as _importlib
import sys as _sys

for _name in ${JSON.stringify(SNAPSHOT_IMPORTS.join(" "))}.split():
    try:
        _importlib.import_module(_name)
    except ImportError:
        pass
_snapshot_modules = frozenset(_sys.modules)
del _importlib, _sys, _name
`);
}

async function snapshotCache() {
  try {
    return self.caches ? await self.caches.open(SNAPSHOTS) : null;
  } catch {
    return null; // no Cache Storage here (an opaque origin, storage turned off): start without
  }
}

async function startPython(manifest) {
  const key = `${PYODIDE_URL}python-${manifest.version}.snapshot`;
  const cache = await snapshotCache();
  let saved = null;
  try {
    const response = cache && (await cache.match(key));
    if (response) saved = new Uint8Array(await response.arrayBuffer());
  } catch {
    saved = null;
  }
  mark("snapshot-read");
  if (saved) {
    try {
      marks["snapshot-bytes"] = saved.length;
      return await self.loadPyodide({ indexURL: PYODIDE_URL, _loadSnapshot: saved });
    } catch (error) {
      // Not a snapshot of this runtime (damaged, or from another build): start the usual way, and replace it.
      delete marks["snapshot-bytes"];
      marks["snapshot-rejected"] = describe(error);
      await cache.delete(key).catch(() => {});
    }
  }
  // Where there is no Cache Storage to keep a snapshot in, Python starts exactly as without them.
  const started = await self.loadPyodide({ indexURL: PYODIDE_URL, _makeSnapshot: Boolean(cache) });
  mark("python-initialised");
  importForSnapshot(started); // with or without a snapshot to make, so that every start imports alike
  if (cache) {
    try {
      mark("snapshot-imports");
      const bytes = started.makeMemorySnapshot();
      mark("snapshot-made");
      marks["snapshot-bytes"] = bytes.length;
      const keep = new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } });
      // One snapshot at a time: an older Pyodide's goes when this one is stored.
      cache
        .put(key, keep)
        .then(() => cache.keys())
        .then((requests) => Promise.all(requests.filter((request) => request.url !== key).map((request) => cache.delete(request))))
        .catch(() => {});
    } catch {
      /* no snapshot this time: the next visit starts the usual way */
    }
  }
  return started;
}

// The page's namespace, the lesson runner and the components' namespace, in Python.
function startSession() {
  const session = python.runPython(`
import numpy as _np
import lesson_cell as _cell

_print_defaults = _np.get_printoptions()
_namespace = {}

# The page gives Python no keyboard: say so, instead of Pyodide's "I/O error".
import builtins as _builtins
import io as _io
import sys as _sys

_NO_INPUT = (
    "input() is not supported in the page: Python here has no keyboard to read from. "
    "Put the value in the code instead, for example name = 'Ada'."
)

def _input(prompt=""):
    raise EOFError(_NO_INPUT)

class _NoStdin(_io.TextIOBase):
    def readable(self):
        return True

    def read(self, size=-1):
        raise EOFError(_NO_INPUT)

    readline = read

_builtins.input = _input
_sys.stdin = _NoStdin()

def _reset():
    # A fresh page: a new namespace, and numpy's process-wide print options
    # back at their defaults (CI's conftest.py does the same for every page).
    global _namespace
    _namespace = {"__name__": "__main__"}
    _np.set_printoptions(**_print_defaults)

def _run(source, filename, stream):
    return _cell.run_block(source, _namespace, filename, stream)

# Components such as the visualizer call the package's entry points, whose
# state (a loaded model, a training run) lives in their modules, untouched by
# the page's session and by page resets. The worker passes only names of its
# list; the arguments arrive as JSON text, never as source.
import importlib as _importlib

def _call(name, args_json):
    try:
        module, _, function = name.rpartition(".")
        text = getattr(_importlib.import_module(module), function)(args_json)
        if not isinstance(text, str):
            raise TypeError(f"{name} returned {type(text).__name__}, not JSON text")
        return True, text
    except BaseException as error:
        return False, _cell.format_error(error, "<entry>")

# Source from the browser tests or the console, in a namespace of its own.
_tools = {"__name__": "attention_course_tools"}

def _exec(source):
    try:
        return True, str(_cell.run_cell(source, _tools, "<tool>"))
    except BaseException as error:
        return False, _cell.format_error(error, "<tool>")

_reset()
(_run, _reset, _call, _exec)
`);
  runBlock = session.get(0);
  resetSession = session.get(1);
  callEntry = session.get(2);
  execTool = session.get(3);
  session.destroy();
}

async function handle(message) {
  switch (message.type) {
    case "start":
      starting = starting || start();
      await starting;
      post({ type: "ready", id: message.id, timings: { marks, downloads: downloads() } });
      break;
    case "reset":
      await starting;
      resetSession();
      post({ type: "reset-done", id: message.id });
      break;
    case "run": {
      await starting;
      const began = performance.now();
      const live = new LiveStream(message.id);
      let result;
      try {
        result = runBlock(message.code, message.filename, (text) => live.write(text));
      } catch (error) {
        live.flush();
        exited(message.id, error, performance.now() - began);
        break;
      }
      live.flush();
      const [ok, output, error] = result.toJs();
      result.destroy();
      post({ type: "result", id: message.id, ok, output, error, ms: performance.now() - began });
      break;
    }
    case "call": {
      if (!ENTRY_POINTS.has(message.name)) {
        throw new Error(`"call" names no entry point of the page: ${JSON.stringify(message.name)} is not one of ${[...ENTRY_POINTS].join(", ")}`);
      }
      await starting;
      // The arguments cross into Python as one JSON string, never spliced into source.
      const result = callEntry(message.name, JSON.stringify(message.args));
      const [ok, text] = result.toJs();
      result.destroy();
      post({ type: "result", id: message.id, ok, text });
      break;
    }
    case "exec": {
      await starting;
      const result = execTool(message.code);
      const [ok, text] = result.toJs();
      result.destroy();
      post({ type: "result", id: message.id, ok, text });
      break;
    }
    case "fetch-file": {
      await starting;
      const progress = (loaded, total) => post({ type: "fetch-progress", id: message.id, loaded, total });
      try {
        const { bytes, ms } = await fetchFile(message.url, message.path, progress, message.stallMs);
        post({ type: "result", id: message.id, ok: true, bytes, ms });
      } catch (error) {
        post({ type: "result", id: message.id, ok: false, error: String(error.message || error) });
      }
      break;
    }
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

// A block's output goes to the page in batches, at most every STREAM_INTERVAL_MS
// (a loop of print()s would otherwise post one message per line), and a batch
// keeps only its last STREAM_BATCH characters: the page shows the end of the
// output live and the kept output (cell.py) when the block ends.
const STREAM_INTERVAL_MS = 50;
const STREAM_BATCH = 200_000;

class LiveStream {
  constructor(id) {
    this.id = id;
    this.pieces = [];
    this.length = 0;
    this.sent = performance.now();
  }

  write(text) {
    this.pieces.push(text);
    this.length += text.length;
    if (this.length > 2 * STREAM_BATCH) this.trim();
    if (performance.now() - this.sent >= STREAM_INTERVAL_MS) this.flush();
  }

  trim() {
    const text = this.pieces.join("");
    this.pieces = ["…\n" + text.slice(-STREAM_BATCH)];
    this.length = this.pieces[0].length;
  }

  flush() {
    if (this.length > STREAM_BATCH) this.trim();
    if (this.pieces.length) post({ type: "stream", id: this.id, text: this.pieces.join("") });
    this.pieces = [];
    this.length = 0;
    this.sent = performance.now();
  }
}

// The block ended Python itself (os._exit, or a fatal error inside Pyodide):
// report it as the block's error, in Python's words, and end this worker; the
// page starts a fresh one for the next run.
function exited(id, error, ms) {
  const status = error && error.name === "Exit" ? error.status : null;
  const what = status !== null ? `Python exited (os._exit(${status}))` : `Python stopped working (${describe(error)})`;
  post({
    type: "result",
    id,
    ok: false,
    output: "",
    error: `${what}: this page's Python session has ended. The next run starts a fresh one.\n`,
    ms,
    fatal: true,
  });
  closeWorker();
}

// Python can close this worker itself (import js; js.close()): tell the page
// first, so that it does not wait for an answer that will never come.
const closeWorker = self.close.bind(self);
self.close = () => {
  post({ type: "died", reason: "Python closed its own worker (js.close())" });
  closeWorker();
};

self.onmessage = (event) => {
  handle(event.data).catch((error) => {
    post({ type: "failed", id: event.data.id, error: describe(error), startup: error instanceof StartError });
  });
};
