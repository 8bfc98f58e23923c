"""Scaled dot-product attention, in one call or step by step."""

from __future__ import annotations

import math
from typing import Literal, NamedTuple, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, as_mask, check_flag, check_scale, float_dtype, shape_str
from .scores import check_qk, dot_scores
from .softmax import softmax

__all__ = [
    "BLOCKWISE_THRESHOLD",
    "AttentionOutput",
    "AttentionOutputOnly",
    "AttentionSteps",
    "attention_steps",
    "scaled_dot_product_attention",
]

BLOCKWISE_THRESHOLD = 2**16
"""Score entries (batch × n_q × n_k) from which :func:`scaled_dot_product_attention`
with ``return_weights=False`` computes blockwise, never holding the scores: one
head of 256 × 256, a size from which the blockwise path is also the faster one."""


class AttentionOutput(NamedTuple):
    """What attention returns: unpack as ``output, weights = ...``."""

    output: NDArray[np.floating]
    """``(..., n_q, d_v)``: each query's weighted average of the values."""
    weights: NDArray[np.floating]
    """``(..., n_q, n_k)``: how much each query attends to each key; rows sum to 1."""


class AttentionOutputOnly(NamedTuple):
    """What attention returns when the weights were not asked for (``return_weights=False``)."""

    output: NDArray[np.floating]
    """``(..., n_q, d_v)``: each query's weighted average of the values."""
    weights: None = None
    """Always None: unpacking ``output, weights = ...`` still works."""


class AttentionSteps(NamedTuple):
    """Every intermediate of scaled dot-product attention, in order."""

    scores: NDArray[np.floating]
    """Step 1, ``(..., n_q, n_k)``: raw dot products :math:`QK^\\top`."""
    scaled_scores: NDArray[np.floating]
    """Step 2, ``(..., n_q, n_k)``: the scores times the scale, :math:`QK^\\top/\\sqrt{d_k}`."""
    weights: NDArray[np.floating]
    """Step 3, ``(..., n_q, n_k)``: softmax of the (masked) scaled scores; rows sum to 1."""
    output: NDArray[np.floating]
    """Step 4, ``(..., n_q, d_v)``: the weights applied to the values, :math:`AV`."""


def check_qkv(
    q: ArrayLike, k: ArrayLike, v: ArrayLike, *, finite: bool = True
) -> tuple[NDArray, NDArray, NDArray, tuple[int, ...]]:
    q, k, scores_shape = check_qk(q, k, finite=finite)
    v = as_float_array("v", v, min_ndim=2, finite=finite)
    if v.shape[-2] != k.shape[-2]:
        raise ValueError(
            f"k and v must have the same number of positions n_k (second-to-last axis): "
            f"k has shape {shape_str(k.shape)}, v has shape {shape_str(v.shape)}"
        )
    try:
        np.broadcast_shapes(scores_shape[:-2], v.shape[:-2])
    except ValueError:
        raise ValueError(
            f"the leading (batch/head) axes of q, k and v do not broadcast: q has shape {shape_str(q.shape)}, "
            f"k has shape {shape_str(k.shape)}, v has shape {shape_str(v.shape)}"
        ) from None
    dtype = float_dtype(q, k, v)
    return q.astype(dtype, copy=False), k.astype(dtype, copy=False), v.astype(dtype, copy=False), scores_shape


def overflow_error(q: NDArray, k: NDArray) -> ValueError:
    """The error for finite queries and keys whose dot products overflow their dtype."""
    return ValueError(
        f"the scores q·kᵀ overflow {q.dtype} (q has shape {shape_str(q.shape)}, k has shape "
        f"{shape_str(k.shape)}, largest |q| {np.abs(q).max():.3g}, largest |k| {np.abs(k).max():.3g}): "
        "rescale q or k"
    )


def _scaled_scores(q: NDArray, k: NDArray, scale: float | None) -> tuple[NDArray, NDArray]:
    """Raw and scaled scores; finite inputs whose dot products overflow are an error, not a NaN later."""
    factor = q.dtype.type(check_scale(scale, q.shape[-1]))
    with np.errstate(over="ignore", invalid="ignore"):
        scores = dot_scores(q, k)
        scaled = scores * factor
    if not np.isfinite(scaled).all():
        raise overflow_error(q, k)
    return scores, scaled


def clip_bias(bias: NDArray, dtype: np.dtype) -> NDArray:
    """An additive mask's finite part, clipped to half the range of ``dtype`` and cast to it."""
    # Clip to the scores' range first: a float64 mask of -1e300 means "as
    # good as forbidden" and must not overflow when cast to float32.
    limit = np.finfo(dtype).max / 2
    return np.clip(bias, -limit, limit).astype(dtype, copy=False)


def _masked_softmax(scaled: NDArray, mask: ArrayLike | None) -> NDArray:
    """Softmax over keys after applying a boolean or additive mask."""
    if mask is None:
        return softmax(scaled, axis=-1)
    allowed, bias = as_mask(mask, scaled.shape)
    if bias is not None:
        scaled = scaled + clip_bias(bias, scaled.dtype)
    return softmax(scaled, axis=-1, mask=allowed)


def attention_steps(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
) -> AttentionSteps:
    r"""Scaled dot-product attention, keeping every intermediate for inspection.

    .. math::

        S = QK^\top, \quad
        \tilde S = \frac{S}{\sqrt{d_k}}, \quad
        A = \operatorname{softmax}(\tilde S + M), \quad
        O = AV

    Same arguments as :func:`scaled_dot_product_attention`; returns the four
    steps as ``AttentionSteps(scores, scaled_scores, weights, output)``. The
    mask acts in the softmax step: ``scaled_scores`` is shown unmasked.

    Example:
        >>> q = [[1.0, 0.0]]
        >>> k = [[1.0, 0.0], [0.0, 1.0]]
        >>> v = [[10.0], [20.0]]
        >>> steps = attention_steps(q, k, v, scale=1.0)
        >>> steps.scores
        array([[1., 0.]])
        >>> steps.weights.round(4)
        array([[0.7311, 0.2689]])
        >>> steps.output.round(3)
        array([[12.689]])
    """
    q, k, v, _ = check_qkv(q, k, v)
    scores, scaled = _scaled_scores(q, k, scale)
    weights = _masked_softmax(scaled, mask)
    # [..., n_q, n_k] @ [..., n_k, d_v] -> [..., n_q, d_v]
    return AttentionSteps(scores, scaled, weights, weights @ v)


@overload
def scaled_dot_product_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    return_weights: Literal[True] = True,
) -> AttentionOutput: ...


@overload
def scaled_dot_product_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    return_weights: Literal[False],
) -> AttentionOutputOnly: ...


@overload
def scaled_dot_product_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    return_weights: bool,
) -> AttentionOutput | AttentionOutputOnly: ...


def scaled_dot_product_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    return_weights: bool = True,
) -> AttentionOutput | AttentionOutputOnly:
    r"""Attend: each query takes a weighted average of the values, weighted by query-key match.

    .. math::

        \operatorname{Attention}(Q, K, V) =
        \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}} + M\right) V

    Args:
        q: queries, shape ``(..., n_q, d_k)``.
        k: keys, shape ``(..., n_k, d_k)``.
        v: values, shape ``(..., n_k, d_v)``. Leading (batch, head) axes of
            ``q``, ``k`` and ``v`` broadcast against each other.
        mask: optional, broadcastable to the scores' shape ``(..., n_q, n_k)``.
            Boolean: True where the query may attend to the key (see
            :func:`causal_mask`, :func:`padding_mask`). Numeric: *added* to the
            scaled scores (:math:`M` above); ``-inf`` forbids a position. A
            query that may attend to no key at all gets all-zero weights and
            an all-zero output (never NaN).
        scale: multiplies the dot products; default :math:`1/\sqrt{d_k}`.
        return_weights: False to get only the output. Then, once the scores
            would have :data:`BLOCKWISE_THRESHOLD` (65,536) entries or more,
            the output is computed by :func:`blockwise_attention`, one tile of
            scores at a time, in memory that grows like n instead of n²; it
            equals the one computed here to rounding (float32 within 2e-6,
            float64 within 1e-12 on standard-normal inputs).

    Returns:
        ``AttentionOutput(output, weights)``: output ``(..., n_q, d_v)``,
        weights ``(..., n_q, n_k)`` with rows that sum to 1; or, if
        ``return_weights`` is False, ``AttentionOutputOnly(output, None)``.
        float32 inputs give float32 results; anything else gives float64.

    Example:
        >>> q = [[1.0, 0.0]]
        >>> k = [[1.0, 0.0], [0.0, 1.0]]
        >>> v = [[10.0], [20.0]]
        >>> output, weights = scaled_dot_product_attention(q, k, v)
        >>> weights.round(4)
        array([[0.6698, 0.3302]])
        >>> output.round(3)
        array([[13.302]])
    """
    q, k, v, scores_shape = check_qkv(q, k, v)
    if not check_flag("return_weights", return_weights) and math.prod(scores_shape) >= BLOCKWISE_THRESHOLD:
        # Imported here because the blockwise module builds on this one's checks.
        from .blockwise import attend_blockwise

        return attend_blockwise(q, k, v, scores_shape, mask, scale)
    weights = _masked_softmax(_scaled_scores(q, k, scale)[1], mask)
    # [..., n_q, n_k] @ [..., n_k, d_v] -> [..., n_q, d_v]
    output = weights @ v
    return AttentionOutput(output, weights) if return_weights else AttentionOutputOnly(output)
