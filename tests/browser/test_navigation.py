"""A long visit stays lean: thirty instant page changes, and the course gives back all it registered.

Material's instant navigation swaps each page into the same document, so whatever a page
leaves behind stays for the whole visit. Each component unmounts what it registered
(``docs/javascripts/components.js``): the accounting of ``tests/browser/accounting.py``
checks it entry for entry, with no garbage collection and no timing involved. The replaced
pages are taken apart, since Material itself keeps references into each one: checked here
on the replaced page itself. How the page's memory levels off over such a visit is a figure
of ``./dev.sh measure`` (``site_examples/benchmarks/page_figures.py``), not a test.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from site_examples.material_adapter import HOME_LINK, SWAPPED_CONTENT, nav_link
from tests.browser import accounting
from tests.helpers import ROOT

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


def go(page: Page, site_url: str, path: str, title: str) -> None:
    """To ``path`` by its link in the navigation (home by the logo); back once its heading and components are there."""
    if path:
        link = page.locator(nav_link(site_url + path)).first
    else:
        link = page.locator(HOME_LINK)
    page.evaluate("document.querySelector('article').dataset.left = ''")
    accounting.go(page, link)
    expect(page).to_have_url(re.compile(re.escape(site_url + path) + r"(\?[^#]*)?(#.*)?$"))
    expect(page.locator("article:not([data-left]) h1").first).to_contain_text(title)
    if path == "lab/":
        expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")
    if path.startswith("lessons/"):
        expect(page.locator("button[data-action=run-all]")).to_be_enabled()


def _walk(page: Page, site_url: str, rounds: int) -> list[accounting.Reading]:
    accounting.install(page.context)
    page.goto(site_url)
    page.evaluate("window.__same_document = true")
    readings = []
    for _ in range(rounds):
        for path, title in ROUND:
            go(page, site_url, path, title)
        readings.append(accounting.reading(page))
    assert page.evaluate("window.__same_document") is True  # every change was an instant one
    return readings


@pytest.mark.long
def test_thirty_page_changes_leave_nothing_of_the_course_behind(page: Page, site_url: str) -> None:
    """After the first round of six pages and after the fifth, at home, the course holds the same registrations."""
    readings = _walk(page, site_url, ROUNDS)
    assert readings[0] == readings[-1], accounting.difference(readings[0], readings[-1])


def test_the_accounting_finds_a_component_that_leaks(page: Page, site_url: str) -> None:
    """The same walk with a quiz engine that adds one listener on window at every mount: the readings differ by it."""

    # The engine as written (the build serves it minified, postbuild/scripts.py), which the route serves in its place;
    # its imports are the built site's, whose modules export the same names.
    source = (ROOT / "docs" / "javascripts" / "quiz.js").read_text(encoding="utf-8")

    def leaky(route: Route) -> None:
        body = source
        assert "export function mount(root) {" in body
        body = body.replace(
            "export function mount(root) {",
            "export function mount(root) {\n  window.addEventListener('resize', () => {});",
        )
        route.fulfill(status=200, content_type="text/javascript", body=body)

    page.route("**/javascripts/quiz.js", leaky)
    readings = _walk(page, site_url, 2)
    # Four pages of a round mount the quiz engine (three quizzes and the home page's progress): four listeners a round.
    assert re.fullmatch(r"\+4 listener 'resize' from javascripts/quiz\.js:\d+:\d+", accounting.difference(*readings))


def test_a_replaced_page_is_taken_apart(page: Page, site_url: str) -> None:
    """Material keeps references into the pages it replaces; components.js empties them, so they keep nothing else."""
    page.goto(site_url + "lessons/why-attention/")
    page.evaluate("(content) => { window.__replaced = document.querySelector(content); }", SWAPPED_CONTENT)
    go(page, site_url, "glossary/", "Glossary")
    expect(page.locator("article h1")).to_have_text(re.compile("Glossary"))
    # components.js takes the page apart as it mounts the next: wait for that state, then check it is whole.
    page.wait_for_function("() => !window.__replaced.isConnected && window.__replaced.childElementCount === 0")
    assert page.evaluate("window.__replaced.querySelectorAll('*').length") == 0


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
