"""MkDocs hook: under ``properdocs serve`` only, the post-build pipeline after each rebuild.

``./dev.sh build`` and the tests' build run the pipeline themselves (``python -m postbuild``,
:func:`site_examples.browser.build_site`) once ``properdocs build`` has finished, so under
``build`` this hook does nothing: the pipeline never runs twice. ``properdocs serve`` builds
into a folder of its own and builds again on every change, with no command of ours in
between: after each of those builds (this hook's ``on_post_build`` runs after every other
hook's) it runs the same steps over that folder, the context read from the configuration
as this build resolved it, with ``serving`` set (no service worker).
"""

from __future__ import annotations

import logging
from pathlib import Path

import _build  # noqa: F401 - the checkout's packages, importable (see _build)
from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.plugins import event_priority

import postbuild

log = logging.getLogger("properdocs.hooks.serve_pipeline")

_serving = False


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def context(config: ProperDocsConfig) -> postbuild.Context:
    """The pipeline's context from this build's configuration, served for editing."""
    folders: tuple[str, ...] = ()
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is not None:
        folders = tuple(jupyter.config.get("notebook_dirs") or {})
    return postbuild.Context(
        site_url=config.site_url or "",
        extra_css=tuple(str(sheet) for sheet in config.extra_css),
        notebook_folders=folders,
        serving=True,
    )


# After every other hook and plugin has written its files.
@event_priority(-100)
def on_post_build(config: ProperDocsConfig) -> None:
    if not _serving:
        return
    try:
        postbuild.run(Path(config.site_dir), context(config), log=log.info)
    except postbuild.StepError as error:
        raise PluginError(str(error)) from None
