r"""The visualizer data contract: what the Attention Visualizer lab draws, as JSON-ready dicts.

This module is the one place the contract is defined; the lab page
(``docs/javascripts/visualizer/``) only renders it, the preset file
``docs/data/visualizer-presets.json`` is a list of such views, and any model
(the hand-built one in :mod:`attention.lab.hand_built`, the pretrained one in
:mod:`attention.lab.minilm`) produces
views through :func:`head_view` and :func:`view`.

A **view** is one sentence under one setting::

    {
      "tokens": ["The", "cat", ...],          # what the model attends over, in order
      "source": "The cat ...",                # the text they came from
      "mask": "none" | "causal",              # causal: query q sees keys k <= q only
      "scaling": true,                        # scores divided by sqrt(d_k)?
      "temperature": 1.0,                     # scores further divided by this
      "threshold": 0.05,                      # "small weight" for the sparsity readout
      "model": "hand-built",                  # which model made it
      "token_notes": ["determiner", ...],     # one short note per token ("" for none)
      "layers": [                             # one entry per layer, first to last
        {"heads": [                           # one entry per head
          {
            "label": "previous token",        # short name; "description": one sentence
            "d_k": 8, "scale": 0.3536,        # the factor the scores were multiplied by
            "scores":        [[...]],         # n x n raw dot products q . k (step 1)
            "scaled_scores": [[...]],         # n x n scores times scale (step 2), unmasked
            "weights":       [[...]],         # n x n softmax of the masked, scaled scores (step 3)
            "q": [[...]], "k": [[...]],       # n x d_k query and key vectors
            "v": [[...]], "output": [[...]],  # n x d_v values, and each query's output sum_k w v (step 4)
            "qk_names": [...], "v_names": [...],  # what each component of q/k and of v means
            "stats": {...}, "row_stats": {...}    # sparsity and distance readouts, below
          }, ...]}
      ]
    }

The vectors (``q``, ``k``, ``v``, ``output`` and the two name lists) come
all together or not at all: a pretrained model's views (``model`` other than
``"hand-built"``, see :mod:`attention.lab.minilm`) leave them out, because
its heads have dozens of unnamed components, and keep the n x n steps.

``weights[q][k]`` is the attention of query token ``q`` to key token ``k``;
every row sums to 1 (to rounding: weights are stored with 6 decimals, the
other numbers with 4) and, under the causal mask, ``weights[q][k]`` is
exactly 0 for every ``k > q``.

The readouts, computed here so that the page shows numbers from the package:

- ``row_stats["entropy"][q]``: :math:`H_q = -\sum_k w_{qk}\log_2 w_{qk}` in
  bits (0 for a row with all its weight on one key);
  ``row_stats["uniform_entropy"][q]``: :math:`\log_2` of the number of keys
  the query may see, the entropy of spreading evenly over them;
- ``row_stats["below_threshold"][q]``: the share of the keys the query may
  see whose weight is below ``threshold`` (masked keys do not count: they are
  zero by construction, not by choice);
- ``row_stats["distance"][q]``: :math:`\sum_k w_{qk}\,|q - k|`, how far
  away, in tokens, the query looks on average;
- ``stats``: the means of those over the rows (``entropy``,
  ``uniform_entropy``, ``below_threshold``, ``distance``), plus
  ``adjacent``, the mean weight on the immediate neighbours
  (:math:`|q - k| = 1`), and ``long_range``, the mean weight on keys at least
  ``LONG_RANGE`` tokens away.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, check_flag, check_int, shape_str
from ..masks import causal_mask
from ..scaled_dot_product import attention_steps

__all__ = [
    "LONG_RANGE",
    "MASKS",
    "SPARSITY_THRESHOLD",
    "check_sentence",
    "check_view",
    "entropy_bits",
    "head_view",
    "score_scale",
    "view",
]

MASKS = ("none", "causal")
"""The mask names a view may carry: every key visible, or only keys at or before the query."""

SPARSITY_THRESHOLD = 0.05
"""A weight below this counts as "near zero" in the sparsity readout."""

LONG_RANGE = 3
"""Keys at least this many tokens from the query count as long-range in the readout."""

_WEIGHT_DECIMALS = 6
_DECIMALS = 4


def _rounded(array: NDArray, decimals: int = _DECIMALS) -> list:
    # Plain Python floats (JSON-ready), rounded so the data stays small; -0.0 becomes 0.0. Rounded
    # in float64: a float32 0.1235 is 0.12349999696016312 as a Python float, long in JSON.
    return (np.round(np.asarray(array, dtype=np.float64), decimals) + 0.0).tolist()


def check_sentence(sentence: str) -> str:
    """Return ``sentence`` if it is a string of Unicode characters; else a ``TypeError`` or ``ValueError`` naming it.

    A lone surrogate (U+D800 to U+DFFF, half of a UTF-16 pair whose other
    half was lost, say in a cut-and-paste) is not a character: it cannot be
    written as UTF-8, so no view holding it could be sent to the page. It is
    refused, with its position, rather than silently replaced.

    Example:
        >>> check_sentence("\\ud800 cat")
        Traceback (most recent call last):
        ...
        ValueError: sentence holds a lone surrogate, U+D800, at position 0: half of a UTF-16 pair, not a character; retype that part of the sentence
    """
    if not isinstance(sentence, str):
        raise TypeError(f"sentence must be a string, got {type(sentence).__name__}")
    try:
        sentence.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(
            f"sentence holds a lone surrogate, U+{ord(sentence[error.start]):04X}, at position {error.start}: "
            "half of a UTF-16 pair, not a character; retype that part of the sentence"
        ) from None
    return sentence


def check_mask_name(mask: str) -> bool:
    """Check a view's mask name, ``"none"`` or ``"causal"``; return whether it is causal.

    The one place the lab's names of the mask are read: past it, the package takes ``causal``, a bool.
    """
    if not isinstance(mask, str) or mask not in MASKS:
        raise ValueError(f"mask must be one of {', '.join(MASKS)}, got {mask!r}")
    return mask == "causal"


def _check_temperature(temperature: float) -> float:
    if isinstance(temperature, (bool, np.bool_)) or not isinstance(temperature, numbers.Real):
        raise TypeError(f"temperature must be a positive number, got {type(temperature).__name__}")
    if not math.isfinite(temperature) or temperature <= 0:
        raise ValueError(f"temperature must be a positive finite number, got {temperature!r}")
    return float(temperature)


def score_scale(d_k: int, *, scaling: bool = True, temperature: float = 1.0) -> float:
    r"""The factor that multiplies the raw scores: :math:`1/(\tau\sqrt{d_k})`, or :math:`1/\tau` unscaled.

    Example:
        >>> score_scale(16)
        0.25
        >>> score_scale(16, scaling=False, temperature=2.0)
        0.5
    """
    try:
        d_k = check_int("d_k", d_k, minimum=1)
    except (TypeError, ValueError):
        raise ValueError(f"d_k must be a positive integer, got {d_k!r}") from None
    factor = 1.0 / math.sqrt(d_k) if check_flag("scaling", scaling) else 1.0
    return factor / _check_temperature(temperature)


def entropy_bits(weights: ArrayLike) -> NDArray[np.float64]:
    r"""Entropy of each row of attention weights, in bits: :math:`-\sum_k w_k \log_2 w_k`.

    Zero weights contribute nothing (:math:`0 \log 0 = 0`). A row with all its
    weight on one key has entropy 0; a row spread evenly over m keys has
    :math:`\log_2 m`.

    Example:
        >>> entropy_bits([[1.0, 0.0, 0.0, 0.0], [0.25, 0.25, 0.25, 0.25]])
        array([0., 2.])
    """
    w = as_float_array("weights", weights, min_ndim=1)
    if (w < 0).any():
        raise ValueError(f"weights must not be negative (shape {shape_str(w.shape)})")
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(w > 0, -w * np.log2(np.where(w > 0, w, 1.0)), 0.0)
    return terms.sum(axis=-1) + 0.0


def _row_stats(weights: NDArray, allowed: NDArray, threshold: float) -> dict[str, NDArray]:
    n_q, n_k = weights.shape
    distance = np.abs(np.arange(n_q)[:, None] - np.arange(n_k)[None, :])  # [n_q, n_k]: |q - k|
    visible = allowed.sum(axis=-1)
    return {
        "entropy": entropy_bits(weights),
        "uniform_entropy": np.log2(visible),
        "below_threshold": ((weights < threshold) & allowed).sum(axis=-1) / visible,
        "distance": (weights * distance).sum(axis=-1),
        "adjacent": np.where(distance == 1, weights, 0.0).sum(axis=-1),
        "long_range": np.where(distance >= LONG_RANGE, weights, 0.0).sum(axis=-1),
    }


def head_view(
    label: str,
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    *,
    mask: str = "none",
    scaling: bool = True,
    temperature: float = 1.0,
    description: str = "",
    qk_names: Sequence[str] | None = None,
    v_names: Sequence[str] | None = None,
    threshold: float = SPARSITY_THRESHOLD,
    vectors: bool = True,
) -> dict[str, Any]:
    r"""One head of a view: the four steps of scaled dot-product attention on ``q``, ``k``, ``v``, with readouts.

    .. math::

        S = QK^\top,\quad \tilde S = \frac{S}{\tau\sqrt{d_k}} \;(\text{or } S/\tau \text{ unscaled}),\quad
        A = \operatorname{softmax}(\tilde S + M),\quad O = AV

    Args:
        label: the head's short name.
        q, k: ``(n, d_k)`` query and key vectors of the n tokens (self-attention).
        v: ``(n, d_v)`` value vectors.
        mask: ``"none"`` or ``"causal"``.
        scaling: divide the scores by :math:`\sqrt{d_k}`.
        temperature: :math:`\tau > 0`, divides the scores once more: below 1
            sharpens the weights, above 1 flattens them.
        description: one sentence on what the head does.
        qk_names, v_names: a name for each component of q/k and of v;
            default ``"dim 0"``, ``"dim 1"``, ...
        threshold: the "near zero" weight of the sparsity readout.
        vectors: include the vectors (``q``, ``k``, ``v``, ``output``) and
            their component names. A pretrained model's heads have dozens of
            unnamed components and there are dozens of heads, so its views
            leave them out (``False``) and keep the n x n steps only.

    Returns:
        The head's entry of the contract (see the module docstring).

    Example:
        >>> head = head_view("self", np.eye(2), np.eye(2), [[1.0], [3.0]], scaling=False)
        >>> head["weights"]
        [[0.731059, 0.268941], [0.268941, 0.731059]]
        >>> head["output"]
        [[1.5379], [2.4621]]
    """
    if not isinstance(label, str) or not label:
        raise TypeError(f"label must be a non-empty string, got {label!r}")
    q = as_float_array("q", q, ndim=2)
    k = as_float_array("k", k, ndim=2)
    v = as_float_array("v", v, ndim=2)
    if q.shape != k.shape or v.shape[0] != q.shape[0]:
        raise ValueError(
            f"q and k must both be (n, d_k) and v (n, d_v) for the same n tokens: q has shape {shape_str(q.shape)}, "
            f"k has shape {shape_str(k.shape)}, v has shape {shape_str(v.shape)}"
        )
    n, d_k = q.shape
    qk_names = _names("qk_names", qk_names, d_k)
    v_names = _names("v_names", v_names, v.shape[1])
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(threshold, numbers.Real) or not 0 < threshold < 1:
        raise ValueError(f"threshold must be a number between 0 and 1, got {threshold!r}")
    scale = score_scale(d_k, scaling=scaling, temperature=temperature)
    causal = check_mask_name(mask)
    steps = attention_steps(q, k, v, scale=scale, causal=causal)
    allowed = causal_mask(n) if causal else np.ones((n, n), dtype=bool)
    rows = _row_stats(steps.weights, allowed, float(threshold))
    head: dict[str, Any] = {
        "label": label,
        "description": description,
        "d_k": d_k,
        "scale": round(scale, 6),
        "scores": _rounded(steps.scores),
        "scaled_scores": _rounded(steps.scaled_scores),
        "weights": _rounded(steps.weights, _WEIGHT_DECIMALS),
    }
    if check_flag("vectors", vectors):
        head.update(
            q=_rounded(q), k=_rounded(k), v=_rounded(v), output=_rounded(steps.output), qk_names=qk_names, v_names=v_names
        )
    head["stats"] = {name: round(float(values.mean()), _DECIMALS) for name, values in rows.items()}
    head["row_stats"] = {name: _rounded(rows[name]) for name in ("entropy", "uniform_entropy", "below_threshold", "distance")}
    return head


def _names(name: str, names: Sequence[str] | None, size: int) -> list[str]:
    if names is None:
        return [f"dim {i}" for i in range(size)]
    if isinstance(names, str) or not all(isinstance(item, str) for item in names):
        raise TypeError(f"{name} must be a sequence of strings")
    if len(names) != size:
        raise ValueError(f"{name} must name each of the {size} components, got {len(names)} names")
    return list(names)


def view(
    tokens: Sequence[str],
    source: str,
    layers: Sequence[Sequence[dict[str, Any]]],
    *,
    mask: str = "none",
    scaling: bool = True,
    temperature: float = 1.0,
    model: str = "",
    token_notes: Sequence[str] | None = None,
    threshold: float = SPARSITY_THRESHOLD,
) -> dict[str, Any]:
    """Assemble a view from per-layer lists of heads made by :func:`head_view` with the same settings.

    Example:
        >>> head = head_view("self", np.eye(2), np.eye(2), np.eye(2))
        >>> data = view(["a", "b"], "a b", [[head]])
        >>> data["layers"][0]["heads"][0]["label"], data["mask"]
        ('self', 'none')
    """
    check_mask_name(mask)
    if isinstance(tokens, str) or not all(isinstance(t, str) for t in tokens):
        raise TypeError("tokens must be a sequence of strings")
    if not isinstance(source, str):
        raise TypeError(f"source must be a string, got {type(source).__name__}")
    notes = [""] * len(tokens) if token_notes is None else list(token_notes)
    data = {
        "tokens": list(tokens),
        "source": source,
        "mask": mask,
        "scaling": check_flag("scaling", scaling),
        "temperature": _check_temperature(temperature),
        "threshold": threshold,
        "model": model,
        "token_notes": notes,
        "layers": [{"heads": list(heads)} for heads in layers],
    }
    check_view(data)
    return data


def _fail(where: str, problem: str) -> ValueError:
    return ValueError(f"visualizer data: {where} {problem}")


def _matrix(where: str, value: object, n_rows: int, n_cols: int | None = None) -> NDArray:
    try:
        array = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise _fail(where, "must be a list of equally long lists of numbers") from None
    if array.ndim != 2 or array.shape[0] != n_rows or (n_cols is not None and array.shape[1] != n_cols):
        want = f"({n_rows}, {n_cols if n_cols is not None else 'd'})"
        raise _fail(where, f"must have shape {want}, got {shape_str(array.shape)}")
    if not np.isfinite(array).all():
        raise _fail(where, "must hold finite numbers only")
    return array


def check_view(data: object, *, tolerance: float = 1e-5) -> None:
    """Check that ``data`` follows the contract; raise ``ValueError`` naming the first field that does not.

    Checks the keys and shapes, that every weight lies in [0, 1], that every
    row sums to 1 within ``tolerance`` per key, and that under the causal
    mask every weight above the diagonal is exactly 0.
    """
    if not isinstance(data, dict):
        raise _fail("view", f"must be a dict, got {type(data).__name__}")
    for key in ("tokens", "source", "mask", "scaling", "temperature", "threshold", "model", "token_notes", "layers"):
        if key not in data:
            raise _fail("view", f"has no {key!r}")
    tokens = data["tokens"]
    if not isinstance(tokens, list) or not tokens or not all(isinstance(t, str) for t in tokens):
        raise _fail("tokens", "must be a non-empty list of strings")
    n = len(tokens)
    if data["mask"] not in MASKS:
        raise _fail("mask", f"must be one of {MASKS}, got {data['mask']!r}")
    notes = data["token_notes"]
    if not isinstance(notes, list) or len(notes) != n or not all(isinstance(t, str) for t in notes):
        raise _fail("token_notes", f"must be a list of {n} strings, one per token")
    layers = data["layers"]
    if not isinstance(layers, list) or not layers:
        raise _fail("layers", "must be a non-empty list")
    future = ~causal_mask(n)
    for i, layer in enumerate(layers):
        heads = layer.get("heads") if isinstance(layer, dict) else None
        if not isinstance(heads, list) or not heads:
            raise _fail(f"layers[{i}]", "must be a dict with a non-empty list 'heads'")
        for j, head in enumerate(heads):
            where = f"layers[{i}].heads[{j}]"
            if not isinstance(head, dict) or not isinstance(head.get("label"), str) or not head["label"]:
                raise _fail(where, "must be a dict with a non-empty 'label'")
            for key in ("scores", "scaled_scores", "weights"):
                _matrix(f"{where}.{key}", head.get(key), n, n)
            weights = np.array(head["weights"], dtype=float)
            if (weights < 0).any() or (weights > 1).any():
                raise _fail(f"{where}.weights", "must lie in [0, 1]")
            sums = weights.sum(axis=-1)
            if (np.abs(sums - 1) > tolerance * n).any():
                row = int(np.argmax(np.abs(sums - 1)))
                raise _fail(f"{where}.weights", f"row {row} sums to {sums[row]!r}, not 1")
            if data["mask"] == "causal" and (weights[future] != 0).any():
                raise _fail(f"{where}.weights", "gives weight to a future token under the causal mask")
            _check_vectors(where, head, n)
            for key in ("stats", "row_stats"):
                if not isinstance(head.get(key), dict):
                    raise _fail(f"{where}.{key}", "must be a dict")


_VECTOR_KEYS = ("q", "k", "v", "output", "qk_names", "v_names")


def _check_vectors(where: str, head: dict, n: int) -> None:
    """The vectors of a head: all of them (and ``d_k`` the width of q), or none (and ``d_k`` a positive int)."""
    present = [key for key in _VECTOR_KEYS if key in head]
    if not present:
        d_k = head.get("d_k")
        if isinstance(d_k, bool) or not isinstance(d_k, int) or d_k < 1:
            raise _fail(f"{where}.d_k", f"must be a positive integer, got {d_k!r}")
        return
    if len(present) != len(_VECTOR_KEYS):
        missing = ", ".join(key for key in _VECTOR_KEYS if key not in head)
        raise _fail(where, f"has some vectors but not all: missing {missing}")
    q = _matrix(f"{where}.q", head["q"], n)
    _matrix(f"{where}.k", head["k"], n, q.shape[1])
    v = _matrix(f"{where}.v", head["v"], n)
    _matrix(f"{where}.output", head["output"], n, v.shape[1])
    if head.get("d_k") != q.shape[1]:
        raise _fail(f"{where}.d_k", f"must equal the width of q, {q.shape[1]}")
    for key, size in (("qk_names", q.shape[1]), ("v_names", v.shape[1])):
        names = head[key]
        if not isinstance(names, list) or len(names) != size:
            raise _fail(f"{where}.{key}", f"must be a list of {size} names")
