// The weights of one head as a query × key matrix: rows are queries, columns
// keys, colour by weight on a colour-blind-safe sequential scale (format.js),
// numbers in the cells on demand, masked cells hatched. Click a cell to select
// that query and key; with the heatmap focused, arrow keys move the selection.
// DOM contract: cells are [data-cell][data-q][data-k][data-weight].
//
// The grid is built once per sentence; a new head or setting only recolours
// it, and a new selection only moves two frames.

import { clear, sameTokens, svg } from "./dom.js";
import { formatNumber, formatWeight, inkFor, weightColour } from "./format.js";
import { masked } from "./mask.js";

const LEGEND_STEPS = 10;

export class Heatmap {
  constructor(parent, lab) {
    this.lab = lab;
    this.svg = svg("svg", { class: "viz-heatmap", role: "img", tabindex: "0", "data-view": "heatmap" });
    parent.append(this.svg);
    this.svg.addEventListener("keydown", (event) => this.keydown(event));
    // A cell's tooltip is written when the pointer reaches it, not for every cell on every change.
    this.svg.addEventListener("pointerover", (event) => {
      const cell = event.target.closest && event.target.closest("[data-cell]");
      if (cell) this.describe(cell);
    });
    this.tokens = null;
    this.filled = null;
    this.numbered = null;
  }

  build(tokens) {
    const n = tokens.length;
    const cell = Math.max(16, Math.min(34, Math.floor(400 / n)));
    const label = Math.max(40, 7.2 * Math.max(...tokens.map((t) => t.length)) + 10);
    const top = label * 0.75 + 10; // column names run up at an angle
    const width = label + n * cell + 4;
    const height = top + n * cell + 40; // + legend
    const id = this.lab.id("hatch");
    clear(this.svg);
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.svg.setAttribute("width", String(width));
    this.svg.setAttribute("height", String(height));
    this.hatch = `url(#${id})`;

    const pattern = svg("pattern", { id, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    pattern.append(svg("rect", { width: 6, height: 6, class: "viz-hatch-bg" }), svg("line", { x1: 0, y1: 0, x2: 0, y2: 6, class: "viz-hatch-line" }));
    const defs = svg("defs");
    defs.append(pattern);
    this.svg.append(defs);

    const grid = svg("g", { class: "viz-cells" });
    const numbers = svg("g", { class: "viz-cell-numbers" });
    const fontSize = Math.min(10, cell / 3.2).toFixed(1);
    this.cells = [];
    this.numbers = [];
    for (let q = 0; q < n; q += 1) {
      const cells = [];
      const texts = [];
      for (let k = 0; k < n; k += 1) {
        const x = label + k * cell;
        const y = top + q * cell;
        const rect = svg("rect", { x, y, width: cell, height: cell, class: "viz-cell", "data-cell": "", "data-q": q, "data-k": k });
        rect.append(svg("title"));
        rect.addEventListener("click", () => this.lab.select({ query: q, key: k }));
        grid.append(rect);
        cells.push(rect);
        const text = svg("text", { x: x + cell / 2, y: y + cell / 2, class: "viz-cell-number", "font-size": fontSize });
        numbers.append(text);
        texts.push(text);
      }
      this.cells.push(cells);
      this.numbers.push(texts);
    }
    this.svg.append(grid, numbers);

    this.rowLabels = tokens.map((token, q) => {
      const text = svg("text", { x: label - 6, y: top + q * cell + cell / 2, class: "viz-axis-token", "text-anchor": "end" }, token);
      text.addEventListener("click", () => this.lab.select({ query: q, key: null }));
      this.svg.append(text);
      return text;
    });
    this.columnLabels = tokens.map((token, k) => {
      const x = label + k * cell + cell / 2;
      const text = svg("text", { x, y: top - 6, class: "viz-axis-token", transform: `rotate(-50 ${x} ${top - 6})` }, token);
      text.addEventListener("click", () => this.lab.select({ query: this.lab.selection().query, key: k }));
      this.svg.append(text);
      return text;
    });
    this.svg.append(svg("text", { x: 2, y: 12, class: "viz-axis-note" }, "query ↓  key →"));

    this.rowFrame = svg("rect", { class: "viz-row-frame", x: label, width: n * cell, height: cell });
    this.cellFrame = svg("rect", { class: "viz-cell-frame", width: cell, height: cell });
    this.svg.append(this.rowFrame, this.cellFrame);

    // Legend: the colour scale from 0 to 1.
    const legendY = top + n * cell + 14;
    const legendWidth = Math.min(n * cell, 200);
    const step = legendWidth / LEGEND_STEPS;
    for (let i = 0; i < LEGEND_STEPS; i += 1) {
      const weight = (i + 0.5) / LEGEND_STEPS;
      const rect = svg("rect", { x: label + i * step, y: legendY, width: step + 0.5, height: 8, class: "viz-legend-cell" });
      rect.style.setProperty("--viz-fill-light", weightColour(weight, "light"));
      rect.style.setProperty("--viz-fill-dark", weightColour(weight, "dark"));
      this.svg.append(rect);
    }
    this.svg.append(
      svg("text", { x: label, y: legendY + 20, class: "viz-axis-note" }, "weight 0"),
      svg("text", { x: label + legendWidth, y: legendY + 20, class: "viz-axis-note", "text-anchor": "end" }, "1"),
    );
    this.geometry = { label, top, cell };
    this.marked = {};
    this.selected = null;
  }

  fill(ctx) {
    const { view, head } = ctx;
    this.svg.setAttribute(
      "aria-label",
      `Heatmap of the weights of ${ctx.headName.toLowerCase()}, ${head.label}: rows are queries, columns keys. ` +
        "Arrow keys move the selected cell; the table below the lab lists the same numbers.",
    );
    head.weights.forEach((row, q) =>
      row.forEach((weight, k) => {
        const rect = this.cells[q][k];
        const hidden = masked(view, q, k);
        rect.dataset.weight = String(weight);
        rect.toggleAttribute("data-masked", hidden);
        rect.style.fill = hidden ? this.hatch : "";
        rect.style.setProperty("--viz-fill-light", weightColour(weight, "light"));
        rect.style.setProperty("--viz-fill-dark", weightColour(weight, "dark"));
      }),
    );
  }

  /** Write the numbers into the cells (only while they are shown). */
  number(ctx) {
    const { view, head } = ctx;
    head.weights.forEach((row, q) =>
      row.forEach((weight, k) => {
        const text = this.numbers[q][k];
        text.textContent = masked(view, q, k) ? "" : formatWeight(weight, 2).replace(/^0(?=\.)/, "");
        text.dataset.inkLight = inkFor(weight, "light");
        text.dataset.inkDark = inkFor(weight, "dark");
      }),
    );
  }

  describe(cell) {
    const ctx = this.ctx;
    if (!ctx || cell.described === ctx.head) return;
    const q = Number(cell.dataset.q);
    const k = Number(cell.dataset.k);
    const { tokens } = ctx.view;
    cell.firstChild.textContent = cell.hasAttribute("data-masked")
      ? `${tokens[q]} → ${tokens[k]}: masked (a later token), weight 0`
      : `${tokens[q]} → ${tokens[k]}: weight ${formatWeight(ctx.head.weights[q][k])} (scaled score ${formatNumber(ctx.head.scaled_scores[q][k])})`;
    cell.described = ctx.head;
  }

  update(ctx) {
    if (!sameTokens(ctx.view.tokens, this.tokens)) {
      this.build(ctx.view.tokens);
      this.tokens = ctx.view.tokens;
      this.filled = null;
      this.numbered = null;
    }
    this.ctx = ctx;
    if (this.filled !== ctx.head) {
      this.fill(ctx);
      this.filled = ctx.head;
    }
    if (ctx.numbers && this.numbered !== ctx.head) {
      this.number(ctx);
      this.numbered = ctx.head;
    }
    this.svg.classList.toggle("viz-show-numbers", ctx.numbers);
    const { label, top, cell } = this.geometry;
    this.rowFrame.setAttribute("y", String(top + ctx.query * cell));
    this.cellFrame.setAttribute("x", String(label + ctx.key * cell));
    this.cellFrame.setAttribute("y", String(top + ctx.query * cell));
    if (this.selected) this.selected.removeAttribute("data-selected");
    this.selected = this.cells[ctx.query][ctx.key];
    this.selected.setAttribute("data-selected", "");
    this.mark(this.rowLabels, ctx.query, "viz-is-query", "query");
    this.mark(this.columnLabels, ctx.key, "viz-is-key", "key");
  }

  mark(labels, index, className, slot) {
    const previous = this.marked[slot];
    if (previous !== undefined) labels[previous].classList.remove(className);
    labels[index].classList.add(className);
    this.marked[slot] = index;
  }

  keydown(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (!move || !this.cells) return;
    event.preventDefault();
    const n = this.cells.length;
    const { query, key } = this.lab.selection();
    const clamp = (i) => Math.min(n - 1, Math.max(0, i));
    this.lab.select({ query: clamp(query + move[0]), key: clamp(key + move[1]) });
  }
}
