"""Post-build step: a saved Material setting that cannot be read is reset, not fatal.

Material keeps the reader's settings (the colour scheme, the tabs, the
consent, …) in localStorage as JSON and reads them with an inline function
in each page's ``<head>``; one unparseable value (a value edited by hand, or
a browser that cut a write short) makes it throw, which kills the
colour-scheme toggle and the page's other components. Right after Material
defines that function, this step wraps it (``site_examples/material_adapter.py``:
``with_storage_guard``): a value that does not parse is removed, the console
says which setting was reset, and the page carries on with the default. (The Content-Security-Policy allows the wrapper by its hash,
as it does Material's own inline scripts.)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from postbuild.shared import StepError, read_text, write_text
from site_examples.material_adapter import with_storage_guard

if TYPE_CHECKING:
    from postbuild import Context


def guarded(html: str, where: str) -> str:
    result = with_storage_guard(html)
    if result is None:
        raise StepError(f"material_storage step: {where}: Material's definition of its settings' reader was not found to guard")
    return result


def step(site: Path, context: Context) -> None:
    from postbuild import html_files

    for page in html_files(site):
        write_text(page, guarded(read_text(page), page.relative_to(site).as_posix()))
