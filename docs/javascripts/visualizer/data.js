// Where the lab's views come from: the preset file (computed when the site
// was built, by python -m site_examples.generate.visualizer_data) or, for any other
// sentence or setting, the attention package itself, run live in Pyodide
// through the page's Python session (docs/runner/python-session.js). The
// data contract: docs/architecture.md, "The visualizer's data contract". No
// DOM here.

import { python } from "../../runner/python-session.js";

const PRESETS_URL = new URL("../../data/visualizer-presets.json", import.meta.url).href;

/** Python source that prints one view as JSON. JSON string literals are valid Python string literals. */
export function liveCode(sentence, mask, scaling, temperature) {
  return [
    "from attention.lab import visualizer_json",
    `print(visualizer_json(${JSON.stringify(sentence)}, mask=${JSON.stringify(mask)}, ` +
      `scaling=${scaling ? "True" : "False"}, temperature=${Number(temperature)}))`,
  ].join("\n");
}

/** The last line of a Python traceback ("ValueError: ..."), what a reader needs to see. */
export function pythonError(error) {
  const lines = String((error && error.message) || error).trim().split("\n");
  return lines[lines.length - 1];
}

function settingsKey(sentence, mask, scaling, temperature) {
  return JSON.stringify([sentence, mask, scaling, temperature]);
}

export class ViewSource {
  constructor() {
    this.file = null; // the preset file once loaded
    this.views = new Map(); // settingsKey -> view: presets first, then everything computed live
  }

  async load() {
    const response = await fetch(PRESETS_URL);
    if (!response.ok) throw new Error(`the lab's preset data could not be loaded (HTTP ${response.status})`);
    this.file = await response.json();
    for (const preset of this.file.presets) {
      for (const view of preset.views) {
        this.views.set(settingsKey(preset.sentence, view.mask, view.scaling, view.temperature), view);
      }
    }
    return this.file;
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
    const text = await python.call(liveCode(sentence, mask, scaling, temperature));
    const view = JSON.parse(text);
    this.views.set(settingsKey(sentence, mask, scaling, temperature), view);
    return view;
  }
}
