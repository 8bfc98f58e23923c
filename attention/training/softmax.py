r"""Softmax and its derivative, side by side.

Forward (the package's own :func:`attention.softmax`):

.. math::

    y_i = \frac{e^{x_i}}{\sum_j e^{x_j}}

Backward: the Jacobian is :math:`\partial y_i / \partial x_j = y_i(\delta_{ij} - y_j)`, so a
gradient :math:`\bar y = \partial L / \partial y` flows back as

.. math::

    \bar x_i = y_i \Bigl(\bar y_i - \sum_j \bar y_j\, y_j\Bigr)

A masked entry has :math:`y_i = 0`, so it gets no gradient: the mask needs no
separate backward.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, check_int, shape_str
from ..softmax import softmax

__all__ = ["softmax_backward", "softmax_forward"]


def softmax_forward(x: ArrayLike, axis: int = -1, mask: ArrayLike | None = None) -> NDArray[np.floating]:
    r"""The forward pass: :func:`attention.softmax` itself, :math:`y = \operatorname{softmax}(x)`.

    The weights ``y`` are all the backward pass needs.

    Example:
        >>> softmax_forward([0.0, 0.0]).tolist()
        [0.5, 0.5]
    """
    return softmax(x, axis=axis, mask=mask)


def softmax_backward(weights: ArrayLike, grad_weights: ArrayLike, axis: int = -1) -> NDArray[np.floating]:
    r"""Gradient of the scores from the gradient of the weights.

    .. math::

        \bar x = y \odot \Bigl(\bar y - \sum_j \bar y_j\, y_j\Bigr)

    Args:
        weights: :math:`y`, what :func:`softmax_forward` returned, any shape ``(...)``.
        grad_weights: :math:`\bar y = \partial L/\partial y`, the shape of ``weights``.
        axis: the axis the softmax normalised over.

    Returns:
        :math:`\bar x = \partial L/\partial x`, the shape of ``weights``.

    Example:
        >>> y = softmax_forward([0.0, 0.0])
        >>> softmax_backward(y, [1.0, 0.0]).tolist()  # 0.5 * (1 - 0.5), 0.5 * (0 - 0.5)
        [0.25, -0.25]
    """
    y = as_float_array("weights", weights, min_ndim=1)
    grad = as_float_array("grad_weights", grad_weights, min_ndim=1)
    if grad.shape != y.shape:
        raise ValueError(
            f"grad_weights must have the shape of weights {shape_str(y.shape)}, got {shape_str(grad.shape)}"
        )
    axis = check_int("axis", axis)
    if not -y.ndim <= axis < y.ndim:
        raise ValueError(f"axis {axis} is out of range for weights with shape {shape_str(y.shape)}")
    return softmax_grad(y, grad, axis)


def softmax_grad(y: NDArray, grad: NDArray, axis: int = -1) -> NDArray:
    """:func:`softmax_backward` of checked arrays (the model's inner loop calls it without re-checking)."""
    return y * (grad - (grad * y).sum(axis=axis, keepdims=True))
