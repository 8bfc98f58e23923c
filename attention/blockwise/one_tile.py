"""The one-tile path: when each batch item's scores fit in one tile, a plain softmax in place, made fast.

With nothing to carry from tile to tile, the online softmax reduces to the
plain one. What each step here buys, measured on 12 heads of 128-256 tokens
against the code without it (the "Attention at scale" lesson shows the
benchmark):

- the scale goes on the queries and the normalisation on the output, both
  smaller than the scores, and ``1/sum`` is multiplied, not divided (n_q
  divisions instead of n_q · d_v);
- batch items go a few at a time, as many as keep their scores within
  ``CACHE_BYTES`` of the processor's cache (5-9% faster than all twelve at once);
- where the lengths of the queries and keys bound every score small enough
  (Cauchy-Schwarz), the shift by the maximum is skipped: two fewer passes
  over the scores (4-8%);
- each input is checked for NaN and infinities right after its first use,
  while it is still in the cache (3-5% faster than checking first);
- under a causal mask, the first half of the queries is computed on the
  first half of the keys alone: a quarter of the scores is never computed.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from .._validate import all_finite, sum_of_squares
from ..masks import future_keys
from ..results import AttentionOutput, AttentionOutputOnly
from .batch import groups, mergeable, stack, unbroadcast
from .checks import CheckFailed, LargeValues, failure
from .scratch import scratch

MIN_CAUSAL_HALF = 32
"""A causal problem is split in two halves of queries when each half has at least this many (below, the saving is too small)."""

CACHE_BYTES = 512 * 2**10
"""Scores of the batch items attended together: a quarter of a 2 MiB level-2 cache,
leaving room for their q, k, v and output, so that the passes of the softmax
read the scores from the cache, not from memory."""


def unshifted_limit(n_k: int, dtype: np.dtype) -> float:
    """The largest score magnitude ``T`` at which a softmax over ``n_k`` keys may skip subtracting the maximum.

    With every score in ``[-T, T]``, ``exp`` neither overflows nor comes near
    underflow, and ``n_k · e^T`` stays below ``2^(maxexp/2 - 4)`` (2^60 in
    float32): so neither the sum of the ``exp(score)`` nor the unnormalised
    output ``Σ exp(score) · v`` can overflow while ``v · v`` is finite (every
    value of ``v`` below ``2^(maxexp/2)``). At the other end, where a query's
    ``exp(score)`` sum below 1, its weights are normalised before ``P·V``
    (see :func:`one_tile`), so that tiny values of ``v`` do not underflow.
    """
    return (np.finfo(dtype).maxexp / 2 - 4) * math.log(2) - math.log(n_k)


def largest_squared_norm(x: NDArray) -> float:
    """The largest squared length of the rows of ``x`` (its last axis); NaN or inf if ``x`` holds NaN or inf."""
    return float(np.einsum("...i,...i->...", x, x).max())


def attend_one_tile_per_item(
    q: NDArray,
    k: NDArray,
    v: NDArray,
    scores_shape: tuple[int, ...],
    batch: tuple[int, ...],
    scale: np.floating,
    causal: bool,
    return_weights: bool,
    inputs_checked: bool,
) -> AttentionOutput | AttentionOutputOnly:
    """Attention when each batch item's scores fit in one tile (and there is no explicit mask).

    Batch items go a group at a time, as many as keep the group's scores
    within ``CACHE_BYTES``. With a causal mask, the first half of the
    queries sees only keys of the first half: computed on those alone, a
    quarter of the scores is never computed.
    """
    n_q, n_k, d_v = q.shape[-2], k.shape[-2], v.shape[-1]
    half = n_q // 2 if causal and n_q >= 2 * MIN_CAUSAL_HALF else n_q
    rows = [(0, half), (half, n_q)] if half < n_q else [(0, n_q)]
    # (first query, last query + 1, keys seen): query i sees keys 0 .. i under the causal mask.
    spans = [(i0, i1, min(i1, n_k) if causal else n_k) for i0, i1 in rows]
    whole = len(spans) == 1 and spans[0][2] == n_k  # one block of every query and every key
    lead = batch if batch else (1,)
    output = np.empty((*lead, n_q, d_v), q.dtype)
    # Zeros where a causal mask leaves blocks of weights out.
    weights = (np.empty if whole else np.zeros)((*lead, n_q, n_k), q.dtype) if return_weights else None
    q_g, k_g, v_g, out_g, w_g = stack(q, lead), stack(k, lead), stack(v, lead), output, weights
    items = math.prod(lead)
    group = max(1, min(items, CACHE_BYTES // (n_q * n_k * q.dtype.itemsize)))
    if group == items:
        item_groups: list[tuple[int | slice, ...]] = [()]  # every batch item at once
    else:
        if len(lead) > 1 and all(mergeable(x, len(lead)) for x in (q_g, k_g, v_g)):
            # One axis of batch items (a view of each), so that a group may span several leading axes.
            q_g, k_g, v_g, out_g = (x.reshape(items, *x.shape[-2:]) for x in (q_g, k_g, v_g, out_g))
            w_g = None if weights is None else weights.reshape(items, n_q, n_k)
        item_groups = groups(q_g.shape[:-2], group)
    try:
        if not inputs_checked and spans[-1][2] < n_k:
            # Keys that no query may see (causal, n_q < n_k) are in no tile: checked here.
            unseen = slice(spans[-1][2], None)
            if not (all_finite(k[..., unseen, :]) and all_finite(v[..., unseen, :])):
                raise CheckFailed
        with np.errstate(over="ignore", under="ignore", invalid="ignore"):
            for at in item_groups:
                q_a, k_a, v_a, out_a = q_g[at], k_g[at], v_g[at], out_g[at]
                for i0, i1, keys in spans:
                    one_tile(
                        q_a[..., i0:i1, :], k_a[..., :keys, :], v_a[..., :keys, :], out_a[..., i0:i1, :],
                        scale, causal, i0, None if w_g is None else w_g[at][..., i0:i1, :keys], not inputs_checked,
                    )  # fmt: skip
    except CheckFailed:
        raise failure(q, k, v, inputs_checked) from None
    # (LargeValues goes up to the entry point, which shrinks v and tries again.)
    result = output.reshape(*batch, n_q, d_v)
    if weights is None:
        return AttentionOutputOnly(result)
    return AttentionOutput(result, unbroadcast(weights, scores_shape))


def one_tile(
    q: NDArray,
    k: NDArray,
    v: NDArray,
    out: NDArray,
    scale: np.floating,
    causal: bool,
    first_query: int,
    weights: NDArray | None,
    check_inputs: bool,
) -> None:
    """A problem as one tile: ``q`` ``(..., n_q, d_k)``, ``k``, ``v`` ``(..., n_k, d)``, into ``out``.

    ``out`` is ``(..., n_q, d_v)``; the leading (batch) axes of all four are the same.

    ``q`` holds the queries from ``first_query`` on (for the causal mask).

    When every score fits in one tile, there is nothing to carry from tile to
    tile: the online softmax reduces to the plain one, computed here in place
    with as few passes over the scores as possible (the scale goes on the
    queries, the normalisation on the output, both smaller than the scores).
    The largest squared lengths of the scaled queries and of the keys bound
    every score (Cauchy-Schwarz): within :func:`_unshifted_limit`, ``exp``
    is taken of the scores as they are, without first subtracting each
    query's maximum, which saves two passes over them (4-8% of a call on
    twelve heads of 128 or 256 tokens, measured against the code before).

    Those lengths are also the checks of ``q`` (once scaled, which catches
    queries that overflow when scaled too) and ``k`` for NaN and infinities,
    and the sum of squares of ``v`` is its check: each input is read right
    after its first use, while it is still in the processor's cache (checked
    before, each is read from memory once more: 3-5% slower in all, measured
    at n = 128-256). With ``check_inputs``, a bad input raises before
    anything computed from it is returned; without, the inputs are known to
    be finite. None of the checks relies on the matrix products spreading
    NaN: some BLAS libraries skip a product with 0.

    Writes the weights into ``weights`` if given (the output is the same
    either way, to the last bit). Raises :class:`.checks.CheckFailed`;
    :class:`.checks.CheckFailed` when an input holds NaN or an infinity;
    :class:`.checks.LargeValues` when the sum of squares of ``v`` overflows (a sum
    of its values might too: the limit allows only for smaller ones).
    """
    n_q, n_k = q.shape[-2], k.shape[-2]
    scores_shape = (*q.shape[:-2], n_k, n_q)
    work = scratch(math.prod(scores_shape) + q.size, q.dtype)
    q_scaled = np.multiply(q, scale, out=work[: q.size].reshape(q.shape))
    # The longest scaled query and key: by Cauchy-Schwarz, no score is larger in magnitude than the
    # product of their lengths. Each is NaN or inf if its input holds NaN or inf: this is their check.
    q_norm = largest_squared_norm(q_scaled)
    if check_inputs and not math.isfinite(q_norm) and not all_finite(q_scaled):
        raise CheckFailed  # a NaN or inf in q, or finite queries that overflow once scaled
    # [..., n_k, d_k] @ [..., d_k, n_q] -> [..., n_k, n_q]: the scores transposed, keys × queries,
    # because numpy reduces over an outer axis (the keys) faster than along a short inner one.
    s = np.matmul(k, q_scaled.swapaxes(-1, -2), out=work[q.size :].reshape(scores_shape))
    k_norm = largest_squared_norm(k)
    if check_inputs and not math.isfinite(k_norm) and not all_finite(k):
        raise CheckFailed
    if causal:
        # Query i sees keys 0 .. i: the keys after it (key j > i) get no weight.
        np.copyto(s, -np.inf, where=future_keys(n_k, n_q, first_query))
    # softmax(s) = exp(s - m) / sum exp(s - m) for any m; the maximum is subtracted only to keep exp
    # from overflowing. When the bound above shows it cannot, two passes over the scores are saved.
    limit = unshifted_limit(n_k, q.dtype)
    shifted = not (limit > 0 and q_norm * k_norm <= limit * limit)  # (shifted too when a norm is NaN)
    if shifted:
        m = s.max(axis=-2, keepdims=True)
        if not np.isfinite(m).all():
            raise CheckFailed
        s -= m
    np.exp(s, out=s)
    p = s.swapaxes(-1, -2)  # [..., n_q, n_k]
    # Multiply by 1/sum: n_q divisions instead of n_q · d_v (a division costs several multiplications).
    inverse = np.reciprocal(s.sum(axis=-2, keepdims=True).swapaxes(-1, -2))  # [..., n_q, 1]
    # Unshifted, a query whose exp(score)s sum below 1 (so all its scores are negative) would scale tiny
    # values of v down towards underflow in P·V: its weights are normalised first, as the naive path
    # does. Otherwise (the sum is at least 1) every product is at least the naive path's in size.
    normalise_first = not shifted and inverse.max() > 1
    if normalise_first:
        p *= inverse
    np.matmul(p, v, out=out)
    if not math.isfinite(sum_of_squares(v)):
        if check_inputs and not all_finite(v):
            raise CheckFailed
        raise LargeValues
    if normalise_first:
        if weights is not None:
            np.copyto(weights, p)
    else:
        out *= inverse
        if weights is not None:
            np.multiply(p, inverse, out=weights)


