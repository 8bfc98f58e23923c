// Where the lab's language-model views come from: SmolLM2-135M-Instruct, a
// 30-layer causal decoder (its weights 4-bit quantized, Q4_1; the instruct
// variant), run by the course's attention package when the site was built
// (overrides/hooks/model_views.py): data/smollm2/index.json lists the
// prompts, data/smollm2/<id>.json holds one view each. Nothing is fetched
// until the reader switches to this model; each file only when it is chosen.
// For a prompt of the reader's own, and only after the reader presses the
// lab's button (which says the size first, from the manifest beside the file),
// the model's GGUF file (SMOLLM2_FILE_SIZE in attention/models/weights.py) is
// written into the browser's Python and the entry point
// attention.lab.entry.language_model_view, called with the prompt and the
// file's path as JSON, computes the view there: the download, the
// Cancel and the restarts work as for the encoder (minilm.js, whose source
// class this one extends with its own spec).
//
// A file holds a view in the compact form of attention/lab/smollm2.py
// (compact_view): for each of the 270 heads, the lower triangle of its
// weights (whole millionths) and of its raw scores (whole hundredths), row by
// row. expandView turns it into a view of the data contract
// (docs/architecture.md, "The visualizer's data contract"), exactly as
// attention.lab.smollm2.expand_view does: weights w / 1e6, scores s / 100,
// scaled scores = score × scale, and the future keys' weights 0 by the mask
// (their scores, which the model never uses, are not stored: 0, and the view
// says "future_scores": "not stored").
//
// One source serves every lab of the visit (sharedSource). No DOM here.

import { python } from "../../runner/python-session.js";
import { MiniLMSource } from "./minilm.js";

export const MODEL_NAME = "SmolLM2-135M-Instruct";
const INDEX_URL = new URL("../../data/smollm2/index.json", import.meta.url).href;
const MODEL_URL = new URL(`../../models/${MODEL_NAME}/`, import.meta.url).href;
/** The model's one file (overrides/hooks/model_views.py ships it; its manifest.json gives its size), and where it goes in Python. */
const FILE = "SmolLM2-135M-Instruct.Q4_1.gguf";
const FOLDER = `/models/${MODEL_NAME}`;
/** The notebook that measures this model's heads over many texts. */
export const NOTEBOOK_URL = new URL("../../examples/attention-inside-a-language-model/", import.meta.url).href;

const FORMAT = "lab-compact-1";

/** n × n from a lower triangle stored row by row; `unit` divides each number; future keys get 0. */
function square(values, n, unit) {
  const rows = [];
  let at = 0;
  for (let q = 0; q < n; q += 1) {
    const row = new Array(n).fill(0);
    for (let k = 0; k <= q; k += 1) row[k] = values[at + k] / unit;
    rows.push(row);
    at += q + 1;
  }
  return rows;
}

/** The contract view of a compact one; throws an Error naming what is wrong. */
export function expandView(compact, what = "the view") {
  if (!compact || compact.format !== FORMAT) throw new Error(`${what} is not a compact view (format ${FORMAT})`);
  const n = compact.tokens.length;
  const size = (n * (n + 1)) / 2;
  const layers = compact.layers.map((layer, l) => ({
    heads: layer.heads.map((head, h) => {
      if (head.w.length !== size || head.s.length !== size) {
        throw new Error(`${what}: layer ${l + 1}, head ${h + 1} holds ${head.w.length} weights for ${n} tokens, not ${size}`);
      }
      const { w, s, ...rest } = head;
      const scores = square(s, n, 100);
      return { ...rest, weights: square(w, n, 1e6), scores, scaled_scores: scores.map((row) => row.map((x) => x * head.scale)) };
    }),
  }));
  const { format, layers: _, ...fields } = compact;
  return { ...fields, layers, future_scores: "not stored" };
}

/** The arguments of the entry point attention.lab.entry.language_model_view: the prompt, and the GGUF file in Python's file system. */
function liveArgs(prompt) {
  return { prompt, path: `${FOLDER}/${FILE}` };
}

export class LanguageModelSource extends MiniLMSource {
  constructor() {
    super({
      indexUrl: INDEX_URL,
      indexWhat: "the language model's list of prompts",
      modelUrl: MODEL_URL,
      files: [FILE],
      folder: FOLDER,
      entry: "attention.lab.entry.language_model_view",
      liveArgs,
      warmUp: "Attention.",
      decode: expandView,
    });
  }

  /** Whether the lab offers prompts of the reader's own: the build says so (index.json's live) when the measured costs allow it. */
  get live() {
    return Boolean(this.index && this.index.live);
  }

  /** Where this model opens: {sentence, layer, head, query} (the build's choice, attention.lab.smollm2.opening). */
  get opening() {
    const opening = this.index && this.index.opening;
    const preset = opening && this.presets.find((p) => p.id === opening.preset);
    if (!preset) return { sentence: this.presets[0].sentence, layer: 0, head: 0, query: this.presets[0].tokens.length - 1 };
    return { sentence: preset.sentence, layer: opening.layer, head: opening.head, query: opening.query };
  }
}

let shared = null;

/** The one language-model source of this visit; it hears of worker restarts even while no lab is on screen. */
export function sharedSource() {
  if (!shared) {
    shared = new LanguageModelSource();
    python.onState((event) => event.type === "state" && event.state === "stopped" && shared.pythonStopped());
  }
  return shared;
}
