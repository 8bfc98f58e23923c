r"""Additive attention (Bahdanau, Cho & Bengio, 2014): scores from a small network instead of a dot product.

The first attention of neural machine translation scored a decoder state
against each encoder state with a one-hidden-layer network: project both into
a common width :math:`d_a`, add, squash with :math:`\tanh`, and read the
result with one more vector :math:`v_a`:

.. math::

    s_{ij} = \tanh\!\left(q_i W_q + k_j W_k\right) v_a

(a token is a row, as everywhere in the package: ``tanh(q @ w_q + k @ w_k) @ v_a``
for every pair i, j). Luong, Pham & Manning (2015) call the same function
*concat*: :math:`\tanh([q_i, k_j]\, W)\, v_a`, the query and the key side by
side, with :math:`W` the rows of :math:`W_q` above those of :math:`W_k`.

Unlike a dot product, the two sides need not have the same width: queries
are ``(..., n_q, d_q)``, keys ``(..., n_k, d_k)``. The scores then go through
the same masked softmax and weighted average of the values as scaled
dot-product attention: only the score differs. Each score is bounded,
:math:`|s_{ij}| \le \sum_a |v_{a}|`, so no scale is needed, but it costs an
element-wise :math:`\tanh` on an ``(n_q, n_k, d_a)`` array instead of one
matrix product; :func:`additive_scores` computes it a block of queries at a
time so that array never holds more than :data:`ADDITIVE_BLOCK_ENTRIES`
numbers.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import (
    as_float_array,
    check_finite,
    check_product,
    float_dtype,
    prepare_mask,
    shape_str,
)
from .results import AttentionOutput
from .scaled_dot_product import attention_weights, weighted_average

__all__ = ["ADDITIVE_BLOCK_ENTRIES", "additive_attention", "additive_scores"]

ADDITIVE_BLOCK_ENTRIES = 2**22
"""Largest number of entries of the ``(..., block, n_k, d_a)`` array that :func:`additive_scores`
holds at once (32 MiB in float64); longer query sequences are scored a block of queries at a time."""


class _Checked:
    """Queries, keys and the three parameters, checked against each other and in one float dtype."""

    def __init__(self, q: ArrayLike, k: ArrayLike, w_q: ArrayLike, w_k: ArrayLike, v_a: ArrayLike) -> None:
        q = as_float_array("q", q, min_ndim=2)
        k = as_float_array("k", k, min_ndim=2)
        w_q = as_float_array("w_q", w_q, ndim=2)
        w_k = as_float_array("w_k", w_k, ndim=2)
        v_a = as_float_array("v_a", v_a, ndim=1)
        if w_q.shape[0] != q.shape[-1]:
            raise ValueError(
                f"w_q must have one row per query feature, (d_q, d_a): q has shape {shape_str(q.shape)} "
                f"(d_q = {q.shape[-1]}), w_q has shape {shape_str(w_q.shape)}"
            )
        if w_k.shape[0] != k.shape[-1]:
            raise ValueError(
                f"w_k must have one row per key feature, (d_k, d_a): k has shape {shape_str(k.shape)} "
                f"(d_k = {k.shape[-1]}), w_k has shape {shape_str(w_k.shape)}"
            )
        if w_k.shape[1] != w_q.shape[1] or v_a.shape[0] != w_q.shape[1]:
            raise ValueError(
                "w_q, w_k and v_a must share the hidden width d_a: w_q has shape "
                f"{shape_str(w_q.shape)}, w_k has shape {shape_str(w_k.shape)}, v_a has shape {shape_str(v_a.shape)}"
            )
        try:
            batch = np.broadcast_shapes(q.shape[:-2], k.shape[:-2])
        except ValueError:
            raise ValueError(
                f"the leading (batch/head) axes of q and k do not broadcast: q has shape {shape_str(q.shape)}, "
                f"k has shape {shape_str(k.shape)}"
            ) from None
        dtype = float_dtype(q, k, w_q, w_k, v_a)
        self.q, self.k = q.astype(dtype, copy=False), k.astype(dtype, copy=False)
        self.w_q, self.w_k = w_q.astype(dtype, copy=False), w_k.astype(dtype, copy=False)
        self.v_a = v_a.astype(dtype, copy=False)
        self.scores_shape = (*batch, q.shape[-2], k.shape[-2])

    def scores(self) -> NDArray:
        """The ``(..., n_q, n_k)`` additive scores, a block of queries at a time."""
        with np.errstate(over="ignore", invalid="ignore"):
            q_part = self.q @ self.w_q  # [..., n_q, d_q] @ [d_q, d_a] -> [..., n_q, d_a]
            k_part = self.k @ self.w_k  # [..., n_k, d_k] @ [d_k, d_a] -> [..., n_k, d_a]
        check_product(q_part, "q @ w_q", q=self.q, w_q=self.w_q)
        check_product(k_part, "k @ w_k", k=self.k, w_k=self.w_k)
        *batch, n_q, n_k = self.scores_shape
        d_a = self.v_a.shape[0]
        per_query = math.prod(batch) * n_k * d_a
        block = max(1, ADDITIVE_BLOCK_ENTRIES // max(per_query, 1))
        scores = np.empty(self.scores_shape, dtype=self.q.dtype)
        keys = k_part[..., None, :, :]  # [..., 1, n_k, d_a]
        for start in range(0, n_q, block):
            queries = q_part[..., start : start + block, None, :]  # [..., b, 1, d_a]
            # Two finite parts can add up past the float range; tanh of ±inf is ±1, their limit.
            # (A v_a beyond the range can overflow the sum below: reported after the loop.)
            with np.errstate(over="ignore", invalid="ignore"):
                hidden = np.tanh(queries + keys)  # [..., b, n_k, d_a], every entry in [-1, 1]
                scores[..., start : start + block, :] = hidden @ self.v_a  # [..., b, n_k, d_a] @ [d_a] -> [..., b, n_k]
        check_product(scores, "tanh(q @ w_q + k @ w_k) @ v_a", rescale="v_a", v_a=self.v_a)
        return scores


def additive_scores(
    q: ArrayLike, k: ArrayLike, w_q: ArrayLike, w_k: ArrayLike, v_a: ArrayLike
) -> NDArray[np.floating]:
    r"""Score every query against every key with Bahdanau's additive network.

    .. math::

        s_{ij} = \tanh\!\left(q_i W_q + k_j W_k\right) v_a

    Args:
        q: queries, shape ``(..., n_q, d_q)``.
        k: keys, shape ``(..., n_k, d_k)``; ``d_k`` may differ from ``d_q``.
            Leading (batch, head) axes broadcast with ``q``'s.
        w_q: ``(d_q, d_a)``, projects each query into the hidden width ``d_a``.
        w_k: ``(d_k, d_a)``, projects each key into the same width.
        v_a: ``(d_a,)``, turns each hidden vector into one number.

    Returns:
        Scores of shape ``(..., n_q, n_k)``; float32 if every input is
        float32, else float64. Each is at most ``sum(abs(v_a))`` in size.

    Raises:
        TypeError, ValueError: naming the argument and the shapes, for inputs
            of the wrong kind, rank or shape, NaN or infinities, and finite
            inputs whose projections overflow.

    Example:
        >>> q = [[1.0, 0.0]]                       # one query
        >>> k = [[1.0, 0.0], [0.0, 1.0]]           # two keys
        >>> eye = np.eye(2)
        >>> additive_scores(q, k, eye, eye, [1.0, 1.0]).round(4)   # tanh(2) + tanh(0), tanh(1) + tanh(1)
        array([[0.964 , 1.5232]])
    """
    return _Checked(q, k, w_q, w_k, v_a).scores()


def additive_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    w_q: ArrayLike,
    w_k: ArrayLike,
    v_a: ArrayLike,
    mask: ArrayLike | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
) -> AttentionOutput:
    r"""Attend with additive scores: the softmax and the weighted average of scaled dot-product attention.

    .. math::

        A = \operatorname{softmax}(S + M), \quad
        S_{ij} = \tanh\!\left(q_i W_q + k_j W_k\right) v_a, \quad
        O = AV

    Args:
        q: queries ``(..., n_q, d_q)``.
        k: keys ``(..., n_k, d_k)``.
        v: values ``(..., n_k, d_v)``; leading axes of ``q``, ``k`` and ``v`` broadcast.
        w_q, w_k, v_a: the scoring network's parameters (see :func:`additive_scores`).
        mask: optional boolean (True = may attend) or additive (``-inf`` = may
            not) mask broadcastable to the scores ``(..., n_q, n_k)``, as in
            :func:`~attention.scaled_dot_product_attention`.
        causal: query i sees keys ``0 .. i`` only, combined with ``mask``.
        window: with ``causal``, query i sees only keys ``i - window + 1 .. i``: the
            last ``window`` keys, itself included (sliding-window attention, the
            pattern of :func:`~attention.masks.sliding_window_mask`); an integer >= 1.

    Returns:
        ``AttentionOutput(output, weights)``: output ``(..., n_q, d_v)``,
        weights ``(..., n_q, n_k)`` whose rows sum to 1 (a query that may
        attend to no key gets all-zero weights and output).

    Raises:
        TypeError, ValueError: naming the argument and the shapes.

    Example:
        >>> q = [[1.0, 0.0]]
        >>> k = [[1.0, 0.0], [0.0, 1.0]]
        >>> v = [[10.0], [20.0]]
        >>> eye = np.eye(2)
        >>> output, weights = additive_attention(q, k, v, eye, eye, [1.0, 1.0])
        >>> weights.round(4)                       # softmax of the scores 0.964 and 1.5232
        array([[0.3637, 0.6363]])
        >>> output.round(3)
        array([[16.363]])
    """
    checked = _Checked(q, k, w_q, w_k, v_a)
    values = as_float_array("v", v, min_ndim=2, finite=False)
    moderate_v = check_finite("v", values)
    if values.shape[-2] != checked.k.shape[-2]:
        raise ValueError(
            f"k and v must have the same number of positions n_k (second-to-last axis): "
            f"k has shape {shape_str(checked.k.shape)}, v has shape {shape_str(values.shape)}"
        )
    try:
        np.broadcast_shapes(checked.scores_shape[:-2], values.shape[:-2])
    except ValueError:
        raise ValueError(
            f"the leading (batch/head) axes of q, k and v do not broadcast: q has shape {shape_str(checked.q.shape)}, "
            f"k has shape {shape_str(checked.k.shape)}, v has shape {shape_str(values.shape)}"
        ) from None
    prepared = prepare_mask(mask, causal, checked.scores_shape, window)
    scores = checked.scores()
    dtype = float_dtype(scores, values)
    weights = attention_weights(scores.astype(dtype, copy=False), prepared)
    # [..., n_q, n_k] @ [..., n_k, d_v] -> [..., n_q, d_v]
    output = weighted_average(weights, values.astype(dtype, copy=False), moderate_v)
    return AttentionOutput(output, weights)
