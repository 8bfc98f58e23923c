"""Chrome's DOM counters for the leak tests, read the same way each time.

Material's bundle carries the focus-visible polyfill, which listens on the document for the first
pointer event (nine listeners: mouse, pointer and touch; down, move and up), drops them at that
event and adds them again whenever the page is hidden. Whether they are there at a reading
depends on the test's timing, not on the page under test: a runner walk once counted them at one
reading and not at the other, and its growth read 25 listeners against the baseline's 16. A
pointer move on the body, dispatched before each reading, drops them, so that every reading is
taken with the polyfill in the same state. The leak tests with a margin of a few listeners use it
(the runner's, the lab's, the language model's); the thirty page changes, with a margin of 100, do not.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

SETTLE_POLYFILL = "document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }))"


def dom_counters(page: Page, cdp: Any) -> dict[str, int]:
    """``Memory.getDOMCounters`` (documents, nodes, jsEventListeners) after a full garbage collection."""
    page.evaluate(SETTLE_POLYFILL)
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    return cdp.send("Memory.getDOMCounters")
