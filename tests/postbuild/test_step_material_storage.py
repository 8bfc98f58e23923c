"""The material_storage step (postbuild/material_storage.py): the guard right after Material's reader, in every page."""

from __future__ import annotations

from pathlib import Path

import pytest

from postbuild import Context, material_storage
from postbuild.shared import StepError
from site_examples.material_adapter import STORAGE_DEFINITION, material_templates, storage_guard_script

# Material's definition of its settings' reader, as the installed Material's template writes it.
_TEMPLATE = (material_templates() / "partials" / "javascripts" / "base.html").read_text(encoding="utf-8")
DEFINITION = next(STORAGE_DEFINITION.finditer(_TEMPLATE)).group(0)


def test_every_page_gets_the_guard_after_materials_reader(tmp_path: Path) -> None:
    for path in ("index.html", "404.html", "lessons/one/index.html"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(f"<head>{DEFINITION}<title>t</title></head>", encoding="utf-8")

    material_storage.step(tmp_path, Context(site_url=""))

    for path in ("index.html", "404.html", "lessons/one/index.html"):
        expected = f"<head>{DEFINITION}{storage_guard_script()}<title>t</title></head>"
        assert (tmp_path / path).read_text(encoding="utf-8") == expected


def test_a_page_without_materials_reader_fails_naming_it(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<head></head>", encoding="utf-8")
    with pytest.raises(StepError, match="material_storage step: index.html: Material's definition"):
        material_storage.step(tmp_path, Context(site_url=""))
