"""Chrome's DOM counters for the leak tests, read the same way each time.

Two things make a single reading lie, both measured on this site in headless Chromium:

- Garbage collection does not free at once everything that is garbage. After an instant page
  change, two forced collections in a row left 1,300 to 4,000 nodes counted (a page's worth) that
  collections a moment later freed (here, a second pair at once; on a loaded CI machine, two
  pairs in a row still read 6,008); counted at one reading, they failed the thirty page changes in
  CI (2,092 nodes, then 6,100 at the last round, 2,189 the round before). So
  :func:`collected_counters` reads for a second, every 250 ms, and keeps the smallest of each
  count: what a leak keeps stays, what is merely not yet freed does not.
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

import time
from typing import Any

from playwright.sync_api import Page

SETTLE_POLYFILL = "document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }))"

# Readings, PAUSE_S apart, over about a second.
READINGS = 5
PAUSE_S = 0.25


def one_reading(cdp: Any) -> dict[str, int]:
    """``Memory.getDOMCounters`` (documents, nodes, jsEventListeners) after two full garbage collections."""
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    return cdp.send("Memory.getDOMCounters")


def collected_counters(cdp: Any) -> dict[str, int]:
    """The smallest of each count over READINGS readings (:func:`one_reading`), PAUSE_S apart."""
    readings = []
    for reading in range(READINGS):
        if reading:
            time.sleep(PAUSE_S)
        readings.append(one_reading(cdp))
    return {name: min(each[name] for each in readings) for name in readings[0]}


def dom_counters(page: Page, cdp: Any, *, repeat: bool = True) -> dict[str, int]:
    """:func:`collected_counters` (:func:`one_reading` without ``repeat``: the caller repeats), with Material's
    focus-visible polyfill in one state (see the module's text)."""
    page.evaluate(SETTLE_POLYFILL)
    return collected_counters(cdp) if repeat else one_reading(cdp)
