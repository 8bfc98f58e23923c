"""Post-build step: the float16 copy of all-MiniLM-L6-v2 that the lab downloads into the reader's browser.

Every build (``./dev.sh build``, ``./dev.sh serve``, the tests' build) puts under
``models/all-MiniLM-L6-v2/`` in the site what
:func:`attention.models.export.export_float16` writes: ``model.safetensors``
(the weights the encoder reads, as float16: under half the float32 file's
bytes; ``download`` in ``docs/data/model-figures.json`` has the sizes),
``config.json``, ``vocab.txt``, ``manifest.json`` (each file's size and
sha256, so a page can say how much it is about to download before it does)
and ``LICENSE``, the Apache License 2.0 the weights are published under
(:func:`postbuild.pyodide.apache_license`: the text Pyodide's packaging wheel carries).

The source is the published model in the weights cache, which
``python -m attention.models fetch`` fills (``./dev.sh`` runs it). Without
it the build fails with that command in the message.

Converting takes about a second; the result is cached next to the weights
(``<cache>/all-MiniLM-L6-v2-float16/<key>/``), keyed on the sha256 of the
source files and on the code that writes the copy, so a repeated build or a
``./dev.sh serve`` rebuild reuses it. Copies not used for a week are removed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from attention.models import bert, export, safetensors
from attention.models.weights import (
    MODEL_FILES,
    MODEL_NAME,
    MissingWeightsError,
    models_root,
    require_files,
)
from postbuild.pyodide import apache_license
from postbuild.shared import StepError, file_sha256

if TYPE_CHECKING:
    from postbuild import Context

SITE_DIR = f"models/{MODEL_NAME}"
FILES = ("model.safetensors", "config.json", "vocab.txt", "manifest.json")
# The code whose change changes the copy's bytes or its choice of tensors.
CODE = (export, safetensors, bert)
STALE_AFTER = 7 * 24 * 3600  # seconds


def cache_root() -> Path:
    return models_root() / f"{MODEL_NAME}-float16"


def cache_key(source: Path) -> str:
    """A digest of the source files and of the code that converts them."""
    digest = hashlib.sha256()
    for name in sorted(MODEL_FILES):
        digest.update(f"{name}\0{file_sha256(source / name)}\0".encode())
    for module in CODE:
        assert module.__file__ is not None
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()[:16]


def _prune(keep: Path) -> None:
    """Remove copies made from other sources or by older code that no build has used for a while."""
    now = time.time()
    for folder in cache_root().iterdir():
        if folder != keep and folder.is_dir() and now - folder.stat().st_mtime > STALE_AFTER:
            shutil.rmtree(folder, ignore_errors=True)


def float16_copy() -> Path:
    """The folder holding the float16 copy, made (once per key) if needed.

    Raises:
        StepError: the published weights are not in the cache; the message
            says how to fetch them.
    """
    try:
        source = require_files()
    except MissingWeightsError as error:
        raise StepError(f"model_files step: {error}") from None
    folder = cache_root() / cache_key(source)
    if not all((folder / name).is_file() for name in FILES):
        cache_root().mkdir(parents=True, exist_ok=True)
        # Write beside the final place and rename: another build running at the
        # same time never sees half a copy (and if it wins the race, its copy is used).
        staging = Path(tempfile.mkdtemp(prefix=".export-", dir=cache_root()))
        try:
            export.export_float16(source, staging)
            try:
                os.replace(staging, folder)
            except OSError:
                if not all((folder / name).is_file() for name in FILES):
                    raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    os.utime(folder)  # in use: not stale
    _prune(keep=folder)
    return folder


def licence() -> str:
    """The Apache License 2.0, under which the weights are published, to ship beside them.

    Raises:
        StepError: Pyodide's packaging wheel could not be fetched, or holds no copy of it.
    """
    try:
        return apache_license()
    except FileNotFoundError as error:
        raise StepError(f"model_files step: {error}") from None


def step(site: Path, context: Context) -> None:
    """Write ``models/all-MiniLM-L6-v2/`` into the built ``site``: :func:`float16_copy`'s files and the licence."""
    folder = float16_copy()
    dest = site / SITE_DIR
    dest.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        shutil.copyfile(folder / name, dest / name)
    # The licence the weights are published under travels with them (Apache-2.0, section 4a).
    (dest / "LICENSE").write_text(licence(), encoding="utf-8")
