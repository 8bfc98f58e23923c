// The lesson blocks' code editor: CodeMirror 6 with its Python language.
//
// This file is the source of a bundle: the build (overrides/hooks/runner.py)
// runs esbuild over it and its npm imports and publishes the one
// self-contained file at runner/editor.js, in place of this one. runner.js
// imports it only when a reader first focuses, clicks or runs a block, so a
// page nobody edits never downloads it.
//
// What runner.js needs from here is createEditor(); nothing else of
// CodeMirror leaks out. Colours are not set here: each token gets one of the
// classes "cm-hl-<name>", named after the theme's code colours
// (--theme-token-<name>, Material's in site_examples/material_adapter.py),
// and stylesheets/runner.css colours them, so the editor looks like the
// Pygments block it replaces in either scheme.

import { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory } from "@codemirror/commands";
import { pythonLanguage } from "@codemirror/lang-python";
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting, syntaxTree } from "@codemirror/language";
import { EditorState, Prec, RangeSetBuilder } from "@codemirror/state";
import { Decoration, EditorView, ViewPlugin, highlightSpecialChars, keymap } from "@codemirror/view";
import { styleTags, tagHighlighter, tags } from "@lezer/highlight";
import { StyleModule } from "style-mod";

// ── Styles under the site's Content-Security-Policy ────────────────────────
// CodeMirror writes its structural CSS (layout, caret, selection) through
// style-mod, which puts a <style> element in the document's <head>; the
// policy refuses <style> elements it has no hash for. Given a root without a
// <head> (a shadow root), style-mod uses a constructed style sheet adopted by
// the root instead, which the policy does not govern: it is made by this
// script, which the policy already trusts, and no markup can add one. So the
// document is handed to style-mod as such a root: the same rules, adopted by
// the document.
const mountStyles = StyleModule.mount;
const adopters = new WeakMap();
StyleModule.mount = function mount(root, modules, options) {
  if (root.nodeType === Node.DOCUMENT_NODE) {
    const doc = root;
    if (!adopters.has(doc)) {
      adopters.set(doc, {
        ownerDocument: doc,
        get adoptedStyleSheets() {
          return doc.adoptedStyleSheets;
        },
        set adoptedStyleSheets(sheets) {
          doc.adoptedStyleSheets = sheets;
        },
      });
    }
    root = adopters.get(doc);
  }
  return mountStyles.call(this, root, modules, options);
};

// ── Highlighting as Pygments and Material colour it ────────────────────────
// Pygments colours tokens by its own categories; Material gives each a colour.
// The grammar's tags are mapped to those categories here, and a few names the
// grammar cannot tell apart (built-ins, the modules of an import) are marked
// by namesLikePygments below. Plain names get no class: they are in the
// code's own colour, as in Material.
const CATEGORY = [
  [["keyword", "controlKeyword", "definitionKeyword", "moduleKeyword", "meta"], "keyword"],
  [["bool"], "name"],
  [["operatorKeyword", "arithmeticOperator", "bitwiseOperator", "compareOperator", "updateOperator", "definitionOperator", "derefOperator"], "operator"],
  [["paren", "squareBracket", "brace", "separator", "punctuation"], "punctuation"],
  [["string"], "string"],
  [["escape"], "special"],
  [["number"], "number"],
  [["lineComment", "docString"], "comment"],
];

const highlighter = tagHighlighter([
  ...CATEGORY.flatMap(([names, category]) => names.map((name) => ({ tag: tags[name], class: `cm-hl-${category}` }))),
  // The grammar files these under "keyword"; Pygments does not: None is a name, * and ** operators.
  { tag: tags.null, class: "cm-hl-name" },
  { tag: tags.modifier, class: "cm-hl-operator" },
  // def f / class C: Pygments' function and class names.
  { tag: tags.function(tags.definition(tags.variableName)), class: "cm-hl-function" },
  { tag: tags.definition(tags.className), class: "cm-hl-function" },
]);

// The grammar's own tags leave these out; Pygments colours them.
const python = pythonLanguage.configure({
  props: [
    styleTags({
      '":"': tags.punctuation, // a block's colon, a slice's
      "Decorator/VariableName Decorator/MemberExpression/PropertyName": tags.meta, // @property
      "ExpressionStatement/String": tags.docString, // a string on its own: a docstring
      // An f-string's replacement fields: braces, conversion and format are the string's.
      'FormatReplacement/"{" FormatReplacement/"}" FormatSpec/":" FormatReplacement/FormatSpec FormatReplacement/FormatConversion':
        tags.string,
      "FunctionDefinition/async ForStatement/async WithStatement/async": tags.controlKeyword,
    }),
  ],
});

// Python's built-in functions, types and constants (Pygments: Name.Builtin), and its exceptions (Name.Exception).
const BUILTINS = new Set(
  ("abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex " +
    "delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help " +
    "hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord " +
    "pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type " +
    "vars zip __import__ self cls Ellipsis NotImplemented").split(" "),
);
const EXCEPTION = /^(BaseException|Exception|ArithmeticError|AssertionError|AttributeError|EOFError|ImportError|IndexError|KeyError|KeyboardInterrupt|LookupError|MemoryError|ModuleNotFoundError|NameError|NotImplementedError|OSError|OverflowError|RecursionError|RuntimeError|StopIteration|SyntaxError|SystemExit|TypeError|ValueError|ZeroDivisionError|\w+Warning)$/;

const builtinMark = Decoration.mark({ class: "cm-hl-constant" });
const functionMark = Decoration.mark({ class: "cm-hl-function" });
const affixMark = Decoration.mark({ class: "cm-hl-affix" });

function nameMarks(view) {
  const builder = new RangeSetBuilder();
  const doc = view.state.doc;
  for (const { from, to } of view.visibleRanges) {
    syntaxTree(view.state).iterate({
      from,
      to,
      enter(node) {
        if (node.name === "ImportStatement") {
          // import a.b as c: every name is a module's; from a import b: only those before "import".
          const fromImport = doc.sliceString(node.from, node.from + 4) === "from";
          for (let child = node.node.firstChild; child; child = child.nextSibling) {
            if (fromImport && child.name === "import") break;
            if (child.name === "VariableName") builder.add(child.from, child.to, functionMark);
          }
          return false;
        }
        if (node.name === "String" || node.name === "FormatString") {
          // Its prefix (f, r, b...): Pygments' "affix", the code's own colour.
          const quote = doc.sliceString(node.from, Math.min(node.to, node.from + 3)).search(/["']/);
          if (quote > 0) builder.add(node.from, node.from + quote, affixMark);
          return node.name === "FormatString" ? undefined : false; // an f-string's fields hold code
        }
        if (node.name !== "VariableName") return undefined;
        const parent = node.node.parent && node.node.parent.name;
        if (parent === "FunctionDefinition" || parent === "ClassDefinition" || parent === "Decorator") return undefined;
        const name = doc.sliceString(node.from, node.to);
        if (BUILTINS.has(name)) builder.add(node.from, node.to, builtinMark);
        else if (EXCEPTION.test(name)) builder.add(node.from, node.to, functionMark);
        return undefined;
      },
    });
  }
  return builder.finish();
}

const namesLikePygments = ViewPlugin.fromClass(
  class {
    constructor(view) {
      this.decorations = nameMarks(view);
    }

    update(update) {
      if (update.docChanged || update.viewportChanged || syntaxTree(update.startState) !== syntaxTree(update.state)) {
        this.decorations = nameMarks(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

// ── The editor ─────────────────────────────────────────────────────────────

/**
 * A Python editor in place of `replaced` (which it removes).
 *
 * - `code`: the text to start from; `caret`: where the caret goes (an offset in it);
 * - `label`, `describedBy`: the editable element's accessible name and the id of its help;
 * - `onChange(code)`: after every change of the text; `onRun()`: Ctrl+Enter or Shift+Enter;
 * - `attributes`: more attributes for the editable element (runner.js's data-runner-code).
 *
 * Returns {code (getter), setCode(code), focus({keyboard}), destroy()}. Focus that
 * arrives from the keyboard (not a click) lets Tab and Shift+Tab move on until the
 * reader presses another key, so tabbing through a page never gets stuck in a
 * block; Escape, then Tab, leaves it at any time (CodeMirror's own rule).
 */
export function createEditor({ replaced, code, caret = 0, label, describedBy, onChange, onRun, attributes = {} }) {
  const run = () => {
    onRun();
    return true;
  };
  const state = EditorState.create({
    doc: code,
    selection: { anchor: Math.max(0, Math.min(caret, code.length)) },
    extensions: [
      Prec.highest(keymap.of([{ key: "Mod-Enter", run }, { key: "Ctrl-Enter", run }, { key: "Shift-Enter", run }])),
      history(),
      highlightSpecialChars(),
      indentUnit.of("    "),
      EditorState.tabSize.of(4),
      python,
      indentOnInput(),
      bracketMatching(),
      syntaxHighlighting(highlighter),
      namesLikePygments,
      keymap.of([indentWithTab, ...historyKeymap, ...defaultKeymap]),
      EditorView.contentAttributes.of({
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        autocapitalize: "off",
        autocorrect: "off",
        spellcheck: "false",
        translate: "no",
        // A Tab stop anyway (it is editable); said outright, so that checkers see the box that scrolls a long line has one.
        tabindex: "0",
        ...attributes,
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString());
      }),
    ],
  });
  const view = new EditorView({ state });
  replaced.replaceWith(view.dom);

  // Did the focus come from a click (or a touch)? Then Tab indents at once.
  let pointed = false;
  const onPointer = () => {
    pointed = true;
  };
  const onFocus = () => {
    if (!pointed) view.setTabFocusMode(24 * 3600 * 1000); // until a key other than Tab is pressed
    pointed = false;
  };
  view.dom.addEventListener("mousedown", onPointer, true);
  view.contentDOM.addEventListener("focus", onFocus);

  return {
    view,
    get code() {
      return view.state.doc.toString();
    },
    // A step of its own in the history, however soon after the last edit: one Undo brings back what it replaced.
    setCode(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: isolateHistory.of("full") });
    },
    focus({ keyboard = false } = {}) {
      pointed = !keyboard;
      view.focus();
    },
    destroy() {
      view.dom.removeEventListener("mousedown", onPointer, true);
      view.contentDOM.removeEventListener("focus", onFocus);
      view.destroy();
    },
  };
}
