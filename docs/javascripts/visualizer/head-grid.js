// Every head of a many-layered model at once: a table of small maps, one row
// per layer and one column per head (6 × 12 for all-MiniLM-L6-v2), each the
// head's weights drawn on a canvas one pixel per (query, key) and scaled up
// without smoothing, so 72 maps of up to 40 × 40 draw in a few milliseconds.
// The chosen head is marked and the selected query's row is framed in each.
//
// Keyboard (an ARIA grid with one tab stop): the arrow keys move between
// heads, Home/End to the first/last head of the layer, Ctrl+Home/End to the
// first/last head of all; Enter or Space shows the head. A click shows it
// too. Each map is labelled "Layer L, head H — label" for assistive
// technology and as its tooltip; the line under the grid repeats it for the
// head under the pointer or in focus. The hand-built model's one layer keeps
// its own small multiples (small-multiples.js).
//
// A model whose query heads share key/value heads (grouped-query attention:
// the view's n_kv_heads, each head's kv_head) gets a header row naming the
// key/value head over each group of columns, a gap between the groups, and a
// sentence under the grid that says what the grouping means.

import { clear, html } from "./dom.js";
import { weightPalette } from "./format.js";

const STEPS = 256;

function scheme() {
  return window.materialAdapter.colourScheme();
}

export function headTitle(l, h, label) {
  return `Layer ${l + 1}, head ${h + 1} — ${label}`;
}

export class HeadGrid {
  constructor(parent, lab) {
    this.lab = lab;
    this.root = html("section", { class: "viz-grid-box", "data-view": "head-grid", hidden: true, "aria-labelledby": lab.id("grid-title") });
    this.title = html("h3", { id: lab.id("grid-title") }, "All heads: one row per layer, one column per head");
    this.table = html("table", { class: "viz-grid", role: "grid", "aria-labelledby": lab.id("grid-title"), "aria-describedby": lab.id("grid-help") });
    this.caption = html("p", { class: "viz-grid-caption", "aria-hidden": "true" });
    this.help = html(
      "p",
      { class: "viz-grid-help", id: lab.id("grid-help") },
      "Click a map, or move with the arrow keys and press Enter, to show that head above.",
    );
    this.groupNote = html("p", { class: "viz-grid-help", "data-view": "kv-groups", hidden: true });
    this.root.append(this.title, this.table, this.caption, this.help, this.groupNote);
    parent.append(this.root);
    this.table.addEventListener("keydown", (event) => this.keydown(event));
    this.table.addEventListener("focusin", (event) => this.hover(event.target));
    this.table.addEventListener("pointerover", (event) => this.hover(event.target));
    this.table.addEventListener("pointerleave", () => this.hover(null));
    this.table.addEventListener("focusout", () => this.hover(null));
    this.palettes = {};
    this.shape = null;
    this.drawn = null;
    // The maps are pixels, not styled shapes: redraw them when the reader switches light/dark.
    this.unwatch = window.materialAdapter.watchColourScheme(() => {
      if (this.view && this.drawnScheme !== scheme()) this.draw(this.view);
    });
  }

  destroy() {
    this.unwatch();
  }

  palette() {
    const name = scheme();
    this.palettes[name] = this.palettes[name] || weightPalette(name, STEPS);
    return this.palettes[name];
  }

  build(view) {
    clear(this.table);
    const nHeads = Math.max(...view.layers.map((layer) => layer.heads.length));
    const head = html("thead");
    const groups = this.groups(view);
    if (groups) {
      const groupRow = html("tr", { class: "viz-grid-groups" });
      groupRow.append(html("td", { class: "viz-grid-corner" }));
      for (const { kv, size } of groups) {
        groupRow.append(html("th", { scope: "colgroup", colspan: size, "data-kv-head": kv }, `key/value head ${kv + 1}`));
      }
      head.append(groupRow);
    }
    const headRow = html("tr");
    headRow.append(html("td", { class: "viz-grid-corner" }));
    for (let h = 0; h < nHeads; h += 1) headRow.append(html("th", { scope: "col", "aria-label": `head ${h + 1}` }, String(h + 1)));
    head.append(headRow);
    const body = html("tbody");
    this.items = [];
    this.byPosition = view.layers.map((layer, l) => {
      const tr = html("tr");
      tr.append(html("th", { scope: "row" }, `Layer ${l + 1}`));
      const row = layer.heads.map((_, h) => {
        const kv = layer.heads[h].kv_head;
        const groupStart = groups && h > 0 && kv !== layer.heads[h - 1].kv_head;
        const cell = html("td", {
          role: "gridcell",
          tabindex: "-1",
          class: groupStart ? "viz-grid-cell viz-grid-group-start" : "viz-grid-cell",
          "data-layer": l,
          "data-head": h,
          "data-kv-head": kv === undefined ? null : kv,
          "aria-selected": "false",
        });
        const canvas = html("canvas", { width: 1, height: 1, "aria-hidden": "true" });
        const frame = html("span", { class: "viz-grid-row", "aria-hidden": "true" });
        cell.append(canvas, frame);
        cell.addEventListener("click", () => {
          this.lab.setHead(l, h);
          cell.focus();
        });
        tr.append(cell);
        const item = { cell, canvas, frame, layer: l, head: h };
        this.items.push(item);
        return item;
      });
      body.append(tr);
      return row;
    });
    this.table.append(head, body);
    this.table.classList.toggle("viz-grid--grouped", Boolean(groups));
    this.groupNote.hidden = !groups;
    if (groups) {
      const size = groups[0].size;
      this.groupNote.textContent =
        `Grouped-query attention: in every layer the ${nHeads} query heads share ${groups.length} key/value heads, ` +
        `${size} query heads on each (heads 1–${size} on key/value head 1, and so on). The heads of a group score ` +
        "the same keys with queries of their own, so their maps can differ; they read the same values.";
    }
    this.focusable = this.items[0];
    this.focusable.cell.tabIndex = 0;
  }

  /** The key/value groups of the first layer's heads, [{kv, size}], if the view has them; else null. */
  groups(view) {
    if (!view.n_kv_heads) return null;
    const groups = [];
    for (const head of view.layers[0].heads) {
      const last = groups[groups.length - 1];
      if (last && last.kv === head.kv_head) last.size += 1;
      else groups.push({ kv: head.kv_head, size: 1 });
    }
    return groups;
  }

  /** Draw every head's weights, one pixel per (query, key), in the colours of the page's scheme. */
  draw(view) {
    const colours = this.palette();
    const n = view.tokens.length;
    for (const item of this.items) {
      const head = view.layers[item.layer].heads[item.head];
      const title = headTitle(item.layer, item.head, head.label);
      item.cell.setAttribute("aria-label", title);
      item.cell.title = title;
      item.label = title;
      const { canvas } = item;
      if (canvas.width !== n) {
        canvas.width = n;
        canvas.height = n;
      }
      const context = canvas.getContext("2d");
      const image = context.createImageData(n, n);
      const pixels = image.data;
      head.weights.forEach((row, q) =>
        row.forEach((weight, k) => {
          const [r, g, b] = colours[Math.round(Math.min(1, Math.max(0, weight)) * (STEPS - 1))];
          const at = 4 * (q * n + k);
          pixels[at] = r;
          pixels[at + 1] = g;
          pixels[at + 2] = b;
          pixels[at + 3] = 255;
        }),
      );
      context.putImageData(image, 0, 0);
    }
    this.drawnScheme = scheme();
  }

  update(ctx) {
    const { view } = ctx;
    const many = view.layers.length > 1;
    this.root.hidden = !many;
    if (!many) return;
    this.view = view;
    const shape = view.layers.map((layer) => layer.heads.length).join(",");
    if (shape !== this.shape) {
      this.build(view);
      this.shape = shape;
      this.drawn = null;
    }
    if (this.drawn !== view) {
      this.draw(view);
      this.drawn = view;
    }
    const n = view.tokens.length;
    const focusInside = this.table.contains(document.activeElement);
    for (const item of this.items) {
      const chosen = item.layer === ctx.layerIndex && item.head === ctx.headIndex;
      item.cell.setAttribute("aria-selected", String(chosen));
      item.frame.style.top = `${(100 * ctx.query) / n}%`;
      item.frame.style.height = `${100 / n}%`;
    }
    // The tab stop follows the chosen head, unless the reader is moving through the grid.
    if (!focusInside) this.rove(this.byPosition[ctx.layerIndex][ctx.headIndex], false);
    this.hover(focusInside ? document.activeElement : null);
  }

  rove(item, focus) {
    if (this.focusable !== item) {
      this.focusable.cell.tabIndex = -1;
      item.cell.tabIndex = 0;
      this.focusable = item;
    }
    if (focus) item.cell.focus();
  }

  hover(target) {
    const cell = target && target.closest && target.closest("[role=gridcell]");
    const item = cell && this.items.find((candidate) => candidate.cell === cell);
    if (item) this.caption.textContent = item.label;
    else {
      const chosen = this.items && this.items.find((candidate) => candidate.cell.getAttribute("aria-selected") === "true");
      this.caption.textContent = chosen ? `Shown: ${chosen.label}` : "";
    }
  }

  keydown(event) {
    const cell = event.target.closest && event.target.closest("[role=gridcell]");
    const current = cell && this.items.find((item) => item.cell === cell);
    if (!current) return;
    const { layer, head } = current;
    const rows = this.byPosition;
    const last = rows.length - 1;
    const within = (l, h) => rows[l][Math.min(rows[l].length - 1, Math.max(0, h))];
    let next = null;
    switch (event.key) {
      case "ArrowLeft":
        next = within(layer, head - 1);
        break;
      case "ArrowRight":
        next = within(layer, head + 1);
        break;
      case "ArrowUp":
        next = within(Math.max(0, layer - 1), head);
        break;
      case "ArrowDown":
        next = within(Math.min(last, layer + 1), head);
        break;
      case "Home":
        next = event.ctrlKey ? rows[0][0] : rows[layer][0];
        break;
      case "End":
        next = event.ctrlKey ? rows[last][rows[last].length - 1] : rows[layer][rows[layer].length - 1];
        break;
      case "Enter":
      case " ":
        event.preventDefault();
        this.lab.setHead(layer, head);
        return;
      default:
        return;
    }
    event.preventDefault();
    this.rove(next, true);
  }
}
