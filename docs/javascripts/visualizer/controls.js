// The lab's controls: model, sentence (presets and free text), layer and head,
// mask, scaling, temperature, numbers, export, and the line that says where
// views come from (with the buttons that load Python or the real model).
// Each control carries data-control=<name> (docs/architecture.md, "The DOM
// contract").

import { html } from "./dom.js";
import { CAUSAL, NO_MASK, causal } from "./mask.js";
import { MAX_SENTENCE_LENGTH, TEMPERATURES } from "./state.js";

const CUSTOM = "__custom__";

const MODEL_CHOICES = [
  ["hand", "Hand-built: 1 layer, 4 heads"],
  ["minilm", "all-MiniLM-L6-v2 (trained): 6 layers × 12 heads"],
  ["smollm2", "SmolLM2-135M-Instruct (language model): 30 layers × 9 heads"],
];

export const FIXED_SETTINGS_NOTE =
  "Mask, scaling and temperature are fixed for the trained model: it was trained to let every token see every token " +
  "and to divide the scores by √d_k, and the lab shows what it computes.";

export class Controls {
  constructor(parent, lab) {
    this.lab = lab;
    this.root = html("div", { class: "viz-controls" });
    parent.append(this.root);
    this.buildSentence();
    this.buildSettings();
    this.buildStatus();
  }

  buildSentence() {
    const box = html("div", { class: "viz-sentence" });
    const modelLabel = html("label", { class: "viz-field" });
    modelLabel.append(html("span", { class: "viz-field-name" }, "Model"));
    this.model = html("select", { "data-control": "model" });
    for (const [value, text] of MODEL_CHOICES) this.model.append(html("option", { value }, text));
    modelLabel.append(this.model);
    this.model.addEventListener("change", () => this.lab.setModel(this.model.value));

    const presetLabel = html("label", { class: "viz-field" });
    this.presetName = html("span", { class: "viz-field-name" }, "Sentence");
    presetLabel.append(this.presetName);
    this.preset = html("select", { "data-control": "preset" });
    presetLabel.append(this.preset);

    const form = html("form", { class: "viz-field viz-own", "aria-label": "Your own sentence" });
    const ownLabel = html("label", { for: this.lab.id("own"), class: "viz-field-name viz-nowrap" }, "or your own");
    this.own = html("input", {
      id: this.lab.id("own"),
      type: "text",
      "data-control": "sentence",
      maxlength: String(MAX_SENTENCE_LENGTH),
      spellcheck: "false",
      autocomplete: "off",
      placeholder: "Type a sentence, then Enter",
      "aria-describedby": this.lab.id("status"),
    });
    this.apply = html("button", { type: "submit", class: "viz-button", "data-control": "apply" }, "Show");
    form.append(ownLabel, this.own, this.apply);
    this.ownForm = form;
    // In place of the form, for a model that shows prepared sentences only: why.
    this.noOwn = html("p", { class: "viz-fixed-note viz-no-own", "data-view": "no-own-sentence", hidden: true });
    box.append(modelLabel, presetLabel, form, this.noOwn);
    this.root.append(box);

    this.preset.addEventListener("change", () => {
      if (this.preset.value !== CUSTOM) this.lab.setSentence(this.preset.value);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const sentence = this.own.value.trim();
      if (sentence) this.lab.setSentence(sentence);
    });
    // The first keystroke starts loading Python, so it is likely warm by Enter.
    this.own.addEventListener("input", () => this.lab.typing());
  }

  buildSettings() {
    const box = html("div", { class: "viz-settings" });

    const select = (name, text) => {
      const label = html("label", { class: "viz-field" });
      const control = html("select", { "data-control": name });
      label.append(html("span", { class: "viz-field-name" }, text), control);
      box.append(label);
      return [label, control];
    };
    [this.layerLabel, this.layer] = select("layer", "Layer");
    this.layer.addEventListener("change", () => this.lab.setHead(Number(this.layer.value), this.lab.state.head));
    [, this.head] = select("head", "Head");
    this.head.addEventListener("change", () => {
      const [layer, head] = this.head.value.split(":").map(Number);
      this.lab.setHead(layer, head);
    });

    const fixed = this.lab.id("fixed");
    const toggle = (name, text, title) => {
      const label = html("label", { class: "viz-toggle", title });
      const input = html("input", { type: "checkbox", "data-control": name });
      label.append(input, html("span", {}, text));
      box.append(label);
      return input;
    };

    this.mask = toggle("mask", "Causal mask", "GPT-style: each token sees only itself and earlier tokens (off: BERT-style, all tokens)");
    this.scaling = toggle("scaling", "Divide by √d_k", "Scale the scores by 1/√d_k before the softmax");

    const temperature = html("label", { class: "viz-field viz-temperature" });
    temperature.append(html("span", { class: "viz-field-name" }, "Temperature τ"));
    this.temperature = html("input", {
      type: "range",
      min: "0",
      max: String(TEMPERATURES.length - 1),
      step: "1",
      "data-control": "temperature",
      "aria-valuetext": "",
    });
    this.temperatureText = html("output", { class: "viz-temperature-value" });
    temperature.append(this.temperature, this.temperatureText);
    box.append(temperature);
    this.fixedNote = html("p", { class: "viz-fixed-note", id: fixed, "data-view": "fixed-settings", hidden: true }, FIXED_SETTINGS_NOTE);

    this.numbers = toggle("numbers", "Numbers in the heatmap", "Write each weight in its cell");

    const exports = html("div", { class: "viz-exports", role: "group", "aria-label": "Export" });
    exports.append(html("span", { class: "viz-field-name" }, "Export"));
    for (const [name, text, title] of [
      ["export-svg", "SVG", "Download the lines and the heatmap of this head as an SVG picture"],
      ["export-png", "PNG", "Download the lines and the heatmap of this head as a PNG picture"],
      ["export-csv", "CSV", "Download this head's weights as a CSV table"],
    ]) {
      const button = html("button", { type: "button", class: "viz-button", "data-control": name, title }, text);
      button.addEventListener("click", () => this.lab.export(name.slice("export-".length)));
      exports.append(button);
    }
    box.append(exports);
    this.root.append(box, this.fixedNote);

    this.mask.addEventListener("change", () => this.lab.setSettings({ mask: this.mask.checked ? CAUSAL : NO_MASK }));
    this.scaling.addEventListener("change", () => this.lab.setSettings({ scaling: this.scaling.checked }));
    this.temperature.addEventListener("input", () => {
      this.showTemperature(TEMPERATURES[Number(this.temperature.value)]);
      this.lab.setSettings({ temperature: TEMPERATURES[Number(this.temperature.value)] });
    });
    this.numbers.addEventListener("change", () => this.lab.setNumbers(this.numbers.checked));
  }

  buildStatus() {
    const box = html("div", { class: "viz-status-line" });
    this.status = html("p", { class: "viz-status", id: this.lab.id("status"), "data-viz-status": "", role: "status", "aria-live": "polite" });
    this.load = html("button", { type: "button", class: "viz-button", "data-control": "load-python", hidden: true }, "Load Python now");
    this.load.addEventListener("click", () => this.lab.warmUp());
    this.loadModel = html("button", { type: "button", class: "viz-button viz-button--strong", "data-control": "load-model", hidden: true });
    this.loadModel.addEventListener("click", () => this.lab.loadModel());
    this.progress = html("progress", { class: "viz-progress", "data-view": "model-progress", max: "1", value: "0", hidden: true, "aria-label": "Model download" });
    // Cancel stops the weights' download; Retry repeats, in place, whatever the status line says failed.
    this.cancel = html("button", { type: "button", class: "viz-button", "data-control": "cancel-model", hidden: true }, "Cancel");
    this.cancel.addEventListener("click", () => this.lab.cancelModel());
    this.retry = html("button", { type: "button", class: "viz-button viz-button--strong", "data-control": "retry", hidden: true }, "Retry");
    this.retryAction = null;
    this.retry.addEventListener("click", () => {
      const action = this.retryAction;
      if (action) action();
    });
    box.append(this.status, this.load, this.loadModel, this.progress, this.cancel, this.retry);
    this.root.append(box);
  }

  /** Fill the sentence menu with a model's presets (again when the model changes). */
  fillPresets(presets) {
    while (this.preset.firstChild) this.preset.removeChild(this.preset.firstChild);
    let group = null;
    let parent = this.preset;
    for (const preset of presets) {
      if (preset.group !== group) {
        group = preset.group;
        parent = html("optgroup", { label: group });
        this.preset.append(parent);
      }
      parent.append(html("option", { value: preset.sentence }, preset.sentence));
    }
    this.preset.append(html("option", { value: CUSTOM, hidden: true }, "(your own sentence)"));
  }

  /** The layer menu (hidden for a one-layer model) and the chosen layer's heads, by their labels on this sentence. */
  fillHeads(view, layer) {
    const many = view.layers.length > 1;
    const layers = view.layers.map((_, l) => [String(l), `Layer ${l + 1}`]);
    const heads = view.layers[layer].heads.map((head, h) => [`${layer}:${h}`, `${many ? "" : "Head "}${h + 1}: ${head.label}`]);
    const signature = JSON.stringify([layers, heads]);
    if (signature === this.headSignature) return;
    this.headSignature = signature;
    this.layerLabel.hidden = !many;
    for (const [menu, options] of [
      [this.layer, layers],
      [this.head, heads],
    ]) {
      while (menu.firstChild) menu.removeChild(menu.firstChild);
      for (const [value, text] of options) menu.append(html("option", { value }, text));
    }
  }

  showTemperature(t) {
    this.temperatureText.textContent = `τ = ${t}`;
    this.temperature.setAttribute("aria-valuetext", `temperature ${t}`);
  }

  /** Show the requested state in the controls; `fixed`: the model's settings cannot be changed (a trained model). */
  update(state, isPreset, fixed = false) {
    this.model.value = state.model;
    this.preset.value = isPreset ? state.sentence : CUSTOM;
    if (!isPreset && document.activeElement !== this.own) this.own.value = state.sentence;
    this.layer.value = String(state.layer);
    if (this.head.querySelector(`option[value="${state.layer}:${state.head}"]`)) this.head.value = `${state.layer}:${state.head}`;
    // A trained model's own settings (the encoder's unless its module says otherwise: lab.fixedSettings()).
    const settings = fixed ? { mask: NO_MASK, scaling: true, temperature: 1, note: FIXED_SETTINGS_NOTE, ...this.lab.fixedSettings() } : null;
    const shown = settings || state;
    this.mask.checked = causal(shown);
    this.scaling.checked = shown.scaling;
    this.temperature.value = String(Math.max(0, TEMPERATURES.indexOf(shown.temperature)));
    this.showTemperature(shown.temperature);
    for (const input of [this.mask, this.scaling, this.temperature]) {
      input.disabled = fixed;
      if (fixed) input.setAttribute("aria-describedby", this.fixedNote.id);
      else input.removeAttribute("aria-describedby");
      input.closest("label").classList.toggle("viz-disabled", fixed);
    }
    this.fixedNote.hidden = !fixed;
    if (settings && this.fixedNote.textContent !== settings.note) this.fixedNote.textContent = settings.note;
    const noOwn = settings && settings.noOwn;
    this.ownForm.hidden = Boolean(noOwn);
    this.noOwn.hidden = !noOwn;
    if (noOwn && this.noOwn.textContent !== noOwn) this.noOwn.textContent = noOwn;
    // A language model is given prompts rather than sentences.
    const name = (settings && settings.sentenceName) || "Sentence";
    if (this.presetName.textContent !== name) {
      this.presetName.textContent = name;
      this.own.placeholder = `Type a ${name.toLowerCase()}, then Enter`;
    }
    this.numbers.checked = state.numbers;
  }

  /** Put the reader's own text back in the box (after a view of it failed). */
  keepOwn(text) {
    this.own.value = text;
  }

  /**
   * The status line. `offerLoad`: show "Load Python now"; `offerModel`: the
   * real model's download button, with this text; `progress`: {loaded, total}
   * of a download under way; `cancel`: offer Cancel (the weights are
   * loading); `retry`: a function that repeats what failed, offered as Retry.
   */
  setStatus(text, { error = false, offerLoad = false, offerModel = null, progress = null, cancel = false, retry = null } = {}) {
    if (this.status.textContent !== text) this.status.textContent = text;
    this.status.classList.toggle("viz-status--error", error);
    this.load.hidden = !offerLoad;
    this.loadModel.hidden = !offerModel;
    if (offerModel) this.loadModel.textContent = offerModel;
    this.cancel.hidden = !cancel;
    this.retryAction = retry;
    this.retry.hidden = !retry;
    this.progress.hidden = !progress;
    if (progress) {
      this.progress.max = progress.total || 1;
      this.progress.value = Math.min(progress.loaded, progress.total || 1);
    }
  }
}
