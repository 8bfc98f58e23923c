"""The katex step (postbuild/katex.py) on small pages: formulas typeset, drawn later past the first screen, fonts preloaded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from postbuild import Context, katex
from postbuild.shared import FIRST_SCREEN_CHARS, StepError

HEAD = '<html><head><meta charset="utf-8"><title>t</title></head><body><article>'
TAIL = "</article></body></html>"


def _page(site: Path, path: str, body: str) -> Path:
    page = site / path
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(HEAD + body + TAIL, encoding="utf-8")
    return page


def test_a_formula_is_typeset_drawn_at_once_in_the_first_screen_and_later_past_it(tmp_path: Path) -> None:
    far = "<p>" + "words " * FIRST_SCREEN_CHARS + "</p>"
    page = _page(
        tmp_path,
        "lessons/one/index.html",
        r'<p><span class="arithmatex">\(x^2\)</span></p>' + far + r'<div class="arithmatex">\[\mathbb{R}\]</div>'
        r'<p><span class="arithmatex">\(a = b\)</span></p>',
    )
    untouched = _page(tmp_path, "glossary/index.html", "<p>no math here</p>")
    before = untouched.read_text(encoding="utf-8")

    katex.step(tmp_path, Context(site_url=""))

    html = page.read_text(encoding="utf-8")
    first, second, third = html.split('<span class="katex">')[1:4] if html.count('<span class="katex">') == 3 else ("", "", "")
    # Both: MathML that screen readers read, and KaTeX's drawing hidden from them.
    assert "<annotation encoding=\"application/x-tex\">x^2</annotation>" in first
    assert "<annotation encoding=\"application/x-tex\">\\mathbb{R}</annotation>" in second
    # Drawn as served, its box as wide as it draws: x (0.572 em in KaTeX_Math-Italic) with a superscript 2 at 70 %
    # (0.5 em in KaTeX_Main) 0.05 em to its right, by the fonts' advance widths and KaTeX's own spacing.
    assert '<span class="katex-html" aria-hidden="true"><span class="katex-base" style="width:0.972em">' in first
    assert '<span class="katex-html" aria-hidden="true"><span class="katex-strut"' in second  # its height reserved
    assert "<template data-later>" in second and "<template data-later>" not in first  # drawn once idle
    # Later, inline: its two boxes (a line may break after the relation) served as wide as they draw, each holding
    # KaTeX's strut only; the same boxes, drawn, in the template. The fonts' advances, in thousandths of an em:
    # a 529 (KaTeX_Math-Italic), = 778 (KaTeX_Main) with a thick space of 0.2778 em on each side; b 429.
    waiting, drawing = third.split("<template data-later>")
    assert waiting.count('<span class="katex-base"') == 2 and waiting.count("katex-strut") == 2 and "mord" not in waiting
    widths = re.findall(r'<span class="katex-base" style="width:([\d.]+)em">', waiting)
    assert widths == re.findall(r'<span class="katex-base" style="width:([\d.]+)em">', drawing)
    assert [float(w) for w in widths] == pytest.approx([0.529 + 0.2778 + 0.778 + 0.2778, 0.429], abs=1e-4)
    assert 'class="arithmatex"' in html and r"\(" not in html  # the markup kept, no TeX left for a script
    # The fonts the first screen's formula is drawn with, preloaded from the page's folder; the later one's, listed.
    head = html[: html.index("</head>")]
    assert '<link rel="preload" href="../../vendor/katex/fonts/KaTeX_Main-Regular.woff2" as="font"' in head
    assert "<template data-later-fonts>" in head  # the later formula's double-struck font, asked for once idle
    assert 'href="../../vendor/katex/fonts/KaTeX_AMS-Regular.woff2" as="font"' in head.split("<template data-later-fonts>")[1]
    assert untouched.read_text(encoding="utf-8") == before


def test_jupyters_mathjax_loader_goes(tmp_path: Path) -> None:
    page = _page(tmp_path, "examples/a/index.html", '<script data-mkdocs-jupyter-mathjax="">load()</script>\n<p>x</p>')
    katex.step(tmp_path, Context(site_url=""))
    assert page.read_text(encoding="utf-8") == HEAD + "<p>x</p>" + TAIL


def test_a_formula_katex_cannot_parse_fails_naming_the_pages_source(tmp_path: Path) -> None:
    _page(tmp_path, "lessons/missing-lesson/index.html", r'<p><span class="arithmatex">\(\frac{a}\)</span></p>')
    with pytest.raises(StepError, match=r"katex step: docs/lessons/missing-lesson/index.md: cannot typeset '\\\\frac\{a\}'"):
        katex.step(tmp_path, Context(site_url=""))


def test_the_source_of_a_page_is_found_from_its_path() -> None:
    site = Path("site")
    assert katex.source_of(site, site / "lessons/self-attention/index.html").as_posix() == "docs/lessons/self-attention.md"
    assert katex.source_of(site, site / "examples/why-scale/index.html").as_posix() == "site_examples/why-scale.py"
    assert katex.source_of(site, site / "404.html").as_posix() == "docs/404.md"


def test_an_inline_formula_whose_widths_are_not_known_is_drawn_as_served() -> None:
    """A drawing that holds what postbuild/katex_widths.py does not know (here a forced line break between its boxes)
    is left as KaTeX drew it, drawn at once: served without the width its place needs, it would rewrap when drawn."""
    [answer] = katex._typesetter.render([(r"a \\ b", False)])
    assert 'katex-newline"></span>' in answer["html"]
    assert katex.inline(answer["html"], shown=False) == answer["html"]
    [plain] = katex._typesetter.render([("a b", False)])
    assert katex.inline(plain["html"], shown=False) != plain["html"]
