"""The Python worker's start-up: a return visit starts Python from the memory snapshot the first visit stored.

The worker (docs/runner/worker.js) makes a snapshot of Python's memory, taken just after Python started and
imported the standard-library modules numpy needs, before any package; the page (docs/runner/python-session.js)
keeps it in the browser's Cache Storage with its sha256 and its runtime's, and the next start in the same browser
restores it instead of initialising Python again. These tests check that such a start gives every block
CPython's output, that a snapshot which does not fit, or whose bytes changed, is dropped without the reader
noticing, and that the start-up reports where its time went.
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
    # Every step of the start-up was reached, in order, on the epoch's clock (the worker starts while the page
    # reads the manifest: either may come first).
    steps = ["manifest", "runtime-js", "wasm-compiled", "python", "packages", "session"]
    times = [marks[name] for name in steps]
    assert times == sorted(times) and marks["worker"] < marks["runtime-js"]
    # The snapshot kept the standard-library modules that loading numpy imports (worker.js's
    # SNAPSHOT_IMPORTS): since the restore, through the start and every block of the lesson, Python
    # imported only numpy (with the modules its Cython extensions make), attention and the runner's module.
    (worker,) = [w for w in second.workers if w.url.startswith("data:text/javascript,")]
    imported = worker.evaluate(
        "() => python.runPython('import sys; sorted(set(sys.modules) - _snapshot_modules)').toJs()"
    )
    assert "numpy._core.multiarray" in imported and "attention.scaled_dot_product" in imported
    ours = {"numpy", "attention", "lesson_cell", "cython_runtime"}
    others = [name for name in imported if name.split(".")[0] not in ours and not name.startswith("_cython_")]
    assert others == [], f"add these to SNAPSHOT_IMPORTS in docs/runner/worker.js: {others}"
    second.close()


def _store_as_the_page_does(page: Page, site_url: str, key: str, body: str, digest: str | None = None) -> None:
    """Store ``body`` (a JS expression for the bytes) as the snapshot, labelled as the page labels its own."""
    page.evaluate(
        """async ([name, key, runtime, digest]) => {
          const bytes = BODY;
          const hex = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
            .map((b) => b.toString(16).padStart(2, "0")).join("");
          const headers = { "X-Attention-Course-Runtime": runtime, "X-Attention-Course-Sha256": digest || hex };
          await (await caches.open(name)).put(key, new Response(bytes, { headers }));
        }""".replace("BODY", body),
        [_cache(site_url), key, _runtime_sha256(site_url, page), digest],
    )


def _runtime_sha256(site_url: str, page: Page) -> str:
    return page.evaluate("async (url) => (await (await fetch(url)).json()).sha256['pyodide.asm.wasm']", site_url + "pyodide/manifest.json")


def _stored_size(page: Page, site_url: str, key: str) -> int:
    return page.evaluate(
        "async ([name, key]) => (await (await (await caches.open(name)).match(key)).arrayBuffer()).byteLength",
        [_cache(site_url), key],
    )


def test_a_snapshot_that_does_not_fit_is_replaced_and_python_starts(open_page, site_url: str, built_site: Path) -> None:
    page = open_page()
    key = _snapshot_url(site_url, built_site)
    page.goto(site_url + LESSON)
    # A damaged snapshot where the page looks for one, stored as the page stores its own (its labels right, its
    # size plausible, its contents not a snapshot): the page hands it over, and Pyodide's own check refuses it.
    _store_as_the_page_does(page, site_url, key, "new Uint8Array(32 << 20).fill(7)")
    outputs, marks = _run_all(page, site_url + LESSON)
    assert outputs == _cpython_outputs("lessons/scaled-dot-product-attention.md")
    assert "magic number" in marks["snapshot-rejected"]
    assert "snapshot-made" in marks  # Python started the usual way, and a good snapshot was stored in its place
    _wait_for_snapshot(page, site_url, key)
    poll(page, lambda: _stored_size(page, site_url, key), lambda size: size == marks["snapshot-bytes"], "not replaced")
    expect(page.locator("[data-runner]").first).to_have_attribute("data-runner-status", "done")


def test_a_snapshot_whose_bytes_changed_or_of_another_runtime_is_never_used(
    open_page, site_url: str, built_site: Path
) -> None:
    page = open_page()
    key = _snapshot_url(site_url, built_site)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.goto(site_url + LESSON)
    # Bytes that are not those the label says (as if something had rewritten the stored copy): never handed over.
    _store_as_the_page_does(page, site_url, key, "new Uint8Array(32 << 20).fill(7)", digest="0" * 64)
    outputs, marks = _run_all(page, site_url + LESSON)
    assert outputs == _cpython_outputs("lessons/scaled-dot-product-attention.md")
    assert "snapshot-rejected" not in marks and "snapshot-made" in marks  # Pyodide never saw it
    assert any("snapshot was dropped: its bytes changed since it was stored" in text for text in warnings), warnings
    _wait_for_snapshot(page, site_url, key)
    poll(page, lambda: _stored_size(page, site_url, key), lambda size: size == marks["snapshot-bytes"], "not replaced")


def test_the_return_visit_fixture_starts_python_from_the_stored_snapshot(return_visit: Page, site_url: str) -> None:
    """``return_visit`` (and ``open_page(visited=True)``), which most tests that run Python use, is a browser that
    came before: its worker restores the snapshot a first visit stored (``conftest.python_snapshot``), makes none."""
    outputs, marks = _run_all(return_visit, site_url + LESSON)
    assert "snapshot-made" not in marks and "snapshot-rejected" not in marks
    assert marks["snapshot-bytes"] > 10_000_000  # Python's whole memory, restored
    assert outputs == _cpython_outputs("lessons/scaled-dot-product-attention.md")
