"""Leak tests by accounting: what the course's scripts registered, and whether they gave it back.

:file:`accounting.js`, installed in a context before any page script runs, records every
event listener, timer, animation frame, idle callback, observer and worker that one of the
course's own scripts registers (Material's bundle is not counted), and drops each record
when it is undone: the listener removed or its element gone from the document, the timer
fired or cleared, the observer disconnected, the worker terminated. A leak test walks
between pages by instant navigation and compares two readings taken at the same page of
what the pages already left still hold: they must be equal, entry for entry. A difference is reported with the file, line and
column that registered it.

No reading depends on the garbage collector or on time: a page's one-shot timers are
left out of a reading, and those of the pages already left are waited for (a state: none
pending) before it.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from playwright.sync_api import BrowserContext, Locator, Page, expect

from site_examples.material_adapter import nav_link_ending

SCRIPT = Path(__file__).with_name("accounting.js").read_text(encoding="utf-8")

ONE_SHOT = ("timeout", "frame", "idle")

Reading = Counter[tuple[str, str, str]]


def install(context: BrowserContext) -> None:
    """Count from the first script of every page this context opens."""
    context.add_init_script(script=SCRIPT)


def go(page: Page, link: Locator) -> None:
    """Click ``link`` (an instant navigation), what the course registers from now on belonging to the next page."""
    page.evaluate("window.__accounting && window.__accounting.nextPage()")  # without the accounting: a plain click
    link.click()


def reading(page: Page) -> Reading:
    """What the pages already left still hold, as (kind, type, where), once none of their one-shot timers is pending.

    Registrations of the page on screen are left out: how far it has got with its own work (a formula drawn
    when the browser is idle, a timer pending) depends on timing, and it is read in its turn, once left. So
    are one-shot timers: those of the pages left are waited for here (a chain of timeouts never ends, and fails
    the wait). What lasts the visit (the Python session's worker and its listeners) is read at every reading.
    """
    page.wait_for_function(
        """(oneShot) => {
          const current = window.__accounting.current();
          return !window.__accounting.live().some((e) => oneShot.includes(e.kind) && e.generation < current);
        }""",
        arg=list(ONE_SHOT),
    )
    entries = page.evaluate(
        "() => { const c = window.__accounting.current(); return window.__accounting.live().filter((e) => e.generation < c); }"
    )
    return Counter((e["kind"], e["type"], e["where"]) for e in entries if e["kind"] not in ONE_SHOT)


def difference(before: Reading, after: Reading) -> str:
    """What ``after`` holds beyond ``before`` and what it lost, one registration a line; empty when equal."""
    lines = [f"+{n} {kind} {type_!r} from {where}" for (kind, type_, where), n in (after - before).items()]
    lines += [f"-{n} {kind} {type_!r} from {where}" for (kind, type_, where), n in (before - after).items()]
    return "\n".join(sorted(lines))


def round_trips(page: Page, site_url: str, away: str, there: str, rounds: int, at_there=None) -> list[Reading]:
    """``rounds`` trips from ``away`` to ``there`` and back by the navigation's links; a reading after each, at ``away``.

    ``at_there(page)``, if given, runs on ``there`` each time: it waits for the page to be ready and uses it.
    """
    install(page.context)
    page.goto(site_url + away)
    page.evaluate("window.__same_document = true")
    readings = []
    for _ in range(rounds):
        for target in (there, away):
            page.evaluate("document.querySelector('article').dataset.left = ''")
            go(page, page.locator(nav_link_ending(target)).first)
            page.wait_for_url(re.compile(re.escape(target) + r"(\?[^#]*)?(#[^/]*)?$"))
            expect(page.locator("article:not([data-left]) h1").first).to_be_visible()
            if target == there and at_there is not None:
                at_there(page)
        readings.append(reading(page))
    assert page.evaluate("window.__same_document") is True  # every change was an instant one
    return readings
