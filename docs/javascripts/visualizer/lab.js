// The Attention Visualizer lab: mounts on every [data-viz] element of a page
// (Material announces each page, first load or instant navigation, on
// document$) and wires the components together.
//
// Views come from data.js: presets computed when the site was built, or any
// other sentence or setting computed live by the attention package in
// Pyodide. The data contract is attention/visualizer.py; this file and the
// components only render it. One component per file; math stays in Python.
//
// The state (sentence, layer, head, mask, scaling, temperature, selected
// query and key, numbers) lives in the URL (state.js), so a view can be
// shared. The element carries what it shows as data attributes:
// data-status = loading | ready | pending | error, data-source = preset |
// live, data-sentence, data-mask, data-scaling, data-temperature, data-layer,
// data-head, data-query, data-key.

import { Controls } from "./controls.js";
import { DataTable } from "./data-table.js";
import { ViewSource, pythonError } from "./data.js";
import { clear, html } from "./dom.js";
import { download, fileStem, pictureSvg, pngFromSvg, weightsCsv } from "./export.js";
import { Heatmap } from "./heatmap.js";
import { QKMatch } from "./qk-match.js";
import { QuerySteps } from "./query-steps.js";
import { Readout } from "./readout.js";
import { SmallMultiples } from "./small-multiples.js";
import { parseState, stateToSearch } from "./state.js";
import { TokenLines } from "./token-lines.js";
import { TokenStrip } from "./token-strip.js";

let instances = 0;
const URL_DELAY_MS = 150;

function python() {
  return window.attentionCourse && window.attentionCourse.python;
}

function formatBytes(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

function argmax(row) {
  let best = 0;
  row.forEach((value, i) => {
    if (value > row[best]) best = i;
  });
  return best;
}

class Lab {
  constructor(root) {
    this.root = root;
    this.prefix = `viz-${(instances += 1)}`;
    this.source = new ViewSource();
    this.view = null; // the view on screen
    this.state = null; // the state asked for (controls, URL)
    this.pending = null; // the state being computed, if any
    this.request = 0;
    this.progress = null;
    this.destroyed = false;
    this.build();
    const runtime = python();
    this.unlisten = runtime ? runtime.onState((event) => this.pythonEvent(event)) : () => {};
    this.start();
  }

  id(name) {
    return `${this.prefix}-${name}`;
  }

  build() {
    clear(this.root);
    this.root.classList.add("viz");
    this.root.dataset.status = "loading";
    this.controls = new Controls(this.root, this);
    const stage = html("div", { class: "viz-stage" });
    this.root.append(stage);
    this.headNote = html("p", { class: "viz-head-note", "data-view": "head-note" });
    stage.append(this.headNote);
    this.strip = new TokenStrip(stage, this);
    const main = html("div", { class: "viz-main" });
    stage.append(main);
    this.lines = new TokenLines(main, this);
    this.heatmap = new Heatmap(main, this);
    this.readout = new Readout(main);
    this.multiples = new SmallMultiples(stage, this);
    const detail = html("div", { class: "viz-detail" });
    stage.append(detail);
    this.steps = new QuerySteps(detail, this);
    this.match = new QKMatch(detail);
    this.table = new DataTable(stage);
    this.controls.setStatus("Loading the lab's data…");
  }

  async start() {
    try {
      await this.source.load();
    } catch (error) {
      if (this.destroyed) return;
      this.root.dataset.status = "error";
      this.controls.setStatus(`The lab could not start: ${error.message}`, { error: true });
      return;
    }
    if (this.destroyed) return;
    this.controls.fillPresets(this.source.presets);
    this.state = parseState(location.search, this.source.presets[0].sentence);
    this.show();
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.urlTimer);
    this.unlisten();
  }

  // ── State changes ───────────────────────────────────────────────────────

  setSentence(sentence) {
    this.state = { ...this.state, sentence, query: 0, key: null };
    this.show();
  }

  setSettings(changes) {
    this.state = { ...this.state, ...changes };
    this.show();
  }

  setHead(layer, head) {
    this.state = { ...this.state, layer, head };
    this.refresh();
  }

  stepHead(step) {
    if (!this.view) return;
    const all = this.view.layers.flatMap((layer, l) => layer.heads.map((_, h) => [l, h]));
    const { layerIndex, headIndex } = this.context();
    const index = all.findIndex(([l, h]) => l === layerIndex && h === headIndex);
    const [layer, head] = all[Math.min(all.length - 1, Math.max(0, index + step))];
    this.setHead(layer, head);
  }

  select({ query, key }) {
    this.state = { ...this.state, query, key };
    this.refresh();
  }

  setNumbers(numbers) {
    this.state = { ...this.state, numbers };
    this.refresh();
  }

  /** The selected query and key on screen (the key resolved to the query's largest weight when not chosen). */
  selection() {
    const ctx = this.context();
    return { query: ctx.query, key: ctx.key };
  }

  warmUp() {
    const runtime = python();
    if (runtime && runtime.state !== "ready" && runtime.state !== "loading") runtime.start().catch(() => {});
  }

  // ── Showing a view ──────────────────────────────────────────────────────

  show() {
    this.writeUrl();
    this.controls.update(this.state, Boolean(this.source.presetFor(this.state.sentence)));
    const view = this.source.cached(this.state);
    if (view) {
      this.request += 1; // a computation still running is no longer wanted
      this.pending = null;
      this.render(view, this.source.presetFor(this.state.sentence) && this.state.temperature === 1 ? "preset" : "live");
    } else {
      this.compute({ ...this.state });
    }
  }

  async compute(state) {
    const request = (this.request += 1);
    this.pending = state;
    this.root.dataset.status = "pending";
    this.describe();
    try {
      const view = await this.source.compute(state);
      if (request !== this.request || this.destroyed) return;
      this.pending = null;
      this.render(view, "live");
    } catch (error) {
      if (request !== this.request || this.destroyed) return;
      // A lesson block's Stop button restarts Python under us: ask the new one.
      if (pythonError(error) === "stopped") {
        this.compute(state);
        return;
      }
      this.pending = null;
      // Keep showing (and put in the address) a view that exists: the last
      // one, or the first preset when nothing was shown yet.
      const fallback = this.view || this.source.cached({ ...this.state, sentence: this.source.presets[0].sentence, temperature: 1 });
      const { source: sentence, mask, scaling, temperature } = fallback;
      this.state = { ...this.state, sentence, mask, scaling, temperature };
      this.writeUrl();
      this.controls.update(this.state, Boolean(this.source.presetFor(sentence)));
      this.render(fallback, this.view ? this.origin : "preset");
      this.controls.setStatus(`Python could not compute this view: ${pythonError(error)}`, { error: true });
    }
  }

  render(view, origin) {
    this.view = view;
    this.origin = origin;
    this.controls.fillHeads(view);
    this.refresh();
    this.root.dataset.status = "ready";
    this.describe();
  }

  /** The rendering context: the view on screen and the state's choices, clamped to it. */
  context() {
    const view = this.view;
    const layerIndex = Math.min(this.state.layer, view.layers.length - 1);
    const heads = view.layers[layerIndex].heads;
    const headIndex = Math.min(this.state.head, heads.length - 1);
    const head = heads[headIndex];
    const n = view.tokens.length;
    const query = Math.min(this.state.query, n - 1);
    const key = this.state.key === null || this.state.key >= n ? argmax(head.weights[query]) : this.state.key;
    return { view, layerIndex, headIndex, head, query, key, numbers: this.state.numbers };
  }

  refresh() {
    this.writeUrl();
    if (!this.view) return;
    const began = performance.now();
    const ctx = this.context();
    this.ctx = ctx;
    this.controls.update({ ...this.state, layer: ctx.layerIndex, head: ctx.headIndex }, Boolean(this.source.presetFor(this.state.sentence)));
    this.headNote.textContent =
      `${ctx.view.layers.length > 1 ? `Layer ${ctx.layerIndex + 1}, head` : "Head"} ${ctx.headIndex + 1}, ` +
      `“${ctx.head.label}”: ${ctx.head.description}` +
      (ctx.view.model === "hand-built" ? " (Hand-built, not trained.)" : "");
    for (const component of [this.strip, this.lines, this.heatmap, this.readout, this.multiples, this.steps, this.match, this.table]) {
      component.update(ctx);
    }
    const data = this.root.dataset;
    data.source = this.origin;
    data.sentence = ctx.view.source;
    data.mask = ctx.view.mask;
    data.scaling = String(ctx.view.scaling);
    data.temperature = String(ctx.view.temperature);
    data.layer = String(ctx.layerIndex);
    data.head = String(ctx.headIndex);
    data.query = String(ctx.query);
    data.key = String(ctx.key);
    data.renderMs = (performance.now() - began).toFixed(1);
  }

  // The address follows the state a moment later: history.replaceState costs
  // a few milliseconds, too much to pay on every arrow key.
  writeUrl() {
    if (!this.state || this.urlTimer) return;
    this.urlTimer = setTimeout(() => {
      this.urlTimer = null;
      if (this.destroyed) return;
      const search = stateToSearch(this.state, location.search);
      if (search !== location.search) history.replaceState(history.state, "", `${location.pathname}${search}${location.hash}`);
    }, URL_DELAY_MS);
  }

  // ── The status line ─────────────────────────────────────────────────────

  pythonEvent(event) {
    if (event.type === "progress") this.progress = event;
    if (!this.destroyed && this.state) this.describe();
  }

  describe() {
    const runtime = python();
    const state = runtime ? runtime.state : "failed";
    let text;
    let offerLoad = false;
    let error = false;
    if (this.pending) {
      if (state === "ready") text = "Computing this view with the attention package in your browser…";
      else if (state === "failed") {
        text = "This view needs Python, which could not be loaded here; the preset sentences still work.";
        error = true;
      } else {
        const p = this.progress;
        const step = p ? ` (step ${p.step} of ${p.steps}: ${p.label}${p.bytes ? `, ${formatBytes(p.bytes)}` : ""})` : "";
        text = `This view is computed by Python in your browser, which is loading${step}. The view below is the last one shown.`;
        this.warmUp();
      }
    } else {
      const shown =
        this.origin === "live"
          ? "Computed just now in your browser by the attention package."
          : "A preset, computed by the attention package when the site was built.";
      if (state === "ready") text = `${shown} Python is ready: any sentence or setting is computed live.`;
      else if (state === "loading") text = `${shown} Python is loading; until then the presets work.`;
      else if (state === "failed") text = `${shown} Python could not be loaded, so only the presets work.`;
      else {
        text = `${shown} Your own sentences and temperatures other than 1 need Python, which loads when first needed.`;
        offerLoad = true;
      }
    }
    this.controls.setStatus(text, { error, offerLoad });
  }

  // ── Export ──────────────────────────────────────────────────────────────

  async export(kind) {
    if (!this.view) return;
    const ctx = this.context();
    const stem = fileStem(ctx);
    if (kind === "csv") {
      download(new Blob([weightsCsv(ctx)], { type: "text/csv" }), `${stem}.csv`);
      return;
    }
    const style = getComputedStyle(this.root);
    const background = getComputedStyle(document.body).backgroundColor || "white";
    const text = pictureSvg(ctx, [this.lines.svg, this.heatmap.svg], background, style.color);
    if (kind === "svg") download(new Blob([text], { type: "image/svg+xml" }), `${stem}.svg`);
    else download(await pngFromSvg(text), `${stem}.png`);
  }
}

// ── Mounting ─────────────────────────────────────────────────────────────

let mounted = [];

function mount() {
  mounted.forEach((lab) => lab.destroy());
  mounted = [...document.querySelectorAll("[data-viz]")].map((root) => new Lab(root));
}

window.document$.subscribe(mount);
