"""The package is fully annotated and its annotations are consistent (mypy, configured in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


# mypy's cache, outside the checkout (a fresh clone starts warm): most of a cold check is spent in numpy's
# stubs, which do not change. mypy checks every cached module against its source's hash and its own version.
CACHE = Path.home() / ".cache" / "attention-course" / f"mypy-py{sys.version_info.major}.{sys.version_info.minor}"


def test_mypy_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(CACHE)], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Every module of the package was checked, however many there are.
    n_modules = len(list((ROOT / "attention").rglob("*.py")))
    assert f"Success: no issues found in {n_modules} source files" in result.stdout
