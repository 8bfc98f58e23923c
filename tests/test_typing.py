"""The package is fully annotated and its annotations are consistent (mypy, configured in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Every module of the package was checked, however many there are.
    n_modules = len(list((ROOT / "attention").rglob("*.py")))
    assert f"Success: no issues found in {n_modules} source files" in result.stdout
