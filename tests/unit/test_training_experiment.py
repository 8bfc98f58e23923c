"""The documented experiment: the committed run is reproduced, and the induction head forms where it says.

``docs/data/training-run.json`` is written by ``site_examples/generate/training_run.py``.
The fingerprint test is the CPython half of the CPython/Pyodide comparison:
the same function, ``loss_fingerprint()``, is to be run in the reader's
browser against the same committed numbers. On the documented seed, the
first 1,000 steps are trained again: the induction head appears at the step
the committed run records, with its scores. The seed survey is recorded for
every seed. Training runs in a subprocess
with one BLAS thread, as in Pyodide (a pool of threads on tiny matrices is
many times slower on a busy machine, and changes no number)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from attention.training.experiment import (
    FINGERPRINT_DIGITS,
    FINGERPRINT_STEPS,
    INDUCTION_THRESHOLD,
    MODEL,
    STEPS,
    TRAINING,
    loss_fingerprint,
)

ROOT = Path(__file__).resolve().parents[2]
RUN = json.loads((ROOT / "docs" / "data" / "training-run.json").read_text())
# 8 significant digits of a loss near 3: one unit of the last digit is 1e-7, a relative 3e-8. Runs that
# differ only by rounding (another BLAS) agree to about 1e-15 over these steps (the file's "sensitivity"),
# so the rounded values are equal unless a loss sits on a rounding boundary: then they differ by one unit.
FINGERPRINT_RTOL = 1e-7


def _run_single_threaded(code: str, timeout: float = 120) -> dict:
    env = os.environ | {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_the_committed_run_is_this_experiment() -> None:
    assert RUN["model"] == {"vocab": MODEL.vocab, "n_ctx": MODEL.n_ctx, "d_model": MODEL.d_model, "n_heads": MODEL.n_heads, "n_layers": 2}
    assert RUN["training"]["seed"] == TRAINING.seed and RUN["training"]["batch"] == TRAINING.batch
    assert len(RUN["steps"]["loss"]) == STEPS == RUN["n_steps"]
    assert RUN["fingerprint"]["steps"] == FINGERPRINT_STEPS and RUN["fingerprint"]["digits"] == FINGERPRINT_DIGITS
    assert (ROOT / "docs" / "data" / "training-run.json").stat().st_size < 300_000


def test_the_committed_run_shows_the_induction_head_appear() -> None:
    probes = RUN["probes"]
    appeared = next(p["step"] for p in probes if max(p["induction"][1]) >= INDUCTION_THRESHOLD)
    assert RUN["appearance_step"] == appeared
    start, at, end = probes[0], next(p for p in probes if p["step"] == appeared), probes[-1]
    # at the start the repeats cost what the random tokens cost: at least chance, log(vocab) = 3.0
    assert abs(start["first_half"] - start["repeated_half"]) < 0.2
    assert min(start["first_half"], start["repeated_half"]) > math.log(MODEL.vocab) - 0.3
    # when the head has appeared the repeats cost far less than the random tokens; by the end, almost nothing
    assert at["repeated_half"] < 0.5 * at["first_half"]
    assert end["repeated_half"] < 0.15 and end["first_half"] > 2.5
    assert max(end["previous_token"][0]) > 0.25  # a layer-1 head on the previous token (uniform would be ~0.2)
    for snapshot in RUN["snapshots"]:
        for layer in snapshot["weights"]:
            for head in layer:
                w = np.array(head)
                np.testing.assert_allclose(w.sum(axis=1), 1.0, atol=1e-2)  # rows sum to 1 (3 decimals kept)
                assert not np.triu(w, k=1).any()  # causal


def test_the_loss_fingerprint_matches_the_committed_run() -> None:
    """CPython's side of "the same seed gives the same numbers in CPython and in Pyodide"."""
    code = "import json; from attention.training.experiment import loss_fingerprint; print(json.dumps(loss_fingerprint()))"
    got = _run_single_threaded(code)
    np.testing.assert_allclose(got, RUN["fingerprint"]["losses"], rtol=FINGERPRINT_RTOL, atol=0)
    assert len(got) == FINGERPRINT_STEPS
    # in-process too (whatever the BLAS threads): the same numbers
    np.testing.assert_allclose(loss_fingerprint(steps=3), got[:3], rtol=FINGERPRINT_RTOL, atol=0)


def test_the_fingerprint_can_fail() -> None:
    """A changed learning rate moves the second loss by far more than the tolerance."""
    import dataclasses

    changed = loss_fingerprint(steps=2, training=dataclasses.replace(TRAINING, lr=0.011))
    assert changed[0] == RUN["fingerprint"]["losses"][0]  # the first loss is before any update
    assert abs(changed[1] - RUN["fingerprint"]["losses"][1]) > 100 * FINGERPRINT_RTOL * changed[1]


CHECKED_STEPS = 1000
"""Steps of the fast check: the documented run's head has appeared well before."""


def test_the_induction_head_forms_as_in_the_committed_run() -> None:
    """The documented run's first 1,000 steps: the heads form, at the committed step, with the committed scores."""
    committed = {p["step"]: p for p in RUN["probes"]}[CHECKED_STEPS]
    code = f"""
import json
from attention.training.experiment import MODEL, TRAINING, appearance_step, probe_batch
from attention.training.loop import Trainer
trainer, probe = Trainer(MODEL, TRAINING), probe_batch()
probes = [trainer.probe(probe)]
while trainer.step < {CHECKED_STEPS}:
    trainer.run(25)
    probes.append(trainer.probe(probe))
last = probes[-1]
print(json.dumps(dict(appeared=appearance_step(probes), induction=last.induction, previous=last.previous_token,
                      first=last.first_half, repeated=last.repeated_half)))
"""
    result = _run_single_threaded(code)
    # the known result, in absolute terms: fails if training is broken
    assert max(result["induction"][1]) > 0.6  # a layer-2 head attends to the token after the earlier occurrence
    assert max(result["induction"][0]) < 0.3  # layer 1 cannot: it has no previous-token information to match
    assert max(result["previous"][0]) > 0.3  # on a layer-1 head attending to the previous token (uniform: about 0.2)
    assert result["repeated"] < 0.4  # the repeats are predicted
    assert result["first"] > 2.5  # and the random tokens are not (log 20 = 3.0; the floor is log of those unseen)
    # and the committed run's numbers: equal but for rounding (another BLAS moves them by far less than 1e-3)
    assert result["appeared"] == RUN["appearance_step"]
    np.testing.assert_allclose(result["induction"], committed["induction"], rtol=0, atol=1e-3)
    np.testing.assert_allclose(result["previous"], committed["previous_token"], rtol=0, atol=1e-3)
    assert result["repeated"] == pytest.approx(committed["repeated_half"], abs=1e-3)


@pytest.mark.parametrize("key", ["appearance_step", "final_best_induction_layer2", "final_repeated_half_loss"])
def test_the_seed_survey_is_recorded(key) -> None:
    rows = RUN["seeds"]
    assert [row["seed"] for row in rows] == list(range(len(rows))) and len(rows) >= 8
    assert all(key in row for row in rows)
    formed = [row for row in rows if row["appearance_step"] is not None]
    assert all(row["final_best_induction_layer2"] >= INDUCTION_THRESHOLD for row in formed)
