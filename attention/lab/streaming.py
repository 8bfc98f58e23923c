"""The StreamingLLM button of "Attention in today's models": SmolLM2 reads a text under three caches, a chunk per call.

The lesson's committed experiment (``site_examples/generate/streaming_llm.py``,
:func:`attention.models.streaming.streaming_nll`) takes minutes; the page
repeats a small version in the reader's browser: the first few hundred
tokens of the same story, one window W, and the three policies of Xiao et
al. (2023, arXiv:2309.17453), one after the other:

- ``dense``: every token (a growing :class:`~attention.models.llama.KVCache`,
  read ``tokens`` at a time: the same losses as one pass, to rounding);
- ``window``: the last W tokens only;
- ``sinks``: the first 4 and the last W - 4;

the last two through :class:`~attention.models.streaming.StreamingCache`
exactly as :func:`~attention.models.streaming.streaming_nll` reads them
(the first W tokens in one pass, then one token per pass), so that the
numbers equal the package's in CPython. Each :meth:`StreamingSession.step`
reads at most a given number of tokens and returns their losses, so the
page stays responsive, shows progress and can stop between calls; when the
last policy ends it returns the summary (mean loss and perplexity, over all
tokens and after token W), computed here, never in the page.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import check_int, shape_str
from ..models.llama import KVCache, LlamaModel
from ..models.streaming import StreamingCache, token_nll

__all__ = ["MAX_TOKENS", "POLICIES", "SINKS", "StreamingSession", "dumps"]

SINKS = 4
"""StreamingLLM's attention sinks: the first tokens the third policy keeps."""
MAX_TOKENS = 512
"""The most tokens the page may send: a few minutes in Pyodide at most."""
POLICIES = ("dense", "window", "sinks")
"""The three caches, in the order they are read."""
DECIMALS = 6
"""Losses are sent rounded to this many decimals (nats): float32's reach, and short JSON."""


class StreamingSession:
    """SmolLM2 reading ``ids`` under the three caches, :meth:`step` by :meth:`step`.

    Args:
        model: the loaded SmolLM2 (:func:`attention.lab.smollm2.model_at`).
        ids: the text's token ids, ``(n,)``, ``window + 2 <= n <= MAX_TOKENS``.
        window: W, the keys a token sees under the two rolling caches, ``SINKS < W``.
    """

    def __init__(self, model: LlamaModel, ids: ArrayLike, window: int) -> None:
        if not isinstance(model, LlamaModel):
            raise TypeError(f"model must be a LlamaModel, got {type(model).__name__}")
        self.model = model
        self.window = check_int("window", window, minimum=SINKS + 1)
        array = np.asarray(ids)
        if array.dtype.kind not in "iu" or array.ndim != 1:
            raise TypeError(
                f"ids must be a 1-D list of integers, got dtype {array.dtype} shape {shape_str(array.shape)}"
            )
        if not self.window + 2 <= array.size <= MAX_TOKENS:
            raise ValueError(
                f"ids must hold from window + 2 = {self.window + 2} to {MAX_TOKENS} tokens "
                f"(some must be read after the window fills), got {array.size}"
            )
        if array.min() < 0 or array.max() >= model.config.vocab_size:
            raise ValueError(f"ids must lie in 0..{model.config.vocab_size - 1}")
        self.ids: NDArray[np.int64] = array.astype(np.int64)
        self.policy = 0  # index into POLICIES
        self.read = 0  # positions of the current policy read so far (their next token's loss is known)
        self.losses: list[NDArray[np.float64]] = [np.empty(0) for _ in POLICIES]
        self.evicted = [0 for _ in POLICIES]
        self.cache: KVCache | StreamingCache = self._cache()

    @property
    def total(self) -> int:
        """Losses per policy: one for every token but the last (it has no next token)."""
        return int(self.ids.size - 1)

    @property
    def finished(self) -> bool:
        return self.policy >= len(POLICIES)

    def _cache(self) -> KVCache | StreamingCache:
        config, dtype = self.model.config, self.model.dtype
        if POLICIES[self.policy] == "dense":
            return KVCache(config, capacity=self.total, dtype=dtype)
        sinks = SINKS if POLICIES[self.policy] == "sinks" else 0
        return StreamingCache(config, self.window, sinks, positions="cache", dtype=dtype)

    def start(self) -> dict[str, Any]:
        """What the page shows before the first step: the sizes of the run."""
        return {
            "policies": list(POLICIES),
            "tokens": int(self.ids.size),
            "total": self.total,
            "window": self.window,
            "sinks": SINKS,
        }

    def step(self, tokens: int) -> dict[str, Any]:
        """Read at most ``tokens`` more positions of the current policy; their losses, and the summary at the end.

        Under the two rolling caches the first step reads the first W tokens
        in one pass, whatever ``tokens`` says (as ``streaming_nll`` does);
        afterwards a pass reads one token.
        """
        tokens = check_int("tokens", tokens, minimum=1)
        if self.finished:
            raise RuntimeError("the run has finished: start a new one")
        name = POLICIES[self.policy]
        begin = self.read
        if name == "dense":
            end = min(self.total, begin + tokens)
            rows = [self.model.trace(self.ids[begin:end], self.cache).hidden_states[-1]]
        elif begin == 0:
            end = min(self.window, self.total)
            rows = [self.model.trace(self.ids[:end], self.cache).hidden_states[-1]]
        else:
            end = min(self.total, begin + tokens)
            rows = [self.model.trace(self.ids[t : t + 1], self.cache).hidden_states[-1] for t in range(begin, end)]
        losses = token_nll(self.model, np.concatenate(rows), self.ids[begin + 1 : end + 1])
        self.losses[self.policy] = np.concatenate([self.losses[self.policy], losses])
        self.read = end
        answer: dict[str, Any] = {
            "policy": name,
            "from": begin,
            "nll": [round(float(x), DECIMALS) for x in losses],
            "read": end,
            "total": self.total,
        }
        if end == self.total:
            self.evicted[self.policy] = int(getattr(self.cache, "evicted", 0))
            self.policy += 1
            self.read = 0
            if not self.finished:
                self.cache = self._cache()
        answer["finished"] = self.finished
        if self.finished:
            answer["summary"] = self.summary()
        return answer

    def summary(self) -> list[dict[str, Any]]:
        """Per policy: tokens evicted, mean loss and perplexity over every token and after token W.

        ``extra_after_window``: the policy's mean loss after token W minus the
        dense cache's over the same tokens (0 for the dense cache itself).
        """
        rows = []
        dense_tail = float(self.losses[0][self.window :].mean())
        for index, name in enumerate(POLICIES):
            nll = self.losses[index]
            tail = nll[self.window :]
            rows.append(
                {
                    "policy": name,
                    "evicted": self.evicted[index],
                    "mean_nll": float(nll.mean()),
                    "perplexity": float(np.exp(nll.mean())),
                    "mean_nll_after_window": float(tail.mean()),
                    "perplexity_after_window": float(np.exp(tail.mean())),
                    "extra_after_window": float(tail.mean()) - dense_tail,
                }
            )
        return rows


def dumps(data: dict[str, Any]) -> str:
    """JSON text for the page (no NaN: a loss is always finite)."""
    return json.dumps(data, allow_nan=False, separators=(",", ":"))
