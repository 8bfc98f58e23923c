"""On a phone no page scrolls sideways: what is wider than the screen (a formula, a table, code) scrolls in its own box.

Every page of the built site, and the lab with its trained model (whose views
are the widest), at 360 and 390 CSS pixels wide (common phone widths): each
page is loaded at 360, then the window is widened to 390, as a phone turned
or a browser's window dragged, which the page's scripts (Material's, the
lab's, the boxes that scroll) must follow. At 390 the pages also pass axe, so
that each box that does scroll is reachable from the keyboard and named
(``test_accessibility.py`` has the rest).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.test_accessibility import axe, settled, shard, site_pages

NARROW, WIDE = 360, 390
# Four tests, which a run on several cores spreads (about 20 s each, most of it axe).
PARTS = 4
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
# What follows a resize is drawn within a few frames (ResizeObserver callbacks run before each frame's paint).
FRAMES_AFTER_RESIZE = """new Promise((done) => {
  let left = 4;
  const next = () => (--left ? requestAnimationFrame(next) : done());
  requestAnimationFrame(next);
})"""


@pytest.mark.long
@pytest.mark.parametrize("part", range(PARTS))
def test_no_page_scrolls_sideways_on_a_phone(open_page, site_url: str, built_site: Path, part: int) -> None:
    page = open_page(viewport={"width": NARROW, "height": 800}, bypass_csp=True)  # axe: see test_accessibility
    too_wide: dict[str, list[str]] = {}
    found = {}

    def check(path: str, width: int) -> None:
        page_width = page.evaluate("document.documentElement.scrollWidth")
        if page_width > width:
            sticking_out = ", ".join(page.evaluate(STICKING_OUT, width))
            too_wide.setdefault(f"/{path}", []).append(f"{page_width} px wide at {width}: {sticking_out}")

    for path in shard([*site_pages(built_site), "lab/?model=minilm"], part, PARTS):
        page.set_viewport_size({"width": NARROW, "height": 800})
        page.goto(site_url + path)
        settled(page, at_once=True)
        check(path, NARROW)
        page.set_viewport_size({"width": WIDE, "height": 844})
        page.evaluate(FRAMES_AFTER_RESIZE)
        assert page.evaluate("window.innerWidth") == WIDE
        check(path, WIDE)
        if lines := axe(page):
            found[f"/{path}"] = lines
    wide = "\n".join(f"  {p}: {'; '.join(w)}" for p, w in too_wide.items())
    assert not too_wide, f"pages wider than a phone's screen:\n{wide}"
    assert not found, "axe found violations:\n" + "\n".join(f"{p}\n" + "\n".join(lines) for p, lines in found.items())
