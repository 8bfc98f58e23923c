"""What attention returns: the output, the weights when they were asked for, and a layer's trace."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

__all__ = ["AttentionOutput", "AttentionOutputOnly", "AttentionTrace"]


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


class AttentionTrace(NamedTuple):
    """What one attention layer attended with, head by head: its queries, keys and values, and its weights.

    The arrays the layer itself computed with (never recomputed), so a
    reader of the trace sees exactly the numbers behind the layer's output:
    the queries and keys after any position encoding the layer applies
    (RoPE), the keys and values of every position attended to (a cache's
    included). With grouped-query attention query head ``i`` shares key/value
    head ``i // (n_heads // n_kv_heads)``; otherwise ``n_kv_heads`` is ``n_heads``.
    Unpack as ``q, k, v, weights = trace``.
    """

    q: NDArray[np.floating]
    """``(..., n_heads, n_q, d_k)``: each head's queries."""
    k: NDArray[np.floating]
    """``(..., n_kv_heads, n_k, d_k)``: each key/value head's keys."""
    v: NDArray[np.floating]
    """``(..., n_kv_heads, n_k, d_v)``: each key/value head's values."""
    weights: NDArray[np.floating]
    """``(..., n_heads, n_q, n_k)``: each head's attention weights; rows sum to 1."""
