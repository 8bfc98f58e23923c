"""The batch (and head) axes: broadcast views, merged axes and groups of batch items, never copies."""

from __future__ import annotations

import itertools
import math

import numpy as np
from numpy.typing import NDArray


def stack(x: NDArray, lead: tuple[int, ...]) -> NDArray:
    """``x`` broadcast to ``(*lead, n, d)``: a view, never a copy."""
    if x.shape[:-2] == lead:
        return x
    if math.prod(x.shape[:-2]) == math.prod(lead):  # only axes of size 1 to add: a plain view is quicker
        return x.reshape(*lead, *x.shape[-2:])
    return np.broadcast_to(x, (*lead, *x.shape[-2:]))


def mergeable(x: NDArray, axes: int) -> bool:
    """Whether the first ``axes`` axes of ``x`` can be merged into one by a view (no copy)."""
    dims = [(size, stride) for size, stride in zip(x.shape[:axes], x.strides[:axes]) if size != 1]
    return all(outer == inner * size for (_, outer), (size, inner) in zip(dims, dims[1:]))


def groups(lead: tuple[int, ...], group: int) -> list[tuple[int | slice, ...]]:
    """Indices of the groups of up to ``group`` batch items along the last ``lead`` axis, for each outer index."""
    return [
        (*outer, slice(b0, b0 + group))
        for outer in itertools.product(*map(range, lead[:-1]))
        for b0 in range(0, lead[-1], group)
    ]


def unbroadcast(weights: NDArray, scores_shape: tuple[int, ...]) -> NDArray:
    """The weights for ``scores_shape``: drop the copies made for batch axes that only ``v`` has."""
    lead = weights.shape[:-2]
    target = (1,) * (len(lead) - len(scores_shape[:-2])) + tuple(scores_shape[:-2])
    index = tuple(slice(0, 1) if t == 1 else slice(None) for t in target)
    return weights[index].reshape(scores_shape) if index else weights.reshape(scores_shape)
