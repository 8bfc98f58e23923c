"""Every page passes axe (WCAG 2.0, 2.1 and 2.2, levels A and AA) in both colour schemes, and in the states a reader reaches.

axe-core is a test tool (``devDependencies`` in package.json, from
``node_modules``; the site never ships it): each check injects it into the
page and runs it over the whole document with the six WCAG tags, plus three
of axe's best-practice rules the course was found to break (a name for
Material's search dialog, heading order, table headers with text). No rule is
turned off. The contexts bypass the site's Content-Security-Policy only
because axe is injected as an inline script; ``test_csp.py`` checks the site
under its policy.

The schemes are the reader's system preference (Material follows it until the
reader picks one, and follows a change of it at once); each check first
confirms that the scheme applies. Every page and state is checked in the light
scheme with every rule, then, after the preference turns dark, with the rules
that read colours (``COLOUR_RULES``): the dark scheme is the same document under
other colours (Material sets one attribute on ``body``; the course's scripts
redraw their colours), so no other rule can find something the light pass did
not. The page is then loaded, and the other rules run, once instead of twice.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from site_examples.material_adapter import (
    CONTENT,
    COPY_BUTTON,
    DARK_SCHEME,
    LIGHT_SCHEME,
    NAVIGATION,
    SCHEME_ATTRIBUTE,
    SCHEME_OPTION,
    SEARCH_RESULT,
    SEARCH_RESULT_COUNT,
    SEARCH_RESULTS_PANEL,
)
from tests.browser.formula_checks import width_problems
from tests.browser.test_runner import _run

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCHEMES = {"light": LIGHT_SCHEME, "dark": DARK_SCHEME}
# resultTypes: axe details only the violations, which is all a check reads (measured: 15 % less time a page).
OPTIONS = """{
  runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']},
  resultTypes: ['violations'],
  rules: {'aria-dialog-name': {enabled: true}, 'heading-order': {enabled: true}, 'empty-table-header': {enabled: true},
          'target-size': {enabled: true}}
}"""


# A formula's drawing or a code block's colours, still waiting for later.js (postbuild/katex.py, code_later.py).
WAITING = "template[data-later]"
# The fonts loaded, then two frames drawn.
NEXT_FRAMES = """document.fonts.ready
  .then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))"""
# Every transition and animation that ends (Material fades its search results in), ended.
FINISHED = """Promise.all(document.getAnimations()
  .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
  .map((animation) => animation.finished.catch(() => null)))"""


def site_pages(built_site: Path) -> list[str]:
    """Every page of the built site, as paths under its address (from its sitemap, so a new page is never missed)."""
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    return [re.sub(r"^https?://[^/]+/", "", loc) for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap)]


# What later.js does before the page is printed: draw everything still waiting, at once.
DRAW_ALL = "() => window.dispatchEvent(new Event('beforeprint'))"


def settled(page: Page, *, at_once: bool = False) -> None:
    """Wait until the page has loaded what it loads by itself and drawn it (scripts react in the next frames).

    Drawn includes every formula and code block past the first screen, which ``later.js`` draws a few at a time
    while the page is idle: seconds on a long lesson on a busy machine. With ``at_once``, it draws them all at once
    instead, as it does before the page is printed, which leaves the page as the idle drawing does: for the checks
    of the drawn page (axe, widths, styles); the tests of the idle drawing itself leave it to its pace.
    """
    page.wait_for_load_state("networkidle")
    if page.locator("[data-viz]").count():
        expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")
    if at_once:
        page.evaluate(DRAW_ALL)
    page.wait_for_function(f"() => !document.querySelector({WAITING!r})")
    page.evaluate(NEXT_FRAMES)


# The rules whose findings depend on the colours (all of axe's that read them, among the tags above).
COLOUR_RULES = ("color-contrast", "link-in-text-block")
COLOUR_OPTIONS = f"""{{runOnly: {{type: 'rule', values: {list(COLOUR_RULES)!r}}}, resultTypes: ['violations']}}"""


def axe(page: Page, options: str = OPTIONS, within: str | None = None) -> list[str]:
    """axe's violations on the page as it is now: one line per element (rule, impact, where), then a summary.

    ``within``, a CSS selector, checks only the elements it matches and what they hold: a component in a state
    the reader put it in, the rest of the page being the page every test of ``test_every_page_passes_axe``
    checks as it loads (axe over a whole long lesson costs seconds of CPU; over one component, a fraction).
    """
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    page.evaluate(FINISHED)  # colours are measured as they end up, not halfway through a fade
    if within is not None:
        assert page.locator(within).count(), f"axe: nothing on the page matches {within!r}"
    context = "document" if within is None else f"{{include: [{within!r}]}}"
    violations = page.evaluate(f"axe.run({context}, {options}).then((result) => result.violations)")
    lines = [
        f"  {rule['id']} ({rule['impact']}): {' '.join(node['target'])}"
        + (f" | {node['failureSummary'].splitlines()[1].strip()}" if node.get("failureSummary") else "")
        for rule in violations
        for node in rule["nodes"]
    ]
    if lines:
        counts = ", ".join(f"{rule['id']} {len(rule['nodes'])}" for rule in violations)
        lines.append(f"  = {len(lines)} elements: {counts}")
    return lines


def scheme_page(open_page, scheme: str, *, visited: bool = False) -> Page:
    """A page in ``scheme``; ``visited``: with Python's memory snapshot stored, as after a first visit (``return_visit``).

    axe is injected as an inline script, which the site's policy refuses (see the module's docstring).
    """
    return open_page(color_scheme=scheme, bypass_csp=True, visited=visited)


def expect_scheme(page: Page, scheme: str) -> None:
    expect(page.locator("body")).to_have_attribute(SCHEME_ATTRIBUTE, SCHEMES[scheme])


def axe_in_both_schemes(page: Page, where: str, found: dict[str, list[str]], within: str | None = None) -> None:
    """The page as it is now in the light scheme with every rule, then in the dark one with the colour rules.

    The reader's preference turns dark and back to light (Material follows it); what axe finds is added to
    ``found`` under ``where`` and the scheme. ``within``: only that component (see :func:`axe`).
    """
    expect_scheme(page, "light")
    if lines := axe(page, within=within):
        found[f"{where} (light)"] = lines
    page.emulate_media(color_scheme="dark")
    expect_scheme(page, "dark")
    if lines := axe(page, COLOUR_OPTIONS, within):
        found[f"{where} (dark)"] = lines
    page.emulate_media(color_scheme="light")
    expect_scheme(page, "light")


def report(found: dict[str, list[str]]) -> str:
    return "axe found violations:\n" + "\n".join(f"{where}\n" + "\n".join(lines) for where, lines in found.items())


def shard(pages: list[str], part: int, parts: int) -> list[str]:
    """Every ``parts``-th page from the ``part``-th: the pages split over several tests, which run side by side."""
    return pages[part::parts]


# The pages in four tests (a failure names fewer pages; a run on several cores could spread them).
AXE_PARTS = 4


@pytest.mark.long
@pytest.mark.parametrize("part", range(AXE_PARTS))
def test_every_page_passes_axe(open_page, site_url: str, built_site: Path, part: int) -> None:
    """Every page passes axe in both schemes. As the walk passes, it checks each page's inline formulas too
    (tests/browser/formula_checks.py): each box of a drawing has the width Chromium lays it out to."""
    pages = site_pages(built_site)
    assert len(pages) >= 15 and "lab/" in pages and "examples/why-scale/" in pages
    assert not [path for path in built_site.rglob("*") if "axe" in path.name.lower()], "axe-core is a test tool"
    page = scheme_page(open_page, "light")
    found: dict[str, list[str]] = {}
    widths: dict[str, list[str]] = {}
    boxes = 0
    for path in shard(pages, part, AXE_PARTS):
        page.goto(site_url + path)
        settled(page, at_once=True)
        shown, problems = width_problems(page)
        boxes += shown
        if problems:
            widths[f"/{path}"] = problems
        axe_in_both_schemes(page, f"/{path}", found)
    assert boxes >= 300  # a quarter of the site's, each part holding a few lessons
    assert not widths, f"inline formulas' boxes whose width is missing or off Chromium's: {widths}"
    assert not found, report(found)


def test_the_colour_rules_find_what_the_dark_scheme_gets_wrong(open_page, site_url: str) -> None:
    """The dark pass can fail: a heading drawn nearly in the dark background's colour is found there, and only there."""
    page = scheme_page(open_page, "light")
    page.goto(site_url + "glossary/")
    settled(page, at_once=True)
    page.add_style_tag(content=f'[{SCHEME_ATTRIBUTE}="{DARK_SCHEME}"] {CONTENT} h1 {{ color: #3a3d4a }}')
    found: dict[str, list[str]] = {}
    axe_in_both_schemes(page, "/glossary/", found)
    assert list(found) == ["/glossary/ (dark)"]
    assert all(line.startswith("  color-contrast (serious): ") for line in found["/glossary/ (dark)"][:-1])


def test_axe_within_a_component_checks_that_component_and_only_it(open_page, site_url: str) -> None:
    """A faint heading in the article is found by a check within the article, and not by one within the sidebar."""
    page = scheme_page(open_page, "light")
    page.goto(site_url + "glossary/")
    settled(page, at_once=True)
    page.add_style_tag(content=f"{CONTENT} h1 {{ color: #f2f2f2 }}")
    assert axe(page, COLOUR_OPTIONS, within=NAVIGATION) == []
    inside = axe(page, COLOUR_OPTIONS, within=CONTENT)
    assert inside and all(line.startswith("  color-contrast (serious): ") for line in inside[:-1]), inside


@pytest.mark.long
def test_pages_pass_axe_as_the_reader_uses_them(open_page, site_url: str) -> None:
    """After Python has loaded and run a block, in the lab's trained model, with a quiz graded, with search open."""
    page = scheme_page(open_page, "light", visited=True)
    found: dict[str, list[str]] = {}

    def check(where: str) -> None:
        axe_in_both_schemes(page, where, found)

    page.goto(site_url + "lessons/self-attention/")
    settled(page, at_once=True)
    _run(page, 1)  # Python loads (in a worker) and the block's output is drawn
    check("/lessons/self-attention/, block 1 run")

    page.goto(site_url + "lab/?" + urlencode({"model": "minilm", "s": "The cat sat on the mat because it was tired"}))
    settled(page, at_once=True)
    expect(page.locator("[data-viz]")).to_have_attribute("data-model", "minilm")
    page.locator("[data-viz] [data-token][data-index='3']").click()
    check("/lab/, the trained model, a query chosen")

    page.goto(site_url + "lessons/why-attention/")
    settled(page, at_once=True)
    question = page.locator(".quiz-question").first
    question.locator("input[type=radio]").first.check()
    question.locator("button[data-action=check]").click()
    expect(question.locator(".quiz-feedback")).to_have_attribute("data-result", re.compile("correct|incorrect"))
    check("/lessons/why-attention/, a quiz question checked")

    page.keyboard.press("/")  # Material's shortcut: the search opens
    page.keyboard.type("softmax")
    expect(page.locator(SEARCH_RESULT).first).to_be_visible()
    check("/lessons/why-attention/, search results")
    assert not found, report(found)


def test_the_search_panel_is_no_tab_stop_while_closed(page: Page, site_url: str) -> None:
    """Material folds its closed results panel to zero height; what is hidden is never focused."""
    page.goto(site_url)
    settled(page)
    invisible = []
    for _ in range(12):  # through the header and the navigation
        page.keyboard.press("Tab")
        focused = page.evaluate(
            """(option) => {
              const el = document.activeElement;
              // Material's colour scheme toggle: hidden radio buttons, drawn as the one button of their form.
              const drawn = el.matches(option) ? el.closest('form') : el;
              const box = drawn.getBoundingClientRect();
              const shown = box.width > 0 && box.height > 0 && drawn.checkVisibility({visibilityProperty: true});
              return {name: el.className || el.tagName, shown};
            }""",
            SCHEME_OPTION,
        )
        if not focused["shown"]:
            invisible.append(focused["name"])
    assert invisible == []
    # The Tabs went through the search box, which set Material's search up (search-worker.js). Pressing "/" while
    # Material was still setting its search up (the index loading) left, 1 time in 15 to 30 on a loaded
    # machine, the box focused with the results counted but the panel closed: Material's Tab out of the box had
    # closed it, and the "/" focus did not open it again. Waited for here (0 in 30 since).
    expect(page.locator(SEARCH_RESULT_COUNT)).not_to_have_text(re.compile("Initializing", re.IGNORECASE))
    page.keyboard.press("/")
    page.keyboard.type("softmax")
    expect(page.locator(SEARCH_RESULTS_PANEL)).to_be_visible()


SCROLL_STATE = """(els) => els.map((el) => [
  el.scrollWidth > el.clientWidth + 1, el.tabIndex, el.getAttribute('aria-label')])"""
# Every formula that scrolls is a Tab stop and no other (the script catches up a frame or two after a resize).
FORMULA_BOXES = f"{CONTENT} div.arithmatex"
CAUGHT_UP = f"""() => [...document.querySelectorAll('{FORMULA_BOXES}')]
  .every((el) => (el.scrollWidth > el.clientWidth + 1) === (el.tabIndex === 0))"""


def test_a_box_that_scrolls_sideways_is_a_named_tab_stop_only_while_it_scrolls(open_page, site_url: str) -> None:
    page = open_page(viewport={"width": 360, "height": 800})
    page.goto(site_url + "lessons/attention-at-scale/")
    settled(page)
    page.wait_for_function(CAUGHT_UP)
    formulas = page.locator(FORMULA_BOXES)
    narrow = formulas.evaluate_all(SCROLL_STATE)
    assert any(scrolls for scrolls, _, _ in narrow)
    for scrolls, tab, label in narrow:
        assert (tab, label) == ((0, "Formula, scrolls sideways") if scrolls else (-1, None))
    page.set_viewport_size({"width": 1600, "height": 900})
    page.wait_for_function(CAUGHT_UP)
    wide = formulas.evaluate_all(SCROLL_STATE)
    assert sum(scrolls for scrolls, _, _ in wide) < sum(scrolls for scrolls, _, _ in narrow)
    for scrolls, tab, label in wide:
        assert (tab, label) == ((0, "Formula, scrolls sideways") if scrolls else (-1, None))


# The lessons' code blocks (a Build-it exercise's starter is an editor's, its solution hidden until shown).
CODE = f"{CONTENT} pre > code:not([data-exercise] code)"
CODE_STATE = f"""() => [...document.querySelectorAll('{CODE}')].map((el) => ({{
  below: el.getBoundingClientRect().top > innerHeight,
  scrolls: el.scrollWidth > el.clientWidth + 1,
  tab: el.tabIndex,
  copy: el.parentElement.querySelector('{COPY_BUTTON}') !== null,
}}))"""


def test_a_code_block_that_scrolls_is_a_tab_stop_before_material_sets_it_up(open_page, site_url: str) -> None:
    """Material sets a code block up (copy button, its own Tab stop) only once it comes into view (``content.lazy``).

    A block further down that scrolls sideways is a Tab stop from the start (``a11y.js``), so that Tab never
    passes over it; a block that fits is none.
    """
    page = open_page(viewport={"width": 360, "height": 800})
    page.goto(site_url + "lessons/self-attention/")
    settled(page)
    page.wait_for_function(f"() => ({CODE_STATE})().every((block) => block.scrolls === (block.tab === 0))")
    blocks = page.evaluate(CODE_STATE)
    below = [block for block in blocks if block["below"]]
    assert len(blocks) >= 20 and len(below) == len(blocks)  # every block of this lesson starts below the first screen
    assert sum(block["scrolls"] for block in below) >= 10 and not all(block["scrolls"] for block in below)
    last = page.locator(CODE).last
    assert not blocks[-1]["copy"], "Material set up a block that was never in view: content.lazy is off"
    last.scroll_into_view_if_needed()
    expect(last.locator("xpath=..").locator(COPY_BUTTON)).to_have_count(1)
    assert page.evaluate(CODE_STATE)[-1]["tab"] == (0 if blocks[-1]["scrolls"] else -1)
