r"""A linear map without bias, :math:`Y = XW`, and its derivative.

Forward, with :math:`X` of shape ``(..., d_in)`` and :math:`W` of shape ``(d_in, d_out)``:

.. math::

    Y = X W

Backward, given :math:`\bar Y = \partial L/\partial Y` (the leading axes of
:math:`X` flattened into rows):

.. math::

    \bar X = \bar Y\, W^\top, \qquad \bar W = X^\top \bar Y

The projections :math:`W_Q, W_K, W_V, W_O` of multi-head attention and the
unembedding are such maps.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, shape_str

__all__ = ["linear_backward", "linear_forward"]


def _check(x: ArrayLike, w: ArrayLike) -> tuple[NDArray, NDArray]:
    x = as_float_array("x", x, min_ndim=1).astype(np.float64, copy=False)
    w = as_float_array("w", w, ndim=2).astype(np.float64, copy=False)
    if x.shape[-1] != w.shape[0]:
        raise ValueError(
            f"x's last axis must equal w's first (d_in): x has shape {shape_str(x.shape)}, w has shape {shape_str(w.shape)}"
        )
    return x, w


def linear_forward(x: ArrayLike, w: ArrayLike) -> NDArray[np.float64]:
    """:math:`Y = XW`, ``(..., d_in) @ (d_in, d_out) -> (..., d_out)``; backward needs ``x`` and ``w``.

    Example:
        >>> linear_forward([[1.0, 2.0]], [[1.0], [1.0]]).tolist()
        [[3.0]]
    """
    x, w = _check(x, w)
    return matmul_rows(x, w)


def linear_backward(x: ArrayLike, w: ArrayLike, grad_y: ArrayLike) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    r"""Gradients of the input and the weights: :math:`\bar X = \bar Y W^\top`, :math:`\bar W = X^\top \bar Y`.

    Args:
        x: the forward input, ``(..., d_in)``.
        w: the weights, ``(d_in, d_out)``.
        grad_y: :math:`\bar Y`, ``(..., d_out)``, the leading axes of ``x``.

    Returns:
        ``(grad_x, grad_w)``: ``(..., d_in)`` and ``(d_in, d_out)``.

    Example:
        >>> gx, gw = linear_backward([[1.0, 2.0]], [[1.0], [1.0]], [[1.0]])
        >>> gx.tolist(), gw.tolist()
        ([[1.0, 1.0]], [[1.0], [2.0]])
    """
    x, w = _check(x, w)
    grad = as_float_array("grad_y", grad_y, min_ndim=1).astype(np.float64, copy=False)
    expected = (*x.shape[:-1], w.shape[1])
    if grad.shape != expected:
        raise ValueError(
            f"grad_y must have the shape of x @ w, {shape_str(expected)} (x {shape_str(x.shape)}, "
            f"w {shape_str(w.shape)}), got {shape_str(grad.shape)}"
        )
    return linear_grads(x, w, grad)


def matmul_rows(x: NDArray, w: NDArray) -> NDArray:
    """``x @ w`` as one 2-D product over every row of ``x`` (internal: checked arrays)."""
    # [..., d_in] -> [rows, d_in] @ [d_in, d_out] -> [..., d_out]
    return (x.reshape(-1, x.shape[-1]) @ w).reshape(*x.shape[:-1], w.shape[1])


def linear_grads(x: NDArray, w: NDArray, grad: NDArray) -> tuple[NDArray, NDArray]:
    """:func:`linear_backward` of checked arrays."""
    rows = grad.reshape(-1, grad.shape[-1])  # [rows, d_out]
    grad_x = (rows @ w.T).reshape(x.shape)  # [rows, d_out] @ [d_out, d_in]
    grad_w = x.reshape(-1, x.shape[-1]).T @ rows  # [d_in, rows] @ [rows, d_out]
    return grad_x, grad_w
