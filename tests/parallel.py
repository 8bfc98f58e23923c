"""Running the suite on several cores (pytest-xdist): one site build and one server for every worker.

``./dev.sh test`` passes ``--numprocesses``; the root ``conftest.py`` loads this
plugin for every run (it does nothing in a run on one core). In a distributed run:

- the controller picks the address, serves a folder that is still empty on it
  for the whole run (a worker's server would end with that worker), and
  hands both to the workers (:class:`SharedSite`);
- the first worker whose tests need the site starts the build, in the
  background, as soon as it has collected them; every worker goes on with the
  tests that do not need it (they run first), and waits for the build only at
  its first test that does (``built_site`` in ``tests/conftest.py``);
- tests go out one at a time to whichever worker is free, except what must
  stay together on one worker: the blocks of one page (Sybil runs a page's
  blocks in one namespace, in order) and the tests of a module with a module-
  or class-scoped fixture (built once, not once per worker). The workers know
  which those are, once they have collected; the first writes them down for
  the controller's scheduler (:func:`pytest_xdist_make_scheduler`). Tests marked
  ``long`` start first among those that need the site, so that no long test is
  left running alone at the end.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from site_examples.browser import free_address, serve

ROOT = Path(__file__).resolve().parents[1]
# How long a build may take (the notebooks execute; a cold cache also downloads Pyodide's files).
BUILD_TIMEOUT_S = 900
# What the controller hands each worker (``workerinput``).
SHARED_KEY = "attention_course_site"


def check_build(returncode: int, log: str) -> None:
    """Fail unless the build passed, with no warning and no error in its output."""
    assert returncode == 0, f"mkdocs build --strict failed:\n{log}"
    warnings = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert not warnings, "mkdocs reported:\n" + "\n".join(warnings)


@dataclass(frozen=True)
class SharedSite:
    """The folder, address and build of the site that every worker of a distributed run uses.

    ``folder/site`` is the built site; ``folder/build.pid`` the build's process (written by the
    worker that starts it, under ``folder/build.lock``); ``folder/build.json`` its return code
    and output, written by the build's own process when it ends.
    """

    folder: Path
    host: str

    @property
    def site(self) -> Path:
        return self.folder / "site"

    def start_build(self) -> None:
        """Start the build in the background unless a worker already has (the build outlives its worker)."""
        with open(self.folder / "build.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if (self.folder / "build.pid").exists():
                return
            process = subprocess.Popen(
                [sys.executable, "-c", _BUILD_AND_RECORD, str(self.folder), self.host],
                cwd=ROOT,
                start_new_session=True,  # the controller can stop it, with its children, as a group
            )
            (self.folder / "build.pid").write_text(str(process.pid), encoding="utf-8")
            _STARTED.append(process)

    def wait_for_build(self) -> Path:
        """The built site, once its build has ended (and passed); fails the test if it failed or never ended."""
        self.start_build()  # a test run by node id alone reaches its fixture before any collection hook starts it
        record = self.folder / "build.json"
        deadline = time.monotonic() + BUILD_TIMEOUT_S
        while not record.exists():
            if time.monotonic() > deadline:
                pytest.fail(f"the site's build did not end within {BUILD_TIMEOUT_S} s")
            if not _alive(int((self.folder / "build.pid").read_text(encoding="utf-8"))) and not record.exists():
                pytest.fail("the site's build ended without recording its result (was it killed?)")
            time.sleep(0.5)
        result = json.loads(record.read_text(encoding="utf-8"))
        check_build(result["returncode"], result["log"])
        return self.site

    def stop_build(self) -> None:
        """End the build if it still runs (an interrupted test run)."""
        pid_file = self.folder / "build.pid"
        if pid_file.exists() and not (self.folder / "build.json").exists():
            try:
                os.killpg(int(pid_file.read_text(encoding="utf-8")), signal.SIGTERM)
            except ProcessLookupError:
                pass


# Build the site (site_examples.browser.build_site) for the address argv[2] into argv[1]/site, and record how
# it ended in argv[1]/build.json, written whole or not at all.
_BUILD_AND_RECORD = """
import json, os, sys
from pathlib import Path
from site_examples.browser import build_site
folder = Path(sys.argv[1])
result = build_site(folder / "site", sys.argv[2])
(folder / "build.partial").write_text(json.dumps({"returncode": result.returncode, "log": result.stdout + result.stderr}), encoding="utf-8")
os.replace(folder / "build.partial", folder / "build.json")
"""


# The build this worker started, if it did: waited for when the worker ends (it has by then, but for an interrupted run).
_STARTED: list[subprocess.Popen] = []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A process that has ended but that its parent has not waited for yet is a zombie: not running.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][0] != "Z"
    except OSError:
        return True


def shared_site(config: pytest.Config) -> SharedSite | None:
    """This worker's :class:`SharedSite`, or None when the run is not distributed."""
    given = getattr(config, "workerinput", {}).get(SHARED_KEY)
    return SharedSite(Path(given["folder"]), given["host"]) if given else None


def _needs_site(item: pytest.Item) -> bool:
    return "built_site" in getattr(item, "fixturenames", ())


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "long: takes tens of seconds; a distributed run starts it early (tests/parallel.py)"
    )
    distributed = config.getoption("dist", "no") != "no" and not hasattr(config, "workerinput")
    if distributed and not config.getoption("collectonly"):
        folder = Path(tempfile.mkdtemp(prefix="attention-course-site-"))
        shared = SharedSite(folder, free_address())
        shared.site.mkdir()
        stack = ExitStack()
        stack.callback(shutil.rmtree, folder, ignore_errors=True)
        stack.callback(shared.stop_build)
        stack.enter_context(serve(shared.site, shared.host))
        config.stash[_CONTROLLER] = (shared, stack)


_CONTROLLER = pytest.StashKey[tuple[SharedSite, ExitStack]]()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # noqa: ANN001 - xdist's WorkerController
    if _CONTROLLER in node.config.stash:
        shared, _ = node.config.stash[_CONTROLLER]
        node.workerinput[SHARED_KEY] = {"folder": str(shared.folder), "host": shared.host}


def pytest_unconfigure(config: pytest.Config) -> None:
    if _CONTROLLER in config.stash:
        config.stash[_CONTROLLER][1].close()
    for process in _STARTED:
        try:
            process.wait(timeout=BUILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    shared = shared_site(config)
    if shared is None:
        return
    # What must stay together, for the controller's scheduler (every worker collects the same tests: one writes).
    groups = {item.nodeid: group for item in items if (group := _kept_together(item))}
    # The tests that do not need the site first, while it builds; then the long ones; else as collected. A group
    # moves as one: a module with one test that needs the site waits with all its tests (its worker would block).
    def unit(item: pytest.Item) -> str:
        return groups.get(item.nodeid, item.nodeid)

    needs_site = {unit(item) for item in items if _needs_site(item)}
    long = {unit(item) for item in items if item.get_closest_marker("long")}
    items.sort(key=lambda item: (unit(item) in needs_site, unit(item) not in long))
    if config.workerinput["workerid"] == "gw0":
        partial = shared.folder / "groups.partial"
        partial.write_text(json.dumps(groups), encoding="utf-8")
        partial.replace(shared.folder / "groups.json")
    if needs_site:
        shared.start_build()


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):  # noqa: ANN001, ANN201 - xdist's types
    """Tests one at a time to whichever worker is free, but for the groups the workers wrote (see the docstring)."""
    if _CONTROLLER not in config.stash or config.getoption("dist") != "load":
        return None  # a --dist of the caller's own
    from xdist.scheduler import LoadScopeScheduling

    folder = config.stash[_CONTROLLER][0].folder

    class Scheduler(LoadScopeScheduling):
        groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:  # first asked once every worker has collected (and gw0 has written them)
                self.groups = json.loads((folder / "groups.json").read_text(encoding="utf-8"))
            return self.groups.get(nodeid, nodeid)

    config.option.loadscopereorder = False  # in the order the workers sorted them
    return Scheduler(config, log)


def _kept_together(item: pytest.Item) -> str | None:
    """The group of tests that must run on one worker, which ``item`` belongs to, if any."""
    path = item.nodeid.split("::")[0]
    if type(item).__module__.startswith("sybil"):
        return path  # one document's examples share its namespace, in order
    definitions = getattr(item, "_fixtureinfo", None)
    if definitions is not None:
        for defs in definitions.name2fixturedefs.values():
            if any(definition.scope in ("module", "class", "package") for definition in defs):
                return path  # built once for the module
    return None


