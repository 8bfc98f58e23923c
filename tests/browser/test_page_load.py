"""What a page does as it loads: its colours stay as built, and no hidden figure is downloaded.

Two costs found by tracing a lesson's load (site_examples/benchmarks/lighthouse_scores.py measures
the pages): Material's script re-applied the colour palette with another accent than the page was
built with (mkdocs.yml's automatic entry had no colours of its own), and both schemes' versions of
every figure were downloaded, one of them never shown (overrides/hooks/figures.py makes them lazy).
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_accessibility import settled

LESSON = "lessons/learning-to-attend/"

# Every change of a data-md-color-* attribute of <body>, from the start of the page's parsing.
WATCH_PALETTE = """
window.__paletteChanges = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target === document.body && r.attributeName.startsWith("data-md-color-"))
      window.__paletteChanges.push([r.attributeName, r.oldValue, r.target.getAttribute(r.attributeName)]);
  }
}).observe(document, { subtree: true, attributes: true, attributeOldValue: true });
"""


def test_materials_script_keeps_the_colours_the_page_was_built_with(open_page, site_url: str) -> None:
    page = open_page(color_scheme="light")
    page.add_init_script(WATCH_PALETTE)
    page.goto(site_url + LESSON)
    settled(page)
    changes = page.evaluate("window.__paletteChanges")
    assert ["data-md-color-switching", None, ""] in changes  # Material's script did apply the palette
    changed = [(name, old, new) for name, old, new in changes if name != "data-md-color-switching" and old != new]
    # Only the attribute no stylesheet reads (the entry's media query) is new.
    assert changed == [("data-md-color-media", None, "(prefers-color-scheme)")]
    assert page.locator("body").get_attribute("data-md-color-accent") == "deep-orange"


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
