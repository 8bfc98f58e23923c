"""MkDocs hook: add the lessons' diagrams and step-through diagrams to the site.

:mod:`site_examples.generate.diagrams` draws the diagrams (SVG, a light and a
dark version each) from the lessons' code and the package, at every build;
this hook adds them as files under ``images/diagrams/``, where the pages show
them as Markdown images (``NAME-light.svg#only-light``, ``NAME-dark.svg#only-dark``,
which ``figures.py`` makes lazy and sizes).

A page asks for a step-through diagram with a comment on a line of its own::

    <!-- stepper: attention-steps -->

and gets the diagram's HTML in its place: the first step drawn, the steps'
numbers as JSON (in an attribute: Material's instant navigation copies a
page's inline scripts to run them, which the Content-Security-Policy
refuses), and the controls, hidden until
``docs/javascripts/stepper.js`` (mounted by ``components.js`` on
``[data-stepper]``) shows them and draws the other steps. A stepper asked for on
a page other than its own, an unknown name, or a stepper no page shows fails
the build.
"""

from __future__ import annotations

import re

import _build  # noqa: F401 - the checkout's packages, importable (see _build)
from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import File, Files
from properdocs.structure.pages import Page

from site_examples.generate import diagrams

DIRECTIVE = re.compile(r"<!-- stepper: (?P<name>[a-z0-9-]+) -->")
BY_NAME = {stepper.name: stepper for stepper in diagrams.STEPPERS}

# This build's steppers' data, and the steppers shown so far.
_data: dict[str, dict] = {}
_shown: set[str] = set()


def on_files(files: Files, config: ProperDocsConfig) -> Files:
    namespaces: dict[str, dict] = {}
    try:
        drawn = diagrams.render_diagrams(namespaces)
        _data.clear()
        _data.update({stepper.name: diagrams.stepper_data(stepper, namespaces) for stepper in diagrams.STEPPERS})
    except Exception as error:  # the lesson's own error, named
        raise PluginError(f"diagrams hook: could not draw the diagrams: {type(error).__name__}: {error}") from error
    _shown.clear()
    for uri, svg in drawn.items():
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"diagrams hook: {uri} is generated; remove docs/{uri}")
        files.append(File.generated(config, uri, content=svg))
    return files


def with_steppers(html: str, page_path: str) -> str:
    """``html`` of the page at ``page_path`` (under docs/) with each stepper comment replaced by its diagram."""

    def replace(match: re.Match) -> str:
        name = match["name"]
        stepper = BY_NAME.get(name)
        if stepper is None:
            raise PluginError(f"diagrams hook: {page_path} asks for stepper {name!r}; there are {sorted(BY_NAME)}")
        if stepper.page != page_path:
            raise PluginError(f"diagrams hook: stepper {name!r} belongs on {stepper.page}, not {page_path}")
        _shown.add(name)
        return diagrams.stepper_html(name, _data[name])

    return DIRECTIVE.sub(replace, html)


def on_page_content(html: str, page: Page, config: ProperDocsConfig, files: Files) -> str:
    return with_steppers(html, page.file.src_uri)


def on_post_build(config: ProperDocsConfig) -> None:
    missing = sorted(set(BY_NAME) - _shown)
    if missing:
        raise PluginError(f"diagrams hook: no page shows the steppers {missing}")
