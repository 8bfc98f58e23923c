"""Measure how the pages behave in headless Chromium, against the course's targets; write docs/data/page-figures.json.

    .venv/bin/python -m site_examples.benchmarks.page_figures [--site DIR]

What the tests check by state (``tests/browser/``), this script measures in time and
pixels, which depend on the machine and so are never asserted:

- layout shift: every lesson as it loads, at 1350 x 940 and 390 x 844 (to settled, formulas
  and code drawn); the lab, its box reserved before its script mounts, at 1280 x 900 and
  390 x 1600 (the lab and what follows it on screen as it mounts); the training widget,
  the page opened at its section, at 1280 x 900 and 390 x 900. Target: at most 0.02 each
  (Lighthouse's "good" is 0.1);
- responsiveness while the widget trains: for 3 s, how late a 20 ms timer and a click
  handler run. Target: under 400 ms each (a worker that blocked the page would hold it for
  a chunk, about a second);
- a long visit: thirty instant page changes (five rounds of six pages); the page's event
  listeners, DOM nodes and JavaScript heap after the first round and after the last, after
  garbage collection. Target: the last four rounds add at most 100 listeners, 1,500 nodes
  and 4 MB (Material keeps a little of each page; one leaked page is thousands of nodes).

Each figure is printed beside its target; nothing fails for a figure. Without ``--site``,
the script builds the site into a temporary folder first.
"""

from __future__ import annotations

import argparse
import json
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect, sync_playwright

from site_examples.browser import build_site, free_address, launch, serve
from site_examples.material_adapter import HOME_LINK, nav_link

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "docs" / "data" / "page-figures.json"

TARGETS = {"layout_shift": 0.02, "late_ms": 400, "more_listeners": 100, "more_nodes": 1_500, "more_heap_mb": 4.0}

LAYOUT_SHIFT = """
window.__layoutShift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
}).observe({ type: "layout-shift", buffered: true });
"""

# Everything waiting to be drawn (later.js's templates) drawn, then two frames.
SETTLED = "() => !document.querySelector('template[data-later]')"
NEXT_FRAMES = "() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))))"

RESPONSIVENESS = """async () => {
  let worst = 0, worstClick = 0;
  const target = document.querySelector('[data-train] summary');
  const started = performance.now();
  while (performance.now() - started < 3000) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    worst = Math.max(worst, performance.now() - asked - 20);
    const clicked = performance.now();
    await new Promise((resolve) => {
      target.addEventListener('click', (event) => { event.preventDefault(); resolve(); }, { once: true });
      setTimeout(() => target.click(), 0);
    });
    worstClick = Math.max(worstClick, performance.now() - clicked);
  }
  return { timer_ms: worst, click_ms: worstClick };
}"""

ROUND = ("lessons/why-attention/", "lessons/query-key-value/", "check-your-understanding/", "glossary/", "lab/", "")


def _lessons(site: Path) -> list[str]:
    return sorted(f"lessons/{path.parent.name}/" for path in (site / "lessons").glob("*/index.html"))


def _shift(browser: Any, url: str, viewport: dict[str, int], ready: str) -> float:
    context = browser.new_context(viewport=viewport, service_workers="block")
    page = context.new_page()
    page.add_init_script(LAYOUT_SHIFT)
    page.goto(url)
    page.wait_for_function(ready)
    page.wait_for_function(SETTLED)
    page.evaluate(NEXT_FRAMES)
    shift = page.evaluate("window.__layoutShift")
    context.close()
    return round(shift, 4)


def layout_shifts(browser: Any, site: Path, url: str) -> dict[str, dict[str, float]]:
    figures: dict[str, dict[str, float]] = {}
    lesson_ready = "() => document.readyState === 'complete'"
    for width, height in ((1350, 940), (390, 844)):
        for path in _lessons(site):
            figures.setdefault(f"{width}x{height}", {})[path] = _shift(
                browser, url + path, {"width": width, "height": height}, lesson_ready
            )
    lab_ready = "() => document.querySelector('[data-viz]')?.dataset.status === 'ready'"
    for width, height in ((1280, 900), (390, 1600)):
        figures.setdefault(f"{width}x{height}", {})["lab/"] = _shift(
            browser, url + "lab/", {"width": width, "height": height}, lab_ready
        )
    widget_ready = "() => document.querySelector('[data-train]')?.dataset.trainState === 'committed'"
    for width, height in ((1280, 900), (390, 900)):
        figures.setdefault(f"{width}x{height}", {})["lessons/learning-to-attend/#train-it-yourself"] = _shift(
            browser, url + "lessons/learning-to-attend/#train-it-yourself", {"width": width, "height": height}, widget_ready
        )
    return figures


def responsiveness(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    page.goto(url + "lessons/learning-to-attend/")
    widget = page.locator("[data-train]")
    widget.locator("button[data-action=train]").click()
    expect(widget).to_have_attribute("data-train-state", "training", timeout=120_000)
    # Measured while chunks arrive and are drawn: from the run's third row of losses on.
    page.wait_for_function("() => document.querySelectorAll('[data-losses-table] tbody tr').length >= 3", timeout=120_000)
    measured = page.evaluate(RESPONSIVENESS)
    context.close()
    return {name: round(value, 1) for name, value in measured.items()}


def _counters(page: Page, cdp: Any) -> dict[str, float]:
    """The smallest of five readings a quarter of a second apart, each after two garbage collections."""
    readings = []
    for _ in range(5):
        cdp.send("HeapProfiler.collectGarbage")
        cdp.send("HeapProfiler.collectGarbage")
        dom = cdp.send("Memory.getDOMCounters")
        heap = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}["JSHeapUsedSize"]
        readings.append({"listeners": dom["jsEventListeners"], "nodes": dom["nodes"], "heap_mb": heap / 1e6})
        time.sleep(0.25)
    return {name: min(r[name] for r in readings) for name in readings[0]}


def long_visit(browser: Any, url: str, rounds: int = 5) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    page.goto(url)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    after_round = []
    for _ in range(rounds):
        for path in ROUND:
            page.evaluate("document.querySelector('article').dataset.left = ''")
            if path:
                page.locator(nav_link(f"{url}{path}")).first.click()
            else:
                page.locator(HOME_LINK).click()
            expect(page.locator("article:not([data-left]) h1").first).to_be_visible()
            page.wait_for_load_state("networkidle")
        after_round.append(_counters(page, cdp))
    context.close()
    first, last = after_round[0], after_round[-1]
    return {
        "rounds": [{name: round(value, 2) for name, value in r.items()} for r in after_round],
        "more_listeners": last["listeners"] - first["listeners"],
        "more_nodes": last["nodes"] - first["nodes"],
        "more_heap_mb": round(last["heap_mb"] - first["heap_mb"], 2),
    }


def _report(figures: dict[str, Any]) -> None:
    def line(name: str, value: float, target: float) -> None:
        verdict = "meets" if value <= target else "MISSES"
        print(f"  {name:<58} {value:>9} (target <= {target}: {verdict})")

    print("Layout shift as pages load:")
    for size, pages in figures["layout_shift"].items():
        for path, value in pages.items():
            line(f"{size} {path}", value, TARGETS["layout_shift"])
    print("Responsiveness while the widget trains (worst lateness):")
    for name, value in figures["responsiveness"].items():
        line(name, value, TARGETS["late_ms"])
    print("Thirty instant page changes (growth over the last four rounds):")
    for name in ("more_listeners", "more_nodes", "more_heap_mb"):
        line(name, figures["long_visit"][name], TARGETS[name])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built for the address given with --host")
    parser.add_argument("--host", help="the address --site was built for (127.0.0.1:PORT)")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if options.site:
            site, host = options.site, options.host or free_address()
        else:
            site, host = Path(folder) / "site", free_address()
            print(f"building the site for http://{host}/ ...")
            build_site(site, host, check=True)
        with serve(site, host) as url, sync_playwright() as playwright:
            browser = launch(playwright)
            figures = {
                "targets": TARGETS,
                "machine": {"cpu": platform.processor() or platform.machine(), "python": platform.python_version()},
                "layout_shift": layout_shifts(browser, site, url),
                "responsiveness": responsiveness(browser, url),
                "long_visit": long_visit(browser, url),
            }
            browser.close()
    options.output.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    _report(figures)
    print(f"wrote {options.output.relative_to(ROOT) if options.output.is_relative_to(ROOT) else options.output}")


if __name__ == "__main__":
    main()
