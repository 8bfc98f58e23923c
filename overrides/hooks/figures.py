"""MkDocs hook: add the lessons' generated figures to the site.

The figures are drawn by ``site_examples/generate_figures.py`` from the code of
the lessons they illustrate (which computes everything with the ``attention``
package), at every build, and added as files under ``images/generated/``.
Nothing is written into ``docs/``; a figure that cannot be drawn fails the
build with the lesson's own error.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files


def _generator(config: MkDocsConfig):
    path = Path(config.config_file_path).parent / "site_examples" / "generate_figures.py"
    spec = importlib.util.spec_from_file_location("generate_figures", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def on_files(files: Files, config: MkDocsConfig) -> Files:
    try:
        figures = _generator(config).render_all()
    except Exception as error:  # the lesson's own error, named
        raise PluginError(f"figures hook: could not draw the lesson figures: {type(error).__name__}: {error}") from error
    for uri, svg in figures.items():
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"figures hook: {uri} is generated; remove docs/{uri}")
        files.append(File.generated(config, uri, content=svg))
    return files
