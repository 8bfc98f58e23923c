"""Post-build step: the site's own style sheets reach the reader as one file, ``stylesheets/site.css``.

``extra_css`` in ``mkdocs.yml`` lists the site's sheets one per component
(``stylesheets/extra.css``, ``runner.css``, ``quiz.css`` ...), which is how they
are written and read (the notebook_pages step, which runs before this one, reads them). Served
that way, a page asks for eight small sheets of its own besides Material's two
and KaTeX's, all of them before it can show anything: on Lighthouse's
simulated phone (slow 4G, six connections) each wave of requests costs round
trips before the first paint.

So every page links one sheet in their place: this step replaces the run of
those ``<link>`` elements in each page's ``<head>`` by one link to
``stylesheets/site.css`` (at the first one's place, so the cascade keeps its
order), writes that file, the sheets joined in ``extra_css``'s order (as the
built site holds them: the generator copies them from ``docs/``), each with the
course's names for Material's selectors and custom properties (``:--theme-…``,
``--theme-…``) turned into Material's own by the theme adapter
(``site_examples/material_adapter.py:material_css``), and removes the
single sheets from the built site (no page links them any more; the service
worker, which runs after this step, does not store them). The bundle's name carries a hash of its content, as
Material's own sheets do, so that a new build is never styled by a stored old
sheet.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import TYPE_CHECKING

from postbuild import html_files
from postbuild.shared import StepError, read_text, write_text
from site_examples.material_adapter import material_css

if TYPE_CHECKING:
    from postbuild import Context

# The sheets joined: the site's own, under this folder of docs/.
FOLDER = "stylesheets/"


def own_sheets(extra_css: tuple[str, ...]) -> list[str]:
    """The site's own sheets of ``extra_css``, in its order."""
    return [sheet for sheet in extra_css if sheet.startswith(FOLDER)]


def bundle_text(site: Path, sheets: list[str]) -> str:
    """The ``sheets`` of the built ``site`` joined, each under a comment that names it, in Material's names.

    Raises:
        StepError: a sheet is missing, or names a ``--theme-…`` name the adapter does not define.
    """
    parts = []
    for sheet in sheets:
        path = site / sheet
        if not path.is_file():
            raise StepError(f"stylesheets step: extra_css names {sheet}, which the built site does not hold")
        try:
            text = material_css(path.read_text(encoding="utf-8"), sheet)
        except ValueError as error:
            raise StepError(f"stylesheets step: {error}") from None
        parts.append(f"/* {sheet} */\n{text.strip()}\n")
    return "\n".join(parts)


def bundle_name(text: str) -> str:
    """The bundle's path in the site: ``stylesheets/site.<hash of its text>.css``."""
    return f"{FOLDER}site.{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}.css"


def link_one(html: str, sheets: list[str], bundle: str, where: str) -> str:
    """``html`` with its links to ``sheets`` replaced by one link to ``bundle``, at the first one's place."""
    head_end = html.find("</head>")
    if head_end < 0:
        raise StepError(f"stylesheets step: {where} has no </head>")
    head, rest = html[:head_end], html[head_end:]
    prefix = None
    for sheet in sheets:
        link = re.search(r'<link rel="stylesheet" href="([^"]*?)' + re.escape(sheet) + r'">\n?', head)
        if link is None:
            raise StepError(f"stylesheets step: {where} does not link {sheet}")
        if prefix is None:
            prefix = link.group(1)
            head = head[: link.start()] + f'<link rel="stylesheet" href="{prefix}{bundle}">\n' + head[link.end() :]
        else:
            head = head[: link.start()] + head[link.end() :]
    return head + rest


def step(site: Path, context: Context) -> None:
    """Link every HTML file of ``site`` to the bundle of the site's own sheets; write it; remove the single sheets."""
    sheets = own_sheets(context.extra_css)
    text = bundle_text(site, sheets)
    bundle = bundle_name(text)
    for page in html_files(site):
        where = page.relative_to(site).as_posix()
        write_text(page, link_one(read_text(page), sheets, bundle, where))
    (site / bundle).write_text(text, encoding="utf-8")
    for sheet in sheets:
        (site / sheet).unlink()
