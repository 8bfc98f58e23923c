"""Masks: which keys each query may attend to (True = may attend)."""

from __future__ import annotations

import functools

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import check_int, check_memory, shape_str

__all__ = ["causal_mask", "future_keys", "padding_mask", "sees_causally"]


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
