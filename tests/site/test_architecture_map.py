"""The map that opens docs/architecture.md ("Where does it live?") points at files and names that exist.

Each row of its tables names one or more places as ``file:name``. The file
must exist, and define the name: in Python, a top-level ``def``, ``class`` or
assignment, or ``Class.member`` (a method or attribute of that class), read
with ``ast``; in JavaScript, a ``function NAME``, ``const``/``let``/``var``
``NAME``, ``class NAME`` or a method ``NAME(...) {`` (``Class.method``: both
defined in the file); in any other file (CSS, YAML, JSON, shell, lock files)
the name must occur in its text. A rename that leaves the map behind fails
here, with the row.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.helpers import ROOT

PAGE = ROOT / "docs" / "architecture.md"
SECTION = "## Where does it live?"
PLACE = re.compile(r"`(?P<file>[\w./-]+\.\w+|[\w.-]*/[\w./-]+|dev\.sh):(?P<name>[^`]+)`")


def map_rows(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(what, [(file, name), ...]) for every table row of the section "Where does it live?"."""
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    section = text[start : end if end != -1 else len(text)]
    rows = []
    for line in section.splitlines():
        if not line.startswith("|") or re.fullmatch(r"\|[\s|:-]+\|", line) or line.startswith("| what |"):
            continue
        cells = [cell.strip() for cell in line.strip("|").split(" | ")]
        assert len(cells) == 2, f"a row of the map needs two cells, what and where: {line}"
        rows.append((cells[0], [(m.group("file"), m.group("name")) for m in PLACE.finditer(cells[1])]))
    return rows


def _python_names(source: str) -> dict[str, set[str]]:
    """Top-level names of a module ("" key), and the members of each top-level class."""
    tree = ast.parse(source)
    names: dict[str, set[str]] = {"": set()}

    def targets(node: ast.stmt) -> list[str]:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return [node.name]
        if isinstance(node, ast.Assign):
            found = []
            for target in node.targets:
                elements = target.elts if isinstance(target, ast.Tuple) else [target]
                found += [e.id for e in elements if isinstance(e, ast.Name)]
            return found
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            return [node.target.id]
        return []

    for node in tree.body:
        names[""].update(targets(node))
        if isinstance(node, ast.ClassDef):
            names[node.name] = {name for member in node.body for name in targets(member)}
    return names


def _js_defines(source: str, name: str) -> bool:
    word = re.escape(name)
    patterns = [
        rf"\bfunction\s*\*?\s*{word}\s*\(",
        rf"\b(?:const|let|var)\s+{word}\b",
        rf"\bclass\s+{word}\b",
        rf"^\s*(?:static\s+)?(?:async\s+)?(?:get\s+|set\s+)?{word}\s*\([^)]*\)\s*\{{",
    ]
    return any(re.search(pattern, source, re.M) for pattern in patterns)


def defines(path: Path, name: str) -> bool:
    """Whether the file at ``path`` defines ``name`` (by the rules of this module's docstring)."""
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        names = _python_names(source)
        if "." in name:
            owner, member = name.split(".", 1)
            return member in names.get(owner, set())
        return name in names[""]
    if path.suffix in (".js", ".mjs"):
        return all(_js_defines(source, part) for part in name.split("."))
    return name in source


ROWS = map_rows(PAGE.read_text(encoding="utf-8"))


def test_the_map_is_the_first_section_and_has_its_rows() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert text.index("\n## ") == text.index("\n" + SECTION), "the page opens with the map"
    assert 35 <= len(ROWS) <= 60, len(ROWS)
    for what, places in ROWS:
        assert places, f"the row {what!r} names no file:name"


@pytest.mark.parametrize(("what", "places"), ROWS, ids=[what for what, _ in ROWS])
def test_every_place_exists(what: str, places: list[tuple[str, str]]) -> None:
    for file, name in places:
        path = ROOT / file
        assert path.is_file(), f"{what!r}: {file} does not exist"
        assert defines(path, name), f"{what!r}: {file} does not define {name!r}"


def test_the_check_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("X = 1\nclass C:\n    y = 2\n    def run(self):\n        pass\ndef f():\n    z = 3\n", encoding="utf-8")
    assert all(defines(module, name) for name in ("X", "C", "f", "C.run", "C.y"))
    assert not any(defines(module, name) for name in ("z", "run", "C.z", "D.run", "Y"))
    script = tmp_path / "s.js"
    script.write_text(
        "const LIMIT = 5;\nexport function go(a) {}\nclass Box {\n  async open(x) {\n    return 1;\n  }\n}\n",
        encoding="utf-8",
    )
    assert all(defines(script, name) for name in ("LIMIT", "go", "Box", "open", "Box.open"))
    assert not any(defines(script, name) for name in ("LIMITS", "close", "Box.close", "return"))
    rows = map_rows(f"# Page\n\n{SECTION}\n\n| what | where |\n| --- | --- |\n| a cap | `docs/runner/runner.js:NO_SUCH_NAME` |\n\n## Next\n")
    assert rows == [("a cap", [("docs/runner/runner.js", "NO_SUCH_NAME")])]
    assert not defines(ROOT / "docs/runner/runner.js", "NO_SUCH_NAME")
