// The Attention Visualizer lab: mounts on every [data-viz] element of a page
// (Material announces each page, first load or instant navigation, through
// material-adapter.js: onPage) and wires the components together. It holds the state asked for
// and the view on screen, hands every change to the model shown, and passes
// the result to each component.
//
// Three models, each with a module that gets its views on screen: the
// hand-built one (hand-model.js; views from data.js, presets computed when
// the site was built, or any other sentence or setting computed live by the
// attention package in Pyodide), the trained all-MiniLM-L6-v2
// (minilm-model.js; views from minilm.js, presets fetched only once the
// reader switches to it, and, after the reader asks for the weights, any
// sentence computed in the browser), and the causal language model
// SmolLM2-135M-Instruct (smollm2-model.js; views from smollm2.js, prompts
// computed when the site was built, fetched once the reader switches to it). What the status line says is in
// status-text.js. The views follow the data contract (docs/architecture.md,
// "The visualizer's data contract"); the components only render them. One
// component per file; math stays in Python.
//
// The state (model, sentence, layer, head, mask, scaling, temperature,
// selected query and key, numbers) lives in the URL (state.js), so a view
// can be shared. The element carries what it shows as data attributes:
// data-status = loading | ready | pending | error, data-source = preset |
// live, data-model = hand | minilm | smollm2, data-model-status = none | loading |
// ready | failed (the weights of the trained model on screen, the encoder's with the hand-built one, in the browser), data-sentence,
// data-mask, data-scaling, data-temperature, data-layer, data-head,
// data-query, data-key.

import { python } from "../../runner/python-session.js";
import { Controls } from "./controls.js";
import { DataTable } from "./data-table.js";
import { clear, html } from "./dom.js";
import { download, fileStem, pictureSvg, pngFromSvg, weightsCsv } from "./export.js";
import { HandModel } from "./hand-model.js";
import { HeadGrid } from "./head-grid.js";
import { Heatmap } from "./heatmap.js";
import { MiniLMModel } from "./minilm-model.js";
import { Prediction } from "./prediction.js";
import { QKMatch } from "./qk-match.js";
import { QuerySteps } from "./query-steps.js";
import { Readout } from "./readout.js";
import { argmax, presetTokens, sameWord } from "./selection.js";
import { SmallMultiples } from "./small-multiples.js";
import { LanguageModel } from "./smollm2-model.js";
import { DEFAULTS, MAX_SENTENCE_LENGTH, MODELS, overlongSentence, parseModel, parseState, stateToSearch } from "./state.js";
import { TokenLines } from "./token-lines.js";
import { TokenStrip } from "./token-strip.js";
import { UnknownWords } from "./unknown-words.js";

let instances = 0;
const URL_DELAY_MS = 150;

class Lab {
  constructor(root) {
    this.root = root;
    this.path = location.pathname; // the lab's own page
    this.prefix = `viz-${(instances += 1)}`;
    this.models = { hand: new HandModel(this), minilm: new MiniLMModel(this), smollm2: new LanguageModel(this) };
    this.view = null; // the view on screen
    this.state = null; // the state asked for (controls, URL)
    this.pending = null; // the state being computed or fetched, if any
    this.notice = null; // {text, error}: what went wrong last, until the next change
    this.remembered = {}; // model -> the layer, head and settings last used with it
    this.switchedFrom = null; // {tokens, query} while switching models
    this.presetsOf = null; // the model whose presets fill the sentence menu
    this.request = 0;
    this.progress = null; // the Python session's last loading step
    this.destroyed = false;
    this.build();
    this.unlisten = python.onState((event) => this.pythonEvent(event));
    this.start();
  }

  id(name) {
    return `${this.prefix}-${name}`;
  }

  build() {
    clear(this.root);
    this.root.classList.add("viz");
    this.root.dataset.status = "loading";
    // The lab sits under the page's title: its views' headings (h3) come under this one.
    this.root.append(html("h2", { class: "viz-sr-only" }, "The lab"));
    // Shown only while the lab's data loads (visualizer.css): the rest then appears whole.
    this.root.append(html("p", { class: "viz-loading" }, "Loading the lab's data…"));
    // The attention itself comes first, so that the page's first screen shows it (at 1280 x 800 and on a
    // phone: tests/browser/test_first_screen.py); the controls follow it, then the views of every head and of
    // one query. Tab follows the same order.
    const stage = html("div", { class: "viz-stage" });
    this.root.append(stage);
    this.headNote = html("p", { class: "viz-head-note", "data-view": "head-note" });
    stage.append(this.headNote);
    this.strip = new TokenStrip(stage, this);
    this.unknown = new UnknownWords(stage, this);
    this.prediction = new Prediction(stage, this);
    const main = html("div", { class: "viz-main" });
    stage.append(main);
    this.lines = new TokenLines(main, this);
    this.heatmap = new Heatmap(main, this);
    this.readout = new Readout(main);
    this.controls = new Controls(this.root, this);
    const more = html("div", { class: "viz-stage" });
    this.root.append(more);
    this.multiples = new SmallMultiples(more, this);
    this.grid = new HeadGrid(more, this);
    const detail = html("div", { class: "viz-detail" });
    more.append(detail);
    this.steps = new QuerySteps(detail, this);
    this.match = new QKMatch(detail);
    this.table = new DataTable(more);
  }

  async start() {
    const hand = this.models.hand.source;
    this.root.dataset.status = "loading";
    this.controls.setStatus("Loading the lab's data…");
    try {
      await hand.load();
    } catch (error) {
      if (this.destroyed) return;
      this.root.dataset.status = "error";
      // Retry fetches the file again, here, without reloading the page.
      this.controls.setStatus(`The lab could not start: ${error.message}. Check the connection, then retry.`, {
        error: true,
        retry: () => this.start(),
      });
      return;
    }
    if (this.destroyed) return;
    const model = parseModel(location.search);
    // The real model's first sentence is known once its list is loaded (MiniLMModel.show).
    this.state = parseState(location.search, model === "hand" ? hand.presets[0].sentence : "");
    const asked = new URLSearchParams(location.search);
    const overlong = overlongSentence(location.search);
    if (model === "hand" && (overlong || !(asked.get("s") || "").trim())) {
      // No sentence asked for: open on an informative row (attention.lab.presets.OPENING), where the address allows.
      const { sentence, head, query } = hand.opening;
      this.state = { ...this.state, sentence };
      if (!asked.has("head")) this.state.head = head;
      if (!asked.has("query")) this.state.query = query;
    }
    this.show(
      overlong
        ? {
            text: `The link asked for a sentence of ${overlong.toLocaleString("en")} characters; the lab takes ${MAX_SENTENCE_LENGTH} at most, so it shows one of its own.`,
            error: true,
          }
        : null,
    );
  }

  /**
   * Undo everything the lab registered outside its own elements: the Python
   * session's listener, the head grid's observer, the address's timer, the
   * fetches still running. Then its elements go too: Material's instant
   * navigation may keep the page it replaced alive for a while, and the
   * lab's elements, their listeners and through them the lab itself with it.
   */
  destroy() {
    this.destroyed = true;
    clearTimeout(this.urlTimer);
    this.urlTimer = null;
    this.unlisten();
    this.grid.destroy();
    this.models.hand.source.abort();
    this.models.minilm.destroy();
    this.models.smollm2.destroy();
    clear(this.root);
  }

  // ── State changes ───────────────────────────────────────────────────────

  get fixed() {
    return this.state.model !== "hand";
  }

  /** The settings a trained model fixes, and what the controls say of them, if its module says (else the encoder's). */
  fixedSettings() {
    const model = this.models[this.state.model];
    return model.fixedSettings ? model.fixedSettings() : null;
  }

  /** The query a sentence of the model on screen opens on, when no word carries over. */
  firstQuery(tokens) {
    const model = this.models[this.state.model];
    return model.firstQuery ? model.firstQuery(tokens) : tokens[0] === "[CLS]" ? 1 : 0;
  }

  sourceOf(model) {
    return this.models[model].source;
  }

  isPreset(sentence) {
    return Boolean(this.sourceOf(this.state.model).presetFor(sentence));
  }

  setModel(model, { keepSentence = false } = {}) {
    if (!MODELS.includes(model) || !this.state || model === this.state.model) return;
    const { layer, head, mask, scaling, temperature } = this.state;
    this.remembered[this.state.model] = { layer, head, mask, scaling, temperature };
    const { sentence, numbers } = this.state;
    const back = this.remembered[model] || { layer: DEFAULTS.layer, head: DEFAULTS.head, mask: DEFAULTS.mask, scaling: true, temperature: 1 };
    this.switchedFrom = this.view ? { tokens: this.view.tokens, query: this.context().query, keep: keepSentence } : null;
    this.state = { ...DEFAULTS, ...back, model, sentence, numbers };
    this.models.minilm.awaiting = null;
    this.models.smollm2.awaiting = null;
    this.show();
  }

  /**
   * Once the new model's presets are known: keep the sentence if it has it
   * (or if the reader asked for this sentence in that model), and the selected word.
   */
  settleSwitch() {
    if (!this.switchedFrom) return;
    const { tokens, query, keep } = this.switchedFrom;
    this.switchedFrom = null;
    const source = this.sourceOf(this.state.model);
    const preset = source.presetFor(this.state.sentence);
    if (!preset && keep) {
      this.state = { ...this.state, query: this.fixed ? 1 : 0, key: null };
      return;
    }
    const sentence = preset ? this.state.sentence : source.presets[0].sentence;
    const next = presetTokens(source.presetFor(sentence));
    this.state = { ...this.state, sentence, query: sameWord(tokens, query, next, this.firstQuery(next)), key: null };
  }

  /** The unknown-words note's button: the sentence on screen, in the trained model, loading it if it must. */
  tryTrained() {
    if (!this.view || this.fixed) return;
    const { sentence } = this.state;
    this.setModel("minilm", { keepSentence: true });
    const source = this.models.minilm.source;
    // Pressing the button is the reader's word to download the weights, unless the sentence is one of its presets.
    source.loadIndex().then(
      () => {
        if (!this.destroyed && this.state.model === "minilm" && !source.presetFor(sentence) && !source.inPython) this.loadModel();
      },
      () => {}, // said by MiniLMModel.show, with Retry
    );
  }

  /** The status line's Cancel: stop downloading the weights of the model on screen. */
  cancelModel() {
    this.models[this.state.model].cancel();
  }

  /** A new sentence; from one preset to another the selected word stays selected (bank → bank). */
  setSentence(sentence) {
    const preset = this.sourceOf(this.state.model).presetFor(sentence);
    const query = preset && this.view ? sameWord(this.view.tokens, this.context().query, presetTokens(preset), this.firstQuery(presetTokens(preset))) : this.fixed ? 1 : 0;
    this.state = { ...this.state, sentence, query, key: null };
    this.show();
  }

  setSettings(changes) {
    if (this.fixed) return; // the trained model's settings are not the reader's to change
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
    if (python.state !== "ready" && python.state !== "loading") python.start().catch(() => {});
  }

  /** The reader types a sentence: for the hand-built model, start Python so it is likely warm by Enter. */
  typing() {
    if (this.state && !this.fixed && !this.typed) {
      this.typed = true;
      this.warmUp();
    }
  }

  /** The controls' button that downloads the weights of the model on screen (a trained one). */
  loadModel() {
    return this.models[this.state.model].loadModel();
  }

  // ── Showing a view ──────────────────────────────────────────────────────

  /** Show the state asked for; `notice` ({text, error}), if any, is what the status line says of it. */
  show(notice = null) {
    this.notice = notice;
    this.models[this.state.model].show();
  }

  fillPresets() {
    if (this.presetsOf === this.state.model) return;
    this.controls.fillPresets(this.sourceOf(this.state.model).presets);
    this.presetsOf = this.state.model;
  }

  /** A new request for a view: whatever is still being fetched or computed for an older one is no longer wanted. */
  supersede() {
    this.request += 1;
    return this.request;
  }

  /**
   * Say that a view is on its way (`pending`: what was asked for) while
   * `work()` fetches or computes it. Resolves to {ok: true, view} or {ok:
   * false, error}; or to null when a newer request has replaced this one, or
   * the lab is gone, and nothing is to be shown.
   */
  async waitFor(pending, request, work) {
    this.pending = pending;
    this.root.dataset.status = "pending";
    this.describe();
    let outcome;
    try {
      outcome = { ok: true, view: await work() };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (request !== this.request || this.destroyed) return null;
    this.pending = null;
    return outcome;
  }

  render(view, origin) {
    this.view = view;
    this.origin = origin;
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
    const headName = view.layers.length > 1 ? `Layer ${layerIndex + 1}, head ${headIndex + 1}` : `Head ${headIndex + 1}`;
    return { view, layerIndex, headIndex, head, headName, query, key, numbers: this.state.numbers };
  }

  refresh() {
    this.writeUrl();
    if (!this.view) return;
    const began = performance.now();
    const ctx = this.context();
    this.ctx = ctx;
    this.controls.fillHeads(ctx.view, ctx.layerIndex);
    this.controls.update({ ...this.state, layer: ctx.layerIndex, head: ctx.headIndex }, this.isPreset(this.state.sentence), this.fixed);
    this.headNote.textContent =
      `${ctx.headName}, “${ctx.head.label}”: ${ctx.head.description}` + (ctx.view.model === "hand-built" ? " (Hand-built, not trained.)" : "");
    for (const component of [this.strip, this.unknown, this.prediction, this.lines, this.heatmap, this.readout, this.multiples, this.grid, this.steps, this.match, this.table]) {
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
      // Material changes the address before it replaces the page: a write due
      // after that would put the lab's state on the next page's address.
      if (this.destroyed || !this.state.sentence || !this.root.isConnected || location.pathname !== this.path) return;
      const search = stateToSearch(this.state, location.search);
      if (search !== location.search) history.replaceState(history.state, "", `${location.pathname}${search}${location.hash}`);
    }, URL_DELAY_MS);
  }

  // ── The status line ─────────────────────────────────────────────────────

  pythonEvent(event) {
    if (event.type === "progress") this.progress = event;
    // A Stop in a lesson block ends the worker, and the files written into it.
    if (event.type === "state" && event.state === "stopped") this.progress = null; // the source forgets its files itself
    if (!this.destroyed && this.state) this.describe();
  }

  describe() {
    if (!this.state) return;
    this.root.dataset.model = this.state.model;
    // The weights in the browser of the trained model on screen (with the hand-built one: the encoder's).
    this.root.dataset.modelStatus = (this.fixed ? this.models[this.state.model] : this.models.minilm).source.status;
    const { text, ...options } = this.models[this.state.model].status();
    this.controls.setStatus(text, options);
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

// ── Mounting (called by javascripts/components.js for the page that has the lab) ──

export function mount(root) {
  const labs = [...root.querySelectorAll("[data-viz]")].map((element) => new Lab(element));
  return () => labs.forEach((lab) => lab.destroy());
}
