"""Attention scores: how well each query matches each key."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import check_qk, check_scale

__all__ = ["attention_scores"]


def dot_scores(q: NDArray, k: NDArray) -> NDArray:
    """Raw dot products of validated queries and keys (no scale)."""
    # [..., n_q, d_k] @ [..., d_k, n_k] -> [..., n_q, n_k]
    return q @ np.swapaxes(k, -1, -2)


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

    Example:
        >>> q = [[1.0, 0.0], [0.0, 2.0]]
        >>> k = [[1.0, 1.0], [2.0, 0.0], [0.0, 1.0]]
        >>> attention_scores(q, k, scale=1.0)
        array([[1., 2., 0.],
               [2., 0., 2.]])
    """
    q, k, _ = check_qk(q, k)
    scale = check_scale(scale, q.shape[-1])
    return dot_scores(q, k) * q.dtype.type(scale)
