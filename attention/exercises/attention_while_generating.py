"""Build it: the lesson "Attention while generating".

Two exercises, where the lesson teaches each: one decoding step with a KV
cache (append the new token's key and value, then attend with its one query),
and the key/value heads of grouped-query attention repeated for the query
heads of their groups.
"""

from __future__ import annotations

import numpy as np

from .. import KVCache, grouped_query_attention, scaled_dot_product_attention
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "attention-while-generating"
KV_CACHE = "attention-while-generating.md#the-kv-cache-step-by-step"
GROUPED = "attention-while-generating.md#multi-query-and-grouped-query-attention"


# ── One decoding step with a KV cache ──────────────────────────────────────


def _step_args(seed: int, heads: int, cached: int, d_k: int, d_v: int, scale: float = 1.0) -> tuple[np.ndarray, ...]:
    """q, k, v of the new token, (heads, 1, ·), then the cached keys and values, (heads, cached, ·)."""
    return random_arrays(
        seed, (heads, 1, d_k), (heads, 1, d_k), (heads, 1, d_v), (heads, cached, d_k), (heads, cached, d_v), scale=scale
    )


def _cached_step(
    q: np.ndarray, k: np.ndarray, v: np.ndarray, cached_keys: np.ndarray, cached_values: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The package's step: a KVCache holding the cached positions, update with the new token, attend, no mask."""
    heads, length, d_k = cached_keys.shape
    cache = KVCache(1, heads, d_k, cached_values.shape[-1], capacity=length + 1, dtype=q.dtype)
    if length:  # the cache of the first step holds nothing yet
        cache.update(0, cached_keys, cached_values)
        cache.advance(length)
    keys, values = cache.update(0, k, v)
    cache.advance(1)
    output = scaled_dot_product_attention(q, keys, values).output
    return output, np.array(keys), np.array(values)


def _step_cases() -> list[Case]:
    return [
        Case("the first token: an empty cache", _step_args(20, 2, 0, 3, 2)),
        Case("one head, one cached token", _step_args(21, 1, 1, 4, 3)),
        Case("2 heads, 3 cached tokens, d_k = 4, d_v = 2", _step_args(22, 2, 3, 4, 2)),
        Case("huge scores", _step_args(23, 2, 4, 4, 2, scale=30.0)),
        Case(
            "float32, 3 heads, 5 cached tokens",
            tuple(a.astype(np.float32) for a in _step_args(24, 3, 5, 4, 3)),
            FLOAT32,
        ),
        Case("random, 4 heads, 6 cached tokens, d_k = 3, d_v = 5", _step_args(25, 4, 6, 3, 5)),
    ]


CACHED_STEP = Exercise(
    id="kv-cache-step",
    lesson=LESSON,
    title="One step with a KV cache",
    function="cached_attention_step",
    prompt=(
        "Write `cached_attention_step(q, k, v, cached_keys, cached_values)`: one decoding step of one layer. "
        "Append the new token's key and value to those of the tokens before it, then attend with its one query "
        r"over all of them, \(\operatorname{softmax}(q K^\top / \sqrt{d_k})\, V\), in every head. "
        "Return the output and the grown keys and values, as a tuple; the cache may be empty (the first token), "
        "and float32 inputs give float32 results."
    ),
    starter='''import numpy as np


def cached_attention_step(q, k, v, cached_keys, cached_values):
    """One decoding step: append the new key and value, then attend with the new query.

    q: the new token's queries, shape (n_heads, 1, d_k).
    k: the new token's keys, shape (n_heads, 1, d_k).
    v: the new token's values, shape (n_heads, 1, d_v).
    cached_keys: the keys of the t tokens before it, shape (n_heads, t, d_k); t may be 0.
    cached_values: their values, shape (n_heads, t, d_v).
    Returns: (output, keys, values): output (n_heads, 1, d_v), keys (n_heads, t + 1, d_k),
        values (n_heads, t + 1, d_v), in q's dtype, the new token's key and value last.
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def cached_attention_step(q, k, v, cached_keys, cached_values):
    """One decoding step: append the new key and value, then attend with the new query."""
    keys = np.concatenate([cached_keys, k], axis=1)      # (n_heads, t + 1, d_k)
    values = np.concatenate([cached_values, v], axis=1)  # (n_heads, t + 1, d_v)
    scores = q @ np.swapaxes(keys, -1, -2) / math.sqrt(q.shape[-1])  # (n_heads, 1, t + 1): no mask
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    return weights @ values, keys, values
''',
    reference=_cached_step,
    cases=_step_cases,
    returns=(
        Returns("output", "(n_heads, 1, d_v)"),
        Returns("keys", "(n_heads, t + 1, d_k)"),
        Returns("values", "(n_heads, t + 1, d_v)"),
    ),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "First the cache: `np.concatenate` the cached keys and the new key along the positions, the axis "
            "of length t, `axis=1`; the same for the values."
        ),
        (
            "Then ordinary attention of the one query against all t + 1 keys, the new one included: the scores "
            "are `(n_heads, 1, t + 1)`, and no mask is needed, since every key held is at or before the query."
        ),
    ),
    mistakes=(
        Mistake(
            id="attend-before-append",
            title="The new token does not see itself",
            explanation=(
                "You attended over the cached keys and values only, and appended the new ones afterwards: the "
                "new token's query never meets its own key, and on the first step, with an empty cache, there "
                "is nothing to attend to at all. Append first, then attend over all t + 1 keys; see "
                f"[the KV cache, step by step]({KV_CACHE})."
            ),
            code="""import math

import numpy as np


def cached_attention_step(q, k, v, cached_keys, cached_values):
    scores = q @ np.swapaxes(cached_keys, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    output = e / e.sum(axis=-1, keepdims=True) @ cached_values
    keys = np.concatenate([cached_keys, k], axis=1)
    values = np.concatenate([cached_values, v], axis=1)
    return output, keys, values
""",
        ),
        Mistake(
            id="causal-mask-top-left",
            title="A causal mask that hides the past",
            explanation=(
                "Your output is the value of the first token alone: you applied the usual causal mask, "
                "`np.tril` of shape (1, t + 1), which counts the one query as query 0 and lets it see key 0 "
                "only. The query of a cached step sits at position t and may see every key held; it needs no "
                f"mask. See the warning in [the KV cache, step by step]({KV_CACHE})."
            ),
            code="""import math

import numpy as np


def cached_attention_step(q, k, v, cached_keys, cached_values):
    keys = np.concatenate([cached_keys, k], axis=1)
    values = np.concatenate([cached_values, v], axis=1)
    scores = q @ np.swapaxes(keys, -1, -2) / math.sqrt(q.shape[-1])
    causal = np.tril(np.ones(scores.shape[-2:], dtype=bool))
    scores = np.where(causal, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ values, keys, values
""",
        ),
        Mistake(
            id="concatenate-heads-axis",
            title="Appended along the heads",
            explanation=(
                "`np.concatenate` joins along `axis=0` unless told otherwise, and axis 0 here is the heads: "
                "the new key became a new head instead of a new position, and the shapes stop matching "
                "(or, with one head, the output gets two). Concatenate along the positions, `axis=1`; see "
                f"[the KV cache, step by step]({KV_CACHE})."
            ),
            code="""import math

import numpy as np


def cached_attention_step(q, k, v, cached_keys, cached_values):
    keys = np.concatenate([cached_keys, k])
    values = np.concatenate([cached_values, v])
    scores = q @ np.swapaxes(keys, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ values, keys, values
""",
        ),
        Mistake(
            id="new-token-first",
            title="The new token put first",
            explanation=(
                "Your output is right, but the new key and value are at the front of what you return, so the "
                "cache is no longer in the order of the tokens: position j must stay at index j, for the next "
                "step's mask and positions. Put the cache first, `np.concatenate([cached_keys, k], axis=1)`; "
                f"see [the KV cache, step by step]({KV_CACHE})."
            ),
            code="""import math

import numpy as np


def cached_attention_step(q, k, v, cached_keys, cached_values):
    keys = np.concatenate([k, cached_keys], axis=1)
    values = np.concatenate([v, cached_values], axis=1)
    scores = q @ np.swapaxes(keys, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ values, keys, values
""",
        ),
        Mistake(
            id="softmax-over-the-one-query",
            title="Softmax over the query axis",
            explanation=(
                "Your output is the sum of all the values: the softmax ran over axis -2, which holds the one "
                "query of the step, so every weight is 1. The weights of a query are spread over its keys, "
                f"the last axis, `axis=-1`; see [the KV cache, step by step]({KV_CACHE})."
            ),
            code="""import math

import numpy as np


def cached_attention_step(q, k, v, cached_keys, cached_values):
    keys = np.concatenate([cached_keys, k], axis=1)
    values = np.concatenate([cached_values, v], axis=1)
    scores = q @ np.swapaxes(keys, -1, -2) / math.sqrt(q.shape[-1])
    e = np.exp(scores - scores.max(axis=-2, keepdims=True))
    return e / e.sum(axis=-2, keepdims=True) @ values, keys, values
""",
        ),
    ),
)


# ── Key/value heads repeated for grouped-query attention ───────────────────


def _repeated_by_the_package(k: np.ndarray, n_heads: int) -> np.ndarray:
    """The key/value head each query head of grouped_query_attention reads, one query head at a time.

    With a mask that lets query i see key i alone, each query head's output is
    its key/value head's values themselves: passing ``k`` as the values gives
    the keys each query head is paired with, ``(..., n_heads, n, d)``.
    """
    n, d = k.shape[-2:]
    queries = np.zeros((*k.shape[:-3], n_heads, n, d), dtype=k.dtype)
    return grouped_query_attention(queries, k, k, mask=np.eye(n, dtype=bool)).output


def _repeat_cases() -> list[Case]:
    return [
        Case("multi-query: 1 key/value head for 3 query heads", (*random_arrays(30, (1, 2, 2)), 3)),
        Case("as many key/value heads as query heads", (*random_arrays(31, (2, 3, 2)), 2)),
        Case("2 key/value heads for 4 query heads", (*random_arrays(32, (2, 3, 2)), 4)),
        Case("a batch of 2, 2 key/value heads for 6 query heads", (*random_arrays(33, (2, 2, 3, 2)), 6)),
        Case(
            "float32, 3 key/value heads for 6 query heads",
            (random_arrays(34, (3, 2, 2))[0].astype(np.float32), 6),
            FLOAT32,
        ),
        Case(
            "SmolLM2's groups: a batch of 1, 3 key/value heads for 9 query heads", (*random_arrays(35, (1, 3, 2, 2)), 9)
        ),
        Case("a batch of 2, 4 key/value heads for 8 query heads", (*random_arrays(36, (2, 4, 2, 3)), 8)),
    ]


REPEAT_KV = Exercise(
    id="repeat-kv-heads",
    lesson=LESSON,
    title="Key/value heads, repeated for their groups",
    function="repeat_kv",
    prompt=(
        "Write `repeat_kv(k, n_heads)`: the keys (or values) of `n_kv_heads` heads turned into `n_heads` heads, "
        r"each key/value head repeated for the \(r = n_\text{heads} / n_\text{kv heads}\) consecutive query heads "
        r"of its group, so that query head \(i\) finds key/value head \(\lfloor i / r \rfloor\) at index \(i\). "
        "The heads are axis -3; leading batch axes may come before them."
    ),
    starter='''import numpy as np


def repeat_kv(k, n_heads):
    """Each key/value head repeated for the query heads of its group.

    k: keys or values, shape (..., n_kv_heads, n, d); n_heads is a multiple of n_kv_heads.
    n_heads: the number of query heads, an int.
    Returns: shape (..., n_heads, n, d), in k's dtype: head i is k's head i // (n_heads // n_kv_heads).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def repeat_kv(k, n_heads):
    """Each key/value head repeated for the query heads of its group."""
    group = n_heads // k.shape[-3]           # r query heads per key/value head
    return np.repeat(k, group, axis=-3)      # kv head g becomes heads g·r .. g·r + r - 1
''',
    reference=_repeated_by_the_package,
    cases=_repeat_cases,
    returns=(Returns("repeated", "(..., n_heads, n, d)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            r"The group size is \(r\) = `n_heads // k.shape[-3]`: the heads are axis -3, whatever comes before "
            "them."
        ),
        (
            "Heads 0 .. r - 1 read key/value head 0, the next r head 1, and so on: each head repeated r times in "
            "place, `[k0, k0, k1, k1]`, not the whole stack r times, `[k0, k1, k0, k1]`. `np.repeat` does the "
            "first, along the axis you give it."
        ),
    ),
    mistakes=(
        Mistake(
            id="tile-not-repeat",
            title="The groups interleaved",
            explanation=(
                "Your heads come out as `[k0, k1, k0, k1]`: `np.tile` copies the whole stack of heads r times, "
                "so query head 1 reads key/value head 1 instead of head 0. Grouped-query attention gives each "
                "key/value head to r consecutive query heads, `[k0, k0, k1, k1]`: `np.repeat(k, r, axis=-3)`; "
                f"see [multi-query and grouped-query attention]({GROUPED})."
            ),
            code="""import numpy as np


def repeat_kv(k, n_heads):
    r = n_heads // k.shape[-3]
    return np.tile(k, (r, 1, 1))
""",
        ),
        Mistake(
            id="repeat-axis-0",
            title="Repeated along the batch",
            explanation=(
                "With a batch axis in front, `axis=0` repeats the sequences of the batch, not the heads: the "
                "lesson's `np.repeat(k, r, axis=0)` works only for keys without a batch axis. Count the heads "
                f"from the end, `axis=-3`; see [multi-query and grouped-query attention]({GROUPED})."
            ),
            code="""import numpy as np


def repeat_kv(k, n_heads):
    r = n_heads // k.shape[-3]
    return np.repeat(k, r, axis=0)
""",
        ),
        Mistake(
            id="repeat-n-heads-times",
            title="Repeated n_heads times",
            explanation=(
                "You repeated each key/value head `n_heads` times, which gives `n_kv_heads · n_heads` heads: "
                "right only for multi-query attention, with one key/value head. Each one serves a group of "
                r"\(r = n_\text{heads} / n_\text{kv heads}\) query heads: repeat it `n_heads // k.shape[-3]` "
                f"times; see [multi-query and grouped-query attention]({GROUPED})."
            ),
            code="""import numpy as np


def repeat_kv(k, n_heads):
    return np.repeat(k, n_heads, axis=-3)
""",
        ),
        Mistake(
            id="repeat-positions",
            title="Repeated along the positions",
            explanation=(
                "Your result has r times as many positions, not r times as many heads: `axis=-2` is the "
                "tokens. The heads are axis -3, `(..., n_kv_heads, n, d)`; see [multi-query and grouped-query "
                f"attention]({GROUPED})."
            ),
            code="""import numpy as np


def repeat_kv(k, n_heads):
    r = n_heads // k.shape[-3]
    return np.repeat(k, r, axis=-2)
""",
        ),
        Mistake(
            id="group-size-from-axis-0",
            title="The group size read off the batch axis",
            explanation=(
                "With a batch axis in front, `k.shape[0]` is the number of sequences, not of key/value heads, "
                "so the group size comes out wrong. Read the key/value heads at `k.shape[-3]`; see "
                f"[multi-query and grouped-query attention]({GROUPED})."
            ),
            code="""import numpy as np


def repeat_kv(k, n_heads):
    r = n_heads // k.shape[0]
    return np.repeat(k, r, axis=-3)
""",
        ),
    ),
)

EXERCISES = (CACHED_STEP, REPEAT_KV)
