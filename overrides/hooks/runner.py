"""MkDocs hook: the in-page runner's build-time parts.

- :mod:`site_examples.cell`, published at ``runner/cell.py``.
  ``docs/runner/worker.js`` fetches ``cell.py`` from beside itself and installs
  it in Pyodide as ``lesson_cell``, so a reader's block runs through the very
  function that the Sybil tests (``conftest.py``) and the generators call. The
  file lives with that other code in ``site_examples/``; the site serves it,
  unchanged, at the address the worker asks for.
- The lesson blocks' editor, ``docs/runner/editor.js``: CodeMirror 6 and its
  Python language, installed by ``npm ci`` from ``package-lock.json``, bundled
  by esbuild (also from ``node_modules``) into one self-contained file
  published at ``runner/editor.js`` in place of its source, with the licences
  of every package bundled into it at ``runner/editor-licenses.txt``. The
  bundle is cached, keyed by the lock file, the source and this hook, so a
  rebuild that changes none of them runs no esbuild.
- The blocks the runner takes over get Material's ``no-copy`` class, so that
  Material adds no copy button to them (the runner's toolbar has its own Copy,
  which copies the code as the reader edited it). Material inserting a button
  into each of a lesson's blocks (``blocks`` in docs/data/runner-figures.json),
  and measuring each after it, was the
  longest part of the page's first task. Which blocks the runner takes is
  decided here (:func:`_taken_by_runner`); ``docs/runner/runner.js`` mounts
  the blocks marked so, and ``tests/browser/test_runner.py`` checks that every
  marked block is mounted and no other.
- Each such block, with its output block, is served inside a ``<div
  class="runner-slot">`` of its own. The post-build step
  ``postbuild/runner_slots.py`` writes the runner's box into it (the page's
  bar, the toolbar, the output panel), after the search index is made from
  these pages, and the runner adopts that box. Material's rule for whatever
  follows a class-less table has the browser restyle every element of a
  container into which an element with a class is inserted (or whose child's
  class changes); built straight into the lesson, the runner restyled the
  whole lesson once more as it mounted (traced on a long lesson in cc410da).
  Inside the slot, only the slot is.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import File, Files
from properdocs.structure.pages import Page

import _build
from postbuild.shared import StepError, esbuild_bundle
from site_examples import cell
from site_examples.material_adapter import NO_COPY

SITE_PATH = "runner/cell.py"
EDITOR_PATH = "runner/editor.js"
EDITOR_LICENSES_PATH = "runner/editor-licenses.txt"
EDITOR_SOURCE = _build.ROOT / "docs" / EDITOR_PATH
# Chromium, Firefox and Safari of the last years all run this; nothing needs transpiling beyond it.
BANNER = "/* The lesson blocks' editor: CodeMirror 6 and the packages editor-licenses.txt (beside this file) names, bundled. */"
ESBUILD_ARGS = ("--bundle", "--format=esm", "--minify", "--target=es2020", "--legal-comments=none", "--charset=utf8", f"--banner:js={BANNER}")


def build_editor(cache: Path) -> tuple[Path, Path]:
    """The editor bundle and its licences, from the cache or built now; returns their two paths.

    Raises:
        PluginError: esbuild is not installed (``npm ci``), or it failed (its message included).
    """
    try:
        return esbuild_bundle(
            EDITOR_SOURCE, EDITOR_PATH, ESBUILD_ARGS, cache, ("editor.js", "editor-licenses.txt"), [Path(__file__).resolve()], "runner hook"
        )
    except StepError as error:
        raise PluginError(str(error)) from None


def on_files(files: Files, config: ProperDocsConfig) -> Files:
    if files.get_file_from_path(SITE_PATH) is not None:
        raise PluginError(f"runner hook: {SITE_PATH} is site_examples/cell.py, published here; remove docs/{SITE_PATH}")
    files.append(File.generated(config, SITE_PATH, abs_src_path=cell.__file__))
    source = files.get_file_from_path(EDITOR_PATH)
    if source is None:
        raise PluginError(f"runner hook: docs/{EDITOR_PATH}, the editor's source, is missing")
    files.remove(source)  # its imports name npm packages: the site serves the bundle instead
    bundle, licenses = build_editor(_build.cache_dir() / "runner")
    files.append(File.generated(config, EDITOR_PATH, abs_src_path=str(bundle)))
    files.append(File.generated(config, EDITOR_LICENSES_PATH, abs_src_path=str(licenses)))
    return files


# A Python block as Markdown renders it: the comment just before it, its code, and the output block
# right after it (the runner shows that output in its own panel and removes the block).
PYTHON_BLOCK = re.compile(
    r'(?:<!--(?P<comment>(?:(?!-->).)*)-->\s*)?(?P<block><div class="language-python highlight">(?P<pre>.*?</code></pre></div>)'
    r'(?:\s*(?P<output><div class="language-output highlight">.*?</code></pre></div>))?)',
    re.S,
)
SKIP_NEXT = re.compile(r"^\s*skip:\s*next\b")


def _taken_by_runner(match: re.Match[str]) -> bool:
    """The runner's rule: not a doctest-style example (``>>>``), not after ``<!-- skip: next ... -->``."""
    code = html.unescape(re.sub(r"<[^>]+>", "", match.group("pre")))
    comment = match.group("comment")
    return not code.lstrip().startswith(">>>") and not (comment is not None and SKIP_NEXT.match(comment))


def mark_runner_blocks(content: str) -> str:
    """The page's HTML with each block the runner takes over (and its output block) marked and in a slot of its own.

    Marked: Material's ``no-copy`` class. The comment before a block stays outside its slot.

    >>> mark_runner_blocks('<div class="language-python highlight"><pre><code>x\\n</code></pre></div>\\n'
    ...                    '<div class="language-output highlight"><pre><code>1\\n</code></pre></div>')
    '<div class="runner-slot"><div class="language-python highlight no-copy"><pre><code>x\\n</code></pre></div>\\n<div class="language-output highlight no-copy"><pre><code>1\\n</code></pre></div></div>'
    >>> mark_runner_blocks('<div class="language-python highlight"><pre><code>&gt;&gt;&gt; 1\\n</code></pre></div>')
    '<div class="language-python highlight"><pre><code>&gt;&gt;&gt; 1\\n</code></pre></div>'
    """
    if "jupyter-wrapper" in content:  # a notebook's cells are not the runner's
        return content

    def mark(match: re.Match[str]) -> str:
        if not _taken_by_runner(match):
            return match.group(0)
        block = match.group("block")
        for kind in ("python", "output"):
            plain = f'<div class="language-{kind} highlight">'
            block = block.replace(plain, f'{plain[:-2]} {NO_COPY}">', 1)
        return match.group(0)[: match.start("block") - match.start(0)] + f'<div class="runner-slot">{block}</div>'

    return PYTHON_BLOCK.sub(mark, content)


def on_page_content(content: str, page: Page, config: ProperDocsConfig, files: Files) -> str:
    return mark_runner_blocks(content)
