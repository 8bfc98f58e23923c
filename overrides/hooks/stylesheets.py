"""MkDocs hook: the site's own style sheets reach the reader as one file, ``stylesheets/site.css``.

``extra_css`` in ``mkdocs.yml`` lists the site's sheets one per component
(``stylesheets/extra.css``, ``runner.css``, ``quiz.css`` ...), which is how they
are written and read (``notebook_pages.py`` reads them from ``docs/``). Served
that way, a page asks for eight small sheets of its own besides Material's two
and KaTeX's, all of them before it can show anything: on Lighthouse's
simulated phone (slow 4G, six connections) each wave of requests costs round
trips before the first paint.

So every page links one sheet in their place: this hook replaces the run of
those ``<link>`` elements in each page's ``<head>`` by one link to
``stylesheets/site.css`` (at the first one's place, so the cascade keeps its
order) and, once the pages are written, writes that file, the sheets joined
in ``extra_css``'s order, and removes the single sheets from the built site (no
page links them any more; the service worker, which runs after this hook,
does not store them). The bundle's name carries a hash of its content, as
Material's own sheets do, so that a new build is never styled by a stored old
sheet.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.pages import Page

# The sheets joined: the site's own, under this folder of docs/.
FOLDER = "stylesheets/"


def own_sheets(config: ProperDocsConfig) -> list[str]:
    """The site's own sheets of ``extra_css``, in its order."""
    return [str(sheet) for sheet in config.extra_css if str(sheet).startswith(FOLDER)]


def bundle_text(config: ProperDocsConfig) -> str:
    """The sheets joined, each under a comment that names it."""
    docs = Path(config.docs_dir)
    parts = []
    for sheet in own_sheets(config):
        path = docs / sheet
        if not path.is_file():
            raise PluginError(f"stylesheets hook: extra_css names {sheet}, which is not in docs/")
        parts.append(f"/* {sheet} */\n{path.read_text(encoding='utf-8').strip()}\n")
    return "\n".join(parts)


def bundle_name(text: str) -> str:
    """The bundle's path in the site: ``stylesheets/site.<hash of its text>.css``."""
    return f"{FOLDER}site.{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}.css"


# This build's bundle (its text, read at the build's start; a rebuild under `properdocs serve` reads it again).
_bundle = ""


def on_config(config: ProperDocsConfig) -> None:
    global _bundle
    _bundle = bundle_text(config)


def link_one(html: str, sheets: list[str], bundle: str, where: str) -> str:
    """``html`` with its links to ``sheets`` replaced by one link to ``bundle``, at the first one's place."""
    head_end = html.find("</head>")
    if head_end < 0:
        raise PluginError(f"stylesheets hook: {where} has no </head>")
    head, rest = html[:head_end], html[head_end:]
    prefix = None
    for sheet in sheets:
        link = re.search(r'<link rel="stylesheet" href="([^"]*?)' + re.escape(sheet) + r'">\n?', head)
        if link is None:
            raise PluginError(f"stylesheets hook: {where} does not link {sheet}")
        if prefix is None:
            prefix = link.group(1)
            head = head[: link.start()] + f'<link rel="stylesheet" href="{prefix}{bundle}">\n' + head[link.end() :]
        else:
            head = head[: link.start()] + head[link.end() :]
    return head + rest


def on_post_page(output: str, page: Page, config: ProperDocsConfig) -> str:
    return link_one(output, own_sheets(config), bundle_name(_bundle), f"docs/{page.file.src_uri}")


def on_post_template(output: str, template_name: str, config: ProperDocsConfig) -> str:
    # Pages rendered from a template alone (404.html) link the sheets too; the sitemap is not HTML.
    if not template_name.endswith(".html") or "</head>" not in output:
        return output
    return link_one(output, own_sheets(config), bundle_name(_bundle), template_name)


def on_post_build(config: ProperDocsConfig) -> None:
    site = Path(config.site_dir)
    (site / bundle_name(_bundle)).write_text(_bundle, encoding="utf-8")
    for sheet in own_sheets(config):
        (site / sheet).unlink(missing_ok=True)
