// Every head of every layer at once, as small heatmaps: the chosen head is
// marked, the selected query's row is framed in each, and a click (or Enter)
// chooses a head. Arrow keys move between them. Built once per sentence,
// recoloured when the view changes. For the hand-built model's one layer; a
// model of many layers gets the grid of head-grid.js instead.

import { clear, hiddenText, html, sameTokens, svg } from "./dom.js";
import { formatBits, weightColour } from "./format.js";

const SIZE = 92;

function headName(view, l, h) {
  return view.layers.length > 1 ? `L${l + 1} H${h + 1}` : `Head ${h + 1}`;
}

export class SmallMultiples {
  constructor(parent, lab) {
    this.lab = lab;
    this.root = html("div", { class: "viz-multiples", role: "group", "aria-label": "All heads" });
    parent.append(this.root);
    this.root.addEventListener("keydown", (event) => this.keydown(event));
    this.tokens = null;
    this.shape = null;
    this.filled = null;
  }

  build(view) {
    clear(this.root);
    this.items = [];
    const n = view.tokens.length;
    const cell = SIZE / n;
    view.layers.forEach((layer, l) => {
      layer.heads.forEach((_, h) => {
        const button = html("button", { type: "button", class: "viz-multiple", "data-layer": l, "data-head": h });
        const picture = svg("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, width: SIZE, height: SIZE, "aria-hidden": "true" });
        const rects = [];
        for (let q = 0; q < n; q += 1) {
          const row = [];
          for (let k = 0; k < n; k += 1) {
            const rect = svg("rect", { x: k * cell, y: q * cell, width: cell + 0.1, height: cell + 0.1, class: "viz-mini-cell" });
            picture.append(rect);
            row.push(rect);
          }
          rects.push(row);
        }
        const frame = svg("rect", { x: 0, width: SIZE, height: cell, class: "viz-mini-frame" });
        picture.append(frame);
        const name = html("span", { class: "viz-multiple-name" });
        const stat = html("span", { class: "viz-multiple-stat" });
        // Named by what it shows (no aria-label to drift from the visible text): name, then its entropy.
        button.append(picture, name, hiddenText(", mean entropy "), stat);
        button.addEventListener("click", () => this.lab.setHead(l, h));
        this.root.append(button);
        this.items.push({ button, frame, rects, name, stat, cell, layer: l, head: h });
      });
    });
  }

  fill(view) {
    for (const item of this.items) {
      const head = view.layers[item.layer].heads[item.head];
      const name = `${headName(view, item.layer, item.head)}: ${head.label}`;
      item.name.textContent = name;
      item.stat.textContent = formatBits(head.stats.entropy);
      head.weights.forEach((row, q) =>
        row.forEach((weight, k) => {
          const rect = item.rects[q][k];
          rect.style.setProperty("--viz-fill-light", weightColour(weight, "light"));
          rect.style.setProperty("--viz-fill-dark", weightColour(weight, "dark"));
        }),
      );
    }
  }

  update(ctx) {
    this.root.hidden = ctx.view.layers.length > 1;
    if (this.root.hidden) return;
    const shape = ctx.view.layers.map((layer) => layer.heads.length).join(",");
    if (!sameTokens(ctx.view.tokens, this.tokens) || shape !== this.shape) {
      this.build(ctx.view);
      this.tokens = ctx.view.tokens;
      this.shape = shape;
      this.filled = null;
    }
    if (this.filled !== ctx.view) {
      this.fill(ctx.view);
      this.filled = ctx.view;
    }
    for (const item of this.items) {
      const chosen = item.layer === ctx.layerIndex && item.head === ctx.headIndex;
      item.button.setAttribute("aria-pressed", String(chosen));
      item.frame.setAttribute("y", String(ctx.query * item.cell));
    }
  }

  keydown(event) {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (!step) return;
    const index = this.items.findIndex((item) => item.button === document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    const next = this.items[Math.min(this.items.length - 1, Math.max(0, index + step))];
    this.lab.setHead(next.layer, next.head);
    next.button.focus();
  }
}
