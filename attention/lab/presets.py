"""The lab's preset sentences: one list of sentences, and each model's menu of them.

The hand-built model's presets are computed by the generator that writes
``docs/data/visualizer-presets.json``; the pretrained model's, by the build
(``overrides/hooks/model_views.py``). The pretrained menu holds every
hand-built preset, so that a reader can switch models on the same sentence,
and two sentences the hand-built model does not know the words of.
"""

from __future__ import annotations

import numpy as np

from .lexicon import load

__all__ = ["HAND_BUILT", "LANGUAGE_MODEL", "OPENING", "PRETRAINED", "REPEATED_WORDS", "SENTENCES", "repeated_words"]

REPEATED_WORDS = {"seed": 2022, "count": 8}
"""The draw behind the repeated-sequence prompt: a seed and how many words (see :func:`repeated_words`)."""


def repeated_words(seed: int = REPEATED_WORDS["seed"], count: int = REPEATED_WORDS["count"]) -> str:
    """Words drawn at random, a line break, then the same words again but the last: a prompt for induction heads.

    The words are drawn (seeded, without repeats) from the hand-built model's
    vocabulary, WordNet's lemmas of 4 to 8 letters; a sequence of random
    words cannot be predicted from training, so whatever a model gets right
    in the second copy it can only have read from the first (Olsson et al.
    2022 use random tokens the same way). The line break makes both copies
    begin alike (no space before their first word), so they are the same
    tokens; the second stops one word short, so the next word is the one
    the first copy has there.

    Example:
        >>> first, second = repeated_words(seed=1, count=3).split("\\n")
        >>> first.split()[:2] == second.split()
        True
    """
    words = sorted(load().entry_fields)
    pool = [word for word in words if word.isalpha() and word.islower() and 4 <= len(word) <= 8]
    chosen = np.random.default_rng(seed).choice(len(pool), size=count, replace=False)
    words = [pool[i] for i in chosen]
    return " ".join(words) + "\n" + " ".join(words[:-1])


SENTENCES: dict[str, str] = {
    "cat-mat": "The cat sat on the mat",
    "cat-tired": "The cat sat on the mat because it was tired",
    "cat-soft": "The cat sat on the mat because it was soft",
    "bank-river": "We sat on the bank of the river and watched the water",
    "bank-money": "She paid the money into her account at the bank",
    "bat-cave": "The bat flew out of the cave at night",
    "bat-ball": "He swung the bat and hit the ball",
    "dog-cat": "The dog chased the cat and the cat chased the dog",
    "animal-tired": "The animal didn't cross the street because it was too tired.",
    "animal-wide": "The animal didn't cross the street because it was too wide.",
    "capital-france": "The capital of France is",
    "story": "Once upon a time, there was a little girl who lived in a small house near the",
    "names": "Alice gave the book to Bob. Later, Bob gave the book back to",
    "repeat-words": repeated_words(),
}
"""Every preset sentence, by id (the id is the one in the lab's URL)."""


def _menu(entries: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str, str], ...]:
    """``(id, group)`` pairs as ``(id, group, sentence)``: the groups are a model's menu sections, in order."""
    return tuple((preset_id, group, SENTENCES[preset_id]) for preset_id, group in entries)


HAND_BUILT = _menu(
    (
        ("cat-mat", "The course's sentences"),
        ("cat-tired", "The course's sentences"),
        ("bank-river", "Same word, different context"),
        ("bank-money", "Same word, different context"),
        ("bat-cave", "Same word, different context"),
        ("bat-ball", "Same word, different context"),
        ("cat-soft", "Where one hand-built layer falls short"),
        ("dog-cat", "Repeated words, long-range links"),
    )
)
"""The hand-built model's menu: ``(id, group, sentence)``."""

OPENING = {"preset": "cat-mat", "head": 0, "query": 2}
"""Where the lab opens when its address asks for nothing: the first preset, head 1 (*previous token*; 0 in
code), query "sat" (token 2), a row whose weight goes almost all to the token before it, "cat"."""

PRETRAINED = _menu(
    (
        ("cat-mat", "The course's sentences"),
        ("cat-tired", "The course's sentences"),
        ("cat-soft", "The course's sentences"),
        ("bank-river", "Same word, different context"),
        ("bank-money", "Same word, different context"),
        ("bat-cave", "Same word, different context"),
        ("bat-ball", "Same word, different context"),
        ("dog-cat", "Repeated words, long-range links"),
        ("animal-tired", "Which noun does “it” mean?"),
        ("animal-wide", "Which noun does “it” mean?"),
    )
)
"""The pretrained model's menu (all-MiniLM-L6-v2): ``(id, group, sentence)``."""

LANGUAGE_MODEL = _menu(
    (
        ("repeat-words", "Random words, repeated: induction heads"),
        ("capital-france", "What comes next?"),
        ("story", "What comes next?"),
        ("names", "What comes next?"),
        ("cat-tired", "The course's sentences"),
        ("animal-tired", "The course's sentences"),
    )
)
"""The language model's menu (SmolLM2-135M-Instruct, causal): ``(id, group, prompt)``; it opens on the first."""
