// What the lab's status line says, for each model: where the view on screen
// comes from, what is being computed or downloaded, and what the reader can
// do next (load Python, load the real model). The line is read aloud (a live
// region), so each state has one plain sentence or a few. Functions of what
// the lab knows, returning the text and the controls' options
// (Controls.setStatus); no DOM here.

import { pythonError } from "./data.js";
import { formatBytes } from "./format.js";

function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Python's loading step as an aside (" (step 1 of 3: the Python runtime, <size>)"); "" before the first step. */
function pythonSteps(progress) {
  const p = progress;
  return p ? ` (step ${p.step} of ${p.steps}: ${p.label}${p.bytes ? `, ${formatBytes(p.bytes)}` : ""})` : "";
}

/**
 * The hand-built model's status. `python`: the session's state; `pending`:
 * a view is being computed; `origin`: where the view on screen comes from
 * (preset | live); `notice`: {text, error, retry}, what went wrong last,
 * said instead (with a Retry button when it has `retry`, a function);
 * `pythonProgress`: the session's last loading step, if any.
 * Returns {text, error, offerLoad, retry}.
 */
export function handStatus({ python, pending, origin, notice, pythonProgress }) {
  let text;
  let offerLoad = false;
  let error = false;
  if (pending) {
    if (python === "ready") text = "Computing this view with the attention package in your browser…";
    else if (python === "failed") {
      text = "This view needs Python, which could not be loaded here; the preset sentences still work.";
      error = true;
    } else {
      text = `This view is computed by Python in your browser, which is loading${pythonSteps(pythonProgress)}. The view below is the last one shown.`;
    }
  } else {
    const shown =
      origin === "live" ? "Computed just now in your browser by the attention package." : "A preset, computed by the attention package when the site was built.";
    if (python === "ready") text = `${shown} Python is ready: any sentence or setting is computed live.`;
    else if (python === "loading") text = `${shown} Python is loading; until then the presets work.`;
    else if (python === "failed") text = `${shown} Python could not be loaded, so only the presets work.`;
    else {
      text = `${shown} Your own sentences and temperatures other than 1 need Python, which loads when first needed.`;
      offerLoad = true;
    }
  }
  let retry = null;
  if (notice) {
    text = notice.text;
    error = notice.error;
    retry = notice.retry || null;
  }
  return { text, error, offerLoad, retry };
}

function modelLoadingText(source, pythonProgress) {
  const progress = source.progress;
  const what = source.timing ? "Python was restarted, so the model is loading again (from the browser's cache)" : "Loading the model";
  if (!progress || progress.phase === "python") return `${what}: starting Python in your browser${pythonSteps(pythonProgress)}…`;
  if (progress.phase === "download") {
    return `${what}: ${(progress.loaded / 1e6).toFixed(1)} of ${formatBytes(progress.total)} downloaded…`;
  }
  return `${what}: reading the weights into numpy…`;
}

/** The words of the encoder's status line; the language model's (LANGUAGE_MODEL_TEXTS) differ. */
export const MINILM_TEXTS = Object.freeze({
  unit: "sentence",
  index: "Loading the list of the real model's sentences…",
  preset: "A preset: the model's attention on this sentence, computed by the attention package when the site was built, from the full-precision weights.",
  liveWeights: "from the site's float16 copy of the weights",
});

export const LANGUAGE_MODEL_TEXTS = Object.freeze({
  unit: "prompt",
  index: "Loading the list of the language model's prompts…",
  preset:
    "A prepared prompt: the model's attention and its prediction, computed by the attention package when the site was built, " +
    "from the 4-bit (Q4_1) weights of the instruct model.",
  liveWeights: "from the same 4-bit (Q4_1) weights",
});

/**
 * The real model's status (the language model's too, with its `texts`). `source`: its MiniLMSource (minilm.js);
 * `pending`: what is being fetched or computed ({what: index | preset |
 * live, bytes}), or null; `view` and `origin`: the view on screen and where
 * it comes from; `notice`: {text, error}, said first; `awaiting`: the
 * reader's sentence that waits for the weights, or null; `pythonProgress`:
 * the session's last loading step. Returns {text, error, offerModel,
 * progress, cancel, retry, retryManifest}: the download button's label, the
 * download's progress, whether to offer Cancel (the weights are loading),
 * the notice's Retry, and whether the manifest's fetch failed (its Retry).
 */
export function miniLMStatus({ source, pending, view, origin, notice, awaiting, pythonProgress }, texts = MINILM_TEXTS) {
  const parts = [];
  let error = false;
  let progress = null;
  let retry = null;
  let retryManifest = false;
  const what = pending && pending.what;
  if (notice) {
    parts.push(notice.text);
    error = notice.error;
    retry = notice.retry || null;
  }
  if (what === "index") parts.push(texts.index);
  else if (what === "preset") parts.push(`Loading this ${texts.unit}'s attention weights (${formatBytes(pending.bytes)}), computed when the site was built…`);
  else if (what === "live") {
    if (source.status !== "loading") parts.push(`Computing your ${texts.unit} with the model in your browser…`);
  } else if (view) {
    if (origin === "live") {
      const ms = source.liveMs.get(view.source);
      parts.push(`Computed in your browser by the attention package, ${texts.liveWeights}${ms === undefined ? "" : `, in ${formatSeconds(ms)}`}.`);
    } else {
      parts.push(texts.preset);
    }
  }
  if (awaiting) parts.push(`Your ${texts.unit} “${awaiting}” needs the model in your browser.`);
  let offerModel = null;
  if (source.status === "loading") {
    parts.push(modelLoadingText(source, pythonProgress));
    if (source.progress && source.progress.phase === "download") progress = source.progress;
  } else if (source.status === "ready" && !source.inPython) {
    parts.push("Python was restarted: the model comes back, from the browser's cache, with your next sentence.");
  } else if (source.status === "ready") {
    parts.push(`The model is in your browser (loaded in ${formatSeconds(source.timing.loadMs)}): type any ${texts.unit} of up to ${source.info.max_tokens} tokens.`);
  } else {
    if (source.status === "failed") {
      parts.push(`The model could not be loaded: ${pythonError(source.error)}.`);
      error = true;
    } else if (!awaiting && view) {
      parts.push(`Your own ${texts.unit}s need the model in your browser.`);
    }
    if (source.canLoad) {
      const size = formatBytes(source.downloadBytes);
      offerModel = source.status === "failed" ? `Retry loading the model (${size})` : `Load the model in your browser (${size}, once)`;
    } else if (source.manifestError) {
      parts.push(`${capitalised(source.manifestError.message)}, so for now only the prepared sentences work.`);
      error = true;
      retryManifest = !retry;
    }
  }
  return { text: parts.join(" "), error, offerModel, progress, cancel: source.status === "loading", retry, retryManifest };
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}


/**
 * The status of a trained model that offers its presets only (the language
 * model when the build does not ship its file): what is loading, where the
 * view comes from, and the notice. Returns {text, error, retry}.
 */
export function presetsOnlyStatus({ pending, view, notice }, texts) {
  const parts = [];
  let error = false;
  let retry = null;
  if (notice) {
    parts.push(notice.text);
    error = notice.error;
    retry = notice.retry || null;
  }
  const what = pending && pending.what;
  if (what === "index") parts.push(texts.index);
  else if (what === "preset") parts.push(`Loading this ${texts.unit}'s attention weights (${formatBytes(pending.bytes)}), computed when the site was built…`);
  else if (view) parts.push(texts.preset);
  return { text: parts.join(" "), error, retry };
}
