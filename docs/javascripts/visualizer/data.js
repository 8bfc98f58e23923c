// Where the lab's views come from: the preset file (computed when the site
// was built, by python -m site_examples.generate.visualizer_data) or, for any other
// sentence or setting, the attention package itself, run live in Pyodide
// through the page's Python session (docs/runner/python-session.js), which
// calls its entry point HAND_BUILT_ENTRY with the settings as JSON. The
// data contract: docs/architecture.md, "The visualizer's data contract". No
// DOM here.

import { python } from "../../runner/python-session.js";

const PRESETS_URL = new URL("../../data/visualizer-presets.json", import.meta.url).href;

/** The Python function that computes a hand-built view (attention/lab/entry.py). */
const HAND_BUILT_ENTRY = "attention.lab.entry.hand_built_view";

/** Its arguments for one setting, as JSON values of the types it checks. */
function liveArgs(sentence, mask, scaling, temperature) {
  return { sentence, mask, scaling: Boolean(scaling), temperature: Number(temperature) };
}

/** The last line of a Python traceback ("ValueError: ..."), what a reader needs to see. */
export function pythonError(error) {
  const lines = String((error && error.message) || error).trim().split("\n");
  return lines[lines.length - 1];
}

function settingsKey(sentence, mask, scaling, temperature) {
  return JSON.stringify([sentence, mask, scaling, temperature]);
}

/**
 * Fetch and parse a JSON file; rejects with an Error whose message says what
 * failed, in words ("… could not be loaded (HTTP 404)", "(network error: …)",
 * "(nothing arrived for 30 s)", "… arrived damaged (it is not valid JSON)").
 * `what` names the file for the reader. A download that receives nothing for
 * the Python session's stall time (python-session.js, the one such setting of
 * the page) is aborted as stalled. An abort through `signal` (the lab going
 * away) rejects with the AbortError itself.
 */
export async function fetchJson(url, what, signal) {
  const abortion = new AbortController();
  const relay = () => abortion.abort();
  if (signal) {
    if (signal.aborted) relay();
    else signal.addEventListener("abort", relay, { once: true });
  }
  const stallMs = python.stallMs;
  let stalled = false;
  let timer = 0;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      abortion.abort();
    }, stallMs);
  };
  const failure = (error, how) => {
    if (stalled) return new Error(`${what} could not be loaded (nothing arrived for ${Math.round(stallMs / 1000)} s)`);
    if (error.name === "AbortError") return error;
    return new Error(`${what} could not be loaded (${how}: ${error.message})`);
  };
  try {
    arm();
    let response;
    try {
      response = await fetch(url, { signal: abortion.signal });
    } catch (error) {
      throw failure(error, "network error");
    }
    if (!response.ok) throw new Error(`${what} could not be loaded (HTTP ${response.status})`);
    const chunks = [];
    try {
      const reader = response.body.getReader();
      for (;;) {
        arm(); // each piece that arrives gives the next its full time
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
    } catch (error) {
      throw failure(error, "the connection broke");
    }
    const text = new TextDecoder().decode(await new Blob(chunks).arrayBuffer());
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`${what} arrived damaged (it is not valid JSON)`);
    }
  } finally {
    clearTimeout(timer);
    if (signal) signal.removeEventListener("abort", relay);
  }
}

export class ViewSource {
  constructor() {
    this.file = null; // the preset file once loaded
    this.views = new Map(); // settingsKey -> view: presets first, then everything computed live
    this.abortion = null; // the AbortController of the preset file's fetch while it runs
  }

  async load() {
    this.abortion = new AbortController();
    try {
      this.file = await fetchJson(PRESETS_URL, "the lab's preset data", this.abortion.signal);
    } finally {
      this.abortion = null;
    }
    for (const preset of this.file.presets) {
      for (const view of preset.views) {
        this.views.set(settingsKey(preset.sentence, view.mask, view.scaling, view.temperature), view);
      }
    }
    return this.file;
  }

  /** Stop the preset file's fetch if it is still running (the lab is going away). */
  abort() {
    if (this.abortion) this.abortion.abort();
  }

  /** Where the lab opens when the address asks for nothing: {sentence, head, query} (attention.lab.presets.OPENING). */
  get opening() {
    const opening = this.file && this.file.opening;
    const preset = opening && this.presets.find((p) => p.id === opening.preset);
    return preset ? { sentence: preset.sentence, head: opening.head, query: opening.query } : { sentence: this.presets[0].sentence, head: 0, query: 0 };
  }

  get presets() {
    return this.file ? this.file.presets : [];
  }

  presetFor(sentence) {
    return this.presets.find((preset) => preset.sentence === sentence) || null;
  }

  /** The view for these settings if it is at hand (a preset, or computed before), else null. */
  cached({ sentence, mask, scaling, temperature }) {
    return this.views.get(settingsKey(sentence, mask, scaling, temperature)) || null;
  }

  /** Compute a view with the attention package in Pyodide; rejects with Python's error. */
  async compute({ sentence, mask, scaling, temperature }) {
    const view = await python.call(HAND_BUILT_ENTRY, liveArgs(sentence, mask, scaling, temperature));
    this.views.set(settingsKey(sentence, mask, scaling, temperature), view);
    return view;
  }
}
