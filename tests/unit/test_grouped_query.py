"""Grouped-query attention against a naive loop (each key/value head repeated for its group), masks, errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from attention import causal_mask, grouped_query_attention, scaled_dot_product_attention
from attention.grouped_query import check_kv_heads
from strategies import PROPERTY, floats


def naive_gqa(q, k, v, mask=None):
    """Repeat key/value head h // r for query head h, then attend one query at a time with plain loops."""
    q, k, v = (np.asarray(a, dtype=np.float64) for a in (q, k, v))
    n_heads, n_q, _ = q.shape
    n_kv = k.shape[0]
    group = n_heads // n_kv
    outputs, weights = [], []
    for h in range(n_heads):
        kv = h // group
        head_mask = None if mask is None else np.broadcast_to(np.asarray(mask), (n_heads, n_q, k.shape[1]))[h]
        rows_out, rows_w = [], []
        for i in range(n_q):
            row_mask = None if head_mask is None else head_mask[i : i + 1]
            out, w = ref.attention(q[h, i : i + 1], k[kv], v[kv], row_mask)
            rows_out.append(out[0])
            rows_w.append(w[0])
        outputs.append(rows_out)
        weights.append(rows_w)
    return np.array(outputs), np.array(weights)


@st.composite
def gqa_inputs(draw, n_kv_heads=None):
    n_kv = draw(st.sampled_from([1, 3])) if n_kv_heads is None else n_kv_heads
    group = draw(st.integers(1, 3))
    n_heads = n_kv * group
    n_q, n_k, d_k, d_v = (draw(st.integers(1, 4)) for _ in range(4))
    q = draw(floats((n_heads, n_q, d_k)))
    k = draw(floats((n_kv, n_k, d_k)))
    v = draw(floats((n_kv, n_k, d_v)))
    return q, k, v


@PROPERTY
@given(gqa_inputs())
def test_matches_the_naive_loop(inputs) -> None:
    q, k, v = inputs
    output, weights = grouped_query_attention(q, k, v)
    expected_output, expected_weights = naive_gqa(q, k, v)
    np.testing.assert_allclose(weights, expected_weights, atol=1e-12)
    np.testing.assert_allclose(output, expected_output, atol=1e-12)


@pytest.mark.parametrize("n_kv_heads", [1, 3, 9])
def test_smollm2_shapes_multi_query_grouped_and_multi_head(n_kv_heads: int) -> None:
    """9 query heads over 1 (multi-query), 3 (SmolLM2) or 9 (multi-head) key/value heads, causal."""
    rng = np.random.default_rng(n_kv_heads)
    q = rng.normal(size=(9, 5, 4))
    k, v = rng.normal(size=(2, n_kv_heads, 5, 4))
    output, weights = grouped_query_attention(q, k, v, causal=True)
    expected_output, expected_weights = naive_gqa(q, k, v, causal_mask(5))
    np.testing.assert_allclose(weights, expected_weights, atol=1e-12)
    np.testing.assert_allclose(output, expected_output, atol=1e-12)
    assert np.all(weights[:, np.triu_indices(5, 1)[0], np.triu_indices(5, 1)[1]] == 0.0)


def test_n_kv_heads_equal_to_n_heads_is_multi_head_attention() -> None:
    rng = np.random.default_rng(0)
    q, k, v = rng.normal(size=(3, 4, 6, 5))
    output, weights = grouped_query_attention(q, k, v)
    expected = scaled_dot_product_attention(q, k, v)
    np.testing.assert_array_equal(weights, expected.weights)
    np.testing.assert_array_equal(output, expected.output)


def test_per_head_boolean_mask_and_additive_mask() -> None:
    rng = np.random.default_rng(3)
    q = rng.normal(size=(6, 3, 4))
    k, v = rng.normal(size=(2, 2, 5, 4))
    per_head = rng.random((6, 3, 5)) < 0.6
    per_head[:, :, 0] = True
    output, weights = grouped_query_attention(q, k, v, per_head)
    expected_output, expected_weights = naive_gqa(q, k, v, per_head)
    np.testing.assert_allclose(weights, expected_weights, atol=1e-12)
    np.testing.assert_allclose(output, expected_output, atol=1e-12)
    additive = np.where(rng.random((3, 5)) < 0.3, -np.inf, rng.normal(size=(3, 5)))
    additive[:, 1] = 0.0
    output, weights = grouped_query_attention(q, k, v, additive)
    expected_output, expected_weights = naive_gqa(q, k, v, additive)
    np.testing.assert_allclose(weights, expected_weights, atol=1e-12)
    np.testing.assert_allclose(output, expected_output, atol=1e-12)


def test_a_decoder_step_mask_with_earlier_keys() -> None:
    """2 new queries after 3 cached keys: query i sees keys 0 .. 3 + i (bottom-right aligned)."""
    rng = np.random.default_rng(4)
    q = rng.normal(size=(4, 2, 3))
    k, v = rng.normal(size=(2, 2, 5, 3))
    mask = np.array([[True, True, True, True, False], [True, True, True, True, True]])
    _, weights = grouped_query_attention(q, k, v, mask)
    _, expected = naive_gqa(q, k, v, mask)
    np.testing.assert_allclose(weights, expected, atol=1e-12)
    assert np.all(weights[:, 0, 4] == 0.0) and np.all(weights[:, 1, 4] > 0.0)


def test_batch_axes_broadcast() -> None:
    rng = np.random.default_rng(5)
    q = rng.normal(size=(2, 6, 3, 4))  # batch 2
    k, v = rng.normal(size=(2, 1, 3, 5, 4))  # batch 1, broadcast
    output, weights = grouped_query_attention(q, k, v)
    assert output.shape == (2, 6, 3, 4) and weights.shape == (2, 6, 3, 5)
    for b in range(2):
        expected_output, expected_weights = naive_gqa(q[b], k[0], v[0])
        np.testing.assert_allclose(weights[b], expected_weights, atol=1e-12)
        np.testing.assert_allclose(output[b], expected_output, atol=1e-12)


def test_float32_stays_float32() -> None:
    q = np.ones((4, 2, 3), dtype=np.float32)
    k = v = np.ones((2, 2, 3), dtype=np.float32)
    output, weights = grouped_query_attention(q, k, v)
    assert output.dtype == weights.dtype == np.float32


@pytest.mark.parametrize(
    ("q_shape", "k_shape", "v_shape", "message"),
    [
        ((9, 2, 4), (4, 2, 4), (4, 2, 4), r"n_heads=9 \(q has shape \(9, 2, 4\)\) is not a multiple of n_kv_heads=4"),
        ((6, 2, 4), (3, 2, 5), (3, 2, 4), r"same d_k .*q has shape \(6, 2, 4\), k has shape \(3, 2, 5\)"),
        ((6, 2, 4), (3, 2, 4), (2, 2, 4), r"same key/value heads .*k has shape \(3, 2, 4\), v has shape \(2, 2, 4\)"),
        ((6, 2, 4), (3, 2, 4), (3, 3, 4), r"v has shape \(3, 3, 4\)"),
        ((2, 6, 2, 4), (3, 3, 2, 4), (3, 3, 2, 4), "leading \\(batch\\) axes of q, k and v do not broadcast"),
        ((2, 4), (1, 2, 4), (1, 2, 4), "q must have at least 3 dimensions"),
    ],
)
def test_shape_errors_name_the_arguments(q_shape, k_shape, v_shape, message) -> None:
    with pytest.raises(ValueError, match=message):
        grouped_query_attention(np.ones(q_shape), np.ones(k_shape), np.ones(v_shape))


def test_mask_errors_name_the_scores_shape() -> None:
    with pytest.raises(
        ValueError, match=r"mask with shape \(4, 2, 2\) does not broadcast to the scores' shape \(6, 2, 2\)"
    ):
        grouped_query_attention(np.ones((6, 2, 4)), np.ones((3, 2, 4)), np.ones((3, 2, 4)), np.ones((4, 2, 2), bool))
    with pytest.raises(TypeError, match="causal must be True or False"):
        grouped_query_attention(np.ones((6, 2, 4)), np.ones((3, 2, 4)), np.ones((3, 2, 4)), causal="yes")


def test_check_kv_heads() -> None:
    assert check_kv_heads(9, 3) == 3
    assert check_kv_heads(9, 9) == 1
    with pytest.raises(ValueError, match="n_heads=9 is not a multiple of n_kv_heads=2"):
        check_kv_heads(9, 2)
    with pytest.raises(ValueError, match="n_kv_heads must be at least 1"):
        check_kv_heads(9, 0)
