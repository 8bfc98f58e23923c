// The Attention Visualizer lab: mounts on every [data-viz] element of a page
// (Material announces each page, first load or instant navigation, on
// document$) and wires the components together.
//
// Two models. The hand-built one (attention/lab.py): its views come from
// data.js, presets computed when the site was built, or any other sentence
// or setting computed live by the attention package in Pyodide. The trained
// all-MiniLM-L6-v2 (attention/models/views.py): its views come from
// minilm.js, presets fetched only once the reader switches to it, and, after
// the reader asks for the weights, any sentence computed in the browser. The
// data contract is attention/visualizer.py; this file and the components only
// render it. One component per file; math stays in Python.
//
// The state (model, sentence, layer, head, mask, scaling, temperature,
// selected query and key, numbers) lives in the URL (state.js), so a view
// can be shared. The element carries what it shows as data attributes:
// data-status = loading | ready | pending | error, data-source = preset |
// live, data-model = hand | minilm, data-model-status = none | loading |
// ready | failed (the real model's weights in the browser), data-sentence,
// data-mask, data-scaling, data-temperature, data-layer, data-head,
// data-query, data-key.

import { Controls } from "./controls.js";
import { DataTable } from "./data-table.js";
import { ViewSource, python, pythonError } from "./data.js";
import { clear, html } from "./dom.js";
import { download, fileStem, pictureSvg, pngFromSvg, weightsCsv } from "./export.js";
import { formatBytes } from "./format.js";
import { HeadGrid } from "./head-grid.js";
import { Heatmap } from "./heatmap.js";
import { MODEL_NAME, sharedSource } from "./minilm.js";
import { QKMatch } from "./qk-match.js";
import { QuerySteps } from "./query-steps.js";
import { Readout } from "./readout.js";
import { SmallMultiples } from "./small-multiples.js";
import { DEFAULTS, MODELS, parseModel, parseState, stateToSearch } from "./state.js";
import { TokenLines } from "./token-lines.js";
import { TokenStrip } from "./token-strip.js";

let instances = 0;
const URL_DELAY_MS = 150;
const PROGRESS_DELAY_MS = 250; // the status line is read aloud: not on every chunk of a download

function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function argmax(row) {
  let best = 0;
  row.forEach((value, i) => {
    if (value > row[best]) best = i;
  });
  return best;
}

/**
 * The index in `tokens` of the token selected at `query` in `before`: the same
 * word (exactly, else in any case: the trained model's tokens are lower case),
 * the same occurrence of it; else the first word.
 */
function sameWord(before, query, tokens) {
  const fallback = tokens[0] === "[CLS]" ? 1 : 0;
  const word = before && before[query];
  if (!word) return fallback;
  for (const same of [(token) => token === word, (token) => token.toLowerCase() === word.toLowerCase()]) {
    const occurrence = before.slice(0, query).filter(same).length;
    const matches = tokens.flatMap((token, i) => (same(token) ? [i] : []));
    if (matches.length) return matches[Math.min(occurrence, matches.length - 1)];
  }
  return fallback;
}

/** The tokens of a preset of either model, known before its view is loaded. */
function presetTokens(preset) {
  return preset.tokens || preset.views[0].tokens;
}

class Lab {
  constructor(root) {
    this.root = root;
    this.prefix = `viz-${(instances += 1)}`;
    this.source = new ViewSource(); // the hand-built model
    this.minilm = sharedSource(); // the trained one, shared by the labs of this visit
    this.view = null; // the view on screen
    this.state = null; // the state asked for (controls, URL)
    this.pending = null; // the state being computed or fetched, if any
    this.awaiting = null; // a sentence of the reader's that waits for the real model's weights
    this.notice = null; // {text, error}: what went wrong last, until the next change
    this.remembered = {}; // model -> the layer, head and settings last used with it
    this.switchedFrom = null; // {tokens, query} while switching models
    this.presetsOf = null; // the model whose presets fill the sentence menu
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
    this.grid = new HeadGrid(stage, this);
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
    const model = parseModel(location.search);
    // The real model's first sentence is known once its list is loaded (showMiniLM).
    this.state = parseState(location.search, model === "hand" ? this.source.presets[0].sentence : "");
    this.show();
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.urlTimer);
    this.unlisten();
    this.grid.destroy();
  }

  // ── State changes ───────────────────────────────────────────────────────

  get fixed() {
    return this.state.model !== "hand";
  }

  sourceOf(model) {
    return model === "hand" ? this.source : this.minilm;
  }

  isPreset(sentence) {
    return Boolean(this.sourceOf(this.state.model).presetFor(sentence));
  }

  setModel(model) {
    if (!MODELS.includes(model) || !this.state || model === this.state.model) return;
    const { layer, head, mask, scaling, temperature } = this.state;
    this.remembered[this.state.model] = { layer, head, mask, scaling, temperature };
    const { sentence, numbers } = this.state;
    const back = this.remembered[model] || { layer: DEFAULTS.layer, head: DEFAULTS.head, mask: "none", scaling: true, temperature: 1 };
    this.switchedFrom = this.view ? { tokens: this.view.tokens, query: this.context().query } : null;
    this.state = { ...DEFAULTS, ...back, model, sentence, numbers };
    this.awaiting = null;
    this.show();
  }

  /** Once the new model's presets are known: keep the sentence if it has it, and the selected word. */
  settleSwitch() {
    if (!this.switchedFrom) return;
    const { tokens, query } = this.switchedFrom;
    this.switchedFrom = null;
    const source = this.sourceOf(this.state.model);
    const sentence = source.presetFor(this.state.sentence) ? this.state.sentence : source.presets[0].sentence;
    this.state = { ...this.state, sentence, query: sameWord(tokens, query, presetTokens(source.presetFor(sentence))), key: null };
  }

  /** A new sentence; from one preset to another the selected word stays selected (bank → bank). */
  setSentence(sentence) {
    const preset = this.sourceOf(this.state.model).presetFor(sentence);
    const query = preset && this.view ? sameWord(this.view.tokens, this.context().query, presetTokens(preset)) : this.fixed ? 1 : 0;
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
    const runtime = python();
    if (runtime && runtime.state !== "ready" && runtime.state !== "loading") runtime.start().catch(() => {});
  }

  /** The reader types a sentence: for the hand-built model, start Python so it is likely warm by Enter. */
  typing() {
    if (this.state && !this.fixed && !this.typed) {
      this.typed = true;
      this.warmUp();
    }
  }

  /** The button: download the real model's weights into the browser's Python, then show a sentence waiting for them. */
  async loadModel() {
    this.notice = null;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const loading = this.minilm.ensureModel((progress) => this.modelProgress(progress));
        this.describe();
        await loading;
        break;
      } catch (error) {
        if (attempt === 0 && pythonError(error) === "stopped") continue; // a Stop in a lesson block: once more
        if (!this.destroyed && this.state) this.describe();
        return;
      }
    }
    if (this.destroyed) return;
    if (this.state.model === "minilm" && this.awaiting) this.show();
    else this.describe();
  }

  modelProgress(progress) {
    const now = performance.now();
    if (progress.phase === this.lastPhase && now - (this.lastProgressAt || 0) < PROGRESS_DELAY_MS) return;
    this.lastPhase = progress.phase;
    this.lastProgressAt = now;
    if (!this.destroyed && this.state) this.describe();
  }

  // ── Showing a view ──────────────────────────────────────────────────────

  show() {
    this.notice = null;
    if (this.state.model !== "hand") {
      this.showMiniLM();
      return;
    }
    this.awaiting = null;
    this.settleSwitch();
    this.fillPresets();
    this.writeUrl();
    this.controls.update(this.state, this.isPreset(this.state.sentence));
    const view = this.source.cached(this.state);
    if (view) {
      this.request += 1; // a computation still running is no longer wanted
      this.pending = null;
      this.render(view, this.source.presetFor(this.state.sentence) && this.state.temperature === 1 ? "preset" : "live");
    } else {
      this.compute({ ...this.state });
    }
  }

  fillPresets() {
    if (this.presetsOf === this.state.model) return;
    this.controls.fillPresets(this.sourceOf(this.state.model).presets);
    this.presetsOf = this.state.model;
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
      const shown = this.view && this.view.model === "hand-built";
      const fallback = shown ? this.view : this.source.cached({ ...this.state, sentence: this.source.presets[0].sentence, temperature: 1 });
      const { source: sentence, mask, scaling, temperature } = fallback;
      this.state = { ...this.state, sentence, mask, scaling, temperature };
      this.writeUrl();
      this.controls.update(this.state, this.isPreset(sentence));
      this.notice = { text: `Python could not compute this view: ${pythonError(error)}`, error: true };
      this.render(fallback, shown ? this.origin : "preset");
    }
  }

  /** The real model: its list of presets first (once), then a preset's file, or the reader's sentence computed live. */
  async showMiniLM() {
    const request = (this.request += 1);
    const source = this.minilm;
    this.writeUrl();
    if (!source.manifestLoading) source.manifest().then(() => this.describe(), () => this.describe());
    if (!source.index) {
      this.pending = { ...this.state, what: "index" };
      this.root.dataset.status = "pending";
      this.describe();
      try {
        await source.loadIndex();
      } catch (error) {
        if (request !== this.request || this.destroyed) return;
        this.pending = null;
        this.backToHand(`The real model's data could not be loaded: ${error.message}.`);
        return;
      }
      if (request !== this.request || this.destroyed) return;
    }
    this.settleSwitch();
    if (!this.state.sentence) this.state = { ...this.state, sentence: source.presets[0].sentence, query: 1 };
    this.fillPresets();
    this.writeUrl();
    const { sentence } = this.state;
    const preset = source.presetFor(sentence);
    this.controls.update(this.state, Boolean(preset), true);
    const cached = source.cached(sentence);
    if (cached) {
      this.pending = null;
      this.awaiting = null;
      this.render(cached, preset ? "preset" : "live");
      return;
    }
    if (preset) {
      this.awaiting = null;
      await this.fetchPreset(preset, request);
    } else if (source.wanted && source.status !== "failed") {
      this.awaiting = null;
      await this.computeMiniLM(sentence, request);
    } else {
      // Never download the weights without the reader's word: keep a view on
      // screen, keep the sentence in the box and the address, offer the button.
      this.awaiting = sentence;
      if (this.view && this.view.model === MODEL_NAME) {
        this.render(this.view, this.origin);
      } else {
        await this.fetchPreset(source.presets[0], request);
      }
    }
  }

  async fetchPreset(preset, request) {
    this.pending = { ...this.state, what: "preset", bytes: preset.bytes };
    this.root.dataset.status = "pending";
    this.describe();
    try {
      const view = await this.minilm.loadPreset(preset);
      if (request !== this.request || this.destroyed) return;
      this.pending = null;
      this.render(view, "preset");
    } catch (error) {
      if (request !== this.request || this.destroyed) return;
      this.pending = null;
      if (this.view && this.view.model === MODEL_NAME) {
        this.state = { ...this.state, sentence: this.view.source };
        this.notice = { text: `${error.message}.`, error: true };
        this.render(this.view, this.origin);
      } else {
        this.backToHand(`${error.message}.`);
      }
    }
  }

  async computeMiniLM(sentence, request) {
    this.pending = { ...this.state, what: "live" };
    this.root.dataset.status = "pending";
    this.describe();
    try {
      const { view } = await this.minilm.compute(sentence, (progress) => this.modelProgress(progress));
      if (request !== this.request || this.destroyed) return;
      this.pending = null;
      this.render(view, "live");
    } catch (error) {
      if (request !== this.request || this.destroyed) return;
      this.pending = null;
      const failed = this.minilm.status === "failed";
      const text = failed ? "" : `Python could not compute this view: ${pythonError(error).replace(/[^.!?]$/, "$&.")}`;
      // Keep the view on screen (and in the address), and the reader's text in the box.
      if (this.view && this.view.model === MODEL_NAME) {
        this.state = { ...this.state, sentence: this.view.source, query: Math.min(this.state.query, this.view.tokens.length - 1) };
        this.writeUrl();
        this.controls.update(this.state, this.isPreset(this.view.source), true);
        this.controls.keepOwn(sentence);
        this.notice = text ? { text, error: true } : null;
        this.render(this.view, this.origin);
      } else {
        this.state = { ...this.state, sentence: this.minilm.presets[0].sentence };
        this.notice = text ? { text, error: true } : null;
        this.controls.keepOwn(sentence);
        await this.fetchPreset(this.minilm.presets[0], request);
      }
    }
  }

  /** The real model's data is not to be had: show the hand-built model and say why. */
  backToHand(text) {
    this.state = { ...this.state, model: "hand", sentence: this.source.presets[0].sentence, layer: 0, head: 0, query: 0, key: null };
    this.switchedFrom = null;
    this.show();
    this.notice = { text, error: true };
    this.describe();
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
    for (const component of [this.strip, this.lines, this.heatmap, this.readout, this.multiples, this.grid, this.steps, this.match, this.table]) {
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
      if (this.destroyed || !this.state.sentence) return;
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
    this.root.dataset.modelStatus = this.minilm.status;
    if (this.state.model === "hand") this.describeHand();
    else this.describeMiniLM();
  }

  pythonProgress() {
    const p = this.progress;
    return p ? ` (step ${p.step} of ${p.steps}: ${p.label}${p.bytes ? `, ${formatBytes(p.bytes)}` : ""})` : "";
  }

  describeHand() {
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
        text = `This view is computed by Python in your browser, which is loading${this.pythonProgress()}. The view below is the last one shown.`;
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
    if (this.notice) {
      text = this.notice.text;
      error = this.notice.error;
    }
    this.controls.setStatus(text, { error, offerLoad });
  }

  modelLoadingText() {
    const progress = this.minilm.progress;
    const what = this.minilm.timing ? "Python was restarted, so the model is loading again (from the browser's cache)" : "Loading the model";
    if (!progress || progress.phase === "python") return `${what}: starting Python in your browser${this.pythonProgress()}…`;
    if (progress.phase === "download") {
      return `${what}: ${(progress.loaded / 1e6).toFixed(1)} of ${formatBytes(progress.total)} downloaded…`;
    }
    return `${what}: reading the weights into numpy…`;
  }

  describeMiniLM() {
    const source = this.minilm;
    const parts = [];
    let error = false;
    let progress = null;
    const pending = this.pending && this.pending.what;
    if (this.notice) {
      parts.push(this.notice.text);
      error = this.notice.error;
    }
    if (pending === "index") parts.push("Loading the list of the real model's sentences…");
    else if (pending === "preset") parts.push(`Loading this sentence's attention weights (${formatBytes(this.pending.bytes)}), computed when the site was built…`);
    else if (pending === "live") {
      if (source.status !== "loading") parts.push("Computing your sentence with the model in your browser…");
    } else if (this.view) {
      if (this.origin === "live") {
        const ms = source.liveMs.get(this.view.source);
        parts.push(
          `Computed in your browser by the attention package, from the site's float16 copy of the weights` +
            `${ms === undefined ? "" : `, in ${formatSeconds(ms)}`}.`,
        );
      } else {
        parts.push("A preset: the model's attention on this sentence, computed by the attention package when the site was built, from the full-precision weights.");
      }
    }
    if (this.awaiting) parts.push(`Your sentence “${this.awaiting}” needs the model in your browser.`);
    let offerModel = null;
    if (source.status === "loading") {
      parts.push(this.modelLoadingText());
      if (source.progress && source.progress.phase === "download") progress = source.progress;
    } else if (source.status === "ready" && !source.inPython) {
      parts.push("Python was restarted: the model comes back, from the browser's cache, with your next sentence.");
    } else if (source.status === "ready") {
      parts.push(`The model is in your browser (loaded in ${formatSeconds(source.timing.loadMs)}): type any sentence of up to ${source.info.max_tokens} tokens.`);
    } else {
      if (source.status === "failed") {
        parts.push(`The model could not be loaded: ${pythonError(source.error)}.`);
        error = true;
      } else if (!this.awaiting && this.view) {
        parts.push("Your own sentences need the model in your browser.");
      }
      if (source.canLoad) offerModel = `Load the model in your browser (${formatBytes(source.downloadBytes)}, once)`;
      else if (source.manifestError) parts.push("This copy of the site has no model files, so only the preset sentences work.");
      else if (source.manifestData) parts.push("This page cannot load the model into Python, so only the preset sentences work.");
    }
    this.controls.setStatus(parts.join(" "), { error, offerModel, progress });
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
