"""A notebook's page looks as mkdocs-jupyter drew it, though postbuild/notebook_pages.py cut its styles.

The reference is JupyterLab's whole style sheet and theme, read from the installed
mkdocs-jupyter, put back in place of what the hook kept: every element of the
article (and its ``::before`` and ``::after``) must compute the same style with
either, in light on a desktop and in dark on a phone. And a figure that
has not loaded yet already takes the room it will fill.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Route

from postbuild import notebook_pages
from tests.browser.test_accessibility import NEXT_FRAMES, expect_scheme, settled

NOTEBOOKS = ("examples/why-scale/", "examples/attention-in-a-real-model/", "examples/attention-inside-a-language-model/")
VIEWPORTS = {"desktop": {"width": 1350, "height": 940}, "phone": {"width": 390, "height": 844}}

# Every computed property of elements of the article and of their ::before and ::after, as one string
# per element; then the same with the whole sheets in place of the kept rules; the differences. Every
# property of every element of a notebook takes seconds to read (with the whole sheets, minutes with the
# pseudo-elements; timed in ed5a0cb): one element stands for all of those with the same tag and classes
# under parents with the same tags and classes, two levels up; a page has far fewer such kinds than elements.
# Custom properties are left out: the hook drops the unused ones; a used one shows in what uses it.
SAME_STYLE = """(sheets) => {
  const kind = (element) => element ? element.tagName + "." + element.getAttribute("class") : "";
  const kinds = new Map();
  for (const element of document.querySelectorAll("article, article *")) {
    const key = [element, element.parentElement, element.parentElement?.parentElement].map(kind).join(" < ");
    if (!kinds.has(key)) kinds.set(key, element);
  }
  const elements = [...kinds.values()];
  const snapshot = () => elements.map((element) => {
    let style = "";
    for (const pseudo of [null, "::before", "::after"]) {
      const computed = getComputedStyle(element, pseudo);
      for (let i = 0; i < computed.length; i++) {
        if (computed[i].startsWith("--")) continue;
        style += `${pseudo || ""}${computed[i]}:${computed.getPropertyValue(computed[i])};`;
      }
    }
    return style;
  });
  const kept = snapshot();
  const purged = [...document.querySelectorAll("style[data-purged]")];
  const texts = purged.map((style) => style.textContent);
  purged.forEach((style) => { style.textContent = sheets[style.dataset.purged]; });
  const whole = snapshot();
  purged.forEach((style, i) => { style.textContent = texts[i]; });
  const differences = [];
  elements.forEach((element, i) => {
    if (kept[i] === whole[i]) return;
    const a = kept[i].split(";"), b = whole[i].split(";");
    const j = a.findIndex((part, k) => part !== b[k]);
    differences.push(`${kind(element)}: ${a[j]} | whole: ${b[j]}`);
  });
  return { elements: elements.length, purged: purged.map((style) => style.dataset.purged), differences };
}"""

# The figures of the shown scheme that have not loaded: their box's height against their width.
WAITING_FIGURES = """() => [...document.querySelectorAll(".jp-RenderedImage img")]
  .filter((img) => img.getClientRects().length && !img.complete)
  .map((img) => ({ src: img.getAttribute("src"), width: img.getBoundingClientRect().width,
                   height: img.getBoundingClientRect().height,
                   ratio: img.getAttribute("height") / img.getAttribute("width") }))"""


@pytest.mark.parametrize(
    ("scheme", "viewport"), [("light", "desktop"), ("dark", "phone")], ids=lambda value: value
)
def test_the_kept_styles_compute_what_the_whole_sheets_do(open_page, site_url: str, scheme: str, viewport: str) -> None:
    sheets = {name: (notebook_pages.JUPYTER_ASSETS / name).read_text(encoding="utf-8") for name in notebook_pages.JUPYTER_SHEETS}
    # The page's security policy lists its inline styles' hashes: the test's swap is let through.
    page = open_page(color_scheme=scheme, viewport=VIEWPORTS[viewport], bypass_csp=True)
    for path in NOTEBOOKS:
        page.goto(site_url + path)
        settled(page, at_once=True)
        expect_scheme(page, scheme)
        found = page.evaluate(SAME_STYLE, sheets)
        assert sorted(found["purged"]) == sorted(sheets), path
        assert found["elements"] > 100, path  # kinds of element (the smallest page counted in ed5a0cb)
        assert not found["differences"], f"{path}: {len(found['differences'])} elements differ: {found['differences'][:5]}"


def test_a_figure_keeps_its_room_before_it_loads(open_page, site_url: str) -> None:
    page = open_page(viewport=VIEWPORTS["phone"])
    held: list[Route] = []  # the figures' requests, held until the end: no figure loads before
    page.route("**/figure-*.png", lambda route: held.append(route))
    page.goto(site_url + "examples/attention-in-a-real-model/", wait_until="domcontentloaded")
    page.evaluate(NEXT_FRAMES)
    waiting = page.evaluate(WAITING_FIGURES)
    for route in held:
        route.continue_()
    assert len(waiting) == 5  # the shown scheme's figures, none loaded
    assert all("#only-dark" not in route.request.url for route in held)
    for figure in waiting:
        assert figure["width"] > 200, figure
        assert figure["height"] == pytest.approx(figure["width"] * figure["ratio"], abs=1), figure
