"""causal_mask and padding_mask: literal values, reference comparison and errors.

The reference builds each mask with nested Python conditions (``j <= i``,
``j < length``); a padding length of zero masks everything, numpy integers
are accepted as sizes, and a bad size or length list is refused by name."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from attention import causal_mask, padding_mask
from strategies import PROPERTY


def test_causal_mask_literal():
    """Token i sees tokens 0..i: the lower triangle with the diagonal."""
    expected = np.array(
        [
            [True, False, False],
            [True, True, False],
            [True, True, True],
        ]
    )
    mask = causal_mask(3)
    assert mask.dtype == np.bool_
    np.testing.assert_array_equal(mask, expected)


def test_causal_mask_of_one_token():
    """A single token sees itself."""
    np.testing.assert_array_equal(causal_mask(1), [[True]])


def test_padding_mask_literal():
    """Lengths [2, 3] padded to 3: the first sequence's last key is padding; shape (batch, 1, n)."""
    expected = np.array([[[True, True, False]], [[True, True, True]]])
    mask = padding_mask([2, 3], 3)
    assert mask.dtype == np.bool_
    assert mask.shape == (2, 1, 3)
    np.testing.assert_array_equal(mask, expected)


def test_padding_mask_length_zero_masks_everything():
    """Length 0 masks every key of that sequence."""
    np.testing.assert_array_equal(padding_mask([0, 1], 2), [[[False, False]], [[True, False]]])


@pytest.mark.parametrize("n", [np.int64(3), np.uint8(3)])
def test_numpy_integer_n_accepted(n):
    """numpy integers are integers too."""
    np.testing.assert_array_equal(causal_mask(n), ref.causal_mask(3))
    np.testing.assert_array_equal(padding_mask(np.array([1, 3], dtype=np.uint8), n), ref.padding_mask([1, 3], 3))


@PROPERTY
@given(st.integers(1, 12))
def test_causal_mask_matches_reference(n):
    """causal_mask(n)[i, j] == (j <= i) for every n."""
    np.testing.assert_array_equal(causal_mask(n), ref.causal_mask(n))


@PROPERTY
@given(st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n), min_size=1, max_size=5))))
def test_padding_mask_matches_reference(n_and_lengths):
    """padding_mask(lengths, n)[b, 0, j] == (j < lengths[b])."""
    n, lengths = n_and_lengths
    np.testing.assert_array_equal(padding_mask(lengths, n), ref.padding_mask(lengths, n))


BAD_N = [
    (0, ValueError, "n must be at least 1, got 0"),
    (-1, ValueError, "n must be at least 1, got -1"),
    (2.5, TypeError, "n must be an integer, got float"),
    (3.0, TypeError, "n must be an integer, got float"),
    (True, TypeError, "n must be an integer, got bool"),
    (np.True_, TypeError, "n must be an integer, got bool"),
    ("3", TypeError, "n must be an integer, got str"),
    (None, TypeError, "n must be an integer, got NoneType"),
]


@pytest.mark.parametrize(("n", "error", "message"), BAD_N)
def test_causal_mask_bad_n(n, error, message):
    """causal_mask rejects non-integer and non-positive lengths, naming n."""
    with pytest.raises(error, match=re.escape(message)):
        causal_mask(n)


@pytest.mark.parametrize(("n", "error", "message"), BAD_N)
def test_padding_mask_bad_n(n, error, message):
    """padding_mask rejects the same bad n, naming n."""
    with pytest.raises(error, match=re.escape(message)):
        padding_mask([1], n)


@pytest.mark.parametrize(
    ("lengths", "error", "message"),
    [
        ([4], ValueError, "lengths must lie in 0..3 (n=3), got [4]"),
        ([2, -1], ValueError, "lengths must lie in 0..3 (n=3), got [2, -1]"),
        ([1.0, 2.0], TypeError, "lengths must be integers, got dtype float64"),
        ([True, False], TypeError, "lengths must be integers, got dtype bool"),
        (["1"], TypeError, "lengths must be integers, got dtype <U1"),
        ([[1], [2]], ValueError, "lengths must be a non-empty 1-D array (batch,), got shape (2, 1)"),
        (2, ValueError, "lengths must be a non-empty 1-D array (batch,), got shape ()"),
        (np.array([], dtype=int), ValueError, "lengths must be a non-empty 1-D array (batch,), got shape (0,)"),
    ],
)
def test_padding_mask_bad_lengths(lengths, error, message):
    """padding_mask rejects out-of-range, non-integer and wrongly shaped lengths, naming lengths."""
    with pytest.raises(error, match=re.escape(message)):
        padding_mask(lengths, 3)


@pytest.mark.parametrize("lengths", [[], np.array([], dtype=int)])
def test_empty_lengths_say_so(lengths):
    with pytest.raises(ValueError, match=re.escape("lengths must be a non-empty 1-D array (batch,), got shape (0,)")):
        padding_mask(lengths, 3)
