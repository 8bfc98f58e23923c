r"""Multi-head latent attention (MLA): keys and values rebuilt from one small latent vector per token.

DeepSeek-V2 (DeepSeek-AI 2024, arXiv:2405.04434, section 2.1) caches, per
token and layer, one compressed vector :math:`c^{KV}_t` of width
:math:`d_c` instead of every head's key and value, and rebuilds them with
up-projections (the paper's equations 9 to 11, here in the package's row
convention, ``x @ W``):

.. math::

    c^{KV}_t = h_t W^{DKV}, \qquad
    k^C_{t,i} = c^{KV}_t W^{UK}_i, \qquad
    v^C_{t,i} = c^{KV}_t W^{UV}_i .

Positions come on a separate, *decoupled* part of each query and key
(equations 14 to 17): a RoPE key :math:`k^R_t = \operatorname{RoPE}(h_t W^{KR})`
of width :math:`d^R_h` shared by every head (cached too), and a RoPE query
part per head :math:`q^R_{t,i} = \operatorname{RoPE}(h_t W^{QR}_i)`; head i
scores

.. math::

    s_{t,j,i} = \frac{q^C_{t,i} \cdot k^C_{j,i} + q^R_{t,i} \cdot k^R_j}{\sqrt{d_h + d^R_h}},
    \qquad q^C_{t,i} = h_t W^Q_i,

and its output :math:`o_{t,i} = \sum_j \operatorname{softmax}_j(s_{t,j,i})\, v^C_{j,i}`
goes through :math:`W^O` as in multi-head attention. (DeepSeek-V2 also
compresses the queries through a latent of their own; that saves activation
memory in training, not cache, and is left out here.)

*Absorbed form.* The up-projections need never be applied to the cache:

.. math::

    q^C_{t,i} \cdot \bigl(c^{KV}_j W^{UK}_i\bigr) = \bigl(q^C_{t,i} W^{UK\top}_i\bigr) \cdot c^{KV}_j ,
    \qquad
    \Bigl(\sum_j a_{t,j,i}\, c^{KV}_j W^{UV}_i\Bigr) W^O_i = \Bigl(\sum_j a_{t,j,i}\, c^{KV}_j\Bigr) \bigl(W^{UV}_i W^O_i\bigr),

so :math:`W^{UK}` folds into the query side and :math:`W^{UV}` into the
output projection: every head attends over the cached latents directly.

*Why RoPE had to be decoupled.* Had the keys :math:`k^C` been turned by
RoPE, the score would be :math:`q^C_{t,i} R_{t}^\top R_j\, (c_j W^{UK}_i)^\top`
(:math:`R_p` RoPE's rotation at position p): a rotation that depends on the
key's position sits between the query and :math:`W^{UK}`, so :math:`W^{UK}`
can no longer be folded into one fixed query-side matrix, and every cached
latent would have to be up-projected again at every step. Keeping RoPE on a
small extra key :math:`k^R` (cached, :math:`d^R_h` numbers per token) leaves
the latent part free of positions.

Cache per token (the paper's Table 1): MLA keeps :math:`(d_c + d^R_h)\,l`
numbers, against :math:`2 n_h d_h l` for multi-head attention,
:math:`2 n_g d_h l` for grouped-query attention with :math:`n_g` key/value
heads and :math:`2 d_h l` for multi-query attention: :func:`cache_per_token`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_flag, check_int, shape_str
from .heads import merge_heads, split_heads
from .masks import sees_causally
from .positions import apply_rope
from .softmax import masked_softmax

__all__ = [
    "DEEPSEEK_V2",
    "CachePerToken",
    "LatentOutput",
    "LatentWeights",
    "cache_per_token",
    "latent_attention",
    "latent_weights",
]


class LatentWeights(NamedTuple):
    """The projections of one MLA layer, each applied as ``x @ w``; n_h heads of width d_h."""

    w_dkv: NDArray[np.floating]
    """``(d_model, d_c)``: down-projection to the latent :math:`c^{KV}`."""
    w_uk: NDArray[np.floating]
    """``(d_c, n_h · d_h)``: the latent to every head's key (the part without positions)."""
    w_uv: NDArray[np.floating]
    """``(d_c, n_h · d_h)``: the latent to every head's value."""
    w_kr: NDArray[np.floating]
    """``(d_model, d_h^R)``: the decoupled RoPE key, one for all heads."""
    w_q: NDArray[np.floating]
    """``(d_model, n_h · d_h)``: the queries' part without positions."""
    w_qr: NDArray[np.floating]
    """``(d_model, n_h · d_h^R)``: each head's RoPE query part."""
    w_o: NDArray[np.floating]
    """``(n_h · d_h, d_model)``: the output projection."""


def latent_weights(
    d_model: int, n_heads: int, d_head: int, d_latent: int, d_rope: int, *, seed: int = 0
) -> LatentWeights:
    """Random weights for an MLA layer (normal, scaled by 1/sqrt of each input width), reproducible by ``seed``.

    ``d_rope`` must be even (RoPE turns pairs).
    """
    d_model = check_int("d_model", d_model, minimum=1)
    n_heads = check_int("n_heads", n_heads, minimum=1)
    d_head = check_int("d_head", d_head, minimum=1)
    d_latent = check_int("d_latent", d_latent, minimum=1)
    d_rope = check_int("d_rope", d_rope, minimum=2)
    if d_rope % 2:
        raise ValueError(f"d_rope must be even (RoPE turns pairs of features), got {d_rope}")
    rng = np.random.default_rng(check_int("seed", seed, minimum=0))

    def w(d_in: int, d_out: int) -> NDArray[np.float64]:
        return rng.normal(0.0, d_in**-0.5, (d_in, d_out))

    return LatentWeights(
        w(d_model, d_latent),
        w(d_latent, n_heads * d_head),
        w(d_latent, n_heads * d_head),
        w(d_model, d_rope),
        w(d_model, n_heads * d_head),
        w(d_model, n_heads * d_rope),
        w(n_heads * d_head, d_model),
    )


def _check_weights(weights: LatentWeights, d_model: int) -> tuple[int, int, int, int]:
    """``(n_heads, d_head, d_latent, d_rope)`` of consistent weights, else a ValueError naming the one that is not."""
    if not isinstance(weights, LatentWeights):
        raise TypeError(f"weights must be LatentWeights (see latent_weights), got {type(weights).__name__}")
    arrays = {name: as_float_array(name, value, ndim=2) for name, value in weights._asdict().items()}
    d_latent, d_rope = arrays["w_dkv"].shape[1], arrays["w_kr"].shape[1]
    width = arrays["w_uk"].shape[1]
    n_heads = arrays["w_qr"].shape[1] // d_rope if d_rope else 0
    expected = {
        "w_dkv": (d_model, d_latent),
        "w_uk": (d_latent, width),
        "w_uv": (d_latent, width),
        "w_kr": (d_model, d_rope),
        "w_q": (d_model, width),
        "w_qr": (d_model, n_heads * d_rope),
        "w_o": (width, d_model),
    }
    for name, shape in expected.items():
        if arrays[name].shape != shape:
            raise ValueError(
                f"{name} must have shape {shape_str(shape)} (d_model={d_model}, d_c={d_latent}, "
                f"n_h·d_h={width}, d_h^R={d_rope}), got {shape_str(arrays[name].shape)}"
            )
    if d_rope % 2 or n_heads == 0 or width % n_heads or arrays["w_qr"].shape[1] % d_rope:
        raise ValueError(
            f"w_qr {shape_str(arrays['w_qr'].shape)} must hold n_h RoPE query parts of the even width d_h^R={d_rope} "
            f"of w_kr, and w_uk's {width} columns n_h heads of one width"
        )
    return n_heads, width // n_heads, d_latent, d_rope


class LatentOutput(NamedTuple):
    """What :func:`latent_attention` computes for a sequence."""

    output: NDArray[np.floating]
    """``(n, d_model)``."""
    weights: NDArray[np.floating]
    """``(n_heads, n, n)``: each head's attention weights, causal."""
    latent: NDArray[np.floating]
    """``(n, d_c)``: :math:`c^{KV}`, the first part of what the cache keeps per token."""
    rope_key: NDArray[np.floating]
    """``(n, d_h^R)``: :math:`k^R`, the second part (after RoPE)."""


def latent_attention(
    x: ArrayLike,
    weights: LatentWeights,
    *,
    absorbed: bool = False,
    rope_base: float = 10_000.0,
) -> LatentOutput:
    r"""Causal multi-head latent attention over a sequence ``x`` ``(n, d_model)``, token i at position i.

    ``absorbed=False`` rebuilds every head's keys and values from the latents
    (the paper's equations 9 to 18 as written); ``absorbed=True`` never does:
    each head's query is carried into the latent space by :math:`W^{UK\top}_i`,
    attends over the latents :math:`c^{KV}` themselves, and its average of
    latents goes out through :math:`W^{UV}_i W^O_i` (module docstring). Both
    give the same output, to rounding.

    Raises:
        TypeError, ValueError: naming ``x``, ``weights`` or the projection
            whose shape does not fit.

    Example:
        >>> w = latent_weights(d_model=16, n_heads=4, d_head=8, d_latent=6, d_rope=4, seed=0)
        >>> x = np.random.default_rng(1).normal(size=(5, 16))
        >>> naive, absorbed = latent_attention(x, w), latent_attention(x, w, absorbed=True)
        >>> naive.latent.shape, naive.rope_key.shape            # the cache: 6 + 4 numbers a token
        ((5, 6), (5, 4))
        >>> bool(np.allclose(naive.output, absorbed.output))
        True
    """
    x = as_float_array("x", x, ndim=2)
    absorbed = check_flag("absorbed", absorbed)
    n_heads, d_head, _, d_rope = _check_weights(weights, x.shape[1])
    w = LatentWeights(*(np.asarray(a, dtype=np.float64) for a in weights))
    x = x.astype(np.float64)
    n = x.shape[0]
    positions = np.arange(n)
    latent = x @ w.w_dkv  # [n, d_c]: what the cache keeps
    rope_key = apply_rope(x @ w.w_kr, positions, base=rope_base)  # [n, d_h^R], shared by the heads
    q_c = split_heads(x @ w.w_q, n_heads)  # [h, n, d_h]
    q_r = apply_rope(split_heads(x @ w.w_qr, n_heads), positions, base=rope_base)  # [h, n, d_h^R]
    rope_scores = q_r @ rope_key.T  # [h, n, n]
    if absorbed:
        # W^UK_i^T carried into each head's query: [h, n, d_h] @ [h, d_h, d_c] -> [h, n, d_c]
        w_uk = w.w_uk.reshape(-1, n_heads, d_head).transpose(1, 2, 0)
        content_scores = (q_c @ w_uk) @ latent.T  # [h, n, n], against the latents themselves
    else:
        k_c = split_heads(latent @ w.w_uk, n_heads)  # [h, n, d_h], rebuilt from the latents
        content_scores = q_c @ np.swapaxes(k_c, -1, -2)
    scores = (content_scores + rope_scores) / np.sqrt(d_head + d_rope)
    attention = masked_softmax(scores, -1, sees_causally(n, n))
    if absorbed:
        mixed = attention @ latent  # [h, n, d_c]: each head's average of latents
        # W^UV_i W^O_i: [h, d_c, d_h] @ [h, d_h, d_model] -> [h, d_c, d_model]
        w_uv = w.w_uv.reshape(-1, n_heads, d_head).transpose(1, 0, 2)
        w_o = w.w_o.reshape(n_heads, d_head, -1)
        output = np.einsum("hnc,hcm->nm", mixed, w_uv @ w_o)
    else:
        v_c = split_heads(latent @ w.w_uv, n_heads)  # [h, n, d_h]
        output = merge_heads(attention @ v_c) @ w.w_o
    return LatentOutput(output, attention, latent, rope_key)


class CachePerToken(NamedTuple):
    """Numbers cached per token, over all layers, by four kinds of attention of the same heads (the paper's Table 1)."""

    mha: int
    """:math:`2 n_h d_h l`: every head's key and value."""
    gqa: int
    """:math:`2 n_g d_h l`: ``n_groups`` key/value heads."""
    mqa: int
    """:math:`2 d_h l`: one key/value head."""
    mla: int
    """:math:`(d_c + d^R_h)\\, l`: the latent and the RoPE key."""
    bytes_per_number: int

    def nbytes(self, kind: Literal["mha", "gqa", "mqa", "mla"]) -> int:
        """The bytes per token of one kind: its numbers times :attr:`bytes_per_number`."""
        if kind not in ("mha", "gqa", "mqa", "mla"):
            raise ValueError(f"kind must be 'mha', 'gqa', 'mqa' or 'mla', got {kind!r}")
        return int(getattr(self, kind)) * self.bytes_per_number


DEEPSEEK_V2: Mapping[str, int] = MappingProxyType(
    {"n_heads": 128, "d_head": 128, "n_layers": 60, "d_latent": 512, "d_rope": 64}
)
"""DeepSeek-V2's attention sizes (arXiv:2405.04434, section 3.1.2): 60 layers, 128 heads of width 128,
KV compression dimension :math:`d_c = 4 d_h = 512`, decoupled RoPE width :math:`d^R_h = d_h / 2 = 64`."""


def cache_per_token(
    *,
    n_heads: int,
    d_head: int,
    n_layers: int,
    d_latent: int,
    d_rope: int,
    n_groups: int = 8,
    bytes_per_number: int = 2,
) -> CachePerToken:
    r"""The KV cache per token of MHA, GQA (``n_groups`` key/value heads), MQA and MLA with the same heads.

    Example:
        >>> cache = cache_per_token(**DEEPSEEK_V2)
        >>> cache.mha, cache.mla                    # 2·128·128·60 and (512 + 64)·60
        (1966080, 34560)
        >>> cache.mla / (2 * 128 * 60)              # as much as GQA with 2.25 groups, as the paper says
        2.25
    """
    n_heads = check_int("n_heads", n_heads, minimum=1)
    d_head = check_int("d_head", d_head, minimum=1)
    n_layers = check_int("n_layers", n_layers, minimum=1)
    d_latent = check_int("d_latent", d_latent, minimum=1)
    d_rope = check_int("d_rope", d_rope, minimum=0)
    n_groups = check_int("n_groups", n_groups, minimum=1)
    bytes_per_number = check_int("bytes_per_number", bytes_per_number, minimum=1)
    if n_heads % n_groups:
        raise ValueError(f"n_groups={n_groups} must divide n_heads={n_heads}: each group serves as many query heads")
    return CachePerToken(
        2 * n_heads * d_head * n_layers,
        2 * n_groups * d_head * n_layers,
        2 * d_head * n_layers,
        (d_latent + d_rope) * n_layers,
        bytes_per_number,
    )
