"""Split a model-width vector into heads, and merge heads back."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_int, shape_str

__all__ = ["merge_heads", "split_heads"]


def check_n_heads(n_heads: int, d_model: int, d_model_name: str = "d_model") -> int:
    """Validate a head count that divides ``d_model``; return it as an int."""
    n_heads = check_int("n_heads", n_heads, minimum=1)
    if d_model % n_heads:
        raise ValueError(
            f"{d_model_name}={d_model} is not divisible by n_heads={n_heads}: "
            f"each head needs d_k = d_model / n_heads features"
        )
    return n_heads


def split_heads(x: ArrayLike, n_heads: int) -> NDArray[np.floating]:
    r"""Cut the feature axis into ``n_heads`` equal slices, one per head.

    .. math::

        X \in \mathbb{R}^{n \times d_\text{model}} \;\mapsto\;
        (X_1, \dots, X_h),\quad X_i \in \mathbb{R}^{n \times d_k},\quad d_k = d_\text{model}/h

    Args:
        x: shape ``(..., n, d_model)``.
        n_heads: number of heads h; must divide ``d_model``.

    Returns:
        Shape ``(..., n_heads, n, d_k)``: head i holds features ``i*d_k .. (i+1)*d_k - 1``.
        Like ``numpy.reshape``, a view of ``x`` when ``x`` is already a float
        array: writing into it writes into ``x``.

    Example:
        >>> x = np.arange(8.0).reshape(2, 4)  # 2 tokens, d_model 4
        >>> split_heads(x, 2)
        array([[[0., 1.],
                [4., 5.]],
        <BLANKLINE>
               [[2., 3.],
                [6., 7.]]])
    """
    x = as_float_array("x", x, min_ndim=2)
    *batch, n, d_model = x.shape
    n_heads = check_n_heads(n_heads, d_model, d_model_name=f"d_model (last axis of x, shape {shape_str(x.shape)})")
    # [..., n, d_model] -> [..., n, h, d_k] -> [..., h, n, d_k]
    return np.swapaxes(x.reshape(*batch, n, n_heads, d_model // n_heads), -3, -2)


def merge_heads(x: ArrayLike) -> NDArray[np.floating]:
    r"""Concatenate per-head results back into one feature axis (inverse of :func:`split_heads`).

    .. math::

        (O_1, \dots, O_h) \;\mapsto\; \operatorname{Concat}(O_1, \dots, O_h) \in \mathbb{R}^{n \times h d_v}

    Args:
        x: shape ``(..., n_heads, n, d_v)``.

    Returns:
        Shape ``(..., n, n_heads * d_v)``.

    Example:
        >>> x = np.arange(8.0).reshape(2, 4)
        >>> np.array_equal(merge_heads(split_heads(x, 2)), x)
        True
    """
    x = as_float_array("x", x, min_ndim=3)
    *batch, n_heads, n, d_v = x.shape
    # [..., h, n, d_v] -> [..., n, h, d_v] -> [..., n, h * d_v]
    return np.swapaxes(x, -3, -2).reshape(*batch, n, n_heads * d_v)
