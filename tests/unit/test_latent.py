"""Multi-head latent attention (DeepSeek-V2, arXiv:2405.04434): naive and absorbed forms against a loop reference.

The reference rebuilds every head's key ``[k^C; k^R]`` and value from the
latents with loops (``reference.matmul``), turns the RoPE parts with
``math.cos``/``math.sin``, and attends with ``reference.attention`` under a
loop-built causal mask. The cache sizes are checked against numbers worked
by hand from the paper's Table 1 and section 3.1.2.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
import reference as ref

from attention import DEEPSEEK_V2, LatentWeights, cache_per_token, latent_attention, latent_weights


def rope_loops(x, position, base=10_000.0):
    d = len(x)
    out = [0.0] * d
    for i in range(d // 2):
        angle = position * base ** (-2 * i / d)
        a, b = float(x[2 * i]), float(x[2 * i + 1])
        out[2 * i] = a * math.cos(angle) - b * math.sin(angle)
        out[2 * i + 1] = a * math.sin(angle) + b * math.cos(angle)
    return out


def mla_loops(x, w: LatentWeights, n_heads):
    """The paper's equations as written: keys [k^C_i; k^R] and values per head, rebuilt from the latents."""
    n = x.shape[0]
    d_rope = w.w_kr.shape[1]
    d_head = w.w_uk.shape[1] // n_heads
    latent = ref.matmul(x, w.w_dkv)
    k_c, v_c, q_c = ref.matmul(latent, w.w_uk), ref.matmul(latent, w.w_uv), ref.matmul(x, w.w_q)
    k_r_raw, q_r_raw = ref.matmul(x, w.w_kr), ref.matmul(x, w.w_qr)
    k_r = np.array([rope_loops(k_r_raw[t], t) for t in range(n)])
    heads = []
    for i in range(n_heads):
        cols, rope_cols = slice(i * d_head, (i + 1) * d_head), slice(i * d_rope, (i + 1) * d_rope)
        q = np.array([list(q_c[t, cols]) + rope_loops(q_r_raw[t, rope_cols], t) for t in range(n)])
        k = np.array([list(k_c[t, cols]) + list(k_r[t]) for t in range(n)])
        out, _ = ref.attention(q, k, v_c[:, cols], mask=ref.causal_mask(n))  # scale 1/sqrt(d_h + d_h^R)
        heads.append(out)
    return ref.matmul(np.concatenate(heads, axis=1), w.w_o)


@pytest.mark.parametrize(
    ("n_heads", "d_head", "d_latent", "d_rope", "n"), [(4, 8, 6, 4, 7), (2, 3, 5, 2, 5), (1, 4, 2, 6, 4)]
)
def test_naive_and_absorbed_equal_the_loop_reference(n_heads, d_head, d_latent, d_rope, n):
    w = latent_weights(d_model=10, n_heads=n_heads, d_head=d_head, d_latent=d_latent, d_rope=d_rope, seed=n_heads)
    x = np.random.default_rng(d_latent).normal(size=(n, 10))
    expected = mla_loops(x, w, n_heads)
    naive, absorbed = latent_attention(x, w), latent_attention(x, w, absorbed=True)
    np.testing.assert_allclose(naive.output, expected, rtol=0, atol=1e-12)
    np.testing.assert_allclose(absorbed.output, expected, rtol=0, atol=1e-12)
    np.testing.assert_allclose(absorbed.weights, naive.weights, rtol=0, atol=1e-13)
    assert naive.latent.shape == (n, d_latent) and naive.rope_key.shape == (n, d_rope)
    np.testing.assert_allclose(naive.weights.sum(axis=-1), 1.0, atol=1e-12)
    assert (naive.weights[:, 0, 1:] == 0).all()  # causal


def test_the_rope_key_is_shared_and_turned_by_position():
    w = latent_weights(d_model=6, n_heads=3, d_head=2, d_latent=4, d_rope=2, seed=1)
    x = np.tile(np.random.default_rng(0).normal(size=6), (3, 1))  # the same token three times
    out = latent_attention(x, w)
    np.testing.assert_allclose(out.latent, np.repeat(out.latent[:1], 3, axis=0), atol=1e-15)  # no position in c^KV
    raw = (x[0] @ w.w_kr).tolist()
    for t in range(3):
        np.testing.assert_allclose(out.rope_key[t], rope_loops(raw, t), atol=1e-14)


def test_deepseek_v2_cache_per_token_against_the_paper():
    # 128 heads of 128, 60 layers; d_c = 4 d_h = 512, d_h^R = d_h / 2 = 64 (arXiv:2405.04434, section 3.1.2)
    assert DEEPSEEK_V2 == {"n_heads": 128, "d_head": 128, "n_layers": 60, "d_latent": 512, "d_rope": 64}
    cache = cache_per_token(**DEEPSEEK_V2)
    assert cache.mha == 2 * 128 * 128 * 60 == 1_966_080
    assert cache.gqa == 2 * 8 * 128 * 60 == 122_880
    assert cache.mqa == 2 * 128 * 60 == 15_360
    assert cache.mla == (512 + 64) * 60 == 34_560
    assert cache.mla == 4.5 * 128 * 60  # the paper's (9/2) d_h l
    assert cache.mla / (2 * 128 * 60) == 2.25  # "equal to GQA with only 2.25 groups"
    assert cache.nbytes("mla") == 69_120 and cache.nbytes("mha") == 3_932_160  # bfloat16: 2 bytes a number
    assert cache_per_token(**DEEPSEEK_V2, n_groups=16, bytes_per_number=4).nbytes("gqa") == 2 * 16 * 128 * 60 * 4
    assert round(cache.mha / cache.mla, 1) == 56.9


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: cache_per_token(**DEEPSEEK_V2, n_groups=3), ValueError, "n_groups=3 must divide n_heads=128"),
        (lambda: cache_per_token(**{**DEEPSEEK_V2, "d_latent": 0}), ValueError, "d_latent must be at least 1, got 0"),
        (
            lambda: cache_per_token(**DEEPSEEK_V2).nbytes("gqa8"),
            ValueError,
            "kind must be 'mha', 'gqa', 'mqa' or 'mla'",
        ),
        (
            lambda: latent_weights(8, 2, 4, 4, 3),
            ValueError,
            "d_rope must be even (RoPE turns pairs of features), got 3",
        ),
        (lambda: latent_weights(8, 0, 4, 4, 2), ValueError, "n_heads must be at least 1, got 0"),
        (
            lambda: latent_attention(np.ones((3, 7)), latent_weights(8, 2, 4, 4, 2)),
            ValueError,
            "w_dkv must have shape (7, 4)",
        ),
        (
            lambda: latent_attention(np.ones(8), latent_weights(8, 2, 4, 4, 2)),
            ValueError,
            "x must be 2-D, got shape (8,)",
        ),
        (lambda: latent_attention(np.ones((3, 8)), (1, 2)), TypeError, "weights must be LatentWeights"),
        (
            lambda: latent_attention(np.ones((3, 8)), latent_weights(8, 2, 4, 4, 2), absorbed="yes"),
            TypeError,
            "absorbed must be True or False, got str",
        ),
        (
            lambda: latent_attention(np.ones((3, 8)), latent_weights(8, 2, 4, 4, 2)._replace(w_o=np.ones((8, 7)))),
            ValueError,
            "w_o must have shape (8, 8)",
        ),
    ],
)
def test_errors_name_the_argument(call, error, message):
    with pytest.raises(error, match=re.escape(message)):
        call()
