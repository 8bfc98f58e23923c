"""The safetensors reader and writer, against files assembled byte by byte from the format's description."""

from __future__ import annotations

import json
import re
import struct

import numpy as np
import pytest

from attention.models.safetensors import parse_safetensors, read_safetensors, safetensors_bytes, write_safetensors


def assemble(header: dict, data: bytes) -> bytes:
    """A safetensors file by hand: u64 little-endian header length, JSON header, data."""
    text = json.dumps(header).encode()
    return struct.pack("<Q", len(text)) + text + data


def test_reads_hand_made_file() -> None:
    # float32 1.5 and -2 in little-endian bytes; float16 1.0 = 0x3C00, -2.0 = 0xC000;
    # bfloat16 1.0 = 0x3F80, -3.0 = 0xC040; int64 7; bool True, False.
    f32 = struct.pack("<2f", 1.5, -2.0)
    f16 = bytes([0x00, 0x3C, 0x00, 0xC0])
    bf16 = bytes([0x80, 0x3F, 0x40, 0xC0])
    i64 = struct.pack("<q", 7)
    flags = bytes([1, 0])
    data = f32 + f16 + bf16 + i64 + flags
    header = {
        "__metadata__": {"format": "pt"},
        "a": {"dtype": "F32", "shape": [1, 2], "data_offsets": [0, 8]},
        "h": {"dtype": "F16", "shape": [2], "data_offsets": [8, 12]},
        "bf": {"dtype": "BF16", "shape": [2], "data_offsets": [12, 16]},
        "n": {"dtype": "I64", "shape": [], "data_offsets": [16, 24]},
        "flags": {"dtype": "BOOL", "shape": [2], "data_offsets": [24, 26]},
    }
    tensors = parse_safetensors(assemble(header, data))
    assert sorted(tensors) == ["a", "bf", "flags", "h", "n"]
    assert tensors["a"].dtype == np.float32 and tensors["a"].tolist() == [[1.5, -2.0]]
    assert tensors["h"].dtype == np.float16 and tensors["h"].tolist() == [1.0, -2.0]
    assert tensors["bf"].dtype == np.float32 and tensors["bf"].tolist() == [1.0, -3.0]
    assert tensors["n"].shape == () and int(tensors["n"]) == 7
    assert tensors["flags"].tolist() == [True, False]


def test_writer_produces_the_format() -> None:
    blob = safetensors_bytes({"w": np.array([[1.5, -2.0]], dtype=np.float32)}, metadata={"format": "np"})
    (size,) = struct.unpack("<Q", blob[:8])
    assert size % 8 == 0  # padded so the data is aligned
    header = json.loads(blob[8 : 8 + size])
    assert header == {
        "__metadata__": {"format": "np"},
        "w": {"dtype": "F32", "shape": [1, 2], "data_offsets": [0, 8]},
    }
    assert blob[8 + size :] == struct.pack("<2f", 1.5, -2.0)


@pytest.mark.parametrize("dtype", ["<f8", "<f4", "<f2", ">f4", "<i8", "<i4", "<i2", "i1", "u1", "?"])
def test_round_trip(tmp_path, dtype: str) -> None:
    rng = np.random.default_rng(0)
    array = (rng.standard_normal((3, 4)) * 10).astype(dtype)
    path = tmp_path / "t.safetensors"
    write_safetensors(path, {"x": array, "empty": np.zeros((0, 2), dtype=dtype)})
    back = read_safetensors(path)
    assert back["x"].dtype == np.dtype(dtype).newbyteorder("<") or back["x"].dtype == np.dtype(dtype)
    np.testing.assert_array_equal(back["x"], array)
    assert back["empty"].shape == (0, 2)


@pytest.mark.parametrize(
    ("blob", "message"),
    [
        (b"\x01\x00", "fewer than the 8-byte header size"),
        (struct.pack("<Q", 100) + b"{}", "announces a 100-byte header but holds 2 bytes"),
        (struct.pack("<Q", 3) + b"{x}", "header is not JSON"),
        (struct.pack("<Q", 2) + b"[]", "header is a JSON list"),
        (assemble({"t": {"dtype": "F32", "shape": [1]}}, b"\x00" * 4), "must have dtype, shape and data_offsets"),
        (assemble({"t": {"dtype": "C64", "shape": [1], "data_offsets": [0, 8]}}, b"\x00" * 8), "dtype 'C64'"),
        (assemble({"t": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 4]}}, b"\x00" * 4), "shape must be a list"),
        (
            assemble({"t": {"dtype": "F32", "shape": [1], "data_offsets": [0]}}, b"\x00" * 4),
            r"data_offsets must be \[begin, end\]",
        ),
        (
            assemble({"t": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}, b"\x00" * 4),
            "lie outside the 4 data bytes",
        ),
        (assemble({"t": {"dtype": "F32", "shape": [2], "data_offsets": [0, 4]}}, b"\x00" * 4), "needs 8 bytes"),
    ],
)
def test_malformed_files_are_refused(blob: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_safetensors(blob, source="x.safetensors")


def test_missing_file(tmp_path) -> None:
    with pytest.raises(FileNotFoundError, match="no safetensors file at"):
        read_safetensors(tmp_path / "nope.safetensors")


def test_writer_refuses_unstorable_dtypes() -> None:
    with pytest.raises(TypeError, match="complex128"):
        safetensors_bytes({"z": np.zeros(2, dtype=complex)})


def _one_tensor(shape: object, nbytes: int, offsets: object = None) -> bytes:
    return assemble({"w": {"dtype": "F32", "shape": shape, "data_offsets": offsets or [0, nbytes]}}, bytes(nbytes))


CRAFTED_SHAPES = [
    # Beyond int64: numpy's OverflowError before.
    ([2**64, 1], 8, "tensor 'w' in data: shape (18446744073709551616, 1) of F32 needs 73786976294838206464 bytes"),
    ([0, 2**64], 0, "tensor 'w' in data: shape (0, 18446744073709551616) is larger than numpy can index"),
    # (2^62 + 2) · 4 wraps round to 8 elements in int64: 32 bytes, as many as given; numpy's reshape error before.
    ([2**62 + 2, 4], 32, "tensor 'w' in data: shape (4611686018427387906, 4) of F32 needs 73786976294838206496 bytes"),
    # An empty tensor with an axis no array can have.
    ([0, 2**61], 0, "tensor 'w' in data: shape (0, 2305843009213693952) is larger than numpy can index"),
    # JSON's true is a Python int: numpy's TypeError before.
    ([True, 2], 8, "tensor 'w' in data: shape must be a list of non-negative integers, got [True, 2]"),
]


@pytest.mark.parametrize(("shape", "nbytes", "message"), CRAFTED_SHAPES)
def test_crafted_shapes_are_refused_naming_the_tensor(shape: object, nbytes: int, message: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        parse_safetensors(_one_tensor(shape, nbytes))


def test_boolean_offsets_are_refused() -> None:
    with pytest.raises(ValueError, match=re.escape("tensor 'w' in data: data_offsets must be [begin, end], got [False, 8]")):
        parse_safetensors(_one_tensor([2], 8, [False, 8]))
