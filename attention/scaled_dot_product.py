"""Scaled dot-product attention, in one call or step by step."""

from __future__ import annotations

import math
from typing import Literal, NamedTuple, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import (
    PreparedMask,
    all_finite,
    check_flag,
    check_inputs,
    clip_bias,
    prepare_mask,
    saturate,
)
from .blockwise import attend_checked
from .masks import sees_causally
from .results import AttentionOutput, AttentionOutputOnly
from .scores import scaled_scores
from .softmax import masked_softmax

__all__ = [
    "BLOCKWISE_THRESHOLD",
    "AttentionSteps",
    "attend",
    "attention_steps",
    "attention_weights",
    "scaled_dot_product_attention",
    "weighted_average",
]

BLOCKWISE_THRESHOLD = 2**16
"""Score entries (batch × n_q × n_k) from which :func:`scaled_dot_product_attention`
with ``return_weights=False`` computes blockwise, never holding the scores: one
head of 256 × 256, a size from which the blockwise path is also the faster one."""


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


def attention_weights(scaled: NDArray, mask: PreparedMask) -> NDArray:
    r"""The weights from checked scaled scores: the softmax over the keys under a prepared mask.

    .. math::

        A = \operatorname{softmax}(\tilde S + M)

    Args:
        scaled: ``(..., n_q, n_k)`` the scaled scores (of any score: additive
            attention passes its own), finite.
        mask: from :func:`~attention._validate.prepare_mask` for these scores' shape.

    Returns:
        ``(..., n_q, n_k)``, each row summing to 1 (a fully masked row: see
        :func:`~attention.softmax.masked_softmax`).

    Example:
        >>> from attention._validate import prepare_mask
        >>> attention_weights(np.array([[0.0, 0.0]]), prepare_mask(None, False, (1, 2)))
        array([[0.5, 0.5]])
    """
    allowed = mask.allowed
    if mask.causal:
        causal = sees_causally(*scaled.shape[-2:])
        allowed = causal if allowed is None else allowed & causal
    if mask.bias is None:
        return masked_softmax(scaled, -1, allowed)
    bias = clip_bias(mask.bias, scaled.dtype)
    with np.errstate(over="ignore"):
        summed = scaled + bias
    if not all_finite(summed):
        # A finite score plus a finite mask value beyond the float range. The softmax depends only on the
        # differences of the sums, so it is taken of their halves, which cannot overflow (each term is at
        # most max / 2) and are the rounded sums halved, exactly (halving is exact): the same weights, to
        # the last bit, as if the sums had fitted, and the right ones when they do not.
        with np.errstate(under="ignore"):
            halves = scaled * 0.5 + bias * 0.5
        return masked_softmax(halves, -1, allowed, halved=True)
    # The scores' memory goes back before the softmax takes more: held, it cost a third more page faults a call.
    del scaled
    return masked_softmax(summed, -1, allowed)


def weighted_average(weights: NDArray, v: NDArray, moderate_v: bool) -> NDArray:
    """``weights @ v``, ``(..., n_q, n_k) @ (..., n_k, d_v)``: each query's weighted average of the values.

    Values within rounding of the largest float can average past it (weights
    that sum to a little over 1): such an average is rounded to the largest
    float, its nearest. Only a ``v`` that is not ``moderate_v`` (whether
    ``v · v`` is finite, as :func:`~attention._validate.check_inputs` says)
    can do that; False is always safe, and costs one pass over the output.

    Example:
        >>> weighted_average(np.array([[0.25, 0.75]]), np.array([[10.0], [20.0]]), True)
        array([[17.5]])
    """
    if moderate_v:  # every value below the square root of the largest float: nothing to round
        return weights @ v
    with np.errstate(over="ignore"):
        output = weights @ v
    return output if all_finite(output) else saturate(output)


def attention_steps(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
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
    q, k, v, scores_shape, moderate_v = check_inputs(q, k, v)
    prepared = prepare_mask(mask, causal, scores_shape, window)
    scores, scaled = scaled_scores(q, k, scale)
    weights = attention_weights(scaled, prepared)
    # [..., n_q, n_k] @ [..., n_k, d_v] -> [..., n_q, d_v]
    return AttentionSteps(scores, scaled, weights, weighted_average(weights, v, moderate_v))


@overload
def scaled_dot_product_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
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
    causal: bool = False,
    window: int | None = None,
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
    causal: bool = False,
    window: int | None = None,
    return_weights: bool,
) -> AttentionOutput | AttentionOutputOnly: ...


def scaled_dot_product_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
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
            an all-zero output (never NaN). A finite score plus a finite mask
            value may pass the float range: the weights are still those of
            the sums, rounded as if the range had no end (they are taken
            halved, exactly), never zeros or an error.
        scale: multiplies the dot products; default :math:`1/\sqrt{d_k}`.
        causal: let query i attend only to keys ``0 .. i``, the pattern of
            :func:`causal_mask` (top-left aligned when ``n_q != n_k``), without
            building a mask; combined with ``mask`` when both are given.
        window: with ``causal``, query i sees only keys ``i - window + 1 .. i``: the
            last ``window`` keys, itself included (sliding-window attention, the
            pattern of :func:`~attention.masks.sliding_window_mask`); an integer >= 1.
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
        An average of values at the top of the float range that rounds past
        it is the largest float, not ``inf``.

    Raises:
        TypeError, ValueError: naming the argument (and the shapes), for
            inputs of the wrong kind, shape or value; for finite ``q`` and
            ``k`` whose scaled dot products overflow the float range.

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
    q, k, v, scores_shape, moderate_v = check_inputs(q, k, v)
    return_weights = check_flag("return_weights", return_weights)
    prepared = prepare_mask(mask, causal, scores_shape, window)
    return attend(q, k, v, scores_shape, prepared, scale, return_weights, moderate_v)


def attend(
    q: NDArray,
    k: NDArray,
    v: NDArray,
    scores_shape: tuple[int, ...],
    mask: PreparedMask,
    scale: float | None,
    return_weights: bool,
    moderate_v: bool,
) -> AttentionOutput | AttentionOutputOnly:
    """:func:`scaled_dot_product_attention` of inputs checked by :func:`check_inputs`, under a prepared mask.

    ``moderate_v``: whether ``v · v`` is finite (False is always safe, and costs one pass over the output).
    """
    if not return_weights and math.prod(scores_shape) >= BLOCKWISE_THRESHOLD:
        return attend_checked(q, k, v, scores_shape, mask, scale)
    weights = attention_weights(scaled_scores(q, k, scale)[1], mask)
    # [..., n_q, n_k] @ [..., n_k, d_v] -> [..., n_q, d_v]
    output = weighted_average(weights, v, moderate_v)
    return AttentionOutput(output, weights) if return_weights else AttentionOutputOnly(output)
