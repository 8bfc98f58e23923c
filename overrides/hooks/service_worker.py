"""MkDocs hook: what the service worker needs of the generator; the worker itself is a post-build step.

The post-build step :mod:`postbuild.service_worker` writes ``sw.js`` from ``docs/sw.js``
once every file of the site is written. This hook only:

- keeps that source out of the site: its imports name npm packages, and the step writes
  the bundle in its place;
- under ``properdocs serve`` (``./dev.sh serve``), leaves out ``javascripts/offline.js``,
  which registers the worker: the site is being edited, and no page should keep a copy
  (the step then writes a ``sw.js`` that retires a worker an earlier build left).
"""

from __future__ import annotations

import _build  # noqa: F401 - the checkout's packages, importable (see _build)
from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import Files

from postbuild.service_worker import REGISTRATION, SOURCE

_serving = False


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def on_config(config: ProperDocsConfig) -> ProperDocsConfig:
    if _serving:
        config.extra_javascript = [script for script in config.extra_javascript if str(script) != REGISTRATION]
    return config


def on_files(files: Files, config: ProperDocsConfig) -> Files:
    source = files.get_file_from_path(SOURCE)
    if source is None:
        raise PluginError(f"service_worker hook: docs/{SOURCE}, the service worker's source, is missing")
    files.remove(source)  # its imports name npm packages: the post-build step writes the bundle instead
    return files
