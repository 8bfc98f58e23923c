"""Attention scores: how well each query matches each key."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import all_finite, check_qk, overflow_error, score_factor

__all__ = ["attention_scores", "scaled_scores"]


def dot_scores(q: NDArray, k: NDArray) -> NDArray:
    """Raw dot products of validated queries and keys (no scale)."""
    # [..., n_q, d_k] @ [..., d_k, n_k] -> [..., n_q, n_k]
    return q @ np.swapaxes(k, -1, -2)


def scaled_scores(q: NDArray, k: NDArray, scale: float | None) -> tuple[NDArray, NDArray]:
    """Raw and scaled scores of validated queries and keys; finite ones whose products overflow are an error.

    Raises :class:`~attention._validate.ScoresOverflowError` (a ``ValueError``
    naming q and k) rather than return an infinity that would be a NaN later.
    """
    factor = score_factor(scale, q.shape[-1], q.dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        scores = dot_scores(q, k)
        scaled = scores * factor
    # One pass, no temporary (all_finite); NaN or inf in the result means finite inputs overflowed.
    if not all_finite(scaled):
        raise overflow_error(q, k)
    return scores, scaled


def attention_scores(q: ArrayLike, k: ArrayLike, scale: float | None = None) -> NDArray[np.floating]:
    r"""Score every query against every key: scaled dot products.

    .. math::

        S = \frac{Q K^\top}{\sqrt{d_k}}

    Args:
        q: queries, shape ``(..., n_q, d_k)``.
        k: keys, shape ``(..., n_k, d_k)``; leading axes broadcast with ``q``'s.
        scale: factor applied to the dot products; default :math:`1/\sqrt{d_k}`.
            ``scale=1.0`` gives the raw, unscaled dot products.

    Returns:
        Scores of shape ``(..., n_q, n_k)``: entry ``[i, j]`` is query i · key j, times ``scale``.

    Raises:
        ValueError: for finite ``q`` and ``k`` whose scaled dot products
            overflow the float range (naming both), as
            :func:`scaled_dot_product_attention` does.

    Example:
        >>> q = [[1.0, 0.0], [0.0, 2.0]]
        >>> k = [[1.0, 1.0], [2.0, 0.0], [0.0, 1.0]]
        >>> attention_scores(q, k, scale=1.0)
        array([[1., 2., 0.],
               [2., 0., 2.]])
    """
    q, k, _ = check_qk(q, k)
    return scaled_scores(q, k, scale)[1]
