"""The lab's views of all-MiniLM-L6-v2 (attention.lab.minilm) against the PyTorch reference and naive loops.

The weights in a view are recomputed from the model's own queries and keys by
the visualizer's head_view; they must equal what Hugging Face transformers
computed (tests/unit/data/minilm_reference.json). The head labels come from
shares measured here again with plain loops. Needs the fetched weights, like
test_minilm.py.
"""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import numpy as np
import pytest

from attention.models import BertModel, MissingWeightsError, load_minilm
from attention.lab.minilm import (
    BROAD_SHARE,
    MAX_TOKENS,
    MODEL_LABEL,
    PATTERN_SHARE,
    PRESETS,
    head_patterns,
    minilm_view,
    minilm_view_json,
    token_note,
)
from attention.lab.contract import check_view

FIXTURE = json.loads((Path(__file__).parent / "data" / "minilm_reference.json").read_text(encoding="utf-8"))
TOLERANCE = 1e-4  # the bar against the reference; the views round weights to 6 decimals


@pytest.fixture(scope="module")
def model() -> BertModel:
    try:
        return load_minilm()
    except MissingWeightsError as error:
        pytest.fail(f"these tests need the model's weights. {error}", pytrace=False)


@pytest.fixture(scope="module")
def cat_view(model: BertModel) -> dict:
    return minilm_view(model, FIXTURE["sentences"][0]["text"])


def naive_shares(weights: list[list[float]]) -> dict[str, float]:
    """The pattern shares with explicit loops over the words (every token but the first and last)."""
    n = len(weights)
    totals = {"previous": [], "next": [], "self": [], "cls": [], "sep": []}
    for q in range(1, n - 1):
        totals["self"].append(weights[q][q])
        totals["cls"].append(weights[q][0])
        totals["sep"].append(weights[q][n - 1])
        if q > 1:
            totals["previous"].append(weights[q][q - 1])
        if q < n - 2:
            totals["next"].append(weights[q][q + 1])
    return {name: (sum(values) / len(values) if values else 0.0) for name, values in totals.items()}


def test_every_head_matches_the_reference(cat_view: dict) -> None:
    reference = FIXTURE["sentences"][0]
    assert cat_view["tokens"] == reference["tokens"]
    assert cat_view["model"] == MODEL_LABEL
    assert [len(layer["heads"]) for layer in cat_view["layers"]] == [12] * 6
    compared = 0
    for entry in reference["attention"]:
        head = cat_view["layers"][entry["layer"]]["heads"][entry["head"]]
        np.testing.assert_allclose(head["weights"], entry["weights"], rtol=0, atol=TOLERANCE)
        compared += 1
    assert compared == 72


@pytest.mark.parametrize("index", range(1, 3))
def test_other_sentences_match_the_reference(model: BertModel, index: int) -> None:
    reference = FIXTURE["sentences"][index]
    data = minilm_view(model, reference["text"])
    assert data["tokens"] == reference["tokens"]
    for entry in reference["attention"]:
        head = data["layers"][entry["layer"]]["heads"][entry["head"]]
        np.testing.assert_allclose(head["weights"], entry["weights"], rtol=0, atol=TOLERANCE)


def test_steps_are_consistent_by_hand(cat_view: dict) -> None:
    """Scaled scores are the scores over √32, and the weights their row softmax (checked with math.exp)."""
    head = cat_view["layers"][3]["heads"][7]
    assert head["d_k"] == 32 and head["scale"] == pytest.approx(1 / math.sqrt(32), abs=1e-6)
    for scores, scaled, weights in zip(head["scores"], head["scaled_scores"], head["weights"]):
        for s, t in zip(scores, scaled):
            assert t == pytest.approx(s / math.sqrt(32), abs=2e-4)
        top = max(scaled)
        exps = [math.exp(t - top) for t in scaled]
        for w, e in zip(weights, exps):
            assert w == pytest.approx(e / sum(exps), abs=2e-4)


def test_views_leave_the_vectors_out_and_pass_the_contract(cat_view: dict) -> None:
    check_view(cat_view)
    head = cat_view["layers"][0]["heads"][0]
    assert not {"q", "k", "v", "output", "qk_names", "v_names"} & set(head)
    assert {"scores", "scaled_scores", "weights", "stats", "row_stats"} <= set(head)
    assert cat_view["mask"] == "none" and cat_view["scaling"] is True and cat_view["temperature"] == 1.0


def test_labels_follow_the_measured_shares(cat_view: dict) -> None:
    names = {"previous": "previous token", "next": "next token", "self": "itself", "cls": "[CLS] sink", "sep": "[SEP] sink"}
    seen = set()
    n = len(cat_view["tokens"])
    for layer in cat_view["layers"]:
        for head in layer["heads"]:
            shares = naive_shares(head["weights"])
            best = max(shares, key=shares.__getitem__)
            words = head["weights"][1:-1]
            entropy = sum(-sum(w * math.log2(w) for w in row if w > 0) for row in words) / len(words)
            if shares[best] >= PATTERN_SHARE:
                expected = names[best]
            else:
                expected = "broad" if 2**entropy >= BROAD_SHARE * n else "mixed"
            assert head["label"] == expected, head["description"]
            assert f"{round(100 * shares[best])}%" in head["description"]
            seen.add(head["label"])
    # The model's well-known patterns are there on this sentence (see the notebook).
    assert {"previous token", "next token", "[CLS] sink"} <= seen


def test_head_patterns_against_loops() -> None:
    rng = np.random.default_rng(3)
    for n in (3, 4, 9):
        weights = rng.dirichlet(np.ones(n), size=n)
        got = head_patterns(weights)
        expected = naive_shares(weights.tolist())
        assert got == pytest.approx(expected, abs=1e-12)


def test_head_patterns_refuses_bad_shapes() -> None:
    with pytest.raises(ValueError, match=r"\(n, n\) with n >= 3.*\(2, 2\)"):
        head_patterns(np.eye(2))
    with pytest.raises(ValueError, match="tokens has 2 entries but weights is 3 x 3"):
        head_patterns(np.eye(3), ["a", "b"])


def test_token_notes() -> None:
    assert token_note("[CLS]").startswith("special") and token_note("[SEP]").startswith("special")
    assert token_note("##ing") == "a piece of a longer word, joined to the token before it"
    assert token_note(",") == "punctuation" and token_note("cat") == ""


def test_too_long_and_empty_sentences_are_refused(model: BertModel) -> None:
    words = " ".join(["cat"] * MAX_TOKENS)  # MAX_TOKENS words + [CLS] + [SEP]
    with pytest.raises(ValueError, match=rf"{MAX_TOKENS + 2} tokens long with \[CLS\] and \[SEP\]; the lab takes at most {MAX_TOKENS}"):
        minilm_view(model, words)
    for empty in ("", "   "):
        with pytest.raises(ValueError, match="sentence must be a non-empty string"):
            minilm_view(model, empty)
    assert len(minilm_view(model, " ".join(["cat"] * (MAX_TOKENS - 2)))["tokens"]) == MAX_TOKENS


def test_json_is_the_view_and_the_model_is_loaded_once(model: BertModel) -> None:
    from attention.lab import minilm as views

    text = minilm_view_json("The cat sat on the mat.")
    data = json.loads(text)
    check_view(data)
    assert data["tokens"] == FIXTURE["sentences"][0]["tokens"]
    loaded = dict(views._loaded)
    minilm_view_json("Another one.")
    assert views._loaded == loaded  # the same model object, not loaded again
    # float32 computation: within the reference's tolerance too.
    reference = FIXTURE["sentences"][0]["attention"][5]
    head = data["layers"][reference["layer"]]["heads"][reference["head"]]
    np.testing.assert_allclose(head["weights"], reference["weights"], rtol=0, atol=TOLERANCE)


def test_presets_are_unique_and_fit() -> None:
    ids = [preset_id for preset_id, _, _ in PRESETS]
    assert len(ids) == len(set(ids)) == 10
    from attention.lab import tokenize

    hand_built = json.loads((Path(__file__).parents[2] / "docs" / "data" / "visualizer-presets.json").read_text())
    # The first eight are the hand-built lab's sentences, so a reader can switch models on them.
    assert {s for _, _, s in PRESETS[:8]} == {p["sentence"] for p in hand_built["presets"]}
    assert all(tokenize(s) for _, _, s in PRESETS[:8])


def test_vectors_come_all_or_none(cat_view: dict) -> None:
    data = copy.deepcopy(cat_view)
    data["layers"][0]["heads"][0]["q"] = [[0.0] * 32 for _ in data["tokens"]]
    with pytest.raises(ValueError, match=r"heads\[0\] has some vectors but not all: missing k, v, output"):
        check_view(data)
    data = copy.deepcopy(cat_view)
    data["layers"][2]["heads"][1]["d_k"] = 0
    with pytest.raises(ValueError, match=r"layers\[2\].heads\[1\].d_k must be a positive integer, got 0"):
        check_view(data)


def test_a_lone_surrogate_is_refused_by_the_json_view_too(model: BertModel) -> None:
    """What the page asks for: a ValueError saying what is wrong, not a UnicodeEncodeError once the JSON is sent."""
    with pytest.raises(ValueError, match=r"^sentence holds a lone surrogate, U\+D800, at position 0"):
        minilm_view_json("\ud800 cat")
    with pytest.raises(ValueError, match=r"^sentence holds a lone surrogate, U\+DC00, at position 4"):
        minilm_view(model, "the \udc00 cat")
