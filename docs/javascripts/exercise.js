// Build-it exercises: the reader writes a function, Check grades it in the page's Python.
//
// The HTML comes from overrides/hooks/quiz.py (with _exercise_html.py) at build time
// (docs/architecture.md, "The DOM contract"): [data-exercise] holding the starter in
// [data-exercise-code] (a <pre>, made a text box here, until the editor replaces it), a <template
// data-exercise-starter>, the buttons check / hint / solution / reset (disabled until
// mounted, and hidden without JavaScript), the verdict
// [data-exercise-verdict] (a status region), the report [data-exercise-message], every
// mistake's explanation [data-exercise-mistake=id], every hint [data-exercise-hint] and
// the solution [data-exercise-solution], all hidden. This script reveals what applies and
// writes text with textContent only.
//
// Check sends the reader's code, as text inside JSON, to the package's entry point
// attention.exercises.entry.check in the page's Python (runner/python-session.js: the
// same worker as the lesson's blocks, started on the first intent to use an exercise).
// The grader runs it as a guest, under its own time and memory limits
// (attention/exercises/guest.py); a computation it cannot interrupt (one long numpy
// call) is ended here, by ending the worker, after CALL_LIMIT_MS.
//
// Progress (progress.js's `exercises` store, by exercise id): solved, the number of
// Checks and of hints shown, whether the solution was shown, and the reader's code
// while it differs from the starter, saved as they type: a reload, a failed Check, a
// crashed worker or another page lose nothing.

import { python } from "../runner/python-session.js";
import { CODE_MAX_LENGTH, exercises as store } from "./progress.js";

const ENTRY = "attention.exercises.entry.check";
// Longer than the grader's own limit (2 s per Check) with room for a slow phone; past it,
// the code is stuck where Python cannot stop it.
const CALL_LIMIT_MS = 20_000;
// Checks before the solution may be asked for (it always shows after a pass).
const CHECKS_BEFORE_SOLUTION = 2;
const SAVE_DELAY_MS = 400;

let editorModule = null;
function loadEditor() {
  if (!editorModule) {
    editorModule = import("../runner/editor.js").catch((error) => {
      editorModule = null;
      throw error;
    });
  }
  return editorModule;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const isRunKey = (event) => event.key === "Enter" && (event.ctrlKey || event.metaKey);

class Exercise {
  constructor(root, page) {
    this.root = root;
    this.page = page;
    this.id = root.dataset.exercise;
    this.pre = root.querySelector("[data-exercise-code]");
    this.box = this.pre.closest(".highlight");
    this.starter = root.querySelector("template[data-exercise-starter]").content.textContent;
    this.progress = root.querySelector("[data-exercise-progress]");
    this.buttons = {};
    for (const action of ["check", "hint", "solution", "reset"]) {
      this.buttons[action] = root.querySelector(`button[data-action="${action}"]`);
    }
    this.state = root.querySelector("[data-exercise-state]");
    this.verdict = root.querySelector("[data-exercise-verdict]");
    this.message = root.querySelector("[data-exercise-message]");
    this.hints = [...root.querySelectorAll("[data-exercise-hint]")];
    this.solution = root.querySelector("[data-exercise-solution]");
    this.editor = null;
    this.activating = null;
    this.busy = false;
    this.saveTimer = 0;
    this.kept = "kept";

    const resetsBefore = store.resets;
    this.record = store.get(this.id) || { solved: false, checks: 0, hints: 0, solution: false };
    this.text = this.record.code !== undefined ? this.record.code : this.starter;
    // The starter, as built, becomes the reader's text box (the editor replaces it on the first intent to edit).
    this.pre.setAttribute("role", "textbox");
    this.pre.setAttribute("aria-multiline", "true");
    this.pre.setAttribute("aria-label", this.pre.dataset.exerciseLabel);
    this.pre.tabIndex = 0;
    this.exposeCode(this.pre);
    for (const action of ["check", "solution", "reset"]) this.buttons[action].disabled = false; // the hint's: update()

    const on = page.on;
    on(this.buttons.check, "click", () => this.check());
    on(this.buttons.hint, "click", () => this.nextHint());
    on(this.buttons.solution, "click", () => this.askForSolution());
    on(this.buttons.reset, "click", (event) => this.reset({ keyboard: event.detail === 0 }));
    on(this.pre, "mousedown", (event) => {
      if (event.button !== 0) return;
      event.preventDefault(); // the editor takes the focus and the caret
      this.activate({ focus: "pointer" });
    });
    on(this.pre, "focusin", () => this.activate({ focus: "keyboard" }));
    on(this.pre, "keydown", (event) => {
      if (isRunKey(event)) {
        event.preventDefault();
        this.check();
      }
    });
    // Python warms up on the first intent to use an exercise, as it does for the blocks.
    for (const type of ["pointerenter", "focusin"]) on(root, type, () => page.warm());

    if (this.text !== this.starter) {
      this.pre.querySelector("code").textContent = this.text;
      this.activate();
    }
    for (const hint of this.hints.slice(0, this.record.hints)) hint.hidden = false;
    this.solution.hidden = !(this.record.solution && (this.record.solved || this.record.checks >= CHECKS_BEFORE_SOLUTION));
    if (store.resets > resetsBefore) {
      this.say("Your saved work on this exercise could not be read, so it was reset.");
    }
    this.update();
    root.dataset.exerciseReady = "";
  }

  /** `element.value` is the reader's code (the DOM contract), like a textarea's. */
  exposeCode(element) {
    Object.defineProperty(element, "value", { get: () => this.code, configurable: true });
  }

  /** The reader's code as it is now. */
  get code() {
    return this.editor ? this.editor.code : this.text;
  }

  activate({ focus = null } = {}) {
    if (this.editor) {
      if (focus) this.editor.focus({ keyboard: focus === "keyboard" });
      return Promise.resolve(this.editor);
    }
    if (focus) this.intent = focus;
    if (!this.activating) {
      this.activating = loadEditor().then(
        ({ createEditor }) => {
          if (this.page.destroyed) return null;
          const focused = this.pre.contains(document.activeElement);
          this.editor = createEditor({
            replaced: this.box,
            code: this.text,
            caret: 0,
            label: this.pre.getAttribute("aria-label"),
            attributes: { "data-exercise-code": "" },
            onChange: () => this.edited(),
            onRun: () => this.check(),
          });
          this.exposeCode(this.editor.view.contentDOM);
          if (focused || this.intent) this.editor.focus({ keyboard: this.intent !== "pointer" });
          this.intent = null;
          return this.editor;
        },
        (error) => {
          this.activating = null;
          console.warn("attention course: the code editor could not be loaded", error);
          this.say("The editor could not be loaded (check the connection): reload the page to write your code.");
          return null;
        },
      );
    }
    return this.activating;
  }

  edited() {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), SAVE_DELAY_MS);
  }

  save(changes = {}) {
    clearTimeout(this.saveTimer);
    const code = this.code;
    if (code.length > CODE_MAX_LENGTH) {
      this.note = `Your code is longer than ${CODE_MAX_LENGTH.toLocaleString("en")} characters, so it is not saved in this browser.`;
    } else {
      this.note = "";
    }
    const record = { ...this.record, ...changes, time: new Date().toISOString() };
    if (code === this.starter || code.length > CODE_MAX_LENGTH) delete record.code;
    else record.code = code;
    this.record = record;
    this.kept = store.set(this.id, record);
    this.update();
    this.page.updateSummary();
  }

  say(text) {
    this.verdict.textContent = text;
  }

  // The line beside the buttons: how far the reader is, and whether it is kept.
  update() {
    const { solved, checks, hints } = this.record;
    const parts = [solved ? "Solved" : "Not solved yet", plural(checks, "check", "checks")];
    if (hints) parts.push(`${hints} of ${plural(this.hints.length, "hint", "hints")}`);
    let text = parts.join(" · ");
    if (this.kept === "memory") text += " (kept for this visit only: this browser does not let the site store it)";
    if (this.note) text += `. ${this.note}`;
    this.state.textContent = text;
    this.root.toggleAttribute("data-exercise-solved", solved);
    const more = hints < this.hints.length;
    this.buttons.hint.disabled = !more;
    this.buttons.hint.textContent = more ? "Hint" : "No more hints";
  }

  clearReport() {
    this.message.hidden = true;
    this.message.textContent = "";
    for (const element of this.root.querySelectorAll("[data-exercise-mistake]")) element.hidden = true;
    delete this.root.dataset.exerciseResult;
  }

  async check() {
    if (this.busy) return;
    this.busy = true;
    this.buttons.check.disabled = true;
    this.clearReport();
    const code = this.code;
    this.save();
    try {
      if (python.state !== "ready") {
        this.say("Starting Python…");
        this.listening = python.onState((event) => {
          if (event.type === "progress") this.say(`Starting Python: ${event.label}, step ${event.step} of ${event.steps}…`);
        });
        try {
          await python.start();
        } finally {
          this.listening();
          this.listening = null;
        }
      }
      this.say("Checking…");
      const report = await this.call(code);
      if (this.page.destroyed) return;
      this.show(report);
    } catch (error) {
      if (this.page.destroyed) return;
      this.root.dataset.exerciseResult = "error";
      this.say(this.failure(error));
    } finally {
      this.busy = false;
      this.buttons.check.disabled = false;
    }
  }

  // The grader's report, or an error: Python could not start, stopped, or was stuck past CALL_LIMIT_MS.
  call(code) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        python.stop(); // the only way to end code that Python itself cannot interrupt
        reject(new Error("stuck"));
      }, CALL_LIMIT_MS);
      python.call(ENTRY, { exercise: this.id, code }).then(
        (report) => {
          clearTimeout(timer);
          resolve(report);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  failure(error) {
    const message = String((error && error.message) || error);
    if (message === "stuck") {
      return (
        `Stopped: your code ran for more than ${CALL_LIMIT_MS / 1000} s inside one computation that Python could not ` +
        "interrupt (a single numpy call on a huge array, say), so Python was restarted. Your code is kept; the lesson's " +
        "blocks run again from the top when you next run one."
      );
    }
    if (message.startsWith("Python could not start")) return `${message} Your code is kept: press Check again.`;
    if (message === "stopped") return "Python was stopped before Check finished. Your code is kept: press Check again.";
    if (message.startsWith("Traceback")) {
      // The grader itself failed (the reader's own errors come back in its report): a bug of the course's.
      console.error(`attention course: the grader failed on exercise ${this.id}`, message);
      return "Check failed inside the course's grader, not in your code (the details are in the browser's console). Your code is kept.";
    }
    return `Python stopped before Check finished (${message}). Your code is kept: press Check again, and Python restarts.`;
  }

  show(report) {
    const checks = this.record.checks + 1;
    const solved = this.record.solved || report.passed;
    this.root.dataset.exerciseResult = report.passed ? "passed" : "failed";
    this.root.dataset.exerciseKind = report.kind;
    if (report.mistake) this.root.dataset.exerciseMistake = report.mistake;
    else delete this.root.dataset.exerciseMistake;
    const explanation = report.mistake && this.root.querySelector(`[data-exercise-mistake="${CSS.escape(report.mistake)}"]`);
    if (explanation) {
      // The mistake, as the build rendered it, then the check it fails (its shape, its values).
      explanation.hidden = false;
      this.message.textContent = report.detail || "";
      this.message.hidden = !report.detail;
    } else {
      this.message.textContent = report.message;
      this.message.hidden = false;
    }
    if (report.passed) {
      this.say(`Correct: your function passed all ${report.checks} checks. A solution is below, to compare.`);
      this.solution.hidden = false;
    } else {
      // How many checks passed, when the function ran on them all.
      const ran = ["raised", "shape", "dtype", "values", "mistake"].includes(report.kind);
      const passed = ran ? ` (${report.passed_checks} of ${report.checks} checks passed)` : "";
      this.say(`Not yet: ${report.title}${passed}.`);
    }
    this.save({ checks, solved, solution: this.record.solution || report.passed });
  }

  nextHint() {
    const next = this.hints.find((hint) => hint.hidden);
    if (!next) return;
    next.hidden = false;
    this.save({ hints: this.hints.indexOf(next) + 1 });
    next.setAttribute("tabindex", "-1");
    next.focus();
  }

  askForSolution() {
    if (!this.solution.hidden) {
      this.solution.setAttribute("tabindex", "-1");
      this.solution.focus();
      return;
    }
    const { solved, checks } = this.record;
    if (!solved && checks < CHECKS_BEFORE_SOLUTION) {
      this.say(
        `The solution opens after a pass, or once you have checked your code ${CHECKS_BEFORE_SOLUTION} times ` +
          `(${checks} so far): try, and the hints can help.`,
      );
      return;
    }
    if (!solved && !window.confirm("Show a solution? Working it out yourself teaches more; the hints can help.")) return;
    this.solution.hidden = false;
    this.save({ solution: true });
    this.solution.setAttribute("tabindex", "-1");
    this.solution.focus();
  }

  async reset({ keyboard }) {
    this.clearReport();
    this.say("");
    if (this.code === this.starter) return;
    const editor = await this.activate();
    if (!editor || editor.code === this.starter) return;
    editor.setCode(this.starter); // an edit like any other: the editor's Undo brings the reader's code back
    this.save();
    editor.focus({ keyboard });
  }

  destroy() {
    clearTimeout(this.saveTimer);
    if (this.listening) this.listening();
    if (this.editor) this.editor.destroy();
    this.editor = null;
  }
}

// The page's exercises: the listeners they share, the summary in each one's kicker, the warm-up.
class Page {
  constructor(elements) {
    this.destroyed = false;
    this.listeners = new AbortController();
    this.on = (target, type, listener) => target.addEventListener(type, listener, { signal: this.listeners.signal });
    this.warmed = false;
    this.exercises = elements.map((element) => new Exercise(element, this));
    this.updateSummary();
  }

  warm() {
    if (this.warmed) return;
    this.warmed = true;
    if (!python.alive && python.state === "idle") python.start().catch(() => {}); // Check reports a failed start
  }

  // "Build it · 2 of 3 in this lesson · 1 solved": each exercise's kicker says where the lesson stands (the
  // build wrote all but the number solved).
  updateSummary() {
    if (!this.exercises) return;
    const solved = this.exercises.filter((exercise) => exercise.record.solved).length;
    for (const exercise of this.exercises) exercise.progress.textContent = ` · ${solved} solved`;
  }

  destroy() {
    this.destroyed = true;
    this.listeners.abort();
    this.exercises.forEach((exercise) => exercise.destroy());
  }
}

// ── Mounting (called by javascripts/components.js for each page with an exercise) ──

export function mount(root) {
  const elements = [...root.querySelectorAll("[data-exercise]:not([data-exercise-ready])")];
  if (!elements.length) return undefined;
  const page = new Page(elements);
  return () => page.destroy();
}
