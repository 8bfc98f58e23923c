// The loss curve of a training run, as an SVG line chart: the loss on the
// probe batch before the repeat and in the repeat, against the step, with
// the step shown in the heatmaps and the appearance of the induction head
// marked. Its table alternative (every probe's two losses) is the widget's.

import { clear, svg } from "../visualizer/dom.js";
import { appearanceStep } from "./run-data.js";

// Two geometries in the SVG's own units: a wide chart, and a narrower one for
// phones, so that its text stays legible when the chart is scaled to fit.
const WIDE = { width: 640, height: 220, legendX: 490 };
const NARROW = { width: 360, height: 230, legendX: 210 };
const NARROW_BELOW_PX = 560;
const PAD = { left: 40, right: 12, top: 14, bottom: 34 };
const SERIES = [
  ["first_half", "before the repeat", "training-line-first"],
  ["repeated_half", "in the repeat", "training-line-repeat"],
];

export class LossChart {
  /** `measured`: the element whose width picks the wide or the narrow geometry (the chart may not be in the page yet). */
  constructor(parent, measured) {
    this.measured = measured;
    this.svg = svg("svg", {
      class: "training-chart",
      role: "img",
      "data-view": "loss-chart",
    });
    this.title = svg("title");
    this.svg.append(this.title);
    this.plot = svg("g");
    this.svg.append(this.plot);
    parent.append(this.svg);
  }

  /** Draw the last run again (the page's width changed). */
  redraw() {
    if (this.last) this.draw(...this.last);
  }

  /** Draw `run` up to its last probe, the selected `step` marked. */
  draw(run, step) {
    this.last = [run, step];
    clear(this.plot);
    const width = this.measured.clientWidth;
    const { width: WIDTH, height: HEIGHT, legendX } = width && width < NARROW_BELOW_PX ? NARROW : WIDE;
    this.svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    this.svg.style.aspectRatio = `${WIDTH} / ${HEIGHT}`;
    const maxLoss = Math.max(3.5, ...run.probes.map((p) => Math.max(p.first_half, p.repeated_half)));
    const x = (s) => PAD.left + (s / run.nSteps) * (WIDTH - PAD.left - PAD.right);
    const y = (v) => PAD.top + (1 - v / maxLoss) * (HEIGHT - PAD.top - PAD.bottom);
    const axes = svg("g", { class: "training-axes" });
    for (let v = 0; v <= maxLoss; v += 1) {
      axes.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(v), y2: y(v), class: "training-grid" }));
      axes.append(svg("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)));
    }
    const ticks = WIDTH === WIDE.width ? 4 : 2;
    for (let i = 0; i <= ticks; i += 1) {
      const s = Math.round((run.nSteps * i) / ticks);
      const anchor = i === ticks ? "end" : "middle"; // the last label ends at the axis's end, inside the chart
      axes.append(svg("text", { x: x(s), y: HEIGHT - PAD.bottom + 16, "text-anchor": anchor }, s.toLocaleString("en")));
    }
    axes.append(svg("text", { x: (PAD.left + WIDTH - PAD.right) / 2, y: HEIGHT - 4, "text-anchor": "middle" }, "training step"));
    this.plot.append(axes);

    const appeared = appearanceStep(run);
    if (appeared !== null) {
      this.plot.append(svg("line", { x1: x(appeared), x2: x(appeared), y1: PAD.top, y2: y(0), class: "training-appear" }));
      this.plot.append(
        svg("text", { x: x(appeared) + 4, y: PAD.top + 10, class: "training-note" }, `induction head: step ${appeared.toLocaleString("en")}`),
      );
    }
    this.plot.append(svg("line", { x1: x(step), x2: x(step), y1: PAD.top, y2: y(0), class: "training-cursor" }));

    for (const [name, , className] of SERIES) {
      const points = run.probes.map((p) => `${x(p.step).toFixed(1)},${y(p[name]).toFixed(1)}`).join(" ");
      this.plot.append(svg("polyline", { points, class: `training-line ${className}` }));
    }
    const legend = svg("g", { class: "training-legend" });
    SERIES.forEach(([, label, className], i) => {
      const top = PAD.top + 0.4 * (HEIGHT - PAD.top - PAD.bottom) + i * 16; // right of the drop, between the two curves
      legend.append(svg("line", { x1: legendX, x2: legendX + 24, y1: top, y2: top, class: `training-line ${className}` }));
      legend.append(svg("text", { x: legendX + 30, y: top + 4 }, label));
    });
    this.plot.append(legend);

    const last = run.probes[run.probes.length - 1];
    this.svg.dataset.layout = WIDTH === WIDE.width ? "wide" : "narrow";
    this.title.textContent =
      `Loss on the probe batch against the training step, ${run.probes.length} measurements up to step ${last.step.toLocaleString("en")}: ` +
      `before the repeat ${last.first_half.toFixed(2)}, in the repeat ${last.repeated_half.toFixed(2)} at the last one` +
      (appeared === null ? "; no induction head yet." : `; the induction head appeared at step ${appeared.toLocaleString("en")}.`);
  }
}
