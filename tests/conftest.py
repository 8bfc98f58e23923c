"""Fixtures shared by the site and browser tests: one strict build of the whole site per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_examples.browser import build_site, free_address


@pytest.fixture(scope="session")
def site_host() -> str:
    """``127.0.0.1:PORT`` on a free port: the address the test site is built for and served on.

    The site is built for the address it is served from (its ``site_url``),
    because Material's instant navigation only takes over links into its own
    sitemap, which names that address.
    """
    return free_address()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_host: str) -> Path:
    """Build the site with ``mkdocs build --strict`` (executing the notebooks) and return its folder."""
    site = tmp_path_factory.mktemp("site")
    result = build_site(site, site_host, timeout=600)
    log = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{log}"
    warnings = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert not warnings, "mkdocs reported:\n" + "\n".join(warnings)
    return site

