"""The headers "Maintaining the course" asks a production host for are exactly those the browser test serves the site with.

The page's table (section "What a host must add" of ``docs/maintaining.md``: header, value,
what it is sent with, why) is read back and compared with ``site_examples/host_headers.py``,
the list ``tests/browser/test_host_headers.py`` serves; each row must say why. A header added to
one and not the other, or a value changed in one, fails here.
"""

from __future__ import annotations

import re

from site_examples import host_headers
from tests.helpers import ROOT

PAGE = ROOT / "docs" / "maintaining.md"
SECTION = "## What a host must add"
EVERY = "every response"


def _section(text: str) -> str:
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return text[start : end if end != -1 else len(text)]


def table(text: str) -> dict[str, dict[str, str]]:
    """{what it is sent with ("" for every response, else the path): {header: value}} from the section's table."""
    rows: dict[str, dict[str, str]] = {}
    lines = [line for line in _section(text).splitlines() if line.startswith("|")]
    assert lines[0] == "| header | value | sent with | why |", lines[0]
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split(" | ")]
        assert len(cells) == 4, f"a row needs four cells: {line}"
        header, value, scope, why = cells
        assert re.fullmatch(r"`[^`]+`", header) and re.fullmatch(r"`[^`]+`", value), f"code spans expected: {line}"
        assert why, f"a header without its reason: {line}"
        path = "" if scope == EVERY else scope.strip("`")
        assert path not in rows or header[1:-1] not in rows[path], f"listed twice: {line}"
        rows.setdefault(path, {})[header[1:-1]] = value[1:-1]
    return rows


def test_the_page_lists_exactly_the_headers_the_test_serves() -> None:
    expected = {"": host_headers.EVERY_RESPONSE, **host_headers.BY_PATH}
    assert table(PAGE.read_text(encoding="utf-8")) == expected


def test_the_check_catches_a_changed_value_and_a_missing_row() -> None:
    text = PAGE.read_text(encoding="utf-8")
    changed = text.replace("| `DENY` |", "| `SAMEORIGIN` |")
    assert table(changed)[""]["X-Frame-Options"] == "SAMEORIGIN"
    missing = re.sub(r"\n\| `Cache-Control` .*", "", text)
    assert "sw.js" not in table(missing)


def test_for_path_adds_the_service_worker_s_own_header() -> None:
    assert host_headers.for_path("sw.js")["Cache-Control"] == "no-cache"
    assert "Cache-Control" not in host_headers.for_path("index.html")
    assert "camera" in host_headers.permissions_turned_off()


def test_only_the_site_may_frame_the_document_pythons_worker_starts_in() -> None:
    """Every response refuses every frame, but for the hidden frame the pages start Python's worker in."""
    frame = host_headers.for_path("runner/python-frame.html")
    assert frame["Content-Security-Policy"] == "frame-ancestors 'self'" and frame["X-Frame-Options"] == "SAMEORIGIN"
    assert frame["X-Content-Type-Options"] == "nosniff"  # the others still go with it
    for path in ("index.html", "runner/worker.js", "runner/other.html", "lessons/runner/python-frame.html"):
        page = host_headers.for_path(path)
        assert page["Content-Security-Policy"] == "frame-ancestors 'none'" and page["X-Frame-Options"] == "DENY", path
