"""MkDocs hook: the build stops at once when the installed Material is not the release the theme adapter was traced on.

Also: Material's search index holds its config only, and the site's text waits in a file of its own until the
reader first searches (``site_examples/material_adapter.py``: ``split_search_index``), for the course's search
worker (``docs/javascripts/search-worker.js``), which each page's configuration names instead of Material's.

Everything the course assumes about Material for MkDocs is in
``site_examples/material_adapter.py`` and ``docs/javascripts/material-adapter.js``,
checked against one release by ``tests/site/test_material_contract.py``.
A different release may have changed any of it without a word, so the build
refuses it with the two versions named; "Maintaining the course" says how to
move the pin.
"""

from __future__ import annotations

from pathlib import Path

import _build  # noqa: F401 - puts the checkout's packages on sys.path
from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.pages import Page

from site_examples.material_adapter import (
    MaterialVersionError,
    check_material_version,
    name_material_worker,
    split_search_index,
    with_course_search_worker,
)


def on_config(config: ProperDocsConfig) -> ProperDocsConfig:
    try:
        check_material_version()
    except MaterialVersionError as error:
        raise PluginError(str(error)) from error
    return config


def _course_worker(html: str, where: str) -> str:
    result = with_course_search_worker(html)
    if result is None:
        raise PluginError(f"theme hook: {where}: Material's search worker was not found in the page's configuration")
    return result


def on_post_page(output: str, page: Page, config: ProperDocsConfig) -> str:
    return _course_worker(output, f"docs/{page.file.src_uri}")


def on_post_template(output: str, template_name: str, config: ProperDocsConfig) -> str:
    return _course_worker(output, template_name) if template_name.endswith(".html") else output


def on_post_build(config: ProperDocsConfig) -> None:
    try:
        split_search_index(Path(config.site_dir))
        name_material_worker(Path(config.site_dir))
    except (OSError, ValueError, KeyError) as error:
        raise PluginError(f"theme hook: {error}") from error
