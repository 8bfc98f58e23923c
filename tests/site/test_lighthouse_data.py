"""The Lighthouse figures on "How the code runs" are a current measurement of every page.

``python -m site_examples.benchmarks.lighthouse_scores`` writes ``docs/data/lighthouse.json`` and
the table the page includes; this checks the data covers the site as it is now (a page added to
the navigation without re-measuring fails here), that each figure is the median of its runs, that
each page's day of measurement is kept (``--page`` measures some pages again), and that the built page
shows the table.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from site_examples.benchmarks import lighthouse_scores
from tests.helpers import ROOT

DATA = json.loads((ROOT / "docs" / "data" / "lighthouse.json").read_text(encoding="utf-8"))
# The Lighthouse the benchmark pins (its own package.json): the committed figures are that one's.
PINNED = json.loads(
    (ROOT / "site_examples" / "benchmarks" / "lighthouse" / "package.json").read_text(encoding="utf-8")
)["dependencies"]["lighthouse"]
KEYS = [*lighthouse_scores.CATEGORIES, "tbt_ms", "cls", "lcp_ms", "transfer_kb"]


def test_each_run_keeps_how_fast_the_machine_was() -> None:
    """Lighthouse's benchmark index of every run, and its median per page and form factor, which the table shows."""
    for path, by_factor in DATA["pages"].items():
        for factor, figures in by_factor.items():
            indexes = [run["benchmark_index"] for run in figures["runs"]]
            assert all(100 < index < 10_000 for index in indexes), (path, factor, indexes)  # measured, not a default
            assert figures["benchmark_index"] == statistics.median(indexes), (path, factor)


def test_every_page_of_the_navigation_is_measured_on_both_form_factors() -> None:
    assert list(DATA["pages"]) == lighthouse_scores.pages()
    for path, by_factor in DATA["pages"].items():
        assert set(by_factor) == set(lighthouse_scores.FORM_FACTORS), path
    assert list(DATA["meta"]["dates"]) == lighthouse_scores.pages()
    assert all(date >= DATA["meta"]["date"] for date in DATA["meta"]["dates"].values())


def test_the_table_names_the_pages_measured_on_another_day() -> None:
    results = {"": {}, "lab/": {}, "glossary/": {}}
    meta = {"date": "2026-12-04", "dates": {"": "2026-12-04", "lab/": "2026-12-05", "glossary/": "2026-12-05"}}
    assert lighthouse_scores.measured_on(results, meta) == "2026-12-04 (`lab/`, `glossary/`: 2026-12-05)"
    assert lighthouse_scores.measured_on(results, {"date": "2026-12-04"}) == "2026-12-04"


def test_each_figure_is_the_median_of_three_runs_or_more() -> None:
    assert DATA["meta"]["runs"] >= 3
    assert DATA["meta"]["lighthouse"] == PINNED
    assert DATA["meta"]["generated_by"] == "site_examples/benchmarks/lighthouse_scores.py"
    for path, by_factor in DATA["pages"].items():
        for factor, figures in by_factor.items():
            runs = figures["runs"]
            assert len(runs) == DATA["meta"]["runs"], (path, factor)
            for key in KEYS:
                assert figures[key] == statistics.median(run[key] for run in runs), (path, factor, key)
                assert all(run[key] >= 0 for run in runs)
            assert all(0 <= run[c] <= 100 for run in runs for c in lighthouse_scores.CATEGORIES)


def test_the_table_and_its_verdict_match_the_data() -> None:
    table = (ROOT / "docs" / "data" / "lighthouse.md").read_text(encoding="utf-8")
    assert table == lighthouse_scores.markdown(DATA["pages"], DATA["meta"])
    missed = [
        (path, factor)
        for path, by_factor in DATA["pages"].items()
        for factor in lighthouse_scores.FORM_FACTORS
        if lighthouse_scores.misses(path, factor, by_factor[factor])
    ]
    assert ("Every page meets every target." in table) == (not missed)


def test_the_page_shows_the_table(built_site: Path) -> None:
    page = (built_site / "how-the-code-runs" / "index.html").read_text(encoding="utf-8")
    assert "desktop: performance" in page and f"Lighthouse {PINNED}" in page and "machine's speed (index)" in page
    for path in DATA["pages"]:
        assert f"<code>{path or 'home'}</code>" in page
