r"""A small hand-built attention layer for the visualizer lab: four heads whose jobs are known exactly.

Nothing here is trained. Every weight is written by hand so that each head
implements one recognisable pattern that attention heads of trained models
are known to show; the lab uses it to let a reader *see* attention at work
on any sentence, instantly and deterministically. It is not a language model:
it knows the few hundred words of :data:`VOCABULARY`, and a pattern only fires where
the features below say it should.

**Tokens.** :func:`tokenize` splits a sentence into words (letters, digits,
apostrophes inside a word) and single punctuation marks; case is kept for
display and ignored for lookup. At most :data:`MAX_TOKENS` tokens.

**Embedding** (:func:`embed`): each token becomes a vector of
:data:`D_MODEL` = 32 features, in four groups of 8, the sum of a word part
and a position part as in a Transformer:

- ``pos`` (features 0-7): sinusoids of the position p,
  :math:`\sin(\omega p), \cos(\omega p)` for :math:`\omega \in` :data:`FREQUENCIES`,
  as in the original Transformer but with frequencies chosen so that the
  positions of a short sentence are told apart;
- ``id`` (8-15): an identity code for the word, a unit vector made from a
  hash of its lower-case spelling, so equal words get equal codes and
  different words unrelated ones (8 numbers cannot keep hundreds of words
  fully apart: some pairs of different words have codes that overlap, and
  head 1 then confuses them a little);
- ``syntax`` (16-23): 1 for each of :data:`SYNTAX` that the word is (from
  the vocabulary; "animate" marks people and animals);
- ``topic`` (24-31): the word's topics among :data:`TOPICS`, a unit vector
  (all zero for words without a topic).

A word that is not in the vocabulary has only its position and identity.

**Heads** (:data:`HEADS`; :data:`D_K` = 8 features each, so
:math:`d_\text{model} = h\,d_k = 4 \times 8`):

0. *previous token*: the query of position p is the position code of p - 1
   (a rotation of the sinusoids, a linear map), the key is the position code,
   so each token matches the one before it. Value: the syntax features, so
   the output says what kind of word came before.
1. *same word*: query and key are the identity code, so a token matches
   every occurrence of its own word, itself included. Value: the position
   code, so the output says where the word occurs.
2. *pronoun/verb → noun*: pronouns and verbs ask for nouns, animate ones a
   little more (only two of the head's 8 features are used). Every other
   token asks for nothing: its query is zero, all its scores are equal and
   its weight spreads evenly. Value: the topic features, so a pronoun picks
   up the topic of the noun it found.
3. *related topic*: query and key are the topic vector, so a word matches
   words on the same topics (and itself most); a word without a topic asks
   for nothing and spreads its weight evenly. Value: the topic features.

The four heads are one :class:`~attention.MultiHeadAttention` built with
:meth:`~attention.MultiHeadAttention.from_weights` (:func:`hand_built_attention`),
with :math:`W_O` the identity. :func:`visualizer_data` runs each head's
steps itself (projections from the layer's weights, then
:func:`~attention.attention_steps`) so that scaling and temperature can be
changed; with the defaults its weights are those of the layer.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import check_flag
from ..heads import split_heads
from ..multi_head import MultiHeadAttention
from .contract import check_mask_name, check_sentence, head_view, view

__all__ = [
    "D_K",
    "D_MODEL",
    "FREQUENCIES",
    "HEADS",
    "MAX_TOKENS",
    "N_HEADS",
    "SYNTAX",
    "TOPICS",
    "VOCABULARY",
    "HeadInfo",
    "embed",
    "features",
    "hand_built_attention",
    "identity_code",
    "position_code",
    "token_note",
    "tokenize",
    "visualizer_data",
    "visualizer_json",
]

MAX_TOKENS = 24
"""The longest sentence the lab model takes; its position codes are designed for this many."""

D_K = 8
N_HEADS = 4
D_MODEL = N_HEADS * D_K

FREQUENCIES = (2.0, 1.3, 0.8, 0.2)
r"""The angular frequencies :math:`\omega` of the position code, chosen so that
the code of a position matches itself (dot product 4) far better than any
other position within :data:`MAX_TOKENS` (at most 1.69)."""

SYNTAX = ("noun", "pronoun", "verb", "adjective", "determiner", "preposition", "conjunction", "animate")
TOPICS = ("animal", "person", "water", "money", "home", "sport", "nature", "food")

# Feature groups: slices of the embedding.
POS, ID, SYN, TOPIC = slice(0, 8), slice(8, 16), slice(16, 24), slice(24, 32)

# Head strengths, each chosen so that the head's pattern is clear at the
# default scale 1/sqrt(8) and saturates visibly without it.
PREVIOUS_STRENGTH = 4.0  # score 16 on the previous token, at most 6.8 elsewhere
SAME_WORD_STRENGTH = 16.0  # score 16 on the same word; different words' codes mostly overlap by less than half
NOUN_STRENGTH = 25.0  # a pronoun or verb scores 25 on a noun ...
ANIMATE_STRENGTH = 3.0  # ... 3 more on an animate one
TOPIC_STRENGTH = 9.0  # score 9 between words of one topic

# The vocabulary: a word, then its syntax features and its topics.
_VOCABULARY_TABLE = """
the a an this that these those my your his her its our their some every each no
    determiner
i you he she we they me him us them someone
    pronoun animate
it
    pronoun
cat cats dog dogs bird birds fish horse mouse animal animals
    noun animate animal
bat
    noun animal sport
man woman boy girl child children friend teacher doctor farmer people person mother father
    noun animate person
river water sea lake rain boat shore
    noun water
stream
    noun water nature
bank
    noun water money
money account cash coin price loan bill
    noun money
mat house room chair table bed door window floor kitchen sofa cushion blanket
    noun home
ball game team goal match player
    noun sport
tree forest garden field cave mountain sky sun night park grass hill
    noun nature
food bread apple cake dinner milk cheese soup
    noun food
day time way thing street road town city
    noun
sat sit sits sitting slept sleep sleeps lay
    verb home
ran run runs walked walk walks crossed cross
    verb
swam swim swims
    verb water
flew fly flies
    verb animal
chased chase chases barked bark hunted
    verb animal
paid pay pays deposited deposit saved save bought buy sold spend spent
    verb money
swung swing hit kicked threw throw caught catch played play won lost
    verb sport
ate eat eats cooked cook drank
    verb food
watched watch saw see sees looked look liked like likes loved love wanted want
    verb
was were is are be been had has have did do does said went go goes came come found find knew know
    verb
tired sleepy hungry happy sad angry afraid
    adjective
soft warm cold wet dry big small old new fast slow long short red green dark
    adjective
on in at of to from with under over into onto by near across through behind
    preposition
because and but or so when while after before although if
    conjunction
"""


def _parse_vocabulary(table: str) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    vocabulary: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    lines = [line for line in table.splitlines() if line.strip()]
    for words, tags in zip(lines[::2], lines[1::2]):
        syntax = tuple(tag for tag in tags.split() if tag in SYNTAX)
        topics = tuple(tag for tag in tags.split() if tag in TOPICS)
        assert len(syntax) + len(topics) == len(tags.split()), f"unknown tag in {tags!r}"
        for word in words.split():
            assert word not in vocabulary, f"{word!r} is listed twice"
            vocabulary[word] = (syntax, topics)
    return vocabulary


VOCABULARY = _parse_vocabulary(_VOCABULARY_TABLE)
"""Every word the model knows: lower-case word -> (syntax features, topics)."""

_TOKEN = re.compile(r"\w+(?:['’]\w+)*|[^\w\s]")


def tokenize(sentence: str) -> list[str]:
    """Split a sentence into word and punctuation tokens, as written.

    Example:
        >>> tokenize("The cat didn't sit, it slept.")
        ['The', 'cat', "didn't", 'sit', ',', 'it', 'slept', '.']
    """
    tokens = _TOKEN.findall(check_sentence(sentence))
    if not tokens:
        raise ValueError(f"sentence must contain at least one word, got {sentence!r}")
    if len(tokens) > MAX_TOKENS:
        raise ValueError(f"sentence has {len(tokens)} tokens; the lab model takes at most {MAX_TOKENS}")
    return tokens


def position_code(positions: NDArray) -> NDArray[np.float64]:
    r"""Sinusoidal position code: :math:`(\sin\omega_1 p, \cos\omega_1 p, \dots)`, shape ``(n, 8)``."""
    angles = np.asarray(positions, dtype=float)[:, None] * np.array(FREQUENCIES)  # [n, 4]
    return np.stack([np.sin(angles), np.cos(angles)], axis=-1).reshape(len(angles), 2 * len(FREQUENCIES))


def identity_code(word: str) -> NDArray[np.float64]:
    """A unit vector of 8 numbers for a word, the same on every machine (from its SHA-256)."""
    digest = hashlib.sha256(word.lower().encode("utf-8")).digest()
    # Four bytes per component, centred on zero: a fixed, spread-out direction.
    code = np.array([int.from_bytes(digest[4 * i : 4 * i + 4], "big") for i in range(8)], dtype=float)
    code = code / 2.0**31 - 1.0
    return code / np.linalg.norm(code)


def features(token: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The (syntax features, topics) of a token; both empty for a word outside the vocabulary."""
    return VOCABULARY.get(token.lower(), ((), ()))


def embed(tokens: list[str]) -> NDArray[np.float64]:
    """The (n, 32) input of the layer: position, identity, syntax and topic features (module docstring).

    Example:
        >>> x = embed(["the", "cat"])
        >>> x.shape, x[1, 16:24].tolist()  # "cat": a noun, animate
        ((2, 32), [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0])
    """
    if isinstance(tokens, str) or not isinstance(tokens, (list, tuple)) or not all(isinstance(t, str) for t in tokens):
        raise TypeError("tokens must be a list of strings (see tokenize)")
    if not 1 <= len(tokens) <= MAX_TOKENS:
        raise ValueError(f"tokens must hold 1 to {MAX_TOKENS} tokens, got {len(tokens)}")
    n = len(tokens)
    x = np.zeros((n, D_MODEL))
    x[:, POS] = position_code(np.arange(n))
    for p, token in enumerate(tokens):
        x[p, ID] = identity_code(token)
        syntax, topics = features(token)
        for name in syntax:
            x[p, SYN.start + SYNTAX.index(name)] = 1.0
        for name in topics:
            x[p, TOPIC.start + TOPICS.index(name)] = 1.0 / np.sqrt(len(topics))
    return x


def _rotation_back() -> NDArray[np.float64]:
    """The (8, 8) matrix R with position_code(p) @ R = position_code(p - 1), for every p."""
    # sin(w(p-1)) = sin(wp) cos(w) - cos(wp) sin(w);  cos(w(p-1)) = cos(wp) cos(w) + sin(wp) sin(w)
    r = np.zeros((8, 8))
    for f, w in enumerate(FREQUENCIES):
        s, c = 2 * f, 2 * f + 1
        r[s, s], r[c, s] = np.cos(w), -np.sin(w)
        r[s, c], r[c, c] = np.sin(w), np.cos(w)
    return r


def _head_columns(head: int) -> slice:
    return slice(head * D_K, (head + 1) * D_K)


def hand_built_attention() -> MultiHeadAttention:
    """The lab's layer: the four hand-built heads of the module docstring, as one MultiHeadAttention.

    Example:
        >>> layer = hand_built_attention()
        >>> layer
        MultiHeadAttention(d_model=32, n_heads=4, d_k=8, bias=False)
        >>> tokens = tokenize("the cat sat on the mat")
        >>> output, weights = layer(embed(tokens))
        >>> int(weights[0, 2].argmax())  # previous-token head: "sat" attends to "cat"
        1
    """
    w_q, w_k, w_v = np.zeros((D_MODEL, D_MODEL)), np.zeros((D_MODEL, D_MODEL)), np.zeros((D_MODEL, D_MODEL))
    eye = np.eye(D_K)

    h0 = _head_columns(0)  # previous token
    w_q[POS, h0] = PREVIOUS_STRENGTH * _rotation_back()  # asks: position p - 1?
    w_k[POS, h0] = eye  # offers: I am at position p
    w_v[SYN, h0] = eye  # hands over: what kind of word I am

    h1 = _head_columns(1)  # same word
    w_q[ID, h1] = SAME_WORD_STRENGTH * eye  # asks: my word?
    w_k[ID, h1] = eye  # offers: I am this word
    w_v[POS, h1] = eye  # hands over: where I am

    h2 = _head_columns(2)  # pronoun/verb -> noun
    noun, animate = h2.start, h2.start + 1
    for asker in ("pronoun", "verb"):
        row = SYN.start + SYNTAX.index(asker)
        w_q[row, noun] = NOUN_STRENGTH  # asks: a noun?
        w_q[row, animate] = ANIMATE_STRENGTH  # ... preferably animate?
    w_k[SYN.start + SYNTAX.index("noun"), noun] = 1.0  # offers: I am a noun
    w_k[SYN.start + SYNTAX.index("animate"), animate] = 1.0  # ... and animate
    w_v[TOPIC, h2] = eye  # hands over: my topics

    h3 = _head_columns(3)  # related topic
    w_q[TOPIC, h3] = TOPIC_STRENGTH * eye  # asks: my topics?
    w_k[TOPIC, h3] = eye  # offers: my topics
    w_v[TOPIC, h3] = eye  # hands over: my topics

    return MultiHeadAttention.from_weights(w_q, w_k, w_v, np.eye(D_MODEL), n_heads=N_HEADS)


@dataclass(frozen=True)
class HeadInfo:
    """What a head of the lab model is for, and the meaning of each component of its q/k and v."""

    label: str
    description: str
    qk_names: tuple[str, ...]
    v_names: tuple[str, ...]


_POS_NAMES = tuple(f"{fn}({w:g}·pos)" for w in FREQUENCIES for fn in ("sin", "cos"))
_ID_NAMES = tuple(f"id {i + 1}" for i in range(8))

HEADS = (
    HeadInfo(
        "previous token",
        "Each token looks for the token just before it (position codes).",
        _POS_NAMES,
        SYNTAX,
    ),
    HeadInfo(
        "same word",
        "Each token looks for every occurrence of its own word, itself included (identity codes).",
        _ID_NAMES,
        _POS_NAMES,
    ),
    HeadInfo(
        "pronoun/verb → noun",
        "Pronouns and verbs look for nouns, animate ones first; other tokens ask for nothing and spread evenly.",
        ("noun", "animate") + tuple(f"unused {i + 1}" for i in range(D_K - 2)),
        TOPICS,
    ),
    HeadInfo(
        "related topic",
        "Each word looks for words that share its topics; words without a topic spread evenly.",
        TOPICS,
        TOPICS,
    ),
)
"""The lab model's heads, in order."""


def token_note(token: str) -> str:
    """A short description of what the model knows about a token, e.g. ``"noun, animate · animal"``."""
    syntax, topics = features(token)
    if not syntax and not topics:
        if not any(ch.isalnum() for ch in token):
            return "punctuation: position and identity only"
        return "not in the vocabulary: position and identity only"
    note = ", ".join(syntax)
    return note + (" · " + ", ".join(topics) if topics else "")


_LAYER = hand_built_attention()


def visualizer_data(
    sentence: str,
    *,
    mask: str = "none",
    scaling: bool = True,
    temperature: float = 1.0,
) -> dict[str, Any]:
    r"""The lab model on ``sentence``, as a view of the visualizer data contract (:mod:`attention.lab.contract`).

    Args:
        sentence: at most :data:`MAX_TOKENS` tokens.
        mask: ``"none"`` (every token sees every token, like BERT) or
            ``"causal"`` (only itself and earlier tokens, like GPT).
        scaling: divide the scores by :math:`\sqrt{d_k} = \sqrt 8`.
        temperature: divide the scores once more by this :math:`\tau > 0`.

    Example:
        >>> data = visualizer_data("The cat sat on the mat", mask="causal")
        >>> data["tokens"]
        ['The', 'cat', 'sat', 'on', 'the', 'mat']
        >>> [head["label"] for head in data["layers"][0]["heads"]]
        ['previous token', 'same word', 'pronoun/verb → noun', 'related topic']
        >>> [round(w, 2) for w in data["layers"][0]["heads"][0]["weights"][2]]  # "sat" looks at "cat"
        [0.03, 0.94, 0.03, 0.0, 0.0, 0.0]
    """
    tokens = tokenize(sentence)
    check_mask_name(mask)
    scaling = check_flag("scaling", scaling)
    x = embed(tokens)
    # [n, d_model] -> [h, n, d_k]
    q = split_heads(x @ _LAYER.w_q, N_HEADS)
    k = split_heads(x @ _LAYER.w_k, N_HEADS)
    v = split_heads(x @ _LAYER.w_v, N_HEADS)
    heads = [
        head_view(
            info.label,
            q[h],
            k[h],
            v[h],
            mask=mask,
            scaling=scaling,
            temperature=temperature,
            description=info.description,
            qk_names=info.qk_names,
            v_names=info.v_names,
        )
        for h, info in enumerate(HEADS)
    ]
    return view(
        tokens,
        sentence,
        [heads],
        mask=mask,
        scaling=scaling,
        temperature=temperature,
        model="hand-built",
        token_notes=[token_note(t) for t in tokens],
    )


def visualizer_json(sentence: str, **settings: Any) -> str:
    """:func:`visualizer_data` as compact JSON text (what the page asks Pyodide for)."""
    return json.dumps(visualizer_data(sentence, **settings), ensure_ascii=False, separators=(",", ":"))

