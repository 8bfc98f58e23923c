r"""StreamingLLM at our scale: a decoder reading a long text through a KV cache that keeps only some tokens.

Xiao et al. (2023, "Efficient Streaming Language Models with Attention
Sinks", arXiv:2309.17453) read long texts token by token with a cache of
fixed size and measured the next-token loss under three policies:

- (a) *dense*: the cache keeps every token;
- (b) *window*: only the last W tokens (a rolling buffer);
- (c) *sinks + window*: the first 4 tokens, the attention sinks, and the
  last W - 4.

Their finding: (b) falls apart as soon as the first tokens leave the cache,
(c) stays close to (a). Most heads of most layers park a large share of
their weight on the first token (:func:`first_token_share` measures it);
take that token away and the softmax has to spread the weight over tokens
that do carry meaning.

:func:`streaming_nll` runs :class:`~attention.models.llama.LlamaModel` the
same way, one token at a time through a
:class:`~attention.kv_cache.RollingKVCache` (:class:`StreamingCache`, sized
from the model), and returns the loss of every next token,

.. math::

    \ell_t = -\log p(x_{t+1} \mid \text{the tokens the cache holds at step } t),
    \qquad \text{perplexity} = \exp\Bigl(\frac{1}{n-1}\sum_t \ell_t\Bigr).

Positions: by default the tokens are numbered within the cache, as
StreamingLLM does (its section 3.2; see
:class:`~attention.kv_cache.RollingKVCache`). That is the paper's setting,
which the experiment reproduces, and the one that lets a text longer than
the model's context (8,192 tokens for SmolLM2) stream through it: no query
is ever further than W positions from a key. Without sinks it changes
nothing (a window keeps the distances of the text, and RoPE sees only
distances); with sinks it brings them to within W of every query instead
of ever further back. ``positions="text"`` keeps the text's positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from .._validate import check_int, shape_str
from ..kv_cache import CachePositions, RollingKVCache
from .llama import KVCache, LlamaConfig, LlamaModel

__all__ = ["StreamingCache", "StreamingRun", "first_token_share", "streaming_nll", "token_nll"]

LOGIT_ROWS = 256
"""Positions whose logits (each ``vocab_size`` floats) are computed at once by :func:`token_nll`."""


class StreamingCache(KVCache, RollingKVCache):
    """A :class:`~attention.kv_cache.RollingKVCache` sized from a model's configuration, for :meth:`LlamaModel.forward`.

    With ``positions="cache"`` the keys are turned back with the model's RoPE
    base when tokens leave (the model turns them with adjacent pairs).

    Args:
        config: the model's sizes.
        window: W, the most keys a token attends to, itself included.
        sinks: S, the first tokens that stay (4 in StreamingLLM; 0: a rolling window).
        positions: ``"cache"`` (default, StreamingLLM's) or ``"text"``.
        dtype: the model's float dtype.
    """

    def __init__(
        self,
        config: LlamaConfig,
        window: int,
        sinks: int = 0,
        *,
        positions: CachePositions = "cache",
        dtype: DTypeLike = np.float32,
    ) -> None:
        self.config = config
        # The model cache's own __init__ would size a growing cache: the rolling one is built instead.
        RollingKVCache.__init__(
            self,
            config.n_layers,
            config.n_kv_heads,
            config.d_k,
            window=window,
            sinks=sinks,
            positions=positions,
            rope_base=config.rope_base if positions == "cache" else None,
            dtype=dtype,
        )


def _check_model(model: object) -> LlamaModel:
    if not isinstance(model, LlamaModel):
        raise TypeError(f"model must be a LlamaModel (see load_smollm2), got {type(model).__name__}")
    return model


def _check_ids(model: LlamaModel, ids: ArrayLike, minimum: int) -> NDArray[np.int64]:
    array = np.asarray(ids)
    if array.dtype.kind not in "iu" or array.ndim != 1:
        raise TypeError(
            f"ids must be a 1-D array of integers (n,), got dtype {array.dtype} shape {shape_str(array.shape)}"
        )
    if array.size < minimum:
        raise ValueError(f"ids must hold at least {minimum} tokens, got {array.size}")
    if array.min() < 0 or array.max() >= model.config.vocab_size:
        raise ValueError(
            f"ids must lie in 0..{model.config.vocab_size - 1}, got values from {array.min()} to {array.max()}"
        )
    return array.astype(np.int64)


def token_nll(model: LlamaModel, hidden: ArrayLike, targets: ArrayLike) -> NDArray[np.float64]:
    r"""The loss of each target token, ``-log softmax(logits)[target]``, from the final hidden states ``(n, d_model)``.

    .. math::

        \ell_t = \log \sum_v e^{z_{t,v}} - z_{t, x_{t+1}}

    computed in float64 from the model's logits, :data:`LOGIT_ROWS` positions at a time.
    """
    model = _check_model(model)
    hidden = np.asarray(hidden)
    targets = np.asarray(targets)
    if hidden.ndim != 2 or hidden.shape[1] != model.config.d_model or targets.shape != (hidden.shape[0],):
        raise ValueError(
            f"hidden must be (n, d_model={model.config.d_model}) and targets (n,), got hidden "
            f"{shape_str(hidden.shape)}, targets {shape_str(targets.shape)}"
        )
    losses = np.empty(hidden.shape[0])
    for start in range(0, hidden.shape[0], LOGIT_ROWS):
        rows = slice(start, start + LOGIT_ROWS)
        z = model.logits(hidden[rows]).astype(np.float64)
        top = z.max(axis=1)
        log_total = top + np.log(np.exp(z - top[:, None]).sum(axis=1))
        losses[rows] = log_total - z[np.arange(z.shape[0]), targets[rows]]
    return losses


class StreamingRun(NamedTuple):
    """The losses of one cache policy over a text."""

    nll: NDArray[np.float64]
    """``(n - 1,)``: the loss of token t + 1 given what the cache held at step t."""
    evicted: int
    """How many tokens had left the cache by the end (0 for the dense cache)."""

    @property
    def mean(self) -> float:
        """The mean loss per token (nats)."""
        return float(self.nll.mean())

    @property
    def perplexity(self) -> float:
        """:math:`\\exp` of the mean loss."""
        return float(np.exp(self.nll.mean()))


def streaming_nll(
    model: LlamaModel,
    ids: ArrayLike,
    window: int | None = None,
    sinks: int = 0,
    *,
    positions: CachePositions = "cache",
) -> StreamingRun:
    """Read ``ids`` through a cache policy and return the loss of every next token.

    ``window=None`` is policy (a), the dense cache: the whole text in one
    causal forward pass, which gives what a growing cache gives token by
    token (to rounding). Otherwise the first ``window`` tokens are read in one
    pass (the cache holds them all: nothing has left yet) and every later one
    alone, through a :class:`StreamingCache` of this ``window``, ``sinks`` and
    ``positions``: policy (b) with ``sinks=0``, (c) with ``sinks=4``.

    Raises:
        TypeError, ValueError: naming the argument: ids of fewer than 2
            tokens, out of the vocabulary, or (dense) longer than the context.
    """
    model = _check_model(model)
    ids = _check_ids(model, ids, 2)
    if window is None:
        if sinks != 0:
            raise ValueError(f"sinks={sinks} needs a window: the dense cache (window=None) keeps every token")
        hidden = model.trace(ids).hidden_states[-1]
        return StreamingRun(token_nll(model, hidden[:-1], ids[1:]), 0)
    cache = StreamingCache(model.config, window, sinks, positions=positions, dtype=model.dtype)
    first = min(window, ids.size - 1)
    rows = [model.trace(ids[:first], cache).hidden_states[-1]]
    for t in range(first, ids.size - 1):
        rows.append(model.trace(ids[t : t + 1], cache).hidden_states[-1])
    return StreamingRun(token_nll(model, np.concatenate(rows), ids[1:]), cache.evicted)


def first_token_share(model: LlamaModel, texts: Sequence[str], first_query: int = 4) -> NDArray[np.float64]:
    r"""The mean attention weight on the first token, per layer, ``(n_layers,)``.

    .. math::

        s_l = \operatorname{mean}_{\text{texts},\, h,\; i \ge i_0} A^{(l,h)}_{i,0}

    over every head h and every query from ``first_query`` (:math:`i_0`) on:
    the first queries see only a handful of keys, so a large weight there
    says little. Even spreading would give each query i a weight of 1/(i+1).
    """
    model = _check_model(model)
    first_query = check_int("first_query", first_query, minimum=0)
    if isinstance(texts, str) or not len(texts):
        raise ValueError("texts must be a non-empty sequence of strings")
    shares = []
    for text in texts:
        out = model(text)
        if out.ids.size <= first_query:
            raise ValueError(f"each text must be longer than first_query={first_query} tokens, one has {out.ids.size}")
        # (layers, heads, queries, keys) -> the first key's weight from query first_query on
        shares.append(out.attentions[:, :, first_query:, 0].astype(np.float64).mean(axis=(1, 2)))
    return np.mean(shares, axis=0)
