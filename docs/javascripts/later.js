// Draws what the build left for after a page's first screen: formulas'
// drawings and code blocks' colours.
//
// Every formula was typeset when the site was built (postbuild/katex.py):
// its MathML, which assistive technology reads, is in the page from the start;
// past the first screen, KaTeX's drawing of it waits in a <template> beside
// it. A code block past the first screen is served as its plain text, its
// highlighted markup waiting in a <template> inside it
// (postbuild/code_later.py). Both are many elements, and a page with all
// of them from the start spent much of its loading restyling them. Here each
// waiting template takes the place of its parent's content:
//
// - at once, when it comes within a window's height of the window (a reader
//   who scrolls, or who arrives at an anchor far down the page);
// - otherwise a few at a time while the page is idle, each step measured
//   with the layout it causes and kept to a few milliseconds, so that the
//   page stays responsive and nothing on screen moves (a drawing lies outside
//   the window, and colours move nothing);
// - all of them before the page is printed.
//
// The fonts that only the later formulas are drawn with wait too, listed in a
// <template data-later-fonts> in the head: they are asked for once the page is
// first idle, so that on a slow line they do not share the bandwidth with what
// the first screen needs.
//
// A waiting formula's height is reserved when the site is built, from
// KaTeX's own struts (postbuild/katex.py: reserved): a displayed formula is
// as tall waiting as drawn, within a pixel. An inline formula's width is not
// known before it is drawn, and its drawing can rewrap its paragraph. So a
// reader who arrives at an anchor (a link into a section, an entry of the
// contents) lands on its heading while the inline formulas above it still
// change height as they are drawn here. (The runner's blocks and the
// exercises come with the page as they will be mounted:
// postbuild/runner_slots.py.) Material, when it swaps the same page in again
// for the fragment (at a page's first same-page link or history step),
// brings them back undrawn. Chromium's scroll anchoring makes up for what
// changes above the element it anchors to, and Safari anchors nothing before
// its version 27. Code's colours move nothing. So the anchor's target is held
// where the browser put it until the reader scrolls, types or touches (hold,
// below).
//
// Code where search has marked the words the reader looked for keeps its
// plain text and the marks. Runs on every page, and again after each instant
// navigation (material-adapter.js: onPage); the previous page's observer and steps
// end with it.

(() => {
  const WAITING = "template[data-later]";
  // A step's time, layout included: a few milliseconds, well inside the 50 ms
  // after which a task counts as long, even on a phone four times slower.
  const STEP_MS = 6;
  // How long a hold on the fragment's target outlasts the page's last drawing step.
  const HOLD_MS = 3000;
  const idle = window.requestIdleCallback
    ? (step) => window.requestIdleCallback(step, { timeout: 1000 })
    : (step) => window.setTimeout(step, 50);

  let page = 0;
  let nearby = null;
  let held = null;

  function draw(template) {
    if (!template.isConnected) return;
    const parent = template.parentElement;
    if (parent.querySelector("mark")) template.remove();
    else parent.replaceChildren(template.content);
  }

  // Keeps the target of the address's fragment where the browser scrolled it
  // to (its scroll margin under the header): from the moment it lies there,
  // each drawing step, each change of the page's size and each scroll that
  // came with a change of layout (Chromium's scroll anchoring) move the page
  // back by as much as the target moved. The reader's first wheel, key, touch
  // or click ends the hold, as does a scroll with the layout unchanged
  // (someone else scrolled: a script, assistive technology), another fragment
  // or page, or HOLD_MS without a drawing step (the page no longer changes by
  // itself). When Material swaps the same page in again for the same fragment
  // (its answer to a history step), the hold carries on, the new target put
  // where the old one was held.
  function hold() {
    const previous = held;
    held = null;
    if (previous) previous.end();
    let id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // a malformed escape (a hand-typed address): looked up as it stands
    }
    const target = id && document.getElementById(id);
    if (!target) return;
    const ended = new AbortController();
    const resized = new ResizeObserver(() => keep());
    let top = null; // where the target is held, in the window
    let placed = null; // where it was in the page at the last look
    let timer = 0;
    const end = () => ended.abort();
    const extend = () => {
      clearTimeout(timer);
      timer = setTimeout(end, HOLD_MS);
    };
    const keep = (event) => {
      if (!target.isConnected) return;
      const now = target.getBoundingClientRect().top;
      const offset = now + window.scrollY;
      if (top === null) {
        const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
        if (Math.abs(now - margin) > 2) return; // not there yet (or the reader is elsewhere, as after a reload)
        top = now;
        resized.observe(document.body);
      } else if (event && event.type === "scroll" && placed !== null && Math.abs(offset - placed) < 1 && Math.abs(now - top) >= 1) {
        end();
        return;
      } else if (Math.abs(now - top) >= 1) {
        window.scrollBy(0, now - top);
      }
      placed = offset;
    };
    ended.signal.addEventListener("abort", () => {
      resized.disconnect();
      clearTimeout(timer);
      if (held && held.end === end) held = null;
    });
    const options = { signal: ended.signal, passive: true, capture: true };
    for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) window.addEventListener(type, end, options);
    window.addEventListener("scroll", keep, options);
    if (previous && previous.id === id && previous.top() !== null) {
      top = previous.top();
      resized.observe(document.body);
    }
    keep();
    extend();
    held = {
      id,
      top: () => top,
      end,
      keep: () => {
        extend();
        keep();
      },
    };
  }
  const keepHeld = () => held && held.keep();

  function drawAll() {
    loadFonts();
    for (const template of document.querySelectorAll(WAITING)) draw(template);
  }

  // A font face as the page's FontFaceSet names it, and as the build's data-face does.
  const faceName = (face) => [face.family.replaceAll('"', ""), face.weight === "normal" ? "400" : face.weight, face.style].join(" ");

  // The template lists the fonts with their faces. Each is asked for through the page's own
  // font face, which downloads it once: a preload link put in the page now is not matched
  // with the face's own request when a formula is drawn (measured: each font downloaded twice).
  function loadFonts() {
    const fonts = document.head.querySelector("template[data-later-fonts]");
    if (!fonts) return;
    fonts.remove();
    const faces = new Map([...document.fonts].map((face) => [faceName(face), face]));
    for (const link of fonts.content.querySelectorAll("link[data-face]")) {
      const face = faces.get(link.dataset.face);
      if (face) {
        if (face.status === "unloaded") face.load().catch(() => {}); // drawn with the fallback if it fails, as without it
      } else {
        document.head.append(link); // a face the style sheet names otherwise: preloaded as it is
      }
    }
  }

  function mount() {
    const current = ++page;
    if (nearby) nearby.disconnect();
    nearby = null;
    hold();
    idle(loadFonts);
    const waiting = [...document.querySelectorAll(WAITING)];
    if (!waiting.length) return;
    const watched = new Map();
    nearby = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          nearby.unobserve(entry.target);
          draw(watched.get(entry.target));
        }
        keepHeld();
      },
      { rootMargin: "100% 0px" },
    );
    for (const template of waiting) {
      // The formula's or the code block's box (a template has none).
      const box = template.closest(".arithmatex, .highlight") || template.parentElement;
      watched.set(box, template);
      nearby.observe(box);
    }

    let next = 0;
    const step = () => {
      if (current !== page) return;
      const start = performance.now();
      while (next < waiting.length && performance.now() - start < STEP_MS) {
        for (const end = Math.min(next + 4, waiting.length); next < end; next++) draw(waiting[next]);
        void document.documentElement.offsetHeight; // the layout this step causes, counted in it
      }
      keepHeld();
      if (next < waiting.length) idle(step);
      else if (nearby) {
        nearby.disconnect();
        nearby = null;
      }
    };
    idle(step);
  }

  window.addEventListener("beforeprint", drawAll);
  window.addEventListener("hashchange", hold);
  window.materialAdapter.onPage(mount);
})();
