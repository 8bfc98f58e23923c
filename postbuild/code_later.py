"""Post-build step: a code block past a page's first screen gets its colours once the page is idle.

Pygments marks a block's code up as one element per token, a large share of
a lesson's elements. Every one of them is restyled and laid out each time
Material's start-up changes something that concerns the whole page, which
made them the largest share of a lesson's blocking time once the formulas
past the first screen were drawn later (``katex.py``). The elements were
counted, and the same pages without them measured with Lighthouse (desktop,
runs taken in turns), in cb00c31.

So a block past the first screen (``postbuild.shared.within_first_screen``) is served as
its plain text, which reads, copies, searches and runs the same, and its
highlighted markup waits inside the ``<code>``, in a ``<template>``; ``docs/javascripts/later.js``
puts it in place a few blocks at a time while the page is idle, at once when the
block comes near the window, and before the page is printed. The text does not
move: the tokens' styles change only colours. The line anchors
(``#__codelineno-…``) stay in the plain text, so a link to a line works at once.

Only pymdownx's untitled blocks (``site_examples/material_adapter.py``:
``highlighted_blocks``) are changed: not a notebook's cells, and not a block
with highlighted lines, whose marks are more than colour. Without scripts a later block stays uncoloured.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from postbuild.shared import later, within_first_screen
from site_examples.material_adapter import HIGHLIGHTED_LINE, highlighted_blocks, without_tokens

if TYPE_CHECKING:
    from postbuild import Context


def plain(code: str) -> str:
    """The block's code without its token elements: the same text, the line anchors kept.

    >>> plain('<a id="__codelineno-0-1" href="#__codelineno-0-1"></a><span class="k">def</span><span class="w"> </span>f')
    '<a id="__codelineno-0-1" href="#__codelineno-0-1"></a>def f'
    """
    return without_tokens(code)


def colour_later(output: str) -> str:
    """The page's HTML with each code block past its first screen as plain text, its colours in a template.

    >>> block = '<div class="language-python highlight"><pre><span></span><code><span class="k">pass</span></code></pre></div>'
    >>> page = "<article><p>" + "a" * 5000 + "</p>" + block + "</article>"
    >>> colour_later(page)[len("<article><p>") + 5000 + len("</p>"):]
    '<div class="language-python highlight"><pre><span></span><code>pass<template data-later><span class="k">pass</span></template></code></pre></div></article>'
    >>> colour_later("<article>" + block + "</article>") == "<article>" + block + "</article>"
    True
    """
    matches = highlighted_blocks(output)
    if not matches:
        return output
    pieces, end = [], 0
    for match, shown in zip(matches, within_first_screen(output, [match.start() for match in matches]), strict=True):
        code = match.group(2)
        if shown or "<span" not in code or HIGHLIGHTED_LINE in code:
            continue
        pieces += [output[end : match.start()], match.group(1), plain(code), later(code), match.group(3)]
        end = match.end()
    pieces.append(output[end:])
    return "".join(pieces)


def step(site: Path, context: Context) -> None:
    from postbuild import rewrite_pages

    rewrite_pages(site, colour_later)
