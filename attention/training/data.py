r"""The seeded task: random tokens, then a segment of them again.

Each sequence of ``n + 1`` tokens is distinct random tokens from ``vocab``
whose last :math:`p` are then repeated: a lead-in of :math:`r` tokens, a
segment of :math:`p` (the period, drawn per sequence between ``min_period``
and ``max_period``), and the segment again, :math:`r + 2p = n + 1`. No token
before the repeat can be predicted (beyond "not one already seen"); every
token of the repeat after its first can, by finding the earlier occurrence
of the current token and copying the token that followed it: the job of an
induction head (Olsson et al. 2022, "In-context Learning and Induction
Heads", arXiv:2209.11895; Elhage et al. 2021, "A Mathematical Framework for
Transformer Circuits", transformer-circuits.pub/2021/framework).

Tokens before the repeat are distinct, so the token to copy is unique; the
period varies, so no head finds it by position alone (with one fixed period,
a head attending a fixed distance back solves the task without reading a
token); and the segment repeats once, so that counting which tokens were
seen more often cannot stand in for finding them.

The batch of step ``s`` depends only on ``(seed, s)``: its generator is
``numpy.random.Generator(PCG64([seed, s]))``, integer arithmetic that gives
the same tokens on every platform, however training is cut into pieces.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from .._validate import check_int

__all__ = ["Batch", "repeated_sequences"]


class Batch(NamedTuple):
    """Inputs and next-token targets of a batch of repeated sequences."""

    inputs: NDArray[np.int64]
    """``(batch, n)``: the sequence without its last token."""
    targets: NDArray[np.int64]
    """``(batch, n)``: the sequence without its first token; ``targets[:, i]`` follows ``inputs[:, i]``."""
    periods: NDArray[np.int64]
    """``(batch,)``: each sequence's period :math:`p`, the length of its repeated segment."""

    @property
    def repeat_starts(self) -> NDArray[np.int64]:
        """``(batch,)``: the position of each sequence's first repeated token, :math:`r + p = n + 1 - p`."""
        return self.inputs.shape[1] + 1 - self.periods


def repeated_sequences(
    seed: int, step: int, batch: int, n: int, vocab: int, min_period: int, max_period: int
) -> Batch:
    """The batch of training step ``step``: ``batch`` sequences of ``n + 1`` tokens whose last ``2 p`` are a segment twice.

    Args:
        seed, step: non-negative ints; together they seed the batch.
        batch: number of sequences.
        n: positions of the inputs (the sequences have ``n + 1`` tokens).
        vocab: token ids are ``0 .. vocab - 1``.
        min_period, max_period: each sequence's period is drawn uniformly from
            ``min_period .. max_period``: at least 2, at most ``(n + 1) // 2``, and
            ``n + 1 - min_period`` (the distinct tokens before the repeat) at most ``vocab``.

    Returns:
        A :class:`Batch`.

    Example:
        >>> b = repeated_sequences(seed=0, step=0, batch=1, n=9, vocab=10, min_period=4, max_period=4)
        >>> sequence = np.concatenate([b.inputs[0], b.targets[0, -1:]])  # 2 lead-in tokens, then 4 twice
        >>> np.array_equal(sequence[2:6], sequence[6:]), len(set(sequence[:6].tolist())), b.repeat_starts.tolist()
        (True, 6, [6])
    """
    seed, step = check_int("seed", seed, minimum=0), check_int("step", step, minimum=0)
    batch, vocab, n = check_int("batch", batch, minimum=1), check_int("vocab", vocab, minimum=1), check_int("n", n, minimum=4)
    min_period = check_int("min_period", min_period, minimum=2)
    max_period = check_int("max_period", max_period, minimum=min_period)
    if max_period > (n + 1) // 2 or n + 1 - min_period > vocab:
        raise ValueError(
            f"max_period={max_period} must be at most (n + 1) // 2 = {(n + 1) // 2} (two copies in n + 1 = {n + 1} "
            f"tokens), and n + 1 - min_period = {n + 1 - min_period} distinct tokens at most vocab={vocab}"
        )
    rng = np.random.Generator(np.random.PCG64([seed, step]))
    # Each row a random permutation of the vocabulary (Fisher-Yates on the generator): its first r + p ids come first.
    distinct = rng.permuted(np.tile(np.arange(vocab, dtype=np.int64), (batch, 1)), axis=1)
    periods = rng.integers(min_period, max_period + 1, size=batch, dtype=np.int64)
    # [batch, n + 1]: position i < r + p holds distinct[i]; from r + p on, the one p before it
    position = np.arange(n + 1, dtype=np.int64)[None, :]
    start = (n + 1 - periods)[:, None]
    sequences = np.take_along_axis(distinct, np.where(position < start, position, position - periods[:, None]), axis=1)
    return Batch(sequences[:, :-1], sequences[:, 1:], periods)
