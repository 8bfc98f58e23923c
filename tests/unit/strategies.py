"""Shared hypothesis settings and strategies for the property tests."""

from __future__ import annotations

import numpy as np
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# Small and fast: every property runs a naive Python reference. No example
# database, so running the tests writes nothing into the checkout.
PROPERTY = settings(max_examples=30, deadline=None, database=None)

sizes = st.integers(min_value=1, max_value=4)


def floats(shape, bound: float = 3.0):
    """Float64 arrays of ``shape`` with finite entries in ``[-bound, bound]``."""
    elements = st.floats(-bound, bound, allow_nan=False, allow_infinity=False, width=64)
    return hnp.arrays(np.float64, shape, elements=elements)


@st.composite
def qkv(draw, batch_dims: int = 0):
    """``(q, k, v)`` with small random sizes and, optionally, broadcasting leading axes."""
    if batch_dims:
        lead = draw(hnp.mutually_broadcastable_shapes(num_shapes=3, min_dims=0, max_dims=batch_dims, max_side=3))
        lead_q, lead_k, lead_v = lead.input_shapes
    else:
        lead_q = lead_k = lead_v = ()
    n_q, n_k, d_k, d_v = (draw(sizes) for _ in range(4))
    q = draw(floats((*lead_q, n_q, d_k)))
    k = draw(floats((*lead_k, n_k, d_k)))
    v = draw(floats((*lead_v, n_k, d_v)))
    return q, k, v


@st.composite
def mask_shapes(draw, shape):
    """Shapes that broadcast to ``shape`` without enlarging it: drop leading axes, set some axes to 1."""
    dropped = draw(st.integers(0, len(shape) - 1))
    return tuple(1 if draw(st.booleans()) else n for n in shape[dropped:])


def bool_masks(shape):
    """Boolean masks broadcastable to ``shape``."""
    return mask_shapes(shape).flatmap(lambda s: hnp.arrays(np.bool_, s))


def additive_masks(shape, allow_neg_inf: bool = True):
    """Float masks broadcastable to ``shape``: finite values and, optionally, ``-inf``."""
    finite = st.floats(-3.0, 3.0, allow_nan=False, allow_infinity=False)
    elements = st.one_of(finite, st.just(-np.inf)) if allow_neg_inf else finite
    return mask_shapes(shape).flatmap(lambda s: hnp.arrays(np.float64, s, elements=elements))
