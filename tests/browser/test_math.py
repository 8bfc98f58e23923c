"""The math as a reader meets it: drawn at once, read once by assistive technology, never a Tab stop, no math script.

Also the code blocks' colours, which past a page's first screen wait for the same script (``later.js``) as the formulas' drawings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from site_examples.browser import is_local
from site_examples.material_adapter import CONTENT, SEARCH_MARK
from tests.browser.formula_checks import KATEX_FONTS_DRAWN
from tests.browser.test_accessibility import settled, site_pages

LESSON = "lessons/scaled-dot-product-attention/"


def _math_nodes(page: Page) -> int:
    """Nodes of role "math" in Chromium's accessibility tree (what a screen reader is given)."""
    session = page.context.new_cdp_session(page)
    tree = session.send("Accessibility.getFullAXTree")["nodes"]
    roles = {"math", "MathMLMath"}  # the ARIA name, and the one Chromium gives a <math> element
    return sum(1 for node in tree if not node.get("ignored") and node.get("role", {}).get("value") in roles)


def _math_texts(page: Page) -> list[str]:
    """For each <math> in Chromium's accessibility tree, the text it gives a screen reader, in order."""
    session = page.context.new_cdp_session(page)
    tree = session.send("Accessibility.getFullAXTree")["nodes"]
    by_id = {node["nodeId"]: node for node in tree}

    def text(node: dict) -> str:
        if node.get("ignored"):
            return ""
        if node.get("role", {}).get("value") == "StaticText":
            return node.get("name", {}).get("value", "")
        return "".join(text(by_id[child]) for child in node.get("childIds", []) if child in by_id)

    return [text(node) for node in tree if not node.get("ignored") and node.get("role", {}).get("value") == "MathMLMath"]


# For each shown formula, the text of its MathML as written, without the TeX in its <annotation>.
# The page's formulas (KaTeX's), in its text.
FORMULA = f"{CONTENT} .katex"
MATHML_TEXTS = f"""() => [...document.querySelectorAll('{FORMULA}')].filter((el) => el.checkVisibility()).map((katex) => {{
  const math = katex.querySelector(':scope > .katex-mathml math');
  const walker = document.createTreeWalker(math, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {{
    if (!node.parentElement.closest('annotation')) text += node.data;
  }}
  return text;
}})"""


def test_formulas_are_typeset_without_a_script_and_read_once(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(site_url + LESSON)
    formulas = page.locator(FORMULA)
    expect(formulas.first).to_be_visible()
    count = formulas.count()
    assert count >= 150
    assert page.evaluate("typeof window.MathJax === 'undefined' && typeof window.katex === 'undefined'")
    assert not [url for url in requests if "mathjax" in url.lower() or url.endswith(".js") and "katex" in url]
    # Each formula once in the accessibility tree: its MathML; the drawing beside it is hidden from it.
    # (Formulas in the quizzes' explanations are hidden until the reader checks an answer.)
    shown = page.locator(FORMULA).evaluate_all("(all) => all.filter((el) => el.checkVisibility()).length")
    assert shown >= 100
    assert _math_nodes(page) == shown
    # What a screen reader is given of each formula is its MathML as written: the source's letters ("Q", which
    # MathML's own layout gave as the italic code point U+1D444, read by some screen readers as "mathematical
    # italic capital Q"), never the TeX of its <annotation> (extra.css lays the MathML out as plain text).
    written = page.evaluate(MATHML_TEXTS)
    read = ["".join(text.split()) for text in _math_texts(page)]  # spacing aside
    assert sorted(read) == sorted("".join(text.split()) for text in written)
    assert not [text for text in read if any(0x1D400 <= ord(char) <= 0x1D7FF for char in text)]
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
    display = page.locator(f"{CONTENT} .katex-display").first
    expect(display).to_be_visible()
    # KaTeX's style sheet applies (its fonts, its hidden MathML): the drawing is one line of a sensible height.
    box = display.bounding_box()
    assert box is not None and 20 < box["height"] < 120
    hidden = page.locator(f"{CONTENT} .katex-mathml").first.evaluate("el => getComputedStyle(el).clipPath")
    assert hidden == "inset(50%)"
    # And the formulas past its first screen are drawn once it is idle, as on a first load.
    expect(page.locator(f"{CONTENT} .katex-html > template")).to_have_count(0)
    assert page.locator(f"{CONTENT} .katex-html:empty").count() == 0


# For each formula of the page: [whether its box meets the window, whether its drawing is there, whether it waits].
FORMULAS = f"""() => [...document.querySelectorAll('{FORMULA}')].map((katex) => {{
  const box = katex.getBoundingClientRect();
  const drawing = katex.querySelector(':scope > .katex-html');
  const waits = Boolean(drawing.querySelector(':scope > template'));
  return [box.bottom > 0 && box.top < window.innerHeight, !waits && drawing.childElementCount > 0, waits];
}})"""


# For each code block of the page: [whether its box meets the window, whether it is coloured, whether it waits, its code].
CODE_BLOCKS = f"""() => [...document.querySelectorAll('{CONTENT} div.highlight[class*="language-"] pre > code')].map((code) => {{
  const box = code.getBoundingClientRect();
  const waits = Boolean(code.querySelector(':scope > template[data-later]'));
  return [box.bottom > 0 && box.top < window.innerHeight, !waits && code.querySelector('span') !== null, waits, code.textContent];
}})"""


@pytest.mark.parametrize("width, height", [(1350, 940), (390, 844)])
def test_the_first_screens_formulas_come_drawn_and_without_scripts_the_rest_show_their_mathml(
    browser: Browser, site_url: str, built_site: Path, width: int, height: int
) -> None:
    """The formulas a reader sees first never wait for a script, on any page; with scripts off, the others show as MathML.

    So do the code blocks' colours; and the fonts a lesson preloads at once are exactly those its formulas drawn as served use.
    """
    context = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=False)
    context.route("**/*", lambda route, request: route.continue_() if is_local(request.url, site_url.rstrip("/")) else route.abort())
    page = context.new_page()
    waiting_first: dict[str, int] = {}
    uncoloured_first: dict[str, int] = {}
    fonts_differ: dict[str, tuple[list[str], list[str]]] = {}
    pages_with_math = blocks_waiting = 0
    for path in site_pages(built_site):
        page.goto(site_url + path)
        formulas = page.evaluate(FORMULAS)
        pages_with_math += bool(formulas)
        if undrawn := sum(1 for seen, drawn, _ in formulas if seen and not drawn):
            waiting_first[f"/{path}"] = undrawn
        # The fonts preloaded at once are those the formulas drawn as served need (the others wait for later.js).
        if path.startswith("lessons/"):
            drawn = page.evaluate(f"document.fonts.ready.then({KATEX_FONTS_DRAWN})")
            hrefs = page.locator("head > link[rel=preload][as=font]").evaluate_all("(links) => links.map((l) => l.href)")
            preloaded = sorted(href.rsplit("/", 1)[1] for href in hrefs)
            if drawn != preloaded:
                fonts_differ[f"/{path}"] = (drawn, preloaded)
        blocks = page.evaluate(CODE_BLOCKS)
        if uncoloured := sum(1 for seen, _, waits, _ in blocks if seen and waits):
            uncoloured_first[f"/{path}"] = uncoloured
        # A block that waits for its colours shows its code meanwhile, the same text it will have coloured.
        for _, _, waits, text in blocks:
            blocks_waiting += waits
            assert not waits or text.strip(), f"/{path}: a waiting code block shows no code"
    assert pages_with_math >= 15 and blocks_waiting >= 100
    assert not waiting_first, f"formulas on the first screen not drawn as served: {waiting_first}"
    assert not uncoloured_first, f"code blocks on the first screen not coloured as served: {uncoloured_first}"
    assert not fonts_differ, f"fonts drawn with as served, and preloaded at once: {fonts_differ}"
    page.goto(site_url + LESSON)
    formulas = page.evaluate(FORMULAS)
    assert sum(waits for _, _, waits in formulas) >= 100  # most of this lesson's 168 are past the first screen
    later = page.locator(f"{FORMULA}:has(> .katex-html > template)").last
    later.scroll_into_view_if_needed()
    assert later.locator(".katex-html").evaluate("el => getComputedStyle(el).display") == "none"
    mathml = later.locator(".katex-mathml").bounding_box()
    assert mathml is not None and mathml["width"] > 5 and mathml["height"] > 5  # drawn by the browser instead
    context.close()


# requestIdleCallback that never calls back: only a formula's nearness to the window, or printing, draws it.
NEVER_IDLE = "window.requestIdleCallback = () => 0;"


def test_a_waiting_formula_or_code_block_is_drawn_as_it_nears_the_window_and_all_before_printing(page: Page, site_url: str) -> None:
    page.add_init_script(NEVER_IDLE)
    page.goto(site_url + LESSON)
    page.wait_for_load_state("networkidle")
    waiting = f"{FORMULA}:has(> .katex-html > template)"
    waiting_code = f"{CONTENT} .highlight code:has(> template)"
    before, before_code = page.locator(waiting).count(), page.locator(waiting_code).count()
    assert before >= 100 and before_code >= 10
    last = page.locator(FORMULA).last
    last_code = page.locator(f"{CONTENT} .highlight code:visible").last  # not one in a closed solution
    assert last.locator(".katex-html > template").count() == 1
    assert last_code.locator("> template").count() == 1 and last_code.locator("span").count() == 0
    text = last_code.inner_text()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(last.locator(".katex-html > template")).to_have_count(0)  # drawn: it came near the window
    assert last.locator(".katex-html > *").count() > 0
    last_code.scroll_into_view_if_needed()
    expect(last_code.locator("> template")).to_have_count(0)  # coloured, the same code
    assert last_code.locator("span").count() > 0 and last_code.inner_text() == text
    # Pygments' colours, as on the first screen's blocks: a keyword is not the text's colour.
    keyword = page.locator(f"{CONTENT} .highlight code span.kn").last.evaluate("el => getComputedStyle(el).color")
    assert keyword != last_code.evaluate("el => getComputedStyle(el).color")
    assert 0 < page.locator(waiting).count() < before  # those far from the window still wait
    assert 0 < page.locator(waiting_code).count() < before_code
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    expect(page.locator(waiting)).to_have_count(0)
    expect(page.locator(waiting_code)).to_have_count(0)


def test_every_formula_and_code_block_is_drawn_once_the_page_is_idle(page: Page, site_url: str) -> None:
    page.goto(site_url + LESSON)
    settled(page)  # waits until no drawing waits
    formulas = page.evaluate(FORMULAS)
    assert len(formulas) >= 150 and all(drawn for _, drawn, _ in formulas)
    blocks = page.evaluate(CODE_BLOCKS)
    assert not any(waits for _, _, waits, _ in blocks)
    assert len(blocks) >= 19 and sum(coloured for _, coloured, _, _ in blocks) >= 19  # the lesson's blocks, their outputs in the runner's panels


def test_code_where_search_marked_the_words_keeps_them(page: Page, site_url: str) -> None:
    """Arriving from a search result, the words found are marked in the code too, and stay marked once the page is idle."""
    page.goto(site_url + LESSON + "?h=softmax")
    settled(page)
    marked = page.locator(f"{CONTENT} .highlight code:has({SEARCH_MARK})")
    assert marked.count() >= 3
    expect(page.locator(f"{CONTENT} template[data-later]")).to_have_count(0)
    # The last of them lies far past the first screen: it waited, and kept its marks instead of its colours.
    assert (marked.last.locator("mark").first.text_content() or "").lower() == "softmax"


# Each displayed formula's box on the page, in document order: whether its drawing still waits, and its height.
DISPLAYED = f"""() => [...document.querySelectorAll('{CONTENT} div.arithmatex')].map((el) =>
  [el.querySelector('template') !== null, el.getBoundingClientRect().height])"""


# Each inline formula of the text: whether its drawing waits, and where its box lies: its left, its top from the top of
# the block it is in (the line it is on: what else on the page changes height as it loads does not count), its size.
# The formulas are those of the first look, kept on the window: a component may add formulas of its own as it mounts.
INLINE = f"""() => {{
  window.inlineFormulas ??= [...document.querySelectorAll('{CONTENT} span.arithmatex')].filter((el) => el.checkVisibility());
  return window.inlineFormulas.map((el) => {{
    const box = el.getBoundingClientRect();
    const block = el.parentElement.closest('p, li, td, th, dt, dd, figcaption, h1, h2, h3, h4, summary, label, div').getBoundingClientRect();
    return [el.querySelector('template') !== null, box.left, box.top - block.top, box.width, box.height];
  }});
}}"""


@pytest.mark.parametrize("width", [1350, 390])
def test_a_waiting_formula_takes_its_place_before_it_is_drawn(open_page, site_url: str, width: int) -> None:
    """Drawing a waiting formula moves nothing, at desktop and phone widths, before the later formulas' fonts have
    come and after.

    A displayed one: the build reserves its height from KaTeX's struts (postbuild/katex.py: reserved), so its box,
    as Chromium lays it out, is as tall before its drawing is in as after (a displayed formula never wraps: it
    scrolls sideways). An inline one: the build serves it as the boxes KaTeX draws it with, each as wide as it draws
    and holding only its strut (postbuild/katex.py: inline), so drawing it rewraps nothing: every inline formula of a
    long lesson, waiting ones included, lies where it lies once all are drawn (on the same line of its paragraph, as
    far along, as wide and as tall, to a pixel)."""
    page = open_page(viewport={"width": width, "height": 900}, color_scheme="light")
    page.add_init_script(NEVER_IDLE)
    page.goto(site_url + LESSON)
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => true)")
    displayed, inline = page.evaluate(DISPLAYED), page.evaluate(INLINE)
    assert sum(waits for waits, _ in displayed) >= 5  # displayed formulas past the first screen, not drawn yet
    assert sum(waits for waits, *_ in inline) >= 80  # most of this lesson's inline formulas wait
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # later.js draws every one
    expect(page.locator(f"{CONTENT} .katex-html > template")).to_have_count(0)
    page.evaluate("document.fonts.ready.then(() => true)")
    taller = [
        (index, b, a)
        for index, ((waited, b), (_, a)) in enumerate(zip(displayed, page.evaluate(DISPLAYED), strict=True))
        if waited and abs(a - b) > 0.5
    ]
    assert not taller, f"displayed formulas whose height changed as drawn (index, waiting, drawn): {taller}"
    moved = [
        (index, [round(v) for v in b[1:]], [round(v) for v in a[1:]])
        for index, (b, a) in enumerate(zip(inline, page.evaluate(INLINE), strict=True))
        if any(abs(x - y) > 1 for x, y in zip(b[1:], a[1:], strict=True))
    ]
    assert not moved, f"inline formulas that moved as drawn (index, waiting, drawn: left, top in its block, width, height): {moved}"
