"""The post-build pipeline: the steps that finish the site once the generator has written it.

The generator (``properdocs build``, with the Markdown-level hooks of ``overrides/hooks/``)
writes the pages; then :func:`run` runs each step of :data:`STEPS`, in order, over the built
folder. A step is a plain function ``step(site: Path, context: Context) -> None`` in a module of
this package: it reads the finished files under ``site``, rewrites them or writes new ones, and
raises :class:`~postbuild.shared.StepError` when it cannot. Nothing here imports MkDocs or
ProperDocs, so any generator that writes the same folder can be finished by the same steps.

What a step needs from the build besides the folder is in :class:`Context`, read from
``mkdocs.yml`` with plain YAML (:meth:`Context.from_config`): the address the site is built for,
the site's own style sheets, the folders of the notebooks' pages, and whether the site is being
served for editing. Every HTML file in the folder is a page (the sitemap's) or ``404.html``, but for
:data:`NOT_PAGES`, which the steps leave as they are.

The order (:data:`STEPS`):

1. ``scripts``: the site's own scripts minified (first: the steps that hash what they serve hash those);
2. files the site ships beside its pages: ``vendor`` (KaTeX's styles and fonts), ``pyodide``
   (the Python runtime), ``model_files`` (the lab's model);
3. rewrites of the finished HTML: ``table_slots`` (each table of a page's text in a box of its own),
   ``runner_slots`` (each lesson block the runner takes served with its toolbar and output panel; after
   the search index is written, so the controls' words stay out of it), ``code_later`` (code past the first screen coloured once the page is idle; before ``katex``, so that
   both count a page's text the same way, formulas by their TeX), ``katex`` (every formula typeset),
   ``material_storage`` (Material's saved settings read safely), ``search`` (the course's search worker named in every page, the site's text
   out of Material's index), ``notebook_pages`` (a notebook's styles cut, its figures in
   files), ``stylesheets`` (one style sheet for the site's own), ``not_found`` (``404.html`` works
   under any path), ``csp`` (the Content-Security-Policy, computed from the HTML as served, so
   last of the rewrites);
4. ``service_worker``: ``sw.js``, whose precache lists every file as built, so last of all.

Who runs it: ``./dev.sh build`` (``python -m postbuild site``, after ``properdocs build``),
:func:`site_examples.browser.build_site` (the tests' build and the benchmarks'), and, under
``./dev.sh serve``, the hook ``overrides/hooks/serve_pipeline.py`` after each rebuild (only under
``serve``: a build runs the pipeline itself, once).
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

from postbuild.shared import ROOT, StepError, read_text, write_text

__all__ = ["NOT_PAGES", "STEPS", "Context", "StepError", "html_files", "rewrite_pages", "run", "steps"]

# The HTML files of the site that are no pages (from the site's root): the document Python's worker is
# started in (docs/runner/python-frame.html), which carries a policy of its own, not the pages' (the csp
# step would add theirs), and no part of Material's page (the other rewrites have nothing to do there).
NOT_PAGES = ("runner/python-frame.html",)

# The steps, in the order they run (the module docstring says why this order).
STEPS = (
    "scripts",
    "vendor",
    "pyodide",
    "model_files",
    "table_slots",
    "runner_slots",
    "code_later",
    "katex",
    "material_storage",
    "search",
    "notebook_pages",
    "stylesheets",
    "not_found",
    "csp",
    "service_worker",
)


@dataclass(frozen=True)
class Context:
    """What the steps know of the build besides the built folder.

    Attributes:
        site_url: the address the site is built to be served from (``site_url`` of mkdocs.yml).
        extra_css: the style sheets every page links (``extra_css``), in order.
        notebook_folders: the folders of the site that hold the notebooks' pages (the keys of
            mkdocs-jupyter's ``notebook_dirs``).
        serving: the site is being served for editing (``./dev.sh serve``): no service worker.
    """

    site_url: str
    extra_css: tuple[str, ...] = ()
    notebook_folders: tuple[str, ...] = ()
    serving: bool = False

    @classmethod
    def from_config(cls, config_file: Path = ROOT / "mkdocs.yml", *, serving: bool = False) -> Context:
        """The context of a build of ``config_file``, read with plain YAML.

        ``!ENV [NAME, ..., default]`` is read as MkDocs reads it (the first variable set, else the
        default); other tags (``!!python/name:``) are not needed here and read as None.
        """
        config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=_ConfigLoader)
        notebooks: tuple[str, ...] = ()
        for plugin in config.get("plugins") or []:
            if isinstance(plugin, dict) and "mkdocs-jupyter" in plugin:
                notebooks = tuple((plugin["mkdocs-jupyter"] or {}).get("notebook_dirs") or {})
        return cls(
            site_url=str(config.get("site_url") or ""),
            extra_css=tuple(str(sheet) for sheet in config.get("extra_css") or []),
            notebook_folders=notebooks,
            serving=serving,
        )


class _ConfigLoader(yaml.SafeLoader):
    """YAML's safe loader, with MkDocs' ``!ENV`` tag and every other tag read as None."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    else:
        values = loader.construct_sequence(node)
        names, default = values[:-1], values[-1]
    return next((os.environ[name] for name in names if name in os.environ), default)


_ConfigLoader.add_constructor("!ENV", _env)
_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def html_files(site: Path) -> list[Path]:
    """Every HTML page of the built ``site``, in order of path: its pages and ``404.html`` (not :data:`NOT_PAGES`)."""
    return sorted(page for page in site.rglob("*.html") if page.relative_to(site).as_posix() not in NOT_PAGES)


def rewrite_pages(site: Path, rewrite: Callable[[str], str]) -> None:
    """Each HTML file of ``site`` through ``rewrite``, written back where it changed (for the steps that change the
    HTML alone, page by page, whatever the page)."""
    for page in html_files(site):
        text = read_text(page)
        if (changed := rewrite(text)) != text:
            write_text(page, changed)


Step = Callable[[Path, Context], None]


def steps(names: tuple[str, ...] = STEPS) -> list[tuple[str, Step]]:
    """Each step's name and function, in order."""
    return [(name, importlib.import_module(f"postbuild.{name}").step) for name in names]


def run(site: Path, context: Context, log: Callable[[str], None] = print) -> None:
    """Run every step over the built ``site``, in order; ``log`` gets one line a step (its name and seconds).

    Raises:
        StepError: a step failed (the message names it); the steps after it did not run.
        FileNotFoundError: ``site`` is not a built site (it has no ``index.html``).
    """
    if not (site / "index.html").is_file():
        raise FileNotFoundError(f"post-build: {site} holds no index.html: build the site first")
    for name, step in steps():
        started = time.perf_counter()
        step(site, context)
        log(f"post-build: {name} ({time.perf_counter() - started:.1f} s)")
