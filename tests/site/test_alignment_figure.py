"""The cross-attention lesson's alignment figure plots the hand-built translation the lesson describes.

Each French word's row puts its largest weight on the English word it
translates (written out here by hand), in both panels; the alignment
crosses where the translation swaps two words ("tapis noir" for "black
mat"); and the panels differ as the lesson says they do."""

from __future__ import annotations

import numpy as np
import pytest

from site_examples.generate import figures

# Which English word each French word translates, written out by hand (the lesson's claim).
EXPECTED = {"le": "the", "chat": "cat", "s'est": "sat", "assis": "sat", "sur": "on", "un": "a", "tapis": "mat", "noir": "black"}


@pytest.fixture(scope="module")
def panels() -> list:
    figure = next(f for f in figures.FIGURES if f.name == "alignment")
    return figure.data(figures.page_namespace(figure.page))["panels"]


def test_both_panels_read_the_aligned_word_in_every_row(panels: list) -> None:
    assert [title for title, *_ in panels] == ["scaled dot-product", "additive (Bahdanau)"]
    for _, rows, columns, weights in panels:
        assert rows == list(EXPECTED) and columns == "the cat sat on a black mat".split()
        assert weights.shape == (8, 7)
        np.testing.assert_allclose(weights.sum(axis=1), 1.0, atol=1e-12)
        assert [columns[j] for j in weights.argmax(axis=1)] == list(EXPECTED.values())
        assert (weights.max(axis=1) > 0.75).all()


def test_the_word_order_swap_crosses_the_alignment(panels: list) -> None:
    """tapis (row 6) reads mat (column 6), noir (row 7) reads black (column 5): the lines cross."""
    for _, _, _, weights in panels:
        assert weights[6].argmax() == 6 and weights[7].argmax() == 5


def test_the_differences_the_lesson_describes(panels: list) -> None:
    (_, _, _, dot), (_, _, _, additive) = panels
    # dot product: le gives the indefinite article a share (0.13), more than any unrelated word
    assert dot[0, 4] == pytest.approx(0.13, abs=0.005) and dot[0, 4] > 5 * dot[0, 1]
    # additive: le gives a no more than an unrelated word, and content words almost nothing to the articles
    assert additive[0, 4] == pytest.approx(additive[0, 1], abs=1e-3)
    assert additive[1:5, [0, 4]].max() < 0.005 and additive[6:, [0, 4]].max() < 0.005
