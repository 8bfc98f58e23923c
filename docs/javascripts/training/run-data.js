// A training run as the widget draws it, whether the committed one
// (data/training-run.json, written by site_examples/generate/training_run.py)
// or one the reader trains chunk by chunk (attention.training.session in the
// page's Python). No DOM here.
//
// A run: { source: "committed" | "reader", seed, dataSeed, nSteps, tokens,
// period, threshold, losses: { loss, first_half, repeated_half } (one value
// per step, step s at index s - 1), probes: [{ step, previous_token,
// induction, first_half, repeated_half }] (scores [layer][head]), snapshots:
// [{ step, weights }] (weights [layer][head][query][key] of the probe's first
// sequence) }.

export const RUN_URL = new URL("../../data/training-run.json", import.meta.url).href;

/** The committed run, from the JSON file's fields. */
export function committedRun(data) {
  return {
    source: "committed",
    seed: data.training.seed,
    dataSeed: data.training.data_seed,
    nSteps: data.n_steps,
    tokens: data.probe.tokens,
    period: data.probe.period,
    threshold: data.induction_threshold,
    losses: { loss: data.steps.loss, first_half: data.steps.first_half, repeated_half: data.steps.repeated_half },
    probes: data.probes,
    snapshots: data.snapshots,
  };
}

/** A run the reader starts: what TrainingSession.start() returned (the probe at step 0, with its weights). */
export function readerRun(start) {
  const run = {
    source: "reader",
    seed: start.seed,
    dataSeed: start.data_seed,
    nSteps: start.n_steps,
    tokens: start.tokens,
    period: start.period,
    threshold: start.induction_threshold,
    losses: { loss: [], first_half: [], repeated_half: [] },
    probes: [],
    snapshots: [],
  };
  addProbe(run, start.probe);
  return run;
}

function addProbe(run, probe) {
  const { weights, ...scores } = probe;
  run.probes.push(scores);
  run.snapshots.push({ step: probe.step, weights });
}

/** Append one chunk (TrainingSession.chunk()): its steps' losses and the probe after it. */
export function addChunk(run, chunk) {
  for (const name of ["loss", "first_half", "repeated_half"]) run.losses[name].push(...chunk.steps[name]);
  addProbe(run, chunk.probe);
}

/** The number of steps trained so far. */
export function stepsDone(run) {
  return run.losses.loss.length;
}

/** The probe at `step` (the last one at or before it). */
export function probeAt(run, step) {
  let found = run.probes[0];
  for (const probe of run.probes) {
    if (probe.step > step) break;
    found = probe;
  }
  return found;
}

/** The first probed step at which a layer-2 head reaches the threshold, or null: the induction head has appeared. */
export function appearanceStep(run) {
  const layer = run.probes.length && run.probes[0].induction.length - 1;
  for (const probe of run.probes.slice(1)) {
    if (Math.max(...probe.induction[layer]) >= run.threshold) return probe.step;
  }
  return null;
}
