"""Build it: the lesson "Common misconceptions".

Two exercises, where the lesson tests a belief: what each token really adds
to an output, its weight times the length of its value (misconception 2),
and the weights of self-attention from one input and two projections, which
are not symmetric (misconception 8).
"""

from __future__ import annotations

import numpy as np

from .. import self_attention
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "misconceptions"
UNDERSTANDS = "misconceptions.md#2-attention-weights-show-what-the-model-understands"
SYMMETRIC = "misconceptions.md#8-attention-is-symmetric-if-a-attends-to-b-b-attends-to-a-as-much"
STEP_2 = "scaled-dot-product-attention.md#step-2-scale-divide-by-d_k"
STEP_3 = "scaled-dot-product-attention.md#step-3-softmax-turn-each-row-of-scores-into-weights"
WHY_THREE = "query-key-value.md#why-three-matrices-and-not-one"


def _weights(seed: int, shape: tuple[int, ...]) -> np.ndarray:
    """Random attention weights: positive rows that sum to 1."""
    e = np.exp(2.0 * np.random.default_rng(seed).standard_normal(shape))
    return e / e.sum(axis=-1, keepdims=True)


# ── What a token adds ──────────────────────────────────────────────────────


def _contribution_cases() -> list[Case]:
    lesson_values = np.array([[0.01, 0.0], [1.0, 1.0], [8.0, -6.0]])
    return [
        Case("one query, one key", (np.array([[1.0]]), np.array([[3.0, -4.0]]))),
        Case("the lesson's three tokens", (np.array([[0.7, 0.2, 0.1]]), lesson_values)),
        Case("2 queries, 3 keys, d_v = 2", (_weights(1, (2, 3)), *random_arrays(2, (3, 2)))),
        Case("4 queries, 4 keys, d_v = 3", (_weights(3, (4, 4)), *random_arrays(4, (4, 3), scale=3.0))),
        Case(
            "float32, 3 queries, 5 keys, d_v = 2",
            (_weights(5, (3, 5)).astype(np.float32), random_arrays(6, (5, 2))[0].astype(np.float32)),
            FLOAT32,
        ),
        Case("a batch of 2, 3 queries, 4 keys, d_v = 3", (_weights(7, (2, 3, 4)), *random_arrays(8, (2, 4, 3)))),
    ]


def _contributions(weights: np.ndarray, v: np.ndarray) -> np.ndarray:
    # The package has no function for this: |α_ij| ‖v_j‖, which equals ‖α_ij v_j‖, computed the other way round.
    lengths = np.sqrt(np.einsum("...kd,...kd->...k", v, v))  # (..., n_k): each value's length
    return np.abs(weights) * np.expand_dims(lengths, -2)


CONTRIBUTIONS = Exercise(
    id="what-a-token-adds",
    lesson=LESSON,
    title="What each token adds",
    function="contributions",
    prompt=(
        r"Write `contributions(weights, v)`: how much key \(j\) adds to the output of query \(i\), the length "
        r"\(\lVert \alpha_{ij} v_j \rVert\) of its weighted value, for every query and every key. `weights` are "
        "the attention weights, one row per query; `v` holds one value per key; both may have the same leading "
        "batch axes. The result has the shape of `weights`, `(..., n_q, n_k)`."
    ),
    starter='''import numpy as np


def contributions(weights, v):
    """The length of each weighted value: what key j adds to query i's output.

    weights: attention weights, shape (..., n_q, n_k), each row summing to 1.
    v: values, one row per key, shape (..., n_k, d_v).
    Returns: shape (..., n_q, n_k), in the inputs' dtype (float32 stays float32).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def contributions(weights, v):
    """The length of each weighted value: what key j adds to query i's output."""
    lengths = np.linalg.norm(v, axis=-1)  # (..., n_k): the length of every value
    return weights * lengths[..., None, :]  # the same for every query: a new axis for the queries
''',
    reference=_contributions,
    cases=_contribution_cases,
    returns=(Returns("contributions", "(..., n_q, n_k)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"A weight is never negative, so \(\lVert \alpha_{ij} v_j \rVert = \alpha_{ij} \lVert v_j "
            r"\rVert\): the weight times the length of the value."
        ),
        (
            "`np.linalg.norm(v, axis=-1)` gives one length per key, `(..., n_k)`. To multiply every row of "
            "weights by them, give them an axis for the queries: `[..., None, :]`."
        ),
    ),
    mistakes=(
        Mistake(
            id="weights-only",
            title="The weights alone",
            explanation=(
                "You returned the weights themselves: that is the belief the lesson tests. A key adds "
                r"\(\alpha_{ij} v_j\) to the output, so what it contributes is the weight times the length of "
                "its value: a large weight on a nearly empty value carries little. See "
                f"[misconception 2]({UNDERSTANDS})."
            ),
            code="""import numpy as np


def contributions(weights, v):
    return weights.copy()
""",
        ),
        Mistake(
            id="lengths-by-query",
            title="Each row scaled by the wrong length",
            explanation=(
                "You multiplied row i of the weights by the length of value i: `lengths[..., :, None]` lines the "
                "lengths up with the queries (or fails to broadcast when the numbers of queries and keys differ). "
                "The length belongs to the key, along the columns: `lengths[..., None, :]`. See "
                f"[misconception 2]({UNDERSTANDS})."
            ),
            code="""import numpy as np


def contributions(weights, v):
    lengths = np.linalg.norm(v, axis=-1)
    return weights * lengths[..., :, None]
""",
        ),
        Mistake(
            id="norm-over-keys",
            title="Length taken over the keys",
            explanation=(
                "Your result has one number per value feature, `(..., n_q, d_v)`: you took the norm of the "
                "weighted values across the keys. A contribution is the length of one weighted value, over its "
                "own features, `axis=-1` of `v`, one number per key. See "
                f"[misconception 2]({UNDERSTANDS})."
            ),
            code="""import numpy as np


def contributions(weights, v):
    weighted = weights[..., :, :, None] * v[..., None, :, :]
    return np.linalg.norm(weighted, axis=-2)
""",
        ),
        Mistake(
            id="squared-length",
            title="Squared lengths",
            explanation=(
                "You multiplied the weights by the squared length of each value, `(v ** 2).sum(axis=-1)`, "
                "without the square root: a value twice as long then seems to add four times as much. Use the "
                "length, `np.linalg.norm(v, axis=-1)`. See "
                f"[misconception 2]({UNDERSTANDS})."
            ),
            code="""import numpy as np


def contributions(weights, v):
    squared = (v**2).sum(axis=-1)
    return weights * squared[..., None, :]
""",
        ),
    ),
)


# ── Weights from one input and two projections ─────────────────────────────


def _weights_cases() -> list[Case]:
    # The hand-built cat, sat, it of the query-key-value lesson: W_Q reads "pronoun", W_K reads "noun".
    words = np.array([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]])
    w_q, w_k = np.zeros((4, 2)), np.zeros((4, 2))
    w_q[2, 0], w_k[0, 0] = 8.0, 1.0
    return [
        Case("one token", random_arrays(1, (1, 3), (3, 2), (3, 2))),
        Case("cat, sat, it, with the lesson's W_Q and W_K", (words, w_q, w_k)),
        Case("large scores", random_arrays(2, (3, 4), (4, 4), (4, 4), scale=8.0)),
        Case("4 tokens, d_model = 4, d_k = 4", random_arrays(3, (4, 4), (4, 4), (4, 4))),
        Case("5 tokens, d_model = 6, d_k = 2", random_arrays(4, (5, 6), (6, 2), (6, 2))),
        Case(
            "float32, 4 tokens, d_model = 5, d_k = 3",
            tuple(a.astype(np.float32) for a in random_arrays(5, (4, 5), (5, 3), (5, 3))),
            FLOAT32,
        ),
        Case("a batch of 2, 3 tokens, d_model = 4, d_k = 2", random_arrays(6, (2, 3, 4), (4, 2), (4, 2))),
    ]


SELF_WEIGHTS = Exercise(
    id="self-attention-weights",
    lesson=LESSON,
    title="Self-attention weights, one way",
    function="self_attention_weights",
    prompt=(
        r"Write `self_attention_weights(x, w_q, w_k)`: the weights of self-attention, "
        r"\(\operatorname{softmax}(QK^\top / \sqrt{d_k})\) with \(Q = XW_Q\) and \(K = XW_K\), row \(i\) for "
        r"query \(i\). Keep the two projections apart and normalise each row on its own: the result is not "
        "symmetric, and should not be. `x` may have leading batch axes, and its scores may be large."
    ),
    starter='''import numpy as np


def self_attention_weights(x, w_q, w_k):
    """The self-attention weights of the tokens x: query i (row) against key j (column).

    x: the tokens, one row each, shape (..., n, d_model).
    w_q: the query projection, shape (d_model, d_k).
    w_k: the key projection, shape (d_model, d_k).
    Returns: weights, shape (..., n, n), each row summing to 1, in x's dtype
        (float32 stays float32).
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def self_attention_weights(x, w_q, w_k):
    """The self-attention weights of the tokens x: query i (row) against key j (column)."""
    q, k = x @ w_q, x @ w_k
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)  # each query's row sums to 1
''',
    reference=lambda x, w_q, w_k: self_attention(x, w_q, w_k, w_q).weights,
    cases=_weights_cases,
    returns=(Returns("weights", "(..., n, n)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Project twice, `q = x @ w_q` and `k = x @ w_k`, then score: `q @ np.swapaxes(k, -1, -2)`, "
            r"divided by \(\sqrt{d_k}\) with `d_k = q.shape[-1]`."
        ),
        (
            "The softmax runs along each row, over the keys: `axis=-1`, after subtracting each row's maximum "
            "so that large scores do not overflow."
        ),
    ),
    mistakes=(
        Mistake(
            id="one-matrix",
            title="W_Q used for the keys too",
            explanation=(
                "Your keys are `x @ w_q`, like the queries: with one matrix for both, the scores are symmetric, "
                "and a one-way relation (a pronoun looking for a noun, not the reverse) cannot be expressed. "
                f"The keys are `x @ w_k`. See [misconception 8]({SYMMETRIC}) and "
                f"[why three matrices and not one?]({WHY_THREE})"
            ),
            code="""import math

import numpy as np


def self_attention_weights(x, w_q, w_k):
    q = x @ w_q
    scores = q @ np.swapaxes(q, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
""",
        ),
        Mistake(
            id="keys-ask",
            title="The keys ask, the queries answer",
            explanation=(
                r"You scored \(KQ^\top\), not \(QK^\top\): row i is token i's key against every query, so each "
                "row says who is looking for token i, not where token i looks. Since the scores are not "
                "symmetric, the order matters: `q @ np.swapaxes(k, -1, -2)`. See "
                f"[misconception 8]({SYMMETRIC})."
            ),
            code="""import math

import numpy as np


def self_attention_weights(x, w_q, w_k):
    q, k = x @ w_q, x @ w_k
    scores = k @ np.swapaxes(q, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
""",
        ),
        Mistake(
            id="softmax-over-queries",
            title="Softmax down the columns",
            explanation=(
                "Your columns sum to 1, not your rows: the softmax ran over the queries. Each query shares its "
                "own attention among the keys, so normalise each row, `axis=-1`. That row-by-row normalisation "
                f"is also why the weights are not symmetric even when the scores are; see [misconception 8]({SYMMETRIC})."
            ),
            code="""import math

import numpy as np


def self_attention_weights(x, w_q, w_k):
    q, k = x @ w_q, x @ w_k
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-2, keepdims=True))
    return e / e.sum(axis=-2, keepdims=True)
""",
        ),
        Mistake(
            id="not-scaled",
            title="Scores not scaled",
            explanation=(
                r"Your weights are those of \(QK^\top\) without the division by \(\sqrt{d_k}\): too sharp, "
                "closer to an `argmax` than they should be. Divide the scores by `math.sqrt(q.shape[-1])`; see "
                f"[step 2 of scaled dot-product attention]({STEP_2})."
            ),
            code="""import numpy as np


def self_attention_weights(x, w_q, w_k):
    q, k = x @ w_q, x @ w_k
    scores = q @ np.swapaxes(k, -1, -2)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
""",
        ),
        Mistake(
            id="scaled-by-d-model",
            title="Scaled by √d_model, not √d_k",
            explanation=(
                r"You divided by the square root of the tokens' width \(d_\text{model}\), `x.shape[-1]`. The "
                r"scores are dot products of queries and keys, of width \(d_k\): divide by "
                f"`math.sqrt(q.shape[-1])`, or `w_q.shape[1]`. See [step 2 of scaled dot-product attention]({STEP_2})."
            ),
            code="""import math

import numpy as np


def self_attention_weights(x, w_q, w_k):
    q, k = x @ w_q, x @ w_k
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(x.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
""",
        ),
        Mistake(
            id="overflow",
            title="NaN for large scores",
            explanation=(
                "Your weights are NaN when the scores are large: `np.exp` overflows to infinity, and infinity "
                "divided by infinity is NaN. Subtract each row's maximum score before `np.exp`; see "
                f"[step 3 of scaled dot-product attention]({STEP_3})."
            ),
            code="""import math

import numpy as np


def self_attention_weights(x, w_q, w_k):
    q, k = x @ w_q, x @ w_k
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores)
    return e / e.sum(axis=-1, keepdims=True)
""",
        ),
    ),
)

EXERCISES = (CONTRIBUTIONS, SELF_WEIGHTS)
