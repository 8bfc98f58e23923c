"""Build it: the lesson "Attention at scale".

Two exercises, where the lesson teaches each: two summaries (m, ℓ, U) of two
blocks of keys combined into one (Step 2), and blockwise attention over tiles
of keys with the online softmax.
"""

from __future__ import annotations

import math

import numpy as np

from .. import blockwise_attention
from ..blockwise.online_softmax import OnlineSoftmax
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "attention-at-scale"
STEP_2 = "attention-at-scale.md#step-2-combine-two-summaries"
STEP_3 = "attention-at-scale.md#step-3-online-one-block-after-the-other"
ALL_QUERIES = "attention-at-scale.md#all-queries-at-once-blockwise-attention"


# ── Two summaries combined ─────────────────────────────────────────────────


def _summary(scores: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(m, ℓ, U) of one block: scores (n_q, c), values (c, d_v) -> (n_q,), (n_q,), (n_q, d_v)."""
    m = scores.max(axis=-1)
    p = np.exp(scores - m[:, None])
    return m, p.sum(axis=-1), p @ values


def _pseudo_tile(m: np.ndarray, ell: np.ndarray, u: np.ndarray, keys: int) -> tuple[np.ndarray, np.ndarray]:
    """A tile of scores (g, keys, 1) and values (g, keys, d_v) whose summary, query by query, is (m, ℓ, U).

    Key 0 has the score m; the other keys share the rest of ℓ, each with a score
    at most m; every key's value is U / ℓ. An empty summary (m = -inf, ℓ = 0)
    is a tile of -inf scores.
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        rest = np.where(ell > 1, m + np.log(np.maximum(ell - 1, 0) / (keys - 1)), -np.inf)
        value = np.where(ell[:, None] > 0, u / np.where(ell > 0, ell, 1)[:, None], 0)
    scores = np.empty((len(m), keys, 1), m.dtype)
    scores[:, 0, 0] = m
    scores[:, 1:, 0] = rest[:, None]
    return scores, np.repeat(value[:, None, :], keys, axis=1)


def _combined_by_the_package(
    m_a: np.ndarray, ell_a: np.ndarray, u_a: np.ndarray, m_b: np.ndarray, ell_b: np.ndarray, u_b: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The package's online softmax folding summary a in, then summary b: its running (m, ℓ, U) after both.

    Each summary enters as a tile that summarises to it (:func:`_pseudo_tile`),
    one batch item per query; the rescaling is the package's own.
    """
    dtype = np.result_type(m_a, ell_a, u_a, m_b, ell_b, u_b)
    n_q, d_v = u_a.shape
    keys = max(2, math.ceil(max(float(ell_a.max()), float(ell_b.max()))))  # enough keys to share each ℓ
    out, scratch = np.empty((n_q, 1, d_v), dtype), np.empty((n_q, 1, d_v), dtype)
    online = OnlineSoftmax(out, scratch, may_be_empty=True)
    for m, ell, u in ((m_a, ell_a, u_a), (m_b, ell_b, u_b)):
        scores, values = _pseudo_tile(m.astype(dtype), ell.astype(dtype), u.astype(dtype), keys)
        online.update(scores, values)
    return online.m[:, 0, 0].copy(), online.l[:, 0, 0].copy(), out[:, 0, :].copy()


def _two_blocks(
    seed: int, n_q: int, n_a: int, n_b: int, d_v: int, scale: float = 1.0, shift: float = 0.0
) -> tuple[np.ndarray, ...]:
    """Two summaries of seeded blocks of n_a and n_b keys; ``shift`` is added to the first block's scores."""
    s_a, s_b, v_a, v_b = random_arrays(seed, (n_q, n_a), (n_q, n_b), (n_a, d_v), (n_b, d_v), scale=scale)
    return (*_summary(s_a + shift, v_a), *_summary(s_b, v_b))


def _lesson_blocks() -> tuple[np.ndarray, ...]:
    """The lesson's row: seed 35, 10 keys of width 4, blocks of keys 0..3 and 4..9."""
    rng = np.random.default_rng(35)
    query, keys, values = rng.standard_normal(4), rng.standard_normal((10, 4)), rng.standard_normal((10, 4))
    s = (keys @ query / np.sqrt(4))[None, :]
    return (*_summary(s[:, :4], values[:4]), *_summary(s[:, 4:], values[4:]))


def _combine_cases() -> list[Case]:
    empty = (np.full(2, -np.inf), np.zeros(2), np.zeros((2, 3)))
    return [
        Case("one query: the lesson's two blocks", _lesson_blocks()),
        Case(
            "equal maxima",
            (
                *_summary(np.array([[1.0, 0.0]]), np.array([[1.0], [2.0]])),
                *_summary(np.array([[-2.0, 1.0]]), np.array([[3.0], [-1.0]])),
            ),
        ),
        Case("the empty summary (-inf, 0, 0) first", (*empty, *_two_blocks(70, 2, 1, 3, 3)[3:])),
        Case("the larger maxima in the first block", _two_blocks(71, 3, 4, 2, 2, shift=3.0)),
        Case("huge scores (about 1000)", _two_blocks(72, 2, 3, 3, 2, shift=1000.0)),
        Case(
            "float32, 3 queries, d_v = 2",
            tuple(a.astype(np.float32) for a in _two_blocks(73, 3, 3, 4, 2, scale=2.0)),
            FLOAT32,
        ),
        Case("random, 4 queries, d_v = 3, blocks of 3 and 5 keys", _two_blocks(74, 4, 3, 5, 3, scale=2.0)),
    ]


COMBINE = Exercise(
    id="combine-summaries",
    lesson=LESSON,
    title="Two summaries, combined",
    function="combine",
    prompt=(
        r"Write `combine(m_a, ell_a, u_a, m_b, ell_b, u_b)`: the summaries \((m, \ell, U)\) of two blocks of keys, "
        r"one row per query, turned into the summary of all their keys, as in Step 2: \(m = \max(m_a, m_b)\), "
        r"each block's \(\ell\) and \(U\) rescaled by \(e^{m_\text{block} - m}\), then added. \(U\) stays "
        r"unnormalised (not divided by \(\ell\)). A summary of no keys at all is \((-\infty, 0, 0)\)."
    ),
    starter='''import numpy as np


def combine(m_a, ell_a, u_a, m_b, ell_b, u_b):
    """The summary of two blocks of keys together, from each block's summary.

    m_a, m_b: each query's largest score in its block, shape (n_q,); -inf for a block of no keys.
    ell_a, ell_b: each query's sum of exp(s_j - m) over its block, shape (n_q,).
    u_a, u_b: each query's sum of exp(s_j - m) v_j over its block, shape (n_q, d_v).
    Returns: (m, ell, u) of both blocks together, shapes (n_q,), (n_q,), (n_q, d_v), in the inputs' dtype.
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def combine(m_a, ell_a, u_a, m_b, ell_b, u_b):
    """The summary of two blocks of keys together, from each block's summary."""
    m = np.maximum(m_a, m_b)
    alpha, beta = np.exp(m_a - m), np.exp(m_b - m)   # at most 1, and one of them is 1
    ell = alpha * ell_a + beta * ell_b
    u = alpha[:, None] * u_a + beta[:, None] * u_b   # one factor per query: a column
    return m, ell, u
''',
    reference=_combined_by_the_package,
    cases=_combine_cases,
    returns=(Returns("m", "(n_q,)"), Returns("ell", "(n_q,)"), Returns("u", "(n_q, d_v)")),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"Both sums of block a are relative to \(m_a\): multiplying them by \(e^{m_a - m}\) makes them "
            r"relative to \(m\), since \(e^{s_j - m_a} e^{m_a - m} = e^{s_j - m}\). The same for block b."
        ),
        (
            r"`np.maximum` takes the larger maximum query by query. The factors have one entry per query, "
            r"`(n_q,)`: to scale the rows of \(U\), `(n_q, d_v)`, make them a column, `alpha[:, None]`."
        ),
    ),
    mistakes=(
        Mistake(
            id="no-rescaling",
            title="The sums added without rescaling",
            explanation=(
                r"You added \(\ell_a + \ell_b\) and \(U_a + U_b\) as they are, but block a's terms are "
                r"\(e^{s_j - m_a}\) and block b's \(e^{s_j - m_b}\): relative to different maxima. Multiply "
                r"each block's sums by \(e^{m_\text{block} - m}\) first; see "
                f"[Step 2 — combine two summaries]({STEP_2})."
            ),
            code="""import numpy as np


def combine(m_a, ell_a, u_a, m_b, ell_b, u_b):
    return np.maximum(m_a, m_b), ell_a + ell_b, u_a + u_b
""",
        ),
        Mistake(
            id="u-not-rescaled",
            title="ℓ rescaled, but not U",
            explanation=(
                r"Your \(m\) and \(\ell\) are right, but \(U\) is \(U_a + U_b\): the weighted sums of the values "
                r"need the same factors \(e^{m_\text{block} - m}\) as \(\ell\), or \(U / \ell\) is no longer "
                f"the softmax average; see [Step 2 — combine two summaries]({STEP_2})."
            ),
            code="""import numpy as np


def combine(m_a, ell_a, u_a, m_b, ell_b, u_b):
    m = np.maximum(m_a, m_b)
    ell = np.exp(m_a - m) * ell_a + np.exp(m_b - m) * ell_b
    return m, ell, u_a + u_b
""",
        ),
        Mistake(
            id="factor-upside-down",
            title="The factors upside down",
            explanation=(
                r"You multiplied by \(e^{m - m_\text{block}}\), which is at least 1: it moves the sums further "
                r"from the new maximum instead of onto it, and overflows (or gives NaN for an empty summary, "
                r"\(e^{+\infty} \cdot 0\)). The factor is \(e^{m_\text{block} - m}\), at most 1; see "
                f"[Step 2 — combine two summaries]({STEP_2})."
            ),
            code="""import numpy as np


def combine(m_a, ell_a, u_a, m_b, ell_b, u_b):
    m = np.maximum(m_a, m_b)
    alpha, beta = np.exp(m - m_a), np.exp(m - m_b)
    return m, alpha * ell_a + beta * ell_b, alpha[:, None] * u_a + beta[:, None] * u_b
""",
        ),
        Mistake(
            id="normalised-too-early",
            title="U divided by ℓ",
            explanation=(
                r"Your \(U\) is the output \(U / \ell\): a summary keeps \(U\) unnormalised, so that the next "
                r"block can still be added to it after rescaling; the division by \(\ell\) comes once, at the "
                f"very end. See [Step 1 — summarise a block of keys](attention-at-scale.md#step-1-summarise-a-block-of-keys) "
                f"and [Step 2]({STEP_2})."
            ),
            code="""import numpy as np


def combine(m_a, ell_a, u_a, m_b, ell_b, u_b):
    m = np.maximum(m_a, m_b)
    alpha, beta = np.exp(m_a - m), np.exp(m_b - m)
    ell = alpha * ell_a + beta * ell_b
    return m, ell, (alpha[:, None] * u_a + beta[:, None] * u_b) / ell[:, None]
""",
        ),
        Mistake(
            id="factor-not-a-column",
            title="The factors scale the columns of U",
            explanation=(
                r"`alpha * u_a`, with `alpha` of shape `(n_q,)` and `u_a` of shape `(n_q, d_v)`, lines the "
                "factors up with the last axis: each column is scaled by another query's factor, or the shapes "
                "do not broadcast at all. Make the factors a column, `alpha[:, None] * u_a`; see "
                f"[all queries at once]({ALL_QUERIES})."
            ),
            code="""import numpy as np


def combine(m_a, ell_a, u_a, m_b, ell_b, u_b):
    m = np.maximum(m_a, m_b)
    alpha, beta = np.exp(m_a - m), np.exp(m_b - m)
    return m, alpha * ell_a + beta * ell_b, alpha * u_a + beta * u_b
""",
        ),
    ),
)


# ── Blockwise attention ────────────────────────────────────────────────────


def _blockwise_cases() -> list[Case]:
    huge_first = (
        np.array([[30.0, 0.0], [0.0, 1.0]]),
        np.array([[40.0, 0.0], [39.9, 0.2], [-40.0, 0.0], [-39.0, 0.0]]),
        np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]),
        2,
    )
    far_below = (
        np.array([[30.0, 1.0]]),
        np.array([[-40.0, 0.0], [-39.9, 1.0], [-39.8, -1.0]]),
        np.array([[1.0, -1.0], [2.0, 0.0], [3.0, 1.0]]),
        2,
    )
    return [
        Case("one key", (*random_arrays(80, (2, 3), (1, 3), (1, 2)), 2)),
        Case("6 keys in blocks of 3", (*random_arrays(81, (3, 4), (6, 4), (6, 2), scale=1.5), 3)),
        Case("7 keys in blocks of 3: a last block of 1", (*random_arrays(82, (3, 4), (7, 4), (7, 2), scale=1.5), 3)),
        Case("blocks of 1 key", (*random_arrays(83, (2, 4), (4, 4), (4, 3), scale=1.5), 1)),
        Case("a block longer than all 5 keys", (*random_arrays(84, (2, 4), (5, 4), (5, 2), scale=1.5), 8)),
        Case("huge scores, the largest in the first block", huge_first),
        Case("every score far below zero (about -800)", far_below),
        Case(
            "float32, 5 keys in blocks of 2",
            (*(a.astype(np.float32) for a in random_arrays(85, (3, 4), (5, 4), (5, 3), scale=1.5)), 2),
            FLOAT32,
        ),
    ]


BLOCKWISE = Exercise(
    id="blockwise-attention",
    lesson=LESSON,
    title="Blockwise attention",
    function="blockwise",
    prompt=(
        r"Write `blockwise(q, k, v, block)`: \(\operatorname{softmax}(QK^\top/\sqrt{d_k})\,V\), reading the keys "
        "and values `block` at a time (the last block may be shorter) with the online softmax: a running "
        r"\(m\), \(\ell\) and \(U\) per query, rescaled by \(\alpha = e^{m - m_\text{new}}\) at every block, and "
        r"one division \(U / \ell\) at the end. No array of all the scores; float32 inputs give float32 results."
    ),
    starter='''import numpy as np


def blockwise(q, k, v, block):
    """Scaled dot-product attention, `block` keys at a time.

    q: queries, shape (n_q, d_k).
    k: keys, shape (n_k, d_k).
    v: values, shape (n_k, d_v).
    block: keys per block, an int >= 1.
    Returns: the output, shape (n_q, d_v), in q's dtype.
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def blockwise(q, k, v, block):
    """Scaled dot-product attention, `block` keys at a time."""
    n_q, d_k = q.shape
    m = np.full((n_q, 1), -np.inf, dtype=q.dtype)          # running maximum: no keys yet
    ell = np.zeros((n_q, 1), dtype=q.dtype)                # running sum of exp(s - m)
    u = np.zeros((n_q, v.shape[1]), dtype=q.dtype)         # running sum of exp(s - m) v
    for start in range(0, k.shape[0], block):              # the last block may be shorter
        k_b, v_b = k[start:start + block], v[start:start + block]
        s_b = q @ k_b.T / math.sqrt(d_k)                   # (n_q, ≤ block)
        m_new = np.maximum(m, s_b.max(axis=1, keepdims=True))
        p = np.exp(s_b - m_new)
        alpha = np.exp(m - m_new)                          # moves the old sums to the new maximum
        ell = alpha * ell + p.sum(axis=1, keepdims=True)
        u = alpha * u + p @ v_b
        m = m_new
    return u / ell
''',
    reference=lambda q, k, v, block: blockwise_attention(q, k, v, block_size=block).output,
    cases=_blockwise_cases,
    returns=(Returns("output", "(n_q, d_v)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"Start from the summary of no keys, \(m = -\infty\), \(\ell = 0\), \(U = 0\), one row per query, "
            "and loop `for start in range(0, n_k, block)`: slicing past the end gives the shorter last block."
        ),
        (
            r"In each block: its scores \(S_B\), the new maximum `np.maximum(m, S_B.max(axis=1, keepdims=True))`, "
            r"\(P = e^{S_B - m_\text{new}}\) and \(\alpha = e^{m - m_\text{new}}\); then "
            r"\(\ell \leftarrow \alpha \ell + \operatorname{rowsum} P\) and \(U \leftarrow \alpha U + P V_B\)."
        ),
        (
            "Keep `m` and `ell` as columns, `(n_q, 1)`, so that they scale the rows of `u`; and create them with "
            "`dtype=q.dtype`, or float32 inputs come out float64."
        ),
    ),
    mistakes=(
        Mistake(
            id="each-block-normalised",
            title="Each block's softmax on its own",
            explanation=(
                "You took a softmax over each block's scores and added the blocks' averages: each block then "
                "counts as much as the others, however large or small its scores are, and the weights of a "
                r"query sum to the number of blocks. Keep the unnormalised \(\ell\) and \(U\) across the blocks "
                f"and divide once at the end; see [all queries at once]({ALL_QUERIES})."
            ),
            code="""import math

import numpy as np


def blockwise(q, k, v, block):
    out = np.zeros((q.shape[0], v.shape[1]), dtype=q.dtype)
    for start in range(0, k.shape[0], block):
        s_b = q @ k[start:start + block].T / math.sqrt(q.shape[1])
        p = np.exp(s_b - s_b.max(axis=1, keepdims=True))
        out += p / p.sum(axis=1, keepdims=True) @ v[start:start + block]
    return out
""",
        ),
        Mistake(
            id="no-alpha",
            title="The old sums not rescaled",
            explanation=(
                r"When a block brings a larger maximum, what was summed so far is still relative to the old "
                r"one: multiply \(\ell\) and \(U\) by \(\alpha = e^{m - m_\text{new}}\) before adding the "
                r"block's terms. Without it the early blocks weigh \(e^{m_\text{new} - m}\) times too much; see "
                f"[Step 3 — online: one block after the other]({STEP_3})."
            ),
            code="""import math

import numpy as np


def blockwise(q, k, v, block):
    n_q, d_k = q.shape
    m = np.full((n_q, 1), -np.inf, dtype=q.dtype)
    ell = np.zeros((n_q, 1), dtype=q.dtype)
    u = np.zeros((n_q, v.shape[1]), dtype=q.dtype)
    for start in range(0, k.shape[0], block):
        s_b = q @ k[start:start + block].T / math.sqrt(d_k)
        m = np.maximum(m, s_b.max(axis=1, keepdims=True))
        p = np.exp(s_b - m)
        ell = ell + p.sum(axis=1, keepdims=True)
        u = u + p @ v[start:start + block]
    return u / ell
""",
        ),
        Mistake(
            id="last-block-dropped",
            title="The last, shorter block left out",
            explanation=(
                "Your loop stops before a last block shorter than `block`: those keys are never read (and with "
                r"fewer keys than one block, none are: \(0/0\) is NaN). `range(0, n_k, block)` reaches them, and "
                "slicing `k[start:start + block]` past the end gives the shorter block; see "
                f"[all queries at once]({ALL_QUERIES})."
            ),
            code="""import math

import numpy as np


def blockwise(q, k, v, block):
    n_q, d_k = q.shape
    m = np.full((n_q, 1), -np.inf, dtype=q.dtype)
    ell = np.zeros((n_q, 1), dtype=q.dtype)
    u = np.zeros((n_q, v.shape[1]), dtype=q.dtype)
    for b in range(k.shape[0] // block):
        k_b, v_b = k[b * block:(b + 1) * block], v[b * block:(b + 1) * block]
        s_b = q @ k_b.T / math.sqrt(d_k)
        m_new = np.maximum(m, s_b.max(axis=1, keepdims=True))
        p = np.exp(s_b - m_new)
        alpha = np.exp(m - m_new)
        ell = alpha * ell + p.sum(axis=1, keepdims=True)
        u = alpha * u + p @ v_b
        m = m_new
    return u / ell
""",
        ),
        Mistake(
            id="m-starts-at-zero",
            title="The running maximum starts at 0",
            explanation=(
                r"Your \(m\) starts at 0 instead of \(-\infty\), so it never drops below 0: when every score of a "
                r"query is far below zero (about \(-800\) here), every \(e^{s - m}\) underflows to 0 and "
                r"\(U/\ell\) is \(0/0\). The summary of no keys is \((-\infty, 0, 0)\); see "
                f"[Step 3 — online: one block after the other]({STEP_3})."
            ),
            code="""import math

import numpy as np


def blockwise(q, k, v, block):
    n_q, d_k = q.shape
    m = np.zeros((n_q, 1), dtype=q.dtype)
    ell = np.zeros((n_q, 1), dtype=q.dtype)
    u = np.zeros((n_q, v.shape[1]), dtype=q.dtype)
    for start in range(0, k.shape[0], block):
        k_b, v_b = k[start:start + block], v[start:start + block]
        s_b = q @ k_b.T / math.sqrt(d_k)
        m_new = np.maximum(m, s_b.max(axis=1, keepdims=True))
        p = np.exp(s_b - m_new)
        alpha = np.exp(m - m_new)
        ell = alpha * ell + p.sum(axis=1, keepdims=True)
        u = alpha * u + p @ v_b
        m = m_new
    return u / ell
""",
        ),
        Mistake(
            id="block-maximum-not-running",
            title="Each block's own maximum, not the running one",
            explanation=(
                r"Your \(m_\text{new}\) is the block's maximum alone, not \(\max(m, \operatorname{rowmax} S_B)\). "
                r"When a later block's scores are much lower, \(\alpha = e^{m - m_\text{new}}\) is far above 1 and "
                "overflows (here to infinity, then NaN). With the running maximum, every exponent is at most 0; "
                f"see [Step 3 — online: one block after the other]({STEP_3})."
            ),
            code="""import math

import numpy as np


def blockwise(q, k, v, block):
    n_q, d_k = q.shape
    m = np.full((n_q, 1), -np.inf, dtype=q.dtype)
    ell = np.zeros((n_q, 1), dtype=q.dtype)
    u = np.zeros((n_q, v.shape[1]), dtype=q.dtype)
    for start in range(0, k.shape[0], block):
        k_b, v_b = k[start:start + block], v[start:start + block]
        s_b = q @ k_b.T / math.sqrt(d_k)
        m_new = s_b.max(axis=1, keepdims=True)
        p = np.exp(s_b - m_new)
        alpha = np.exp(m - m_new)
        ell = alpha * ell + p.sum(axis=1, keepdims=True)
        u = alpha * u + p @ v_b
        m = m_new
    return u / ell
""",
        ),
    ),
)

EXERCISES = (COMBINE, BLOCKWISE)
