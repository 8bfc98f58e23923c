"""What attention returns: the output, and the weights when they were asked for."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

__all__ = ["AttentionOutput", "AttentionOutputOnly"]


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
