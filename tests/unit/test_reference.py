"""The naive reference is itself checked against numbers worked out by hand.

``reference.py`` is what the other modules compare the package with, so its
softmax, matrix product, attention (with additive and boolean masks),
multi-head attention and masks are each checked here on small cases whose
answers were worked out on paper."""

import math

import numpy as np
import pytest

import reference as ref


def test_softmax_row_hand_worked():
    """softmax([1, 2, 3]) = e^i / (e^1 + e^2 + e^3) = [0.0900, 0.2447, 0.6652]."""
    assert ref.softmax_row([1.0, 2.0, 3.0]) == pytest.approx([0.09003057, 0.24472847, 0.66524096], abs=1e-8)


def test_softmax_row_masking():
    """A masked entry and a -inf entry get 0; all masked gives zeros; e^1/(e^1+e^0) = 0.7311."""
    assert ref.softmax_row([1.0, 0.0, 5.0], [True, True, False]) == pytest.approx([0.7310585786, 0.2689414214, 0.0])
    assert ref.softmax_row([1.0, -math.inf]) == [1.0, 0.0]
    assert ref.softmax_row([1.0, 2.0], [False, False]) == [0.0, 0.0]


def test_softmax_along_axis_0():
    """Columns [0, 1] and [2, 2]: the first normalises to [0.2689, 0.7311], the second to [0.5, 0.5]."""
    expected = [[0.2689414214, 0.5], [0.7310585786, 0.5]]
    np.testing.assert_allclose(ref.softmax([[0.0, 2.0], [1.0, 2.0]], axis=0), expected, rtol=1e-9)


def test_matmul_hand_worked():
    """[[1, 2], [3, 4]] @ [[5], [6]] = [[1*5 + 2*6], [3*5 + 4*6]] = [[17], [39]]."""
    np.testing.assert_array_equal(ref.matmul([[1, 2], [3, 4]], [[5], [6]]), [[17.0], [39.0]])


def test_attention_hand_worked():
    """One query [1, 0], keys [1, 0] and [0, 1], values 10 and 20, scale 1.

    Scores [1, 0]; weights [e/(e+1), 1/(e+1)] = [0.7311, 0.2689];
    output 10*0.7311 + 20*0.2689 = 12.6894.
    """
    output, weights = ref.attention([[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[10.0], [20.0]], scale=1.0)
    np.testing.assert_allclose(weights, [[0.7310585786, 0.2689414214]], rtol=1e-9)
    np.testing.assert_allclose(output, [[12.6894142137]], rtol=1e-9)


def test_attention_additive_and_boolean_mask():
    """Adding 1 to the second score gives scores [1, 1] -> [0.5, 0.5]; forbidding it gives [1, 0]."""
    args = ([[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[10.0], [20.0]])
    _, weights = ref.attention(*args, mask=np.array([[0.0, 1.0]]), scale=1.0)
    np.testing.assert_allclose(weights, [[0.5, 0.5]], rtol=1e-12)
    output, weights = ref.attention(*args, mask=np.array([[True, False]]), scale=1.0)
    np.testing.assert_array_equal(weights, [[1.0, 0.0]])
    np.testing.assert_array_equal(output, [[10.0]])


def test_multi_head_with_identity_weights_is_per_head_attention():
    """With identity projections, head h attends over columns 2h..2h+1 only; W_O = I keeps the concatenation."""
    x = np.array([[1.0, 0.0, 0.0, 2.0], [0.0, 1.0, 1.0, 0.0]])
    eye = np.eye(4)
    output, weights = ref.multi_head(x, eye, eye, eye, eye, n_heads=2)
    for head in range(2):
        cols = slice(2 * head, 2 * head + 2)
        head_out, head_weights = ref.attention(x[:, cols], x[:, cols], x[:, cols])
        np.testing.assert_array_equal(output[:, cols], head_out)
        np.testing.assert_array_equal(weights[head], head_weights)


def test_masks_and_heads_literal():
    """Reference masks and head splitting on tiny literal cases."""
    np.testing.assert_array_equal(ref.causal_mask(2), [[True, False], [True, True]])
    np.testing.assert_array_equal(ref.padding_mask([1], 2), [[[True, False]]])
    np.testing.assert_array_equal(ref.split_heads([[0, 1, 2, 3]], 2), [[[0, 1]], [[2, 3]]])
    np.testing.assert_array_equal(ref.merge_heads([[[0, 1]], [[2, 3]]]), [[0, 1, 2, 3]])
