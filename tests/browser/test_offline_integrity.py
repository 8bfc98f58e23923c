"""The service worker trusts bytes, not labels: a stored or downloaded file that is not this build's is never used.

Security issue 44, "Trust bytes, not labels" (``docs/sw.js``). Each test tampers with one file
the way storage or a network could, and checks the page still gets the build's bytes, or an
error, never the tampered ones: a Python file in an older version's cache (same label, other
bytes) is not copied into the new unit; one in the current unit's cache is replaced before it
is served; an on-demand file in its cache likewise; and an on-demand download whose bytes do
not match fails in the page instead of ending normally, and is not kept. The worker says each
in the console (a warning that names the file and both sha256). The expected bytes are the
built files on disk; the Python unit's cache name is read from the built ``sw.js``
(``tests/site/test_service_worker.py`` checks that list against the files).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Route

from tests.browser.conftest import poll
from tests.site.test_service_worker import _worker

LESSON = "lessons/scaled-dot-product-attention/"
CELL = "runner/cell.py"
CONFIG = "models/all-MiniLM-L6-v2/config.json"

# The JavaScript the tests run in the page.
HAS = "async ([name, url]) => Boolean(await (await caches.open(name)).match(url))"
TEXT = "async ([name, url]) => { const r = await (await caches.open(name)).match(url); return r ? r.text() : null; }"
# `url` in cache `name` replaced by `text`, with the stored copy's headers (its label, X-Attention-Course-Sha256).
TAMPER = """async ([name, url, text]) => {
  const cache = await caches.open(name);
  const stored = await cache.match(url);
  await cache.put(url, new Response(text, { headers: stored.headers }));
}"""
# An older version's Python unit, stored whole, holding `text` as `url` with the label of this build's file.
OLDER_UNIT = """async ([name, url, text, sha256, complete]) => {
  const cache = await caches.open(name);
  await cache.put(url, new Response(text, { headers: { "X-Attention-Course-Sha256": sha256 } }));
  await cache.put(complete, new Response("older"));
}"""
STORE_PYTHON = "() => navigator.serviceWorker.ready.then((ready) => ready.active.postMessage({ type: 'store-python' }))"
READ = "url => fetch(url).then((r) => r.text())"


def _cache(site_url: str, kind: str, built_site: Path) -> str:
    """The name of this build's cache of ``kind`` ("python" or "on-demand"), as docs/sw.js names it."""
    _, units = _worker(built_site)
    version = units["python" if kind == "python" else "onDemand"]["version"]
    return f"attention-course-{kind}-{version}-{site_url}"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _sha256_of(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _tampered(text: str) -> str:
    """``text`` with its first character changed: the same length, other bytes."""
    return ("#" if text[0] != "#" else "$") + text[1:]


def _warnings(context: BrowserContext) -> list[str]:
    """The warnings every service worker of ``context`` logs from now on (a worker may be restarted: each is heard)."""
    said: list[str] = []

    def listen(worker) -> None:
        worker.on("console", lambda message: said.append(message.text) if message.type == "warning" else None)

    for worker in context.service_workers:
        listen(worker)
    context.on("serviceworker", listen)
    return said


def _warned(page: Page, said: list[str], *parts: str) -> None:
    poll(page, lambda: [text for text in said if all(part in text for part in parts)], bool, f"no warning with {parts}")


def _controlled(page: Page) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


@pytest.fixture
def offline_page(open_page: Callable[..., Page]) -> Callable[..., Page]:
    """Pages like ``open_page``'s, service workers allowed."""
    return lambda **options: open_page(service_workers="allow", **options)


def test_a_tampered_file_of_an_older_unit_is_not_copied(offline_page, site_url: str, built_site: Path) -> None:
    page = offline_page()
    said = _warnings(page.context)
    real = (built_site / CELL).read_text(encoding="utf-8")
    # Before the course's worker exists (a text file registers none): an older version's unit, used and whole, whose
    # cell.py carries this build's label but other bytes.
    page.goto(site_url + "sw-licenses.txt")
    older = f"attention-course-python-0000000000000000-{site_url}"
    complete = site_url + "__attention-course-python-complete__"
    page.evaluate(OLDER_UNIT, [older, site_url + CELL, _tampered(real), _sha256(built_site / CELL), complete])

    # The worker installs, finds a used older unit, and stores this build's unit from it and the network.
    page.goto(site_url + LESSON)
    current = _cache(site_url, "python", built_site)
    poll(page, lambda: page.evaluate(HAS, [current, complete]), bool, "this build's Python unit was never stored")
    assert page.evaluate(TEXT, [current, site_url + CELL]) == real
    _warned(page, said, CELL, _sha256(built_site / CELL), _sha256_of(_tampered(real)))


def test_a_tampered_python_file_in_the_cache_is_replaced_before_it_is_served(
    offline_page, site_url: str, built_site: Path
) -> None:
    page = offline_page()
    said = _warnings(page.context)
    page.goto(site_url + LESSON)
    _controlled(page)
    page.evaluate(STORE_PYTHON)  # stored, not yet served from the cache
    current = _cache(site_url, "python", built_site)
    complete = site_url + "__attention-course-python-complete__"
    poll(page, lambda: page.evaluate(HAS, [current, complete]), bool, "the Python unit was never stored")
    real = (built_site / CELL).read_text(encoding="utf-8")
    page.evaluate(TAMPER, [current, site_url + CELL, _tampered(real)])

    assert page.evaluate(READ, site_url + CELL) == real
    assert page.evaluate(TEXT, [current, site_url + CELL]) == real  # the good copy, stored again
    _warned(page, said, CELL, _sha256(built_site / CELL), _sha256_of(_tampered(real)))


def test_a_tampered_on_demand_file_in_the_cache_is_replaced_before_it_is_served(
    offline_page, site_url: str, built_site: Path
) -> None:
    page = offline_page()
    said = _warnings(page.context)
    page.goto(site_url + LESSON)
    _controlled(page)
    real = (built_site / CONFIG).read_text(encoding="utf-8")
    assert page.evaluate(READ, site_url + CONFIG) == real
    cache = _cache(site_url, "on-demand", built_site)
    poll(page, lambda: page.evaluate(HAS, [cache, site_url + CONFIG]), bool, "config.json was not kept")
    page.evaluate(TAMPER, [cache, site_url + CONFIG, _tampered(real)])

    assert page.evaluate(READ, site_url + CONFIG) == real
    poll(page, lambda: page.evaluate(TEXT, [cache, site_url + CONFIG]), lambda text: text == real, "not kept again")
    _warned(page, said, CONFIG, _sha256(built_site / CONFIG), _sha256_of(_tampered(real)))


def test_an_on_demand_download_that_fails_its_sha256_fails_in_the_page(
    offline_page, site_url: str, built_site: Path
) -> None:
    page = offline_page()
    said = _warnings(page.context)
    real = (built_site / CONFIG).read_bytes()
    wrong = _tampered(real.decode("utf-8")).encode("utf-8")
    assert len(wrong) == len(real)

    def serve_wrong(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=wrong)

    # The worker's own requests go through the context's routes (test_offline.py checks it).
    page.context.route(site_url + CONFIG, serve_wrong)
    page.goto(site_url + LESSON)
    _controlled(page)
    read = "url => fetch(url).then((r) => r.arrayBuffer()).then((b) => 'read ' + b.byteLength, (e) => 'failed')"
    assert page.evaluate(read, site_url + CONFIG) == "failed"
    # What the lab's model loader uses fails too: its download ends in an error, not with the wrong bytes.
    fetch_file = """url => window.attentionCourse.python.fetchFile(url, '/tmp/config.json')
      .then((r) => 'fetched ' + r.bytes, (e) => 'failed: ' + e.message)"""
    assert page.evaluate(fetch_file, site_url + CONFIG).startswith("failed: ")
    cache = _cache(site_url, "on-demand", built_site)
    assert not page.evaluate(HAS, [cache, site_url + CONFIG])
    _warned(page, said, CONFIG, _sha256(built_site / CONFIG), hashlib.sha256(wrong).hexdigest())
