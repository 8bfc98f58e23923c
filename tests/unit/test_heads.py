"""split_heads and merge_heads: literal values, round trips, reference comparison, errors.

The reference moves each entry by loops (``out[..., h, t, f] = x[..., t, h * d_k + f]``);
split then merge, and merge then split, give back the input; the extremes
hold (one head with every feature, or as many heads as features)."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import reference as ref
from attention import merge_heads, split_heads
from strategies import PROPERTY, floats

X = np.arange(8.0).reshape(2, 4)  # 2 tokens, d_model 4
# Head 0 takes features 0-1 of each token, head 1 features 2-3.
SPLIT = [
    [[0.0, 1.0], [4.0, 5.0]],
    [[2.0, 3.0], [6.0, 7.0]],
]


def test_split_heads_literal():
    """arange(8).reshape(2, 4) in 2 heads: head 0 = [[0, 1], [4, 5]], head 1 = [[2, 3], [6, 7]]."""
    split = split_heads(X, 2)
    assert split.shape == (2, 2, 2)
    np.testing.assert_array_equal(split, SPLIT)


def test_merge_heads_literal():
    """Concatenating the heads' features restores [[0, 1, 2, 3], [4, 5, 6, 7]]."""
    np.testing.assert_array_equal(merge_heads(SPLIT), X)


@pytest.mark.parametrize(("n_heads", "expected_shape"), [(1, (1, 2, 4)), (4, (4, 2, 1))])
def test_split_extremes(n_heads, expected_shape):
    """One head holds every feature; d_model heads hold one feature each."""
    split = split_heads(X, n_heads)
    assert split.shape == expected_shape
    np.testing.assert_array_equal(split, ref.split_heads(X, n_heads))


@st.composite
def model_arrays(draw):
    """``(x, n_heads)`` with x of shape ``(..., n, n_heads * d_k)``."""
    lead = draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=3))
    n, n_heads, d_k = (draw(st.integers(1, 4)) for _ in range(3))
    return draw(floats((*lead, n, n_heads * d_k))), n_heads


@PROPERTY
@given(model_arrays())
def test_split_matches_reference(case):
    """split_heads moves feature h*d_k + f of token t to [h, t, f], with leading axes kept."""
    x, n_heads = case
    np.testing.assert_array_equal(split_heads(x, n_heads), ref.split_heads(x, n_heads))


@PROPERTY
@given(model_arrays())
def test_round_trips(case):
    """merge_heads(split_heads(x)) == x and split_heads(merge_heads(y)) == y, exactly."""
    x, n_heads = case
    np.testing.assert_array_equal(merge_heads(split_heads(x, n_heads)), x)
    y = ref.split_heads(x, n_heads)
    np.testing.assert_array_equal(merge_heads(y), ref.merge_heads(y))
    np.testing.assert_array_equal(split_heads(merge_heads(y), n_heads), y)


SPLIT_ERRORS = [
    (np.ones((2, 5)), 2, ValueError, "d_model (last axis of x, shape (2, 5))=5 is not divisible by n_heads=2"),
    (np.ones((3, 2, 6)), 4, ValueError, "d_model (last axis of x, shape (3, 2, 6))=6 is not divisible by n_heads=4"),
    (np.ones((2, 4)), 0, ValueError, "n_heads must be at least 1, got 0"),
    (np.ones((2, 4)), -2, ValueError, "n_heads must be at least 1, got -2"),
    (np.ones((2, 4)), 2.0, TypeError, "n_heads must be an integer, got float"),
    (np.ones((2, 4)), True, TypeError, "n_heads must be an integer, got bool"),
    (np.ones((2, 4)), "2", TypeError, "n_heads must be an integer, got str"),
    (np.ones(4), 2, ValueError, "x must have at least 2 dimensions, got shape (4,) (1-D)"),
]


@pytest.mark.parametrize(("x", "n_heads", "error", "message"), SPLIT_ERRORS)
def test_split_heads_errors(x, n_heads, error, message):
    """split_heads rejects bad head counts and ranks, naming the argument and x's shape."""
    with pytest.raises(error, match=re.escape(message)):
        split_heads(x, n_heads)


@pytest.mark.parametrize("shape", [(2, 4), (4,)])
def test_merge_heads_needs_three_axes(shape):
    """merge_heads needs (..., n_heads, n, d_v); fewer axes raise ValueError with the shape."""
    message = f"x must have at least 3 dimensions, got shape {shape} ({len(shape)}-D)"
    with pytest.raises(ValueError, match=re.escape(message)):
        merge_heads(np.ones(shape))
