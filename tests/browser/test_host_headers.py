"""The site served with the headers a production host should send works: a lesson's Python, the lab, offline use.

The headers are exactly those "Maintaining the course" lists (``site_examples/host_headers.py``,
served by ``site_examples.browser.HostHeadersHandler``): ``frame-ancestors 'none'``,
``nosniff``, no referrer, a same-origin opener policy, the features no page uses turned off, and
``no-cache`` on ``sw.js``. The responses are read back first, on the wire and as the browser got
them, so that a server that sent none would fail here. Then, in one visit, a lesson's block runs,
the lab computes a sentence live in Python, the service worker installs and stores Python, and
with the network off the lesson reloads and its block runs again with the same output. A page
of another loopback origin that frames a lesson is refused: the browser says why in its console and
shows its own error page in the frame.
"""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from site_examples import host_headers
from site_examples.browser import HostHeadersHandler, free_address, serve
from tests.browser.conftest import Traffic, _check, _watched_page, poll
from tests.browser.test_offline import LESSON, _controlled, _lab_computes_a_sentence, _python_stored, _run_first_block

# What a page's document says of the features Permissions-Policy governs (Chromium's document.featurePolicy).
ALLOWED_FEATURES = "() => document.featurePolicy ? document.featurePolicy.allowedFeatures() : null"


@pytest.fixture(scope="module")
def host_url(built_site: Path) -> Iterator[str]:
    """The built site served at another loopback address, every response with the host's headers."""
    with serve(built_site, free_address(), HostHeadersHandler) as url:
        yield url


@pytest.fixture
def host_page(browser: Browser, host_url: str) -> Iterator[tuple[Page, Traffic]]:
    """A page like ``page``'s, service workers allowed, for the site at ``host_url``; its traffic checked after."""
    traffic = Traffic(origin=host_url.rstrip("/"))
    page = _watched_page(browser, traffic, service_workers="allow")
    yield page, traffic
    page.context.close()
    _check(traffic)


def _on_the_wire(url: str) -> tuple[int, dict[str, str]]:
    """The status and headers the server sends for ``url`` (a loopback address), as sent."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request("GET", parts.path)
        response = connection.getresponse()
        response.read()
        return response.status, dict(response.getheaders())
    finally:
        connection.close()


def _carries(headers: dict[str, str], expected: dict[str, str]) -> None:
    lower = {name.lower(): value for name, value in headers.items()}
    for name, value in expected.items():
        assert lower.get(name.lower()) == value, f"{name}: {lower.get(name.lower())!r}, not {value!r}"


@pytest.mark.parametrize(
    ("path", "status"),
    [("", 200), (LESSON, 200), ("sw.js", 200), ("javascripts/offline.js", 200), ("no-such-page/", 404)],
)
def test_every_response_carries_the_listed_headers(host_url: str, path: str, status: int) -> None:
    got, headers = _on_the_wire(host_url + path)
    assert got == status
    _carries(headers, host_headers.for_path(path))
    if path != "sw.js":
        assert "cache-control" not in {name.lower() for name in headers}


def test_a_lesson_the_lab_and_offline_use_work_with_the_host_s_headers(host_page, host_url: str) -> None:
    page, _ = host_page
    response = page.goto(host_url + LESSON)
    assert response is not None
    _carries(response.headers, host_headers.EVERY_RESPONSE)
    # The browser read the Permissions-Policy: none of the features it turns off is allowed in the page.
    allowed = page.evaluate(ALLOWED_FEATURES)
    assert allowed is not None and "clipboard-write" in allowed
    assert set(host_headers.permissions_turned_off()).isdisjoint(allowed)

    # A lesson's block, run at once as a first visit does; then the worker takes over and stores Python.
    online = _run_first_block(page)
    assert online
    _controlled(page)
    _python_stored(page, host_url)

    # The lab: a sentence no preset holds, computed live in Python.
    lab = _lab_computes_a_sentence(page, host_url)
    assert lab.get_attribute("data-source") == "live"

    # Offline: the lesson reloads from the service worker and its block gives the same output.
    page.goto(host_url + LESSON)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_contain_text("Scaled dot-product attention")
    assert _run_first_block(page) == online


def test_a_page_of_another_origin_cannot_frame_the_course(host_page, host_url: str, framed) -> None:
    page, traffic = host_page
    frame = framed(page, host_url + LESSON)  # returns once the framing page has loaded
    # The browser says why, and shows its own error page in the frame instead of the lesson.
    refusal = "violates the following Content Security Policy directive: \"frame-ancestors 'none'\""
    said = poll(page, lambda: list(traffic.console_errors), lambda errors: bool(errors), "the browser said nothing")
    assert len(said) == 1 and refusal in said[0], said
    traffic.console_errors.clear()  # expected here
    (child,) = page.main_frame.child_frames
    assert child.url == "chrome-error://chromewebdata/"
    expect(frame.locator("h1", has_text="Scaled dot-product attention")).to_have_count(0)
