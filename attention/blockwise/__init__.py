"""Blockwise attention: the exact result of scaled dot-product attention without its n × n matrices.

Naive attention builds the scores of every query against every key, an
``(..., n_q, n_k)`` array: 4 GiB for one float32 head at n = 32,768. This
package computes the same output one tile of scores at a time, keeping for
each query only a running maximum, a running sum and a running weighted sum
of values. Extra memory: the output, one tile of at most ``block_size²``
scores, and a few rows of bookkeeping.

Where to read what:

- :mod:`.online_softmax`: the algorithm, on one screen;
- :mod:`.tiles`: how a long problem is cut into tiles, and the loop over them
  (under a causal mask, the tiles no query may see are skipped);
- :mod:`.one_tile`: the fast path when each batch item fits one tile, with
  each of its optimisations and what it buys, measured;
- :mod:`.scratch`: the scratch memory kept between calls, and why;
- :mod:`.batch`: views over the batch (and head) axes;
- :mod:`.checks`: what a failed check raises, and the error reported.

This module holds the entry points: :func:`blockwise_attention`, and
:func:`attend_checked`, for inputs already checked (what
:func:`scaled_dot_product_attention` calls for large problems), which
chooses the path and shrinks a ``v`` too large to sum.
"""

from __future__ import annotations

import math
from typing import Literal, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import (
    PreparedMask,
    check_finite,
    check_flag,
    check_int,
    check_qkv,
    overflow_error,
    prepare_mask,
    saturate,
    score_factor,
    sum_of_squares,
)
from ..results import AttentionOutput, AttentionOutputOnly
from . import one_tile, tiles
from .batch import groups, stack, unbroadcast
from .checks import CheckFailed, LargeValues

__all__ = ["DEFAULT_BLOCK_SIZE", "attend_checked", "blockwise_attention"]

DEFAULT_BLOCK_SIZE = 512
"""Keys per tile; a tile holds at most ``DEFAULT_BLOCK_SIZE²`` scores (1 MiB in float32)."""

MAX_CAUSAL_ONE_TILE = 2 * tiles.MIN_CAUSAL_ROWS
"""Beyond two blocks of ``tiles.MIN_CAUSAL_ROWS`` queries, the tiles skip more of a
causal mask's future than the two halves of the one-tile path do."""


@overload
def blockwise_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
    block_size: int = DEFAULT_BLOCK_SIZE,
    return_weights: Literal[False] = False,
) -> AttentionOutputOnly: ...


@overload
def blockwise_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
    block_size: int = DEFAULT_BLOCK_SIZE,
    return_weights: Literal[True],
) -> AttentionOutput: ...


@overload
def blockwise_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
    block_size: int = DEFAULT_BLOCK_SIZE,
    return_weights: bool,
) -> AttentionOutput | AttentionOutputOnly: ...


def blockwise_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
    block_size: int = DEFAULT_BLOCK_SIZE,
    return_weights: bool = False,
) -> AttentionOutput | AttentionOutputOnly:
    r"""Scaled dot-product attention one tile of keys at a time, with an online softmax.

    The result of :func:`scaled_dot_product_attention`, to rounding, without
    ever holding the ``n_q × n_k`` scores. For each query, over the key tiles
    :math:`S^{(t)}` in turn:

    .. math::

        m \leftarrow \max\bigl(m, \max_j S^{(t)}_j\bigr), \quad
        \ell \leftarrow e^{m_{\text{old}} - m}\,\ell + \sum_j e^{S^{(t)}_j - m}, \quad
        o \leftarrow e^{m_{\text{old}} - m}\,o + \sum_j e^{S^{(t)}_j - m}\, v_j,

    and at the end the output is :math:`o / \ell`. When each batch item's
    scores fit in one tile (at most ``block_size²`` of them, no explicit
    ``mask``, and with ``causal`` at most 256 queries) there is nothing to
    carry from tile to tile: each item is one plain softmax, with the scale
    applied to the queries and the normalisation to the output, both smaller
    than the scores, for a few batch items at a time (512 KiB of scores).
    Where the lengths of the queries and keys show that no score can make
    ``exp`` overflow (Cauchy-Schwarz: ``|q·k| ≤ |q| |k|``), the maximum is
    not subtracted first: the same weights, to rounding, in two fewer passes.

    Scratch memory for the tiles, up to 8 MiB, is kept from one call to the
    next in each thread: asking the system for fresh pages every call added
    about 40% to a call on twelve heads of 128 tokens.

    Args:
        q: queries, shape ``(..., n_q, d_k)``.
        k: keys, shape ``(..., n_k, d_k)``.
        v: values, shape ``(..., n_k, d_v)``. Leading (batch, head) axes broadcast.
        mask: optional boolean or additive mask broadcastable to ``(..., n_q, n_k)``,
            exactly as in :func:`scaled_dot_product_attention`; a query that may
            attend to no key gets an all-zero output. It is read one tile at a
            time, but a numeric mask is converted whole once, so a full
            ``(n_q, n_k)`` one costs memory of its own size: prefer ``causal``.
        scale: multiplies the dot products; default :math:`1/\sqrt{d_k}`.
        causal: let query i attend only to keys ``0 .. i`` (the pattern of
            :func:`causal_mask`, top-left aligned when ``n_q != n_k``),
            without building a mask. Tiles of keys that no query of a block may
            see are skipped: about half the work of the full matrix. Combined
            with ``mask`` when both are given.
        window: with ``causal``, query i sees only keys ``i - window + 1 .. i``: the
            last ``window`` keys, itself included (sliding-window attention, the
            pattern of :func:`~attention.masks.sliding_window_mask`); an integer >= 1.
        block_size: keys per tile; a tile holds at most ``block_size²`` scores.
        return_weights: also return the ``(..., n_q, n_k)`` weights. This
            builds the n × n matrix that the function otherwise avoids.

    Raises:
        TypeError, ValueError: for the inputs that :func:`scaled_dot_product_attention`
        refuses, with the same messages. Scores that overflow are checked
        after scaling and only where they count: a masked or skipped pair
        never raises.

    Returns:
        ``AttentionOutputOnly(output, None)``, output ``(..., n_q, d_v)``; with
        ``return_weights``, ``AttentionOutput(output, weights)``, weights
        ``(..., n_q, n_k)``. float32 inputs give float32 results; anything
        else gives float64.

    Example:
        >>> import numpy as np
        >>> rng = np.random.default_rng(0)
        >>> q, k, v = rng.normal(size=(3, 1000, 16))
        >>> output, weights = blockwise_attention(q, k, v, block_size=128)
        >>> output.shape, weights is None
        ((1000, 16), True)
        >>> from attention import scaled_dot_product_attention
        >>> bool(np.allclose(output, scaled_dot_product_attention(q, k, v).output, rtol=0, atol=1e-12))
        True
    """
    # NaN and infinities are looked for by attend_checked, each input as late as it safely can.
    q, k, v, scores_shape = check_qkv(q, k, v, finite=False)
    causal = check_flag("causal", causal)
    block_size = check_int("block_size", block_size, minimum=1)
    return_weights = check_flag("return_weights", return_weights)
    prepared = prepare_mask(mask, causal, scores_shape, window)
    return attend_checked(q, k, v, scores_shape, prepared, scale, block_size, return_weights, inputs_checked=False)


def attend_checked(
    q: NDArray,
    k: NDArray,
    v: NDArray,
    scores_shape: tuple[int, ...],
    mask: PreparedMask,
    scale: float | None,
    block_size: int = DEFAULT_BLOCK_SIZE,
    return_weights: bool = False,
    *,
    inputs_checked: bool = True,
) -> AttentionOutput | AttentionOutputOnly:
    """:func:`blockwise_attention` for ``q``, ``k``, ``v`` checked by :func:`check_qkv` and a prepared mask.

    With ``inputs_checked=False`` (``check_qkv(..., finite=False)``), each of
    ``q``, ``k``, ``v`` is checked for NaN and infinities here: before the
    tiles when there are several; when each batch item is one tile, group by
    group, each input right after its first use, while it is still in the
    processor's cache (an input of a few hundred kB checked long before has
    left it). Nothing computed from a bad input is returned either way.

    A ``v`` whose sum of squares overflows (in float32, one value beyond
    about 1.8e19 is enough) might make a sum of ``n_k`` of its values
    overflow too, where their weighted average would not: such a ``v`` is
    first divided, column by column, by a power of two (exact, but for values
    below about 2^-126 times their column's largest in float32, 2^-1022 in
    float64), and the output multiplied back (an average that rounds past
    the largest float is rounded back to it: see :func:`~attention._validate.saturate`).
    """
    arguments = (scores_shape, mask, scale, block_size, return_weights, inputs_checked)
    try:
        return _attend(q, k, v, *arguments)
    except LargeValues:
        exponent = np.frexp(np.abs(v).max(axis=-2, keepdims=True))[1]  # |v| < 2^exponent, per column
        with np.errstate(over="ignore", under="ignore"):  # values far below their column's largest may underflow
            small = np.ldexp(v, -exponent)
        result = _attend(q, k, small, *arguments)
        with np.errstate(over="ignore"):  # an average rounded up to 1.0 of a column near the largest float
            np.ldexp(result.output, exponent, out=result.output)
        saturate(result.output)  # ... is the largest float, not inf
        return result


def _attend(
    q: NDArray,
    k: NDArray,
    v: NDArray,
    scores_shape: tuple[int, ...],
    mask: PreparedMask,
    scale: float | None,
    block_size: int,
    return_weights: bool,
    inputs_checked: bool,
) -> AttentionOutput | AttentionOutputOnly:
    """:func:`attend_checked`, which see; raises :class:`.checks.LargeValues` for a ``v`` it must shrink first."""
    factor = score_factor(scale, q.shape[-1], q.dtype)
    allowed, bias, causal = mask
    n_q, n_k, d_v = q.shape[-2], k.shape[-2], v.shape[-1]
    batch = np.broadcast_shapes(scores_shape[:-2], v.shape[:-2])
    lead = batch if batch else (1,)  # at least one batch axis, to group heads along

    explicit = allowed is not None or bias is not None
    if not explicit and n_q * n_k <= block_size * block_size and (not causal or n_q <= MAX_CAUSAL_ONE_TILE):
        # Each batch item's scores fit in one tile: no tiling needed (and none of its bookkeeping).
        return one_tile.attend_one_tile_per_item(
            q, k, v, scores_shape, batch, factor, causal, return_weights, inputs_checked
        )
    moderate = math.isfinite(sum_of_squares(v))  # (a NaN or inf in v makes this False too)
    if not inputs_checked:
        check_finite("q", q)
        check_finite("k", k)
        if not moderate:  # else the sum just computed was v's check
            check_finite("v", v)
    if not moderate:
        raise LargeValues
    q_b, k_b, v_b = stack(q, lead), stack(k, lead), stack(v, lead)
    allowed_b = None if allowed is None else np.broadcast_to(allowed, (*lead, n_q, n_k))
    bias_b = None if bias is None else np.broadcast_to(bias, (*lead, n_q, n_k))
    output = np.empty((*lead, n_q, d_v), q.dtype)
    # Zeros: the tiles a causal mask skips are never written.
    weights = np.zeros((*lead, n_q, n_k), q.dtype) if return_weights else None

    # With an explicit mask, -inf in a tile means "masked", so a score that overflowed below could pass for one;
    # and a score plus the additive mask can pass the float range where neither does. Unless the lengths of
    # q and k (and the mask's largest value) show that neither can happen, each tile is checked, and the sum
    # with the mask taken in halves (see tiles.Tiles).
    careful = explicit and not _sums_fit(q, k, factor, bias)
    plan = tiles.plan(n_q, n_k, lead[-1], block_size, causal)
    cut = tiles.Tiles(q.dtype, *plan, q.shape[-1], d_v, causal, careful, careful and bias is not None)
    try:
        # Overflow is checked tile by tile; exp(s - m) of a score far below the
        # maximum is 0, a weight too small to represent, not an error (as in softmax).
        with np.errstate(over="ignore", under="ignore", invalid="ignore"):
            for at in groups(lead, cut.group):
                # One group: up to `cut.group` batch items side by side, each (n, d).
                cut.attend(
                    q_b[at],
                    k_b[at],
                    v_b[at],
                    output[at],
                    None if allowed_b is None else allowed_b[at],
                    None if bias_b is None else bias_b[at],
                    None if weights is None else weights[at],
                    factor,
                )
    except CheckFailed:
        raise overflow_error(q, k) from None
    result = output.reshape(*batch, n_q, d_v)
    if weights is None:
        return AttentionOutputOnly(result)
    return AttentionOutput(result, unbroadcast(weights, scores_shape))


def _largest_magnitude(x: NDArray) -> float:
    """max |x| as a Python float, without a temporary array."""
    return max(float(x.max()), -float(x.min()))


def _sums_fit(q: NDArray, k: NDArray, factor: np.floating, bias: NDArray | None) -> bool:
    """Whether the scaled queries, and every scaled score plus the mask's largest magnitude, are within half the float range.

    ``|q·k| ≤ d_k · max|q| · max|k|``, in float64 (squared lengths in float32
    could underflow for tiny queries, and hide a large factor); half the
    range leaves room for the rounding of the products. (The queries are
    scaled before the products: they must fit too.)
    """
    q_scaled = _largest_magnitude(q) * float(factor)
    bound = max(q_scaled, q_scaled * _largest_magnitude(k) * q.shape[-1])
    if bias is not None:
        bound += _largest_magnitude(bias)
    return bound <= float(np.finfo(q.dtype).max) / 2
