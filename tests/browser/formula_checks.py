"""What the browser tests ask of a page's formulas.

- :data:`KATEX_FONTS_DRAWN`: the KaTeX font files a page has drawn text with (test_page_load, test_math).
- :func:`width_problems`, which the walk over every page makes as it passes (test_accessibility): the width the
  build gives each box of an inline formula's drawing, from KaTeX's fonts' advance widths and its style sheet
  (``postbuild/katex_widths.py``), is the width Chromium lays the drawing out to with the fonts loaded, within
  :data:`WIDTH_TOLERANCE_EM`, and every box has one. It takes a page that has drawn everything (``settled``).
"""

from __future__ import annotations

from playwright.sync_api import Page

from site_examples.material_adapter import CONTENT

# The KaTeX font files the page has drawn text with so far: each loaded face of the
# style sheet's @font-face rules, by its woff2 file.
KATEX_FONTS_DRAWN = """() => {
  const files = new Map();
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (rule instanceof CSSFontFaceRule && rule.style.fontFamily.includes("KaTeX_")) {
        const key = [rule.style.fontFamily.replaceAll('"', ""), rule.style.fontWeight || "normal", rule.style.fontStyle || "normal"];
        files.set(key.join("|").replace("|400|", "|normal|"), rule.style.getPropertyValue("src").match(/([\\w-]+\\.woff2)/)[1]);
      }
    }
  }
  return [...document.fonts].filter((face) => face.status === "loaded" && face.family.includes("KaTeX_"))
    .map((face) => files.get([face.family.replaceAll('"', ""), face.weight, face.style].join("|").replace("|400|", "|normal|")))
    .sort();
}"""

# 0.2 px in a lesson's text; the largest difference measured over the whole site was 0.005 em (Chromium lays boxes
# out in 1/64 px).
WIDTH_TOLERANCE_EM = 0.01

# For each box of each inline formula, drawn: the width the build gave it and the width Chromium lays its drawing
# out to without one, in em of the formula's font (the width given back afterwards).
BOX_WIDTHS = f"""async () => {{
  await Promise.all([...document.fonts].filter((f) => f.family.includes('KaTeX')).map((f) => f.load().catch(() => null)));
  const details = [...document.querySelectorAll('{CONTENT} details:not([open])')];
  for (const element of details) element.open = true;
  const boxes = [...document.querySelectorAll('{CONTENT} span.arithmatex .katex-html > .katex-base')].filter((b) => b.checkVisibility());
  const given = boxes.map((b) => b.style.width);
  for (const b of boxes) b.style.width = '';
  const widths = boxes.map((b, i) => [given[i], b.getBoundingClientRect().width / parseFloat(getComputedStyle(b).fontSize)]);
  boxes.forEach((b, i) => {{ b.style.width = given[i]; }});
  for (const element of details) element.open = false;
  return widths;
}}"""


def width_problems(page: Page) -> tuple[int, list[str]]:
    """How many inline formulas' boxes the page shows, and each whose width is missing or off Chromium's."""
    widths = page.evaluate(BOX_WIDTHS)
    problems = [f"box {index} has no width of its own ({given!r})" for index, (given, _) in enumerate(widths) if not given.endswith("em")]
    problems += [
        f"box {index}: given {given}, drawn {drawn:.4f}em"
        for index, (given, drawn) in enumerate(widths)
        if given.endswith("em") and abs(float(given[:-2]) - drawn) > WIDTH_TOLERANCE_EM
    ]
    return len(widths), problems
