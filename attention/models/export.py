"""A float16 copy of all-MiniLM-L6-v2, small enough to send to the reader's browser.

The published weights are float32 (their size: ``MODEL_FILES`` in
:mod:`attention.models.weights`). The site ships a copy with every weight
rounded to float16 (11 significant bits, a relative error of at most
2⁻¹¹ ≈ 4.9e-4 per weight) and without the tensors the encoder never reads
(the pooler, which sentence embeddings do not use, and ``position_ids``, an
integer buffer): under half the bytes (``download`` in
``docs/data/model-figures.json``). The outputs move by less than 1e-3
(measured in ``tests/unit/test_export.py``). :func:`export_float16` writes the copy::

    model.safetensors   the float16 weights; its metadata says where they come from and what changed
    config.json         unchanged
    vocab.txt           unchanged
    manifest.json       each file's size and sha256, for a page to show the download size first

:func:`~attention.models.load_minilm` and :meth:`~attention.models.BertModel.from_folder`
load that folder like the original; the word table stays float16 in memory
(see :class:`~attention.models.BertModel`), the rest is widened to the
dtype asked for. The weights are Apache-2.0 licensed; the manifest and the
file's metadata name the source, the licence and the changes.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .bert import BertConfig, BertModel
from .safetensors import read_safetensors, write_safetensors
from .tokenizer import WordPieceTokenizer
from .weights import FORMAT, MODEL_NAME, file_sha256, is_float16_export, require_files

__all__ = ["FORMAT", "export_float16", "float16_tensors", "is_float16_export"]


SOURCE = "sentence-transformers/all-MiniLM-L6-v2"
LICENSE = "Apache-2.0"
CHANGES = (
    "every weight rounded to float16 (numpy's round-to-nearest-even); tensors the encoder does not read "
    "(the pooler and embeddings.position_ids) left out; config.json and vocab.txt unchanged"
)
# The largest finite float16: a weight beyond it would become infinite.
_FLOAT16_MAX = float(np.finfo(np.float16).max)


class _ReadRecorder(Mapping[str, NDArray]):
    """A read-only view of ``tensors`` that remembers which names were looked up."""

    def __init__(self, tensors: Mapping[str, NDArray]) -> None:
        self.tensors = tensors
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> NDArray:
        array = self.tensors[name]
        self.read.add(name)
        return array

    def __contains__(self, name: object) -> bool:
        return name in self.tensors

    def __iter__(self) -> Iterator[str]:
        return iter(self.tensors)

    def __len__(self) -> int:
        return len(self.tensors)


def float16_tensors(
    config: BertConfig, tensors: Mapping[str, NDArray], tokenizer: WordPieceTokenizer
) -> dict[str, NDArray[np.float16]]:
    """The tensors a :class:`~attention.models.BertModel` reads, rounded to float16.

    Which tensors those are is not listed here a second time: a model is
    built from the rounded weights and the names it looked up are kept. That
    also checks that the rounded set is complete and has the right shapes.

    Args:
        config: the model's sizes.
        tensors: every tensor of the published file, by name.
        tokenizer: the model's tokenizer (the model checks its size).

    Raises:
        ValueError: a weight the encoder reads is too large for float16
            (it would become infinite); the message names the tensor.

    Example:
        >>> from attention.models import BertConfig, WordPieceTokenizer
        >>> config = BertConfig(vocab_size=5, d_model=4, n_layers=1, n_heads=2, d_ff=8, max_positions=6,
        ...                     type_vocab_size=2, layer_norm_eps=1e-12)
        >>> shapes = {"embeddings.word_embeddings.weight": (5, 4), "embeddings.position_embeddings.weight": (6, 4),
        ...           "embeddings.token_type_embeddings.weight": (2, 4), "embeddings.LayerNorm.weight": (4,),
        ...           "embeddings.LayerNorm.bias": (4,), "pooler.dense.weight": (4, 4)}
        >>> p = "encoder.layer.0."
        >>> for part in ("self.query", "self.key", "self.value", "output.dense"):
        ...     shapes[p + "attention." + part + ".weight"], shapes[p + "attention." + part + ".bias"] = (4, 4), (4,)
        >>> shapes |= {p + "intermediate.dense.weight": (8, 4), p + "intermediate.dense.bias": (8,),
        ...            p + "output.dense.weight": (4, 8), p + "output.dense.bias": (4,)}
        >>> for norm in ("attention.output.LayerNorm", "output.LayerNorm"):
        ...     shapes[p + norm + ".weight"], shapes[p + norm + ".bias"] = (4,), (4,)
        >>> tensors = {name: np.full(shape, 0.1, dtype=np.float32) for name, shape in shapes.items()}
        >>> tokenizer = WordPieceTokenizer(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"])
        >>> half = float16_tensors(config, tensors, tokenizer)
        >>> len(tensors), len(half), "pooler.dense.weight" in half
        (22, 21, False)
        >>> half["embeddings.LayerNorm.bias"]
        array([0.1, 0.1, 0.1, 0.1], dtype=float16)
    """
    for name, array in tensors.items():
        if array.dtype.kind == "f" and array.size and float(np.abs(array).max()) > _FLOAT16_MAX:
            raise ValueError(
                f"tensor {name!r} holds values up to {float(np.abs(array).max()):.6g}, beyond float16's "
                f"largest finite value {_FLOAT16_MAX:g}"
            )
    half = {name: array.astype(np.float16) if array.dtype.kind == "f" else array for name, array in tensors.items()}
    recorder = _ReadRecorder(half)
    BertModel(config, recorder, tokenizer, dtype=np.float32)
    return {name: half[name] for name in sorted(recorder.read)}


def export_float16(
    source_folder: str | os.PathLike[str] | None, target_folder: str | os.PathLike[str]
) -> dict[str, Any]:
    """Write the float16 copy of all-MiniLM-L6-v2 into ``target_folder``; return its manifest.

    Args:
        source_folder: the published files (``None``: the cache that
            ``python -m attention.models fetch`` fills).
        target_folder: created if needed; ``model.safetensors``,
            ``config.json``, ``vocab.txt`` and ``manifest.json`` in it are replaced.

    Returns:
        The manifest, as written to ``manifest.json``: ``{"model", "dtype",
        "files": {name: {"bytes", "sha256"}}, "total_bytes", "source",
        "source_sha256", "license", "changes"}``; ``total_bytes`` counts the
        three files a page downloads, not the manifest.

    Raises:
        MissingWeightsError: the published files are not in ``source_folder``
            (the message gives the command that fetches them).
    """
    source = require_files(source_folder)
    target = Path(target_folder)
    config = BertConfig.from_file(source / "config.json")
    tokenizer = WordPieceTokenizer.from_file(source / "vocab.txt")
    source_sha = file_sha256(source / "model.safetensors")
    half = float16_tensors(config, read_safetensors(source / "model.safetensors"), tokenizer)
    target.mkdir(parents=True, exist_ok=True)
    metadata = {"format": FORMAT, "source": SOURCE, "source_sha256": source_sha, "license": LICENSE, "changes": CHANGES}
    write_safetensors(target / "model.safetensors", half, metadata)
    for name in ("config.json", "vocab.txt"):
        shutil.copyfile(source / name, target / name)
    files = {
        name: {"bytes": (target / name).stat().st_size, "sha256": file_sha256(target / name)}
        for name in ("model.safetensors", "config.json", "vocab.txt")
    }
    manifest: dict[str, Any] = {
        "model": MODEL_NAME,
        "dtype": "float16",
        "files": files,
        "total_bytes": sum(entry["bytes"] for entry in files.values()),
        "source": SOURCE,
        "source_sha256": source_sha,
        "license": LICENSE,
        "changes": CHANGES,
    }
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest
