"""MkDocs hook: add the lessons' generated figures to the site.

The figures are drawn by :mod:`site_examples.generate.figures` from the code of
the lessons they illustrate (which computes everything with the ``attention``
package), at every build, and added as files under ``images/generated/``.
Nothing is written into ``docs/``; a figure that cannot be drawn fails the
build with the lesson's own error.

Each figure comes in a light and a dark version (``#only-light``,
``#only-dark``), of which Material shows one. On every page, this hook gives
each such image ``loading="lazy"``, so that the browser never downloads the
hidden version (an image that is not displayed is never near the viewport)
and fetches the shown one as the reader nears it, and the figure's own
``width`` and ``height``, so that the page keeps its place for it and nothing
moves when it arrives.

Except a page's opening picture (an image before its first section's
heading, which its first screen shows: ``tests/browser/test_first_screen.py``):
it is the page's largest paint, and lazy it was not even asked for until the
page was laid out (Lighthouse's phone, "Learning to attend": the largest
paint went from 1.8 to 3.7 s). Its light version is asked for at once, with
high priority; the dark one stays lazy, so that a light page never downloads
it (a dark page downloads both, the light one hidden: 1 to 8 kB gzipped).
"""

from __future__ import annotations

import posixpath
import re

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import File, Files
from properdocs.structure.pages import Page

import _build  # noqa: F401 - the checkout's packages, importable (see _build)
from site_examples.generate import figures


def on_files(files: Files, config: ProperDocsConfig) -> Files:
    try:
        drawn = figures.render_all()
    except Exception as error:  # the lesson's own error, named
        raise PluginError(f"figures hook: could not draw the lesson figures: {type(error).__name__}: {error}") from error
    for uri, svg in drawn.items():
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"figures hook: {uri} is generated; remove docs/{uri}")
        files.append(File.generated(config, uri, content=svg))
    return files


# An image of one of the two schemes, as Markdown writes it: <img alt="…" src="….svg#only-light" />.
SCHEME_IMAGE = re.compile(r'<img (?P<attrs>[^>]*?src="(?P<src>[^"#]+\.svg)#only-(?:light|dark)"[^>]*?)\s*/?>')
# The SVG's own size, in points (as Matplotlib writes it): 1 pt is 4/3 CSS px.
SVG_SIZE = re.compile(rb'<svg [^>]*?width="(?P<w>[0-9.]+)pt" height="(?P<h>[0-9.]+)pt"')


def sized_lazy_images(html: str, page_url: str, files: Files) -> str:
    """``html`` (of the page at ``page_url``) with each light or dark figure lazy, sized by its SVG in ``files``."""
    folder = page_url if page_url.endswith("/") or not page_url else posixpath.dirname(page_url)
    opening = max(html.find("<h2"), 0)  # the page's opening: before its first section (none without one)

    def rewrite(match: re.Match) -> str:
        attrs, src = match["attrs"], match["src"]
        if "loading=" in attrs or "width=" in attrs:
            raise PluginError(f"figures hook: {page_url}: {src} already has loading or width; leave them to this hook")
        uri = posixpath.normpath(posixpath.join(folder, src))
        file = files.get_file_from_path(uri)
        size = SVG_SIZE.search(file.content_bytes[:2000]) if file is not None else None
        if size is None:
            raise PluginError(f"figures hook: {page_url}: {src} is not an SVG of the site with a width and height in pt")
        width, height = (round(float(size[name]) * 4 / 3) for name in ("w", "h"))
        if match.start() < opening and "#only-light" in attrs:
            return f'<img {attrs} width="{width}" height="{height}" fetchpriority="high" decoding="async" />'
        return f'<img {attrs} width="{width}" height="{height}" loading="lazy" decoding="async" />'

    return SCHEME_IMAGE.sub(rewrite, html)


def on_page_content(html: str, page: Page, config: ProperDocsConfig, files: Files) -> str:
    return sized_lazy_images(html, page.url, files)
