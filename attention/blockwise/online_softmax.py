r"""The online softmax: one block of queries folds in the tiles of keys one at a time.

This is the whole algorithm of blockwise attention (Rabe & Staats, 2021;
FlashAttention, Dao et al., 2022). For each query, over the key tiles
:math:`S^{(t)}` in turn:

.. math::

    m \leftarrow \max\bigl(m, \max_j S^{(t)}_j\bigr), \quad
    \ell \leftarrow e^{m_{\text{old}} - m}\,\ell + \sum_j e^{S^{(t)}_j - m}, \quad
    o \leftarrow e^{m_{\text{old}} - m}\,o + \sum_j e^{S^{(t)}_j - m}\, v_j,

and at the end the output is :math:`o / \ell`. Everything else in this
package decides which tiles to compute (:mod:`.tiles`), or is a faster way
to the same numbers (:mod:`.one_tile`, :mod:`.scratch`).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .checks import CheckFailed


class OnlineSoftmax:
    """What one block of queries remembers while the key tiles go by.

    Shapes: ``g`` batch items, ``r`` queries, ``c`` keys in the current tile.
    The tile of scores is stored transposed, keys × queries ``(g, c, r)``:
    numpy reduces over an outer axis (the keys) faster than along a short
    inner one, and the matrix products read a transposed operand for free.
    """

    def __init__(self, out: NDArray, pv: NDArray, may_be_empty: bool, halved: bool = False) -> None:
        """``out`` ``(g, r, d_v)``: where the output goes, used meanwhile for the running weighted sum;
        ``pv`` ``(g, r, d_v)``: scratch space; ``halved``: the tiles hold the scores halved, and the
        weights are exp(2 (s - m)) (the doubling after the shift, where it cannot overflow)."""
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
        self.halved = halved

    def update(self, s: NDArray, v: NDArray) -> NDArray:
        """Fold one tile of scaled, masked scores ``s`` ``(g, c, r)`` and its values ``v`` ``(g, c, d_v)`` in.

        Overwrites ``s`` with exp(s - m_new) and returns m_new ``(g, 1, r)``.
        Raises :class:`CheckFailed` when a score overflowed.
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
            raise CheckFailed
        shift = np.where(np.isfinite(m_new), m_new, 0) if self.may_be_empty else m_new
        # p_j = exp(s_j - m_new)   (halved: exp(2 (s_j - m_new)))
        s -= shift
        if self.halved:
            s *= 2
        np.exp(s, out=s)
        p_t = np.swapaxes(s, -1, -2)  # (g, r, c)
        if self.first:
            np.sum(s, axis=-2, keepdims=True, out=self.l)
            np.matmul(p_t, v, out=self.acc)
            self.first = False
        else:
            # alpha = exp(m - m_new): the old terms were shifted by m, the new ones by m_new
            np.subtract(self.m, shift, out=self.alpha)
            if self.halved:
                self.alpha *= 2
            alpha = np.exp(self.alpha, out=self.alpha)
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
        shift = m_tile - m
        if self.halved:
            shift *= 2
        return np.swapaxes(np.exp(shift) / l, -1, -2)
