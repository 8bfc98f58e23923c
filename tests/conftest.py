"""Fixtures shared by the site and browser tests: one strict build of the whole site per test session."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site with ``mkdocs build --strict`` (executing the notebooks) and return its folder."""
    site = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**_clean_env(), "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )
    log = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{log}"
    warnings = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert not warnings, "mkdocs reported:\n" + "\n".join(warnings)
    return site


def _clean_env() -> dict[str, str]:
    import os

    # The published address must not leak into the test build.
    return {k: v for k, v in os.environ.items() if k != "SITE_URL"}
