"""Build it: the lesson "Multi-head attention".

Two exercises, in the section that builds the layer step by step: cutting a
projection into heads, and the whole layer from its four weight matrices.
"""

from __future__ import annotations

import numpy as np

from .. import MultiHeadAttention, split_heads
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "multi-head-attention"
FORMULA = "multi-head-attention.md#the-formula"
STEP_BY_STEP = "multi-head-attention.md#step-by-step"
ONE_WIDE_HEAD = "multi-head-attention.md#same-parameters-as-one-wide-head"
SCALE = "scaled-dot-product-attention.md#step-2-scale-divide-by-d_k"


def _counting(*shape: int, dtype: type = np.float64) -> np.ndarray:
    """0, 1, 2, ... in the given shape: each number says which feature of which token it is."""
    return np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape)


# ── Cutting a projection into heads ────────────────────────────────────────


def _split_cases() -> list[Case]:
    return [
        Case("one token, 2 heads", (_counting(1, 1, 4), 2)),
        Case("one head, 3 tokens", (_counting(1, 3, 4), 1)),
        Case("the lesson's example: 2 tokens, d_model = 4, 2 heads", (_counting(1, 2, 4), 2)),
        Case("a batch of 2, 3 tokens, d_model = 6, 3 heads", (_counting(2, 3, 6), 3)),
        Case(
            "float32, a batch of 2, 4 tokens, d_model = 6, 2 heads", (_counting(2, 4, 6, dtype=np.float32), 2), FLOAT32
        ),
        Case("random, a batch of 3, 5 tokens, d_model = 12, 3 heads", (*random_arrays(1, (3, 5, 12)), 3)),
        Case("random, a batch of 2, 4 tokens, d_model = 8, 4 heads", (*random_arrays(2, (2, 4, 8)), 4)),
    ]


SPLIT_HEADS = Exercise(
    id="split-heads",
    lesson=LESSON,
    title="Cut a projection into heads",
    function="split_heads",
    prompt=(
        r"Write `split_heads(x, n_heads)`: cut the last axis of `x`, shape `(batch, n, d_model)`, into `n_heads` "
        r"slices of width \(d_\text{head} = d_\text{model} / n_\text{heads}\), and put the head axis after the "
        r"batch axis: the result is `(batch, n_heads, n, d_head)`, and head \(i\) holds features "
        r"\(i\,d_\text{head}\) to \((i+1)\,d_\text{head} - 1\) of every token. `n_heads` divides `d_model`; "
        "float32 stays float32."
    ),
    starter='''import numpy as np


def split_heads(x, n_heads):
    """Cut the feature axis of x into n_heads slices, one per head.

    x: a projection, shape (batch, n, d_model).
    n_heads: the number of heads, an int that divides d_model.
    Returns: shape (batch, n_heads, n, d_head), d_head = d_model // n_heads,
        in x's dtype; head i holds features i*d_head .. (i+1)*d_head - 1.
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def split_heads(x, n_heads):
    """Cut the feature axis of x into n_heads slices, one per head."""
    batch, n, d_model = x.shape
    d_head = d_model // n_heads
    # (batch, n, d_model) -> (batch, n, n_heads, d_head): each token's features cut into slices
    per_token = x.reshape(batch, n, n_heads, d_head)
    # -> (batch, n_heads, n, d_head): the heads before the tokens
    return per_token.transpose(0, 2, 1, 3)
''',
    reference=lambda x, n_heads: split_heads(x, n_heads),
    cases=_split_cases,
    returns=(Returns("heads", "(batch, n_heads, n, d_head)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Two moves: first cut each token's features into slices, `(batch, n, n_heads, d_head)`, with a "
            "reshape; then swap the token axis and the head axis."
        ),
        (
            "A reshape only regroups the numbers in the order they are stored, token after token: reshaping "
            "straight to `(batch, n_heads, n, d_head)` cuts the tokens, not their features. Reshape to "
            "`(batch, n, n_heads, d_head)`, then `.transpose(0, 2, 1, 3)`."
        ),
    ),
    mistakes=(
        Mistake(
            id="reshape-straight-to-heads",
            title="Reshaped straight to the heads' shape",
            explanation=(
                "Your shape is right, but head 0 holds every feature of the first tokens instead of slice 0 of "
                "every token: `reshape` regroups the numbers in the order they are stored, token after token, so "
                "reshaping `(batch, n, d_model)` straight to `(batch, n_heads, n, d_head)` cuts across tokens. "
                "Reshape to `(batch, n, n_heads, d_head)` first, then swap axes 1 and 2; see "
                f"[step by step]({STEP_BY_STEP})."
            ),
            code="""import numpy as np


def split_heads(x, n_heads):
    batch, n, d_model = x.shape
    return x.reshape(batch, n_heads, n, d_model // n_heads)
""",
        ),
        Mistake(
            id="interleaved-heads",
            title="Heads interleaved, not contiguous",
            explanation=(
                r"Head \(i\) got every \(n_\text{heads}\)-th feature (\(i\), \(i + n_\text{heads}\), ...): you "
                "reshaped the features to `(d_head, n_heads)`. Each head owns a block of neighbouring columns of "
                r"\(W_Q\), \(i\,d_\text{head}\) to \((i+1)\,d_\text{head} - 1\), so the slices are "
                f"`(n_heads, d_head)`, heads first; see [the formula]({FORMULA})."
            ),
            code="""import numpy as np


def split_heads(x, n_heads):
    batch, n, d_model = x.shape
    return x.reshape(batch, n, d_model // n_heads, n_heads).transpose(0, 3, 1, 2)
""",
        ),
        Mistake(
            id="heads-before-batch",
            title="The head axis before the batch axis",
            explanation=(
                "Your result is `(n_heads, batch, n, d_head)`: the heads went in front of the batch. With a batch "
                "the head axis comes right after it, `(batch, n_heads, n, d_head)`, so that each sequence keeps its "
                f"own heads; transpose with `(0, 2, 1, 3)`. See [step by step]({STEP_BY_STEP})."
            ),
            code="""import numpy as np


def split_heads(x, n_heads):
    batch, n, d_model = x.shape
    return x.reshape(batch, n, n_heads, d_model // n_heads).transpose(2, 0, 1, 3)
""",
        ),
        Mistake(
            id="no-transpose",
            title="Cut into slices, but not transposed",
            explanation=(
                "Your result is `(batch, n, n_heads, d_head)`: the slices are right, but the head axis is still "
                "after the token axis. Attention works on `(..., n, d_head)` per head, so the head axis must come "
                f"before the tokens: `.transpose(0, 2, 1, 3)`; see [step by step]({STEP_BY_STEP})."
            ),
            code="""import numpy as np


def split_heads(x, n_heads):
    batch, n, d_model = x.shape
    return x.reshape(batch, n, n_heads, d_model // n_heads)
""",
        ),
    ),
)


# ── The whole layer ────────────────────────────────────────────────────────


def _layer(seed: int, n: int, d_model: int, dtype: type = np.float64) -> tuple[np.ndarray, ...]:
    """x (n, d_model) and the four weight matrices (d_model, d_model), drawn as the package draws them."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, d_model))
    weights = [rng.normal(0.0, 1.5 / np.sqrt(d_model), (d_model, d_model)) for _ in range(4)]
    return tuple(a.astype(dtype) for a in (x, *weights))


def _mha_cases() -> list[Case]:
    return [
        Case("one token, 2 heads", (*_layer(3, 1, 4), 2)),
        Case("one head, 3 tokens, d_model = 4", (*_layer(4, 3, 4), 1)),
        Case("2 heads, 3 tokens, d_model = 4", (*_layer(5, 3, 4), 2)),
        Case("float32, 2 heads, 4 tokens, d_model = 6", (*_layer(6, 4, 6, np.float32), 2), FLOAT32),
        Case("random, 4 heads, 5 tokens, d_model = 8", (*_layer(7, 5, 8), 4)),
        Case("random, 3 heads, 4 tokens, d_model = 6", (*_layer(8, 4, 6), 3)),
    ]


MULTI_HEAD = Exercise(
    id="multi-head-attention-layer",
    lesson=LESSON,
    title="The whole layer",
    function="multi_head_attention",
    prompt=(
        r"Write `multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads)`: project `x` with \(W_Q, W_K, W_V\), cut "
        r"each projection into `n_heads` heads of width \(d_\text{head} = d_\text{model}/n_\text{heads}\) (head "
        r"\(i\) takes columns \(i\,d_\text{head}\) to \((i+1)\,d_\text{head} - 1\)), run scaled dot-product "
        r"attention in every head, put the heads' outputs back side by side in the same order, and multiply by "
        r"\(W_O\). `x` is `(n, d_model)`, each weight matrix `(d_model, d_model)`, the result `(n, d_model)`; no "
        "mask, no biases; float32 inputs give a float32 result."
    ),
    starter='''import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    """Multi-head self-attention, as MultiHeadAttention computes it.

    x: the tokens, shape (n, d_model).
    w_q, w_k, w_v, w_o: the weights, each shape (d_model, d_model), applied as x @ w.
    n_heads: the number of heads, an int that divides d_model.
    Returns: the output, shape (n, d_model), in x's dtype.
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    """Multi-head self-attention, as MultiHeadAttention computes it."""
    n, d_model = x.shape
    d_head = d_model // n_heads

    def split(m):
        # (n, d_model) -> (n, n_heads, d_head) -> (n_heads, n, d_head)
        return m.reshape(n, n_heads, d_head).transpose(1, 0, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(d_head)  # (n_heads, n, n)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    heads = weights @ v  # (n_heads, n, d_head)
    # (n_heads, n, d_head) -> (n, n_heads, d_head) -> (n, d_model): head i in columns i*d_head ...
    concat = heads.transpose(1, 0, 2).reshape(n, d_model)
    return concat @ w_o
''',
    reference=lambda x, w_q, w_k, w_v, w_o, n_heads: (
        MultiHeadAttention.from_weights(w_q, w_k, w_v, w_o, n_heads)(x).output
    ),
    cases=_mha_cases,
    returns=(Returns("output", "(n, d_model)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Project first, `x @ w_q` and so on, each `(n, d_model)`; then split each into `(n_heads, n, d_head)` "
            "as `split_heads` does: reshape to `(n, n_heads, d_head)`, then `.transpose(1, 0, 2)`."
        ),
        (
            "With the head axis first, the attention of the earlier lesson runs in every head at once: "
            r"`q @ k.transpose(0, 2, 1)`, divided by \(\sqrt{d_\text{head}}\), the width each head compares over."
        ),
        (
            "Merging is the split undone in reverse: `.transpose(1, 0, 2)` back to `(n, n_heads, d_head)`, then "
            "`.reshape(n, d_model)`; and the layer ends with `@ w_o`."
        ),
    ),
    mistakes=(
        Mistake(
            id="scaled-by-d-model",
            title="Scaled by √d_model, not √d_head",
            explanation=(
                r"Your scores are divided by \(\sqrt{d_\text{model}}\): each head compares queries and keys of "
                r"width \(d_\text{head} = d_\text{model}/n_\text{heads}\), and that width is what the scale "
                r"corrects for, so divide by \(\sqrt{d_\text{head}}\). Your weights come out flatter than the "
                f"layer's; see [the formula]({FORMULA}) and [step 2 of scaled dot-product attention]({SCALE})."
            ),
            code="""import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    n, d_model = x.shape
    d_head = d_model // n_heads

    def split(m):
        return m.reshape(n, n_heads, d_head).transpose(1, 0, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(d_model)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    heads = (e / e.sum(axis=-1, keepdims=True)) @ v
    return heads.transpose(1, 0, 2).reshape(n, d_model) @ w_o
""",
        ),
        Mistake(
            id="no-output-projection",
            title="No output projection",
            explanation=(
                r"You returned the heads' outputs side by side, without \(W_O\). The concatenation has the right "
                r"shape, `(n, d_model)`, but the layer mixes the heads with one more matrix: end with `@ w_o`; see "
                f"[the formula]({FORMULA})."
            ),
            code="""import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    n, d_model = x.shape
    d_head = d_model // n_heads

    def split(m):
        return m.reshape(n, n_heads, d_head).transpose(1, 0, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(d_head)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    heads = (e / e.sum(axis=-1, keepdims=True)) @ v
    return heads.transpose(1, 0, 2).reshape(n, d_model)
""",
        ),
        Mistake(
            id="merged-without-transpose",
            title="Heads merged in the wrong order",
            explanation=(
                "You merged the heads with a plain `reshape(n, d_model)` of `(n_heads, n, d_head)`: that strings "
                "head 0's tokens together first, so each row of the concatenation mixes several tokens of one head. "
                "Undo the split in reverse: `.transpose(1, 0, 2)` back to `(n, n_heads, d_head)`, then reshape, so "
                f"that row t holds token t of every head; see [step by step]({STEP_BY_STEP})."
            ),
            code="""import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    n, d_model = x.shape
    d_head = d_model // n_heads

    def split(m):
        return m.reshape(n, n_heads, d_head).transpose(1, 0, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(d_head)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    heads = (e / e.sum(axis=-1, keepdims=True)) @ v
    return heads.reshape(n, d_model) @ w_o
""",
        ),
        Mistake(
            id="split-without-transpose",
            title="Heads split in the wrong order",
            explanation=(
                "You split the projections with a plain `reshape(n_heads, n, d_head)`: that cuts the stored numbers "
                "token after token, so a head gets whole tokens' features instead of one slice of every token's. "
                "Reshape to `(n, n_heads, d_head)`, then `.transpose(1, 0, 2)`; see "
                f"[step by step]({STEP_BY_STEP})."
            ),
            code="""import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    n, d_model = x.shape
    d_head = d_model // n_heads

    def split(m):
        return m.reshape(n_heads, n, d_head)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(d_head)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    heads = (e / e.sum(axis=-1, keepdims=True)) @ v
    return heads.transpose(1, 0, 2).reshape(n, d_model) @ w_o
""",
        ),
        Mistake(
            id="one-wide-head",
            title="One head of full width",
            explanation=(
                "You attended once over the whole width, `n_heads` unused: that is one head with the same "
                "matrices, which compares all the features at once and makes a single set of weights. Cut the "
                r"projections into `n_heads` slices of width \(d_\text{head}\) and attend in each; see "
                f"[same parameters as one wide head]({ONE_WIDE_HEAD})."
            ),
            code="""import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ k.T / math.sqrt(x.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)) @ v @ w_o
""",
        ),
    ),
)

EXERCISES = (SPLIT_HEADS, MULTI_HEAD)
