"""Softmax: turn a row of scores into weights that are positive and sum to 1."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_int, shape_str

__all__ = ["softmax"]


def softmax(x: ArrayLike, axis: int = -1, mask: ArrayLike | None = None) -> NDArray[np.floating]:
    r"""Normalise scores into weights along ``axis``.

    .. math::

        \operatorname{softmax}(x)_i = \frac{e^{x_i - m}}{\sum_j e^{x_j - m}},
        \qquad m = \max_j x_j

    Subtracting the row maximum :math:`m` changes nothing mathematically
    (the factor :math:`e^{-m}` cancels) but keeps every exponent :math:`\le 0`,
    so no finite input overflows, however large.

    Masking: ``mask`` is a boolean array broadcastable to ``x``, True where an
    entry may receive weight. Masked entries get weight exactly 0 and the rest
    are renormalised. ``-inf`` in ``x`` also means weight exactly 0. A row in
    which *every* entry is masked has no distribution to return; it gives all
    zeros (never NaN), so a fully padded query contributes nothing downstream.

    Args:
        x: scores, any shape ``(...)``, float or integer, no NaN or +inf.
        axis: the axis to normalise over.
        mask: optional boolean array broadcastable to ``x.shape``.

    Returns:
        Weights with the shape of ``x``; float32 for float32 input, else float64.

    Example:
        >>> softmax([1.0, 2.0, 3.0]).round(4)
        array([0.09  , 0.2447, 0.6652])
        >>> softmax([1.0, 2.0, 3.0], mask=[True, True, False]).round(4)
        array([0.2689, 0.7311, 0.    ])
    """
    x = as_float_array("x", x, min_ndim=1, allow_neg_inf=True)
    axis = check_int("axis", axis)
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"axis {axis} is out of range for x with shape {shape_str(x.shape)}")
    if mask is not None:
        mask = np.asarray(mask)
        if mask.dtype.kind != "b":
            raise TypeError(f"mask must be a boolean array (True = keep), got dtype {mask.dtype}")
        try:
            broadcast = np.broadcast_shapes(mask.shape, x.shape)
        except ValueError:
            broadcast = None
        if broadcast != x.shape:
            raise ValueError(
                f"mask with shape {shape_str(mask.shape)} does not broadcast to x's shape {shape_str(x.shape)}"
            )
    return masked_softmax(x, axis, mask)


def masked_softmax(
    x: NDArray[np.floating], axis: int, allowed: NDArray[np.bool_] | None, *, halved: bool = False
) -> NDArray[np.floating]:
    """:func:`softmax` of a checked float array ``x``, with ``allowed`` a checked boolean mask or None.

    ``halved=True``: ``x`` holds the halves of the scores, and the result is
    ``softmax(2 x)``, for scores whose sum with a mask would overflow (the
    doubling comes after the shift by the maximum, where it cannot).
    """
    allowed = np.isfinite(x) if allowed is None else np.isfinite(x) & allowed
    # The maximum over the *allowed* entries only; a fully masked row has none,
    # and any finite stand-in works there because all its terms become 0.
    row_max = np.max(x, axis=axis, keepdims=True, where=allowed, initial=-np.inf)
    row_max = np.where(np.isfinite(row_max), row_max, 0.0)
    with np.errstate(over="ignore", under="ignore"):
        # x - row_max <= 0 on allowed entries; the subtraction can only
        # overflow to -inf on masked ones, whose exp is discarded anyway
        # (and, halved, on allowed ones whose weight is far below one float's worth).
        # (One expression, as before the halved case existed: each temporary is freed as soon as it is read,
        # and held in a name instead, the extra scores-sized buffer doubled the page faults of a call.)
        if halved:
            exps = np.where(allowed, np.exp(2 * np.where(allowed, x - row_max, 0.0)), 0.0)
        else:
            exps = np.where(allowed, np.exp(np.where(allowed, x - row_max, 0.0)), 0.0)
    total = exps.sum(axis=axis, keepdims=True)
    # total >= 1 for any row with an allowed entry (its maximum gives e^0);
    # 0 only for a fully masked row, which then stays all zeros.
    return (exps / np.where(total > 0, total, 1.0)).astype(x.dtype, copy=False)
