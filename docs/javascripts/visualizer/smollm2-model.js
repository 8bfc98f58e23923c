// The lab's language model, SmolLM2-135M-Instruct: how the view the reader
// asks for gets on screen. It works as the encoder's mode does
// (minilm-model.js, which this class extends): its list of prompts is
// fetched first (once), then a prompt's file when it is chosen (smollm2.js);
// a prompt of the reader's own needs the model's file in the browser, which
// is downloaded only when the reader presses the button that says its size.
// What differs: where it opens (the build's choice of prompt, layer, head
// and query), its fixed settings (the causal mask), the query a prompt opens
// on (its last token, whose next token the model predicts), and the words
// of its status line.

import { MiniLMModel } from "./minilm-model.js";
import { CAUSAL } from "./mask.js";
import { MODEL_NAME, sharedSource } from "./smollm2.js";
import { LANGUAGE_MODEL_TEXTS, miniLMStatus, presetsOnlyStatus } from "./status-text.js";

export const FIXED_SETTINGS_NOTE =
  "Mask, scaling and temperature are fixed for the language model: it was trained with the causal mask (each token " +
  "sees only itself and the tokens before it) and divides the scores by √d_k, and the lab shows what it computes.";

/** Why the form for a prompt of one's own is not there, when the build does not offer it. */
export const NO_OWN_PROMPT =
  "This model shows prepared prompts only: running it in your browser costs more than the lab allows (the page " +
  "How the code runs, “The language model in your browser”, gives the measured figures).";

export class LanguageModel extends MiniLMModel {
  constructor(lab) {
    super(lab, { key: "smollm2", source: sharedSource(), name: MODEL_NAME, what: "The language model's data" });
    this.opened = false; // whether this lab has shown the model yet (it opens on the build's choice once)
    // An address that asks for this model may name a layer, head or query: those win over the opening.
    const asked = new URLSearchParams(location.search);
    this.asked = asked.get("model") === "smollm2" ? asked : new URLSearchParams();
  }

  /** The settings this model fixes, and what the controls say of them (Controls.update). */
  fixedSettings() {
    const noOwn = this.source.index && !this.source.live ? NO_OWN_PROMPT : null;
    return { mask: CAUSAL, scaling: true, temperature: 1, note: FIXED_SETTINGS_NOTE, sentenceName: "Prompt", noOwn };
  }

  /** Prompts of the reader's own only when the build offers them (index.json's live). */
  offersLive() {
    return this.source.live;
  }

  /** The query a prompt opens on: its last token, whose next token the model predicts. */
  firstQuery(tokens) {
    return tokens.length - 1;
  }

  /**
   * The first time this lab shows the model, with nothing remembered and no
   * other of its prompts asked for: the prompt, layer, head and query the
   * build chose (index.json's opening), except what the address asked for.
   * With no sentence at all (the address asked for none), likewise.
   */
  open() {
    const lab = this.lab;
    const opening = this.source.opening;
    const known = this.source.presetFor(lab.state.sentence);
    const fresh = !this.opened && !lab.remembered.smollm2;
    this.opened = true;
    if (!known && lab.state.sentence && !this.source.live) {
      // A prompt the model cannot compute here: the opening's instead.
      lab.state = { ...lab.state, sentence: opening.sentence, query: opening.query, key: null };
      return;
    }
    if (lab.state.sentence && !(fresh && known && known.sentence === opening.sentence)) return;
    const { asked } = this;
    const pick = (name, value) => (asked.has(name) ? lab.state[name] : value);
    lab.state = {
      ...lab.state,
      sentence: opening.sentence,
      layer: pick("layer", opening.layer),
      head: pick("head", opening.head),
      query: pick("query", opening.query),
      key: asked.has("key") ? lab.state.key : null,
    };
  }

  /** A prompt of the reader's was just computed: select its last token, whose next token the model predicts. */
  computed(view) {
    this.lab.state = { ...this.lab.state, query: this.firstQuery(view.tokens), key: null };
  }

  statusText(state) {
    return this.source.live || !this.source.index ? miniLMStatus(state, LANGUAGE_MODEL_TEXTS) : presetsOnlyStatus(state, LANGUAGE_MODEL_TEXTS);
  }
}
