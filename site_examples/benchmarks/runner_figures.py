"""Measure the in-page Python runner and write the figures the docs show.

    .venv/bin/python -m site_examples.benchmarks.runner_figures [--repeat 3]

Builds the site, serves it on 127.0.0.1 (gzip-compressing text the way
static hosts such as GitHub Pages do), and drives headless Chromium through
every lesson page with a cold cache:

- page weight: bytes transferred for the page itself before any Python is
  needed (everything but the self-hosted runtime under pyodide/), gzip as
  served and raw;
- runtime weight: bytes of the runtime (Pyodide, numpy, the attention wheel);
- cold start: from navigation to the first block's output, clicking Run as
  soon as the page has loaded (cache empty);
- warm block time: each block re-run once everything has loaded, as the
  reader sees it (click to output), median and worst per page.

Prints a table and writes docs/data/runner-figures.md (included by the
docs page about the runner) and docs/data/runner-figures.json. A
benchmark, not a test: the targets (page < 1 MB, first result < 6 s cold,
blocks < 200 ms warm) are reported against, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from site_examples.browser import GzipHandler, build_site, free_address, is_local, launch, serve

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
TARGETS = {"page_kb": 1000, "cold_s": 6.0, "warm_ms": 200}


def lesson_pages() -> list[str]:
    pages = []
    for path in sorted((ROOT / "docs").rglob("*.md")):
        if re.search(r"^[ \t]*```python$", path.read_text(encoding="utf-8"), re.M):
            stem = path.relative_to(ROOT / "docs").with_suffix("").as_posix()
            pages.append("" if stem == "index" else stem.removesuffix("/index") + "/")
    return pages


def measure_page(browser, url: str) -> dict:
    GzipHandler.sent.clear()
    GzipHandler.raw.clear()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    origin = url.split("/", 3)[0] + "//" + url.split("/")[2]
    context.route("**/*", lambda route, request: route.continue_() if is_local(request.url, origin) else route.abort())
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="load")
    # "Run all" as soon as the page has loaded: the first block's output is the first result.
    page.locator("button[data-action=run-all]").click()
    first = page.locator("[data-runner]").first
    page.wait_for_function("b => b.dataset.runnerStatus === 'done'", arg=first.element_handle(), timeout=120_000)
    cold = time.perf_counter() - started
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-runner]')].every(b => b.dataset.runnerStatus === 'done')",
        timeout=120_000,
    )
    warm = []
    for block in page.locator("[data-runner]").all():
        begin = time.perf_counter()
        block.locator("button[data-action=run]").dispatch_event("click")  # some sit in closed solution blocks
        page.wait_for_function("b => b.dataset.runnerStatus === 'done'", arg=block.element_handle())
        warm.append((time.perf_counter() - begin) * 1000)
    context.close()
    runtime = [p for p in GzipHandler.sent if p.startswith("/pyodide/")]
    page_paths = [p for p in GzipHandler.sent if p not in runtime and not p.startswith("/runner/cell.py")]
    return {
        "page_kb": sum(GzipHandler.sent[p] for p in page_paths) / 1000,
        "page_raw_kb": sum(GzipHandler.raw[p] for p in page_paths) / 1000,
        "runtime_mb": sum(GzipHandler.sent[p] for p in runtime) / 1e6,
        "runtime_raw_mb": sum(GzipHandler.raw[p] for p in runtime) / 1e6,
        "cold_s": cold,
        "warm_median_ms": statistics.median(warm),
        "warm_max_ms": max(warm),
        "blocks": len(warm),
    }


def markdown(results: dict[str, dict], meta: dict) -> str:
    rows = [
        "| page | blocks | page weight, gzip (raw) | runtime, gzip (raw) | first result, cold | block, warm: median / worst |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, r in results.items():
        rows.append(
            f"| `{name or 'home'}` | {r['blocks']} | {r['page_kb']:.0f} kB ({r['page_raw_kb']:.0f} kB) "
            f"| {r['runtime_mb']:.1f} MB ({r['runtime_raw_mb']:.1f} MB) | {r['cold_s']:.1f} s "
            f"| {r['warm_median_ms']:.0f} / {r['warm_max_ms']:.0f} ms |"
        )
    rows.append("")
    rows.append(
        f"Measured {meta['date']} on {meta['machine']} with `python -m site_examples.benchmarks.runner_figures` "
        f"(headless Chromium {meta['chromium']}, cold cache, served from 127.0.0.1 with gzip; best of {meta['repeat']} runs). "
        f"Targets: page under {TARGETS['page_kb'] // 1000} MB before Python is needed, first result within "
        f"{TARGETS['cold_s']:.0f} s cold, blocks under {TARGETS['warm_ms']} ms warm."
    )
    return "\n".join(rows) + "\n"


def measure_all(browser, host: str, repeat: int) -> dict[str, dict]:
    """Every lesson page, ``repeat`` times each: the best cold run, with the best warm times."""
    results = {}
    for name in lesson_pages():
        runs = [measure_page(browser, f"http://{host}/{name}") for _ in range(repeat)]
        best = min(runs, key=lambda r: r["cold_s"])
        best["warm_median_ms"] = min(r["warm_median_ms"] for r in runs)
        best["warm_max_ms"] = min(r["warm_max_ms"] for r in runs)
        results[name] = best
        print(f"{name or 'home':45s} page {best['page_kb']:6.0f} kB  runtime {best['runtime_mb']:5.1f} MB  "
              f"cold {best['cold_s']:4.1f} s  warm {best['warm_median_ms']:4.0f}/{best['warm_max_ms']:4.0f} ms", flush=True)  # fmt: skip
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per page; the best is kept (default 3)")
    args = parser.parse_args()
    host = free_address()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        site = Path(tmp) / "site"
        print("building the site…", flush=True)
        build_site(site, host, check=True)
        with serve(site, host, GzipHandler):
            browser = launch(playwright)
            results = measure_all(browser, host, args.repeat)
            meta = {
                "date": time.strftime("%Y-%m-%d"),
                "machine": f"{os.cpu_count()} cores, {platform.machine()}",
                "chromium": browser.version,
                "repeat": args.repeat,
            }
            browser.close()
    DATA.mkdir(exist_ok=True)
    (DATA / "runner-figures.json").write_text(json.dumps({"meta": meta, "targets": TARGETS, "pages": results}, indent=1))
    (DATA / "runner-figures.md").write_text(markdown(results, meta))
    print(f"wrote {DATA / 'runner-figures.md'}")


if __name__ == "__main__":
    main()
