"""Masks: which keys each query may attend to (True = may attend)."""

from __future__ import annotations

import functools

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import check_int, check_memory, shape_str, window_allowed

__all__ = ["causal_mask", "future_keys", "padding_mask", "sees_causally", "sliding_window_mask", "window_reach"]


def sees_causally(n_q: int, n_k: int, first_query: int = 0) -> NDArray[np.bool_]:
    """The causal rule, ``(n_q, n_k)``: query ``first_query + i`` may attend to key j when j <= first_query + i.

    The one definition of the causal triangle; :func:`causal_mask` and :func:`future_keys` are views of it.
    """
    return np.tri(n_q, n_k, first_query, dtype=bool)


@functools.lru_cache(maxsize=16)
def future_keys(n_k: int, n_q: int, first_query: int = 0) -> NDArray[np.bool_]:
    """Keys × queries ``(n_k, n_q)``: True where key j comes after query ``first_query + i``; read-only, cached.

    The complement of :func:`sees_causally`, transposed: the layout of the
    blockwise path's tiles of scores, which it sets to ``-inf``.
    """
    future = np.ascontiguousarray(~sees_causally(n_q, n_k, first_query).T)
    future.flags.writeable = False
    return future


def causal_mask(n: int) -> NDArray[np.bool_]:
    r"""The mask of a left-to-right (GPT-style) model: token i sees tokens 0..i.

    .. math::

        M_{ij} = \begin{cases} \text{True} & j \le i \\ \text{False} & j > i \end{cases}

    Args:
        n: sequence length.

    Returns:
        Boolean array of shape ``(n, n)``: lower triangle (with the diagonal) True.

    Raises:
        MemoryError: before trying, for an ``n`` whose n² bytes the machine
            does not have, saying how many that is (use ``causal=True``
            instead: it builds no mask).

    Example:
        >>> causal_mask(3)
        array([[ True, False, False],
               [ True,  True, False],
               [ True,  True,  True]])
    """
    n = check_int("n", n, minimum=1)
    check_memory(n * n, f"causal_mask(n={n}): an n × n boolean mask")
    return sees_causally(n, n)


def sliding_window_mask(n: int, window: int) -> NDArray[np.bool_]:
    r"""The causal mask cut to a band: token i sees itself and the ``window - 1`` tokens before it.

    .. math::

        M_{ij} = \text{True} \iff i - W < j \le i

    Sliding-window attention (Longformer, Beltagy et al. 2020, arXiv:2004.05150;
    Mistral 7B, arXiv:2310.06825; the local layers of Gemma 2 and 3,
    arXiv:2503.19786) attends through this band: each query scores at most
    W keys, so a sequence of n tokens costs O(n·W) scores instead of O(n²),
    and a decoder need keep only the last W keys and values (a rolling
    buffer, :class:`~attention.kv_cache.RollingKVCache`). W counts the keys a
    query sees, itself included, as Hugging Face's ``sliding_window`` does
    (Mistral's paper writes the span as i - W .. i, one key more). The
    package's functions take the same pattern as ``causal=True,
    window=W``. (This numpy mask is n × n; the O(n·W) saving needs a kernel
    that skips the hidden tiles.)

    Args:
        n: sequence length.
        window: W >= 1; W >= n gives :func:`causal_mask`, W = 1 the diagonal.

    Example:
        >>> sliding_window_mask(4, 2).astype(int)
        array([[1, 0, 0, 0],
               [1, 1, 0, 0],
               [0, 1, 1, 0],
               [0, 0, 1, 1]])
    """
    n = check_int("n", n, minimum=1)
    window = check_int("window", window, minimum=1)
    check_memory(n * n, f"sliding_window_mask(n={n}): an n × n boolean mask")
    return sees_causally(n, n) & window_allowed(n, n, window)


def window_reach(window: int, n_layers: int) -> int:
    r"""How far back information can come after ``n_layers`` stacked sliding-window layers: :math:`L\,(W - 1)` tokens.

    One layer lets token i read tokens i - W + 1 .. i (:func:`sliding_window_mask`):
    W - 1 positions back. The next layer reads, at i - W + 1, what that
    token read, another W - 1 further: after L layers the output at i
    depends on the inputs i - L(W - 1) .. i, a receptive field of
    L(W - 1) + 1 tokens though every layer sees only W. (Counting the window
    as i - W .. i, as the Mistral 7B paper does, the reach is L·W: W = 4,096
    and 32 layers give its "about 131K tokens".)

    Example:
        >>> window_reach(4, 3)        # 3 layers of 4 keys: 9 tokens back, a field of 10
        9
    """
    window = check_int("window", window, minimum=1)
    n_layers = check_int("n_layers", n_layers, minimum=1)
    return n_layers * (window - 1)


def padding_mask(lengths: ArrayLike, n: int) -> NDArray[np.bool_]:
    r"""Mask out the padding keys of a batch of sequences padded to length ``n``.

    .. math::

        M_{b,j} = \text{True} \iff j < \text{lengths}_b

    Args:
        lengths: shape ``(batch,)``, the true length of each sequence, each in ``0..n``.
        n: the padded length.

    Returns:
        Boolean array of shape ``(batch, 1, n)``, which broadcasts against
        scores of shape ``(batch, n_q, n)``: every query of sequence b may
        attend to its first ``lengths[b]`` keys. For scores with a head axis,
        ``(batch, n_heads, n_q, n)``, use ``mask[:, None]``. A length of 0
        masks every key, and those queries get all-zero weights.

    Example:
        >>> padding_mask([2, 3], 3)
        array([[[ True,  True, False]],
        <BLANKLINE>
               [[ True,  True,  True]]])
    """
    n = check_int("n", n, minimum=1)
    lengths = np.asarray(lengths)
    if lengths.ndim != 1 or lengths.size == 0:
        raise ValueError(f"lengths must be a non-empty 1-D array (batch,), got shape {shape_str(lengths.shape)}")
    if lengths.dtype.kind not in "iu":
        raise TypeError(f"lengths must be integers, got dtype {lengths.dtype}")
    if (lengths < 0).any() or (lengths > n).any():
        raise ValueError(f"lengths must lie in 0..{n} (n={n}), got {lengths.tolist()}")
    return (np.arange(n) < lengths[:, None])[:, None, :]
