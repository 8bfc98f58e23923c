"""The Python worker's start-up: a return visit starts Python from the memory snapshot the first visit stored.

docs/runner/worker.js keeps a snapshot of Python's memory, taken just after Python started and
imported the standard-library modules numpy needs, before any package, in the browser's Cache Storage; the next start in the same browser restores it
instead of initialising Python again. These tests check that such a start gives every block
CPython's output, that a snapshot which does not fit is dropped without the reader noticing, and
that the worker reports where its start-up time went.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.conftest import poll

from tests.browser.test_runner import LESSON, _cpython_outputs, _wait_idle

def _cache(site_url: str) -> str:
    """The worker's cache of snapshots for the site at ``site_url``."""
    return f"attention-course-python-snapshot:{site_url}"


def _snapshot_url(site_url: str, built_site: Path) -> str:
    version = json.loads((built_site / "pyodide" / "manifest.json").read_text())["version"]
    return f"{site_url}pyodide/python-{version}.snapshot"


def _stored(page: Page, site_url: str) -> list[str]:
    return page.evaluate("async name => (await (await caches.open(name)).keys()).map(r => r.url)", _cache(site_url))


def _run_all(page: Page, url: str) -> tuple[list[str], dict]:
    """Open ``url``, run every block; their outputs and the worker's start-up marks."""
    page.goto(url)
    page.locator("button[data-action=run-all]").click()
    _wait_idle(page)
    outputs = page.locator("[data-runner-output]").evaluate_all("els => els.map(e => e.textContent)")
    return outputs, page.evaluate("() => window.attentionCourse.python.timings.marks")


def _wait_for_snapshot(page: Page, site_url: str, key: str) -> None:
    # The worker stores the snapshot without holding up the start: wait for it to land.
    poll(page, lambda: _stored(page, site_url), lambda stored: stored == [key], f"no snapshot stored under {key}")


def test_a_return_visit_starts_from_the_snapshot_with_cpythons_outputs(
    open_page, site_url: str, built_site: Path
) -> None:
    expected = _cpython_outputs("lessons/scaled-dot-product-attention.md")
    first = open_page()
    key = _snapshot_url(site_url, built_site)
    outputs, marks = _run_all(first, site_url + LESSON)
    assert outputs == expected
    assert "snapshot-made" in marks and marks["snapshot-bytes"] > 10_000_000  # Python's whole memory
    _wait_for_snapshot(first, site_url, key)

    # A second tab of the same browser: the same Cache Storage, a new worker.
    second = first.context.new_page()
    outputs, marks = _run_all(second, site_url + LESSON)
    assert "snapshot-made" not in marks and marks["snapshot-bytes"] > 10_000_000  # restored, not made
    assert outputs == expected
    # Every step of the start-up was reached, in order, on the epoch's clock.
    steps = ["worker", "manifest", "runtime-js", "wasm-compiled", "python", "packages", "session"]
    times = [marks[name] for name in steps]
    assert times == sorted(times)
    # The snapshot kept the standard-library modules that loading numpy imports (worker.js's
    # SNAPSHOT_IMPORTS): since the restore, through the start and every block of the lesson, Python
    # imported only numpy (with the modules its Cython extensions make), attention and the runner's module.
    (worker,) = [w for w in second.workers if w.url.endswith("/runner/worker.js")]
    imported = worker.evaluate(
        "() => python.runPython('import sys; sorted(set(sys.modules) - _snapshot_modules)').toJs()"
    )
    assert "numpy._core.multiarray" in imported and "attention.scaled_dot_product" in imported
    ours = {"numpy", "attention", "lesson_cell", "cython_runtime"}
    others = [name for name in imported if name.split(".")[0] not in ours and not name.startswith("_cython_")]
    assert others == [], f"add these to SNAPSHOT_IMPORTS in docs/runner/worker.js: {others}"
    second.close()


def test_a_snapshot_that_does_not_fit_is_replaced_and_python_starts(open_page, site_url: str, built_site: Path) -> None:
    page = open_page()
    key = _snapshot_url(site_url, built_site)
    page.goto(site_url + LESSON)
    # A damaged snapshot where the worker looks for one (its size plausible, its contents not a snapshot).
    page.evaluate(
        "async ([name, key]) => (await caches.open(name)).put(key, new Response(new Uint8Array(32 << 20).fill(7)))",
        [_cache(site_url), key],
    )
    outputs, marks = _run_all(page, site_url + LESSON)
    assert outputs == _cpython_outputs("lessons/scaled-dot-product-attention.md")
    assert "magic number" in marks["snapshot-rejected"]  # Pyodide's own check refused it
    assert "snapshot-made" in marks  # Python started the usual way, and stored a good snapshot in its place
    _wait_for_snapshot(page, site_url, key)
    stored = page.evaluate(
        "async ([name, key]) => (await (await (await caches.open(name)).match(key)).arrayBuffer()).byteLength",
        [_cache(site_url), key],
    )
    assert stored == marks["snapshot-bytes"] != 32 << 20
    expect(page.locator("[data-runner]").first).to_have_attribute("data-runner-status", "done")
