// The chosen head's weights as a real table: the accessible alternative to
// the pictures, and handy for reading exact numbers. The selected query's
// row is marked with aria-current.

import { clear, html } from "./dom.js";
import { formatWeight } from "./format.js";
import { maskName, masked } from "./mask.js";

export class DataTable {
  constructor(parent) {
    this.root = html("details", { class: "viz-table-box" });
    this.root.append(html("summary", {}, "The weights as a table"));
    this.table = html("table", { class: "viz-table", "data-view": "table" });
    this.root.append(this.table);
    parent.append(this.root);
    this.built = null;
    // Closed, the table is not drawn; it catches up when opened.
    this.root.addEventListener("toggle", () => {
      if (this.root.open && this.ctx) this.update(this.ctx);
    });
  }

  build(ctx) {
    const { view, head } = ctx;
    clear(this.table);
    const settings = [
      maskName(view),
      view.scaling ? "scaled by 1/√d_k" : "not scaled",
      `temperature ${view.temperature}`,
    ].join(", ");
    this.table.append(
      html(
        "caption",
        {},
        `Weights of head “${head.label}” (${ctx.headName.toLowerCase()} of the ${view.model === "hand-built" ? "hand-built model" : view.model}) ` +
          `for “${view.source}” (${settings}). Rows: queries; columns: keys; each row sums to 1.`,
      ),
    );
    const headRow = html("tr");
    headRow.append(html("th", { scope: "col" }, "query \\ key"));
    view.tokens.forEach((token, k) => headRow.append(html("th", { scope: "col", title: `key ${k + 1}` }, token)));
    const tableHead = html("thead");
    tableHead.append(headRow);
    this.table.append(tableHead);
    const body = html("tbody");
    this.rows = head.weights.map((row, q) => {
      const tr = html("tr");
      tr.append(html("th", { scope: "row", title: `query ${q + 1}` }, view.tokens[q]));
      row.forEach((weight, k) => tr.append(html("td", { "data-q": q, "data-k": k }, masked(view, q, k) ? "masked" : formatWeight(weight, 3))));
      body.append(tr);
      return tr;
    });
    this.table.append(body);
  }

  update(ctx) {
    this.ctx = ctx;
    if (!this.root.open) return;
    if (this.built !== ctx.head) {
      this.build(ctx);
      this.built = ctx.head;
    }
    this.rows.forEach((tr, q) => {
      if (q === ctx.query) tr.setAttribute("aria-current", "true");
      else tr.removeAttribute("aria-current");
    });
  }
}
