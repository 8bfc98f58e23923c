// The heads of the training run on the probe sequence: one small heatmap per
// head (queries down, keys across, causal), each head's previous-token and
// induction scores, and the same as tables (the accessible alternative):
// every head's scores, and the weights of the head the reader picks.
//
// DOM contract (tests/browser/test_training.py): heatmap cells
// [data-cell][data-layer][data-head][data-q][data-k][data-weight]; score
// cells [data-score=previous|induction][data-layer][data-head]; the weights
// table [data-weights-table], its head picked by select[data-control=head].

import { clear, html, svg } from "../visualizer/dom.js";
import { formatWeight, weightColour } from "../visualizer/format.js";

/** A table in Material's own wrappers: styled as the page's tables, and a named Tab stop while it scrolls sideways (a11y.js). */
export function tableBox(table) {
  return window.materialAdapter.tableBox(table);
}

const CELL = 10;

function scoreText(value) {
  return value.toFixed(2);
}

export class HeadsView {
  constructor(parent, id, signal) {
    this.id = id;
    this.grid = html("div", { class: "training-heads", "data-view": "heads" });
    this.scores = html("table", { class: "training-scores" });
    this.details = html("details", { class: "training-details" });
    this.details.append(html("summary", {}, "The weights as a table"));
    const pick = html("p", { class: "training-pick" });
    const selectId = `${id}-head`;
    pick.append(html("label", { for: selectId }, "Head "));
    this.select = html("select", { id: selectId, "data-control": "head" });
    pick.append(this.select);
    this.weightsTable = html("table", { class: "training-weights", "data-weights-table": "" });
    this.details.append(pick, tableBox(this.weightsTable));
    parent.append(this.grid, tableBox(this.scores), this.details);
    this.select.addEventListener("change", () => this.drawTable(), { signal });
    this.shape = null;
  }

  build(layers, heads, n) {
    this.shape = `${layers}x${heads}x${n}`;
    clear(this.grid);
    clear(this.select);
    this.maps = [];
    const size = n * CELL;
    for (let layer = 0; layer < layers; layer += 1) {
      const row = [];
      for (let head = 0; head < heads; head += 1) {
        const figure = html("figure", { class: "training-head" });
        const map = svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "training-map", role: "img" });
        const title = svg("title");
        map.append(title);
        const cells = [];
        for (let q = 0; q < n; q += 1) {
          for (let k = 0; k <= q; k += 1) {
            const rect = svg("rect", {
              x: k * CELL,
              y: q * CELL,
              width: CELL,
              height: CELL,
              class: "training-cell",
              "data-cell": "",
              "data-layer": layer,
              "data-head": head,
              "data-q": q,
              "data-k": k,
            });
            map.append(rect);
            cells.push(rect);
          }
        }
        const caption = html("figcaption");
        figure.append(map, caption);
        this.grid.append(figure);
        row.push({ title, cells, caption });
        this.select.append(html("option", { value: `${layer},${head}` }, `layer ${layer + 1}, head ${head}`));
      }
      this.maps.push(row);
    }
  }

  /** Show the weights of `snapshot` ({step, weights}) and the scores of `probe`, for the probe's `tokens`. */
  draw(snapshot, probe, tokens) {
    const layers = snapshot.weights.length;
    const heads = snapshot.weights[0].length;
    const n = tokens.length;
    if (this.shape !== `${layers}x${heads}x${n}`) this.build(layers, heads, n);
    this.snapshot = snapshot;
    this.tokens = tokens;
    snapshot.weights.forEach((layerWeights, layer) => {
      layerWeights.forEach((weights, head) => {
        const { title, cells, caption } = this.maps[layer][head];
        for (const rect of cells) {
          const w = weights[Number(rect.dataset.q)][Number(rect.dataset.k)];
          rect.dataset.weight = String(w);
          rect.style.setProperty("--train-fill-light", weightColour(w, "light"));
          rect.style.setProperty("--train-fill-dark", weightColour(w, "dark"));
        }
        const previous = probe.previous_token[layer][head];
        const induction = probe.induction[layer][head];
        caption.textContent = `L${layer + 1} H${head} · prev ${scoreText(previous)} · ind ${scoreText(induction)}`;
        title.textContent =
          `Layer ${layer + 1}, head ${head} at step ${snapshot.step.toLocaleString("en")}: previous-token score ` +
          `${scoreText(previous)}, induction score ${scoreText(induction)}. The table below has its weights.`;
      });
    });
    this.drawScores(probe, layers, heads);
    this.drawTable();
  }

  drawScores(probe, layers, heads) {
    clear(this.scores);
    this.scores.append(html("caption", {}, `Each head's scores at step ${probe.step.toLocaleString("en")} (1: the head does exactly that job)`));
    const headRow = html("tr");
    for (const text of ["layer", "head", "previous-token score", "induction score"]) headRow.append(html("th", { scope: "col" }, text));
    const thead = html("thead");
    thead.append(headRow);
    const body = html("tbody");
    for (let layer = 0; layer < layers; layer += 1) {
      for (let head = 0; head < heads; head += 1) {
        const tr = html("tr");
        tr.append(html("td", {}, String(layer + 1)), html("th", { scope: "row" }, String(head)));
        for (const [name, values] of [["previous", probe.previous_token], ["induction", probe.induction]]) {
          const value = values[layer][head];
          tr.append(html("td", { "data-score": name, "data-layer": layer, "data-head": head, "data-value": value }, value.toFixed(4)));
        }
        body.append(tr);
      }
    }
    this.scores.append(thead, body);
  }

  drawTable() {
    if (!this.snapshot) return;
    const [layer, head] = this.select.value.split(",").map(Number);
    const weights = this.snapshot.weights[layer][head];
    clear(this.weightsTable);
    this.weightsTable.append(
      html(
        "caption",
        {},
        `Layer ${layer + 1}, head ${head} at step ${this.snapshot.step.toLocaleString("en")}: the weight of each query ` +
          "(row) on each key (column), by position and token; a dash where the causal mask forbids the key",
      ),
    );
    const thead = html("thead");
    const top = html("tr");
    top.append(html("th", { scope: "col" }, "query \\ key"));
    this.tokens.forEach((token, k) => top.append(html("th", { scope: "col" }, `${k}: ${token}`)));
    thead.append(top);
    const body = html("tbody");
    weights.forEach((row, q) => {
      const tr = html("tr");
      tr.append(html("th", { scope: "row" }, `${q}: ${this.tokens[q]}`));
      row.forEach((w, k) => tr.append(html("td", {}, k > q ? "–" : formatWeight(w))));
      body.append(tr);
    });
    this.weightsTable.append(thead, body);
  }
}
