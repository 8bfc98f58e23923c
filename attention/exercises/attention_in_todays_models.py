"""Build it: the lesson "Attention in today's models".

Three exercises, where the lesson teaches each: the sliding-window mask
(section 1), the keys a StreamingLLM cache lets each token see (section 2),
and linear attention's recurrent form (section 4).
"""

from __future__ import annotations

import numpy as np

from .. import RollingKVCache, linear_attention_recurrent, sliding_window_mask
from .format import Case, Exercise, Mistake, Returns, Tolerance, random_arrays

LESSON = "attention-in-todays-models"
WINDOW = "attention-in-todays-models.md#1-sliding-window-attention"
SINKS = "attention-in-todays-models.md#2-attention-sinks-and-streamingllm"
LINEAR = "attention-in-todays-models.md#4-linear-attention"
EXACT = Tolerance(rtol=0.0, atol=0.0)


# ── The sliding-window mask ────────────────────────────────────────────────


def _window_cases() -> list[Case]:
    return [
        Case("one token", (1, 1)),
        Case("W = 1: each token sees itself only", (4, 1)),
        Case("the lesson's sentence, W = 3", (8, 3)),
        Case("W = n: the causal mask", (5, 5)),
        Case("W larger than n", (4, 10)),
        Case("n = 12, W = 4", (12, 4)),
    ]


SLIDING_WINDOW_MASK = Exercise(
    id="sliding-window-mask",
    lesson=LESSON,
    title="The sliding-window mask",
    function="sliding_window_mask",
    prompt=(
        r"Write `sliding_window_mask(n, window)`: a boolean array of shape `(n, n)`, True where query \(i\) "
        r"(the row) may attend to key \(j\) (the column) under a sliding window of \(W\) keys: the query itself "
        r"and the \(W - 1\) tokens before it, \(i - W < j \le i\)."
    ),
    starter='''import numpy as np


def sliding_window_mask(n, window):
    """The causal mask cut to a band of `window` keys.

    n: the number of tokens, an int >= 1.
    window: W, the keys each query sees, itself included, an int >= 1.
    Returns: a boolean array of shape (n, n), True where query i (row)
        may attend to key j (column).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def sliding_window_mask(n, window):
    """The causal mask cut to a band of `window` keys."""
    i = np.arange(n)[:, None]  # the query's position, down the rows
    j = np.arange(n)[None, :]  # the key's position, across the columns
    return (j <= i) & (j > i - window)
''',
    reference=lambda n, window: sliding_window_mask(n, window),
    cases=_window_cases,
    returns=(Returns("mask", "(n, n)"),),
    tolerance=EXACT,
    hints=(
        (
            "Start from the causal mask, `j <= i`, with an `(n, 1)` column of query positions and a `(1, n)` row "
            "of key positions."
        ),
        (
            r"Then cut off the keys that are too old: key \(j\) is in the window when \(j > i - W\). Combine the "
            "two conditions with `&`."
        ),
    ),
    mistakes=(
        Mistake(
            id="one-key-too-many",
            title="W + 1 keys in the window",
            explanation=(
                r"Your band holds \(i - W \le j \le i\): \(W + 1\) keys, the query and the \(W\) before it. The "
                r"window counts the query itself: it sees the \(W - 1\) tokens before it, so \(j > i - W\). (The "
                f"Mistral paper counts the other way; the package counts as Hugging Face does.) See [sliding-window "
                f"attention]({WINDOW})."
            ),
            code="""import numpy as np


def sliding_window_mask(n, window):
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    return (j <= i) & (j >= i - window)
""",
        ),
        Mistake(
            id="symmetric-band",
            title="The band goes both ways",
            explanation=(
                r"Your mask is True wherever \(|i - j| < W\): each query also sees the \(W - 1\) tokens *after* "
                "it. A decoder's window is causal: cut the band with `j <= i` too. See [sliding-window "
                f"attention]({WINDOW})."
            ),
            code="""import numpy as np


def sliding_window_mask(n, window):
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    return np.abs(i - j) < window
""",
        ),
        Mistake(
            id="causal-only",
            title="No window: the causal mask",
            explanation=(
                r"Your mask lets query \(i\) see every key \(j \le i\), however old: the window is missing. Add "
                r"the condition \(j > i - W\). See [sliding-window attention]({WINDOW})."
            ).replace("{WINDOW}", WINDOW),
            code="""import numpy as np


def sliding_window_mask(n, window):
    return np.tri(n, dtype=bool)
""",
        ),
    ),
)


# ── What a StreamingLLM cache lets each token see ──────────────────────────


def streaming_mask(n: int, window: int, sinks: int) -> np.ndarray:
    """The package's answer: read ``n`` tokens through a :class:`~attention.RollingKVCache`, note the keys each saw.

    Each key is its token's number, so the keys a token attends to name the
    tokens the cache held for it.
    """
    cache = RollingKVCache(n_layers=1, n_kv_heads=1, d_k=1, window=window, sinks=sinks)
    seen = np.zeros((n, n), dtype=bool)
    for t in range(n):
        keys, _ = cache.update(0, [[[float(t)]]], [[[float(t)]]])
        cache.advance(1)
        seen[t, keys[0, :, 0].astype(int)] = True
    return seen


def _sinks_cases() -> list[Case]:
    return [
        Case("one token", (1, 4, 1)),
        Case("no sinks: a rolling window", (6, 3, 0)),
        Case("the lesson's cache: W = 8, 4 sinks", (12, 8, 4)),
        Case("one sink", (7, 4, 1)),
        Case("fewer tokens than the window", (5, 8, 4)),
        Case("n = 16, W = 6, 2 sinks", (16, 6, 2)),
    ]


ROLLING_CACHE_SINKS = Exercise(
    id="rolling-cache-sinks",
    lesson=LESSON,
    title="What a StreamingLLM cache lets each token see",
    function="streaming_mask",
    prompt=(
        r"A decoder reads \(n\) tokens one at a time through a cache of \(W\) keys that keeps the first \(S\) "
        r"tokens for good (the sinks) and the most recent ones: token \(t\) attends to every token \(0 \dots t\) "
        r"while \(t < W\), and afterwards to the sinks \(0 \dots S - 1\) and to the last \(W - S\) tokens, itself "
        r"included. Write `streaming_mask(n, window, sinks)`: a boolean array of shape `(n, n)`, True where "
        r"token \(t\) (the row) attends to token \(j\) (the column)."
    ),
    starter='''import numpy as np


def streaming_mask(n, window, sinks):
    """Which tokens each token attends to through a StreamingLLM cache.

    n: the number of tokens read, an int >= 1.
    window: W, the keys each token attends to at most, itself included.
    sinks: S, the first tokens that stay, 0 <= S < W.
    Returns: a boolean array of shape (n, n), True where token t (row)
        attends to token j (column).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def streaming_mask(n, window, sinks):
    """Which tokens each token attends to through a StreamingLLM cache."""
    t = np.arange(n)[:, None]  # the token being read, down the rows
    j = np.arange(n)[None, :]  # the token in the cache, across the columns
    recent = j > t - (window - sinks)  # the last W - S tokens, t included
    sink = j < sinks
    early = t < window  # nothing has left the cache yet
    return (j <= t) & (early | recent | sink)
''',
    reference=streaming_mask,
    cases=_sinks_cases,
    returns=(Returns("mask", "(n, n)"),),
    tolerance=EXACT,
    hints=(
        (
            "Build it from conditions on an `(n, 1)` column of token positions `t` and a `(1, n)` row of cached "
            "positions `j`, as for the causal mask, then combine them with `&` and `|`."
        ),
        (
            r"Three ways into the cache: \(t < W\) (nothing has left yet), \(j < S\) (a sink), \(j > t - (W - S)\) "
            r"(one of the last \(W - S\)). And never \(j > t\)."
        ),
    ),
    mistakes=(
        Mistake(
            id="sinks-dropped",
            title="The sinks leave too",
            explanation=(
                r"Your token sees only the last \(W\) tokens: the first \(S\) leave the cache like any other, "
                "which is the rolling window StreamingLLM repairs. Keep the columns \\(j < S\\) in every row. See "
                f"[attention sinks]({SINKS})."
            ),
            code="""import numpy as np


def streaming_mask(n, window, sinks):
    t, j = np.arange(n)[:, None], np.arange(n)[None, :]
    return (j <= t) & (j > t - window)
""",
        ),
        Mistake(
            id="window-plus-sinks",
            title="S + W keys",
            explanation=(
                r"Your token sees the \(S\) sinks and the last \(W\) tokens: \(W + S\) keys. The cache holds \(W\) "
                r"in all, so the recent part is the last \(W - S\). See [attention sinks]({SINKS})."
            ).replace("{SINKS}", SINKS),
            code="""import numpy as np


def streaming_mask(n, window, sinks):
    t, j = np.arange(n)[:, None], np.arange(n)[None, :]
    return (j <= t) & ((j < sinks) | (j > t - window))
""",
        ),
        Mistake(
            id="future-sinks",
            title="Early tokens see the sinks ahead of them",
            explanation=(
                r"Your first rows are True on sink columns after the token itself (token 0 sees token 1, say): "
                "the sinks are earlier tokens, still under the causal rule \\(j \\le t\\). See [attention "
                f"sinks]({SINKS})."
            ),
            code="""import numpy as np


def streaming_mask(n, window, sinks):
    t, j = np.arange(n)[:, None], np.arange(n)[None, :]
    return (j < sinks) | ((j <= t) & ((t < window) | (j > t - (window - sinks))))
""",
        ),
    ),
)


# ── Linear attention, one token at a time ─────────────────────────────────


def _linear_cases() -> list[Case]:
    q, k, v = np.random.default_rng(3).normal(size=(3, 6, 4))  # the lesson's inputs
    return [
        Case("one token", random_arrays(1, (1, 2), (1, 2), (1, 3))),
        Case("the lesson's q, k, v (seed 3)", (q, k, v)),
        Case("d_v differs from d_k, seed 5", random_arrays(5, (7, 3), (7, 3), (7, 2))),
        Case("large entries, seed 6", random_arrays(6, (5, 4), (5, 4), (5, 4), scale=20.0)),
        Case("random, seed 8, 32 tokens", random_arrays(8, (32, 8), (32, 8), (32, 8))),
    ]


LINEAR_RECURRENT = Exercise(
    id="linear-recurrent",
    lesson=LESSON,
    title="Linear attention as an RNN",
    function="linear_attention_recurrent",
    prompt=(
        r"Write `linear_attention_recurrent(q, k, v)`: causal linear attention one token at a time, with the "
        r"feature map \(\phi(x) = \operatorname{elu}(x) + 1\) (that is \(x + 1\) for \(x > 0\), \(e^x\) "
        r"otherwise). Keep a state \(S\) (\(d_k \times d_v\)) and \(z\) (\(d_k\)), both zero at first; for each "
        r"token \(i\): \(S \mathrel{+}= \phi(k_i)\, v_i^\top\), \(z \mathrel{+}= \phi(k_i)\), then "
        r"\(o_i = \phi(q_i)^\top S \,/\, \phi(q_i)^\top z\). Return the outputs, shape `(n, d_v)`."
    ),
    starter='''import numpy as np


def linear_attention_recurrent(q, k, v):
    """Causal linear attention, token by token.

    q, k: float arrays of shape (n, d_k); v: (n, d_v).
    Returns: the outputs, shape (n, d_v).
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def phi(x):
    return np.where(x > 0, x + 1.0, np.exp(np.minimum(x, 0.0)))  # elu(x) + 1, positive


def linear_attention_recurrent(q, k, v):
    """Causal linear attention, token by token."""
    n, d_k = k.shape
    s = np.zeros((d_k, v.shape[1]))  # the sum of phi(k_j) v_j^T so far
    z = np.zeros(d_k)  # the sum of phi(k_j) so far
    out = np.empty((n, v.shape[1]))
    for i in range(n):
        s += np.outer(phi(k[i]), v[i])
        z += phi(k[i])
        out[i] = phi(q[i]) @ s / (phi(q[i]) @ z)
    return out
''',
    reference=lambda q, k, v: linear_attention_recurrent(q, k, v)[0],
    cases=_linear_cases,
    returns=(Returns("output", "(n, d_v)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Two running sums, started at zero: `s` of shape `(d_k, d_v)` and `z` of shape `(d_k,)`. For each token "
            "add its key's features (times its value, with `np.outer`, for `s`), then read them with its query."
        ),
        (
            r"The output of token \(i\) is a ratio of two dot products with \(\phi(q_i)\): with `s` on top, with "
            "`z` below. Update the state before reading it: a token sees its own key."
        ),
    ),
    mistakes=(
        Mistake(
            id="no-normaliser",
            title="No division by the normaliser",
            explanation=(
                r"Your outputs are \(\phi(q_i)^\top S\) alone: sums of values, which grow with the number of "
                r"tokens. Divide by \(\phi(q_i)^\top z\), the sum of the similarities, so the weights add up to 1. "
                f"See [linear attention]({LINEAR})."
            ),
            code="""import numpy as np


def linear_attention_recurrent(q, k, v):
    phi = lambda x: np.where(x > 0, x + 1.0, np.exp(np.minimum(x, 0.0)))
    s = np.zeros((k.shape[1], v.shape[1]))
    out = np.empty((k.shape[0], v.shape[1]))
    for i in range(k.shape[0]):
        s += np.outer(phi(k[i]), v[i])
        out[i] = phi(q[i]) @ s
    return out
""",
        ),
        Mistake(
            id="not-causal",
            title="Every token reads the whole text",
            explanation=(
                r"Your state holds every token's key and value before the first output: each token sees the "
                r"later ones too. In the recurrent form \(S\) grows as you go: output \(i\) reads the sums up to "
                f"token \\(i\\). See [linear attention]({LINEAR})."
            ),
            code="""import numpy as np


def linear_attention_recurrent(q, k, v):
    phi = lambda x: np.where(x > 0, x + 1.0, np.exp(np.minimum(x, 0.0)))
    s = phi(k).T @ v
    z = phi(k).sum(axis=0)
    return (phi(q) @ s) / (phi(q) @ z)[:, None]
""",
        ),
        Mistake(
            id="relu-features",
            title="ReLU + 1 instead of elu + 1",
            explanation=(
                r"Your feature map is \(\max(x, 0) + 1\): right for positive entries, but \(1\) for every "
                r"negative one, where \(\operatorname{elu}(x) + 1 = e^x\). See [linear attention]({LINEAR})."
            ).replace("{LINEAR}", LINEAR),
            code="""import numpy as np


def linear_attention_recurrent(q, k, v):
    phi = lambda x: np.maximum(x, 0.0) + 1.0
    s = np.zeros((k.shape[1], v.shape[1]))
    z = np.zeros(k.shape[1])
    out = np.empty((k.shape[0], v.shape[1]))
    for i in range(k.shape[0]):
        s += np.outer(phi(k[i]), v[i])
        z += phi(k[i])
        out[i] = phi(q[i]) @ s / (phi(q[i]) @ z)
    return out
""",
        ),
    ),
)


EXERCISES = (SLIDING_WINDOW_MASK, ROLLING_CACHE_SINKS, LINEAR_RECURRENT)
