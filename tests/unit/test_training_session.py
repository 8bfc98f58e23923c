"""attention.training.session, what the lesson's Train button runs: chunks equal to the committed run, JSON only.

Seed 1 stepped in chunks of 25 steps (the committed run's probe interval)
gives every loss, per-head score and attention weight of the committed run,
``docs/data/training-run.json``; a run stops at its number of steps and says
so; the seed sets the weights and the batches; bad arguments are refused by
name."""

from __future__ import annotations

import json

import numpy as np
import pytest

from attention.training.session import MAX_SEED, TrainingSession
from tests.helpers import ROOT

RUN = json.loads((ROOT / "docs" / "data" / "training-run.json").read_text(encoding="utf-8"))


def test_the_documented_seed_in_chunks_gives_the_committed_runs_numbers() -> None:
    """Seed 1 in chunks of the committed run's probe interval: every loss, score and weight as committed."""
    session = TrainingSession(seed=RUN["training"]["seed"])  # the documented length, as the page asks
    start = json.loads(session.start_json())
    assert (start["seed"], start["data_seed"]) == (RUN["training"]["seed"], RUN["training"]["data_seed"])
    assert start["tokens"] == RUN["probe"]["tokens"] and start["period"] == RUN["probe"]["period"]
    assert start["probe"]["weights"] == RUN["snapshots"][0]["weights"]
    assert (start["n_steps"], start["induction_threshold"]) == (RUN["n_steps"], RUN["induction_threshold"])
    every = RUN["probes"][1]["step"]
    chunks = [json.loads(session.chunk_json(every)) for _ in range(3)]
    losses = [loss for chunk in chunks for loss in chunk["steps"]["loss"]]
    assert losses == RUN["steps"]["loss"][: 3 * every]
    assert [c["steps"]["first"] for c in chunks] == [1, every + 1, 2 * every + 1]
    for chunk, committed in zip(chunks, RUN["probes"][1:4], strict=True):
        probe = chunk["probe"]
        assert probe["step"] == committed["step"]
        assert probe["previous_token"] == committed["previous_token"]
        assert probe["induction"] == committed["induction"]
        assert (probe["first_half"], probe["repeated_half"]) == (committed["first_half"], committed["repeated_half"])
        assert np.array(probe["weights"]).shape == (2, 4, 12, 12)


def test_a_run_stops_at_its_steps_and_says_so() -> None:
    session = TrainingSession(seed=0, steps=3)
    first = session.chunk(2)
    last = session.chunk(5)
    assert (first["done"], last["done"]) == (False, True)
    assert len(last["steps"]["loss"]) == 1 and last["probe"]["step"] == 3
    after = session.chunk(5)  # nothing more to train: no steps, the same probe
    assert after["steps"]["loss"] == [] and after["probe"]["step"] == 3 and after["done"]


def test_seeds_set_weights_and_batches() -> None:
    a, b = TrainingSession(seed=4, steps=2), TrainingSession(seed=5, steps=2)
    assert (a.training.seed, a.training.data_seed) == (4, 5)
    assert a.chunk(1)["steps"]["loss"] != b.chunk(1)["steps"]["loss"]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seed": -1}, ValueError, "seed must be at least 0"),
        ({"seed": 1.5}, TypeError, "seed must be an integer"),
        ({"seed": MAX_SEED + 1}, ValueError, f"seed must be at most {MAX_SEED}"),
        ({"steps": 0}, ValueError, "steps must be at least 1"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        TrainingSession(**kwargs)


def test_bad_chunk_size_is_named() -> None:
    with pytest.raises(ValueError, match="steps must be at least 1"):
        TrainingSession(steps=2).chunk(0)
