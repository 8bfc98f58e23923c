// Every assumption the course's page scripts make about Material for MkDocs, in one place.
//
// The course's scripts ask this file, never Material's markup or globals
// directly: which page Material shows, where its content is, which colour
// scheme is on, what a Material button or table box looks like, which
// element is its search dialog. Each assumption is one named function or
// constant with a line saying why the course needs it. They were traced
// against Material VERSION; the build refuses another release, and
// tests/site/test_material_contract.py checks each of them against the
// installed release's templates and bundle (site_examples/material_adapter.py
// holds the build's half and says how to move the pin).
//
// The colour palette toggle is the course's own (overrides/partials/palette.html
// renders Material's form without the component name Material's bundle mounts
// on): Material's palette marked <body> "switching" and put two <meta>s in the
// head as every page started, with nothing to change, and each of those
// changes restyled the whole page (traced in 5361c9e and d93e5de). Here the
// saved palette, read as Material saves it, is applied as the page starts with
// no mark; a reader's switch marks the body as Material does, so that no
// colour transition plays.
//
// Material's search is reached through its worker instead: search-worker.js,
// which runs in the worker (where this script does not), says how.
//
// A classic script, run before Material's bundle (overrides/main.html), so
// that every later script finds window.materialAdapter.

(() => {
  "use strict";
  // The Material release these assumptions were traced against (site_examples/material_adapter.py: MATERIAL_VERSION).
  const VERSION = "9.8.2";

  // Why: Material's search panel becomes a dialog (role=dialog) once its script has mounted it; it has no name.
  const SEARCH_DIALOG = ".md-search[role=dialog]";
  // Why: every element Material swaps on instant navigation carries data-md-component.
  const SWAPPED = "[data-md-component]";
  // Why: a page's text is in article.md-content__inner; its styles are scoped to .md-typeset.
  const ARTICLE = "article.md-content__inner";
  const TYPESET = ".md-typeset";
  // Why: Material's script puts a class-less table into these two boxes; the course's own tables reuse them.
  const TABLE_WRAP = "md-typeset__scrollwrap";
  const TABLE_INNER = "md-typeset__table";
  // Why: Material sets the scheme's name on <body>; "slate" is its dark scheme.
  const SCHEME_ATTRIBUTE = "data-md-color-scheme";
  // Why: while this attribute is on <body>, Material's style sheet turns every transition off.
  const SWITCHING = "data-md-color-switching";
  // Why: Material keeps the chosen palette under this key of its storage (__md_get/__md_set), as {index, color}.
  const PALETTE_KEY = "__palette";
  // Why: each palette entry is a radio input carrying its colours in these attributes, its toggle label after it.
  const PALETTE_INPUTS = "input[name=__palette]";
  const COLOURS = ["media", "scheme", "primary", "accent"];
  const SYSTEM = "(prefers-color-scheme)";

  /** Calls `callback` for every page Material shows: the first, and each one instant navigation brings. */
  // Why: Material announces each page on window.document$ (an RxJS subject), after it has swapped it in.
  function onPage(callback) {
    if (window.document$ && window.document$.subscribe) window.document$.subscribe(() => callback());
    else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => callback());
    else callback();
  }

  /** The element holding the page's text (the body on a page without one). */
  function article() {
    return document.querySelector(ARTICLE) || document.body;
  }

  /** The elements Material will replace on the next instant navigation. */
  function swappedElements() {
    return [...document.querySelectorAll(SWAPPED)];
  }

  /** `selector` within the page's text, as Material's typography scopes it. */
  function inText(selector) {
    return selector
      .split(",")
      .map((part) => `${TYPESET} ${part.trim()}`)
      .join(", ");
  }

  /** The selector of a table box of Material's (the box that scrolls sideways). */
  function tableBoxSelector() {
    return `.${TABLE_WRAP}`;
  }

  /** `table` inside Material's two table boxes: styled as the page's tables, a scrolling box of the page's. */
  function tableBox(table) {
    const wrap = document.createElement("div");
    wrap.className = TABLE_WRAP;
    const inner = document.createElement("div");
    inner.className = TABLE_INNER;
    inner.append(table);
    wrap.append(inner);
    return wrap;
  }

  /** The classes of a button drawn as Material draws its own; filled for the main action. */
  function buttonClass(primary = false) {
    return primary ? "md-button md-button--primary" : "md-button";
  }

  /** "dark" or "light": the scheme the page is shown in now. */
  function colourScheme() {
    return document.body.getAttribute(SCHEME_ATTRIBUTE) === "slate" ? "dark" : "light";
  }

  /** Calls `callback` each time the reader's colour scheme may have changed; returns the function that stops it. */
  function watchColourScheme(callback) {
    const observer = new MutationObserver(() => callback(colourScheme()));
    observer.observe(document.body, { attributes: true, attributeFilter: [SCHEME_ATTRIBUTE] });
    return () => observer.disconnect();
  }

  /** Material's search dialog, once its script made it one; null before. */
  function searchDialog() {
    return document.querySelector(SEARCH_DIALOG);
  }

  // ── The colour palette ────────────────────────────────────────────────────

  // The colours of an entry, the system's scheme resolved to the light or dark entry, as Material resolves it.
  function coloursOf(inputs, input) {
    let source = input;
    if (input.getAttribute("data-md-color-media") === SYSTEM) {
      const light = matchMedia("(prefers-color-scheme: light)").matches;
      const media = light ? "(prefers-color-scheme: light)" : "(prefers-color-scheme: dark)";
      source = inputs.find((other) => other.getAttribute("data-md-color-media") === media) || input;
    }
    const colours = {};
    for (const key of COLOURS) colours[key] = source.getAttribute(`data-md-color-${key}`);
    colours.media = input.getAttribute("data-md-color-media"); // the entry's own: it says which toggle is on
    return colours;
  }

  function savedIndex(inputs) {
    let saved = null;
    try {
      saved = typeof window.__md_get === "function" ? window.__md_get(PALETTE_KEY) : null;
    } catch {
      saved = null; // unreadable: postbuild/material_storage.py resets it
    }
    if (saved && Number.isInteger(saved.index)) return Math.max(0, Math.min(saved.index, inputs.length - 1));
    const index = inputs.findIndex((input) => matchMedia(input.getAttribute("data-md-color-media")).matches);
    return Math.max(0, index);
  }

  // Sets the entry's colours on <body> (only those that differ: an unchanged attribute restyles nothing),
  // shows its toggle, and saves it as Material does.
  function apply(inputs, index, marked) {
    const input = inputs[index];
    const colours = coloursOf(inputs, input);
    if (marked) document.body.setAttribute(SWITCHING, "");
    for (const key of COLOURS) {
      const name = `data-md-color-${key}`;
      if (colours[key] !== null && document.body.getAttribute(name) !== colours[key]) document.body.setAttribute(name, colours[key]);
    }
    inputs.forEach((other, at) => {
      const label = other.nextElementSibling;
      if (label instanceof HTMLLabelElement) label.hidden = at !== index;
    });
    input.checked = true;
    if (typeof window.__md_set === "function") window.__md_set(PALETTE_KEY, { index, color: colours });
    if (marked) setTimeout(() => document.body.removeAttribute(SWITCHING));
    setTimeout(themeColour);
  }

  // Why: Material tells a phone's browser the header's colour (<meta name="theme-color">) for its own bar.
  function themeColour() {
    const header = document.querySelector("header.md-header");
    if (!header) return;
    let meta = document.head.querySelector("meta[name=theme-color]");
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "theme-color";
      document.head.append(meta);
    }
    meta.content = getComputedStyle(header).backgroundColor;
  }

  /** Runs the header's colour toggle: the saved entry applied now, the reader's switches, the system's changes. */
  function mountPalette() {
    const inputs = [...document.querySelectorAll(PALETTE_INPUTS)];
    if (!inputs.length) return;
    let current = savedIndex(inputs);
    apply(inputs, current, false);
    for (const input of inputs) {
      input.addEventListener("change", () => {
        if (!input.checked) return;
        current = inputs.indexOf(input);
        apply(inputs, current, true);
      });
    }
    // The toggle answers Enter as Material's does: the next entry, focused.
    inputs[0].form.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      const next = inputs[(current + 1) % inputs.length];
      next.click();
      next.focus();
    });
    matchMedia("(prefers-color-scheme: light)").addEventListener("change", () => {
      if (inputs[current].getAttribute("data-md-color-media") === SYSTEM) apply(inputs, current, true);
    });
  }

  window.materialAdapter = Object.freeze({
    VERSION,
    onPage,
    article,
    swappedElements,
    inText,
    tableBoxSelector,
    tableBox,
    buttonClass,
    colourScheme,
    watchColourScheme,
    searchDialog,
  });

  // Run at the end of <body>: the header's toggle is already there (no toggle on a page without a palette).
  mountPalette();
})();
