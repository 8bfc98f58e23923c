"""scaled_dot_product_attention and attention_steps: hand-worked cases, masks, properties, errors.

Two-by-two cases worked out by hand (also without scaling, and with boolean
and additive masks); the naive-loop reference (``reference.attention``) on
random inputs with every kind of mask; a ``-inf`` additive mask equals the
boolean one, and masking equals slicing the keys away; rows sum to one, the
causal mask gives the future exactly zero weight, and a fully masked row
gives zero weights and a zero output. ``attention_steps`` agrees with one
call. Overflowing scores are an error that names ``q`` and ``k``."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from attention import (
    AttentionOutput,
    AttentionSteps,
    attention_steps,
    causal_mask,
    padding_mask,
    scaled_dot_product_attention,
)
from strategies import PROPERTY, additive_masks, bool_masks, floats, qkv, sizes

# A 2x2 example worked by hand (d_k = 2, default scale 1/sqrt(2) = 0.70710678):
#   Q = [[1, 0], [0, 1]], K = [[1, 0], [1, 1]], V = [[1, 2], [3, 4]]
#   Q K^T = [[1*1+0*0, 1*1+0*1], [0*1+1*0, 0*1+1*1]] = [[1, 1], [0, 1]]
#   scaled = [[0.70710678, 0.70710678], [0, 0.70710678]]
#   row 0: equal scores -> weights [0.5, 0.5]
#   row 1: e^0.70710678 = 2.02811498 -> [1/3.02811498, 2.02811498/3.02811498] = [0.33023845, 0.66976155]
#   output row 0: 0.5*[1, 2] + 0.5*[3, 4] = [2, 3]
#   output row 1: 0.33023845*[1, 2] + 0.66976155*[3, 4] = [1 + 2*0.66976155, 2 + 2*0.66976155] = [2.3395231, 3.3395231]
Q2 = [[1.0, 0.0], [0.0, 1.0]]
K2 = [[1.0, 0.0], [1.0, 1.0]]
V2 = [[1.0, 2.0], [3.0, 4.0]]
RAW2 = [[1.0, 1.0], [0.0, 1.0]]
SCALED2 = [[0.7071067812, 0.7071067812], [0.0, 0.7071067812]]
WEIGHTS2 = [[0.5, 0.5], [0.3302384507, 0.6697615493]]
OUTPUT2 = [[2.0, 3.0], [2.3395230987, 3.3395230987]]


def test_two_by_two_hand_worked():
    """The 2x2 example above: weights and output match the hand computation."""
    result = scaled_dot_product_attention(Q2, K2, V2)
    assert isinstance(result, AttentionOutput)
    output, weights = result
    np.testing.assert_allclose(weights, WEIGHTS2, rtol=1e-9)
    np.testing.assert_allclose(output, OUTPUT2, rtol=1e-9)


def test_two_by_two_steps_hand_worked():
    """attention_steps exposes the same example's four intermediates, in order."""
    steps = attention_steps(Q2, K2, V2)
    assert isinstance(steps, AttentionSteps)
    scores, scaled, weights, output = steps
    np.testing.assert_array_equal(scores, RAW2)
    np.testing.assert_allclose(scaled, SCALED2, rtol=1e-9)
    np.testing.assert_allclose(weights, WEIGHTS2, rtol=1e-9)
    np.testing.assert_allclose(output, OUTPUT2, rtol=1e-9)


def test_scale_one_hand_worked():
    """Query [1, 0], keys [1, 0] and [0, 1], values 10 and 20, scale 1.

    Scores [1, 0]; weights [e/(1+e), 1/(1+e)] = [0.7310586, 0.2689414];
    output 10*0.7310586 + 20*0.2689414 = 12.6894142.
    """
    output, weights = scaled_dot_product_attention([[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[10.0], [20.0]], scale=1.0)
    np.testing.assert_allclose(weights, [[0.7310585786, 0.2689414214]], rtol=1e-9)
    np.testing.assert_allclose(output, [[12.6894142137]], rtol=1e-9)


def test_boolean_mask_hand_worked():
    """Row 1 of the 2x2 example may only see key 0: weights [1, 0], output V[0] = [1, 2]; row 0 is unchanged."""
    output, weights = scaled_dot_product_attention(Q2, K2, V2, mask=[[True, True], [True, False]])
    np.testing.assert_allclose(weights, [[0.5, 0.5], [1.0, 0.0]], rtol=1e-12)
    np.testing.assert_allclose(output, [[2.0, 3.0], [1.0, 2.0]], rtol=1e-12)


def test_additive_mask_hand_worked():
    """Adding [0, -0.70710678] to row 1's scaled scores [0, 0.70710678] makes them equal: weights [0.5, 0.5]."""
    mask = [[0.0, 0.0], [0.0, -0.7071067811865476]]
    _, weights = scaled_dot_product_attention(Q2, K2, V2, mask=mask)
    np.testing.assert_allclose(weights, [[0.5, 0.5], [0.5, 0.5]], rtol=1e-12)


def test_fixed_broadcast_example():
    """q (2, 1, 3, 4), k (1, 5, 6, 4), v (5, 6, 3): output (2, 5, 3, 3) and weights (2, 5, 3, 6) match the reference."""
    rng = np.random.default_rng(7)
    q, k, v = rng.normal(size=(2, 1, 3, 4)), rng.normal(size=(1, 5, 6, 4)), rng.normal(size=(5, 6, 3))
    output, weights = scaled_dot_product_attention(q, k, v)
    expected_output, expected_weights = ref.attention(q, k, v)
    assert output.shape == (2, 5, 3, 3)
    assert weights.shape == (2, 5, 3, 6)
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-10, atol=1e-14)
    np.testing.assert_allclose(output, expected_output, rtol=1e-10, atol=1e-12)


def _assert_matches_reference(result, expected):
    for got, want in zip(result, expected, strict=True):
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)


@PROPERTY
@given(qkv(batch_dims=2))
def test_matches_reference(arrays):
    """Output and weights equal the loop reference for random shapes with broadcasting leading axes."""
    _assert_matches_reference(scaled_dot_product_attention(*arrays), ref.attention(*arrays))


@PROPERTY
@given(qkv(batch_dims=2), st.data())
def test_boolean_mask_matches_reference(arrays, data):
    """A random boolean mask broadcast to the scores' shape gives the reference's result."""
    q, k, v = arrays
    scores_shape = (*np.broadcast_shapes(q.shape[:-2], k.shape[:-2]), q.shape[-2], k.shape[-2])
    mask = data.draw(bool_masks(scores_shape))
    _assert_matches_reference(scaled_dot_product_attention(q, k, v, mask=mask), ref.attention(q, k, v, mask=mask))


@PROPERTY
@given(qkv(batch_dims=1), st.data())
def test_additive_mask_matches_reference(arrays, data):
    """A finite additive mask (with some -inf) is added to the scaled scores, as in the reference."""
    q, k, v = arrays
    scores_shape = (*np.broadcast_shapes(q.shape[:-2], k.shape[:-2]), q.shape[-2], k.shape[-2])
    mask = data.draw(additive_masks(scores_shape))
    _assert_matches_reference(scaled_dot_product_attention(q, k, v, mask=mask), ref.attention(q, k, v, mask=mask))


@PROPERTY
@given(qkv(batch_dims=1), st.data())
def test_neg_inf_additive_mask_equals_boolean_mask(arrays, data):
    """where(mask, 0, -inf) as an additive mask gives exactly the boolean mask's result."""
    q, k, v = arrays
    scores_shape = (*np.broadcast_shapes(q.shape[:-2], k.shape[:-2]), q.shape[-2], k.shape[-2])
    mask = data.draw(bool_masks(scores_shape))
    with_bool = scaled_dot_product_attention(q, k, v, mask=mask)
    with_additive = scaled_dot_product_attention(q, k, v, mask=np.where(mask, 0.0, -np.inf))
    np.testing.assert_array_equal(with_additive.weights, with_bool.weights)
    np.testing.assert_array_equal(with_additive.output, with_bool.output)


@PROPERTY
@given(qkv(batch_dims=2))
def test_weight_rows_sum_to_one(arrays):
    """Without a mask, every weight row is non-negative and sums to 1."""
    weights = scaled_dot_product_attention(*arrays).weights
    assert (weights >= 0).all()
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0, rtol=1e-12)


@PROPERTY
@given(st.data(), sizes, sizes, st.sampled_from([np.float32, np.float64]))
def test_causal_mask_gives_exactly_zero_weight_to_the_future(data, n, d, dtype):
    """With causal_mask(n), weight[i, j] == 0.0 exactly for every j > i."""
    q, k, v = (data.draw(floats((n, d))).astype(dtype) for _ in range(3))
    weights = scaled_dot_product_attention(q, k, v, mask=causal_mask(n)).weights
    future = np.triu(np.ones((n, n), dtype=bool), k=1)
    assert (weights[future] == 0.0).all()
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0, rtol=1e-5)


@PROPERTY
@given(qkv(), st.data())
def test_masking_matches_slicing(arrays, data):
    """Allowing only the first m keys equals attending over k[:m], v[:m]; the rest get exactly 0."""
    q, k, v = arrays
    n_k = k.shape[0]
    m = data.draw(st.integers(1, n_k))
    masked = scaled_dot_product_attention(q, k, v, mask=np.arange(n_k) < m)
    sliced = scaled_dot_product_attention(q, k[:m], v[:m])
    np.testing.assert_allclose(masked.weights[:, :m], sliced.weights, rtol=1e-12, atol=1e-15)
    assert (masked.weights[:, m:] == 0.0).all()
    np.testing.assert_allclose(masked.output, sliced.output, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize(
    "mask",
    [
        np.array([[True, True], [False, False]]),
        np.array([[0.0, 0.0], [-np.inf, -np.inf]]),
        np.array([[0.0, 0.5], [-np.inf, -np.inf]]),
    ],
    ids=["boolean", "additive-neg-inf", "additive-mixed"],
)
def test_fully_masked_row_gives_zero_weights_and_output(mask):
    """A query allowed no key gets all-zero weights and an all-zero output, never NaN."""
    output, weights = scaled_dot_product_attention(Q2, K2, V2, mask=mask)
    np.testing.assert_array_equal(weights[1], [0.0, 0.0])
    np.testing.assert_array_equal(output[1], [0.0, 0.0])
    assert np.isfinite(output).all()


def test_padding_length_zero_in_a_batch():
    """padding_mask([0, 2], 3) on a batch: sequence 0 is all zeros, sequence 1 gives key 2 exactly 0."""
    rng = np.random.default_rng(3)
    q, k, v = rng.normal(size=(2, 3, 4)), rng.normal(size=(2, 3, 4)), rng.normal(size=(2, 3, 5))
    mask = padding_mask([0, 2], 3)
    output, weights = scaled_dot_product_attention(q, k, v, mask=mask)
    np.testing.assert_array_equal(weights[0], np.zeros((3, 3)))
    np.testing.assert_array_equal(output[0], np.zeros((3, 5)))
    np.testing.assert_array_equal(weights[1, :, 2], [0.0, 0.0, 0.0])
    expected_output, expected_weights = ref.attention(q, k, v, mask=mask)
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-10, atol=1e-15)
    np.testing.assert_allclose(output, expected_output, rtol=1e-10, atol=1e-12)


@PROPERTY
@given(qkv(batch_dims=1), st.data())
def test_steps_match_reference_and_agree_with_one_call(arrays, data):
    """attention_steps: raw scores, unmasked scaled scores, weights and output match the reference and the one call."""
    q, k, v = arrays
    scores_shape = (*np.broadcast_shapes(q.shape[:-2], k.shape[:-2]), q.shape[-2], k.shape[-2])
    mask = data.draw(st.none() | bool_masks(scores_shape))
    scale = data.draw(st.none() | st.floats(0.1, 2.0))
    steps = attention_steps(q, k, v, mask=mask, scale=scale)
    expected_output, expected_weights = ref.attention(q, k, v, mask=mask, scale=scale)
    np.testing.assert_allclose(steps.scores, ref.scores(q, k, scale=1.0), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(steps.scaled_scores, ref.scores(q, k, scale=scale), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(steps.weights, expected_weights, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(steps.output, expected_output, rtol=1e-10, atol=1e-12)
    output, weights = scaled_dot_product_attention(q, k, v, mask=mask, scale=scale)
    np.testing.assert_array_equal(steps.weights, weights)
    np.testing.assert_array_equal(steps.output, output)


QKV_SHAPE_ERRORS = [
    (
        ((2, 4), (3, 4), (5, 2)),
        "k and v must have the same number of positions n_k (second-to-last axis): "
        "k has shape (3, 4), v has shape (5, 2)",
    ),
    (
        ((2, 2, 4), (2, 3, 4), (3, 3, 2)),
        "the leading (batch/head) axes of q, k and v do not broadcast: q has shape (2, 2, 4), "
        "k has shape (2, 3, 4), v has shape (3, 3, 2)",
    ),
    (((2, 4), (3, 4), (3,)), "v must have at least 2 dimensions, got shape (3,) (1-D)"),
    (((4,), (3, 4), (3, 2)), "q must have at least 2 dimensions, got shape (4,) (1-D)"),
    (((2, 4), (3, 5), (3, 2)), "q and k must have the same d_k (last axis): q has shape (2, 4), k has shape (3, 5)"),
]
FUNCTIONS = {"scaled_dot_product_attention": scaled_dot_product_attention, "attention_steps": attention_steps}


@pytest.mark.parametrize("function", FUNCTIONS.values(), ids=FUNCTIONS.keys())
@pytest.mark.parametrize(("shapes", "message"), QKV_SHAPE_ERRORS)
def test_qkv_shape_errors(function, shapes, message):
    """Incompatible q/k/v shapes raise ValueError naming the arguments and their shapes."""
    with pytest.raises(ValueError, match=re.escape(message)):
        function(*(np.ones(shape) for shape in shapes))


MASK_ERRORS = [
    (np.ones((3, 2), dtype=bool), ValueError, "mask with shape (3, 2) does not broadcast to the scores' shape (2, 3)"),
    # Broadcastable, but it would enlarge the scores to (4, 2, 3): refused.
    (
        np.ones((4, 2, 3), dtype=bool),
        ValueError,
        "mask with shape (4, 2, 3) does not broadcast to the scores' shape (2, 3)",
    ),
    (np.ones((2, 1, 1)), ValueError, "mask with shape (2, 1, 1) does not broadcast to the scores' shape (2, 3)"),
    (np.array([[0.0, np.inf, 0.0]]), ValueError, "mask contains +inf (shape (1, 3)); only -inf is allowed"),
    (np.array([[0.0, np.nan, 0.0]]), ValueError, "mask contains NaN (shape (1, 3))"),
    (np.array([["a", "b", "c"]]), TypeError, "mask must be a numeric array, got dtype <U1 with shape (1, 3)"),
    (np.array([[1 + 0j, 0, 0]]), TypeError, "mask must be real, got complex dtype complex128 with shape (1, 3)"),
]


@pytest.mark.parametrize("function", FUNCTIONS.values(), ids=FUNCTIONS.keys())
@pytest.mark.parametrize(("mask", "error", "message"), MASK_ERRORS)
def test_mask_errors(function, mask, error, message):
    """Bad masks raise the right exception naming mask, its shape and the scores' shape."""
    with pytest.raises(error, match=re.escape(message)):
        function(np.ones((2, 4)), np.ones((3, 4)), np.ones((3, 5)), mask=mask)


@pytest.mark.parametrize("function", FUNCTIONS.values(), ids=FUNCTIONS.keys())
def test_overflowing_scores_are_an_error_that_names_q_and_k(function):
    """Finite q and k whose dot products overflow float64 raise, instead of giving NaN weights."""
    big = np.full((2, 3), 1e200)
    with pytest.raises(ValueError, match=re.escape("the scores q·kᵀ overflow float64 (q has shape (2, 3), k has shape (2, 3)")):
        function(big, big, np.ones((2, 1)))


def test_huge_additive_mask_on_float32_behaves_like_a_forbidden_position():
    """A float64 mask of -1e300 does not overflow when applied to float32 scores: the key gets ~0 weight."""
    q = np.ones((2, 3), np.float32)
    mask = np.array([[0.0, -1e300], [0.0, 0.0]])
    with np.errstate(all="raise"):
        output, weights = scaled_dot_product_attention(q, q, q, mask=mask)
    assert weights.dtype == np.float32
    assert weights[0].tolist() == [1.0, 0.0]
    assert weights[1].tolist() == [0.5, 0.5]
