"""The style sheets name no Material class, attribute or custom property: only the course's names for them.

Issue #45: every assumption about Material lives in the theme adapter. The
sheets under ``docs/stylesheets/`` write ``:--theme-…`` for a selector of
Material's and ``--theme-…`` for one of its custom properties; the table
``THEME_NAMES`` of ``site_examples/material_adapter.py`` maps each to
Material's, and the post-build steps serve the sheets in Material's names
(``material_css``). Here: no sheet names Material's own (``MATERIAL_NAME``,
shown to find each kind), every name a sheet uses is in the table, and every
entry of the table is used.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from site_examples.material_adapter import THEME_NAMES, material_css
from tests.helpers import ROOT

# What names Material: one of its classes (.md-typeset), its data-md-* attributes, its --md-* custom properties.
MATERIAL_NAME = re.compile(r"\.md-[a-z]|data-md-|--md-")
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
    )
    assert material_names(sheet) == [
        "2: .md-typeset .q { }",
        '3: [data-md-color-scheme="slate"] .q { }',
        "4: .q { color: var(--md-default-fg-color--light) }",
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
