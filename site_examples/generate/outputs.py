"""Rewrite the ```output blocks of lesson pages with what their code prints now.

    .venv/bin/python -m site_examples.generate.outputs docs/lessons/some-lesson.md [...]

For authors: write a lesson's ```python blocks with an ```output fence under
each one whose output the reader should see (its content may be empty), run
this, then read every output it wrote before committing — it records what the
code does, not what it should do. CI (Sybil, conftest.py) then fails whenever
code and output drift apart. Blocks run in order in one namespace per page,
through site_examples/cell.py, exactly as in CI and in the reader's browser.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np

from site_examples import cell

# A ```python block, optionally followed (after blank lines) by an ```output block.
# Both may be indented alike (inside an admonition such as an exercise's
# collapsible solution); the code runs dedented and the output is re-indented.
BLOCK = re.compile(
    r"^(?P<indent>[ \t]*)```python\n(?P<code>.*?)^(?P=indent)```\n(?P<gap>\n*)"
    r"(?:(?P=indent)```output\n(?P<output>.*?)^(?P=indent)```\n)?",
    re.S | re.M,
)


def _dedent(code: str, indent: str) -> str:
    return "".join(line[len(indent) :] if line.startswith(indent) else line for line in code.splitlines(True))


def _indent(text: str, indent: str) -> str:
    return "".join(indent + line if line.strip() else line for line in text.splitlines(True))


def refresh(text: str, name: str) -> str:
    namespace: dict = {"__name__": "__main__"}
    defaults = np.get_printoptions()
    pieces, position = [], 0
    try:
        for match in BLOCK.finditer(text):
            indent, code = match.group("indent"), match.group("code")
            if code.lstrip().startswith(">>>"):
                continue  # doctests carry their own expected output
            printed = cell.run_cell(_dedent(code, indent), namespace, name)
            if match.group("output") is None:
                continue
            output = _indent(printed.rstrip() + "\n", indent)
            pieces.append(text[position : match.start()])
            pieces.append(
                f"{indent}```python\n{code}{indent}```\n{match.group('gap')}"
                f"{indent}```output\n{output}{indent}```\n"
            )
            position = match.end()
    finally:
        np.set_printoptions(**defaults)
    pieces.append(text[position:])
    return "".join(pieces)


def main(paths: list[str]) -> None:
    if not paths:
        sys.exit(__doc__)
    for path in map(Path, paths):
        before = path.read_text(encoding="utf-8")
        after = refresh(before, str(path))
        if after != before:
            path.write_text(after, encoding="utf-8")
            print(f"updated {path}")
        else:
            print(f"unchanged {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
