"""Run the documented training experiment and write docs/data/training-run.json, the data the lesson draws.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 .venv/bin/python -m site_examples.generate.training_run
    .venv/bin/python -m site_examples.generate.training_run --seeds 0-7   # also: which seeds form the head

The run is ``attention.training.experiment.run_experiment()``: the model,
task, seeds and sizes are ``MODEL`` and ``TRAINING`` there, nothing here. The
file holds every step's losses, every probe's per-head scores, snapshots of
one probe sequence's attention weights, the step at which the induction head
appears and the loss fingerprint that a run in Pyodide is compared with.

Two measurements go beside it, into the same file:

- ``sensitivity``: the same run from initial weights one ulp away (each
  weight moved to its next float towards +inf, np.nextafter), the largest
  relative difference of the losses over the fingerprint's steps, and the
  step from which they differ by more than 1e-3: how far rounding (another
  BLAS summing in another order) can move the numbers, and so the tolerance
  of the comparison with Pyodide;
- ``seeds`` (with ``--seeds``): for each initial-weight seed (``data_seed``
  its own, ``seed + 1``), the step at which the induction head appears and
  the step of the loss drop, the final scores (the best layer-2 head's, and
  the sum over layer 2's heads: the job can be shared) and loss on the repeats.

The file is committed; tests/unit/test_training_experiment.py checks the
fingerprint of a fresh run against it. Single-threaded BLAS (the variables
above) is not needed for the numbers but keeps the run fast on a busy machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from attention.training.experiment import (
    FINGERPRINT_STEPS,
    MODEL,
    STEPS,
    TRAINING,
    appearance_step,
    loss_drop_step,
    probe_batch,
    run_experiment,
)
from attention.training.loop import Trainer

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "docs" / "data" / "training-run.json"


def sensitivity() -> dict[str, Any]:
    """How far one ulp in every initial weight moves the losses (see the module docstring)."""
    base, nudged = Trainer(MODEL, TRAINING), Trainer(MODEL, TRAINING)
    nudged.params = {name: np.nextafter(value, np.inf) for name, value in nudged.params.items()}
    a = np.array([r.loss for r in base.run(STEPS)])
    b = np.array([r.loss for r in nudged.run(STEPS)])
    relative = np.abs(a - b) / np.abs(a)
    beyond = np.nonzero(relative > 1e-3)[0]
    return {
        "perturbation": "every initial weight moved by one ulp (np.nextafter towards +inf)",
        "max_relative_difference_fingerprint_steps": float(f"{relative[:FINGERPRINT_STEPS].max():.3g}"),
        "max_relative_difference_all_steps": float(f"{relative.max():.3g}"),
        "first_step_differing_by_more_than_1e-3": int(beyond[0]) + 1 if beyond.size else None,
    }


def seed_survey(seeds: list[int]) -> list[dict[str, Any]]:
    """For each seed, when the induction head appears and how the run ends."""
    probe = probe_batch()
    rows = []
    for seed in seeds:
        trainer = Trainer(MODEL, dataclasses.replace(TRAINING, seed=seed, data_seed=seed + 1))
        probes = [trainer.probe(probe)]
        while trainer.step < STEPS:
            trainer.run(25)
            probes.append(trainer.probe(probe))
        last = probes[-1]
        row = {
            "seed": seed,
            "data_seed": seed + 1,
            "appearance_step": appearance_step(probes),
            "loss_drop_step": loss_drop_step(probes),
            "final_best_induction_layer2": round(max(last.induction[1]), 4),
            "final_summed_induction_layer2": round(sum(last.induction[1]), 4),
            "final_best_previous_token_layer1": round(max(last.previous_token[0]), 4),
            "final_repeated_half_loss": round(last.repeated_half, 4),
        }
        print(row, flush=True)
        rows.append(row)
    return rows


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=_seeds, help="also survey these initial-weight seeds, e.g. 0-7")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    run = run_experiment()
    print(f"appearance step {run['appearance_step']}; final probe {run['probes'][-1]}", flush=True)
    run["sensitivity"] = sensitivity()
    print(run["sensitivity"], flush=True)
    if args.seeds is not None:
        run["seeds"] = seed_survey(args.seeds)
    elif args.output.exists():  # keep the last survey: it takes minutes and does not change with the run
        previous = json.loads(args.output.read_text())
        if "seeds" in previous:
            run["seeds"] = previous["seeds"]
    text = json.dumps(run, separators=(",", ":")) + "\n"
    args.output.write_text(text)
    print(f"wrote {args.output} ({len(text.encode()):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
