"""Every page's first screen shows something to look at, and the lab's shows the attention itself (issue 40).

Every page of the site (read from its sitemap, so a new page is covered the day
it is added: the home page, the lab, the lessons, the quizzes, the glossary, the
notebooks, the pages for readers and for maintainers), at 1280 × 800 in the
light scheme and at 390 × 844, a phone, in the dark one: some picture of the
article (an image with alt text, an SVG with role="img", a figure, a
step-through diagram) lies in the window under the header, not just a sliver
of it, and it has arrived (an image's file loaded). The lab's own first screen
holds one of its attention views (the token lines or the heatmap of the
sentence it opens on) whole: the preset is drawn without Python, and nothing
here starts it (no Pyodide file is asked for).

One browser context per size: each page is loaded once in each.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from site_examples.material_adapter import DARK_SCHEME, HEADER, LIGHT_SCHEME, SCHEME_ATTRIBUTE
from tests.browser.conftest import poll
from tests.browser.test_accessibility import site_pages

SIZES = ((1280, 800, "light"), (390, 844, "dark"))
LAB = "lab/"
# What counts as a picture in an article.
PICTURES = "img[alt]:not([alt='']), svg[role=img], figure, [data-stepper]"
# The lab's attention views (docs/javascripts/visualizer/token-lines.js and heatmap.js, in .viz-main).
LAB_VIEWS = "[data-viz] .viz-main svg"
# Of a picture taller than this, at least this much must be in the window: more than a sliver.
ENOUGH_PX = 100

# The pictures matching the selector that are drawn (not display: none, not hidden) and reach into the window
# below the header, with how much of each is in it; `whole`: only those wholly in it.
IN_FIRST_SCREEN = """([selector, enough, whole, header]) => {
  const top = document.querySelector(header).getBoundingClientRect().bottom;
  const bottom = window.innerHeight;
  return [...document.querySelectorAll('article ' + selector)].flatMap((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') return [];
    const seen = Math.min(box.bottom, bottom) - Math.max(box.top, top);
    const shown = whole ? box.top >= top && box.bottom <= bottom : seen >= Math.min(box.height, enough);
    if (!shown) return [];
    const name = el.getAttribute('alt') || el.getAttribute('aria-label') || el.dataset.stepper ||
      [el.tagName.toLowerCase(), ...el.classList].join('.');
    const loaded = el.tagName !== 'IMG' || (el.complete && el.naturalWidth > 0);
    return [{name, top: Math.round(box.top), seen: Math.round(seen), loaded}];
  });
}"""


# Pages every build has, whatever else its sitemap lists: a sitemap that lost them fails here.
EXPECTED = ("", LAB, "glossary/", "check-your-understanding/", "how-the-code-runs/", "maintaining/", "architecture/")


def _pages(built_site: Path) -> list[str]:
    pages = site_pages(built_site)
    lessons = [path for path in pages if path.startswith("lessons/")]
    notebooks = [path for path in pages if path.startswith("examples/")]
    assert len(lessons) >= 12 and len(notebooks) >= 3, pages
    assert set(EXPECTED) <= set(pages), sorted(set(EXPECTED) - set(pages))
    return pages


def _first_screen(page: Page, path: str) -> list[dict]:
    """The pictures the page's first screen shows, once those it shows have arrived (or [] if it shows none)."""
    lab = path == LAB
    if lab:
        expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")
    page.evaluate("document.fonts.ready.then(() => null)")
    args = [LAB_VIEWS if lab else PICTURES, ENOUGH_PX, lab, HEADER]
    shown = page.evaluate(IN_FIRST_SCREEN, args)
    if not shown:
        return []
    # A lazy image in the window is fetched at once: wait for one to have arrived (a state, not a time).
    return poll(
        page,
        lambda: page.evaluate(IN_FIRST_SCREEN, args),
        lambda pictures: any(picture["loaded"] for picture in pictures),
        f"{path or 'the home page'}: no picture of its first screen loaded",
    )


def test_every_first_screen_shows_a_picture_and_the_labs_shows_attention(
    open_page: Callable[..., Page], site_url: str, built_site: Path
) -> None:
    asked: list[str] = []
    paths = _pages(built_site)
    missing = []
    for width, height, scheme in SIZES:
        page = open_page(viewport={"width": width, "height": height}, color_scheme=scheme)
        page.on("request", lambda request: asked.append(request.url))
        for path in paths:
            page.goto(site_url + path)
            if not _first_screen(page, path):
                missing.append(f"{width}×{height} {path or '(home)'}")
        # The scheme is the one asked for: a dark-only image is what showed at 390 (light at 1280).
        assert page.locator("body").get_attribute(SCHEME_ATTRIBUTE) == (DARK_SCHEME if scheme == "dark" else LIGHT_SCHEME)
    assert not missing, f"first screens without a picture (or, in the lab, without a whole attention view): {missing}"
    assert not [url for url in asked if "/pyodide/" in url], "a first screen started Python"
