r"""The training loop: Adam on the next-token loss of repeated sequences, a few steps at a time.

A :class:`Trainer` holds everything training changes (parameters, Adam's
moments, the step count) and nothing else: the batch of step :math:`s` is
drawn from ``(data_seed, s)`` alone (:func:`~attention.training.data.repeated_sequences`),
so ``run(10)`` ten times gives the same numbers as ``run(100)`` once, and a
:meth:`Trainer.snapshot` restored later continues exactly as the original
would have. A page can step it, draw, and step again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .._validate import check_int
from .adam import Adam, AdamState
from .data import Batch, repeated_sequences
from .metrics import half_losses, induction_score, previous_token_score
from .model import forward_checked, loss_and_gradients
from .params import ModelConfig, Parameters, copy_parameters, init_parameters

__all__ = ["Probe", "StepRecord", "TrainConfig", "Trainer", "TrainerState"]


@dataclass(frozen=True)
class TrainConfig:
    """How to train: the task's sizes, the optimiser's settings, the seeds."""

    n: int
    """Input positions of every sequence."""
    min_period: int
    """The shortest random segment (see :func:`~attention.training.data.repeated_sequences`)."""
    max_period: int
    """The longest random segment."""
    batch: int
    """Sequences per step."""
    lr: float = 1e-2
    """Adam's step size."""
    beta1: float = 0.9
    beta2: float = 0.99
    seed: int = 0
    """Seeds the initial parameters."""
    data_seed: int = 1
    """Seeds the batches (with the step number)."""

    def __post_init__(self) -> None:
        check_int("n", self.n, minimum=4)
        check_int("min_period", self.min_period, minimum=2)
        check_int("max_period", self.max_period, minimum=self.min_period)
        check_int("batch", self.batch, minimum=1)
        check_int("seed", self.seed, minimum=0)
        check_int("data_seed", self.data_seed, minimum=0)


@dataclass(frozen=True)
class StepRecord:
    """One training step's losses, on its own batch (before the update)."""

    step: int
    """1 for the first step."""
    loss: float
    """Mean over every position."""
    first_half: float
    """Mean over the first segment's targets (see :func:`~attention.training.metrics.half_losses`)."""
    repeated_half: float
    """Mean over the repeats' targets."""


@dataclass(frozen=True)
class Probe:
    """The model on a fixed probe batch: per-head scores, losses per half, and the weights."""

    step: int
    previous_token: list[list[float]]
    """``[layer][head]``, :func:`~attention.training.metrics.previous_token_score`."""
    induction: list[list[float]]
    """``[layer][head]``, :func:`~attention.training.metrics.induction_score`."""
    first_half: float
    repeated_half: float
    weights: list[np.ndarray]
    """Per layer, ``(batch, n_heads, n, n)``."""


@dataclass
class TrainerState:
    """A copy of everything a :class:`Trainer` changes (see :meth:`Trainer.snapshot`)."""

    step: int
    params: Parameters
    adam: AdamState
    history: list[StepRecord] = field(default_factory=list)


class Trainer:
    """Train a :class:`~attention.training.params.ModelConfig` model on repeated sequences, step by step.

    Example:
        >>> model = ModelConfig(vocab=8, n_ctx=8, d_model=8, n_heads=2)
        >>> trainer = Trainer(model, TrainConfig(n=8, min_period=2, max_period=4, batch=4))
        >>> records = trainer.run(3)
        >>> [r.step for r in records], trainer.step
        ([1, 2, 3], 3)
    """

    def __init__(self, model: ModelConfig, train: TrainConfig) -> None:
        if not isinstance(model, ModelConfig):
            raise TypeError(f"model must be a ModelConfig, got {type(model).__name__}")
        if not isinstance(train, TrainConfig):
            raise TypeError(f"train must be a TrainConfig, got {type(train).__name__}")
        if train.n > model.n_ctx or train.max_period > min(model.vocab, train.n // 2):
            raise ValueError(
                f"train.n={train.n} must be at most the model's n_ctx={model.n_ctx}, and train.max_period="
                f"{train.max_period} at most vocab={model.vocab} and n // 2 = {train.n // 2}"
            )
        self.model, self.train = model, train
        self.params = init_parameters(model, train.seed)
        self.adam = Adam(lr=train.lr, beta1=train.beta1, beta2=train.beta2)
        self.step = 0
        self.history: list[StepRecord] = []

    def batch(self, step: int) -> Batch:
        """The batch of step ``step`` (1 for the first)."""
        t = self.train
        return repeated_sequences(t.data_seed, step, t.batch, t.n, self.model.vocab, t.min_period, t.max_period)

    def run(self, steps: int) -> list[StepRecord]:
        """Take ``steps`` more steps; return their records (also appended to :attr:`history`)."""
        steps = check_int("steps", steps, minimum=0)
        records = []
        for _ in range(steps):
            batch = self.batch(self.step + 1)
            loss, grads, logits, _ = loss_and_gradients(self.params, self.model, batch.inputs, batch.targets)
            first, repeated = half_losses(logits, batch.targets, batch.periods)
            self.adam.step(self.params, grads)
            self.step += 1
            records.append(StepRecord(self.step, loss, first, repeated))
        self.history.extend(records)
        return records

    def probe(self, batch: Batch) -> Probe:
        """The current model on ``batch``: scores per layer and head, the two halves' losses, the weights."""
        logits, cache = forward_checked(self.params, self.model, batch.inputs.astype(np.intp))
        first, repeated = half_losses(logits, batch.targets, batch.periods)
        return Probe(
            self.step,
            [previous_token_score(w).tolist() for w in cache.weights],
            [induction_score(w, batch.periods).tolist() for w in cache.weights],
            first,
            repeated,
            cache.weights,
        )

    def snapshot(self) -> TrainerState:
        """A copy of the parameters, Adam's state, the step count and the history."""
        return TrainerState(self.step, copy_parameters(self.params), self.adam.state(), list(self.history))

    def restore(self, state: TrainerState) -> None:
        """Go back (or forward) to a :meth:`snapshot`; training then continues as it did from there."""
        if not isinstance(state, TrainerState):
            raise TypeError(f"state must be a TrainerState from Trainer.snapshot, got {type(state).__name__}")
        self.step = state.step
        self.params = copy_parameters(state.params)
        self.adam.load(state.adam)
        self.history = list(state.history)
