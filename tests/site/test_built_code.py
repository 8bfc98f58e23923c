"""The code blocks of every built page: coloured on the first screen, and past it the same code as plain text.

``postbuild/code_later.py`` serves a block past a page's first screen as
its plain text, with Pygments' markup waiting in a ``<template>`` inside the
``<code>`` for ``docs/javascripts/later.js``. The plain text is what a reader
without scripts reads, what search indexes, and what the runner takes as the
block's code (``textContent``, which leaves a template's content out), so it
must be the highlighted code's text exactly. Read here with the standard
library's HTML parser, not with the hook's regular expressions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

LESSONS = ("scaled-dot-product-attention", "transformer-block", "attention-at-scale", "multi-head-attention")


@dataclass
class Block:
    """One ``<code>`` of a Material code block: its text as shown, and the text and tokens of its template."""

    classes: str
    shown: list[str] = field(default_factory=list)
    waiting: list[str] | None = None
    shown_tokens: int = 0
    waiting_tokens: int = 0


class _Blocks(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.highlight: str | None = None  # the classes of the enclosing div.highlight
        self.depth = 0  # divs open inside it
        self.block: Block | None = None
        self.in_template = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        if tag == "div":
            if self.highlight is None and "highlight" in classes.split() and classes.startswith("language-"):
                self.highlight, self.depth = classes, 0
            elif self.highlight is not None:
                self.depth += 1
        elif tag == "code" and self.highlight is not None:
            self.block = Block(self.highlight)
        elif tag == "template" and self.block is not None:
            assert dict(attrs) == {"data-later": None}, attrs
            self.in_template, self.block.waiting = True, []
        elif tag == "span" and self.block is not None:
            if self.in_template:
                self.block.waiting_tokens += 1
            else:
                self.block.shown_tokens += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "template":
            self.in_template = False
        elif tag == "code" and self.block is not None:
            self.blocks.append(self.block)
            self.block = None
        elif tag == "div" and self.highlight is not None:
            if self.depth == 0:
                self.highlight = None
            else:
                self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.block is not None:
            target = self.block.waiting if self.in_template else self.block.shown
            assert target is not None
            target.append(data)


def _blocks(html: str) -> list[Block]:
    parser = _Blocks()
    parser.feed(html)
    return parser.blocks


def _pages(site: Path) -> list[Path]:
    return sorted(path for path in site.rglob("index.html") if "pyodide" not in path.parts)


def test_the_reader_finds_both_kinds_of_block() -> None:
    page = (
        '<article><div class="language-python highlight"><pre><span></span><code><span class="k">pass</span>\n</code></pre></div>'
        '<div class="language-python highlight no-copy"><pre><span></span><code>x = 1\n'
        '<template data-later><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</template></code></pre></div></article>'
    )
    first, later = _blocks(page)
    assert (first.shown, first.waiting, first.shown_tokens) == (["pass", "\n"], None, 1)
    assert ("".join(later.shown), "".join(later.waiting or []), later.shown_tokens, later.waiting_tokens) == ("x = 1\n", "x = 1\n", 0, 3)


def test_a_later_block_is_its_highlighted_code_as_plain_text(built_site: Path) -> None:
    waiting_by_page: dict[str, int] = {}
    for path in _pages(built_site):
        for block in _blocks(path.read_text(encoding="utf-8")):
            if block.waiting is None:
                continue
            where = path.relative_to(built_site).parent.as_posix()
            waiting_by_page[where] = waiting_by_page.get(where, 0) + 1
            assert "".join(block.shown) == "".join(block.waiting), where
            assert block.shown_tokens == 0 and block.waiting_tokens > 0, where
    for lesson in LESSONS:
        assert waiting_by_page.get(f"lessons/{lesson}", 0) >= 10, waiting_by_page
    # Blocks without tokens to colour (plain text, output) are served as they are.
    assert not any(page.startswith("examples/") for page in waiting_by_page), waiting_by_page


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lessons_first_blocks_come_coloured(built_site: Path, lesson: str) -> None:
    blocks = _blocks((built_site / "lessons" / lesson / "index.html").read_text(encoding="utf-8"))
    python = [block for block in blocks if block.classes.startswith("language-python")]
    assert python[0].waiting is None and python[0].shown_tokens > 10
    assert python[-1].waiting is not None
    # Once a block waits, every later one does: the first screen is the top of the page.
    waits = [block.waiting is not None for block in blocks if block.shown_tokens or block.waiting]
    assert waits == sorted(waits)
