"""The katex step (postbuild/katex.py) on small pages: formulas typeset, drawn later past the first screen, fonts preloaded."""

from __future__ import annotations

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
        r'<p><span class="arithmatex">\(x^2\)</span></p>' + far + r'<div class="arithmatex">\[\mathbb{R}\]</div>',
    )
    untouched = _page(tmp_path, "glossary/index.html", "<p>no math here</p>")
    before = untouched.read_text(encoding="utf-8")

    katex.step(tmp_path, Context(site_url=""))

    html = page.read_text(encoding="utf-8")
    first, second = html.split('<span class="katex">')[1:3] if html.count('<span class="katex">') == 2 else ("", "")
    # Both: MathML that screen readers read, and KaTeX's drawing hidden from them.
    assert "<annotation encoding=\"application/x-tex\">x^2</annotation>" in first
    assert "<annotation encoding=\"application/x-tex\">\\mathbb{R}</annotation>" in second
    assert '<span class="katex-html" aria-hidden="true"><span class="katex-base">' in first  # drawn as served
    assert '<span class="katex-html" aria-hidden="true"><span class="katex-strut"' in second  # its height reserved
    assert "<template data-later>" in second and "<template data-later>" not in first  # drawn once idle
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
