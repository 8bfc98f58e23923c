r"""The lab's **Write** view: SmolLM2-135M-Instruct writing, one token per call, with what it computed to choose it.

The page (``docs/javascripts/visualizer/write.js``) asks the Python worker
for one step at a time (:mod:`attention.lab.entry`, ``write_start`` and
``write_step``), so that it stays responsive and can stop between tokens.
A :class:`WriteSession` holds the text, the :class:`~attention.models.llama.KVCache`
and the seeded generator between the calls:

- :meth:`WriteSession.start` reads the prompt in one forward pass (the
  **prefill**, ``n`` tokens) and draws the first new token;
- each :meth:`WriteSession.step` reads the token drawn last (a **decode**
  step, 1 token, the earlier keys and values from the cache) and draws the
  next; with the cache off it reads the whole text again instead
  (**recompute**), as :meth:`~attention.models.llama.LlamaModel.generate`
  does with ``use_cache=False``.

The tokens are the ones ``model.generate(prompt, max_new_tokens, temperature=...,
top_k=..., top_p=..., seed=seed)`` writes: the same draws
(:func:`~attention.models.llama.sample_token`, one number from
``numpy.random.default_rng(seed)`` per sampled token) from the same logits.

Each step is a JSON object (:meth:`WriteSession.step_data`):

- ``kind`` (``"prefill"``, ``"decode"``, ``"recompute"``) and ``processed``,
  the tokens this forward pass read; ``context``, the keys each query saw;
- ``candidates``: the :data:`CANDIDATES` most likely next tokens, each with
  ``p`` (after temperature), ``model`` (the model's own probability) and
  ``cut`` (``null``, ``"top-k"`` or ``"top-p"``), and ``cut``, the share of
  the tempered distribution top-k and top-p left out and how many tokens
  (:func:`~attention.models.llama.sampling_distribution`);
- ``drawn``: the token, its probability in the distribution it was drawn
  from (``p``), after temperature (``tempered``) and the model's (``model``);
- ``look``: for the chosen layer and head (:meth:`WriteSession.look`), the
  new token's attention over every token so far (``row``), the rows of all
  heads of that layer (``heads``), and the key and value rows of the key/value
  head that head reads (the cache's, or recomputed with the cache off), each
  ``(context, 64)``;
- ``cache``: the tokens and bytes the cache holds after the step, counted
  from its arrays (:attr:`~attention.models.llama.KVCache.nbytes`: 30 layers
  x 3 key/value heads x 64 x 2 x 4 bytes a token for SmolLM2 in float32);
  0 with the cache off.

Probabilities and weights travel as whole millionths (:data:`UNIT`) and the
keys and values as whole hundredths (:data:`VECTOR_UNIT`), to keep a step's
JSON small.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import check_flag, check_int
from ..models.bpe import chat_prompt
from ..models.llama import (
    LlamaModel,
    SamplingDistribution,
    _check_sampling,
    _generator,
    draw_token,
    sampling_distribution,
)
from ..models.trace import ModelTrace
from .contract import check_sentence
from .smollm2 import display_token, model_at

__all__ = [
    "CANDIDATES",
    "MAX_NEW_TOKENS",
    "MAX_PROMPT_TOKENS",
    "UNIT",
    "VECTOR_UNIT",
    "WriteSession",
    "write_session",
]

MAX_NEW_TOKENS = 64
"""The most tokens one session writes."""

MAX_PROMPT_TOKENS = 96
"""The longest prompt a session takes, in tokens (the chat format's own tokens included)."""

CANDIDATES = 10
"""How many of the most likely next tokens a step lists."""

UNIT = 10**6
"""Probabilities and attention weights are sent as whole numbers of 1 / UNIT."""

VECTOR_UNIT = 100
"""Keys and values are sent as whole numbers of 1 / VECTOR_UNIT."""


def _units(values: NDArray, unit: int) -> list[int]:
    return [int(v) for v in np.rint(np.asarray(values, dtype=np.float64) * unit)]


def _unit(value: float, unit: int = UNIT) -> int:
    return round(float(value) * unit)


class WriteSession:
    """One generation of :class:`~attention.models.llama.LlamaModel`, a step per call (see the module's docstring).

    Args:
        model: the model.
        prompt: the text to continue; with ``chat`` the user's message,
            wrapped in the model's chat format (:func:`~attention.models.bpe.chat_prompt`).
        temperature, top_k, top_p: as :func:`~attention.models.llama.sample_token`
            takes them (``None``: no top-k, no top-p).
        seed: a non-negative int: the same seed writes the same text.
        max_new_tokens: 1 to :data:`MAX_NEW_TOKENS`.
        use_cache: keep the keys and values (True) or recompute the prefix at every step.
        chat: whether ``prompt`` is a chat message.

    Raises:
        ValueError, TypeError: naming the argument: an empty prompt, one over
            :data:`MAX_PROMPT_TOKENS` tokens, a bad sampling setting, seed,
            max_new_tokens or flag.
    """

    def __init__(
        self,
        model: LlamaModel,
        prompt: str,
        *,
        temperature: float = 0.0,
        top_k: int | None = None,
        top_p: float | None = None,
        seed: int = 0,
        max_new_tokens: int = 32,
        use_cache: bool = True,
        chat: bool = False,
    ) -> None:
        check_sentence(prompt)
        if not prompt.strip():
            raise ValueError(f"prompt must hold some text, got {prompt!r}")
        self.chat = check_flag("chat", chat)
        self.use_cache = check_flag("use_cache", use_cache)
        self.temperature, self.top_k, self.top_p = _check_sampling(temperature, top_k, model.config.vocab_size, top_p)
        self.seed = check_int("seed", seed, minimum=0)
        self.max_new_tokens = check_int("max_new_tokens", max_new_tokens, minimum=1)
        if self.max_new_tokens > MAX_NEW_TOKENS:
            raise ValueError(f"max_new_tokens must be at most {MAX_NEW_TOKENS}, got {self.max_new_tokens}")
        self.text = chat_prompt(prompt) if self.chat else prompt
        self.prompt_ids = model.tokenizer.encode(self.text)
        if len(self.prompt_ids) > MAX_PROMPT_TOKENS:
            raise ValueError(
                f"the prompt is {len(self.prompt_ids)} tokens long; the Write view takes at most "
                f"{MAX_PROMPT_TOKENS}: shorten it"
            )
        self.model = model
        self.rng = _generator(self.seed)
        self.cache = model.new_cache(len(self.prompt_ids) + self.max_new_tokens) if self.use_cache else None
        self.ids: list[int] = []  # the tokens written so far
        self.finished = False
        self._trace: ModelTrace | None = None  # the last step's forward pass

    @property
    def tokens(self) -> list[str]:
        """The prompt's tokens as the lab shows them (:func:`~attention.lab.smollm2.display_token`)."""
        return [display_token(self.model.tokenizer.decode([i])) for i in self.prompt_ids]

    def _run(self, ids: list[int]) -> tuple[int, SamplingDistribution]:
        """One forward pass over ``ids``: keeps its trace; the token drawn and the distribution it came from."""
        self._trace = self.model.trace(ids, self.cache)
        logits = self.model.logits(self._trace.hidden_states[-1, -1])
        distribution = sampling_distribution(logits, temperature=self.temperature, top_k=self.top_k, top_p=self.top_p)
        if self.temperature == 0.0:
            return int(np.argmax(logits)), distribution  # as sample_token: the lowest id among equals, no draw
        return draw_token(distribution, self.rng), distribution

    def start(self, layer: int = 0, head: int = 0) -> dict[str, Any]:
        """The prefill: read the prompt, draw the first token; the step's data, with the prompt's tokens."""
        if self.ids or self._trace is not None:
            raise RuntimeError("this session has started already: make a new one to start again")
        self._check_look(layer, head)  # before the model runs: a bad one leaves the session as it was
        token, distribution = self._run(self.prompt_ids)
        data = self._advance("prefill", len(self.prompt_ids), token, distribution, layer, head)
        return {"prompt": self.text, "tokens": self.tokens, "ids": list(self.prompt_ids), **data}

    def step(self, layer: int = 0, head: int = 0) -> dict[str, Any]:
        """One more token: a decode step (or, with the cache off, the whole text again); the step's data."""
        if self._trace is None:
            raise RuntimeError("the session has not started: call start first")
        if self.finished:
            raise RuntimeError(f"the session has finished ({len(self.ids)} tokens written): start a new one")
        self._check_look(layer, head)
        if self.use_cache:
            token, distribution = self._run([self.ids[-1]])
            kind, processed = "decode", 1
        else:
            text = [*self.prompt_ids, *self.ids]
            token, distribution = self._run(text)
            kind, processed = "recompute", len(text)
        return self._advance(kind, processed, token, distribution, layer, head)

    def _advance(
        self, kind: str, processed: int, token: int, distribution: SamplingDistribution, layer: int, head: int
    ) -> dict[str, Any]:
        look = self.look(layer, head)
        self.ids.append(token)
        eos = self.model.eos_id is not None and token == self.model.eos_id
        self.finished = eos or len(self.ids) >= self.max_new_tokens
        return {
            "step": len(self.ids) - 1,
            "kind": kind,
            "processed": processed,
            "context": len(self.prompt_ids) + len(self.ids) - 1,
            **self.step_data(distribution, token),
            "finished": self.finished,
            "ended": bool(eos),
            "look": look,
            "cache": self.cache_data(),
        }

    def step_data(self, distribution: SamplingDistribution, token: int) -> dict[str, Any]:
        """The candidates, what top-k and top-p cut, and the token drawn, from the step's distribution."""
        decode = self.model.tokenizer.decode

        def entry(i: int) -> dict[str, Any]:
            cut = "top-k" if distribution.cut_by_top_k[i] else "top-p" if distribution.cut_by_top_p[i] else None
            return {
                "id": i, "token": display_token(decode([i])), "p": _unit(distribution.tempered[i]),
                "model": _unit(distribution.model[i]), "cut": cut,
            }  # fmt: skip

        candidates = [entry(int(i)) for i in distribution.order[:CANDIDATES]]
        drawn = entry(token) | {"sampled": _unit(distribution.sampled[token])}
        return {
            "candidates": candidates,
            "cut": {
                "top_k": _unit(distribution.top_k_mass),
                "top_k_tokens": int(distribution.cut_by_top_k.sum()),
                "top_p": _unit(distribution.top_p_mass),
                "top_p_tokens": int(distribution.cut_by_top_p.sum()),
                "kept_tokens": int(distribution.kept.size),
            },
            "drawn": drawn,
        }

    def look(self, layer: int, head: int) -> dict[str, Any]:
        """The last step's attention and keys and values for ``layer`` and ``head`` (0-based), as the page draws them."""
        if self._trace is None:
            raise RuntimeError("the session has not started: call start first")
        c = self.model.config
        layer, head = self._check_look(layer, head)
        trace = self._trace.layers[layer]
        kv = head // (c.n_heads // c.n_kv_heads)
        last = trace.weights[:, -1]  # [heads, n_k]: the new token's row in every head
        return {
            "layer": layer,
            "head": head,
            "kv_head": kv,
            "row": _units(last[head], UNIT),
            "heads": [_units(row, UNIT) for row in last],
            "keys": [_units(row, VECTOR_UNIT) for row in trace.k[kv]],
            "values": [_units(row, VECTOR_UNIT) for row in trace.v[kv]],
        }

    def _check_look(self, layer: int, head: int) -> tuple[int, int]:
        c = self.model.config
        layer = check_int("layer", layer, minimum=0)
        head = check_int("head", head, minimum=0)
        if layer >= c.n_layers:
            raise ValueError(f"layer must be in 0..{c.n_layers - 1}, got {layer}")
        if head >= c.n_heads:
            raise ValueError(f"head must be in 0..{c.n_heads - 1}, got {head}")
        return layer, head

    def cache_data(self) -> dict[str, Any]:
        """The tokens the cache holds and its bytes for the whole model, from its arrays (0 without a cache)."""
        if self.cache is None:
            return {"on": False, "tokens": 0, "bytes": 0}
        return {"on": True, "tokens": self.cache.length, "bytes": int(self.cache.nbytes)}


def write_session(prompt: str, settings: dict[str, Any], path: str | os.PathLike[str] | None = None) -> WriteSession:
    """A :class:`WriteSession` of SmolLM2 loaded from ``path`` (kept between calls), with ``settings`` as its keywords."""
    return WriteSession(model_at(path), prompt, **settings)


def dumps(data: dict[str, Any]) -> str:
    """A step's data as the compact JSON the page reads."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
