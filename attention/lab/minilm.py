"""all-MiniLM-L6-v2's attention as views for the Attention Visualizer lab.

The lab (``docs/lab.md``) draws views of the contract in
:mod:`attention.lab.contract`. This module runs the pretrained encoder on a
sentence once (:meth:`~attention.models.bert.BertModel.trace`) and turns
every one of its 6 x 12 heads into such a view: the queries, keys and values
are the ones the encoder attended with, read from its trace, and the steps
(scores, scaled scores, weights) are recomputed from them by
:func:`attention.lab.contract.head_view`, so they are the numbers the encoder
used. The vectors themselves are left out of the view (32 unnamed
components per head, 72 heads); the notebook "Attention inside a real model"
looks at them.

Each head gets a label and a one-sentence description *measured on this
sentence*: the share of the words' weight that goes to the previous word,
the next word, the word itself, ``[CLS]`` or ``[SEP]``
(:func:`head_patterns`). A head whose largest share is below
:data:`PATTERN_SHARE` is called "broad" if its weights are spread thin
(:data:`BROAD_SHARE`), else "mixed". The same head can get different
labels on different sentences; that is part of what the lab shows.

The site's build writes the preset sentences' views with the full-precision
weights (``overrides/hooks/model_views.py``); in the reader's browser
:func:`minilm_view_json` runs the model on any sentence from the float16
copy the site ships (the page calls it through
:func:`attention.lab.entry.minilm_view`).
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..models.bert import BertModel, load_minilm
from .contract import check_sentence, entropy_bits, head_view, view
from .presets import PRETRAINED

__all__ = [
    "BROAD_SHARE",
    "MAX_TOKENS",
    "MODEL_LABEL",
    "PATTERN_SHARE",
    "PRESETS",
    "head_patterns",
    "minilm_view",
    "minilm_view_json",
    "token_note",
]

MODEL_LABEL = "all-MiniLM-L6-v2"
"""The ``model`` field of the views this module makes."""

MAX_TOKENS = 40
"""The longest input the lab takes, ``[CLS]`` and ``[SEP]`` included: a
40 x 40 map still fits the page, and the view of 72 heads stays a modest
download (its size: ``view.rows[].json_bytes`` in ``docs/data/model-figures.json``)."""

PATTERN_SHARE = 0.4
"""A head is named after a pattern when at least this share of the words'
weight, on average, follows it."""

BROAD_SHARE = 0.5
"""A head without a pattern is "broad" when its words' weights spread like an
even split over at least this share of the keys (measured by the entropy),
else "mixed"."""

PRESETS = PRETRAINED
"""The sentences the site's build runs the model on: ``(id, group, sentence)`` (see :mod:`.presets`)."""

# pattern -> (label, how the description says it)
_PATTERNS = {
    "previous": ("previous token", "the token just before it"),
    "next": ("next token", "the token just after it"),
    "self": ("itself", "itself"),
    "cls": ("[CLS] sink", "[CLS], the token before the text"),
    "sep": ("[SEP] sink", "[SEP], the token after the text"),
}


def head_patterns(weights: NDArray, tokens: list[str] | None = None) -> dict[str, float]:
    """The mean share of a word's weight that goes to each positional pattern.

    Only the words count as queries (every token but ``[CLS]``, the first,
    and ``[SEP]``, the last), the way the notebook measures heads.

    Args:
        weights: ``(n, n)`` one head's weights on a sentence of ``n >= 3``
            tokens, ``[CLS]`` first and ``[SEP]`` last.
        tokens: unused except to check the length, when given.

    Returns:
        ``{"previous", "next", "self", "cls", "sep"}`` -> mean weight. A
        pattern no word can have (the previous word of a one-word text) is 0.

    Example:
        >>> w = np.full((4, 4), 0.25)
        >>> w[1:3] = [[0.1, 0.1, 0.1, 0.7], [0.1, 0.7, 0.1, 0.1]]
        >>> {name: round(share, 2) for name, share in head_patterns(w).items()}
        {'previous': 0.7, 'next': 0.1, 'self': 0.1, 'cls': 0.1, 'sep': 0.4}
    """
    weights = np.asarray(weights, dtype=np.float64)
    n = weights.shape[-1]
    if weights.shape != (n, n) or n < 3:
        raise ValueError(f"weights must be (n, n) with n >= 3 ([CLS], a word, [SEP]), got shape {weights.shape}")
    if tokens is not None and len(tokens) != n:
        raise ValueError(f"tokens has {len(tokens)} entries but weights is {n} x {n}")
    words = np.arange(1, n - 1)

    def mean(values: NDArray) -> float:
        return float(values.mean()) if values.size else 0.0

    return {
        "previous": mean(weights[words[1:], words[1:] - 1]),
        "next": mean(weights[words[:-1], words[:-1] + 1]),
        "self": mean(weights[words, words]),
        "cls": mean(weights[words, 0]),
        "sep": mean(weights[words, n - 1]),
    }


def _describe(weights: NDArray, entropy: float) -> tuple[str, str]:
    """A head's label and one-sentence description on this sentence, from its measured patterns."""
    shares = head_patterns(weights)
    best = max(shares, key=lambda name: shares[name])
    share = shares[best]
    label, target = _PATTERNS[best]
    spread = 2.0**entropy
    if share >= PATTERN_SHARE:
        return label, (
            f"On this sentence a word gives {share:.0%} of its weight, on average, to {target}; "
            f"the rows spread like an even split over {spread:.1f} keys."
        )
    broad = spread >= BROAD_SHARE * weights.shape[-1]
    return "broad" if broad else "mixed", (
        f"No one positional pattern on this sentence: the largest, {target}, takes {share:.0%} of a word's "
        f"weight on average; the rows spread like an even split over {spread:.1f} of the {weights.shape[-1]} keys."
    )


def token_note(token: str) -> str:
    """What a token is to the model, e.g. ``"a piece of a longer word"`` for ``"##ing"``."""
    if token == "[CLS]":
        return "special: added before every text"
    if token == "[SEP]":
        return "special: added after the text"
    if token == "[UNK]":
        return "unknown: not in the 30,522-token vocabulary"
    if token.startswith("##"):
        return "a piece of a longer word, joined to the token before it"
    if not any(ch.isalnum() for ch in token):
        return "punctuation"
    return ""


def minilm_view(model: BertModel, sentence: str) -> dict[str, Any]:
    """Run ``model`` on ``sentence`` and return the view of all its heads (layers first to last).

    Raises:
        ValueError: the sentence is empty, or longer than :data:`MAX_TOKENS`
            tokens with ``[CLS]`` and ``[SEP]`` (the message gives the count),
            or holds a lone surrogate (see :func:`~attention.lab.contract.check_sentence`).
    """
    if not isinstance(sentence, str) or not sentence.strip():
        raise ValueError(f"sentence must be a non-empty string, got {sentence!r}")
    check_sentence(sentence)
    encoding = model.tokenizer.encode(sentence)
    if len(encoding.tokens) > MAX_TOKENS:
        raise ValueError(
            f"the sentence is {len(encoding.tokens)} tokens long with [CLS] and [SEP]; the lab takes at most "
            f"{MAX_TOKENS}: shorten it"
        )
    tokens = [str(token) for token in encoding.tokens]  # one text: a flat list
    layers = []
    # Each layer's queries, keys and values [h, n, d_k] and weights [h, n, n], as the encoder computed them.
    for q, k, v, weights in model.trace(encoding.ids, encoding.type_ids).layers:
        heads = []
        for h in range(model.config.n_heads):
            # The words' rows only, like the pattern shares ([CLS] and [SEP] are not words).
            label, description = _describe(weights[h], float(entropy_bits(weights[h][1:-1]).mean()))
            heads.append(head_view(label, q[h], k[h], v[h], description=description, vectors=False))
        layers.append(heads)
    return view(tokens, sentence, layers, model=MODEL_LABEL, token_notes=[token_note(t) for t in tokens])


_loaded: dict[str, BertModel] = {}


def minilm_view_json(sentence: str, folder: str | os.PathLike[str] | None = None) -> str:
    """:func:`minilm_view` as compact JSON, loading the model from ``folder`` once (float32) and keeping it.

    This is what the lab asks Python in the browser for, through the entry
    point :func:`attention.lab.entry.minilm_view`, with ``folder`` the place
    the page wrote the site's float16 copy of the weights to.
    """
    key = os.fspath(folder) if folder is not None else ""
    if key not in _loaded:
        _loaded[key] = load_minilm(folder, dtype=np.float32)
    return json.dumps(minilm_view(_loaded[key], sentence), ensure_ascii=False, separators=(",", ":"))
