r"""Multi-head self-attention and its derivative: projections, split heads, attend, merge heads, project.

Forward, with :math:`X` ``(..., n, d_model)`` and four ``(d_model, d_model)`` projections
(the package's :func:`attention.split_heads`, :func:`attention.scaled_dot_product_attention`
and :func:`attention.merge_heads`; the same layer as :class:`attention.MultiHeadAttention`):

.. math::

    Q = \operatorname{split}(XW_Q),\; K = \operatorname{split}(XW_K),\; V = \operatorname{split}(XW_V),
    \qquad Y = \operatorname{merge}\bigl(\operatorname{Attention}(Q, K, V)\bigr)\, W_O

Backward, in reverse order. Splitting and merging only move numbers, so each
one's backward is the other: :math:`\overline{X} = \operatorname{merge}(\overline{\operatorname{split}(X)})`.
The input feeds three projections, so its gradient is their sum:

.. math::

    \bar H = \operatorname{split}(\bar Y W_O^\top),\quad \bar W_O = \operatorname{merge}(H)^\top \bar Y,
    \qquad \bar X = \sum_{P \in \{Q, K, V\}} \operatorname{merge}(\bar P)\, W_P^\top,
    \quad \bar W_P = X^\top \operatorname{merge}(\bar P)

with :math:`\bar Q, \bar K, \bar V` from :func:`~attention.training.scaled_dot_product.attention_backward`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, shape_str
from ..heads import check_n_heads, merge_heads, split_heads
from .linear import linear_grads, matmul_rows
from .scaled_dot_product import AttentionCache, attention_forward, attention_grads

__all__ = ["MultiHeadCache", "merge_heads_backward", "multi_head_backward", "multi_head_forward", "split_heads_backward"]

PROJECTIONS = ("w_q", "w_k", "w_v", "w_o")
"""The names of the four projections, in the order :func:`multi_head_backward` returns their gradients."""


def split_heads_backward(grad: ArrayLike) -> NDArray[np.floating]:
    r"""The backward of :func:`attention.split_heads` is :func:`attention.merge_heads`: ``(..., h, n, d_k) -> (..., n, h d_k)``.

    Example:
        >>> g = np.arange(8.0).reshape(2, 4)
        >>> np.array_equal(split_heads_backward(split_heads(g, 2)), g)
        True
    """
    return merge_heads(grad)


def merge_heads_backward(grad: ArrayLike, n_heads: int) -> NDArray[np.floating]:
    r"""The backward of :func:`attention.merge_heads` is :func:`attention.split_heads`: ``(..., n, h d_v) -> (..., h, n, d_v)``.

    Example:
        >>> merge_heads_backward(np.arange(4.0).reshape(1, 4), 2).shape
        (2, 1, 2)
    """
    return split_heads(grad, n_heads)


class MultiHeadCache(NamedTuple):
    """What :func:`multi_head_backward` needs from the forward pass."""

    x: NDArray[np.float64]
    """``(..., n, d_model)``, the input."""
    weights: tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]
    """``(w_q, w_k, w_v, w_o)``."""
    attention: AttentionCache
    """Per head: ``q``, ``k``, ``v`` ``(..., h, n, d_k)`` and the weights ``(..., h, n, n)``."""
    merged: NDArray[np.float64]
    """``(..., n, d_model)``, the heads' outputs side by side, the input of :math:`W_O`."""


def multi_head_forward(
    x: ArrayLike,
    w_q: ArrayLike,
    w_k: ArrayLike,
    w_v: ArrayLike,
    w_o: ArrayLike,
    n_heads: int,
    mask: ArrayLike | None = None,
    *,
    causal: bool = False,
) -> tuple[NDArray[np.float64], NDArray[np.float64], MultiHeadCache]:
    r"""Multi-head self-attention of ``x``, keeping what the backward pass needs.

    .. math::

        Y = \operatorname{Concat}(\operatorname{head}_1, \dots, \operatorname{head}_h)\, W_O,\qquad
        \operatorname{head}_i = \operatorname{Attention}(XW_Q^{(i)}, XW_K^{(i)}, XW_V^{(i)})

    Args:
        x: ``(..., n, d_model)``.
        w_q, w_k, w_v, w_o: ``(d_model, d_model)``, applied as ``x @ w``.
        n_heads: h, which divides ``d_model``.
        mask: boolean or additive, broadcastable to ``(..., h, n, n)`` (one
            mask of shape ``(..., n, n)`` is shared by every head when given
            as ``mask[..., None, :, :]``).
        causal: query i sees keys ``0 .. i`` only.

    Returns:
        ``(output, weights, cache)``: output ``(..., n, d_model)``; the
        attention weights ``(..., h, n, n)``; a :class:`MultiHeadCache`.

    Example:
        >>> eye = np.eye(4)
        >>> y, weights, cache = multi_head_forward(np.ones((3, 4)), eye, eye, eye, eye, 2, causal=True)
        >>> weights.shape, weights[0, 2].round(3).tolist()
        ((2, 3, 3), [0.333, 0.333, 0.333])
    """
    x = as_float_array("x", x, min_ndim=2).astype(np.float64, copy=False)
    d_model = x.shape[-1]
    ws = []
    for name, w in zip(PROJECTIONS, (w_q, w_k, w_v, w_o)):
        w = as_float_array(name, w, ndim=2).astype(np.float64, copy=False)
        if w.shape != (d_model, d_model):
            raise ValueError(
                f"{name} must have shape (d_model, d_model) = ({d_model}, {d_model}) for x {shape_str(x.shape)}, "
                f"got {shape_str(w.shape)}"
            )
        ws.append(w)
    n_heads = check_n_heads(n_heads, d_model)
    # [..., n, d_model] -> [..., n, h, d_k] -> [..., h, n, d_k]
    q, k, v = (split_heads(matmul_rows(x, w), n_heads) for w in ws[:3])
    heads, cache = attention_forward(q, k, v, mask, causal=causal)
    # [..., h, n, d_k] -> [..., n, d_model] -> W_O
    merged = merge_heads(heads)
    output = matmul_rows(merged, ws[3])
    return output, cache.weights, MultiHeadCache(x, (ws[0], ws[1], ws[2], ws[3]), cache, merged)


def multi_head_backward(cache: MultiHeadCache, grad_output: ArrayLike) -> tuple[NDArray[np.float64], dict[str, NDArray]]:
    r"""Gradients of the input and the four projections from :math:`\bar Y`.

    Args:
        cache: from :func:`multi_head_forward`.
        grad_output: :math:`\bar Y`, ``(..., n, d_model)``.

    Returns:
        ``(grad_x, grads)``: ``grad_x`` ``(..., n, d_model)``; ``grads``, a dict
        ``{"w_q": ..., "w_k": ..., "w_v": ..., "w_o": ...}`` of ``(d_model, d_model)``.

    Example:
        >>> eye = np.eye(2)
        >>> y, _, cache = multi_head_forward([[1.0, 2.0]], eye, eye, eye, eye, 1)
        >>> grad_x, grads = multi_head_backward(cache, [[1.0, 0.0]])
        >>> grads["w_o"].tolist()  # merged^T @ grad: one key, so the head's output is x itself
        [[1.0, 0.0], [2.0, 0.0]]
    """
    if not isinstance(cache, MultiHeadCache):
        raise TypeError(f"cache must be the MultiHeadCache multi_head_forward returned, got {type(cache).__name__}")
    grad = np.asarray(grad_output, dtype=np.float64)
    if grad.shape != cache.x.shape:
        raise ValueError(f"grad_output must have the output's shape {shape_str(cache.x.shape)}, got {shape_str(grad.shape)}")
    return multi_head_grads(cache, grad)


def multi_head_grads(cache: MultiHeadCache, grad: NDArray) -> tuple[NDArray, dict[str, NDArray]]:
    """:func:`multi_head_backward` of a checked gradient (internal)."""
    x, (w_q, w_k, w_v, w_o), attention, merged = cache
    n_heads = attention.q.shape[-3]
    grad_merged, grad_w_o = linear_grads(merged, w_o, grad)
    # [..., n, d_model] -> [..., h, n, d_k]: the backward of merge_heads
    grad_q, grad_k, grad_v = attention_grads(attention, merge_heads_backward(grad_merged, n_heads))
    grads = {"w_o": grad_w_o}
    grad_x = np.zeros_like(x)
    for name, w, grad_p in (("w_q", w_q, grad_q), ("w_k", w_k, grad_k), ("w_v", w_v, grad_v)):
        # [..., h, n, d_k] -> [..., n, d_model]: the backward of split_heads
        grad_from_p, grads[name] = linear_grads(x, w, split_heads_backward(grad_p))
        grad_x += grad_from_p
    return grad_x, {name: grads[name] for name in PROJECTIONS}
