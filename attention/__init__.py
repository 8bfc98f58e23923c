"""Attention mechanisms in plain numpy: the library behind every number of the course.

One concept per module:

- :mod:`attention.softmax`: :func:`softmax`
- :mod:`attention.results`: :class:`AttentionOutput`, :class:`AttentionOutputOnly`, what attention returns;
  :class:`AttentionTrace`, what a layer attended with
- :mod:`attention.masks`: :func:`causal_mask`, :func:`padding_mask`; :func:`sliding_window_mask`,
  :func:`window_reach`, the band of sliding-window attention and how far stacked windows reach
- :mod:`attention.scores`: :func:`attention_scores`
- :mod:`attention.additive`: :func:`additive_scores`, :func:`additive_attention`, Bahdanau's additive scoring
- :mod:`attention.scaled_dot_product`: :func:`scaled_dot_product_attention`, :func:`attention_steps`
- :mod:`attention.blockwise`: :func:`blockwise_attention`, for long sequences (a package: the online
  softmax in :mod:`attention.blockwise.online_softmax`, each optimisation in a module of its own)
- :mod:`attention.self_attention`: :func:`self_attention`
- :mod:`attention.heads`: :func:`split_heads`, :func:`merge_heads`
- :mod:`attention.multi_head`: :class:`MultiHeadAttention`
- :mod:`attention.grouped_query`: :func:`grouped_query_attention`, query heads sharing fewer key/value heads
- :mod:`attention.kv_cache`: :class:`KVCache`, the keys and values a decoder keeps while it generates;
  :class:`RollingKVCache`, one of fixed size (a sliding window, with StreamingLLM's attention sinks);
  :func:`local_global_cache`, the memory of local/global layers (Gemma 3's 5 : 1)
- :mod:`attention.latent`: :func:`latent_attention`, DeepSeek-V2's multi-head latent attention, naive and
  absorbed; :func:`cache_per_token`, its cache against MHA, GQA and MQA
- :mod:`attention.linear`: :func:`linear_attention`, :func:`linear_attention_recurrent`, attention with a
  kernel instead of the softmax, in parallel and as an RNN; :func:`retrieval_experiment`, what it loses
- :mod:`attention.positions`: :func:`apply_rope`, :func:`rope_angles`, :func:`rope_frequencies`, rotary positions;
  :func:`alibi_slopes`, :func:`alibi_bias`, ALiBi's distance penalties

Shape notation used throughout: ``...`` any leading batch/head axes,
``n_q``/``n_k`` query/key positions (``n`` when they are the same sequence),
``d_k`` query/key width, ``d_v`` value width, ``d_model`` model width,
``h`` or ``n_heads`` the number of heads.

A mask has two spellings, the same in every function that attends: ``mask``,
a boolean array (True = may attend) or an additive one (``-inf`` = may not),
broadcastable to the scores ``(..., n_q, n_k)``; and ``causal=True``, query i
sees keys ``0 .. i`` only, with ``window=W`` too only the last W of them,
``i - W + 1 .. i``. Given both, both apply. Input checks, with errors
that name the argument and the shapes, are in :mod:`attention._validate`.

The pretrained models are in :mod:`attention.models`, the visualizer lab's
data in :mod:`attention.lab`; nothing here imports either.
"""

from .additive import additive_attention, additive_scores
from .blockwise import DEFAULT_BLOCK_SIZE, blockwise_attention
from .grouped_query import grouped_query_attention
from .heads import merge_heads, split_heads
from .kv_cache import GEMMA3_27B, KVCache, LocalGlobalCache, RollingKVCache, local_global_cache
from .latent import (
    DEEPSEEK_V2,
    CachePerToken,
    LatentOutput,
    LatentWeights,
    cache_per_token,
    latent_attention,
    latent_weights,
)
from .linear import (
    LinearState,
    Retrieval,
    elu_feature_map,
    linear_attention,
    linear_attention_recurrent,
    retrieval_experiment,
)
from .masks import causal_mask, padding_mask, sliding_window_mask, window_reach
from .multi_head import MultiHeadAttention
from .positions import alibi_bias, alibi_slopes, apply_rope, rope_angles, rope_frequencies
from .results import AttentionOutput, AttentionOutputOnly, AttentionTrace
from .scaled_dot_product import BLOCKWISE_THRESHOLD, AttentionSteps, attention_steps, scaled_dot_product_attention
from .scores import attention_scores
from .self_attention import self_attention
from .softmax import softmax

__version__ = "0.1.0"

__all__ = [
    "BLOCKWISE_THRESHOLD",
    "DEEPSEEK_V2",
    "DEFAULT_BLOCK_SIZE",
    "GEMMA3_27B",
    "AttentionOutput",
    "AttentionOutputOnly",
    "AttentionSteps",
    "AttentionTrace",
    "CachePerToken",
    "KVCache",
    "LatentOutput",
    "LatentWeights",
    "LinearState",
    "LocalGlobalCache",
    "MultiHeadAttention",
    "Retrieval",
    "RollingKVCache",
    "additive_attention",
    "additive_scores",
    "alibi_bias",
    "alibi_slopes",
    "apply_rope",
    "attention_scores",
    "attention_steps",
    "blockwise_attention",
    "cache_per_token",
    "causal_mask",
    "elu_feature_map",
    "grouped_query_attention",
    "latent_attention",
    "latent_weights",
    "linear_attention",
    "linear_attention_recurrent",
    "local_global_cache",
    "merge_heads",
    "padding_mask",
    "retrieval_experiment",
    "rope_angles",
    "rope_frequencies",
    "scaled_dot_product_attention",
    "self_attention",
    "sliding_window_mask",
    "softmax",
    "split_heads",
    "window_reach",
]
