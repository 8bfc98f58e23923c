r"""Scaled dot-product attention and its derivative, side by side.

Forward (the package's own :func:`attention.scaled_dot_product_attention`,
masks and ``causal=True`` included), with :math:`s` the scale
(:math:`1/\sqrt{d_k}` by default) and :math:`M` the mask:

.. math::

    S = s\, Q K^\top + M, \qquad A = \operatorname{softmax}(S), \qquad O = A V

Backward, given :math:`\bar O = \partial L/\partial O`:

.. math::

    \bar V = A^\top \bar O, \qquad
    \bar A = \bar O V^\top, \qquad
    \bar S = A \odot \Bigl(\bar A - \operatorname{rowsum}(\bar A \odot A)\Bigr),

.. math::

    \bar Q = s\, \bar S K, \qquad \bar K = s\, \bar S^\top Q

A masked key has weight :math:`A_{ij} = 0`, hence :math:`\bar S_{ij} = 0`: a
boolean, an additive or the causal mask changes nothing in these formulas.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import check_inputs, score_factor, shape_str
from ..scaled_dot_product import scaled_dot_product_attention
from .softmax import softmax_grad

__all__ = ["AttentionCache", "attention_backward", "attention_forward"]


class AttentionCache(NamedTuple):
    """What :func:`attention_backward` needs from the forward pass."""

    q: NDArray[np.float64]
    """``(..., n_q, d_k)``, the queries."""
    k: NDArray[np.float64]
    """``(..., n_k, d_k)``, the keys."""
    v: NDArray[np.float64]
    """``(..., n_k, d_v)``, the values."""
    weights: NDArray[np.float64]
    """``(..., n_q, n_k)``, :math:`A`, rows summing to 1 (0 where masked)."""
    scale: float
    """:math:`s`, what multiplied :math:`QK^\\top`."""


def attention_forward(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
) -> tuple[NDArray[np.float64], AttentionCache]:
    r""":math:`O = \operatorname{softmax}(s\,QK^\top + M)\,V`, by :func:`attention.scaled_dot_product_attention`.

    Same arguments as :func:`attention.scaled_dot_product_attention`, computed
    in float64 (gradients are checked against finite differences in float64).

    Returns:
        ``(output, cache)``: output ``(..., n_q, d_v)``; ``cache``, an
        :class:`AttentionCache` for :func:`attention_backward`.

    Example:
        >>> output, cache = attention_forward([[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[10.0], [20.0]], scale=1.0)
        >>> output.round(3), cache.weights.round(4)
        (array([[12.689]]), array([[0.7311, 0.2689]]))
    """
    q, k, v, _, _ = check_inputs(q, k, v)
    q, k, v = (a.astype(np.float64, copy=False) for a in (q, k, v))
    output, weights = scaled_dot_product_attention(q, k, v, mask, scale, causal=causal)
    s = float(score_factor(scale, q.shape[-1], q.dtype))  # the factor the forward pass used
    return output, AttentionCache(q, k, v, weights, s)


def attention_backward(
    cache: AttentionCache, grad_output: ArrayLike
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    r"""Gradients of the queries, keys and values from :math:`\bar O`.

    .. math::

        \bar V = A^\top \bar O,\quad \bar S = A \odot (\bar O V^\top - \operatorname{rowsum}(\bar O V^\top \odot A)),
        \quad \bar Q = s\,\bar S K,\quad \bar K = s\,\bar S^\top Q

    Args:
        cache: from :func:`attention_forward`.
        grad_output: :math:`\bar O`, the output's shape ``(..., n_q, d_v)``.

    Returns:
        ``(grad_q, grad_k, grad_v)``, the shapes of ``q``, ``k``, ``v``; a
        leading axis that the forward pass broadcast is summed back.

    Example:
        >>> _, cache = attention_forward([[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[10.0], [20.0]], scale=1.0)
        >>> grad_q, grad_k, grad_v = attention_backward(cache, [[1.0]])
        >>> grad_v.round(4).tolist()  # the weights themselves
        [[0.7311], [0.2689]]
    """
    if not isinstance(cache, AttentionCache):
        raise TypeError(f"cache must be the AttentionCache attention_forward returned, got {type(cache).__name__}")
    grad = np.asarray(grad_output, dtype=np.float64)
    expected = (*cache.weights.shape[:-1], cache.v.shape[-1])
    if grad.shape != expected:
        raise ValueError(f"grad_output must have the output's shape {shape_str(expected)}, got {shape_str(grad.shape)}")
    grad_q, grad_k, grad_v = attention_grads(cache, grad)
    return _unbroadcast(grad_q, cache.q.shape), _unbroadcast(grad_k, cache.k.shape), _unbroadcast(grad_v, cache.v.shape)


def attention_grads(cache: AttentionCache, grad: NDArray) -> tuple[NDArray, NDArray, NDArray]:
    """:func:`attention_backward` of a checked gradient, before summing broadcast axes (internal)."""
    q, k, v, a, s = cache
    # [..., n_k, n_q] @ [..., n_q, d_v] -> [..., n_k, d_v]
    grad_v = np.swapaxes(a, -1, -2) @ grad
    # [..., n_q, d_v] @ [..., d_v, n_k] -> [..., n_q, n_k]
    grad_scores = softmax_grad(a, grad @ np.swapaxes(v, -1, -2)) * s
    # [..., n_q, n_k] @ [..., n_k, d_k] -> [..., n_q, d_k]; transposed for the keys
    return grad_scores @ k, np.swapaxes(grad_scores, -1, -2) @ q, grad_v


def _unbroadcast(grad: NDArray, shape: tuple[int, ...]) -> NDArray:
    """Sum ``grad`` over the leading axes that broadcasting added or stretched, back to ``shape``."""
    extra = grad.ndim - len(shape)
    if extra:
        grad = grad.sum(axis=tuple(range(extra)))
    stretched = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    return grad.sum(axis=stretched, keepdims=True) if stretched else grad
