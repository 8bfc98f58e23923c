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


# --- the edges of the float range -----------------------------------------------------------------

FLOAT_DTYPES = (np.float32, np.float64)


def extreme_elements(dtype):
    """Finite floats of ``dtype`` from everywhere in its range: ordinary, near the largest, tiny or subnormal, any."""
    info = np.finfo(dtype)
    width = info.bits
    big, tiny = float(info.max), float(info.tiny)
    near_big = float(np.nextafter(np.nextafter(info.max, 0, dtype=dtype), 0, dtype=dtype))
    magnitude = st.one_of(
        st.floats(-3.0, 3.0, width=width),
        st.floats(big / 2, big, width=width),  # within a factor 2 of the largest float
        st.floats(near_big, big, width=width),  # the three largest floats
        st.floats(0.0, 4 * tiny, width=width),  # subnormal and smallest normal
        st.floats(allow_nan=False, allow_infinity=False, width=width),  # anything finite
    )
    return st.tuples(st.sampled_from([1.0, -1.0]), magnitude).map(lambda sm: sm[0] * sm[1])


@st.composite
def extreme_arrays(draw, shape, dtype):
    """Finite arrays of ``dtype``: element by element from :func:`extreme_elements`, one such element
    throughout (a constant mask, equal values), or an ordinary array moved as a whole to any magnitude
    (times 2^e, from the subnormals to just below overflow)."""
    kind = draw(st.sampled_from(["elements", "constant", "moved"]))
    if kind == "elements":
        return draw(hnp.arrays(dtype, shape, elements=extreme_elements(dtype)))
    if kind == "constant":
        return np.full(shape, draw(extreme_elements(dtype)), dtype)
    info = np.finfo(dtype)
    exponent = draw(st.integers(int(info.minexp) - int(info.nmant), int(info.maxexp) - 3))
    ordinary = draw(hnp.arrays(dtype, shape, elements=st.floats(-3.0, 3.0, width=info.bits)))
    with np.errstate(under="ignore"):
        return np.ldexp(ordinary, exponent).astype(dtype)


def extreme_scales(dtype):
    """``scale`` values: the default (None), ordinary ones, and very large and very small ones."""
    info = np.finfo(dtype)
    return st.one_of(
        st.none(),
        st.floats(0.01, 10.0),
        st.floats(float(info.tiny), 1e-10),
        st.floats(1e10, float(info.max) * 4 if dtype == np.float32 else float(info.max)),  # beyond float32 too
    )
