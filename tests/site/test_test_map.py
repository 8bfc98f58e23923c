"""tests/README.md, the repository's map of the test suite, is current: it equals a fresh run of its generator.

The page copies each test module's docstring (``site_examples/generate/test_map.py``),
so a docstring edited, or a test module added, moved or removed, changes it:
the failure says to run the generator. The generator's conversion of
docstrings to Markdown is checked on small examples.
"""

from __future__ import annotations

import difflib
import textwrap
from pathlib import Path

import pytest
import yaml

from site_examples.generate import test_map
from tests.helpers import ROOT


def test_the_page_equals_a_fresh_run_of_the_generator() -> None:
    fresh = test_map.render()
    committed = test_map.OUTPUT.read_text(encoding="utf-8") if test_map.OUTPUT.exists() else ""
    if committed != fresh:
        diff = "\n".join(
            list(difflib.unified_diff(committed.splitlines(), fresh.splitlines(), "tests/README.md", "fresh run", lineterm=""))[:40]
        )
        pytest.fail(
            "tests/README.md is out of date (a test module's docstring, or the set of test modules, changed): "
            f"run .venv/bin/{test_map.COMMAND} and commit the page.\n{diff}",
            pytrace=False,
        )


def test_every_test_module_is_on_the_page() -> None:
    page = test_map.OUTPUT.read_text(encoding="utf-8")
    modules = sorted(p for p in (ROOT / "tests").rglob("test_*.py") if "__pycache__" not in p.parts)
    assert len(modules) > 50
    for path in modules:
        assert f"`{path.name}`\n:   " in page, f"{path.relative_to(ROOT)} is not on tests/README.md"


def test_docstrings_become_markdown() -> None:
    doc = textwrap.dedent(
        """\
        The summary, with ``code``, :func:`a_function` and a path cut at a line's end: ``tests/
        site/x.py``.

        A list:

        - one item
          that goes on;
        - another, a < b & c, $5.

        An example::

            QUIZ=1 pytest -k golden

        A directive is shown, never read: ``<!-- skip: next "why" -->``; a fence neither: ```` ```output ````.
        """
    )
    assert test_map.markdown(doc) == textwrap.dedent(
        """\
        The summary, with `code`, `a_function` and a path cut at a line's end: `tests/site/x.py`.

        A list:

        - one item that goes on;
        - another, a &lt; b &amp; c, &#36;5.

        An example:

            QUIZ=1 pytest -k golden

        A directive is shown, never read: <code>&lt;!-- skip: next &quot;why&quot; --&gt;</code>; a fence neither: ```` ```output ````."""
    )


def test_a_module_without_a_docstring_stops_the_generator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tests" / "unit").mkdir(parents=True)
    (tmp_path / "conftest.py").write_text('"""Collect."""\n', encoding="utf-8")
    (tmp_path / "tests" / "unit" / "test_silent.py").write_text("def test_x():\n    pass\n", encoding="utf-8")
    monkeypatch.setattr(test_map, "ROOT", tmp_path)
    monkeypatch.setattr(test_map, "TESTS", tmp_path / "tests")
    with pytest.raises(SystemExit, match="tests/unit/test_silent.py has no module docstring"):
        test_map.render()


def test_a_folder_without_a_section_stops_the_generator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tests" / "perf").mkdir(parents=True)
    (tmp_path / "conftest.py").write_text('"""Collect."""\n', encoding="utf-8")
    (tmp_path / "tests" / "perf" / "test_fast.py").write_text('"""Fast."""\n', encoding="utf-8")
    monkeypatch.setattr(test_map, "ROOT", tmp_path)
    monkeypatch.setattr(test_map, "TESTS", tmp_path / "tests")
    with pytest.raises(SystemExit, match="add 'tests/perf' to FOLDERS"):
        test_map.render()
