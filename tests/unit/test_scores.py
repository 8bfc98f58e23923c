"""attention_scores: hand-worked values, the scale, broadcasting against the reference, errors.

The default scale is 1/sqrt(d_k) and an explicit one replaces it; any real
number that converts is the same scale, and one beyond the float range (or
beyond float32 for float32 scores) is refused by name. Leading axes broadcast
as the loop reference (``reference.scores``) says."""

import math
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given

import reference as ref
from attention import attention_scores, attention_steps, blockwise_attention, scaled_dot_product_attention
from strategies import PROPERTY, qkv

Q = [[1.0, 0.0], [0.0, 2.0]]
K = [[1.0, 1.0], [2.0, 0.0], [0.0, 1.0]]
# Q K^T by hand: row 0 = [1*1 + 0*1, 1*2 + 0*0, 1*0 + 0*1] = [1, 2, 0]
#                row 1 = [0*1 + 2*1, 0*2 + 2*0, 0*0 + 2*1] = [2, 0, 2]
RAW = [[1.0, 2.0, 0.0], [2.0, 0.0, 2.0]]


def test_scale_one_gives_raw_dot_products():
    """scale=1.0 returns Q K^T unscaled."""
    np.testing.assert_array_equal(attention_scores(Q, K, scale=1.0), RAW)


def test_default_scale_is_one_over_sqrt_d_k():
    """d_k = 2, so the default divides by sqrt(2): 1 -> 0.70710678, 2 -> 1.41421356."""
    expected = [[0.7071067812, 1.4142135624, 0.0], [1.4142135624, 0.0, 1.4142135624]]
    np.testing.assert_allclose(attention_scores(Q, K), expected, rtol=1e-10)


def test_default_scale_with_d_k_4():
    """[1, 1, 1, 1] . [1, 1, 1, 1] = 4, and 4 / sqrt(4) = 2 exactly."""
    assert attention_scores([[1, 1, 1, 1]], [[1, 1, 1, 1]]).tolist() == [[2.0]]


@pytest.mark.parametrize("scale", [0.5, np.float32(0.5), np.float64(0.5)])
def test_explicit_scale(scale):
    """Any positive real, numpy scalars included, multiplies the dot products."""
    np.testing.assert_array_equal(attention_scores(Q, K, scale=scale), np.multiply(RAW, 0.5))


def test_integer_scale():
    """An integer scale is a real number too."""
    np.testing.assert_array_equal(attention_scores(Q, K, scale=3), np.multiply(RAW, 3.0))


@PROPERTY
@given(qkv(batch_dims=2))
def test_matches_reference_with_broadcast_leading_axes(arrays):
    """Scores equal the loop reference, leading axes of q and k broadcasting."""
    q, k, _ = arrays
    scores = attention_scores(q, k)
    expected = ref.scores(q, k)
    assert scores.shape == expected.shape
    np.testing.assert_allclose(scores, expected, rtol=1e-12, atol=1e-12)


def test_fixed_broadcast_example():
    """q (2, 1, 3, 4) against k (1, 5, 6, 4) gives scores (2, 5, 3, 6) equal to the reference."""
    rng = np.random.default_rng(1)
    q, k = rng.normal(size=(2, 1, 3, 4)), rng.normal(size=(1, 5, 6, 4))
    scores = attention_scores(q, k, scale=1.0)
    assert scores.shape == (2, 5, 3, 6)
    np.testing.assert_allclose(scores, ref.scores(q, k, scale=1.0), rtol=1e-12, atol=1e-12)


SHAPE_ERRORS = [
    ((2, 3), (4, 5), "q and k must have the same d_k (last axis): q has shape (2, 3), k has shape (4, 5)"),
    (
        (2, 2, 3),
        (3, 4, 3),
        "the leading (batch/head) axes of q and k do not broadcast: q has shape (2, 2, 3), k has shape (3, 4, 3)",
    ),
    ((3,), (4, 3), "q must have at least 2 dimensions, got shape (3,) (1-D)"),
    ((2, 3), (3,), "k must have at least 2 dimensions, got shape (3,) (1-D)"),
]


@pytest.mark.parametrize(("q_shape", "k_shape", "message"), SHAPE_ERRORS)
def test_shape_errors(q_shape, k_shape, message):
    """Incompatible q/k shapes raise ValueError naming q and k with both shapes."""
    with pytest.raises(ValueError, match=re.escape(message)):
        attention_scores(np.ones(q_shape), np.ones(k_shape))


BAD_SCALES = [
    (0, ValueError, "scale must be a positive finite number, got 0"),
    (0.0, ValueError, "scale must be a positive finite number, got 0.0"),
    (-1.0, ValueError, "scale must be a positive finite number, got -1.0"),
    (math.nan, ValueError, "scale must be a positive finite number, got nan"),
    (math.inf, ValueError, "scale must be a positive finite number, got inf"),
    (-math.inf, ValueError, "scale must be a positive finite number, got -inf"),
    ("0.5", TypeError, "scale must be a real number or None, got str"),
    (True, TypeError, "scale must be a real number or None, got bool"),
    (np.True_, TypeError, "scale must be a real number or None, got bool"),
    (1j, TypeError, "scale must be a real number or None, got complex"),
    ([0.5], TypeError, "scale must be a real number or None, got list"),
]
SCALED_FUNCTIONS = {
    "attention_scores": lambda scale: attention_scores(Q, K, scale=scale),
    "attention_steps": lambda scale: attention_steps(Q, K, np.ones((3, 1)), scale=scale),
    "scaled_dot_product_attention": lambda scale: scaled_dot_product_attention(Q, K, np.ones((3, 1)), scale=scale),
}


@pytest.mark.parametrize("function", SCALED_FUNCTIONS.values(), ids=SCALED_FUNCTIONS.keys())
@pytest.mark.parametrize(("scale", "error", "message"), BAD_SCALES)
def test_bad_scale(function, scale, error, message):
    """A scale that is not a positive finite real is refused by every function taking one."""
    with pytest.raises(error, match=re.escape(message)):
        function(scale)


SCALE_FUNCTIONS = SCALED_FUNCTIONS | {
    "blockwise_attention": lambda scale: blockwise_attention(Q, K, np.ones((3, 1)), scale=scale),
}


@pytest.mark.parametrize("function", SCALE_FUNCTIONS.values(), ids=SCALE_FUNCTIONS.keys())
@pytest.mark.parametrize("scale", [Fraction(1, 2), Fraction(5, 10)])
def test_any_real_scale_that_converts_is_the_same_scale(function, scale):
    """Fraction(1, 2) is 0.5: the same result as scale=0.5, not numpy's TypeError (any numbers.Real that converts)."""

    def arrays(result):  # an array, or a tuple of them (and None for weights not asked for)
        return [result] if isinstance(result, np.ndarray) else [a for a in result if a is not None]

    for got, expected in zip(arrays(function(scale)), arrays(function(0.5)), strict=True):
        np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("function", SCALE_FUNCTIONS.values(), ids=SCALE_FUNCTIONS.keys())
def test_a_scale_beyond_the_float_range_is_refused_by_name(function):
    """A Fraction beyond float64, or a float beyond float32 for float32 inputs: a ValueError naming scale."""
    with pytest.raises(ValueError, match=re.escape("scale must be a positive finite number, got a Fraction beyond")):
        function(Fraction(10**400))


def test_a_scale_beyond_float32_is_refused_for_float32_scores():
    q = np.ones((2, 3), np.float32)
    message = "scale=1e+39 is beyond the range of float32, in which the scores are computed"
    for function in (attention_scores, lambda q, k, scale: scaled_dot_product_attention(q, k, q, scale=scale),
                     lambda q, k, scale: blockwise_attention(q, k, q, scale=scale)):  # fmt: skip
        with pytest.raises(ValueError, match=re.escape(message)):
            function(q, q, scale=1e39)
    assert attention_scores(q.astype(np.float64), q, scale=1e39)[0, 0] == 3e39  # float64 holds it
