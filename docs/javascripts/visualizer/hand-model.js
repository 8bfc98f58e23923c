// The lab's hand-built model (attention.lab): how the view the reader asks
// for gets on screen. A preset, or a view computed before, shows at once;
// anything else is computed by the attention package in Pyodide (data.js)
// while the last view stays on screen. When Python fails, the lab goes back
// to a view that exists and says why.

import { python } from "../../runner/python-session.js";
import { ViewSource, pythonError } from "./data.js";
import { handStatus } from "./status-text.js";

export class HandModel {
  constructor(lab) {
    this.lab = lab;
    this.source = new ViewSource();
  }

  show() {
    const lab = this.lab;
    lab.settleSwitch();
    lab.fillPresets();
    lab.writeUrl();
    lab.controls.update(lab.state, lab.isPreset(lab.state.sentence));
    const view = this.source.cached(lab.state);
    if (view) {
      lab.supersede(); // a computation still running is no longer wanted
      lab.pending = null;
      lab.render(view, this.source.presetFor(lab.state.sentence) && lab.state.temperature === 1 ? "preset" : "live");
    } else {
      this.compute({ ...lab.state });
    }
  }

  async compute(state) {
    const lab = this.lab;
    const outcome = await lab.waitFor(state, lab.supersede(), () => this.source.compute(state));
    if (!outcome) return;
    if (outcome.ok) {
      lab.render(outcome.view, "live");
      return;
    }
    // A lesson block's Stop button restarts Python under us: ask the new one.
    if (pythonError(outcome.error) === "stopped") {
      this.compute(state);
      return;
    }
    // Keep showing (and put in the address) a view that exists: the last
    // one, or the first preset when nothing was shown yet.
    const shown = lab.view && lab.view.model === "hand-built";
    const fallback = shown ? lab.view : this.source.cached({ ...lab.state, sentence: this.source.presets[0].sentence, temperature: 1 });
    const { source: sentence, mask, scaling, temperature } = fallback;
    lab.state = { ...lab.state, sentence, mask, scaling, temperature };
    lab.writeUrl();
    lab.controls.update(lab.state, lab.isPreset(sentence));
    lab.notice = { text: `Python could not compute this view: ${pythonError(outcome.error)}`, error: true };
    lab.render(fallback, shown ? lab.origin : "preset");
  }

  /** The status line's text and options for this model. */
  status() {
    const lab = this.lab;
    if (lab.pending) lab.warmUp(); // the view waits for Python: make sure it is on its way
    return handStatus({ python: python.state, pending: Boolean(lab.pending), origin: lab.origin, notice: lab.notice, pythonProgress: lab.progress });
  }
}
