// Under the tokens, for the hand-built model: the words of the sentence it
// does not know, said in words, what it does with them, and a button that
// shows the same sentence in the trained model (which knows every word).
// Hidden when every word is known, and for the trained model. Which words
// are unknown comes from the view's token notes (attention.lab.hand_built
// .token_note), never decided here.

import { html } from "./dom.js";

const UNKNOWN = "not in the vocabulary";

/** The words of a hand-built view that the model does not know, each once, in order. */
export function unknownWords(view) {
  if (view.model !== "hand-built") return [];
  const words = view.tokens.filter((_, i) => view.token_notes[i].startsWith(UNKNOWN));
  return [...new Set(words)];
}

function quoted(words) {
  const each = words.map((word) => `“${word}”`);
  return each.length > 1 ? `${each.slice(0, -1).join(", ")} and ${each[each.length - 1]}` : each[0];
}

export class UnknownWords {
  constructor(parent, lab) {
    this.lab = lab;
    this.root = html("div", { class: "viz-unknown", "data-view": "unknown-words", hidden: true });
    this.text = html("p", { class: "viz-unknown-text" });
    this.button = html(
      "button",
      { type: "button", class: "viz-button viz-button--strong", "data-control": "try-trained" },
      "Show this sentence in the trained model",
    );
    this.hint = html(
      "p",
      { class: "viz-unknown-hint" },
      "The trained model knows every word; for a sentence of your own it loads its weights into your browser once, " +
        "and the line above says how much and lets you cancel.",
    );
    this.root.append(this.text, this.button, this.hint);
    parent.append(this.root);
    this.button.addEventListener("click", () => this.lab.tryTrained());
    this.words = null;
  }

  update(ctx) {
    const words = unknownWords(ctx.view);
    const key = words.join("\u0000");
    if (key === this.words) return;
    this.words = key;
    this.root.hidden = words.length === 0;
    if (!words.length) return;
    const one = words.length === 1;
    this.text.textContent =
      `The hand-built model does not know ${quoted(words)}: ${one ? "it is" : "they are"} not in its vocabulary ` +
      `(WordNet's words; drawn with a dashed border). It sees ${one ? "that word" : "those words"} only through ` +
      `${one ? "its" : "their"} position and identity code: heads 1 and 2 treat ${one ? "it" : "them"} like any word, ` +
      `but with no word class and no topic, ${one ? "its rows" : "their rows"} in heads 3 and 4 are flat and no other ` +
      `word's query there asks for ${one ? "it" : "them"}.`;
  }
}
