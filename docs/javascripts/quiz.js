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
// Progress: one localStorage entry per question, keyed by page and question id
// (KEY_PREFIX + "lessons/x/#question-id"), holding
// {answer: ["a", "c"] | "0.31", result: "correct" | "incorrect", attempts, time}:
// those fields only (knownFields), whatever a record read or imported carried.
// The course-wide view ([data-quiz-progress], on the home page) lists every
// question of the site from the manifest the build puts in its
// data-quiz-manifest attribute, and exports / imports the progress as JSON.
const KEY_PREFIX = "attention-course/quiz/v1/";
const EXPORT_FORMAT = "attention-course-quiz-progress";
const EXPORT_VERSION = 1;
const QUESTION_ID = /^[a-z0-9][a-z0-9-]*$/;
// An export of every question of the course is a few tens of kB: a larger file is not one.
const IMPORT_MAX_BYTES = 1_000_000;
const PAGE = /^[A-Za-z0-9._~\-/]*$/;
// An ISO time (new Date().toISOString()) is 24 characters, 27 with a six-digit year.
const TIME_MAX_LENGTH = 40;

// ── Storage ────────────────────────────────────────────────────────────────
// localStorage can be missing or refuse writes (private windows, quotas):
// fall back to memory for this visit rather than break the quiz.
const memory = new Map();
const backend = (() => {
  try {
    const probe = KEY_PREFIX + "probe";
    window.localStorage.setItem(probe, "1");
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch (error) {
    return null;
  }
})();

const store = {
  resets: 0, // stored records that could not be read, removed so far (the quizzes say so)
  key: (page, id) => `${KEY_PREFIX}${page}#${id}`,
  get(page, id) {
    const raw = backend ? backend.getItem(this.key(page, id)) : memory.get(this.key(page, id));
    if (raw == null) return null;
    let record = null;
    try {
      record = JSON.parse(raw);
    } catch (error) {
      record = null;
    }
    if (validRecord(record)) return knownFields(record);
    this.remove(page, id); // corrupt: reset, and counted so that the page can say so
    this.resets += 1;
    return null;
  },
  // Returns "kept", or "memory" when the browser refused to store it (full or disabled): then it lasts this visit only.
  set(page, id, record) {
    const value = JSON.stringify(knownFields(record));
    try {
      if (backend) {
        backend.setItem(this.key(page, id), value);
        return "kept";
      }
    } catch (error) {
      /* full: kept in memory below */
    }
    memory.set(this.key(page, id), value);
    return "memory";
  },
  remove(page, id) {
    if (backend) backend.removeItem(this.key(page, id));
    memory.delete(this.key(page, id));
  },
  // {"page#id": record} for every stored question.
  all() {
    const result = {};
    const keys = backend
      ? Array.from({ length: backend.length }, (_, i) => backend.key(i))
      : Array.from(memory.keys());
    for (const key of keys) {
      if (!key || !key.startsWith(KEY_PREFIX)) continue;
      const [page, id] = splitKey(key.slice(KEY_PREFIX.length));
      const record = page === null ? null : this.get(page, id);
      if (record) result[`${page}#${id}`] = record;
    }
    return result;
  },
  clear() {
    for (const name of Object.keys(this.all())) {
      const [page, id] = splitKey(name);
      this.remove(page, id);
    }
  },
  /**
   * Replace every stored record with `records` ({"page#id": record}), all or
   * nothing. Returns "kept", or "memory" when the browser has no storage for
   * the site (then they last this visit only). When the browser refuses a
   * write (its storage is full), puts back every entry as it was and throws
   * an Error whose `restored` says whether that worked.
   */
  replaceAll(records) {
    const entries = Object.entries(records).map(([name, record]) => [KEY_PREFIX + name, JSON.stringify(knownFields(record))]);
    const ours = (keys) => keys.filter((key) => key && key.startsWith(KEY_PREFIX));
    for (const key of ours(Array.from(memory.keys()))) memory.delete(key);
    if (!backend) {
      for (const [key, value] of entries) memory.set(key, value);
      return "memory";
    }
    const stored = () => ours(Array.from({ length: backend.length }, (_, i) => backend.key(i)));
    // Every entry of ours, as stored: a failed import leaves them exactly so.
    const previous = stored().map((key) => [key, backend.getItem(key)]);
    try {
      for (const [key] of previous) backend.removeItem(key); // first, so that their room serves the new ones
      for (const [key, value] of entries) backend.setItem(key, value);
      return "kept";
    } catch (cause) {
      let restored = true;
      try {
        for (const key of stored()) backend.removeItem(key);
        for (const [key, value] of previous) backend.setItem(key, value);
      } catch (error) {
        restored = false;
      }
      throw Object.assign(new Error("the browser refused to store the progress", { cause }), { restored });
    }
  },
};

function splitKey(name) {
  const at = name.lastIndexOf("#");
  if (at < 0) return [null, null];
  return [name.slice(0, at), name.slice(at + 1)];
}

function validRecord(record) {
  if (!record || typeof record !== "object" || Array.isArray(record)) return false;
  const answerOk =
    (Array.isArray(record.answer) &&
      record.answer.length > 0 &&
      record.answer.length <= 26 &&
      record.answer.every((v) => typeof v === "string" && /^[a-z]$/.test(v))) ||
    (typeof record.answer === "string" && record.answer.length <= 64);
  return (
    answerOk &&
    (record.result === "correct" || record.result === "incorrect") &&
    Number.isInteger(record.attempts) &&
    record.attempts >= 1 &&
    (record.time === undefined || (typeof record.time === "string" && record.time.length <= TIME_MAX_LENGTH))
  );
}

// A valid record's fields the course knows, nothing else: a stored or imported
// record may carry more (any size), and nothing reads it.
function knownFields({ answer, result, attempts, time }) {
  return time === undefined ? { answer, result, attempts } : { answer, result, attempts, time };
}

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

function validateImport(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "the file is not a progress export";
  if (data.format !== EXPORT_FORMAT) return "the file is not a progress export of this course";
  if (data.version !== EXPORT_VERSION) return `unsupported version ${JSON.stringify(data.version)}`;
  const progress = data.progress;
  if (!progress || typeof progress !== "object" || Array.isArray(progress)) return "it has no progress";
  const names = Object.keys(progress);
  if (names.length > 10000) return "it lists too many questions";
  for (const name of names) {
    const [page, id] = splitKey(name);
    if (page === null || !PAGE.test(page) || !QUESTION_ID.test(id)) return `bad question name ${JSON.stringify(name)}`;
    if (!validRecord(progress[name])) return `the answer to ${JSON.stringify(name)} is malformed`;
  }
  return null;
}

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
      make("caption", { text: "Your quiz scores, kept in this browser only" }),
      make(
        "thead",
        {},
        make("tr", {}, ...["Page", "Correct", "Answered"].map((h) => make("th", { scope: "col", text: h }))),
      ),
    );
    this.tbody = make("tbody");
    this.tfoot = make("tfoot");
    table.append(this.tbody, this.tfoot);

    this.status = make("p", { className: "quiz-progress-status", "data-quiz-progress-status": "" });
    this.status.setAttribute("role", "status");

    const exportButton = make("button", {
      type: "button",
      className: "md-button",
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
      className: "md-button",
      "data-action": "reset-progress",
      text: "Reset all progress",
    });
    resetButton.addEventListener("click", () => {
      if (!window.confirm("Delete your answers to every quiz of the course?")) return;
      store.clear();
      this.refresh("All progress deleted.");
    });

    const actions = make("div", { className: "quiz-progress-actions" });
    actions.append(exportButton, this.fileInput, importLabel, resetButton);
    this.element.append(table, actions, this.status);
  }

  render() {
    const make = this.make;
    const stored = store.all();
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
      const link = make("a", { href: String(page.href || ""), text: String(page.title || page.page) });
      const row = make(
        "tr",
        { "data-quiz-progress-page": String(page.page) },
        make("th", { scope: "row" }, link),
        make("td", { text: `${correct} of ${ids.length}` }),
        make("td", { text: `${records.length} of ${ids.length}` }),
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
      progress: store.all(),
    };
    const blob = new Blob([JSON.stringify(data, null, 2) + "\n"], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = this.make("a", { href: url, download: "attention-course-progress.json" });
    link.hidden = true;
    this.element.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    this.status.textContent = `Exported ${plural(Object.keys(data.progress).length, "answer", "answers")}.`;
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
    const problem = validateImport(data);
    if (problem) {
      this.status.textContent = `Could not import: ${problem}. Your progress was not changed.`;
      return;
    }
    const current = Object.keys(store.all()).length;
    const answers = plural(Object.keys(data.progress).length, "answer", "answers");
    // Nothing stored: nothing to lose, nothing to ask.
    if (current && !window.confirm(`Replace your ${plural(current, "saved answer", "saved answers")} to the course's quizzes with the ${answers} in this file?`)) {
      this.status.textContent = "Import cancelled. Your progress was not changed.";
      return;
    }
    let kept;
    try {
      kept = store.replaceAll(data.progress);
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
