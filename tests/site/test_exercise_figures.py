"""The Check timings on "How the code runs" are a full, current measurement of every Build-it exercise.

``python -m site_examples.benchmarks.exercise_figures`` writes ``docs/data/exercise-figures.json``
and the table the page includes; this checks that the data covers the exercises as they are now
(an exercise added without re-measuring fails here), that its summary figures are those of its
rows, that the table is the one the script writes from them, and that the built page shows it.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from attention.exercises import catalogue
from site_examples.benchmarks import exercise_figures
from tests.helpers import ROOT

DATA = json.loads((ROOT / "docs" / "data" / "exercise-figures.json").read_text(encoding="utf-8"))


def test_every_exercise_is_measured() -> None:
    assert sorted(row["exercise"] for row in DATA["exercises"]) == sorted(e.id for e in catalogue())
    assert DATA["meta"]["runs"] >= 5


def test_the_summary_is_that_of_the_rows() -> None:
    medians = [row["median_ms"] for row in DATA["exercises"]]
    assert DATA["median_ms"] == round(statistics.median(medians), 1)
    assert DATA["max_median_ms"] == max(medians)
    assert DATA["met"] == (max(medians) <= DATA["target_ms"] == exercise_figures.TARGET_MS)
    assert all(0 < row["median_ms"] <= row["max_ms"] for row in DATA["exercises"])


def test_the_table_is_the_scripts_and_the_page_shows_it(built_site: Path) -> None:
    table = (ROOT / "docs" / "data" / "exercise-figures.md").read_text(encoding="utf-8")
    assert table == exercise_figures.markdown(DATA["exercises"], DATA["meta"])
    page = (built_site / "how-the-code-runs" / "index.html").read_text(encoding="utf-8")
    assert f"median over the {len(DATA['exercises'])} exercises" in page
