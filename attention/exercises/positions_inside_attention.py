"""Build it: the lesson "Positions inside attention".

Two exercises, each after the section that teaches it: RoPE's rotation of
one query vector, and ALiBi's penalties for every head.
"""

from __future__ import annotations

import numpy as np

from .. import alibi_bias, apply_rope
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance

LESSON = "positions-inside-attention"
ROPE = "positions-inside-attention.md#rope-rotate-the-queries-and-keys"
ALIBI = "positions-inside-attention.md#alibi-a-penalty-that-grows-with-distance"


def _vector(seed: int, d: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(d)


# ── RoPE on one vector ─────────────────────────────────────────────────────


def _rope_cases() -> list[Case]:
    return [
        Case("position 0", (_vector(1, 4), 0)),
        Case("one pair (d = 2), position 1", (np.array([1.0, 0.0]), 1)),
        Case("d = 4, position 1", (np.array([1.0, 0.0, 1.0, 0.0]), 1)),
        Case("random, d = 8, position 5", (_vector(2, 8), 5)),
        Case("float32, d = 6, position 3", (_vector(3, 6).astype(np.float32), 3), FLOAT32),
        Case("random, d = 16, position 100", (_vector(4, 16), 100)),
        Case("random, d = 8, position 2048", (_vector(5, 8), 2048)),
    ]


ROPE_ONE_VECTOR = Exercise(
    id="rope-one-vector",
    lesson=LESSON,
    title="Rotate one query with RoPE",
    function="rope",
    prompt=(
        r"Write `rope(x, position)`: the query (or key) vector `x`, of even width \(d\), turned as RoPE turns a "
        r"token at position \(m\) = `position`. Pair \(i\) is features \(2i\) and \(2i+1\), turned by the angle "
        r"\(\theta = m\,\omega_i\) with \(\omega_i = 10000^{-2i/d}\), \(i = 0, \dots, d/2 - 1\), as the lesson's "
        "rotation formula says. `x` is `(d,)`, `position` a non-negative int; the result is `(d,)`, in `x`'s "
        "dtype (float32 stays float32)."
    ),
    starter='''import numpy as np


def rope(x, position):
    """x turned by RoPE for a token at the given position.

    x: one query or key vector, shape (d,), d even.
    position: the token's position m, an int >= 0.
    Returns: shape (d,), in x's dtype: features 2i and 2i+1 turned by m * 10000**(-2i/d).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def rope(x, position):
    """x turned by RoPE for a token at the given position."""
    d = x.shape[-1]
    omega = 10000.0 ** (-np.arange(0, d, 2) / d)  # (d/2,): omega_i = 10000^(-2i/d), fastest first
    theta = position * omega
    cos, sin = np.cos(theta), np.sin(theta)
    a, b = x[0::2], x[1::2]  # pair i: features 2i and 2i + 1
    out = np.empty_like(x)  # x's dtype
    out[0::2] = a * cos - b * sin
    out[1::2] = a * sin + b * cos
    return out
''',
    reference=lambda x, position: apply_rope(x[None, :], [position])[0],
    cases=_rope_cases,
    returns=(Returns("turned", "(d,)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"The frequencies first: the exponents \(-2i/d\) for \(i = 0, \dots, d/2 - 1\) are "
            "`-np.arange(0, d, 2) / d`. The angles are `position` times them."
        ),
        (
            "`x[0::2]` holds the first feature of every pair and `x[1::2]` the second. Turn them with "
            r"\(a\cos\theta - b\sin\theta\) and \(a\sin\theta + b\cos\theta\), and write them back to the same "
            "places of a new array, `np.empty_like(x)`."
        ),
    ),
    mistakes=(
        Mistake(
            id="halves",
            title="The other pairing: halves",
            explanation=(
                r"You paired feature \(i\) with feature \(i + d/2\) (the first half with the second, as Hugging "
                r"Face's Llama code does). The lesson, and `apply_rope` by default, pair neighbours: \(2i\) and "
                r"\(2i+1\), `x[0::2]` and `x[1::2]`. Both are RoPE, but a model's weights are laid out for one of "
                f"them; see [RoPE]({ROPE})."
            ),
            code="""import numpy as np


def rope(x, position):
    d = x.shape[-1]
    theta = position * 10000.0 ** (-np.arange(0, d, 2) / d)
    a, b = x[: d // 2], x[d // 2 :]
    out = np.empty_like(x)
    out[: d // 2] = a * np.cos(theta) - b * np.sin(theta)
    out[d // 2 :] = a * np.sin(theta) + b * np.cos(theta)
    return out
""",
        ),
        Mistake(
            id="i-over-d",
            title="Frequencies with i/d, not 2i/d",
            explanation=(
                r"Your frequencies are \(10000^{-i/d}\): the exponent is \(-2i/d\), with \(i\) the number of the "
                r"pair, so the slowest pair turns at \(10000^{-(d-2)/d}\), nearly \(1/10000\). Use "
                f"`-np.arange(0, d, 2) / d` (that is 2i / d); see [RoPE]({ROPE})."
            ),
            code="""import numpy as np


def rope(x, position):
    d = x.shape[-1]
    theta = position * 10000.0 ** (-np.arange(d // 2) / d)
    a, b = x[0::2], x[1::2]
    out = np.empty_like(x)
    out[0::2] = a * np.cos(theta) - b * np.sin(theta)
    out[1::2] = a * np.sin(theta) + b * np.cos(theta)
    return out
""",
        ),
        Mistake(
            id="turned-backwards",
            title="Turned the wrong way",
            explanation=(
                r"Your vectors turn by \(-\theta\): the signs of the sines are swapped. The rotation is "
                r"\(a' = a\cos\theta - b\sin\theta\), \(b' = a\sin\theta + b\cos\theta\), so \((1, 0)\) at "
                r"position 1 becomes \((\cos 1, \sin 1)\). Turned backwards, a query and a key still score by their "
                f"offset, but as if each stood where the other is; see [RoPE]({ROPE})."
            ),
            code="""import numpy as np


def rope(x, position):
    d = x.shape[-1]
    theta = position * 10000.0 ** (-np.arange(0, d, 2) / d)
    a, b = x[0::2], x[1::2]
    out = np.empty_like(x)
    out[0::2] = a * np.cos(theta) + b * np.sin(theta)
    out[1::2] = -a * np.sin(theta) + b * np.cos(theta)
    return out
""",
        ),
        Mistake(
            id="position-unused",
            title="The position left out",
            explanation=(
                r"Your angles are the frequencies \(\omega_i\) alone, the same at every position, as if every "
                r"token sat at position 1; at position 0 the vector must come back unchanged. The angle is "
                r"\(\theta = m\,\omega_i\): multiply by `position`. "
                f"See [RoPE]({ROPE})."
            ),
            code="""import numpy as np


def rope(x, position):
    d = x.shape[-1]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    a, b = x[0::2], x[1::2]
    out = np.empty_like(x)
    out[0::2] = a * np.cos(theta) - b * np.sin(theta)
    out[1::2] = a * np.sin(theta) + b * np.cos(theta)
    return out
""",
        ),
        Mistake(
            id="exponent-sign",
            title="Frequencies growing, not shrinking",
            explanation=(
                r"Your frequencies are \(10000^{+2i/d}\): the exponent lost its minus sign, so the later pairs "
                r"turn thousands of times per position instead of slowly. \(\omega_i = 10000^{-2i/d}\) runs from "
                f"1 (the fastest pair) down; see [RoPE]({ROPE})."
            ),
            code="""import numpy as np


def rope(x, position):
    d = x.shape[-1]
    theta = position * 10000.0 ** (np.arange(0, d, 2) / d)
    a, b = x[0::2], x[1::2]
    out = np.empty_like(x)
    out[0::2] = a * np.cos(theta) - b * np.sin(theta)
    out[1::2] = a * np.sin(theta) + b * np.cos(theta)
    return out
""",
        ),
    ),
)


# ── ALiBi's penalties ──────────────────────────────────────────────────────


def _alibi_cases() -> list[Case]:
    return [
        Case("one head, one token", (1, 1)),
        Case("one head, 3 tokens", (1, 3)),
        Case("2 heads, 3 tokens", (2, 3)),
        Case("the lesson's: 8 heads, 6 tokens", (8, 6)),
        Case("4 heads, 5 tokens", (4, 5)),
        Case("16 heads, 4 tokens", (16, 4)),
    ]


ALIBI_BIAS = Exercise(
    id="alibi-bias",
    lesson=LESSON,
    title="ALiBi's penalties for every head",
    function="alibi_bias",
    prompt=(
        r"Write `alibi_bias(n_heads, n)`: the penalties \(B_{h,i,j} = -m_h\,|i - j|\) that ALiBi adds to the "
        r"scaled scores of query \(i\) and key \(j\) in head \(h\), with the slopes \(m_h = 2^{-8h/H}\) for "
        r"\(h = 1, \dots, H\) (\(H\) = `n_heads`, a power of two), steepest first: index 0 of the result is "
        "\\(h = 1\\). The result is float64, `(n_heads, n, n)`; keys after the query get the same penalty as keys "
        "as far before it (a causal mask removes them anyway)."
    ),
    starter='''import numpy as np


def alibi_bias(n_heads, n):
    """ALiBi's additive penalties, one n x n table per head.

    n_heads: H, the number of heads, a power of two (1, 2, 4, 8, ...).
    n: the number of tokens (queries and keys alike), an int >= 1.
    Returns: float64, shape (n_heads, n, n): entry [h, i, j] is -m * |i - j|
        with m = 2**(-8 * (h + 1) / n_heads).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def alibi_bias(n_heads, n):
    """ALiBi's additive penalties, one n x n table per head."""
    slopes = 2.0 ** (-8.0 * np.arange(1, n_heads + 1) / n_heads)  # (n_heads,): m_1 first, the steepest
    positions = np.arange(n)
    distance = np.abs(positions[:, None] - positions[None, :])  # (n, n): |i - j|
    return slopes[:, None, None] * -distance  # (n_heads, 1, 1) * (n, n) -> (n_heads, n, n)
''',
    reference=lambda n_heads, n: alibi_bias(n_heads, n),
    cases=_alibi_cases,
    returns=(Returns("bias", "(n_heads, n, n)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"The slopes first: `np.arange(1, n_heads + 1)` counts the heads from 1, and \(2^{-8h/H}\) of it is "
            "one slope per head, 1/2 down to 1/256 for 8 heads."
        ),
        (
            "The distances are one `(n, n)` table for every head: `np.abs(i[:, None] - i[None, :])` with "
            "`i = np.arange(n)`. Give the slopes two new axes, `slopes[:, None, None]`, to multiply it head by head."
        ),
    ),
    mistakes=(
        Mistake(
            id="positive-bias",
            title="A bonus, not a penalty",
            explanation=(
                r"Your bias is \(+m_h|i - j|\): added to the scores it would favour the farthest keys. ALiBi "
                f"subtracts, \\(-m_h|i - j|\\), so that distant keys lose weight; see [ALiBi]({ALIBI})."
            ),
            code="""import numpy as np


def alibi_bias(n_heads, n):
    slopes = 2.0 ** (-8.0 * np.arange(1, n_heads + 1) / n_heads)
    positions = np.arange(n)
    return slopes[:, None, None] * np.abs(positions[:, None] - positions[None, :])
""",
        ),
        Mistake(
            id="signed-distance",
            title="Keys after the query get a bonus",
            explanation=(
                r"You used \(i - j\) without the absolute value: right for the keys before the query, but a key "
                r"after it (\(j > i\)) gets a positive bias. The penalty is \(-m_h\,|i - j|\), the same on both "
                f"sides; a causal mask, not the bias, hides the later keys. See [ALiBi]({ALIBI})."
            ),
            code="""import numpy as np


def alibi_bias(n_heads, n):
    slopes = 2.0 ** (-8.0 * np.arange(1, n_heads + 1) / n_heads)
    positions = np.arange(n)
    return -slopes[:, None, None] * (positions[:, None] - positions[None, :])
""",
        ),
        Mistake(
            id="heads-from-zero",
            title="Heads counted from 0",
            explanation=(
                r"Your first head has slope \(2^0 = 1\): the heads are counted from \(h = 1\), so the slopes are "
                r"\(2^{-8/H}, 2^{-16/H}, \dots, 2^{-8}\). Use `np.arange(1, n_heads + 1)`; see "
                f"[ALiBi]({ALIBI})."
            ),
            code="""import numpy as np


def alibi_bias(n_heads, n):
    slopes = 2.0 ** (-8.0 * np.arange(n_heads) / n_heads)
    positions = np.arange(n)
    return -slopes[:, None, None] * np.abs(positions[:, None] - positions[None, :])
""",
        ),
        Mistake(
            id="slopes-of-eight-heads",
            title="The 8-head slopes for every H",
            explanation=(
                r"Your slopes are \(1/2, 1/4, 1/8, \dots\) whatever the number of heads: that is \(2^{-8h/H}\) "
                r"for \(H = 8\) only. With \(H\) heads the slopes always run from \(2^{-8/H}\) down to "
                f"\\(2^{{-8}}\\), so more heads sit closer together; see [ALiBi]({ALIBI})."
            ),
            code="""import numpy as np


def alibi_bias(n_heads, n):
    slopes = 0.5 ** np.arange(1, n_heads + 1)
    positions = np.arange(n)
    return -slopes[:, None, None] * np.abs(positions[:, None] - positions[None, :])
""",
        ),
        Mistake(
            id="causal-in-bias",
            title="The causal mask built into the bias",
            explanation=(
                r"You put \(-\infty\) on the keys after each query. ALiBi's bias is the distance penalty alone, "
                r"\(-m_h\,|i - j|\) on both sides of the query; which keys a query may see is the mask's job "
                "(`causal=True`), and a decoder step with a cache, or an encoder, uses the same bias without it. See "
                f"[ALiBi]({ALIBI})."
            ),
            code="""import numpy as np


def alibi_bias(n_heads, n):
    slopes = 2.0 ** (-8.0 * np.arange(1, n_heads + 1) / n_heads)
    positions = np.arange(n)
    distance = positions[:, None] - positions[None, :]
    return np.where(distance < 0, -np.inf, -slopes[:, None, None] * distance)
""",
        ),
        Mistake(
            id="heads-reversed",
            title="Heads in the wrong order",
            explanation=(
                r"Your heads run from the shallowest slope to the steepest. Head \(h = 1\), index 0, has the "
                r"steepest, \(2^{-8/H}\), and the slopes shrink from there; "
                f"see [ALiBi]({ALIBI})."
            ),
            code="""import numpy as np


def alibi_bias(n_heads, n):
    slopes = 2.0 ** (-8.0 * np.arange(n_heads, 0, -1) / n_heads)
    positions = np.arange(n)
    return -slopes[:, None, None] * np.abs(positions[:, None] - positions[None, :])
""",
        ),
    ),
)

EXERCISES = (ROPE_ONE_VECTOR, ALIBI_BIAS)
