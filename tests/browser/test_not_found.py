"""The 404 page keeps its styles, search and links wherever the site is served from.

A static host answers every missing address with the site's ``404.html``; under a
sub-path (``/course/``, as GitHub Pages serves a project site) links written from the
root the site was built for (``/``) would all miss. ``postbuild/not_found.py``
makes the page find its root when shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Response, expect

from site_examples.browser import SubPathHandler, free_address, serve
from site_examples.material_adapter import HEADER, SEARCH_RESULT

MISSING = ("lessons/no-such-lesson/", "no/such/folder/deep/", "no-such-file.html")


def failures(page: Page) -> list[tuple[str, str, int]]:
    """Every response of the page with an error status, as (method, url, status)."""
    failed: list[tuple[str, str, int]] = []

    def record(response: Response) -> None:
        if response.status >= 400:
            failed.append((response.request.method, response.url, response.status))

    page.on("response", record)
    return failed


def assert_styled(page: Page) -> None:
    # Material's stylesheet gives the header its primary colour and the page its font stack;
    # unstyled, the header is a transparent block.
    header = page.locator(HEADER)
    expect(header).to_be_visible()
    colour = header.evaluate("element => getComputedStyle(element).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent"), colour
    assert page.evaluate("[...document.styleSheets].filter(sheet => sheet.href && sheet.cssRules.length).length") == 4  # Material's two, KaTeX's, the site's own (one file)
    expect(page.locator("h1")).to_have_text("404 - Not found")


def test_404_under_a_sub_path_keeps_styles_and_links(sub_path_page: tuple[Page, Any], sub_path_url: str) -> None:
    page, traffic = sub_path_page
    failed = failures(page)
    for missing in MISSING:
        failed.clear()
        response = page.goto(sub_path_url + missing)
        assert response is not None and response.status == 404
        assert_styled(page)
        # The page's own 404 and its root's search (HEAD .../sitemap.xml in the folders above the
        # address) are the only misses: every style, script, font and icon loaded.
        page.wait_for_load_state("networkidle")
        others = [(method, url) for method, url, _ in failed if url != sub_path_url + missing]
        assert all(method == "HEAD" and url.endswith("/sitemap.xml") for method, url in others), others
        assert page.evaluate("document.baseURI") == sub_path_url
    # A link of the navigation leads to the lesson under the sub-path, styled.
    page.get_by_role("navigation", name="Navigation").get_by_role("link", name="Self-attention").first.click()
    expect(page).to_have_url(sub_path_url + "lessons/self-attention/")
    assert_styled_lesson(page)
    # No console error beyond the misses above (Chromium logs each failed load as one).
    assert all("404" in message for message in traffic.console_errors), traffic.console_errors


def assert_styled_lesson(page: Page) -> None:
    expect(page.locator("h1")).to_contain_text("Self-attention")
    colour = page.locator(HEADER).evaluate("element => getComputedStyle(element).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent"), colour


def test_404_search_works_under_a_sub_path(sub_path_page: tuple[Page, Any], sub_path_url: str) -> None:
    page, _ = sub_path_page
    page.goto(sub_path_url + "lessons/no-such-lesson/")
    page.get_by_role("textbox", name="Search").click()
    page.keyboard.type("softmax")
    result = page.locator(f"{SEARCH_RESULT} a").first
    expect(result).to_be_visible()
    href = result.get_attribute("href") or ""
    assert href.startswith(sub_path_url), href


class RootHandler(SubPathHandler):
    """The site at the root of its host, missing addresses answered with its 404.html."""

    prefix = "/"


@pytest.fixture(scope="module")
def root_url(built_site: Path) -> Iterator[str]:
    with serve(built_site, free_address(), RootHandler) as url:
        yield url


def test_404_at_the_root_of_a_host(browser: Any, root_url: str) -> None:
    context = browser.new_context()
    context.route("**/*", lambda route, request: route.continue_() if request.url.startswith(root_url) else route.abort())
    page = context.new_page()
    response = page.goto(root_url + "no/such/folder/")
    assert response is not None and response.status == 404
    assert_styled(page)
    assert page.evaluate("document.baseURI") == root_url
    context.close()
