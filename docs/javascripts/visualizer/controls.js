// The lab's controls: sentence (presets and free text), head, mask, scaling,
// temperature, numbers, export, and the line that says where views come from.
// Each control carries data-control=<name> (DOM contract in ../shared/DESIGN.md).

import { html } from "./dom.js";
import { TEMPERATURES } from "./state.js";

const CUSTOM = "__custom__";

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
    const presetLabel = html("label", { class: "viz-field" });
    presetLabel.append(html("span", { class: "viz-field-name" }, "Sentence"));
    this.preset = html("select", { "data-control": "preset" });
    presetLabel.append(this.preset);

    const form = html("form", { class: "viz-field viz-own", "aria-label": "Your own sentence" });
    const ownLabel = html("label", { for: this.lab.id("own"), class: "viz-field-name viz-nowrap" }, "or your own");
    this.own = html("input", {
      id: this.lab.id("own"),
      type: "text",
      "data-control": "sentence",
      maxlength: "200",
      spellcheck: "false",
      autocomplete: "off",
      placeholder: "Type a sentence, then Enter",
      "aria-describedby": this.lab.id("status"),
    });
    this.apply = html("button", { type: "submit", class: "viz-button", "data-control": "apply" }, "Show");
    form.append(ownLabel, this.own, this.apply);
    box.append(presetLabel, form);
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
    this.own.addEventListener("input", () => this.lab.warmUp(), { once: true });
  }

  buildSettings() {
    const box = html("div", { class: "viz-settings" });

    const headLabel = html("label", { class: "viz-field" });
    headLabel.append(html("span", { class: "viz-field-name" }, "Head"));
    this.head = html("select", { "data-control": "head" });
    headLabel.append(this.head);
    this.head.addEventListener("change", () => {
      const [layer, head] = this.head.value.split(":").map(Number);
      this.lab.setHead(layer, head);
    });

    const toggle = (name, text, title) => {
      const label = html("label", { class: "viz-toggle", title });
      const input = html("input", { type: "checkbox", "data-control": name });
      label.append(input, html("span", {}, text));
      box.append(label);
      return input;
    };

    box.append(headLabel);
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
    this.root.append(box);

    this.mask.addEventListener("change", () => this.lab.setSettings({ mask: this.mask.checked ? "causal" : "none" }));
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
    box.append(this.status, this.load);
    this.root.append(box);
  }

  /** Fill the menus once the presets and the first view are known. */
  fillPresets(presets) {
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

  fillHeads(view) {
    const options = [];
    view.layers.forEach((layer, l) =>
      layer.heads.forEach((head, h) => {
        const name = view.layers.length > 1 ? `Layer ${l + 1}, head ${h + 1}` : `Head ${h + 1}`;
        options.push([`${l}:${h}`, `${name}: ${head.label}`]);
      }),
    );
    const signature = options.map((o) => o.join("=")).join("|");
    if (signature === this.headSignature) return;
    this.headSignature = signature;
    while (this.head.firstChild) this.head.removeChild(this.head.firstChild);
    for (const [value, text] of options) this.head.append(html("option", { value }, text));
  }

  showTemperature(t) {
    this.temperatureText.textContent = `τ = ${t}`;
    this.temperature.setAttribute("aria-valuetext", `temperature ${t}`);
  }

  /** Show the requested state in the controls. */
  update(state, isPreset) {
    this.preset.value = isPreset ? state.sentence : CUSTOM;
    if (!isPreset && document.activeElement !== this.own) this.own.value = state.sentence;
    if (this.head.querySelector(`option[value="${state.layer}:${state.head}"]`)) this.head.value = `${state.layer}:${state.head}`;
    this.mask.checked = state.mask === "causal";
    this.scaling.checked = state.scaling;
    this.temperature.value = String(Math.max(0, TEMPERATURES.indexOf(state.temperature)));
    this.showTemperature(state.temperature);
    this.numbers.checked = state.numbers;
  }

  setStatus(text, { error = false, offerLoad = false } = {}) {
    this.status.textContent = text;
    this.status.classList.toggle("viz-status--error", error);
    this.load.hidden = !offerLoad;
  }
}
