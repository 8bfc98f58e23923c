"""Post-build step: the course's search worker in place of Material's, and the site's text out of its index.

Material's page configuration names its search worker, which fetches the whole index (the site's text) as
each page starts. The course's worker (``docs/javascripts/search-worker.js``) runs Material's and fetches
the text at the reader's first search. Three changes to the built folder, each an assumption about
Material that the theme adapter (``site_examples/material_adapter.py``) names and its contract test checks:
every page's configuration names the course's worker, the index keeps its configuration only (the text
goes to a file of its own), and the course's worker is given the file name of Material's.

The step is Material's search alone: a folder without Material's index (another generator's search, whose
worker speaks another protocol) fails it before any page is changed, so that no page is left naming a
worker that cannot run what that generator ships.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from postbuild import html_files
from postbuild.shared import StepError, read_text, write_text
from site_examples.material_adapter import (
    SEARCH_INDEX,
    name_material_worker,
    split_search_index,
    with_course_search_worker,
)

if TYPE_CHECKING:
    from postbuild import Context


def step(site: Path, context: Context) -> None:
    if not (site / SEARCH_INDEX).is_file():
        raise StepError(
            f"search: {site} has no {SEARCH_INDEX}, Material's search index (the site was not built with "
            "Material's search plugin); nothing was changed"
        )
    pages = {}
    for page in html_files(site):
        changed = with_course_search_worker(read_text(page))
        if changed is None:
            raise StepError(f"search: {page.relative_to(site)}: Material's search worker is not in its configuration")
        pages[page] = changed
    try:
        split_search_index(site)
        name_material_worker(site)
    except (OSError, ValueError, KeyError) as error:
        raise StepError(f"search: {error}") from error
    for page, changed in pages.items():
        write_text(page, changed)
