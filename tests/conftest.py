"""Fixtures shared by the site and browser tests: one strict build of the whole site per test run.

``./dev.sh test`` builds the site before pytest starts and the process that runs
pytest serves it (``tests/site_build.py``). A run typed by hand without that build
(``pytest tests/site/test_build.py``) builds a copy when its first test needs it;
the browser tests then serve it themselves (``tests/browser/conftest.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from site_examples.browser import build_site, free_address
from tests.site_build import BUILD_TIMEOUT_S, check_build, prebuilt


@pytest.fixture(scope="session")
def site_host() -> str:
    """``127.0.0.1:PORT``: the address the test site is built for and served on (a free port, without a prebuilt site)."""
    build = prebuilt()
    return build.host if build else free_address()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_host: str) -> Path:
    """The site built with ``properdocs build --strict`` (the notebooks executed), checked to have built with no warning."""
    build = prebuilt()
    if build is not None:
        return build.checked_site()
    site = tmp_path_factory.mktemp("site")
    result = build_site(site, site_host, timeout=BUILD_TIMEOUT_S)
    check_build(result.returncode, result.stdout + result.stderr)
    return site


@pytest.fixture(scope="session")
def shared_server() -> bool:
    """Whether the process running pytest serves the prebuilt site already: then no test process serves it."""
    return prebuilt() is not None
