"""Read and write the safetensors format with ``json`` and ``numpy`` alone.

A safetensors file is three parts, back to back::

    8 bytes      N, the header's length, an unsigned little-endian 64-bit integer
    N bytes      a JSON object: tensor name -> {"dtype", "shape", "data_offsets": [begin, end]}
                 (and an optional "__metadata__": {str: str})
    the rest     the tensors' bytes, little-endian, C order; offsets count from here

Published models ship their weights this way. The ``safetensors`` package reads
it too, but it is a compiled extension that the reader's browser (Pyodide)
does not have; this module runs anywhere numpy does.
"""

from __future__ import annotations

import json
import math
import os
import struct
from collections.abc import Mapping
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

__all__ = ["DTYPES", "parse_safetensors", "read_safetensors", "safetensors_bytes", "write_safetensors"]

# safetensors dtype name -> numpy dtype (always little-endian). BF16 has no numpy
# dtype: it is read as raw 16-bit words and widened to float32 (see _bf16_to_f32).
DTYPES: dict[str, np.dtype] = {
    "F64": np.dtype("<f8"),
    "F32": np.dtype("<f4"),
    "F16": np.dtype("<f2"),
    "BF16": np.dtype("<u2"),
    "I64": np.dtype("<i8"),
    "I32": np.dtype("<i4"),
    "I16": np.dtype("<i2"),
    "I8": np.dtype("i1"),
    "U8": np.dtype("u1"),
    "BOOL": np.dtype("?"),
}
_NAMES = {dtype: name for name, dtype in DTYPES.items() if name != "BF16"}

# A header this large is not a header: the format's own limit is 100 MB.
_MAX_HEADER = 100_000_000


def _bf16_to_f32(words: NDArray[np.uint16]) -> NDArray[np.float32]:
    """bfloat16 is the top half of a float32: shift the 16 bits back into place."""
    return (words.astype("<u4") << 16).view("<f4")


def parse_safetensors(data: bytes | bytearray | memoryview, *, source: str = "data") -> dict[str, NDArray]:
    """Decode the bytes of a safetensors file into ``{name: array}``.

    Arrays are read-only views into ``data`` (no copy), except BF16 tensors,
    which are widened to float32. The ``__metadata__`` entry is skipped.

    Args:
        data: the whole file's bytes.
        source: how error messages name the data (a file name, say).

    Raises:
        ValueError: the bytes are not a well-formed safetensors file; the
            message says what is wrong and where.

    Example:
        >>> blob = safetensors_bytes({"w": np.array([[1.0, 2.0]], dtype=np.float32)})
        >>> parse_safetensors(blob)["w"]
        array([[1., 2.]], dtype=float32)
    """
    buffer = memoryview(data).cast("B")
    if len(buffer) < 8:
        raise ValueError(f"{source} is not a safetensors file: {len(buffer)} bytes, fewer than the 8-byte header size")
    (header_size,) = struct.unpack("<Q", buffer[:8])
    if header_size > min(_MAX_HEADER, len(buffer) - 8):
        raise ValueError(
            f"{source} is not a safetensors file: it announces a {header_size}-byte header "
            f"but holds {len(buffer) - 8} bytes after the size field"
        )
    try:
        header = json.loads(bytes(buffer[8 : 8 + header_size]).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{source} is not a safetensors file: its header is not JSON ({error})") from None
    if not isinstance(header, dict):
        raise ValueError(
            f"{source} is not a safetensors file: its header is a JSON {type(header).__name__}, not an object"
        )
    body = buffer[8 + header_size :]
    tensors: dict[str, NDArray] = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        tensors[name] = _tensor(name, entry, body, source)
    return tensors


def _tensor(name: str, entry: object, body: memoryview, source: str) -> NDArray:
    """One tensor of the file, checked against the header's promises."""
    where = f"tensor {name!r} in {source}"
    if not isinstance(entry, dict) or not {"dtype", "shape", "data_offsets"} <= entry.keys():
        raise ValueError(f"{where}: header entry must have dtype, shape and data_offsets, got {entry!r}")
    dtype_name, shape, offsets = entry["dtype"], entry["shape"], entry["data_offsets"]
    if dtype_name not in DTYPES:
        raise ValueError(f"{where} has dtype {dtype_name!r}; this reader knows {', '.join(DTYPES)}")
    # (bool is an int in Python, and JSON's true would pass for 1)
    if not (isinstance(shape, list) and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in shape)):
        raise ValueError(f"{where}: shape must be a list of non-negative integers, got {shape!r}")
    if not (
        isinstance(offsets, list)
        and len(offsets) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in offsets)
    ):
        raise ValueError(f"{where}: data_offsets must be [begin, end], got {offsets!r}")
    begin, end = offsets
    if not 0 <= begin <= end <= len(body):
        raise ValueError(f"{where}: data_offsets {offsets} lie outside the {len(body)} data bytes")
    dtype = DTYPES[dtype_name]
    # Python's integers, exact however large: a product in int64 could wrap round to the byte count.
    count = math.prod(shape)
    if end - begin != count * dtype.itemsize:
        raise ValueError(
            f"{where}: shape {tuple(shape)} of {dtype_name} needs {count * dtype.itemsize} bytes, "
            f"data_offsets {offsets} give {end - begin}"
        )
    # An empty tensor can announce axes no array can have (numpy counts the others' product in bytes).
    largest = np.iinfo(np.intp).max
    if math.prod(n for n in shape if n) * dtype.itemsize > largest:
        raise ValueError(f"{where}: shape {tuple(shape)} is larger than numpy can index ({largest} bytes)")
    array = np.frombuffer(body[begin:end], dtype=dtype).reshape(shape)
    return _bf16_to_f32(array) if dtype_name == "BF16" else array


def read_safetensors(path: str | os.PathLike[str]) -> dict[str, NDArray]:
    """Read a safetensors file into ``{name: array}`` (see :func:`parse_safetensors`).

    Raises:
        FileNotFoundError: there is no file at ``path``.
        ValueError: the file is not a well-formed safetensors file.
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no safetensors file at {path}")
    return parse_safetensors(path.read_bytes(), source=str(path))


def safetensors_bytes(tensors: Mapping[str, NDArray], metadata: Mapping[str, str] | None = None) -> bytes:
    """Encode ``{name: array}`` as the bytes of a safetensors file.

    Tensors are stored in name order, little-endian; a float16 copy of a
    model, for instance, is ``{k: v.astype(np.float16) for k, v in weights.items()}``.

    Example:
        >>> blob = safetensors_bytes({"b": np.zeros(2, dtype=np.float16)})
        >>> int.from_bytes(blob[:8], "little")  # the header's length
        56
        >>> blob[8:64].decode()
        '{"b":{"dtype":"F16","shape":[2],"data_offsets":[0,4]}}  '
        >>> blob[64:].hex()  # two float16 zeros
        '00000000'
    """
    header: dict[str, object] = {}
    if metadata:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    chunks, offset = [], 0
    for name in sorted(tensors):
        array = np.asarray(tensors[name])
        dtype = array.dtype.newbyteorder("<") if array.dtype.byteorder == ">" else array.dtype
        if dtype not in _NAMES:
            raise TypeError(f"tensor {name!r} has dtype {array.dtype}, which safetensors cannot store")
        raw = np.ascontiguousarray(array, dtype=dtype).tobytes()
        header[name] = {"dtype": _NAMES[dtype], "shape": list(array.shape), "data_offsets": [offset, offset + len(raw)]}
        chunks.append(raw)
        offset += len(raw)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)  # pad with spaces so the data starts 8-byte aligned
    return struct.pack("<Q", len(text)) + text + b"".join(chunks)


def write_safetensors(
    path: str | os.PathLike[str], tensors: Mapping[str, NDArray], metadata: Mapping[str, str] | None = None
) -> None:
    """Write ``{name: array}`` to ``path`` as a safetensors file (see :func:`safetensors_bytes`)."""
    Path(path).write_bytes(safetensors_bytes(tensors, metadata))
