"""Fixtures shared by the site and browser tests: one strict build of the whole site per test session."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def site_host() -> str:
    """``127.0.0.1:PORT`` on a free port: the address the test site is built for and served on.

    The site is built for the address it is served from (its ``site_url``),
    because Material's instant navigation only takes over links into its own
    sitemap, which names that address.
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{probe.getsockname()[1]}"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_host: str) -> Path:
    """Build the site with ``mkdocs build --strict`` (executing the notebooks) and return its folder."""
    site = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "SITE_URL": f"http://{site_host}/", "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )
    log = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{log}"
    warnings = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert not warnings, "mkdocs reported:\n" + "\n".join(warnings)
    return site

