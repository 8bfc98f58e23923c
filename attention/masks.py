"""Masks: which keys each query may attend to (True = may attend)."""

from __future__ import annotations

import numbers

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import shape_str

__all__ = ["causal_mask", "padding_mask"]


def _check_length(name: str, n: int) -> int:
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {type(n).__name__}")
    if n < 1:
        raise ValueError(f"{name} must be at least 1, got {n}")
    return int(n)


def causal_mask(n: int) -> NDArray[np.bool_]:
    r"""The mask of a left-to-right (GPT-style) model: token i sees tokens 0..i.

    .. math::

        M_{ij} = \begin{cases} \text{True} & j \le i \\ \text{False} & j > i \end{cases}

    Args:
        n: sequence length.

    Returns:
        Boolean array of shape ``(n, n)``: lower triangle (with the diagonal) True.

    Example:
        >>> causal_mask(3)
        array([[ True, False, False],
               [ True,  True, False],
               [ True,  True,  True]])
    """
    n = _check_length("n", n)
    return np.tril(np.ones((n, n), dtype=bool))


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
    n = _check_length("n", n)
    lengths = np.asarray(lengths)
    if lengths.ndim != 1 or lengths.size == 0:
        raise ValueError(f"lengths must be a non-empty 1-D array (batch,), got shape {shape_str(lengths.shape)}")
    if lengths.dtype.kind not in "iu":
        raise TypeError(f"lengths must be integers, got dtype {lengths.dtype}")
    if (lengths < 0).any() or (lengths > n).any():
        raise ValueError(f"lengths must lie in 0..{n} (n={n}), got {lengths.tolist()}")
    return (np.arange(n) < lengths[:, None])[:, None, :]
