// The sentence as a row of token buttons: click one to make it the query.
// Keyboard (one tab stop, roving focus): ←/→ move the query, Shift+←/→ the
// key, ↑/↓ the head, Home/End the first/last token. DOM contract: each
// token is [data-token][data-index].

import { clear, html, sameTokens } from "./dom.js";

export class TokenStrip {
  constructor(parent, lab) {
    this.lab = lab;
    this.root = html("div", {
      class: "viz-tokens",
      role: "toolbar",
      "aria-label": "Tokens: choose the query. Arrow keys: left and right move the query, Shift with them the key, up and down the head",
    });
    parent.append(this.root);
    this.root.addEventListener("keydown", (event) => this.keydown(event));
    this.tokens = null;
  }

  update(ctx) {
    if (!sameTokens(ctx.view.tokens, this.tokens)) {
      this.tokens = ctx.view.tokens;
      clear(this.root);
      this.buttons = ctx.view.tokens.map((token, i) => {
        const note = ctx.view.token_notes[i];
        const button = html(
          "button",
          {
            type: "button",
            class: "viz-token",
            "data-token": token,
            "data-index": i,
            "data-unknown": note.startsWith("not in the vocabulary") || null,
            "data-special": note.startsWith("special") || null,
            "data-piece": note.startsWith("a piece of a longer word") || null,
            title: note ? `${token}: ${note}` : token,
          },
          token,
        );
        button.addEventListener("click", () => this.lab.select({ query: i, key: null }));
        this.root.append(button);
        return button;
      });
    }
    const focused = this.root.contains(document.activeElement);
    this.buttons.forEach((button, i) => {
      button.setAttribute("aria-pressed", String(i === ctx.query));
      button.tabIndex = i === ctx.query ? 0 : -1;
      button.classList.toggle("viz-is-key", i === ctx.key);
    });
    if (focused) this.buttons[ctx.query].focus();
  }

  keydown(event) {
    const n = this.buttons ? this.buttons.length : 0;
    if (!n) return;
    const { query, key } = this.lab.selection();
    let handled = true;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const step = event.key === "ArrowLeft" ? -1 : 1;
      if (event.shiftKey) this.lab.select({ query, key: Math.min(n - 1, Math.max(0, key + step)) });
      else this.lab.select({ query: Math.min(n - 1, Math.max(0, query + step)), key: null });
    } else if (event.key === "Home" || event.key === "End") {
      this.lab.select({ query: event.key === "Home" ? 0 : n - 1, key: null });
    } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      this.lab.stepHead(event.key === "ArrowUp" ? -1 : 1);
    } else {
      handled = false;
    }
    if (handled) event.preventDefault();
  }
}
