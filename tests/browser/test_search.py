"""Search costs nothing until the reader wants it, then works as Material's always has.

``docs/javascripts/search-on-demand.js``, run by ``overrides/main.html`` before Material's
bundle, holds back Material's request for the search index (the whole site's text) until the pointer
goes over the search box, the box gets the focus or the search dialog opens; a page reached
from a search result asks at once, to highlight what was found.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

INDEX = "search/search_index.json"


def index_requests(page: Page) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url) if request.url.endswith(INDEX) else None)
    return seen


def test_reading_never_fetches_the_search_index(page: Page, site_url: str) -> None:
    seen = index_requests(page)
    page.goto(site_url + "lessons/self-attention/")
    page.wait_for_load_state("networkidle")
    page.mouse.wheel(0, 2000)
    page.locator("nav.md-nav--primary a", has_text="Glossary").first.click()
    # Material's navigation.tracking may carry a section's hash over to the next address.
    expect(page).to_have_url(re.compile(re.escape(site_url + "glossary/") + r"(#.*)?$"))
    page.wait_for_load_state("networkidle")
    assert seen == []


def test_the_search_box_fetches_it_and_finds(page: Page, site_url: str) -> None:
    seen = index_requests(page)
    page.goto(site_url + "lessons/self-attention/")
    page.wait_for_load_state("networkidle")
    assert seen == []
    box = page.get_by_role("textbox", name="Search")
    box.click()
    box.type("softmax")
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    assert seen == [site_url + INDEX]


def test_the_keyboard_shortcut_fetches_it(page: Page, site_url: str) -> None:
    seen = index_requests(page)
    page.goto(site_url)
    page.wait_for_load_state("networkidle")
    page.keyboard.press("/")  # Material's shortcut: opens search and focuses its box
    expect(page.get_by_role("textbox", name="Search")).to_be_focused()
    page.keyboard.type("causal")
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    assert seen == [site_url + INDEX]


def test_a_page_reached_from_a_result_highlights_at_once(page: Page, site_url: str) -> None:
    seen = index_requests(page)
    page.goto(site_url + "lessons/self-attention/?h=softmax")
    expect(page.locator("article mark[data-md-highlight]").first).to_be_visible()
    assert seen == [site_url + INDEX]
