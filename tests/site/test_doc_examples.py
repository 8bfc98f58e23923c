"""Every code block of every lesson is collected by Sybil, and the collector does its job.

The expected counts are written here by hand, and checked twice: against what
Sybil collects and against an independent count of the fences in the
Markdown. A block that silently stops being collected (a fence whose info
string is ``py``, or ``python title="x"``) makes one of the two disagree. A
new page needs its counts here. Also: no page has a Python-looking fence
that is not exactly ``python``, a skip without a reason or an invisible
block; and the collector itself compares output blocks, shares a page's
namespace and counts doctest examples one by one."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from sybil.example import SybilFailure

from tests.helpers import ROOT, load_root_conftest

DOCS = ROOT / "docs"

# The project's root conftest.py, which defines the Sybil collectors.
root_conftest = load_root_conftest()

# page -> (```python blocks, ```output blocks)
EXPECTED = {
    "index.md": (1, 1),
    "lab.md": (14, 14),
    "lessons/attention-at-scale.md": (18, 17),
    "lessons/attention-in-todays-models.md": (16, 16),
    "lessons/cross-attention.md": (14, 14),
    "check-your-understanding.md": (0, 0),
    "glossary.md": (0, 0),
    "how-the-code-runs.md": (0, 0),
    "architecture.md": (0, 0),
    "maintaining.md": (0, 0),
    "lessons/misconceptions.md": (17, 17),
    "lessons/learning-to-attend.md": (16, 16),
    "lessons/attention-while-generating.md": (22, 20),
    "lessons/multi-head-attention.md": (20, 20),
    "lessons/query-key-value.md": (18, 18),
    "lessons/scaled-dot-product-attention.md": (19, 19),
    "lessons/self-attention.md": (27, 26),
    "lessons/positions-inside-attention.md": (11, 11),
    "lessons/transformer-block.md": (14, 14),
    "lessons/why-attention.md": (15, 15),
}

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$", re.M)
PYTHONISH = {"py", "python", "python3", "pycon", "ipython", "ipython3", "pyodide"}


def _fences(text: str) -> list[tuple[str, str]]:
    """(info string, body) of every fenced block, by a scan independent of Sybil's lexer."""
    found, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m.group("fence"), m.group("info").strip()
        body, i = [], i + 1
        while i < len(lines) and not re.match(rf"^[ \t]*{fence[0]}{{{len(fence)},}}[ \t]*$", lines[i]):
            body.append(lines[i])
            i += 1
        found.append((info, "\n".join(body)))
        i += 1
    return found


def _independent_count(text: str) -> int:
    count = 0
    for info, body in _fences(text):
        if info == "python":
            count += body.count("\n>>> ") + body.startswith(">>> ") if body.lstrip().startswith(">>>") else 1
        elif info == "output":
            count += 1
    count += len(re.findall(r"<!--\s*(skip:|clear-namespace)", text))
    return count


def _pages() -> list[str]:
    """Every page; docs/data/ holds generated tables that pages include, not pages (see exclude_docs)."""
    return sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if p.parent != DOCS / "data")


def test_every_page_has_an_expected_count() -> None:
    assert _pages() == sorted(EXPECTED), "add new pages to EXPECTED (and remove deleted ones)"


@pytest.mark.parametrize("page", sorted(EXPECTED))
def test_sybil_collects_every_block(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    n_python, n_output = EXPECTED[page]
    fences = _fences(text)
    assert sum(info == "python" for info, _ in fences) == n_python
    assert sum(info == "output" for info, _ in fences) == n_output
    document = root_conftest.lessons.parse(DOCS / page)
    collected = list(document.examples())
    assert len(collected) == _independent_count(text) == n_python + n_output + len(
        re.findall(r"<!--\s*(skip:|clear-namespace)", text)
    )


@pytest.mark.parametrize("page", sorted(EXPECTED))
def test_no_block_escapes_collection(page: str) -> None:
    """Python-looking fences must be exactly ```python; skips must give a reason; no invisible code."""
    text = (DOCS / page).read_text(encoding="utf-8")
    for info, _ in _fences(text):
        words = info.split()
        if words and words[0].lstrip("{.").rstrip("}") in PYTHONISH:
            assert info == "python", f"{page}: fence ```{info} would not be tested: write ```python"
    for directive in re.findall(r"<!--\s*skip:[^>]*-->", text):
        assert re.fullmatch(r'<!--\s*skip:\s*(next|start)\s+"[^"]+"\s*-->', directive) or re.fullmatch(
            r"<!--\s*skip:\s*end\s*-->", directive
        ), f"{page}: a skip needs a reason: {directive}"
    assert "invisible-code" not in text, f"{page}: invisible blocks never reach the reader's browser"


def _run(tmp_path: Path, markdown: str) -> list[str | None]:
    """Evaluate a Markdown snippet with the lesson parsers; the failure message of each example (or None)."""
    path = tmp_path / "page.md"
    path.write_text(textwrap.dedent(markdown), encoding="utf-8")
    results, namespace = [], {}
    for example in root_conftest.lessons.parse(path).examples():
        example.namespace = namespace
        try:
            example.evaluate()
            results.append(None)
        except SybilFailure as failure:
            results.append(str(failure))
    return results


def test_output_block_must_match(tmp_path: Path) -> None:
    results = _run(
        tmp_path,
        """
        ```python
        x = 40 + 2
        print(x)
        ```

        ```output
        42
        ```

        ```python
        x + 1
        ```

        ```output
        42
        ```
        """,
    )
    assert results[:3] == [None, None, None]
    assert "differs" in results[3] and "-42" in results[3] and "+43" in results[3]


def test_output_block_without_code_above_fails(tmp_path: Path) -> None:
    results = _run(
        tmp_path,
        """
        ```python
        print("hi")
        ```

        Some prose in between.

        ```output
        hi
        ```
        """,
    )
    assert results[0] is None
    assert "must directly follow" in results[1]


def test_blocks_share_one_namespace_and_errors_fail(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    path.write_text("```python\ny = 1\n```\n\n```python\nprint(y / 0)\n```\n", encoding="utf-8")
    examples = list(root_conftest.lessons.parse(path).examples())
    namespace: dict = {}
    for example in examples:
        example.namespace = namespace
    examples[0].evaluate()
    assert namespace["y"] == 1
    with pytest.raises(ZeroDivisionError):
        examples[1].evaluate()


def test_doctest_blocks_are_collected_per_example(tmp_path: Path) -> None:
    text = "```python\n>>> 1 + 1\n2\n>>> 2 * 3\n7\n```\n"
    assert _independent_count(text) == 2
    results = _run(tmp_path, text)
    assert results[0] is None and "Expected:\n    7\nGot:\n    6" in results[1]


def test_fence_scanner_sees_silently_skipped_fences() -> None:
    text = '```py\nx = 1\n```\n\n```python title="a.py"\ny = 2\n```\n'
    assert [info for info, _ in _fences(text)] == ["py", 'python title="a.py"']
    assert _independent_count(text) == 0


def test_leading_spaces_in_an_output_block_count(tmp_path: Path) -> None:
    """An output whose every line starts with a space must still be compared exactly, indented or not."""
    page = """
        ```python
        print(" a")
        print(" b")
        ```

        ```output
        {expected}
        ```

        !!! note

            ```python
            print("  c")
            ```

            ```output
              c
            ```
        """
    assert _run(tmp_path, page.format(expected=" a\n         b")) == [None, None, None, None]
    results = _run(tmp_path, page.format(expected="a\n        b"))
    assert results[1] is not None and "differs" in results[1]
