"""Collect the lessons and the docstrings as tests, with Sybil.

Lessons (``docs/**/*.md``): every fence whose info string is exactly
``python`` runs, one namespace per page, top to bottom, through
``site_examples/cell.py`` (the same function the in-page runner uses). A
```` ```output ```` fence right after a code block must equal what that block
printed. A ``python`` fence that starts with ``>>>`` is a doctest. A block may
be left out only with ``<!-- skip: next "reason" -->``; ``tests/site/
test_doc_examples.py`` checks that every page yields exactly as many examples
as it has fences, so nothing escapes silently.

Package (``attention/**/*.py``): the ``>>>`` examples in docstrings run as doctests.

This file also puts the repository root on ``sys.path``, for every test: the
tests import ``site_examples`` (and their helpers, ``tests.helpers``) from it;
and it loads ``tests/site_build.py``, which serves the site ``./dev.sh test`` built
before pytest started and keeps each lesson's examples together on one worker.
"""

from __future__ import annotations

import difflib
import sys
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

import numpy as np
from sybil import Example, Sybil
from sybil.evaluators.doctest import DocTestEvaluator
from sybil.parsers.abstract.doctest import DocTestStringParser
from sybil.parsers.markdown import ClearNamespaceParser, CodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

ROOT = Path(__file__).parent
if str(ROOT) not in sys.path:  # whatever --import-mode, and wherever pytest is started
    sys.path.insert(0, str(ROOT))

from site_examples.cell import run_cell  # noqa: E402

pytest_plugins = ["tests.site_build"]

DOCTEST_FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE
# numpy's print options are process-wide, but each page runs in a fresh
# interpreter in the reader's browser: start and leave every page at the defaults.
_PRINT_DEFAULTS = np.get_printoptions()


def _fresh_numpy_printing(namespace: dict) -> None:
    np.set_printoptions(**_PRINT_DEFAULTS)


def _normalise(text: str) -> str:
    """Output as compared: trailing spaces and trailing blank lines do not count."""
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines())


def _fence_body(example: Example) -> str:
    """An ```output block's text exactly as written, minus only its fence's own indentation.

    (Sybil's lexer also removes the indentation common to all its lines, which
    would hide a difference in leading spaces that a printed table can have.)
    """
    lines = example.document.text[example.region.start : example.region.end].splitlines()
    indent = len(lines[0]) - len(lines[0].lstrip())
    return "\n".join(line[indent:] for line in lines[1:-1])


def evaluate_code(example: Example) -> None:
    """Run a ```python block as a cell and remember what it printed, for an ```output block."""
    source = str(example.parsed)
    filename = f"{example.path}:{example.line}"
    example.document.last_cell = (example.region.end, run_cell(source, example.namespace, filename))


def evaluate_output(example: Example) -> str | None:
    """Compare an ```output block with the output of the code block right above it."""
    last = getattr(example.document, "last_cell", None)
    between = example.document.text[last[0] : example.region.start] if last else "no code block"
    if last is None or between.strip():
        return (
            "an ```output block must directly follow the ```python block whose output it shows "
            "(if that block is skipped, skip this block too)"
        )
    expected, actual = _normalise(_fence_body(example)), _normalise(last[1])
    if expected == actual:
        return None
    diff = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), "output block in the lesson", "what the code printed", lineterm=""
    )
    return "the code block's output differs from its ```output block:\n" + "\n".join(diff)


class LessonCodeParser:
    """```python fences: cells, or doctests when they start with ``>>>``."""

    def __init__(self) -> None:
        self.cells = CodeBlockParser("python", evaluate_code)
        self.doctests = DocTestStringParser(DocTestEvaluator(DOCTEST_FLAGS))

    def __call__(self, document):
        for region in self.cells(document):
            source = region.parsed  # a Lexeme: keeps its offset for adjust() below
            if source.lstrip().startswith(">>>"):
                for doctest_region in self.doctests(source, document.path):
                    doctest_region.adjust(region, source)
                    yield doctest_region
            else:
                yield region


LESSON_PARSERS = [
    LessonCodeParser(),
    CodeBlockParser("output", evaluate_output),
    SkipParser(),
    ClearNamespaceParser(),
]

# Patterns are fnmatch-style: "*" also matches "/", so "*.md" is every page at any depth.
lessons = Sybil(
    parsers=LESSON_PARSERS,
    path="docs",
    patterns=["*.md"],
    setup=_fresh_numpy_printing,
    teardown=_fresh_numpy_printing,
    name="lessons",
)
docstrings = Sybil(
    parsers=[DocTestParser(optionflags=DOCTEST_FLAGS)], path="attention", patterns=["*.py"], name="docstrings"
)

pytest_collect_file = (lessons + docstrings).pytest()
