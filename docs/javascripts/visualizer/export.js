// Export what the lab shows: the chosen head's lines and heatmap as one SVG
// or PNG picture (the live drawings, with their current colours written into
// the copy so it stands alone), or its weights as CSV.

import { svg } from "./dom.js";
import { maskName } from "./mask.js";

// The style properties that make the drawings look as they do on the page.
const STYLE_PROPERTIES = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "opacity", "font-family", "font-size", "font-weight", "text-anchor", "dominant-baseline", "visibility", "display"];

function inlineStyles(source, copy) {
  const computed = getComputedStyle(source);
  for (const name of STYLE_PROPERTIES) {
    let value = computed.getPropertyValue(name);
    // A pattern fill may come back as an absolute URL; the copy carries its own pattern.
    if (value.startsWith("url(")) value = value.replace(/url\("?[^#")]*#([^")]+)"?\)/, "url(#$1)");
    if (value) copy.style.setProperty(name, value);
  }
  copy.removeAttribute("class");
  const sources = source.children;
  const copies = copy.children;
  for (let i = 0; i < sources.length; i += 1) inlineStyles(sources[i], copies[i]);
}

function standalone(drawing) {
  const copy = drawing.cloneNode(true);
  inlineStyles(drawing, copy);
  copy.querySelectorAll("title").forEach((node) => node.remove());
  copy.removeAttribute("tabindex");
  return copy;
}

/** One SVG document: a title line, then the lines view and the heatmap side by side. */
export function pictureSvg(ctx, drawings, background, ink) {
  const parts = drawings.map(standalone);
  const sizes = parts.map((part) => [Number(part.getAttribute("width")), Number(part.getAttribute("height"))]);
  const gap = 24;
  const titleHeight = 40;
  const width = sizes.reduce((sum, [w]) => sum + w, 0) + gap * (parts.length + 1);
  const height = titleHeight + Math.max(...sizes.map(([, h]) => h)) + gap;
  const root = svg("svg", { xmlns: "http://www.w3.org/2000/svg", width, height, viewBox: `0 0 ${width} ${height}` });
  root.append(svg("rect", { width, height, fill: background }));
  const { view, head } = ctx;
  const model = view.model === "hand-built" ? "hand-built model" : view.model;
  const settings = [
    maskName(view),
    view.scaling ? "scaled by 1/√d_k" : "not scaled",
    `τ = ${view.temperature}`,
  ].join(" · ");
  root.append(
    svg("text", { x: gap, y: 18, fill: ink, "font-family": "sans-serif", "font-size": 14, "font-weight": 700 }, `“${view.source}”`),
    svg("text", { x: gap, y: 34, fill: ink, "font-family": "sans-serif", "font-size": 11 }, `${model} · ${ctx.headName.toLowerCase()}, “${head.label}” · ${settings} · query “${view.tokens[ctx.query]}”`),
  );
  let x = gap;
  parts.forEach((part, i) => {
    part.setAttribute("x", String(x));
    part.setAttribute("y", String(titleHeight));
    root.append(part);
    x += sizes[i][0] + gap;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
}

// A spreadsheet that opens the file runs a cell starting with = + - @ (or
// with a tab, carriage return or line feed, which some strip first) as a
// formula, and a token is text a link may choose. Such a cell gets a leading
// ' (OWASP, "CSV Injection"), which shows it as the text it is; a plain
// number, such as -0.5, stays a number.
const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** One CSV cell: neutralised if a spreadsheet would read it as a formula, quoted if it must be. */
export function csvField(text) {
  const cell = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The chosen head's weights as CSV: a header of keys, one row per query, the numbers as the data holds them. */
export function weightsCsv(ctx) {
  const { view, head } = ctx;
  const name = (token, i) => `${token} (${i + 1})`;
  const lines = [["query \\ key", ...view.tokens.map(name)].map(csvField).join(",")];
  head.weights.forEach((row, q) => lines.push([name(view.tokens[q], q), ...row.map(String)].map(csvField).join(",")));
  return `${lines.join("\r\n")}\r\n`;
}

/** A file name that says what is in the file: model, layer and head, its label, the sentence and the settings. */
export function fileStem(ctx) {
  const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "view";
  const { view, head } = ctx;
  const where = view.layers.length > 1 ? `layer${ctx.layerIndex + 1}-head${ctx.headIndex + 1}` : `head${ctx.headIndex + 1}`;
  const settings = view.model === "hand-built" ? [view.mask, view.scaling ? "scaled" : "unscaled", `t${view.temperature}`] : [];
  return ["attention", slug(view.model), where, slug(head.label), slug(view.source), ...settings].join("_");
}

export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The SVG picture drawn onto a canvas at twice the size, as a PNG blob. */
export function pngFromSvg(text) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth * 2;
      canvas.height = image.naturalHeight * 2;
      const context = canvas.getContext("2d");
      context.scale(2, 2);
      context.drawImage(image, 0, 0);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the PNG could not be made"))), "image/png");
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("the picture could not be drawn"));
    };
    image.src = url;
  });
}
