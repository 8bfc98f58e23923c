r"""What to watch while the tiny transformer trains: per-head scores and the loss before and in the repeat.

For sequences whose last :math:`2p` tokens are a segment twice, the repeat
starting at position :math:`s = n + 1 - p` (:mod:`attention.training.data`),
and a head's weights :math:`A` ``(..., n, n)``:

- previous-token score: the mean weight a query puts on the key just before it,
  :math:`\operatorname{mean}_{i \ge 1} A_{i, i-1}`;
- induction (prefix-matching) score: the mean, over the queries of the
  repeat (:math:`i \ge s`), of the weight on the key that *followed* the
  earlier occurrence of the query's token, :math:`A_{i,\, i - p + 1}` (the
  prefix-matching score of Olsson et al. 2022, "In-context Learning and
  Induction Heads", arXiv:2209.11895);
- the loss before the repeat (targets at positions :math:`1 .. s-1`, which
  cannot be predicted) and in the repeat (targets at positions :math:`s + 1`
  on, which an induction head predicts). The target at position :math:`s`,
  where the repeat starts, belongs to neither: nothing announces it.

Both scores are 1 for a head that does exactly that job, and near
:math:`1/(i+1)` for a head that spreads its weight evenly over the keys it sees.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, shape_str
from .cross_entropy import log_softmax
from .embedding import check_tokens

__all__ = ["HalfLosses", "half_losses", "induction_score", "previous_token_score"]


def _check_weights(weights: ArrayLike) -> NDArray:
    w = as_float_array("weights", weights, min_ndim=3)
    if w.shape[-1] != w.shape[-2]:
        raise ValueError(f"weights must be self-attention weights (..., n_heads, n, n), got shape {shape_str(w.shape)}")
    return w


def previous_token_score(weights: ArrayLike) -> NDArray[np.float64]:
    r"""Per head, the mean weight on the previous token, :math:`\operatorname{mean}_{i \ge 1} A_{i,i-1}`.

    Args:
        weights: ``(batch, n_heads, n, n)`` (or any leading axes before ``(n_heads, n, n)``).

    Returns:
        ``(n_heads,)``, averaged over every leading axis and query.

    Example:
        >>> shift = np.eye(3, k=-1)[None, None]; shift[0, 0, 0, 0] = 1.0  # each query on the key before it
        >>> previous_token_score(shift).tolist()
        [1.0]
    """
    w = _check_weights(weights)
    # [..., h, n, n] -> [..., h, n - 1]: A[i, i - 1] for i = 1 .. n - 1
    diagonal = np.diagonal(w, offset=-1, axis1=-2, axis2=-1)
    return diagonal.reshape(-1, w.shape[-3], w.shape[-1] - 1).mean(axis=(0, 2))


def _periods(periods: ArrayLike, batch: int, n: int) -> NDArray[np.int64]:
    p = np.asarray(periods)
    if p.dtype.kind not in "iu" or p.shape != (batch,):
        raise TypeError(
            f"periods must be integers of shape (batch,) = ({batch},), got dtype {p.dtype}, shape {shape_str(p.shape)}"
        )
    if (p < 2).any() or (p > (n + 1) // 2).any():
        raise ValueError(f"periods must lie in 2 .. (n + 1) // 2 = {(n + 1) // 2} (n={n}), got {p.min()} .. {p.max()}")
    return p.astype(np.int64, copy=False)


def induction_score(weights: ArrayLike, periods: ArrayLike) -> NDArray[np.float64]:
    r"""Per head, the mean weight a repeated token puts on the token that followed its earlier occurrence.

    .. math::

        \operatorname{mean}_{b,\; i \ge n + 1 - p_b} A_{b, i,\, i - p_b + 1}

    Args:
        weights: ``(batch, n_heads, n, n)``.
        periods: ``(batch,)``, each sequence's period :math:`p_b` (its repeat starts at ``n + 1 - p_b``).

    Returns:
        ``(n_heads,)``, averaged over the batch and every query of the repeat.

    Example:
        >>> n, p = 5, 3  # the repeat starts at 6 - 3 = 3
        >>> perfect = np.zeros((1, 1, n, n))
        >>> for i in range(3, n): perfect[0, 0, i, i - p + 1] = 1.0
        >>> induction_score(perfect, [p]).tolist()
        [1.0]
    """
    w = _check_weights(weights)
    if w.ndim != 4:
        raise ValueError(f"weights must be (batch, n_heads, n, n), got shape {shape_str(w.shape)}")
    batch, _, n, _ = w.shape
    p = _periods(periods, batch, n)[:, None]
    i = np.arange(n)[None, :]
    queries = i >= n + 1 - p  # [batch, n]: the repeat
    keys = np.where(queries, i - p + 1, 0)  # [batch, n]: the key after the earlier occurrence (0 elsewhere, unused)
    # [batch, h, n, n] -> [batch, h, n]: each query's weight on its key
    on_key = np.take_along_axis(w, np.broadcast_to(keys[:, None, :, None], (*w.shape[:3], 1)), axis=-1)[..., 0]
    return (on_key * queries[:, None, :]).sum(axis=(0, 2)) / queries.sum()


class HalfLosses(NamedTuple):
    """The mean next-token loss before the repeat and in it."""

    first: float
    """Targets before the repeat, at positions ``1 .. s - 1``: random, unpredictable."""
    repeated: float
    """Targets in the repeat after its first, at positions ``s + 1 .. n``: copies, predictable by an induction head."""


def half_losses(logits: ArrayLike, targets: ArrayLike, periods: ArrayLike) -> HalfLosses:
    r"""The cross-entropy before the repeat and in the repeat (its first token excluded).

    Args:
        logits: ``(batch, n, vocab)``.
        targets: ``(batch, n)``, ``targets[:, i]`` the token at position ``i + 1``.
        periods: ``(batch,)``, each sequence's period :math:`p`; its repeat starts at :math:`s = n + 1 - p`.

    Example:
        >>> logits = np.zeros((1, 4, 4)); logits[0, 3, 1] = 50.0  # sure of token 1 at the last position
        >>> losses = half_losses(logits, [[3, 0, 3, 1]], [2])  # tokens (x, 3, 0, 3, 1): the repeat starts at 3
        >>> round(losses.first, 4), round(losses.repeated, 4)  # log 4 (targets at 1, 2), then nearly 0 (target at 4)
        (1.3863, 0.0)
    """
    z = as_float_array("logits", logits, ndim=3).astype(np.float64, copy=False)
    t = check_tokens(targets, z.shape[-1], name="targets")
    if t.shape != z.shape[:2]:
        raise ValueError(f"targets must have shape logits.shape[:2] = {shape_str(z.shape[:2])}, got {shape_str(t.shape)}")
    p = _periods(periods, *t.shape)
    nll = -np.take_along_axis(log_softmax(z), t[..., None], axis=-1)[..., 0]  # [batch, n]
    # input position i predicts the token at i + 1: before the repeat i + 1 <= s - 1; in it, i + 1 >= s + 1
    i = np.arange(t.shape[1])[None, :]
    start = (t.shape[1] + 1 - p)[:, None]
    first, repeated = i <= start - 2, i >= start
    return HalfLosses(float(nll[first].mean()), float(nll[repeated].mean()))
