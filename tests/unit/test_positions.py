"""RoPE: hand-worked rotations, the relative-position property, the two pair conventions, errors.

Frequencies, angles and rotations worked out by hand for both conventions
(adjacent pairs, as GGUF and llama.cpp store the weights, and halves, as
Hugging Face does); position zero changes nothing; rotated scores depend only
on the offset between query and key; the two conventions agree once the
weights are permuted; float32 stays float32."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from attention import apply_rope, rope_angles, rope_frequencies
from strategies import PROPERTY, floats


def test_frequencies_and_angles_by_hand() -> None:
    # d = 6, base 64: omega_i = 64^(-2i/6) = 4^(-i) -> 1, 1/4, 1/16
    np.testing.assert_allclose(rope_frequencies(6, base=64.0), [1.0, 0.25, 0.0625], rtol=1e-15)
    np.testing.assert_allclose(rope_angles([0, 2, 5], 6, base=64.0), [[0, 0, 0], [2, 0.5, 0.125], [5, 1.25, 0.3125]])
    # SmolLM2's: d_k 64, base 100,000: the slowest pair turns 100000^(-62/64) per position
    assert rope_frequencies(64, base=100_000.0)[-1] == pytest.approx(100_000.0 ** (-62 / 64), rel=1e-14)


def test_hand_worked_rotation_adjacent_pairs() -> None:
    # one token at position 3, d = 4, base 9: angles 3 * 9^0 = 3 and 3 * 9^(-1/2) = 1
    x = np.array([[[1.0, 2.0, 3.0, 4.0]]])
    c3, s3, c1, s1 = math.cos(3), math.sin(3), math.cos(1), math.sin(1)
    expected = [1 * c3 - 2 * s3, 1 * s3 + 2 * c3, 3 * c1 - 4 * s1, 3 * s1 + 4 * c1]
    np.testing.assert_allclose(apply_rope(x, [3], base=9.0)[0, 0], expected, rtol=1e-14)


def test_hand_worked_rotation_halves() -> None:
    # the same angles, now pairing (x0, x2) and (x1, x3)
    x = np.array([[1.0, 2.0, 3.0, 4.0]])
    c3, s3, c1, s1 = math.cos(3), math.sin(3), math.cos(1), math.sin(1)
    expected = [1 * c3 - 3 * s3, 2 * c1 - 4 * s1, 1 * s3 + 3 * c3, 2 * s1 + 4 * c1]
    np.testing.assert_allclose(apply_rope(x, [3], base=9.0, pairs="halves")[0], expected, rtol=1e-14)


def test_position_zero_changes_nothing_and_positions_default_to_arange() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(2, 5, 8))
    np.testing.assert_array_equal(apply_rope(x[:, :1], [0]), x[:, :1])
    np.testing.assert_array_equal(apply_rope(x), apply_rope(x, np.arange(5)))


def test_hand_worked_scores_depend_on_the_offset() -> None:
    # q = k = (1, 0), d = 2, base irrelevant for pair 0 (omega_0 = 1): score = cos(n - m)
    q = np.array([[1.0, 0.0]])
    for m, n in [(0, 0), (0, 2), (5, 7), (10, 10), (3, 1)]:
        score = apply_rope(q, [m]) @ apply_rope(q, [n]).T
        assert score[0, 0] == pytest.approx(math.cos(n - m), abs=1e-12)


@PROPERTY
@given(
    floats((8,)),
    floats((8,)),
    st.integers(0, 500),
    st.integers(0, 500),
    st.integers(-40, 40),
    st.sampled_from(["adjacent", "halves"]),
)
def test_rotated_scores_depend_only_on_the_offset(q, k, m, n, shift, pairs) -> None:
    """<R_m q, R_n k> = <R_(m+s) q, R_(n+s) k> for any shift s; and lengths are kept."""
    shift = max(shift, -min(m, n))

    def score(a: int, b: int) -> float:
        return float(
            apply_rope(q[None], [a], base=100.0, pairs=pairs)[0] @ apply_rope(k[None], [b], base=100.0, pairs=pairs)[0]
        )

    assert score(m, n) == pytest.approx(score(m + shift, n + shift), abs=1e-9)
    turned = apply_rope(q[None], [m], pairs=pairs)[0]
    assert float(np.linalg.norm(turned)) == pytest.approx(float(np.linalg.norm(q)), abs=1e-12)


def test_the_two_conventions_agree_under_the_weight_permutation() -> None:
    """Adjacent pairs on permuted features give the same scores as halves on the originals.

    Feature j of the halves layout is feature p[j] of the adjacent one, p = (0, 2, 4, ..., 1, 3, 5, ...):
    what a GGUF file does to the query and key weights.
    """
    rng = np.random.default_rng(2)
    d = 8
    q, k = rng.normal(size=(2, 6, d))
    permutation = np.concatenate([np.arange(0, d, 2), np.arange(1, d, 2)])
    adjacent = np.empty_like(q), np.empty_like(k)
    adjacent[0][:, permutation], adjacent[1][:, permutation] = q, k
    halves_scores = apply_rope(q, pairs="halves") @ apply_rope(k, pairs="halves").T
    adjacent_scores = apply_rope(adjacent[0]) @ apply_rope(adjacent[1]).T
    np.testing.assert_allclose(adjacent_scores, halves_scores, atol=1e-12)
    # ... and differ from either convention applied to the other's layout
    assert not np.allclose(apply_rope(q) @ apply_rope(k).T, halves_scores, atol=1e-3)


def test_float32_stays_float32_and_heads_share_positions() -> None:
    x = np.ones((3, 4, 6), dtype=np.float32)
    out = apply_rope(x, [7, 8, 9, 10])
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out[0], out[2])


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: apply_rope(np.ones((2, 3))), ValueError, r"last axis of x must be even, got shape \(2, 3\)"),
        (lambda: apply_rope(np.ones(4)), ValueError, "x must have at least 2 dimensions"),
        (lambda: apply_rope(np.ones((2, 4)), [0, 1, 2]), ValueError, r"x has n=2 .*positions has shape \(3,\)"),
        (lambda: apply_rope(np.ones((2, 4)), [0.0, 1.0]), TypeError, "positions must be integers"),
        (lambda: apply_rope(np.ones((2, 4)), [0, -1]), ValueError, "positions must be non-negative, got -1"),
        (lambda: apply_rope(np.ones((2, 4)), pairs="rotate"), ValueError, "pairs must be 'adjacent' or 'halves'"),
        (lambda: apply_rope(np.ones((2, 4)), base=1.0), ValueError, "base must be a finite number greater than 1"),
        (lambda: apply_rope(np.ones((2, 4)), base="big"), TypeError, "base must be a number"),
        (lambda: rope_frequencies(5), ValueError, "d must be even and at least 2, got 5"),
        (lambda: rope_angles([[0, 1]], 4), ValueError, r"positions must be 1-D \(n,\)"),
        (lambda: apply_rope(np.full((1, 2), np.nan)), ValueError, "x contains NaN"),
    ],
)
def test_errors_name_the_argument(call, error, message) -> None:
    with pytest.raises(error, match=message):
        call()
