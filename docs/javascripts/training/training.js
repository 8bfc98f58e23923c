// The training widget of the lesson "Learning to attend": the documented
// two-layer model trained in the page's Python worker (the visit's one
// session, runner/python-session.js), a chunk of steps at a time, so the page
// stays responsive and can pause between chunks. Before the reader trains it
// shows the committed run (data/training-run.json, fetched once the widget is
// near the window); after training a slider
// goes back through the snapshots saved at every chunk.
//
// Python side: attention.training.session.TrainingSession, held by the entry
// points of attention/training/entry.py (start, then chunk after chunk),
// which the page calls by name with JSON arguments (python.call), never in
// the lesson blocks' namespace.
//
// DOM contract (tests/browser/test_training.py): the root [data-train] has
// data-train-state = committed | loading | training | paused | stopped | done
// | failed; buttons [data-action=train|pause|stop|reset|retry]; the seed
// input[data-control=seed] and its message [data-seed-error]; the slider
// input[data-control=snapshot]; [data-train-step], [data-train-loss] (its
// data-value the step's exact loss) and [data-train-elapsed]; the losses as a
// table [data-losses-table]; the heads as heads.js describes.
//
// mount(root) returns the unmount: every listener, subscription and timer
// goes, and a run in progress asks for no further chunk.

import { formatBytes } from "../visualizer/format.js";
import { html } from "../visualizer/dom.js";
import { python } from "../../runner/python-session.js";
import { HeadsView, tableBox } from "./heads.js";
import { LossChart } from "./loss-chart.js";
import { RUN_URL, addChunk, committedRun, probeAt, readerRun, stepsDone } from "./run-data.js";

/** Steps the worker trains between two drawings (the committed run's probes are this far apart). */
export const CHUNK = 25;
/** The largest seed (attention.training.session.MAX_SEED). */
const MAX_SEED = 2 ** 31 - 2;
/** The Python functions that start a run and train it a chunk further (attention/training/entry.py). */
const START_ENTRY = "attention.training.entry.start";
const CHUNK_ENTRY = "attention.training.entry.chunk";

let counter = 0;

function button(action, label) {
  return html("button", { type: "button", class: "training-button", "data-action": action }, label);
}

/** The seed the field holds, or an error message naming the field. */
export function parseSeed(text) {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return { error: `The seed must be a whole number from 0 to ${MAX_SEED.toLocaleString("en")}, such as 1.` };
  const seed = Number(value);
  if (!Number.isSafeInteger(seed) || seed > MAX_SEED) return { error: `The seed must be at most ${MAX_SEED.toLocaleString("en")}.` };
  return { seed };
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

class TrainingWidget {
  constructor(root) {
    this.root = root;
    this.id = `training-${++counter}`;
    this.listeners = new AbortController();
    this.run = null; // what is shown: the committed run, or the reader's
    this.committed = null;
    this.token = 0; // a new run, a Stop, a Reset or the unmount makes older chunks' answers stale
    this.paused = false;
    this.elapsedMs = 0;
    this.resumedAt = null;
    this.timer = 0;
    this.build();
    this.attached = false;
    this.unlisten = python.onState((event) => this.pythonEvent(event));
    this.setState("committed");
    this.loadWhenNear();
  }

  // The committed run is a third of the lesson's weight (data/training-run.json): it is fetched when the
  // widget comes within a screen of the window (or the reader lands on it), not as the page loads, so that a
  // reader who never scrolls that far never downloads it.
  loadWhenNear() {
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        this.load();
      },
      { rootMargin: "100% 0px" },
    );
    near.observe(this.root);
    this.near = near; // disconnected by destroy()
  }

  on(target, type, listener) {
    target.addEventListener(type, listener, { signal: this.listeners.signal });
  }

  // The widget's parts are made here and put into the page once, drawn (attach): the page below
  // moves by no more than the reserved height allows (training.css), and nothing inside it moves.
  build() {
    const root = this.root;
    this.waiting = html("p", { class: "training-waiting", role: "status" }, "Loading the committed run…");
    root.replaceChildren(this.waiting);
    root.classList.add("training-widget");
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", "Train the model in your browser");

    const controls = html("div", { class: "training-controls" });
    const seedId = `${this.id}-seed`;
    const errorId = `${this.id}-seed-error`;
    const seedBox = html("span", { class: "training-seed" });
    seedBox.append(html("label", { for: seedId }, "Seed"));
    this.seed = html("input", {
      id: seedId,
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      spellcheck: "false",
      size: 8,
      "data-control": "seed",
      "aria-describedby": errorId,
    });
    seedBox.append(this.seed);
    this.trainButton = button("train", "Train");
    this.pauseButton = button("pause", "Pause");
    this.stopButton = button("stop", "Stop");
    this.resetButton = button("reset", "Reset");
    this.retryButton = button("retry", "Retry");
    controls.append(seedBox, this.trainButton, this.pauseButton, this.stopButton, this.resetButton, this.retryButton);
    this.seedError = html("p", { id: errorId, class: "training-error", "data-seed-error": "", "aria-live": "polite" });

    const progress = html("p", { class: "training-progress" });
    this.stepText = html("span", { "data-train-step": "" });
    this.lossText = html("span", { "data-train-loss": "" });
    this.elapsedText = html("span", { "data-train-elapsed": "" });
    progress.append("Step ", this.stepText, " · loss ", this.lossText, " · ", this.elapsedText);
    this.status = html("p", { class: "training-status", role: "status", "aria-live": "polite" });

    const chartBox = html("div", { class: "training-chart-box" });
    this.chart = new LossChart(chartBox, root);

    const sliderId = `${this.id}-snapshot`;
    const slider = html("p", { class: "training-slider" });
    slider.append(html("label", { for: sliderId }, "Snapshot "));
    this.slider = html("input", { id: sliderId, type: "range", min: 0, max: 0, step: 1, value: 0, "data-control": "snapshot" });
    this.sliderText = html("output", { for: sliderId, class: "training-slider-step" });
    slider.append(this.slider, this.sliderText);

    const headsBox = html("div", { class: "training-heads-box" });
    this.heads = new HeadsView(headsBox, this.id, this.listeners.signal);

    this.lossesDetails = html("details", { class: "training-details" });
    this.lossesDetails.append(html("summary", {}, "The losses as a table"));
    this.lossesTable = html("table", { class: "training-losses", "data-losses-table": "" });
    this.lossesDetails.append(tableBox(this.lossesTable));

    this.parts = [controls, this.seedError, progress, this.status, chartBox, slider, headsBox, this.lossesDetails];

    this.on(this.trainButton, "click", () => this.train());
    this.on(this.retryButton, "click", () => this.train());
    this.on(this.pauseButton, "click", () => (this.paused ? this.resume() : this.pause()));
    this.on(this.stopButton, "click", () => this.stop());
    this.on(this.resetButton, "click", () => this.reset());
    this.on(this.seed, "keydown", (event) => {
      if (event.key === "Enter") this.train();
    });
    this.on(this.seed, "input", () => (this.seedError.textContent = ""));
    this.on(this.slider, "input", () => this.show(Number(this.slider.value)));
    this.on(window, "resize", () => this.chart.redraw());
  }

  attach() {
    if (this.attached) return;
    this.attached = true;
    this.root.replaceChildren(...this.parts);
  }

  async load() {
    this.say("Loading the committed run…");
    try {
      const response = await fetch(RUN_URL, { signal: this.listeners.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      this.committed = committedRun(await response.json());
    } catch (error) {
      if (this.listeners.signal.aborted) return;
      this.say(`The committed run could not be loaded (${error.message}); you can still train your own.`);
      this.attach();
      return;
    }
    if (this.listeners.signal.aborted || this.run) return;
    this.seed.value = String(this.committed.seed); // the reader starts from the documented seed
    this.showRun(this.committed);
    this.attach();
    this.say(
      `Showing the committed run: seed ${this.committed.seed}, ${this.committed.nSteps.toLocaleString("en")} steps. ` +
        "Move the slider to see the heads at each snapshot, or press Train.",
    );
  }

  // ── What is shown ────────────────────────────────────────────────────────

  showRun(run) {
    this.run = run;
    this.slider.max = String(run.snapshots.length - 1);
    this.slider.value = String(run.snapshots.length - 1);
    this.show(run.snapshots.length - 1);
    this.drawLossesTable();
    this.showProgress();
  }

  /** Show snapshot `index` of the current run in the chart's cursor and the heads. */
  show(index) {
    const run = this.run;
    if (!run) return;
    const snapshot = run.snapshots[index];
    this.sliderText.textContent = `step ${snapshot.step.toLocaleString("en")} of ${run.nSteps.toLocaleString("en")}`;
    this.slider.setAttribute("aria-valuetext", `step ${snapshot.step}`);
    this.chart.draw(run, snapshot.step);
    this.heads.draw(snapshot, probeAt(run, snapshot.step), run.tokens);
  }

  showProgress() {
    const run = this.run;
    if (!run) return;
    const done = stepsDone(run);
    this.stepText.textContent = `${done.toLocaleString("en")} of ${run.nSteps.toLocaleString("en")}`;
    const loss = done ? run.losses.loss[done - 1] : null;
    this.lossText.textContent = loss === null ? "–" : loss.toFixed(4);
    this.lossText.dataset.value = loss === null ? "" : String(loss);
    this.elapsedText.textContent = run.source === "reader" ? `${seconds(this.elapsed())} training` : "trained when the site was built";
  }

  drawLossesTable() {
    const run = this.run;
    const table = this.lossesTable;
    table.replaceChildren(html("caption", {}, `Loss on the probe batch, seed ${run.seed}, at every measurement`));
    const head = html("tr");
    for (const text of ["step", "before the repeat", "in the repeat"]) head.append(html("th", { scope: "col" }, text));
    const thead = html("thead");
    thead.append(head);
    this.lossesBody = html("tbody");
    table.append(thead, this.lossesBody);
    for (const probe of run.probes) this.addLossRow(probe);
  }

  addLossRow(probe) {
    const tr = html("tr", { "data-step": probe.step });
    tr.append(
      html("th", { scope: "row" }, probe.step.toLocaleString("en")),
      html("td", {}, probe.first_half.toFixed(5)),
      html("td", {}, probe.repeated_half.toFixed(5)),
    );
    this.lossesBody.append(tr);
  }

  say(text) {
    this.status.textContent = text;
  }

  setState(state) {
    this.state = state;
    this.root.dataset.trainState = state;
    const running = state === "training" || state === "paused" || state === "loading";
    this.trainButton.disabled = running;
    this.seed.disabled = running;
    this.pauseButton.disabled = !(state === "training" || state === "paused");
    this.pauseButton.textContent = state === "paused" ? "Resume" : "Pause";
    this.stopButton.disabled = !running;
    this.resetButton.disabled = state === "committed";
    this.retryButton.hidden = state !== "failed";
    this.slider.disabled = state === "training" || state === "loading";
  }

  // ── Python ───────────────────────────────────────────────────────────────

  pythonEvent(event) {
    if (this.state !== "loading") return;
    if (event.type === "progress") {
      const size = event.bytes ? ` (${formatBytes(event.bytes)})` : "";
      this.say(`Loading ${event.label}${size}, step ${event.step} of ${event.steps}…`);
    }
  }

  elapsed() {
    return this.elapsedMs + (this.resumedAt === null ? 0 : performance.now() - this.resumedAt);
  }

  startClock() {
    this.resumedAt = performance.now();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.showProgress(), 500);
  }

  stopClock() {
    if (this.resumedAt !== null) this.elapsedMs += performance.now() - this.resumedAt;
    this.resumedAt = null;
    clearInterval(this.timer);
    this.timer = 0;
  }

  async train() {
    if (this.state === "training" || this.state === "paused" || this.state === "loading") return;
    const parsed = parseSeed(this.seed.value);
    if (parsed.error) {
      this.seedError.textContent = parsed.error;
      this.seed.setAttribute("aria-invalid", "true");
      this.seed.focus();
      return;
    }
    this.seed.removeAttribute("aria-invalid");
    this.seedError.textContent = "";
    this.attach();
    const token = ++this.token;
    this.paused = false;
    this.elapsedMs = 0;
    this.setState("loading");
    this.say(python.state === "ready" ? "Preparing the model…" : "Starting Python…");
    let start;
    try {
      start = await python.call(START_ENTRY, { seed: parsed.seed }); // the documented run's length
    } catch (error) {
      if (token !== this.token) return;
      this.failed(error);
      return;
    }
    if (token !== this.token) return;
    this.showRun(readerRun(start));
    this.setState("training");
    this.startClock();
    this.say(`Training seed ${start.seed} (batches from seed ${start.data_seed}), ${CHUNK} steps at a time…`);
    this.loop(token);
  }

  failed(error) {
    this.stopClock();
    const message = String((error && error.message) || error);
    if (message === "stopped" || /Python stopped|Python exited|Python closed|crashed/.test(message)) {
      this.setState(this.run && this.run.source === "reader" ? "stopped" : "committed");
      this.say("Python was stopped or restarted (a code block's Stop or Restart ends it), and the run with it. Train starts a new one.");
      return;
    }
    if (message.startsWith("Python could not start")) {
      this.setState("failed");
      this.say(`${message} Press Retry to try again.`);
      return;
    }
    this.setState("failed");
    this.say(`Training failed: ${message.split("\n").filter(Boolean).slice(-1)[0]} Press Retry to start again.`);
  }

  async loop(token) {
    while (token === this.token && !this.paused && stepsDone(this.run) < this.run.nSteps) {
      let chunk;
      try {
        chunk = await python.call(CHUNK_ENTRY, { steps: CHUNK });
      } catch (error) {
        if (token === this.token) this.failed(error);
        return;
      }
      if (token !== this.token) return; // stopped, reset or unmounted while the chunk ran
      addChunk(this.run, chunk);
      this.addLossRow(chunk.probe);
      const last = this.run.snapshots.length - 1;
      this.slider.max = String(last);
      this.slider.value = String(last);
      this.show(last);
      this.showProgress();
    }
    if (token !== this.token) return;
    if (stepsDone(this.run) >= this.run.nSteps) {
      this.stopClock();
      this.setState("done");
      this.showProgress();
      this.say(
        `Trained ${this.run.nSteps.toLocaleString("en")} steps in ${seconds(this.elapsed())}. ` +
          "Move the slider to go back through the snapshots; Reset shows the committed run again.",
      );
    }
  }

  pause() {
    if (this.state !== "training") return;
    this.paused = true;
    this.stopClock();
    this.setState("paused");
    this.showProgress();
    this.say(`Paused at step ${stepsDone(this.run).toLocaleString("en")} (after the chunk in progress). Resume goes on.`);
  }

  resume() {
    if (this.state !== "paused") return;
    this.paused = false;
    this.setState("training");
    this.startClock();
    this.say(`Training seed ${this.run.seed}, ${CHUNK} steps at a time…`);
    this.loop(this.token);
  }

  stop() {
    if (!(this.state === "training" || this.state === "paused" || this.state === "loading")) return;
    this.token += 1;
    this.stopClock();
    if (this.run && this.run.source === "reader") {
      this.setState("stopped");
      this.showProgress();
      this.say(
        `Stopped at step ${stepsDone(this.run).toLocaleString("en")}. The slider goes back through the snapshots; ` +
          "Train starts a new run.",
      );
    } else {
      this.setState("committed");
      this.say("Stopped before the first step.");
    }
  }

  reset() {
    this.token += 1;
    this.paused = false;
    this.stopClock();
    this.elapsedMs = 0;
    this.setState("committed");
    if (this.committed) {
      this.showRun(this.committed);
      this.say(`Showing the committed run again: seed ${this.committed.seed}. Press Train to train your own.`);
    } else {
      this.say("Press Train to train the model.");
    }
  }

  destroy() {
    this.token += 1; // a chunk in flight is answered into nothing, and no next one is asked for
    this.stopClock();
    this.near.disconnect();
    this.listeners.abort();
    this.unlisten();
  }
}

export function mount(root) {
  const widgets = [...root.querySelectorAll("[data-train]")].map((element) => new TrainingWidget(element));
  if (!widgets.length) return undefined;
  return () => widgets.forEach((widget) => widget.destroy());
}
