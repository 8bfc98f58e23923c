"""Fixtures shared by the site and browser tests: one strict build of the whole site per test run.

Run on one core, the session builds the site when its first test needs it, and
serves it from a thread (``tests/browser/conftest.py``). Run on several, every
worker uses the one build and server of ``tests/parallel.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from site_examples.browser import build_site, free_address
from tests.parallel import BUILD_TIMEOUT_S, check_build, shared_site


@pytest.fixture(scope="session")
def site_host(request: pytest.FixtureRequest) -> str:
    """``127.0.0.1:PORT`` on a free port: the address the test site is built for and served on.

    The site is built for the address it is served from (its ``site_url``),
    because Material's instant navigation only takes over links into its own
    sitemap, which names that address.
    """
    shared = shared_site(request.config)
    return shared.host if shared else free_address()


@pytest.fixture(scope="session")
def built_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, site_host: str) -> Path:
    """Build the site with ``mkdocs build --strict`` (executing the notebooks) and return its folder."""
    shared = shared_site(request.config)
    if shared is not None:
        return shared.wait_for_build()
    site = tmp_path_factory.mktemp("site")
    result = build_site(site, site_host, timeout=BUILD_TIMEOUT_S)
    check_build(result.returncode, result.stdout + result.stderr)
    return site


@pytest.fixture(scope="session")
def shared_server(request: pytest.FixtureRequest) -> bool:
    """Whether the controller serves the site already (a distributed run): then no worker serves it."""
    return shared_site(request.config) is not None
