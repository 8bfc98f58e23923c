"""Attention scores: how well each query matches each key."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_scale, float_dtype, shape_str

__all__ = ["attention_scores"]


def check_qk(q: ArrayLike, k: ArrayLike, *, finite: bool = True) -> tuple[NDArray, NDArray, tuple[int, ...]]:
    """Validate a query/key pair; return them as one float dtype and the scores' shape.

    ``finite=False`` skips the NaN/infinity check (see :func:`as_float_array`).
    """
    q = as_float_array("q", q, min_ndim=2, finite=finite)
    k = as_float_array("k", k, min_ndim=2, finite=finite)
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(
            f"q and k must have the same d_k (last axis): q has shape {shape_str(q.shape)}, "
            f"k has shape {shape_str(k.shape)}"
        )
    try:
        batch = np.broadcast_shapes(q.shape[:-2], k.shape[:-2])
    except ValueError:
        raise ValueError(
            f"the leading (batch/head) axes of q and k do not broadcast: q has shape {shape_str(q.shape)}, "
            f"k has shape {shape_str(k.shape)}"
        ) from None
    dtype = float_dtype(q, k)
    return q.astype(dtype, copy=False), k.astype(dtype, copy=False), (*batch, q.shape[-2], k.shape[-2])


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
