"""The core KV cache: a decoder stepped through it equals the full causal recomputation (naive loops) at every step.

The decoder has several layers and is run with multi-head, grouped-query and
multi-query attention (4 query heads over 4, 2 or 1 key/value heads), token by
token or a prompt in one pass then single tokens, while the cache grows past
its capacity. The reference recomputes every position at every step with
plain loops and the causal mask. Also: the cache holds exactly what was
written, its ``nbytes`` is the memory formula for each dtype, the views it
returns are read-only, and every error names the argument and the shapes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from attention import KVCache, grouped_query_attention, merge_heads, split_heads
from strategies import PROPERTY


def make_layers(rng, n_layers, d_model, n_heads, n_kv_heads):
    d_k = d_model // n_heads
    return [
        {
            "w_q": rng.normal(0, d_model**-0.5, (d_model, n_heads * d_k)),
            "w_k": rng.normal(0, d_model**-0.5, (d_model, n_kv_heads * d_k)),
            "w_v": rng.normal(0, d_model**-0.5, (d_model, n_kv_heads * d_k)),
            "w_o": rng.normal(0, d_model**-0.5, (n_heads * d_k, d_model)),
        }
        for _ in range(n_layers)
    ]


def naive_decoder(x, layers, n_heads, n_kv_heads):
    """Every position at once: for each layer, head h reads kv head h // group, causal mask, plain loops."""
    group = n_heads // n_kv_heads
    n = x.shape[0]
    mask = ref.causal_mask(n)
    for w in layers:
        q, k, v = (ref.matmul(x, w[f"w_{p}"]) for p in "qkv")
        d_k = q.shape[1] // n_heads
        heads = []
        for h in range(n_heads):
            kv = h // group
            cols_q, cols_kv = slice(h * d_k, (h + 1) * d_k), slice(kv * d_k, (kv + 1) * d_k)
            out, _ = ref.attention(q[:, cols_q], k[:, cols_kv], v[:, cols_kv], mask)
            heads.append(out)
        x = x + ref.matmul(np.concatenate(heads, axis=1), w["w_o"])
    return x


def cached_step(x_new, layers, n_heads, n_kv_heads, cache):
    """The new positions only, ``(n, d_model)``; earlier keys and values from the cache."""
    n = x_new.shape[0]
    start = cache.length
    for index, w in enumerate(layers):
        q = split_heads(x_new @ w["w_q"], n_heads)
        k, v = cache.update(index, split_heads(x_new @ w["w_k"], n_kv_heads), split_heads(x_new @ w["w_v"], n_kv_heads))
        n_k = k.shape[1]
        allowed = np.arange(n_k)[None, :] <= start + np.arange(n)[:, None]  # query start + i sees keys 0 .. start + i
        x_new = x_new + merge_heads(grouped_query_attention(q, k, v, allowed).output) @ w["w_o"]
    cache.advance(n)
    return x_new


@pytest.mark.parametrize("n_kv_heads", [1, 2, 4])
def test_token_by_token_equals_full_recomputation_at_every_step(n_kv_heads: int) -> None:
    rng = np.random.default_rng(n_kv_heads)
    d_model, n_heads, n_layers, n = 8, 4, 2, 7
    layers = make_layers(rng, n_layers, d_model, n_heads, n_kv_heads)
    x = rng.normal(size=(n, d_model))
    cache = KVCache(n_layers, n_kv_heads, d_model // n_heads, capacity=2)  # grows twice on the way
    for t in range(n):
        step = cached_step(x[t : t + 1], layers, n_heads, n_kv_heads, cache)
        full = naive_decoder(x[: t + 1], layers, n_heads, n_kv_heads)
        assert cache.length == t + 1
        np.testing.assert_allclose(step[0], full[t], rtol=0, atol=1e-12)
    assert cache.capacity == 8


def test_a_prompt_in_one_pass_then_single_tokens() -> None:
    rng = np.random.default_rng(7)
    d_model, n_heads, n_kv_heads = 12, 6, 3
    layers = make_layers(rng, 3, d_model, n_heads, n_kv_heads)
    x = rng.normal(size=(9, d_model))
    full = naive_decoder(x, layers, n_heads, n_kv_heads)
    cache = KVCache(3, n_kv_heads, 2, capacity=64)
    prompt = cached_step(x[:5], layers, n_heads, n_kv_heads, cache)
    np.testing.assert_allclose(prompt, full[:5], rtol=0, atol=1e-12)
    rest = [cached_step(x[t : t + 1], layers, n_heads, n_kv_heads, cache)[0] for t in range(5, 9)]
    np.testing.assert_allclose(np.array(rest), full[5:], rtol=0, atol=1e-12)


@PROPERTY
@given(st.integers(1, 3), st.integers(1, 3), st.lists(st.integers(1, 4), min_size=1, max_size=4), st.integers(1, 5))
def test_the_cache_holds_exactly_what_was_written(n_layers, n_kv_heads, chunks, capacity) -> None:
    rng = np.random.default_rng(0)
    cache = KVCache(n_layers, n_kv_heads, 3, d_v=2, capacity=capacity)
    written_k = [np.zeros((n_kv_heads, 0, 3)) for _ in range(n_layers)]
    written_v = [np.zeros((n_kv_heads, 0, 2)) for _ in range(n_layers)]
    for n in chunks:
        for layer in range(n_layers):
            k, v = rng.normal(size=(n_kv_heads, n, 3)), rng.normal(size=(n_kv_heads, n, 2))
            written_k[layer] = np.concatenate([written_k[layer], k], axis=1)
            written_v[layer] = np.concatenate([written_v[layer], v], axis=1)
            all_k, all_v = cache.update(layer, k, v)
            assert np.array_equal(all_k, written_k[layer]) and np.array_equal(all_v, written_v[layer])
        cache.advance(n)
    assert cache.length == sum(chunks) <= cache.capacity
    for layer in range(n_layers):
        assert np.array_equal(cache.keys(layer), written_k[layer])
        assert np.array_equal(cache.values(layer), written_v[layer])
    # the memory formula, with d_k + d_v for the two widths, against the bytes of the arrays
    assert cache.nbytes == n_layers * n_kv_heads * (3 + 2) * sum(chunks) * 8


def test_nbytes_is_the_formula_for_each_dtype() -> None:
    for dtype, size in [(np.float16, 2), (np.float32, 4), (np.float64, 8)]:
        cache = KVCache(n_layers=3, n_kv_heads=2, d_k=5, dtype=dtype)
        for layer in range(3):
            keys, _ = cache.update(layer, np.ones((2, 4, 5)), np.ones((2, 4, 5)))
            assert keys.dtype == dtype
        assert cache.nbytes == 0  # nothing held until advanced
        cache.advance(4)
        assert cache.nbytes == 2 * 3 * 2 * 5 * 4 * size


def test_writing_a_layer_again_before_advance_replaces_it() -> None:
    cache = KVCache(1, 1, 2)
    cache.update(0, np.zeros((1, 2, 2)), np.zeros((1, 2, 2)))
    keys, _ = cache.update(0, np.ones((1, 2, 2)), np.ones((1, 2, 2)))
    cache.advance(2)
    assert np.array_equal(keys, np.ones((1, 2, 2))) and cache.length == 2


def test_views_are_read_only() -> None:
    cache = KVCache(1, 1, 2)
    keys, values = cache.update(0, np.ones((1, 1, 2)), np.ones((1, 1, 2)))
    cache.advance(1)
    for view in (keys, values, cache.keys(0), cache.values(0)):
        with pytest.raises(ValueError, match="read-only"):
            view[0, 0, 0] = 5.0
    assert cache.keys(0)[0, 0, 0] == 1.0


def test_errors_name_the_argument_and_the_shapes() -> None:
    cache = KVCache(2, 3, 4)
    with pytest.raises(ValueError, match=r"layer must be in 0\.\.1 \(the cache has 2 layers\), got 2"):
        cache.update(2, np.ones((3, 1, 4)), np.ones((3, 1, 4)))
    with pytest.raises(ValueError, match=r"k must have shape \(n_kv_heads, n, d_k\) = \(3, n, 4\), got \(2, 1, 4\)"):
        cache.update(0, np.ones((2, 1, 4)), np.ones((3, 1, 4)))
    with pytest.raises(ValueError, match=r"v must have shape \(n_kv_heads, n, d_v\) = \(3, n, 4\) with the n=1 of k"):
        cache.update(0, np.ones((3, 1, 4)), np.ones((3, 2, 4)))
    with pytest.raises(ValueError, match=r"k must be 3-D, got shape \(1, 4\)"):
        cache.update(0, np.ones((1, 4)), np.ones((3, 1, 4)))
    with pytest.raises(ValueError, match=r"k contains NaN \(shape \(3, 1, 4\)\)"):
        cache.update(0, np.full((3, 1, 4), np.nan), np.ones((3, 1, 4)))
    with pytest.raises(TypeError, match="layer must be an integer"):
        cache.update(0.5, np.ones((3, 1, 4)), np.ones((3, 1, 4)))
    cache.update(0, np.ones((3, 1, 4)), np.ones((3, 1, 4)))
    with pytest.raises(ValueError, match=r"advance\(1\) needs every layer .* layer 1 holds 0 new positions"):
        cache.advance(1)
    assert cache.length == 0
    with pytest.raises(ValueError, match="n_kv_heads must be at least 1, got 0"):
        KVCache(1, 0, 4)
    with pytest.raises(TypeError, match="dtype must be float16, float32 or float64, got int64"):
        KVCache(1, 1, 4, dtype=np.int64)
    with pytest.raises(TypeError, match="dtype must be a numpy float dtype"):
        KVCache(1, 1, 4, dtype="not a dtype")
    half = KVCache(1, 1, 2, dtype=np.float16)
    beyond = r"v holds values beyond the range of the cache's float16 \(largest \|v\| 1e\+05\)"
    with pytest.raises(ValueError, match=beyond):
        half.update(0, np.ones((1, 1, 2)), np.full((1, 1, 2), 1e5))
