"""No file outside the theme adapter names a Material class, attribute, custom property or internal.

Issue #45: every assumption about Material lives in the theme adapter. The
sheets under ``docs/stylesheets/`` write ``:--theme-…`` for a selector of
Material's and ``--theme-…`` for one of its custom properties; the table
``THEME_NAMES`` of ``site_examples/material_adapter.py`` maps each to
Material's, and the post-build steps serve the sheets in Material's names
(``material_css``). Here: no sheet names Material's own (``MATERIAL_NAME``,
shown to find each kind), every name a sheet uses is in the table, and every
entry of the table is used. Beyond the sheets, no source file of the checkout
names Material's either (the build, the scripts, the tests, the docs), except
the adapter itself and the files listed in ``ADAPTER_FILES``, each with the
reason it must.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from site_examples.material_adapter import THEME_NAMES, material_css
from tests.helpers import ROOT

# What names Material: one of its classes (.md-typeset, or md-button in a class list), its data-md-* attributes,
# its --md-* custom properties, its inline functions' __md_* names and its document$ observable.
MATERIAL_NAME = re.compile(r"(?<![\w/-])md-[a-z]|\.md-[a-z]|data-md-|--md-|__md_|\bdocument\$")

# The files that may name Material's own, by path from the checkout's root (a trailing / : a folder), and why.
ADAPTER_FILES: dict[str, str] = {
    "site_examples/material_adapter.py": "the adapter's build side",
    "docs/javascripts/material-adapter.js": "the adapter's runtime side",
    "overrides/partials/": "Material's own partials, overridden: the adapter's template side",
    "tests/site/test_material_contract.py": "checks each assumption against Material's files, by name",
    "tests/site/test_material_names.py": "this test, which shows its pattern finding each kind",
    "tests/postbuild/test_step_material_storage.py": "golden test of the adapter's storage guard, on Material's script",
    "tests/postbuild/test_step_notebook_pages.py": "golden test: the notebooks' sheet as served, in Material's names",
    "tests/postbuild/test_step_stylesheets.py": "golden test: the bundle as served, in Material's names",
    "tests/quiz/golden/": "the quiz's built HTML, whose buttons carry Material's classes (button_class)",
}
# The source files checked: every file of these kinds outside the folders that are not the course's source.
SOURCE_SUFFIXES = (".py", ".js", ".css", ".html", ".md", ".yml", ".yaml", ".toml", ".sh", ".json", ".svg", ".txt")
NOT_SOURCE = {".git", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
SHEETS = sorted((ROOT / "docs" / "stylesheets").glob("*.css"))


def material_names(text: str) -> list[str]:
    """Each line of ``text`` that names Material, as ``line number: line``."""
    return [
        f"{number}: {line.strip()}" for number, line in enumerate(text.splitlines(), 1) if MATERIAL_NAME.search(line)
    ]


def test_the_pattern_finds_each_kind_of_materials_names() -> None:
    sheet = (
        ".q { color: red }\n"
        ".md-typeset .q { }\n"
        '[data-md-color-scheme="slate"] .q { }\n'
        ".q { color: var(--md-default-fg-color--light) }\n"
        ":--theme-content .q { color: var(--theme-text) }\n"
        ".q-md-x { --course-md-x: 1 }\n"
        '<button class="quiz md-button">\n'
        "__md_get('__palette')\n"
        "document$.subscribe(mount)\n"
        "press cmd-k, or see README.md\n"
    )
    assert material_names(sheet) == [
        "2: .md-typeset .q { }",
        '3: [data-md-color-scheme="slate"] .q { }',
        "4: .q { color: var(--md-default-fg-color--light) }",
        '7: <button class="quiz md-button">',
        "8: __md_get('__palette')",
        "9: document$.subscribe(mount)",
    ]


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda path: path.name)
def test_the_sheet_names_no_material_class_attribute_or_property(sheet: Path) -> None:
    assert material_names(sheet.read_text(encoding="utf-8")) == [], (
        f"{sheet.relative_to(ROOT)} names Material's own: write the course's name for it (THEME_NAMES in "
        "site_examples/material_adapter.py), adding one there, with its reason, if it has none"
    )


def test_the_sheets_use_every_name_of_the_table_and_only_those() -> None:
    assert len(SHEETS) >= 11
    used = set()
    for sheet in SHEETS:
        text = sheet.read_text(encoding="utf-8")
        material_css(text, sheet.name)  # raises for a name the table does not define
        used |= {name for name in THEME_NAMES if re.search(rf"{re.escape(name)}(?![\w-])", text)}
    assert sorted(set(THEME_NAMES) - used) == [], "the table defines names no sheet uses"


def source_files() -> list[Path]:
    """The checkout's source files (SOURCE_SUFFIXES), outside NOT_SOURCE, the virtual environments (.venv*) and a
    built site at the root (site/)."""
    found = []
    for folder, subfolders, names in os.walk(ROOT):
        here = Path(folder)
        subfolders[:] = [
            name
            for name in subfolders
            if name not in NOT_SOURCE and not name.startswith(".venv") and not (here == ROOT and name == "site")
        ]
        found += [here / name for name in names if name.endswith(SOURCE_SUFFIXES)]
    return sorted(found)


def allowed(relative: str) -> bool:
    return any(relative == entry or (entry.endswith("/") and relative.startswith(entry)) for entry in ADAPTER_FILES)


def test_no_file_outside_the_adapter_names_material() -> None:
    files = source_files()
    relative = [path.relative_to(ROOT).as_posix() for path in files]
    assert (
        "postbuild/csp.py" in relative
        and "docs/javascripts/later.js" in relative
        and "tests/browser/conftest.py" in relative
    )
    for entry in ADAPTER_FILES:  # a stale entry would let a file through unseen
        assert any(allowed(name) and (name == entry or name.startswith(entry)) for name in relative), entry
    found = {
        name: lines
        for path, name in zip(files, relative)
        if not allowed(name) and (lines := material_names(path.read_text(encoding="utf-8", errors="replace")))
    }
    assert found == {}, (
        "these files name Material's own; name it through the adapter (site_examples/material_adapter.py, "
        "docs/javascripts/material-adapter.js) instead:\n"
        + "\n".join(f"{name}\n  " + "\n  ".join(lines[:5]) for name, lines in found.items())
    )
