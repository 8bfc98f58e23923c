"""What docs/lab.md says about the real model mode holds on the data the site's build wrote.

The section "A trained model: all-MiniLM-L6-v2" points the reader at
patterns without typing numbers; these tests check each pattern on every
prepared sentence (``site/data/minilm/``), measured here with plain loops
over the weights, so a change of model, sentences or labelling that made the
text wrong fails here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The page's text with its line breaks folded, so that re-wrapping a paragraph does not matter.
LAB = " ".join((ROOT / "docs" / "lab.md").read_text(encoding="utf-8").split())
TIRED = "The animal didn't cross the street because it was too tired."
WIDE = "The animal didn't cross the street because it was too wide."


@pytest.fixture(scope="module")
def views(built_site: Path) -> dict[str, dict]:
    folder = built_site / "data" / "minilm"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    return {p["sentence"]: json.loads((folder / p["file"]).read_text(encoding="utf-8")) for p in index["presets"]}


@pytest.fixture(scope="module")
def index(built_site: Path) -> dict:
    return json.loads((built_site / "data" / "minilm" / "index.json").read_text(encoding="utf-8"))


def _labels(view: dict, layer: int) -> list[str]:
    return [head["label"] for head in view["layers"][layer]["heads"]]


def _neighbour_share(weights: list[list[float]], step: int) -> float:
    """Mean weight a word (not [CLS], not [SEP]) gives the word `step` away, over the words that have one."""
    n = len(weights)
    shares = [weights[i][i + step] for i in range(1, n - 1) if 1 <= i + step <= n - 2]
    return sum(shares) / len(shares)


def test_the_model_is_the_size_the_page_says(index: dict, built_site: Path) -> None:
    model = index["model"]
    assert (model["n_layers"], model["n_heads"], model["d_k"]) == (6, 12, 32)
    assert "6 layers with 12" in LAB and "d_k = 32" in LAB
    # "a copy of the weights rounded to 16-bit floats, half the size of the original"
    manifest = json.loads((built_site / "models" / "all-MiniLM-L6-v2" / "manifest.json").read_text(encoding="utf-8"))
    from attention.models.weights import MODEL_FILES

    assert manifest["dtype"] == "float16"
    assert manifest["files"]["model.safetensors"]["bytes"] < 0.55 * MODEL_FILES["model.safetensors"][0]


def test_the_same_head_of_layer_1_is_previous_token_and_one_of_layer_2_next_token(views: dict) -> None:
    assert "the same head is labelled *previous token* on every prepared sentence" in LAB
    assert "one head is labelled *next token* on every one of them" in LAB
    for layer, label, step in [(0, "previous token", -1), (1, "next token", 1)]:
        common = set.intersection(*({h for h, name in enumerate(_labels(v, layer)) if name == label} for v in views.values()))
        assert common, f"no head of layer {layer + 1} is labelled {label!r} on every preset"
        for view in views.values():
            for h in common:
                weights = view["layers"][layer]["heads"][h]["weights"]
                # "a dark line just below (above) the diagonal": most of a word's weight on that neighbour
                assert _neighbour_share(weights, step) > 0.5


def test_from_layer_2_on_most_heads_are_cls_sinks(views: dict) -> None:
    assert "From the second layer on, most heads are labelled *[CLS] sink*" in LAB
    for sentence, view in views.items():
        heads = [head for layer in view["layers"][1:] for head in layer["heads"]]
        sinks = [head for head in heads if head["label"] == "[CLS] sink"]
        assert len(sinks) > len(heads) / 2, sentence
        for head in sinks:  # "their maps have a dark first column"
            column = [row[0] for row in head["weights"][1:-1]]
            assert sum(column) / len(column) > 0.4


def test_it_favours_the_same_noun_in_both_sentences_of_the_pair(views: dict) -> None:
    assert "In most heads the row goes to `[CLS]` in both" in LAB
    assert "each favours the same noun in both sentences" in LAB
    tired, wide = views[TIRED], views[WIDE]
    tokens = tired["tokens"]
    assert wide["tokens"][:-3] == tokens[:-3]
    it, animal, street = tokens.index("it"), tokens.index("animal"), tokens.index("street")
    to_cls = 0
    clear = 0
    for layer in range(len(tired["layers"])):
        for h in range(len(tired["layers"][layer]["heads"])):
            rows = [v["layers"][layer]["heads"][h]["weights"][it] for v in (tired, wide)]
            # "In most heads the row goes to [CLS] in both."
            to_cls += all(max(range(len(row)), key=row.__getitem__) == 0 for row in rows)
            # "Among the heads that give either noun a clear share of it, each favours the same noun in both."
            if max(row[k] for row in rows for k in (animal, street)) > 0.2:
                clear += 1
                assert (rows[0][animal] > rows[0][street]) == (rows[1][animal] > rows[1][street]), (layer, h)
    assert to_cls > 72 / 2
    assert clear >= 3
