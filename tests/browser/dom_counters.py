"""Chrome's DOM counters for the leak tests, read the same way each time.

Two things make a single reading lie, both measured on this site in headless Chromium:

- One garbage collection does not free everything that is garbage. After an instant page change,
  two forced collections in a row left 1,300 to 4,000 nodes counted (a page's worth) that a third
  and fourth collection, moments later, freed; counted at one reading only, they failed the thirty
  page changes in CI (2,092 nodes, then 6,100 at the last round, 2,189 the round before). So
  :func:`collected_counters` collects until two readings agree.
- Material's bundle carries the focus-visible polyfill, which listens on the document for the
  first pointer event (nine listeners: mouse, pointer and touch; down, move and up), drops them at
  that event and adds them again whenever the page is hidden. Whether they are there at a reading
  depends on the test's timing, not on the page under test: a runner walk once counted them at one
  reading and not at the other, and its growth read 25 listeners against the baseline's 16.
  :func:`dom_counters` dispatches a pointer move on the body first, so that every reading is taken
  with the polyfill in the same state. The leak tests with a margin of a few listeners use it (the
  runner's, the lab's, the language model's); the thirty page changes, with a margin of 100, read
  :func:`collected_counters` alone.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

SETTLE_POLYFILL = "document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }))"

# Readings until two agree; measured, the second always did.
MAX_READINGS = 6


def one_reading(cdp: Any) -> dict[str, int]:
    """``Memory.getDOMCounters`` (documents, nodes, jsEventListeners) after two full garbage collections."""
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    return cdp.send("Memory.getDOMCounters")


def collected_counters(cdp: Any) -> dict[str, int]:
    """:func:`one_reading` once garbage collection has nothing more to free: readings repeat until two in a row agree."""
    previous = None
    for _ in range(MAX_READINGS):
        current = one_reading(cdp)
        if current == previous:
            break
        previous = current
    return current


def dom_counters(page: Page, cdp: Any, *, repeat: bool = True) -> dict[str, int]:
    """:func:`collected_counters` (:func:`one_reading` without ``repeat``: the caller repeats), with Material's
    focus-visible polyfill in one state (see the module's text)."""
    page.evaluate(SETTLE_POLYFILL)
    return collected_counters(cdp) if repeat else one_reading(cdp)
