"""The course offline: after one visit it works with the network off, and a new deploy never mixes versions.

The service worker (``docs/sw.js``, built into ``sw.js`` by ``postbuild/service_worker.py``)
is allowed in these tests only (and in ``test_offline_integrity.py``): every other browser test
blocks it (``tests/browser/conftest.py``). What a page and its service worker ask of the network
still goes through the harness, which aborts and records every request to another host (checked
below for the worker's own requests).

The expected values are independent of the worker: outputs are the ones the page printed online
(and, for the runner, the ones CPython prints: ``test_runner.py``), sizes are the files' sizes on
disk, the precache list is read from the built ``sw.js``, and a second deploy is the first build
changed as a rebuild would change it (a page's text, the runner's ``cell.py``) with its service
worker written again by the hook's own function.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from attention.exercises import catalogue
from postbuild import service_worker
from site_examples.browser import free_address, serve, with_tools
from site_examples.material_adapter import CONTENT, SEARCH_MARK, SEARCH_RESULT
from tests.browser.conftest import handled, poll
from tests.browser.test_accessibility import axe, settled

LESSON = "lessons/scaled-dot-product-attention/"
CHANGED = "lessons/self-attention/"
CHANGED_TEXT = "This paragraph is new in the second build."
TIMEOUT_MS = 60_000  # as tests/browser/conftest.py gives every context


# The JavaScript the tests run in the page: this site's caches, by name, and whether Python is stored.
OWN_CACHES = """root => caches.keys().then(names =>
  names.filter(n => n.startsWith('attention-course-') && n.endsWith('-' + root)))"""
CACHED_TEXT = "async ([name, url]) => (await (await caches.open(name)).match(url)).text()"
PYTHON_STORED = """async root => {
  for (const name of await caches.keys()) {
    if (!name.startsWith('attention-course-python-') || !name.endsWith('-' + root)) continue;
    if (await (await caches.open(name)).match(new URL('__attention-course-python-complete__', root).href)) return name;
  }
  return null;
}"""


def _root(url: str) -> str:
    """The site's root, from a page's URL on it."""
    return re.sub(r"(lessons/[^/]+/|lab/|how-the-code-runs/|check-your-understanding/)$", "", url)


def _controlled(page: Page) -> None:
    """Wait until the page is served by the site's service worker (the first visit's worker has installed)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


# What the page and its service worker hold when a block fails: enough to tell a missing file from an uncontrolled page.
STORAGE_STATE = """async () => {
  if (!navigator.serviceWorker) return null;
  const state = { online: navigator.onLine, controller: navigator.serviceWorker.controller?.state ?? null, caches: {} };
  const registration = await navigator.serviceWorker.getRegistration();
  state.registration = registration ? ["installing", "waiting", "active"].map((k) => registration[k]?.state ?? null) : null;
  for (const name of await caches.keys()) {
    const keys = await (await caches.open(name)).keys();
    state.caches[name] = name.includes("-python-") ? keys.map((request) => new URL(request.url).pathname) : keys.length;
  }
  return state;
}"""


def _run_first_block(page: Page) -> str:
    block = page.locator("[data-runner]").first
    block.locator("button[data-action=run]").click()
    expect(block).to_have_attribute("data-runner-status", re.compile("done|error"))
    output = block.locator("[data-runner-output]").text_content() or ""
    if block.get_attribute("data-runner-status") != "done":
        state = page.evaluate(STORAGE_STATE)
        raise AssertionError(f"the block failed: {block.text_content()}\nstorage: {json.dumps(state, indent=1)}")
    return output


def _lab_computes_a_sentence(page: Page, root: str) -> Locator:
    """Open the lab at ``root`` and give it a sentence no preset holds: computed live in Python, 8 tokens shown."""
    page.goto(root + "lab/")
    lab = page.locator("[data-viz]")
    expect(lab).to_have_attribute("data-status", "ready")
    sentence = "The dog chased the ball across the garden"
    box = page.locator("[data-control=sentence]")
    box.fill(sentence)
    box.press("Enter")
    expect(lab).to_have_attribute("data-sentence", sentence)
    expect(lab).to_have_attribute("data-status", "ready")
    assert page.locator("[data-viz] [data-token]").count() == 8
    return lab


def _python_stored(page: Page, root: str) -> str:
    """Wait until the whole Python unit is stored; its cache's name.

    Polled from here: ``wait_for_function`` takes the promise an async predicate returns for a truthy value and
    returns at once, with whatever it resolves to (null while nothing is stored).
    """
    return poll(page, lambda: page.evaluate(PYTHON_STORED, root), bool, "the Python unit was never stored whole")


def _own_caches(page: Page, root: str) -> list[str]:
    return sorted(page.evaluate(OWN_CACHES, root))


def _precache_entries(site: Path) -> list[dict]:
    """The precache list that workbox-build wrote into the built sw.js."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    match = re.search(r'\[\{"(?:integrity|revision)":.*?\}\]', text)
    assert match, "no precache list in sw.js"
    return json.loads(match.group(0))


@pytest.fixture
def offline_page(open_page: Callable[..., Page]) -> Callable[..., Page]:
    """Pages like ``open_page``'s, service workers allowed."""
    return lambda **options: open_page(service_workers="allow", **options)


@pytest.fixture
def page_on(browser: Browser, traffic: Any) -> Iterator[Callable[[str], Page]]:
    """``page_on(origin, **options)``: a page like ``offline_page``'s, for a site served at another origin here.

    Its requests go through the harness's own recorder (``tests/browser/conftest.py``), for
    that origin: anything else is aborted and fails the test, as are errors in the page.
    """
    opened: list[tuple[Page, Any]] = []

    def open_(origin: str, **options: Any) -> Page:
        recorder = type(traffic)(origin=origin.rstrip("/"))
        options = {"service_workers": "allow", "viewport": {"width": 1280, "height": 900}, **options}
        context = with_tools(browser.new_context(**options))
        context.set_default_timeout(TIMEOUT_MS)
        context.route("**/*", recorder.route)
        page = context.new_page()
        page.on("console", recorder.console)
        page.on("pageerror", lambda error: recorder.page_errors.append(str(error)))
        opened.append((page, recorder))
        open_.recorders[page] = recorder
        return page

    open_.recorders = {}  # type: ignore[attr-defined]  # a page's recorder, for a test that expects an error
    yield open_
    for page, recorder in opened:
        page.context.close()
        assert recorder.blocked == [], f"requests to other hosts were made (and aborted): {recorder.blocked}"
        assert recorder.page_errors == [], f"uncaught errors in the page: {recorder.page_errors}"
        assert recorder.console_errors == [], f"console errors: {recorder.console_errors}"


def test_after_one_visit_lesson_lab_quiz_and_search_work_offline(offline_page, site_url: str) -> None:
    page = offline_page()
    page.goto(site_url + LESSON)
    # Run at once, as a first visit does: Python may start before the worker has taken the page over.
    online = _run_first_block(page)
    _controlled(page)
    _python_stored(page, site_url)
    # Only what the reader used is stored on demand: nothing of the trained models yet.
    on_demand = [name for name in _own_caches(page, site_url) if "-on-demand-" in name]
    assert page.evaluate("async name => (await (await caches.open(name)).keys()).length", on_demand[0]) == 0

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_contain_text("Scaled dot-product attention")
    assert _run_first_block(page) == online

    # A Build-it exercise: its editor and its grader, offline.
    exercise = next(e for e in catalogue() if e.id == "stable-softmax")
    box = page.locator("[data-exercise='stable-softmax']")
    box.locator("[data-exercise-code]").click()
    expect(box.locator(".cm-content")).to_be_focused()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(exercise.solution)
    box.locator("button[data-action=check]").click()
    expect(box).to_have_attribute("data-exercise-result", "passed")

    # The lab with its hand-built model: a preset, then a sentence computed live in Python (stored, offline).
    _lab_computes_a_sentence(page, site_url)

    # A quiz grades offline.
    page.goto(site_url + "check-your-understanding/")
    quiz = page.locator("[data-quiz]").first
    expect(quiz).to_have_attribute("data-quiz-ready", "")
    question = page.locator("[data-question]").first
    question.locator("[data-option][data-correct]").first.check()
    question.locator("button[data-action=check]").click()
    expect(question.locator("[data-feedback]")).to_have_attribute("data-result", "correct")

    # Search, from the stored index.
    box = page.get_by_role("textbox", name="Search")
    box.click()
    box.type("softmax")
    result = page.locator(f"{SEARCH_RESULT} a").first
    # The results of the whole word: those of a query typed halfway may show first, while the text loads.
    expect(result).to_have_attribute("href", re.compile(r"[?&]h=softmax(?:&|#|$)"))
    result.click()
    # The result's page, its query (?h=) ignored by the store, with the terms highlighted.
    expect(page).not_to_have_url(site_url + "check-your-understanding/")
    expect(page.locator(f"{CONTENT} {SEARCH_MARK}").first).to_have_text(re.compile("softmax", re.IGNORECASE))


def test_the_worker_s_own_requests_go_through_the_harness(offline_page, site_url: str, traffic) -> None:
    page = offline_page()
    page.goto(site_url)
    _controlled(page)
    (worker,) = page.context.service_workers
    # A loopback address that is not the site: the harness must see the worker's request and abort it.
    foreign = "http://127.0.0.2:9/from-the-service-worker"
    assert worker.evaluate("url => fetch(url).then(() => 'fetched', () => 'failed')", foreign) == "failed"
    assert traffic.blocked == [foreign]
    traffic.blocked.clear()  # expected here; the fixture fails any other test that does this


def test_model_files_are_kept_only_once_loaded_whole(offline_page, site_url: str, built_site: Path) -> None:
    page = offline_page()
    page.goto(site_url + "lab/")
    _controlled(page)
    (cache,) = [name for name in _own_caches(page, site_url) if "-on-demand-" in name]
    stored = "async ([name, url]) => Boolean(await (await caches.open(name)).match(url))"
    weights = site_url + "models/all-MiniLM-L6-v2/model.safetensors"
    # A download the page gives up after its first bytes is not kept.
    given_up = page.evaluate(
        """async url => {
          const abort = new AbortController();
          const reader = (await fetch(url, { signal: abort.signal })).body.getReader();
          const { value } = await reader.read();
          abort.abort();
          return value.length;
        }""",
        weights,
    )
    assert given_up > 0
    # A file read whole is kept, with the bytes the site serves; the one given up, which the service worker
    # settled before it (its stream failed at the abort), is not.
    config = site_url + "models/all-MiniLM-L6-v2/config.json"
    text = page.evaluate("url => fetch(url).then(r => r.text())", config)
    assert text == (built_site / "models/all-MiniLM-L6-v2/config.json").read_text(encoding="utf-8")
    poll(page, lambda: page.evaluate(stored, [cache, config]), bool, "config.json was not kept")
    assert not page.evaluate(stored, [cache, weights])
    page.context.set_offline(True)
    assert page.evaluate("url => fetch(url).then(r => r.text())", config) == text


def test_the_page_says_what_is_stored_and_clears_it(offline_page, site_url: str, built_site: Path) -> None:
    page = offline_page()
    page.goto(site_url + "how-the-code-runs/")
    _controlled(page)
    storage = page.locator("[data-offline-storage]")
    page.locator("[data-offline-storage] button[data-action=offline-measure]").click()
    expect(storage).to_have_attribute("data-offline-state", "on")
    # Before any Python: exactly the precache, whose files' sizes on disk add up to what the page says.
    precached = sum((built_site / entry["url"]).stat().st_size for entry in _precache_entries(built_site))
    expect(storage).to_have_attribute("data-offline-bytes", str(precached))
    summary = storage.locator("[data-offline-summary]")
    expect(summary).to_contain_text(f"{precached / 1e6:.1f} MB" if precached < 1e7 else f"{precached / 1e6:.0f} MB")
    expect(summary).to_have_attribute("role", "status")

    # From the keyboard: Remove empties the site's caches, unregisters the worker, and is remembered.
    remove = storage.get_by_role("button", name="Remove the offline copy")
    remove.focus()
    page.keyboard.press("Enter")
    expect(storage).to_have_attribute("data-offline-state", "off")
    keep = storage.get_by_role("button", name="Keep the course for offline use")
    expect(keep).to_be_focused()
    expect(summary).to_contain_text("Removed")
    assert _own_caches(page, site_url) == []
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    page.reload()
    expect(storage).to_have_attribute("data-offline-state", "off")
    page.wait_for_load_state("load")
    handled(page)
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0

    # Keep stores it again.
    keep.focus()
    page.keyboard.press("Enter")
    expect(storage).to_have_attribute("data-offline-state", "on")
    page.wait_for_function("() => navigator.serviceWorker.getRegistration().then(r => Boolean(r && r.active))")
    page.locator("[data-offline-storage] button[data-action=offline-measure]").click()
    expect(storage).to_have_attribute("data-offline-bytes", str(precached))
    # A fresh worker taking the page over is no update: no banner.
    expect(page.locator(".course-update__box")).to_have_count(0)


def test_without_service_workers_the_site_works_online(open_page, site_url: str) -> None:
    page = open_page()  # service workers blocked, as in a private window
    page.goto(site_url + LESSON)
    assert _run_first_block(page)
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    page.goto(site_url + "how-the-code-runs/")
    storage = page.locator("[data-offline-storage]")
    expect(storage).to_have_attribute("data-offline-state", re.compile("off|unsupported"))
    said = "not kept" if storage.get_attribute("data-offline-state") == "off" else "cannot keep"
    expect(storage.locator("[data-offline-summary]")).to_contain_text(said)


# ---------------------------------------------------------------- a second deploy


def _link_copy(source: Path, dest: Path) -> None:
    """``source`` copied to ``dest`` as hard links (no bytes copied); change a file by replacing it, never in place."""
    shutil.copytree(source, dest, copy_function=os.link)


def _replace(path: Path, text: str) -> None:
    path.unlink()
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def two_deploys(built_site: Path, tmp_path: Path) -> Iterator[tuple[str, Callable[[], None], Path]]:
    """The site served from a folder that ``deploy()`` swaps for a second build: (url, deploy, second build)."""
    first, second = tmp_path / "first", tmp_path / "second"
    _link_copy(built_site, first)
    _link_copy(built_site, second)
    page = second / CHANGED / "index.html"
    html = page.read_text(encoding="utf-8")
    _replace(page, html.replace("</h1>", f"</h1>\n<p data-second-build>{CHANGED_TEXT}</p>", 1))
    cell = second / "runner" / "cell.py"
    _replace(cell, cell.read_text(encoding="utf-8") + "\n# The second build.\n")
    (second / "sw.js").unlink()
    (second / "sw-licenses.txt").unlink()
    service_worker.write_service_worker(second, tmp_path / "sw-cache")
    served = tmp_path / "served"
    served.symlink_to(first, target_is_directory=True)

    def deploy() -> None:
        swap = tmp_path / "swap"
        swap.symlink_to(second, target_is_directory=True)
        os.replace(swap, served)

    with serve(served, free_address()) as url:
        yield url, deploy, second


@pytest.mark.long
def test_a_new_deploy_waits_for_reload_and_never_mixes_versions(page_on, two_deploys) -> None:
    url, deploy, second = two_deploys
    page = page_on(url)
    page.goto(url + LESSON)
    _controlled(page)
    first_output = _run_first_block(page)
    first_python = _python_stored(page, url)

    deploy()
    page.reload()  # a navigation: the browser looks for a new worker
    banner = page.get_by_role("status").filter(has_text="A new version of the course is available")
    expect(banner).to_be_visible()
    reload_button = banner.get_by_role("button", name="Reload")
    expect(reload_button).to_be_visible()

    # Until the reader reloads, everything is the first build's: its pages, its Python.
    assert _run_first_block(page) == first_output
    page.goto(url + CHANGED)
    expect(page.locator("h1")).to_contain_text("Self-attention")
    expect(page.locator("[data-second-build]")).to_have_count(0)
    expect(banner).to_be_visible()
    assert first_python in _own_caches(page, url)

    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    reload_button.click()
    expect(page.locator("[data-second-build]")).to_have_text(CHANGED_TEXT)
    assert dialogs == []  # not framed: nothing asked (test_framed_page.py has the framed page)
    expect(page.get_by_role("status").filter(has_text="A new version")).to_have_count(0)
    # The second build's Python, stored as it installed (it kept the first's unchanged files); the first's is gone.
    second_python = _python_stored(page, url)
    assert second_python != first_python
    caches = _own_caches(page, url)
    assert first_python not in caches and len([name for name in caches if "-python-" in name]) == 1
    stored_cell = page.evaluate(CACHED_TEXT, [second_python, url + "runner/cell.py"])
    assert stored_cell == (second / "runner" / "cell.py").read_text(encoding="utf-8")
    # The precache holds the second build's revision of each file, none of the first's.
    keys = page.evaluate(
        "async root => (await (await caches.open('attention-course-precache-v2-' + root)).keys()).map(r => r.url)", url
    )
    expected = {
        url + entry["url"] + (f"?__WB_REVISION__={entry['revision']}" if entry["revision"] else "")
        for entry in _precache_entries(second)
    }
    assert set(keys) == expected
    # And the new page's runner works, offline too.
    page.goto(url + LESSON)
    page.context.set_offline(True)
    page.reload()
    assert _run_first_block(page) == first_output


def test_a_page_of_the_old_build_never_runs_the_new_build_s_python(page_on, two_deploys) -> None:
    url, deploy, second = two_deploys
    page = page_on(url)
    page.goto(url + LESSON)
    _controlled(page)
    deploy()  # before this page has stored any Python: the server now has the second build's cell.py
    block = page.locator("[data-runner]").first
    block.locator("button[data-action=run]").click()
    # The old worker fetches its build's Python, checked file by file: the changed file fails its check.
    expect(block).to_have_attribute("data-runner-status", "error")
    expect(block).to_contain_text("Python could not start")
    # The page asked for that file (the Python worker gets its files from the page): Chromium logs the refusal.
    errors = page_on.recorders[page].console_errors
    assert errors == ["Failed to load resource: net::ERR_FAILED"], errors
    errors.clear()
    assert page.evaluate(PYTHON_STORED, url) is None
    # The failed check made the worker look for the new version, which the page offers.
    banner = page.get_by_role("status").filter(has_text="A new version of the course is available")
    # The click reloads the page: wait for the new document, or the old one's heading would pass the check below
    # and its Run would be clicked as it went away.
    with page.expect_navigation():
        banner.get_by_role("button", name="Reload").click()
    expect(page.locator("h1")).to_contain_text("Scaled dot-product attention")
    _run_first_block(page)
    stored = _python_stored(page, url)
    cell = page.evaluate(CACHED_TEXT, [stored, url + "runner/cell.py"])
    assert cell == (second / "runner" / "cell.py").read_text(encoding="utf-8")


@pytest.mark.parametrize(("scheme", "width"), [("light", 1280), ("dark", 360)])
def test_the_banner_and_the_offline_copy_pass_axe(page_on, two_deploys, scheme: str, width: int) -> None:
    url, deploy, _ = two_deploys
    # axe is injected as an inline script, which the site's policy refuses (as in test_accessibility.py).
    page = page_on(url, color_scheme=scheme, viewport={"width": width, "height": 800}, bypass_csp=True)
    page.goto(url + "how-the-code-runs/")
    _controlled(page)
    deploy()
    page.reload()
    expect(page.get_by_role("button", name="Reload")).to_be_visible()
    expect(page.locator("[data-offline-storage]")).to_have_attribute("data-offline-state", "on")
    settled(page, at_once=True)
    assert axe(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator(".course-update__box").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


# ---------------------------------------------------------------- under a sub-path


def test_under_a_sub_path_the_worker_s_scope_is_the_sub_path(page_on, sub_path_url: str) -> None:
    page = page_on(sub_path_url.split("/course/")[0])
    page.goto(sub_path_url + LESSON)
    _controlled(page)
    registration = page.evaluate(
        "navigator.serviceWorker.getRegistration().then(r => ({scope: r.scope, script: r.active.scriptURL}))"
    )
    assert registration == {"scope": sub_path_url, "script": sub_path_url + "sw.js"}
    online = _run_first_block(page)
    _python_stored(page, sub_path_url)
    assert all(name.endswith(sub_path_url) for name in page.evaluate("caches.keys()"))

    page.context.set_offline(True)
    page.reload()
    assert _run_first_block(page) == online
    page.goto(sub_path_url + "lab/")
    expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")


def test_the_worker_takes_messages_from_the_course_s_own_pages_only(page_on, sub_path_url: str) -> None:
    """A page of the same origin outside the course (another project on the same host) cannot command its worker."""
    origin = sub_path_url.split("/course/")[0]
    page = page_on(origin)
    page.goto(sub_path_url + LESSON)
    _controlled(page)
    (worker,) = page.context.service_workers
    # A page at /elsewhere/ on the same host: same origin, outside the worker's scope.
    outside = page.context.new_page()
    outside.route(
        origin + "/elsewhere/", lambda route: route.fulfill(content_type="text/html", body="<title>x</title>")
    )
    outside.goto(origin + "/elsewhere/")
    ask = "async ([scope, type]) => (await navigator.serviceWorker.getRegistration(scope)).active.postMessage({ type })"
    with worker.expect_event("console", lambda message: "ignored a message" in message.text) as said:
        outside.evaluate(ask, [sub_path_url, "store-python"])
    assert said.value.text == (
        f"The course's service worker ignored a message from {origin}/elsewhere/: "
        "it takes messages from the course's own pages only."
    )
    assert page.evaluate(PYTHON_STORED, sub_path_url) is None
    # The same message from one of the course's pages is obeyed: Python is stored.
    page.evaluate(ask, [sub_path_url, "store-python"])
    _python_stored(page, sub_path_url)
