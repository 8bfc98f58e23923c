"""``causal=True``: the same spelling of the causal mask in every function that attends, against the naive loops.

The reference builds the mask as a nested loop (``j <= i``, top-left aligned
when the lengths differ), so these tests do not share the package's rule.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import reference as ref
from attention import (
    BLOCKWISE_THRESHOLD,
    MultiHeadAttention,
    attention_steps,
    blockwise_attention,
    padding_mask,
    scaled_dot_product_attention,
    self_attention,
)


def _future_hidden(n_q: int, n_k: int) -> np.ndarray:
    """Query i may see key j when j <= i: written as a loop, independent of the package."""
    return np.array([[j <= i for j in range(n_k)] for i in range(n_q)])


@pytest.mark.parametrize(("n_q", "n_k"), [(5, 5), (4, 7), (7, 4)])
def test_scaled_dot_product_attention_and_its_steps(n_q, n_k):
    rng = np.random.default_rng(n_q * 10 + n_k)
    q, k, v = rng.normal(size=(2, n_q, 3)), rng.normal(size=(2, n_k, 3)), rng.normal(size=(2, n_k, 2))
    expected_output, expected_weights = ref.attention(q, k, v, mask=_future_hidden(n_q, n_k))
    output, weights = scaled_dot_product_attention(q, k, v, causal=True)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    steps = attention_steps(q, k, v, causal=True)
    np.testing.assert_allclose(steps.weights, expected_weights, rtol=0, atol=1e-12)
    np.testing.assert_allclose(steps.output, expected_output, rtol=0, atol=1e-12)
    assert (steps.scaled_scores != 0).all()  # shown unmasked, as with a mask array


def test_causal_and_a_mask_both_apply():
    rng = np.random.default_rng(3)
    q, k, v = rng.normal(size=(3, 2, 6, 4))  # three arrays (batch, n, d_k)
    padding = padding_mask([4, 6], 6)  # (batch, 1, n): sequence 0 has 4 real keys
    both = padding & _future_hidden(6, 6)
    expected_output, expected_weights = ref.attention(q, k, v, mask=both)
    output, weights = scaled_dot_product_attention(q, k, v, padding, causal=True)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    assert (weights[0, 5, 4:] == 0).all() and (weights[0, 2, 3:] == 0).all() and weights[1, 5, 5] > 0


def test_the_blockwise_path_takes_causal_too():
    """Above the threshold, return_weights=False goes blockwise: the same output, causal included."""
    rng = np.random.default_rng(4)
    n = 300
    assert n * n >= BLOCKWISE_THRESHOLD
    q, k, v = rng.normal(size=(3, n, 8))
    expected_output, _ = ref.attention(q, k, v, mask=_future_hidden(n, n))
    only = scaled_dot_product_attention(q, k, v, causal=True, return_weights=False)
    assert only.weights is None
    np.testing.assert_allclose(only.output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(blockwise_attention(q, k, v, causal=True).output, expected_output, rtol=0, atol=1e-12)


def test_self_attention_and_multi_head_attention():
    rng = np.random.default_rng(5)
    x = rng.normal(size=(2, 5, 8))
    w_q, w_k, w_v, w_o = rng.normal(size=(4, 8, 8))
    causal = _future_hidden(5, 5)
    expected_output, expected_weights = ref.self_attention(x, w_q, w_k, w_v, mask=causal)
    output, weights = self_attention(x, w_q, w_k, w_v, causal=True)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    layer = MultiHeadAttention.from_weights(w_q, w_k, w_v, w_o, n_heads=2)
    expected_output, expected_weights = ref.multi_head(x, w_q, w_k, w_v, w_o, 2, mask=causal)
    output, weights = layer(x, causal=True)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)


@pytest.mark.parametrize("call", ["sdpa", "steps", "self", "mha", "blockwise"])
def test_causal_must_be_a_bool(call):
    x = np.ones((3, 4))
    run = {
        "sdpa": lambda: scaled_dot_product_attention(x, x, x, causal="yes"),
        "steps": lambda: attention_steps(x, x, x, causal=1),
        "self": lambda: self_attention(x, np.eye(4), np.eye(4), np.eye(4), causal=None),
        "mha": lambda: MultiHeadAttention(4, 2)(x, causal="causal"),
        "blockwise": lambda: blockwise_attention(x, x, x, causal="causal"),
    }[call]
    with pytest.raises(TypeError, match=re.escape("causal must be True or False, got ")):
        run()
