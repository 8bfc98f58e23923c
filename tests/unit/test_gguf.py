"""The GGUF reader: small files written here byte by byte, hand-worked dequantization, errors; and the
real file against ggml's own reader (values recorded by site_examples/generate/smollm2_fixture.py)."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest

from attention.models import MissingWeightsError
from attention.models.gguf import GGML_TYPES, dequantize, parse_gguf, read_gguf
from attention.models.weights import require_smollm2

FIXTURE = json.loads((Path(__file__).parent / "data" / "smollm2_reference.json").read_text(encoding="utf-8"))


def string(text: str) -> bytes:
    data = text.encode("utf-8")
    return struct.pack("<Q", len(data)) + data


def gguf_file(
    metadata: list[bytes], tensors: list[tuple[str, tuple[int, ...], int, bytes]], alignment: int = 32
) -> bytes:
    """A GGUF v3 file: ``metadata`` as encoded entries, ``tensors`` as (name, numpy shape, type id, bytes)."""
    head = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata)) + b"".join(metadata)
    offset, infos, blobs = 0, b"", b""
    for name, shape, kind, data in tensors:
        dims = tuple(reversed(shape))
        infos += string(name) + struct.pack("<I", len(dims)) + struct.pack(f"<{len(dims)}Q", *dims)
        infos += struct.pack("<IQ", kind, offset)
        padded = data + b"\0" * (-len(data) % alignment)
        blobs += padded
        offset += len(padded)
    body = head + infos
    return body + b"\0" * (-len(body) % alignment) + blobs


def entry(key: str, kind: int, payload: bytes) -> bytes:
    return string(key) + struct.pack("<I", kind) + payload


def q4_1_block(d: float, m: float, levels: list[int]) -> bytes:
    """One Q4_1 block: numbers j and j + 16 share byte j (low and high four bits)."""
    packed = bytes(levels[j] | (levels[j + 16] << 4) for j in range(16))
    return struct.pack("<ee", d, m) + packed


def test_hand_built_file_with_every_supported_type() -> None:
    levels = list(range(16)) + list(range(15, -1, -1))
    q4_1 = q4_1_block(0.25, -2.0, levels)
    q8 = struct.pack("<e", 0.5) + struct.pack("<32b", *range(-16, 16))
    q4_0 = struct.pack("<e", 2.0) + bytes(j | ((15 - j) << 4) for j in range(16))
    f16 = struct.pack("<4e", 1.5, -2.0, 0.0, 65504.0)
    f32 = struct.pack("<3f", 1.0, -0.5, 3.25)
    metadata = [
        entry("general.architecture", 8, string("llama")),
        entry("some.uint32", 4, struct.pack("<I", 30)),
        entry("some.float32", 6, struct.pack("<f", 1e-5)),
        entry("some.bool", 7, struct.pack("<?", True)),
        entry("some.strings", 9, struct.pack("<IQ", 8, 2) + string("Ġa") + string("b c")),
        entry("some.int32s", 9, struct.pack("<IQ", 5, 3) + struct.pack("<3i", 1, -2, 3)),
        entry("some.uint64", 10, struct.pack("<Q", 2**40)),
    ]
    data = gguf_file(
        metadata,
        [
            ("q4_1", (32,), 3, q4_1),
            ("q8_0", (2, 16), 8, q8),
            ("q4_0", (32,), 2, q4_0),
            ("f16", (2, 2), 1, f16),
            ("f32", (3,), 0, f32),
        ],
    )
    parsed = parse_gguf(data)
    assert parsed.version == 3
    assert parsed.metadata["general.architecture"] == "llama"
    assert parsed.metadata["some.uint32"] == 30 and parsed.metadata["some.bool"] is True
    assert parsed.metadata["some.float32"] == pytest.approx(1e-5, rel=1e-7)
    assert parsed.metadata["some.strings"] == ["Ġa", "b c"] and parsed.metadata["some.uint64"] == 2**40
    assert parsed.metadata["some.int32s"].tolist() == [1, -2, 3]
    # Q4_1: 0.25 q - 2
    expected = [0.25 * q - 2.0 for q in levels]
    assert parsed.array("q4_1").tolist() == expected
    # Q8_0: 0.5 q, the file's (16, 2) read as numpy's (2, 16)
    assert parsed.array("q8_0").tolist() == [[0.5 * q for q in range(-16, 0)], [0.5 * q for q in range(0, 16)]]
    # Q4_0: 2 (q - 8), low nibbles j, high nibbles 15 - j
    assert parsed.array("q4_0").tolist() == [2.0 * (j - 8) for j in range(16)] + [2.0 * (7 - j) for j in range(16)]
    assert parsed.array("f16").tolist() == [[1.5, -2.0], [0.0, 65504.0]]
    assert parsed.array("f32").tolist() == [1.0, -0.5, 3.25]
    assert parsed.array("f32").dtype == np.float32
    assert parsed.tensors["q8_0"].shape == (2, 16) and parsed.tensors["q8_0"].type.name == "Q8_0"


def test_alignment_from_the_metadata(tmp_path: Path) -> None:
    metadata = [entry("general.alignment", 4, struct.pack("<I", 64))]
    data = gguf_file(
        metadata, [("a", (2,), 0, struct.pack("<2f", 7.0, 8.0)), ("b", (1,), 0, struct.pack("<f", 9.0))], 64
    )
    (tmp_path / "x.gguf").write_bytes(data)
    parsed = read_gguf(tmp_path / "x.gguf")
    assert parsed.array("a").tolist() == [7.0, 8.0] and parsed.array("b").tolist() == [9.0]
    assert parsed.tensors["a"].offset % 64 == 0 and parsed.tensors["b"].offset % 64 == 0


def test_dequantize_docstring_block_by_hand() -> None:
    block = q4_1_block(0.5, -1.0, list(range(16)) + list(range(16)))
    values = dequantize(block, GGML_TYPES[3], (32,))
    assert values[[0, 1, 15, 16, 31]].tolist() == [-1.0, -0.5, 6.5, -1.0, 6.5]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"GGML" + bytes(20), "not a GGUF file: it starts with b'GGML'"),
        (b"GGUF" + struct.pack("<IQQ", 1, 0, 0), "GGUF version 1 is not supported"),
        (b"GGUF" + struct.pack("<I", 3), "ends at byte 8 while reading the tensor count at byte 8"),
        (
            b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + string("k") + struct.pack("<I", 99),
            "metadata 'k' has an unknown value type 99",
        ),
        (
            gguf_file([], [("t", (32,), 14, bytes(210))]),
            "tensor 't' has ggml type 14, which this reader does not dequantize",
        ),
        (gguf_file([], [("t", (33,), 3, bytes(20))]), "tensor 't' has 33 numbers, not a whole number of Q4_1 blocks"),
        (gguf_file([], [("t", (32,), 3, bytes(20))])[:-16], r"tensor 't' \(32,\) Q4_1 needs bytes .* it is truncated"),
    ],
    ids=["magic", "version", "cut-header", "value-type", "tensor-type", "blocks", "cut-data"],
)
def test_malformed_files_say_what_and_where(data: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_gguf(data)


def test_missing_tensor_is_named() -> None:
    with pytest.raises(KeyError, match="the GGUF file has no tensor 'nope'"):
        parse_gguf(gguf_file([], [])).array("nope")


# --- the real file, against ggml's gguf package ---------------------------------------------


@pytest.fixture(scope="module")
def smollm2_file():
    try:
        return read_gguf(require_smollm2())
    except MissingWeightsError as error:
        pytest.fail(f"these tests need the model's weights. {error}", pytrace=False)


def test_real_file_header(smollm2_file) -> None:
    assert len(smollm2_file.tensors) == FIXTURE["dequantization"]["tensors"] == 272
    assert smollm2_file.metadata["general.architecture"] == "llama"
    assert smollm2_file.metadata["general.file_type"] == 3  # mostly Q4_1
    assert {t.type.name for t in smollm2_file.tensors.values()} == {"F32", "Q4_1", "Q8_0"}


@pytest.mark.parametrize("recorded", FIXTURE["dequantization"]["recorded"], ids=lambda r: r["name"])
def test_dequantization_matches_ggml_reader(smollm2_file, recorded: dict) -> None:
    array = smollm2_file.array(recorded["name"])
    assert smollm2_file.tensors[recorded["name"]].type.name == recorded["type"]
    assert list(array.shape) == recorded["shape"]
    rows = array.reshape(-1, array.shape[-1])
    assert rows[0, :16].tolist() == recorded["first_row"]  # exactly: float32 values written as doubles
    assert rows[-1, -16:].tolist() == recorded["last_row"]
    assert float(array.astype(np.float64).sum()) == pytest.approx(recorded["sum"], rel=1e-9, abs=1e-6)
    assert float((array.astype(np.float64) ** 2).sum()) == pytest.approx(recorded["sum_of_squares"], rel=1e-9)
