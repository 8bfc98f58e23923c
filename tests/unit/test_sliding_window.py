"""``window=``: sliding-window attention in every function that takes ``causal``, against naive loops.

The reference band is built by nested loops (query i sees key j when
``i - W < j <= i``, top-left aligned when the lengths differ), so the tests
do not share the package's rule. Also: how far stacked windows reach,
propagated through actual masks; the cache memory of Gemma 3's
local/global interleave, against hand-computed numbers; the errors.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from strategies import PROPERTY, qkv

from attention import (
    BLOCKWISE_THRESHOLD,
    GEMMA3_27B,
    MultiHeadAttention,
    additive_attention,
    attention_steps,
    blockwise_attention,
    causal_mask,
    grouped_query_attention,
    local_global_cache,
    padding_mask,
    scaled_dot_product_attention,
    self_attention,
    sliding_window_mask,
    window_reach,
)


def band(n_q: int, n_k: int, window: int) -> np.ndarray:
    """Query i sees key j when i - window < j <= i: written as loops, independent of the package."""
    return np.array([[i - window < j <= i for j in range(n_k)] for i in range(n_q)])


def test_the_mask_is_the_band():
    for n in (1, 2, 5, 9):
        for window in (1, 2, 3, n, n + 4):
            np.testing.assert_array_equal(sliding_window_mask(n, window), band(n, n, window))
    np.testing.assert_array_equal(sliding_window_mask(6, 6), causal_mask(6))  # W >= n: the causal mask
    np.testing.assert_array_equal(sliding_window_mask(4, 1), np.eye(4, dtype=bool))  # W = 1: only itself
    # each row sees min(i + 1, W) keys
    assert sliding_window_mask(7, 3).sum(axis=1).tolist() == [1, 2, 3, 3, 3, 3, 3]


@pytest.mark.parametrize(("n_q", "n_k", "window"), [(6, 6, 2), (6, 6, 3), (4, 7, 2), (7, 4, 3), (5, 5, 1), (5, 5, 9)])
def test_scaled_dot_product_attention_and_its_steps(n_q, n_k, window):
    rng = np.random.default_rng(n_q * 100 + n_k * 10 + window)
    q, k, v = rng.normal(size=(2, n_q, 3)), rng.normal(size=(2, n_k, 3)), rng.normal(size=(2, n_k, 2))
    expected_output, expected_weights = ref.attention(q, k, v, mask=band(n_q, n_k, window))
    output, weights = scaled_dot_product_attention(q, k, v, causal=True, window=window)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    steps = attention_steps(q, k, v, causal=True, window=window)
    np.testing.assert_allclose(steps.weights, expected_weights, rtol=0, atol=1e-12)
    np.testing.assert_allclose(steps.output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(
        blockwise_attention(q, k, v, causal=True, window=window).output, expected_output, atol=1e-12
    )


@PROPERTY
@given(qkv(batch_dims=2), st.integers(1, 6))
def test_any_shapes_and_window_equal_the_loops(inputs, window):
    q, k, v = inputs
    n_q, n_k = q.shape[-2], k.shape[-2]
    expected_output, expected_weights = ref.attention(q, k, v, mask=band(n_q, n_k, window))
    output, weights = scaled_dot_product_attention(q, k, v, causal=True, window=window)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)


def test_window_and_a_mask_both_apply():
    rng = np.random.default_rng(3)
    q, k, v = rng.normal(size=(3, 2, 6, 4))
    padding = padding_mask([4, 6], 6)  # sequence 0 has 4 real keys
    expected_output, expected_weights = ref.attention(q, k, v, mask=padding & band(6, 6, 3))
    output, weights = scaled_dot_product_attention(q, k, v, padding, causal=True, window=3)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    assert weights[0, 5, :3].sum() == 0 and weights[0, 5, 4:].sum() == 0 and weights[0, 5, 3] == 1.0


def test_the_blockwise_path_takes_the_window_too():
    """Above the threshold, return_weights=False goes blockwise: the same output, window included."""
    rng = np.random.default_rng(4)
    n, window = 300, 37
    assert n * n >= BLOCKWISE_THRESHOLD
    q, k, v = rng.normal(size=(3, n, 8))
    expected_output, _ = ref.attention(q, k, v, mask=band(n, n, window))
    only = scaled_dot_product_attention(q, k, v, causal=True, window=window, return_weights=False)
    np.testing.assert_allclose(only.output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(
        blockwise_attention(q, k, v, causal=True, window=window, block_size=64).output, expected_output, atol=1e-12
    )


def test_self_attention_multi_head_and_additive():
    rng = np.random.default_rng(5)
    x = rng.normal(size=(2, 6, 8))
    w_q, w_k, w_v, w_o = rng.normal(size=(4, 8, 8))
    mask = band(6, 6, 2)
    expected_output, expected_weights = ref.self_attention(x, w_q, w_k, w_v, mask=mask)
    output, weights = self_attention(x, w_q, w_k, w_v, causal=True, window=2)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    layer = MultiHeadAttention.from_weights(w_q, w_k, w_v, w_o, n_heads=2)
    expected_output, expected_weights = ref.multi_head(x, w_q, w_k, w_v, w_o, 2, mask=mask)
    output, weights = layer(x, causal=True, window=2)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    traced_output, _ = layer.traced(x, causal=True, window=2)
    np.testing.assert_allclose(traced_output, expected_output, rtol=0, atol=1e-12)
    # additive attention: the window hides the same keys as the mask would
    q, kk, v = rng.normal(size=(3, 5, 4))
    w_a, w_b, v_a = rng.normal(size=(4, 3)), rng.normal(size=(4, 3)), rng.normal(size=3)
    with_mask = additive_attention(q, kk, v, w_a, w_b, v_a, band(5, 5, 2))
    with_window = additive_attention(q, kk, v, w_a, w_b, v_a, causal=True, window=2)
    np.testing.assert_allclose(with_window.weights, with_mask.weights, rtol=0, atol=1e-15)
    assert (with_window.weights[4, :3] == 0).all() and with_window.weights[4, 3:].sum() == pytest.approx(1.0)


def test_grouped_query_attention():
    rng = np.random.default_rng(6)
    q = rng.normal(size=(4, 7, 8))
    k, v = rng.normal(size=(2, 2, 7, 8))
    output, weights = grouped_query_attention(q, k, v, causal=True, window=3)
    for head in range(4):
        expected_output, expected_weights = ref.attention(q[head], k[head // 2], v[head // 2], mask=band(7, 7, 3))
        np.testing.assert_allclose(output[head], expected_output, rtol=0, atol=1e-12)
        np.testing.assert_allclose(weights[head], expected_weights, rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("window", "error", "message"),
    [
        (0, ValueError, "window must be at least 1, got 0"),
        (-3, ValueError, "window must be at least 1, got -3"),
        (2.5, TypeError, "window must be an integer, got float"),
        (True, TypeError, "window must be an integer, got bool"),
        ("4", TypeError, "window must be an integer, got str"),
    ],
)
def test_bad_windows_are_named(window, error, message):
    x = np.ones((3, 4))
    for run in (
        lambda: scaled_dot_product_attention(x, x, x, causal=True, window=window),
        lambda: blockwise_attention(x, x, x, causal=True, window=window),
        lambda: MultiHeadAttention(4, 2)(x, causal=True, window=window),
        lambda: sliding_window_mask(3, window),
        lambda: window_reach(window, 2),
    ):
        with pytest.raises(error, match=re.escape(message)):
            run()


def test_a_window_needs_the_causal_mask():
    x = np.ones((3, 4))
    message = "window=2 limits the causal mask (query i sees keys i - window + 1 .. i): give causal=True as well"
    for run in (
        lambda: scaled_dot_product_attention(x, x, x, window=2),
        lambda: attention_steps(x, x, x, window=2),
        lambda: self_attention(x, np.eye(4), np.eye(4), np.eye(4), window=2),
        lambda: grouped_query_attention(x[None], x[None], x[None], window=2),
    ):
        with pytest.raises(ValueError, match=re.escape(message)):
            run()


def reach_through_masks(window: int, n_layers: int, n: int) -> int:
    """How far back the last token's output depends on the inputs: reachability pushed through L masks by loops."""
    mask = band(n, n, window)
    reach = [{i} for i in range(n)]  # after 0 layers, each position depends on itself
    for _ in range(n_layers):
        reach = [set().union(*(reach[j] for j in range(n) if mask[i, j])) for i in range(n)]
    return (n - 1) - min(reach[n - 1])


@pytest.mark.parametrize(("window", "n_layers"), [(1, 3), (2, 1), (2, 4), (3, 3), (4, 2), (5, 3)])
def test_the_receptive_field_grows_by_w_minus_1_a_layer(window, n_layers):
    n = n_layers * window + 3  # long enough that the reach is not cut by the start
    assert window_reach(window, n_layers) == reach_through_masks(window, n_layers, n) == n_layers * (window - 1)


@pytest.mark.parametrize(("window", "n_layers"), [(2, 3), (3, 4), (5, 2)])
def test_the_reach_of_stacked_attention_layers(window, n_layers):
    """Nudge one input token at a time through L residual layers of windowed attention: the last output moves
    exactly for the tokens within L(W - 1) of it, and is the same to the last bit for the others."""
    n = n_layers * (window - 1) + 4
    x = np.random.default_rng(window).normal(size=(n, 3))

    def last_output(inputs):
        for _ in range(n_layers):
            inputs = inputs + scaled_dot_product_attention(inputs, inputs, inputs, causal=True, window=window).output
        return inputs[-1]

    base = last_output(x)
    moved = []
    for j in range(n):
        nudged = x.copy()
        nudged[j] += 0.5
        moved.append(bool((last_output(nudged) != base).any()))
    assert moved == [j >= n - 1 - window_reach(window, n_layers) for j in range(n)]


def test_gemma3_cache_against_hand_computed_numbers():
    # 62 layers: 10 global (every 6th), 52 local of window 1,024; 2 · 16 kv heads · 128 · 2 bytes = 8,192 bytes a position
    assert GEMMA3_27B == {"n_layers": 62, "n_kv_heads": 16, "d_head": 128, "window": 1024, "local_per_global": 5}
    cache = local_global_cache(131_072, **GEMMA3_27B)
    assert (cache.global_layers, cache.local_layers) == (10, 52)
    assert cache.all_global_bytes == 62 * 131_072 * 8_192 == 66_571_993_088
    assert cache.interleaved_bytes == (10 * 131_072 + 52 * 1_024) * 8_192 == 11_173_625_856
    assert cache.ratio == pytest.approx(11_173_625_856 / 66_571_993_088)
    short = local_global_cache(500, **GEMMA3_27B)  # shorter than the window: the local layers hold it all
    assert short.interleaved_bytes == short.all_global_bytes == 62 * 500 * 8_192
    # one global layer in three, float32
    small = local_global_cache(10, n_layers=6, n_kv_heads=1, d_head=2, window=4, local_per_global=2, bytes_per_number=4)
    assert (small.global_layers, small.local_layers) == (2, 4)
    assert small.interleaved_bytes == 2 * 1 * 2 * 4 * (2 * 10 + 4 * 4) == 576
    assert small.all_global_bytes == 2 * 1 * 2 * 4 * 6 * 10 == 960


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n_tokens": -1}, ValueError, "n_tokens must be at least 0, got -1"),
        ({"window": 0}, ValueError, "window must be at least 1, got 0"),
        ({"n_kv_heads": 1.0}, TypeError, "n_kv_heads must be an integer, got float"),
        ({"local_per_global": -1}, ValueError, "local_per_global must be at least 0, got -1"),
    ],
)
def test_local_global_cache_errors(kwargs, error, message):
    arguments = {"n_tokens": 8, **GEMMA3_27B, "bytes_per_number": 2} | kwargs
    with pytest.raises(error, match=re.escape(message)):
        local_global_cache(**arguments)
