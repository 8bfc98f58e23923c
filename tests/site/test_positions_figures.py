"""The positions lesson's figures plot what the lesson computes and claims (RoPE and ALiBi).

RoPE: the score curves of two query positions coincide when drawn against
the offset, and differ from the unrotated score; the rotated head attends to
the previous token. ALiBi: each panel's weights fall with the distance by
the paper's slopes, as its formula gives them."""

from __future__ import annotations

import math

import numpy as np
import pytest

from site_examples.generate import figures

BY_NAME = {figure.name: figure for figure in figures.FIGURES}


@pytest.fixture(scope="module")
def data() -> dict[str, dict]:
    namespace = figures.page_namespace(figures.POSITIONS_PAGE)
    return {name: BY_NAME[name].data(namespace) for name in ("rope", "alibi")}


def test_rope_curves_coincide_and_differ_from_the_unrotated_score(data: dict) -> None:
    d = data["rope"]
    assert list(d["offsets"]) == list(range(31))
    (label_a, a), (label_b, b) = d["series"].items()
    assert (label_a, label_b) == ("query at position 30", "query at position 60")
    np.testing.assert_allclose(a, b, atol=1e-12)  # the score sees the offset only
    assert a[0] == pytest.approx(d["unrotated"], abs=1e-12)  # offset 0: the rotations cancel
    assert np.ptp(a) > 1.0 and (np.abs(a[1:] - d["unrotated"]) > 1e-3).all()


def test_rope_head_attends_to_the_previous_token(data: dict) -> None:
    ((_, tokens, weights),) = data["rope"]["panels"]
    assert tokens == "the cat sat on the mat".split()
    assert weights[0, 0] == pytest.approx(1.0)
    for i in range(1, len(tokens)):
        assert weights[i, i - 1] > 0.95
        assert (weights[i, i + 1 :] == 0).all()


def test_alibi_panels_fall_with_distance_by_the_papers_slopes(data: dict) -> None:
    d = data["alibi"]
    assert d["slopes"].tolist() == [2.0**-h for h in range(1, 9)]
    titles = [title for title, _, _ in d["panels"]]
    assert titles == ["head 1 of 8, slope 1/2", "head 3 of 8, slope 1/8", "head 8 of 8, slope 1/256"]
    for (_, tokens, weights), slope in zip(d["panels"], (1 / 2, 1 / 8, 1 / 256)):
        assert tokens == "the cat sat on the mat".split()
        for i in range(len(tokens)):
            numerators = [math.exp(-slope * (i - j)) for j in range(i + 1)]
            expected = [x / sum(numerators) for x in numerators] + [0.0] * (len(tokens) - i - 1)
            np.testing.assert_allclose(weights[i], expected, rtol=1e-12, atol=0)
    steep, shallow = d["panels"][0][2], d["panels"][2][2]
    assert steep[-1, -1] > 0.4 and shallow[-1].max() - shallow[-1, :].min() < 0.01
