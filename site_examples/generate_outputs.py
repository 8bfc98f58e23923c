"""Rewrite the ```output blocks of lesson pages with what their code prints now.

    .venv/bin/python site_examples/generate_outputs.py docs/lessons/some-lesson.md [...]

For authors: write a lesson's ```python blocks with an ```output fence under
each one whose output the reader should see (its content may be empty), run
this, then read every output it wrote before committing — it records what the
code does, not what it should do. CI (Sybil, conftest.py) then fails whenever
code and output drift apart. Blocks run in order in one namespace per page,
through docs/runner/cell.py, exactly as in CI and in the reader's browser.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lesson_cell", ROOT / "docs" / "runner" / "cell.py")
_cell = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cell)

# A ```python block, optionally followed (after blank lines) by an ```output block.
BLOCK = re.compile(r"^```python\n(?P<code>.*?)^```\n(?P<gap>\n*)(?:```output\n(?P<output>.*?)^```\n)?", re.S | re.M)


def refresh(text: str, name: str) -> str:
    namespace: dict = {"__name__": "__main__"}
    defaults = np.get_printoptions()
    pieces, position = [], 0
    try:
        for match in BLOCK.finditer(text):
            code = match.group("code")
            if code.lstrip().startswith(">>>"):
                continue  # doctests carry their own expected output
            printed = _cell.run_cell(code, namespace, name)
            if match.group("output") is None:
                continue
            pieces.append(text[position : match.start()])
            pieces.append(f"```python\n{code}```\n{match.group('gap')}```output\n{printed.rstrip()}\n```\n")
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
