"""The visualizer lab's preset data (docs/data/visualizer-presets.json): current, and following the contract."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from attention.lab.contract import check_view
from site_examples.generate import visualizer_data as generator

ROOT = Path(__file__).resolve().parents[2]
PRESETS_FILE = ROOT / "docs" / "data" / "visualizer-presets.json"


@pytest.fixture(scope="module")
def presets() -> dict:
    return json.loads(PRESETS_FILE.read_text(encoding="utf-8"))


def test_the_committed_file_equals_a_fresh_regeneration() -> None:
    assert PRESETS_FILE.read_text(encoding="utf-8") == generator.render(), (
        "docs/data/visualizer-presets.json is out of date: run python -m site_examples.generate.visualizer_data"
    )


def test_the_lab_has_the_sentences_the_issue_asks_for(presets: dict) -> None:
    sentences = [p["sentence"] for p in presets["presets"]]
    assert "The cat sat on the mat" in sentences
    assert "The cat sat on the mat because it was tired" in sentences
    # Pairs that show one word in different contexts: the same word in two presets of that group.
    pairs = [p for p in presets["presets"] if p["group"] == "Same word, different context"]
    words = [{t.lower() for t in p["views"][0]["tokens"]} for p in pairs]
    shared = {w for i, a in enumerate(words) for b in words[i + 1 :] for w in a & b} - {"the", "at", "and", "of"}
    assert {"bank", "bat"} <= shared
    assert len({p["id"] for p in presets["presets"]}) == len(presets["presets"])


def test_every_preset_holds_the_four_toggle_settings(presets: dict) -> None:
    for preset in presets["presets"]:
        settings = sorted((v["mask"], v["scaling"], v["temperature"]) for v in preset["views"])
        assert settings == [("causal", False, 1.0), ("causal", True, 1.0), ("none", False, 1.0), ("none", True, 1.0)]
        assert all(v["source"] == preset["sentence"] for v in preset["views"])


def test_every_view_follows_the_contract(presets: dict) -> None:
    for preset in presets["presets"]:
        for data in preset["views"]:
            check_view(data)


def test_rows_sum_to_one_and_the_causal_mask_zeroes_the_future(presets: dict) -> None:
    """Checked here with plain loops, not with the package's checker."""
    for preset in presets["presets"]:
        for data in preset["views"]:
            n = len(data["tokens"])
            for layer in data["layers"]:
                for head in layer["heads"]:
                    assert len(head["weights"]) == n
                    for q, row in enumerate(head["weights"]):
                        assert len(row) == n
                        assert math.fsum(row) == pytest.approx(1.0, abs=n * 5e-7 + 1e-12)
                        if data["mask"] == "causal":
                            assert row[q + 1 :] == [0.0] * (n - q - 1), (preset["id"], head["label"], q)


def test_scaled_scores_are_the_scores_times_the_scale(presets: dict) -> None:
    for preset in presets["presets"]:
        for data in preset["views"]:
            for head in data["layers"][0]["heads"]:
                expected = 1 / math.sqrt(head["d_k"]) if data["scaling"] else 1.0
                assert head["scale"] == pytest.approx(expected, abs=1e-6)
                for raw_row, scaled_row in zip(head["scores"], head["scaled_scores"]):
                    for raw, scaled in zip(raw_row, scaled_row):
                        assert scaled == pytest.approx(raw * expected, abs=2e-4)
