"""A long visit stays lean: thirty instant page changes, and the page's memory levels off.

Material's instant navigation swaps each page into the same document, so whatever a page
leaves behind stays for the whole visit. Each component unmounts what it registered
(``docs/javascripts/components.js``), and the replaced pages are taken apart, since Material
itself keeps references into each one (measured: without that, every page change kept its
whole page, about 6,000 nodes; 36,000 more per round of the six pages below).
"""

from __future__ import annotations

import re

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.dom_counters import collected_counters

# One round: a lesson with runnable blocks, another, the quizzes, the glossary, the lab, home.
ROUND = (
    ("lessons/why-attention/", "Why attention?"),
    ("lessons/query-key-value/", "Query, key, value"),
    ("check-your-understanding/", "Check your understanding"),
    ("glossary/", "Glossary"),
    ("lab/", "Attention visualizer lab"),
    ("", "Attention Mechanisms"),
)
ROUNDS = 5

# What may still grow over the last four rounds (24 page changes), from measurements of this
# site in headless Chromium: Material retains about 2 listeners, 20 nodes and 80 kB of its own
# objects per page change (12 listeners, 124 nodes and 0.45 MB a round). The bounds leave room
# for the garbage collector's timing, and each is far below one leaked page per change.
MAX_MORE_LISTENERS = 100
MAX_MORE_NODES = 1_500
MAX_MORE_HEAP_MB = 4.0


def counters(cdp: Any) -> dict[str, float]:
    """The page's live event listeners, DOM nodes and JavaScript heap (MB), once garbage collection has nothing more to free."""
    dom = collected_counters(cdp)
    metrics = {metric["name"]: metric["value"] for metric in cdp.send("Performance.getMetrics")["metrics"]}
    return {"listeners": dom["jsEventListeners"], "nodes": dom["nodes"], "heap_mb": metrics["JSHeapUsedSize"] / 1e6}


def go(page: Page, site_url: str, path: str, title: str) -> None:
    if path:
        page.locator(f'nav.md-nav--primary a[href="{site_url}{path}"]').first.click()
    else:
        page.locator("a.md-header__button.md-logo").click()
    expect(page).to_have_url(site_url + path)
    expect(page.locator("h1").first).to_contain_text(title)
    page.wait_for_load_state("networkidle")


def test_thirty_page_changes_level_off(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.evaluate("window.__same_document = true")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    after_round = []
    for _ in range(ROUNDS):
        for path, title in ROUND:
            go(page, site_url, path, title)
        after_round.append(counters(cdp))
    assert page.evaluate("window.__same_document") is True  # every change was an instant one
    first, last = after_round[0], after_round[-1]
    report = " → ".join(f"{c['listeners']:.0f} listeners, {c['nodes']:.0f} nodes, {c['heap_mb']:.1f} MB" for c in after_round)
    assert last["listeners"] - first["listeners"] <= MAX_MORE_LISTENERS, report
    assert last["nodes"] - first["nodes"] <= MAX_MORE_NODES, report
    assert last["heap_mb"] - first["heap_mb"] <= MAX_MORE_HEAP_MB, report


def test_back_and_forward_after_many_changes_show_whole_pages(page: Page, site_url: str) -> None:
    page.goto(site_url)
    for path, title in ROUND * 2:
        go(page, site_url, path, title)
    # Back to the lab, then to the glossary: Material shows them again, whole, from their addresses.
    # The lab writes its state into its own address a moment after it draws (lab.js, writeUrl), so its
    # history entry may carry that state by the time the reader comes back to it.
    lab = re.compile(re.escape(site_url + "lab/") + r"(\?[^#]*)?$")
    page.go_back()
    expect(page).to_have_url(lab)
    expect(page.locator("[data-viz] [data-cell]").first).to_be_visible()
    page.go_back()
    expect(page).to_have_url(site_url + "glossary/")
    expect(page.locator("article dl dt, article h2").first).to_be_visible()
    page.go_forward()
    expect(page).to_have_url(lab)
    expect(page.locator("[data-viz] [data-cell]").first).to_be_visible()
