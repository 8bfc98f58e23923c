"""Build it: the lesson "Cross-attention: attending to another sequence".

Three exercises. Two where the lesson puts cross-attention in the
encoder–decoder transformer: the padding mask of a batch of source sentences,
and cross-attention itself, queries from the decoder, keys and values from
the encoder, with the source's padding masked out. One in "Additive scores in
the package": Bahdanau's additive score of every query against every key.
"""

from __future__ import annotations

import numpy as np

from .. import additive_scores, padding_mask, scaled_dot_product_attention
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "cross-attention"
QKV = "cross-attention.md#queries-from-one-sequence-keys-and-values-from-another"
WHERE = "cross-attention.md#where-it-sits-the-encoderdecoder-transformer"
PADDING = "self-attention.md#padding-masks"
MASKS = "self-attention.md#who-may-attend-to-whom-masks"
ALIGNMENT = "cross-attention.md#where-it-came-from-alignment"
ADDITIVE = "cross-attention.md#additive-scoring"
EXERCISES_SECTION = "cross-attention.md#exercises"


# ── The padding mask ───────────────────────────────────────────────────────


def _lengths(*values: int) -> np.ndarray:
    return np.array(values, dtype=np.int64)


def _padding_cases() -> list[Case]:
    rng = np.random.default_rng(1)
    return [
        Case("one sentence, no padding", (_lengths(3), 3)),
        Case("the lesson's: one sentence of 5 in 6 slots", (_lengths(5), 6)),
        Case("a sentence of length 0", (_lengths(0, 2), 2)),
        Case("a batch of 3, 3 slots", (_lengths(1, 3, 2), 3)),
        Case("a batch of 2, 5 slots", (_lengths(2, 5), 5)),
        Case("random, a batch of 4, 7 slots", (rng.integers(0, 8, size=4), 7)),
    ]


PADDING_MASK = Exercise(
    id="padding-mask-from-lengths",
    lesson=LESSON,
    title="A padding mask from the lengths",
    function="padding_mask",
    prompt=(
        "Write `padding_mask(lengths, n)`: for a batch of sentences padded to `n` slots, a boolean mask that is "
        r"True where a query may attend, at key \(j\) of sentence \(b\) exactly when \(j < \text{lengths}[b]\). "
        "`lengths` is an integer array `(batch,)`, each in `0..n`; the result is `(batch, 1, n)`, with an axis of "
        "1 for the queries, so that it broadcasts against scores `(batch, n_q, n)`."
    ),
    starter='''import numpy as np


def padding_mask(lengths, n):
    """Which keys are real tokens, for a batch of sentences padded to n slots.

    lengths: the true length of each sentence, integers, shape (batch,), each in 0..n.
    n: the padded length, an int.
    Returns: booleans, shape (batch, 1, n): True where key j < lengths[b].
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def padding_mask(lengths, n):
    """Which keys are real tokens, for a batch of sentences padded to n slots."""
    # (1, n) against (batch, 1) -> (batch, n): slot j of sentence b is real when j < lengths[b]
    real = np.arange(n)[None, :] < lengths[:, None]
    return real[:, None, :]  # (batch, 1, n): the same row for every query
''',
    reference=lambda lengths, n: padding_mask(lengths, n),
    cases=_padding_cases,
    returns=(Returns("mask", "(batch, 1, n)"),),
    tolerance=Tolerance(rtol=0.0, atol=0.0),
    hints=(
        (
            "Compare the slot numbers `np.arange(n)` with each sentence's length: broadcasting a `(1, n)` row "
            "against a `(batch, 1)` column gives the `(batch, n)` table of comparisons."
        ),
        (
            "A sentence of length 3 has real tokens in slots 0, 1 and 2: the comparison is strict, `<`. Then add "
            "the query axis in the middle, `[:, None, :]`."
        ),
    ),
    mistakes=(
        Mistake(
            id="off-by-one",
            title="One padding slot too many let through",
            explanation=(
                "Your mask lets each sentence attend to one slot past its end: a sentence of length 3 has its tokens "
                "in slots 0, 1 and 2, so the test is `j < length`, not `j <= length`. A length-0 sentence shows it "
                f"best: it must allow no key at all. See [padding masks]({PADDING})."
            ),
            code="""import numpy as np


def padding_mask(lengths, n):
    return (np.arange(n)[None, :] <= lengths[:, None])[:, None, :]
""",
        ),
        Mistake(
            id="inverted",
            title="True on the padding",
            explanation=(
                "Your mask is True on the padding and False on the real tokens: the package's boolean masks say "
                "True = may attend, so the real tokens must be True. Compare with `<`, not `>=`; see "
                f"[padding masks]({PADDING})."
            ),
            code="""import numpy as np


def padding_mask(lengths, n):
    return (np.arange(n)[None, :] >= lengths[:, None])[:, None, :]
""",
        ),
        Mistake(
            id="no-query-axis",
            title="No axis for the queries",
            explanation=(
                "Your mask is `(batch, n)`; against scores `(batch, n_q, n)` numpy would line its batch axis up with "
                "the queries, not the sentences. Add the query axis in the middle, `(batch, 1, n)`, so that every "
                f"query of sentence b shares its row: `mask[:, None, :]`. See [padding masks]({PADDING})."
            ),
            code="""import numpy as np


def padding_mask(lengths, n):
    return np.arange(n)[None, :] < lengths[:, None]
""",
        ),
        Mistake(
            id="transposed",
            title="Slots and sentences swapped",
            explanation=(
                "Your comparison broadcast the slots down and the sentences across, `(n, batch)`, so the result is "
                "indexed by slot first. Put the sentences first: `np.arange(n)[None, :] < lengths[:, None]` is "
                f"`(batch, n)`, then `[:, None, :]`. See [padding masks]({PADDING})."
            ),
            code="""import numpy as np


def padding_mask(lengths, n):
    return (np.arange(n)[:, None] < lengths)[:, None, :]
""",
        ),
        Mistake(
            id="ones-and-zeros",
            title="Numbers, not booleans",
            explanation=(
                "Your mask holds 1.0 and 0.0, not True and False. The package reads a numeric mask as an additive "
                "one, added to the scores (`-inf` = may not attend), so 1 and 0 would mask nothing. Return the "
                f"comparison itself, a boolean array; see [masks]({MASKS})."
            ),
            code="""import numpy as np


def padding_mask(lengths, n):
    return np.where(np.arange(n)[None, :] < lengths[:, None], 1.0, 0.0)[:, None, :]
""",
        ),
    ),
)


# ── Cross-attention over a padded source ───────────────────────────────────


def _cross(
    seed: int, batch: int, n_t: int, n_s: int, d_model: int, d_k: int, d_v: int, lengths: tuple[int, ...]
) -> tuple[np.ndarray, ...]:
    """target, source, source_lengths, w_q, w_k, w_v: the padding slots of the source hold random values too."""
    rng = np.random.default_rng(seed)
    target = rng.standard_normal((batch, n_t, d_model))
    source = rng.standard_normal((batch, n_s, d_model))
    w_q, w_k, w_v = (rng.normal(0.0, 1.5 / np.sqrt(d_model), (d_model, d)) for d in (d_k, d_k, d_v))
    return target, source, _lengths(*lengths), w_q, w_k, w_v


def _float32(args: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
    return tuple(a if a.dtype.kind == "i" else a.astype(np.float32) for a in args)


def _cross_cases() -> list[Case]:
    return [
        Case("one target token, one source token", _cross(1, 1, 1, 1, 4, 3, 2, (1,))),
        Case("no padding: 2 target tokens, 3 source tokens", _cross(2, 1, 2, 3, 4, 3, 2, (3,))),
        Case("the lesson's: 3 target tokens, 6 source slots, the last padding", _cross(3, 1, 3, 6, 4, 3, 2, (5,))),
        Case("a batch of 2, 4 target tokens, 4 source slots, lengths 2 and 4", _cross(4, 2, 4, 4, 4, 3, 3, (2, 4))),
        Case("float32, a batch of 2, lengths 3 and 1", _float32(_cross(5, 2, 2, 3, 4, 2, 2, (3, 1))), FLOAT32),
        Case("random, a batch of 3, 2 target tokens, lengths 1, 4 and 5", _cross(6, 3, 2, 5, 6, 4, 3, (1, 4, 5))),
    ]


CROSS_ATTENTION = Exercise(
    id="cross-attention-padded",
    lesson=LESSON,
    title="Cross-attention to a padded source",
    function="cross_attention",
    prompt=(
        r"Write `cross_attention(target, source, source_lengths, w_q, w_k, w_v)`: the queries \(YW_Q\) from the "
        r"decoder's tokens `target` `(batch, n_t, d_model)`, the keys \(XW_K\) and values \(XW_V\) from the "
        r"encoder's `source` `(batch, n_s, d_model)`, then \(\operatorname{softmax}(QK^\top/\sqrt{d_k})\,V\). "
        "Source sentence b has `source_lengths[b]` real tokens (at least 1) followed by padding, which no query "
        "may attend to. `w_q` and `w_k` are `(d_model, d_k)`, `w_v` is `(d_model, d_v)`; the result is "
        "`(batch, n_t, d_v)`, float32 for float32 inputs."
    ),
    starter='''import numpy as np


def cross_attention(target, source, source_lengths, w_q, w_k, w_v):
    """Cross-attention from the decoder's tokens to the encoder's, the source's padding masked.

    target: the decoder's tokens, shape (batch, n_t, d_model).
    source: the encoder's output, shape (batch, n_s, d_model), padded.
    source_lengths: how many of the n_s slots of each source sentence are real,
        integers, shape (batch,), each in 1..n_s.
    w_q, w_k: shape (d_model, d_k); w_v: shape (d_model, d_v).
    Returns: the output, shape (batch, n_t, d_v), in target's dtype.
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def cross_attention(target, source, source_lengths, w_q, w_k, w_v):
    """Cross-attention from the decoder's tokens to the encoder's, the source's padding masked."""
    q = target @ w_q  # (batch, n_t, d_k): the decoder asks
    k, v = source @ w_k, source @ w_v  # (batch, n_s, d_k), (batch, n_s, d_v): the encoder answers
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])  # (batch, n_t, n_s)
    # (batch, 1, n_s): the source's real tokens, the same for every query
    real = np.arange(source.shape[-2]) < source_lengths[:, None, None]
    scores = np.where(real, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    return weights @ v
''',
    reference=lambda target, source, source_lengths, w_q, w_k, w_v: (
        scaled_dot_product_attention(
            target @ w_q, source @ w_k, source @ w_v, mask=padding_mask(source_lengths, source.shape[-2])
        ).output
    ),
    cases=_cross_cases,
    returns=(Returns("output", "(batch, n_t, d_v)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Only the inputs change from self-attention: `q = target @ w_q`, and `k`, `v` from `source`. The "
            "scores are then `(batch, n_t, n_s)`: one row per target token, one column per source slot."
        ),
        (
            "The padding is the source's, so it masks columns: build a `(batch, 1, n_s)` mask of the real slots "
            "and set the other scores to `-np.inf` with `np.where` before the softmax."
        ),
    ),
    mistakes=(
        Mistake(
            id="no-mask",
            title="The padding not masked",
            explanation=(
                "Your weights reach the source's padding slots: their vectors are not words, whatever they hold. "
                "Set the scores of the keys at or past `source_lengths[b]` to `-inf` before the softmax; see "
                f"[where it sits]({WHERE})."
            ),
            code="""import math

import numpy as np


def cross_attention(target, source, source_lengths, w_q, w_k, w_v):
    q, k, v = target @ w_q, source @ w_k, source @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="mask-on-queries",
            title="The padding masked along the queries",
            explanation=(
                "Your mask runs down the rows of the scores `(batch, n_t, n_s)`, the target's queries, so it fails "
                "to broadcast when `n_t` differs from `n_s`, and otherwise blanks whole rows (NaN). The padding is "
                "the source's: its slots are keys, the columns. Shape the mask `(batch, 1, n_s)`; see "
                f"[where it sits]({WHERE})."
            ),
            code="""import math

import numpy as np


def cross_attention(target, source, source_lengths, w_q, w_k, w_v):
    q, k, v = target @ w_q, source @ w_k, source @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    real = np.arange(source.shape[-2]) < source_lengths[:, None]
    scores = np.where(real[:, :, None], scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="mask-without-query-axis",
            title="A mask without the query axis",
            explanation=(
                "Your mask is `(batch, n_s)`: against the scores `(batch, n_t, n_s)` numpy lines its batch axis up "
                "with the queries, so query t gets sentence t's padding (or the shapes do not broadcast at all). "
                "Give it an axis of 1 for the queries, `(batch, 1, n_s)`, as `padding_mask` does: "
                f"`source_lengths[:, None, None]`. See [where it sits]({WHERE})."
            ),
            code="""import math

import numpy as np


def cross_attention(target, source, source_lengths, w_q, w_k, w_v):
    q, k, v = target @ w_q, source @ w_k, source @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    real = np.arange(source.shape[-2]) < source_lengths[:, None]
    scores = np.where(real, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="keys-from-target",
            title="Keys and values from the decoder",
            explanation=(
                "You made the keys and values from `target`: that is the decoder's self-attention. In "
                "cross-attention only the queries come from the decoder; the keys and values are the encoder's, "
                f"`source @ w_k` and `source @ w_v`. See [queries from one sequence, keys and values from another]({QKV})."
            ),
            code="""import math

import numpy as np


def cross_attention(target, source, source_lengths, w_q, w_k, w_v):
    q, k, v = target @ w_q, target @ w_k, target @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    real = np.arange(source.shape[-2]) < source_lengths[:, None, None]
    scores = np.where(real, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
        Mistake(
            id="mask-after-softmax",
            title="Padding zeroed after the softmax",
            explanation=(
                "You zeroed the padding's weights after the softmax, so each row that had padding sums to less than "
                "1 and the output shrinks. Mask the scores with `-inf` before the softmax: then the weights of the "
                f"real tokens share the whole 1. See [masks]({MASKS})."
            ),
            code="""import math

import numpy as np


def cross_attention(target, source, source_lengths, w_q, w_k, w_v):
    q, k, v = target @ w_q, source @ w_k, source @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    real = np.arange(source.shape[-2]) < source_lengths[:, None, None]
    return e / e.sum(axis=-1, keepdims=True) * real @ v
""",
        ),
        Mistake(
            id="scores-times-mask",
            title="Padding scores set to 0, not -inf",
            explanation=(
                "You multiplied the scores by the mask, so a padding key scores 0, and \\(e^0\\) still gives it "
                "weight. Only `-inf` gives weight exactly 0: `np.where(real, scores, -np.inf)`. See "
                f"[masks]({MASKS})."
            ),
            code="""import math

import numpy as np


def cross_attention(target, source, source_lengths, w_q, w_k, w_v):
    q, k, v = target @ w_q, source @ w_k, source @ w_v
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    scores = scores * (np.arange(source.shape[-2]) < source_lengths[:, None, None])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ v
""",
        ),
    ),
)


# ── Bahdanau's additive score ──────────────────────────────────────────────


def _additive_cases() -> list[Case]:
    eye = np.eye(2)
    return [
        Case("one query, one key, d_q = 2, d_k = 3, d_a = 4", random_arrays(5, (1, 2), (1, 3), (2, 4), (3, 4), (4,))),
        Case(
            "the lesson's example: one query, two keys",
            (np.array([[1.0, 0.0]]), np.array([[1.0, 0.0], [0.0, 1.0]]), eye, eye, np.array([1.0, 1.0])),
        ),
        Case("large projections (tanh saturates)", random_arrays(6, (2, 3), (3, 3), (3, 4), (3, 4), (4,), scale=4.0)),
        Case("3 queries, 5 keys, d_q = 4, d_k = 3, d_a = 6", random_arrays(7, (3, 4), (5, 3), (4, 6), (3, 6), (6,))),
        Case(
            "float32, 2 queries, 4 keys",
            tuple(a.astype(np.float32) for a in random_arrays(8, (2, 3), (4, 3), (3, 5), (3, 5), (5,))),
            FLOAT32,
        ),
        Case(
            "a batch of 2, 3 queries, 3 keys, d_q = 2, d_k = 4, d_a = 3",
            random_arrays(9, (2, 3, 2), (2, 3, 4), (2, 3), (4, 3), (3,)),
        ),
    ]


ADDITIVE_SCORES = Exercise(
    id="bahdanau-score",
    lesson=LESSON,
    title="Bahdanau's additive score",
    function="additive_scores",
    prompt=(
        r"Write `additive_scores(q, k, w_q, w_k, v_a)` yourself: the score "
        r"\(s_{ij} = \tanh(q_i W_q + k_j W_k)\, v_a\) of every query against every key, what the loop above "
        "computes, with no loop. `q` is `(..., n_q, d_q)` and `k` is `(..., n_k, d_k)`: the widths may differ, the "
        "leading batch axes are the same. The result is `(..., n_q, n_k)`, one row per query."
    ),
    starter='''import numpy as np


def additive_scores(q, k, w_q, w_k, v_a):
    """Bahdanau's additive score of every query against every key.

    q: queries, shape (..., n_q, d_q).
    k: keys, shape (..., n_k, d_k); d_k may differ from d_q.
    w_q: projects each query to the hidden width, shape (d_q, d_a).
    w_k: projects each key to the same width, shape (d_k, d_a).
    v_a: reads each hidden vector out as one number, shape (d_a,).
    Returns: scores, shape (..., n_q, n_k), float32 if every input is float32.
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def additive_scores(q, k, w_q, w_k, v_a):
    """Bahdanau's additive score of every query against every key."""
    q_part = (q @ w_q)[..., :, None, :]  # (..., n_q, 1, d_a)
    k_part = (k @ w_k)[..., None, :, :]  # (..., 1, n_k, d_a)
    hidden = np.tanh(q_part + k_part)  # (..., n_q, n_k, d_a): every query with every key
    return hidden @ v_a  # (..., n_q, n_k)
''',
    reference=lambda q, k, w_q, w_k, v_a: additive_scores(q, k, w_q, w_k, v_a),
    cases=_additive_cases,
    returns=(Returns("scores", "(..., n_q, n_k)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Project first: `q @ w_q` is `(..., n_q, d_a)` and `k @ w_k` is `(..., n_k, d_a)`. Each pair "
            "(query i, key j) needs the sum of row i of the first and row j of the second."
        ),
        (
            "Give the queries' projection an axis for the keys and the keys' one an axis for the queries, "
            "`[..., :, None, :]` and `[..., None, :, :]`: their sum broadcasts to `(..., n_q, n_k, d_a)`."
        ),
        r"Then \(\tanh\) of that sum, and `@ v_a` turns each `d_a` vector into one score.",
    ),
    mistakes=(
        Mistake(
            id="pairs-not-all",
            title="Query i with key i only",
            explanation=(
                "You added `q @ w_q` and `k @ w_k` as they are, so row i of one met row i of the other: one score "
                "per position, or an error when the numbers of queries and keys differ. Every query must meet "
                "every key: give the two projections axes that broadcast, `[..., :, None, :]` for the queries and "
                f"`[..., None, :, :]` for the keys; see [additive scores in the package]({ADDITIVE})."
            ),
            code="""import numpy as np


def additive_scores(q, k, w_q, w_k, v_a):
    return np.tanh(q @ w_q + k @ w_k) @ v_a
""",
        ),
        Mistake(
            id="keys-down-the-rows",
            title="Keys down the rows, queries across",
            explanation=(
                "Your scores are transposed, `(..., n_k, n_q)`: the keys got the row axis and the queries the "
                "column axis. A row of scores belongs to one query, as a row of the weights does (see [queries "
                f"from one sequence, keys and values from another]({QKV})): put the new axis after the queries, "
                "`(q @ w_q)[..., :, None, :]`, and before the keys, `(k @ w_k)[..., None, :, :]`."
            ),
            code="""import numpy as np


def additive_scores(q, k, w_q, w_k, v_a):
    q_part = (q @ w_q)[..., None, :, :]
    k_part = (k @ w_k)[..., :, None, :]
    return np.tanh(q_part + k_part) @ v_a
""",
        ),
        Mistake(
            id="tanh-after-v-a",
            title="tanh after v_a, not before",
            explanation=(
                r"You applied \(\tanh\) to the score, after \(v_a\): \(\tanh((q_i W_q + k_j W_k)\,v_a)\), so "
                "no score gets past 1. The score is a network with one hidden layer of width \\(d_a\\) (see "
                f"[where it came from]({ALIGNMENT})): \\(\\tanh\\) squashes each hidden unit, then \\(v_a\\) "
                r"adds them up, \(\tanh(q_i W_q + k_j W_k)\,v_a\), and a score can reach \(\sum_a |v_a|\) (see "
                f"[additive scores in the package]({ADDITIVE}))."
            ),
            code="""import numpy as np


def additive_scores(q, k, w_q, w_k, v_a):
    q_part = (q @ w_q)[..., :, None, :]
    k_part = (k @ w_k)[..., None, :, :]
    return np.tanh((q_part + k_part) @ v_a)
""",
        ),
        Mistake(
            id="no-tanh",
            title="No tanh",
            explanation=(
                r"Your scores leave out the \(\tanh\). Without it the score is \(q_i W_q v_a + k_j W_k v_a\), a "
                "number for the query plus a number for the key: every query would rank the keys the same way. "
                r"The \(\tanh\) of each hidden unit is what lets a key's score depend on the query: "
                f"[exercise 3]({EXERCISES_SECTION}) of the lesson shows every query left with the same weights."
            ),
            code="""import numpy as np


def additive_scores(q, k, w_q, w_k, v_a):
    q_part = (q @ w_q)[..., :, None, :]
    k_part = (k @ w_k)[..., None, :, :]
    return (q_part + k_part) @ v_a
""",
        ),
        Mistake(
            id="no-batch-axes",
            title="Written for one sequence only",
            explanation=(
                "Your function is right for one sequence but not for a batch: `[:, None, :]` and `[None, :, :]` "
                "put the new axis before the batch axis, so different sequences of the batch meet (or the shapes "
                "clash). Count the axes from the end, `[..., :, None, :]` and `[..., None, :, :]`; see "
                f"[additive scores in the package]({ADDITIVE})."
            ),
            code="""import numpy as np


def additive_scores(q, k, w_q, w_k, v_a):
    q_part = (q @ w_q)[:, None, :]
    k_part = (k @ w_k)[None, :, :]
    return np.tanh(q_part + k_part) @ v_a
""",
        ),
    ),
)

EXERCISES = (PADDING_MASK, CROSS_ATTENTION, ADDITIVE_SCORES)
