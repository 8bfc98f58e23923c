"""SmolLM2-135M-Instruct's attention as views for the Attention Visualizer lab: a causal language model.

The lab (``docs/lab.md``) draws views of the contract in
:mod:`attention.lab.contract`. This module runs the decoder of
:mod:`attention.models.llama` on a prompt once
(:meth:`~attention.models.llama.LlamaModel.trace`) and turns every one of its
30 x 9 heads into such a view, under the causal mask: the queries and keys
are the ones the model attended with, read from its trace (RoPE already
applied), each query head paired with the key/value head its group shares
(grouped-query attention: 9 query heads, 3 key/value heads, heads 0-2 on
key/value head 0, 3-5 on 1, 6-8 on 2, counted from 0 as in code; the lab
counts from 1), and the steps are recomputed from them by
:func:`attention.lab.contract.head_view`, so they are the numbers the model
used. The vectors are left out (64 unnamed components per head).

Besides the heads, a view of this model carries what the model predicts
after the prompt (``"prediction"``: the 5 most likely next tokens with their
probabilities, the softmax of the last position's logits) and the
grouped-query layout (``"n_kv_heads"``, and each head's ``"kv_head"``), the
token ids (``"ids"``) and the vocabulary's size (``"vocab_size"``).

Each head gets a label and a one-sentence description *measured on this
prompt* (:func:`head_patterns`): the share of a query's weight on the token
just before it, on the first token (an attention sink), on itself, and on
the token that followed an earlier copy of the query's own token (what an
induction head attends to). Queries from :data:`FIRST_QUERY` on count: the
first few have only a handful of keys to choose from.

The weights are 4-bit quantized (Q4_1) and this is the *instruct* variant
of the model; the site's build runs it on the prompts of
:data:`attention.lab.presets.LANGUAGE_MODEL` (``overrides/hooks/model_views.py``)
and ships each view compacted by :func:`compact_view` (the page expands it
as :func:`expand_view` does). In the reader's browser, once the reader has
loaded the model's file, :func:`language_model_view_json` computes any
other prompt the same way (the page calls it through
:func:`attention.lab.entry.language_model_view`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..models.llama import LlamaModel, load_smollm2
from ..softmax import softmax
from .contract import check_sentence, check_view, entropy_bits, head_view, view
from .presets import LANGUAGE_MODEL

__all__ = [
    "BROAD_SHARE",
    "FIRST_QUERY",
    "MAX_TOKENS",
    "MODEL_LABEL",
    "PATTERN_SHARE",
    "PRESETS",
    "SCORE_DECIMALS",
    "TOP_K",
    "WEIGHT_UNIT",
    "compact_view",
    "display_token",
    "expand_view",
    "head_patterns",
    "language_model_view",
    "language_model_view_json",
    "model_at",
    "next_tokens",
    "opening",
    "view_json",
]

MODEL_LABEL = "SmolLM2-135M-Instruct"
"""The ``model`` field of the views this module makes."""

MAX_TOKENS = 40
"""The longest prompt the lab takes, in tokens: a 40 x 40 map still fits the page."""

TOP_K = 5
"""How many of the most likely next tokens a view lists."""

FIRST_QUERY = 4
"""Queries from this position on (0-based) count for the labels: query 0 sees only itself."""

PATTERN_SHARE = 0.4
"""A head is named after a pattern when at least this share of a query's weight, on average, follows it."""

BROAD_SHARE = 0.5
"""A head without a pattern is "broad" when its rows spread like an even split over at least this share of
the keys they may see (measured by the entropy), else "mixed"."""

PRESETS = LANGUAGE_MODEL
"""The prompts the site's build runs the model on: ``(id, group, prompt)`` (see :mod:`.presets`)."""

WEIGHT_UNIT = 1e-6
"""A compact view stores each weight as a whole number of these (the contract's 6 decimals)."""
_WEIGHT_DENOMINATOR = 10**6

SCORE_DECIMALS = 2
"""A compact view stores each score with this many decimals (as the lab prints them), as a whole number."""

# pattern -> (label, how the description says it)
_PATTERNS = {
    "previous": ("previous token", "the token just before it"),
    "first": ("first-token sink", "the first token of the prompt"),
    "self": ("itself", "itself"),
    "induction": ("induction", "the token that followed an earlier copy of its own token"),
}


def display_token(text: str) -> str:
    """A token's text as the lab shows it: a line break as ``↵``, a tab as ``⇥``, a token of spaces only as ``␣``.

    Example:
        >>> [display_token(t) for t in ["The", " cat", "\\n", "  "]]
        ['The', ' cat', '↵', '␣␣']
    """
    shown = text.replace("\n", "↵").replace("\t", "⇥")
    return "␣" * len(shown) if shown and not shown.strip(" ") else shown


def _token_note(text: str) -> str:
    if text == "\n" * len(text):
        return "a line break" if len(text) == 1 else f"{len(text)} line breaks"
    if "\ufffd" in text:
        return "part of a character: its UTF-8 bytes are split between tokens"
    if text.startswith(" ") and text.strip():
        return "begins with a space: a word of its own"
    if not text.strip():
        return "spaces"
    return ""


def head_patterns(weights: NDArray, ids: Sequence[int]) -> dict[str, float]:
    """The mean share of a query's weight on each pattern, over the queries from :data:`FIRST_QUERY` on.

    - ``previous``: on the token just before the query;
    - ``first``: on the first token (an attention sink);
    - ``self``: on the query's own position;
    - ``induction``: on the positions ``j + 1 < i`` after an earlier copy
      ``ids[j] == ids[i]`` of the query's token, over the queries that have
      one (0 when none has).

    Example:
        >>> w = np.tril(np.ones((6, 6)))
        >>> w[5] = [0.0, 0.0, 0.9, 0.0, 0.0, 0.1]  # token 5 repeats token 1; token 2 followed it
        >>> w = w / w.sum(axis=1, keepdims=True)
        >>> {name: round(share, 2) for name, share in head_patterns(w, [7, 8, 9, 6, 5, 8]).items()}
        {'previous': 0.1, 'first': 0.1, 'self': 0.15, 'induction': 0.9}
    """
    weights = np.asarray(weights, dtype=np.float64)
    n = weights.shape[-1]
    if weights.shape != (n, n) or len(ids) != n:
        raise ValueError(f"weights must be (n, n) for the n = {len(ids)} ids, got shape {weights.shape}")
    if n < 2:  # one token: no query has a token before it; every share but "self" is 0
        return {"previous": 0.0, "first": 0.0, "self": float(n == 1), "induction": 0.0}
    queries = np.arange(min(FIRST_QUERY, n - 1), n)  # from 1 on at least
    token_ids = np.asarray(ids)
    induction = []
    for i in queries:
        after = [j + 1 for j in range(i - 1) if token_ids[j] == token_ids[i]]  # j + 1 < i
        if after:
            induction.append(weights[i, sorted(set(after))].sum())
    return {
        "previous": float(weights[queries, queries - 1].mean()),
        "first": float(weights[queries, 0].mean()),
        "self": float(weights[queries, queries].mean()),
        "induction": float(np.mean(induction)) if induction else 0.0,
    }


def _describe(weights: NDArray, ids: Sequence[int]) -> tuple[str, str]:
    """A head's label and one-sentence description on this prompt, from its measured patterns."""
    shares = head_patterns(weights, ids)
    best = max(shares, key=lambda name: shares[name])
    share = shares[best]
    label, target = _PATTERNS[best]
    n = weights.shape[-1]
    queries = np.arange(min(FIRST_QUERY, n - 1), n)  # as head_patterns counts them (query 0 alone for one token)
    entropy = entropy_bits(weights[queries])
    spread = float((2.0**entropy).mean())
    fraction = float((2.0**entropy / (queries + 1)).mean())  # of the keys each query may see
    if share >= PATTERN_SHARE:
        return label, (
            f"On this prompt a query gives {share:.0%} of its weight, on average, to {target}; "
            f"the rows spread like an even split over {spread:.1f} keys."
        )
    return "broad" if fraction >= BROAD_SHARE else "mixed", (
        f"No one pattern on this prompt: the largest, {target}, takes {share:.0%} of a query's weight on average; "
        f"the rows spread like an even split over {spread:.1f} keys, {fraction:.0%} of those they may see."
    )


def next_tokens(model: LlamaModel, logits: NDArray, k: int = TOP_K) -> list[dict[str, Any]]:
    """The ``k`` most likely next tokens after one position's ``logits``: ``{"id", "token", "probability"}``.

    The probabilities are the softmax of the logits (float64), so the ``k``
    of them sum to at most 1; ties go to the lower id.
    """
    p = softmax(np.asarray(logits, dtype=np.float64))
    top = np.argsort(-p, kind="stable")[:k]
    return [
        {"id": int(i), "token": display_token(model.tokenizer.decode([int(i)])), "probability": round(float(p[i]), 6)}
        for i in top
    ]


def language_model_view(model: LlamaModel, prompt: str) -> dict[str, Any]:
    """Run ``model`` on ``prompt`` and return the causal view of all its heads, with its next-token prediction.

    Raises:
        ValueError: the prompt is empty, longer than :data:`MAX_TOKENS`
            tokens (the message gives the count), or holds a lone surrogate.
    """
    if not isinstance(prompt, str) or not prompt.strip():
        raise ValueError(f"prompt must be a non-empty string, got {prompt!r}")
    check_sentence(prompt)
    ids = model.tokenizer.encode(prompt)
    if len(ids) > MAX_TOKENS:
        raise ValueError(f"the prompt is {len(ids)} tokens long; the lab takes at most {MAX_TOKENS}: shorten it")
    c = model.config
    group = c.n_heads // c.n_kv_heads
    trace = model.trace(ids)
    layers = []
    # Each layer's queries [9, n, d_k] and keys [3, n, d_k] after RoPE, values [3, n, d_k] and weights [9, n, n].
    for q, k, v, weights in trace.layers:
        heads = []
        for index in range(c.n_heads):
            kv = index // group
            label, description = _describe(weights[index], ids)
            shared = f"heads {kv * group + 1}–{(kv + 1) * group}"
            description += f" It shares its keys and values with {shared} (key/value head {kv + 1} of {c.n_kv_heads})."
            head = head_view(label, q[index], k[kv], v[kv], mask="causal", description=description, vectors=False)
            head["kv_head"] = kv
            heads.append(head)
        layers.append(heads)
    # The last position's state only: its logits are the prediction, a vector times the table instead of n.
    logits = model.logits(trace.hidden_states[-1, -1])
    texts = [model.tokenizer.decode([i]) for i in ids]
    data = view(
        [display_token(t) for t in texts], prompt, layers, mask="causal", model=MODEL_LABEL,
        token_notes=[_token_note(t) for t in texts],
    )  # fmt: skip
    data["ids"] = [int(i) for i in ids]
    data["n_kv_heads"] = c.n_kv_heads
    data["vocab_size"] = c.vocab_size
    data["prediction"] = next_tokens(model, logits)
    return data


def opening(data: dict[str, Any], preset: str) -> dict[str, Any]:
    """Where the lab opens on this model: the head with the largest induction share on ``data``, at its last query.

    ``{"preset", "layer", "head", "query"}``, 0-based; the last query is the
    position whose next token the model predicts.
    """
    ids = data["ids"]
    best = max(
        ((layer, head) for layer, entry in enumerate(data["layers"]) for head in range(len(entry["heads"]))),
        key=lambda lh: head_patterns(np.array(data["layers"][lh[0]]["heads"][lh[1]]["weights"]), ids)["induction"],
    )
    return {"preset": preset, "layer": best[0], "head": best[1], "query": len(ids) - 1}


def view_json(model: LlamaModel, prompt: str) -> str:
    """:func:`language_model_view` as compact JSON (the lab's compact form, :func:`compact_view`)."""
    return json.dumps(compact_view(language_model_view(model, prompt)), ensure_ascii=False, separators=(",", ":"))


_loaded: dict[str, LlamaModel] = {}


def language_model_view_json(prompt: str, path: str | os.PathLike[str] | None = None) -> str:
    """:func:`view_json` of ``prompt``, loading the model from the GGUF file ``path`` once and keeping it.

    This is what the lab asks Python in the browser for, through the entry
    point :func:`attention.lab.entry.language_model_view`, with ``path`` where
    the page wrote the site's copy of the GGUF file (default: the cache).
    """
    return view_json(model_at(path), prompt)


def model_at(path: str | os.PathLike[str] | None = None) -> LlamaModel:
    """SmolLM2 loaded from the GGUF file ``path`` (default: the cache), once: later calls get the same model."""
    key = os.fspath(path) if path is not None else ""
    if key not in _loaded:
        _loaded[key] = load_smollm2(path)
    return _loaded[key]


# ── The compact form the site ships ──────────────────────────────────────────
#
# A view of 270 heads holds 3 x 270 matrices of n x n numbers: megabytes of
# JSON at a couple of dozen tokens (dd5f376). The compact form keeps what the
# lab shows, in whole numbers, and only the lower triangle (keys at or before
# the query), row by row: "w", the weights in units of WEIGHT_UNIT (the contract's 6 decimals),
# and "s", the raw scores with SCORE_DECIMALS decimals. Scaled scores are the
# scores times the head's "scale". Future keys' weights are 0 by the mask;
# their scores, which the model never uses, are not stored, and the expanded
# view holds 0 for them and says so ("future_scores": "not stored").


def _lower(matrix: Sequence[Sequence[float]]) -> list[float]:
    return [value for q, row in enumerate(matrix) for value in row[: q + 1]]


def compact_view(data: dict[str, Any]) -> dict[str, Any]:
    """A causal view of :func:`language_model_view` in the compact form the site ships (see above)."""
    check_view(data)
    if data["mask"] != "causal":
        raise ValueError(f"compact_view takes causal views only, got mask {data['mask']!r}")
    score_unit = 10**SCORE_DECIMALS
    layers = []
    for layer in data["layers"]:
        heads = []
        for head in layer["heads"]:
            compact = {
                key: head[key] for key in ("label", "description", "d_k", "scale", "kv_head", "stats", "row_stats")
            }
            compact["w"] = [round(w * _WEIGHT_DENOMINATOR) for w in _lower(head["weights"])]
            compact["s"] = [round(s * score_unit) for s in _lower(head["scores"])]
            heads.append(compact)
        layers.append({"heads": heads})
    fields = ("tokens", "source", "mask", "scaling", "temperature", "threshold", "model", "token_notes")
    extra = {key: data[key] for key in ("ids", "n_kv_heads", "vocab_size", "prediction")}
    return {"format": "lab-compact-1", **{key: data[key] for key in fields}, **extra, "layers": layers}


def _square(values: Sequence[int], n: int, unit: int) -> list[list[float]]:
    # value / unit: the float nearest the decimal, in Python as in the page's JavaScript
    rows = []
    at = 0
    for q in range(n):
        rows.append([values[at + k] / unit for k in range(q + 1)] + [0.0] * (n - q - 1))
        at += q + 1
    return rows


def expand_view(compact: dict[str, Any]) -> dict[str, Any]:
    """The contract view of a compact one, number for number as the page expands it (``smollm2.js``).

    Weights are ``w / 10**6``, scores ``s / 10**SCORE_DECIMALS``, scaled
    scores a score times the head's ``scale`` (one float multiplication, as
    in JavaScript); future keys get 0.

    Raises:
        ValueError: not a compact view, or its triangles are not n (n + 1) / 2 long.
    """
    if not isinstance(compact, dict) or compact.get("format") != "lab-compact-1":
        raise ValueError("expand_view takes a compact view (format 'lab-compact-1')")
    n = len(compact["tokens"])
    size = n * (n + 1) // 2
    layers = []
    for i, layer in enumerate(compact["layers"]):
        heads = []
        for j, head in enumerate(layer["heads"]):
            if len(head["w"]) != size or len(head["s"]) != size:
                raise ValueError(f"layers[{i}].heads[{j}]: w and s must hold {size} numbers for {n} tokens")
            full = {key: value for key, value in head.items() if key not in ("w", "s")}
            full["weights"] = _square(head["w"], n, _WEIGHT_DENOMINATOR)
            full["scores"] = _square(head["s"], n, 10**SCORE_DECIMALS)
            full["scaled_scores"] = [[s * head["scale"] for s in row] for row in full["scores"]]
            heads.append(full)
        layers.append({"heads": heads})
    data = {key: value for key, value in compact.items() if key not in ("format", "layers")}
    data["layers"] = layers
    data["future_scores"] = "not stored"
    check_view(data, tolerance=2 * WEIGHT_UNIT)
    return data
