"""erf, GELU, LayerNorm and mean pooling against math.erf and naive loops over plain floats."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from attention.models import BertConfig, erf, gelu, layer_norm, mean_pool
from strategies import PROPERTY, floats


def test_erf_matches_math_erf_densely() -> None:
    x = np.concatenate([np.linspace(-7.0, 7.0, 20_001), [1.999999, 2.0, 2.000001, 5.999999, 6.0, 6.5, 30.0, 1e300]])
    expected = np.array([math.erf(v) for v in x])
    got = erf(x)
    assert np.abs(got - expected).max() <= 2e-15


def test_erf_is_relatively_accurate_near_zero() -> None:
    x = np.geomspace(1e-300, 1e-1, 500)
    expected = np.array([math.erf(v) for v in x])
    np.testing.assert_allclose(erf(x), expected, rtol=2e-15, atol=0)
    np.testing.assert_allclose(erf(-x), -expected, rtol=2e-15, atol=0)


def test_erf_special_values() -> None:
    got = erf([0.0, -0.0, np.inf, -np.inf, np.nan])
    assert got[:4].tolist() == [0.0, 0.0, 1.0, -1.0]
    assert math.copysign(1, got[1]) == -1  # odd: erf(-0) = -0
    assert np.isnan(got[4])
    assert erf(np.float32(0.5)).dtype == np.float32 and erf(2).dtype == np.float64
    with pytest.raises(TypeError, match="real numeric array"):
        erf(["a"])


def naive_gelu(x: float) -> float:
    return 0.5 * x * (1.0 + math.erf(x / math.sqrt(2.0)))


def test_gelu_matches_its_definition() -> None:
    x = np.linspace(-10, 10, 2001)
    np.testing.assert_allclose(gelu(x), [naive_gelu(v) for v in x], rtol=0, atol=1e-14)
    # hand-worked: Phi(1) = 0.841344746..., so GELU(1) = 0.841344746...; GELU(-1) = -(1 - Phi(1))
    assert gelu([1.0, -1.0]).tolist() == pytest.approx([0.8413447460685429, -0.15865525393145707], abs=1e-15)
    assert gelu(np.ones(2, dtype=np.float32)).dtype == np.float32


def naive_layer_norm(row: list[float], gamma: list[float], beta: list[float], eps: float) -> list[float]:
    mean = math.fsum(row) / len(row)
    variance = math.fsum((v - mean) ** 2 for v in row) / len(row)
    return [g * (v - mean) / math.sqrt(variance + eps) + b for v, g, b in zip(row, gamma, beta)]


@PROPERTY
@given(
    st.integers(1, 3).flatmap(
        lambda n: st.integers(1, 6).flatmap(lambda d: st.tuples(floats((n, d)), floats((d,)), floats((d,))))
    )
)
def test_layer_norm_matches_naive_loop(case) -> None:
    # eps 1e-6, not BERT's 1e-12: for a constant row, x - mean is rounding noise
    # (about 1e-16 |x|, its sign depending on how numpy sums) divided by
    # sqrt(eps), and only a moderate eps keeps that noise below the tolerance.
    x, gamma, beta = case
    expected = [naive_layer_norm(row, gamma.tolist(), beta.tolist(), 1e-6) for row in x.tolist()]
    np.testing.assert_allclose(layer_norm(x, gamma, beta, eps=1e-6), expected, rtol=1e-9, atol=1e-9)


def test_layer_norm_hand_worked() -> None:
    # [1, 2, 3]: mean 2, variance 2/3, so (x - 2) / sqrt(2/3) = [-1.2247, 0, 1.2247]; then *2 + 1
    got = layer_norm([1.0, 2.0, 3.0], [2.0, 2.0, 2.0], [1.0, 1.0, 1.0], eps=0.0)
    np.testing.assert_allclose(got, [1 - 2 * math.sqrt(1.5), 1.0, 1 + 2 * math.sqrt(1.5)], rtol=1e-15)
    # a constant vector: eps keeps it finite
    assert layer_norm([5.0, 5.0], [1.0, 1.0], [0.0, 0.0], eps=1e-12).tolist() == [0.0, 0.0]


def test_layer_norm_errors() -> None:
    with pytest.raises(ValueError, match=r"gamma must have shape \(d,\) = \(3,\)"):
        layer_norm(np.ones(3), np.ones(2), np.zeros(3))
    with pytest.raises(ValueError, match="eps must be a non-negative number"):
        layer_norm(np.ones(3), np.ones(3), np.zeros(3), eps=-1.0)


def test_mean_pool_against_loops() -> None:
    rng = np.random.default_rng(1)
    hidden = rng.standard_normal((2, 4, 3))
    mask = np.array([[1, 1, 0, 0], [1, 1, 1, 1]], dtype=bool)
    for b in range(2):
        rows = [hidden[b, i].tolist() for i in range(4) if mask[b, i]]
        mean = [math.fsum(col) / len(rows) for col in zip(*rows)]
        norm = math.sqrt(math.fsum(v * v for v in mean))
        np.testing.assert_allclose(mean_pool(hidden, mask)[b], [v / norm for v in mean], rtol=1e-12)
    assert mean_pool(hidden[0], np.zeros(4, dtype=bool)).tolist() == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match=r"mask must have shape \(2, 4\)"):
        mean_pool(hidden, mask[0])


def test_layer_norm_of_values_near_the_float_range() -> None:
    """[3e38, -3e38, 1, 2] in float32: mean 0.75, standard deviation 2.1213e38 (its squares overflow float32).

    Hand-worked: (±3e38 - 0.75) / 2.1213e38 = ±1.41421; (1 - 0.75) / 2.1213e38 = 1.1785e-39 (subnormal), and 5.8926e-39.
    """
    x = np.array([3e38, -3e38, 1.0, 2.0], np.float32)
    got = layer_norm(x, np.ones(4), np.zeros(4))
    assert got.dtype == np.float32
    expected = naive_layer_norm([float(v) for v in x], [1.0] * 4, [0.0] * 4, 1e-12)  # float64 holds the squares
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-45)
    assert got[0] == pytest.approx(math.sqrt(2), rel=1e-6)
    # float64 near its own largest, and vectors far below 1 (their squares underflow): the same, exactly scaled.
    np.testing.assert_allclose(layer_norm([1e308, -1e308, 1e308], np.ones(3), np.zeros(3)),
                               [2**-0.5, -(2**0.5), 2**-0.5], rtol=1e-15)  # fmt: skip
    np.testing.assert_allclose(layer_norm([1e-200, -1e-200], np.ones(2), np.zeros(2), eps=0.0), [1.0, -1.0], rtol=1e-15)
    # Beside eps = 1e-12 a variance of 1e-400 is nothing: (x - mean) / sqrt(eps) = ±1e-194.
    np.testing.assert_allclose(layer_norm([1e-200, -1e-200], np.ones(2), np.zeros(2)), [1e-194, -1e-194], rtol=1e-12)


def test_layer_norm_with_eps_zero_is_never_nan() -> None:
    """eps = 0 on a constant vector: (x - mean) is exactly 0, and 0 is the limit of 0 / sqrt(eps) as eps goes to 0."""
    assert layer_norm([[5.0, 5.0], [1.0, 3.0]], [1.0, 1.0], [0.5, 0.5], eps=0.0).tolist() == [[0.5, 0.5], [-0.5, 1.5]]


@pytest.mark.parametrize(
    ("eps", "error", "message"),
    [
        (math.inf, ValueError, "eps must be a non-negative number, finite, got inf"),
        (math.nan, ValueError, "eps must be a non-negative number, finite, got nan"),
        (-1e-12, ValueError, "eps must be a non-negative number, finite, got -1e-12"),
        ("1e-12", TypeError, "eps must be a non-negative number, finite, got str"),
        (True, TypeError, "eps must be a non-negative number, finite, got bool"),
    ],
)
def test_layer_norm_refuses_an_eps_that_is_not_a_finite_non_negative_number(eps, error, message) -> None:
    with pytest.raises(error, match="^" + re.escape(message)):
        layer_norm(np.ones(3), np.ones(3), np.zeros(3), eps=eps)


@pytest.mark.parametrize("eps", ["Infinity", "NaN"])
def test_a_config_with_an_eps_that_is_not_finite_is_refused(eps: str) -> None:
    """json reads Infinity and NaN as floats: a config with them is refused, not run into NaN everywhere."""
    config = json.loads(
        '{"vocab_size": 5, "hidden_size": 4, "num_hidden_layers": 1, "num_attention_heads": 2, "intermediate_size": 8,'
        f' "max_position_embeddings": 6, "type_vocab_size": 2, "layer_norm_eps": {eps}}}'
    )
    with pytest.raises(ValueError, match="^layer_norm_eps in the model config must be a non-negative number, finite"):
        BertConfig.from_dict(config)
    assert BertConfig.from_dict(config | {"layer_norm_eps": 1e-12}).layer_norm_eps == 1e-12
