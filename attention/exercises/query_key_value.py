"""Build it: the lesson "Query, key, value".

Two exercises, where the lesson teaches each: the soft lookup of one query
in a dictionary of vectors ("A soft lookup"), and the three projections that
make queries, keys and values from the same tokens ("Where queries, keys and
values come from").
"""

from __future__ import annotations

import numpy as np

from .. import scaled_dot_product_attention
from ..training.linear import linear_forward
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "query-key-value"
SOFT_LOOKUP = "query-key-value.md#a-soft-lookup"
WHERE_FROM = "query-key-value.md#where-queries-keys-and-values-come-from"
WHY_THREE = "query-key-value.md#why-three-matrices-and-not-one"
STABLE = "scaled-dot-product-attention.md#step-3-softmax-turn-each-row-of-scores-into-weights"


# ── A soft lookup ──────────────────────────────────────────────────────────


def _lookup_cases() -> list[Case]:
    animals = np.eye(3)  # cat, dog, mouse: feline, canine, rodent
    masses = np.array([[4.0], [30.0], [0.02]])
    return [
        Case("one key", random_arrays(1, (3,), (1, 3), (1, 2))),
        Case("the lesson's kitten", (np.array([2.0, 0.0, 0.5]), animals, masses)),
        Case("a query of zeros", (np.zeros(3), animals, masses)),
        Case("a very decided kitten (query x 1000)", (np.array([2000.0, 0.0, 500.0]), animals, masses)),
        Case("4 keys, d_k = 4, d_v = 2", random_arrays(2, (4,), (4, 4), (4, 2))),
        Case(
            "float32, 5 keys, d_k = 3, d_v = 3",
            tuple(a.astype(np.float32) for a in random_arrays(3, (3,), (5, 3), (5, 3))),
            FLOAT32,
        ),
        Case("6 keys, d_k = 9, d_v = 4", random_arrays(4, (9,), (6, 9), (6, 4))),
    ]


def _lookup_reference(query: np.ndarray, keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    result = scaled_dot_product_attention(query[None, :], keys, values, scale=1.0)  # the lesson's lookup: no scaling
    return result.output[0], result.weights[0]


LOOKUP = Exercise(
    id="soft-lookup",
    lesson=LESSON,
    title="A soft lookup",
    function="soft_lookup",
    prompt=(
        "Write `soft_lookup(query, keys, values)`, the lesson's soft dictionary: score the query against every "
        r"key with a dot product, \(q \cdot k_j\) (no division by \(\sqrt{d_k}\) here), turn the scores into "
        r"weights with a softmax, and return the blend \(\sum_j \alpha_j v_j\) of the values. Return the tuple "
        "`(answer, weights)`, in that order, as the lesson's function does. A very decided query, a thousand times "
        "the kitten, must still give the exact lookup's answer, not NaN."
    ),
    starter='''import numpy as np


def soft_lookup(query, keys, values):
    """Look the query up softly: every value, weighted by how well its key matches.

    query: the question, shape (d_k,).
    keys: one row per stored item, shape (n, d_k).
    values: one row per stored item, shape (n, d_v).
    Returns: (answer, weights): answer of shape (d_v,), weights of shape (n,),
        in the query's dtype (float32 stays float32).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def soft_lookup(query, keys, values):
    """Look the query up softly: every value, weighted by how well its key matches."""
    scores = keys @ query  # q · k_j for every key j
    e = np.exp(scores - scores.max())  # shifted so that nothing overflows
    weights = e / e.sum()  # positive, sum to 1
    return weights @ values, weights
''',
    reference=_lookup_reference,
    cases=_lookup_cases,
    returns=(Returns("answer", "(d_v,)"), Returns("weights", "(n,)")),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "`keys @ query` scores every key at once, shape `(n,)`. The softmax of those scores is the "
            "weights; `weights @ values` is the blend, shape `(d_v,)`."
        ),
        (
            "For a very decided query the scores run into the thousands and `np.exp` overflows. Subtract the "
            "largest score first: every weight stays the same."
        ),
    ),
    mistakes=(
        Mistake(
            id="scaled",
            title="Scaled by √d_k",
            explanation=(
                r"Your weights are those of the scores divided by \(\sqrt{d_k}\). Scaled dot-product attention "
                "does that, but this lookup is the lesson's plain one, softmax of "
                r"\(q \cdot k_j\) as they are (the package's `scale=1.0`). Leave the scores unscaled; see "
                f"[a soft lookup]({SOFT_LOOKUP})."
            ),
            code="""import math

import numpy as np


def soft_lookup(query, keys, values):
    scores = keys @ query / math.sqrt(len(query))
    e = np.exp(scores - scores.max())
    weights = e / e.sum()
    return weights @ values, weights
""",
        ),
        Mistake(
            id="hard-lookup",
            title="An exact lookup, not a soft one",
            explanation=(
                "You returned the value of the best-matching key, with all the weight on it: that is the "
                "dictionary's all-or-nothing lookup, reached only in the limit of a very decided query. The soft "
                "lookup gives every key a share, the softmax of the scores, and blends all the values; see "
                f"[a soft lookup]({SOFT_LOOKUP})."
            ),
            code="""import numpy as np


def soft_lookup(query, keys, values):
    scores = keys @ query
    weights = np.zeros(len(keys))
    weights[scores.argmax()] = 1.0
    return weights @ values, weights
""",
        ),
        Mistake(
            id="no-exp",
            title="Scores divided by their sum, without the exponential",
            explanation=(
                "Your weights are the scores divided by their sum: a score of 0 gets no weight, a negative one "
                "a negative weight, and scores that add up to 0 give NaN (a query of zeros does). The softmax "
                r"exponentiates first, \(e^{s_j} / \sum_m e^{s_m}\), so every key keeps a positive share; see "
                f"[a soft lookup]({SOFT_LOOKUP})."
            ),
            code="""import numpy as np


def soft_lookup(query, keys, values):
    scores = keys @ query
    weights = scores / scores.sum()
    return weights @ values, weights
""",
        ),
        Mistake(
            id="overflow",
            title="NaN for a very decided query",
            explanation=(
                r"Your lookup gives NaN for a very decided query: \(e^{2000}\) overflows to infinity, and "
                "infinity divided by infinity is NaN. Subtract the largest score from every score before "
                "`np.exp`; the softmax does not change, since the common factor cancels. See "
                f"[step 3 of scaled dot-product attention]({STABLE})."
            ),
            code="""import numpy as np


def soft_lookup(query, keys, values):
    e = np.exp(keys @ query)
    weights = e / e.sum()
    return weights @ values, weights
""",
        ),
        Mistake(
            id="weights-first",
            title="Weights first, answer second",
            explanation=(
                "You returned `(weights, answer)`; the lesson's `soft_lookup`, and this one, return the answer "
                "first: `return weights @ values, weights`. See "
                f"[a soft lookup]({SOFT_LOOKUP})."
            ),
            code="""import numpy as np


def soft_lookup(query, keys, values):
    scores = keys @ query
    e = np.exp(scores - scores.max())
    weights = e / e.sum()
    return weights, weights @ values
""",
        ),
    ),
)


# ── Three projections of the same tokens ───────────────────────────────────


def _projection_cases() -> list[Case]:
    # The lesson's hand-built words and matrices: cat, sat, it; W_Q and W_K of "why three matrices".
    words = np.array([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]])
    w_q, w_k = np.zeros((4, 2)), np.zeros((4, 2))
    w_q[2, 0], w_k[0, 0] = 8.0, 1.0
    return [
        Case("one token", random_arrays(5, (1, 3), (3, 2), (3, 2), (3, 4))),
        Case("the lesson's cat, sat, it", (words, w_q, w_k, np.eye(4))),
        Case("square weights, d_model = d_k = d_v = 3", random_arrays(6, (4, 3), (3, 3), (3, 3), (3, 3))),
        Case("4 tokens, d_model = 6, d_k = d_v = 3", random_arrays(7, (4, 6), (6, 3), (6, 3), (6, 3))),
        Case("5 tokens, d_model = 4, d_k = 2, d_v = 5", random_arrays(8, (5, 4), (4, 2), (4, 2), (4, 5))),
        Case(
            "a batch of 2, 3 tokens, d_model = 4, d_k = 3, d_v = 2", random_arrays(9, (2, 3, 4), (4, 3), (4, 3), (4, 2))
        ),
    ]


PROJECTIONS = Exercise(
    id="q-k-v-projections",
    lesson=LESSON,
    title="Three views of the same tokens",
    function="project",
    prompt=(
        r"Write `project(x, w_q, w_k, w_v)`: the queries \(Q = XW_Q\), the keys \(K = XW_K\) and the values "
        r"\(V = XW_V\) of the tokens, the rows of `x`, returned as the tuple `(q, k, v)`. `x` may have leading "
        r"batch axes; \(d_v\) need not equal \(d_k\)."
    ),
    starter='''import numpy as np


def project(x, w_q, w_k, w_v):
    """Queries, keys and values: three learned views of the same tokens.

    x: the tokens, one row each, shape (..., n, d_model).
    w_q: the query projection, shape (d_model, d_k).
    w_k: the key projection, shape (d_model, d_k).
    w_v: the value projection, shape (d_model, d_v).
    Returns: (q, k, v): shapes (..., n, d_k), (..., n, d_k) and (..., n, d_v), float64.
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def project(x, w_q, w_k, w_v):
    """Queries, keys and values: three learned views of the same tokens."""
    # [..., n, d_model] @ [d_model, d_out] -> [..., n, d_out]: each token's row on its own
    return x @ w_q, x @ w_k, x @ w_v
''',
    reference=lambda x, w_q, w_k, w_v: (linear_forward(x, w_q), linear_forward(x, w_k), linear_forward(x, w_v)),
    cases=_projection_cases,
    returns=(Returns("q", "(..., n, d_k)"), Returns("k", "(..., n, d_k)"), Returns("v", "(..., n, d_v)")),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"Each is one matrix product, with the tokens on the left: `x @ w_q` is `(..., n, d_model) @ "
            "(d_model, d_k)`, so each row of `x` becomes a row of `q`."
        ),
        "Three different matrices for three roles: `w_q` for the queries, `w_k` for the keys, `w_v` for the values.",
    ),
    mistakes=(
        Mistake(
            id="weights-transposed",
            title="The weights transposed",
            explanation=(
                r"You multiplied by the transposed matrices, `x @ w_q.T`: with \(d_k \ne d_\text{model}\) the "
                "shapes do not even line up, and with square weights the results are wrong. The course stores a "
                r"projection as \(d_\text{model} \times d_k\), so a row of `x` times it is already a query: "
                f"`x @ w_q`. See [where queries, keys and values come from]({WHERE_FROM})."
            ),
            code="""import numpy as np


def project(x, w_q, w_k, w_v):
    return x @ w_q.T, x @ w_k.T, x @ w_v.T
""",
        ),
        Mistake(
            id="one-matrix",
            title="One matrix for all three roles",
            explanation=(
                "You projected the queries, keys and values all with `w_q`. Asking, being found and being read "
                "are three different jobs, and each has its own matrix: `x @ w_q`, `x @ w_k`, `x @ w_v`. See "
                f"[why three matrices and not one?]({WHY_THREE})"
            ),
            code="""import numpy as np


def project(x, w_q, w_k, w_v):
    p = x @ w_q
    return p, p, p
""",
        ),
        Mistake(
            id="values-from-w-k",
            title="The values made with W_K",
            explanation=(
                "Your values are `x @ w_k`, the keys again (a copied line?). What a token hands over need not be "
                "what it was found by: the values have their own matrix, `x @ w_v`, and their own width "
                r"\(d_v\). See [why three matrices and not one?]"
                f"({WHY_THREE})"
            ),
            code="""import numpy as np


def project(x, w_q, w_k, w_v):
    return x @ w_q, x @ w_k, x @ w_k
""",
        ),
        Mistake(
            id="values-not-projected",
            title="The values not projected",
            explanation=(
                "You returned `x` itself as the values. The values are a learned view of the tokens too, "
                r"`x @ w_v`, of width \(d_v\), not \(d_\text{model}\): the model learns what each token hands "
                f"over. See [where queries, keys and values come from]({WHERE_FROM})."
            ),
            code="""import numpy as np


def project(x, w_q, w_k, w_v):
    return x @ w_q, x @ w_k, x
""",
        ),
    ),
)

EXERCISES = (LOOKUP, PROJECTIONS)
