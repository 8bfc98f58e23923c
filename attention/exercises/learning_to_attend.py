"""Build it: the lesson "Learning to attend".

Three exercises, where the lesson teaches each: the softmax's backward, the
gradient of the values in attention's backward, and the previous-token score
of a head's weights.
"""

from __future__ import annotations

import numpy as np

from ..training import previous_token_score, softmax_backward
from ..training.scaled_dot_product import AttentionCache, attention_backward
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance

LESSON = "learning-to-attend"
SOFTMAX = "learning-to-attend.md#the-softmax"
ATTENTION = "learning-to-attend.md#scaled-dot-product-attention"
TWO_HEADS = "learning-to-attend.md#two-heads-that-must-form"


def _weights(seed: int, shape: tuple[int, ...], *, causal: bool = False, scale: float = 1.0) -> np.ndarray:
    """Softmax weights over the last axis of seeded random scores (0 above the diagonal when ``causal``)."""
    scores = scale * np.random.default_rng(seed).standard_normal(shape)
    if causal:
        scores = np.where(np.tril(np.ones(shape[-2:], dtype=bool)), scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _normal(seed: int, shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape)


# ── The softmax's backward ─────────────────────────────────────────────────


def _softmax_backward_cases() -> list[Case]:
    return [
        Case("one weight", (np.array([1.0]), np.array([2.0]))),
        Case("the quiz's weights (0.5, 0.3, 0.2)", (np.array([0.5, 0.3, 0.2]), np.array([1.0, 2.0, 0.0]))),
        Case(
            "masked keys (weight 0)",
            (np.array([[0.6, 0.4, 0.0], [1.0, 0.0, 0.0]]), np.array([[1.0, -2.0, 3.0], [0.5, 1.0, -1.0]])),
        ),
        Case(
            "float32, 2 rows of 4",
            (_weights(40, (2, 4)).astype(np.float32), _normal(41, (2, 4)).astype(np.float32)),
            FLOAT32,
        ),
        Case("random, 3 rows of 3", (_weights(42, (3, 3), scale=2.0), _normal(43, (3, 3)))),
        Case("random, 4 rows of 5", (_weights(44, (4, 5), scale=2.0), _normal(45, (4, 5)))),
        Case(
            "random, a batch of 2 × 3 rows of 3",
            (_weights(46, (2, 3, 3), scale=2.0), _normal(47, (2, 3, 3))),
        ),
    ]


SOFTMAX_BACKWARD = Exercise(
    id="softmax-backward",
    lesson=LESSON,
    title="The softmax's backward",
    function="softmax_backward",
    prompt=(
        r"Write `softmax_backward(weights, grad_weights)`: from the softmax's output \(y\) (`weights`) and the "
        r"gradient \(\bar y = \partial L / \partial y\) (`grad_weights`), the gradient of the scores, "
        r"\(\bar x_j = y_j \bigl(\bar y_j - \sum_i \bar y_i\, y_i\bigr)\), the sum running along each row (the "
        "last axis). Both arrays have the same shape, with any number of leading axes; float32 stays float32."
    ),
    starter='''import numpy as np


def softmax_backward(weights, grad_weights):
    """The gradient of the scores, from the softmax's weights and the gradient of the weights.

    weights: y = softmax(x) along the last axis, shape (..., n).
    grad_weights: dL/dy, shape (..., n).
    Returns: dL/dx, shape (..., n), in weights' dtype.
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def softmax_backward(weights, grad_weights):
    """The gradient of the scores, from the softmax's weights and the gradient of the weights."""
    row_dot = (grad_weights * weights).sum(axis=-1, keepdims=True)  # sum_i ȳ_i y_i, one per row
    return weights * (grad_weights - row_dot)
''',
    reference=lambda weights, grad_weights: softmax_backward(weights, grad_weights),
    cases=_softmax_backward_cases,
    returns=(Returns("grad_scores", "(..., n)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"Every weight depends on every score of its row, so \(\bar x_j\) has two parts: \(y_j \bar y_j\), "
            r"through \(y_j\) itself, and \(-y_j \sum_i \bar y_i y_i\), through all the others."
        ),
        (
            r"\(\sum_i \bar y_i y_i\) is one number per row: `(grad_weights * weights).sum(axis=-1, "
            "keepdims=True)`, kept as a column so that it subtracts row by row."
        ),
    ),
    mistakes=(
        Mistake(
            id="no-sum-term",
            title="The sum over the row is missing",
            explanation=(
                r"You returned \(y_j \bar y_j\): the part of the gradient through \(y_j\) alone. Raising one "
                r"score lowers every other weight of its row, which gives the second term, "
                r"\(-y_j \sum_i \bar y_i y_i\); without it the row's gradient no longer sums to 0. See "
                f"[the softmax]({SOFTMAX})."
            ),
            code="""import numpy as np


def softmax_backward(weights, grad_weights):
    return weights * grad_weights
""",
        ),
        Mistake(
            id="diagonal-only",
            title="Only the Jacobian's diagonal",
            explanation=(
                r"You multiplied by \(y_j(1 - y_j)\), the diagonal of the Jacobian "
                r"\(\operatorname{diag}(y) - y y^\top\), as if each weight depended on its own score only. The "
                r"off-diagonal entries \(-y_i y_j\) count too: \(\bar x_j = y_j(\bar y_j - \sum_i \bar y_i y_i)\); "
                f"see [the softmax]({SOFTMAX})."
            ),
            code="""import numpy as np


def softmax_backward(weights, grad_weights):
    return weights * (1 - weights) * grad_weights
""",
        ),
        Mistake(
            id="not-times-y",
            title="The bracket not multiplied by y",
            explanation=(
                r"You returned \(\bar y_j - \sum_i \bar y_i y_i\), the bracket alone: it must be multiplied by "
                r"\(y_j\), which is also why a masked key, of weight 0, gets no gradient. See "
                f"[the softmax]({SOFTMAX})."
            ),
            code="""import numpy as np


def softmax_backward(weights, grad_weights):
    return grad_weights - (grad_weights * weights).sum(axis=-1, keepdims=True)
""",
        ),
        Mistake(
            id="sum-over-wrong-axis",
            title="Summed down the columns",
            explanation=(
                r"Your sum \(\sum_i \bar y_i y_i\) ran over `axis=0`, down the columns, mixing the rows (or the "
                "batch): each row is its own softmax, so the sum runs along it, `axis=-1`. See "
                f"[the softmax]({SOFTMAX})."
            ),
            code="""import numpy as np


def softmax_backward(weights, grad_weights):
    return weights * (grad_weights - (grad_weights * weights).sum(axis=0, keepdims=True))
""",
        ),
        Mistake(
            id="no-keepdims",
            title="Row sums that subtract the wrong way",
            explanation=(
                "Your row sums lost their axis (`keepdims` is missing), so numpy lines them up with the last "
                "axis: each entry has another row's sum subtracted, or the shapes don't broadcast at all. "
                f"Keep the axis, `.sum(axis=-1, keepdims=True)`; see [the softmax]({SOFTMAX})."
            ),
            code="""import numpy as np


def softmax_backward(weights, grad_weights):
    return weights * (grad_weights - (grad_weights * weights).sum(axis=-1))
""",
        ),
    ),
)


# ── The gradient of the values ─────────────────────────────────────────────


def _grad_v_by_the_package(weights: np.ndarray, grad_output: np.ndarray) -> np.ndarray:
    """attention_backward's grad_v, for a forward pass whose weights were ``weights``.

    grad_v depends on the weights and on grad_output alone; the queries, keys
    and values of the cache only give it their shapes here.
    """
    *lead, n_q, n_k = weights.shape
    cache = AttentionCache(
        q=np.zeros((*lead, n_q, 1)),
        k=np.zeros((*lead, n_k, 1)),
        v=np.zeros((*lead, n_k, grad_output.shape[-1])),
        weights=weights,
        scale=1.0,
    )
    return attention_backward(cache, grad_output)[2]


def _grad_v_cases() -> list[Case]:
    return [
        Case("one query, one key", (np.array([[1.0]]), np.array([[2.0, -1.0]]))),
        Case("causal, 3 tokens, d_v = 2", (_weights(50, (3, 3), causal=True), _normal(51, (3, 2)))),
        Case("2 queries, 4 keys, d_v = 3", (_weights(52, (2, 4)), _normal(53, (2, 3)))),
        Case("random, 5 queries, 5 keys, d_v = 2", (_weights(54, (5, 5), scale=2.0), _normal(55, (5, 2)))),
        Case("a batch of 2, 3 queries, 4 keys, d_v = 2", (_weights(56, (2, 3, 4)), _normal(57, (2, 3, 2)))),
        Case(
            "2 sequences × 2 heads, causal, 3 tokens, d_v = 2",
            (_weights(58, (2, 2, 3, 3), causal=True), _normal(59, (2, 2, 3, 2))),
        ),
    ]


GRAD_V = Exercise(
    id="attention-grad-values",
    lesson=LESSON,
    title="The gradient of the values",
    function="grad_values",
    prompt=(
        r"Write `grad_values(weights, grad_output)`: the gradient of the values, \(\bar V = A^\top \bar O\), "
        r"from the attention weights \(A\) and the gradient \(\bar O = \partial L / \partial O\) of the output "
        r"\(O = AV\). Leading batch (and head) axes are the same for both, and each batch item has its own "
        r"values: transpose only the last two axes of \(A\)."
    ),
    starter='''import numpy as np


def grad_values(weights, grad_output):
    """dL/dV for O = A V, from A and dL/dO.

    weights: A, shape (..., n_q, n_k), each row summing to 1 (0 where masked).
    grad_output: dL/dO, shape (..., n_q, d_v).
    Returns: dL/dV, shape (..., n_k, d_v), float64.
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def grad_values(weights, grad_output):
    """dL/dV for O = A V, from A and dL/dO."""
    # [..., n_k, n_q] @ [..., n_q, d_v] -> [..., n_k, d_v]
    return np.swapaxes(weights, -1, -2) @ grad_output
''',
    reference=_grad_v_by_the_package,
    cases=_grad_v_cases,
    returns=(Returns("grad_v", "(..., n_k, d_v)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"Value \(j\) reaches output row \(i\) through the weight \(A_{ij}\) alone, so its gradient adds up "
            r"the rows \(\bar O_i\), each times \(A_{ij}\): a sum over the queries, the rows of \(A\)."
        ),
        (
            "The result has one row per key, `(..., n_k, d_v)`. With batch axes, `weights.T` reverses all of "
            "them: `np.swapaxes(weights, -1, -2)` transposes the last two only."
        ),
    ),
    mistakes=(
        Mistake(
            id="no-transpose",
            title="A, not Aᵀ",
            explanation=(
                r"You computed \(A \bar O\): it sums over the keys, and only runs at all when there are as many "
                r"queries as keys. Value \(j\) collects the gradient of every output row that used it, "
                r"\(\bar V_j = \sum_i A_{ij} \bar O_i\): that is \(A^\top \bar O\). See "
                f"[scaled dot-product attention]({ATTENTION})."
            ),
            code="""import numpy as np


def grad_values(weights, grad_output):
    return weights @ grad_output
""",
        ),
        Mistake(
            id="transposed-result",
            title="Ōᵀ A: the gradient transposed",
            explanation=(
                r"You computed \(\bar O^\top A\), of shape `(d_v, n_k)`: it is \((A^\top \bar O)^\top\), the "
                r"gradient transposed. \(\bar V\) has the shape of \(V\), one row per key: "
                r"\(A^\top \bar O\). See "
                f"[scaled dot-product attention]({ATTENTION})."
            ),
            code="""import numpy as np


def grad_values(weights, grad_output):
    return np.swapaxes(grad_output, -1, -2) @ weights
""",
        ),
        Mistake(
            id="transpose-all-axes",
            title="The batch axes transposed too",
            explanation=(
                "`weights.T` reverses every axis, the batch's and the heads' too: with a batch, the products "
                "pair the wrong items or fail to line up. Swap only the last two axes, "
                f"`np.swapaxes(weights, -1, -2)`; see [scaled dot-product attention]({ATTENTION})."
            ),
            code="""import numpy as np


def grad_values(weights, grad_output):
    return weights.T @ grad_output
""",
        ),
        Mistake(
            id="summed-over-batch",
            title="Summed over the batch",
            explanation=(
                "You flattened the batch into the queries, so every item's gradients were added into one "
                "`(n_k, d_v)`: that is how a weight shared by the whole batch gets its gradient, but each "
                "batch item has values of its own, and its own gradient, `(..., n_k, d_v)`. Keep the batch "
                f"axes: `np.swapaxes(weights, -1, -2) @ grad_output`; see [scaled dot-product attention]({ATTENTION})."
            ),
            code="""import numpy as np


def grad_values(weights, grad_output):
    n_k, d_v = weights.shape[-1], grad_output.shape[-1]
    return weights.reshape(-1, n_k).T @ grad_output.reshape(-1, d_v)
""",
        ),
    ),
)


# ── The previous-token score ───────────────────────────────────────────────


def _previous_head(n: int) -> np.ndarray:
    head = np.eye(n, k=-1)
    head[0, 0] = 1.0  # the first token can only see itself
    return head


def _previous_token_cases() -> list[Case]:
    uniform = np.tril(np.ones((4, 4))) / np.arange(1, 5)[:, None]
    return [
        Case("two tokens, one head", (np.array([[[[1.0, 0.0], [0.3, 0.7]]]]),)),
        Case("a perfect previous-token head and a uniform one", (np.stack([_previous_head(4), uniform])[None],)),
        Case(
            "random causal weights, one sequence without a batch axis, 3 heads", (_weights(60, (3, 4, 4), causal=True),)
        ),
        Case("random weights, no mask, 2 heads, 3 tokens", (_weights(61, (1, 2, 3, 3), scale=2.0),)),
        Case(
            "float32, causal, a batch of 2, 2 heads, 4 tokens",
            (_weights(62, (2, 2, 4, 4), causal=True).astype(np.float32),),
            FLOAT32,
        ),
        Case("random causal weights, a batch of 3, 4 heads, 5 tokens", (_weights(63, (3, 4, 5, 5), causal=True),)),
    ]


PREVIOUS_TOKEN = Exercise(
    id="previous-token-score",
    lesson=LESSON,
    title="The previous-token score",
    function="previous_token_score",
    prompt=(
        r"Write `previous_token_score(weights)`: for each head, the mean weight a query puts on the key just "
        r"before it, \(\operatorname{mean}_{i \ge 1} A_{i,\,i-1}\), averaged over every query from 1 on and "
        "every sequence of the batch. `weights` is `(..., n_heads, n, n)`, any leading axes before the heads; "
        "the result has one number per head."
    ),
    starter='''import numpy as np


def previous_token_score(weights):
    """Per head, the mean weight on the previous token.

    weights: attention weights, shape (..., n_heads, n, n), n >= 2; rows are queries, columns keys.
    Returns: shape (n_heads,), in weights' dtype.
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def previous_token_score(weights):
    """Per head, the mean weight on the previous token."""
    n_heads, n = weights.shape[-3], weights.shape[-1]
    # A[..., i, i - 1] for i = 1 .. n - 1: the diagonal just below the main one
    below = np.diagonal(weights, offset=-1, axis1=-2, axis2=-1)   # (..., n_heads, n - 1)
    return below.reshape(-1, n_heads, n - 1).mean(axis=(0, 2))
''',
    reference=lambda weights: previous_token_score(weights),
    cases=_previous_token_cases,
    returns=(Returns("score", "(n_heads,)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"\(A_{i,\,i-1}\) for \(i = 1 \dots n-1\) is the diagonal just below the main one: "
            "`np.diagonal(weights, offset=-1, axis1=-2, axis2=-1)`, with the axes named, since by default "
            "`np.diagonal` takes the first two."
        ),
        (
            "That diagonal has shape `(..., n_heads, n - 1)`. Average it over everything but the heads: "
            "reshape it to `(-1, n_heads, n - 1)` and take the mean over axes 0 and 2."
        ),
    ),
    mistakes=(
        Mistake(
            id="next-token",
            title="The key after the query",
            explanation=(
                r"You averaged \(A_{i,\,i+1}\), the diagonal *above* the main one (`offset=1`): the key after "
                "each query, which a causal head never sees. The previous token is column \\(i - 1\\), "
                f"`offset=-1`; see [two heads that must form]({TWO_HEADS})."
            ),
            code="""import numpy as np


def previous_token_score(weights):
    n_heads, n = weights.shape[-3], weights.shape[-1]
    above = np.diagonal(weights, offset=1, axis1=-2, axis2=-1)
    return above.reshape(-1, n_heads, n - 1).mean(axis=(0, 2))
""",
        ),
        Mistake(
            id="own-token",
            title="The weight on itself",
            explanation=(
                r"You averaged the main diagonal, \(A_{i,i}\): the weight each query puts on its own token. "
                "The previous-token score looks one key back, `offset=-1`; see "
                f"[two heads that must form]({TWO_HEADS})."
            ),
            code="""import numpy as np


def previous_token_score(weights):
    n_heads = weights.shape[-3]
    own = np.diagonal(weights, axis1=-2, axis2=-1)
    return own.reshape(-1, n_heads, own.shape[-1]).mean(axis=(0, 2))
""",
        ),
        Mistake(
            id="query-0-included",
            title="Query 0 counted too",
            explanation=(
                "Your mean runs over all n queries: for query 0, index `0 - 1 = -1` is the *last* key, which "
                r"is not a previous token (there is none), and the mean divides by \(n\) instead of \(n - 1\). "
                r"Start at query 1: \(\operatorname{mean}_{i \ge 1} A_{i,\,i-1}\); see "
                f"[two heads that must form]({TWO_HEADS})."
            ),
            code="""import numpy as np


def previous_token_score(weights):
    n_heads, n = weights.shape[-3], weights.shape[-1]
    i = np.arange(n)
    previous = weights[..., i, i - 1]
    return previous.reshape(-1, n_heads, n).mean(axis=(0, 2))
""",
        ),
        Mistake(
            id="batch-not-averaged",
            title="One score per sequence",
            explanation=(
                "You averaged over the queries but not over the batch: your result has a score for every "
                "sequence and head, `(..., n_heads)`. The score is one number per head, the mean over every "
                "sequence and every query from 1 on; see "
                f"[two heads that must form]({TWO_HEADS})."
            ),
            code="""import numpy as np


def previous_token_score(weights):
    return np.diagonal(weights, offset=-1, axis1=-2, axis2=-1).mean(axis=-1)
""",
        ),
    ),
)

EXERCISES = (SOFTMAX_BACKWARD, GRAD_V, PREVIOUS_TOKEN)
