r"""Grouped-query attention: many query heads share fewer key/value heads.

In multi-head attention every head has its own queries, keys and values. A
decoder keeps the keys and values of every token it has read (its KV cache),
so their number is what costs memory when it writes. Grouped-query attention
keeps all ``n_heads`` query heads but only ``n_kv_heads`` key/value heads;
the query heads come in ``n_heads / n_kv_heads`` consecutive groups, and
every head of group g attends with key/value head g:

.. math::

    \operatorname{head}_h = \operatorname{Attention}\!\left(Q_h,\ K_{\lfloor h / r \rfloor},\ V_{\lfloor h / r \rfloor}\right),
    \qquad r = \frac{n_\text{heads}}{n_\text{kv heads}}

``n_kv_heads = n_heads`` is ordinary multi-head attention; ``n_kv_heads = 1``
is multi-query attention (every query head reads the same keys and values).
SmolLM2-135M has 9 query heads and 3 key/value heads: r = 3.

The shared keys and values are never copied: each group's query heads are
stacked on an axis of their own and broadcast against their one key/value
head in :func:`~attention.scaled_dot_product_attention`.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import (
    PreparedMask,
    ScoresOverflowError,
    as_float_array,
    check_finite,
    check_flag,
    check_int,
    float_dtype,
    overflow_error,
    prepare_mask,
    shape_str,
)
from .results import AttentionOutput
from .scaled_dot_product import attend

__all__ = ["check_kv_heads", "grouped_query_attention"]


def check_kv_heads(n_heads: int, n_kv_heads: int) -> int:
    """Validate a key/value head count that divides ``n_heads``; return the group size ``n_heads // n_kv_heads``."""
    n_heads = check_int("n_heads", n_heads, minimum=1)
    n_kv_heads = check_int("n_kv_heads", n_kv_heads, minimum=1)
    if n_heads % n_kv_heads:
        raise ValueError(
            f"n_heads={n_heads} is not a multiple of n_kv_heads={n_kv_heads}: "
            "each key/value head must serve the same number of query heads"
        )
    return n_heads // n_kv_heads


def _grouped(m: NDArray | None, n_heads: int, n_kv_heads: int) -> NDArray | None:
    """A mask broadcastable to ``(..., n_heads, n_q, n_k)`` as ``(..., n_kv_heads, group, n_q, n_k)``."""
    if m is None or m.ndim < 3:
        return m  # no head axis: the same for every head, and it broadcasts as it is
    full = np.broadcast_to(m, (*m.shape[:-3], n_heads, *m.shape[-2:]))
    return full.reshape(*m.shape[:-3], n_kv_heads, n_heads // n_kv_heads, *m.shape[-2:])


def grouped_query_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: float | None = None,
    *,
    causal: bool = False,
    window: int | None = None,
) -> AttentionOutput:
    r"""Scaled dot-product attention of ``n_heads`` query heads over ``n_kv_heads`` shared key/value heads.

    Query head h attends with key/value head ``h // (n_heads // n_kv_heads)``.

    Args:
        q: queries, ``(..., n_heads, n_q, d_k)``.
        k: keys, ``(..., n_kv_heads, n_k, d_k)``; ``n_heads`` must be a
            multiple of ``n_kv_heads``.
        v: values, ``(..., n_kv_heads, n_k, d_v)``. The leading (batch) axes
            of ``q``, ``k`` and ``v`` broadcast against each other.
        mask: optional boolean or additive mask broadcastable to the scores
            ``(..., n_heads, n_q, n_k)`` (see
            :func:`~attention.scaled_dot_product_attention`).
        scale: multiplies the dot products; default :math:`1/\sqrt{d_k}`.
        causal: query i attends only to keys ``0 .. i`` (top-left aligned),
            combined with ``mask`` when both are given.
        window: with ``causal``, query i sees only keys ``i - window + 1 .. i``: the
            last ``window`` keys, itself included (sliding-window attention, the
            pattern of :func:`~attention.masks.sliding_window_mask`); an integer >= 1.

    Returns:
        ``AttentionOutput(output, weights)``: output ``(..., n_heads, n_q, d_v)``,
        weights ``(..., n_heads, n_q, n_k)``, rows summing to 1. float32
        inputs give float32 results; anything else gives float64.

    Raises:
        TypeError, ValueError: naming the argument and the shapes; in
            particular when ``n_heads`` is not a multiple of ``n_kv_heads``.

    Example:
        >>> rng = np.random.default_rng(0)
        >>> q = rng.normal(size=(4, 5, 8))             # 4 query heads, 5 tokens, d_k 8
        >>> k, v = rng.normal(size=(2, 2, 5, 8))       # 2 key/value heads
        >>> output, weights = grouped_query_attention(q, k, v, causal=True)
        >>> output.shape, weights.shape
        ((4, 5, 8), (4, 5, 5))
        >>> from attention import scaled_dot_product_attention
        >>> same = scaled_dot_product_attention(q[2], k[1], v[1], causal=True)  # head 2 reads kv head 1
        >>> bool(np.allclose(weights[2], same.weights))
        True
    """
    q = as_float_array("q", q, min_ndim=3)
    k = as_float_array("k", k, min_ndim=3)
    v = as_float_array("v", v, min_ndim=3, finite=False)
    moderate_v = check_finite("v", v)
    causal = check_flag("causal", causal)
    n_heads, n_q, d_k = q.shape[-3:]
    n_kv_heads, n_k = k.shape[-3], k.shape[-2]
    if k.shape[-1] != d_k:
        raise ValueError(
            f"q and k must have the same d_k (last axis): q has shape {shape_str(q.shape)}, k has shape {shape_str(k.shape)}"
        )
    if v.shape[-3] != n_kv_heads or v.shape[-2] != n_k:
        raise ValueError(
            "k and v must have the same key/value heads and positions (..., n_kv_heads, n_k, ·): "
            f"k has shape {shape_str(k.shape)}, v has shape {shape_str(v.shape)}"
        )
    if n_heads % n_kv_heads:
        raise ValueError(
            f"n_heads={n_heads} (q has shape {shape_str(q.shape)}) is not a multiple of n_kv_heads={n_kv_heads} "
            f"(k has shape {shape_str(k.shape)}): each key/value head must serve the same number of query heads"
        )
    try:
        batch = np.broadcast_shapes(q.shape[:-3], k.shape[:-3], v.shape[:-3])
    except ValueError:
        raise ValueError(
            f"the leading (batch) axes of q, k and v do not broadcast: q has shape {shape_str(q.shape)}, "
            f"k has shape {shape_str(k.shape)}, v has shape {shape_str(v.shape)}"
        ) from None
    group = n_heads // n_kv_heads
    allowed, bias, causal = prepare_mask(mask, causal, (*batch, n_heads, n_q, n_k), window)
    dtype = float_dtype(q, k, v)
    # [..., n_heads, n_q, d_k] -> [..., n_kv_heads, group, n_q, d_k]: each group of query heads on an axis of its own
    grouped_q = q.astype(dtype, copy=False).reshape(*q.shape[:-3], n_kv_heads, group, n_q, d_k)
    # [..., n_kv_heads, n_k, d] -> [..., n_kv_heads, 1, n_k, d]: one key/value head broadcast over its group
    shared_k = k.astype(dtype, copy=False)[..., None, :, :]
    shared_v = v.astype(dtype, copy=False)[..., None, :, :]
    prepared = PreparedMask(_grouped(allowed, n_heads, n_kv_heads), _grouped(bias, n_heads, n_kv_heads), causal)
    scores_shape = (*batch, n_kv_heads, group, n_q, n_k)
    try:
        output, weights = attend(grouped_q, shared_k, shared_v, scores_shape, prepared, scale, True, moderate_v)
    except ScoresOverflowError:
        raise overflow_error(q, k) from None
    assert weights is not None  # asked for
    # [..., n_kv_heads, group, n_q, ·] -> [..., n_heads, n_q, ·]
    return AttentionOutput(
        output.reshape(*batch, n_heads, n_q, output.shape[-1]), weights.reshape(*batch, n_heads, n_q, n_k)
    )
