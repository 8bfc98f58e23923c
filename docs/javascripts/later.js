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
// Drawing moves nothing. A waiting formula takes, from the start, the place
// its drawing will take (postbuild/katex.py): a displayed one is as tall, from
// KaTeX's own struts; an inline one is served as the boxes KaTeX draws it
// with, each as wide as it draws (postbuild/katex_widths.py) and holding only
// its strut, so that its line breaks where it will break. Code's colours move
// nothing either. So a reader who arrives at an anchor far down a page stays
// on its heading while what lies above it is drawn, without a script holding
// the scroll, in every browser, anchoring scrolls or not.
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
  const idle = window.requestIdleCallback
    ? (step) => window.requestIdleCallback(step, { timeout: 1000 })
    : (step) => window.setTimeout(step, 50);

  let page = 0;
  let nearby = null;

  function draw(template) {
    if (!template.isConnected) return;
    const parent = template.parentElement;
    if (parent.querySelector("mark")) template.remove();
    else parent.replaceChildren(template.content);
  }

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
      if (next < waiting.length) idle(step);
      else if (nearby) {
        nearby.disconnect();
        nearby = null;
      }
    };
    idle(step);
  }

  window.addEventListener("beforeprint", drawAll);
  window.materialAdapter.onPage(mount);
})();
