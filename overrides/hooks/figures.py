"""MkDocs hook: add the lessons' generated figures to the site.

The figures are drawn by :mod:`site_examples.generate.figures` from the code of
the lessons they illustrate (which computes everything with the ``attention``
package), at every build, and added as files under ``images/generated/``.
Nothing is written into ``docs/``; a figure that cannot be drawn fails the
build with the lesson's own error.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

import _build  # noqa: F401 - the checkout's packages, importable (see _build)
from site_examples.generate import figures


def on_files(files: Files, config: MkDocsConfig) -> Files:
    try:
        drawn = figures.render_all()
    except Exception as error:  # the lesson's own error, named
        raise PluginError(f"figures hook: could not draw the lesson figures: {type(error).__name__}: {error}") from error
    for uri, svg in drawn.items():
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"figures hook: {uri} is generated; remove docs/{uri}")
        files.append(File.generated(config, uri, content=svg))
    return files
