"""MkDocs hook: a saved Material setting that cannot be read is reset, not fatal.

Material keeps the reader's settings (the colour scheme, the tabs, the
consent, …) in localStorage as JSON and reads them with an inline function
in each page's ``<head>``; one unparseable value (a value edited by hand, or
a browser that cut a write short) makes it throw, which kills the
colour-scheme toggle and the page's other components. Right after Material
defines that function, this hook wraps it (``site_examples/material_adapter.py``:
``with_storage_guard``): a value that does not parse is removed, the console
says which setting was reset, and the page carries on with the default. (The Content-Security-Policy allows the wrapper by its hash,
as it does Material's own inline scripts.)
"""

from __future__ import annotations

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.pages import Page

import _build  # noqa: F401 - puts the checkout's packages on sys.path
from site_examples.material_adapter import with_storage_guard


def guarded(html: str, where: str) -> str:
    result = with_storage_guard(html)
    if result is None:
        raise PluginError(f"material_storage hook: {where}: Material's definition of its settings' reader was not found to guard")
    return result


def on_post_page(output: str, page: Page, config: ProperDocsConfig) -> str:
    return guarded(output, f"docs/{page.file.src_uri}")


def on_post_template(output: str, template_name: str, config: ProperDocsConfig) -> str:
    return guarded(output, template_name) if template_name.endswith(".html") else output
