r"""Read GGUF files, llama.cpp's one-file model format, and dequantize their tensors with numpy alone.

A GGUF file is, in order (all little-endian):

1. a header: the magic ``GGUF``, the format version (2 or 3), the number of
   tensors and the number of metadata entries;
2. the metadata: key/value pairs, the key a string (a uint64 length, then
   UTF-8), the value a typed scalar, a string, or an array of them. The
   model's sizes, its tokenizer's vocabulary and merges are all here
   (``llama.block_count``, ``tokenizer.ggml.tokens``, ...);
3. one entry per tensor: its name, its dimensions (the fastest-varying
   first, so a matrix of ``rows × columns`` is listed ``columns, rows``), its
   type and where its bytes start;
4. padding to ``general.alignment`` (32 by default), then the tensors' bytes.

A quantized tensor is stored in blocks of 32 numbers. The two types the
course's model uses:

.. math::

    \text{Q8\_0:}\quad x_j = d\, q_j, \qquad q_j \in \{-128, \dots, 127\}

    \text{Q4\_1:}\quad x_j = d\, q_j + m, \qquad q_j \in \{0, \dots, 15\}

with a float16 scale d (and a float16 offset m) per block. A Q4_1 block is
20 bytes: d, m, then 16 bytes whose low four bits hold numbers 0-15 of the
block and whose high four bits hold numbers 16-31. Every tensor is
dequantized once, to float32, when it is read.

This reader is written for the course rather than taken from ggml's ``gguf``
package: it is one short module on numpy alone, reads a file already in
memory (a download in the browser), and refuses a malformed file with a
message that says where.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from .._validate import shape_str

__all__ = [
    "GGML_TYPES",
    "GGMLType",
    "GGUFFile",
    "GGUFTensor",
    "dequantize",
    "parse_gguf",
    "read_gguf",
]

MAGIC = b"GGUF"
DEFAULT_ALIGNMENT = 32


class GGMLType(NamedTuple):
    """A tensor type: its name, how many numbers a block holds and how many bytes it takes."""

    name: str
    block_size: int
    block_bytes: int


# ggml's type ids for the types this reader dequantizes.
GGML_TYPES: dict[int, GGMLType] = {
    0: GGMLType("F32", 1, 4),
    1: GGMLType("F16", 1, 2),
    2: GGMLType("Q4_0", 32, 18),
    3: GGMLType("Q4_1", 32, 20),
    8: GGMLType("Q8_0", 32, 34),
}

# Metadata value types: id -> struct format of a scalar (8 is a string, 9 an array).
_SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
_STRING, _ARRAY = 8, 9
# Arrays of these scalar types are read as numpy arrays in one go (long token-type lists, for one).
_NUMPY_SCALARS = {0: "<u1", 1: "<i1", 2: "<u2", 3: "<i2", 4: "<u4", 5: "<i4", 6: "<f4", 10: "<u8", 11: "<i8", 12: "<f8"}


class GGUFTensor(NamedTuple):
    """Where one tensor is and what it is."""

    name: str
    shape: tuple[int, ...]
    """numpy's order (slowest-varying first): the file's dimensions reversed."""
    type: GGMLType
    offset: int
    """Where its bytes start, from the start of the file."""
    nbytes: int


class _Reader:
    """Read little-endian values from a buffer, failing with the offset and what was being read."""

    def __init__(self, data: memoryview) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int, what: str) -> memoryview:
        if self.pos + n > len(self.data):
            raise ValueError(
                f"the GGUF file ends at byte {len(self.data)} while reading {what} at byte {self.pos} "
                f"({n} bytes needed): it is truncated or not a GGUF file"
            )
        chunk = self.data[self.pos : self.pos + n]
        self.pos += n
        return chunk

    def scalar(self, fmt: str, what: str) -> Any:
        return struct.unpack("<" + fmt, self.take(struct.calcsize(fmt), what))[0]

    def string(self, what: str) -> str:
        n = self.scalar("Q", what)
        raw = self.take(n, what)
        try:
            return bytes(raw).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"{what} at byte {self.pos - n} is not UTF-8: {error}") from None

    def value(self, kind: int, what: str) -> Any:
        if kind in _SCALARS:
            return self.scalar(_SCALARS[kind], what)
        if kind == _STRING:
            return self.string(what)
        if kind == _ARRAY:
            item_kind = self.scalar("I", what)
            count = self.scalar("Q", what)
            if item_kind in _NUMPY_SCALARS:
                dtype = np.dtype(_NUMPY_SCALARS[item_kind])
                return np.frombuffer(self.take(count * dtype.itemsize, what), dtype=dtype).copy()
            return [self.value(item_kind, f"item {i} of {what}") for i in range(count)]
        raise ValueError(f"{what} has an unknown value type {kind} (at byte {self.pos - 4})")


@dataclass(frozen=True)
class GGUFFile:
    """A parsed GGUF file: its metadata, its tensors' places, and its bytes.

    ``metadata`` maps keys to ints, floats, bools, strings, lists (of strings)
    or numpy arrays (of numbers). :meth:`array` dequantizes one tensor.
    """

    version: int
    metadata: Mapping[str, Any]
    tensors: Mapping[str, GGUFTensor]
    data: memoryview

    def array(self, name: str) -> NDArray[np.float32]:
        """The tensor ``name``, dequantized to float32, in numpy's shape (see :class:`GGUFTensor`)."""
        if name not in self.tensors:
            raise KeyError(f"the GGUF file has no tensor {name!r} (it holds {len(self.tensors)} tensors)")
        tensor = self.tensors[name]
        return dequantize(self.data[tensor.offset : tensor.offset + tensor.nbytes], tensor.type, tensor.shape)

    @property
    def arrays(self) -> Mapping[str, NDArray[np.float32]]:
        """Every tensor by name, each dequantized only when it is looked up (and not kept).

        A model that copies its weights into its own layout from this mapping
        holds one dequantized tensor at a time besides them, not all.
        """
        return _Dequantized(self)

    def __repr__(self) -> str:
        architecture = self.metadata.get("general.architecture", "?")
        return f"GGUFFile(version={self.version}, architecture={architecture!r}, tensors={len(self.tensors)})"


class _Dequantized(Mapping[str, NDArray[np.float32]]):
    """A read-only mapping name -> :meth:`GGUFFile.array`, computed on each lookup."""

    def __init__(self, file: GGUFFile) -> None:
        self._file = file

    def __getitem__(self, name: str) -> NDArray[np.float32]:
        return self._file.array(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._file.tensors)

    def __len__(self) -> int:
        return len(self._file.tensors)

    def __contains__(self, name: object) -> bool:
        return name in self._file.tensors


def parse_gguf(data: bytes | bytearray | memoryview) -> GGUFFile:
    """Parse a whole GGUF file held in memory (its tensors stay bytes until :meth:`GGUFFile.array`).

    Raises:
        ValueError: not a GGUF file, an unsupported version or tensor type,
            or a file cut short; the message says what and at which byte.
    """
    view = memoryview(data).cast("B")
    reader = _Reader(view)
    magic = bytes(reader.take(4, "the magic number"))
    if magic != MAGIC:
        raise ValueError(f"not a GGUF file: it starts with {magic!r}, expected {MAGIC!r}")
    version = reader.scalar("I", "the version")
    if version not in (2, 3):
        raise ValueError(f"GGUF version {version} is not supported (only 2 and 3)")
    n_tensors = reader.scalar("Q", "the tensor count")
    n_entries = reader.scalar("Q", "the metadata count")
    metadata: dict[str, Any] = {}
    for index in range(n_entries):
        key = reader.string(f"metadata key {index}")
        kind = reader.scalar("I", f"the type of metadata {key!r}")
        metadata[key] = reader.value(kind, f"metadata {key!r}")
    entries = []
    for index in range(n_tensors):
        name = reader.string(f"the name of tensor {index}")
        n_dims = reader.scalar("I", f"the rank of tensor {name!r}")
        dims = [reader.scalar("Q", f"the shape of tensor {name!r}") for _ in range(n_dims)]
        type_id = reader.scalar("I", f"the type of tensor {name!r}")
        offset = reader.scalar("Q", f"the offset of tensor {name!r}")
        if type_id not in GGML_TYPES:
            supported = ", ".join(f"{t.name} ({i})" for i, t in GGML_TYPES.items())
            raise ValueError(
                f"tensor {name!r} has ggml type {type_id}, which this reader does not dequantize ({supported})"
            )
        entries.append((name, tuple(reversed(dims)), GGML_TYPES[type_id], offset))
    alignment = int(metadata.get("general.alignment", DEFAULT_ALIGNMENT))
    start = -(-reader.pos // alignment) * alignment  # the tensor data begins at the next multiple of the alignment
    tensors: dict[str, GGUFTensor] = {}
    for name, shape, kind, offset in entries:
        count = int(np.prod(shape, dtype=np.int64))
        if count % kind.block_size:
            raise ValueError(f"tensor {name!r} has {count} numbers, not a whole number of {kind.name} blocks")
        nbytes = count // kind.block_size * kind.block_bytes
        if start + offset + nbytes > len(view):
            raise ValueError(
                f"tensor {name!r} {shape_str(shape)} {kind.name} needs bytes {start + offset} to {start + offset + nbytes}, "
                f"but the file has {len(view)}: it is truncated"
            )
        tensors[name] = GGUFTensor(name, shape, kind, start + offset, nbytes)
    return GGUFFile(version, metadata, tensors, view)


def read_gguf(path: str | os.PathLike[str]) -> GGUFFile:
    """Read and parse a GGUF file (all of it into memory: for SmolLM2-135M, ``weights.SMOLLM2_FILE_SIZE`` bytes)."""
    return parse_gguf(Path(path).read_bytes())


def dequantize(raw: bytes | memoryview, kind: GGMLType, shape: tuple[int, ...]) -> NDArray[np.float32]:
    r"""Turn a tensor's bytes into float32 numbers of ``shape``.

    Example:
        >>> import struct
        >>> block = struct.pack("<ee", 0.5, -1.0) + bytes([0x10 * high + low for low, high in zip(range(16), range(16))])
        >>> dequantize(block, GGML_TYPES[3], (32,))[[0, 1, 15, 16, 31]]   # 0.5 q - 1, q = 0, 1, 15, 0, 15
        array([-1. , -0.5,  6.5, -1. ,  6.5], dtype=float32)
    """
    count = int(np.prod(shape, dtype=np.int64))
    if len(raw) != count // kind.block_size * kind.block_bytes or count % kind.block_size:
        raise ValueError(f"{len(raw)} bytes are not a {kind.name} tensor of shape {shape_str(shape)}")
    if kind.name == "F32":
        values = np.frombuffer(raw, dtype="<f4").astype(np.float32)
    elif kind.name == "F16":
        values = np.frombuffer(raw, dtype="<f2").astype(np.float32)
    elif kind.name == "Q8_0":
        blocks = np.frombuffer(raw, dtype=np.dtype([("d", "<f2"), ("q", "i1", 32)]))
        # [blocks, 32] * [blocks, 1]
        values = blocks["q"].astype(np.float32) * blocks["d"].astype(np.float32)[:, None]
    elif kind.name in ("Q4_0", "Q4_1"):
        fields = (
            [("d", "<f2"), ("m", "<f2"), ("q", "u1", 16)] if kind.name == "Q4_1" else [("d", "<f2"), ("q", "u1", 16)]
        )
        blocks = np.frombuffer(raw, dtype=np.dtype(fields))
        packed = blocks["q"]
        # [blocks, 16] bytes -> [blocks, 32] numbers: the low nibbles are numbers 0-15, the high ones 16-31
        q = np.concatenate([packed & 0x0F, packed >> 4], axis=1).astype(np.float32)
        d = blocks["d"].astype(np.float32)[:, None]
        values = q * d + blocks["m"].astype(np.float32)[:, None] if kind.name == "Q4_1" else (q - 8) * d
    else:  # pragma: no cover - GGML_TYPES lists only the types above
        raise ValueError(f"cannot dequantize {kind.name}")
    return values.reshape(shape)
