"""The site before issue #45 and after it, measured side by side: the committed data is whole and its table is its own.

``python -m site_examples.benchmarks.before_after`` builds the revision before #45 with its own
``./dev.sh build`` and this checkout with the current build, and measures both with the same code
(Lighthouse on a few pages, the runner's start-up), writing ``docs/data/before-after.json`` and the
table "Maintaining the course" includes. This checks that the data names both revisions and what built
them, that every figure is the median of as many runs as it says and lies within them, that the table
is the one the script renders from that data, that the verdict rule and its permutation test give the
hand-worked answers, and that the page shows the table.
"""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path

import pytest

from site_examples.benchmarks import before_after, lighthouse_scores, runner_figures
from tests.helpers import ROOT

DATA = json.loads((ROOT / "docs" / "data" / "before-after.json").read_text(encoding="utf-8"))
PINNED = json.loads(
    (ROOT / "site_examples" / "benchmarks" / "lighthouse" / "package.json").read_text(encoding="utf-8")
)["dependencies"]["lighthouse"]


def test_both_revisions_are_named_with_their_day_and_engine() -> None:
    revisions = DATA["revisions"]
    assert set(revisions) == {"before", "after"}
    for side in revisions.values():
        assert re.fullmatch(r"[0-9a-f]{40}", side["commit"]), side
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", side["date"]), side
        assert side["subject"]
    assert revisions["before"]["commit"] == before_after.BEFORE
    assert revisions["before"]["commit"] != revisions["after"]["commit"]
    assert revisions["before"]["date"] <= revisions["after"]["date"] <= DATA["meta"]["date"]
    # What each home page's <meta name="generator"> said: the engine #45 left, and the one it moved to.
    assert revisions["before"]["engine"] == "MkDocs 1.6.1"
    assert re.fullmatch(r"ProperDocs \d+\.\d+\.\d+", revisions["after"]["engine"])


def test_the_versions_and_the_load_are_recorded() -> None:
    meta = DATA["meta"]
    assert meta["lighthouse"] == PINNED
    assert re.fullmatch(r"v\d+\.\d+\.\d+", meta["node"])
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", meta["chromium"])
    assert set(meta["load_average"]) == {"lighthouse", "startup"}
    assert all(0 < load < 100 for load in meta["load_average"].values())
    assert meta["generated_by"] == "site_examples/benchmarks/before_after.py"


def test_lighthouse_figures_are_medians_of_their_runs_on_both_sites() -> None:
    runs = DATA["meta"]["runs"]["lighthouse"]
    assert runs >= 3
    assert list(DATA["lighthouse"]) == list(before_after.PAGES)
    for path, by_factor in DATA["lighthouse"].items():
        assert list(by_factor) == list(lighthouse_scores.FORM_FACTORS), path
        for factor, sides in by_factor.items():
            assert list(sides) == list(before_after.SIDES)
            for side, figures in sides.items():
                assert len(figures["runs"]) == runs, (path, factor, side)
                for key in lighthouse_scores.KEYS:
                    values = [run[key] for run in figures["runs"]]
                    assert figures[key] == statistics.median(values), (path, factor, side, key)
                    assert min(values) <= figures[key] <= max(values)
                assert all(0 <= run["performance"] <= 100 for run in figures["runs"])
                assert all(100 < run["benchmark_index"] < 10_000 for run in figures["runs"])  # measured, not a default


def test_startup_figures_are_medians_of_their_runs_on_both_sites() -> None:
    runs = DATA["meta"]["runs"]["startup"]
    assert runs >= 5
    startup = DATA["startup"]
    assert startup["page"] == runner_figures.STARTUP_PAGE
    for side in before_after.SIDES:
        measured = startup[side]
        assert measured["runs"] == runs
        for kind in runner_figures.VISITS:
            totals = [visit["total_ms"] for visit in measured["every_run"][kind]]
            assert len(totals) == runs, (side, kind)
            assert measured[kind]["total_ms"] == statistics.median(totals), (side, kind)
            assert 0 < min(totals) <= measured[kind]["total_ms"] <= max(totals)
            for visit in measured["every_run"][kind]:
                # The steps run from the click to the output one after another: they add up to the total.
                assert sum(visit["steps_ms"].values()) == pytest.approx(visit["total_ms"], abs=1), (side, kind)
        # Each run's last visit found the snapshot its first one stored; the one before had it deleted.
        assert all(visit["from_snapshot"] for visit in measured["every_run"]["return"])
        assert not any(visit["from_snapshot"] for visit in measured["every_run"]["cold"])


@pytest.mark.parametrize(
    ("key", "before", "after", "expected"),
    [
        ("performance", 90, 92, "unchanged"),  # within 2 points
        ("performance", 90, 93, "better"),
        ("performance", 90, 87, "worse"),
        ("tbt_ms", 100, 125, "unchanged"),  # within 30 ms (10 % of 100 is less)
        ("tbt_ms", 100, 140, "worse"),
        ("tbt_ms", 1000, 1090, "unchanged"),  # within 10 % (more than 30 ms)
        ("tbt_ms", 1000, 850, "better"),
        ("cls", 0.0, 0.004, "unchanged"),
        ("cls", 0.02, 0.0, "better"),
        ("transfer_kb", 500, 509, "unchanged"),  # 2 % of 500 is 10 kB
        ("transfer_kb", 500, 511, "worse"),
        ("startup_ms", 3000, 3250, "unchanged"),  # 10 % of 3 s
        ("startup_ms", 3000, 2600, "better"),
        ("startup_ms", 700, 850, "worse"),  # more than 100 ms
    ],
)
def test_the_verdict_rule(key: str, before: float, after: float, expected: str) -> None:
    assert before_after.verdict(key, before, after) == expected


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], 2 / 252),  # only this split and its mirror, of C(10, 5) = 252
        ([1, 2, 3], [4, 5, 6], 2 / 20),  # the least three runs a side can give
        ([1, 2], [3, 4], 2 / 6),  # rank sums of the 6 splits: 3 4 5 5 6 7, mean 5; |3 - 5| = 2 reached by 3 and 7
        ([1, 2], [2, 3], 4 / 6),  # ranks 1, 2.5, 2.5, 4; sums 3.5 3.5 5 5 6.5 6.5; |3.5 - 5| = 1.5 reached by four
        ([163] * 5, [163] * 5, 1.0),
    ],
)
def test_the_permutation_test(before: list[float], after: list[float], expected: float) -> None:
    assert before_after.p_value(before, after) == pytest.approx(expected)
    assert before_after.p_value(after, before) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("key", "before", "after", "runs", "expected"),
    [
        ("transfer_kb", 180, 163, ([180] * 5, [163] * 5), "better"),  # p = 2/252
        ("tbt_ms", 100, 200, ([90, 95, 100, 105, 110], [190, 195, 200, 205, 210]), "worse"),
        ("tbt_ms", 100, 200, ([90, 100, 110], [190, 200, 210]), "unchanged"),  # p = 2/20: three runs never suffice
        ("tbt_ms", 100, 200, ([90, 100, 300, 95, 110], [200, 80, 210, 190, 205]), "unchanged"),  # the runs overlap
        ("tbt_ms", 100, 120, ([90, 95, 100, 105, 110], [110, 115, 120, 125, 130]), "unchanged"),  # within 30 ms
    ],
)
def test_the_verdict_rule_with_the_runs(
    key: str, before: float, after: float, runs: tuple[list[float], list[float]], expected: str
) -> None:
    assert before_after.verdict(key, before, after, runs) == expected


def test_the_engine_is_read_from_the_generator_meta(tmp_path: Path) -> None:
    for content, engine in [
        ("mkdocs-1.6.1, mkdocs-material-9.7.0", "MkDocs 1.6.1"),
        ("mkdocs-ProperDocs 1.6.7, mkdocs-material-9.8.2", "ProperDocs 1.6.7"),
    ]:
        (tmp_path / "index.html").write_text(f'<head><meta name="generator" content="{content}"></head>')
        assert before_after.engine(tmp_path) == engine


def test_the_table_and_its_verdict_match_the_data() -> None:
    table = (ROOT / "docs" / "data" / "before-after.md").read_text(encoding="utf-8")
    assert table == before_after.markdown(DATA)
    worse = [figure for figure in before_after.figures(DATA) if figure["verdict"] == "worse"]
    assert ("After is unchanged or better on every figure." in table) == (not worse)
    # One figure per page, form factor and Lighthouse figure, and one per kind of start-up visit.
    assert len(before_after.figures(DATA)) == len(before_after.PAGES) * 2 * 4 + len(runner_figures.VISITS)


def test_maintaining_the_course_includes_the_table(built_site: Path) -> None:
    source = (ROOT / "docs" / "maintaining.md").read_text(encoding="utf-8")
    assert '--8<-- "docs/data/before-after.md"' in source
    page = (built_site / "maintaining" / "index.html").read_text(encoding="utf-8")
    assert "Run → first output" in page and "page, form factor" in page
    assert f"<code>{DATA['revisions']['before']['commit'][:7]}</code>" in page
