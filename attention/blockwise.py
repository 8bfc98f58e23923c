"""Blockwise attention: the exact result of scaled dot-product attention without its n × n matrices.

Naive attention builds the scores of every query against every key, an
``(..., n_q, n_k)`` array: 4 GiB for one float32 head at n = 32,768. This
module computes the same output one tile of scores at a time, keeping for each
query only a running maximum, a running sum and a running weighted sum of
values (the online softmax of Rabe & Staats, 2021, and FlashAttention, Dao et
al., 2022). Extra memory: the output, one tile of at most ``block_size²``
scores, and a few rows of bookkeeping.

Speed on a CPU is mostly a matter of memory traffic once the two matrix
products are done by BLAS: tiles are sized so that a batch of them stays in
the processor's cache while the softmax passes over it, the scratch memory
for them is kept from one call to the next (up to 8 MiB per thread), each
input is checked for NaN and infinities while it is in cache anyway, and a
tile whose scores are bounded small enough skips the shift by the maximum.
"""

from __future__ import annotations

import functools
import itertools
import math
import numbers
import threading
from typing import Literal, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import all_finite, as_mask, check_finite, check_flag, check_scale, sum_of_squares
from .scaled_dot_product import AttentionOutput, AttentionOutputOnly, check_qkv, clip_bias, overflow_error

__all__ = ["DEFAULT_BLOCK_SIZE", "blockwise_attention"]

DEFAULT_BLOCK_SIZE = 512
"""Keys per tile; a tile holds at most ``DEFAULT_BLOCK_SIZE²`` scores (1 MiB in float32)."""

# With a causal mask, blocks of queries are shorter than block_size (down to
# this many), so that less of the tiles on the diagonal is computed and then
# thrown away; shorter still, numpy's per-call overhead would cost more.
_MIN_CAUSAL_ROWS = 128
# A problem that fits one tile is split in two halves of queries under a causal
# mask when each half has at least this many (below, the saving is too small).
_MIN_CAUSAL_HALF = 32
# Beyond two blocks of _MIN_CAUSAL_ROWS queries, the tiles skip more of a causal
# mask's future than the two halves of one tile do.
_MAX_CAUSAL_ONE_TILE = 2 * _MIN_CAUSAL_ROWS
# Scores of the batch items attended together when each item is one tile: a
# quarter of a 2 MiB level-2 cache, leaving room for their q, k, v and output,
# so that the passes of the softmax read the scores from the cache, not from
# memory (twelve heads at n = 256: 5-9% faster than all twelve at once).
_CACHE_BYTES = 512 * 2**10
# Scratch memory (tiles of scores, scaled queries) kept from one call to the
# next, per thread, up to this many bytes; see _scratch.
_WORKSPACE_BYTES = 8 * 2**20
_workspace = threading.local()


def _scratch(size: int, dtype: np.dtype) -> NDArray:
    """A flat array of ``size`` elements for one call's temporaries, reused from call to call.

    Memory fresh from the system arrives as pages that fault in on first
    touch, about a microsecond per 4 KiB page on our machines, and glibc may
    give a large block back to the system as soon as it is freed: twelve
    heads at n = 128 took about 40% longer per call when their temporaries
    were faulted in anew every call (measured). So this thread keeps up to
    ``_WORKSPACE_BYTES`` between calls; a larger request is allocated for the
    call alone. One call uses one scratch array at a time, and never returns
    it (or a view of it).
    """
    nbytes = size * dtype.itemsize
    if nbytes > _WORKSPACE_BYTES:
        return np.empty(size, dtype)
    buffer = getattr(_workspace, "buffer", None)
    if buffer is None or buffer.size < nbytes:
        buffer = _workspace.buffer = np.empty(nbytes, np.uint8)
    return buffer[:nbytes].view(dtype)


def _release_workspace() -> None:
    """Drop this thread's kept scratch memory (for tests that measure a call's memory from nothing)."""
    _workspace.buffer = None


def _check_block_size(block_size: int) -> int:
    if isinstance(block_size, (bool, np.bool_)) or not isinstance(block_size, numbers.Integral):
        raise TypeError(f"block_size must be an integer, got {type(block_size).__name__}")
    if block_size < 1:
        raise ValueError(f"block_size must be at least 1, got {block_size}")
    return int(block_size)


def _tile_plan(n_q: int, n_k: int, batch: int, block_size: int, causal: bool) -> tuple[int, int, int]:
    """Rows per tile, keys per tile and batch items per tile: ``(rows, keys, group)``.

    A tile is ``group × keys × rows`` scores with at most ``block_size²`` of
    them. Short sequences group several batch items (heads) into one tile, so
    that a call into numpy does enough work to be worth its overhead.
    """
    keys = min(n_k, block_size)
    if causal:
        # Sixteen blocks of queries: the tiles on the diagonal, half masked,
        # then cost 1/32 of the full score matrix on top of the half that counts.
        rows = min(n_q, block_size, max(_MIN_CAUSAL_ROWS, n_q // 16))
    else:
        rows = min(n_q, block_size)
    group = max(1, min(batch, block_size * block_size // (rows * keys)))
    return rows, keys, group


def _key_spans(i0: int, i1: int, n_k: int, keys: int, causal: bool) -> list[tuple[int, int, bool]]:
    """The key ranges ``(j0, j1, diagonal)`` that the queries ``i0 .. i1-1`` attend to, one tile each.

    Without a causal mask: all keys, ``keys`` at a time. With one, query i
    sees keys ``0 .. i``: the keys before ``i0`` are seen by every query of the
    block and need no mask; the keys ``i0 .. i1-1`` form one diagonal tile that
    needs the triangular mask; the keys from ``i1`` on are seen by no query of
    the block and are skipped.
    """
    if not causal:
        return [(j0, min(j0 + keys, n_k), False) for j0 in range(0, n_k, keys)]
    below = min(i0, n_k)
    spans = [(j0, min(j0 + keys, below), False) for j0 in range(0, below, keys)]
    if i0 < n_k:
        spans.append((i0, min(i1, n_k), True))
    return spans


class _ScoresOverflow(ArithmeticError):
    """A tile's scores overflowed (reported as the naive path's ValueError)."""


class _NotFinite(ArithmeticError):
    """An input holds NaN or an infinity, or scaled queries overflowed (the caller finds out which)."""


class _LargeValues(ArithmeticError):
    """The sum of squares of ``v`` overflows: a sum of ``n_k`` of its values might too (the caller shrinks ``v``)."""


def _unshifted_limit(n_k: int, dtype: np.dtype) -> float:
    """The largest score magnitude ``T`` at which a softmax over ``n_k`` keys may skip subtracting the maximum.

    With every score in ``[-T, T]``, ``exp`` neither overflows nor comes near
    underflow, and ``n_k · e^T`` stays below ``2^(maxexp/2 - 4)`` (2^60 in
    float32): so neither the sum of the ``exp(score)`` nor the unnormalised
    output ``Σ exp(score) · v`` can overflow while ``v · v`` is finite (every
    value of ``v`` below ``2^(maxexp/2)``). At the other end, where a query's
    ``exp(score)`` sum below 1, its weights are normalised before ``P·V``
    (see :func:`_one_tile`), so that tiny values of ``v`` do not underflow.
    """
    return (np.finfo(dtype).maxexp / 2 - 4) * math.log(2) - math.log(n_k)


def _largest_squared_norm(x: NDArray) -> float:
    """The largest squared length of the rows of ``x`` (its last axis); NaN or inf if ``x`` holds NaN or inf."""
    return float(np.einsum("...i,...i->...", x, x).max())


class _OnlineSoftmax:
    """What one block of queries remembers while the key tiles go by.

    Shapes: ``g`` batch items, ``r`` queries, ``c`` keys in the current tile.
    The tile of scores is stored transposed, keys × queries ``(g, c, r)``:
    numpy reduces over an outer axis (the keys) faster than along a short
    inner one, and the matrix products read a transposed operand for free.
    """

    def __init__(self, out: NDArray, pv: NDArray, may_be_empty: bool) -> None:
        """``out`` ``(g, r, d_v)``: where the output goes, used meanwhile for the running weighted sum;
        ``pv`` ``(g, r, d_v)``: scratch space."""
        g, r, _ = out.shape
        # Set by the first tile (see update).
        self.m = np.empty((g, 1, r), out.dtype)  # running maximum of each query's scores
        self.l = np.empty((g, 1, r), out.dtype)  # running sum of exp(score - m)
        self.acc = out  # running sum of exp(score - m) · value
        # Scratch space, reused tile after tile.
        self.m_tile = np.empty((g, 1, r), out.dtype)
        self.alpha = np.empty((g, 1, r), out.dtype)
        self.pv = pv
        self.first = True
        # With an explicit mask a query may have seen only masked keys so far
        # (its maximum is -inf); the shift below must stay finite for it.
        self.may_be_empty = may_be_empty

    def update(self, s: NDArray, v: NDArray) -> NDArray:
        """Fold one tile of scaled, masked scores ``s`` ``(g, c, r)`` and its values ``v`` ``(g, c, d_v)`` in.

        Overwrites ``s`` with exp(s - m_new) and returns m_new ``(g, 1, r)``.
        """
        # m_new = max(m, max_j s_j)
        m_new = np.max(s, axis=-2, keepdims=True, out=self.m_tile)
        if not self.first:
            np.maximum(self.m, m_new, out=m_new)
        # A score that overflowed makes its query's maximum +inf or NaN, or, if
        # every score of the query overflowed below, -inf, which only a mask
        # may explain. (A score that overflows below while others do not gets
        # weight 0, which is its true weight to the last bit.)
        if not ((m_new < np.inf).all() if self.may_be_empty else np.isfinite(m_new).all()):
            raise _ScoresOverflow
        shift = np.where(np.isfinite(m_new), m_new, 0) if self.may_be_empty else m_new
        # p_j = exp(s_j - m_new)
        s -= shift
        np.exp(s, out=s)
        p_t = np.swapaxes(s, -1, -2)  # (g, r, c)
        if self.first:
            np.sum(s, axis=-2, keepdims=True, out=self.l)
            np.matmul(p_t, v, out=self.acc)
            self.first = False
        else:
            # alpha = exp(m - m_new): the old terms were shifted by m, the new ones by m_new
            alpha = np.exp(np.subtract(self.m, shift, out=self.alpha), out=self.alpha)
            # l_new = alpha · l + sum_j p_j
            self.l *= alpha
            self.l += np.sum(s, axis=-2, keepdims=True)
            # acc_new = alpha · acc + sum_j p_j v_j
            self.acc *= np.swapaxes(alpha, -1, -2)
            self.acc += np.matmul(p_t, v, out=self.pv)
        # Keep m_new: swap the buffers instead of copying.
        self.m, self.m_tile = m_new, self.m
        return self.m

    def finish(self) -> None:
        """Turn the running sum into the output, acc / l, in place; a query that saw no allowed key gets zeros."""
        l_col = np.swapaxes(self.l, -1, -2)
        if self.may_be_empty:
            # l is 0 only where every key was masked, and acc is 0 there too.
            l_col = np.where(l_col > 0, l_col, 1)
        self.acc *= np.reciprocal(l_col)  # n_q divisions, not n_q · d_v

    def weight_factor(self, m_tile: NDArray) -> NDArray:
        """exp(m_tile - m) / l ``(g, r, 1)``: turns a tile's exp(s - m_tile) into final weights."""
        m = np.where(np.isfinite(self.m), self.m, 0) if self.may_be_empty else self.m
        l = np.where(self.l > 0, self.l, 1) if self.may_be_empty else self.l
        return np.swapaxes(np.exp(m_tile - m) / l, -1, -2)


class _Tiles:
    """How one call is cut into tiles, the buffers its tiles reuse, and the loop over them."""

    def __init__(self, dtype: np.dtype, rows: int, keys: int, group: int, d_k: int, d_v: int, causal: bool) -> None:
        self.rows, self.keys, self.group, self.causal = rows, keys, group, causal
        # One allocation for the buffers every tile reuses: the scores, a block
        # of scaled queries, and a product P·V. (Several large short-lived
        # allocations per call can make the allocator hand memory back to the
        # system and fault it in again on the next call.)
        scores, queries = group * keys * rows, group * rows * d_k
        work = _scratch(scores + queries + group * rows * d_v, dtype)
        self.scores, self.queries, self.pv = work[:scores], work[scores : scores + queries], work[scores + queries :]
        self.blocked = np.empty(0, bool)  # grown on first use, for an explicit mask
        # Keys × queries: key a of a diagonal tile is in the future of query b when a > b.
        self.future = np.tril(np.ones((rows, rows), bool), -1) if causal else np.empty((0, 0), bool)

    def attend(
        self,
        q: NDArray,
        k: NDArray,
        v: NDArray,
        out: NDArray,
        allowed: NDArray | None,
        bias: NDArray | None,
        weights: NDArray | None,
        scale: np.floating,
    ) -> None:
        """Attention for one group of ``g`` batch items, written into ``out``.

        ``q`` ``(g, n_q, d_k)``, ``k`` ``(g, n_k, d_k)``, ``v`` ``(g, n_k, d_v)``,
        ``out`` ``(g, n_q, d_v)``; ``allowed``, ``bias`` and ``weights``, when
        given, ``(g, n_q, n_k)``. Raises :class:`_ScoresOverflow`.
        """
        g, n_q, d_k = q.shape
        n_k, d_v = v.shape[1:]
        for i0 in range(0, n_q, self.rows):
            i1 = min(i0 + self.rows, n_q)
            r = i1 - i0
            # The scale applied to the queries (r·d_k products) instead of to every tile of scores (r·n_k).
            q_blk = np.multiply(q[:, i0:i1], scale, out=self.queries[: g * r * d_k].reshape(g, r, d_k))
            q_t = np.swapaxes(q_blk, -1, -2)  # [g, d_k, r]
            pv = self.pv[: g * r * d_v].reshape(g, r, d_v)
            state = _OnlineSoftmax(out[:, i0:i1], pv, may_be_empty=allowed is not None)
            seen = []
            for j0, j1, diagonal in _key_spans(i0, i1, n_k, self.keys, self.causal):
                c = j1 - j0
                s = self.scores[: g * c * r].reshape(g, c, r)
                # [g, c, d_k] @ [g, d_k, r] -> [g, c, r]: the tile of scores, transposed
                np.matmul(k[:, j0:j1], q_t, out=s)
                tile = (slice(None), slice(i0, i1), slice(j0, j1))
                if bias is not None:
                    s += np.swapaxes(clip_bias(bias[tile], s.dtype), -1, -2)
                if allowed is not None:
                    if self.blocked.size < s.size:
                        self.blocked = np.empty(self.scores.size, bool)
                    blocked = self.blocked[: s.size].reshape(s.shape)
                    np.logical_not(np.swapaxes(allowed[tile], -1, -2), out=blocked)
                    np.copyto(s, -np.inf, where=blocked)
                if diagonal:
                    np.copyto(s, -np.inf, where=self.future[:c, :r])
                m_tile = state.update(s, v[:, j0:j1])
                if weights is not None:
                    weights[tile] = np.swapaxes(s, -1, -2)
                    seen.append((tile, m_tile.copy()))
            state.finish()
            for tile, m_tile in seen:
                assert weights is not None
                weights[tile] *= state.weight_factor(m_tile)


@functools.lru_cache(maxsize=16)
def _future_keys(n_k: int, n_q: int, first_query: int) -> NDArray[np.bool_]:
    """Keys × queries, True where key j comes after query ``first_query + i``; read-only, kept for reuse."""
    future = np.tri(n_k, n_q, -first_query - 1, bool)
    future.flags.writeable = False
    return future


def _one_tile(
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
    either way, to the last bit). Raises :class:`_ScoresOverflow`;
    :class:`_NotFinite` when an input holds NaN or an infinity;
    :class:`_LargeValues` when the sum of squares of ``v`` overflows (a sum
    of its values might too: the limit allows only for smaller ones).
    """
    n_q, n_k = q.shape[-2], k.shape[-2]
    scores_shape = (*q.shape[:-2], n_k, n_q)
    work = _scratch(math.prod(scores_shape) + q.size, q.dtype)
    q_scaled = np.multiply(q, scale, out=work[: q.size].reshape(q.shape))
    # The longest scaled query and key: by Cauchy-Schwarz, no score is larger in magnitude than the
    # product of their lengths. Each is NaN or inf if its input holds NaN or inf: this is their check.
    q_norm = _largest_squared_norm(q_scaled)
    if check_inputs and not math.isfinite(q_norm) and not all_finite(q_scaled):
        raise _NotFinite  # a NaN or inf in q, or finite queries that overflow once scaled
    # [..., n_k, d_k] @ [..., d_k, n_q] -> [..., n_k, n_q]: the scores transposed, keys × queries,
    # because numpy reduces over an outer axis (the keys) faster than along a short inner one.
    s = np.matmul(k, q_scaled.swapaxes(-1, -2), out=work[q.size :].reshape(scores_shape))
    k_norm = _largest_squared_norm(k)
    if check_inputs and not math.isfinite(k_norm) and not all_finite(k):
        raise _NotFinite
    if causal:
        # Query i sees keys 0 .. i: the keys after it (key j > i) get no weight.
        np.copyto(s, -np.inf, where=_future_keys(n_k, n_q, first_query))
    # softmax(s) = exp(s - m) / sum exp(s - m) for any m; the maximum is subtracted only to keep exp
    # from overflowing. When the bound above shows it cannot, two passes over the scores are saved.
    limit = _unshifted_limit(n_k, q.dtype)
    shifted = not (limit > 0 and q_norm * k_norm <= limit * limit)  # (shifted too when a norm is NaN)
    if shifted:
        m = s.max(axis=-2, keepdims=True)
        if not np.isfinite(m).all():
            raise _ScoresOverflow
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
            raise _NotFinite
        raise _LargeValues
    if normalise_first:
        if weights is not None:
            np.copyto(weights, p)
    else:
        out *= inverse
        if weights is not None:
            np.multiply(p, inverse, out=weights)


def _check_all_finite(q: NDArray, k: NDArray, v: NDArray) -> None:
    """Raise the ``ValueError`` for the first of ``q``, ``k``, ``v`` that holds NaN or an infinity."""
    for name, x in (("q", q), ("k", k), ("v", v)):
        check_finite(name, x)


def _attend_in_one_tile(
    q: NDArray,
    k: NDArray,
    v: NDArray,
    scores_shape: tuple[int, ...],
    batch: tuple[int, ...],
    scale: np.floating,
    causal: bool,
    return_weights: bool,
    checked_finite: bool,
) -> AttentionOutput | AttentionOutputOnly:
    """:func:`attend_blockwise` when each batch item's scores fit in one tile (and there is no explicit mask).

    Batch items go a group at a time, as many as keep the group's scores
    within ``_CACHE_BYTES``. With a causal mask, the first half of the
    queries sees only keys of the first half: computed on those alone, a
    quarter of the scores is never computed.
    """
    n_q, n_k, d_v = q.shape[-2], k.shape[-2], v.shape[-1]
    half = n_q // 2 if causal and n_q >= 2 * _MIN_CAUSAL_HALF else n_q
    rows = [(0, half), (half, n_q)] if half < n_q else [(0, n_q)]
    # (first query, last query + 1, keys seen): query i sees keys 0 .. i under the causal mask.
    spans = [(i0, i1, min(i1, n_k) if causal else n_k) for i0, i1 in rows]
    whole = len(spans) == 1 and spans[0][2] == n_k  # one block of every query and every key
    lead = batch if batch else (1,)
    output = np.empty((*lead, n_q, d_v), q.dtype)
    # Zeros where a causal mask leaves blocks of weights out.
    weights = (np.empty if whole else np.zeros)((*lead, n_q, n_k), q.dtype) if return_weights else None
    q_g, k_g, v_g, out_g, w_g = _stack(q, lead), _stack(k, lead), _stack(v, lead), output, weights
    items = math.prod(lead)
    group = max(1, min(items, _CACHE_BYTES // (n_q * n_k * q.dtype.itemsize)))
    if group == items:
        groups: list[tuple[int | slice, ...]] = [()]  # every batch item at once
    else:
        if len(lead) > 1 and all(_mergeable(x, len(lead)) for x in (q_g, k_g, v_g)):
            # One axis of batch items (a view of each), so that a group may span several leading axes.
            q_g, k_g, v_g, out_g = (x.reshape(items, *x.shape[-2:]) for x in (q_g, k_g, v_g, out_g))
            w_g = None if weights is None else weights.reshape(items, n_q, n_k)
        groups = _groups(q_g.shape[:-2], group)
    try:
        if not checked_finite and spans[-1][2] < n_k:
            # Keys that no query may see (causal, n_q < n_k) are in no tile: checked here.
            unseen = slice(spans[-1][2], None)
            if not (all_finite(k[..., unseen, :]) and all_finite(v[..., unseen, :])):
                raise _NotFinite
        with np.errstate(over="ignore", under="ignore", invalid="ignore"):
            for at in groups:
                q_a, k_a, v_a, out_a = q_g[at], k_g[at], v_g[at], out_g[at]
                for i0, i1, keys in spans:
                    _one_tile(
                        q_a[..., i0:i1, :], k_a[..., :keys, :], v_a[..., :keys, :], out_a[..., i0:i1, :],
                        scale, causal, i0, None if w_g is None else w_g[at][..., i0:i1, :keys], not checked_finite,
                    )  # fmt: skip
    except (_ScoresOverflow, _NotFinite):
        raise _failure(q, k, v, checked_finite) from None
    # (_LargeValues goes up to attend_blockwise.)
    result = output.reshape(*batch, n_q, d_v)
    if weights is None:
        return AttentionOutputOnly(result)
    return AttentionOutput(result, _unbroadcast(weights, scores_shape))


def _failure(q: NDArray, k: NDArray, v: NDArray, checked_finite: bool) -> ValueError:
    """The error to raise when a tile's check failed: the first input holding NaN or inf, else overflow."""
    if not checked_finite:
        try:
            _check_all_finite(q, k, v)
        except ValueError as error:
            return error
    return overflow_error(q, k)


def _groups(lead: tuple[int, ...], group: int) -> list[tuple[int | slice, ...]]:
    """Indices of the groups of up to ``group`` batch items along the last ``lead`` axis, for each outer index."""
    return [
        (*outer, slice(b0, b0 + group))
        for outer in itertools.product(*map(range, lead[:-1]))
        for b0 in range(0, lead[-1], group)
    ]


def _stack(x: NDArray, lead: tuple[int, ...]) -> NDArray:
    """``x`` broadcast to ``(*lead, n, d)``: a view, never a copy."""
    if x.shape[:-2] == lead:
        return x
    if math.prod(x.shape[:-2]) == math.prod(lead):  # only axes of size 1 to add: a plain view is quicker
        return x.reshape(*lead, *x.shape[-2:])
    return np.broadcast_to(x, (*lead, *x.shape[-2:]))


def _mergeable(x: NDArray, axes: int) -> bool:
    """Whether the first ``axes`` axes of ``x`` can be merged into one by a view (no copy)."""
    dims = [(size, stride) for size, stride in zip(x.shape[:axes], x.strides[:axes]) if size != 1]
    return all(outer == inner * size for (_, outer), (size, inner) in zip(dims, dims[1:]))


def _unbroadcast(weights: NDArray, scores_shape: tuple[int, ...]) -> NDArray:
    """The weights for ``scores_shape``: drop the copies made for batch axes that only ``v`` has."""
    lead = weights.shape[:-2]
    target = (1,) * (len(lead) - len(scores_shape[:-2])) + tuple(scores_shape[:-2])
    index = tuple(slice(0, 1) if t == 1 else slice(None) for t in target)
    return weights[index].reshape(scores_shape) if index else weights.reshape(scores_shape)


@overload
def blockwise_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
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
        >>> rng = np.random.default_rng(0)
        >>> q, k, v = rng.normal(size=(3, 1000, 16))
        >>> output, weights = blockwise_attention(q, k, v, block_size=128)
        >>> output.shape, weights is None
        ((1000, 16), True)
        >>> from attention import scaled_dot_product_attention
        >>> bool(np.allclose(output, scaled_dot_product_attention(q, k, v).output, rtol=0, atol=1e-12))
        True
    """
    # NaN and infinities are looked for by attend_blockwise, each input as late as it safely can.
    q, k, v, scores_shape = check_qkv(q, k, v, finite=False)
    return attend_blockwise(
        q,
        k,
        v,
        scores_shape,
        mask,
        scale,
        causal=check_flag("causal", causal),
        block_size=_check_block_size(block_size),
        return_weights=check_flag("return_weights", return_weights),
        checked_finite=False,
    )


def attend_blockwise(
    q: NDArray,
    k: NDArray,
    v: NDArray,
    scores_shape: tuple[int, ...],
    mask: ArrayLike | None,
    scale: float | None,
    *,
    causal: bool = False,
    block_size: int = DEFAULT_BLOCK_SIZE,
    return_weights: bool = False,
    checked_finite: bool = True,
) -> AttentionOutput | AttentionOutputOnly:
    """:func:`blockwise_attention` for ``q``, ``k``, ``v`` already checked by :func:`check_qkv`.

    With ``checked_finite=False`` (``check_qkv(..., finite=False)``), each of
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
    float64), and the output multiplied back.
    """
    arguments = (scores_shape, mask, scale, causal, block_size, return_weights, checked_finite)
    try:
        return _attend(q, k, v, *arguments)
    except _LargeValues:
        exponent = np.frexp(np.abs(v).max(axis=-2, keepdims=True))[1]  # |v| < 2^exponent, per column
        with np.errstate(over="ignore", under="ignore"):  # values far below their column's largest may underflow
            small = np.ldexp(v, -exponent)
        result = _attend(q, k, small, *arguments)
        with np.errstate(over="ignore"):  # an average rounded up to 1.0 of a column near the largest float
            np.ldexp(result.output, exponent, out=result.output)
        return result


def _attend(
    q: NDArray,
    k: NDArray,
    v: NDArray,
    scores_shape: tuple[int, ...],
    mask: ArrayLike | None,
    scale: float | None,
    causal: bool,
    block_size: int,
    return_weights: bool,
    checked_finite: bool,
) -> AttentionOutput | AttentionOutputOnly:
    """:func:`attend_blockwise`, which see; raises :class:`_LargeValues` for a ``v`` it must shrink first."""
    factor = check_scale(scale, q.shape[-1])
    allowed, bias = as_mask(mask, scores_shape) if mask is not None else (None, None)
    n_q, n_k, d_v = q.shape[-2], k.shape[-2], v.shape[-1]
    batch = np.broadcast_shapes(scores_shape[:-2], v.shape[:-2])
    lead = batch if batch else (1,)  # at least one batch axis, to group heads along

    if mask is None and n_q * n_k <= block_size * block_size and (not causal or n_q <= _MAX_CAUSAL_ONE_TILE):
        # Each batch item's scores fit in one tile: no tiling needed (and none of its bookkeeping).
        return _attend_in_one_tile(
            q, k, v, scores_shape, batch, q.dtype.type(factor), causal, return_weights, checked_finite
        )
    moderate = math.isfinite(sum_of_squares(v))  # (a NaN or inf in v makes this False too)
    if not checked_finite:
        check_finite("q", q)
        check_finite("k", k)
        if not moderate:  # else the sum just computed was v's check
            check_finite("v", v)
    if not moderate:
        raise _LargeValues
    q_b, k_b, v_b = _stack(q, lead), _stack(k, lead), _stack(v, lead)
    allowed_b = None if allowed is None else np.broadcast_to(allowed, (*lead, n_q, n_k))
    bias_b = None if bias is None else np.broadcast_to(bias, (*lead, n_q, n_k))
    output = np.empty((*lead, n_q, d_v), q.dtype)
    # Zeros: the tiles a causal mask skips are never written.
    weights = np.zeros((*lead, n_q, n_k), q.dtype) if return_weights else None

    tiles = _Tiles(q.dtype, *_tile_plan(n_q, n_k, lead[-1], block_size, causal), q.shape[-1], d_v, causal)
    try:
        # Overflow is checked tile by tile; exp(s - m) of a score far below the
        # maximum is 0, a weight too small to represent, not an error (as in softmax).
        with np.errstate(over="ignore", under="ignore", invalid="ignore"):
            for at in _groups(lead, tiles.group):
                # One group: up to `tiles.group` batch items side by side, each (n, d).
                tiles.attend(
                    q_b[at],
                    k_b[at],
                    v_b[at],
                    output[at],
                    None if allowed_b is None else allowed_b[at],
                    None if bias_b is None else bias_b[at],
                    None if weights is None else weights[at],
                    q.dtype.type(factor),
                )
    except _ScoresOverflow:
        raise overflow_error(q, k) from None
    result = output.reshape(*batch, n_q, d_v)
    if weights is None:
        return AttentionOutputOnly(result)
    return AttentionOutput(result, _unbroadcast(weights, scores_shape))
