"""The float16 copy of all-MiniLM-L6-v2 that the site ships: complete, exactly rounded, and still the model.

The model's outputs are compared with the reference fixture
(data/minilm_reference.json, computed by PyTorch from the float32 weights).
Tests that need the published weights fail, saying how to fetch them, when
they are not in the cache (as test_minilm.py does: the test command fetches
them, so their absence is a broken set-up, not a reason to skip); the rest use
small hand-made tensors.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from attention.models import BertConfig, BertModel, MissingWeightsError, WordPieceTokenizer, load_minilm
from attention.models.export import FORMAT, export_float16, float16_tensors, is_float16_export
from attention.models.safetensors import read_safetensors, write_safetensors
from attention.models.weights import FETCH_COMMAND, MODEL_FILES, require_files
from tests.helpers import sha256

FIXTURE = json.loads((Path(__file__).parent / "data" / "minilm_reference.json").read_text(encoding="utf-8"))
SENTENCES = FIXTURE["sentences"]
# Rounding a weight to float16 moves it by at most 2**-11 of itself. Through six
# layers that moved the fixture's attention weights by at most 7.9e-4 and its
# embeddings by 2.1e-4 (measured). The tolerances leave room above that but stay
# below what a coarser rounding does: bfloat16 (8 bits, 3 fewer) moves them by
# 7.8e-3 and 1.7e-3, and fails both (test_the_tolerances_catch_a_coarser_rounding).
ATTENTION_TOLERANCE = 2e-3
EMBEDDING_TOLERANCE = 1e-3
# What the encoder does not read: the pooler (sentence embeddings are mean-pooled
# instead) and the integer buffer of positions 0..511.
LEFT_OUT = {"pooler.dense.weight", "pooler.dense.bias", "embeddings.position_ids"}


def _source() -> Path:
    try:
        return require_files()
    except MissingWeightsError as error:
        pytest.fail(f"this test needs the published weights. {error}", pytrace=False)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    source = _source()
    target = tmp_path_factory.mktemp("float16")
    return target, export_float16(source, target)


def test_manifest_describes_the_files(exported: tuple[Path, dict]) -> None:
    folder, manifest = exported
    assert json.loads((folder / "manifest.json").read_text(encoding="utf-8")) == manifest
    assert sorted(p.name for p in folder.iterdir()) == sorted([*manifest["files"], "manifest.json"])
    assert sorted(manifest["files"]) == ["config.json", "model.safetensors", "vocab.txt"]
    assert manifest["model"] == "all-MiniLM-L6-v2" and manifest["dtype"] == "float16"
    assert manifest["license"] == "Apache-2.0" and manifest["source"] == "sentence-transformers/all-MiniLM-L6-v2"
    for name, entry in manifest["files"].items():
        assert entry == {"bytes": (folder / name).stat().st_size, "sha256": sha256(folder / name)}, name
    assert manifest["total_bytes"] == sum((folder / name).stat().st_size for name in manifest["files"])
    # The budget for the download: under 50 MB.
    assert manifest["total_bytes"] < 50e6


def test_config_and_vocabulary_are_copied_unchanged(exported: tuple[Path, dict]) -> None:
    folder, _ = exported
    for name in ("config.json", "vocab.txt"):
        assert sha256(folder / name) == MODEL_FILES[name][1]


def test_every_tensor_the_encoder_reads_is_there_rounded_to_float16(exported: tuple[Path, dict]) -> None:
    folder, manifest = exported
    original = read_safetensors(_source() / "model.safetensors")
    half = read_safetensors(folder / "model.safetensors")
    assert set(half) == set(original) - LEFT_OUT
    assert len(half) == 5 + 16 * 6  # embeddings: 3 tables + LayerNorm; each layer: 16 tensors
    for name, array in half.items():
        assert array.dtype == np.float16 and array.shape == original[name].shape, name
        source = original[name].astype(np.float64)
        # Round to nearest: within half a float16 step of the float32 value, relative
        # 2**-11 for normal numbers, and 2**-25 absolute below float16's smallest normal 2**-14.
        bound = np.maximum(np.abs(source) * 2.0**-11, 2.0**-25)
        assert np.all(np.abs(array.astype(np.float64) - source) <= bound), name
    assert manifest["source_sha256"] == MODEL_FILES["model.safetensors"][1]


def test_the_file_names_its_source_and_changes(exported: tuple[Path, dict]) -> None:
    folder, _ = exported
    header_size = int.from_bytes((folder / "model.safetensors").read_bytes()[:8], "little")
    with (folder / "model.safetensors").open("rb") as file:
        file.seek(8)
        metadata = json.loads(file.read(header_size))["__metadata__"]
    assert metadata["format"] == FORMAT
    assert metadata["source_sha256"] == MODEL_FILES["model.safetensors"][1]
    assert "float16" in metadata["changes"] and metadata["license"] == "Apache-2.0"


@pytest.fixture(scope="module")
def float16_model(exported: tuple[Path, dict]) -> BertModel:
    folder, _ = exported
    return load_minilm(folder, dtype=np.float32)  # the same call the lab makes in the browser


def test_the_float16_model_matches_the_reference(float16_model: BertModel) -> None:
    assert float16_model.word_embeddings.dtype == np.float16  # the largest table stays as shipped
    out = float16_model([s["text"] for s in SENTENCES])
    for index, reference in enumerate(SENTENCES):
        n = len(reference["ids"])
        assert out.ids[index, :n].tolist() == reference["ids"]
        assert out.tokens[index] == reference["tokens"]
        for entry in reference["attention"]:
            np.testing.assert_allclose(
                out.attentions[index, entry["layer"], entry["head"], :n, :n],
                entry["weights"],
                rtol=0,
                atol=ATTENTION_TOLERANCE,
                err_msg=f"{reference['text']!r}, layer {entry['layer']} head {entry['head']}",
            )
        np.testing.assert_allclose(out.embedding[index], reference["embedding"], rtol=0, atol=EMBEDDING_TOLERANCE)


def _bfloat16(array: np.ndarray) -> np.ndarray:
    """Round float32 to bfloat16 (the top 16 bits, to nearest even) and back: 8 significant bits."""
    bits = array.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    return rounded.view(np.float32)


def test_the_tolerances_catch_a_coarser_rounding() -> None:
    """With 3 bits fewer than float16, the same comparison fails: the tolerances can tell."""
    source = _source()
    published = read_safetensors(source / "model.safetensors")
    tensors = {name: _bfloat16(array) if array.dtype.kind == "f" else array for name, array in published.items()}
    model = BertModel(
        BertConfig.from_file(source / "config.json"),
        tensors,
        WordPieceTokenizer.from_file(source / "vocab.txt"),
        dtype=np.float32,
    )
    worst_attention = worst_embedding = 0.0
    for reference in SENTENCES[:3]:
        out = model(reference["text"])
        for entry in reference["attention"]:
            got = out.attentions[entry["layer"], entry["head"]]
            worst_attention = max(worst_attention, float(np.abs(got - entry["weights"]).max()))
        worst_embedding = max(worst_embedding, float(np.abs(out.embedding - reference["embedding"]).max()))
    assert worst_attention > ATTENTION_TOLERANCE and worst_embedding > EMBEDDING_TOLERANCE


# --- recognising the copy --------------------------------------------------------------


def test_a_cut_off_copy_is_not_taken_for_the_model(exported: tuple[Path, dict], tmp_path: Path) -> None:
    folder, _ = exported
    assert is_float16_export(folder / "model.safetensors")
    assert not is_float16_export(_source() / "model.safetensors")  # the published file has no such metadata
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    with (copy / "model.safetensors").open("r+b") as file:
        file.truncate((copy / "model.safetensors").stat().st_size - 2)
    assert not is_float16_export(copy / "model.safetensors")
    with pytest.raises(MissingWeightsError, match="model.safetensors has 45"):
        load_minilm(copy)


@pytest.mark.parametrize(
    "content",
    [b"", b"\x05\x00\x00\x00\x00\x00\x00\x00{}", b"\x02\x00\x00\x00\x00\x00\x00\x00[]", b"\xff" * 16],
    ids=["empty", "cut header", "not an object", "garbage"],
)
def test_other_files_are_not_copies(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "model.safetensors").write_bytes(content)
    assert not is_float16_export(tmp_path / "model.safetensors")


def test_a_copy_of_other_weights_is_not_this_model(tmp_path: Path) -> None:
    """Right format, wrong source: the metadata must name the published file's sha256."""
    path = tmp_path / "model.safetensors"
    write_safetensors(path, {"w": np.zeros(3, np.float16)}, {"format": FORMAT, "source_sha256": "0" * 64})
    assert not is_float16_export(path)
    marks = {"format": FORMAT, "source_sha256": MODEL_FILES["model.safetensors"][1]}
    write_safetensors(path, {"w": np.zeros(3, np.float16)}, marks)
    assert is_float16_export(path)  # a complete file with the right marks (the loader checks the tensors)


# --- errors, on small hand-made weights -------------------------------------------------


def _tiny() -> tuple[BertConfig, dict[str, np.ndarray], WordPieceTokenizer]:
    config = BertConfig(
        vocab_size=5, d_model=4, n_layers=1, n_heads=2, d_ff=8, max_positions=6, type_vocab_size=2, layer_norm_eps=1e-12
    )
    shapes: dict[str, tuple[int, ...]] = {
        "embeddings.word_embeddings.weight": (5, 4),
        "embeddings.position_embeddings.weight": (6, 4),
        "embeddings.token_type_embeddings.weight": (2, 4),
        "embeddings.LayerNorm.weight": (4,),
        "embeddings.LayerNorm.bias": (4,),
    }
    p = "encoder.layer.0."
    for part, (d_out, d_in) in {
        "attention.self.query": (4, 4),
        "attention.self.key": (4, 4),
        "attention.self.value": (4, 4),
        "attention.output.dense": (4, 4),
        "intermediate.dense": (8, 4),
        "output.dense": (4, 8),
    }.items():
        shapes[p + part + ".weight"], shapes[p + part + ".bias"] = (d_out, d_in), (d_out,)
    for norm in ("attention.output.LayerNorm", "output.LayerNorm"):
        shapes[p + norm + ".weight"], shapes[p + norm + ".bias"] = (4,), (4,)
    rng = np.random.default_rng(0)
    tensors = {name: rng.standard_normal(shape).astype(np.float32) for name, shape in shapes.items()}
    tokenizer = WordPieceTokenizer(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"])
    return config, tensors, tokenizer


def test_unused_tensors_are_left_out_and_values_rounded() -> None:
    config, tensors, tokenizer = _tiny()
    tensors["pooler.dense.weight"] = np.ones((4, 4), np.float32)
    tensors["embeddings.position_ids"] = np.arange(6)[None]
    tensors["embeddings.LayerNorm.bias"] = np.array([1 / 3, 65504.0, -1e-8, 2049.0], np.float32)
    half = float16_tensors(config, tensors, tokenizer)
    assert set(half) == set(tensors) - {"pooler.dense.weight", "embeddings.position_ids"}
    # 1/3 rounds to 0x3555 = 1365/4096; 65504 is float16's largest value; 1e-8 is
    # below half the smallest subnormal (2**-24 = 6e-8), so 0; 2049 ties to even 2048.
    assert half["embeddings.LayerNorm.bias"].tolist() == [1365 / 4096, 65504.0, 0.0, 2048.0]


def test_a_weight_beyond_float16_is_refused_by_name() -> None:
    config, tensors, tokenizer = _tiny()
    tensors["encoder.layer.0.output.dense.bias"][2] = -70000.0
    with pytest.raises(ValueError, match=r"'encoder.layer.0.output.dense.bias' holds values up to 70000.*65504"):
        float16_tensors(config, tensors, tokenizer)


def test_a_missing_tensor_is_named() -> None:
    config, tensors, tokenizer = _tiny()
    del tensors["encoder.layer.0.attention.self.key.bias"]
    with pytest.raises(ValueError, match="no tensor 'encoder.layer.0.attention.self.key.bias'"):
        float16_tensors(config, tensors, tokenizer)


def test_missing_weights_say_how_to_fetch(tmp_path: Path) -> None:
    with pytest.raises(MissingWeightsError, match="model.safetensors is missing") as info:
        export_float16(tmp_path / "empty", tmp_path / "out")
    assert FETCH_COMMAND in str(info.value)
    assert not (tmp_path / "out").exists()
