r"""The documented run, stepped a chunk at a time, each chunk's data as JSON: what the page's Train button runs.

The lesson "Learning to attend" trains the model of
:mod:`attention.training.experiment` in the reader's browser (Pyodide, in a
Web Worker): the page asks for one chunk of steps, draws what comes back,
and asks for the next, so it stays responsive and can pause between chunks.
A :class:`TrainingSession` is that run on the Python side. Each chunk gives
exactly what :func:`~attention.training.experiment.run_experiment` records
for the committed run, rounded the same way: every step's three losses (5
decimals), and after the chunk a probe of the fixed batch (per-head scores
to 4 decimals, the two halves' losses) with the weights of its first
sequence (3 decimals). With the documented seed and chunks of
``probe_every`` steps, the page's numbers are the committed file's.

The seed field of the page sets both seeds, as the seed survey does:
initial weights from ``seed``, batches from ``seed + 1`` (the documented
run is seed 1, batches from 2).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np

from .._validate import check_int
from .experiment import INDUCTION_THRESHOLD, MODEL, STEPS, TRAINING, probe_batch
from .loop import Probe, Trainer

__all__ = ["MAX_SEED", "TrainingSession"]

MAX_SEED = 2**31 - 2
"""The largest seed the page accepts (``seed + 1`` seeds the batches)."""


def _probe_record(probe: Probe) -> dict[str, Any]:
    return {
        "step": probe.step,
        "previous_token": np.round(probe.previous_token, 4).tolist(),
        "induction": np.round(probe.induction, 4).tolist(),
        "first_half": round(probe.first_half, 5),
        "repeated_half": round(probe.repeated_half, 5),
        "weights": [np.round(w[0], 3).tolist() for w in probe.weights],
    }


class TrainingSession:
    """The documented model trained from ``seed`` (batches from ``seed + 1``), ``steps`` steps in chunks.

    Example:
        >>> session = TrainingSession(seed=1, steps=4)
        >>> first = json.loads(session.start_json())
        >>> chunk = json.loads(session.chunk_json(3))
        >>> first["probe"]["step"], chunk["probe"]["step"], len(chunk["steps"]["loss"]), chunk["done"]
        (0, 3, 3, False)
        >>> json.loads(session.chunk_json(3))["probe"]["step"]  # never past ``steps``
        4
    """

    def __init__(self, seed: int = TRAINING.seed, steps: int = STEPS) -> None:
        seed = check_int("seed", seed, minimum=0)
        if seed > MAX_SEED:
            raise ValueError(f"seed must be at most {MAX_SEED}, got {seed}")
        self.steps = check_int("steps", steps, minimum=1)
        self.training = dataclasses.replace(TRAINING, seed=seed, data_seed=seed + 1)
        self.trainer = Trainer(MODEL, self.training)
        self.batch = probe_batch(MODEL, self.training)

    def start(self) -> dict[str, Any]:
        """The run before its first step: the seeds, its length, the probe sequence, the induction head's threshold
        (:data:`~attention.training.experiment.INDUCTION_THRESHOLD`) and a probe at step 0."""
        return {
            "seed": self.training.seed,
            "data_seed": self.training.data_seed,
            "n_steps": self.steps,
            "induction_threshold": INDUCTION_THRESHOLD,
            "tokens": self.batch.inputs[0].tolist(),
            "period": int(self.batch.periods[0]),
            "probe": _probe_record(self.trainer.probe(self.batch)),
            "done": False,
        }

    def chunk(self, steps: int) -> dict[str, Any]:
        """Take up to ``steps`` more steps (never past :attr:`steps`); their losses, and a probe after them."""
        steps = check_int("steps", steps, minimum=1)
        records = self.trainer.run(min(steps, self.steps - self.trainer.step))
        return {
            "steps": {
                "first": records[0].step if records else self.trainer.step + 1,
                "loss": [round(r.loss, 5) for r in records],
                "first_half": [round(r.first_half, 5) for r in records],
                "repeated_half": [round(r.repeated_half, 5) for r in records],
            },
            "probe": _probe_record(self.trainer.probe(self.batch)),
            "done": self.trainer.step >= self.steps,
        }

    def start_json(self) -> str:
        """:meth:`start` as a JSON string (what the worker sends the page)."""
        return json.dumps(self.start(), separators=(",", ":"))

    def chunk_json(self, steps: int) -> str:
        """:meth:`chunk` as a JSON string."""
        return json.dumps(self.chunk(steps), separators=(",", ":"))
