"""The lab's preset sentences: one list of sentences, and each model's menu of them.

The hand-built model's presets are computed by the generator that writes
``docs/data/visualizer-presets.json``; the pretrained model's, by the build
(``overrides/hooks/model_views.py``). The pretrained menu holds every
hand-built preset, so that a reader can switch models on the same sentence,
and two sentences the hand-built model does not know the words of.
"""

from __future__ import annotations

__all__ = ["HAND_BUILT", "OPENING", "PRETRAINED", "SENTENCES"]

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
