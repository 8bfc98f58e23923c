// Element builders for the visualizer's components, and html() for the
// runner's too (docs/runner/runner.js imports it). Text always goes in
// through textContent, never as HTML; SVG elements are made in the SVG namespace.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(node, attributes, text) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  if (text !== undefined && text !== null && text !== "") node.textContent = String(text);
  return node;
}

/** An HTML element with attributes (true = present, false/null = absent) and optional text. */
export function html(tag, attributes = {}, text) {
  return apply(document.createElement(tag), attributes, text);
}

/** An SVG element with attributes and optional text. */
export function svg(tag, attributes = {}, text) {
  return apply(document.createElementNS(SVG_NS, tag), attributes, text);
}

/** Remove every child of a node. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** A visually hidden text for screen readers. */
export function hiddenText(text) {
  return html("span", { class: "viz-sr-only" }, text);
}

/** A small horizontal bar for a signed value, centred on zero: |value| / scale of half the width. */
export function signedBar(value, scale) {
  const box = html("span", { class: "viz-bar", "aria-hidden": "true" });
  box.append(html("span"));
  setSignedBar(box, value, scale);
  return box;
}

/** Show another value on a bar made by signedBar. */
export function setSignedBar(box, value, scale) {
  const fill = box.firstChild;
  fill.className = value < 0 ? "viz-bar-fill viz-bar-neg" : "viz-bar-fill";
  const share = scale > 0 ? Math.min(1, Math.abs(value) / scale) : 0;
  fill.style.width = `${(share * 50).toFixed(1)}%`;
}

/** Whether two token lists are the same sentence: the components rebuild only when it changes. */
export function sameTokens(a, b) {
  return Boolean(a && b) && a.length === b.length && a.every((token, i) => token === b[i]);
}
