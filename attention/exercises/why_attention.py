"""Build it: the lesson "Why attention?".

Two exercises: in "The recurrent way", every hidden state of the simple
recurrent network the lesson starts from (the update of the section, read
token by token); in "Attention: look back directly", one query's weights over
the tokens and its output (the formula of the section).
"""

from __future__ import annotations

import numpy as np

from .. import additive_scores, scaled_dot_product_attention
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "why-attention"
RECURRENT = "why-attention.md#the-recurrent-way-squeeze-the-past-into-one-state"
PATH = "why-attention.md#path-length-on-steps-against-one"
LOOK_BACK = "why-attention.md#attention-look-back-directly"
STABLE = "scaled-dot-product-attention.md#step-3-softmax-turn-each-row-of-scores-into-weights"


# ── The recurrent way: every state ─────────────────────────────────────────


def _rnn(seed: int, n: int, d_x: int, d: int, scale: float = 1.0) -> tuple[np.ndarray, ...]:
    """x, w_h, w_x: n tokens of width d_x, a state of width d, weights of the lesson's size times ``scale``."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, d_x))
    w_h = scale * rng.standard_normal((d, d)) / np.sqrt(d)
    w_x = scale * rng.standard_normal((d_x, d)) / np.sqrt(d)
    return x, w_h, w_x


def _rnn_cases() -> list[Case]:
    return [
        Case("one token, d_x = 3, d = 4", _rnn(1, 1, 3, 4)),
        Case("the lesson's sizes: 4 tokens, d_x = d = 8", _rnn(2, 4, 8, 8)),
        Case("large weights (tanh saturates), 3 tokens, d_x = 2, d = 3", _rnn(3, 3, 2, 3, scale=4.0)),
        Case(
            "float32, 3 tokens, d_x = d = 4",
            tuple(a.astype(np.float32) for a in _rnn(4, 3, 4, 4)),
            FLOAT32,
        ),
        Case("5 tokens, d_x = 2, d = 3", _rnn(5, 5, 2, 3)),
        Case("random, 8 tokens, d_x = 5, d = 4", _rnn(6, 8, 5, 4)),
    ]


def _rnn_reference(x: np.ndarray, w_h: np.ndarray, w_x: np.ndarray) -> np.ndarray:
    """h_1 .. h_n, from the package's additive score, whose hidden layer is the recurrent update.

    The package has no recurrent network, but the hidden layer of its additive
    score, tanh(q W_q + k W_k), is the update tanh(h_{t-1} W_h + x_t W_x) with
    the state as the query and the token as the key; a unit vector as v_a
    reads one hidden unit out of it, exactly.
    """
    units = np.eye(w_h.shape[0], dtype=x.dtype)
    h = np.zeros((1, w_h.shape[0]), dtype=x.dtype)  # h_0 = 0, as a 1-row matrix
    states = []
    for token in x:
        h = np.array([[additive_scores(h, token[None, :], w_h, w_x, unit)[0, 0] for unit in units]], dtype=x.dtype)
        states.append(h[0])
    return np.stack(states)


RNN_STATES = Exercise(
    id="rnn-states",
    lesson=LESSON,
    title="Every state of the recurrent network",
    function="rnn_states",
    prompt=(
        r"Write `rnn_states(x, w_h, w_x)`: read the tokens, the rows of `x` `(n, d_x)`, in order with the "
        r"update \(h_t = \tanh(h_{t-1} W_h + x_t W_x)\), starting from \(h_0 = 0\), and return every state "
        r"\(h_1, \dots, h_n\), one per row: shape `(n, d)`, where \(d\) is the state's width. `w_h` is "
        r"`(d, d)` and `w_x` is `(d_x, d)`: unlike the lesson's, the tokens' width \(d_x\) may differ from "
        r"\(d\). float32 inputs give float32 states."
    ),
    starter='''import numpy as np


def rnn_states(x, w_h, w_x):
    """Every hidden state of the simple recurrent network, h_1 .. h_n.

    x: the tokens, one per row, read in order, shape (n, d_x).
    w_h: the state's weights, shape (d, d).
    w_x: the token's weights, shape (d_x, d).
    Returns: the states h_1 .. h_n, one per row, shape (n, d), in x's dtype
        (float32 stays float32).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def rnn_states(x, w_h, w_x):
    """Every hidden state of the simple recurrent network, h_1 .. h_n."""
    h = np.zeros(w_h.shape[0], dtype=x.dtype)  # h_0 = 0, as wide as the state, not the tokens
    states = []
    for x_t in x:  # one token at a time: h_t needs h_{t-1}
        h = np.tanh(h @ w_h + x_t @ w_x)
        states.append(h)
    return np.stack(states)  # (n, d): row t - 1 is h_t
''',
    reference=_rnn_reference,
    cases=_rnn_cases,
    returns=(Returns("states", "(n, d)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Start from a state of zeros as wide as the state, `w_h.shape[0]`, in `x`'s dtype, and loop over "
            "the rows of `x`: each step needs the state the previous one left, so no single matrix product "
            "does the whole sequence."
        ),
        (
            r"A token is a row, as in the lesson: `h @ w_h` is `(d,) @ (d, d)` and `x_t @ w_x` is "
            r"`(d_x,) @ (d_x, d)`, both `(d,)`. Keep each state after its update, \(h_1\) to \(h_n\) (not "
            r"\(h_0\)), then `np.stack` them."
        ),
    ),
    mistakes=(
        Mistake(
            id="final-state-only",
            title="Only the last state",
            explanation=(
                r"Your function returns \(h_n\) alone, shape `(d,)`, as the lesson's `rnn` does. Here every "
                r"state is asked for, \(h_1\) to \(h_n\), one per row: keep each new `h` in a list inside the "
                f"loop and `np.stack` the list. See [the recurrent way]({RECURRENT})."
            ),
            code="""import numpy as np


def rnn_states(x, w_h, w_x):
    h = np.zeros(w_h.shape[0], dtype=x.dtype)
    for x_t in x:
        h = np.tanh(h @ w_h + x_t @ w_x)
    return h
""",
        ),
        Mistake(
            id="starts-with-h0",
            title="h_0 kept as a state",
            explanation=(
                r"Your result has \(n + 1\) rows: it starts with \(h_0\), the zeros the network starts from. "
                r"\(h_0\) is no token's state; \(h_t\) is the state after reading token \(t\), so \(n\) tokens give "
                rf"\(h_1\) to \(h_n\). Keep a state only after its update. See [the recurrent way]({RECURRENT})."
            ),
            code="""import numpy as np


def rnn_states(x, w_h, w_x):
    h = np.zeros(w_h.shape[0], dtype=x.dtype)
    states = [h]
    for x_t in x:
        h = np.tanh(h @ w_h + x_t @ w_x)
        states.append(h)
    return np.stack(states)
""",
        ),
        Mistake(
            id="state-before-update",
            title="Each state kept before its update",
            explanation=(
                r"Your rows are \(h_0\) to \(h_{n-1}\), one step behind: the first row is all zeros and the last "
                r"token is never read. Row \(t\) must hold the state after token \(t\) has been folded in: update "
                f"`h` first, then keep it. See [the recurrent way]({RECURRENT})."
            ),
            code="""import numpy as np


def rnn_states(x, w_h, w_x):
    h = np.zeros(w_h.shape[0], dtype=x.dtype)
    states = []
    for x_t in x:
        states.append(h)
        h = np.tanh(h @ w_h + x_t @ w_x)
    return np.stack(states)
""",
        ),
        Mistake(
            id="no-recurrence",
            title="Every token read on its own",
            explanation=(
                r"Your states are \(\tanh(x_t W_x)\): each token alone, with no \(h_{t-1} W_h\), so nothing is "
                r"carried from one token to the next (only \(h_1\), where \(h_0 = 0\), is right). A recurrent "
                r"network cannot be written as one matrix product over the tokens: \(h_t\) needs \(h_{t-1}\), so "
                f"loop over the tokens in order. See [path length]({PATH})."
            ),
            code="""import numpy as np


def rnn_states(x, w_h, w_x):
    return np.tanh(x @ w_x)
""",
        ),
        Mistake(
            id="weights-swapped",
            title="W_h and W_x swapped",
            explanation=(
                r"You multiplied the state by `w_x` and the token by `w_h`. \(W_h\) is the state's weights, "
                r"`(d, d)`, and \(W_x\) the token's, `(d_x, d)`: \(h_{t-1} W_h + x_t W_x\). With \(d_x \ne d\) "
                f"the shapes do not even fit. See [the recurrent way]({RECURRENT})."
            ),
            code="""import numpy as np


def rnn_states(x, w_h, w_x):
    h = np.zeros(w_h.shape[0], dtype=x.dtype)
    states = []
    for x_t in x:
        h = np.tanh(h @ w_x + x_t @ w_h)
        states.append(h)
    return np.stack(states)
""",
        ),
        Mistake(
            id="column-convention",
            title="Matrix times vector, not vector times matrix",
            explanation=(
                r"You wrote the update as \(W_h h_{t-1} + W_x x_t\), vectors as columns, as many papers do. The "
                r"lesson's vectors are rows, \(h_{t-1} W_h + x_t W_x\): `h @ w_h`, not `w_h @ h`, which multiplies "
                r"by the transpose of \(W_h\) (and fails when \(d_x \ne d\)). See "
                f"[the recurrent way]({RECURRENT})."
            ),
            code="""import numpy as np


def rnn_states(x, w_h, w_x):
    h = np.zeros(w_h.shape[0], dtype=x.dtype)
    states = []
    for x_t in x:
        h = np.tanh(w_h @ h + w_x @ x_t)
        states.append(h)
    return np.stack(states)
""",
        ),
        Mistake(
            id="no-tanh",
            title="No tanh",
            explanation=(
                r"Your states leave out the \(\tanh\): with large weights they grow from step to step, where the "
                r"\(\tanh\) keeps every entry between \(-1\) and \(1\). The update squashes the sum: "
                rf"\(h_t = \tanh(h_{{t-1}} W_h + x_t W_x)\). See [the recurrent way]({RECURRENT})."
            ),
            code="""import numpy as np


def rnn_states(x, w_h, w_x):
    h = np.zeros(w_h.shape[0], dtype=x.dtype)
    states = []
    for x_t in x:
        h = h @ w_h + x_t @ w_x
        states.append(h)
    return np.stack(states)
""",
        ),
        Mistake(
            id="state-as-wide-as-tokens",
            title="A state as wide as the tokens",
            explanation=(
                r"You made \(h_0\) as wide as a token, `x.shape[1]`: right in the lesson, where both are "
                r"\(d = 8\), but here the tokens' width \(d_x\) may differ from the state's, and then "
                "`h @ w_h` does not fit. The state is as wide as `w_h`, `np.zeros(w_h.shape[0], dtype=x.dtype)`. "
                f"See [the recurrent way]({RECURRENT})."
            ),
            code="""import numpy as np


def rnn_states(x, w_h, w_x):
    h = np.zeros(x.shape[1], dtype=x.dtype)
    states = []
    for x_t in x:
        h = np.tanh(h @ w_h + x_t @ w_x)
        states.append(h)
    return np.stack(states)
""",
        ),
    ),
)


# ── One query looks back ───────────────────────────────────────────────────


def _one_query_cases() -> list[Case]:
    lesson_k = np.array([[2.0, 0.0], [0.0, 2.0], [1.0, 0.0]])
    lesson_v = np.array([[10.0, 0.0], [0.0, 10.0], [5.0, 5.0]])
    return [
        Case("one token", random_arrays(1, (3,), (1, 3), (1, 2))),
        Case("the lesson's three tokens", (np.array([2.0, 0.0]), lesson_k, lesson_v)),
        Case("a very decided query (scores over 1000)", (np.array([1000.0, 0.0]), lesson_k, lesson_v)),
        Case("5 tokens, d_k = 4, d_v = 3", random_arrays(2, (4,), (5, 4), (5, 3))),
        Case(
            "float32, 4 tokens, d_k = 6, d_v = 2",
            tuple(a.astype(np.float32) for a in random_arrays(3, (6,), (4, 6), (4, 2))),
            FLOAT32,
        ),
        Case("8 tokens, d_k = 16, d_v = 2", random_arrays(4, (16,), (8, 16), (8, 2))),
    ]


def _one_query_reference(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    result = scaled_dot_product_attention(q[None, :], k, v)  # the query as a 1-row matrix
    return result.weights[0], result.output[0]


ONE_QUERY = Exercise(
    id="one-query-looks-back",
    lesson=LESSON,
    title="One query looks back",
    function="attend_one",
    prompt=(
        r"Write `attend_one(q, k, v)`: the query `q` against the \(n\) tokens whose keys are the rows of `k` and "
        r"whose values are the rows of `v`. Return a tuple `(weights, output)`: the weights \(\alpha\), shape "
        r"`(n,)`, the softmax of the scores \(q \cdot k_j / \sqrt{d_k}\), and the output "
        r"\(\sum_j \alpha_j v_j\), shape `(d_v,)`. It must also work for a query whose scores run past 1000, "
        "where `np.exp` overflows: subtracting the largest score from every score first changes no weight."
    ),
    starter='''import numpy as np


def attend_one(q, k, v):
    """One query's weights over n tokens, and the weighted average of their values.

    q: the query, shape (d_k,).
    k: the keys, one row per token, shape (n, d_k).
    v: the values, one row per token, shape (n, d_v).
    Returns: (weights, output): weights of shape (n,), output of shape (d_v,),
        both in q's dtype (float32 stays float32).
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def attend_one(q, k, v):
    """One query's weights over n tokens, and the weighted average of their values."""
    scores = k @ q / math.sqrt(len(q))  # q · k_j / √d_k for every token j
    e = np.exp(scores - scores.max())  # the largest exponent is 0: nothing overflows
    weights = e / e.sum()
    return weights, weights @ v  # sum_j alpha_j v_j
''',
    reference=_one_query_reference,
    cases=_one_query_cases,
    returns=(Returns("weights", "(n,)"), Returns("output", "(d_v,)")),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "`k @ q` gives every token's dot product with the query at once, shape `(n,)`. Divide it by "
            r"\(\sqrt{d_k}\), with `d_k = len(q)`; `math.sqrt` keeps float32 in float32."
        ),
        (
            "The softmax: `np.exp` of the scores minus their maximum, divided by the sum. Then `weights @ v` "
            r"is \(\sum_j \alpha_j v_j\): `(n,) @ (n, d_v)` gives `(d_v,)`."
        ),
    ),
    mistakes=(
        Mistake(
            id="not-scaled",
            title="Scores not divided by √d_k",
            explanation=(
                r"Your weights are those of the raw dot products \(q \cdot k_j\): the formula divides each by "
                r"\(\sqrt{d_k}\), `math.sqrt(len(q))`, before the softmax. Without it, the weights are sharper "
                f"than they should be; see [attention: look back directly]({LOOK_BACK})."
            ),
            code="""import numpy as np


def attend_one(q, k, v):
    scores = k @ q
    e = np.exp(scores - scores.max())
    weights = e / e.sum()
    return weights, weights @ v
""",
        ),
        Mistake(
            id="divided-by-d-k",
            title="Divided by d_k, not its square root",
            explanation=(
                r"You divided the scores by \(d_k\); the formula divides by its square root, \(\sqrt{d_k}\). "
                "Your weights come out flatter than they should be. Use `math.sqrt(len(q))`; see "
                f"[attention: look back directly]({LOOK_BACK})."
            ),
            code="""import numpy as np


def attend_one(q, k, v):
    scores = k @ q / len(q)
    e = np.exp(scores - scores.max())
    weights = e / e.sum()
    return weights, weights @ v
""",
        ),
        Mistake(
            id="no-exp",
            title="Scores divided by their sum, without the exponential",
            explanation=(
                "Your weights are the scores divided by their sum. They do sum to 1, but a negative score gives "
                "a negative weight, and scores that sum to nearly 0 give huge ones. The softmax exponentiates "
                r"first: \(\alpha_j = e^{s_j} / \sum_m e^{s_m}\), every weight positive; see "
                f"[attention: look back directly]({LOOK_BACK})."
            ),
            code="""import math

import numpy as np


def attend_one(q, k, v):
    scores = k @ q / math.sqrt(len(q))
    weights = scores / scores.sum()
    return weights, weights @ v
""",
        ),
        Mistake(
            id="overflow",
            title="NaN for large scores",
            explanation=(
                r"Your weights are NaN when a score is large: \(e^{1414}\) overflows to infinity, and infinity "
                "divided by infinity is NaN. Subtract the largest score from every score before `np.exp`: the "
                r"common factor \(e^{-m}\) cancels between the top and the bottom of the softmax, so no weight "
                f"changes; see [step 3 of scaled dot-product attention]({STABLE})."
            ),
            code="""import math

import numpy as np


def attend_one(q, k, v):
    scores = k @ q / math.sqrt(len(q))
    e = np.exp(scores)
    weights = e / e.sum()
    return weights, weights @ v
""",
        ),
        Mistake(
            id="summed-over-features",
            title="Summed over the features, not the tokens",
            explanation=(
                r"Your output has one number per token, `(n,)`: you weighted the values, then summed each row, "
                r"over the features. The output \(\sum_j \alpha_j v_j\) sums over the tokens \(j\), down the "
                "rows, and keeps the features: `(weights[:, None] * v).sum(axis=0)`, or simply `weights @ v`; see "
                f"[attention: look back directly]({LOOK_BACK})."
            ),
            code="""import math

import numpy as np


def attend_one(q, k, v):
    scores = k @ q / math.sqrt(len(q))
    e = np.exp(scores - scores.max())
    weights = e / e.sum()
    return weights, (weights[:, None] * v).sum(axis=1)
""",
        ),
    ),
)


EXERCISES = (RNN_STATES, ONE_QUERY)
