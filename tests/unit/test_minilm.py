"""all-MiniLM-L6-v2 on our numpy code against the reference implementation (PyTorch), without PyTorch.

The numbers in data/minilm_reference.json were computed by Hugging Face
transformers and sentence-transformers (see
site_examples/generate/minilm_fixture.py). These tests need the model's
weights in the cache; without them they fail and say how to fetch them.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from attention.models import BertModel, MissingWeightsError, load_minilm
from attention.models.weights import FETCH_COMMAND

FIXTURE = json.loads((Path(__file__).parent / "data" / "minilm_reference.json").read_text(encoding="utf-8"))
SENTENCES = FIXTURE["sentences"]
TOLERANCE = 1e-4  # the bar; measured deviations are about 1e-6 (float32 reference)


def _load(dtype=np.float64) -> BertModel:
    try:
        return load_minilm(dtype=dtype)
    except MissingWeightsError as error:
        pytest.fail(f"these tests need the model's weights. {error}", pytrace=False)


@pytest.fixture(scope="module")
def model() -> BertModel:
    return _load()


@pytest.fixture(scope="module")
def batch(model: BertModel):
    return model([s["text"] for s in SENTENCES])


def _label(text: str) -> str:
    return repr(text[:30])


# --- tokenizer -----------------------------------------------------------------


@pytest.mark.parametrize(
    "case", FIXTURE["tokenizer_cases"], ids=[_label(c["text"]) for c in FIXTURE["tokenizer_cases"]]
)
def test_token_ids_match_reference(model: BertModel, case: dict) -> None:
    encoding = model.tokenizer.encode(case["text"])
    assert encoding.ids.tolist() == case["ids"], model.tokenizer.decode(case["ids"])
    assert encoding.tokens == model.tokenizer.decode(case["ids"])


def test_pair_matches_reference(model: BertModel) -> None:
    pair = FIXTURE["pair"]
    encoding = model.tokenizer.encode(pair["text"], pair["text_pair"])
    assert encoding.ids.tolist() == pair["ids"]
    assert encoding.type_ids.tolist() == pair["type_ids"]


def test_truncation_matches_reference(model: BertModel) -> None:
    case = FIXTURE["truncated"]
    encoding = model.tokenizer.encode(case["text"], max_length=case["max_length"], truncate=True)
    assert encoding.ids.tolist() == case["ids"]


def test_fixture_covers_the_tokenizer_rules(model: BertModel) -> None:
    """The reference cases include [UNK], ## pieces, accents and CJK, so the comparison above means something."""
    tokens = [t for case in FIXTURE["tokenizer_cases"] for t in model.tokenizer.decode(case["ids"])]
    assert "[UNK]" in tokens and "##ization" in tokens and "cafe" in tokens and "東" in tokens and "[MASK]" in tokens


# --- forward pass ----------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(SENTENCES)), ids=[_label(s["text"]) for s in SENTENCES])
def test_one_sentence_matches_reference(model: BertModel, index: int) -> None:
    reference = SENTENCES[index]
    out = model(reference["text"])
    assert out.ids.tolist() == reference["ids"]
    assert out.tokens == reference["tokens"]
    n = len(reference["ids"])
    assert out.attentions.shape == (6, 12, n, n)
    assert out.hidden_states.shape == (7, n, 384)
    for entry in reference["attention"]:
        got = out.attentions[entry["layer"], entry["head"]]
        np.testing.assert_allclose(
            got, entry["weights"], rtol=0, atol=TOLERANCE, err_msg=f"layer {entry['layer']} head {entry['head']}"
        )
    np.testing.assert_allclose(out.embedding, reference["embedding"], rtol=0, atol=TOLERANCE)


def test_first_sentence_has_every_head(model: BertModel) -> None:
    """Every one of the 72 heads of the first sentence is compared, not a sample."""
    pairs = {(e["layer"], e["head"]) for e in SENTENCES[0]["attention"]}
    assert pairs == {(layer, head) for layer in range(6) for head in range(12)}


def test_padded_batch_matches_reference(batch) -> None:
    """Run together, padded to the longest sentence: padding changes nothing for the real tokens."""
    n_max = max(len(s["ids"]) for s in SENTENCES)
    assert batch.attentions.shape == (len(SENTENCES), 6, 12, n_max, n_max)
    for index, reference in enumerate(SENTENCES):
        n = len(reference["ids"])
        assert batch.mask[index].tolist() == [True] * n + [False] * (n_max - n)
        # padded keys get exactly zero weight from the real queries
        assert not batch.attentions[index, :, :, :n, n:].any()
        for entry in reference["attention"]:
            got = batch.attentions[index, entry["layer"], entry["head"], :n, :n]
            np.testing.assert_allclose(got, entry["weights"], rtol=0, atol=TOLERANCE)
        np.testing.assert_allclose(batch.embedding[index], reference["embedding"], rtol=0, atol=TOLERANCE)


def test_float32_model_matches_reference_too() -> None:
    model32 = _load(np.float32)
    out = model32([s["text"] for s in SENTENCES[:3]])
    assert out.embedding.dtype == np.float32 and out.attentions.dtype == np.float32
    for index, reference in enumerate(SENTENCES[:3]):
        n = len(reference["ids"])
        for entry in reference["attention"]:
            got = out.attentions[index, entry["layer"], entry["head"], :n, :n]
            np.testing.assert_allclose(got, entry["weights"], rtol=0, atol=TOLERANCE)
        np.testing.assert_allclose(out.embedding[index], reference["embedding"], rtol=0, atol=TOLERANCE)


def test_outputs_are_well_formed(batch) -> None:
    for index, n in enumerate(batch.mask.sum(axis=1)):
        np.testing.assert_allclose(batch.attentions[index, :, :, :n].sum(axis=-1), 1.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(batch.embedding, axis=-1), 1.0, atol=1e-12)
    assert batch.hidden_states.shape[:2] == (len(SENTENCES), 7)


def test_similar_sentences_have_similar_embeddings(model: BertModel) -> None:
    """What the embedding is for: a paraphrase is closer than an unrelated sentence."""
    a, b, c = model(
        ["A man is playing a guitar.", "Someone plays the guitar.", "The stock market fell sharply."]
    ).embedding
    assert a @ b > 0.6 and a @ c < 0.2 and b @ c < 0.2


# --- errors ------------------------------------------------------------------------


def test_too_long_input_names_the_lengths(model: BertModel) -> None:
    text = "word " * 600
    with pytest.raises(ValueError, match=r"602 tokens long with \[CLS\] and \[SEP\], more than max_length=512"):
        model(text)
    assert model.encode(text, truncate=True).ids.shape == (512,)
    with pytest.raises(ValueError, match="513 tokens long, but the model's position table has only 512 positions"):
        model.forward(np.full(513, 1000))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (dict(ids=[[101, 30522, 102]]), ValueError, r"ids must lie in 0\.\.30521, got values from 101 to 30522"),
        (dict(ids=[101.0, 102.0]), TypeError, "ids must be integers"),
        (dict(ids=np.zeros((1, 1, 2), dtype=int)), ValueError, r"ids must have shape \(n,\) or \(batch, n\)"),
        (dict(ids=[101, 102], type_ids=[0, 2]), ValueError, r"type_ids must lie in 0\.\.1"),
        (dict(ids=[101, 102], type_ids=[0]), ValueError, r"type_ids must have the shape of ids \(2,\)"),
        (dict(ids=[101, 102], mask=[True]), ValueError, r"mask must be booleans of the shape of ids \(2,\)"),
    ],
)
def test_forward_rejects_bad_input(model: BertModel, kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        model.forward(**kwargs)


def test_missing_weights_say_how_to_fetch(tmp_path: Path) -> None:
    with pytest.raises(MissingWeightsError, match="model.safetensors is missing") as info:
        load_minilm(tmp_path)
    assert FETCH_COMMAND in str(info.value)
    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(MissingWeightsError, match="config.json has 2 bytes, expected 612"):
        load_minilm(tmp_path)


def test_unknown_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(MissingWeightsError, match=str(tmp_path / "nowhere")):
        load_minilm(tmp_path / "nowhere")
    a_file = tmp_path / "model.safetensors"
    a_file.write_bytes(b"")
    with pytest.raises(FileNotFoundError, match="is not a folder"):
        BertModel.from_folder(a_file)
