r"""Layer normalisation and its derivative, side by side.

Forward, over the last axis of width :math:`d`:

.. math::

    \mu = \frac1d \sum_i x_i,\quad \sigma^2 = \frac1d \sum_i (x_i - \mu)^2,\quad
    \hat x = \frac{x - \mu}{\sqrt{\sigma^2 + \varepsilon}},\quad y = \gamma \odot \hat x + \beta

Backward, given :math:`\bar y`, with :math:`g = \bar y \odot \gamma` and
:math:`\langle\cdot\rangle` the mean over the last axis:

.. math::

    \bar x = \frac{1}{\sqrt{\sigma^2 + \varepsilon}} \Bigl(g - \langle g \rangle - \hat x\, \langle g \odot \hat x \rangle\Bigr),
    \qquad \bar\gamma = \sum_{\text{rows}} \bar y \odot \hat x,\qquad \bar\beta = \sum_{\text{rows}} \bar y

The same normalisation as :func:`attention.models.layer_norm` (which this
room may not import: it equals it to rounding, checked by the tests).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, shape_str

__all__ = ["LayerNormCache", "layer_norm_backward", "layer_norm_forward"]

EPS = 1e-5
"""The default :math:`\\varepsilon`."""


class LayerNormCache(NamedTuple):
    """What :func:`layer_norm_backward` needs from the forward pass."""

    normalised: NDArray[np.float64]
    r"""``(..., d)``, :math:`\hat x`."""
    inverse_std: NDArray[np.float64]
    r"""``(..., 1)``, :math:`1/\sqrt{\sigma^2 + \varepsilon}`."""
    gamma: NDArray[np.float64]
    """``(d,)``, the scale."""


def layer_norm_forward(
    x: ArrayLike, gamma: ArrayLike, beta: ArrayLike, eps: float = EPS
) -> tuple[NDArray[np.float64], LayerNormCache]:
    r""":math:`y = \gamma \odot (x - \mu)/\sqrt{\sigma^2 + \varepsilon} + \beta`, over the last axis.

    Args:
        x: ``(..., d)``.
        gamma, beta: ``(d,)``.
        eps: :math:`\varepsilon > 0`, a float.

    Returns:
        ``(y, cache)``: ``y`` ``(..., d)`` and a :class:`LayerNormCache`.

    Example:
        >>> y, _ = layer_norm_forward([[1.0, 2.0, 3.0]], np.ones(3), np.zeros(3), eps=0.0)
        >>> y.round(4)
        array([[-1.2247,  0.    ,  1.2247]])
    """
    x = as_float_array("x", x, min_ndim=1).astype(np.float64, copy=False)
    d = x.shape[-1]
    params = []
    for name, value in (("gamma", gamma), ("beta", beta)):
        array = as_float_array(name, value, ndim=1).astype(np.float64, copy=False)
        if array.shape != (d,):
            raise ValueError(
                f"{name} must have shape (d,) = ({d},) to match x {shape_str(x.shape)}, got {shape_str(array.shape)}"
            )
        params.append(array)
    if isinstance(eps, bool) or not isinstance(eps, (int, float)) or not 0 <= eps < float("inf"):
        raise ValueError(f"eps must be a non-negative finite number, got {eps!r}")
    return layer_norm(x, params[0], params[1], float(eps))


def layer_norm(x: NDArray, gamma: NDArray, beta: NDArray, eps: float) -> tuple[NDArray, LayerNormCache]:
    """:func:`layer_norm_forward` of checked arrays (internal)."""
    centred = x - x.mean(axis=-1, keepdims=True)
    inverse_std = 1.0 / np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + eps)
    normalised = centred * inverse_std
    return normalised * gamma + beta, LayerNormCache(normalised, inverse_std, gamma)


def layer_norm_backward(
    cache: LayerNormCache, grad_y: ArrayLike
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    r"""Gradients of ``x``, ``gamma`` and ``beta`` from :math:`\bar y`.

    .. math::

        \bar x = \frac{g - \langle g \rangle - \hat x \langle g \odot \hat x \rangle}{\sqrt{\sigma^2 + \varepsilon}},
        \quad g = \bar y \odot \gamma

    Returns:
        ``(grad_x, grad_gamma, grad_beta)``: ``(..., d)``, ``(d,)``, ``(d,)``.

    Example:
        >>> _, cache = layer_norm_forward([[1.0, 2.0, 3.0]], np.ones(3), np.zeros(3))
        >>> grad_x, grad_gamma, grad_beta = layer_norm_backward(cache, [[1.0, 1.0, 1.0]])
        >>> bool(np.abs(grad_x).max() < 1e-12), grad_beta.tolist()  # a uniform shift of y moves nothing in x
        (True, [1.0, 1.0, 1.0])
    """
    if not isinstance(cache, LayerNormCache):
        raise TypeError(f"cache must be the LayerNormCache layer_norm_forward returned, got {type(cache).__name__}")
    grad = np.asarray(grad_y, dtype=np.float64)
    if grad.shape != cache.normalised.shape:
        raise ValueError(f"grad_y must have the output's shape {shape_str(cache.normalised.shape)}, got {shape_str(grad.shape)}")
    return layer_norm_grads(cache, grad)


def layer_norm_grads(cache: LayerNormCache, grad: NDArray) -> tuple[NDArray, NDArray, NDArray]:
    """:func:`layer_norm_backward` of a checked gradient (internal)."""
    normalised, inverse_std, gamma = cache
    g = grad * gamma
    grad_x = inverse_std * (
        g - g.mean(axis=-1, keepdims=True) - normalised * (g * normalised).mean(axis=-1, keepdims=True)
    )
    rows = grad.reshape(-1, grad.shape[-1])
    return grad_x, (rows * normalised.reshape(rows.shape)).sum(axis=0), rows.sum(axis=0)
