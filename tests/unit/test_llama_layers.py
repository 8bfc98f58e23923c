"""RMSNorm, SiLU and the SwiGLU feed-forward (attention.models.layers) against hand-worked numbers and plain loops."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given

from attention.models import layers
from attention.models.layers import linear, rms_norm, silu, swiglu
from strategies import PROPERTY, floats


def naive_rms_norm(x, gamma, eps):
    out = []
    for row in np.asarray(x, dtype=np.float64).reshape(-1, len(gamma)):
        rms = math.sqrt(math.fsum(float(v) ** 2 for v in row) / len(row) + eps)
        out.append([float(g) * float(v) / rms if rms else 0.0 for v, g in zip(row, gamma)])
    return np.array(out).reshape(np.shape(x))


def naive_silu(value: float) -> float:
    return value / (1.0 + math.exp(-value)) if value > -700 else 0.0


def test_rms_norm_by_hand() -> None:
    # (3, 4): mean square (9 + 16) / 2 = 12.5; with eps 0.5: sqrt(13) = 3.6056
    np.testing.assert_allclose(
        rms_norm([3.0, 4.0], [1.0, 1.0], eps=0.5), [3 / math.sqrt(13), 4 / math.sqrt(13)], rtol=1e-15
    )
    np.testing.assert_allclose(
        rms_norm([[2.0, -2.0, 2.0, -2.0]], [1.0, 2.0, 3.0, 4.0], eps=0.0), [[1.0, -2.0, 3.0, -4.0]]
    )


@PROPERTY
@given(floats((3, 5), bound=1e3), floats((5,)))
def test_rms_norm_matches_the_loop(x, gamma) -> None:
    np.testing.assert_allclose(rms_norm(x, gamma, eps=1e-5), naive_rms_norm(x, gamma, 1e-5), rtol=1e-12, atol=1e-12)


def test_rms_norm_extreme_and_zero_vectors() -> None:
    gamma = np.ones(3)
    big = np.array([1e300, -1e300, 1e300])  # squares overflow float64: scaled first
    np.testing.assert_allclose(rms_norm(big, gamma, eps=1e-5), [1.0, -1.0, 1.0], rtol=1e-15)
    tiny = np.array([1e-300, 0.0, -1e-300])  # eps dominates: x / sqrt(eps)
    np.testing.assert_allclose(rms_norm(tiny, gamma, eps=1e-5), tiny / math.sqrt(1e-5), rtol=1e-12)
    np.testing.assert_array_equal(rms_norm(np.zeros(3), gamma, eps=0.0), np.zeros(3))
    assert rms_norm(np.ones((2, 3), np.float32), gamma).dtype == np.float32


def test_silu_by_hand_and_far_out() -> None:
    x = np.array([-800.0, -20.0, -1.0, 0.0, 1.0, 3.0, 800.0])
    expected = [naive_silu(float(v)) for v in x]
    np.testing.assert_allclose(silu(x), expected, rtol=1e-14, atol=1e-300)
    assert silu(np.float32([-100.0, 100.0])).tolist() == [pytest.approx(-100 * math.exp(-100), rel=1e-5), 100.0]


@PROPERTY
@given(floats((2, 4)), floats((4, 3), bound=1.0), floats((4, 3), bound=1.0), floats((3, 4), bound=1.0))
def test_swiglu_matches_the_loop(x, w_gate, w_up, w_down) -> None:
    expected = np.zeros((2, 4))
    for r in range(2):
        hidden = []
        for j in range(3):
            gate = math.fsum(float(x[r, i]) * float(w_gate[i, j]) for i in range(4))
            up = math.fsum(float(x[r, i]) * float(w_up[i, j]) for i in range(4))
            hidden.append(naive_silu(gate) * up)
        for c in range(4):
            expected[r, c] = math.fsum(hidden[j] * float(w_down[j, c]) for j in range(3))
    np.testing.assert_allclose(swiglu(x, w_gate, w_up, w_down), expected, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: rms_norm(np.ones((2, 3)), np.ones(4)),
            ValueError,
            r"gamma must have shape \(d,\) = \(3,\) to match x \(2, 3\), got \(4,\)",
        ),
        (lambda: rms_norm(np.ones(3), np.ones(3), eps=-1.0), ValueError, "eps must be a non-negative number"),
        (lambda: rms_norm(np.ones(3), np.ones(3), eps=float("nan")), ValueError, "eps must be a non-negative number"),
        (lambda: rms_norm(np.array([1.0, np.inf]), np.ones(2)), ValueError, "x contains inf"),
        (lambda: silu(np.array(["a"])), TypeError, "x must be a numeric array"),
        (
            lambda: swiglu(np.ones((1, 4)), np.ones((4, 3)), np.ones((4, 2)), np.ones((3, 4))),
            ValueError,
            r"w_up must have shape \(4, 3\) for x \(1, 4\) and w_gate \(4, 3\) \(d_model, d_ff\), got \(4, 2\)",
        ),
        (
            lambda: swiglu(np.ones((1, 4)), np.ones((4, 3)), np.ones((4, 3)), np.ones((4, 3))),
            ValueError,
            r"w_down must have shape \(3, 4\)",
        ),
    ],
)
def test_errors_name_the_argument(call, error, message) -> None:
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("einsum", [False, True], ids=["matmul", "einsum (Pyodide)"])
def test_linear_against_a_plain_loop(monkeypatch: pytest.MonkeyPatch, einsum: bool) -> None:
    """Both ways linear multiplies (matmul with BLAS; einsum in the browser) give the plain loop's sums."""
    monkeypatch.setattr(layers, "EINSUM_PRODUCTS", einsum)
    rng = np.random.default_rng(3)
    x, w, b = rng.normal(size=(2, 3, 5)), rng.normal(size=(5, 4)), rng.normal(size=4)
    expected = [
        [[math.fsum(x[i, j, k] * w[k, o] for k in range(5)) + b[o] for o in range(4)] for j in range(3)]
        for i in range(2)
    ]
    np.testing.assert_allclose(linear(x, w, b), expected, rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(linear(x[0, 0], w.T.copy().T), np.array(expected)[0, 0] - b, rtol=1e-13, atol=1e-13)
    table = rng.normal(size=(7, 5)).astype(np.float32)  # an output layer applied as x @ table.T, a transposed view
    got = linear(x[0].astype(np.float32), table.T)
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, x[0] @ table.T.astype(np.float64), rtol=1e-5, atol=1e-5)
