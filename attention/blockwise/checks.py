"""What a check made while attending raises, and the error the caller then reports.

The inputs are checked for NaN and infinities as late as it is safe, while
they are in the processor's cache anyway (see :mod:`.one_tile`); the scores,
tile by tile. A failed check raises :class:`CheckFailed` deep in a loop, and
the entry point turns it into the ``ValueError`` that the naive path would
give (:func:`failure`): the first input holding NaN or an infinity, else the
scores' overflow.
"""

from __future__ import annotations

from numpy.typing import NDArray

from .._validate import check_finite, overflow_error


class CheckFailed(ArithmeticError):
    """An input holds NaN or an infinity, or the scores (or the scaled queries) overflowed."""


class LargeValues(ArithmeticError):
    """The sum of squares of ``v`` overflows: a sum of ``n_k`` of its values might too (the caller shrinks ``v``)."""


def failure(q: NDArray, k: NDArray, v: NDArray, inputs_checked: bool) -> ValueError:
    """The error to raise when a check failed: the first of ``q``, ``k``, ``v`` holding NaN or inf, else overflow."""
    if not inputs_checked:
        try:
            for name, x in (("q", q), ("k", k), ("v", v)):
                check_finite(name, x)
        except ValueError as error:
            return error
    return overflow_error(q, k)
