// The reader's progress, kept in this browser: quiz answers and Build-it exercises.
//
// One localStorage entry per record:
// - a quiz question's answer, keyed QUESTION_PREFIX + "lessons/x/#question-id", holding
//   {answer: ["a", "c"] | "0.31", result: "correct" | "incorrect", attempts, time};
// - a Build-it exercise's work, keyed EXERCISE_PREFIX + "exercise-id", holding
//   {solved, checks, hints, solution, code, time}: solved once passed, the number of
//   Checks, of hints shown, whether the solution was shown, the reader's last code
//   (when it is not the starter) and when it last changed.
// Each store keeps those fields only (a record read or imported may carry more, of any
// size: nothing reads them) and removes a record it cannot read, counting it in
// `resets` so that the page can say so. localStorage can be missing or refuse writes
// (private windows, quotas): then records last this visit, in memory, and `set` says so.
// quiz.js (the quizzes and the home page's view, export and import) and exercise.js use it.

export const QUESTION_PREFIX = "attention-course/quiz/v1/";
export const EXERCISE_PREFIX = "attention-course/exercise/v1/";
export const EXPORT_FORMAT = "attention-course-quiz-progress";
// 1: quiz answers only ("progress"); 2: and the exercises ("exercises"). Both import.
export const EXPORT_VERSION = 2;
const ID = /^[a-z0-9][a-z0-9-]*$/;
const PAGE = /^[A-Za-z0-9._~\-/]*$/;
// An ISO time (new Date().toISOString()) is 24 characters, 27 with a six-digit year.
const TIME_MAX_LENGTH = 40;
// The longest code an exercise keeps: a solution is a few hundred characters.
export const CODE_MAX_LENGTH = 20_000;

const memory = new Map();
const backend = (() => {
  try {
    const probe = QUESTION_PREFIX + "probe";
    window.localStorage.setItem(probe, "1");
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch (error) {
    return null;
  }
})();

const validTime = (time) => time === undefined || (typeof time === "string" && time.length <= TIME_MAX_LENGTH);
const count = (value, max) => Number.isInteger(value) && value >= 0 && value <= max;

function validAnswer(record) {
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
    validTime(record.time)
  );
}

function answerFields({ answer, result, attempts, time }) {
  return time === undefined ? { answer, result, attempts } : { answer, result, attempts, time };
}

function validWork(record) {
  if (!record || typeof record !== "object" || Array.isArray(record)) return false;
  return (
    typeof record.solved === "boolean" &&
    count(record.checks, 1_000_000) &&
    count(record.hints, 100) &&
    typeof record.solution === "boolean" &&
    (record.code === undefined || (typeof record.code === "string" && record.code.length <= CODE_MAX_LENGTH)) &&
    validTime(record.time)
  );
}

function workFields({ solved, checks, hints, solution, code, time }) {
  const record = { solved, checks, hints, solution };
  if (code !== undefined) record.code = code;
  if (time !== undefined) record.time = time;
  return record;
}

function splitQuestion(name) {
  const at = name.lastIndexOf("#");
  if (at < 0) return null;
  const page = name.slice(0, at);
  const id = name.slice(at + 1);
  return PAGE.test(page) && ID.test(id) ? [page, id] : null;
}

class RecordStore {
  constructor(prefix, valid, fields, validName) {
    this.prefix = prefix;
    this.valid = valid;
    this.fields = fields;
    this.validName = validName;
    this.resets = 0; // stored records that could not be read, removed so far
  }

  get(name) {
    const key = this.prefix + name;
    const raw = backend ? backend.getItem(key) : memory.get(key);
    if (raw == null) return null;
    let record = null;
    try {
      record = JSON.parse(raw);
    } catch (error) {
      record = null;
    }
    if (this.valid(record)) return this.fields(record);
    this.remove(name);
    this.resets += 1;
    return null;
  }

  // "kept", or "memory" when the browser refused to store it (full or off): then it lasts this visit only.
  set(name, record) {
    const key = this.prefix + name;
    const value = JSON.stringify(this.fields(record));
    try {
      if (backend) {
        backend.setItem(key, value);
        memory.delete(key);
        return "kept";
      }
    } catch (error) {
      /* full: kept in memory below */
    }
    memory.set(key, value);
    return "memory";
  }

  remove(name) {
    if (backend) backend.removeItem(this.prefix + name);
    memory.delete(this.prefix + name);
  }

  keys() {
    const stored = backend ? Array.from({ length: backend.length }, (_, i) => backend.key(i)) : [];
    return [...new Set([...stored, ...memory.keys()])].filter((key) => key && key.startsWith(this.prefix) && key !== QUESTION_PREFIX + "probe");
  }

  // {name: record} for every readable record.
  all() {
    const result = {};
    for (const key of this.keys()) {
      const name = key.slice(this.prefix.length);
      if (!this.validName(name)) continue;
      const record = this.get(name);
      if (record) result[name] = record;
    }
    return result;
  }

  clear() {
    for (const key of this.keys()) this.remove(key.slice(this.prefix.length));
  }
}

export const questions = new RecordStore(QUESTION_PREFIX, validAnswer, answerFields, (name) => splitQuestion(name) !== null);
export const exercises = new RecordStore(EXERCISE_PREFIX, validWork, workFields, (name) => ID.test(name));

export { splitQuestion };

/**
 * Replace every stored answer and exercise with those of `progress` ({questions:
 * {"page#id": record}, exercises: {id: record}}), all or nothing. Returns "kept", or
 * "memory" when the browser has no storage for the site (then they last this visit
 * only). When the browser refuses a write (its storage is full), puts back every
 * entry as it was and throws an Error whose `restored` says whether that worked.
 */
export function replaceAll(progress) {
  const entries = [
    ...Object.entries(progress.questions).map(([name, record]) => [QUESTION_PREFIX + name, JSON.stringify(answerFields(record))]),
    ...Object.entries(progress.exercises).map(([name, record]) => [EXERCISE_PREFIX + name, JSON.stringify(workFields(record))]),
  ];
  const ours = (key) => key && (key.startsWith(QUESTION_PREFIX) || key.startsWith(EXERCISE_PREFIX));
  for (const key of [...memory.keys()].filter(ours)) memory.delete(key);
  if (!backend) {
    for (const [key, value] of entries) memory.set(key, value);
    return "memory";
  }
  const stored = () => Array.from({ length: backend.length }, (_, i) => backend.key(i)).filter(ours);
  const previous = stored().map((key) => [key, backend.getItem(key)]); // a failed import leaves them exactly so
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
}

/**
 * What an exported file holds, checked: {problem} naming what is wrong, or {progress:
 * {questions, exercises}} (a version 1 file has no exercises).
 */
export function readExport(data) {
  const fail = (problem) => ({ problem });
  if (!data || typeof data !== "object" || Array.isArray(data)) return fail("the file is not a progress export");
  if (data.format !== EXPORT_FORMAT) return fail("the file is not a progress export of this course");
  if (data.version !== 1 && data.version !== 2) return fail(`unsupported version ${JSON.stringify(data.version)}`);
  const answers = data.progress;
  if (!answers || typeof answers !== "object" || Array.isArray(answers)) return fail("it has no progress");
  const work = data.version === 1 ? {} : data.exercises;
  if (!work || typeof work !== "object" || Array.isArray(work)) return fail("it has no exercises");
  const names = Object.keys(answers);
  if (names.length + Object.keys(work).length > 10000) return fail("it lists too many questions");
  for (const name of names) {
    if (!splitQuestion(name)) return fail(`bad question name ${JSON.stringify(name)}`);
    if (!validAnswer(answers[name])) return fail(`the answer to ${JSON.stringify(name)} is malformed`);
  }
  for (const [name, record] of Object.entries(work)) {
    if (!ID.test(name)) return fail(`bad exercise name ${JSON.stringify(name)}`);
    if (!validWork(record)) return fail(`the work on exercise ${JSON.stringify(name)} is malformed`);
  }
  return { progress: { questions: answers, exercises: work } };
}
