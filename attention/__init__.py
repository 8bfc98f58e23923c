"""Attention mechanisms in plain numpy: the library behind every number of the course.

One concept per module:

- :mod:`attention.softmax`: :func:`softmax`
- :mod:`attention.results`: :class:`AttentionOutput`, :class:`AttentionOutputOnly`, what attention returns;
  :class:`AttentionTrace`, what a layer attended with
- :mod:`attention.masks`: :func:`causal_mask`, :func:`padding_mask`
- :mod:`attention.scores`: :func:`attention_scores`
- :mod:`attention.additive`: :func:`additive_scores`, :func:`additive_attention`, Bahdanau's additive scoring
- :mod:`attention.scaled_dot_product`: :func:`scaled_dot_product_attention`, :func:`attention_steps`
- :mod:`attention.blockwise`: :func:`blockwise_attention`, for long sequences (a package: the online
  softmax in :mod:`attention.blockwise.online_softmax`, each optimisation in a module of its own)
- :mod:`attention.self_attention`: :func:`self_attention`
- :mod:`attention.heads`: :func:`split_heads`, :func:`merge_heads`
- :mod:`attention.multi_head`: :class:`MultiHeadAttention`
- :mod:`attention.grouped_query`: :func:`grouped_query_attention`, query heads sharing fewer key/value heads
- :mod:`attention.kv_cache`: :class:`KVCache`, the keys and values a decoder keeps while it generates
- :mod:`attention.positions`: :func:`apply_rope`, :func:`rope_angles`, :func:`rope_frequencies`, rotary positions;
  :func:`alibi_slopes`, :func:`alibi_bias`, ALiBi's distance penalties

Shape notation used throughout: ``...`` any leading batch/head axes,
``n_q``/``n_k`` query/key positions (``n`` when they are the same sequence),
``d_k`` query/key width, ``d_v`` value width, ``d_model`` model width,
``h`` or ``n_heads`` the number of heads.

A mask has two spellings, the same in every function that attends: ``mask``,
a boolean array (True = may attend) or an additive one (``-inf`` = may not),
broadcastable to the scores ``(..., n_q, n_k)``; and ``causal=True``, query i
sees keys ``0 .. i`` only. Given both, both apply. Input checks, with errors
that name the argument and the shapes, are in :mod:`attention._validate`.

The pretrained models are in :mod:`attention.models`, the visualizer lab's
data in :mod:`attention.lab`; nothing here imports either.
"""

from .additive import additive_attention, additive_scores
from .blockwise import DEFAULT_BLOCK_SIZE, blockwise_attention
from .grouped_query import grouped_query_attention
from .heads import merge_heads, split_heads
from .kv_cache import KVCache
from .masks import causal_mask, padding_mask
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
    "DEFAULT_BLOCK_SIZE",
    "AttentionOutput",
    "AttentionOutputOnly",
    "AttentionSteps",
    "AttentionTrace",
    "KVCache",
    "MultiHeadAttention",
    "additive_attention",
    "additive_scores",
    "alibi_bias",
    "alibi_slopes",
    "apply_rope",
    "attention_scores",
    "attention_steps",
    "blockwise_attention",
    "causal_mask",
    "grouped_query_attention",
    "merge_heads",
    "padding_mask",
    "rope_angles",
    "rope_frequencies",
    "scaled_dot_product_attention",
    "self_attention",
    "softmax",
    "split_heads",
]
