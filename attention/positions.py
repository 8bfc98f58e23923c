r"""Rotary position embeddings (RoPE): say where a token is by turning its query and key.

Attention by itself does not know the order of the tokens: permute the keys
and values together and every output stays the same. BERT adds a learned
vector per position to each token; Llama-style models instead *rotate* each
query and key by an angle proportional to its position. The feature vector
is cut into pairs, and pair i of the token at position p is turned by

.. math::

    \theta_{p,i} = p\,\omega_i, \qquad \omega_i = b^{-2i/d}, \quad i = 0, \dots, d/2 - 1

(b is the base, 10,000 in the original paper, 100,000 in SmolLM2; d the head
width). A rotation keeps lengths and turns dot products by the *difference*
of the angles, so the score of a query at position m and a key at position n,

.. math::

    \langle R_m q, R_n k \rangle = \langle q, R_{n-m} k \rangle ,

depends on the positions only through the offset n - m.

Which features form a pair is a convention of the weights, not of the
method, and the two conventions in use give the same scores when the
query/key weights are laid out for them:

- ``pairs="adjacent"``: features (2i, 2i+1), as in the RoFormer paper and in
  llama.cpp; the GGUF files' query and key weights are laid out for it.
- ``pairs="halves"``: features (i, i + d/2), as Hugging Face's Llama computes
  it ("rotate half"); its checkpoints' weights are laid out for that one.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, shape_str

__all__ = ["Pairs", "apply_rope", "rope_angles", "rope_frequencies"]

Pairs = Literal["adjacent", "halves"]
"""Which features RoPE turns together: ``"adjacent"`` (2i, 2i+1) or ``"halves"`` (i, i + d/2)."""


def _check_base(base: float) -> float:
    if isinstance(base, (bool, np.bool_)) or not isinstance(base, (int, float, np.integer, np.floating)):
        raise TypeError(f"base must be a number greater than 1, got {type(base).__name__}")
    value = float(base)
    if not 1.0 < value < np.inf:
        raise ValueError(f"base must be a finite number greater than 1, got {base!r}")
    return value


def _check_width(d: int) -> int:
    if isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, np.integer)):
        raise TypeError(f"d must be an integer, got {type(d).__name__}")
    if d < 2 or d % 2:
        raise ValueError(f"RoPE turns pairs of features: d must be even and at least 2, got {d}")
    return int(d)


def rope_frequencies(d: int, base: float = 10_000.0) -> NDArray[np.float64]:
    r"""The angle per position of each of the ``d / 2`` pairs, :math:`\omega_i = b^{-2i/d}`, fastest first.

    Example:
        >>> rope_frequencies(4, base=100.0)
        array([1. , 0.1])
    """
    d = _check_width(d)
    base = _check_base(base)
    return base ** (-np.arange(0, d, 2, dtype=np.float64) / d)


def _check_positions(positions: ArrayLike, n: int | None = None) -> NDArray[np.float64]:
    array = np.asarray(positions)
    if array.dtype.kind not in "iu":
        raise TypeError(f"positions must be integers, got dtype {array.dtype} with shape {shape_str(array.shape)}")
    if array.ndim != 1:
        raise ValueError(f"positions must be 1-D (n,), got shape {shape_str(array.shape)}")
    if n is not None and array.shape[0] != n:
        raise ValueError(
            f"positions must give one position per token: x has n={n} (second-to-last axis), "
            f"positions has shape {shape_str(array.shape)}"
        )
    if array.size and array.min() < 0:
        raise ValueError(f"positions must be non-negative, got {int(array.min())}")
    return array.astype(np.float64)


def rope_angles(positions: ArrayLike, d: int, base: float = 10_000.0) -> NDArray[np.float64]:
    r"""The angles :math:`\theta_{p,i} = p\,\omega_i`, shape ``(n, d / 2)``, for the token positions ``(n,)``.

    Example:
        >>> rope_angles([0, 1, 2], 4, base=100.0)
        array([[0. , 0. ],
               [1. , 0.1],
               [2. , 0.2]])
    """
    frequencies = rope_frequencies(d, base)
    # [n] x [d/2] -> [n, d/2]
    return np.outer(_check_positions(positions), frequencies)


def apply_rope(
    x: ArrayLike,
    positions: ArrayLike | None = None,
    *,
    base: float = 10_000.0,
    pairs: Pairs = "adjacent",
) -> NDArray[np.floating]:
    r"""Turn each pair of features of each token by its position's angle.

    .. math::

        \begin{pmatrix} x'_a \\ x'_b \end{pmatrix} =
        \begin{pmatrix} \cos\theta_{p,i} & -\sin\theta_{p,i} \\ \sin\theta_{p,i} & \cos\theta_{p,i} \end{pmatrix}
        \begin{pmatrix} x_a \\ x_b \end{pmatrix}

    where (a, b) is pair i: (2i, 2i+1) for ``pairs="adjacent"``, (i, i + d/2)
    for ``pairs="halves"``.

    Args:
        x: queries or keys, ``(..., n, d)`` with d even (one head's width;
            leading axes such as heads share the positions).
        positions: the tokens' positions ``(n,)``, non-negative integers;
            default ``0 .. n - 1``. A decoder with a cache of k earlier tokens
            gives ``k .. k + n - 1``.
        base: b in :math:`\omega_i = b^{-2i/d}`; greater than 1.
        pairs: ``"adjacent"`` or ``"halves"`` (see the module docstring).

    Returns:
        ``(..., n, d)``, in ``x``'s float dtype (the angles are computed in
        float64, then their cosines and sines rounded to it).

    Example:
        >>> x = np.array([[1.0, 0.0], [1.0, 0.0]])     # the same vector at positions 0 and 1
        >>> apply_rope(x, base=100.0).round(4)          # position 1 turns by 1 radian
        array([[1.    , 0.    ],
               [0.5403, 0.8415]])
    """
    x = as_float_array("x", x, min_ndim=2)
    *_, n, d = x.shape
    if d < 2 or d % 2:
        raise ValueError(
            f"RoPE turns pairs of features: the last axis of x must be even, got shape {shape_str(x.shape)}"
        )
    if pairs not in ("adjacent", "halves"):
        raise ValueError(f"pairs must be 'adjacent' or 'halves', got {pairs!r}")
    positions = np.arange(n) if positions is None else positions
    _check_positions(positions, n)
    angles = rope_angles(positions, d, base)
    # [n, d/2], rounded once to x's dtype, as the frameworks do
    cos, sin = np.cos(angles).astype(x.dtype), np.sin(angles).astype(x.dtype)
    if pairs == "adjacent":
        first, second = x[..., 0::2], x[..., 1::2]
    else:
        first, second = x[..., : d // 2], x[..., d // 2 :]
    # [..., n, d/2] each: the two coordinates of every pair, turned
    turned_first = first * cos - second * sin
    turned_second = first * sin + second * cos
    out = np.empty_like(x)
    if pairs == "adjacent":
        out[..., 0::2], out[..., 1::2] = turned_first, turned_second
    else:
        out[..., : d // 2], out[..., d // 2 :] = turned_first, turned_second
    return out
