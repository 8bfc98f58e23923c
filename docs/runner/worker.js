// The Python session of one lesson page, run off the main thread so the page
// never freezes, and apart from the site: python-session.js starts this
// worker from a data: URL, so it runs in an opaque origin of its own, with no
// access to the site's Cache Storage, IndexedDB, cookies or service worker,
// and under the policy of runner/python-frame.html, the hidden frame it is
// started in (a worker made from a data: URL inherits its maker's policy),
// which lets it compile WebAssembly and run blob: scripts and connect
// nowhere at all. Whatever Python a reader runs here can therefore not change what
// the site keeps ("How the code runs" lists what this defends against, and
// what it cannot). The page hands this worker its scripts (Pyodide's and this
// file, run by the few lines of python-session.js's BOOT) and then every
// file Python needs, each checked against the build's sha256 first.
//
// The messages (docs/architecture.md, "The worker protocol"): "start" (with
// the names of the files to come), "file" (one of them, its bytes), "reset",
// "run", "call" (one of the package's entry points, ENTRY_POINTS below, by
// name, with JSON arguments: the page never sends Python source of its own
// making), "write-file" (bytes the page downloaded, into Pyodide's in-memory
// file system) and "exec" (Python source in the components' namespace: only
// the browser tests and readers at the console send it). Files live in this
// worker's memory only: when a Stop terminates it, they are gone, and callers
// fetch them again.
//
// A classic worker, because Pyodide 0.27 is loaded with importScripts, and
// cell.py, which the page sends too, defines what running a block means,
// exactly as in CI.
//
// Python starts from a snapshot of its memory when an earlier start in this
// browser made one (the page keeps it: python-session.js), and "ready" says
// where the start-up's time went (marks).

"use strict";

let python = null; // the Pyodide instance once loaded
let runBlock = null; // Python callable: (source, filename, stream) -> (ok, output, error)
let resetSession = null;
let callEntry = null; // Python callable: (name, JSON text) -> (ok, the JSON text returned or error report)
let execTool = null; // Python callable: (source) -> (ok, printed output or error report)
let starting = null;

const post = (message, transfer) => self.postMessage(message, transfer || []);

// The Python functions a "call" may name, by their full names: each takes its
// arguments as one JSON text and returns one JSON text (attention/lab/entry.py,
// attention/training/entry.py). No other name is called.
const ENTRY_POINTS = new Set([
  "attention.lab.entry.hand_built_view",
  "attention.lab.entry.minilm_view",
  "attention.lab.entry.language_model_view",
  "attention.lab.entry.write_start",
  "attention.lab.entry.write_step",
  "attention.lab.entry.write_look",
  "attention.lab.entry.streaming_start",
  "attention.lab.entry.streaming_step",
  "attention.training.entry.start",
  "attention.training.entry.chunk",
  "attention.exercises.entry.check",
]);

// Where the start-up's time goes: the moment (ms since the epoch, so the page
// can put them on its own clock) each step ended, sent with "ready". The
// runner's benchmark (site_examples/benchmarks/runner_figures.py) reads them;
// nothing else depends on them.
const marks = { worker: performance.timeOrigin };
const mark = (name) => (marks[name] = performance.timeOrigin + performance.now());
mark("runtime-js"); // the page's BOOT ran Pyodide's scripts just before this file

// The runtime's WebAssembly: when its compilation began and ended (Pyodide
// compiles it with WebAssembly.instantiateStreaming as its bytes arrive).
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = function (source, imports) {
  if (!marks["wasm-start"]) mark("wasm-start");
  const result = instantiateStreaming.call(WebAssembly, source, imports);
  if (!marks["wasm-compiled"]) result.then(() => mark("wasm-compiled"), () => {});
  return result;
};

// The files the page sends, by address: Pyodide's loader asks for them with
// fetch(), and this worker has no network of its own (its policy refuses every
// address, and the site would refuse an opaque origin anyway). So
// here fetch() answers with the file the page sent, once it has come; every
// other address, and every address once Python has started (the bytes are let
// go then), is refused with a reason a reader understands.
const expected = new Map(); // address -> { promise, resolve, type }

const NO_NETWORK =
  "Python in this page has no network: it runs apart from the site, in a worker that can reach neither " +
  "other sites nor what the site stores";

function refuse(url) {
  return Promise.reject(new TypeError(`${NO_NETWORK} (it asked for ${url}).`));
}

self.fetch = (input) => {
  const url = typeof input === "object" && input !== null && "url" in input ? input.url : String(input);
  const file = expected.get(url);
  if (!file) return refuse(url);
  return file.promise.then((bytes) => new Response(bytes, { headers: { "Content-Type": file.type } }));
};

function expect(files) {
  for (const { url, type } of files) {
    let resolve;
    const promise = new Promise((done) => (resolve = done));
    expected.set(url, { promise, resolve, type });
  }
}

function arrived(url, bytes) {
  const file = expected.get(url);
  if (!file) throw new Error(`"file" brings ${JSON.stringify(url)}, which "start" did not announce`);
  file.resolve(bytes);
}

async function text(url) {
  const response = await self.fetch(url);
  return response.text();
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

// A start-up step that failed: the message names what failed, never a stack.
class StartError extends Error {}

// When one of its files fails to load, Pyodide's loader rejects a promise of
// its own besides the one loadPyodide returns; start() reports the failure,
// so that duplicate is not left to surface as an uncaught error.
let loading = false;
self.addEventListener("unhandledrejection", (event) => {
  if (loading) event.preventDefault();
});

// Start Python from the files "start" announces, as "file" messages bring
// them. The page names the steps; this worker says when it moves to the next
// (a "progress" with the step's number: 1, numpy and the attention package;
// 2, the lesson runner).
async function start(message) {
  try {
    expect(message.files);
    loading = true;
    try {
      python = await startPython(message);
    } finally {
      setTimeout(() => (loading = false), 1000); // the loader's own rejection may come a moment later
    }
    mark("python");

    post({ type: "progress", step: 1 });
    const problems = [];
    await python.loadPackage("attention", { messageCallback: () => {}, errorCallback: (text) => problems.push(text) });
    if (problems.length) throw new Error(problems.join("; "));
    mark("packages");

    post({ type: "progress", step: 2 });
    python.FS.writeFile(`/lib/python${message.python}/site-packages/lesson_cell.py`, await text(message.cell));
    startSession();
    mark("session");
  } catch (error) {
    throw new StartError(describe(error));
  } finally {
    expected.clear(); // the bytes are Python's now (or no use): let them go
  }
}

// Python's memory just after it started: the page keeps it in the browser's
// Cache Storage for the next visit, and sends it with "start" (checked), so
// that Python skips its own initialisation. Taken before any package is
// loaded (Pyodide 0.27's snapshots keep the memory, not the libraries compiled
// into it, such as numpy's), but after importing the standard library's
// modules that installing the wheels and importing numpy would import next
// (SNAPSHOT_IMPORTS), so that a return visit finds them in memory instead of
// reading and running them again (about 0.3 s of it; "How the code runs" has
// the figures).

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
// (_snapshot_modules in its globals, which the test above reads). The names
// reach Python as one JSON text in a global, never spliced into its source.
function importForSnapshot(started) {
  started.globals.set("_snapshot_imports", JSON.stringify(SNAPSHOT_IMPORTS));
  started.runPython(`
import importlib as _importlib
import json as _json
import sys as _sys

for _name in _json.loads(_snapshot_imports):
    try:
        _importlib.import_module(_name)
    except ImportError:
        pass
_snapshot_modules = frozenset(_sys.modules)
del _importlib, _json, _sys, _name, _snapshot_imports
`);
}

async function startPython(message) {
  const options = { indexURL: message.pyodide };
  if (message.snapshot) {
    try {
      marks["snapshot-bytes"] = message.snapshot.byteLength;
      return await self.loadPyodide({ ...options, _loadSnapshot: message.snapshot });
    } catch (error) {
      // Not a snapshot of this runtime (damaged, or from another build): start the usual way; the page drops it.
      delete marks["snapshot-bytes"];
      marks["snapshot-rejected"] = describe(error);
      post({ type: "snapshot-rejected", reason: marks["snapshot-rejected"] });
    }
  }
  // Where the page has no Cache Storage to keep a snapshot in, Python starts exactly as without them.
  const started = await self.loadPyodide({ ...options, _makeSnapshot: Boolean(message.makeSnapshot) });
  mark("python-initialised");
  importForSnapshot(started); // with or without a snapshot to make, so that every start imports alike
  if (message.makeSnapshot) {
    try {
      mark("snapshot-imports");
      const bytes = started.makeMemorySnapshot();
      mark("snapshot-made");
      marks["snapshot-bytes"] = bytes.length;
      post({ type: "snapshot", bytes }, [bytes.buffer]);
    } catch {
      /* no snapshot this time: the next visit starts the usual way */
    }
  }
  return started;
}

// The page's namespace, the lesson runner and the components' namespace, in Python.
function startSession() {
  // In a dictionary of its own, not Python's __main__: a lesson block that
  // imports __main__ finds none of these names.
  const scope = python.globals.get("dict")();
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
`, { globals: scope });
  scope.destroy();
  runBlock = session.get(0);
  resetSession = session.get(1);
  callEntry = session.get(2);
  execTool = session.get(3);
  session.destroy();
}

async function handle(message) {
  switch (message.type) {
    case "start":
      starting = starting || start(message);
      await starting;
      post({ type: "ready", id: message.id, marks });
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
    case "file":
      arrived(message.url, message.bytes);
      break;
    case "write-file": {
      await starting;
      const { path, bytes } = message;
      try {
        const folder = path.slice(0, path.lastIndexOf("/"));
        if (folder) python.FS.mkdirTree(folder);
        // canOwn: the file system keeps this buffer instead of copying it again.
        python.FS.writeFile(path, new Uint8Array(bytes), { canOwn: true });
        post({ type: "result", id: message.id, ok: true });
      } catch (error) {
        const reason = error.errno !== undefined ? `errno ${error.errno}` : String(error.message || error);
        post({ type: "result", id: message.id, ok: false, error: `could not write ${path} in Python's file system (${reason})` });
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
