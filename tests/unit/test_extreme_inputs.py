"""Every finite input, from anywhere in the float range: a finite, correct result, or an error that names an argument.

The inputs (``strategies.extreme_arrays``) mix ordinary values with values near the largest float,
tiny and subnormal ones, and whole arrays moved to any magnitude. The results are compared with
exact arithmetic (``reference.attention_exact``: Fractions, so that no score or sum overflows in
the reference) at the tolerance that rounding allows:

- a score is computed to within ``err = c · eps · (scale · Σ_l |q_l| |k_l| + |mask|)``, plus a
  few subnormals (``c`` grows with the width ``d``; ``eps`` is the dtype's);
- while that error ``Δ`` (the largest over a query's keys) is small, each weight is within
  ``3Δ + 8 (n_k + 4) eps`` of the exact one, and each output within that times the column's
  largest |v| (``n_k`` times the rounding of the average, plus subnormals);
- beyond (scores so large that their rounding alone moves the weights), what rounding cannot
  change is checked: weights in [0, 1] summing to 1, zero where masked, and each output within
  the range of the values it averages.

A ``ValueError`` is accepted only for inputs whose scores (or products) really are within
rounding of the float range, and its message must name an argument the caller passed.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

import reference as ref
from attention import (
    MultiHeadAttention,
    attention_scores,
    attention_steps,
    blockwise_attention,
    scaled_dot_product_attention,
    self_attention,
    softmax,
)
from strategies import FLOAT_DTYPES, extreme_arrays, extreme_elements, extreme_scales

EXTREME = settings(max_examples=300, deadline=None, database=None)


def _names(message: str, *names: str) -> bool:
    """Whether ``message`` names one of ``names`` as a word (``q``, ``w_q``, ``mask`` ...)."""
    return any(re.search(rf"(?<![\w|]){re.escape(name)}(?!\w)", message) for name in names)


def _abs_products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``|a| @ |b|ᵀ`` in float64 by loops over Python floats (an infinity where it overflows): the Cauchy-style bound."""
    rows, cols = a.shape[0], b.shape[0]
    out = np.empty((rows, cols))
    for i in range(rows):
        for j in range(cols):
            # (a Python float product that overflows is inf, and so is then the sum)
            try:
                out[i, j] = math.fsum(abs(float(x)) * abs(float(y)) for x, y in zip(a[i], b[j]))
            except OverflowError:  # finite terms whose sum is beyond float64
                out[i, j] = math.inf
    return out


def _factor(scale, d_k: int, dtype) -> float:
    """The factor the package multiplies the scores by: scale (or 1/sqrt(d_k)) rounded to the dtype."""
    value = 1.0 / math.sqrt(d_k) if scale is None else float(scale)
    with np.errstate(over="ignore"):
        return float(dtype(value))


def _score_errors(q_abs, k_abs, factor, bias, dtype, width):
    """``err[i, j]``: how far rounding can move the computed scaled score (plus mask) from the exact one."""
    info = np.finfo(dtype)
    products = _abs_products(q_abs, k_abs)
    with np.errstate(over="ignore", invalid="ignore"):
        scaled = products * factor
        floor = 4 * (width + 2) * float(info.smallest_subnormal) * (1 + factor) * (
            1 + np.abs(k_abs).sum(-1)[None, :] + np.abs(q_abs).sum(-1)[:, None] * max(1.0, factor)
        )
        err = 2 * (width + 4) * float(info.eps) * (scaled + np.abs(bias)) + floor
    return np.where(np.isnan(err), math.inf, err), products


def _check_weights(weights, exact_weights, allowed, err, dtype):
    """Each row's weights as the module's docstring says; returns each row's Δ (None: ill-conditioned)."""
    slack = 8 * (exact_weights.shape[1] + 4) * float(np.finfo(dtype).eps)
    assert weights.dtype == dtype and np.isfinite(weights).all()
    deltas = []
    for i, keys in enumerate(allowed):
        assert (weights[i][~keys] == 0).all()
        delta = float(err[i][keys].max()) if keys.any() else 0.0
        if not keys.any():
            assert (weights[i] == 0).all()
        elif delta <= 0.05:
            np.testing.assert_allclose(weights[i], exact_weights[i], rtol=0, atol=3 * delta + slack)
        else:  # rounding of the scores alone can move these weights: check what it cannot
            assert (weights[i] >= 0).all() and (weights[i] <= 1 + slack).all()
            assert abs(math.fsum(weights[i].astype(np.float64).tolist()) - 1) <= slack
        deltas.append(delta if delta <= 0.05 else None)
    event("rows: " + ", ".join(sorted({"ill-conditioned" if d is None else "accurate" for d in deltas})))
    return deltas


def _output_tolerance(allowed, v, deltas, dtype, extra_v=0.0):  # extra_v: a float or one per column
    """How far each output may be from the exact one, and the range it must lie in, in units of ``unit``.

    Returns ``(unit, tolerance, ranges)``: ``unit`` ``(d_v,)`` is each column's largest |v| (1 for a
    zero column), so that nothing here overflows for values near the largest float; ``tolerance``
    ``(n_q, d_v)`` and each row's ``(low, high)`` are in those units.
    """
    info = np.finfo(dtype)
    n_k = v.shape[0]
    slack = 8 * (n_k + 4) * float(info.eps)
    v = np.asarray(v, dtype=np.float64)
    v_max = np.abs(v).max(axis=0)
    unit = np.where(v_max > 0, v_max, 1.0)
    v = v / unit
    with np.errstate(over="ignore"):  # (an infinite allowance: finite is then all that is asked)
        floor = (8 * (n_k + 4) * float(info.smallest_subnormal) + extra_v) / unit
    tolerance = np.zeros((len(deltas), v.shape[1]))
    ranges = []
    for i, (keys, delta) in enumerate(zip(allowed, deltas)):
        if not keys.any():
            ranges.append((np.zeros_like(unit), np.zeros_like(unit)))
            continue
        low, high = v[keys].min(axis=0), v[keys].max(axis=0)
        margin = slack * (n_k + 4) + floor
        ranges.append((low - margin, high + margin))
        tolerance[i] = (high - low + 2 * margin) if delta is None else 3 * delta + slack * (n_k + 4) + floor
    return unit, tolerance, ranges


def _check_attention(output, weights, exact_output, exact_weights, allowed, v, err, dtype, extra_v=0.0):
    """Weights and output as the module's docstring says."""
    deltas = _check_weights(weights, exact_weights, allowed, err, dtype)
    assert output.dtype == dtype and np.isfinite(output).all()
    unit, tolerance, ranges = _output_tolerance(allowed, v, deltas, dtype, extra_v)
    out, exact = output.astype(np.float64) / unit, exact_output / unit
    assert (np.abs(out - exact) <= tolerance).all(), (output, exact_output, tolerance * unit)
    for row, (low, high) in zip(out, ranges):
        assert ((row >= low) & (row <= high)).all(), (row * unit, low * unit, high * unit)


@st.composite
def attention_cases(draw):
    """q, k, v of one dtype from anywhere in its range, with an optional mask, causal flag and scale."""
    dtype = draw(st.sampled_from(FLOAT_DTYPES))
    n_q, n_k, d_k, d_v = (draw(st.integers(1, 3)) for _ in range(4))
    q = draw(extreme_arrays((n_q, d_k), dtype))
    k = draw(extreme_arrays((n_k, d_k), dtype))
    v = draw(extreme_arrays((n_k, d_v), dtype))
    kind = draw(st.sampled_from(["none", "bool", "additive"]))
    if kind == "bool":
        mask = draw(st.lists(st.booleans(), min_size=n_q * n_k, max_size=n_q * n_k).map(
            lambda bits: np.array(bits, bool).reshape(n_q, n_k)))  # fmt: skip
    elif kind == "additive":
        element = st.one_of(extreme_elements(dtype), st.just(-math.inf))
        mask = draw(st.lists(element, min_size=n_q * n_k, max_size=n_q * n_k).map(
            lambda values: np.array(values, dtype).reshape(n_q, n_k)))  # fmt: skip
    else:
        mask = None
    return dtype, q, k, v, mask, draw(st.booleans()), draw(extreme_scales(dtype))


def _allowed_and_bias(mask, causal, n_q, n_k, dtype):
    allowed = np.ones((n_q, n_k), bool) if mask is None else np.ones((n_q, n_k), bool) & (
        mask if mask.dtype == bool else np.isfinite(mask)
    )
    if causal:
        allowed &= np.tri(n_q, n_k, 0, bool)
    bias = np.zeros((n_q, n_k)) if mask is None or mask.dtype == bool else np.where(np.isfinite(mask), mask, 0.0)
    return allowed, bias.astype(np.float64)


def _overflow_justified(products, q, factor, scale, dtype, width) -> bool:
    """Whether some dot product (raw, or scaled) or q · scale is within rounding of overflowing ``dtype``."""
    big = float(np.finfo(dtype).max)
    margin = 1 + 4 * (width + 4) * float(np.finfo(dtype).eps)
    if scale is not None and float(scale) > big:
        return True
    with np.errstate(over="ignore", invalid="ignore"):
        if (products * max(1.0, factor) * margin >= big).any():
            return True
        return bool(float(np.abs(np.asarray(q, np.float64)).max()) * factor * margin >= big)


PATHS = {
    "scaled_dot_product_attention": lambda q, k, v, mask, causal, scale: scaled_dot_product_attention(
        q, k, v, mask, scale, causal=causal),
    "blockwise_attention": lambda q, k, v, mask, causal, scale: blockwise_attention(
        q, k, v, mask, scale, causal=causal, return_weights=True),
    "blockwise_attention, block_size=1": lambda q, k, v, mask, causal, scale: blockwise_attention(
        q, k, v, mask, scale, causal=causal, block_size=1, return_weights=True),
    "blockwise_attention, block_size=2": lambda q, k, v, mask, causal, scale: blockwise_attention(
        q, k, v, mask, scale, causal=causal, block_size=2, return_weights=True),
}  # fmt: skip


# Two inputs the search may not reach, always tried: sums of score and mask below -max (each above it),
# and values at the largest float, whose average must not round past it.
_S = np.float32(np.sqrt(np.finfo(np.float32).max * 0.58))
_SUMS_BEYOND_THE_RANGE = (
    np.float32, np.full((3, 1), _S), np.full((3, 1), -_S), np.arange(3.0, dtype=np.float32)[:, None],
    np.full((3, 3), -np.finfo(np.float32).max * 0.6, np.float32), False, 1.0,
)  # fmt: skip
_VALUES_AT_THE_TOP = (
    np.float32, np.array([[-0.3, 0.3], [-0.2, 0.8]], np.float32), np.array([[-0.8, 0.1], [-0.1, 0.5], [0.2, 2.6]], np.float32),
    np.full((3, 2), np.finfo(np.float32).max, np.float32), None, False, None,
)  # fmt: skip


@pytest.mark.parametrize("path", PATHS)
@EXTREME
@given(case=attention_cases())
@example(case=_SUMS_BEYOND_THE_RANGE)
@example(case=_VALUES_AT_THE_TOP)
def test_attention_is_right_or_refuses_by_name(path, case):
    """scaled_dot_product_attention and blockwise_attention (one tile, tiles) with and without masks and causal."""
    dtype, q, k, v, mask, causal, scale = case
    n_q, d_k = q.shape
    n_k = k.shape[0]
    factor = _factor(scale, d_k, dtype)
    allowed, bias = _allowed_and_bias(mask, causal, n_q, n_k, dtype)
    err, products = _score_errors(q, k, factor, bias, dtype, d_k)
    try:
        output, weights = PATHS[path](q, k, v, mask, causal, scale)
    except ValueError as error:
        assert _names(str(error), "q", "k", "scale"), error
        assert _overflow_justified(products, q, factor, scale, dtype, d_k), error
        event("refused")
        return
    exact_output, exact_weights, _ = ref.attention_exact(q, k, v, mask, factor, causal)
    _check_attention(output, weights, exact_output, exact_weights, allowed, v, err, dtype)


@EXTREME
@given(case=attention_cases())
def test_attention_scores_are_right_or_refuse_by_name(case):
    dtype, q, k, _, _, _, scale = case
    d_k = q.shape[1]
    factor = _factor(scale, d_k, dtype)
    err, products = _score_errors(q, k, factor, np.zeros((q.shape[0], k.shape[0])), dtype, d_k)
    try:
        scores = attention_scores(q, k, scale)
    except ValueError as error:
        assert _names(str(error), "q", "k", "scale"), error
        assert _overflow_justified(products, q, factor, scale, dtype, d_k), error
        return
    assert scores.dtype == dtype and np.isfinite(scores).all()
    exact = ref.attention_exact(q, k, np.zeros((k.shape[0], 1)), None, factor)[2]
    for i, row in enumerate(exact):
        for j, value in enumerate(row):
            if math.isfinite(err[i, j]):  # (else: finite is all that can be asked)
                assert abs(Fraction(float(scores[i, j])) - value) <= Fraction(float(err[i, j])), (scores[i, j], value)


# float16 is computed in float32, anything wider than float64 (np.longdouble) in float64.
SOFTMAX_DTYPES = {np.float16: np.float32, np.float32: np.float32, np.float64: np.float64, np.longdouble: np.float64}


@st.composite
def softmax_cases(draw):
    dtype = draw(st.sampled_from(list(SOFTMAX_DTYPES)))
    drawn = np.float64 if dtype == np.longdouble else dtype  # (longdouble's own extremes: see test_validation)
    x = draw(extreme_arrays((3, 4), drawn)).astype(dtype)
    mask = draw(st.one_of(st.none(), st.lists(st.booleans(), min_size=12, max_size=12).map(
        lambda bits: np.array(bits).reshape(3, 4))))  # fmt: skip
    return x, mask, SOFTMAX_DTYPES[dtype]


@EXTREME
@given(case=softmax_cases())
def test_softmax_is_right_for_any_finite_scores(case):
    """softmax never refuses a finite x: the differences from each row's largest are all it exponentiates."""
    x, mask, result_dtype = case
    weights = softmax(x, mask=mask)
    assert weights.dtype == result_dtype and np.isfinite(weights).all()
    expected = ref.softmax(x.astype(np.float64), mask=mask)
    # Each difference x - max is rounded by at most eps of itself: no weight above e^-20 moves by more than
    # 20 eps of itself, and a difference of -20 or less gives a weight whose rounding is below e^-20 anyway.
    np.testing.assert_allclose(weights, expected, rtol=0, atol=64 * float(np.finfo(result_dtype).eps))


def _exact_projection(x, w):
    """``x @ w`` rounded once to float64 from exact products; None if it overflows float64."""
    try:
        return np.array([[float(value) for value in row] for row in ref.exact_matmul(x, w)])
    except OverflowError:
        return None


@st.composite
def self_attention_cases(draw):
    dtype = draw(st.sampled_from(FLOAT_DTYPES))
    n, d_model, d_k, d_v = (draw(st.integers(1, 3)) for _ in range(4))
    x = draw(extreme_arrays((n, d_model), dtype))
    w_q, w_k = (draw(extreme_arrays((d_model, d_k), dtype)) for _ in range(2))
    w_v = draw(extreme_arrays((d_model, d_v), dtype))
    return dtype, x, w_q, w_k, w_v, draw(st.booleans())


def _projection_errors(x, ws, dtype):
    """The bounds |x| @ |w| of each projection, and whether one of them is within rounding of overflow."""
    big = float(np.finfo(dtype).max)
    margin = 1 + 4 * (x.shape[-1] + 4) * float(np.finfo(dtype).eps)
    bounds = [_abs_products(x, np.asarray(w).T) for w in ws]
    with np.errstate(over="ignore"):
        return bounds, any((b * margin >= big).any() for b in bounds)


@EXTREME
@given(case=self_attention_cases())
def test_self_attention_is_right_or_refuses_by_name(case):
    """Errors name x, w_q, w_k or w_v (what was passed), never the q, k, v computed inside."""
    dtype, x, w_q, w_k, w_v, causal = case
    (a_q, a_k, a_v), projection_overflow = _projection_errors(x, (w_q, w_k, w_v), dtype)
    d_k = w_q.shape[1]
    factor = _factor(None, d_k, dtype)
    width = x.shape[1] + d_k
    err, products = _score_errors(a_q, a_k, factor, np.zeros((x.shape[0],) * 2), dtype, width)
    try:
        output, weights = self_attention(x, w_q, w_k, w_v, causal=causal)
    except ValueError as error:
        assert _names(str(error), "x", "w_q", "w_k", "w_v"), error
        assert not _names(str(error), "q", "k", "v"), error
        assert projection_overflow or _overflow_justified(products, a_q, factor, None, dtype, width), error
        return
    q, k, v = (_exact_projection(x, w) for w in (w_q, w_k, w_v))
    assert q is not None and k is not None and v is not None  # else the package had to refuse
    exact_output, exact_weights, _ = ref.attention_exact(q, k, v, None, factor, causal)
    allowed, _ = _allowed_and_bias(None, causal, x.shape[0], x.shape[0], dtype)
    # The values themselves are rounded once more in the package than in the reference: (d_model + 2) eps of |x| @ |w_v|.
    extra_v = 4 * (x.shape[1] + 2) * float(np.finfo(dtype).eps) * a_v.max(axis=0)  # per column of v
    _check_attention(output, weights, exact_output, exact_weights, allowed, v, err, dtype, extra_v=extra_v)


@st.composite
def multi_head_cases(draw):
    dtype = draw(st.sampled_from(FLOAT_DTYPES))
    n_heads = draw(st.sampled_from([1, 2]))
    d_model = n_heads * draw(st.integers(1, 2))
    n_q, n_k = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    x = draw(extreme_arrays((n_q, d_model), dtype))
    context = draw(st.one_of(st.none(), extreme_arrays((n_k, d_model), dtype)))
    # The layer's own initial weights, moved as a whole to a magnitude the dtype holds.
    exponent = draw(st.integers(-60, 60))
    layer = MultiHeadAttention(d_model, n_heads, seed=draw(st.integers(0, 3)))
    ws = [np.ldexp(getattr(layer, f"w_{p}"), exponent) for p in "qkvo"]
    return dtype, MultiHeadAttention.from_weights(*ws, n_heads=n_heads), x, context, draw(st.booleans())


@EXTREME
@given(case=multi_head_cases())
def test_multi_head_attention_is_right_or_refuses_by_name(case):
    """MultiHeadAttention, self- and cross-attention: errors name x, context or the weights, never q, k, v."""
    dtype, layer, x, context, causal = case
    source = x if context is None else context
    cast = [getattr(layer, f"w_{p}").astype(dtype) for p in "qkvo"]  # as the layer computes in x's dtype
    (a_q,), q_overflow = _projection_errors(x, cast[:1], dtype)
    (a_k, a_v), kv_overflow = _projection_errors(source, cast[1:3], dtype)
    d_k, h = layer.d_k, layer.n_heads
    factor = _factor(None, d_k, dtype)
    width = layer.d_model + d_k
    big, eps = float(np.finfo(dtype).max), float(np.finfo(dtype).eps)
    try:
        output, weights = layer(x, causal=causal, context=context)
    except ValueError as error:
        message = str(error)
        assert _names(message, "x", "context", "w_q", "w_k", "w_v", "w_o"), error
        assert not re.search(r"\b[qkv] (has|contains)|\|[qkv]\|", message), error
        heads = [slice(i * d_k, (i + 1) * d_k) for i in range(h)]
        justified = q_overflow or kv_overflow
        for cols in heads:
            products = _abs_products(a_q[:, cols], a_k[:, cols])
            justified = justified or _overflow_justified(products, a_q[:, cols], factor, None, dtype, width)
        with np.errstate(over="ignore", invalid="ignore"):
            out_bound = a_v.max(axis=0) @ np.abs(cast[3])  # heads are averages of v: |heads| <= max |v|
        justified = justified or bool((out_bound * (1 + 8 * (layer.d_model + 4) * eps) >= big).any())
        assert justified, error
        return
    assert output.dtype == weights.dtype == dtype and np.isfinite(output).all()
    q, k, v = (_exact_projection(a, w) for a, w in ((x, cast[0]), (source, cast[1]), (source, cast[2])))
    assert q is not None and k is not None and v is not None
    n_q, n_k = x.shape[0], source.shape[0]
    allowed, _ = _allowed_and_bias(None, causal, n_q, n_k, dtype)
    concat = np.empty((n_q, layer.d_model))
    head_tolerance = np.empty((n_q, layer.d_model))
    for i in range(h):  # each head's weights; its output is inside the layer, known only to a tolerance
        cols = slice(i * d_k, (i + 1) * d_k)
        exact_output, exact_weights, _ = ref.attention_exact(q[:, cols], k[:, cols], v[:, cols], None, factor, causal)
        err, _ = _score_errors(a_q[:, cols], a_k[:, cols], factor, np.zeros((n_q, n_k)), dtype, width)
        deltas = _check_weights(weights[i], exact_weights, allowed, err, dtype)
        extra_v = 4 * (layer.d_model + 2) * eps * a_v[:, cols].max(axis=0)
        concat[:, cols] = exact_output
        unit, tolerance, _ = _output_tolerance(allowed, v[:, cols], deltas, dtype, extra_v)
        head_tolerance[:, cols] = tolerance * unit
    w_o = cast[3].astype(np.float64)
    expected = _exact_projection(concat, w_o)
    assert expected is not None
    with np.errstate(over="ignore"):  # an infinite tolerance for outputs near the largest float: finite is all
        rounding = 8 * (layer.d_model + 4) * eps * (np.abs(concat) @ np.abs(w_o))
        tolerance = head_tolerance @ np.abs(w_o) + rounding + 8 * float(np.finfo(dtype).smallest_subnormal)
    assert (np.abs(output.astype(np.float64) - expected) <= tolerance).all(), (output, expected, tolerance)


# --- hand-worked cases at the edges ---------------------------------------------------------------

_BIG32 = float(np.finfo(np.float32).max)
HAND_PATHS = {
    "scaled_dot_product_attention": lambda q, k, v, mask, scale: scaled_dot_product_attention(q, k, v, mask, scale),
    "attention_steps": lambda q, k, v, mask, scale: attention_steps(q, k, v, mask, scale)[2:][::-1],
    "blockwise_attention, one tile": lambda q, k, v, mask, scale: blockwise_attention(
        q, k, v, mask, scale, return_weights=True),
    "blockwise_attention, tiles": lambda q, k, v, mask, scale: blockwise_attention(
        q, k, v, mask, scale, block_size=4, return_weights=True),
}  # fmt: skip


@pytest.mark.parametrize("path", HAND_PATHS)
@pytest.mark.parametrize("sign", [-1, 1], ids=["below -max", "above +max"])
def test_scores_plus_mask_beyond_the_float_range_attend_uniformly(path, sign):
    """Every score s = ±0.58·max plus a mask of ±0.6·max: each sum, ±1.18·max, is beyond the float range.

    The sums are all equal, so the exact weights are uniform (1/8) and the output is the mean of v,
    3.5; neither zeros (the sum rounded to -inf, "forbidden") nor an error (the sum rounded to +inf).
    """
    s = np.sqrt(_BIG32 * 0.58)
    q = np.full((8, 1), s, np.float32)
    v = np.arange(8.0, dtype=np.float32)[:, None]
    mask = np.full((8, 8), sign * _BIG32 * 0.6, np.float32)
    output, weights = HAND_PATHS[path](q, sign * q, v, mask, 1.0)
    assert weights.dtype == output.dtype == np.float32
    np.testing.assert_allclose(weights, np.full((8, 8), 1 / 8), rtol=1e-6, atol=0)
    np.testing.assert_allclose(output, np.full((8, 1), 3.5), rtol=1e-6, atol=0)


@pytest.mark.parametrize("path", HAND_PATHS)
def test_of_sums_beyond_the_float_range_the_largest_takes_the_weight(path):
    """Sums -1.18·max and -1.28·max (scores -0.58·max, mask -0.6·max and -0.7·max): they differ by 0.1·max,
    so the first key gets weight e^0 / (e^0 + e^(-0.1·max)) = 1 and the second 0, exactly."""
    s = np.sqrt(_BIG32 * 0.58)
    q, k = np.full((2, 1), s, np.float32), np.full((2, 1), -s, np.float32)
    v = np.array([[1.0], [5.0]], np.float32)
    mask = np.array([[-0.6, -0.7], [-0.7, -0.6]], np.float32) * np.float32(_BIG32)
    output, weights = HAND_PATHS[path](q, k, v, mask, 1.0)
    assert weights.tolist() == [[1.0, 0.0], [0.0, 1.0]]
    assert output.tolist() == [[1.0], [5.0]]


@pytest.mark.parametrize("path", HAND_PATHS)
def test_values_at_the_largest_float_average_to_it(path):
    """Every value is float32's largest: so is every weighted average, though these weights sum to a little
    over 1 in float32 (the average would round to inf)."""
    q, k, v = _VALUES_AT_THE_TOP[1:4]
    output, _ = HAND_PATHS[path](q, k, v, None, None)
    assert output.tolist() == np.full((2, 2), np.finfo(np.float32).max).tolist()


def test_attention_scores_refuse_scores_that_overflow():
    """1e30 · 1e30 overflows float32: the same error as scaled_dot_product_attention's, not inf."""
    big = np.full((1, 1), 1e30, np.float32)
    message = "the scores q·kᵀ overflow float32 (q has shape (1, 1), k has shape (1, 1), largest |q| 1e+30"
    with pytest.raises(ValueError, match=re.escape(message)):
        attention_scores(big, big)
    with pytest.raises(ValueError, match=re.escape(message)):
        scaled_dot_product_attention(big, big, big)
