r"""Cross-entropy of next-token predictions and its derivative, side by side.

Forward: the logits :math:`z` of a position become probabilities by a
softmax, and the loss is the mean negative log-probability of the targets,
over the positions that count (weight :math:`w_i`, 1 or 0):

.. math::

    L = \frac{\sum_i w_i\, \ell_i}{\sum_i w_i}, \qquad
    \ell_i = -\log p_{i, t_i} = \log \sum_v e^{z_{i,v}} - z_{i, t_i}

Backward: the softmax and the logarithm cancel into a difference,

.. math::

    \frac{\partial L}{\partial z_{i,v}} = \frac{w_i}{\sum_j w_j}\bigl(p_{i,v} - [v = t_i]\bigr)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, shape_str
from .embedding import check_tokens

__all__ = ["cross_entropy_backward", "cross_entropy_forward"]


def _check(logits: ArrayLike, targets: ArrayLike, weights: ArrayLike | None) -> tuple[NDArray, NDArray, NDArray]:
    z = as_float_array("logits", logits, min_ndim=1).astype(np.float64, copy=False)
    t = check_tokens(targets, z.shape[-1], name="targets")
    if t.shape != z.shape[:-1]:
        raise ValueError(f"targets must have shape logits.shape[:-1] = {shape_str(z.shape[:-1])}, got {shape_str(t.shape)}")
    if weights is None:
        return z, t, np.ones(t.shape)
    w = as_float_array("weights", weights).astype(np.float64, copy=False)
    try:
        w = np.broadcast_to(w, t.shape)
    except ValueError:
        raise ValueError(
            f"weights with shape {shape_str(w.shape)} does not broadcast to the targets' shape {shape_str(t.shape)}"
        ) from None
    if (w < 0).any() or not w.sum() > 0:
        raise ValueError(f"weights must be non-negative with a positive sum (shape {shape_str(w.shape)})")
    return z, t, w


def log_softmax(z: NDArray) -> NDArray:
    """``log softmax(z)`` over the last axis, shifted by the row maximum so that no exponent is positive."""
    shifted = z - z.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def cross_entropy_forward(
    logits: ArrayLike, targets: ArrayLike, weights: ArrayLike | None = None
) -> tuple[float, NDArray[np.float64]]:
    r"""The mean loss :math:`L` and the probabilities :math:`p` (what the backward pass needs).

    Args:
        logits: :math:`z`, ``(..., vocab)``.
        targets: integer ids ``(...)``, each below ``vocab``.
        weights: optional, broadcastable to ``(...)``: how much each position counts (default: all 1).

    Returns:
        ``(loss, probabilities)``: a float, and ``(..., vocab)``.

    Example:
        >>> loss, p = cross_entropy_forward([[0.0, 0.0]], [1])
        >>> round(loss, 6)  # log 2
        0.693147
    """
    z, t, w = _check(logits, targets, weights)
    return cross_entropy(z, t, w)


def cross_entropy(z: NDArray, t: NDArray, w: NDArray) -> tuple[float, NDArray]:
    """:func:`cross_entropy_forward` of checked arrays (internal)."""
    log_p = log_softmax(z)
    picked = np.take_along_axis(log_p, t[..., None], axis=-1)[..., 0]
    return float(-(w * picked).sum() / w.sum()), np.exp(log_p)


def cross_entropy_backward(
    probabilities: ArrayLike, targets: ArrayLike, weights: ArrayLike | None = None
) -> NDArray[np.float64]:
    r""":math:`\partial L/\partial z = \frac{w}{\sum w}\,(p - \operatorname{onehot}(t))`, ``(..., vocab)``.

    Example:
        >>> _, p = cross_entropy_forward([[0.0, 0.0]], [1])
        >>> cross_entropy_backward(p, [1]).tolist()
        [[0.5, -0.5]]
    """
    p, t, w = _check(probabilities, targets, weights)
    return cross_entropy_grad(p, t, w)


def cross_entropy_grad(p: NDArray, t: NDArray, w: NDArray) -> NDArray:
    """:func:`cross_entropy_backward` of checked arrays (internal)."""
    grad = p.copy()
    np.put_along_axis(grad, t[..., None], np.take_along_axis(p, t[..., None], axis=-1) - 1.0, axis=-1)
    return grad * (w / w.sum())[..., None]
