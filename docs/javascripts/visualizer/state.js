// The lab's state and its place in the URL, so that a view can be shared.
// No DOM here: parse from and serialise to a query string.
//
// Parameters (none of Material's own, such as q and h): model = minilm (the
// pretrained encoder) or smollm2 (the language model; absent: the hand-built
// model), s = sentence, layer,
// head (0-based, as the data counts), mask = none|causal, scaling = on|off,
// t = temperature, query and key = selected token indices, numbers = on|off.
// The real model has fixed settings, so its addresses carry no mask,
// scaling or temperature.

import { CAUSAL, NO_MASK } from "./mask.js";

/** The temperatures the slider offers: steps of about √2 around 1. */
export const TEMPERATURES = [0.25, 0.35, 0.5, 0.7, 1, 1.4, 2, 2.8, 4];

/** The models the lab can show: the hand-built layer of attention.lab, all-MiniLM-L6-v2 and SmolLM2-135M-Instruct. */
export const MODELS = ["hand", "minilm", "smollm2"];

export const DEFAULTS = Object.freeze({
  model: "hand",
  sentence: "",
  layer: 0,
  head: 0,
  mask: NO_MASK,
  scaling: true,
  temperature: 1,
  query: 0,
  key: null, // null: the key the query weighs most
  numbers: false,
});

/**
 * The longest sentence the lab takes, in UTF-16 code units (what the input's
 * maxlength counts): an address may ask for no more than the box would let one type.
 */
export const MAX_SENTENCE_LENGTH = 200;

const NAMES = ["model", "s", "layer", "head", "mask", "scaling", "t", "query", "key", "numbers"];

function integer(text, fallback) {
  return text !== null && /^\d{1,3}$/.test(text) ? Number(text) : fallback;
}

/** The model a query string asks for: "minilm", "smollm2" or the default. */
export function parseModel(search) {
  const model = new URLSearchParams(search).get("model");
  return MODELS.includes(model) ? model : DEFAULTS.model;
}

/** The sentence a query string asks for, trimmed ("" for none). */
function askedSentence(params) {
  return (params.get("s") || "").trim();
}

/**
 * The length of the sentence a query string asks for when it is longer than
 * MAX_SENTENCE_LENGTH (parseState then ignores it), else 0.
 */
export function overlongSentence(search) {
  const length = askedSentence(new URLSearchParams(search)).length;
  return length > MAX_SENTENCE_LENGTH ? length : 0;
}

/** A state from a query string ("?s=...&head=2"); anything missing, malformed or too long takes its default. */
export function parseState(search, defaultSentence) {
  const params = new URLSearchParams(search);
  const model = parseModel(search);
  const fixed = model !== "hand"; // the trained model's settings are not the reader's to change
  const t = Number(params.get("t"));
  // A link's sentence longer than the box takes would start Python on text no one could have typed.
  const sentence = askedSentence(params);
  return {
    model,
    sentence: (sentence.length <= MAX_SENTENCE_LENGTH && sentence) || defaultSentence,
    layer: integer(params.get("layer"), DEFAULTS.layer),
    head: integer(params.get("head"), DEFAULTS.head),
    mask: !fixed && params.get("mask") === CAUSAL ? CAUSAL : NO_MASK,
    scaling: fixed || params.get("scaling") !== "off",
    temperature: !fixed && TEMPERATURES.includes(t) ? t : DEFAULTS.temperature,
    query: integer(params.get("query"), DEFAULTS.query),
    key: integer(params.get("key"), DEFAULTS.key),
    numbers: params.get("numbers") === "on",
  };
}

/** The query string of a state, defaults left out; other parameters of `search` are kept. */
export function stateToSearch(state, search = "") {
  const params = new URLSearchParams(search);
  for (const name of NAMES) params.delete(name);
  if (state.model !== DEFAULTS.model) params.set("model", state.model);
  params.set("s", state.sentence);
  if (state.layer !== DEFAULTS.layer) params.set("layer", String(state.layer));
  if (state.head !== DEFAULTS.head) params.set("head", String(state.head));
  if (state.model === "hand") {
    if (state.mask !== DEFAULTS.mask) params.set("mask", state.mask);
    if (state.scaling !== DEFAULTS.scaling) params.set("scaling", "off");
    if (state.temperature !== DEFAULTS.temperature) params.set("t", String(state.temperature));
  }
  params.set("query", String(state.query));
  if (state.key !== null) params.set("key", String(state.key));
  if (state.numbers) params.set("numbers", "on");
  return `?${params.toString()}`;
}
