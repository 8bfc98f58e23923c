"""The pieces of a transformer block besides attention: erf, GELU, layer normalisation, a linear layer;
for Llama-style decoders, RMS normalisation and the SwiGLU feed-forward.

numpy has no ``erf``, and BERT's feed-forward uses the exact GELU, which needs
one; :func:`erf` below is accurate to about 1e-15 for every float64 input.
"""

from __future__ import annotations

import math
import numbers
import sys

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, shape_str

__all__ = ["erf", "gelu", "layer_norm", "linear", "rms_norm", "silu", "swiglu"]

# Where erf switches from its power series to the continued fraction of erfc, and how
# many terms each needs there for float64 accuracy (error below 1e-15, measured against math.erf).
_SWITCH = 2.0
_SERIES_TERMS = 30
_FRACTION_DEPTH = 40
# erfc(6) = 2.2e-17 is below half a float64 ulp of 1: from here on erf(x) rounds to exactly 1.
_SATURATION = 6.0
# The series' coefficients 1 / (1 * 3 * 5 * ... * (2n + 1)).
_SERIES_COEFFICIENTS = [1.0 / math.prod(range(1, 2 * n + 2, 2)) for n in range(_SERIES_TERMS)]


def _erf_series(x: NDArray[np.float64]) -> NDArray[np.float64]:
    r"""erf on ``0 <= x < 2``: :math:`\frac{2}{\sqrt\pi} e^{-x^2} \sum_n \frac{(2x^2)^n\, x}{1\cdot 3 \cdots (2n+1)}`.

    Every term is positive, so unlike the textbook alternating series no
    digits cancel. The polynomial in :math:`2x^2` is summed by Horner's rule, in place.
    """
    y = 2.0 * x * x
    total = np.full_like(x, _SERIES_COEFFICIENTS[-1])
    for coefficient in reversed(_SERIES_COEFFICIENTS[:-1]):
        total *= y
        total += coefficient
    return (2.0 / math.sqrt(math.pi)) * np.exp(-x * x) * x * total


def _erf_fraction(x: NDArray[np.float64]) -> NDArray[np.float64]:
    r"""erf on ``2 <= x < 6`` as :math:`1 - \operatorname{erfc}(x)`, with Laplace's continued fraction

    .. math::

        \operatorname{erfc}(x) = \frac{e^{-x^2}}{\sqrt\pi}\;
        \cfrac{1}{x + \cfrac{1/2}{x + \cfrac{1}{x + \cfrac{3/2}{x + \dotsb}}}}

    evaluated from a fixed depth upwards.
    """
    denominator = x.copy()
    for k in range(_FRACTION_DEPTH, 0, -1):
        denominator = x + (k / 2) / denominator
    return 1.0 - np.exp(-x * x) / (math.sqrt(math.pi) * denominator)


def erf(x: ArrayLike) -> NDArray[np.floating]:
    r"""The error function, elementwise, to about 1e-15 (float64).

    .. math::

        \operatorname{erf}(x) = \frac{2}{\sqrt\pi} \int_0^x e^{-t^2}\, dt

    A power series for :math:`|x| < 2`, a continued fraction beyond, and
    exactly :math:`\pm 1` from :math:`|x| = 6` on; odd symmetry gives the negatives.

    Args:
        x: any shape ``(...)``, float or integer; NaN stays NaN, ±inf gives ±1.

    Returns:
        The shape of ``x``; float32 for float32 input, else float64.

    Example:
        >>> erf([0.0, 0.5, -1.0, 3.0]).round(6)
        array([ 0.      ,  0.5205  , -0.842701,  0.999978])
    """
    array = np.asarray(x)
    if array.dtype.kind not in "iuf":
        raise TypeError(f"x must be a real numeric array, got dtype {array.dtype} with shape {shape_str(array.shape)}")
    out_dtype = np.float32 if array.dtype == np.float32 else np.float64
    magnitude = np.minimum(np.abs(array.astype(np.float64)), _SATURATION)
    result = np.ones_like(magnitude)
    near = magnitude < _SWITCH
    far = (magnitude >= _SWITCH) & (magnitude < _SATURATION)
    result[near] = _erf_series(magnitude[near])
    result[far] = _erf_fraction(magnitude[far])
    result[np.isnan(magnitude)] = np.nan
    return np.copysign(result, array).astype(out_dtype, copy=False)


def gelu(x: ArrayLike) -> NDArray[np.floating]:
    r"""The Gaussian error linear unit, exactly as BERT computes it (not the tanh approximation).

    .. math::

        \operatorname{GELU}(x) = x\,\Phi(x) = \frac{x}{2}\left(1 + \operatorname{erf}\frac{x}{\sqrt 2}\right)

    :math:`\Phi` is the standard normal distribution function: the input is
    kept in proportion to how likely a standard normal variable is to be below it.

    Example:
        >>> gelu([-2.0, 0.0, 1.0]).round(6)
        array([-0.0455  ,  0.      ,  0.841345])
    """
    x = as_float_array("x", x)
    return (0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))).astype(x.dtype, copy=False)


def check_eps(eps: object, name: str = "eps") -> float:
    """Return ``eps`` as a float if it is a non-negative finite real number, else raise naming ``name``."""
    if isinstance(eps, (bool, np.bool_)) or not isinstance(eps, numbers.Real):
        raise TypeError(f"{name} must be a non-negative number, finite, got {type(eps).__name__}")
    value = float(eps)
    if not 0 <= value < math.inf:
        raise ValueError(f"{name} must be a non-negative number, finite, got {eps!r}")
    return value


def layer_norm(x: ArrayLike, gamma: ArrayLike, beta: ArrayLike, eps: float = 1e-12) -> NDArray[np.floating]:
    r"""Normalise each vector (the last axis) to mean 0 and variance 1, then scale and shift.

    .. math::

        \operatorname{LayerNorm}(x) = \gamma \odot \frac{x - \mu}{\sqrt{\sigma^2 + \varepsilon}} + \beta,
        \qquad \mu = \frac1d \sum_i x_i,\quad \sigma^2 = \frac1d \sum_i (x_i - \mu)^2

    Computed stably for every finite input: each vector is first divided by
    a power of two near its largest magnitude (exact), so that neither its
    sum nor its squares can overflow or underflow, and ``eps`` is divided by
    that power squared; the quotient is unchanged, to the last bit, for
    vectors that did not need it. A constant vector (variance 0) gives 0
    before the shift, also with ``eps=0`` (the limit as eps goes to 0).

    Args:
        x: ``(..., d)``.
        gamma: the learned scale, ``(d,)``.
        beta: the learned shift, ``(d,)``.
        eps: keeps the division finite for a near-constant vector (BERT uses
            1e-12); a non-negative finite number.

    Returns:
        ``(..., d)``, in ``x``'s float dtype.

    Example:
        >>> layer_norm([[1.0, 2.0, 3.0]], np.ones(3), np.zeros(3)).round(4)
        array([[-1.2247,  0.    ,  1.2247]])
    """
    x = as_float_array("x", x, min_ndim=1)
    d = x.shape[-1]
    gamma = as_float_array("gamma", gamma, ndim=1)
    beta = as_float_array("beta", beta, ndim=1)
    for name, value in (("gamma", gamma), ("beta", beta)):
        if value.shape != (d,):
            raise ValueError(
                f"{name} must have shape (d,) = ({d},) to match x {shape_str(x.shape)}, got {shape_str(value.shape)}"
            )
    eps = check_eps(eps)
    # |x| < 2^e on each vector: x / 2^e lies in (-1, 1) with its largest at least 1/2, so that neither its
    # mean nor its squares can overflow or underflow (divided by a power of two: exact). eps is divided by 4^e.
    exponent = np.frexp(np.abs(x).max(axis=-1, keepdims=True))[1]
    scaled = np.ldexp(x, -exponent)
    mean = scaled.mean(axis=-1, keepdims=True)
    centred = scaled - mean
    variance = (centred * centred).mean(axis=-1, keepdims=True)  # biased, as in the paper and in PyTorch
    with np.errstate(over="ignore", under="ignore"):  # handled below; below the smallest float, eps is negligible
        shrunk_eps = np.ldexp(x.dtype.type(eps), -2 * exponent)
    # A zero denominator (eps=0, constant vector) has all-zero centred values: 0 / 1 = 0, the limit, not NaN.
    denominator = np.sqrt(variance + shrunk_eps)
    normalised = centred / np.where(denominator > 0, denominator, 1)
    tiny = np.isinf(shrunk_eps)  # a vector so small that eps / 4^e overflows: its variance is nothing beside eps
    if tiny.any():
        with np.errstate(under="ignore"):
            normalised = np.where(tiny, centred * np.ldexp(x.dtype.type(1 / math.sqrt(eps)), exponent), normalised)
    return (normalised * gamma.astype(x.dtype) + beta.astype(x.dtype)).astype(x.dtype, copy=False)


def linear(x: NDArray, w: NDArray, b: NDArray | None = None) -> NDArray:
    """A linear layer ``x @ w + b`` with ``w`` stored ``(d_in, d_out)``; ``[..., d_in] -> [..., d_out]``.

    Internal: callers pass checked arrays. PyTorch's ``(out, in)`` weights are
    transposed once when a model is loaded, not here.
    """
    # One 2-D product: numpy 2.0 multiplies a stack of matrices ([batch, n, d_in] @ w) several
    # times slower than the same rows as one [batch * n, d_in] matrix.
    rows, w = x.reshape(-1, x.shape[-1]), w.astype(x.dtype, copy=False)
    y = np.einsum("ni,io->no", rows, w) if EINSUM_PRODUCTS else rows @ w
    y = y.reshape(*x.shape[:-1], w.shape[-1])
    return y if b is None else y + b.astype(x.dtype, copy=False)


EINSUM_PRODUCTS = sys.platform == "emscripten"
"""Whether :func:`linear` multiplies with ``np.einsum`` instead of ``@``: in Pyodide (the browser's
WebAssembly numpy, without BLAS) einsum's loops are several times faster than matmul's for a decoder's
products, the same sums; with BLAS, ``@`` is the fast one. The Write view's benchmark measures both in
the browser (``site_examples/benchmarks/write_figures.py``, "why einsum")."""


def rms_norm(x: ArrayLike, gamma: ArrayLike, eps: float = 1e-6) -> NDArray[np.floating]:
    r"""Scale each vector (the last axis) to root-mean-square 1, then by a learned gain: Llama's RMSNorm.

    .. math::

        \operatorname{RMSNorm}(x) = \gamma \odot \frac{x}{\sqrt{\frac1d \sum_i x_i^2 + \varepsilon}}

    Unlike :func:`layer_norm` it neither subtracts the mean nor adds a shift.
    Computed stably for every finite input, as :func:`layer_norm` is: each
    vector is first divided by a power of two near its largest magnitude
    (exact), and ``eps`` by that power squared. A zero vector gives 0, also
    with ``eps=0``.

    Args:
        x: ``(..., d)``.
        gamma: the learned gain, ``(d,)``.
        eps: keeps the division finite for a vector near 0 (SmolLM2 uses
            1e-5); a non-negative finite number.

    Returns:
        ``(..., d)``, in ``x``'s float dtype.

    Example:
        >>> rms_norm([[3.0, 4.0]], [1.0, 2.0], eps=0.0).round(4)   # rms of (3, 4) is sqrt(12.5)
        array([[0.8485, 2.2627]])
    """
    x = as_float_array("x", x, min_ndim=1)
    d = x.shape[-1]
    gamma = as_float_array("gamma", gamma, ndim=1)
    if gamma.shape != (d,):
        raise ValueError(
            f"gamma must have shape (d,) = ({d},) to match x {shape_str(x.shape)}, got {shape_str(gamma.shape)}"
        )
    eps = check_eps(eps)
    # |x| < 2^e on each vector: x / 2^e has no square that overflows or underflows (exact: a power of two).
    exponent = np.frexp(np.abs(x).max(axis=-1, keepdims=True))[1]
    scaled = np.ldexp(x, -exponent)
    mean_square = (scaled * scaled).mean(axis=-1, keepdims=True)
    with np.errstate(over="ignore", under="ignore"):  # handled below; below the smallest float, eps is negligible
        shrunk_eps = np.ldexp(x.dtype.type(eps), -2 * exponent)
    denominator = np.sqrt(mean_square + shrunk_eps)
    normalised = scaled / np.where(denominator > 0, denominator, 1)  # a zero vector stays 0
    tiny = np.isinf(shrunk_eps)  # a vector so small that eps / 4^e overflows: it is nothing beside eps
    if tiny.any():
        with np.errstate(under="ignore"):
            normalised = np.where(tiny, scaled * np.ldexp(x.dtype.type(1 / math.sqrt(eps)), exponent), normalised)
    return (gamma.astype(x.dtype) * normalised).astype(x.dtype, copy=False)


def silu(x: ArrayLike) -> NDArray[np.floating]:
    r"""The sigmoid linear unit (also called swish), elementwise: :math:`\operatorname{SiLU}(x) = x\,\sigma(x) = \frac{x}{1 + e^{-x}}`.

    Computed without overflow for every finite input (:math:`e^{-|x|}`
    only, never :math:`e^{+|x|}`).

    Example:
        >>> silu([-1.0, 0.0, 2.0]).round(6)
        array([-0.268941,  0.      ,  1.761594])
    """
    x = as_float_array("x", x)
    with np.errstate(under="ignore"):
        small = np.exp(-np.abs(x))  # in (0, 1]
    sigmoid = np.where(x >= 0, 1 / (1 + small), small / (1 + small))
    return (x * sigmoid).astype(x.dtype, copy=False)


def swiglu(x: ArrayLike, w_gate: ArrayLike, w_up: ArrayLike, w_down: ArrayLike) -> NDArray[np.floating]:
    r"""Llama's feed-forward network: a SiLU-gated linear unit, then back to the model width.

    .. math::

        \operatorname{FFN}(x) = \bigl(\operatorname{SiLU}(x W_\text{gate}) \odot x W_\text{up}\bigr)\, W_\text{down}

    Args:
        x: ``(..., d_model)``.
        w_gate, w_up: ``(d_model, d_ff)``, applied as ``x @ w``.
        w_down: ``(d_ff, d_model)``.

    Returns:
        ``(..., d_model)``, in ``x``'s float dtype.

    Example:
        >>> swiglu([[1.0, 2.0]], np.eye(2), np.eye(2), np.ones((2, 2))).round(4)  # silu(1)*1 + silu(2)*2
        array([[4.2542, 4.2542]])
    """
    x = as_float_array("x", x, min_ndim=1)
    d_model = x.shape[-1]
    w_gate = as_float_array("w_gate", w_gate, ndim=2)
    w_up = as_float_array("w_up", w_up, ndim=2)
    w_down = as_float_array("w_down", w_down, ndim=2)
    d_ff = w_gate.shape[1]
    for name, w, shape in (
        ("w_gate", w_gate, (d_model, d_ff)),
        ("w_up", w_up, (d_model, d_ff)),
        ("w_down", w_down, (d_ff, d_model)),
    ):
        if w.shape != shape:
            raise ValueError(
                f"{name} must have shape {shape_str(shape)} for x {shape_str(x.shape)} and w_gate "
                f"{shape_str(w_gate.shape)} (d_model, d_ff), got {shape_str(w.shape)}"
            )
    return feed_forward(x, w_gate, w_up, w_down)


def feed_forward(x: NDArray, w_gate: NDArray, w_up: NDArray, w_down: NDArray) -> NDArray:
    """:func:`swiglu` of checked arrays (internal: a model calls it once per layer and token)."""
    # [..., d_model] -> [..., d_ff] (gate and up) -> [..., d_model]
    gate = linear(x, w_gate)
    with np.errstate(under="ignore"):
        small = np.exp(-np.abs(gate))
    gate *= np.where(gate >= 0, 1 / (1 + small), small / (1 + small))
    gate *= linear(x, w_up)
    return linear(gate, w_down)
