"""The rolling KV cache (a sliding window, with StreamingLLM's sinks): a decoder with RoPE stepped through it equals a naive stream.

The reference is written with loops and keeps what the paper describes
(Xiao et al. 2023, arXiv:2309.17453, section 3.2): every token's keys
*before* RoPE, the list of the tokens cached at each step (the first S and
the last W - S, all of them while fewer than W), and, at every step, the
cached keys turned by their position in the text or their place in the
cache. The package turns each key once, when it is written, and turns the
kept ones back when tokens leave: these tests check that the two agree.
Also: the cache never grows, ``held``/``evicted``/``length``, and errors.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
import reference as ref

from attention import KVCache, RollingKVCache, apply_rope, grouped_query_attention, merge_heads, split_heads

BASE = 100.0


def rope_loops(x, position):
    """One vector turned by RoPE at ``position``, adjacent pairs, with math.cos/math.sin."""
    d = len(x)
    out = [0.0] * d
    for i in range(d // 2):
        angle = position * BASE ** (-2 * i / d)
        a, b = float(x[2 * i]), float(x[2 * i + 1])
        out[2 * i] = a * math.cos(angle) - b * math.sin(angle)
        out[2 * i + 1] = a * math.sin(angle) + b * math.cos(angle)
    return out


def cached_tokens(t, window, sinks):
    """The tokens token t attends to: all of 0..t while t < window, else the first ``sinks`` and the last window - sinks."""
    if t < window:
        return list(range(t + 1))
    return list(range(sinks)) + list(range(t - (window - sinks) + 1, t + 1))


def naive_stream(x, layers, n_heads, n_kv_heads, window, sinks, positions):
    """Each token in turn, each layer: RoPE at text or cache positions applied at this step to the raw keys, loops."""
    group = n_heads // n_kv_heads
    n, d_model = x.shape
    d_k = d_model // n_heads
    raw_k = [[None] * n for _ in layers]  # per layer, per token: keys before RoPE
    vals = [[None] * n for _ in layers]
    outputs = []
    for t in range(n):
        h = x[t]
        kept = cached_tokens(t, window, sinks)
        place = {j: (j if positions == "text" else index) for index, j in enumerate(kept)}
        for index, w in enumerate(layers):
            q = ref.matmul(h[None], w["w_q"])[0]
            raw_k[index][t] = ref.matmul(h[None], w["w_k"])[0]
            vals[index][t] = ref.matmul(h[None], w["w_v"])[0]
            heads = []
            for head in range(n_heads):
                kv = head // group
                cols_q, cols_kv = slice(head * d_k, (head + 1) * d_k), slice(kv * d_k, (kv + 1) * d_k)
                q_h = np.array([rope_loops(q[cols_q], place[t])])
                k_h = np.array([rope_loops(raw_k[index][j][cols_kv], place[j]) for j in kept])
                v_h = np.array([vals[index][j][cols_kv] for j in kept])
                out, _ = ref.attention(q_h, k_h, v_h)
                heads.append(out[0])
            h = h + ref.matmul(np.concatenate(heads)[None], w["w_o"])[0]
        outputs.append(h)
    return np.array(outputs)


def cached_step(x_new, layers, n_heads, n_kv_heads, cache):
    """The package's way: RoPE at ``cache.length + i``, keys through the cache, causal among the new tokens."""
    n = x_new.shape[0]
    positions = np.arange(cache.length, cache.length + n)
    for index, w in enumerate(layers):
        q = apply_rope(split_heads(x_new @ w["w_q"], n_heads), positions, base=BASE)
        k = apply_rope(split_heads(x_new @ w["w_k"], n_kv_heads), positions, base=BASE)
        k, v = cache.update(index, k, split_heads(x_new @ w["w_v"], n_kv_heads))
        n_k = k.shape[1]
        allowed = np.arange(n_k)[None, :] <= n_k - n + np.arange(n)[:, None]
        x_new = x_new + merge_heads(grouped_query_attention(q, k, v, allowed).output) @ w["w_o"]
    cache.advance(n)
    return x_new


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


@pytest.mark.parametrize(
    ("window", "sinks", "positions"),
    [
        (4, 0, "text"),
        (4, 0, "cache"),
        (5, 2, "text"),
        (5, 2, "cache"),
        (6, 4, "cache"),
        (3, 1, "cache"),
        (1, 0, "text"),
    ],
)
def test_token_by_token_equals_the_naive_stream(window, sinks, positions):
    rng = np.random.default_rng(window * 10 + sinks)
    d_model, n_heads, n_kv_heads, n = 8, 4, 2, 13
    layers = make_layers(rng, 2, d_model, n_heads, n_kv_heads)
    x = rng.normal(size=(n, d_model))
    expected = naive_stream(x, layers, n_heads, n_kv_heads, window, sinks, positions)
    rope = BASE if positions == "cache" else None
    cache = RollingKVCache(
        2, n_kv_heads, d_model // n_heads, window=window, sinks=sinks, positions=positions, rope_base=rope
    )
    for t in range(n):
        step = cached_step(x[t : t + 1], layers, n_heads, n_kv_heads, cache)
        np.testing.assert_allclose(step[0], expected[t], rtol=0, atol=1e-10)
        assert cache.held == min(t + 1, window - 1) and cache.capacity == window  # never grows
        assert cache.evicted == t + 1 - cache.held
        assert cache.length == (cache.held if positions == "cache" else t + 1)


def test_a_prompt_that_fits_the_window_in_one_pass():
    rng = np.random.default_rng(1)
    layers = make_layers(rng, 2, 8, 4, 2)
    x = rng.normal(size=(10, 8))
    expected = naive_stream(x, layers, 4, 2, 6, 2, "cache")
    cache = RollingKVCache(2, 2, 2, window=6, sinks=2, positions="cache", rope_base=BASE)
    np.testing.assert_allclose(cached_step(x[:6], layers, 4, 2, cache), expected[:6], rtol=0, atol=1e-10)
    rest = [cached_step(x[t : t + 1], layers, 4, 2, cache)[0] for t in range(6, 10)]
    np.testing.assert_allclose(np.array(rest), expected[6:], rtol=0, atol=1e-10)


def test_before_anything_leaves_it_is_the_growing_cache():
    rng = np.random.default_rng(2)
    layers = make_layers(rng, 2, 8, 4, 1)
    x = rng.normal(size=(7, 8))
    rolling = RollingKVCache(2, 1, 2, window=8, sinks=4, positions="cache", rope_base=BASE)
    growing = KVCache(2, 1, 2)
    for t in range(7):
        a = cached_step(x[t : t + 1], layers, 4, 1, rolling)
        b = cached_step(x[t : t + 1], layers, 4, 1, growing)
        np.testing.assert_array_equal(a, b)
    assert rolling.evicted == 0 and rolling.nbytes == growing.nbytes == 2 * 2 * 1 * 2 * 7 * 8


def test_without_sinks_both_numberings_attend_alike():
    """RoPE sees distances, and a window keeps the text's: 'text' and 'cache' give the same outputs when S = 0."""
    rng = np.random.default_rng(3)
    layers = make_layers(rng, 2, 8, 4, 2)
    x = rng.normal(size=(12, 8))
    text = RollingKVCache(2, 2, 2, window=4, positions="text")
    cache = RollingKVCache(2, 2, 2, window=4, positions="cache", rope_base=BASE)
    for t in range(12):
        np.testing.assert_allclose(
            cached_step(x[t : t + 1], layers, 4, 2, text), cached_step(x[t : t + 1], layers, 4, 2, cache), atol=1e-12
        )


def test_it_holds_the_sinks_and_the_latest_tokens():
    cache = RollingKVCache(1, 1, 2, d_v=1, window=5, sinks=2)
    for token in range(9):
        keys, values = cache.update(0, np.full((1, 1, 2), token), np.full((1, 1, 1), token))
        assert values[0, :, 0].tolist() == cached_tokens(token, 5, 2)
        assert not keys.flags.writeable
        cache.advance(1)
    assert cache.values(0)[0, :, 0].tolist() == [0, 1, 7, 8]
    assert cache.keys(0).shape == (1, 4, 2) and cache.nbytes == 4 * (2 + 1) * 8
    assert "window=5, sinks=2" in repr(cache)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"window": 0}, ValueError, "window must be at least 1, got 0"),
        ({"window": 2.0}, TypeError, "window must be an integer, got float"),
        (
            {"window": 4, "sinks": 4},
            ValueError,
            "sinks must be less than window (room for recent tokens), got sinks=4, window=4",
        ),
        ({"window": 4, "sinks": -1}, ValueError, "sinks must be at least 0, got -1"),
        ({"window": 4, "positions": "absolute"}, ValueError, "positions must be 'text' or 'cache', got 'absolute'"),
        ({"window": 4, "rope_base": 1e4}, ValueError, "with positions='text' nothing is turned: leave rope_base out"),
        (
            {"window": 4, "positions": "cache", "rope_base": 0.5},
            ValueError,
            "base must be a finite number greater than 1",
        ),
        ({"window": 4, "rope_pairs": "pairs"}, ValueError, "rope_pairs must be 'adjacent' or 'halves', got 'pairs'"),
    ],
)
def test_bad_arguments_are_named(kwargs, error, message):
    with pytest.raises(error, match=re.escape(message)):
        RollingKVCache(1, 1, 2, **kwargs)


def test_too_many_new_positions_and_a_missing_layer_are_errors():
    cache = RollingKVCache(2, 1, 2, window=4)
    message = "k holds 5 new positions but the cache has room for 4 (window=4, 0 held): give at most that many at once"
    with pytest.raises(ValueError, match=re.escape(message)):
        cache.update(0, np.ones((1, 5, 2)), np.ones((1, 5, 2)))
    cache.update(0, np.ones((1, 3, 2)), np.ones((1, 3, 2)))
    with pytest.raises(ValueError, match=re.escape("advance(3) needs every layer to have written 3 new positions")):
        cache.advance(3)
    with pytest.raises(
        ValueError, match=re.escape("k must have shape (n_kv_heads, n, d_k) = (1, n, 2), got (2, 1, 2)")
    ):
        cache.update(1, np.ones((2, 1, 2)), np.ones((2, 1, 2)))
