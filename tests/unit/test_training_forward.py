"""The training room's forward passes are the package's own attention, and equal naive loops; errors name arguments.

Each forward of ``attention.training`` (softmax, scaled dot-product attention,
multi-head, layer norm, embedding, linear, cross-entropy) is compared with the
core package's function where there is one and with plain loops or
hand-worked numbers; a few backward passes are also worked out by hand, and
``split_heads``/``merge_heads`` are each the other's adjoint."""

from __future__ import annotations

import math

import numpy as np
import pytest

import reference as ref
from attention import MultiHeadAttention, merge_heads, scaled_dot_product_attention, softmax, split_heads
from attention.models import layer_norm
from attention.training.cross_entropy import cross_entropy_backward, cross_entropy_forward
from attention.training.embedding import embedding_backward, embedding_forward
from attention.training.layer_norm import layer_norm_backward, layer_norm_forward
from attention.training.linear import linear_backward, linear_forward
from attention.training.multi_head import merge_heads_backward, multi_head_backward, multi_head_forward, split_heads_backward
from attention.training.scaled_dot_product import attention_backward, attention_forward
from attention.training.softmax import softmax_backward, softmax_forward


def test_softmax_forward_is_the_package_softmax_and_the_naive_one() -> None:
    x = np.random.default_rng(0).normal(size=(3, 5))
    mask = np.array([True, False, True, True, False])
    assert np.array_equal(softmax_forward(x, mask=mask), softmax(x, mask=mask))
    np.testing.assert_allclose(softmax_forward(x, mask=mask), ref.softmax(x, mask=mask), rtol=0, atol=1e-15)


def test_softmax_backward_hand_worked() -> None:
    # y = (0.5, 0.5), dy = (1, 0): sum(dy * y) = 0.5, dx = (0.5 * 0.5, 0.5 * -0.5)
    assert softmax_backward([0.5, 0.5], [1.0, 0.0]).tolist() == [0.25, -0.25]


@pytest.mark.parametrize("causal", [False, True])
def test_attention_forward_is_the_package_attention_and_the_naive_one(causal) -> None:
    rng = np.random.default_rng(1)
    q, k, v = rng.normal(size=(2, 5, 3)), rng.normal(size=(2, 5, 3)), rng.normal(size=(2, 5, 4))
    mask = rng.normal(size=(5, 5))
    output, cache = attention_forward(q, k, v, mask, causal=causal)
    expected = scaled_dot_product_attention(q, k, v, mask, causal=causal)
    assert np.array_equal(output, expected.output) and np.array_equal(cache.weights, expected.weights)
    naive_mask = np.where(ref.causal_mask(5), mask, -np.inf) if causal else mask
    naive_output, naive_weights = ref.attention(q, k, v, mask=naive_mask)
    np.testing.assert_allclose(output, naive_output, rtol=0, atol=1e-13)
    np.testing.assert_allclose(cache.weights, naive_weights, rtol=0, atol=1e-15)
    assert cache.scale == 1 / math.sqrt(3)


def test_attention_backward_hand_worked() -> None:
    # one query, keys e1 and e2, scale 1: weights (a, 1 - a) with a = sigmoid(1); values 10, 20
    _, cache = attention_forward([[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[10.0], [20.0]], scale=1.0)
    grad_q, grad_k, grad_v = attention_backward(cache, [[1.0]])
    a = 1 / (1 + math.exp(-1))
    # dA = (10, 20); dS = A * (dA - A.dA) = (a(10 - m), (1-a)(20 - m)), m = 10a + 20(1-a)
    m = 10 * a + 20 * (1 - a)
    ds = [a * (10 - m), (1 - a) * (20 - m)]
    np.testing.assert_allclose(grad_v, [[a], [1 - a]], rtol=1e-15)
    np.testing.assert_allclose(grad_q, [[ds[0], ds[1]]], rtol=1e-14)  # dQ = dS K, K = I
    np.testing.assert_allclose(grad_k, [[ds[0], 0.0], [ds[1], 0.0]], rtol=1e-14, atol=1e-15)  # dK = dS^T Q


def test_multi_head_forward_is_the_package_layer() -> None:
    rng = np.random.default_rng(2)
    x = rng.normal(size=(2, 5, 6))
    ws = [rng.normal(size=(6, 6)) for _ in range(4)]
    output, weights, _ = multi_head_forward(x, *ws, 3, causal=True)
    expected = MultiHeadAttention.from_weights(*ws, n_heads=3)(x, causal=True)
    np.testing.assert_allclose(output, expected.output, rtol=0, atol=1e-13)
    np.testing.assert_allclose(weights, expected.weights, rtol=0, atol=1e-15)
    naive_output, naive_weights = ref.multi_head(x, *ws, 3, mask=ref.causal_mask(5))
    np.testing.assert_allclose(output, naive_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, naive_weights, rtol=0, atol=1e-14)


def test_split_and_merge_backward_are_adjoints() -> None:
    """<split(x), g> = <x, split_backward(g)> and <merge(y), g> = <y, merge_backward(g)>: each backward is the transpose."""
    rng = np.random.default_rng(3)
    x, g = rng.normal(size=(2, 5, 6)), rng.normal(size=(2, 3, 5, 2))
    assert np.isclose(np.vdot(split_heads(x, 3), g), np.vdot(x, split_heads_backward(g)), rtol=1e-14)
    y, h = rng.normal(size=(2, 3, 5, 2)), rng.normal(size=(2, 5, 6))
    assert np.isclose(np.vdot(merge_heads(y), h), np.vdot(y, merge_heads_backward(h, 3)), rtol=1e-14)


def test_layer_norm_forward_is_the_models_layer_norm_and_the_naive_one() -> None:
    rng = np.random.default_rng(4)
    x, gamma, beta = rng.normal(size=(3, 7)) * 4 + 2, rng.normal(size=7), rng.normal(size=7)
    y, _ = layer_norm_forward(x, gamma, beta, eps=1e-5)
    np.testing.assert_allclose(y, layer_norm(x, gamma, beta, eps=1e-5), rtol=0, atol=1e-14)
    for row, got in zip(x.tolist(), y):
        mean = math.fsum(row) / 7
        var = math.fsum((v - mean) ** 2 for v in row) / 7
        naive = [g * (v - mean) / math.sqrt(var + 1e-5) + b for v, g, b in zip(row, gamma, beta)]
        np.testing.assert_allclose(got, naive, rtol=0, atol=1e-14)


def test_embedding_forward_by_loops() -> None:
    rng = np.random.default_rng(5)
    w_e, w_p = rng.normal(size=(5, 3)), rng.normal(size=(4, 3))
    tokens = np.array([[4, 0, 4], [1, 1, 2]])
    x = embedding_forward(tokens, w_e, w_p)
    for b in range(2):
        for i in range(3):
            assert x[b, i].tolist() == [w_e[tokens[b, i], c] + w_p[i, c] for c in range(3)]


def test_cross_entropy_by_hand() -> None:
    logits = [[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]
    loss, p = cross_entropy_forward(logits, [2, 0])
    naive = [-(3 - math.log(math.exp(1) + math.exp(2) + math.exp(3))), math.log(3)]
    assert loss == pytest.approx(sum(naive) / 2, rel=1e-15)
    loss_weighted, _ = cross_entropy_forward(logits, [2, 0], weights=[0.0, 1.0])
    assert loss_weighted == pytest.approx(math.log(3), rel=1e-15)
    grad = cross_entropy_backward(p, [2, 0], weights=[0.0, 1.0])
    np.testing.assert_allclose(grad, [[0, 0, 0], [1 / 3 - 1, 1 / 3, 1 / 3]], rtol=1e-15)
    # a huge logit does not overflow
    loss_big, _ = cross_entropy_forward([[1000.0, 0.0]], [0])
    assert loss_big == pytest.approx(math.exp(-1000), abs=1e-300)


def test_linear_by_loops() -> None:
    rng = np.random.default_rng(6)
    x, w = rng.normal(size=(2, 3, 4)), rng.normal(size=(4, 5))
    np.testing.assert_allclose(linear_forward(x, w), ref.batched_matmul(x, w), rtol=0, atol=1e-14)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: softmax_backward(np.ones((2, 3)), np.ones((3, 2))), ValueError, r"grad_weights must have the shape of weights \(2, 3\), got \(3, 2\)"),
        (lambda: linear_forward(np.ones((2, 3)), np.ones((4, 5))), ValueError, r"x has shape \(2, 3\), w has shape \(4, 5\)"),
        (lambda: linear_backward(np.ones((2, 3)), np.ones((3, 5)), np.ones((2, 4))), ValueError, r"grad_y must have the shape of x @ w, \(2, 5\)"),
        (lambda: attention_backward(attention_forward(np.ones((2, 3)), np.ones((4, 3)), np.ones((4, 5)))[1], np.ones((2, 4))), ValueError, r"grad_output must have the output's shape \(2, 5\), got \(2, 4\)"),
        (lambda: attention_backward("cache", np.ones((2, 4))), TypeError, "cache must be the AttentionCache"),
        (lambda: multi_head_forward(np.ones((2, 6)), np.ones((6, 6)), np.ones((6, 6)), np.ones((6, 5)), np.ones((6, 6)), 3), ValueError, r"w_v must have shape \(d_model, d_model\) = \(6, 6\) for x \(2, 6\), got \(6, 5\)"),
        (lambda: multi_head_forward(np.ones((2, 6)), *[np.eye(6)] * 4, 4), ValueError, "not divisible by n_heads=4"),
        (lambda: multi_head_backward(multi_head_forward(np.ones((2, 6)), *[np.eye(6)] * 4, 3)[2], np.ones((6, 2))), ValueError, r"grad_output must have the output's shape \(2, 6\), got \(6, 2\)"),
        (lambda: layer_norm_forward(np.ones((2, 3)), np.ones(4), np.zeros(3)), ValueError, r"gamma must have shape \(d,\) = \(3,\) to match x \(2, 3\), got \(4,\)"),
        (lambda: layer_norm_backward(layer_norm_forward(np.ones((2, 3)), np.ones(3), np.zeros(3))[1], np.ones(3)), ValueError, r"grad_y must have the output's shape \(2, 3\), got \(3,\)"),
        (lambda: embedding_forward([[0, 5]], np.ones((5, 2)), np.ones((4, 2))), ValueError, r"tokens must be ids in 0..4 \(vocab=5\), got values from 0 to 5"),
        (lambda: embedding_forward([[0.5]], np.ones((5, 2)), np.ones((4, 2))), TypeError, "tokens must be an integer array"),
        (lambda: embedding_forward([[0] * 5], np.ones((5, 2)), np.ones((4, 2))), ValueError, "more than position_table's n_ctx=4"),
        (lambda: embedding_forward([[0]], np.ones((5, 2)), np.ones((4, 3))), ValueError, "the same d_model"),
        (lambda: embedding_backward([[0, 1]], 5, 4, np.ones((2, 2))), ValueError, r"grad_x must have shape \(\*tokens.shape, d_model\) = \(1, 2\)"),
        (lambda: cross_entropy_forward(np.ones((2, 3)), [0, 1, 2]), ValueError, r"targets must have shape logits.shape\[:-1\] = \(2,\), got \(3,\)"),
        (lambda: cross_entropy_forward(np.ones((2, 3)), [0, 1], weights=[1.0, 1.0, 1.0]), ValueError, r"weights with shape \(3,\) does not broadcast to the targets' shape \(2,\)"),
        (lambda: cross_entropy_forward(np.ones((2, 3)), [0, 1], weights=[0.0, 0.0]), ValueError, "positive sum"),
    ],
)
def test_errors_name_the_argument_and_the_shapes(call, error, message) -> None:
    with pytest.raises(error, match=message):
        call()
