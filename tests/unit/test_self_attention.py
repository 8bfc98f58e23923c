"""self_attention: hand-worked case, reference comparison, permutation equivariance, causal masking, errors.

Worked out by hand with identity projections and with a small projection
of d_k = 1; against the loop reference (projections by ``reference.matmul``,
then ``reference.attention``); permuting the tokens permutes the output;
under the causal mask the future gets exactly zero weight; an overflow names
``x`` or the weight matrix that caused it."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import reference as ref
from attention import causal_mask, self_attention
from strategies import PROPERTY, bool_masks, floats, sizes


@st.composite
def sequences(draw, max_batch_dims=2):
    """``(x, w_q, w_k, w_v)`` with random small sizes and leading batch axes on x."""
    lead = draw(hnp.array_shapes(min_dims=0, max_dims=max_batch_dims, max_side=3))
    n, d_model, d_k, d_v = (draw(sizes) for _ in range(4))
    x = draw(floats((*lead, n, d_model)))
    return x, draw(floats((d_model, d_k))), draw(floats((d_model, d_k))), draw(floats((d_model, d_v)))


def test_identity_projections_hand_worked():
    """x = I_3, W = I_3: scores I/sqrt(3), so each row is softmax([0.57735, 0, 0]).

    e^0.57735 = 1.78131: diagonal 1.78131/3.78131 = 0.47108, elsewhere 1/3.78131 = 0.26446;
    the values are I, so the output equals the weights.
    """
    eye = np.eye(3)
    output, weights = self_attention(eye, eye, eye, eye)
    expected = np.full((3, 3), 0.2644584615) + np.eye(3) * (0.4710830770 - 0.2644584615)
    np.testing.assert_allclose(weights, expected, rtol=1e-9)
    np.testing.assert_allclose(output, expected, rtol=1e-9)


def test_projections_hand_worked():
    """x = [[1, 0], [0, 1]], w_q = w_k = [[1], [0]] (d_k = 1), w_v = [[1], [2]].

    q = k = [[1], [0]], v = [[1], [2]]; scores (scale 1/sqrt(1) = 1) = [[1, 0], [0, 0]].
    Row 0: [e/(1+e), 1/(1+e)] = [0.7310586, 0.2689414], output 0.7310586 + 2*0.2689414 = 1.2689414.
    Row 1: [0.5, 0.5], output 1.5.
    """
    output, weights = self_attention([[1, 0], [0, 1]], [[1], [0]], [[1], [0]], [[1], [2]])
    np.testing.assert_allclose(weights, [[0.7310585786, 0.2689414214], [0.5, 0.5]], rtol=1e-9)
    np.testing.assert_allclose(output, [[1.2689414214], [1.5]], rtol=1e-9)


@PROPERTY
@given(sequences(), st.data())
def test_matches_reference(arrays, data):
    """Output and weights equal the loop reference, with leading batch axes and an optional boolean mask."""
    x = arrays[0]
    n = x.shape[-2]
    mask = data.draw(st.none() | bool_masks((*x.shape[:-2], n, n)))
    output, weights = self_attention(*arrays, mask=mask)
    expected_output, expected_weights = ref.self_attention(*arrays, mask=mask)
    assert output.shape == expected_output.shape
    assert weights.shape == expected_weights.shape
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(output, expected_output, rtol=1e-10, atol=1e-11)


@PROPERTY
@given(sequences(max_batch_dims=0), st.randoms(use_true_random=False))
def test_permutation_equivariant(arrays, random):
    """Permuting the rows of x permutes the output rows and both axes of the weights the same way."""
    x, w_q, w_k, w_v = arrays
    perm = list(range(x.shape[0]))
    random.shuffle(perm)
    output, weights = self_attention(x, w_q, w_k, w_v)
    permuted_output, permuted_weights = self_attention(x[perm], w_q, w_k, w_v)
    np.testing.assert_allclose(permuted_output, output[perm], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(permuted_weights, weights[np.ix_(perm, perm)], rtol=1e-10, atol=1e-14)


@PROPERTY
@given(sequences())
def test_causal_mask_gives_exactly_zero_weight_to_the_future(arrays):
    """With causal_mask(n) every weight above the diagonal is exactly 0.0, in every batch element."""
    n = arrays[0].shape[-2]
    weights = self_attention(*arrays, mask=causal_mask(n)).weights
    assert (weights[..., np.triu(np.ones((n, n), dtype=bool), k=1)] == 0.0).all()


ERRORS = [
    (dict(x=np.ones(4)), "x must have at least 2 dimensions, got shape (4,) (1-D)"),
    (dict(w_q=np.ones((4, 2, 1))), "w_q must be 2-D, got shape (4, 2, 1) (3-D)"),
    (dict(w_v=np.ones(4)), "w_v must be 2-D, got shape (4,) (1-D)"),
    (dict(w_q=np.ones((3, 2))), "w_q must have shape (d_model, d_out) with d_model=4 (the last axis of x), got (3, 2)"),
    (dict(w_k=np.ones((5, 2))), "w_k must have shape (d_model, d_out) with d_model=4 (the last axis of x), got (5, 2)"),
    (dict(w_v=np.ones((2, 4))), "w_v must have shape (d_model, d_out) with d_model=4 (the last axis of x), got (2, 4)"),
    (dict(w_k=np.ones((4, 3))), "w_q and w_k must give the same d_k: w_q has shape (4, 2), w_k has shape (4, 3)"),
    (dict(mask=np.ones((3, 4), dtype=bool)), "mask with shape (3, 4) does not broadcast to the scores' shape (3, 3)"),
]


@pytest.mark.parametrize(("override", "message"), ERRORS)
def test_shape_errors(override, message):
    """Mismatched x/weight/mask shapes raise ValueError naming the argument and the shapes."""
    arguments = dict(x=np.ones((3, 4)), w_q=np.ones((4, 2)), w_k=np.ones((4, 2)), w_v=np.ones((4, 5)))
    with pytest.raises(ValueError, match=re.escape(message)):
        self_attention(**(arguments | override))


SELF_OVERFLOWS = [
    (np.full((2, 2), 1e200), np.full((2, 2), 1e200), "x @ w_q overflows float64 (x has shape (2, 2), largest |x| 1e+200, "
     "w_q has shape (2, 2), largest |w_q| 1e+200): rescale x or w_q"),
    (np.full((2, 2), 1e100), np.full((2, 2), 1e100), "the scores (x @ w_q)·(x @ w_k)ᵀ overflow float64 (x has shape (2, 2), "
     "largest |x @ w_q| 2e+200, largest |x @ w_k| 2e+200): rescale x, w_q or w_k"),
]  # fmt: skip


@pytest.mark.parametrize(("x", "w", "message"), SELF_OVERFLOWS)
def test_overflows_name_x_and_the_weights(x, w, message):
    """The queries and keys are computed inside: an overflow is reported in terms of x, w_q and w_k."""
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        self_attention(x, w, w, np.eye(2))


def test_values_whose_projection_overflows_name_w_v():
    with pytest.raises(ValueError, match=re.escape("x @ w_v overflows float64 (x has shape (2, 2), largest |x| 1e+300")):
        self_attention(np.full((2, 2), 1e300), np.eye(2), np.eye(2), np.full((2, 2), 1e10))
