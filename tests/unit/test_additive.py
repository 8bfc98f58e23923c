"""Additive (Bahdanau) attention: hand-worked numbers, a naive loop, masks, blocks, dtypes, every error.

The reference is a naive loop over every query, key and hidden unit, one
float at a time (``v_a`` dotted with the tanh of the projected query plus the
projected key), besides scores and weights worked out by hand from tanh. The
package's scores and attention equal it with every kind of mask: boolean,
causal, additive, and padding on a batch with a fully masked query. Luong's
"concat" form is the same function, scoring in blocks of queries changes
nothing, and a hand-built matcher aligns as the dot product does."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

import reference as ref
import attention.additive as additive_module
from attention import additive_attention, additive_scores, causal_mask, padding_mask, scaled_dot_product_attention


def naive_scores(q, k, w_q, w_k, v_a):
    """s_ij = sum_a v_a[a] * tanh(sum_l q[i,l] w_q[l,a] + sum_l k[j,l] w_k[l,a]), one float at a time."""
    q, k, w_q, w_k, v_a = (np.asarray(a, dtype=np.float64) for a in (q, k, w_q, w_k, v_a))
    n_q, d_q = q.shape
    n_k, d_k = k.shape
    d_a = len(v_a)
    scores = []
    for i in range(n_q):
        row = []
        for j in range(n_k):
            total = 0.0
            for a in range(d_a):
                hidden = sum(float(q[i, l]) * float(w_q[l, a]) for l in range(d_q))
                hidden += sum(float(k[j, l]) * float(w_k[l, a]) for l in range(d_k))
                total += float(v_a[a]) * math.tanh(hidden)
            row.append(total)
        scores.append(row)
    return np.array(scores)


def naive_attention(q, k, v, w_q, w_k, v_a, allowed=None):
    """Softmax of each row of naive scores over the allowed keys, then the weighted sum of the values by loops."""
    scores = naive_scores(q, k, w_q, w_k, v_a)
    v = np.asarray(v, dtype=np.float64)
    weights = [ref.softmax_row(row, None if allowed is None else allowed[i]) for i, row in enumerate(scores)]
    output = [[sum(w * float(v[j, c]) for j, w in enumerate(row)) for c in range(v.shape[1])] for row in weights]
    return np.array(output), np.array(weights)


RNG = np.random.default_rng(17)
Q = RNG.normal(size=(3, 4))  # d_q = 4
K = RNG.normal(size=(5, 2))  # d_k = 2: another width
V = RNG.normal(size=(5, 3))
W_Q = RNG.normal(size=(4, 6))  # d_a = 6
W_K = RNG.normal(size=(2, 6))
V_A = RNG.normal(size=6)


def test_hand_worked_scores():
    """q = (1, 0), keys (1, 0) and (0, 1), identity projections, v_a = (1, 1):
    key 0: tanh(1 + 1) + tanh(0 + 0) = tanh 2; key 1: tanh(1 + 0) + tanh(0 + 1) = 2 tanh 1."""
    scores = additive_scores([[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], np.eye(2), np.eye(2), [1.0, 1.0])
    np.testing.assert_allclose(scores, [[math.tanh(2.0), 2 * math.tanh(1.0)]], rtol=1e-15)
    # ... so additive scores are no similarity by themselves: the key unlike the query scores higher here.
    assert scores[0, 1] > scores[0, 0]


def test_hand_worked_attention():
    """The softmax of those two scores weights the values 10 and 20."""
    w0 = 1.0 / (1.0 + math.exp(2 * math.tanh(1.0) - math.tanh(2.0)))
    output, weights = additive_attention(
        [[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[10.0], [20.0]], np.eye(2), np.eye(2), [1.0, 1.0]
    )
    np.testing.assert_allclose(weights, [[w0, 1 - w0]], rtol=1e-14)
    np.testing.assert_allclose(output, [[10 * w0 + 20 * (1 - w0)]], rtol=1e-14)


def test_scores_equal_the_naive_loop_with_different_widths():
    np.testing.assert_allclose(additive_scores(Q, K, W_Q, W_K, V_A), naive_scores(Q, K, W_Q, W_K, V_A), atol=1e-13)


def test_attention_equals_the_naive_loop():
    output, weights = additive_attention(Q, K, V, W_Q, W_K, V_A)
    naive_output, naive_weights = naive_attention(Q, K, V, W_Q, W_K, V_A)
    np.testing.assert_allclose(weights, naive_weights, atol=1e-13)
    np.testing.assert_allclose(output, naive_output, atol=1e-13)
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0, atol=1e-14)


def test_scores_are_bounded_by_the_l1_norm_of_v_a():
    huge_q = Q * 1e6
    scores = additive_scores(huge_q, K, W_Q, W_K, V_A)
    assert np.all(np.abs(scores) <= np.abs(V_A).sum() + 1e-12)


def test_concat_form_of_luong_is_the_same_function():
    """tanh([q_i, k_j] W) v_a with W = W_q stacked over W_k."""
    w = np.vstack([W_Q, W_K])
    concat = np.array([[np.tanh(np.concatenate([qi, kj]) @ w) @ V_A for kj in K] for qi in Q])
    np.testing.assert_allclose(additive_scores(Q, K, W_Q, W_K, V_A), concat, atol=1e-13)


def test_boolean_and_causal_masks_match_the_loop():
    k_same = RNG.normal(size=(3, 2))
    v_same = RNG.normal(size=(3, 3))
    allowed = np.array([[True, False, True], [False, True, True], [True, True, True]])
    output, weights = additive_attention(Q, k_same, v_same, W_Q, W_K, V_A, mask=allowed)
    naive_output, naive_weights = naive_attention(Q, k_same, v_same, W_Q, W_K, V_A, allowed)
    np.testing.assert_allclose(weights, naive_weights, atol=1e-13)
    np.testing.assert_allclose(output, naive_output, atol=1e-13)
    assert np.all(weights[~allowed] == 0.0)
    causal = additive_attention(Q, k_same, v_same, W_Q, W_K, V_A, causal=True)
    by_mask = additive_attention(Q, k_same, v_same, W_Q, W_K, V_A, mask=causal_mask(3))
    np.testing.assert_array_equal(causal.weights, by_mask.weights)
    np.testing.assert_allclose(causal.weights, naive_attention(Q, k_same, v_same, W_Q, W_K, V_A, causal_mask(3))[1])


def test_additive_mask_is_added_to_the_scores():
    bias = np.array([0.0, -1.0, 2.0, -np.inf, 0.5])
    weights = additive_attention(Q, K, V, W_Q, W_K, V_A, mask=bias).weights
    scores = naive_scores(Q, K, W_Q, W_K, V_A) + bias
    expected = [ref.softmax_row(row) for row in scores]
    np.testing.assert_allclose(weights, expected, atol=1e-13)
    assert np.all(weights[:, 3] == 0.0)


def test_padding_mask_on_a_batch_and_a_fully_masked_query():
    q = RNG.normal(size=(2, 3, 4))
    k = RNG.normal(size=(2, 5, 2))
    v = RNG.normal(size=(2, 5, 3))
    output, weights = additive_attention(q, k, v, W_Q, W_K, V_A, mask=padding_mask([2, 0], 5))
    for b, length in enumerate([2, 0]):
        allowed = [[j < length for j in range(5)]] * 3
        naive_output, naive_weights = naive_attention(q[b], k[b], v[b], W_Q, W_K, V_A, allowed)
        np.testing.assert_allclose(weights[b], naive_weights, atol=1e-13)
        np.testing.assert_allclose(output[b], naive_output, atol=1e-13)
    assert np.all(weights[1] == 0.0) and np.all(output[1] == 0.0)


def test_leading_axes_broadcast():
    q = RNG.normal(size=(2, 1, 3, 4))  # batch 2, one head
    k = RNG.normal(size=(4, 5, 2))  # 4 heads
    scores = additive_scores(q, k, W_Q, W_K, V_A)
    assert scores.shape == (2, 4, 3, 5)
    for b in range(2):
        for h in range(4):
            np.testing.assert_allclose(scores[b, h], naive_scores(q[b, 0], k[h], W_Q, W_K, V_A), atol=1e-13)


def test_scoring_in_blocks_of_queries_changes_nothing(monkeypatch):
    whole = additive_scores(Q, K, W_Q, W_K, V_A)
    monkeypatch.setattr(additive_module, "ADDITIVE_BLOCK_ENTRIES", 1)  # one query at a time
    np.testing.assert_allclose(additive_scores(Q, K, W_Q, W_K, V_A), whole, rtol=1e-15, atol=1e-15)
    monkeypatch.setattr(additive_module, "ADDITIVE_BLOCK_ENTRIES", 2 * 5 * 6)  # two queries, then one
    np.testing.assert_allclose(additive_scores(Q, K, W_Q, W_K, V_A), whole, rtol=1e-15, atol=1e-15)


def test_float32_stays_float32_and_mixed_gives_float64():
    f32 = [a.astype(np.float32) for a in (Q, K, V, W_Q, W_K, V_A)]
    output, weights = additive_attention(*f32)
    assert output.dtype == weights.dtype == np.float32
    np.testing.assert_allclose(weights, naive_attention(Q, K, V, W_Q, W_K, V_A)[1], atol=1e-5)
    assert additive_scores(f32[0], f32[1], W_Q, f32[4], f32[5]).dtype == np.float64
    assert additive_scores([[1, 0]], [[0, 1]], np.eye(2, dtype=int), np.eye(2, dtype=int), [1, 1]).dtype == np.float64


def test_linear_regime_loses_the_query():
    """Small inputs: tanh(x) ~ x, the score splits into a query part and a key part, and the
    softmax over the keys drops the query part: every query gets (almost) the same weights."""
    tiny = 1e-4
    weights = additive_attention(Q * tiny, K * tiny, V, W_Q, W_K, V_A * 1e4).weights
    assert np.abs(weights - weights[0]).max() < 1e-6
    key_part = (K * tiny) @ W_K @ (V_A * 1e4)
    np.testing.assert_allclose(weights[0], ref.softmax_row(key_part), atol=1e-6)


def test_same_alignment_as_dot_product_with_a_hand_built_matcher():
    """One-hot codes, W_q = W_k = c I, v_a = -s: a shared feature lights one hidden unit (tanh 2c),
    a feature only one side has lights two (tanh c each), so the matching key scores highest."""
    codes = np.eye(4)
    queries = codes[[2, 0, 3, 1]]
    c, s = 3.0, 10.0
    scores = additive_scores(queries, codes, c * np.eye(4), c * np.eye(4), -s * np.ones(4))
    assert list(scores.argmax(axis=1)) == [2, 0, 3, 1]
    match, other = -s * math.tanh(2 * c), -s * 2 * math.tanh(c)
    for i, j in np.ndindex(4, 4):
        assert scores[i, j] == pytest.approx(match if j == [2, 0, 3, 1][i] else other, abs=1e-12)
    dot = scaled_dot_product_attention(queries * 10, codes, codes).weights
    assert list(dot.argmax(axis=1)) == list(scores.argmax(axis=1))


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"w_q": np.ones((3, 6))}, ValueError, "w_q must have one row per query feature, (d_q, d_a): q has shape (3, 4) (d_q = 4), w_q has shape (3, 6)"),
        ({"w_k": np.ones((4, 6))}, ValueError, "w_k must have one row per key feature, (d_k, d_a): k has shape (5, 2) (d_k = 2), w_k has shape (4, 6)"),
        ({"w_k": np.ones((2, 5))}, ValueError, "w_q, w_k and v_a must share the hidden width d_a: w_q has shape (4, 6), w_k has shape (2, 5), v_a has shape (6,)"),
        ({"v_a": np.ones(5)}, ValueError, "v_a has shape (5,)"),
        ({"v_a": np.ones((6, 1))}, ValueError, "v_a must be 1-D, got shape (6, 1) (2-D)"),
        ({"w_q": np.ones(4)}, ValueError, "w_q must be 2-D, got shape (4,) (1-D)"),
        ({"q": np.ones(4)}, ValueError, "q must have at least 2 dimensions, got shape (4,) (1-D)"),
        ({"k": np.ones((2, 5, 2)), "q": np.ones((3, 3, 4))}, ValueError, "the leading (batch/head) axes of q and k do not broadcast: q has shape (3, 3, 4), k has shape (2, 5, 2)"),
        ({"q": np.full((3, 4), np.nan)}, ValueError, "q contains NaN (shape (3, 4))"),
        ({"v_a": np.array([np.inf, 0, 0, 0, 0, 0])}, ValueError, "v_a contains inf (shape (6,))"),
        ({"w_k": np.zeros((2, 6), dtype=bool)}, TypeError, "w_k must be a float array, got bool dtype"),
        ({"q": np.ones((3, 4), dtype=complex)}, TypeError, "q must be real, got complex dtype"),
        ({"k": np.ones((0, 2))}, ValueError, "k must not be empty, got shape (0, 2)"),
    ],
)
def test_scores_errors_name_the_argument_and_shapes(arguments, error, message):
    given = {"q": Q, "k": K, "w_q": W_Q, "w_k": W_K, "v_a": V_A} | arguments
    with pytest.raises(error, match=re.escape(message)):
        additive_scores(**given)
    with pytest.raises(error, match=re.escape(message)):
        additive_attention(given["q"], given["k"], V, given["w_q"], given["w_k"], given["v_a"])


def test_attention_errors_name_v_and_mask():
    with pytest.raises(ValueError, match=re.escape("k and v must have the same number of positions n_k (second-to-last axis): k has shape (5, 2), v has shape (4, 3)")):
        additive_attention(Q, K, V[:4], W_Q, W_K, V_A)
    with pytest.raises(ValueError, match=re.escape("the leading (batch/head) axes of q, k and v do not broadcast: q has shape (2, 3, 4), k has shape (5, 2), v has shape (3, 5, 3)")):
        additive_attention(np.ones((2, 3, 4)), K, np.ones((3, 5, 3)), W_Q, W_K, V_A)
    with pytest.raises(ValueError, match=re.escape("v contains NaN (shape (5, 3))")):
        additive_attention(Q, K, np.full((5, 3), np.nan), W_Q, W_K, V_A)
    with pytest.raises(ValueError, match=re.escape("mask with shape (3, 4) does not broadcast to the scores' shape (3, 5) (..., n_q, n_k)")):
        additive_attention(Q, K, V, W_Q, W_K, V_A, mask=np.ones((3, 4), dtype=bool))
    with pytest.raises(TypeError, match="causal must be True or False, got str"):
        additive_attention(Q, K, V, W_Q, W_K, V_A, causal="yes")


def test_overflowing_projections_and_scores_are_errors():
    with pytest.raises(ValueError, match=re.escape("q @ w_q overflows float64 (q has shape (3, 4), largest |q| 1e+300")):
        additive_scores(np.full((3, 4), 1e300), K, np.full((4, 6), 1e300), W_K, V_A)
    with pytest.raises(ValueError, match=re.escape("k @ w_k overflows float64")):
        additive_scores(Q, np.full((5, 2), 1e300), W_Q, np.full((2, 6), 1e300), V_A)
    big = np.full(6, np.finfo(np.float64).max / 2)
    with pytest.raises(ValueError, match=re.escape("tanh(q @ w_q + k @ w_k) @ v_a overflows float64 (v_a has shape (6,)")):
        additive_scores(np.ones((3, 4)), np.ones((5, 2)), np.ones((4, 6)), np.ones((2, 6)), big)


def test_sum_of_finite_projections_past_the_range_saturates():
    """Each projection finite, their sum beyond float64: tanh of it is 1, its limit, not NaN."""
    top = np.finfo(np.float64).max * 0.75
    scores = additive_scores([[1.0]], [[1.0]], [[top]], [[top]], [2.0])
    assert scores.tolist() == [[2.0]]
