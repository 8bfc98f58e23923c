"""What a page does as it loads: its colours stay as built, no hidden figure is downloaded, nothing moves.

Costs found by tracing pages' loads (site_examples/benchmarks/lighthouse_scores.py measures
the pages): Material's script re-applied the colour palette with another accent than the page was
built with (mkdocs.yml's automatic entry had no colours of its own); both schemes' versions of
every figure were downloaded, one of them never shown (overrides/hooks/figures.py makes them lazy);
and a page that grew taller than the window as it loaded moved sideways when its scrollbar
appeared (docs/stylesheets/extra.css keeps the scrollbar's room from the start).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from site_examples.browser import CHROMIUM_ARGS, chromium, is_local
from site_examples.material_adapter import (
    ACCENT_ATTRIBUTE,
    BELOW_HEADER,
    COLOUR_ATTRIBUTES,
    CONTENT,
    CURRENT_SECTION,
    DARK_SCHEME,
    HEADER,
    LIGHT_SCHEME,
    MEDIA_ATTRIBUTE,
    SCHEME_ATTRIBUTE,
    SWITCHING_ATTRIBUTE,
    TABLE_BOX,
    nav_link_ending,
    scheme_choice,
)
from tests.browser.conftest import handled
from tests.browser.formula_checks import KATEX_FONTS_DRAWN
from tests.browser.test_accessibility import settled, site_pages

LESSON = "lessons/learning-to-attend/"

# Every change of a colour attribute of <body> (the palette's), from the start of the page's parsing.
WATCH_PALETTE = f"""
window.__paletteChanges = [];
new MutationObserver((records) => {{
  for (const r of records) {{
    if (r.target === document.body && r.attributeName.startsWith("{COLOUR_ATTRIBUTES}"))
      window.__paletteChanges.push([r.attributeName, r.oldValue, r.target.getAttribute(r.attributeName)]);
  }}
}}).observe(document, {{ subtree: true, attributes: true, attributeOldValue: true }});
"""


def test_materials_script_keeps_the_colours_the_page_was_built_with(open_page, site_url: str) -> None:
    page = open_page(color_scheme="light")
    page.add_init_script(WATCH_PALETTE)
    page.goto(site_url + LESSON)
    settled(page)
    changes = page.evaluate("window.__paletteChanges")
    changed = [(name, old, new) for name, old, new in changes if old != new]
    # Material's script did apply the palette, and only the attribute no stylesheet reads (the entry's media
    # query) is new. Nor did the page restyle itself whole for nothing: Material's "switching" mark, which
    # holds back colour transitions while colours change, is let through to nothing as the page starts.
    assert changed == [(MEDIA_ATTRIBUTE, None, "(prefers-color-scheme)")]
    assert page.locator("body").get_attribute(ACCENT_ATTRIBUTE) == "deep-orange"


# Every change of an address (href, src) of an element of <head>: which, and whether <body> had begun.
WATCH_HEAD_ADDRESSES = """
window.__headAddresses = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.parentNode === document.head && (r.attributeName === "href" || r.attributeName === "src"))
      window.__headAddresses.push([r.target.outerHTML.slice(0, 80), r.oldValue, Boolean(document.body)]);
  }
}).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ["href", "src"] });
"""


def test_the_heads_addresses_are_made_absolute_before_anything_is_styled(open_page, site_url: str) -> None:
    """Instant navigation makes every address absolute; done once the page was styled, it restyled the page whole."""
    page = open_page()
    page.add_init_script(WATCH_HEAD_ADDRESSES)
    page.goto(site_url + LESSON)
    settled(page)
    changes = page.evaluate("window.__headAddresses")
    sheets = [change for change in changes if 'rel="stylesheet"' in change[0]]
    assert len(sheets) == 4  # Material's two, KaTeX's and the site's own (one file), each made absolute
    assert all(not body_begun for _, _, body_begun in sheets), sheets
    for address in page.evaluate("[...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.getAttribute('href'))"):
        assert address.startswith(site_url), address


# Every change of the classes of <html>: the classes before and after, and whether the body had begun.
WATCH_ROOT_CLASSES = """
window.__rootClasses = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target !== document.documentElement) continue;
    const before = new Set((r.oldValue || "").split(/\\s+/).filter(Boolean));
    const after = new Set(document.documentElement.classList);
    if (before.size !== after.size || [...after].some((name) => !before.has(name)))
      window.__rootClasses.push([r.oldValue, document.documentElement.className, Boolean(document.body)]);
  }
}).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ["class"] });
"""


def test_the_root_classes_are_set_before_anything_is_styled(open_page, site_url: str, built_site: Path) -> None:
    """Material's bundle sets "js" for "no-js" and its focus-visible polyfill "js-focus-visible" on <html>: done as
    the bundle started, that restyled the whole page (Material's table:not([class]) rules); overrides/main.html sets
    both in the head. A reader without scripts keeps "no-js" (the served page)."""
    page = open_page()
    page.add_init_script(WATCH_ROOT_CLASSES)
    page.goto(site_url + LESSON)
    settled(page)
    changes = page.evaluate("window.__rootClasses")
    assert changes and all(not body_begun for _, _, body_begun in changes), changes
    assert set(page.evaluate("[...document.documentElement.classList]")) == {"js", "js-focus-visible"}
    assert '<html lang="en" class="no-js">' in (built_site / LESSON / "index.html").read_text(encoding="utf-8")


def test_switching_the_colours_is_materials_own_after_the_start(open_page, site_url: str) -> None:
    page = open_page(color_scheme="light")
    page.add_init_script(WATCH_PALETTE)
    page.goto(site_url + LESSON)
    settled(page)
    page.evaluate("window.__paletteChanges = []")
    page.locator(scheme_choice(1)).click()  # the system's scheme, then light, then dark
    page.locator(scheme_choice(2)).click()
    expect(page.locator("body")).to_have_attribute(SCHEME_ATTRIBUTE, DARK_SCHEME)
    changes = page.evaluate("window.__paletteChanges")
    # Material marks the switch (no colour transition plays) and takes the mark away once the colours are set.
    assert [SWITCHING_ATTRIBUTE, None, ""] in changes
    expect(page.locator("body")).not_to_have_attribute(SWITCHING_ATTRIBUTE, "")
    assert page.evaluate("getComputedStyle(document.body).colorScheme") == "dark"
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"  # the window's too
    page.locator(scheme_choice(0)).click()  # back to the system's, light here
    expect(page.locator("body")).to_have_attribute(SCHEME_ATTRIBUTE, LIGHT_SCHEME)
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"


# Every <meta name="color-scheme"> put into the page after it was served, and any change of one's content.
WATCH_COLOR_SCHEME_META = """
window.__schemeMetas = [];
new MutationObserver((records) => {
  for (const r of records) {
    for (const node of r.addedNodes)
      if (node.nodeName === "META" && node.getAttribute("name") === "color-scheme") window.__schemeMetas.push("added");
    if (r.type === "attributes" && r.target.nodeName === "META" && r.target.getAttribute("name") === "color-scheme")
      window.__schemeMetas.push("changed");
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["content", "name"] });
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_colour_scheme_meta_restyles_the_page_as_it_starts(open_page, site_url: str, scheme: str) -> None:
    """Material put an empty <meta name="color-scheme"> in the head and then set it: Chromium restyles the whole
    page at each change of such a meta (twice as every page started; measured in d93e5de).
    overrides/main.html keeps it out; the root's scheme (canvas, the window's scrollbars) follows the palette."""
    page = open_page(color_scheme=scheme)
    page.add_init_script(WATCH_COLOR_SCHEME_META)
    page.goto(site_url + LESSON)
    settled(page)
    assert page.evaluate("window.__schemeMetas") == []
    assert page.locator("meta[name=color-scheme]").count() == 0
    expected = {"light": "light", "dark": "dark"}[scheme]
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == expected
    assert page.evaluate("getComputedStyle(document.body).colorScheme") == expected
    page.evaluate("(link) => document.querySelector(link).click()", nav_link_ending("/why-attention/"))  # instant navigation
    expect(page).to_have_url(re.compile(r".*/why-attention/(#[^/]*)?$"))
    settled(page)
    assert page.evaluate("window.__schemeMetas") == []
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == expected


# Every element put into or taken out of the article itself (not deeper) once the page is parsed; registered
# before any of the page's scripts, so it watches from before Material's own start-up handlers run.
WATCH_ARTICLE = f"""
window.__articleChildren = [];
document.addEventListener("DOMContentLoaded", () => {{
  const article = document.querySelector("{CONTENT}");
  new MutationObserver((records) => {{
    for (const r of records) {{
      for (const [change, nodes] of [["added", r.addedNodes], ["removed", r.removedNodes]]) {{
        for (const node of nodes) {{
          if (node.nodeType === Node.ELEMENT_NODE) window.__articleChildren.push(`${{change}} ${{node.outerHTML.slice(0, 60)}}`);
        }}
      }}
    }}
  }}).observe(article, {{ childList: true }});
}}, {{ once: true }});
"""


@pytest.mark.parametrize(
    "path", ["", "lessons/self-attention/", "lessons/attention-at-scale/", "how-the-code-runs/", "lab/", "check-your-understanding/"]
)
def test_nothing_goes_into_the_article_itself_as_the_page_starts(open_page, site_url: str, path: str) -> None:
    """Scripts build inside boxes that the build gives them, never straight into the article, as a page starts.

    The user agent's MathML rules (``mmultiscripts > mprescripts ~ :nth-child(2n)``) and Material's rule for
    whatever follows a class-less table in its text have Chromium restyle every element of a container whose children
    change: in the article, the whole page (as Material wrapped the lesson's one table in its scrolling box;
    traced on "Self-attention" in 4f55d65 and dd07823). The build puts each table in a ``div.table-slot``
    (postbuild/table_slots.py), as it puts each runner block in a ``div.runner-slot``; the pages chosen
    have tables, runner blocks, the lab and quizzes.
    """
    page = open_page()
    page.add_init_script(WATCH_ARTICLE)
    page.goto(site_url + path)
    settled(page, at_once=True)
    if path in ("", "lessons/self-attention/"):
        # Material did wrap the page's tables, inside their slots
        expect(page.locator(f"{CONTENT} .table-slot > {TABLE_BOX} > table").first).to_be_attached()
    assert page.evaluate("window.__articleChildren") == []


def test_only_the_shown_figures_are_downloaded_as_the_reader_reaches_them(open_page, site_url: str) -> None:
    page = open_page(color_scheme="light")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(site_url + LESSON)
    settled(page)
    figures = [url for url in asked if "/images/generated/" in url]
    assert not [url for url in figures if "-dark.svg" in url]
    assert not [url for url in figures if "training-heads" in url]  # far below the first screen
    shown = page.locator("img[src*='training-heads-light.svg']")
    box = shown.bounding_box()  # its place is kept before it arrives: the SVG's own proportions
    assert box and abs(box["width"] / box["height"] - 762.643107 / 509.753789) < 0.01
    shown.scroll_into_view_if_needed()
    expect(shown).to_have_js_property("complete", True)
    assert shown.evaluate("img => img.naturalWidth") > 0
    page.wait_for_load_state("networkidle")
    figures = [url for url in asked if "/images/generated/" in url]
    assert [url for url in figures if "training-heads" in url] == [site_url + "images/generated/training-heads-light.svg"]
    assert not [url for url in figures if "-dark.svg" in url]


def test_the_page_keeps_its_width_whether_or_not_it_scrolls(playwright, site_url: str) -> None:
    # Playwright hides scrollbars by default; a reader's desktop browser shows them.
    browser = playwright.chromium.launch(
        executable_path=chromium(), args=list(CHROMIUM_ARGS), ignore_default_args=["--hide-scrollbars"]
    )
    foreign: list[str] = []

    def route(route, request) -> None:
        if is_local(request.url, site_url.rstrip("/")):
            route.continue_()
        else:
            foreign.append(request.url)
            route.abort()

    try:
        page = browser.new_page(viewport={"width": 1350, "height": 940}, service_workers="block")
        page.route("**/*", route)
        page.goto(site_url + LESSON)
        settled(page)
        tall = page.evaluate("document.documentElement.clientWidth")
        page.evaluate("(below) => { document.querySelector(below).style.display = 'none'; }", BELOW_HEADER)  # nothing left to scroll
        short = page.evaluate("document.documentElement.clientWidth")
        header_left = page.evaluate("(header) => document.querySelector(header).getBoundingClientRect().left", HEADER)
    finally:
        browser.close()
    assert tall < 1350  # the scrollbar is real here
    assert short == tall and header_left == 0
    assert foreign == []


@pytest.mark.long
@pytest.mark.parametrize("width, height", [(1350, 940), (390, 844)])
def test_lessons_preload_exactly_their_formulas_fonts(
    open_page, site_url: str, built_site: Path, width: int, height: int
) -> None:
    """Each lesson preloads exactly the KaTeX fonts it draws with (layout shift as lessons load, the reason: a
    figure of ``./dev.sh measure``, ``site_examples/benchmarks/page_figures.py``).

    KaTeX's fonts are invisible until they arrive and differently wide than the fallback the text is
    laid out with meanwhile (multi-head attention moved by 0.064 before they were preloaded): the
    fonts a lesson draws with as it loads are exactly the fonts it preloads, at once or once idle
    (those only its later formulas need), none late, none for nothing, and none downloaded twice.
    """
    lessons = [path for path in site_pages(built_site) if path.startswith("lessons/")]
    assert len(lessons) >= 11
    unpreloaded, unused, twice = {}, {}, {}
    for path in lessons:
        page = open_page(viewport={"width": width, "height": height}, color_scheme="light")
        page.goto(site_url + path)
        settled(page)
        # As served: the head's preloads, and the fonts its template lists for later.js to ask for once the page is idle.
        served = (built_site / path / "index.html").read_text(encoding="utf-8")
        head = served[: served.index("</head>")]
        preloaded = set(re.findall(r'<link rel="preload" href="[^"]*/([\w-]+\.woff2)" as="font"', head))
        fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.woff2'))")
        if len(fetched) != len(set(fetched)):
            twice[path] = sorted(name for name in set(fetched) if fetched.count(name) > 1)
        drawn = set(page.evaluate(KATEX_FONTS_DRAWN))
        assert "KaTeX_Main-Regular.woff2" in drawn, path  # every lesson has math
        if drawn - preloaded:
            unpreloaded[path] = sorted(drawn - preloaded)
        if preloaded - drawn:
            unused[path] = sorted(preloaded - drawn)
        page.context.close()
    assert not unpreloaded, f"fonts drawn with but not preloaded: {unpreloaded}"
    assert not unused, f"fonts preloaded and never drawn with: {unused}"
    assert not twice, f"fonts downloaded twice: {twice}"


# Scroll anchoring off, as in a browser that has none (Safari before 27): what changes above the window moves the page.
# (Set through the style properties, which the pages' policy allows where it refuses a style element.)
NO_SCROLL_ANCHORING = """document.addEventListener('DOMContentLoaded', () => {
  document.documentElement.style.overflowAnchor = 'none';
  document.body.style.overflowAnchor = 'none';
});"""


@pytest.mark.parametrize("anchoring", ["anchoring", "no anchoring"])
@pytest.mark.parametrize("width, height", [(1350, 940), (390, 844)])
def test_an_anchor_far_down_a_lesson_lands_on_its_heading_and_stays_there(
    open_page, site_url: str, width: int, height: int, anchoring: str
) -> None:
    """Above the heading, formulas' drawings wait in templates that later.js draws while the page is idle, and
    Material swaps the page in again for the fragment, undrawn. Each waiting formula takes its drawing's place from the
    start (postbuild/katex.py: reserved, inline), so nothing above the heading changes height as it is drawn: the
    heading stays where the reader lands, with the browser's scroll anchoring or without it, and no script holds the
    scroll (measured before: +601 px at 1350 and +795 px at 390 without anchoring, +120 and +171 px from the inline
    formulas alone). (The runner's blocks and the exercises come with the page as they will be mounted:
    postbuild/runner_slots.py.) The table of contents marks the heading's section, and the reader's own scroll, or a
    script's, stands."""
    page = open_page(viewport={"width": width, "height": height}, color_scheme="light")
    if anchoring == "no anchoring":
        page.add_init_script(NO_SCROLL_ANCHORING)
    page.goto(site_url + LESSON)
    headings = page.locator(f"{CONTENT} > h2[id]").evaluate_all("(all) => all.map((h) => h.id)")
    assert len(headings) >= 6
    target = headings[len(headings) * 2 // 3]
    page.goto(site_url + LESSON + "#" + target)
    settled(page)
    handled(page)  # what the page still does as it settles (later.js's drawing, Material's swap for the fragment)
    header = page.evaluate("(header) => document.querySelector(header).getBoundingClientRect().bottom", HEADER)
    top = page.evaluate(f"document.getElementById({target!r}).getBoundingClientRect().top")
    assert header <= top <= header + 60, f"#{target} at {top:.0f} px, under a header ending at {header:.0f} px"
    landed = page.evaluate("scrollY")
    assert landed > 3 * height  # far down: much above it was drawn after the jump
    if width >= 1220:  # the table of contents is beside the page
        active = page.locator(CURRENT_SECTION)
        expect(active).to_have_attribute("href", re.compile("#" + re.escape(target) + "$"))
    page.mouse.move(width // 2, height // 2)
    page.mouse.wheel(0, -400)
    page.wait_for_function(f"() => scrollY <= {landed - 300}")
    handled(page)  # a script that undid the reader's scroll would have done so by now
    assert page.evaluate("scrollY") <= landed - 300
    # A scroll that no input announced (a script, assistive technology), right after landing on another section,
    # while the page may still be drawing: it stands too.
    other = headings[len(headings) // 3]
    page.evaluate(f"location.hash = {other!r}")
    page.wait_for_function(f"() => Math.abs(document.getElementById({other!r}).getBoundingClientRect().top - {top}) < 3")
    there = page.evaluate("scrollY")
    page.evaluate("scrollBy(0, -500)")
    handled(page)
    assert page.evaluate("scrollY") == there - 500
