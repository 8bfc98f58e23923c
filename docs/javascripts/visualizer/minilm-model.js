// The lab's trained model, all-MiniLM-L6-v2: how the view the reader asks for
// gets on screen. Its list of preset sentences is fetched first (once), then
// a preset's file when it is chosen; any other sentence needs the model's
// weights in the browser, which are downloaded only when the reader presses
// the button (minilm.js does the fetching and computing). Until then the
// reader's sentence waits and a view stays on screen. When the model's data
// cannot be had at all, the lab goes back to the hand-built model.
//
// The language model (smollm2-model.js) works the same way and extends this
// class: `key` (the lab's name of the model), `source`, and the methods it
// overrides (open, status, the failure's wording).

import { pythonError } from "./data.js";
import { MODEL_NAME, isCancelled, sharedSource } from "./minilm.js";
import { miniLMStatus } from "./status-text.js";

const PROGRESS_DELAY_MS = 250; // the status line is read aloud: not on every chunk of a download

/** What the status line says after the reader's Cancel. */
export const CANCELLED_TEXT =
  "Download cancelled. The prepared sentences still work: their views were computed when the site was built. " +
  "So does the hand-built model, in the Model menu.";

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export class MiniLMModel {
  constructor(lab, { key = "minilm", source = sharedSource(), name = MODEL_NAME, what = "The real model's data" } = {}) {
    this.lab = lab;
    this.key = key; // the lab's name of the model (state.js MODELS)
    this.name = name; // the views' "model" field
    this.what = what; // what failed to load, in the status line
    this.source = source; // one for the labs of this visit
    this.awaiting = null; // a sentence of the reader's that waits for the weights
    this.progressListener = (progress) => this.modelProgress(progress);
  }

  /** The view on screen if it is this model's, else null. */
  get shown() {
    const { view } = this.lab;
    return view && view.model === this.name ? view : null;
  }

  /** Whether a sentence of the reader's own can be computed in the browser (the encoder: always). */
  offersLive() {
    return true;
  }

  /** The small manifest that says what the button would download: fetched as soon as the mode shows, if it offers one. */
  prefetchManifest() {
    const { lab, source } = this;
    if (this.offersLive() && !source.manifestLoading) source.manifest().then(() => lab.describe(), () => lab.describe());
  }

  /** Once the list of presets is known: the sentence (and query) when the lab has none yet. */
  open() {
    const lab = this.lab;
    if (!lab.state.sentence) lab.state = { ...lab.state, sentence: this.source.presets[0].sentence, query: 1 };
  }

  /** Its list of presets first (once), then a preset's file, or the reader's sentence computed live. */
  async show() {
    const lab = this.lab;
    const source = this.source;
    const request = lab.supersede();
    lab.writeUrl();
    this.prefetchManifest();
    if (!source.index) {
      const outcome = await lab.waitFor({ ...lab.state, what: "index" }, request, () => source.loadIndex());
      if (!outcome) return;
      if (!outcome.ok) {
        this.backToHand(`${this.what} could not be loaded: ${outcome.error.message}.`, () => lab.setModel(this.key));
        return;
      }
    }
    this.prefetchManifest();
    lab.settleSwitch();
    this.open();
    lab.fillPresets();
    lab.writeUrl();
    const { sentence } = lab.state;
    const preset = source.presetFor(sentence);
    lab.controls.update(lab.state, Boolean(preset), true);
    const cached = source.cached(sentence);
    if (cached) {
      lab.pending = null;
      this.awaiting = null;
      lab.render(cached, preset ? "preset" : "live");
      return;
    }
    if (preset) {
      this.awaiting = null;
      await this.fetchPreset(preset, request);
    } else if (source.wanted && source.status !== "failed") {
      this.awaiting = null;
      await this.compute(sentence, request);
    } else {
      // Never download the weights without the reader's word: keep a view on
      // screen, keep the sentence in the box and the address, offer the button.
      this.awaiting = sentence;
      if (this.shown) {
        lab.render(lab.view, lab.origin);
      } else {
        await this.fetchPreset(source.presets[0], request);
      }
    }
  }

  async fetchPreset(preset, request) {
    const lab = this.lab;
    const outcome = await lab.waitFor({ ...lab.state, what: "preset", bytes: preset.bytes }, request, () => this.source.loadPreset(preset));
    if (!outcome) return;
    if (outcome.ok) {
      lab.render(outcome.view, "preset");
    } else if (this.shown) {
      const wanted = lab.state.sentence;
      lab.state = { ...lab.state, sentence: lab.view.source };
      lab.notice = { text: `${capitalised(outcome.error.message)}.`, error: true, retry: () => lab.setSentence(wanted) };
      lab.render(lab.view, lab.origin);
    } else {
      this.backToHand(`${capitalised(outcome.error.message)}.`, () => lab.setModel(this.key));
    }
  }

  async compute(sentence, request) {
    const lab = this.lab;
    const source = this.source;
    const computing = () => source.compute(sentence, this.progressListener).then(({ view }) => view);
    const outcome = await lab.waitFor({ ...lab.state, what: "live" }, request, computing);
    if (!outcome) return;
    if (outcome.ok) {
      this.computed(outcome.view);
      lab.render(outcome.view, "live");
      return;
    }
    const failed = source.status === "failed"; // the status line says so already
    const cancelled = isCancelled(outcome.error);
    const text = cancelled ? CANCELLED_TEXT : failed ? "" : `Python could not compute this view: ${pythonError(outcome.error).replace(/[^.!?]$/, "$&.")}`;
    if (cancelled) this.awaiting = null;
    // Keep the view on screen (and in the address), and the reader's text in the box.
    const view = this.shown;
    if (view) {
      lab.state = { ...lab.state, sentence: view.source, query: Math.min(lab.state.query, view.tokens.length - 1) };
      lab.writeUrl();
      lab.controls.update(lab.state, lab.isPreset(view.source), true);
      lab.controls.keepOwn(sentence);
      lab.notice = text ? { text, error: !cancelled } : null;
      lab.render(view, lab.origin);
    } else {
      lab.state = { ...lab.state, sentence: source.presets[0].sentence };
      lab.notice = text ? { text, error: !cancelled } : null;
      lab.controls.keepOwn(sentence);
      await this.fetchPreset(source.presets[0], request);
    }
  }

  /** A sentence of the reader's was just computed (its tokens known now): the encoder keeps the query asked for. */
  computed() {}

  /** The real model's data is not to be had: show the hand-built model, say why, and offer `retry`. */
  backToHand(text, retry) {
    const lab = this.lab;
    const { sentence, head, query } = lab.models.hand.source.opening;
    lab.state = { ...lab.state, model: "hand", sentence, layer: 0, head, query, key: null };
    lab.switchedFrom = null;
    this.awaiting = null;
    lab.show();
    lab.notice = { text, error: true, retry };
    lab.describe();
  }

  /** The reader's Cancel while the weights download: the lab keeps what it shows and says what still works. */
  cancel() {
    this.source.cancel();
  }

  /** The lab is going away: stop its JSON fetches and stop hearing the download's progress. */
  destroy() {
    this.source.abortFetches();
    if (this.source.onProgress === this.progressListener) this.source.onProgress = null;
  }

  /** The button: download the weights into the browser's Python, then show a sentence waiting for them. */
  async loadModel() {
    const lab = this.lab;
    lab.notice = null;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const loading = this.source.ensureModel(this.progressListener);
        lab.describe();
        await loading;
        break;
      } catch (error) {
        if (isCancelled(error)) {
          if (lab.destroyed) return;
          this.awaiting = null;
          lab.notice = { text: CANCELLED_TEXT, error: false };
          lab.describe(); // the view on screen stays: a preset of this model's, or the hand-built model's
          return;
        }
        if (attempt === 0 && pythonError(error) === "stopped") continue; // a Stop in a lesson block: once more
        if (!lab.destroyed) lab.describe();
        return;
      }
    }
    if (lab.destroyed) return;
    if (lab.state.model === this.key && this.awaiting) lab.show();
    else lab.describe();
  }

  modelProgress(progress) {
    const now = performance.now();
    if (progress.phase === this.lastPhase && now - (this.lastProgressAt || 0) < PROGRESS_DELAY_MS) return;
    this.lastPhase = progress.phase;
    this.lastProgressAt = now;
    if (!this.lab.destroyed) this.lab.describe();
  }

  /** The status line's words for this model's states (status-text.js). */
  statusText(state) {
    return miniLMStatus(state);
  }

  /** The status line's text and options for this model. */
  status() {
    const lab = this.lab;
    const { pending, view, origin, notice, progress } = lab;
    const { retryManifest, ...status } = this.statusText({ source: this.source, pending, view, origin, notice, awaiting: this.awaiting, pythonProgress: progress });
    if (retryManifest) {
      const again = () => !lab.destroyed && lab.describe();
      status.retry = () => {
        const fetching = this.source.retryManifest();
        lab.describe();
        fetching.then(again, again);
      };
    }
    return status;
  }
}
