"""Measure how fast Check answers on every Build-it exercise, and write the figures the docs show.

    .venv/bin/python -m site_examples.benchmarks.exercise_figures [--runs 5] [--site FOLDER --host ADDRESS]

Builds the site (or takes one built for ``--host``), serves it on 127.0.0.1
(gzip for text, as static hosts do) and, in headless Chromium, opens every
lesson, starts its Python and waits until it is ready, then for each exercise types its
reference solution into the editor and presses Check ``--runs`` times, after
one Check not counted (the first on an exercise also computes the package's
and the mistakes' results, once per exercise; it is reported apart, as
"first"). A Check is timed in the page, from the button's click to the
verdict (``data-exercise-result``): what the reader waits for, with Python
warm. Prints the figures and writes docs/data/exercise-figures.json and
docs/data/exercise-figures.md (included by "How the code runs"). A
benchmark, not a test: the target, a median within 300 ms on every exercise,
is reported against, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from attention.exercises import catalogue
from site_examples.browser import CHROMIUM_ARGS, GzipHandler, build_site, chromium, free_address, serve, with_tools

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
TARGET_MS = 300
TIMEOUT_MS = 120_000

# In the page: the time from a click on the exercise's Check to its verdict, for each Check.
TIMER = """(box) => {
  box.checkTimes = [];
  let clicked = 0;
  box.querySelector('button[data-action="check"]').addEventListener("click", () => { clicked = performance.now(); }, true);
  new MutationObserver(() => {
    if (box.dataset.exerciseResult && clicked) {
      box.checkTimes.push(performance.now() - clicked);
      clicked = 0;
    }
  }).observe(box, { attributes: true, attributeFilter: ["data-exercise-result"] });
}"""


def _type(page: Page, box, code: str) -> None:
    box.locator("[data-exercise-code]").click()
    page.locator(".cm-content").first.wait_for()
    box.locator(".cm-content").focus()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)


def _checks(page: Page, box, count: int) -> list[float]:
    """``count`` Checks in a row, each timed in the page; their times in ms."""
    before = box.evaluate("(box) => box.checkTimes.length")
    for n in range(count):
        box.locator('button[data-action="check"]').click()
        page.wait_for_function(
            "([box, n]) => box.checkTimes.length >= n", arg=[box.element_handle(), before + n + 1], timeout=TIMEOUT_MS
        )
    return box.evaluate("(box) => box.checkTimes").__getitem__(slice(before, None))


def measure(page: Page, base: str, runs: int) -> list[dict]:
    rows = []
    lessons = sorted({exercise.lesson for exercise in catalogue()})
    for lesson in lessons:
        page.goto(f"{base}lessons/{lesson}/")
        page.wait_for_selector("[data-exercise][data-exercise-ready]")
        page.evaluate("() => window.attentionCourse.python.start()")  # Python warm before the first Check
        for exercise in (e for e in catalogue() if e.lesson == lesson):
            box = page.locator(f"[data-exercise='{exercise.id}']")
            box.scroll_into_view_if_needed()
            box.evaluate(TIMER)
            _type(page, box, exercise.solution)
            first = _checks(page, box, 1)[0]
            result = box.get_attribute("data-exercise-result")
            if result != "passed":
                raise SystemExit(f"{exercise.id}: the solution did not pass in the page ({result})")
            times = _checks(page, box, runs)
            rows.append(
                {
                    "exercise": exercise.id,
                    "lesson": lesson,
                    "first_ms": round(first, 1),
                    "median_ms": round(statistics.median(times), 1),
                    "max_ms": round(max(times), 1),
                }
            )
            print(f"{exercise.id:32} first {first:7.0f} ms   median {statistics.median(times):6.0f} ms", flush=True)
    return rows


def markdown(rows: list[dict], meta: dict) -> str:
    medians = [row["median_ms"] for row in rows]
    slowest = sorted(rows, key=lambda row: -row["median_ms"])[:5]
    met = max(medians) <= TARGET_MS
    lines = [
        "| Check, Python warm | time |",
        "| --- | ---: |",
        (
            f"| median over the {len(rows)} exercises (each the median of {meta['runs']} Checks) | "
            f"{statistics.median(medians):.0f} ms |"
        ),
        f"| the slowest exercise's median ({slowest[0]['exercise']}) | {slowest[0]['median_ms']:.0f} ms |",
        (
            f"| the first Check of an exercise (computes the package's and the mistakes' results), median | "
            f"{statistics.median(row['first_ms'] for row in rows):.0f} ms |"
        ),
        "",
        f"Measured {meta['date']} on {meta['machine']} with `{meta['command']}` (headless Chromium "
        f"{meta['chromium']}, served from 127.0.0.1): each exercise's solution typed into its editor, checked once "
        f'("first"), then {meta["runs"]} times; timed in the page from the click on Check to the verdict. '
        f"The five slowest medians: "
        + ", ".join(f"{row['exercise']} {row['median_ms']:.0f} ms" for row in slowest)
        + ". "
        f"Target: a median within {TARGET_MS} ms on every exercise: {'met' if met else 'not met'} "
        f"({max(medians):.0f} ms at most).",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed Checks per exercise (default 5)")
    parser.add_argument("--site", type=Path, help="a site already built (skips the build)")
    parser.add_argument("--host", help="the address --site was built for (127.0.0.1:PORT)")
    args = parser.parse_args()
    if bool(args.site) != bool(args.host):
        parser.error("--site and --host go together")
    host = args.host or free_address()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            print("building the site…", flush=True)
            build_site(site, host, check=True)
        with serve(site, host, GzipHandler):
            browser = playwright.chromium.launch(executable_path=chromium(), args=list(CHROMIUM_ARGS))
            context = with_tools(browser.new_context(viewport={"width": 1280, "height": 900}))
            page = context.new_page()
            load = os.getloadavg()[0]
            rows = measure(page, f"http://{host}/", args.runs)
            version = browser.version
            browser.close()
    meta = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{os.cpu_count()} cores, {platform.machine()}",
        "chromium": version,
        "runs": args.runs,
        "load_average": round(load, 2),
        "command": f"python -m site_examples.benchmarks.exercise_figures --runs {args.runs}",
    }
    medians = [row["median_ms"] for row in rows]
    data = {
        "meta": meta,
        "target_ms": TARGET_MS,
        "median_ms": round(statistics.median(medians), 1),
        "max_median_ms": max(medians),
        "met": max(medians) <= TARGET_MS,
        "exercises": rows,
    }
    DATA.mkdir(exist_ok=True)
    (DATA / "exercise-figures.json").write_text(json.dumps(data, indent=1) + "\n")
    (DATA / "exercise-figures.md").write_text(markdown(rows, meta))
    print(markdown(rows, meta))
    print(f"wrote {DATA / 'exercise-figures.md'}")


if __name__ == "__main__":
    main()
