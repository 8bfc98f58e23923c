r"""The KV cache: the keys and values a decoder has computed, kept for the tokens that follow.

A decoder writes one token at a time. Under a causal mask, token j's key and
value in a layer depend on tokens 0..j only, so they are the same at every
later step: computed once, they can be kept. Each new token then needs its
own query, key and value, and its attention over the keys and values kept so
far, instead of recomputing the whole prefix. For ``n`` tokens the cache holds

.. math::

    2 \cdot n_\text{layers} \cdot n_\text{kv heads} \cdot d_k \cdot n \cdot \text{bytes per number}

bytes (the 2: keys and values; with ``d_v != d_k``, ``d_k + d_v`` in place
of ``2 d_k``). :class:`KVCache` holds them as one array per layer,
``(n_kv_heads, capacity, d)``, grown by doubling when full.

A step writes each layer's new keys and values with :meth:`KVCache.update`,
which returns all the layer holds, and, once every layer has written, counts
the new positions with :meth:`KVCache.advance`.

That memory grows with n. A layer that attends through a sliding window of W
keys needs only the last W: :class:`RollingKVCache` keeps them in a buffer of
fixed size (and, with ``sinks``, the first tokens too: StreamingLLM's cache).
:func:`local_global_cache` counts what that saves a decoder whose layers mix
local (windowed) and global attention, as Gemma 3 does.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from ._validate import as_float_array, check_int, shape_str
from .positions import Pairs, _check_base, apply_rope

__all__ = [
    "GEMMA3_27B",
    "CachePositions",
    "KVCache",
    "LocalGlobalCache",
    "RollingKVCache",
    "local_global_cache",
]


class KVCache:
    r"""Each layer's keys and values of the tokens read so far, ``(n_kv_heads, length, d)`` per layer.

    Args:
        n_layers: how many layers write to the cache.
        n_kv_heads: key/value heads per layer (``n_heads`` for multi-head
            attention, fewer for grouped-query attention, 1 for multi-query).
        d_k: the width of a key.
        d_v: the width of a value; default ``d_k``.
        capacity: positions to allocate at first; the cache doubles when it
            needs more, keeping what it holds.
        dtype: the float dtype stored, float64 (default) or float32 (or
            float16, to see what a 16-bit cache holds); new keys and values
            are cast to it.

    Example:
        >>> cache = KVCache(n_layers=2, n_kv_heads=1, d_k=4)
        >>> for layer in range(2):                       # a step of 3 tokens
        ...     keys, values = cache.update(layer, np.ones((1, 3, 4)), np.ones((1, 3, 4)))
        >>> cache.advance(3)
        >>> keys.shape, cache.length
        ((1, 3, 4), 3)
        >>> cache.nbytes == 2 * 2 * 1 * 4 * 3 * 8        # 2 · n_layers · n_kv_heads · d_k · n · bytes
        True
    """

    def __init__(
        self,
        n_layers: int,
        n_kv_heads: int,
        d_k: int,
        d_v: int | None = None,
        *,
        capacity: int = 64,
        dtype: DTypeLike = np.float64,
    ) -> None:
        self.n_layers = check_int("n_layers", n_layers, minimum=1)
        self.n_kv_heads = check_int("n_kv_heads", n_kv_heads, minimum=1)
        self.d_k = check_int("d_k", d_k, minimum=1)
        self.d_v = self.d_k if d_v is None else check_int("d_v", d_v, minimum=1)
        capacity = check_int("capacity", capacity, minimum=1)
        try:
            self.dtype = np.dtype(dtype)
        except TypeError:
            raise TypeError(f"dtype must be a numpy float dtype, got {dtype!r}") from None
        if self.dtype.kind != "f" or self.dtype.itemsize > 8:
            raise TypeError(f"dtype must be float16, float32 or float64, got {self.dtype}")
        self._keys = [np.zeros((self.n_kv_heads, capacity, self.d_k), self.dtype) for _ in range(self.n_layers)]
        self._values = [np.zeros((self.n_kv_heads, capacity, self.d_v), self.dtype) for _ in range(self.n_layers)]
        self._written = [0] * self.n_layers  # positions each layer has written, held or not yet advanced
        self.length = 0
        """How many positions every layer holds."""

    @property
    def capacity(self) -> int:
        """Positions allocated (at least :attr:`length`)."""
        return self._keys[0].shape[1]

    @property
    def nbytes(self) -> int:
        """The bytes of the :attr:`length` positions held, keys and values of every layer, counted from the arrays."""
        return sum(k[:, : self.length].nbytes + v[:, : self.length].nbytes for k, v in zip(self._keys, self._values))

    def keys(self, layer: int) -> NDArray[np.floating]:
        """Layer ``layer``'s keys of the positions held, ``(n_kv_heads, length, d_k)`` (a read-only view)."""
        return self._view(self._keys, self._check_layer(layer), self.length)

    def values(self, layer: int) -> NDArray[np.floating]:
        """Layer ``layer``'s values of the positions held, ``(n_kv_heads, length, d_v)`` (a read-only view)."""
        return self._view(self._values, self._check_layer(layer), self.length)

    @staticmethod
    def _view(store: list[NDArray], layer: int, end: int) -> NDArray:
        view = store[layer][:, :end]
        view.flags.writeable = False
        return view

    def _check_layer(self, layer: int) -> int:
        layer = check_int("layer", layer, minimum=0)
        if layer >= self.n_layers:
            raise ValueError(
                f"layer must be in 0..{self.n_layers - 1} (the cache has {self.n_layers} layers), got {layer}"
            )
        return layer

    def _check_new(self, name: str, array: ArrayLike, d: int, n: int | None) -> NDArray:
        array = as_float_array(name, array, ndim=3)
        expected = f"(n_kv_heads, n, {'d_k' if name == 'k' else 'd_v'}) = ({self.n_kv_heads}, n, {d})"
        if array.shape[0] != self.n_kv_heads or array.shape[2] != d or (n is not None and array.shape[1] != n):
            same_n = "" if n is None else f" with the n={n} of k"
            raise ValueError(f"{name} must have shape {expected}{same_n}, got {shape_str(array.shape)}")
        with np.errstate(over="ignore"):  # reported just below, naming the argument
            stored = array.astype(self.dtype, copy=False)
        if not np.isfinite(stored).all():
            largest = float(np.abs(array).max())
            raise ValueError(
                f"{name} holds values beyond the range of the cache's {self.dtype} (largest |{name}| {largest:.3g})"
            )
        return stored

    def update(self, layer: int, k: ArrayLike, v: ArrayLike) -> tuple[NDArray[np.floating], NDArray[np.floating]]:
        """Write the keys ``(n_kv_heads, n, d_k)`` and values ``(n_kv_heads, n, d_v)`` of ``n`` new positions.

        They go after the :attr:`length` positions held.

        Returns the layer's keys and values of all ``length + n`` positions
        (read-only views). The new positions count as held for every layer
        only after :meth:`advance`; writing the same layer again before that
        replaces them.

        Raises:
            TypeError, ValueError: naming ``layer``, ``k`` or ``v`` and the shapes.
        """
        layer = self._check_layer(layer)
        k = self._check_new("k", k, self.d_k, None)
        n = k.shape[1]
        v = self._check_new("v", v, self.d_v, n)
        end = self.length + n
        if end > self.capacity:
            grown = max(end, 2 * self.capacity)
            for store in (self._keys, self._values):
                for index, old in enumerate(store):
                    new = np.zeros((old.shape[0], grown, old.shape[2]), self.dtype)
                    new[:, : self._written[index]] = old[:, : self._written[index]]
                    store[index] = new
        self._keys[layer][:, self.length : end] = k
        self._values[layer][:, self.length : end] = v
        self._written[layer] = end
        return self._view(self._keys, layer, end), self._view(self._values, layer, end)

    def advance(self, n: int) -> None:
        """Count ``n`` more positions as held, once every layer has written them with :meth:`update`.

        Raises:
            ValueError: a layer has not written exactly those ``n`` positions.
        """
        n = check_int("n", n, minimum=1)
        end = self.length + n
        behind = [layer for layer, written in enumerate(self._written) if written != end]
        if behind:
            raise ValueError(
                f"advance({n}) needs every layer to have written positions {self.length}..{end - 1} with update(); "
                f"layer {behind[0]} holds {self._written[behind[0]] - self.length} new positions"
            )
        self.length = end

    def __repr__(self) -> str:
        return (
            f"KVCache(length={self.length}, n_layers={self.n_layers}, n_kv_heads={self.n_kv_heads}, "
            f"d_k={self.d_k}, d_v={self.d_v}, dtype={self.dtype}, bytes={self.nbytes})"
        )


CachePositions = Literal["text", "cache"]
"""Which position a token's query and key are turned by under a windowed cache: its place in the text, or in the cache."""


def _turn_back(x: NDArray, shift: int, base: float, pairs: Pairs) -> NDArray:
    r"""Keys turned by RoPE at position p, ``(..., n, d)``, turned back to position ``p - shift``.

    A rotation by :math:`-\theta` is the rotation by :math:`\theta` between two
    flips of each pair's second coordinate, :math:`R_{-\theta} = S R_\theta S`,
    so :func:`~attention.positions.apply_rope` (which takes no negative
    positions) does the turning.
    """
    flip = np.ones(x.shape[-1], x.dtype)
    if pairs == "adjacent":
        flip[1::2] = -1
    else:
        flip[x.shape[-1] // 2 :] = -1
    turned = apply_rope(x * flip, np.full(x.shape[-2], shift), base=base, pairs=pairs)
    return (turned * flip).astype(x.dtype, copy=False)


class RollingKVCache(KVCache):
    r"""A KV cache of fixed size that stops growing: the last ``window - sinks`` tokens, and the first ``sinks``.

    With ``sinks=0`` it is the rolling buffer of sliding-window attention
    (Mistral 7B, Jiang et al. 2023, arXiv:2310.06825): a new token attends to
    itself and the ``window - 1`` tokens before it, exactly the pattern of
    ``causal=True, window=window`` (see :func:`~attention.masks.sliding_window_mask`),
    and whatever is older has left the cache. With ``sinks=4`` it is
    StreamingLLM's cache (Xiao et al. 2023, arXiv:2309.17453): the first four
    tokens stay for good, as *attention sinks*, and the window rolls over the
    rest, so a new token attends to

    .. math::

        \{0, \dots, S - 1\} \;\cup\; \{t - (W - S) + 1, \dots, t\}

    (S sinks, W the window; all of ``0 .. t`` while ``t < W``). Between steps
    the cache holds at most ``window - 1`` positions, the room for the next
    token, so that every query sees at most ``window`` keys, itself included;
    its arrays hold ``window`` positions and never grow.

    Positions. A decoder turns queries and keys by their position with RoPE
    before they reach the cache. With ``positions="text"`` (default) each token
    keeps its place in the text: :attr:`length` counts every token read, so
    the next one is turned by its true position, and the distances between a
    query and the sink tokens grow without end (past the context the model
    was trained on, eventually). With ``positions="cache"`` tokens are numbered
    by their place *in the cache*, as StreamingLLM does (its section 3.2: with
    tokens 0, 1, 2, 3, 6, 7, 8 cached, those get positions 0 to 6 and the
    token being decoded, the text's 9, position 7): :attr:`length`
    is the number of positions held, and when older tokens leave, the keys
    behind them are turned back by as many positions (``rope_base`` and
    ``rope_pairs`` say how the decoder turned them), which gives them, to
    rounding, the keys RoPE gives at their new places. (StreamingLLM keeps the
    keys unturned and turns the whole cache at every step instead; a rotation
    by a then b is the rotation by a + b, so the two are the same.) Under
    ``sinks=0`` the two numberings give the same attention: RoPE's scores
    depend only on the distance from the query to each key, and the window
    keeps the distances of the text. They differ only in how far the sinks
    seem.

    Args:
        n_layers, n_kv_heads, d_k, d_v, dtype: as for :class:`KVCache`.
        window: W, the most keys a new token attends to, itself included (at least 1).
        sinks: S, how many of the first tokens stay, ``0 <= sinks < window``.
        positions: ``"text"`` or ``"cache"`` (see above).
        rope_base: with ``positions="cache"``, the RoPE base the keys were
            turned with (None: the keys carry no RoPE, nothing to turn back).
        rope_pairs: RoPE's pairing of the keys' features, ``"adjacent"`` or ``"halves"``.

    Raises:
        TypeError, ValueError: naming the argument; ``update`` with more new
            positions than the room left (the window minus what is held): once
            it is full a windowed cache reads one token at a time.

    Example:
        >>> cache = RollingKVCache(n_layers=1, n_kv_heads=1, d_k=1, window=4, sinks=1)
        >>> for token in range(6):
        ...     keys, _ = cache.update(0, [[[token]]], [[[token]]])
        ...     cache.advance(1)
        >>> keys[0, :, 0]                      # token 5 saw the sink 0 and the last 3 tokens
        array([0., 3., 4., 5.])
        >>> cache.held, cache.length, cache.evicted
        (3, 6, 3)
    """

    def __init__(
        self,
        n_layers: int,
        n_kv_heads: int,
        d_k: int,
        d_v: int | None = None,
        *,
        window: int,
        sinks: int = 0,
        positions: CachePositions = "text",
        rope_base: float | None = None,
        rope_pairs: Pairs = "adjacent",
        dtype: DTypeLike = np.float64,
    ) -> None:
        window = check_int("window", window, minimum=1)
        sinks = check_int("sinks", sinks, minimum=0)
        if sinks >= window:
            raise ValueError(
                f"sinks must be less than window (room for recent tokens), got sinks={sinks}, window={window}"
            )
        if positions not in ("text", "cache"):
            raise ValueError(f"positions must be 'text' or 'cache', got {positions!r}")
        if rope_base is not None:
            rope_base = _check_base(rope_base)
            if positions == "text":
                raise ValueError(
                    "rope_base turns keys back when tokens leave a cache numbered by positions='cache'; "
                    "with positions='text' nothing is turned: leave rope_base out"
                )
        if rope_pairs not in ("adjacent", "halves"):
            raise ValueError(f"rope_pairs must be 'adjacent' or 'halves', got {rope_pairs!r}")
        super().__init__(n_layers, n_kv_heads, d_k, d_v, capacity=window, dtype=dtype)
        self.window, self.sinks, self.positions = window, sinks, positions
        self.rope_base, self.rope_pairs = rope_base, rope_pairs
        self.held = 0
        """How many positions every layer holds (at most ``window - 1`` between steps)."""
        self.evicted = 0
        """How many tokens have left the cache."""

    @property
    def nbytes(self) -> int:
        """The bytes of the :attr:`held` positions, keys and values of every layer."""
        return sum(k[:, : self.held].nbytes + v[:, : self.held].nbytes for k, v in zip(self._keys, self._values))

    def keys(self, layer: int) -> NDArray[np.floating]:
        """Layer ``layer``'s keys of the positions held, ``(n_kv_heads, held, d_k)``, oldest first (read-only)."""
        return self._view(self._keys, self._check_layer(layer), self.held)

    def values(self, layer: int) -> NDArray[np.floating]:
        """Layer ``layer``'s values of the positions held, ``(n_kv_heads, held, d_v)``, oldest first (read-only)."""
        return self._view(self._values, self._check_layer(layer), self.held)

    def update(self, layer: int, k: ArrayLike, v: ArrayLike) -> tuple[NDArray[np.floating], NDArray[np.floating]]:
        """Write ``n`` new positions after the :attr:`held` ones; return the layer's ``held + n`` keys and values.

        ``held + n`` may not exceed the window: the new tokens attend to all
        that is returned (under the causal mask among themselves). The
        arrays returned are read-only copies: the buffer's positions move
        when tokens leave.
        """
        layer = self._check_layer(layer)
        k = self._check_new("k", k, self.d_k, None)
        n = k.shape[1]
        v = self._check_new("v", v, self.d_v, n)
        end = self.held + n
        if end > self.window:
            raise ValueError(
                f"k holds {n} new positions but the cache has room for {self.window - self.held} "
                f"(window={self.window}, {self.held} held): give at most that many at once"
            )
        self._keys[layer][:, self.held : end] = k
        self._values[layer][:, self.held : end] = v
        self._written[layer] = end
        # Copies, not views: the buffer's positions move when tokens leave.
        keys, values = self._keys[layer][:, :end].copy(), self._values[layer][:, :end].copy()
        keys.flags.writeable = values.flags.writeable = False
        return keys, values

    def advance(self, n: int) -> None:
        """Count ``n`` more positions as read, then evict the oldest non-sink tokens beyond ``window - 1``.

        Raises:
            ValueError: a layer has not written exactly those ``n`` positions.
        """
        n = check_int("n", n, minimum=1)
        end = self.held + n
        behind = [layer for layer, written in enumerate(self._written) if written != end]
        if behind:
            raise ValueError(
                f"advance({n}) needs every layer to have written {n} new positions with update(); "
                f"layer {behind[0]} holds {self._written[behind[0]] - self.held}"
            )
        drop = max(0, end - (self.window - 1))
        if drop:
            kept = end - drop - self.sinks  # recent tokens that stay
            for store in (self._keys, self._values):
                for index, array in enumerate(store):
                    # numpy copies overlapping slices correctly
                    array[:, self.sinks : self.sinks + kept] = array[:, self.sinks + drop : end]
            if self.positions == "cache" and self.rope_base is not None and kept:
                for index, array in enumerate(self._keys):
                    recent = array[:, self.sinks : self.sinks + kept]
                    array[:, self.sinks : self.sinks + kept] = _turn_back(recent, drop, self.rope_base, self.rope_pairs)
        self.held = end - drop
        self._written = [self.held] * self.n_layers
        self.evicted += drop
        self.length = self.held if self.positions == "cache" else self.length + n

    def __repr__(self) -> str:
        return (
            f"RollingKVCache(window={self.window}, sinks={self.sinks}, positions={self.positions!r}, held={self.held}, "
            f"length={self.length}, n_layers={self.n_layers}, n_kv_heads={self.n_kv_heads}, d_k={self.d_k}, "
            f"d_v={self.d_v}, dtype={self.dtype}, bytes={self.nbytes})"
        )


class LocalGlobalCache(NamedTuple):
    """The KV cache of a decoder whose layers are local (a sliding window) or global, against all global."""

    local_layers: int
    global_layers: int
    interleaved_bytes: int
    """Local layers hold ``min(n_tokens, window)`` positions, global ones all ``n_tokens``."""
    all_global_bytes: int
    """Every layer holds all ``n_tokens`` positions."""

    @property
    def ratio(self) -> float:
        """``interleaved_bytes / all_global_bytes``."""
        return self.interleaved_bytes / self.all_global_bytes


GEMMA3_27B: Mapping[str, int] = MappingProxyType(
    {"n_layers": 62, "n_kv_heads": 16, "d_head": 128, "window": 1024, "local_per_global": 5}
)
"""Gemma 3 27B's attention (Gemma Team 2025, arXiv:2503.19786): five local layers of window 1,024 for each global
one, the first layer local; 62 layers, 16 key/value heads of width 128 (the sizes of the published
``google/gemma-3-27b`` configuration: ``num_hidden_layers``, ``num_key_value_heads``, ``head_dim``,
``sliding_window``, ``sliding_window_pattern`` 6)."""


def local_global_cache(
    n_tokens: int,
    *,
    n_layers: int,
    n_kv_heads: int,
    d_head: int,
    window: int,
    local_per_global: int = 5,
    bytes_per_number: int = 2,
) -> LocalGlobalCache:
    r"""The KV cache of ``n_tokens`` when ``local_per_global`` sliding-window layers come before each global one.

    The layers go local, ..., local, global, and again (Gemma 3: five local,
    one global, starting with a local layer), so
    :math:`L_g = \lfloor L / (r + 1) \rfloor` layers are global and the rest
    local. A global layer keeps every token; a local one the last W (its
    rolling buffer). Per token and layer, a cache holds :math:`2\, n_\text{kv}\, d_h`
    numbers (keys and values):

    .. math::

        \text{bytes} = 2\, n_\text{kv}\, d_h\, b \,\bigl(L_g\, n + (L - L_g) \min(n, W)\bigr)
        \quad\text{against}\quad 2\, n_\text{kv}\, d_h\, b\, L\, n \text{ all global.}

    Args:
        n_tokens: n, the tokens held.
        n_layers, n_kv_heads, d_head: the decoder's sizes (see :data:`GEMMA3_27B`).
        window: W of the local layers.
        local_per_global: r, local layers per global one.
        bytes_per_number: b, 2 for bfloat16 (default), 4 for float32.

    Example:
        >>> cache = local_global_cache(32_768, **GEMMA3_27B)
        >>> cache.global_layers, cache.local_layers, cache.ratio   # 10·32,768 + 52·1,024 over 62·32,768
        (10, 52, 0.1875)
    """
    n_tokens = check_int("n_tokens", n_tokens, minimum=0)
    n_layers = check_int("n_layers", n_layers, minimum=1)
    n_kv_heads = check_int("n_kv_heads", n_kv_heads, minimum=1)
    d_head = check_int("d_head", d_head, minimum=1)
    window = check_int("window", window, minimum=1)
    local_per_global = check_int("local_per_global", local_per_global, minimum=0)
    bytes_per_number = check_int("bytes_per_number", bytes_per_number, minimum=1)
    global_layers = n_layers // (local_per_global + 1)
    local_layers = n_layers - global_layers
    per_position = 2 * n_kv_heads * d_head * bytes_per_number
    interleaved = per_position * (global_layers * n_tokens + local_layers * min(n_tokens, window))
    return LocalGlobalCache(local_layers, global_layers, interleaved, per_position * n_layers * n_tokens)
