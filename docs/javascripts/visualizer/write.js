// The lab's Write view: SmolLM2-135M-Instruct writing in the reader's
// browser, one token per call to the Python worker, with what it computed to
// choose each one. Mounted on every [data-write] element of the lab's page
// (components.js).
//
// The model is the lab's (smollm2.js, sharedSource): the same GGUF file,
// downloaded only when the reader presses the button that says its size,
// cancellable, with Retry in place, and kept in the worker for the visit. The
// numbers come from attention/lab/writing.py through the entry points
// attention.lab.entry.write_start (the prefill and the first token),
// write_step (one more token) and write_look (the last step seen from another
// layer or head); nothing is computed here except the times, which are
// measured here around each call.
//
// Generation runs a step per call, so the page answers between tokens: Step
// asks for one; Play asks for the next as soon as one arrives, until Pause,
// Stop or the end; Stop ends the text at once (a step already running in
// the worker finishes there and its token is dropped); Reset clears it.
//
// The element carries its state for the tests: data-status = idle | loading
// | writing | paused | stopped | finished | error, data-steps (tokens
// written), data-ids (their ids, comma-separated), data-kind (the last
// step's), data-cache-bytes.

import { python } from "../../runner/python-session.js";
import { pythonError } from "./data.js";
import { clear, hiddenText, html, svg } from "./dom.js";
import { formatBytes, weightColour, weightPalette } from "./format.js";
import { isCancelled } from "./minilm.js";
import { formatProbability } from "./prediction.js";
import { MODEL_NAME, sharedSource } from "./smollm2.js";

const FILE_PATH = `/models/${MODEL_NAME}/SmolLM2-135M-Instruct.Q4_1.gguf`; // where smollm2.js writes the file
const UNIT = 1e6; // attention/lab/writing.py UNIT: probabilities and weights in millionths
const VECTOR_UNIT = 100; // writing.py VECTOR_UNIT: keys and values in hundredths
const LAYERS = 30;
const HEADS = 9;
const MAX_NEW_TOKENS = 64; // writing.py MAX_NEW_TOKENS

/** The prompts offered: [label, prompt, chat]; with chat the prompt is a message the model answers. */
export const PRESETS = [
  ["A story", "Once upon a time, there was a little cat who", false],
  ["A fact", "The capital of France is", false],
  ["A repeated list (induction)", "red blue green yellow red blue green yellow red blue", false],
  ["A chat: a poem", "Write a short poem about the sea.", true],
];

const KINDS = {
  prefill: (s) => `Prefill: the model read the whole prompt, ${s.processed} tokens, in one pass, and kept each layer's keys and values in the cache.`,
  decode: (s) => `Decode: the model read one token, the one drawn last; its query attended over ${s.context} keys and values, ${s.context - 1} of them from the cache.`,
  recompute: (s) => `Cache off: the model read all ${s.processed} tokens again to choose one more.`,
};

function percent(units) {
  return formatProbability(units / UNIT);
}

function ms(value) {
  return `${Math.round(value).toLocaleString("en")} ms`;
}

/** Colour a cell by a weight in [0, 1], on the lab's scales (the style sheet picks the scheme's). */
function paint(node, weight) {
  node.style.setProperty("--viz-fill-light", weightColour(weight, "light"));
  node.style.setProperty("--viz-fill-dark", weightColour(weight, "dark"));
}

class Writer {
  constructor(root, index) {
    this.root = root;
    this.prefix = `write-${index}`;
    this.source = sharedSource();
    this.session = null; // {steps: [], finished, stopped, lost, useCache}
    this.busy = false; // a call is running in the worker
    this.playing = false;
    this.request = 0; // a Stop or Reset makes the answers of older calls unwanted
    this.selected = null; // the step whose token the reader selected, or null: the latest
    this.times = { on: new Map(), off: new Map(), prefill: { on: null, off: null } };
    this.notice = null;
    this.palettes = {}; // the lab's colour scales as bytes, per scheme, for the cache's pixels
    this.destroyed = false;
    this.build();
    this.unlisten = python.onState((event) => this.pythonEvent(event));
    // The model's list and manifest are fetched only once the view is on screen (or used from the keyboard):
    // a visit that never comes here fetches nothing of the model, as the lab does until its model is chosen.
    this.prepared = false;
    this.watcher = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && this.prepareOnce());
    this.watcher.observe(this.root);
    this.root.addEventListener("focusin", () => this.prepareOnce());
    this.describe();
  }

  prepareOnce() {
    if (this.prepared || this.destroyed) return;
    this.prepared = true;
    this.watcher.disconnect();
    this.prepare();
  }

  id(name) {
    return `${this.prefix}-${name}`;
  }

  // ── Building ─────────────────────────────────────────────────────────────

  // A label above its input (and a note below); a wide one takes the settings' whole row.
  field(label, input, note, wide = false) {
    const box = html("div", { class: wide ? "write-field write-wide" : "write-field" });
    input.id = input.id || this.id(input.dataset.control);
    box.append(html("label", { for: input.id }, label), input);
    if (note) box.append(html("span", { class: "write-note" }, note));
    return box;
  }

  number(control, { min, max, step, value, placeholder }) {
    return html("input", { type: "number", "data-control": control, min, max, step, value, placeholder, inputmode: "decimal" });
  }

  build() {
    clear(this.root);
    this.root.classList.add("write");
    this.root.append(html("h3", { id: this.id("title") }, "Watch SmolLM2 write"));
    const form = html("form", { class: "write-form", "aria-labelledby": this.id("title") });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.step();
    });
    this.preset = html("select", { "data-control": "write-preset" });
    this.preset.append(html("option", { value: "" }, "Your own (type below)"));
    PRESETS.forEach(([label], i) => this.preset.append(html("option", { value: String(i) }, label)));
    this.preset.value = "0";
    this.preset.addEventListener("change", () => this.choosePreset());
    this.prompt = html("textarea", { "data-control": "write-prompt", rows: "2", maxlength: "300", spellcheck: "false" });
    this.prompt.value = PRESETS[0][1];
    this.prompt.addEventListener("input", () => (this.preset.value = ""));
    this.chat = html("input", { type: "checkbox", "data-control": "write-chat" });
    this.temperature = this.number("write-temperature", { min: "0", max: "5", step: "0.1", value: "0.8" });
    this.topK = this.number("write-top-k", { min: "1", max: "49152", step: "1", value: "40", placeholder: "off" });
    this.topP = this.number("write-top-p", { min: "0.01", max: "1", step: "0.01", value: "0.95", placeholder: "off" });
    this.seed = this.number("write-seed", { min: "0", step: "1", value: "0" });
    this.newTokens = this.number("write-new-tokens", { min: "1", max: String(MAX_NEW_TOKENS), step: "1", value: "24" });
    this.cache = html("input", { type: "checkbox", "data-control": "write-cache", checked: true });
    const checkbox = (input, label) => {
      input.id = this.id(input.dataset.control);
      const box = html("div", { class: "write-field write-check write-wide" });
      box.append(input, html("label", { for: input.id }, label));
      return box;
    };
    const settings = html("div", { class: "write-settings" });
    settings.append(
      this.field("Prompt", this.preset, "", true),
      this.field("Text", this.prompt, "", true),
      checkbox(this.chat, "Send it as a chat message (the model answers)"),
      this.field("Temperature", this.temperature, "0 = greedy"),
      this.field("Top-k", this.topK, "empty = off"),
      this.field("Top-p", this.topP, "empty = off"),
      this.field("Seed", this.seed),
      this.field("New tokens", this.newTokens, `at most ${MAX_NEW_TOKENS}`),
      checkbox(this.cache, "Keep a KV cache"),
    );
    this.settingsNote = html("p", { class: "write-note", "data-view": "write-settings-note" });
    form.append(settings, this.settingsNote);
    const buttons = html("div", { class: "write-buttons" });
    const button = (control, text, action, extra = {}) => {
      const b = html("button", { type: "button", class: "viz-button", "data-control": control, ...extra }, text);
      b.addEventListener("click", action);
      buttons.append(b);
      return b;
    };
    this.stepButton = button("write-step", "Step", () => this.step());
    this.playButton = button("write-play", "Play", () => this.togglePlay(), { "aria-pressed": "false" });
    this.stopButton = button("write-stop", "Stop", () => this.stop());
    this.resetButton = button("write-reset", "Reset", () => this.reset());
    form.append(buttons);
    this.root.append(form);

    // The model's download: the lab's rules (its size said first, Cancel, Retry in place).
    const status = html("div", { class: "write-status-box" });
    this.status = html("p", { class: "write-status", role: "status", "data-view": "write-status" });
    this.loadButton = html("button", { type: "button", class: "viz-button viz-button--strong", "data-control": "write-load", hidden: true });
    this.loadButton.addEventListener("click", () => this.load());
    this.progress = html("progress", { class: "viz-progress", max: "1", value: "0", hidden: true, "aria-label": "Model download" });
    this.cancelButton = html("button", { type: "button", class: "viz-button", "data-control": "write-cancel", hidden: true }, "Cancel");
    this.cancelButton.addEventListener("click", () => this.source.cancel());
    this.retryButton = html("button", { type: "button", class: "viz-button", "data-control": "write-retry", hidden: true }, "Retry");
    this.retryButton.addEventListener("click", () => this.retry && this.retry());
    status.append(this.status, this.loadButton, this.progress, this.cancelButton, this.retryButton);
    this.root.append(status);

    // The text so far: the prompt, then each token written, selectable.
    const text = html("section", { class: "write-text", "aria-labelledby": this.id("text-title") });
    text.append(html("h4", { id: this.id("text-title") }, "The text so far"));
    this.text = html("p", { class: "write-tokens", "data-view": "write-text" });
    text.append(this.text, html("p", { class: "write-note" }, "Select a written token to see the step that chose it; select it again to follow the latest step."));
    this.root.append(text);

    // The step: what was read, the candidates, the draw.
    const stepBox = html("section", { class: "write-step", "aria-labelledby": this.id("step-title") });
    this.stepTitle = html("h4", { id: this.id("step-title") }, "The next token");
    this.kind = html("p", { class: "write-kind", "data-view": "write-kind" });
    this.candidates = html("ol", { class: "viz-prediction-list write-candidates", "data-view": "write-candidates" });
    this.cutNote = html("p", { class: "write-note", "data-view": "write-cut" });
    this.drawn = html("p", { class: "write-drawn", "data-view": "write-drawn" });
    stepBox.append(this.stepTitle, this.kind, this.candidates, this.cutNote, this.drawn);
    this.root.append(stepBox);

    // Attention of the new token, chosen layer and head; the grid of the layer's heads.
    const look = html("section", { class: "write-look", "aria-labelledby": this.id("look-title") });
    this.lookTitle = html("h4", { id: this.id("look-title") }, "Where the new token looks");
    this.layer = html("select", { "data-control": "write-layer" });
    for (let l = 0; l < LAYERS; l += 1) this.layer.append(html("option", { value: String(l) }, `Layer ${l + 1}`));
    this.head = html("select", { "data-control": "write-head" });
    for (let h = 0; h < HEADS; h += 1) this.head.append(html("option", { value: String(h) }, `Head ${h + 1} (key/value head ${Math.floor(h / 3) + 1})`));
    this.layer.value = "3";
    this.head.value = "0";
    this.headChosen = false; // the reader chose a layer or head (the lab's opening no longer applies)
    for (const select of [this.layer, this.head]) {
      select.addEventListener("change", () => {
        this.headChosen = true;
        this.lookAgain();
      });
    }
    const choose = html("div", { class: "write-settings" });
    choose.append(this.field("Layer", this.layer), this.field("Head", this.head));
    this.row = html("div", { class: "write-row", "data-view": "write-row" });
    this.rowNote = html("p", { class: "write-note", "data-view": "write-row-note" });
    this.grid = html("div", { class: "write-grid", "data-view": "write-grid" });
    look.append(this.lookTitle, choose, this.row, this.rowNote, html("h4", {}, "All heads of this layer, the new token's row each"), this.grid);
    this.root.append(look);

    // The KV cache of the chosen layer: a row per token.
    const cache = html("section", { class: "write-cache", "aria-labelledby": this.id("cache-title") });
    this.cacheTitle = html("h4", { id: this.id("cache-title") }, "The KV cache");
    this.cacheNote = html("p", { class: "write-note", "data-view": "write-cache-note" });
    this.cacheDrawing = html("div", { class: "write-kv", "data-view": "write-kv" });
    cache.append(this.cacheTitle, this.cacheNote, this.cacheDrawing);
    this.root.append(cache);

    // Time per token with the cache and without, measured here.
    const times = html("section", { class: "write-times", "aria-labelledby": this.id("times-title") });
    times.append(html("h4", { id: this.id("times-title") }, "Time per token, measured in this page"));
    this.timesNote = html("p", { class: "write-note", "data-view": "write-times-note" });
    this.timesTable = html("table", { class: "write-times-table", "data-view": "write-times" });
    times.append(this.timesNote, this.timesTable);
    this.root.append(times);
  }

  choosePreset() {
    if (this.preset.value === "lab") {
      this.prompt.value = this.labPrompt;
      this.chat.checked = false;
      return;
    }
    const chosen = PRESETS[Number(this.preset.value)];
    if (!chosen || this.preset.value === "") return;
    this.prompt.value = chosen[1];
    this.chat.checked = chosen[2];
  }

  // ── The model ───────────────────────────────────────────────────────────

  async prepare() {
    this.describe();
    try {
      await this.source.loadIndex();
      // Open on the head the lab opens on (the build's choice: the strongest induction head on its repeated words).
      const opening = this.source.index.opening;
      if (opening && !this.session && !this.headChosen) {
        this.layer.value = String(opening.layer);
        this.head.value = String(opening.head);
      }
      // And offer its prompt: random words, then the same words again, where that head copies what came next.
      const preset = opening && this.source.presets.find((p) => p.id === opening.preset);
      if (preset && !this.preset.querySelector("[value=lab]")) {
        this.labPrompt = preset.sentence;
        this.preset.append(html("option", { value: "lab" }, "The lab's opening prompt (induction)"));
      }
      if (this.source.live) await this.source.manifest();
    } catch (error) {
      if (this.destroyed || (error && error.name === "AbortError")) return;
      this.notice = { text: `The Write view could not start: ${error.message}.`, error: true, retry: () => this.prepare() };
    }
    if (!this.destroyed) this.describe();
  }

  /** The reader's button: download the model (its size was said) into the worker. */
  async load() {
    this.notice = null;
    try {
      await this.source.ensureModel(() => !this.destroyed && this.describe());
    } catch (error) {
      if (this.destroyed) return;
      this.notice = isCancelled(error)
        ? { text: "Download cancelled. Press the button to load the model again." }
        : { text: `The model could not be loaded: ${error.message}.`, error: true, retry: () => this.load() };
    }
    if (!this.destroyed) this.describe();
  }

  get ready() {
    return this.source.inPython;
  }

  // ── Writing ─────────────────────────────────────────────────────────────

  settings() {
    const number = (input) => (input.value.trim() === "" ? null : Number(input.value));
    const temperature = number(this.temperature) ?? 0;
    const greedy = temperature === 0;
    return {
      prompt: this.prompt.value,
      chat: this.chat.checked,
      temperature,
      top_k: greedy ? null : number(this.topK),
      top_p: greedy ? null : number(this.topP),
      seed: number(this.seed) ?? 0,
      max_new_tokens: number(this.newTokens) ?? 1,
      use_cache: this.cache.checked,
    };
  }

  look() {
    return { layer: Number(this.layer.value), head: Number(this.head.value) };
  }

  /** One call to the worker; resolves to its step, or null when a Stop, Reset or leaving made it unwanted. */
  async call(name, args) {
    const request = this.request;
    this.busy = true;
    this.describe();
    const began = performance.now();
    try {
      const data = await python.call(name, args);
      return request === this.request && !this.destroyed ? { data, ms: performance.now() - began } : null;
    } finally {
      if (request === this.request) this.busy = false;
    }
  }

  /** Write one token: the prefill first, then a decode step each time. */
  async step() {
    if (this.busy || this.destroyed) return false;
    const s = this.session;
    if (s && (s.finished || s.stopped || s.lost)) return false;
    if (!this.ready) {
      this.notice = { text: "Load the model first: the button below says how much it downloads." };
      this.describe();
      return false;
    }
    this.notice = null;
    let answer;
    try {
      if (!s) {
        const settings = this.settings();
        answer = await this.call("attention.lab.entry.write_start", { ...settings, ...this.look(), path: FILE_PATH });
        if (answer) {
          this.session = { steps: [], finished: false, stopped: false, lost: false, useCache: settings.use_cache, start: answer.data };
          this.times[settings.use_cache ? "on" : "off"].clear();
        }
      } else {
        answer = await this.call("attention.lab.entry.write_step", this.look());
      }
    } catch (error) {
      if (this.destroyed) return false;
      this.busy = false;
      this.playing = false;
      if (pythonError(error) === "stopped") {
        if (this.session) this.session.lost = true;
      } else this.notice = { text: `Python says: ${pythonError(error)}`, error: true };
      this.describe();
      return false;
    }
    if (!answer) return false;
    const step = answer.data;
    step.ms = answer.ms;
    const session = this.session;
    session.steps.push(step);
    session.finished = step.finished;
    const mode = session.useCache ? "on" : "off";
    if (step.kind === "prefill") this.times.prefill[mode] = { ms: answer.ms, tokens: step.processed };
    else this.times[mode].set(step.context, answer.ms);
    this.selected = null;
    this.render();
    return true;
  }

  async togglePlay() {
    if (this.playing) {
      this.playing = false; // the step running finishes and is shown
      this.describe();
      return;
    }
    this.playing = true;
    this.describe();
    while (this.playing && !this.destroyed) {
      const wrote = await this.step();
      if (!wrote || !this.session || this.session.finished) break;
    }
    this.playing = false;
    if (!this.destroyed) this.describe();
  }

  /** End the text now: a step running in the worker finishes there, and its token is dropped. */
  stop() {
    if (!this.session && !this.busy) return;
    this.request += 1;
    this.playing = false;
    this.busy = false;
    if (this.session) this.session.stopped = true;
    this.describe();
  }

  reset() {
    this.request += 1;
    this.playing = false;
    this.busy = false;
    this.session = null;
    this.selected = null;
    this.notice = null;
    this.render();
  }

  /** Another layer or head: the latest step seen through it (the worker keeps that step's pass). */
  async lookAgain() {
    const s = this.session;
    if (!s || !s.steps.length || this.busy || s.lost) {
      this.render();
      return;
    }
    try {
      const answer = await this.call("attention.lab.entry.write_look", this.look());
      if (!answer) return;
      s.steps[s.steps.length - 1].look = answer.data;
    } catch (error) {
      if (this.destroyed) return;
      this.busy = false;
      if (pythonError(error) === "stopped") s.lost = true;
      else this.notice = { text: `Python says: ${pythonError(error)}`, error: true };
    }
    if (!this.destroyed) this.render();
  }

  pythonEvent(event) {
    if (event.type === "state" && event.state === "stopped" && this.session) {
      this.session.lost = true; // the session lived in the worker that ended
      this.playing = false;
    }
    if (!this.destroyed) this.describe();
  }

  destroy() {
    this.destroyed = true;
    this.request += 1;
    this.playing = false;
    this.unlisten();
    this.watcher.disconnect();
    this.source.abortFetches();
    clear(this.root);
  }

  // ── Showing ─────────────────────────────────────────────────────────────

  statusText() {
    const s = this.session;
    const source = this.source;
    // A notice (a cancelled or failed download, Python's message) is said in place of the state; the button stays.
    const offerLoad = source.live && !this.ready && source.status !== "loading";
    if (this.notice) return { ...this.notice, load: offerLoad && !this.notice.retry };
    if (!source.index) {
      return { text: this.prepared ? "Loading the language model's details…" : "The model runs in your browser, once you load it here." };
    }
    if (!source.live) {
      return { text: "This build of the site does not ship the model's file, so the Write view cannot run here (How the code runs gives the measured costs)." };
    }
    if (source.status === "loading") {
      const p = source.progress;
      const text = !p || p.phase === "python" ? "Loading the model: starting Python in your browser…"
        : p.phase === "download" ? `Loading the model: ${(p.loaded / 1e6).toFixed(1)} of ${formatBytes(p.total)} downloaded…`
        : "Loading the model: reading the weights into numpy…"; // prettier-ignore
      return { text, progress: p && p.phase === "download" ? p : null, cancel: true };
    }
    if (!this.ready) {
      if (source.status === "ready" || source.wanted) return { text: "Python was restarted, so the model has to be read again.", load: true };
      return { text: "The model runs in your browser: its file is downloaded once, when you press the button.", load: true };
    }
    if (s && s.lost) return { text: "Python was restarted, and the text being written with it: press Reset to start again.", error: true };
    if (!s) return { text: this.busy ? "Reading the prompt (the prefill)…" : "Ready: press Step for one token, or Play." };
    const n = s.steps.length;
    if (s.stopped) return { text: `Stopped after ${n} token${n === 1 ? "" : "s"}. Reset to write again.` };
    if (s.finished) {
      const ended = s.steps[n - 1].ended;
      return { text: `Finished: ${n} token${n === 1 ? "" : "s"}${ended ? ", the last the model's end-of-text token" : ""}. Reset to write again.` };
    }
    if (this.playing) return { text: `Writing: ${n} token${n === 1 ? "" : "s"} so far…` };
    return { text: `${n} token${n === 1 ? "" : "s"} written. Step or Play for more.` };
  }

  describe() {
    const { text, error = false, progress = null, cancel = false, load = false, retry = null } = this.statusText();
    this.status.textContent = text;
    this.status.classList.toggle("write-error", Boolean(error));
    const bytes = this.source.downloadBytes;
    this.loadButton.hidden = !load || bytes === null;
    if (bytes !== null) this.loadButton.textContent = `Load the model in your browser (${formatBytes(bytes)}, once)`;
    this.progress.hidden = !progress;
    if (progress) {
      this.progress.max = progress.total || 1;
      this.progress.value = Math.min(progress.loaded, progress.total || 1);
    }
    this.cancelButton.hidden = !cancel;
    this.retry = retry;
    this.retryButton.hidden = !retry;
    const s = this.session;
    const open = s && !s.finished && !s.stopped && !s.lost;
    const focused = this.root.contains(document.activeElement) ? document.activeElement : null;
    // Busy, Step stays focusable (a disabled button loses the keyboard's focus) and says it is unavailable;
    // step() ignores it meanwhile, so Enter held on it writes the next token once this one is drawn.
    this.stepButton.disabled = !this.ready || (s && !open);
    this.stepButton.setAttribute("aria-disabled", String(!this.stepButton.disabled && this.busy));
    this.playButton.disabled = !this.ready || (s && !open);
    this.playButton.textContent = this.playing ? "Pause" : "Play";
    this.playButton.setAttribute("aria-pressed", String(this.playing));
    this.stopButton.disabled = !open && !this.busy;
    this.resetButton.disabled = !s && !this.busy;
    // The control the keyboard was on, disabled now, would leave the focus on the page's body: from Step or Play
    // when the text is done, or Stop once pressed, it goes to Reset, the one control left that acts on this text;
    // from Reset, to Step, which starts the next.
    if (focused instanceof HTMLButtonElement && focused.disabled) {
      const next = [this.resetButton, this.stepButton].find((button) => !button.disabled);
      if (next) next.focus();
    }
    for (const input of [this.preset, this.prompt, this.chat, this.temperature, this.topK, this.topP, this.seed, this.newTokens, this.cache]) {
      input.disabled = Boolean(s) || this.busy;
    }
    const greedy = Number(this.temperature.value || 0) === 0;
    this.settingsNote.textContent = s
      ? "The settings hold for this text; Reset to change them."
      : greedy ? "Temperature 0 is greedy decoding: the most likely token every time, so top-k and top-p do not apply." : ""; // prettier-ignore
    const data = this.root.dataset;
    data.status = !this.source.live ? "unavailable" : this.source.status === "loading" ? "loading" : s && s.lost ? "error"
      : !s ? (this.busy ? "writing" : "idle") : s.stopped ? "stopped" : s.finished ? "finished" : this.playing || this.busy ? "writing" : "paused"; // prettier-ignore
    data.modelStatus = this.source.status;
    data.busy = String(this.busy);
  }

  render() {
    this.describe();
    const s = this.session;
    const data = this.root.dataset;
    data.steps = String(s ? s.steps.length : 0);
    data.ids = s ? s.steps.map((step) => step.drawn.id).join(",") : "";
    this.renderText();
    const step = s && s.steps.length ? s.steps[this.selected ?? s.steps.length - 1] : null;
    data.kind = step ? step.kind : "";
    data.cacheBytes = step ? String(step.cache.bytes) : "";
    this.renderStep(step);
    this.renderLook(step);
    this.renderCache(step);
    this.renderTimes();
  }

  renderText() {
    clear(this.text);
    const s = this.session;
    if (!s) {
      this.text.append(html("span", { class: "write-note" }, "Nothing written yet."));
      return;
    }
    const prompt = html("span", { class: "write-prompt" });
    prompt.append(hiddenText("Prompt: "));
    for (const token of s.start.tokens) prompt.append(html("span", { class: "write-token write-token--prompt" }, token));
    this.text.append(prompt, hiddenText(" Written: "));
    s.steps.forEach((step, i) => {
      const pressed = this.selected === i;
      const token = html(
        "button",
        {
          type: "button",
          class: "write-token write-token--new",
          "aria-pressed": String(pressed),
          "data-step": String(i),
          "aria-label": `token ${i + 1}, “${step.drawn.token}”, probability ${percent(step.drawn.p)}`,
        },
        step.drawn.token,
      );
      token.addEventListener("click", () => {
        this.selected = this.selected === i || i === s.steps.length - 1 ? null : i;
        this.render();
        const again = this.text.querySelector(`[data-step="${i}"]`);
        if (again) again.focus();
      });
      this.text.append(token);
    });
  }

  renderStep(step) {
    clear(this.candidates);
    if (!step) {
      this.stepTitle.textContent = "The next token";
      this.kind.textContent = "";
      this.cutNote.textContent = "";
      this.drawn.textContent = "";
      return;
    }
    this.stepTitle.textContent = `Token ${step.step + 1}: ${step.kind === "prefill" ? "the prefill" : step.kind === "decode" ? "a decode step" : "recomputed without a cache"}`;
    this.kind.textContent = `${KINDS[step.kind](step)} This step took ${ms(step.ms)} here.`;
    const largest = Math.max(...step.candidates.map((c) => c.p), 1);
    for (const c of step.candidates) {
      const item = html("li", { class: `viz-prediction-item${c.cut ? " write-cut" : ""}`, "data-token-id": c.id, "data-p": c.p, "data-cut": c.cut || "" });
      const bar = html("span", { class: "viz-prediction-bar", "aria-hidden": "true" });
      const fill = html("span");
      fill.style.width = `${((100 * c.p) / largest).toFixed(1)}%`;
      bar.append(fill);
      const what = c.cut ? ` cut by ${c.cut}` : c.id === step.drawn.id ? " drawn" : "";
      item.append(
        html("code", { class: "viz-prediction-token" }, c.token),
        bar,
        html("span", { class: "viz-prediction-value" }, percent(c.p)),
        html("span", { class: "write-tag" }, what.trim()),
        hiddenText(` (the model alone: ${percent(c.model)})`),
      );
      this.candidates.append(item);
    }
    const cut = step.cut;
    const parts = [];
    if (cut.top_k_tokens) parts.push(`top-k cut ${cut.top_k_tokens.toLocaleString("en")} tokens holding ${percent(cut.top_k)} of the probability`);
    if (cut.top_p_tokens) parts.push(`top-p cut ${cut.top_p_tokens.toLocaleString("en")} more holding ${percent(cut.top_p)}`);
    const greedy = step.drawn.p === UNIT && step.candidates[0].p === UNIT;
    this.cutNote.textContent = greedy
      ? "Temperature 0: all the probability on the most likely token, which is taken (no draw)."
      : `After temperature: the ${step.candidates.length} most likely of 49,152 tokens. ${parts.length ? `${parts.join("; ")}; ` : "Nothing was cut; "}the draw was among ${cut.kept_tokens.toLocaleString("en")} tokens.`;
    this.drawn.textContent =
      `Drawn: “${step.drawn.token}”, with probability ${percent(step.drawn.sampled)} in the distribution it was drawn from ` +
      `(${percent(step.drawn.p)} after temperature, ${percent(step.drawn.model)} for the model alone).`;
  }

  /** Colour cells for one row of weights, with a label of the tokens for screen readers. */
  weightRow(weights, labels, { height = 1, name }) {
    const n = weights.length;
    const picture = svg("svg", { class: "write-svg", viewBox: `0 0 ${n} ${height}`, preserveAspectRatio: "none", role: "img", "aria-label": name });
    weights.forEach((w, k) => {
      const cell = svg("rect", { class: "write-cell", x: k, y: 0, width: 1, height });
      paint(cell, w / UNIT);
      cell.append(svg("title", {}, `${labels[k]}: ${(w / UNIT).toFixed(3)}`));
      picture.append(cell);
    });
    return picture;
  }

  renderLook(step) {
    clear(this.row);
    clear(this.grid);
    if (!step) {
      this.rowNote.textContent = "";
      return;
    }
    const look = step.look;
    const s = this.session;
    const labels = [...s.start.tokens, ...s.steps.slice(0, step.step).map((x) => x.drawn.token)];
    const top = (row) => row.reduce((best, w, k) => (w > row[best] ? k : best), 0);
    this.lookTitle.textContent = `Where the new token looks: layer ${look.layer + 1}, head ${look.head + 1}`;
    const best = top(look.row);
    this.row.append(this.weightRow(look.row, labels, { name: `The new token's attention over ${labels.length} tokens` }));
    const list = html("ol", { class: "viz-sr-only" });
    look.row.forEach((w, k) => list.append(html("li", {}, `${labels[k]}: ${(w / UNIT).toFixed(3)}`)));
    this.row.append(list);
    this.rowNote.textContent =
      `Its query, from the token read at position ${labels.length}, weighs all ${labels.length} tokens so far; most on “${labels[best]}” (position ${best + 1}), ${(look.row[best] / UNIT).toFixed(3)}, ` +
      `and ${(look.row[0] / UNIT).toFixed(3)} on the first token.` +
      (look.layer !== Number(this.layer.value) || look.head !== Number(this.head.value) ? " (This step was shown for this layer and head; select the latest token to follow your choice.)" : "");
    look.heads.forEach((row, h) => {
      const line = html("div", { class: `write-grid-row${h === look.head ? " write-grid-row--chosen" : ""}` });
      const b = top(row);
      line.append(
        html("span", { class: "write-grid-label" }, `Head ${h + 1}`),
        this.weightRow(row, labels, { name: `Head ${h + 1}: most weight on “${labels[b]}” (position ${b + 1}), ${(row[b] / UNIT).toFixed(3)}; on the first token ${(row[0] / UNIT).toFixed(3)}` }),
      );
      this.grid.append(line);
    });
  }

  /**
   * Keys or values of one key/value head: a row per token, a column per
   * dimension, coloured by |x| over the largest, on the lab's scales. Drawn
   * as pixels (a canvas per scheme; the style sheet shows the scheme's), not
   * as thousands of elements: the page stays quick while the cache grows.
   */
  vectors(rows, name, newRows) {
    const n = rows.length;
    const d = rows[0].length;
    const largest = Math.max(1, ...rows.map((row) => Math.max(...row.map(Math.abs))));
    const box = html("div", { class: "write-kv-box", role: "img", "aria-label": name });
    for (const scheme of ["light", "dark"]) {
      this.palettes[scheme] = this.palettes[scheme] || weightPalette(scheme, 256);
      const palette = this.palettes[scheme];
      const canvas = html("canvas", { class: `write-kv-canvas write-kv-canvas--${scheme}`, width: d, height: n, "aria-hidden": "true" });
      const context = canvas.getContext("2d");
      const image = context.createImageData(d, n);
      rows.forEach((row, t) => {
        row.forEach((x, j) => {
          const [r, g, b] = palette[Math.round((255 * Math.abs(x)) / largest)];
          const at = 4 * (t * d + j);
          image.data[at] = r;
          image.data[at + 1] = g;
          image.data[at + 2] = b;
          image.data[at + 3] = 255;
        });
      });
      context.putImageData(image, 0, 0);
      box.append(canvas);
    }
    if (newRows > 0) {
      const outline = html("span", { class: "write-new-rows", "aria-hidden": "true" });
      outline.style.top = `${((100 * (n - newRows)) / n).toFixed(3)}%`;
      outline.style.height = `${((100 * newRows) / n).toFixed(3)}%`;
      box.append(outline);
    }
    return box;
  }

  renderCache(step) {
    clear(this.cacheDrawing);
    if (!step) {
      this.cacheNote.textContent = "";
      return;
    }
    const { look, cache } = step;
    const n = look.keys.length;
    const fresh = step.kind === "decode" ? 1 : n;
    this.cacheTitle.textContent = `The KV cache, layer ${look.layer + 1}, key/value head ${look.kv_head + 1}`;
    const norm = (row) => Math.sqrt(row.reduce((sum, x) => sum + (x / VECTOR_UNIT) ** 2, 0));
    const newest = `the newest key has length ${norm(look.keys[n - 1]).toFixed(2)}, its value ${norm(look.values[n - 1]).toFixed(2)}`;
    this.cacheNote.textContent = cache.on
      ? `${n} rows of keys and ${n} of values, one per token, ${fresh === 1 ? "one added by this step" : "all written by the prefill"} (outlined); ${newest}. ` +
        `For the whole model the cache holds ${cache.tokens} tokens in ${cache.bytes.toLocaleString("en")} bytes (${formatBytes(cache.bytes)}), counted from its arrays: ` +
        `${(cache.bytes / cache.tokens).toLocaleString("en")} bytes a token, for 30 layers × 3 key/value heads × 64 numbers × keys and values × 4 bytes.`
      : `Cache off: nothing is kept between steps, and these ${n} rows of keys and values were all computed again by this step; ${newest}.`;
    const pair = html("div", { class: "write-kv-pair" });
    for (const [name, rows] of [["Keys", look.keys], ["Values", look.values]]) {
      const figure = html("figure", { class: "write-kv-figure" });
      figure.append(this.vectors(rows, `${name}: ${n} rows of 64 numbers, colour by size`, fresh), html("figcaption", {}, `${name}: ${n} × 64`));
      pair.append(figure);
    }
    this.cacheDrawing.append(pair);
  }

  renderTimes() {
    clear(this.timesTable);
    const { on, off, prefill } = this.times;
    const contexts = [...new Set([...on.keys(), ...off.keys()])].sort((a, b) => a - b);
    const said = [];
    if (prefill.on) said.push(`the prefill of ${prefill.on.tokens} tokens took ${ms(prefill.on.ms)} with the cache`);
    if (prefill.off) said.push(`${ms(prefill.off.ms)} for ${prefill.off.tokens} tokens without`);
    this.timesNote.textContent = contexts.length
      ? `Each row is one new token, by how many tokens it attended over. Write once with the cache and once without to compare${said.length ? `; ${said.join(", ")}` : ""}.`
      : "Write a few tokens with the cache on, then Reset and again with it off: their times appear here side by side.";
    if (!contexts.length) return;
    const head = html("thead");
    const headRow = html("tr");
    for (const title of ["Tokens so far", "With the cache", "Without the cache"]) headRow.append(html("th", { scope: "col" }, title));
    head.append(headRow);
    const body = html("tbody");
    for (const context of contexts) {
      const row = html("tr", { "data-context": context });
      row.append(html("th", { scope: "row" }, String(context)), html("td", {}, on.has(context) ? ms(on.get(context)) : "–"), html("td", {}, off.has(context) ? ms(off.get(context)) : "–"));
      body.append(row);
    }
    this.timesTable.append(head, body);
  }
}

export function mount(root) {
  const writers = [...root.querySelectorAll("[data-write]")].map((element, i) => new Writer(element, i + 1));
  return () => writers.forEach((writer) => writer.destroy());
}
