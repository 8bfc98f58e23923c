"""The math as a reader meets it: drawn at once, read once by assistive technology, never a Tab stop, no math script."""

from __future__ import annotations

from playwright.sync_api import Page, expect

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
