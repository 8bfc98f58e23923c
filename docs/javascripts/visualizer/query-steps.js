// One query token in detail: a bar chart of its weights over the keys, and
// the four steps that produce them and its output, read from the data:
// 1. raw scores q·k, 2. scaled scores, 3. softmax weights, 4. the output
// vector, the weighted sum of the values. Built once per sentence (and set of
// value names); a new selection only rewrites numbers. A view without vectors
// (the trained model's) has steps 1 to 3; step 4 is then replaced by a
// sentence that says why.

import { clear, html, sameTokens, setSignedBar, signedBar, svg } from "./dom.js";
import { formatNumber, formatWeight } from "./format.js";
import { causal, masked } from "./mask.js";

const BAR_ROW = 18;
const BAR_WIDTH = 220;


function cellWithBar(attributes) {
  const td = html("td", attributes);
  const bar = signedBar(0, 1);
  const text = document.createTextNode("");
  td.append(bar, text);
  return { td, bar, text };
}

export class QuerySteps {
  constructor(parent, lab) {
    this.lab = lab;
    this.root = html("section", { class: "viz-query", "data-view": "query", "aria-label": "The selected query, step by step" });
    parent.append(this.root);
    this.tokens = null;
    this.vNames = undefined;
  }

  build(tokens, vNames, head) {
    clear(this.root);
    const n = tokens.length;
    this.title = html("h3");
    this.root.append(this.title);

    const label = Math.max(48, 7.2 * Math.max(...tokens.map((t) => t.length)) + 10);
    const width = label + BAR_WIDTH + 60;
    this.chart = svg("svg", {
      class: "viz-bars",
      viewBox: `0 0 ${width} ${n * BAR_ROW + 4}`,
      width,
      height: n * BAR_ROW + 4,
      role: "img",
      "data-view": "bars",
    });
    this.bars = tokens.map((token, k) => {
      const y = 2 + k * BAR_ROW;
      const row = svg("g", { class: "viz-bar-row", "data-k": k });
      const value = svg("rect", { x: label, y: y + 3, width: 0, height: BAR_ROW - 6, class: "viz-bar-value" });
      const number = svg("text", { x: label + BAR_WIDTH + 6, y: y + BAR_ROW / 2, class: "viz-bar-number" });
      row.append(
        svg("text", { x: label - 6, y: y + BAR_ROW / 2, "text-anchor": "end", class: "viz-axis-token" }, token),
        svg("rect", { x: label, y: y + 3, width: BAR_WIDTH, height: BAR_ROW - 6, class: "viz-bar-track" }),
        value,
        number,
      );
      row.addEventListener("click", () => this.lab.select({ query: this.lab.selection().query, key: k }));
      this.chart.append(row);
      return { row, value, number };
    });
    this.root.append(this.chart);

    const table = html("table", { class: "viz-steps", "data-view": "steps" });
    this.caption = html("caption");
    table.append(this.caption);
    const thead = html("thead");
    const headRow = html("tr");
    for (const text of ["key", "1. score q·k", "2. scaled", "3. weight"]) headRow.append(html("th", { scope: "col" }, text));
    thead.append(headRow);
    table.append(thead);
    const body = html("tbody");
    this.steps = tokens.map((token, k) => {
      const tr = html("tr", { "data-k": k });
      const score = cellWithBar({ "data-step": "score" });
      const scaled = html("td", { "data-step": "scaled" });
      const weight = html("td", { "data-step": "weight" });
      tr.append(html("th", { scope: "row" }, token), score.td, scaled, weight);
      body.append(tr);
      return { tr, score, scaled, weight };
    });
    table.append(body);
    this.root.append(table);

    if (!vNames) {
      this.outputs = null;
      this.root.append(
        html(
          "p",
          { class: "viz-no-vectors", "data-view": "no-output" },
          `Step 4, the output (Σ weight × v), is not shown for the trained model: its value vectors have ${head.d_k} unnamed components per head.`,
        ),
      );
      return;
    }
    const output = html("table", { class: "viz-output", "data-view": "output" });
    this.outputCaption = html("caption");
    output.append(this.outputCaption);
    const outHead = html("thead");
    const outRow = html("tr");
    for (const text of ["component", "output"]) outRow.append(html("th", { scope: "col" }, text));
    outHead.append(outRow);
    output.append(outHead);
    const outBody = html("tbody");
    this.outputs = vNames.map((name) => {
      const tr = html("tr");
      const value = cellWithBar({});
      tr.append(html("th", { scope: "row" }, name), value.td);
      outBody.append(tr);
      return value;
    });
    output.append(outBody);
    this.root.append(output);
  }

  update(ctx) {
    const { view, head, query, key } = ctx;
    const { tokens } = view;
    const vNames = head.v_names || null;
    const sameValues = vNames ? sameTokens(vNames, this.vNames) : this.vNames === null && this.dK === head.d_k;
    if (!sameTokens(tokens, this.tokens) || !sameValues) {
      this.build(tokens, vNames, head);
      this.tokens = tokens;
      this.vNames = vNames;
      this.dK = head.d_k;
    }
    const n = tokens.length;
    this.title.textContent = `Query “${tokens[query]}” (token ${query + 1} of ${n}), ${ctx.headName.toLowerCase()}, “${head.label}”`;
    this.chart.setAttribute("aria-label", `Weights of the query ${tokens[query]} over the keys`);

    const weights = head.weights[query];
    const scores = head.scores[query];
    const top = Math.max(...scores.map(Math.abs), 1e-9);
    weights.forEach((weight, k) => {
      const bar = this.bars[k];
      bar.row.dataset.weight = String(weight);
      bar.row.classList.toggle("viz-is-key", k === key);
      bar.value.setAttribute("width", (weight * BAR_WIDTH).toFixed(2));
      bar.number.textContent = masked(view, query, k) ? "masked" : formatWeight(weight);
      const step = this.steps[k];
      step.tr.classList.toggle("viz-is-key", k === key);
      // A language model's view stores no scores for later keys: the model never uses them.
      const unstored = masked(view, query, k) && view.future_scores === "not stored";
      setSignedBar(step.score.bar, unstored ? 0 : scores[k], top);
      step.score.text.textContent = unstored ? "not stored" : formatNumber(scores[k]);
      step.scaled.textContent = unstored ? "—" : formatNumber(head.scaled_scores[query][k]);
      step.weight.textContent = masked(view, query, k) ? "masked → 0" : formatWeight(weight, 4);
    });

    const scaleText = view.scaling
      ? `1/√${head.d_k}${view.temperature !== 1 ? ` ÷ τ (τ = ${view.temperature})` : ""}`
      : view.temperature !== 1
        ? `1/τ (τ = ${view.temperature}), no √d_k`
        : "1 (scaling off)";
    this.caption.textContent =
      `Steps 1–3 for “${tokens[query]}”: score q·k, times the scale ${scaleText} = ${formatNumber(head.scale, 3)}, ` +
      `then the softmax over the keys it may see${causal(view) ? " (later tokens are masked)" : ""}.` +
      (view.future_scores === "not stored" ? " The scores of later tokens are not stored: the model never uses them." : "");

    if (!this.outputs) return;
    const output = head.output[query];
    const largest = Math.max(...output.map(Math.abs), 1);
    this.outputCaption.textContent = `Step 4: the output of “${tokens[query]}”, the weighted sum of the value vectors, Σ weight × v`;
    output.forEach((value, d) => {
      setSignedBar(this.outputs[d].bar, value, largest);
      this.outputs[d].text.textContent = formatNumber(value);
    });
  }
}
