"""The task generator, the parameters, Adam, the metrics and the trainer: hand-worked numbers, pinned seeds, invariants."""

from __future__ import annotations

import math

import numpy as np
import pytest

from attention.training.adam import Adam
from attention.training.data import repeated_sequences
from attention.training.loop import TrainConfig, Trainer
from attention.training.metrics import half_losses, induction_score, previous_token_score
from attention.training.model import forward
from attention.training.params import ModelConfig, init_parameters, parameter_shapes

SMALL_MODEL = ModelConfig(vocab=12, n_ctx=10, d_model=16, n_heads=2)
SMALL_TRAINING = TrainConfig(n=10, min_period=3, max_period=5, batch=16, lr=1e-2)


def test_repeated_sequences_pinned() -> None:
    """The same tokens on every platform: PCG64 and Fisher-Yates are integer arithmetic (also to be run in Pyodide)."""
    b = repeated_sequences(seed=0, step=0, batch=2, n=9, vocab=10, min_period=3, max_period=5)
    assert b.inputs.tolist() == [[4, 6, 2, 7, 3, 5, 2, 7, 3], [2, 9, 3, 6, 0, 4, 8, 0, 4]]
    assert b.targets[:, -1].tolist() == [5, 8]
    assert b.periods.tolist() == [4, 3]
    assert b.repeat_starts.tolist() == [6, 7]


def test_repeated_sequences_structure() -> None:
    b = repeated_sequences(seed=3, step=7, batch=200, n=12, vocab=20, min_period=3, max_period=6)
    assert b.inputs.shape == b.targets.shape == (200, 12)
    assert np.array_equal(b.inputs[:, 1:], b.targets[:, :-1])
    assert set(b.periods.tolist()) == {3, 4, 5, 6}
    for inputs, last, p in zip(b.inputs, b.targets[:, -1], b.periods):
        sequence = [*inputs.tolist(), int(last)]
        start = 13 - p
        assert sequence[start:] == sequence[start - p : start]  # the segment again
        assert len(set(sequence[:start])) == start  # distinct before the repeat
    again = repeated_sequences(seed=3, step=7, batch=200, n=12, vocab=20, min_period=3, max_period=6)
    other = repeated_sequences(seed=3, step=8, batch=200, n=12, vocab=20, min_period=3, max_period=6)
    assert np.array_equal(b.inputs, again.inputs) and not np.array_equal(b.inputs, other.inputs)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(max_period=7), r"max_period=7 must be at most \(n \+ 1\) // 2 = 6"),
        (dict(vocab=8), r"n \+ 1 - min_period = 9 distinct tokens at most vocab=8"),
        (dict(min_period=1), "min_period must be"),
        (dict(seed=-1), "seed must be"),
    ],
)
def test_repeated_sequences_errors(kwargs, message) -> None:
    arguments = dict(seed=0, step=0, batch=2, n=11, vocab=12, min_period=3, max_period=6) | kwargs
    with pytest.raises(ValueError, match=message):
        repeated_sequences(**arguments)


def test_initial_parameters_pinned_and_scaled() -> None:
    config = ModelConfig(vocab=8, n_ctx=5, d_model=4, n_heads=2)
    params = init_parameters(config, seed=0)
    # uniform draws of Generator(PCG64(0)), times 2, minus 1, times sqrt(3 / 4): the same bits everywhere
    rng = np.random.Generator(np.random.PCG64(0))
    first = (rng.random(3) * 2.0 - 1.0) * math.sqrt(0.75)
    assert params["token_embedding"][0, :3].tolist() == first.tolist()
    assert params["token_embedding"][0, :3].tolist() == [0.23722460113112098, -0.3987411083383735, -0.7950571785618099]
    assert list(params) == list(parameter_shapes(config))
    assert all(params[name].shape == shape for name, shape in parameter_shapes(config).items())
    assert params["layers.0.norm.gamma"].tolist() == [1.0] * 4 and params["norm.beta"].tolist() == [0.0] * 4
    big = init_parameters(ModelConfig(vocab=8, n_ctx=5, d_model=64, n_heads=2), seed=1)["layers.0.w_q"]
    assert np.abs(big).max() <= math.sqrt(3 / 64) and big.var() == pytest.approx(1 / 64, rel=0.05)


def test_adam_against_its_formula_by_hand() -> None:
    """Two steps on one number, computed with Python floats and math.pow (the optimiser keeps running products)."""
    lr, b1, b2, eps = 0.1, 0.9, 0.999, 1e-8
    theta, m, v = 1.0, 0.0, 0.0
    params = {"w": np.array([1.0])}
    adam = Adam(lr=lr, beta1=b1, beta2=b2, eps=eps)
    for t, g in ((1, 0.5), (2, -2.0)):
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        theta -= lr * (m / (1 - b1**t)) / (math.sqrt(v / (1 - b2**t)) + eps)
        adam.step(params, {"w": np.array([g])})
        assert params["w"][0] == pytest.approx(theta, rel=1e-14)
    assert adam.t == 2
    # step 1 is lr * sign(g): 1 - 0.1 = 0.9; step 2: m = 0.045 - 0.2 = -0.155, ...
    assert 0.9 < params["w"][0] < 1.0


def test_adam_errors() -> None:
    with pytest.raises(ValueError, match=r"beta1 must be in \[0, 1\), got 1.0"):
        Adam(beta1=1.0)
    with pytest.raises(ValueError, match=r"grads\['w'\] must have the parameter's shape"):
        Adam().step({"w": np.zeros(2)}, {"w": np.zeros(3)})
    with pytest.raises(ValueError, match="missing"):
        Adam().step({"w": np.zeros(2)}, {})


def test_previous_token_and_induction_scores_by_hand() -> None:
    n, p = 7, 3  # repeat starts at 8 - 3 = 5: queries 5, 6 look at keys 3, 4
    uniform = np.tril(np.ones((n, n)))
    uniform /= uniform.sum(axis=1, keepdims=True)
    previous = np.eye(n, k=-1)
    previous[0, 0] = 1.0
    induction = np.tril(np.ones((n, n))) / np.arange(1, n + 1)[:, None]
    induction[5], induction[6] = np.eye(n)[3], np.eye(n)[4]
    weights = np.stack([uniform, previous, induction])[None]  # [1, 3 heads, n, n]
    expected_previous = [sum(1 / (i + 1) for i in range(1, n)) / 6, 1.0, (sum(1 / (i + 1) for i in range(1, 5)) + 0 + 0) / 6]
    np.testing.assert_allclose(previous_token_score(weights), expected_previous, rtol=1e-15)
    np.testing.assert_allclose(induction_score(weights, [p]), [(1 / 6 + 1 / 7) / 2, 0.0, 1.0], rtol=1e-15)


def test_half_losses_by_hand() -> None:
    # tokens (x, 3, 0, 3, 1) with period 2: before the repeat the targets at 1 and 2, in it the target at 4
    logits = np.zeros((1, 4, 4))
    logits[0, 0] = [0.0, 0.0, 0.0, math.log(3)]  # p(3) = 3 / 6
    logits[0, 3, 1] = math.log(7)  # p(1) = 7 / 10
    losses = half_losses(logits, [[3, 0, 3, 1]], [2])
    assert losses.first == pytest.approx((math.log(2) + math.log(4)) / 2, rel=1e-15)
    assert losses.repeated == pytest.approx(-math.log(0.7), rel=1e-15)


def test_trainer_steps_in_pieces_as_in_one_go() -> None:
    whole = Trainer(SMALL_MODEL, SMALL_TRAINING)
    whole.run(12)
    pieces = Trainer(SMALL_MODEL, SMALL_TRAINING)
    for _ in range(4):
        pieces.run(3)
    assert [r.loss for r in pieces.history] == [r.loss for r in whole.history]
    assert all(np.array_equal(whole.params[name], pieces.params[name]) for name in whole.params)


def test_snapshot_and_restore_continue_exactly() -> None:
    trainer = Trainer(SMALL_MODEL, SMALL_TRAINING)
    trainer.run(5)
    state = trainer.snapshot()
    later = [r.loss for r in trainer.run(5)]
    trainer.run(3)
    trainer.restore(state)
    assert trainer.step == 5 and len(trainer.history) == 5
    assert [r.loss for r in trainer.run(5)] == later
    with pytest.raises(TypeError, match="TrainerState"):
        trainer.restore({"step": 0})


def test_loss_falls_on_a_fixed_seed() -> None:
    """300 steps of a small model: the loss before the repeat stays near its floor, the whole loss falls well below log vocab."""
    trainer = Trainer(SMALL_MODEL, SMALL_TRAINING)
    records = trainer.run(300)
    start = np.mean([r.loss for r in records[:10]])
    end = np.mean([r.loss for r in records[-10:]])
    assert start == pytest.approx(math.log(12), abs=0.25)
    assert end < start - 0.2


def test_trainer_probe_and_errors() -> None:
    trainer = Trainer(SMALL_MODEL, SMALL_TRAINING)
    batch = repeated_sequences(5, 0, 8, 10, 12, 3, 5)
    probe = trainer.probe(batch)
    logits, cache = forward(trainer.params, SMALL_MODEL, batch.inputs)
    assert probe.step == 0 and len(probe.previous_token) == 2 and len(probe.induction[1]) == 2
    assert np.array_equal(probe.weights[1], cache.weights[1])
    assert probe.previous_token[0] == previous_token_score(cache.weights[0]).tolist()
    with pytest.raises(ValueError, match=r"train.n=11 must be at most the model's n_ctx=10"):
        Trainer(SMALL_MODEL, TrainConfig(n=11, min_period=3, max_period=5, batch=4))
    with pytest.raises(ValueError, match="n_heads=3"):
        ModelConfig(vocab=12, n_ctx=10, d_model=16, n_heads=3)


def test_the_room_imports_the_core_only() -> None:
    """attention.training reads the core and never models or lab; the core does not load it."""
    import subprocess
    import sys

    code = (
        "import sys, attention; before = 'attention.training' in sys.modules; import attention.training; "
        "print(before, sorted({m.split('.')[1] for m in sys.modules if m.startswith('attention.') and m.count('.') >= 1}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    before, loaded = result.stdout.strip().split(" ", 1)
    assert before == "False"
    assert "models" not in loaded and "lab" not in loaded and "training" in loaded
