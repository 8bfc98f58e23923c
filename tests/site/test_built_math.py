"""The math of every built page: typeset, each formula once in the accessibility tree, and no TeX left as text.

A formula that arithmatex did not recognise (two displayed formulas without a
blank line between them, say) reaches the reader as TeX with its backslashes
eaten by Markdown; this scans the text a reader sees on every page for the
marks of TeX, outside the formulas KaTeX typeset and outside code.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

# Elements whose text is not prose: code, scripts, the notebooks' hidden copy-to-clipboard text, and the formulas.
SKIPPED_TAGS = {"script", "style", "code", "pre", "textarea", "svg", "math"}
SKIPPED_CLASSES = {"katex", "clipboard-copy-txt"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# TeX commands, delimiters, braced sub- and superscripts, and commands whose backslash Markdown ate.
TEX = re.compile(
    r"\\[a-zA-Z]+|\\[\[\]()]|[_^]\{|\b(?:frac|sqrt|operatorname|mathrm|mathbf|mathbb|text|begin|end|left|right)\{"
)


class _Prose(HTMLParser):
    """The text of a page outside code and typeset math, with the TeX-looking parts it holds."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        classes = set((dict(attrs).get("class") or "").split())
        self.stack.append((tag, tag in SKIPPED_TAGS or bool(classes & SKIPPED_CLASSES)))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if any(skipped for _, skipped in self.stack):
            return
        match = TEX.search(data)
        if match:
            self.found.append(data[max(0, match.start() - 40) : match.end() + 40].strip())


def _tex_in_prose(html: str) -> list[str]:
    parser = _Prose()
    parser.feed(html)
    return parser.found


def test_the_scanner_finds_raw_tex() -> None:
    """The checker itself, on the failures it exists for; typeset math and code pass."""
    assert _tex_in_prose("<p>[ Q = X W_Q, qquad K = X W_K ] [ W_Q in mathbb{R}^{d_text{model}} ]</p>")
    assert _tex_in_prose(r"<p>The proof: \frac{e^{s_i}}{\sum_j e^{s_j}}</p>")
    assert _tex_in_prose(r"<p>inline \(d_k\) left alone</p>")
    assert not _tex_in_prose(
        '<p>A <span class="katex"><math><annotation>\\frac{a}{b}</annotation></math>'
        '<span class="katex-html" aria-hidden="true">a/b</span></span> and <code>x_{0}</code></p>'
        '<div class="clipboard-copy-txt">w_{q} = "\\\\n"</div><pre>print("\\\\frac")</pre><p>d_k, n_heads, 2^10</p>'
    )


def _pages(built_site: Path) -> list[Path]:
    return sorted(p for p in built_site.rglob("*.html") if p.name != "404.html" or p.parent == built_site)


def test_no_page_shows_tex_as_text(built_site: Path) -> None:
    offenders = {
        str(page.relative_to(built_site)): found
        for page in _pages(built_site)
        if (found := _tex_in_prose(page.read_text(encoding="utf-8")))
    }
    assert not offenders, "TeX left as text:\n" + "\n".join(f"{page}: {found}" for page, found in offenders.items())


@pytest.mark.parametrize(
    "page",
    [
        "lessons/scaled-dot-product-attention/index.html",
        "lessons/query-key-value/index.html",
        "lessons/attention-at-scale/index.html",
        "check-your-understanding/index.html",
        "glossary/index.html",
        "examples/why-scale/index.html",
    ],
)
def test_every_formula_is_drawn_once_and_read_once(built_site: Path, page: str) -> None:
    """Each formula: one MathML (what a screen reader reads), its drawing hidden from assistive technology, no Tab stop."""
    html = (built_site / page).read_text(encoding="utf-8")
    formulas = html.count('<span class="katex">')
    assert formulas >= 10, f"{page}: only {formulas} typeset formulas"
    assert html.count('<span class="katex-mathml"><math') == formulas
    assert html.count('<span class="katex-html" aria-hidden="true">') == formulas
    assert 'class="arithmatex">\\(' not in html and 'class="arithmatex">\\[' not in html  # nothing left untypeset
    assert not re.search(r'<span class="katex[^"]*"[^>]*tabindex', html)
