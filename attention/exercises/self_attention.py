"""Build it: the lesson "Self-attention".

Three exercises: self-attention computed from the tokens and three
projections, where the lesson first computes it ("One sequence, three views of
it"); then, in "Who may attend to whom: masks", the causal mask of a GPT-style
model, and attention under a boolean mask, where a query that may attend to
nothing gets zeros, never NaN.
"""

from __future__ import annotations

import numpy as np

from .. import causal_mask, scaled_dot_product_attention, self_attention
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "self-attention"
MASKS = "self-attention.md#who-may-attend-to-whom-masks"
CAUSAL = "self-attention.md#causal-gpt-versus-bidirectional-bert"
PADDING = "self-attention.md#padding-masks"
THREE_VIEWS = "self-attention.md#one-sequence-three-views-of-it"
WHERE_FROM = "query-key-value.md#where-queries-keys-and-values-come-from"
WHY_THREE = "query-key-value.md#why-three-matrices-and-not-one"
STEP_1 = "scaled-dot-product-attention.md#step-1-scores-how-well-does-each-query-match-each-key"
STEP_2 = "scaled-dot-product-attention.md#step-2-scale-divide-by-d_k"
STEP_3 = "scaled-dot-product-attention.md#step-3-softmax-turn-each-row-of-scores-into-weights"


# ── Self-attention from X ──────────────────────────────────────────────────


def _self_attention_cases() -> list[Case]:
    # Arguments: x (..., n, d_model), w_q and w_k (d_model, d_k), w_v (d_model, d_v).
    return [
        Case("one token, d_model = 4, d_k = 3, d_v = 2", random_arrays(1, (1, 4), (4, 3), (4, 3), (4, 2))),
        Case("square weights, 4 tokens, d_model = d_k = d_v = 3", random_arrays(2, (4, 3), (3, 3), (3, 3), (3, 3))),
        Case("4 tokens, d_model = 6, d_k = 3, d_v = 2", random_arrays(3, (4, 6), (6, 3), (6, 3), (6, 2))),
        Case("5 tokens, d_model = 4, d_k = 2, d_v = 3", random_arrays(4, (5, 4), (4, 2), (4, 2), (4, 3))),
        Case("huge scores, 3 tokens", random_arrays(5, (3, 4), (4, 2), (4, 2), (4, 3), scale=10.0)),
        Case(
            "a batch of 2, 3 tokens, d_model = 5, d_k = 4, d_v = 2",
            random_arrays(6, (2, 3, 5), (5, 4), (5, 4), (5, 2)),
        ),
        Case(
            "float32, 4 tokens, d_model = 5, d_k = 3, d_v = 2",
            tuple(a.astype(np.float32) for a in random_arrays(7, (4, 5), (5, 3), (5, 3), (5, 2))),
            FLOAT32,
        ),
    ]


SELF_ATTENTION = Exercise(
    id="self-attention-from-x",
    lesson=LESSON,
    title="Self-attention from X",
    function="self_attention",
    prompt=(
        r"Write `self_attention(x, w_q, w_k, w_v)`: project the tokens, the rows of `x`, into queries "
        r"\(Q = XW_Q\), keys \(K = XW_K\) and values \(V = XW_V\), and return "
        r"\(\operatorname{softmax}(QK^\top/\sqrt{d_k})\,V\), one new vector per token, shape `(..., n, d_v)`. "
        r"The widths \(d_\text{model}\), \(d_k\) and \(d_v\) may all differ, `x` may have leading batch axes, "
        "float32 stays float32, and the scores may be large."
    ),
    starter='''import numpy as np


def self_attention(x, w_q, w_k, w_v):
    """Every token of x attends to every token of x, itself included.

    x: the tokens, one row each, shape (..., n, d_model).
    w_q: the query projection, shape (d_model, d_k).
    w_k: the key projection, shape (d_model, d_k).
    w_v: the value projection, shape (d_model, d_v).
    Returns: the output, shape (..., n, d_v), in x's dtype (float32 stays
        float32).
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def self_attention(x, w_q, w_k, w_v):
    """Every token of x attends to every token of x, itself included."""
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # three views of the same tokens
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])  # (..., n, n): query i, key j
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)  # each token's row sums to 1
    return weights @ v
''',
    reference=lambda x, w_q, w_k, w_v: self_attention(x, w_q, w_k, w_v).output,
    cases=_self_attention_cases,
    returns=(Returns("output", "(..., n, d_v)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Project first, each with its own matrix and the tokens on the left: `q = x @ w_q`, `k = x @ w_k`, "
            r"`v = x @ w_v`, of widths \(d_k\), \(d_k\) and \(d_v\)."
        ),
        (
            "Then it is scaled dot-product attention of `q`, `k` and `v`: the scores `q @ np.swapaxes(k, -1, -2)` "
            r"are `(..., n, n)`, divided by \(\sqrt{d_k}\), the width of `q`, not of `x`."
        ),
        (
            "The softmax runs along each row, over the keys (`axis=-1`), after subtracting the row's maximum; "
            "the output is the weights `@ v`."
        ),
    ),
    mistakes=(
        Mistake(
            id="keys-made-with-w-q",
            title="W_Q used for the keys too",
            explanation=(
                "Your keys are `x @ w_q`, the queries again, so `w_k` is never used and the scores are "
                "symmetric: token i matches token j exactly as well as j matches i. Asking and being found are "
                "two jobs with two matrices: the keys are `x @ w_k`. See "
                f"[why three matrices and not one?]({WHY_THREE})"
            ),
            code="""import math

import numpy as np


def self_attention(x, w_q, w_k, w_v):
    q, v = x @ w_q, x @ w_v
    scores = q @ np.swapaxes(q, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="values-not-projected",
            title="The values not projected",
            explanation=(
                r"Your output has width \(d_\text{model}\), not \(d_v\): you averaged the tokens `x` themselves "
                "instead of their values. The values are a third learned view of the tokens, `v = x @ w_v`, and "
                "the weights average those. See "
                f"[one sequence, three views of it]({THREE_VIEWS})."
            ),
            code="""import math

import numpy as np


def self_attention(x, w_q, w_k, w_v):
    q, k = x @ w_q, x @ w_k
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ x
""",
        ),
        Mistake(
            id="scaled-by-d-model",
            title="Scaled by √d_model, not √d_k",
            explanation=(
                r"You divided the scores by the square root of the tokens' width \(d_\text{model}\), "
                r"`x.shape[-1]`. The scores are dot products of a query and a key, each of width \(d_k\): divide "
                f"by `math.sqrt(w_q.shape[1])`, or the width of `q`. See [step 2]({STEP_2})."
            ),
            code="""import math

import numpy as np


def self_attention(x, w_q, w_k, w_v):
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(x.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="softmax-over-queries",
            title="Softmax over the queries",
            explanation=(
                "Your weights sum to 1 down each column, over the queries, instead of along each row: row i of "
                "the weights is how token i spreads its own attention over all the tokens, so it is each row "
                f"that must sum to 1. Normalise along `axis=-1`; see [step 3]({STEP_3}) and "
                f"[one sequence, three views of it]({THREE_VIEWS})."
            ),
            code="""import math

import numpy as np


def self_attention(x, w_q, w_k, w_v):
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-2, keepdims=True))
    return e / e.sum(axis=-2, keepdims=True) @ v
""",
        ),
        Mistake(
            id="projections-transposed",
            title="The projections transposed",
            explanation=(
                "You multiplied by the transposed matrices, `x @ w_q.T`, as if they were stored "
                r"\(d_k \times d_\text{model}\) (the convention of PyTorch's `nn.Linear`): when the widths differ "
                "the shapes do not line up, and with square matrices the result is wrong. Here a projection is "
                r"\(d_\text{model} \times d_k\) and a token is a row, so `x @ w_q` is already its query. See "
                f"[where queries, keys and values come from]({WHERE_FROM})."
            ),
            code="""import math

import numpy as np


def self_attention(x, w_q, w_k, w_v):
    q, k, v = x @ w_q.T, x @ w_k.T, x @ w_v.T
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="k-dot-t-on-a-batch",
            title="The batch axis transposed too",
            explanation=(
                "Your function is right for one sequence and fails on a batch: `k.T` reverses every axis, the "
                "batch's too, so `q @ k.T` pairs the wrong axes or does not line up. Swap only the last two, "
                f"`np.swapaxes(k, -1, -2)`; see [step 1]({STEP_1})."
            ),
            code="""import math

import numpy as np


def self_attention(x, w_q, w_k, w_v):
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ k.T / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="overflow",
            title="NaN for large scores",
            explanation=(
                "Your output is NaN when the scores are large: `np.exp` overflows to infinity, and infinity "
                "divided by infinity is NaN. Subtract each row's maximum score before `np.exp`; the weights do "
                f"not change. See [step 3]({STEP_3})."
            ),
            code="""import math

import numpy as np


def self_attention(x, w_q, w_k, w_v):
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores)
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
    ),
)


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

EXERCISES = (SELF_ATTENTION, CAUSAL_MASK, MASKED_ATTENTION)
