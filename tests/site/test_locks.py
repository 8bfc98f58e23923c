"""The lock files that ./dev.sh installs from: complete, hashed, and in step with pyproject.toml and Pyodide.

requirements/docs-test.lock.txt pins the main environment (the site and the tests), and
requirements/oldest.lock.txt the oldest versions the package claims; ``./dev.sh lock`` writes both.
Every pin carries sha256 hashes; the main lock pins each package of the
``docs`` and ``test`` extras at the version ``pyproject.toml`` pins, and the
numpy of the Pyodide the site ships (its ``pyodide-lock.json``, and
``requirements/pyodide-numpy.in``); the oldest lock pins the oldest numpy
``pyproject.toml`` claims."""

from __future__ import annotations

import json
import re
import tomllib

from tests.helpers import ROOT

REQUIREMENTS = ROOT / "requirements"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^ ;\\]+)")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _locked(name: str) -> dict[str, list[tuple[str, list[str]]]]:
    """Each package of a lock file: its (version, hashes) entries (more than one when markers split it)."""
    entries: dict[str, list[tuple[str, list[str]]]] = {}
    current: list[str] | None = None
    for line in (REQUIREMENTS / name).read_text().splitlines():
        match = PIN.match(line)
        if match:
            current = []
            entries.setdefault(_normal(match[1]), []).append((match[2], current))
        elif line.strip().startswith("--hash=sha256:") and current is not None:
            current.append(line.strip().removeprefix("--hash=sha256:").rstrip(" \\"))
        elif line and not line.startswith((" ", "#")):
            raise AssertionError(f"{name}: a line that is neither a pin nor a hash: {line!r}")
    return entries


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_pin_has_sha256_hashes() -> None:
    for name in ("docs-test.lock.txt", "oldest.lock.txt"):
        entries = _locked(name)
        assert len(entries) > 5, name
        for package, versions in entries.items():
            for version, hashes in versions:
                assert hashes and all(re.fullmatch(r"[0-9a-f]{64}", h) for h in hashes), f"{name}: {package}=={version}"


def test_the_main_lock_has_every_pin_of_the_docs_and_test_extras() -> None:
    locked = _locked("docs-test.lock.txt")
    extras = _pyproject()["project"]["optional-dependencies"]
    pins = [requirement for extra in ("docs", "test") for requirement in extras[extra]]
    assert len(pins) > 10
    for requirement in pins:
        name, version = re.match(r"^([A-Za-z0-9._-]+)(?:\[[^\]]*\])?==(.+)$", requirement).groups()
        assert [v for v, _ in locked[_normal(name)]] == [version], f"{requirement} is not what the lock pins"


def test_the_main_lock_has_the_numpy_of_the_pyodide_the_site_ships() -> None:
    pyodide_lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    browser_numpy = pyodide_lock["packages"]["numpy"]["version"]
    assert (REQUIREMENTS / "pyodide-numpy.in").read_text().splitlines()[-1] == f"numpy=={browser_numpy}"
    assert [v for v, _ in _locked("docs-test.lock.txt")["numpy"]] == [browser_numpy]


def test_the_oldest_lock_has_the_oldest_numpy_pyproject_claims() -> None:
    claimed = re.fullmatch(r"numpy>=(\d+)\.(\d+)", _pyproject()["project"]["dependencies"][0])
    assert claimed, "pyproject.toml's numpy requirement changed form: update this test and requirements/oldest.in"
    (version,) = [v for v, _ in _locked("oldest.lock.txt")["numpy"]]
    assert version.split(".")[:2] == [claimed[1], claimed[2]]
