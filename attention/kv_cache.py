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
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from ._validate import as_float_array, check_int, shape_str

__all__ = ["KVCache"]


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
