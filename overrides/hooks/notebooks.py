"""MkDocs hook: of ``site_examples/``, the site publishes the notebooks only.

mkdocs-jupyter mounts the whole folder at ``examples/`` (``notebook_dirs`` in
mkdocs.yml) and renders the files its ``include`` names, the notebooks
(``site_examples/*-*.py``: hyphenated, so never mistaken for a module). Every
other file there, the modules of the ``site_examples`` package and their
bytecode, it would copy into the site as they are: this hook drops them. A
notebook's source still goes beside its page (``include_source``).
"""

from __future__ import annotations

from pathlib import Path

from properdocs.config.defaults import ProperDocsConfig
from properdocs.structure.files import File, Files

from _build import ROOT

FOLDER = ROOT / "site_examples"


def unpublished(file: File) -> bool:
    """A file found in ``site_examples/`` that is not a page: not a notebook that mkdocs-jupyter renders.

    Files that a hook generates from there (``runner/cell.py``) are published.
    """
    if file.abs_src_path is None or file.generated_by is not None or file.is_documentation_page():
        return False
    return FOLDER in Path(file.abs_src_path).resolve().parents


def on_files(files: Files, config: ProperDocsConfig) -> Files:
    return Files([file for file in files if not unpublished(file)])
