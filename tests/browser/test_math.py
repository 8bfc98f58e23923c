"""The math as a reader meets it: drawn at once, read once by assistive technology, never a Tab stop, no math script."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from site_examples.browser import is_local
from tests.browser.test_accessibility import settled, site_pages

LESSON = "lessons/scaled-dot-product-attention/"


def _math_nodes(page: Page) -> int:
    """Nodes of role "math" in Chromium's accessibility tree (what a screen reader is given)."""
    session = page.context.new_cdp_session(page)
    tree = session.send("Accessibility.getFullAXTree")["nodes"]
    roles = {"math", "MathMLMath"}  # the ARIA name, and the one Chromium gives a <math> element
    return sum(1 for node in tree if not node.get("ignored") and node.get("role", {}).get("value") in roles)


def test_formulas_are_typeset_without_a_script_and_read_once(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(site_url + LESSON)
    formulas = page.locator(".md-content .katex")
    expect(formulas.first).to_be_visible()
    count = formulas.count()
    assert count >= 150
    assert page.evaluate("typeof window.MathJax === 'undefined' && typeof window.katex === 'undefined'")
    assert not [url for url in requests if "mathjax" in url.lower() or url.endswith(".js") and "katex" in url]
    # Each formula once in the accessibility tree: its MathML; the drawing beside it is hidden from it.
    # (Formulas in the quizzes' explanations are hidden until the reader checks an answer.)
    shown = page.evaluate("[...document.querySelectorAll('.md-content .katex')].filter((el) => el.checkVisibility()).length")
    assert shown >= 100
    assert _math_nodes(page) == shown
    # No formula is a Tab stop: tabbing through the whole page never lands inside one.
    in_math = page.evaluate(
        """() => {
          const focusable = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
            .filter((el) => el.tabIndex >= 0);
          return focusable.filter((el) => el.closest('.katex')).length;
        }"""
    )
    assert in_math == 0


def test_formulas_come_typeset_through_instant_navigation(page: Page, site_url: str) -> None:
    """Material swaps page content without a reload: the next page's formulas arrive typeset too, styled by KaTeX."""
    page.goto(site_url)
    page.get_by_role("link", name="Query, key, value", exact=True).first.click()
    expect(page).to_have_url(site_url + "lessons/query-key-value/")
    display = page.locator(".md-content .katex-display").first
    expect(display).to_be_visible()
    # KaTeX's style sheet applies (its fonts, its hidden MathML): the drawing is one line of a sensible height.
    box = display.bounding_box()
    assert box is not None and 20 < box["height"] < 120
    hidden = page.locator(".md-content .katex-mathml").first.evaluate("el => getComputedStyle(el).clipPath")
    assert hidden == "inset(50%)"
    # And the formulas past its first screen are drawn once it is idle, as on a first load.
    expect(page.locator(".md-content .katex-html > template")).to_have_count(0)
    assert page.locator(".md-content .katex-html:empty").count() == 0


# For each formula of the page: [whether its box meets the window, whether its drawing is there, whether it waits].
FORMULAS = """() => [...document.querySelectorAll('.md-content .katex')].map((katex) => {
  const box = katex.getBoundingClientRect();
  const drawing = katex.querySelector(':scope > .katex-html');
  const waits = Boolean(drawing.querySelector(':scope > template'));
  return [box.bottom > 0 && box.top < window.innerHeight, !waits && drawing.childElementCount > 0, waits];
})"""


@pytest.mark.parametrize("width, height", [(1350, 940), (390, 844)])
def test_the_first_screens_formulas_come_drawn_and_without_scripts_the_rest_show_their_mathml(
    browser: Browser, site_url: str, built_site: Path, width: int, height: int
) -> None:
    """The formulas a reader sees first never wait for a script, on any page; with scripts off, the others show as MathML."""
    context = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=False)
    context.route("**/*", lambda route, request: route.continue_() if is_local(request.url, site_url.rstrip("/")) else route.abort())
    page = context.new_page()
    waiting_first: dict[str, int] = {}
    pages_with_math = 0
    for path in site_pages(built_site):
        page.goto(site_url + path)
        formulas = page.evaluate(FORMULAS)
        pages_with_math += bool(formulas)
        if undrawn := sum(1 for seen, drawn, _ in formulas if seen and not drawn):
            waiting_first[f"/{path}"] = undrawn
    assert pages_with_math >= 15
    assert not waiting_first, f"formulas on the first screen not drawn as served: {waiting_first}"
    page.goto(site_url + LESSON)
    formulas = page.evaluate(FORMULAS)
    assert sum(waits for _, _, waits in formulas) >= 100  # most of this lesson's 168 are past the first screen
    later = page.locator(".md-content .katex:has(> .katex-html > template)").last
    later.scroll_into_view_if_needed()
    assert later.locator(".katex-html").evaluate("el => getComputedStyle(el).display") == "none"
    mathml = later.locator(".katex-mathml").bounding_box()
    assert mathml is not None and mathml["width"] > 5 and mathml["height"] > 5  # drawn by the browser instead
    context.close()


# requestIdleCallback that never calls back: only a formula's nearness to the window, or printing, draws it.
NEVER_IDLE = "window.requestIdleCallback = () => 0;"


def test_a_waiting_formula_is_drawn_as_it_nears_the_window_and_all_before_printing(page: Page, site_url: str) -> None:
    page.add_init_script(NEVER_IDLE)
    page.goto(site_url + LESSON)
    page.wait_for_load_state("networkidle")
    waiting = ".md-content .katex:has(> .katex-html > template)"
    before = page.locator(waiting).count()
    assert before >= 100
    last = page.locator(".md-content .katex").last
    assert last.locator(".katex-html > template").count() == 1
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(last.locator(".katex-html > template")).to_have_count(0)  # drawn: it came near the window
    assert last.locator(".katex-html > *").count() > 0
    assert 0 < page.locator(waiting).count() < before  # those far from the window still wait
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    expect(page.locator(waiting)).to_have_count(0)


def test_every_formula_is_drawn_once_the_page_is_idle(page: Page, site_url: str) -> None:
    page.goto(site_url + LESSON)
    settled(page)  # waits until no drawing waits
    formulas = page.evaluate(FORMULAS)
    assert len(formulas) >= 150 and all(drawn for _, drawn, _ in formulas)
