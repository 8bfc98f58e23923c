"""The lessons' code passes ruff: no undefined name, no unused import, no useless expression, no known bug pattern.

Sybil runs each block and compares what it prints; a linter finds what
running does not: an import no block uses, a loop variable a closure reads
late, a bare expression in the middle of a block that the reader expects to
see printed and never will. The blocks linted are the ones Sybil runs (the
root ``conftest.py``'s parser: fences whose info string is exactly
``python``). Each page's blocks become the cells of one notebook, in the
page's order, because they share one namespace: ruff lints a notebook as one
module, so a name defined in block 3 is defined in block 7. A notebook
rather than one long module because a block ends as a notebook cell does
(``site_examples/cell.py``): its last expression is shown, so there it is
not useless; ruff's notebook mode knows that, and still reports a useless
expression anywhere else. A ``>>>`` block becomes one cell per example, and
``<!-- clear-namespace -->`` starts a new notebook. Every finding is
reported at its line of the Markdown file, with the rule.
"""

from __future__ import annotations

import doctest
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from sybil import Document
from sybil.parsers.markdown import ClearNamespaceParser

from tests.helpers import ROOT, load_root_conftest

DOCS = ROOT / "docs"

# The errors a reader would trip on, not matters of style: lesson code is
# written to be read beside a formula (`l`, one-letter names, long lines).
SELECT = [
    "F",  # pyflakes: undefined names, unused imports and variables, redefinitions, f-strings with nothing to format
    "E9",  # a file ruff cannot read (syntax errors are always reported, as invalid-syntax)
    "E71",  # `x == None`, `flag == True`, `not a in b`: comparisons not to teach
    "E72",  # `type(a) == type(b)`, a bare `except:`
    "W605",  # an invalid escape sequence, "\s" where a formula's backslash wanted r"\s"
    "B",  # bugbear: closures over a loop variable, mutable default arguments, useless expressions (B018)
    "PLE",  # pylint's errors: statements that fail when they run
    "NPY",  # numpy's legacy random API and the aliases numpy 2 removed (the lessons run on numpy 2.0.2)
]
IGNORE = [
    "B905",  # zip() without strict=: the lessons zip sequences of equal length by construction; strict= would be noise
]


@dataclass(frozen=True)
class Cell:
    """One cell of a page's notebook: its code, and the Markdown line its first line is on."""

    source: str
    line: int


def notebooks(page: Path) -> list[list[Cell]]:
    """The page's ```python blocks as the cells of one notebook per namespace (the page's order)."""
    document = Document(page.read_text(encoding="utf-8"), str(page))
    blocks = load_root_conftest().LessonCodeParser().cells(document)  # the parser Sybil runs the blocks with
    clears = ClearNamespaceParser()(document)
    found: list[list[Cell]] = [[]]
    for _, region in sorted([(r.start, r) for r in blocks] + [(r.start, None) for r in clears], key=lambda p: p[0]):
        if region is None:  # a clear-namespace directive: what follows runs in a fresh namespace
            found.append([])
            continue
        source = str(region.parsed)
        # The fence's body starts on this line; Sybil removes the block's common indentation, never a line.
        first = document.text.count("\n", 0, region.start + region.parsed.offset) + 1
        if source.lstrip().startswith(">>>"):  # a doctest, as the root conftest.py runs it: one cell per example
            examples = doctest.DocTestParser().get_examples(source)
            found[-1] += [Cell(example.source, first + example.lineno) for example in examples]
        else:
            found[-1].append(Cell(source, first))
    return [cells for cells in found if cells]


def _notebook_json(cells: list[Cell]) -> str:
    """A Jupyter notebook (nbformat 4) of these cells, without outputs: all of a notebook ruff reads."""
    return json.dumps(
        {
            "cells": [
                {"cell_type": "code", "execution_count": None, "id": f"block-{i}", "metadata": {}, "outputs": [],
                 "source": cell.source.splitlines(keepends=True)}
                for i, cell in enumerate(cells)
            ],
            "metadata": {"language_info": {"name": "python"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )  # fmt: skip


def lint(docs: Path, work: Path) -> list[str]:
    """Every finding of ruff in the pages under ``docs``, as ``page.md:line: RULE message``."""
    made: dict[str, tuple[Path, list[Cell]]] = {}  # notebook's file name -> (its page, its cells)
    for page in sorted(docs.rglob("*.md")):
        for cells in notebooks(page):
            name = f"{len(made)}.ipynb"
            (work / name).write_text(_notebook_json(cells), encoding="utf-8")
            made[name] = (page, cells)
    if not made:
        return []
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache", "--target-version", "py312",
         "--select", ",".join(SELECT), "--ignore", ",".join(IGNORE), "--output-format", "json", str(work)],
        check=False, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode in (0, 1), f"ruff failed to run:\n{result.stderr}"  # 1: it found something
    return [_report(finding, *made[Path(finding["filename"]).name], docs) for finding in json.loads(result.stdout)]


def _report(finding: dict, page: Path, cells: list[Cell], docs: Path) -> str:
    """One finding of ruff as ``page.md:line: RULE message``, its cells and rows said as lines of the page."""
    number, row = finding["cell"], finding["location"]["row"]
    line = _page_line(cells, number, row)
    # The mapping back is exact: the page's line is the line ruff read (after the >>> prompt, in a doctest).
    on_page = page.read_text(encoding="utf-8").splitlines()[line - 1]
    read = cells[number - 1].source.splitlines()[row - 1]
    assert on_page.rstrip().endswith(read.strip()), (page, line, on_page, read)
    # "from cell 2, line 1" (where F811's name was first defined) becomes a line of the page too.
    message = re.sub(
        r"cell (\d+), line (\d+)", lambda m: f"line {_page_line(cells, int(m[1]), int(m[2]))}", finding["message"]
    )
    return f"{page.relative_to(docs.parent).as_posix()}:{line}: {finding['code']} {message}"


def _page_line(cells: list[Cell], number: int, row: int) -> int:
    """The Markdown line of row ``row`` of cell ``number`` (both counted from 1, as ruff counts them)."""
    return cells[number - 1].line + row - 1


def test_the_lessons_code_passes_ruff(tmp_path: Path) -> None:
    findings = lint(DOCS, tmp_path)
    assert not findings, f"ruff ({' '.join(SELECT)}) finds in the lessons' code blocks:\n" + "\n".join(findings)


def test_the_linter_finds_mistakes_at_their_line_of_the_page(tmp_path: Path) -> None:
    """A page with one mistake of each kind the lint exists for; each is found at its Markdown line, and only those."""
    docs = tmp_path / "docs"
    docs.mkdir()
    page = """\
# A lesson

```python
import numpy as np
import math

x = np.arange(3)
x
```

A block in an admonition, indented:

!!! note

    ```python
    x.shape
    y = x + z
    x.sum()
    ```

```python
scales = [lambda: s for s in range(3)]
```

<!-- clear-namespace -->

```python
x
```

```python
>>> big = np.ones(2)
>>> big.max()
1.0
```
"""
    (docs / "lesson.md").write_text(page, encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    found = lint(docs, work)
    assert [finding.split(" ")[0:2] for finding in found] == [
        ["docs/lesson.md:5:", "F401"],  # math: imported, never used
        ["docs/lesson.md:16:", "B018"],  # x.shape mid-block: nothing shows it (x, line 8, and x.sum(), 18, are shown)
        ["docs/lesson.md:17:", "F821"],  # z: defined nowhere on the page
        ["docs/lesson.md:22:", "B023"],  # each lambda reads s when it is called, after the loop: always 2
        ["docs/lesson.md:28:", "F821"],  # x, after the namespace was cleared
        ["docs/lesson.md:32:", "F821"],  # np, in the doctest after the clear
    ], "\n".join(found)
