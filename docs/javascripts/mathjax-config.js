// MathJax 3 settings, read by vendor/mathjax/tex-mml-chtml.js when it loads
// (this file is listed before it). Only the math that pymdownx.arithmatex
// marked up is typeset, so a dollar sign in prose or code stays a dollar sign.
window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"]],
    displayMath: [["\\[", "\\]"]],
    processEscapes: true,
    processEnvironments: true,
  },
  options: {
    ignoreHtmlClass: ".*|",
    processHtmlClass: "arithmatex",
  },
};

// MathJax typesets the first page by itself once it has loaded. Material then
// swaps page content without reloading (instant navigation) and announces each
// new page on document$: typeset those from here.
document$.subscribe(() => {
  const math = window.MathJax;
  if (!math || !math.startup || !math.startup.promise) return; // not loaded yet: first page
  math.startup.promise.then(() => {
    math.typesetClear();
    math.texReset();
    return math.typesetPromise();
  });
});
