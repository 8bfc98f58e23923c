"""Build it: the lesson "Scaled dot-product attention, step by step".

Three exercises, where the lesson teaches each step: a softmax that never
overflows (step 3), the scaled scores (steps 1 and 2), and the four steps at
once.
"""

from __future__ import annotations

import numpy as np

from .. import attention_scores, scaled_dot_product_attention, softmax
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "scaled-dot-product-attention"
STEP_1 = "scaled-dot-product-attention.md#step-1-scores-how-well-does-each-query-match-each-key"
STEP_2 = "scaled-dot-product-attention.md#step-2-scale-divide-by-d_k"
STEP_3 = "scaled-dot-product-attention.md#step-3-softmax-turn-each-row-of-scores-into-weights"
STEP_4 = "scaled-dot-product-attention.md#step-4-weighted-sum-of-the-values"


# ── A softmax that never overflows ─────────────────────────────────────────


def _softmax_cases() -> list[Case]:
    return [
        Case("one score", (np.array([3.0]),)),
        Case("one row, small scores", (np.array([1.0, 2.0, 3.0]),)),
        Case("huge scores (1000 and up)", (np.array([[1000.0, 1001.0, 1002.0], [-3.0, 0.0, 3.0]]),)),
        Case("two rows far apart", (np.array([[0.0, 1.0, 2.0], [-2000.0, -1999.0, -1998.0]]),)),
        Case("a -inf score (a key no one may see)", (np.array([[0.5, -np.inf, 1.5, 0.0]]),)),
        Case("float32 scores", (np.array([[0.1, 0.7, -1.2], [2.0, 2.0, 2.0]], dtype=np.float32),), FLOAT32),
        Case("random, 4 rows of 5", random_arrays(1, (4, 5), scale=3.0)),
        Case("random, a batch of 2 × 3 rows of 7", random_arrays(2, (2, 3, 7), scale=3.0)),
    ]


STABLE_SOFTMAX = Exercise(
    id="stable-softmax",
    lesson=LESSON,
    title="A softmax that never overflows",
    function="softmax",
    prompt=(
        "Write `softmax(x)`: each row of `x` (its last axis) turned into weights that are positive and sum to 1, "
        r"\(e^{x_i} / \sum_j e^{x_j}\). It must give the right weights for any finite scores, however large "
        "(subtract each row's maximum first, as the step above does), and weight 0 for a score of `-inf`. "
        "`x` has any number of leading axes; no row is all `-inf`."
    ),
    starter='''import numpy as np


def softmax(x):
    """Weights along the last axis of x: positive, each row summing to 1.

    x: scores, shape (..., n), finite or -inf.
    Returns: weights of x's shape and dtype (float32 stays float32).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def softmax(x):
    """Weights along the last axis of x: positive, each row summing to 1."""
    shifted = x - x.max(axis=-1, keepdims=True)  # every exponent <= 0: nothing overflows
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)
''',
    reference=lambda x: softmax(x, axis=-1),
    cases=_softmax_cases,
    returns=(Returns("weights", "(..., n)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "`np.exp` of each score, divided by the sum of its row: `axis=-1`, and `keepdims=True` so that the sums "
            "divide row by row."
        ),
        (
            r"Subtracting the same number \(m\) from every score of a row changes nothing: \(e^{-m}\) cancels "
            "between the top and the bottom. With the row's maximum, every exponent is at most 0, so nothing "
            "overflows."
        ),
        "Take the maximum of each row, not of the whole array: `x.max(axis=-1, keepdims=True)`.",
    ),
    mistakes=(
        Mistake(
            id="no-max",
            title="NaN for large scores",
            explanation=(
                "Your weights are NaN when the scores are large: \\(e^{1000}\\) overflows to infinity, and "
                "infinity divided by infinity is NaN. Subtract each row's maximum before `np.exp`; see "
                f"[step 3]({STEP_3})."
            ),
            code="""import numpy as np


def softmax(x):
    e = np.exp(x)
    return e / e.sum(axis=-1, keepdims=True)
""",
        ),
        Mistake(
            id="global-max",
            title="One maximum for the whole array",
            explanation=(
                "You subtract the maximum of the whole array, not of each row: a row whose scores are all far "
                "below it underflows to zeros, and 0 / 0 is NaN. Take each row's own maximum, "
                f"`x.max(axis=-1, keepdims=True)`; see [step 3]({STEP_3})."
            ),
            code="""import numpy as np


def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum(axis=-1, keepdims=True)
""",
        ),
        Mistake(
            id="wrong-axis",
            title="Normalised over the wrong axis",
            explanation=(
                "Your columns sum to 1, but the rows must: the sum ran over the first axis. Each row holds one "
                f"query's scores, so normalise along the last axis, `axis=-1`; see [step 3]({STEP_3})."
            ),
            code="""import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=0, keepdims=True)
""",
        ),
        Mistake(
            id="no-keepdims",
            title="Sums that divide the wrong way",
            explanation=(
                "Your row sums lost their axis (`keepdims` is missing), so numpy lines them up with the last "
                "axis: each entry is divided by another row's sum, or the shapes don't broadcast at all. Keep "
                f"the axis, `e.sum(axis=-1, keepdims=True)`; see [step 3]({STEP_3})."
            ),
            code="""import numpy as np


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1)
""",
        ),
    ),
)


# ── The scaled scores ──────────────────────────────────────────────────────


def _scores_cases() -> list[Case]:
    return [
        Case("one query, one key", (np.array([[1.0, 2.0]]), np.array([[3.0, -1.0]]))),
        Case("3 queries, 3 keys, d_k = 4", random_arrays(3, (3, 4), (3, 4))),
        Case("2 queries, 5 keys, d_k = 16", random_arrays(4, (2, 16), (5, 16))),
        Case(
            "float32, 3 queries, 2 keys, d_k = 9",
            tuple(a.astype(np.float32) for a in random_arrays(5, (3, 9), (2, 9))),
            FLOAT32,
        ),
        Case("a batch of 2, 4 queries, 3 keys, d_k = 8", random_arrays(6, (2, 4, 8), (2, 3, 8))),
    ]


SCALED_SCORES = Exercise(
    id="scaled-scores",
    lesson=LESSON,
    title="Scores, scaled",
    function="scaled_scores",
    prompt=(
        r"Write `scaled_scores(q, k)`: every query against every key, \(QK^\top / \sqrt{d_k}\), where "
        r"\(d_k\) is the width of the queries and keys. `q` and `k` may have leading batch axes, the same for "
        "both; a float32 input gives a float32 result."
    ),
    starter='''import numpy as np


def scaled_scores(q, k):
    """The scaled dot product of every query with every key.

    q: queries, shape (..., n_q, d_k).
    k: keys, shape (..., n_k, d_k).
    Returns: scores, shape (..., n_q, n_k), in q's dtype.
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def scaled_scores(q, k):
    """The scaled dot product of every query with every key."""
    d_k = q.shape[-1]
    return q @ np.swapaxes(k, -1, -2) / math.sqrt(d_k)
''',
    reference=lambda q, k: attention_scores(q, k),
    cases=_scores_cases,
    returns=(Returns("scores", "(..., n_q, n_k)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "`q @ kᵀ` puts query i · key j at row i, column j. For a batch, transpose only the last two axes: "
            "`np.swapaxes(k, -1, -2)`."
        ),
        (
            r"Divide by \(\sqrt{d_k}\), with `d_k = q.shape[-1]`. `math.sqrt(d_k)` is a plain Python number, "
            "which keeps float32 inputs in float32."
        ),
    ),
    mistakes=(
        Mistake(
            id="divide-by-d-k",
            title="Divided by d_k, not its square root",
            explanation=(
                r"Your scores are \(\sqrt{d_k}\) times too small: you divided by \(d_k\). The dot product of two "
                r"random vectors has a standard deviation of \(\sqrt{d_k}\), so that is what brings it back to 1; "
                f"see [step 2]({STEP_2})."
            ),
            code="""import numpy as np


def scaled_scores(q, k):
    return q @ np.swapaxes(k, -1, -2) / q.shape[-1]
""",
        ),
        Mistake(
            id="not-scaled",
            title="Not scaled",
            explanation=(
                r"Your scores are the raw dot products, \(\sqrt{d_k}\) times too large. Divide by "
                f"`math.sqrt(q.shape[-1])`; see [step 2]({STEP_2})."
            ),
            code="""import numpy as np


def scaled_scores(q, k):
    return q @ np.swapaxes(k, -1, -2)
""",
        ),
        Mistake(
            id="transpose-all-axes",
            title="The batch axis transposed too",
            explanation=(
                "`k.T` reverses every axis, the batch's too: with a batch, the products pair the wrong "
                "sequences or fail to line up. Swap only the last two axes, `np.swapaxes(k, -1, -2)`; see "
                f"[step 1]({STEP_1})."
            ),
            code="""import math


def scaled_scores(q, k):
    return q @ k.T / math.sqrt(q.shape[-1])
""",
        ),
        Mistake(
            id="scaled-by-n-k",
            title="Scaled by the number of keys",
            explanation=(
                r"You divided by the square root of the number of keys, not of their width \(d_k\): the "
                "variance of a dot product grows with the number of terms it adds, which is the width "
                f"`q.shape[-1]`; see [step 2]({STEP_2})."
            ),
            code="""import math

import numpy as np


def scaled_scores(q, k):
    return q @ np.swapaxes(k, -1, -2) / math.sqrt(k.shape[-2])
""",
        ),
    ),
)


# ── The four steps at once ─────────────────────────────────────────────────


def _attention_cases() -> list[Case]:
    return [
        Case("one token", random_arrays(7, (1, 4), (1, 4), (1, 3))),
        Case(
            "the lesson's example",
            (
                np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
                np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
                np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
            ),
        ),
        Case("huge scores", random_arrays(8, (2, 4), (3, 4), (3, 2), scale=60.0)),
        Case("2 queries, 5 keys, d_k = 8, d_v = 3", random_arrays(9, (2, 8), (5, 8), (5, 3))),
        Case(
            "float32, 3 queries, 4 keys",
            tuple(a.astype(np.float32) for a in random_arrays(10, (3, 6), (4, 6), (4, 5))),
            FLOAT32,
        ),
        Case("a batch of 2, 3 queries, 4 keys", random_arrays(11, (2, 3, 8), (2, 4, 8), (2, 4, 2))),
    ]


ATTENTION = Exercise(
    id="scaled-dot-product",
    lesson=LESSON,
    title="All four steps",
    function="attention",
    prompt=(
        r"Write `attention(q, k, v)`: \(\operatorname{softmax}(QK^\top/\sqrt{d_k})\,V\), each query's weighted "
        "average of the values. Scores, scale, a softmax over the keys that never overflows, then the weighted "
        "sum. Leading batch axes are the same for `q`, `k` and `v`."
    ),
    starter='''import numpy as np


def attention(q, k, v):
    """Scaled dot-product attention.

    q: queries, shape (..., n_q, d_k).
    k: keys, shape (..., n_k, d_k).
    v: values, shape (..., n_k, d_v).
    Returns: the output, shape (..., n_q, d_v), in q's dtype.
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def attention(q, k, v):
    """Scaled dot-product attention."""
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    return weights @ v
''',
    reference=lambda q, k, v: scaled_dot_product_attention(q, k, v).output,
    cases=_attention_cases,
    returns=(Returns("output", "(..., n_q, d_v)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Four lines: `scores`, then the same scores minus each row's maximum through `np.exp`, then each row "
            "divided by its sum, then `weights @ v`."
        ),
        (
            "The weights have one row per query and one column per key, `(..., n_q, n_k)`; `@ v`, with `v` "
            "`(..., n_k, d_v)`, averages the values with them."
        ),
    ),
    mistakes=(
        Mistake(
            id="softmax-over-queries",
            title="Softmax over the queries",
            explanation=(
                "Your weights sum to 1 down each column, over the queries, not along each row, over the keys: "
                "each query must share its attention among the keys. Normalise along `axis=-1`; see "
                f"[step 3]({STEP_3})."
            ),
            code="""import math

import numpy as np


def attention(q, k, v):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-2, keepdims=True))
    return e / e.sum(axis=-2, keepdims=True) @ v
""",
        ),
        Mistake(
            id="no-scaling",
            title="Scores not scaled",
            explanation=(
                r"Your output is that of unscaled scores: divide \(QK^\top\) by \(\sqrt{d_k}\) before the "
                "softmax. Without it, wide keys give large scores and a softmax close to a one-hot choice; see "
                f"[step 2]({STEP_2})."
            ),
            code="""import numpy as np


def attention(q, k, v):
    scores = q @ np.swapaxes(k, -1, -2)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="weights-not-output",
            title="The weights, not the output",
            explanation=(
                "You returned the attention weights, `(..., n_q, n_k)`: the output is their average of the "
                f"values, `weights @ v`, `(..., n_q, d_v)`; see [step 4]({STEP_4})."
            ),
            code="""import math

import numpy as np


def attention(q, k, v):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
""",
        ),
        Mistake(
            id="unstable-softmax",
            title="NaN for large scores",
            explanation=(
                "Your output is NaN when the scores are large: `np.exp` overflows. Subtract each row's maximum "
                f"score before it; see [step 3]({STEP_3})."
            ),
            code="""import math

import numpy as np


def attention(q, k, v):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores)
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
    ),
)

EXERCISES = (STABLE_SOFTMAX, SCALED_SCORES, ATTENTION)
