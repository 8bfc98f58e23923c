"""ALiBi: the paper's slopes, hand-worked penalties, the bias as the package's additive mask, errors.

The slopes are checked against the paper's formula, 2^(-8h/H): for head counts
that are powers of two (8, and 16, which interleaves the 8-head slopes), and
for a count between two powers worked out by hand with the paper's rule. The
penalties -m·|i - j| are checked by hand and by a naive loop, also for a
decoding step after a cache (``first_query``). Through the package's
attention as an additive ``mask=``, with equal content scores, each causal
row's weights are exp(-m·distance) normalised: they fall with the distance."""

from __future__ import annotations

import math

import numpy as np
import pytest

from attention import alibi_bias, alibi_slopes, scaled_dot_product_attention


def test_eight_heads_have_the_papers_slopes() -> None:
    # Press, Smith & Lewis (2021), section 3: with 8 heads the slopes are 1/2, 1/4, ..., 1/2^8.
    assert alibi_slopes(8).tolist() == [1 / 2, 1 / 4, 1 / 8, 1 / 16, 1 / 32, 1 / 64, 1 / 128, 1 / 256]


@pytest.mark.parametrize("n_heads", [1, 2, 4, 8, 16, 32, 64])
def test_a_power_of_two_gives_the_geometric_sequence(n_heads: int) -> None:
    """m_h = 2^(-8h/H), h = 1..H: the first slope is also the ratio between neighbours."""
    expected = [2.0 ** (-8.0 * h / n_heads) for h in range(1, n_heads + 1)]
    np.testing.assert_allclose(alibi_slopes(n_heads), expected, rtol=1e-15)
    slopes = alibi_slopes(n_heads)
    np.testing.assert_allclose(slopes[1:] / slopes[:-1], slopes[0], rtol=1e-14)


def test_sixteen_heads_interleave_the_eight_head_slopes() -> None:
    # the paper: 16 heads take the geometric means of neighbouring 8-head slopes, 2^-0.5, 2^-1, 2^-1.5, ...
    sixteen = alibi_slopes(16)
    np.testing.assert_array_equal(sixteen[1::2], alibi_slopes(8))
    np.testing.assert_allclose(sixteen[2:-1:2], np.sqrt(alibi_slopes(8)[:-1] * alibi_slopes(8)[1:]), rtol=1e-15)


def test_a_head_count_between_powers_of_two_by_hand() -> None:
    # 12 heads: the 8-head slopes 2^-1 .. 2^-8, then terms 1, 3, 5, 7 of the 16-head sequence 2^(-h/2).
    halves = [2**-0.5, 2**-1.5, 2**-2.5, 2**-3.5]
    np.testing.assert_allclose(alibi_slopes(12), [2.0**-h for h in range(1, 9)] + halves, rtol=1e-15)
    # 3 heads: 2^-4, 2^-8 (two heads), then term 1 of the 4-head sequence, 2^-2.
    np.testing.assert_allclose(alibi_slopes(3), [1 / 16, 1 / 256, 1 / 4], rtol=1e-15)
    # 6 heads: 4^-1 .. 4^-4, then terms 1 and 3 of the 8-head sequence: 2^-1, 2^-3.
    np.testing.assert_allclose(alibi_slopes(6), [1 / 4, 1 / 16, 1 / 64, 1 / 256, 1 / 2, 1 / 8], rtol=1e-15)


@pytest.mark.parametrize("n_heads", range(1, 40))
def test_slopes_are_distinct_and_between_zero_and_one(n_heads: int) -> None:
    slopes = alibi_slopes(n_heads)
    assert slopes.shape == (n_heads,) and slopes.dtype == np.float64
    assert len(set(slopes.tolist())) == n_heads
    assert (slopes > 0).all() and (slopes < 1).all()


def test_bias_by_hand() -> None:
    # 2 heads: slopes 2^-4 and 2^-8. Query 2 of 3 is 2 and 1 away from keys 0 and 1.
    bias = alibi_bias(2, 3)
    assert bias.shape == (2, 3, 3)
    assert bias[0].tolist() == [[0, -1 / 16, -2 / 16], [-1 / 16, 0, -1 / 16], [-2 / 16, -1 / 16, 0]]
    assert bias[1, 2].tolist() == [-2 / 256, -1 / 256, 0]
    assert not np.signbit(bias[:, [0, 1, 2], [0, 1, 2]]).any()  # +0.0 on the diagonal, not -0.0


def test_bias_of_a_decoding_step_with_a_cache() -> None:
    # one new query at position 4 over keys 0..4 (4 of them cached), 1 head: slope 2^-8
    bias = alibi_bias(1, 1, 5, first_query=4)
    assert bias.tolist() == [[[-4 / 256, -3 / 256, -2 / 256, -1 / 256, 0.0]]]
    # ... the last row of the full bias
    np.testing.assert_array_equal(bias[0, 0], alibi_bias(1, 5)[0, 4])


def test_bias_by_a_naive_loop() -> None:
    n_heads, n_q, n_k, first = 5, 3, 7, 2
    slopes = alibi_slopes(n_heads)
    bias = alibi_bias(n_heads, n_q, n_k, first_query=first)
    for h in range(n_heads):
        for i in range(n_q):
            for j in range(n_k):
                assert bias[h, i, j] == -slopes[h] * abs(first + i - j)


def test_as_an_additive_mask_the_weights_fall_with_distance_by_hand() -> None:
    """With equal content scores (q = 0), a causal row's weights are exp(-m d) / sum: geometric in the distance."""
    n_heads, n, d_k = 4, 6, 3
    q = np.zeros((n_heads, n, d_k))
    k = np.random.default_rng(0).normal(size=(n_heads, n, d_k))
    v = np.eye(n)[None].repeat(n_heads, axis=0)  # the output row is the weight row
    out = scaled_dot_product_attention(q, k, v, mask=alibi_bias(n_heads, n), causal=True)
    for h, m in enumerate([1 / 4, 1 / 16, 1 / 64, 1 / 256]):
        for i in range(n):
            numerators = [math.exp(-m * (i - j)) for j in range(i + 1)]
            expected = [x / sum(numerators) for x in numerators] + [0.0] * (n - i - 1)
            np.testing.assert_allclose(out.weights[h, i], expected, rtol=1e-12, atol=0)
            assert (np.diff(out.weights[h, i, : i + 1]) > 0).all()  # nearer keys get more
    np.testing.assert_allclose(out.output, out.weights)


def test_bias_is_added_to_the_scaled_scores() -> None:
    rng = np.random.default_rng(3)
    q, k, v = rng.normal(size=(3, 2, 5, 4))
    bias = alibi_bias(2, 5)
    weights = scaled_dot_product_attention(q, k, v, mask=bias, causal=True).weights
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(4) + bias
    scores[:, np.triu_indices(5, 1)[0], np.triu_indices(5, 1)[1]] = -np.inf
    expected = np.exp(scores - scores.max(axis=-1, keepdims=True))
    np.testing.assert_allclose(weights, expected / expected.sum(axis=-1, keepdims=True), rtol=1e-12)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: alibi_slopes(0), ValueError, "n_heads must be at least 1, got 0"),
        (lambda: alibi_slopes(2.0), TypeError, "n_heads must be an integer, got float"),
        (lambda: alibi_slopes(True), TypeError, "n_heads must be an integer, got bool"),
        (lambda: alibi_bias(0, 3), ValueError, "n_heads must be at least 1"),
        (lambda: alibi_bias(2, 0), ValueError, "n_q must be at least 1, got 0"),
        (lambda: alibi_bias(2, 3, 0), ValueError, "n_k must be at least 1, got 0"),
        (lambda: alibi_bias(2, 3, 1.5), TypeError, "n_k must be an integer"),
        (lambda: alibi_bias(2, 3, first_query=-1), ValueError, "first_query must be at least 0, got -1"),
        (lambda: alibi_bias(2, 10**8, 10**8), MemoryError, r"alibi_bias\(n_heads=2, n_q=100000000"),
    ],
)
def test_errors_name_the_argument(call, error, message) -> None:
    with pytest.raises(error, match=message):
        call()
