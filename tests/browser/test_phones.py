"""On a phone no page scrolls sideways: what is wider than the screen (a formula, a table, code) scrolls in its own box.

Every page of the built site at 360 and 390 CSS pixels wide (common phone
widths), and the lab with its trained model, whose views are the widest. At
390 the pages also pass axe, so that each box that does scroll is reachable
from the keyboard and named (``test_accessibility.py`` has the rest).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.test_accessibility import axe, settled, shard, site_pages

WIDTHS = (360, 390)
# Three tests per width, which a run on several cores spreads (at 390, with axe, about 20 s each).
PARTS = 3
# Visible elements that reach past the right edge of the screen, and are not inside a box that scrolls or clips them.
STICKING_OUT = """(width) => [...document.body.querySelectorAll('*')].filter((el) => {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.right <= width + 0.5) return false;
  for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
    if (getComputedStyle(up).overflowX !== 'visible') return false;
  }
  return true;
}).slice(0, 5).map((el) => {
  const name = [el.tagName.toLowerCase(), ...el.classList].join('.');
  return `${name} to ${Math.round(el.getBoundingClientRect().right)} px`;
})"""


@pytest.mark.long
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_scrolls_sideways_on_a_phone(open_page, site_url: str, built_site: Path, width: int, part: int) -> None:
    page = open_page(viewport={"width": width, "height": 800}, bypass_csp=width == 390)  # axe: see test_accessibility
    too_wide = {}
    found = {}
    for path in shard([*site_pages(built_site), "lab/?model=minilm"], part, PARTS):
        page.goto(site_url + path)
        settled(page)
        page_width = page.evaluate("document.documentElement.scrollWidth")
        if page_width > width:
            too_wide[f"/{path}"] = f"{page_width} px wide: " + ", ".join(page.evaluate(STICKING_OUT, width))
        if width == 390 and (lines := axe(page)):
            found[f"/{path}"] = lines
    wide = "\n".join(f"  {p}: {w}" for p, w in too_wide.items())
    assert not too_wide, f"pages wider than a {width} px screen:\n{wide}"
    assert not found, "axe found violations:\n" + "\n".join(f"{p}\n" + "\n".join(lines) for p, lines in found.items())
