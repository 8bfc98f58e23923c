// What a language model predicts after the prompt: the most likely next
// tokens with their probabilities, as a list of bars. The numbers are the
// view's "prediction" (attention.lab.smollm2.next_tokens: the softmax of the
// last position's logits), never computed here. Hidden for views without
// one (the hand-built model, the encoder).

import { clear, html } from "./dom.js";

/** A probability as a percentage with one decimal ("61.9%"), or "<0.1%". */
export function formatProbability(p) {
  return p < 0.0005 ? "<0.1%" : `${(p * 100).toFixed(1)}%`;
}

export class Prediction {
  constructor(parent, lab) {
    this.lab = lab;
    this.root = html("section", { class: "viz-prediction", "data-view": "prediction", hidden: true, "aria-labelledby": lab.id("prediction-title") });
    this.title = html("h3", { id: lab.id("prediction-title") }, "What the model predicts next");
    this.list = html("ol", { class: "viz-prediction-list" });
    this.note = html("p", { class: "viz-prediction-note" });
    this.root.append(this.title, this.list, this.note);
    parent.append(this.root);
    this.shown = null;
  }

  update(ctx) {
    const { view } = ctx;
    const prediction = view.prediction;
    this.root.hidden = !prediction;
    if (!prediction || this.shown === view) return;
    this.shown = view;
    clear(this.list);
    const largest = Math.max(...prediction.map((entry) => entry.probability), 1e-9);
    for (const entry of prediction) {
      const item = html("li", { class: "viz-prediction-item", "data-token-id": entry.id, "data-probability": entry.probability });
      const token = html("code", { class: "viz-prediction-token" }, entry.token);
      const bar = html("span", { class: "viz-prediction-bar", "aria-hidden": "true" });
      const fill = html("span");
      fill.style.width = `${((100 * entry.probability) / largest).toFixed(1)}%`; // CSSOM: the page's CSP allows no inline style attribute
      bar.append(fill);
      const value = html("span", { class: "viz-prediction-value" }, formatProbability(entry.probability));
      item.append(token, bar, value);
      this.list.append(item);
    }
    const total = prediction.reduce((sum, entry) => sum + entry.probability, 0);
    const last = view.tokens[view.tokens.length - 1];
    this.note.textContent =
      `After the last token, “${last}”, the model gives these ${prediction.length} tokens ${formatProbability(total)} of its probability, ` +
      `out of a vocabulary of ${view.vocab_size.toLocaleString("en")}: the softmax of its logits at that position. ` +
      "A token that begins with a space is a new word.";
  }
}
