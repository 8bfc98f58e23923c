// Runnable, editable lesson code: every ```python block of a page gets Run /
// Reset / Stop and a live output panel, backed by the visit's one Python
// session (python-session.js: a Web Worker running Pyodide), reset for each
// page.
//
// The page is built with each block's box: the page's bar, the block's
// toolbar, its output panel with the output the course's tests checked
// (overrides/hooks/runner.py picks the blocks, postbuild/runner_slots.py writes
// the box), the buttons disabled and, without JavaScript, hidden. Mounting
// adopts the boxes as they stand, so the page does not move as it mounts (a
// reader who arrived at an anchor stays on it).
//
// The block stays the page's own Pygments-highlighted <pre> until the reader
// first focuses it, clicks into it or runs it: only then is the editor
// (editor.js, CodeMirror, bundled by the build) imported and put in its place,
// the caret where the reader clicked. A page nobody edits never loads it; a
// block with a saved edit gets its editor at once. Python warms up on intent
// too: when the pointer comes over a block or the focus into one, or on Run,
// never merely because a block scrolled into view.
//
// Semantics are CI's (conftest.py + cell.py): the blocks of a page share one
// namespace, top to bottom. Running block N first runs the earlier blocks that
// have not run yet. Editing a block that has run marks the later blocks that
// have run as stale. Stop terminates the worker; the next run starts a fresh
// session. Output is always text (textContent, never HTML).
//
// DOM contract (docs/architecture.md, "The DOM contract"): [data-runner]
// wrapper with data-runner-status = idle | loading | running | done | error;
// button[data-action=run|reset|stop]; [data-runner-code], the element that
// shows the code (the <pre>, then the editor's editable element), whose
// `value` property is the block's code; [data-runner-output].
//
// mount() returns the page's unmount: every listener the runner added (on
// its own elements too: Material may keep a page it has left in memory), its
// subscription to the session, its editors and its pending frames go.

import { confirmedIfFramed } from "../javascripts/framed.js";
import { html } from "../javascripts/visualizer/dom.js";
import { formatBytes } from "../javascripts/visualizer/format.js";
import { python } from "./python-session.js";

const STORAGE_PREFIX = "attention-course:code:";

// ── Small helpers ──────────────────────────────────────────────────────────

// How long the Copy button says "Copied".
const COPIED_MS = 2000;

/** Put `text` on the clipboard: the Clipboard API, or where the page may not use it (an address
 * that is not secure), a selected, unseen text area copied the older way. Whether it worked. */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const focused = document.activeElement;
    const area = html("textarea", { class: "runner-copy-area", readonly: "", "aria-hidden": "true", tabindex: "-1" });
    area.value = text;
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    if (focused && focused.focus) focused.focus({ preventScroll: true });
    return copied;
  }
}

function storageKey(index) {
  return `${STORAGE_PREFIX}${location.pathname}#${index}`;
}

// An edit longer than this is not kept in the browser's storage (it stays in
// the page until the reader leaves): a huge one would slow every later visit.
const STORED_MAX = 100_000;

// What became of an edit the page tried to keep, in words for the block's note ("" when all is well).
const STORAGE_NOTES = {
  kept: "",
  "too-long": `This edit is too long to keep in your browser (over ${STORED_MAX.toLocaleString("en")} characters): it stays until you leave the page.`,
  full: "This edit could not be kept: your browser's storage for this site is full. It stays until you leave the page.",
  unavailable: "",
};

/** The stored edit of a block, or null; a stored value too long to be one of ours is removed, and said so. */
function readStored(index) {
  let value;
  try {
    value = localStorage.getItem(storageKey(index));
  } catch {
    return { code: null, note: "" }; // storage disabled: edits simply are not kept
  }
  if (value !== null && value.length > STORED_MAX) {
    writeStored(index, null);
    return { code: null, note: `A saved edit of this block was too long to restore (${value.length.toLocaleString("en")} characters) and was removed.` };
  }
  return { code: value, note: "" };
}

/** Keep `code` as the block's edit (null: forget it); returns "kept", "too-long", "full" or "unavailable". */
function writeStored(index, code) {
  try {
    if (code === null || code.length > STORED_MAX) {
      localStorage.removeItem(storageKey(index));
      return code === null ? "kept" : "too-long";
    }
    localStorage.setItem(storageKey(index), code);
    return "kept";
  } catch (error) {
    return error && error.name === "QuotaExceededError" ? "full" : "unavailable";
  }
}

// ── Output while a block runs ──────────────────────────────────────────────

// What a running block has printed is drawn once per frame, and only its last
// LIVE_CHARS characters: a loop of prints must never freeze the page (Stop has
// to stay clickable). When the block ends, the output that Python kept
// (cell.py: its first and last lines) replaces it.
const LIVE_CHARS = 100_000;

class LiveOutput {
  constructor(element) {
    this.element = element;
    this.pieces = [];
    this.text = "";
    this.frame = 0;
  }

  append(text) {
    this.pieces.push(text);
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  draw() {
    this.frame = 0;
    let text = this.text + this.pieces.join("");
    this.pieces = [];
    if (text.length > LIVE_CHARS) {
      const cut = text.indexOf("\n", text.length - LIVE_CHARS);
      text = "… (earlier lines are not shown while the block runs)\n" + text.slice(cut < 0 ? text.length - LIVE_CHARS : cut + 1);
    }
    this.text = text;
    this.element.textContent = text;
  }

  /** Drop what has not been drawn yet (the block ended: its final output follows). */
  cancel() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.pieces = [];
    this.text = "";
  }
}

// ── The editor, loaded on the first intent to edit ─────────────────────────

let editorModule = null;

/** editor.js, imported once per visit (a failed import is tried again next time). */
function loadEditor() {
  if (!editorModule) {
    editorModule = import("./editor.js").catch((error) => {
      editorModule = null;
      throw error;
    });
  }
  return editorModule;
}

/** The offset in `container`'s text of the point (x, y) of the screen, or null when it is not in its text. */
function textOffsetAt(container, x, y) {
  let node = null;
  let offset = 0;
  if (document.caretPositionFromPoint) {
    const position = document.caretPositionFromPoint(x, y);
    if (position) [node, offset] = [position.offsetNode, position.offset];
  } else if (document.caretRangeFromPoint) {
    const range = document.caretRangeFromPoint(x, y);
    if (range) [node, offset] = [range.startContainer, range.startOffset];
  }
  if (!node || !container.contains(node) || node.nodeType !== Node.TEXT_NODE) return null;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let before = 0;
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text === node) return before + offset;
    before += text.length;
  }
  return null;
}

const isRunKey = (event) => event.key === "Enter" && (event.ctrlKey || event.metaKey || event.shiftKey);

// ── One runnable block ─────────────────────────────────────────────────────

class Block {
  constructor(page, index, root) {
    this.page = page;
    this.index = index; // 0-based; shown 1-based
    this.adopt(root);
    this.original = this.pre.querySelector("code").textContent.replace(/\n$/, "");
    this.text = this.original; // the code while the block has no editor
    this.editor = null;
    this.activating = null;
    this.intent = null; // how the reader asked for the editor while it loads: {focus: "pointer" | "keyboard", caret}
    this.typed = ""; // what the reader typed while it loads
    this.ran = false; // has run successfully in the current session
    const stored = readStored(index);
    if (stored.code !== null && stored.code !== this.original) {
      // Shown as plain text for the moment the editor takes to load.
      this.text = stored.code;
      this.pre.querySelector("code").textContent = stored.code;
      this.root.toggleAttribute("data-runner-edited", true);
      this.activate();
    }
    if (stored.note) this.showNote(stored.note);
  }

  get label() {
    return `block ${this.index + 1}`;
  }

  /** The block's code as it is now. */
  get code() {
    return this.editor ? this.editor.code : this.text;
  }

  // The block's box is in the page as built (postbuild/runner_slots.py): its toolbar, its code, a place for
  // notes and its output panel, the checked output in it. Adopted as it stands: the buttons are enabled and
  // listened to, the code is made the reader's; nothing moves.
  adopt(root) {
    const on = this.page.on;
    this.root = root;
    const action = (name) => root.querySelector(`button[data-action="${name}"]`);
    this.runButton = action("run");
    this.resetButton = action("reset");
    this.stopButton = action("stop");
    // The code as it is now, edits included (Material's own copy button is left off these blocks:
    // the build gives them its no-copy class, overrides/hooks/runner.py).
    this.copyButton = action("copy");
    this.status = root.querySelector(".runner-status");
    this.note = root.querySelector("[data-runner-note]");
    this.panel = root.querySelector(".runner-output");
    this.panelLabel = root.querySelector(".runner-output-label");
    this.output = root.querySelector("[data-runner-output]");
    this.live = new LiveOutput(this.output);
    this.highlight = root.querySelector(".runner-code > .highlight");
    this.pre = this.highlight.querySelector("pre");
    for (const [name, value] of Object.entries(this.codeAttributes())) this.pre.setAttribute(name, value);
    this.pre.setAttribute("role", "textbox");
    this.pre.setAttribute("aria-multiline", "true");
    this.pre.tabIndex = 0;
    this.exposeCode(this.pre);
    root.setAttribute("data-runner-status", "idle");
    root.toggleAttribute("data-runner", true);
    for (const button of [this.runButton, this.resetButton, this.copyButton]) button.disabled = false;

    on(this.runButton, "click", () => this.page.runThrough(this, { activate: true }));
    on(this.resetButton, "click", (event) => this.reset({ keyboard: event.detail === 0 }));
    on(this.stopButton, "click", () => this.page.stop(this));
    on(this.copyButton, "click", () => this.copy());
    // Links and buttons inside the <pre> (line anchors) keep their own use.
    const own = (event) => !event.target.closest("button, a");
    on(this.pre, "mousedown", (event) => {
      if (event.button !== 0 || !own(event)) return;
      event.preventDefault(); // no focus or selection on the <pre>: the editor takes both
      const caret = textOffsetAt(this.pre.querySelector("code"), event.clientX, event.clientY);
      this.activate({ focus: "pointer", caret: caret === null ? this.code.length : caret });
    });
    on(this.pre, "focusin", (event) => {
      if (own(event)) this.activate({ focus: "keyboard", caret: 0 });
    });
    on(this.pre, "keydown", (event) => {
      if (isRunKey(event)) {
        event.preventDefault();
        this.page.runThrough(this, { activate: true });
      } else if (!event.ctrlKey && !event.metaKey && !event.altKey && (event.key.length === 1 || event.key === "Enter")) {
        event.preventDefault(); // typed before the editor is there: it gets these keys when it is
        this.typed += event.key === "Enter" ? "\n" : event.key;
      }
    });
  }

  /** The attributes of the element that shows the code: the <pre>, then the editor's. */
  codeAttributes() {
    const n = this.index + 1;
    return { "data-runner-code": "", "aria-label": `Code of block ${n}, editable`, "aria-describedby": this.page.helpId };
  }

  /** `element.value` is the block's code (the DOM contract), like a textarea's. */
  exposeCode(element) {
    Object.defineProperty(element, "value", { get: () => this.code, configurable: true });
  }

  /**
   * Put the editor in place of the <pre> (once); resolves to it, or null when it
   * could not be loaded (the block then keeps running its code as shown).
   * `focus`: "pointer" or "keyboard" when the reader is going into the block
   * (the editor gets the focus, the caret at `caret`), null when it is run.
   */
  activate({ focus = null, caret = 0 } = {}) {
    if (this.editor) {
      if (focus) this.editor.focus({ keyboard: focus === "keyboard" });
      return Promise.resolve(this.editor);
    }
    if (focus) this.intent = { focus, caret };
    if (!this.activating) {
      this.activating = loadEditor().then(
        (module) => this.mountEditor(module),
        (error) => {
          this.activating = null;
          console.warn("attention course: the code editor could not be loaded", error);
          this.showNote("The editor could not be loaded (check the connection), so this block cannot be edited now; Run still runs its code.");
          return null;
        },
      );
    }
    return this.activating;
  }

  mountEditor({ createEditor }) {
    if (this.page.destroyed) return null;
    const intent = this.intent;
    const focused = this.pre.contains(document.activeElement);
    const code = this.code;
    const caret = intent ? intent.caret : 0;
    this.editor = createEditor({
      replaced: this.highlight,
      code,
      caret,
      label: this.codeAttributes()["aria-label"],
      describedBy: this.page.helpId,
      attributes: { "data-runner-code": "" },
      onChange: () => this.edited(),
      onRun: () => this.page.runThrough(this),
    });
    this.exposeCode(this.editor.view.contentDOM);
    this.intent = null;
    if (this.typed) {
      const { view } = this.editor;
      view.dispatch({ changes: { from: caret, insert: this.typed }, selection: { anchor: caret + this.typed.length }, userEvent: "input.type" });
      this.typed = "";
    }
    // Focus follows the reader: a click, or a focus that is still on the block.
    if (focused || (intent && intent.focus === "pointer")) this.editor.focus({ keyboard: !intent || intent.focus === "keyboard" });
    return this.editor;
  }

  edited() {
    const code = this.code;
    const changed = code !== this.original;
    this.root.toggleAttribute("data-runner-edited", changed);
    const kept = writeStored(this.index, changed ? code : null);
    if (kept !== this.kept) {
      this.kept = kept;
      if (STORAGE_NOTES[kept] || this.storageNoted) this.showNote(STORAGE_NOTES[kept]);
      this.storageNoted = Boolean(STORAGE_NOTES[kept]);
    }
    this.page.changed(this);
  }

  async reset({ keyboard }) {
    if (this.code === this.original) return;
    const editor = await this.activate();
    if (!editor || editor.code === this.original) return;
    editor.setCode(this.original); // an edit like any other: the editor's Undo brings the reader's code back
    editor.focus({ keyboard });
  }

  /** Copy the block's code; the button says whether it worked, for a moment, then is "Copy" again. */
  async copy() {
    const copied = await copyText(this.code);
    this.copyButton.textContent = copied ? "Copied" : "Copy failed: click into the code, press Ctrl+A, then Ctrl+C";
    clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => {
      this.copyButton.textContent = "Copy";
    }, COPIED_MS);
  }

  setStatus(status, text = "") {
    this.root.setAttribute("data-runner-status", status);
    this.status.textContent = text;
    const busy = status === "running" || status === "loading";
    this.stopButton.disabled = !busy;
    this.runButton.disabled = busy;
  }

  setStale(stale) {
    this.root.toggleAttribute("data-runner-stale", stale);
    if (stale) this.status.textContent = "stale: an earlier block changed since this ran";
  }

  showNote(text) {
    this.note.textContent = text;
    this.note.hidden = !text;
  }

  beginOutput() {
    this.panel.hidden = false;
    this.panelLabel.textContent = "Output (running…)";
    this.live.cancel();
    this.output.textContent = "";
  }

  appendOutput(text) {
    this.live.append(text);
  }

  finishOutput(result) {
    this.live.cancel();
    const seconds = (result.ms / 1000).toFixed(2);
    const separator = result.output && !result.output.endsWith("\n") ? "\n" : "";
    this.output.textContent = result.output + (result.error ? separator + result.error : "");
    this.output.toggleAttribute("data-runner-error", !result.ok);
    this.panelLabel.textContent = result.ok ? `Output (your run, ${seconds} s)` : `Error (your run, ${seconds} s)`;
    if (result.ok && !this.output.textContent) this.panelLabel.textContent = `No output (your run, ${seconds} s)`;
  }

  destroy() {
    this.live.cancel();
    clearTimeout(this.copyTimer);
    if (this.editor) this.editor.destroy();
    this.editor = null;
  }
}

// ── One page: its blocks and its session ───────────────────────────────────

class Page {
  constructor(bar, roots) {
    this.busy = false;
    this.destroyed = false;
    // Every listener the page adds goes when the page is unmounted (destroy).
    this.listeners = new AbortController();
    this.on = (target, type, listener) => target.addEventListener(type, listener, { signal: this.listeners.signal });
    this.adoptBar(bar);
    this.warming = new AbortController();
    this.unlisten = this.listen();
    python.reset().catch(() => {}); // a new page starts a new session
    // All in one task: adopting a block sets a few attributes, and moves and builds nothing.
    this.blocks = roots.map((root, index) => new Block(this, index, root));
    this.blocks.forEach((block) => this.warmOn(block));
    this.updateRunAll();
  }

  updateRunAll() {
    this.runAll.disabled = this.busy;
  }

  // The page's bar is in the first block's slot as built (postbuild/runner_slots.py): Run all, Restart
  // Python (it ends Python and starts a fresh one: after a MemoryError, to give its memory back, a session in
  // a bad state, or a start-up that failed, when it reads "Retry"), the state of Python, and the help that
  // every block's code names as its description.
  adoptBar(bar) {
    this.bar = bar;
    this.runAll = bar.querySelector('button[data-action="run-all"]');
    this.restart = bar.querySelector('button[data-action="restart"]');
    this.pageStatus = bar.querySelector(".runner-page-status");
    // What the build wrote for a session not yet started, said again whenever it is so.
    this.idleText = this.pageStatus.textContent;
    this.restartTitle = this.restart.title;
    this.helpId = bar.querySelector(".runner-help").id;
    this.on(this.runAll, "click", () => this.runThrough(this.blocks[this.blocks.length - 1]));
    this.on(this.restart, "click", () => {
      // A session to lose (not a Retry after a failed start): asked first when the page is framed (javascripts/framed.js).
      const question = "Restart Python? Everything this page's blocks have run will be lost.";
      if (python.alive && !confirmedIfFramed(question)) return;
      this.restartPython();
    });
    this.showPython(python.state);
  }

  showPython(state, detail = "") {
    const text = {
      idle: this.idleText,
      loading: "Starting Python…",
      ready: "Python is ready.",
      stopped: detail ? `Python stopped: ${detail}. It restarts when you run a block.` : "Python was stopped; it restarts when you run a block.",
      failed: detail || "Python could not start.",
    }[state];
    this.pageStatus.textContent = detail && state === "loading" ? detail : text;
    this.bar.setAttribute("data-python", state);
    this.restart.hidden = !(python.alive || state === "failed");
    this.restart.textContent = state === "failed" ? "Retry" : "Restart Python";
    this.restart.title = state === "failed" ? "Try to start Python again" : this.restartTitle;
  }

  listen() {
    const listener = (event) => {
      if (event.type === "progress") {
        const size = event.bytes ? ` (${formatBytes(event.bytes)})` : "";
        this.showPython("loading", `Loading ${event.label}${size}, step ${event.step} of ${event.steps}…`);
      } else if (event.type === "state") {
        if (event.state === "stopped" && event.reason) this.sessionLost();
        this.showPython(event.state, event.error ? event.error.message : event.reason || "");
      }
    };
    return python.onState(listener);
  }

  // The session ended without Stop (a crash, or Python ended its worker): no block's results remain.
  sessionLost() {
    this.blocks.forEach((b) => {
      b.ran = false;
      b.setStale(false);
    });
  }

  restartPython() {
    this.endSession();
    python.start().catch(() => {}); // reported through the page's status
  }

  // End Python (if it runs) and forget what the blocks ran: the next run starts afresh.
  endSession() {
    if (python.alive) python.stop();
    this.busy = false;
    this.updateRunAll();
    this.blocks.forEach((b) => {
      b.ran = false;
      b.setStale(false);
      b.setStatus("idle");
    });
  }

  // Python (a large download: runtime_mb in docs/data/runner-figures.json)
  // starts loading the first time the reader shows an intent to use a block:
  // the pointer over it, the focus in it (or Run). Once per page: after a Stop
  // or a failed start it waits for Run or Retry.
  warmOn(block) {
    if (this.warming.signal.aborted) return;
    const start = () => {
      this.warming.abort();
      if (!python.alive && python.state === "idle") python.start().catch(() => {}); // reported through the status
    };
    for (const type of ["pointerenter", "focusin"]) block.root.addEventListener(type, start, { signal: this.warming.signal });
  }

  // Run `target`, first running every earlier block that has not run (`activate`: the reader ran it, give it its editor).
  async runThrough(target, { activate = false } = {}) {
    if (activate) target.activate();
    if (this.busy) return;
    this.busy = true;
    this.updateRunAll();
    const queue = this.blocks.slice(0, target.index).filter((block) => !block.ran);
    queue.push(target);
    target.showNote(
      queue.length > 1 && target !== this.blocks[this.blocks.length - 1]
        ? `First running ${queue.length - 1 === 1 ? "block" : "blocks"} ${queue.slice(0, -1).map((b) => b.index + 1).join(", ")}, which had not run yet.`
        : "",
    );
    queue.forEach((block) => block.setStatus("loading", python.state === "ready" ? "queued" : "waiting for Python…"));
    try {
      for (const block of queue) {
        if (!(await this.runOne(block))) {
          queue.filter((b) => b.root.getAttribute("data-runner-status") === "loading").forEach((b) => b.setStatus("idle"));
          break;
        }
      }
    } finally {
      this.busy = false;
      this.updateRunAll();
    }
  }

  async runOne(block) {
    block.setStatus("running", "running…");
    block.beginOutput();
    const code = block.code;
    let result;
    try {
      result = await python.run(code, `<block ${block.index + 1}>`, (text) => block.appendOutput(text));
    } catch (error) {
      if (error.message === "stopped") return false; // stop() has already updated the page
      const startup = error.message.startsWith("Python could not start");
      block.setStatus("error", startup ? "Python could not start" : "Python stopped");
      block.finishOutput({ ok: false, output: "", error: String(error.message || error), ms: 0 });
      block.showNote(startup ? "Nothing of your code ran. Press Retry above, or Run again." : "Run the block again: Python starts afresh.");
      return false;
    }
    block.finishOutput(result);
    if (/\bMemoryError\b/.test(result.error || "")) {
      block.showNote("Python ran out of memory, and keeps what it took until it restarts: press Restart Python above to give it back.");
    }
    block.ran = result.ok;
    block.ranCode = code;
    block.setStale(false);
    block.setStatus(result.ok ? "done" : "error", result.ok ? "done" : "error");
    return result.ok;
  }

  // A block's code changed: later blocks that ran on its old version are stale.
  changed(block) {
    if (!block.ran && block.root.getAttribute("data-runner-status") !== "error") return;
    const differs = block.code !== block.ranCode;
    this.blocks.slice(block.index + 1).filter((b) => b.ran).forEach((b) => b.setStale(differs));
  }

  stop(block) {
    this.endSession();
    block.showNote(
      "Stopped. Python was restarted, so this page's session was reset: variables from earlier blocks are gone, " +
        "and they will run again, in order, when you run a block.",
    );
    block.panelLabel.textContent = "Output (stopped)";
  }

  destroy() {
    this.destroyed = true;
    this.listeners.abort();
    this.warming.abort();
    this.unlisten();
    this.blocks.forEach((block) => block.destroy());
  }
}

// ── Mounting (called by javascripts/components.js for each page that has Python blocks) ──

export function mount(article) {
  // The blocks the build gave a runner's box (overrides/hooks/runner.py says which: lesson blocks, not
  // notebook cells, doctest-style examples or blocks marked <!-- skip: next "reason" -->), not mounted yet.
  const roots = [...article.querySelectorAll(".runner-slot > .runner:not([data-runner])")];
  const bar = article.querySelector(".runner-slot > .runner-page");
  if (!roots.length || !bar) return undefined;
  const page = new Page(bar, roots);
  return () => page.destroy();
}
