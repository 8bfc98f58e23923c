// Draws the formulas past a page's first screen, which the build left undrawn.
//
// Every formula was typeset when the site was built (overrides/hooks/katex.py):
// its MathML, which assistive technology reads, is in the page from the start;
// past the first screen, KaTeX's drawing of it waits in a <template> beside
// it. A drawing is many elements, and a page with all of them from the start
// spent much of its loading restyling them. Here each waiting drawing is put
// in place:
//
// - at once, when its formula comes within a window's height of the window
//   (a reader who scrolls, or who arrives at an anchor far down the page);
// - otherwise a few at a time while the page is idle, each step measured
//   with the layout it causes and kept to a few milliseconds, so that the
//   page stays responsive and nothing on screen moves (what is drawn lies
//   outside the window, and the browser keeps the part the reader sees in place);
// - all of them before the page is printed.
//
// Runs on every page, and again after each instant navigation (Material's
// document$); the previous page's observer and steps end with it.

(() => {
  const WAITING = "template[data-katex-html]";
  // A step's time, layout included: a few milliseconds, well inside the 50 ms
  // after which a task counts as long, even on a phone four times slower.
  const STEP_MS = 6;
  const idle = window.requestIdleCallback
    ? (step) => window.requestIdleCallback(step, { timeout: 1000 })
    : (step) => window.setTimeout(step, 50);

  let page = 0;
  let nearby = null;

  function draw(template) {
    if (template.isConnected) template.replaceWith(template.content);
  }

  function drawAll() {
    for (const template of document.querySelectorAll(WAITING)) draw(template);
  }

  function mount() {
    const current = ++page;
    if (nearby) nearby.disconnect();
    nearby = null;
    const waiting = [...document.querySelectorAll(WAITING)];
    if (!waiting.length) return;
    nearby = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          nearby.unobserve(entry.target);
          const template = entry.target.querySelector(WAITING);
          if (template) draw(template);
        }
      },
      { rootMargin: "100% 0px" },
    );
    for (const template of waiting) nearby.observe(template.closest(".arithmatex") || template.parentElement);

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
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(mount);
  else document.addEventListener("DOMContentLoaded", mount);
})();
