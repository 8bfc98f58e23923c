// Where the lab's real-model views come from: all-MiniLM-L6-v2, a trained
// 6-layer BERT encoder, run by the course's attention package.
//
// - Preset sentences: computed when the site was built, with the full-precision
//   weights (overrides/hooks/model_views.py): data/minilm/index.json lists
//   them, data/minilm/<id>.json holds one view each. Nothing is fetched until
//   the reader switches to the real model; each file only when it is chosen.
// - Any other sentence: the model runs in the reader's browser. Only after the
//   reader asks (the lab's button), the site's float16 copy of the weights
//   (postbuild/model_files.py, its sizes in manifest.json) is written
//   into Python's file system with python.fetchFile (python-session.js),
//   and the entry point attention.lab.entry.minilm_view, called with the
//   sentence and the folder as JSON, computes the view. The files
//   live in the Python worker: when a lesson block's Stop restarts it, they
//   are fetched again before the next sentence (from the browser's cache).
//
// One source serves every lab of the visit (sharedSource): the worker and the
// files in it outlive Material's instant navigation, and so does what was
// fetched.
//
// The class is not MiniLM's alone: a `spec` names a model's index, files,
// folder in Python, the entry point that computes a view and its arguments
// for a text, and how a file of views becomes a view (`decode`); the
// language model (smollm2.js) makes its own source from it with its own spec.
//
// The data contract: docs/architecture.md, "The visualizer's data contract".
// No DOM here.

import { python } from "../../runner/python-session.js";
import { fetchJson, pythonError } from "./data.js";

export const MODEL_NAME = "all-MiniLM-L6-v2";
const INDEX_URL = new URL("../../data/minilm/index.json", import.meta.url).href;
const MODEL_URL = new URL(`../../models/${MODEL_NAME}/`, import.meta.url).href;
/** The notebook that looks at the real model's vectors and heads in depth. */
export const NOTEBOOK_URL = new URL("../../examples/attention-in-a-real-model/", import.meta.url).href;
/** Where the weights go in the browser's Python. */
export const FOLDER = `/models/${MODEL_NAME}`;
/** What the package needs to load the model; manifest.json gives each one's size. */
const FILES = ["config.json", "vocab.txt", "model.safetensors"];
// A few words, run once after the download so that reading the weights into
// numpy is not counted as the first sentence's time.
const WARM_UP = "Attention.";

/** The arguments of the entry point attention.lab.entry.minilm_view for `sentence`. */
function liveArgs(sentence) {
  return { sentence, folder: FOLDER };
}

// A Stop in a lesson block ends the worker under a running call ("stopped"),
// or before it ("MissingWeightsError": the files are gone): fetch and try again.
function filesLost(error) {
  return pythonError(error) === "stopped" || String((error && error.message) || error).includes("MissingWeightsError");
}

/** What a load the reader cancelled rejects with. */
export const CANCELLED = "cancelled";

/** Whether `error` is the reader's Cancel, not a failure. */
export function isCancelled(error) {
  return Boolean(error) && error.message === CANCELLED;
}

/** What MiniLMSource needs to know of a model: all-MiniLM-L6-v2's. */
export const MINILM_SPEC = Object.freeze({
  indexUrl: INDEX_URL,
  indexWhat: "the real model's list of sentences",
  modelUrl: MODEL_URL,
  files: FILES,
  folder: FOLDER,
  entry: "attention.lab.entry.minilm_view",
  liveArgs,
  warmUp: WARM_UP,
  decode: (data) => data,
});

export class MiniLMSource {
  constructor(spec = MINILM_SPEC) {
    this.spec = spec;
    this.index = null;
    this.indexLoading = null;
    this.views = new Map(); // sentence -> view (presets and live)
    this.loads = new Map(); // preset id -> Promise of its view
    this.liveMs = new Map(); // sentence -> ms its live computation took
    this.manifestLoading = null;
    this.manifestData = null;
    this.manifestError = null;
    // The weights in the browser: none (never asked for) | loading | ready | failed.
    this.status = "none";
    this.wanted = false; // the reader asked for the model (the button)
    this.inPython = false; // the files are in the current Python worker
    this.loading = null; // Promise while downloading
    this.progress = null; // { phase: "python" | "download" | "prepare", loaded, total }
    this.timing = null; // { loadMs, downloadMs, bytes } of the last load
    this.error = null;
    this.cancelling = false; // the reader pressed Cancel while the weights loaded
    this.fetches = new Set(); // AbortControllers of the JSON files being fetched
  }

  /** A JSON file of the model's, its fetch abortable with abortFetches(). */
  async fetchJson(url, what) {
    const abortion = new AbortController();
    this.fetches.add(abortion);
    try {
      return await fetchJson(url, what, abortion.signal);
    } finally {
      this.fetches.delete(abortion);
    }
  }

  /**
   * Stop every JSON file still being fetched (the lab on screen is going
   * away); each is fetched again when a lab next needs it. The weights'
   * download, which the reader asked for, goes on in the Python worker.
   */
  abortFetches() {
    for (const abortion of [...this.fetches]) abortion.abort();
  }

  // ── Presets ─────────────────────────────────────────────────────────────

  loadIndex() {
    this.indexLoading =
      this.indexLoading ||
      this.fetchJson(this.spec.indexUrl, this.spec.indexWhat).then(
        (index) => (this.index = index),
        (error) => {
          this.indexLoading = null; // a later attempt may succeed
          throw error;
        },
      );
    return this.indexLoading;
  }

  get presets() {
    return this.index ? this.index.presets : [];
  }

  get info() {
    return this.index ? this.index.model : null;
  }

  presetFor(sentence) {
    return this.presets.find((preset) => preset.sentence === sentence) || null;
  }

  /** The view of `sentence` if it is at hand, else null. */
  cached(sentence) {
    return this.views.get(sentence) || null;
  }

  loadPreset(preset) {
    if (!this.loads.has(preset.id)) {
      const url = new URL(preset.file, this.spec.indexUrl).href;
      const what = `the views of “${preset.sentence.replace(/\n/g, " ")}”`;
      const loading = this.fetchJson(url, what).then((data) => this.spec.decode(data, what)).then(
        (view) => {
          this.views.set(preset.sentence, view);
          return view;
        },
        (error) => {
          this.loads.delete(preset.id);
          throw error;
        },
      );
      this.loads.set(preset.id, loading);
    }
    return this.loads.get(preset.id);
  }

  // ── The model in the browser ────────────────────────────────────────────

  /** The download's manifest ({files: {name: {bytes, sha256}}, total_bytes, dtype}); small, fetched in real-model mode only. */
  manifest() {
    if (!this.manifestLoading) {
      this.manifestError = null;
      const loading = this.fetchJson(`${this.spec.modelUrl}manifest.json`, "the model's file list").then(
        (manifest) => (this.manifestData = manifest),
        (error) => {
          if (this.manifestLoading !== loading) throw error;
          if (error.name === "AbortError") this.manifestLoading = null; // fetched again when a lab needs it
          else this.manifestError = error; // said, with Retry (retryManifest)
          throw error;
        },
      );
      this.manifestLoading = loading;
    }
    return this.manifestLoading;
  }

  /** The reader's Retry after the manifest failed: fetch it again. */
  retryManifest() {
    this.manifestLoading = null;
    return this.manifest();
  }

  /** The bytes the button will download, once the manifest is known. */
  get downloadBytes() {
    const files = this.manifestData && this.manifestData.files;
    return files ? this.spec.files.reduce((sum, name) => sum + files[name].bytes, 0) : null;
  }

  /** Whether the button can be offered: once the manifest says what it downloads. */
  get canLoad() {
    return Boolean(this.manifestData);
  }

  /** The Python worker was restarted: whatever was written into it is gone. */
  pythonStopped() {
    this.inPython = false;
  }

  /** Download the weights into the browser's Python (if they are not there) and read them once. */
  ensureModel(onProgress) {
    if (this.inPython) return Promise.resolve();
    this.onProgress = onProgress; // the lab asking last hears the progress (instant navigation makes new labs)
    if (!this.loading) {
      this.wanted = true;
      this.status = "loading";
      this.error = null;
      this.loading = this.load().then(
        () => {
          this.status = "ready";
          this.loading = null;
        },
        (error) => {
          this.loading = null;
          this.progress = null;
          if (this.cancelling) {
            // The reader's Cancel: not a failure, and nothing to retry on its own.
            this.cancelling = false;
            this.wanted = false;
            this.status = this.timing ? "ready" : "none";
            throw new Error(CANCELLED);
          }
          // A restart during the download is not the download's fault: the caller retries.
          if (pythonError(error) === "stopped") this.status = this.timing ? "ready" : "none";
          else {
            this.status = "failed";
            this.error = error;
          }
          throw error;
        },
      );
    }
    return this.loading;
  }

  /**
   * The reader's Cancel while the weights load: the download runs in the
   * Python worker, and the worker's protocol has no way to stop one fetch,
   * so the worker is ended (python.stop(), as a lesson block's Stop does).
   * Whatever waits for the load rejects with CANCELLED; the next request
   * starts a fresh worker.
   */
  cancel() {
    if (!this.loading) return;
    this.cancelling = true;
    python.stop();
  }

  async load() {
    const manifest = await this.manifest();
    const stillWanted = () => {
      if (this.cancelling) throw new Error(CANCELLED);
    };
    stillWanted();
    const began = performance.now();
    const report = (progress) => {
      this.progress = progress;
      if (this.onProgress) this.onProgress(progress);
    };
    report({ phase: "python" });
    await python.start();
    stillWanted();
    const { files, modelUrl, folder } = this.spec;
    const sizes = files.map((name) => manifest.files[name].bytes);
    const total = sizes.reduce((sum, bytes) => sum + bytes, 0);
    let done = 0;
    const downloadBegan = performance.now();
    report({ phase: "download", loaded: 0, total });
    for (const [i, name] of files.entries()) {
      stillWanted();
      await python.fetchFile(`${modelUrl}${name}`, `${folder}/${name}`, ({ loaded }) =>
        report({ phase: "download", loaded: done + Math.min(loaded, sizes[i]), total }),
      );
      done += sizes[i];
    }
    const downloadMs = performance.now() - downloadBegan;
    report({ phase: "prepare", loaded: total, total });
    stillWanted();
    await python.call(this.spec.entry, this.spec.liveArgs(this.spec.warmUp));
    this.inPython = true;
    this.progress = null;
    this.timing = { loadMs: performance.now() - began, downloadMs, bytes: total };
  }

  /** Compute the view of `sentence` in the browser; resolves to {view, ms}, rejects with Python's error. */
  async compute(sentence, onProgress) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.ensureModel(onProgress);
        const began = performance.now();
        const data = await python.call(this.spec.entry, this.spec.liveArgs(sentence));
        const ms = performance.now() - began;
        const view = this.spec.decode(data, "the view Python computed");
        this.views.set(sentence, view);
        this.liveMs.set(sentence, ms);
        return { view, ms };
      } catch (error) {
        if (attempt < 2 && filesLost(error) && !isCancelled(error)) {
          this.inPython = false;
          continue;
        }
        throw error;
      }
    }
  }
}

let shared = null;

/** The one real-model source of this visit; it hears of worker restarts even while no lab is on screen. */
export function sharedSource() {
  if (!shared) {
    shared = new MiniLMSource();
    python.onState((event) => event.type === "state" && event.state === "stopped" && shared.pythonStopped());
  }
  return shared;
}
