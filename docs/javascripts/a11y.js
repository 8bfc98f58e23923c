// Two things the markup cannot say by itself, kept true as pages change
// (Material's instant navigation, the lab and the runner redraw in place):
//
// - A box that scrolls sideways (a wide formula, table or notebook cell, a
//   pane of the lab, on a narrow screen) can be scrolled from the keyboard:
//   while, and only while, its content is wider than it is, it is a Tab stop
//   (tabindex="0"), and a plain box is named for what it holds. Material does
//   the same for its code blocks, but only once a block has come into view
//   (its content.lazy feature, mkdocs.yml): until then this script does it, so
//   that Tab never passes over a block further down that scrolls.
// - Material's search panel is a dialog: it gets a name.

(() => {
  const material = window.materialAdapter;
  // What may scroll, and the name a box of no role or name of its own gets.
  const SCROLLERS = [
    [material.inText("div.arithmatex"), "Formula, scrolls sideways"],
    [material.inText(material.tableBoxSelector()), "Table, scrolls sideways"],
    [material.inText(".jupyter-wrapper .highlight-ipynb"), "Code, scrolls sideways"],
    // Material's code blocks, as Material itself marks them: focusable, no name of their own.
    [material.inText("pre > code"), null],
    // The lab's panes are named sections, its data table a table with a caption.
    [material.inText(".viz-query, .viz-qk, .viz-table-box table"), null],
  ];
  // The boxes of the page on screen: box element -> {el, label} (a box is the
  // scroller itself, or its first child, whose size is its content's).
  let boxes = new Map();
  let pending = false;
  // Where the next scan looks: the elements added since the last one and
  // those whose children changed (a formula drawn in place gives its box a
  // new first child), or, after a page change, the whole document. A long
  // lesson draws its formulas a few at a time (later.js): looking through the
  // whole page each time cost a phone's main thread more than the drawing.
  let roots = null;
  // A box's size changes with the window, its content's with what is drawn in it.
  const resized = new ResizeObserver((entries) => refresh(entries.map((entry) => boxes.get(entry.target)).filter(Boolean)));

  const named = (el) => el.hasAttribute("role") || el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby");

  // Every measurement first, then every change, so the browser lays the page
  // out once however many boxes there are.
  function refresh(items) {
    const unique = [...new Set(items)];
    const scrolls = unique.map(({ el }) => el.isConnected && el.scrollWidth > el.clientWidth + 1);
    unique.forEach((item, index) => update(item, scrolls[index]));
  }

  function update({ el, label }, scrolls) {
    const ours = "scrollFocus" in el.dataset;
    if (scrolls && !ours && !el.hasAttribute("tabindex")) {
      el.tabIndex = 0;
      el.dataset.scrollFocus = "";
      if (label && !named(el)) {
        el.setAttribute("role", "group");
        el.setAttribute("aria-label", label);
        el.dataset.scrollFocus = "named";
      }
    } else if (!scrolls && ours) {
      el.removeAttribute("tabindex");
      if (el.dataset.scrollFocus === "named") {
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
      }
      delete el.dataset.scrollFocus;
    }
  }

  // New boxes (the page changed, the lab or a runner drew): watch them. The
  // observer reports each new box once, which measures it.
  // Boxes already watched whose content changed are measured again: a formula
  // drawn in place can start to scroll without changing its box's size (its
  // height was reserved when the site was built: postbuild/katex.py).
  function scan() {
    pending = false;
    const where = roots ? [...roots].filter((root) => root.isConnected) : [document];
    roots = new Set();
    const again = [];
    for (const [selector, label] of SCROLLERS) {
      const found = new Set();
      for (const root of where) {
        const around = root !== document && root.closest(selector);
        if (around) found.add(around);
        for (const el of root.querySelectorAll(selector)) found.add(el);
      }
      for (const el of found) {
        const item = { el, label };
        for (const box of [el, el.firstElementChild]) {
          if (!box) continue;
          if (boxes.has(box)) again.push(boxes.get(box));
          else {
            boxes.set(box, item);
            resized.observe(box);
          }
        }
      }
    }
    if (again.length) refresh(again);
  }

  function schedule() {
    if (!pending) {
      pending = true;
      requestAnimationFrame(scan);
    }
  }

  function changed(records) {
    if (roots) {
      for (const record of records) {
        if (record.target.nodeType === Node.ELEMENT_NODE) roots.add(record.target);
        for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) roots.add(node);
      }
    }
    schedule();
  }

  function nameSearch() {
    const search = material.searchDialog();
    if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search");
  }

  function mount() {
    // A page left behind by instant navigation must not stay observed (kept alive).
    resized.disconnect();
    boxes = new Map();
    roots = null; // the whole page
    nameSearch();
    schedule();
  }

  new MutationObserver(changed).observe(document.body, { childList: true, subtree: true });
  material.onPage(mount);
})();
