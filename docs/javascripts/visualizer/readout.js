// The sparsity readout: how concentrated the chosen head's weights are, for
// the whole head and for the selected query. Every number comes from the
// data (computed by attention.lab.contract), none is computed here.

import { clear, html } from "./dom.js";
import { formatBits, formatNumber, formatShare } from "./format.js";

export class Readout {
  constructor(parent) {
    this.root = html("div", { class: "viz-readout", "data-view": "readout" });
    parent.append(this.root);
  }

  item(list, term, value, detail, name) {
    list.append(html("dt", {}, term));
    const dd = html("dd", { "data-stat": name });
    dd.append(html("strong", {}, value));
    if (detail) dd.append(document.createTextNode(` ${detail}`));
    list.append(dd);
  }

  update(ctx) {
    const { head, view, query } = ctx;
    const s = head.stats;
    const r = head.row_stats;
    const threshold = view.threshold;
    clear(this.root);

    this.root.append(html("h3", {}, `${ctx.headName}, “${head.label}”, all queries`));
    const all = html("dl", { "data-scope": "head" });
    this.item(all, "Entropy", formatBits(s.entropy), `on average (spread evenly: ${formatBits(s.uniform_entropy)})`, "entropy");
    this.item(all, `Weights below ${threshold}`, formatShare(s.below_threshold), "of the weights a query may give", "below");
    this.item(all, "Distance", `${formatNumber(s.distance, 1)} tokens`, "on average between query and key", "distance");
    this.item(all, "Neighbours", formatShare(s.adjacent), "of the weight goes to the next token on either side", "adjacent");
    this.item(all, "Long range", formatShare(s.long_range), "goes to tokens 3 or more away", "long-range");
    this.root.append(all);

    const token = view.tokens[query];
    this.root.append(html("h3", {}, `Query “${token}”`));
    const one = html("dl", { "data-scope": "query" });
    this.item(one, "Entropy", formatBits(r.entropy[query]), `(spread evenly: ${formatBits(r.uniform_entropy[query])})`, "entropy");
    this.item(one, `Weights below ${threshold}`, formatShare(r.below_threshold[query]), "of its visible keys", "below");
    this.item(one, "Distance", `${formatNumber(r.distance[query], 1)} tokens`, "on average", "distance");
    this.root.append(one);
  }
}
