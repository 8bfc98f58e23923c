// The head view: queries on the left, keys on the right, one line per
// (query, key) pair whose thickness and opacity follow the weight. The
// selected query's lines are drawn in the accent colour, the others faintly.
// Click a token on the left to make it the query, on the right the key.
//
// The lines are made once per sentence; a new head or setting only re-weighs
// them, and a new selection only restyles two rows.

import { clear, sameTokens, svg } from "./dom.js";

const ROW = 22;
const PAD = 8;
const TOP = 20; // room for the column names
const MIN_WEIGHT = 0.005; // thinner lines than this would not show

export class TokenLines {
  constructor(parent, lab) {
    this.lab = lab;
    this.svg = svg("svg", { class: "viz-lines", role: "img", "data-view": "lines" });
    parent.append(this.svg);
    this.tokens = null;
    this.filled = null;
  }

  build(tokens) {
    const n = tokens.length;
    const label = Math.max(48, 7.2 * Math.max(...tokens.map((t) => t.length)) + 12);
    const gap = 110;
    const width = 2 * label + gap;
    const height = TOP + n * ROW + PAD;
    clear(this.svg);
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.svg.setAttribute("width", String(width));
    this.svg.setAttribute("height", String(height));
    const y = (i) => TOP + i * ROW + ROW / 2;
    const x0 = label;
    const x1 = label + gap;

    this.group = svg("g", { class: "viz-line-group" });
    this.svg.append(this.group);
    this.rows = [];
    this.lines = [];
    for (let q = 0; q < n; q += 1) {
      const row = svg("g", { class: "viz-line-row", "data-q": q });
      const lines = [];
      for (let k = 0; k < n; k += 1) {
        const line = svg("line", { x1: x0 + 4, y1: y(q), x2: x1 - 4, y2: y(k), "data-k": k });
        row.append(line);
        lines.push(line);
      }
      this.group.append(row);
      this.rows.push(row);
      this.lines.push(lines);
    }

    this.left = [];
    this.right = [];
    tokens.forEach((token, i) => {
      const left = svg("text", { x: x0 - 4, y: y(i), class: "viz-line-token", "text-anchor": "end", "data-side": "query", "data-i": i }, token);
      const right = svg("text", { x: x1 + 4, y: y(i), class: "viz-line-token", "text-anchor": "start", "data-side": "key", "data-i": i }, token);
      left.addEventListener("click", () => this.lab.select({ query: i, key: null }));
      right.addEventListener("click", () => this.lab.select({ query: this.lab.selection().query, key: i }));
      this.svg.append(left, right);
      this.left.push(left);
      this.right.push(right);
    });
    this.svg.append(
      svg("text", { x: x0 - 4, y: 12, class: "viz-axis-note", "text-anchor": "end" }, "query"),
      svg("text", { x: x1 + 4, y: 12, class: "viz-axis-note", "text-anchor": "start" }, "key"),
    );
    this.marked = null;
  }

  fill(ctx) {
    this.svg.setAttribute(
      "aria-label",
      `Lines from each query token (left) to each key token (right) for ${ctx.headName.toLowerCase()}, ${ctx.head.label}; thicker means more weight`,
    );
    ctx.head.weights.forEach((row, q) =>
      row.forEach((weight, k) => {
        const line = this.lines[q][k];
        const shown = weight >= MIN_WEIGHT;
        line.toggleAttribute("data-hidden", !shown);
        if (!shown) return;
        line.setAttribute("stroke-width", (0.6 + 5 * weight).toFixed(2));
        line.style.setProperty("--w", weight.toFixed(4));
      }),
    );
  }

  update(ctx) {
    if (!sameTokens(ctx.view.tokens, this.tokens)) {
      this.build(ctx.view.tokens);
      this.tokens = ctx.view.tokens;
      this.filled = null;
    }
    if (this.filled !== ctx.head) {
      this.fill(ctx);
      this.filled = ctx.head;
    }
    const previous = this.marked;
    if (previous) {
      this.rows[previous.query].classList.remove("viz-is-query");
      this.left[previous.query].classList.remove("viz-is-query");
      this.right[previous.key].classList.remove("viz-is-key");
      this.lines[previous.query][previous.key].classList.remove("viz-is-key");
    }
    this.rows[ctx.query].classList.add("viz-is-query");
    this.group.append(this.rows[ctx.query]); // the selected query's lines on top
    this.left[ctx.query].classList.add("viz-is-query");
    this.right[ctx.key].classList.add("viz-is-key");
    this.lines[ctx.query][ctx.key].classList.add("viz-is-key");
    this.marked = { query: ctx.query, key: ctx.key };
  }
}
