"""MkDocs hook: the in-page runner's Python half, :mod:`site_examples.cell`, published at ``runner/cell.py``.

``docs/runner/worker.js`` fetches ``cell.py`` from beside itself and installs
it in Pyodide as ``lesson_cell``, so a reader's block runs through the very
function that the Sybil tests (``conftest.py``) and the generators call. The
file lives with that other code in ``site_examples/``; the site serves it,
unchanged, at the address the worker asks for.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

import _build  # noqa: F401 - the checkout's packages, importable (see _build)
from site_examples import cell

SITE_PATH = "runner/cell.py"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    if files.get_file_from_path(SITE_PATH) is not None:
        raise PluginError(f"runner hook: {SITE_PATH} is site_examples/cell.py, published here; remove docs/{SITE_PATH}")
    files.append(File.generated(config, SITE_PATH, abs_src_path=cell.__file__))
    return files
