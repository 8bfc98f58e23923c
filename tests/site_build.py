"""One build of the site for the whole test run, made before pytest starts, and served once.

``./dev.sh test`` builds the site (``python -m tests.site_build FOLDER ADDRESS``, which
writes ``FOLDER/site`` and ``FOLDER/build.json``), then starts pytest with
``ATTENTION_COURSE_SITE=FOLDER`` and ``ATTENTION_COURSE_SITE_HOST=ADDRESS`` in its
environment. The site is built for the address it is served from (its ``site_url``),
because Material's instant navigation only takes over links into its own sitemap.

With those variables set, the process that runs pytest (the controller of a run on
several cores, or the only process of a run on one) serves the folder on that address
for the whole run (:func:`pytest_configure`), and every test that needs the site uses
it. Without them (``pytest tests/site/test_build.py`` typed by hand), each process
builds its own copy when its first test needs it and serves it itself
(``tests/conftest.py``).

The cores share the tests with pytest-xdist's own ``--dist loadfile``: each file's tests
run on one worker, in order, so the examples of one lesson keep their shared namespace
and a module's module-scoped fixtures are made once. The files are handed out in the
order :func:`pytest_collection_modifyitems` leaves them (``--no-loadscope-reorder``): the
browser tests first, the longest files of the run, and the many short files of the
package, the lessons and the built site after them, which even out the cores at the end.
xdist's own order (the files with the most tests first) had put the browser files of one
or two long tests last, where one core worked through them while the other waited. (``--dist loadgroup``, which would
spread the rest test by test, marks nothing with pytest 9.2 and xdist 3.8.0: the workers
read ``--dist`` before pytest has parsed it, and every group splits.)
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from site_examples.browser import build_site, serve

# How long a build may take (the notebooks execute; a cold cache also downloads Pyodide's files).
BUILD_TIMEOUT_S = 900
FOLDER_VARIABLE = "ATTENTION_COURSE_SITE"
# The folder of the tests that drive Chromium, the longest files of a run.
BROWSER = "tests/browser"
HOST_VARIABLE = "ATTENTION_COURSE_SITE_HOST"


def check_build(returncode: int, log: str) -> None:
    """Fail unless the build passed, with no warning and no error in its output."""
    assert returncode == 0, f"properdocs build --strict or the post-build pipeline failed:\n{log}"
    warnings = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert not warnings, "properdocs reported:\n" + "\n".join(warnings)


@dataclass(frozen=True)
class Prebuilt:
    """A build made before pytest started: ``folder/site`` for ``http://host/``, its outcome in ``folder/build.json``."""

    folder: Path
    host: str

    @property
    def site(self) -> Path:
        return self.folder / "site"

    def checked_site(self) -> Path:
        """The built site, once its recorded outcome shows a strict build with no warning (else the test fails)."""
        record = self.folder / "build.json"
        if not record.is_file():
            pytest.fail(f"{FOLDER_VARIABLE}={self.folder} holds no build.json: build it with python -m tests.site_build")
        result = json.loads(record.read_text(encoding="utf-8"))
        check_build(result["returncode"], result["log"])
        return self.site


def prebuilt() -> Prebuilt | None:
    """The build the environment names, or None."""
    folder, host = os.environ.get(FOLDER_VARIABLE), os.environ.get(HOST_VARIABLE)
    if not folder:
        return None
    if not host:
        raise pytest.UsageError(f"{FOLDER_VARIABLE} is set but {HOST_VARIABLE} (the address it was built for) is not")
    return Prebuilt(Path(folder), host)


_SERVER = pytest.StashKey[ExitStack]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "long: takes tens of seconds")
    build = prebuilt()
    if build is not None and not hasattr(config, "workerinput") and not config.getoption("collectonly"):
        stack = ExitStack()
        stack.enter_context(serve(build.site, build.host))
        config.stash[_SERVER] = stack


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests first, each file's tests still in their order (see the module's docstring)."""
    browser = config.rootpath / BROWSER
    items.sort(key=lambda item: not item.path.is_relative_to(browser))


def pytest_unconfigure(config: pytest.Config) -> None:
    if _SERVER in config.stash:
        config.stash[_SERVER].close()


def main(folder: str, host: str) -> int:
    """Build into ``folder/site`` for ``host``; record the outcome in ``folder/build.json``; print the log if it failed."""
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    result = build_site(root / "site", host, timeout=BUILD_TIMEOUT_S)
    log = result.stdout + result.stderr
    (root / "build.partial").write_text(json.dumps({"returncode": result.returncode, "log": log}), encoding="utf-8")
    os.replace(root / "build.partial", root / "build.json")
    try:
        check_build(result.returncode, log)
    except AssertionError as failure:
        print(failure, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
