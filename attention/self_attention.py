"""Self-attention: queries, keys and values all projected from one sequence."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import (
    ScoresOverflowError,
    as_float_array,
    check_inputs,
    check_product,
    float_dtype,
    prepare_mask,
    shape_str,
)
from .results import AttentionOutput
from .scaled_dot_product import attend

__all__ = ["self_attention"]


def check_projection(name: str, w: ArrayLike, d_model: int, d_model_from: str = "the last axis of x") -> NDArray:
    """Validate a projection matrix of shape ``(d_model, d_out)``; ``d_model_from`` says where d_model came from."""
    w = as_float_array(name, w, ndim=2)
    if w.shape[0] != d_model:
        raise ValueError(
            f"{name} must have shape (d_model, d_out) with d_model={d_model} ({d_model_from}), "
            f"got {shape_str(w.shape)}"
        )
    return w


def self_attention(
    x: ArrayLike,
    w_q: ArrayLike,
    w_k: ArrayLike,
    w_v: ArrayLike,
    mask: ArrayLike | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
) -> AttentionOutput:
    r"""Let every position of a sequence attend to every position of the same sequence.

    .. math::

        Q = XW_Q,\quad K = XW_K,\quad V = XW_V,\qquad
        \operatorname{SelfAttention}(X) =
        \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}} + M\right) V

    Args:
        x: the sequence, shape ``(..., n, d_model)``: one row per token.
        w_q: query projection, ``(d_model, d_k)``.
        w_k: key projection, ``(d_model, d_k)``.
        w_v: value projection, ``(d_model, d_v)``.
        mask: optional boolean or additive mask broadcastable to ``(..., n, n)``,
            as in :func:`scaled_dot_product_attention`; :func:`causal_mask` gives
            the GPT-style left-to-right pattern.
        causal: the same pattern without building a mask (combined with
            ``mask`` when both are given).
        window: with ``causal``, query i sees only keys ``i - window + 1 .. i``: the
            last ``window`` keys, itself included (sliding-window attention, the
            pattern of :func:`~attention.masks.sliding_window_mask`); an integer >= 1.

    Returns:
        ``AttentionOutput(output, weights)``: output ``(..., n, d_v)``, weights ``(..., n, n)``.

    Raises:
        TypeError, ValueError: naming ``x``, ``w_q``, ``w_k``, ``w_v`` or
            ``mask``, as what was passed: also when the finite projections
            (``x @ w_q`` ...) or the scores between them overflow.

    Example:
        >>> x = np.eye(3)
        >>> output, weights = self_attention(x, np.eye(3), np.eye(3), np.eye(3))
        >>> weights.round(3)
        array([[0.471, 0.264, 0.264],
               [0.264, 0.471, 0.264],
               [0.264, 0.264, 0.471]])
    """
    x = as_float_array("x", x, min_ndim=2)
    d_model = x.shape[-1]
    w_q = check_projection("w_q", w_q, d_model)
    w_k = check_projection("w_k", w_k, d_model)
    w_v = check_projection("w_v", w_v, d_model)
    if w_q.shape[1] != w_k.shape[1]:
        raise ValueError(
            f"w_q and w_k must give the same d_k: w_q has shape {shape_str(w_q.shape)}, "
            f"w_k has shape {shape_str(w_k.shape)}"
        )
    dtype = float_dtype(x, w_q, w_k, w_v)
    x = x.astype(dtype, copy=False)
    w_q, w_k, w_v = (w.astype(dtype, copy=False) for w in (w_q, w_k, w_v))
    # [..., n, d_model] @ [d_model, d_k] -> [..., n, d_k]  (d_v for the values)
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is reported below, naming x and w
        q, k, v = x @ w_q, x @ w_k, x @ w_v
    check_product(q, "x @ w_q", None, x=x, w_q=w_q)
    check_product(k, "x @ w_k", None, x=x, w_k=w_k)
    moderate_v = check_product(v, "x @ w_v", None, x=x, w_v=w_v)
    q, k, v, scores_shape, _ = check_inputs(q, k, v, finite=False)  # shapes (all fine by construction)
    prepared = prepare_mask(mask, causal, scores_shape, window)
    try:
        output, weights = attend(q, k, v, scores_shape, prepared, None, True, moderate_v)
    except ScoresOverflowError:
        raise ValueError(
            f"the scores (x @ w_q)·(x @ w_k)ᵀ overflow {dtype} (x has shape {shape_str(x.shape)}, "
            f"largest |x @ w_q| {float(np.abs(q).max()):.3g}, largest |x @ w_k| {float(np.abs(k).max()):.3g}): "
            "rescale x, w_q or w_k"
        ) from None
    assert weights is not None  # asked for
    return AttentionOutput(output, weights)
