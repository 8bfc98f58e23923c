"""Input checks shared by the public functions.

Every public function of the package validates what it is given and raises a
``TypeError`` (wrong kind of thing) or ``ValueError`` (right kind, wrong shape
or value) whose message names the argument and, where shapes matter, the
shapes involved. The helpers here keep those messages uniform.
"""

from __future__ import annotations

import math
import numbers
import os
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "CheckedInputs",
    "PreparedMask",
    "ScoresOverflowError",
    "all_finite",
    "as_float_array",
    "as_mask",
    "check_arguments",
    "check_finite",
    "check_flag",
    "check_inputs",
    "check_int",
    "check_memory",
    "check_product",
    "check_qk",
    "check_qkv",
    "check_scale",
    "check_window",
    "clip_bias",
    "float_dtype",
    "overflow_error",
    "prepare_mask",
    "saturate",
    "score_factor",
    "shape_str",
    "sum_of_squares",
    "window_allowed",
]


def shape_str(shape: tuple[int, ...]) -> str:
    """Format a shape as ``(2, 3)``; a 1-D shape as ``(3,)`` like numpy."""
    return str(tuple(int(n) for n in shape))


_FLOAT32, _FLOAT64 = np.dtype(np.float32), np.dtype(np.float64)


def float_dtype(*arrays: NDArray) -> np.dtype:
    """The float dtype a computation on ``arrays`` returns.

    float32 stays float32; float16 is computed in float32 (its range is too
    small for scores); anything else, float64, integers and wider floats such
    as ``np.longdouble`` alike, is computed in float64; float32 mixed with
    float64 gives float64.
    """
    dtype = np.result_type(*(a.dtype for a in arrays))
    # Kind and size, not np.issubdtype: this runs on every call of every function.
    return _FLOAT32 if dtype.kind == "f" and dtype.itemsize <= 4 else _FLOAT64


def as_float_array(
    name: str,
    value: ArrayLike,
    *,
    min_ndim: int = 0,
    ndim: int | None = None,
    allow_empty: bool = False,
    allow_neg_inf: bool = False,
    finite: bool = True,
) -> NDArray[np.floating]:
    """Convert ``value`` to a real float array, or raise naming ``name``.

    Accepts float and integer arrays (and anything ``np.asarray`` turns into
    one). Rejects booleans, complex numbers, objects and strings with a
    ``TypeError``; rejects a wrong rank, empty axes, NaN and infinities with a
    ``ValueError``. ``allow_neg_inf`` lets ``-inf`` through, which softmax
    and additive masks read as "weight exactly zero". ``finite=False`` leaves
    NaN and infinities to a later :func:`check_finite` by the caller, which
    must make it before computing with the array. A float wider than float64
    (``np.longdouble``) is converted to float64, and refused if it holds a
    finite value beyond float64's range.
    """
    try:
        array = np.asarray(value)
    except (TypeError, ValueError) as error:  # ragged nested lists, for one
        raise TypeError(f"{name} must be a numeric array, got {type(value).__name__}: {error}") from None
    kind = array.dtype.kind
    if kind == "c":
        raise TypeError(f"{name} must be real, got complex dtype {array.dtype} with shape {shape_str(array.shape)}")
    if kind == "b":
        raise TypeError(
            f"{name} must be a float array, got bool dtype with shape {shape_str(array.shape)}"
            " (boolean arrays are only accepted as masks)"
        )
    if kind not in "iuf":
        raise TypeError(f"{name} must be a numeric array, got dtype {array.dtype} with shape {shape_str(array.shape)}")
    if ndim is not None and array.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-D, got shape {shape_str(array.shape)} ({array.ndim}-D)")
    if array.ndim < min_ndim:
        raise ValueError(
            f"{name} must have at least {min_ndim} dimensions, got shape {shape_str(array.shape)} ({array.ndim}-D)"
        )
    if not allow_empty and array.size == 0:
        raise ValueError(f"{name} must not be empty, got shape {shape_str(array.shape)}")
    if finite and kind == "f":
        check_finite(name, array, allow_neg_inf=allow_neg_inf)
    if array.dtype.char in "fd":
        return array  # float32, float64 (either byte order): already what the computation uses
    with np.errstate(over="ignore", under="ignore"):  # np.longdouble beyond float64: refused just below
        converted = array.astype(float_dtype(array), copy=False)
    if kind == "f" and array.dtype.itemsize > 8 and not all_finite(converted):
        # np.longdouble reaches beyond float64: a finite value there would become an infinity.
        beyond = np.isfinite(array) & ~np.isfinite(converted)
        if beyond.any():
            raise ValueError(
                f"{name} holds values beyond the range of float64, in which it is computed "
                f"(largest |{name}| {np.format_float_scientific(np.abs(array[beyond]).max(), precision=2)}, "
                f"shape {shape_str(array.shape)})"
            )
    return converted


def sum_of_squares(array: NDArray) -> float:
    """``x · x`` over every entry of the float ``array``, read once, with no temporary array.

    NaN or inf when ``array`` holds NaN or an infinity; inf also when finite
    entries are so large that their squares overflow (beyond about 1.8e19 in
    float32, 1.3e154 in float64). When it is finite, so is every entry, and
    none exceeds its square root.
    """
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):  # overflow is an answer here, not an error
        if array.flags.c_contiguous or array.ndim > 26:  # (a copy for a strided array of many axes: rare)
            flat = array.reshape(-1)
            return float(np.dot(flat, flat))
        axes = "".join(map(chr, range(ord("a"), ord("a") + array.ndim)))
        return float(np.einsum(f"{axes},{axes}->", array, array))


def all_finite(array: NDArray) -> bool:
    """Whether the float ``array`` holds neither NaN nor an infinity.

    The array is first read once by :func:`sum_of_squares`, with no temporary
    array: any NaN or infinity makes it NaN or inf. Only if it is not finite
    (a bad value, or finite values whose squares overflow) is the array looked
    at value by value.
    """
    return math.isfinite(sum_of_squares(array)) or bool(np.isfinite(array).all())


def check_finite(name: str, array: NDArray, *, allow_neg_inf: bool = False) -> bool:
    """Raise ``ValueError`` naming ``name`` if the float array holds NaN or an infinity (``-inf`` if allowed).

    Returns whether ``array · array`` is finite too (see :func:`sum_of_squares`):
    True for the usual values; False for an array that holds values beyond
    the square root of the largest float (or an allowed ``-inf``), where a
    sum of its values may overflow though each is finite.
    """
    # One pass in the usual, all-finite case; only a non-finite array is searched for what to report.
    if math.isfinite(sum_of_squares(array)):
        return True
    if np.isfinite(array).all():
        return False
    if np.isnan(array).any():
        raise ValueError(f"{name} contains NaN (shape {shape_str(array.shape)})")
    if allow_neg_inf:
        if np.isposinf(array).any():
            raise ValueError(f"{name} contains +inf (shape {shape_str(array.shape)}); only -inf is allowed")
    elif np.isinf(array).any():
        raise ValueError(f"{name} contains inf (shape {shape_str(array.shape)}); all values must be finite")
    return False


def as_mask(mask: ArrayLike, target_shape: tuple[int, ...], name: str = "mask") -> tuple[NDArray[np.bool_], NDArray | None]:
    """Split a boolean or additive mask into ``(allowed, bias)``.

    A boolean mask says which keys a query may attend to (True = may
    attend). A numeric mask is *added* to the scaled scores; ``-inf`` entries
    mean "may not attend". Both must broadcast to ``target_shape`` (the shape
    of the scores) without enlarging it. Returns a boolean array of allowed
    positions and, for an additive mask, its finite part (``-inf`` replaced
    by 0) to add to the scores; ``bias`` is None for a boolean mask.
    """
    array = np.asarray(mask)
    if array.dtype.kind == "b":
        allowed, bias = array, None
    else:
        bias = as_float_array(name, array, allow_empty=True, allow_neg_inf=True)
        allowed = np.isfinite(bias)
        bias = np.where(allowed, bias, 0.0).astype(bias.dtype, copy=False)
    try:
        shape = np.broadcast_shapes(array.shape, target_shape)
    except ValueError:
        shape = None
    if shape != tuple(target_shape):
        raise ValueError(
            f"{name} with shape {shape_str(array.shape)} does not broadcast to the scores' shape "
            f"{shape_str(target_shape)} (..., n_q, n_k)"
        )
    return allowed, bias


class PreparedMask(NamedTuple):
    """A mask checked once, in the form the computations take it (see :func:`prepare_mask`)."""

    allowed: NDArray[np.bool_] | None
    """Broadcastable to the scores: True where a query may attend to a key; None: every key."""
    bias: NDArray | None
    """An additive mask's finite part (its ``-inf`` entries are in ``allowed``); None: nothing to add."""
    causal: bool
    """Whether query i may also see only keys ``0 .. i`` (top-left aligned), on top of ``allowed``."""


def check_window(window: int | None, causal: bool) -> int | None:
    """A sliding window: None, or an integer of at least 1 given with ``causal=True``; else an error naming ``window``."""
    if window is None:
        return None
    window = check_int("window", window, minimum=1)
    if not causal:
        raise ValueError(
            f"window={window} limits the causal mask (query i sees keys i - window + 1 .. i): give causal=True as well"
        )
    return window


def window_allowed(n_q: int, n_k: int, window: int, first_query: int = 0) -> NDArray[np.bool_]:
    """``(n_q, n_k)``: True where key j is less than ``window`` positions before query ``first_query + i``.

    Only the lower edge of the band: the causal rule (j <= i) is the other one.
    """
    check_memory(n_q * n_k, f"window={window}: an n_q × n_k = {n_q} × {n_k} boolean mask")
    return ~np.tri(n_q, n_k, first_query - window, dtype=bool)


def prepare_mask(
    mask: ArrayLike | None, causal: bool, scores_shape: tuple[int, ...], window: int | None = None
) -> PreparedMask:
    """Check the spellings of a mask, an array, ``causal`` and ``window``, once; see :func:`as_mask` for the array.

    A ``window`` (which needs ``causal``) becomes part of ``allowed``: keys
    ``window`` or more positions before the query are hidden, as
    :func:`~attention.masks.sliding_window_mask` shows.
    """
    causal = check_flag("causal", causal)
    window = check_window(window, causal)
    allowed, bias = (None, None) if mask is None else as_mask(mask, scores_shape)
    if window is not None:
        band = window_allowed(scores_shape[-2], scores_shape[-1], window)
        allowed = band if allowed is None else allowed & band
    return PreparedMask(allowed, bias, causal)


def _leading_axes(**arrays: NDArray) -> tuple[int, ...]:
    """The broadcast of the arrays' leading (batch/head) axes, all but the last two; else a ValueError naming each."""
    try:
        return np.broadcast_shapes(*(a.shape[:-2] for a in arrays.values()))
    except ValueError:
        *first, last = arrays
        shapes = ", ".join(f"{name} has shape {shape_str(a.shape)}" for name, a in arrays.items())
        raise ValueError(f"the leading (batch/head) axes of {', '.join(first)} and {last} do not broadcast: {shapes}") from None


def check_qk(q: ArrayLike, k: ArrayLike, *, finite: bool = True) -> tuple[NDArray, NDArray, tuple[int, ...]]:
    """Validate a query/key pair; return them as one float dtype and the scores' shape.

    ``finite=False`` skips the NaN/infinity check (see :func:`as_float_array`).
    """
    q = as_float_array("q", q, min_ndim=2, finite=finite)
    k = as_float_array("k", k, min_ndim=2, finite=finite)
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(
            f"q and k must have the same d_k (last axis): q has shape {shape_str(q.shape)}, "
            f"k has shape {shape_str(k.shape)}"
        )
    batch = _leading_axes(q=q, k=k)
    dtype = float_dtype(q, k)
    return q.astype(dtype, copy=False), k.astype(dtype, copy=False), (*batch, q.shape[-2], k.shape[-2])


class CheckedInputs(NamedTuple):
    """Queries, keys and values checked by :func:`check_inputs`, in one float dtype."""

    q: NDArray
    k: NDArray
    v: NDArray
    scores_shape: tuple[int, ...]
    """``(..., n_q, n_k)``: the leading axes of q and k broadcast."""
    moderate_v: bool
    """Whether ``v · v`` is finite (see :func:`check_finite`); False also when ``v`` was not checked."""


def check_inputs(q: ArrayLike, k: ArrayLike, v: ArrayLike, *, finite: bool = True) -> CheckedInputs:
    """Validate queries, keys and values; return them as one float dtype, the scores' shape and v's size.

    ``moderate_v`` tells the caller, at no extra cost, whether a weighted
    average of ``v`` can come within rounding of the float range (it cannot
    when every value is below the square root of the largest float).
    """
    q, k, scores_shape = check_qk(q, k, finite=finite)
    v = as_float_array("v", v, min_ndim=2, finite=False)
    moderate_v = check_finite("v", v) if finite else False
    if v.shape[-2] != k.shape[-2]:
        raise ValueError(
            f"k and v must have the same number of positions n_k (second-to-last axis): "
            f"k has shape {shape_str(k.shape)}, v has shape {shape_str(v.shape)}"
        )
    _leading_axes(q=q, k=k, v=v)
    dtype = float_dtype(q, k, v)
    return CheckedInputs(
        q.astype(dtype, copy=False), k.astype(dtype, copy=False), v.astype(dtype, copy=False), scores_shape, moderate_v
    )


def check_qkv(
    q: ArrayLike, k: ArrayLike, v: ArrayLike, *, finite: bool = True
) -> tuple[NDArray, NDArray, NDArray, tuple[int, ...]]:
    """Validate queries, keys and values; return them as one float dtype and the scores' shape."""
    return check_inputs(q, k, v, finite=finite)[:4]


class ScoresOverflowError(ValueError):
    """Finite queries and keys whose scaled dot products overflow (see :func:`overflow_error`).

    A ``ValueError``; functions that compute the queries and keys themselves
    (:func:`~attention.self_attention`, :class:`~attention.MultiHeadAttention`)
    catch it to name what their caller passed instead.
    """


def overflow_error(q: NDArray, k: NDArray) -> ScoresOverflowError:
    """The error for finite queries and keys whose dot products overflow their dtype."""
    return ScoresOverflowError(
        f"the scores q·kᵀ overflow {q.dtype} (q has shape {shape_str(q.shape)}, k has shape "
        f"{shape_str(k.shape)}, largest |q| {np.abs(q).max():.3g}, largest |k| {np.abs(k).max():.3g}): "
        "rescale q or k"
    )


def check_product(result: NDArray, expression: str, rescale: str | None = None, **operands: NDArray) -> bool:
    """Raise ``ValueError`` if ``result``, computed from the finite ``operands`` as ``expression``, overflowed.

    The message names the expression (``"x @ w_q"``), each operand's shape
    and largest magnitude, and what to rescale (``rescale``, by default the
    operands). Returns whether ``result · result`` is finite, as
    :func:`check_finite` does.
    """
    if math.isfinite(sum_of_squares(result)):
        return True
    if np.isfinite(result).all():
        return False
    described = ", ".join(
        f"{name} has shape {shape_str(a.shape)}, largest |{name}| {float(np.abs(a).max()):.3g}"
        for name, a in operands.items()
    )
    raise ValueError(f"{expression} overflows {result.dtype} ({described}): rescale {rescale or ' or '.join(operands)}")


def saturate(output: NDArray) -> NDArray:
    """Round the infinities of a weighted average of finite values to the largest finite float, in place.

    A weighted average of finite values is finite, but weights that sum to a
    little over 1 (rounding) can take an average within a few ulps of the
    largest float past it: the nearest float is then the largest one.
    """
    limit = np.finfo(output.dtype).max
    return np.clip(output, -limit, limit, out=output)


def clip_bias(bias: NDArray, dtype: np.dtype) -> NDArray:
    """An additive mask's finite part in ``dtype``, a value beyond its range rounded to its largest.

    A float64 mask of -1e300 means "as good as forbidden" and must not become
    ``-inf`` (forbidden) when cast to float32 scores. The sum of the scores
    and the mask may still overflow; the callers take care of that.
    """
    if bias.dtype == dtype:
        return bias  # finite, and already in range
    limit = np.finfo(dtype).max
    return np.clip(bias, -limit, limit).astype(dtype, copy=False)


def check_int(name: str, value: int, minimum: int | None = None) -> int:
    """Return ``value`` as an int if it is an integer (not a bool) of at least ``minimum``; else raise naming ``name``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return int(value)


def check_scale(scale: float | None, d_k: int) -> float:
    """Return the score scale: ``1/sqrt(d_k)`` by default, else a positive finite real number, as a float.

    Any real number that converts to a float is accepted (``Fraction(1, 2)``, ``np.float32(0.5)``).
    """
    if scale is None:
        return 1.0 / float(np.sqrt(d_k))
    if isinstance(scale, (bool, np.bool_)) or not isinstance(scale, numbers.Real):
        raise TypeError(f"scale must be a real number or None, got {type(scale).__name__}")
    try:
        value = float(scale)
    except OverflowError:  # a Fraction or integer beyond float64
        raise ValueError(f"scale must be a positive finite number, got a {type(scale).__name__} beyond float64's range") from None
    except (TypeError, ValueError) as error:
        raise TypeError(f"scale must be a real number or None, got {type(scale).__name__}: {error}") from None
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"scale must be a positive finite number, got {scale!r}")
    return value


def score_factor(scale: float | None, d_k: int, dtype: np.dtype) -> np.floating:
    """:func:`check_scale`'s factor in ``dtype``; a ``ValueError`` naming ``scale`` if it overflows that dtype."""
    value = check_scale(scale, d_k)
    if value > float(np.finfo(dtype).max):
        raise ValueError(f"scale={value!r} is beyond the range of {dtype}, in which the scores are computed")
    return dtype.type(value)


def _memory_bytes() -> int | None:
    """The machine's physical memory in bytes, or None where the system does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or no such name
        return None


def check_memory(nbytes: int, what: str) -> None:
    """Raise ``MemoryError`` saying how many bytes ``what`` needs, before trying, if the machine cannot have them.

    ``what`` names the argument and the array, e.g. ``"causal_mask(n=1000000): an n × n boolean mask"``.
    The limit is the physical memory where the system reports it, and the
    largest array numpy can index everywhere.
    """
    memory = _memory_bytes()
    limit = min(np.iinfo(np.intp).max, memory) if memory else np.iinfo(np.intp).max
    if nbytes > limit:
        have = f"this machine has {memory:,} bytes of memory" if memory else "more than numpy can index"
        raise MemoryError(f"{what}: {nbytes:,} bytes ({nbytes / 2**30:,.1f} GiB) needed; {have}")


def check_flag(name: str, value: bool) -> bool:
    """Return ``value`` if it is True or False (numpy's bools too), else raise a TypeError naming ``name``."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__}")
    return bool(value)


def check_arguments(entry: str, args: object, names: tuple[str, ...]) -> dict:
    """An entry point's arguments (a parsed JSON object) if they are exactly ``names``.

    The page calls Python entry points by name with one JSON object
    (``attention.lab.entry``, ``attention.training.entry``): a key missing
    or unknown is a page that does not match the package, and the message
    says which, naming ``entry``.

    Example:
        >>> check_arguments("f", {"seed": 1}, ("seed",))
        {'seed': 1}
    """
    if not isinstance(args, dict):
        raise TypeError(f"{entry} takes a JSON object of {', '.join(names)}, got {type(args).__name__}")
    missing = [name for name in names if name not in args]
    unknown = sorted(str(name) for name in args if name not in names)
    problems = []
    if missing:
        problems.append(f"missing {', '.join(missing)}")
    if unknown:
        problems.append(f"unknown {', '.join(unknown)}")
    if problems:
        raise ValueError(f"{entry} takes the arguments {', '.join(names)}: {'; '.join(problems)}")
    return args
