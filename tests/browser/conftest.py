"""Browser tests: the built site, served on 127.0.0.1, in headless Chromium driven by Playwright.

Every request to a host other than the local server is recorded, and fails
the test that made it; so does any uncaught error in the page. No such request
reaches its host: the browser sends everything but the loopback to a proxy at
a closed port of the loopback (:func:`browser`), which refuses it. Each test
gets a fresh browser context (empty cache and localStorage).

A context records its requests from the browser's reports of them (Playwright's
``request`` event), which leave each request and the HTTP cache as a reader's
browser has them. Routing every request through the harness instead
(``context.route``) stops each one until the test process lets it go on, and
turns the context's HTTP cache off: measured on fifteen page loads in three
contexts, 9.5 CPU-seconds against 6.2. Contexts that allow service workers are
still routed (``_watched_context``): there the routes are what the tests of the
offline copy rely on (what a worker asks of the network goes through them, and
no HTTP cache answers for a changed deploy).

Chromium, its flags and the server are the browser benchmarks' own
(:mod:`site_examples.browser`): ``$CHROMIUM``, else ``/usr/bin/chromium``
(``./dev.sh test`` installs it), else the one ``playwright install chromium``
downloaded.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import html
import json
import os
import socket
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    FrameLocator,
    Page,
    Playwright,
    Request,
    Route,
    expect,
    sync_playwright,
)

from site_examples.browser import StaticHandler, SubPathHandler, free_address, is_local, launch, serve, with_tools

# Loading Pyodide cold takes seconds; nothing in these tests should take a minute.
TIMEOUT_MS = 60_000
expect.set_options(timeout=TIMEOUT_MS)

# Where each open page's Python start-up stands (window.attentionCourse.python.now, docs/runner/python-session.js),
# as text: "null" on a page without the session's handle, "undefined" on a build whose handle has no ``now``.
_PYTHON_NOW = (
    "() => String(JSON.stringify(window.attentionCourse && window.attentionCourse.python ? window.attentionCourse.python.now : null))"
)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed test's report says where Python stood in each page it left open: its state, the start-up step it
    waited on and for how long, whether its worker was made. A test that waits on a run and fails tells a start
    that stalled (and where) from one that was slow or never asked for."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("browser") if isinstance(item, pytest.Function) else None
    if call.when != "call" or not report.failed or browser is None:
        return
    lines = []
    for context in browser.contexts:
        for page in context.pages:
            try:
                # (Not evaluate, which has no timeout: a page whose main thread is stuck answers nothing.)
                now = page.wait_for_function(_PYTHON_NOW, timeout=5_000).json_value()
            except Error as error:  # a page closing or stuck (a timeout is one too): said, the report is kept
                now = f"(could not be asked: {str(error).splitlines()[0]})"
            lines.append(f"{page.url}: {now}")
    if lines:
        report.sections.append(("Python in the open pages", "\n".join(lines)))


@pytest.fixture(scope="session")
def site_url(built_site: Path, site_host: str, shared_server: bool) -> Iterator[str]:
    """The built site served on the address it was built for, like any static web server would.

    In a distributed run the controller serves it there already, for every worker (``tests/conftest.py``).
    """
    if shared_server:
        yield f"http://{site_host}/"
        return
    with serve(built_site, site_host) as url:
        yield url


@pytest.fixture(scope="session")
def sub_path_url(built_site: Path) -> Iterator[str]:
    """The same build served under ``/course/`` (:class:`SubPathHandler`), as GitHub Pages serves a project site."""
    with serve(built_site, free_address(), SubPathHandler) as url:
        yield url + SubPathHandler.prefix.lstrip("/")


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium, every request to a host other than the loopback sent to a proxy that refuses it.

    The proxy's address is a port of the loopback held bound and never listened on: a connection to it is
    refused at once. Chromium sends the loopback's own requests (the site, and the other local servers of
    these tests) past any proxy.
    """
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        browser = launch(playwright, f"--proxy-server=http://127.0.0.1:{closed.getsockname()[1]}")
        yield browser
        browser.close()


@dataclass
class Traffic:
    """What a page asked for beyond the site (and the ``also`` origins let through), and what went wrong in it."""

    origin: str
    blocked: list[str] = field(default_factory=list)
    also: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    # What a test expects the console to say (parts of an error's text): such errors are kept apart, in
    # expected_errors, however late they come (Chromium may log one refusal more than once, and after the state the
    # test waits for).
    expected: list[str] = field(default_factory=list)
    expected_errors: list[str] = field(default_factory=list)

    def request(self, request: Request) -> None:
        if not any(is_local(request.url, origin) for origin in (self.origin, *self.also)):
            self.blocked.append(request.url)

    def failed(self, request: Request) -> None:
        """A request the page's own Content-Security-Policy refused never left it: not one the harness must stop.

        (The browser reports it as it reports any other; a routed context never sees it.)
        """
        if request.failure == "csp" and request.url in self.blocked:
            self.blocked.remove(request.url)

    def route(self, route: Route, request: Request) -> None:
        if is_local(request.url, self.origin):
            route.continue_()
        else:
            self.blocked.append(request.url)
            route.abort()

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            expected = any(part in message.text for part in self.expected)
            (self.expected_errors if expected else self.console_errors).append(message.text)


# The recorder of each context that records its requests instead of routing them, for ``framed``.
_RECORDED: weakref.WeakKeyDictionary[BrowserContext, Traffic] = weakref.WeakKeyDictionary()


@pytest.fixture
def traffic(site_url: str) -> Traffic:
    return Traffic(origin=site_url.rstrip("/"))


def _watched_page(browser: Browser, traffic: Traffic, **options: object) -> Page:
    """A page in a fresh context (1280 x 900 unless ``options`` say otherwise), its traffic and errors recorded.

    Service workers are blocked unless ``options`` allow them (``tests/browser/test_offline.py``
    does): every other test sees the site as it is served, each request on the network.
    """
    return _watch(_watched_context(browser, traffic, **options).new_page(), traffic)


def _watched_context(
    browser: Browser, traffic: Traffic, snapshot: StoredSnapshot | None = None, **options: object
) -> BrowserContext:
    options = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block", **options}
    context = with_tools(browser.new_context(**options))
    context.set_default_timeout(TIMEOUT_MS)
    if snapshot is not None:
        _store_snapshot(context, snapshot, traffic.origin + "/")
    if options["service_workers"] == "allow":
        context.route("**/*", traffic.route)  # each request let go on, or aborted, by the harness
    else:
        context.on("request", traffic.request)  # recorded as the browser reports it
        context.on("requestfailed", traffic.failed)
        _RECORDED[context] = traffic
    return context


def _watch(page: Page, traffic: Traffic) -> Page:
    page.on("pageerror", lambda error: traffic.page_errors.append(str(error)))
    page.on("console", traffic.console)
    return page


def _check(traffic: Traffic) -> None:
    assert traffic.blocked == [], f"requests to other hosts were made (and aborted): {traffic.blocked}"
    assert traffic.page_errors == [], f"uncaught errors in the page: {traffic.page_errors}"
    assert traffic.console_errors == [], f"console errors: {traffic.console_errors}"


@pytest.fixture
def sub_path_page(browser: Browser, sub_path_url: str) -> Iterator[tuple[Page, Traffic]]:
    """Like ``page``, for the site under its sub-path; the test checks the traffic (a 404 page logs its own 404s)."""
    traffic = Traffic(origin=sub_path_url.split("/course/")[0])
    page = _watched_page(browser, traffic)
    yield page, traffic
    page.context.close()
    assert traffic.blocked == [], f"requests to other hosts were made (and aborted): {traffic.blocked}"
    assert traffic.page_errors == [], f"uncaught errors in the page: {traffic.page_errors}"


@pytest.fixture
def page(browser: Browser, traffic: Traffic) -> Iterator[Page]:
    """A page in a fresh context, offline but for the local server; fails its test on foreign requests or errors."""
    page = _watched_page(browser, traffic)
    yield page
    page.context.close()
    _check(traffic)


@pytest.fixture
def open_page(browser: Browser, traffic: Traffic, request: pytest.FixtureRequest) -> Iterator[Callable[..., Page]]:
    """Pages like ``page``'s, each in a fresh context with options of its own (``color_scheme``, ``viewport``...).

    ``visited=True``: the context of a reader who came before, Python's memory snapshot stored (``return_visit``).
    """
    pages: list[Page] = []

    def open_(*, visited: bool = False, **options: object) -> Page:
        snapshot = request.getfixturevalue("python_snapshot") if visited else None
        context = _watched_context(browser, traffic, snapshot, **options)
        pages.append(_watch(context.new_page(), traffic))
        return pages[-1]

    yield open_
    for each in pages:
        each.context.close()
    _check(traffic)


# Whether the Python worker has stored its memory snapshot for the site (docs/runner/worker.js).
_SNAPSHOT_STORED = """async ([name, key]) => (await (await caches.open(name)).keys()).some((request) => request.url === key)"""
# The stored snapshot as the page keeps it: its headers (the runtime's and its own sha256) and its bytes, in base64.
_SNAPSHOT_READ = """async ([name, key]) => {
  const response = await (await caches.open(name)).match(key);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  const headers = [...response.headers].filter(([name]) => name === "content-type" || name.startsWith("x-attention-course-"));
  return { headers: Object.fromEntries(headers), body: btoa(text) };
}"""
# The same, put into this context's Cache Storage: the bytes fetched from the address that serves them, the headers given.
_SNAPSHOT_WRITE = """async ([name, key, from, headers]) => {
  const response = await fetch(from);
  if (!response.ok) throw new Error(`${from}: HTTP ${response.status}`);
  await (await caches.open(name)).put(key, new Response(await response.arrayBuffer(), { headers }));
}"""


@dataclass(frozen=True)
class StoredSnapshot:
    """Python's memory snapshot as a reader's browser keeps it after a first visit (``docs/runner/python-session.js``)."""

    cache: str  # the Cache Storage it lives in
    key: str  # its address there
    headers: dict[str, str]  # the runtime it was made by and its sha256, which a start checks
    source: str  # where its bytes are served from, to be put there (:func:`_store_snapshot`)


class _SnapshotServer(StaticHandler):
    """The stored snapshot's bytes, for any origin of the loopback to fetch (the site's pages put them in storage)."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


def _snapshot_names(site_url: str, built_site: Path) -> tuple[str, str]:
    version = json.loads((built_site / "pyodide" / "manifest.json").read_text(encoding="utf-8"))["version"]
    return f"attention-course-python-snapshot:{site_url}", f"{site_url}pyodide/python-{version}.snapshot"


def _first_visit_snapshot(browser: Browser, site_url: str, built_site: Path) -> tuple[str, str, dict[str, str], bytes]:
    """Start Python once, as a reader's first visit does, and read back the snapshot the page stored."""
    traffic = Traffic(origin=site_url.rstrip("/"))
    context = _watched_context(browser, traffic)
    try:
        page = _watch(context.new_page(), traffic)
        page.goto(site_url + "lessons/scaled-dot-product-attention/")
        page.locator("[data-runner]").first.hover()  # pointing at a block starts Python
        expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")
        names = list(_snapshot_names(site_url, built_site))
        # (Playwright's wait_for_function takes a promise for a truthy value: an asynchronous check is polled here.)
        poll(page, lambda: page.evaluate(_SNAPSHOT_STORED, names), bool, "Python's memory snapshot was not stored")
        stored = page.evaluate(_SNAPSHOT_READ, names)
        _check(traffic)
    finally:
        context.close()
    return names[0], names[1], stored["headers"], base64.b64decode(stored["body"])


@pytest.fixture(scope="session")
def python_snapshot(
    browser: Browser, site_url: str, built_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[StoredSnapshot]:
    """The snapshot a first visit stores, made once for the whole run and kept in its temporary folder.

    Every process of a parallel run (pytest-xdist's workers share their folders' parent) takes it from there: the
    first to need it starts Python and writes it, under a lock; the others wait for the lock and read it. Each
    process serves the bytes from a server of its own on the loopback, which the pages that store it fetch from:
    the 25 MB go from the file to the browser without passing through the test process.
    """
    # This run's own folder: under pytest-xdist, the parent of every worker's; else the process's own.
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    folder = shared / ("python-snapshot-" + hashlib.sha256(f"{site_url} {built_site}".encode()).hexdigest()[:16])
    with open(shared / "python-snapshot.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "meta.json").is_file():
            cache, key, headers, body = _first_visit_snapshot(browser, site_url, built_site)
            folder.mkdir(exist_ok=True)
            (folder / "snapshot").write_bytes(body)
            (folder / "meta.json").write_text(json.dumps({"cache": cache, "key": key, "headers": headers}), "utf-8")
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    with serve(folder, free_address(), _SnapshotServer) as url:
        yield StoredSnapshot(meta["cache"], meta["key"], meta["headers"], url + "snapshot")


def _store_snapshot(context: BrowserContext, snapshot: StoredSnapshot, site_url: str) -> None:
    """Put ``snapshot`` into ``context``'s Cache Storage, as a first visit would have left it.

    From a page of the site's origin that only this step opens (the sitemap: no script of the site's runs), before
    the context's requests are recorded (``_watched_context``): its fetch of the bytes goes to the snapshot's server.
    """
    seeding = context.new_page()
    seeding.goto(site_url + "sitemap.xml")
    seeding.evaluate(_SNAPSHOT_WRITE, [snapshot.cache, snapshot.key, snapshot.source, snapshot.headers])
    assert seeding.evaluate(_SNAPSHOT_STORED, [snapshot.cache, snapshot.key])
    seeding.close()


@pytest.fixture
def return_visit(browser: Browser, traffic: Traffic, python_snapshot: StoredSnapshot) -> Iterator[Page]:
    """Like ``page``, in the browser of a reader who came before: Python's memory snapshot is already stored.

    A fresh context (nothing else is kept from another test), whose Cache Storage holds the snapshot a first
    visit stores (``python_snapshot``): the page's worker starts from it (``docs/runner/worker.js``), sooner
    than a first start. The first start and the snapshot's start are each tested in ``test_runner_startup.py``;
    tests of the start-up itself, or of what is stored, use ``page``. ``open_page(visited=True)`` gives such
    pages with options of their own.
    """
    context = _watched_context(browser, traffic, python_snapshot)
    page = _watch(context.new_page(), traffic)
    yield page
    context.close()
    _check(traffic)


# Two animation frames and a task after them: whatever the page does in response to an event it was given, in
# the handler, a microtask, the next task or the next frames, it has done by then.
_HANDLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))))"


def handled(page: Page) -> None:
    """Wait until the page has handled what it was given (a state, not a time), before checking that nothing followed.

    For the checks of what must *not* happen (no request, no scroll, no new chunk): the renderer reports a request
    its page starts before it answers a later evaluation, so a request the handlers started is recorded by now.
    """
    page.evaluate(_HANDLED)


def poll(
    page: Page, read: Callable[[], object], until: Callable[[object], bool], message: str, timeout_ms: int = TIMEOUT_MS
) -> object:
    """Read until ``until(value)`` holds and give the value; fail with ``message`` and the last value at the timeout.

    Playwright's ``expect.poll`` for a value the Python side reads (its Python API has none): a wait for a state.
    Between readings it waits for the page to draw two frames and run a task (:func:`handled`): a state, not a
    time, and a call into Playwright, which is what delivers the page's events to Python (a route handler or
    ``page.on`` listener that fills what ``read`` looks at runs only then; a plain ``time.sleep`` would wait for
    ever for a request the handler never got to record).
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = read()
        if until(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{message} (after {timeout_ms / 1000:.0f} s: {value!r})")
        handled(page)



class _FramingPage(StaticHandler):
    """Another site's page: it shows the URL in its query's ``src`` in a frame that fills the window."""

    def do_GET(self) -> None:
        src = parse_qs(urlsplit(self.path).query).get("src", [""])[0]
        body = (
            "<!doctype html><title>Another site</title><style>html, body, iframe { margin: 0; border: 0; "
            f'width: 100%; height: 100%; }}</style><iframe src="{html.escape(src)}" title="the course"></iframe>'
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="session")
def _framing_origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("framing"), free_address(), _FramingPage) as url:
        yield url


@pytest.fixture
def framed(_framing_origin: str) -> Callable[[Page, str], FrameLocator]:
    """``framed(page, url)``: open in ``page`` another site's page that shows ``url`` in a frame; the frame.

    That page is served on 127.0.0.1 at a port of its own (another origin, on the loopback as the site
    is: the browser lets a page on the loopback frame another), and let through the harness: named to the
    context's recorder, or where the context is routed, by a route of ``page`` (which goes before the
    context's). Returns once it and its frame have loaded.
    """

    def frame(page: Page, url: str) -> FrameLocator:
        recorder = _RECORDED.get(page.context)
        if recorder is None:
            page.route(_framing_origin + "**", lambda route: route.continue_())
        elif _framing_origin not in recorder.also:
            recorder.also.append(_framing_origin)
        page.goto(_framing_origin + "?" + urlencode({"src": url}))
        return page.frame_locator("iframe")

    return frame
