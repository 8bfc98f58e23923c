"""MkDocs hook: a saved Material setting that cannot be read is reset, not fatal.

Material keeps the reader's settings (the colour scheme, the tabs, the
consent, …) in localStorage as JSON and reads them with ``__md_get``, an
inline function in each page's ``<head>``; one unparseable value (a value
edited by hand, or a browser that cut a write short) makes it throw, which
kills the colour-scheme toggle and the page's other components. Right after
Material defines ``__md_get``, this hook wraps it: a value that does not parse
is removed, the console says which setting was reset, and the page carries on
with the default. (The Content-Security-Policy allows the wrapper by its hash,
as it does Material's own inline scripts.)
"""

from __future__ import annotations

import re

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.pages import Page

# Material's definition of __md_get (and __md_set), one inline script in <head>.
DEFINITION = re.compile(r"<script>__md_scope=(?:(?!</script>).)*?__md_get=.*?</script>", re.S)

GUARD = (
    "<script>(function(){var read=__md_get;__md_get=function(key,storage,scope){"
    "try{return read(key,storage,scope)}catch(error){"
    'try{(storage||localStorage).removeItem((scope||__md_scope).pathname+"."+key)}catch(_){}'
    'console.warn("The saved setting "+key+" could not be read, and was reset.");return null}}})()</script>'
)


def guarded(html: str, where: str) -> str:
    match = DEFINITION.search(html)
    if match is None:
        raise PluginError(f"material_storage hook: {where}: Material's __md_get definition was not found to guard")
    return html[: match.end()] + GUARD + html[match.end() :]


def on_post_page(output: str, page: Page, config: ProperDocsConfig) -> str:
    return guarded(output, f"docs/{page.file.src_uri}")


def on_post_template(output: str, template_name: str, config: ProperDocsConfig) -> str:
    return guarded(output, template_name) if template_name.endswith(".html") else output
