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

ALiBi (attention with linear biases, Press, Smith & Lewis 2021) turns
nothing: it adds to every scaled score a penalty proportional to the
distance between the query and the key, steeper in some heads than in
others,

.. math::

    s_{h,i,j} = \frac{q_i \cdot k_j}{\sqrt{d_k}} - m_h\,|i - j| ,

with the slopes :math:`m_h` of :func:`alibi_slopes`. :func:`alibi_bias` gives
the penalties as an additive mask, ``mask=`` of the package's attention.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_int, check_memory, shape_str

__all__ = ["Pairs", "alibi_bias", "alibi_slopes", "apply_rope", "rope_angles", "rope_frequencies"]

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


def alibi_slopes(n_heads: int) -> NDArray[np.float64]:
    r"""ALiBi's slope of each head, :math:`m_h = 2^{-8h/H}` for heads h = 1 .. H, steepest first.

    For H a power of two the slopes are this geometric sequence: with 8
    heads, 1/2, 1/4, ..., 1/256. For any other H, as in the paper's code,
    the first H' slopes are those of the largest power of two H' below H,
    and the other H - H' are taken from the sequence for 2H' heads, every
    other term (h = 1, 3, 5, ...), which lie between them.

    Args:
        n_heads: H, the number of heads, at least 1.

    Returns:
        ``(n_heads,)``, float64, each in (0, 1).

    Example:
        >>> alibi_slopes(4)                       # 2^(-8h/4) = 4^(-h)
        array([0.25      , 0.0625    , 0.015625  , 0.00390625])
    """
    n_heads = check_int("n_heads", n_heads, minimum=1)
    power = 1 << (n_heads.bit_length() - 1)  # the largest power of two not above n_heads
    slopes = 2.0 ** (-8.0 * np.arange(1, power + 1) / power)
    if power == n_heads:
        return slopes
    # The sequence for 2 * power heads, its terms h = 1, 3, 5, ...: one between each pair of the slopes above.
    between = 2.0 ** (-8.0 * np.arange(1, 2 * (n_heads - power), 2) / (2 * power))
    return np.concatenate([slopes, between])


def alibi_bias(n_heads: int, n_q: int, n_k: int | None = None, *, first_query: int = 0) -> NDArray[np.float64]:
    r"""ALiBi's penalties, ``(n_heads, n_q, n_k)``: an additive mask for the scaled scores of every head.

    .. math::

        B_{h,i,j} = -m_h\,\bigl|(\text{first\_query} + i) - j\bigr|

    Query i sits at position ``first_query + i`` (a decoder with a cache of
    k earlier tokens gives ``first_query=k``), key j at position j. Pass it as
    ``mask=`` to :func:`~attention.scaled_dot_product_attention` with queries
    ``(n_heads, n_q, d_k)``. The paper's models are causal: add
    ``causal=True`` when the queries start at position 0; a decoder step
    with a cache (``first_query`` > 0) masks the keys after each query
    itself. Without a causal mask, as in an encoder, the same penalty
    applies to keys on either side of the query.

    Args:
        n_heads: the number of heads, at least 1; the slopes are :func:`alibi_slopes`.
        n_q: the number of queries, at least 1.
        n_k: the number of keys, at least 1; default ``n_q``.
        first_query: the position of the first query, at least 0.

    Returns:
        ``(n_heads, n_q, n_k)``, float64, 0 where the query and the key are
        the same position and more negative the farther apart they are.

    Example:
        >>> alibi_bias(2, 3)                      # slopes 1/16 and 1/256
        array([[[ 0.        , -0.0625    , -0.125     ],
                [-0.0625    ,  0.        , -0.0625    ],
                [-0.125     , -0.0625    ,  0.        ]],
        <BLANKLINE>
               [[ 0.        , -0.00390625, -0.0078125 ],
                [-0.00390625,  0.        , -0.00390625],
                [-0.0078125 , -0.00390625,  0.        ]]])
    """
    slopes = alibi_slopes(n_heads)
    n_q = check_int("n_q", n_q, minimum=1)
    n_k = n_q if n_k is None else check_int("n_k", n_k, minimum=1)
    first_query = check_int("first_query", first_query, minimum=0)
    check_memory(
        8 * len(slopes) * n_q * n_k, f"alibi_bias(n_heads={n_heads}, n_q={n_q}, n_k={n_k}): a float64 bias per head"
    )
    # [n_q, 1] - [1, n_k] -> [n_q, n_k]: how far apart each query and key are
    distance = np.abs(np.arange(first_query, first_query + n_q)[:, None] - np.arange(n_k)[None, :])
    # [h, 1, 1] * [n_q, n_k] -> [h, n_q, n_k]
    return slopes[:, None, None] * -distance  # -distance, an integer: 0 stays 0, never -0.0
