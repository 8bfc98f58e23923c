// Quizzes: grade in the page, remember progress in the browser, show it on the home page.
//
// The HTML comes from overrides/hooks/quiz.py at build time (docs/architecture.md,
// "The DOM contract"): [data-quiz] > [data-question][data-question-id] with [data-option]
// inputs, button[data-action=check] and a [data-feedback] live region holding
// every explanation, hidden. The correct options carry data-correct; a numeric
// question carries data-answer and data-tolerance. This script only reveals
// what applies and writes status text with textContent; it never builds
// markup from strings.
//
// Progress: each question's answer is a record of progress.js's `questions` store
// (the exercises' are in its `exercises` store). The course-wide view
// ([data-quiz-progress], on the home page) lists every question and exercise of the
// site from the manifest the build puts in its data-quiz-manifest attribute, and
// exports / imports the progress (both kinds) as JSON.
import { EXPORT_FORMAT, EXPORT_VERSION, exercises, questions, readExport, replaceAll } from "./progress.js";

// An export of every question and exercise of the course is a few hundred kB at most: a larger file is not one.
const IMPORT_MAX_BYTES = 1_000_000;

// The quizzes' view of the questions' store: a question is named by its page and its id.
const store = {
  get resets() {
    return questions.resets;
  },
  get: (page, id) => questions.get(`${page}#${id}`),
  set: (page, id, record) => questions.set(`${page}#${id}`, record),
  remove: (page, id) => questions.remove(`${page}#${id}`),
};

// ── Grading ────────────────────────────────────────────────────────────────

// "0.25", "-1.5", ".5", "1e-3", "0,25" (decimal comma); anything else is not a number.
function parseNumber(text) {
  const cleaned = text.trim().replace(/^(-?\d*),(\d+)$/, "$1.$2");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// "2 answers", "2 answers and 1 exercise", "1 exercise": what a set of records holds.
function described(answers, work) {
  const parts = [];
  const n = Object.keys(answers).length;
  const m = Object.keys(work || {}).length;
  if (n || !m) parts.push(plural(n, "answer", "answers"));
  if (m) parts.push(plural(m, "exercise", "exercises"));
  return parts.join(" and ");
}

// One question: its inputs, its buttons, its feedback; state lives in the DOM and the store.
class Question {
  constructor(element, quiz) {
    this.element = element;
    this.quiz = quiz;
    this.id = element.dataset.questionId;
    this.type = element.dataset.questionType;
    this.inputs = Array.from(element.querySelectorAll("[data-option]"));
    this.checkButton = element.querySelector('[data-action="check"]');
    this.retryButton = element.querySelector('[data-action="retry"]');
    this.feedback = element.querySelector("[data-feedback]");
    this.status = this.feedback.querySelector("[data-feedback-status]");
    this.result = null;

    this.checkButton.addEventListener("click", () => this.check());
    this.retryButton.addEventListener("click", () => this.retry(true));
    if (this.type === "numeric") {
      this.inputs[0].addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          this.check();
        }
      });
    }
  }

  answer() {
    if (this.type === "numeric") return this.inputs[0].value.trim();
    return this.inputs.filter((input) => input.checked).map((input) => input.value);
  }

  check() {
    const answer = this.answer();
    if (answer.length === 0) {
      this.say(this.type === "numeric" ? "Type a number first." : "Choose an answer first.");
      return;
    }
    const previous = store.get(this.quiz.page, this.id);
    const graded = this.grade(answer);
    if (graded === null) return; // not a number: said so, nothing recorded
    const kept = store.set(this.quiz.page, this.id, {
      answer,
      result: graded,
      attempts: (previous ? previous.attempts : 0) + 1,
      time: new Date().toISOString(),
    });
    if (kept === "memory") {
      this.say(`${this.status.textContent} Your answer could not be saved in this browser (its storage is full or off): it counts for this visit only.`);
    }
    this.retryButton.focus();
    this.quiz.updateScore();
  }

  // Show the verdict and the explanations for `answer`; returns "correct", "incorrect" or null.
  grade(answer) {
    this.hideExplanations();
    const lines = [];
    let result;
    if (this.type === "numeric") {
      const value = parseNumber(answer);
      const input = this.inputs[0];
      if (value === null) {
        input.setAttribute("aria-invalid", "true");
        this.say("That is not a number: write it like 0.25.");
        return null;
      }
      input.removeAttribute("aria-invalid");
      const exact = Number(this.element.dataset.answer);
      const tolerance = Number(this.element.dataset.tolerance);
      result = Math.abs(value - exact) <= tolerance * (1 + 1e-9) ? "correct" : "incorrect";
      if (result === "correct") {
        this.reveal(this.feedback.querySelector("[data-numeric-answer]"));
      } else {
        for (const mistake of this.feedback.querySelectorAll("[data-mistake]")) {
          if (Math.abs(value - Number(mistake.dataset.mistake)) <= tolerance) this.reveal(mistake);
        }
        lines.push(`${value} is not within ±${tolerance} of the answer.`);
      }
      this.reveal(this.feedback.querySelector('[data-explanation="value"]'));
    } else {
      const chosen = new Set(answer);
      const correct = new Set(this.inputs.filter((i) => i.hasAttribute("data-correct")).map((i) => i.value));
      const wrong = answer.filter((v) => !correct.has(v)).length;
      const missed = Array.from(correct).filter((v) => !chosen.has(v)).length;
      result = wrong === 0 && missed === 0 ? "correct" : "incorrect";
      if (this.type === "multiple" && result === "incorrect") {
        if (wrong) lines.push(`${plural(wrong, "of your choices is", "of your choices are")} wrong.`);
        if (missed) lines.push(`${plural(missed, "correct answer was", "correct answers were")} not chosen.`);
      }
      for (const value of answer) {
        this.reveal(this.feedback.querySelector(`[data-explanation="${value}"]`));
      }
    }
    this.result = result;
    this.feedback.dataset.result = result;
    this.say([result === "correct" ? "Correct." : "Not quite.", ...lines].join(" "));
    this.lock(true);
    return result;
  }

  // Clear the answer so the reader can try again; `forget` also drops the stored record.
  retry(forget) {
    if (forget) store.remove(this.quiz.page, this.id);
    for (const input of this.inputs) {
      input.checked = false;
      if (this.type === "numeric") input.value = "";
      input.removeAttribute("aria-invalid");
    }
    this.hideExplanations();
    this.say("");
    delete this.feedback.dataset.result;
    this.result = null;
    this.lock(false);
    if (forget) {
      this.inputs[0].focus();
      this.quiz.updateScore();
    }
  }

  // Show a stored answer (after a reload, an import, or on another tab's return).
  restore(record) {
    this.retry(false);
    if (!record) return;
    if (this.type === "numeric") {
      if (typeof record.answer !== "string") return;
      this.inputs[0].value = record.answer;
    } else {
      if (!Array.isArray(record.answer)) return;
      const values = new Set(this.inputs.map((input) => input.value));
      if (!record.answer.every((v) => values.has(v))) return; // the question changed since
      if (this.type === "single" && record.answer.length !== 1) return;
      for (const input of this.inputs) input.checked = record.answer.includes(input.value);
    }
    // Graded again, not trusted: the question may have changed since the answer was stored.
    const result = this.grade(record.answer);
    if (result && result !== record.result) store.set(this.quiz.page, this.id, { ...record, result });
  }

  lock(locked) {
    for (const input of this.inputs) input.disabled = locked;
    this.checkButton.hidden = locked;
    this.retryButton.hidden = !locked;
  }

  say(text) {
    this.status.textContent = text;
  }

  reveal(element) {
    if (element) element.hidden = false;
  }

  hideExplanations() {
    for (const element of this.feedback.querySelectorAll("[data-explanation], [data-mistake], [data-numeric-answer]")) {
      element.hidden = true;
    }
  }
}

class Quiz {
  constructor(element) {
    this.element = element;
    this.page = element.dataset.quizPage || "";
    this.score = element.querySelector("[data-quiz-score]");
    this.questions = Array.from(element.querySelectorAll("[data-question]")).map((q) => new Question(q, this));
    element.querySelector('[data-action="retry-quiz"]').addEventListener("click", () => {
      for (const question of this.questions) question.retry(true);
      this.updateScore();
      this.questions[0].inputs[0].focus();
    });
    this.restore();
    element.dataset.quizReady = "";
  }

  restore() {
    const before = store.resets;
    for (const question of this.questions) question.restore(store.get(this.page, question.id));
    const reset = store.resets - before;
    if (reset) {
      const notice = document.createElement("p");
      notice.className = "quiz-notice";
      notice.setAttribute("data-quiz-notice", "");
      notice.setAttribute("role", "status");
      notice.textContent = `${plural(reset, "saved answer", "saved answers")} of this quiz could not be read and ${reset === 1 ? "was" : "were"} reset.`;
      this.score.after(notice);
    }
    this.updateScore();
  }

  updateScore() {
    const total = this.questions.length;
    const answered = this.questions.filter((q) => q.result !== null).length;
    const correct = this.questions.filter((q) => q.result === "correct").length;
    const rest = answered < total ? ` (${answered} of ${total} answered)` : "";
    this.score.textContent = `Score: ${correct} of ${total} correct${rest}.`;
  }
}

// ── The course-wide progress view ─────────────────────────────────────────

class ProgressView {
  constructor(element) {
    this.element = element;
    let manifest;
    try {
      manifest = JSON.parse(element.dataset.quizManifest || "");
    } catch (error) {
      manifest = { pages: [] };
    }
    this.pages = Array.isArray(manifest.pages) ? manifest.pages : [];
    this.build();
    this.render();
    element.dataset.quizReady = "";
  }

  build() {
    const doc = this.element.ownerDocument;
    const make = (tag, props = {}, ...children) => {
      const node = doc.createElement(tag);
      for (const [name, value] of Object.entries(props)) {
        if (name === "text") node.textContent = value;
        else if (name in node && name !== "for") node[name] = value;
        else node.setAttribute(name, value);
      }
      node.append(...children);
      return node;
    };
    this.make = make;
    this.element.replaceChildren();
    const table = make("table", { className: "quiz-progress-table" });
    table.append(
      make("caption", { text: "Your quiz scores and Build-it exercises solved, kept in this browser only" }),
      make(
        "thead",
        {},
        make("tr", {}, ...["Page", "Correct", "Answered", "Built"].map((h) => make("th", { scope: "col", text: h }))),
      ),
    );
    this.tbody = make("tbody");
    this.tfoot = make("tfoot");
    table.append(this.tbody, this.tfoot);

    this.status = make("p", { className: "quiz-progress-status", "data-quiz-progress-status": "" });
    this.status.setAttribute("role", "status");

    const exportButton = make("button", {
      type: "button",
      className: window.materialAdapter.buttonClass(),
      "data-action": "export-progress",
      text: "Export progress",
    });
    exportButton.addEventListener("click", () => this.exportProgress());

    const fileId = "quiz-progress-import";
    this.fileInput = make("input", {
      type: "file",
      id: fileId,
      accept: "application/json,.json",
      className: "quiz-file",
      "data-action": "import-progress",
    });
    this.fileInput.addEventListener("change", () => this.importProgress());
    const importLabel = make("label", { htmlFor: fileId, className: "quiz-file-label", text: "Import progress" });

    const resetButton = make("button", {
      type: "button",
      className: window.materialAdapter.buttonClass(),
      "data-action": "reset-progress",
      text: "Reset all progress",
    });
    resetButton.addEventListener("click", () => {
      if (!window.confirm("Delete your answers to every quiz of the course, and your work on its exercises?")) return;
      questions.clear();
      exercises.clear();
      this.refresh("All progress deleted.");
    });

    const actions = make("div", { className: "quiz-progress-actions" });
    actions.append(exportButton, this.fileInput, importLabel, resetButton);
    this.element.append(table, actions, this.status);
  }

  render() {
    const make = this.make;
    const stored = questions.all();
    const built = exercises.all();
    let totalSolved = 0;
    let totalExercises = 0;
    let totalCorrect = 0;
    let totalAnswered = 0;
    let totalQuestions = 0;
    this.tbody.replaceChildren();
    for (const page of this.pages) {
      const ids = Array.isArray(page.questions) ? page.questions : [];
      const records = ids.map((id) => stored[`${page.page}#${id}`]).filter(Boolean);
      const correct = records.filter((r) => r.result === "correct").length;
      totalCorrect += correct;
      totalAnswered += records.length;
      totalQuestions += ids.length;
      const tasks = Array.isArray(page.exercises) ? page.exercises : [];
      const solved = tasks.filter((id) => built[id] && built[id].solved).length;
      totalSolved += solved;
      totalExercises += tasks.length;
      const link = make("a", { href: String(page.href || ""), text: String(page.title || page.page) });
      const row = make(
        "tr",
        { "data-quiz-progress-page": String(page.page) },
        make("th", { scope: "row" }, link),
        make("td", { text: ids.length ? `${correct} of ${ids.length}` : "—" }),
        make("td", { text: ids.length ? `${records.length} of ${ids.length}` : "—" }),
        make("td", { text: tasks.length ? `${solved} of ${tasks.length}` : "—", "data-progress-built": "" }),
      );
      this.tbody.append(row);
    }
    this.tfoot.replaceChildren(
      make(
        "tr",
        { "data-quiz-progress-total": "" },
        make("th", { scope: "row", text: "Whole course" }),
        make("td", { text: `${totalCorrect} of ${totalQuestions}` }),
        make("td", { text: `${totalAnswered} of ${totalQuestions}` }),
        make("td", { text: `${totalSolved} of ${totalExercises}`, "data-progress-built": "" }),
      ),
    );
  }

  refresh(message) {
    this.render();
    this.status.textContent = message;
    for (const quiz of mounted) quiz.restore(); // quizzes on the same page, if any
  }

  exportProgress() {
    const data = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported: new Date().toISOString(),
      progress: questions.all(),
      exercises: exercises.all(),
    };
    const blob = new Blob([JSON.stringify(data, null, 2) + "\n"], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = this.make("a", { href: url, download: "attention-course-progress.json" });
    link.hidden = true;
    this.element.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    this.status.textContent = `Exported ${described(data.progress, data.exercises)}.`;
  }

  async importProgress() {
    const file = this.fileInput.files && this.fileInput.files[0];
    this.fileInput.value = "";
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      const size = (file.size / 1e6).toFixed(1);
      this.status.textContent = `Could not import: the file is ${size} MB, and a progress export of this course is under 1 MB. Your progress was not changed.`;
      return;
    }
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch (error) {
      this.status.textContent = "Could not import: the file is not valid JSON. Your progress was not changed.";
      return;
    }
    const { problem, progress } = readExport(data);
    if (problem) {
      this.status.textContent = `Could not import: ${problem}. Your progress was not changed.`;
      return;
    }
    const mine = [questions.all(), exercises.all()];
    const current = Object.keys(mine[0]).length + Object.keys(mine[1]).length;
    const answers = described(progress.questions, progress.exercises);
    // Nothing stored: nothing to lose, nothing to ask.
    if (current && !window.confirm(`Replace your ${described(...mine)} saved in this browser with the ${answers} in this file?`)) {
      this.status.textContent = "Import cancelled. Your progress was not changed.";
      return;
    }
    let kept;
    try {
      kept = replaceAll(progress);
    } catch (error) {
      this.refresh(
        error.restored
          ? "Could not import: this browser's storage for the site is full. Your progress was not changed."
          : "Could not import: this browser's storage for the site is full, and your previous progress could not all be put back.",
      );
      return;
    }
    this.refresh(
      kept === "memory" ? `Imported ${answers} for this visit only: this browser does not let the site keep them.` : `Imported ${answers}.`,
    );
  }
}

// ── Mounting (called by javascripts/components.js for each page with a quiz or the progress view) ──
// Everything a quiz listens to lives on its own elements, which leave with the
// page; unmounting only forgets the page's quizzes.

let mounted = [];

export function mount(root) {
  mounted = [...root.querySelectorAll("[data-quiz]:not([data-quiz-ready])")].map((element) => new Quiz(element));
  for (const element of root.querySelectorAll("[data-quiz-progress]:not([data-quiz-ready])")) new ProgressView(element);
  return () => {
    mounted = [];
  };
}
