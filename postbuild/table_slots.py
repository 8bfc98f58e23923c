"""Post-build step: each table of a page's text is served in a ``<div class="table-slot">`` of its own.

As a page starts, Material's script puts every table that has no class (the
tables Markdown writes: ``site_examples/material_adapter.py``:
``tables_material_wraps``) into a scrolling box of its own: it takes the table
out of its container and puts the box in its place. Chromium then restyles
every element of that container, not only the table: the user agent's MathML
rules (``mmultiscripts > mprescripts ~ :nth-child(2n)``) and Material's rule
for whatever follows a class-less table make any change among a container's
children a change for all its descendants. A
table straight in the article cost a restyle of the whole page, inside
Material's start-up task and again after each instant navigation (traced on
"Self-attention", in 4f55d65 and dd07823). Inside a slot, only the slot is
restyled.

The slot is a plain block: the scrolling box's margins collapse through it,
so the page is laid out as without it; and until Material has put the box in,
the rule ``table:not([class]) + *`` finds no element after the table, as
after Material's change, so nothing moves as the box goes in.
``tests/browser/test_page_load.py`` checks that nothing goes into the article
itself as a page starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from site_examples.material_adapter import tables_material_wraps

if TYPE_CHECKING:
    from postbuild import Context


def slot_tables(output: str) -> str:
    """The page's HTML with each of its class-less tables in a slot of its own; other tables as they were.

    >>> slot_tables('<p>a</p>\\n<table>\\n<tr><td>1</td></tr>\\n</table>\\n<table class="x"></table>')
    '<p>a</p>\\n<div class="table-slot"><table>\\n<tr><td>1</td></tr>\\n</table></div>\\n<table class="x"></table>'
    """
    pieces, end = [], 0
    for match in tables_material_wraps(output):  # tables never nest in Markdown
        pieces += [output[end : match.start()], '<div class="table-slot">', match.group(0), "</div>"]
        end = match.end()
    pieces.append(output[end:])
    return "".join(pieces)


def step(site: Path, context: Context) -> None:
    from postbuild import rewrite_pages

    rewrite_pages(site, slot_tables)
