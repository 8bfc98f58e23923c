"""Naive reference implementations that the unit tests compare the package against.

Written independently of ``attention``: explicit Python loops over plain
floats, ``math.exp`` and ``math.sqrt``. numpy is used only to hold the inputs
and results and to enumerate (broadcast) leading indices, never for the maths
under test (no ``@``, no ``np.exp``, no ``np.max`` or ``np.sum``).

Conventions, as in the package: a boolean mask is True where a query may
attend to a key; a numeric mask is added to the scaled scores, ``-inf``
meaning "may not attend"; a query that may attend to nothing gets all-zero
weights and output.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

NEG_INF = -math.inf


def softmax_row(row, allowed=None):
    """Softmax of a list of numbers; disallowed and ``-inf`` entries get weight 0.0."""
    row = [float(x) for x in row]
    if allowed is None:
        allowed = [True] * len(row)
    keep = [bool(a) and x != NEG_INF for x, a in zip(row, allowed)]
    if not any(keep):
        return [0.0] * len(row)
    top = max(x for x, kept in zip(row, keep) if kept)
    exps = [math.exp(x - top) if kept else 0.0 for x, kept in zip(row, keep)]
    total = math.fsum(exps)
    return [e / total for e in exps]


def softmax(x, axis=-1, mask=None):
    """Softmax of an n-d array along ``axis``, one Python row at a time."""
    x = np.asarray(x, dtype=np.float64)
    allowed = np.ones(x.shape, dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask, dtype=bool), x.shape)
    moved_x = np.moveaxis(x, axis, -1)
    moved_allowed = np.moveaxis(allowed, axis, -1)
    out = np.empty(moved_x.shape)
    for index in np.ndindex(moved_x.shape[:-1]):
        out[index] = softmax_row(moved_x[index].tolist(), moved_allowed[index].tolist())
    return np.moveaxis(out, -1, axis)


def dot(a, b):
    """Dot product of two sequences with a plain loop."""
    total = 0.0
    for x, y in zip(a, b, strict=True):
        total += float(x) * float(y)
    return total


def matmul(a, b):
    """2-D matrix product ``a @ b`` with loops."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    rows, inner = a.shape
    assert b.shape[0] == inner
    out = np.empty((rows, b.shape[1]))
    for i in range(rows):
        for j in range(b.shape[1]):
            out[i, j] = dot(a[i, :], b[:, j])
    return out


def batched_matmul(x, w):
    """``x @ w`` for ``x`` of shape ``(..., n, d)`` and a 2-D ``w``, looping over leading axes."""
    x = np.asarray(x, dtype=np.float64)
    out = np.empty((*x.shape[:-1], np.shape(w)[1]))
    for index in np.ndindex(x.shape[:-2]):
        out[index] = matmul(x[index], w)
    return out


def _leading(shape):
    return tuple(shape[:-2])


def scores(q, k, scale=None):
    """Scaled dot products ``q_i . k_j * scale`` by loops; leading axes broadcast; default scale 1/sqrt(d_k)."""
    q, k = np.asarray(q, dtype=np.float64), np.asarray(k, dtype=np.float64)
    n_q, d_k = q.shape[-2:]
    n_k = k.shape[-2]
    if scale is None:
        scale = 1.0 / math.sqrt(d_k)
    batch = np.broadcast_shapes(_leading(q.shape), _leading(k.shape))
    qb = np.broadcast_to(q, (*batch, n_q, d_k))
    kb = np.broadcast_to(k, (*batch, n_k, d_k))
    out = np.empty((*batch, n_q, n_k))
    for b in np.ndindex(batch):
        for i in range(n_q):
            for j in range(n_k):
                out[b][i, j] = dot(qb[b][i], kb[b][j]) * scale
    return out


def attention(q, k, v, mask=None, scale=None):
    """Scaled dot-product attention by loops; returns ``(output, weights)`` as float64.

    Weights have shape ``(*broadcast(q, k leading axes), n_q, n_k)``; the output
    ``(*broadcast(q, k, v leading axes), n_q, d_v)``.
    """
    v = np.asarray(v, dtype=np.float64)
    scaled = scores(q, k, scale)
    *w_batch, n_q, n_k = scaled.shape
    d_v = v.shape[-1]
    if mask is not None:
        mask = np.broadcast_to(np.asarray(mask), scaled.shape)
    weights = np.empty(scaled.shape)
    for b in np.ndindex(tuple(w_batch)):
        for i in range(n_q):
            row, allowed = [], []
            for j in range(n_k):
                score, ok = float(scaled[b][i, j]), True
                if mask is not None and mask.dtype == bool:
                    ok = bool(mask[b][i, j])
                elif mask is not None and float(mask[b][i, j]) == NEG_INF:
                    ok = False
                elif mask is not None:
                    score += float(mask[b][i, j])
                row.append(score)
                allowed.append(ok)
            weights[b][i] = softmax_row(row, allowed)
    o_batch = np.broadcast_shapes(tuple(w_batch), _leading(v.shape))
    wb = np.broadcast_to(weights, (*o_batch, n_q, n_k))
    vb = np.broadcast_to(v, (*o_batch, n_k, d_v))
    output = np.empty((*o_batch, n_q, d_v))
    for b in np.ndindex(o_batch):
        for i in range(n_q):
            for c in range(d_v):
                output[b][i, c] = dot(wb[b][i], vb[b][:, c])
    return output, weights


def self_attention(x, w_q, w_k, w_v, mask=None):
    """Project ``x`` with loops, then :func:`attention`."""
    return attention(batched_matmul(x, w_q), batched_matmul(x, w_k), batched_matmul(x, w_v), mask=mask)


def multi_head(x, w_q, w_k, w_v, w_o, n_heads, *, biases=None, mask=None, context=None):
    """Multi-head attention: loop over heads, slicing the projected columns, concatenate, apply ``w_o``.

    ``biases`` is ``None`` or a ``(b_q, b_k, b_v, b_o)`` tuple. The mask is shared
    by every head and broadcasts to ``(..., n_q, n_k)``. Returns ``(output,
    weights)`` with shapes ``(..., n_q, d_model)`` and ``(..., n_heads, n_q, n_k)``.
    """
    x = np.asarray(x, dtype=np.float64)
    source = x if context is None else np.asarray(context, dtype=np.float64)
    d_model = x.shape[-1]
    d_k = d_model // n_heads
    n_q, n_k = x.shape[-2], source.shape[-2]
    b_q, b_k, b_v, b_o = biases if biases is not None else (None,) * 4
    batch = np.broadcast_shapes(_leading(x.shape), _leading(source.shape))
    xb = np.broadcast_to(x, (*batch, n_q, d_model))
    sb = np.broadcast_to(source, (*batch, n_k, d_model))
    if mask is not None:
        mask = np.broadcast_to(np.asarray(mask), (*batch, n_q, n_k))

    def project(a, w, b):
        out = matmul(a, w)
        if b is not None:
            for row in range(out.shape[0]):
                for col in range(out.shape[1]):
                    out[row, col] += float(b[col])
        return out

    output = np.empty((*batch, n_q, d_model))
    weights = np.empty((*batch, n_heads, n_q, n_k))
    for index in np.ndindex(batch):
        q = project(xb[index], w_q, b_q)
        k = project(sb[index], w_k, b_k)
        v = project(sb[index], w_v, b_v)
        concat = np.empty((n_q, d_model))
        for head in range(n_heads):
            cols = slice(head * d_k, (head + 1) * d_k)
            head_mask = None if mask is None else mask[index]
            head_out, head_weights = attention(q[:, cols], k[:, cols], v[:, cols], mask=head_mask)
            concat[:, cols] = head_out
            weights[index][head] = head_weights
        output[index] = project(concat, w_o, b_o)
    return output, weights


def causal_mask(n):
    """``M[i][j] = j <= i`` as nested Python conditions."""
    return np.array([[j <= i for j in range(n)] for i in range(n)], dtype=bool)


def padding_mask(lengths, n):
    """``M[b][0][j] = j < lengths[b]``, shape ``(batch, 1, n)``."""
    return np.array([[[j < length for j in range(n)]] for length in lengths], dtype=bool)


def split_heads(x, n_heads):
    """``out[..., h, t, f] = x[..., t, h * d_k + f]`` by loops."""
    x = np.asarray(x, dtype=np.float64)
    *batch, n, d_model = x.shape
    d_k = d_model // n_heads
    out = np.empty((*batch, n_heads, n, d_k))
    for index in np.ndindex(tuple(batch)):
        for h in range(n_heads):
            for t in range(n):
                for f in range(d_k):
                    out[index][h, t, f] = x[index][t, h * d_k + f]
    return out


def merge_heads(x):
    """``out[..., t, h * d_v + f] = x[..., h, t, f]`` by loops."""
    x = np.asarray(x, dtype=np.float64)
    *batch, n_heads, n, d_v = x.shape
    out = np.empty((*batch, n, n_heads * d_v))
    for index in np.ndindex(tuple(batch)):
        for h in range(n_heads):
            for t in range(n):
                for f in range(d_v):
                    out[index][t, h * d_v + f] = x[index][h, t, f]
    return out


# --- exact arithmetic, for inputs at the edges of the float range ------------------------------------
#
# The loops above use Python floats (float64): right for ordinary inputs, but a score or its sum
# with a mask can overflow float64 itself. These use fractions.Fraction, exact however large or
# small: only each weight's exp, and the final rounding to float, are not exact.


def exact_matmul(a, b):
    """``a @ b`` for 2-D arrays of floats, exactly, as nested lists of Fractions."""
    a = [[Fraction(float(x)) for x in row] for row in np.asarray(a, dtype=np.float64).tolist()]
    b = [[Fraction(float(x)) for x in row] for row in np.asarray(b, dtype=np.float64).tolist()]
    return [[sum((row[l] * b[l][j] for l in range(len(b))), Fraction(0)) for j in range(len(b[0]))] for row in a]


def exact_softmax_row(row, allowed):
    """Softmax of exact scores (Fractions); the differences from the largest are exact, only exp is rounded."""
    kept = [a for a in allowed]
    if not any(kept):
        return [0.0] * len(row)
    top = max(x for x, a in zip(row, kept) if a)
    # Beyond -1e4 a weight is 0 in every float format (e^-745 is float64's smallest).
    exps = [math.exp(float(max(x - top, -10_000))) if a else 0.0 for x, a in zip(row, kept)]
    total = math.fsum(exps)
    return [e / total for e in exps]


def attention_exact(q, k, v, mask=None, scale=None, causal=False):
    """Scaled dot-product attention of 2-D q, k, v in exact arithmetic; returns ``(output, weights, scores)``.

    ``scores`` are the exact scaled scores (Fractions, a list of rows); ``mask`` is boolean (True = may
    attend) or additive (``-inf`` = may not), ``(n_q, n_k)``; ``causal`` adds "key j only for query i >= j".
    The output is the exact weighted average of v under the (rounded) weights, rounded once to float64.
    """
    q, k, v = (np.asarray(a, dtype=np.float64) for a in (q, k, v))
    n_q, d_k = q.shape
    n_k = k.shape[0]
    factor = Fraction(1.0 / math.sqrt(d_k) if scale is None else float(scale))
    raw = exact_matmul(q, k.T)
    scores = [[s * factor for s in row] for row in raw]
    mask = None if mask is None else np.broadcast_to(np.asarray(mask), (n_q, n_k))
    weights = np.zeros((n_q, n_k))
    output = np.zeros((n_q, v.shape[1]))
    exact_v = [[Fraction(float(x)) for x in row] for row in v.tolist()]
    for i in range(n_q):
        row, allowed = [], []
        for j in range(n_k):
            total, ok = scores[i][j], not (causal and j > i)
            if mask is not None and mask.dtype == bool:
                ok = ok and bool(mask[i, j])
            elif mask is not None and float(mask[i, j]) == NEG_INF:
                ok = False
            elif mask is not None:
                total += Fraction(float(mask[i, j]))
            row.append(total)
            allowed.append(ok)
        weights[i] = exact_softmax_row(row, allowed)
        w = [Fraction(x) for x in weights[i].tolist()]
        norm = sum(w, Fraction(0))
        for c in range(v.shape[1]):
            output[i, c] = float(sum((w[j] * exact_v[j][c] for j in range(n_k)), Fraction(0)) / norm) if norm else 0.0
    return output, weights, scores
