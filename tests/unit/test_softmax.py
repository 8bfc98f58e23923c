"""softmax: hand-worked values, masking, numerical stability, properties, dtypes and errors.

Masked and ``-inf`` entries get exactly zero weight and never set the row's
maximum; a fully masked row is all zeros (defined, documented); scores near
the largest float stay finite. Properties (hypothesis): equal to the naive
reference (``reference.softmax``, ``math.exp`` one row at a time), rows that
sum to one, and invariance to adding a constant to a row."""

import re
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from attention import softmax
from strategies import PROPERTY, floats


def test_hand_worked_values():
    """softmax([1, 2, 3]) = e^i / (e^1 + e^2 + e^3) = [0.09003057, 0.24472847, 0.66524096]."""
    np.testing.assert_allclose(softmax([1.0, 2.0, 3.0]), [0.09003057, 0.24472847, 0.66524096], atol=5e-9)


def test_mask_renormalises_and_zeroes_exactly():
    """Masking 3 leaves softmax([1, 2]) = [1/(1+e), e/(1+e)] = [0.2689, 0.7311] and exactly 0."""
    weights = softmax([1.0, 2.0, 3.0], mask=[True, True, False])
    np.testing.assert_allclose(weights[:2], [0.2689414214, 0.7310585786], rtol=1e-9)
    assert weights[2] == 0.0


def test_masked_entries_do_not_set_the_maximum():
    """A huge masked score must not shift the allowed ones into underflow: [0, 1000] with 1000 masked -> [1, 0]."""
    np.testing.assert_array_equal(softmax([0.0, 1000.0], mask=[True, False]), [1.0, 0.0])
    np.testing.assert_array_equal(softmax([[-1000.0, 0.0]], axis=-1, mask=[[True, False]]), [[1.0, 0.0]])


def test_axis_0():
    """Normalising the columns of [[0, 2], [1, 2]] gives [[0.2689, 0.5], [0.7311, 0.5]]."""
    np.testing.assert_allclose(softmax([[0.0, 2.0], [1.0, 2.0]], axis=0), [[0.2689414214, 0.5], [0.7310585786, 0.5]])


def test_neg_inf_means_weight_zero():
    """-inf entries get exactly 0 and the rest renormalise: [0, -inf, 0] -> [0.5, 0, 0.5]."""
    np.testing.assert_array_equal(softmax([0.0, -np.inf, 0.0]), [0.5, 0.0, 0.5])


@pytest.mark.parametrize(
    ("x", "mask"),
    [
        ([[1.0, 2.0], [3.0, 4.0]], [[True, True], [False, False]]),
        ([[1.0, 2.0], [-np.inf, -np.inf]], None),
        ([[1.0, 2.0], [-np.inf, 5.0]], [[True, True], [True, False]]),
    ],
    ids=["mask", "all-neg-inf", "mask-and-neg-inf"],
)
def test_fully_masked_row_is_all_zeros(x, mask):
    """A row with no allowed entry gives exactly zeros (no NaN); the other row is untouched."""
    weights = softmax(x, mask=mask)
    np.testing.assert_array_equal(weights[1], [0.0, 0.0])
    np.testing.assert_allclose(weights[0], [0.2689414214, 0.7310585786], rtol=1e-9)


@pytest.mark.parametrize(
    ("x", "expected"),
    [
        (np.array([1e308, -1e308]), [1.0, 0.0]),
        (np.array([1e308, 1e308]), [0.5, 0.5]),
        (np.array([-1e308, -1e308]), [0.5, 0.5]),
        (np.array([-1e308, 1e308, -np.inf]), [0.0, 1.0, 0.0]),
        (np.array([3e38, -3e38], dtype=np.float32), [1.0, 0.0]),
        (np.array([3e38, 3e38], dtype=np.float32), [0.5, 0.5]),
    ],
    ids=["f64-spread", "f64-equal-max", "f64-equal-min", "f64-with-neg-inf", "f32-spread", "f32-equal-max"],
)
def test_huge_finite_scores_are_stable(x, expected):
    """Scores near the float limits give exact weights, no NaN/inf and no warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        weights = softmax(x)
    assert weights.dtype == x.dtype
    assert np.isfinite(weights).all()
    np.testing.assert_array_equal(weights, expected)


@pytest.mark.parametrize(
    ("dtype", "expected"),
    [
        (np.float32, np.float32),
        (np.float64, np.float64),
        (np.float16, np.float32),
        (np.int64, np.float64),
        (np.int32, np.float64),
        (np.uint8, np.float64),
    ],
)
def test_output_dtype(dtype, expected):
    """float32 stays float32, float64 stays float64, float16 is computed in float32, integers give float64."""
    assert softmax(np.array([[1, 2, 3]], dtype=dtype)).dtype == expected


@PROPERTY
@given(floats((3, 5), bound=50.0), st.integers(0, 1))
def test_matches_reference(x, axis):
    """Along either axis, softmax equals the loop-and-math.exp reference."""
    np.testing.assert_allclose(softmax(x, axis=axis), ref.softmax(x, axis=axis), rtol=1e-12, atol=1e-300)


@PROPERTY
@given(floats((2, 3, 4), bound=50.0), st.data())
def test_masked_matches_reference(x, data):
    """With a random boolean mask (possibly broadcasting), softmax equals the reference."""
    mask_shape = data.draw(st.sampled_from([(2, 3, 4), (3, 4), (1, 4), (2, 1, 4), (4,)]))
    mask = data.draw(floats(mask_shape, bound=1.0)) > 0
    np.testing.assert_allclose(softmax(x, mask=mask), ref.softmax(x, mask=mask), rtol=1e-12, atol=1e-300)


@PROPERTY
@given(floats((3, 4), bound=50.0))
def test_rows_sum_to_one(x):
    """Every row of weights is non-negative and sums to 1."""
    weights = softmax(x)
    assert (weights >= 0).all()
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0, rtol=1e-12)


@PROPERTY
@given(floats((3, 4), bound=50.0), st.floats(-100.0, 100.0))
def test_shift_invariant(x, c):
    """softmax(x + c) == softmax(x): adding a constant to every score changes nothing."""
    np.testing.assert_allclose(softmax(x + c), softmax(x), rtol=1e-9, atol=1e-15)


ARGUMENT_ERRORS = [
    (dict(x=[1.0, 2.0], axis=1), ValueError, "axis 1 is out of range for x with shape (2,)"),
    (dict(x=[[1.0, 2.0]], axis=-3), ValueError, "axis -3 is out of range for x with shape (1, 2)"),
    (dict(x=[1.0, 2.0], mask=[1, 0]), TypeError, "mask must be a boolean array (True = keep), got dtype int64"),
    (dict(x=[1.0, 2.0], mask=[True] * 3), ValueError, "mask with shape (3,) does not broadcast to x's shape (2,)"),
    # A mask that would enlarge x (plain broadcasting would accept it) is refused too.
    (
        dict(x=[1.0, 2.0], mask=[[True] * 2] * 3),
        ValueError,
        "mask with shape (3, 2) does not broadcast to x's shape (2,)",
    ),
    (dict(x=5.0), ValueError, "x must have at least 1 dimensions, got shape ()"),
    (dict(x=[[1.0, np.inf]]), ValueError, "x contains +inf (shape (1, 2))"),
    (dict(x=[[1.0, np.nan]], mask=[[True, False]]), ValueError, "x contains NaN (shape (1, 2))"),
    (dict(x=np.empty((2, 0))), ValueError, "x must not be empty, got shape (2, 0)"),
]


@pytest.mark.parametrize(("arguments", "error", "message"), ARGUMENT_ERRORS)
def test_errors(arguments, error, message):
    """Bad arguments raise the right exception type, naming the argument and the shapes."""
    with pytest.raises(error, match=re.escape(message)):
        softmax(**arguments)


@pytest.mark.parametrize("axis", [1.0, "0", True, None])
def test_axis_must_be_an_integer(axis):
    with pytest.raises(TypeError, match="axis must be an integer"):
        softmax([[1.0, 2.0]], axis=axis)
