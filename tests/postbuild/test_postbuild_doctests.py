"""The ``>>>`` examples in the post-build steps' docstrings run (postbuild/ is not on Sybil's paths)."""

from __future__ import annotations

import doctest
import importlib
import re

import pytest

from tests.helpers import ROOT

FOLDER = ROOT / "postbuild"
WITH_EXAMPLES = sorted(
    path.stem for path in FOLDER.glob("*.py") if re.search(r"^\s*>>> ", path.read_text(encoding="utf-8"), re.M)
)


def test_the_modules_with_examples_are_found() -> None:
    assert {"shared", "csp", "not_found", "notebook_pages", "code_later", "katex", "table_slots", "runner_slots", "katex_widths"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_examples(name: str) -> None:
    module = importlib.import_module(f"postbuild.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0, result
