"""Search costs nothing until the reader wants it, then works as Material's always has.

Material's page asks for its search index as it starts; the build leaves only the index's config
there, and the site's text (``search/search_index.full.json``) is fetched by the course's search
worker (``docs/javascripts/search-worker.js``) when the reader first searches, with Material's own
search worker, which it then runs. A page reached from a search result highlights the words found
without either.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from site_examples.material_adapter import CONTENT, NAVIGATION, SEARCH_MARK, SEARCH_RESULT

INDEX = "search/search_index.full.json"  # the site's text
MATERIALS_WORKER = re.compile(r"/assets/javascripts/workers/search\.[0-9a-f]{8}\.min\.js$")


def index_requests(page: Page) -> list[str]:
    """What the page asks for of search as it goes: the site's text (its address) and Material's worker ("worker")."""
    seen: list[str] = []

    def record(url: str) -> None:
        if url.endswith(INDEX):
            seen.append(url)
        elif MATERIALS_WORKER.search(url):
            seen.append("worker")

    page.on("request", lambda request: record(request.url))
    return seen


def test_reading_never_fetches_the_search_index(page: Page, site_url: str) -> None:
    seen = index_requests(page)
    page.goto(site_url + "lessons/self-attention/")
    page.wait_for_load_state("networkidle")
    page.mouse.wheel(0, 2000)
    page.locator(f"{NAVIGATION} a", has_text="Glossary").first.click()
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
    expect(page.locator(SEARCH_RESULT).first).to_be_visible()
    assert seen == [site_url + INDEX, "worker"]


def test_the_keyboard_shortcut_fetches_it(page: Page, site_url: str) -> None:
    seen = index_requests(page)
    page.goto(site_url)
    page.wait_for_load_state("networkidle")
    page.keyboard.press("/")  # Material's shortcut: opens search and focuses its box
    expect(page.get_by_role("textbox", name="Search")).to_be_focused()
    page.keyboard.type("causal")
    expect(page.locator(SEARCH_RESULT).first).to_be_visible()
    assert seen == [site_url + INDEX, "worker"]


def test_a_page_reached_from_a_result_highlights_at_once(page: Page, site_url: str) -> None:
    seen = index_requests(page)
    page.goto(site_url + "lessons/self-attention/?h=softmax")
    expect(page.locator(f"{CONTENT} {SEARCH_MARK}").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert seen == []  # the index's config is enough
