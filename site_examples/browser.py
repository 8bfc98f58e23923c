"""Headless Chromium and a loopback web server for the built site: the one set-up shared by the browser
benchmarks (:mod:`site_examples.benchmarks`) and the browser tests (``tests/browser/conftest.py``).

- :func:`free_address` and :func:`build_site`: a free port on 127.0.0.1, and the site built for it
  (``properdocs build --strict``). The site is built for the address it is served from (its
  ``site_url``), because Material's instant navigation only takes over links into its own
  sitemap, which names that address;
- :func:`serve`: a folder served from a thread the way a static host serves it, by
  :class:`StaticHandler` (``.wasm`` as ``application/wasm``, no request log) or by
  :class:`GzipHandler` (which also gzips text, as GitHub Pages does, and counts the bytes), or
  under a sub-path by :class:`SubPathHandler` (``/course/``, missing files answered with the
  site's ``404.html``, as GitHub Pages serves a project site), or with the response headers a
  production host should send (:mod:`site_examples.host_headers`) by :class:`HostHeadersHandler`;
- :func:`chromium`, :data:`CHROMIUM_ARGS` and :func:`launch`: which Chromium to drive and how;
- :func:`is_local`: whether a page's request stays on the local site. The callers abort every
  other request: nothing a page does may reach another host.

Only the standard library is imported here (Playwright's objects are passed in), so the site
tests can build the site without the browser tooling.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from site_examples import host_headers

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Playwright

ROOT = Path(__file__).resolve().parents[1]

# No sandbox (containers), no GPU, and none of the browser's own traffic (updates, sync, QUIC).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)
# What GzipHandler compresses (by the end of the file name), as static hosts compress text.
COMPRESSIBLE = (".html", ".css", ".js", ".json", ".py", ".svg", ".txt", ".xml", ".asm.js")


def free_address() -> str:
    """``127.0.0.1:PORT`` on a port that is free now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{probe.getsockname()[1]}"


def build_site(
    site: Path, address: str, *, check: bool = False, timeout: float | None = None
) -> subprocess.CompletedProcess[str]:
    """Build the site as ``./dev.sh build`` does into ``site``, for ``http://ADDRESS/``.

    That is ``properdocs build --strict``, then the post-build pipeline (``python -m postbuild``)
    over the built folder; the pipeline does not run when the build failed. The output of both
    is captured (``stdout``, ``stderr`` of the result, one after the other), and the return code
    is the first that is not zero. With ``check``, a failed build raises :class:`RuntimeError`
    carrying that output.
    """
    env = {**os.environ, "SITE_URL": f"http://{address}/"}
    commands = [
        [sys.executable, "-m", "properdocs", "build", "--strict", "--config-file", "mkdocs.yml", "--site-dir", str(site)],
        [sys.executable, "-m", "postbuild", str(site), "--config", "mkdocs.yml"],
    ]
    started = time.monotonic()
    stdout, stderr, returncode = "", "", 0
    for command in commands:
        left = None if timeout is None else max(timeout - (time.monotonic() - started), 1.0)
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env, timeout=left)
        stdout, stderr, returncode = stdout + result.stdout, stderr + result.stderr, result.returncode
        if returncode != 0:
            break
    if check and returncode != 0:
        raise RuntimeError(f"properdocs build --strict and the post-build pipeline failed:\n{stdout}{stderr}")
    return subprocess.CompletedProcess(commands[0], returncode, stdout, stderr)


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Files as a static host serves them, ``.wasm`` as ``application/wasm`` (Pyodide streams it); no request log."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


class GzipHandler(StaticHandler):
    """A static server that gzips text on the fly, like common static hosts; counts bytes sent per path.

    ``sent`` (as transferred) and ``raw`` (before compression) are shared by every request:
    clear them before a measurement.
    """

    # Connections kept open between requests, as every static host keeps them (GitHub Pages
    # serves HTTP/2): HTTP/1.0 opens one per file, which a simulated slow line pays for in round trips.
    protocol_version = "HTTP/1.1"
    sent: dict[str, int] = {}
    raw: dict[str, int] = {}

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            return super().do_GET()
        body = path.read_bytes()
        self.raw[self.path] = self.raw.get(self.path, 0) + len(body)
        compress = path.name.endswith(COMPRESSIBLE) and "gzip" in self.headers.get("Accept-Encoding", "")
        if compress:
            body = gzip.compress(body, compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(len(body)))
        if compress:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.wfile.write(body)
        self.sent[self.path] = self.sent.get(self.path, 0) + len(body)


class SubPathHandler(StaticHandler):
    """The folder served under :attr:`prefix`, as GitHub Pages serves a project site from ``/<repo>/``.

    Anything missing (under the prefix or not) is answered as such a host answers it: status 404
    with the site's own ``404.html``.
    """

    prefix = "/course/"

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return os.path.join(self.directory, ".outside-the-sub-path")  # a name no file of the site has
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class HostHeadersHandler(StaticHandler):
    """Files as :class:`StaticHandler` serves them, every response with the headers a production host should send.

    Exactly those of :mod:`site_examples.host_headers` (the list "Maintaining the course" gives), errors too.
    """

    def end_headers(self) -> None:
        path = unquote(urlsplit(self.path).path).lstrip("/")
        for name, value in host_headers.for_path(path).items():
            self.send_header(name, value)
        super().end_headers()


class _Server(http.server.ThreadingHTTPServer):
    """A threading server that says nothing when a client hangs up mid-answer (a page closed while it loads)."""

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(folder: Path, address: str, handler: type[StaticHandler] = StaticHandler) -> Iterator[str]:
    """Serve ``folder`` on ``address`` (``host:port``) from a thread while the block runs; give its URL."""
    host, port = address.split(":")
    server = _Server((host, int(port)), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{address}/"
    finally:
        server.shutdown()
        server.server_close()


def chromium() -> str | None:
    """``$CHROMIUM``, else ``/usr/bin/chromium`` (``./dev.sh test`` installs it), else ``chromium`` on the PATH.

    None means Playwright's own download (if ``playwright install chromium`` ran).
    """
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def launch(playwright: Playwright, *extra_args: str) -> Browser:
    """Headless :func:`chromium` with :data:`CHROMIUM_ARGS` (and ``extra_args``)."""
    return playwright.chromium.launch(executable_path=chromium(), args=[*CHROMIUM_ARGS, *extra_args])


# Set before a page's scripts run, it asks the page for its handle on Python's session,
# ``window.attentionCourse.python`` (``docs/runner/python-session.js``), which the browser tests and the
# benchmarks drive; a page does not offer it otherwise.
ASK_FOR_TOOLS = "window.attentionCourseTools = true;"


def with_tools(context: BrowserContext) -> BrowserContext:
    """``context``, its pages asking for the handle on Python's session (:data:`ASK_FOR_TOOLS`)."""
    context.add_init_script(ASK_FOR_TOOLS)
    return context


def is_local(url: str, origin: str) -> bool:
    """Whether a page's request for ``url`` stays on the site at ``origin`` (or needs no host: data:, blob:)."""
    return url.startswith(origin) or url.startswith(("data:", "blob:"))
