"""Browser tests: the built site, served on 127.0.0.1, in headless Chromium driven by Playwright.

Every request to a host other than the local server is aborted, recorded,
and fails the test that made it; so does any uncaught error in the page. Each
test gets a fresh browser context (empty cache and localStorage).

Chromium: ``$CHROMIUM``, else ``/usr/bin/chromium`` (``./dev.sh test``
installs it), else the one ``playwright install chromium`` downloaded.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, Request, Route, expect, sync_playwright

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Loading Pyodide cold takes seconds; nothing in these tests should take a minute.
TIMEOUT_MS = 60_000
expect.set_options(timeout=TIMEOUT_MS)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path, site_host: str) -> Iterator[str]:
    """The built site served on the address it was built for, like any static web server would."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    host, port = site_host.split(":")
    server = http.server.ThreadingHTTPServer((host, int(port)), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{site_host}/"
    server.shutdown()
    server.server_close()


def _chromium() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None  # Playwright's own download, if `playwright install chromium` ran


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@dataclass
class Traffic:
    """What a page asked for beyond the site, and what went wrong in it."""

    origin: str
    blocked: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def route(self, route: Route, request: Request) -> None:
        if request.url.startswith(self.origin) or request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.blocked.append(request.url)
            route.abort()

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)


@pytest.fixture
def traffic(site_url: str) -> Traffic:
    return Traffic(origin=site_url.rstrip("/"))


@pytest.fixture
def page(browser: Browser, traffic: Traffic) -> Iterator[Page]:
    """A page in a fresh context, offline but for the local server; fails its test on foreign requests or errors."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    context.route("**/*", traffic.route)
    page = context.new_page()
    page.on("pageerror", lambda error: traffic.page_errors.append(str(error)))
    page.on("console", traffic.console)
    yield page
    context.close()
    assert traffic.blocked == [], f"requests to other hosts were made (and aborted): {traffic.blocked}"
    assert traffic.page_errors == [], f"uncaught errors in the page: {traffic.page_errors}"
    assert traffic.console_errors == [], f"console errors: {traffic.console_errors}"

