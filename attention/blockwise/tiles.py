"""The tiles: how a long problem is cut into tiles of scores, and the loop that feeds them to the online softmax.

A tile is at most ``block_size²`` scores: a block of queries against a span
of keys, for a group of batch items side by side. What the cutting buys:

- With ``causal``, the tiles of keys that no query of a block may see are
  never computed: about half the work of the full matrix.
- Short sequences put several batch items (heads) in one tile, so that each
  call into numpy does enough work to be worth its overhead.
- One allocation, from the kept scratch memory (:mod:`.scratch`), holds the
  buffers every tile reuses.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._validate import all_finite, clip_bias
from ..masks import future_keys
from .checks import CheckFailed
from .online_softmax import OnlineSoftmax
from .scratch import scratch

MIN_CAUSAL_ROWS = 128
"""With a causal mask, blocks of queries are shorter than block_size (down to
this many), so that less of the tiles on the diagonal is computed and then
thrown away; shorter still, numpy's per-call overhead would cost more."""


def plan(n_q: int, n_k: int, batch: int, block_size: int, causal: bool) -> tuple[int, int, int]:
    """Rows per tile, keys per tile and batch items per tile: ``(rows, keys, group)``.

    A tile is ``group × keys × rows`` scores with at most ``block_size²`` of them.
    """
    keys = min(n_k, block_size)
    if causal:
        # Sixteen blocks of queries: the tiles on the diagonal, half masked,
        # then cost 1/32 of the full score matrix on top of the half that counts.
        rows = min(n_q, block_size, max(MIN_CAUSAL_ROWS, n_q // 16))
    else:
        rows = min(n_q, block_size)
    group = max(1, min(batch, block_size * block_size // (rows * keys)))
    return rows, keys, group


def key_spans(i0: int, i1: int, n_k: int, keys: int, causal: bool) -> list[tuple[int, int, bool]]:
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


class Tiles:
    """How one call is cut into tiles, the buffers its tiles reuse, and the loop over them.

    Two precautions, for the rare inputs large enough to need them (the caller decides):

    - ``careful``: each tile of scores (plus the additive mask) is checked for
      an infinity before the mask's ``-inf`` go in, where an overflow can
      still be told from a masked key;
    - ``halved``: the scores and the additive mask are halved before they are
      added, so that their sum cannot overflow, and the online softmax
      doubles them back after its shift (see :class:`.OnlineSoftmax`).
      Halving is exact: the weights are the same, to the last bit, as if the
      sums had fitted.
    """

    def __init__(
        self,
        dtype: np.dtype,
        rows: int,
        keys: int,
        group: int,
        d_k: int,
        d_v: int,
        causal: bool,
        careful: bool = False,
        halved: bool = False,
    ) -> None:
        self.rows, self.keys, self.group, self.causal = rows, keys, group, causal
        self.careful, self.halved = careful, halved
        # One allocation for the buffers every tile reuses: the scores, a block
        # of scaled queries, and a product P·V. (Several large short-lived
        # allocations per call can make the allocator hand memory back to the
        # system and fault it in again on the next call.)
        scores, queries = group * keys * rows, group * rows * d_k
        work = scratch(scores + queries + group * rows * d_v, dtype)
        self.scores, self.queries, self.pv = work[:scores], work[scores : scores + queries], work[scores + queries :]
        self.blocked = np.empty(0, bool)  # grown on first use, for an explicit mask
        # Keys × queries: key a of a diagonal tile is in the future of query b when a > b.
        self.future = future_keys(rows, rows) if causal else np.empty((0, 0), bool)

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
        given, ``(g, n_q, n_k)``. Raises :class:`.checks.CheckFailed` when scores overflow.
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
            state = OnlineSoftmax(out[:, i0:i1], pv, may_be_empty=allowed is not None, halved=self.halved)
            seen = []
            for j0, j1, diagonal in key_spans(i0, i1, n_k, self.keys, self.causal):
                c = j1 - j0
                s = self.scores[: g * c * r].reshape(g, c, r)
                # [g, c, d_k] @ [g, d_k, r] -> [g, c, r]: the tile of scores, transposed
                np.matmul(k[:, j0:j1], q_t, out=s)
                tile = (slice(None), slice(i0, i1), slice(j0, j1))
                if self.halved:
                    s *= 0.5
                if bias is not None:
                    b = clip_bias(bias[tile], s.dtype)
                    s += np.swapaxes(b * 0.5 if self.halved else b, -1, -2)
                if self.careful and not all_finite(s):
                    raise CheckFailed  # a score overflowed (its sum with the mask cannot, halved)
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
