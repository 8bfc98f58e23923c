"""The suite on two cores (``tests/parallel.py``): what must stay on one worker does, the rest spreads.

A real distributed run of pytest, in a subprocess, over two lessons and a
module of unit tests: a lesson's blocks share one namespace, in order, so a
lesson split over two workers fails with NameErrors (as it did under xdist's
own scheduling).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ["docs/lessons/self-attention.md", "docs/lessons/multi-head-attention.md"]
UNIT = "tests/unit/test_multi_head.py"


def test_a_lessons_blocks_stay_on_one_worker_and_other_tests_spread() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "-v", "-p", "no:cacheprovider", *LESSONS, UNIT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    workers: dict[str, set[str]] = defaultdict(set)
    for worker, outcome, nodeid in re.findall(r"^\[(gw\d)\] \[\s*\d+%\] (\w+) (\S+)", result.stdout, re.M):
        assert outcome == "PASSED", nodeid
        workers[nodeid.split("::")[0]].add(worker)
    assert set(workers) == {*LESSONS, UNIT}
    for lesson in LESSONS:
        assert len(workers[lesson]) == 1, f"{lesson} ran on {sorted(workers[lesson])}"
    assert workers[UNIT] == {"gw0", "gw1"}  # no module-scoped fixture: its tests go to whichever worker is free
    counts = re.search(r"(\d+) passed", result.stdout)
    assert counts and int(counts.group(1)) > 100
