"""Every backward pass of attention.training against central finite differences of its forward, in float64.

Each test draws random inputs of odd sizes, takes a random linear function of
the forward's output, L = sum(R * f(x)), and compares the analytic gradient
with (L(x + h e_i) - L(x - h e_i)) / 2h for every entry i (h = 1e-5; the
truncation error is O(h^2) ~ 1e-10 of the gradient). The relative error,
||analytic - numeric|| / max(||analytic||, ||numeric||) per argument, must be
at most 1e-6; a wrong derivative is off by order 1, and one written wrong on
purpose fails the check. The cases: softmax, attention with boolean, additive
and causal masks (and a query that sees no key, which gets no gradient), one
and several heads, linear, layer norm, embedding, cross-entropy, and the
whole model."""

from __future__ import annotations

import numpy as np
import pytest

from attention.training.cross_entropy import cross_entropy_backward, cross_entropy_forward
from attention.training.embedding import embedding_backward, embedding_forward
from attention.training.layer_norm import layer_norm_backward, layer_norm_forward
from attention.training.linear import linear_backward, linear_forward
from attention.training.model import loss_and_gradients
from attention.training.multi_head import multi_head_backward, multi_head_forward
from attention.training.params import ModelConfig, init_parameters
from attention.training.scaled_dot_product import attention_backward, attention_forward
from attention.training.softmax import softmax_backward, softmax_forward

TOLERANCE = 1e-6
H = 1e-5


def numeric_gradient(loss, x: np.ndarray) -> np.ndarray:
    """Central differences of the scalar ``loss()`` with respect to every entry of ``x`` (changed in place, restored)."""
    grad = np.zeros_like(x)
    for index in np.ndindex(x.shape):
        old = x[index]
        x[index] = old + H
        plus = loss()
        x[index] = old - H
        minus = loss()
        x[index] = old
        grad[index] = (plus - minus) / (2 * H)
    return grad


def relative_error(analytic: np.ndarray, numeric: np.ndarray) -> float:
    scale = max(np.linalg.norm(analytic), np.linalg.norm(numeric))
    assert scale > 1e-8, "a gradient of zero checks nothing"
    return float(np.linalg.norm(analytic - numeric) / scale)


def check(analytic: np.ndarray, loss, x: np.ndarray) -> None:
    assert analytic.shape == x.shape
    error = relative_error(analytic, numeric_gradient(loss, x))
    assert error <= TOLERANCE, f"relative error {error:.2e}"


@pytest.mark.parametrize("shape, axis", [((5,), -1), ((3, 7), -1), ((3, 7), 0), ((2, 3, 5), 1)])
@pytest.mark.parametrize("masked", [False, True])
def test_softmax_backward(shape, axis, masked) -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=shape) * 2
    mask = rng.random(shape) < 0.7 if masked else None
    if mask is not None:
        np.put_along_axis(mask, np.zeros_like(x, dtype=np.intp).take([0], axis=axis), True, axis=axis)
    r = rng.normal(size=shape)
    y = softmax_forward(x, axis=axis, mask=mask)
    check(softmax_backward(y, r, axis=axis), lambda: float((r * softmax_forward(x, axis=axis, mask=mask)).sum()), x)


ATTENTION_CASES = {
    "plain": dict(shape_q=(2, 5, 3), shape_kv=(2, 7, 3), d_v=5),
    "causal": dict(shape_q=(3, 7, 5), shape_kv=(3, 7, 5), d_v=3, causal=True),
    "boolean mask": dict(shape_q=(2, 5, 3), shape_kv=(2, 7, 3), d_v=3, mask="bool"),
    "additive mask": dict(shape_q=(2, 5, 3), shape_kv=(2, 7, 3), d_v=3, mask="additive"),
    "additive and causal": dict(shape_q=(2, 3, 7, 3), shape_kv=(2, 3, 7, 3), d_v=5, mask="additive", causal=True),
    "fully masked row": dict(shape_q=(1, 3, 3), shape_kv=(1, 3, 3), d_v=3, mask="empty row"),
    "scale": dict(shape_q=(5, 3), shape_kv=(7, 3), d_v=1, scale=0.37),
    "broadcast keys": dict(shape_q=(2, 3, 5, 3), shape_kv=(1, 7, 3), d_v=3),
}


@pytest.mark.parametrize("case", ATTENTION_CASES.values(), ids=ATTENTION_CASES.keys())
def test_attention_backward(case) -> None:
    rng = np.random.default_rng(2)
    q = rng.normal(size=case["shape_q"])
    k = rng.normal(size=case["shape_kv"])
    v = rng.normal(size=(*case["shape_kv"][:-1], case["d_v"]))
    n_q, n_k = q.shape[-2], k.shape[-2]
    mask = None
    if case.get("mask") == "bool":
        mask = rng.random((n_q, n_k)) < 0.6
        mask[:, 0] = True
    elif case.get("mask") == "additive":
        mask = rng.normal(size=(n_q, n_k))
        mask[rng.random((n_q, n_k)) < 0.3] = -np.inf
        mask[:, 0] = 0.5
    elif case.get("mask") == "empty row":
        mask = np.ones((n_q, n_k), dtype=bool)
        mask[1] = False
    kwargs = dict(mask=mask, scale=case.get("scale"), causal=case.get("causal", False))
    output, cache = attention_forward(q, k, v, **kwargs)
    r = rng.normal(size=output.shape)
    grads = attention_backward(cache, r)

    def loss() -> float:
        return float((r * attention_forward(q, k, v, **kwargs)[0]).sum())

    for grad, x in zip(grads, (q, k, v)):
        if case.get("mask") == "empty row" and x is q:
            assert not grad[..., 1, :].any()  # that query sees nothing: no gradient
        check(grad, loss, x)


@pytest.mark.parametrize("n_heads", [1, 3])
@pytest.mark.parametrize("masking", ["none", "causal", "boolean", "additive and causal"])
def test_multi_head_backward(n_heads, masking) -> None:
    rng = np.random.default_rng(3)
    d_model, n = 6, 5
    x = rng.normal(size=(2, n, d_model))
    ws = [rng.normal(size=(d_model, d_model)) / np.sqrt(d_model) for _ in range(4)]
    mask = None
    if masking == "boolean":
        mask = rng.random((2, 1, n, n)) < 0.7
        mask[..., 0] = True
    elif masking == "additive and causal":
        mask = rng.normal(size=(n, n))
    causal = "causal" in masking
    output, _, cache = multi_head_forward(x, *ws, n_heads, mask, causal=causal)
    r = rng.normal(size=output.shape)
    grad_x, grads = multi_head_backward(cache, r)

    def loss() -> float:
        return float((r * multi_head_forward(x, *ws, n_heads, mask, causal=causal)[0]).sum())

    check(grad_x, loss, x)
    for name, w in zip(("w_q", "w_k", "w_v", "w_o"), ws):
        check(grads[name], loss, w)


def test_linear_backward() -> None:
    rng = np.random.default_rng(4)
    x, w = rng.normal(size=(3, 5, 7)), rng.normal(size=(7, 3))
    r = rng.normal(size=(3, 5, 3))
    grad_x, grad_w = linear_backward(x, w, r)
    check(grad_x, lambda: float((r * linear_forward(x, w)).sum()), x)
    check(grad_w, lambda: float((r * linear_forward(x, w)).sum()), w)


@pytest.mark.parametrize("shape", [(7,), (3, 5), (2, 3, 9)])
def test_layer_norm_backward(shape) -> None:
    rng = np.random.default_rng(5)
    x = rng.normal(size=shape) * 3 + 1
    gamma, beta = rng.normal(size=shape[-1:]), rng.normal(size=shape[-1:])
    r = rng.normal(size=shape)
    _, cache = layer_norm_forward(x, gamma, beta)
    grads = layer_norm_backward(cache, r)

    def loss() -> float:
        return float((r * layer_norm_forward(x, gamma, beta)[0]).sum())

    for grad, a in zip(grads, (x, gamma, beta)):
        check(grad, loss, a)


def test_embedding_backward() -> None:
    rng = np.random.default_rng(6)
    vocab, n_ctx, d = 7, 9, 5
    tokens = np.array([[1, 3, 1, 0, 6], [3, 3, 2, 1, 1], [5, 1, 0, 0, 4]])  # repeats within and across rows; token 6 once
    w_e, w_p = rng.normal(size=(vocab, d)), rng.normal(size=(n_ctx, d))
    r = rng.normal(size=(3, 5, d))
    grad_e, grad_p = embedding_backward(tokens, vocab, n_ctx, r)

    def loss() -> float:
        return float((r * embedding_forward(tokens, w_e, w_p)).sum())

    check(grad_e, loss, w_e)
    check(grad_p, loss, w_p)
    assert not grad_p[5:].any()  # positions beyond the sequence get nothing


@pytest.mark.parametrize("weighted", [False, True])
def test_cross_entropy_backward(weighted) -> None:
    rng = np.random.default_rng(7)
    logits = rng.normal(size=(3, 5, 7)) * 3
    targets = rng.integers(0, 7, size=(3, 5))
    weights = (rng.random((3, 5)) < 0.6).astype(float) if weighted else None
    if weights is not None:
        weights[0, 0] = 1.0
    _, p = cross_entropy_forward(logits, targets, weights)
    check(cross_entropy_backward(p, targets, weights), lambda: cross_entropy_forward(logits, targets, weights)[0], logits)


def test_whole_model_gradient() -> None:
    """A few random entries of every parameter of the two-layer model, odd sizes, three heads."""
    config = ModelConfig(vocab=7, n_ctx=6, d_model=9, n_heads=3, n_layers=2)
    params = init_parameters(config, seed=11)
    rng = np.random.default_rng(8)
    for name in params:  # move gamma and beta off 1 and 0, where some terms vanish
        params[name] += rng.normal(size=params[name].shape) * 0.1
    tokens = rng.integers(0, 7, size=(3, 5))
    targets = rng.integers(0, 7, size=(3, 5))
    _, grads, _, _ = loss_and_gradients(params, config, tokens, targets)
    for name, value in params.items():
        entries = [tuple(int(rng.integers(s)) for s in value.shape) for _ in range(4)]
        analytic, numeric = [], []
        for index in entries:
            old = value[index]
            value[index] = old + H
            plus = loss_and_gradients(params, config, tokens, targets)[0]
            value[index] = old - H
            minus = loss_and_gradients(params, config, tokens, targets)[0]
            value[index] = old
            analytic.append(grads[name][index])
            numeric.append((plus - minus) / (2 * H))
        error = relative_error(np.array(analytic), np.array(numeric))
        assert error <= TOLERANCE, f"{name}: relative error {error:.2e}"


def test_a_wrong_derivative_fails_the_check() -> None:
    """The check can fail: softmax's gradient without its correction term is rejected."""
    rng = np.random.default_rng(9)
    x, r = rng.normal(size=(3, 5)), rng.normal(size=(3, 5))
    y = softmax_forward(x)
    wrong = y * r  # missing "- sum(r * y)"
    numeric = numeric_gradient(lambda: float((r * softmax_forward(x)).sum()), x)
    assert relative_error(wrong, numeric) > 0.1
