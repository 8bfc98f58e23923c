"""Attention mechanisms in plain numpy: the library behind every number of the course.

One concept per module:

- :mod:`attention.softmax`: :func:`softmax`
- :mod:`attention.masks`: :func:`causal_mask`, :func:`padding_mask`
- :mod:`attention.scores`: :func:`attention_scores`
- :mod:`attention.scaled_dot_product`: :func:`scaled_dot_product_attention`, :func:`attention_steps`
- :mod:`attention.blockwise`: :func:`blockwise_attention`, for long sequences
- :mod:`attention.self_attention`: :func:`self_attention`
- :mod:`attention.heads`: :func:`split_heads`, :func:`merge_heads`
- :mod:`attention.multi_head`: :class:`MultiHeadAttention`

Shape notation used throughout: ``...`` any leading batch/head axes,
``n_q``/``n_k`` query/key positions (``n`` when they are the same sequence),
``d_k`` query/key width, ``d_v`` value width, ``d_model`` model width,
``h`` or ``n_heads`` the number of heads.
"""

from .blockwise import DEFAULT_BLOCK_SIZE, blockwise_attention
from .heads import merge_heads, split_heads
from .masks import causal_mask, padding_mask
from .multi_head import MultiHeadAttention
from .scaled_dot_product import (
    BLOCKWISE_THRESHOLD,
    AttentionOutput,
    AttentionOutputOnly,
    AttentionSteps,
    attention_steps,
    scaled_dot_product_attention,
)
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
    "MultiHeadAttention",
    "attention_scores",
    "attention_steps",
    "blockwise_attention",
    "causal_mask",
    "merge_heads",
    "padding_mask",
    "scaled_dot_product_attention",
    "self_attention",
    "softmax",
    "split_heads",
]
