// The StreamingLLM button of "Attention in today's models": SmolLM2 reads the
// first tokens of the lesson's story in the reader's browser under three KV
// caches (every token; the last W; the first 4 and the last W − 4), and the
// page shows the mean loss of each. Mounted on every [data-streaming] element
// (components.js); the build writes the element, with the story's first token
// ids in data-ids (overrides/hooks/streaming_llm.py).
//
// The model is the lab's (visualizer/smollm2.js, sharedSource): the same GGUF
// file, downloaded only when the reader presses Run (whose label says its
// size), kept offline afterwards by the service worker, Cancel while it
// downloads. The numbers come from attention/lab/streaming.py through the
// entry points attention.lab.entry.streaming_start and streaming_step, a few
// tokens per call, so the page answers between calls and Stop takes effect
// after the call in flight; nothing is computed here but the progress.
//
// The element carries its state for the tests: data-streaming-state = idle |
// loading | running | stopped | done | error; each number of the results
// table has its full value in data-value.

import { python } from "../runner/python-session.js";
import { pythonError } from "./visualizer/data.js";
import { clear, html } from "./visualizer/dom.js";
import { formatBytes } from "./visualizer/format.js";
import { isCancelled } from "./visualizer/minilm.js";
import { MODEL_NAME, sharedSource } from "./visualizer/smollm2.js";

const FILE_PATH = `/models/${MODEL_NAME}/SmolLM2-135M-Instruct.Q4_1.gguf`; // where smollm2.js writes the file
const TOKENS = [64, 128, 256, 512];
const WINDOWS = [16, 32, 64];
const DEFAULT_TOKENS = 256;
const DEFAULT_WINDOW = 32;
// Tokens per call: a few hundred milliseconds of Python in the page, so that Stop is heard soon.
const CHUNK = 8;

function label(policy, window, sinks) {
  if (policy === "dense") return "every token (dense)";
  if (policy === "window") return `the last ${window}`;
  return `the first ${sinks} and the last ${window - sinks}`;
}

class StreamingRun {
  constructor(root, index) {
    this.root = root;
    this.prefix = `streaming-${index}`;
    this.ids = root.dataset.ids.split(",").map(Number);
    this.sinks = Number(root.dataset.sinks);
    this.source = sharedSource();
    this.state = "idle";
    this.run = 0; // a Stop, a restart or leaving makes the answers of older runs unwanted
    this.stopping = false;
    this.destroyed = false;
    this.build();
    this.unlisten = python.onState((event) => this.pythonEvent(event));
    this.prepared = false;
    this.root.addEventListener("pointerover", () => this.prepareOnce());
    this.root.addEventListener("focusin", () => this.prepareOnce());
    this.watcher = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && this.prepareOnce());
    this.watcher.observe(this.root);
    this.show();
  }

  id(name) {
    return `${this.prefix}-${name}`;
  }

  select(control, values, chosen, text) {
    const input = html("select", { id: this.id(control), "data-control": control });
    for (const value of values) input.append(html("option", { value: String(value), selected: value === chosen }, text(value)));
    return input;
  }

  build() {
    clear(this.root);
    this.root.append(html("h4", { id: this.id("title") }, "StreamingLLM in your browser"));
    const form = html("div", { class: "streaming-settings", role: "group", "aria-labelledby": this.id("title") });
    this.tokens = this.select("streaming-tokens", TOKENS.filter((n) => n <= this.ids.length), DEFAULT_TOKENS, (n) => `${n} tokens`);
    this.window = this.select("streaming-window", WINDOWS, DEFAULT_WINDOW, (w) => `W = ${w}`);
    const field = (text, input) => {
      const box = html("div", { class: "streaming-field" });
      box.append(html("label", { for: input.id }, text), input);
      return box;
    };
    form.append(field("Text", this.tokens), field("Window", this.window));
    this.runButton = html("button", { type: "button", class: "viz-button viz-button--strong", "data-action": "streaming-run" }, "Run");
    this.runButton.addEventListener("click", () => this.start());
    this.stopButton = html("button", { type: "button", class: "viz-button", "data-action": "streaming-stop", disabled: true }, "Stop");
    this.stopButton.addEventListener("click", () => this.stop());
    form.append(this.runButton, this.stopButton);
    this.root.append(form);
    this.progress = html("progress", { class: "viz-progress", max: "1", value: "0", hidden: true, "aria-labelledby": this.id("status") });
    this.status = html("p", { id: this.id("status"), class: "streaming-status", role: "status", "data-view": "streaming-status" });
    this.error = html("p", { class: "streaming-error", role: "alert", hidden: true, "data-view": "streaming-error" });
    this.retryButton = html("button", { type: "button", class: "viz-button", "data-action": "streaming-retry", hidden: true }, "Retry");
    this.retryButton.addEventListener("click", () => this.start());
    this.root.append(this.status, this.progress, this.error, this.retryButton);
    this.table = html("table", { class: "streaming-results", hidden: true, "data-view": "streaming-results" });
    this.root.append(this.table);
  }

  prepareOnce() {
    if (this.prepared || this.destroyed) return;
    this.prepared = true;
    this.watcher.disconnect();
    this.prepare();
  }

  // The model's list says whether the build ships the model; its manifest, the size Run downloads.
  async prepare() {
    try {
      await this.source.loadIndex();
      if (this.source.live) await this.source.manifest();
    } catch (error) {
      if (this.destroyed || (error && error.name === "AbortError")) return;
      this.fail(`The model's files could not be found: ${error.message}.`);
      return;
    }
    if (!this.destroyed) this.show();
  }

  set(state) {
    this.state = state;
    this.root.dataset.streamingState = state;
  }

  show(text) {
    if (text !== undefined) this.status.textContent = text;
    else if (this.state === "idle") this.status.textContent = this.idleText();
    const busy = this.state === "loading" || this.state === "running";
    this.runButton.disabled = busy || Boolean(this.source.index && !this.source.live);
    this.stopButton.disabled = !busy;
    this.stopButton.textContent = this.state === "loading" ? "Cancel" : "Stop";
    this.tokens.disabled = busy;
    this.window.disabled = busy;
    this.progress.hidden = !busy;
    this.root.dataset.streamingState = this.state;
  }

  idleText() {
    if (this.source.index && !this.source.live) return "This copy of the course does not ship the language model, so the button cannot run here.";
    if (this.source.inPython) return "The model is loaded: press Run.";
    const bytes = this.source.downloadBytes;
    return bytes
      ? `Run downloads the model once, ${formatBytes(bytes)}, and keeps it for offline use.`
      : "Run downloads the model once and keeps it for offline use.";
  }

  fail(text) {
    this.set("error");
    this.error.textContent = text;
    this.error.hidden = false;
    this.retryButton.hidden = false;
    this.show("The run failed: see the message below.");
  }

  async start() {
    if (this.state === "loading" || this.state === "running" || this.destroyed) return;
    const run = ++this.run;
    const n = Number(this.tokens.value);
    const window = Number(this.window.value);
    this.stopping = false;
    this.error.hidden = true;
    this.retryButton.hidden = true;
    this.table.hidden = true;
    this.progress.value = 0;
    this.set("loading");
    this.show("Loading the model…");
    try {
      await this.source.ensureModel((progress) => {
        if (run !== this.run || this.destroyed) return;
        if (progress.phase === "download" && progress.total) {
          this.progress.value = progress.loaded / progress.total;
          this.show(`Downloading the model: ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`);
        } else this.show(progress.phase === "python" ? "Starting Python…" : "Loading the model into Python…");
      });
      if (run !== this.run || this.destroyed) return;
      this.set("running");
      this.progress.value = 0;
      this.show(`SmolLM2 reads ${n} tokens under three caches, W = ${window}…`);
      const sizes = await python.call("attention.lab.entry.streaming_start", { path: FILE_PATH, ids: this.ids.slice(0, n), window });
      const policies = sizes.policies;
      let answer = null;
      while (!(answer && answer.finished)) {
        if (run !== this.run || this.destroyed) return;
        if (this.stopping) {
          this.set("stopped");
          this.show("Stopped. Press Run to start again.");
          return;
        }
        answer = await python.call("attention.lab.entry.streaming_step", { tokens: CHUNK });
        if (run !== this.run || this.destroyed) return;
        const done = policies.indexOf(answer.policy) * answer.total + answer.read;
        this.progress.value = done / (policies.length * answer.total);
        this.show(`Cache keeping ${label(answer.policy, window, this.sinks)}: ${answer.read} of ${answer.total} tokens read.`);
      }
      this.results(answer.summary, window);
      this.set("done");
      this.show(`Done: ${n} tokens, W = ${window}. The table below gives the mean loss under each cache.`);
    } catch (error) {
      if (run !== this.run || this.destroyed) return;
      if (isCancelled(error)) {
        this.set("idle");
        this.show("Download cancelled. Press Run to load the model again.");
      } else if (pythonError(error) === "stopped") {
        this.set("stopped");
        this.show("Python was restarted, which ended the run. Press Run to start again.");
      } else this.fail(`Python says: ${pythonError(error)}`);
    }
  }

  stop() {
    if (this.state === "loading") this.source.cancel();
    else if (this.state === "running") {
      this.stopping = true;
      this.show("Stopping after the tokens being read…");
    }
  }

  results(summary, window) {
    clear(this.table);
    this.table.append(html("caption", {}, `Mean next-token loss of SmolLM2 under three caches (W = ${window}), in nats`));
    const head = html("tr");
    for (const text of ["cache keeps", "tokens evicted", "mean loss", "perplexity", `mean loss after token ${window}`, `more than dense after token ${window}`]) {
      head.append(html("th", { scope: "col" }, text));
    }
    const body = html("tbody");
    for (const row of summary) {
      const tr = html("tr", { "data-policy": row.policy });
      tr.append(html("th", { scope: "row" }, label(row.policy, window, this.sinks)));
      const cell = (name, value, digits) => tr.append(html("td", { "data-field": name, "data-value": String(value) }, value.toFixed(digits)));
      tr.append(html("td", { "data-field": "evicted", "data-value": String(row.evicted) }, row.evicted.toLocaleString("en")));
      cell("mean_nll", row.mean_nll, 3);
      cell("perplexity", row.perplexity, 2);
      cell("mean_nll_after_window", row.mean_nll_after_window, 3);
      cell("extra_after_window", row.extra_after_window, 3);
      body.append(tr);
    }
    const thead = html("thead");
    thead.append(head);
    this.table.append(thead, body);
    this.table.hidden = false;
  }

  pythonEvent(event) {
    if (event.type === "state" && event.state === "stopped" && this.state === "running") {
      this.run += 1; // the run lived in the worker that ended
      this.set("stopped");
      this.show("Python was restarted, which ended the run. Press Run to start again.");
    }
  }

  destroy() {
    this.destroyed = true;
    this.run += 1;
    this.unlisten();
    this.watcher.disconnect();
    this.source.abortFetches();
  }
}

export function mount(root) {
  const runs = [...root.querySelectorAll("[data-streaming]")].map((element, i) => new StreamingRun(element, i + 1));
  return () => runs.forEach((run) => run.destroy());
}
