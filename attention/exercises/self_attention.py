"""Build it: the lesson "Self-attention".

Two exercises, in "Who may attend to whom: masks": the causal mask of a
GPT-style model, and attention under a boolean mask, where a query that may
attend to nothing gets zeros, never NaN.
"""

from __future__ import annotations

import numpy as np

from .. import causal_mask, scaled_dot_product_attention
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "self-attention"
MASKS = "self-attention.md#who-may-attend-to-whom-masks"
CAUSAL = "self-attention.md#causal-gpt-versus-bidirectional-bert"
PADDING = "self-attention.md#padding-masks"


# ── The causal mask ────────────────────────────────────────────────────────


def _causal_cases() -> list[Case]:
    return [Case(f"n = {n}", (n,)) for n in (1, 2, 3, 6)]


CAUSAL_MASK = Exercise(
    id="causal-mask",
    lesson=LESSON,
    title="The causal mask",
    function="causal_mask",
    prompt=(
        r"Write `causal_mask(n)`: the mask of a GPT-style model for \(n\) tokens, a boolean array of shape "
        r"`(n, n)`, True where query \(i\) (the row) may attend to key \(j\) (the column), that is when "
        r"\(j \le i\): each token sees itself and the tokens before it, never a later one."
    ),
    starter='''import numpy as np


def causal_mask(n):
    """Which key each query may attend to in a left-to-right model.

    n: the number of tokens, an int >= 1.
    Returns: a boolean array of shape (n, n), True where key j (column)
        may be attended to by query i (row).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def causal_mask(n):
    """Which key each query may attend to in a left-to-right model."""
    i = np.arange(n)[:, None]  # the query's position, down the rows
    j = np.arange(n)[None, :]  # the key's position, across the columns
    return j <= i
''',
    reference=lambda n: causal_mask(n),
    cases=_causal_cases,
    returns=(Returns("mask", "(n, n)"),),
    tolerance=Tolerance(rtol=0.0, atol=0.0),
    hints=(
        (
            "Compare positions: an `(n, 1)` column of query positions and a `(1, n)` row of key positions "
            "broadcast to the whole `(n, n)` table."
        ),
        r"Query \(i\) may attend to key \(j\) when \(j \le i\): the lower triangle, with the diagonal.",
    ),
    mistakes=(
        Mistake(
            id="diagonal-excluded",
            title="A token may not see itself",
            explanation=(
                r"Your mask leaves out the diagonal, \(j < i\): token \(i\) may not attend to itself, and the "
                "first token to nothing at all. The causal rule forbids only later tokens: \\(j \\le i\\). See "
                f"[causal versus bidirectional]({CAUSAL})."
            ),
            code="""import numpy as np


def causal_mask(n):
    return np.arange(n)[None, :] < np.arange(n)[:, None]
""",
        ),
        Mistake(
            id="upper-triangle",
            title="The upper triangle: each token sees the future",
            explanation=(
                "Your mask is transposed: True above the diagonal, so query 0 may attend to every key and the "
                "last query only to itself, the reverse of a left-to-right model. The rows are the queries: row "
                r"\(i\) is True for the columns \(j \le i\). See "
                f"[causal versus bidirectional]({CAUSAL})."
            ),
            code="""import numpy as np


def causal_mask(n):
    return np.triu(np.ones((n, n), dtype=bool))
""",
        ),
        Mistake(
            id="inverted",
            title="True where attending is forbidden",
            explanation=(
                "Your mask is inverted: True on the later tokens, which must not be seen, and False on the ones "
                "that may. The package's boolean masks say True = may attend; a mask of forbidden pairs is its "
                f"complement, `~mask`. See [who may attend to whom]({MASKS})."
            ),
            code="""import numpy as np


def causal_mask(n):
    return np.arange(n)[None, :] > np.arange(n)[:, None]
""",
        ),
        Mistake(
            id="one-ahead",
            title="One token ahead is let through",
            explanation=(
                r"Your mask lets query \(i\) see key \(i + 1\) too (`np.tri(n, k=1)`, or \(j \le i + 1\)): one "
                "step into the future, exactly the token a model predicting the next token must not see. The "
                f"diagonal is the last True entry of each row; see [causal versus bidirectional]({CAUSAL})."
            ),
            code="""import numpy as np


def causal_mask(n):
    return np.tri(n, k=1, dtype=bool)
""",
        ),
        Mistake(
            id="ones-and-zeros",
            title="Ones and zeros, not True and False",
            explanation=(
                "Your mask has the right pattern, but in numbers: `np.tril(np.ones((n, n)))` is float. The "
                "package reads a numeric mask as an additive one, added to the scores, so a mask of 1s and 0s "
                "forbids nothing at all. Make it boolean: `np.tril(np.ones((n, n), dtype=bool))`, or compare "
                f"positions. See [who may attend to whom]({MASKS})."
            ),
            code="""import numpy as np


def causal_mask(n):
    return np.tril(np.ones((n, n)))
""",
        ),
    ),
)


# ── Attention under a mask ─────────────────────────────────────────────────


def _masked_cases() -> list[Case]:
    causal4 = np.tril(np.ones((4, 4), dtype=bool))
    holes = np.array(
        [[True, False, True, True, False], [False, False, False, False, False], [True, True, False, True, True]]
    )
    padding = np.array([[[True, True, True, True]], [[True, True, False, False]]])  # lengths 4 and 2
    nothing = np.array([[[True, True, True]], [[False, False, False]]])  # lengths 3 and 0
    return [
        Case("one token", (*random_arrays(1, (1, 3), (1, 3), (1, 2)), np.array([[True]]))),
        Case("one token, masked", (*random_arrays(1, (1, 3), (1, 3), (1, 2)), np.array([[False]]))),
        Case("a causal mask, 4 tokens", (*random_arrays(2, (4, 3), (4, 3), (4, 2)), causal4)),
        Case("3 queries, 5 keys, a fully masked row", (*random_arrays(3, (3, 4), (5, 4), (5, 3)), holes)),
        Case("huge scores, a causal mask", (*random_arrays(4, (4, 3), (4, 3), (4, 2), scale=25.0), causal4)),
        Case(
            "a padding mask (2, 1, 4): lengths 4 and 2",
            (*random_arrays(5, (2, 4, 4), (2, 4, 4), (2, 4, 3)), padding),
        ),
        Case(
            "a padding mask (2, 1, 3): lengths 3 and 0",
            (*random_arrays(6, (2, 2, 2), (2, 3, 2), (2, 3, 2)), nothing),
        ),
        Case(
            "float32, a causal mask, 4 tokens",
            (*(a.astype(np.float32) for a in random_arrays(7, (4, 5), (4, 5), (4, 3))), causal4),
            FLOAT32,
        ),
    ]


MASKED_ATTENTION = Exercise(
    id="masked-attention",
    lesson=LESSON,
    title="Attention under a mask",
    function="masked_attention",
    prompt=(
        r"Write `masked_attention(q, k, v, mask)`: \(\operatorname{softmax}(QK^\top/\sqrt{d_k} + M)\,V\), where "
        "`mask` is boolean, True where query i may attend to key j, and broadcasts against the scores "
        "`(..., n_q, n_k)` (a padding mask is `(batch, 1, n_k)`). A forbidden key gets weight exactly 0 and the "
        "allowed weights of the row still sum to 1. A query that may attend to no key at all gets an output of "
        "zeros, never NaN; the scores may be huge."
    ),
    starter='''import numpy as np


def masked_attention(q, k, v, mask):
    """Scaled dot-product attention in which each query sees only the keys its mask allows.

    q: queries, shape (..., n_q, d_k).
    k: keys, shape (..., n_k, d_k).
    v: values, shape (..., n_k, d_v).
    mask: boolean, True = may attend, broadcastable to (..., n_q, n_k).
    Returns: the output, shape (..., n_q, d_v), in q's dtype (float32 stays
        float32); all zeros for a query with no allowed key.
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def masked_attention(q, k, v, mask):
    """Scaled dot-product attention in which each query sees only the keys its mask allows."""
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    scores = np.where(mask, scores, -np.inf)  # a forbidden key: e^-inf = 0
    top = scores.max(axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)  # a row with no allowed key has no finite maximum
    e = np.exp(scores - top)
    total = e.sum(axis=-1, keepdims=True)
    weights = e / np.where(total > 0, total, 1.0)  # such a row stays all zeros, not 0 / 0
    return weights @ v
''',
    reference=lambda q, k, v, mask: scaled_dot_product_attention(q, k, v, mask=mask).output,
    cases=_masked_cases,
    returns=(Returns("output", "(..., n_q, d_v)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Before the softmax, give every forbidden score `-np.inf` with `np.where(mask, scores, -np.inf)`: "
            "its exponential is exactly 0, and the allowed weights still sum to 1."
        ),
        (
            "A row whose keys are all forbidden has the maximum `-inf`, and `-inf - (-inf)` is NaN. Subtract 0 "
            "there instead (`np.isfinite` finds those rows), and divide by 1 where the row's sum is 0."
        ),
    ),
    mistakes=(
        Mistake(
            id="mask-after-softmax",
            title="Masked after the softmax",
            explanation=(
                "You zeroed the forbidden weights after the softmax, so the allowed weights of a row no longer "
                "sum to 1: some of the attention went to keys that were then thrown away. Mask the scores "
                f"before the softmax, with `-np.inf`; see [who may attend to whom]({MASKS})."
            ),
            code="""import math

import numpy as np


def masked_attention(q, k, v, mask):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    return (weights * mask) @ v
""",
        ),
        Mistake(
            id="nan-for-no-keys",
            title="NaN for a query with no allowed key",
            explanation=(
                "Your output is right except for a query that may attend to no key: its scores are all "
                "`-inf`, its maximum is `-inf`, and `-inf - (-inf)` is NaN. Such a query must get zeros. "
                "Subtract 0 in rows whose maximum is not finite, and divide by 1 where a row's sum is 0. A padding "
                f"mask does this to every query of a sequence of length 0; see [padding masks]({PADDING})."
            ),
            code="""import math

import numpy as np


def masked_attention(q, k, v, mask):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    scores = np.where(mask, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="large-negative",
            title="A large negative score, not an exclusion",
            explanation=(
                "You gave the forbidden scores a large negative number (-1e9) instead of excluding them. That is "
                "exact while a row has an allowed key, but in a row with none every score is -1e9, they tie, and "
                "the query averages all the values it must not see, instead of getting zeros. Use `-np.inf` "
                f"and handle the empty row; see [who may attend to whom]({MASKS})."
            ),
            code="""import math

import numpy as np


def masked_attention(q, k, v, mask):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    scores = np.where(mask, scores, -1e9)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="scores-times-mask",
            title="Forbidden scores set to 0",
            explanation=(
                "You multiplied the scores by the mask, so a forbidden score became 0, and \\(e^0 = 1\\) is an "
                "ordinary share of the weight: the forbidden keys are still read. A forbidden key must get "
                f"weight exactly 0, from the score `-np.inf`; see [who may attend to whom]({MASKS})."
            ),
            code="""import math

import numpy as np


def masked_attention(q, k, v, mask):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1]) * mask
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="inverted-mask",
            title="The mask read the wrong way round",
            explanation=(
                "You excluded the keys where the mask is True: each query attended to exactly the keys it must "
                "not see. In the package's boolean masks True means may attend, so keep the scores where "
                f"`mask` is True: `np.where(mask, scores, -np.inf)`. See [who may attend to whom]({MASKS})."
            ),
            code="""import math

import numpy as np


def masked_attention(q, k, v, mask):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    scores = np.where(mask, -np.inf, scores)
    top = scores.max(axis=-1, keepdims=True)
    e = np.exp(scores - np.where(np.isfinite(top), top, 0.0))
    total = e.sum(axis=-1, keepdims=True)
    return e / np.where(total > 0, total, 1.0) @ v
""",
        ),
    ),
)

EXERCISES = (CAUSAL_MASK, MASKED_ATTENTION)
