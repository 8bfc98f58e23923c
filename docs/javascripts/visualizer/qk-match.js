// How a query matches a key: the query vector of the selected token beside
// the key vector of the selected key, component by component, their
// products, and the sum of the products, which is the score. Built once per
// set of component names; a new selection only rewrites numbers.
//
// A view without vectors (the trained model's: 32 unnamed components per
// head) keeps the score, the scaled score and the weight of the pair, and
// says in one sentence why the vectors are not shown, with a link to the
// notebook that looks at them.

import { clear, html, sameTokens, setSignedBar, signedBar } from "./dom.js";
import { formatNumber, formatWeight } from "./format.js";
import { masked } from "./mask.js";
import { NOTEBOOK_URL } from "./minilm.js";
import { MODEL_NAME as LANGUAGE_MODEL, NOTEBOOK_URL as LANGUAGE_NOTEBOOK_URL } from "./smollm2.js";

const NO_VECTORS = "no vectors";

/** The sentence that stands in for the vectors of a trained model's head, with its link. */
export function noVectorsNote(head, what, model = "") {
  const [url, title] = model === LANGUAGE_MODEL ? [LANGUAGE_NOTEBOOK_URL, "Attention inside a language model"] : [NOTEBOOK_URL, "Attention inside a real model"];
  const note = html("p", { class: "viz-no-vectors", "data-view": "no-vectors" });
  note.append(
    document.createTextNode(
      `${what} not shown for the trained model: its vectors have ${head.d_k} components per head, learned rather ` +
        "than designed, and none of them has a meaning one could name, so a table of them would explain nothing; the notebook ",
    ),
    html("a", { href: url }, title),
    document.createTextNode(" looks at what its heads do instead."),
  );
  return note;
}

function valueCell() {
  const td = html("td");
  const bar = signedBar(0, 1);
  const text = document.createTextNode("");
  td.append(bar, text);
  return { td, bar, text };
}

function setValue(cell, value, scale) {
  setSignedBar(cell.bar, value, scale);
  cell.text.textContent = formatNumber(value);
}

export class QKMatch {
  constructor(parent) {
    this.root = html("section", { class: "viz-qk", "data-view": "qk", "aria-label": "How the query matches the key" });
    parent.append(this.root);
    this.names = null;
  }

  build(names, head, model) {
    clear(this.root);
    this.title = html("h3");
    this.root.append(this.title);
    const vectors = names !== NO_VECTORS;
    if (!vectors) this.root.append(noVectorsNote(head, "The query and key vectors behind this score are", model));
    const table = html("table", { class: "viz-qk-table" });
    table.append(
      html(
        "caption",
        {},
        vectors
          ? "Each component of the query vector times the same component of the key vector; the products add up to the score."
          : "The score is the dot product of the query and key vectors; then the same steps as in every head.",
      ),
    );
    if (!vectors) names = [];
    const thead = html("thead");
    const headRow = html("tr");
    this.headers = ["component", "q", "k", "q × k"].map((text) => html("th", { scope: "col" }, text));
    headRow.append(...this.headers);
    thead.append(headRow);
    if (vectors) table.append(thead);
    const body = html("tbody");
    this.rows = names.map((name) => {
      const tr = html("tr");
      const cells = [valueCell(), valueCell(), valueCell()];
      tr.append(html("th", { scope: "row" }, name), ...cells.map((c) => c.td));
      body.append(tr);
      return { tr, cells };
    });
    table.append(body);
    const foot = html("tfoot");
    const footRow = (text, name) => {
      const tr = html("tr");
      const th = html("th", { scope: "row", colspan: vectors ? "3" : "1" }, text);
      const td = html("td", { "data-qk": name });
      tr.append(th, td);
      foot.append(tr);
      return { th, td };
    };
    this.score = footRow(vectors ? "score q·k (the sum)" : "score q·k", "score");
    this.scaled = footRow("scaled score", "scaled");
    this.weight = footRow("weight after the softmax over all keys", "weight");
    table.append(foot);
    this.root.append(table);
  }

  update(ctx) {
    const { view, head, query, key } = ctx;
    const { tokens } = view;
    const names = head.qk_names || NO_VECTORS;
    if (names === NO_VECTORS ? this.names !== NO_VECTORS || this.dK !== head.d_k || this.model !== view.model : !sameTokens(names, this.names)) {
      this.build(names, head, view.model);
      this.names = names;
      this.dK = head.d_k;
      this.model = view.model;
    }
    this.title.textContent = `Does “${tokens[query]}” (query) match “${tokens[key]}” (key)?`;
    this.fillSteps(head, query, key, masked(view, query, key), view.future_scores === "not stored");
    if (names === NO_VECTORS) return;
    const q = head.q[query];
    const k = head.k[key];
    this.headers[1].textContent = `q (“${tokens[query]}”)`;
    this.headers[2].textContent = `k (“${tokens[key]}”)`;
    // Each column on its own scale: what matters is which components agree in sign and size.
    const largest = (values) => Math.max(...values.map(Math.abs), 1e-9);
    const products = q.map((value, d) => value * k[d]);
    const [qScale, kScale, productScale] = [largest(q), largest(k), largest(products)];
    this.rows.forEach((row, d) => {
      row.tr.classList.toggle("viz-qk-zero", q[d] === 0 && k[d] === 0);
      setValue(row.cells[0], q[d], qScale);
      setValue(row.cells[1], k[d], kScale);
      setValue(row.cells[2], products[d], productScale);
    });
  }

  fillSteps(head, query, key, hidden, unstored = false) {
    const none = hidden && unstored; // a later key's score, which a language model's view does not store
    this.score.td.textContent = none ? "not stored" : formatNumber(head.scores[query][key]);
    this.scaled.th.textContent = `scaled score (× ${formatNumber(head.scale, 3)})`;
    this.scaled.td.textContent = none ? "—" : formatNumber(head.scaled_scores[query][key]);
    this.weight.td.textContent = hidden ? "masked → 0" : formatWeight(head.weights[query][key], 4);
  }
}
