"""Measure the in-page Python runner and write the figures the docs show.

    .venv/bin/python -m site_examples.benchmarks.runner_figures [--repeat 3] [--runs 5] [--startup-only]

Builds the site, serves it on 127.0.0.1 (gzip-compressing text the way
static hosts such as GitHub Pages do), and drives headless Chromium through
every lesson page with a cold cache:

- page weight: bytes transferred for the page itself before any Python is
  needed, gzip as served and raw: the page opened with no service worker
  (the site's would start its offline copy), until it has loaded and the
  network has been idle for a moment, nothing pointed at or clicked;
- the whole visit's weight but the runtime's, gzip: the page, the offline
  copy the site's service worker keeps, and what the runner loads besides
  Python, over a visit that runs every block;
- runtime weight: bytes of the runtime (Pyodide, numpy, the attention wheel);
- cold start: from navigation to the first block's output, clicking Run as
  soon as the page has loaded (cache empty);
- warm block time: each block re-run once everything has loaded, as the
  reader sees it (click to output), median and worst per page;
- start-up, step by step (``--runs`` times, medians): on the scaled
  dot-product lesson, from the click on its first block's Run to that
  block's output, on a cold visit (a new browser profile), then on a
  return visit (the same profile, the browser closed and opened again in
  between, so only what the browser keeps on disk helps: its HTTP cache,
  its compiled-code cache, the worker's memory snapshot and, where the
  site has one, the service worker's cache), once with the snapshot
  deleted first and once with it. Each visit then runs every block and
  stays open ``--dwell`` seconds, as a reader would. The steps come from the marks the page
  (docs/runner/python-session.js) and the Python worker (docs/runner/worker.js) keep: the
  manifest, the worker's start with the runtime's JavaScript, its WebAssembly's download and compilation, Python's start, numpy
  and the attention wheel, the page's session (which imports numpy), and
  the block itself. The server sends GitHub Pages' ``Cache-Control:
  max-age=600``, and other hosts are unreachable through Chromium's host
  resolver rather than Playwright's request interception, which would
  turn the browser's cache off.

Prints a table and writes docs/data/runner-figures.md (included by the
docs page about the runner) and docs/data/runner-figures.json, with the
settings it ran with. ``--startup-only`` measures only the start-up and
keeps the other figures of the JSON file. A benchmark, not a test: the
targets (page < 1 MB, first result < 6 s cold, blocks < 200 ms warm;
start-up from Run to the first output <= 3.5 s cold, <= 1.0 s on return)
are reported against, never asserted.
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

from site_examples.browser import (
    CHROMIUM_ARGS,
    GzipHandler,
    build_site,
    chromium,
    free_address,
    is_local,
    launch,
    serve,
    with_tools,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
TARGETS = {"page_kb": 1000, "cold_s": 6.0, "warm_ms": 200, "startup_cold_s": 3.5, "startup_return_s": 1.0}
STARTUP_PAGE = "lessons/scaled-dot-product-attention/"
# Where the worker keeps its memory snapshot (docs/runner/worker.js, SNAPSHOTS): this, then the site's root URL.
SNAPSHOT_CACHE = "attention-course-python-snapshot:"
# The visits of one run, in order, in one browser profile: a cold one, a return visit with the snapshot
# deleted first (what the browser's caches alone give), and a return visit that finds the snapshot.
VISITS = ("cold", "return, no snapshot", "return")
# How long GitHub Pages lets a browser reuse a file without asking again (its Cache-Control header).
CACHE_SECONDS = 600
# The start-up's steps, in order, each ending at the worker's mark of that name ("done": the block's output).
STEPS = (
    ("manifest", "the list of Python's files"),
    ("runtime-js", "the worker starts; runtime's JavaScript: download, check and parse"),
    ("wasm-compiled", "runtime's WebAssembly: download and compile"),
    ("python", "Python starts (and imports the standard library's modules that numpy needs)"),
    ("packages", "numpy and the attention wheel load"),
    ("session", "the page's session (imports numpy)"),
    ("done", "the block runs and its output shows"),
)


class CachingGzipHandler(GzipHandler):
    """:class:`GzipHandler` with GitHub Pages' caching header, so that a return visit can use the browser's cache."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", f"max-age={CACHE_SECONDS}")
        super().end_headers()


def lesson_pages() -> list[str]:
    pages = []
    for path in sorted((ROOT / "docs").rglob("*.md")):
        if re.search(r"^[ \t]*```python$", path.read_text(encoding="utf-8"), re.M):
            stem = path.relative_to(ROOT / "docs").with_suffix("").as_posix()
            pages.append("" if stem == "index" else stem.removesuffix("/index") + "/")
    return pages


def _context(browser, url: str, **options):
    """A fresh context at 1280 × 900 whose requests to any other host than ``url``'s are refused."""
    context = with_tools(browser.new_context(viewport={"width": 1280, "height": 900}, **options))
    origin = url.split("/", 3)[0] + "//" + url.split("/")[2]
    context.route("**/*", lambda route, request: route.continue_() if is_local(request.url, origin) else route.abort())
    return context


def page_weight(browser, url: str) -> dict:
    """The page as it opens: loaded, then the network idle, nothing pointed at; no service worker (no offline copy)."""
    GzipHandler.sent.clear()
    GzipHandler.raw.clear()
    context = _context(browser, url, service_workers="block")
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    context.close()
    runtime = [p for p in GzipHandler.sent if p.startswith("/pyodide/")]
    if runtime:
        raise RuntimeError(f"{url} fetched Python's files before anything asked for Python: {runtime[:3]}")
    return {"page_kb": sum(GzipHandler.sent.values()) / 1000, "page_raw_kb": sum(GzipHandler.raw.values()) / 1000}


def measure_page(browser, url: str) -> dict:
    weight = page_weight(browser, url)
    GzipHandler.sent.clear()
    GzipHandler.raw.clear()
    context = _context(browser, url)
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
    visit = sorted((p for p in GzipHandler.sent if p not in runtime), key=lambda p: -GzipHandler.sent[p])
    return {
        **weight,
        "visit_kb": sum(GzipHandler.sent[p] for p in visit) / 1000,
        # The visit's largest files but the runtime's, gzip, in kB: what makes up its weight.
        "visit_largest_kb": {p: round(GzipHandler.sent[p] / 1000, 1) for p in visit[:5]},
        "runtime_mb": sum(GzipHandler.sent[p] for p in runtime) / 1e6,
        "runtime_raw_mb": sum(GzipHandler.raw[p] for p in runtime) / 1e6,
        "cold_s": cold,
        "warm_median_ms": statistics.median(warm),
        "warm_max_ms": max(warm),
        "blocks": len(warm),
    }


def _span(values: list[float], unit: str) -> str:
    """``values`` as shown to one decimal: one figure if they all show alike, else their least to their most."""
    low, high = f"{min(values):.1f}", f"{max(values):.1f}"
    return f"{low} {unit}" if low == high else f"{low}–{high} {unit}"


def markdown(results: dict[str, dict], meta: dict) -> str:
    """The table: a row per page (a lesson by its name under lessons/); the runtime, the same files on every page,
    in the text under it."""
    rows = [
        (
            "| page | blocks | page weight, gzip (raw) | whole visit but Python, gzip | first result, cold "
            "| block, warm: median / worst |"
        ),
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, r in results.items():
        rows.append(
            f"| `{name.removeprefix('lessons/').removesuffix('/') or 'home'}` | {r['blocks']} "
            # (A number keeps its unit on its line: a no-break space between them.)
            f"| {r['page_kb']:.0f}\u00a0kB ({r['page_raw_kb']:.0f}\u00a0kB) | {r['visit_kb']:.0f}\u00a0kB | {r['cold_s']:.1f}\u00a0s "
            f"| {r['warm_median_ms']:.0f} / {r['warm_max_ms']:.0f} ms |"
        )
    runtime = _span([r["runtime_mb"] for r in results.values()], "MB")
    runtime_raw = _span([r["runtime_raw_mb"] for r in results.values()], "MB")
    rows.append("")
    rows.append(
        f"Measured {meta['date']} on {meta['machine']} with `python -m site_examples.benchmarks.runner_figures` "
        f"(headless Chromium {meta['chromium']}, cold cache, served from 127.0.0.1 with gzip; best of {meta['repeat']} runs). "
        "The page weight is the page as it opens, before anything asks for Python; the whole visit's runs every "
        "block and adds the offline copy the site's service worker downloads in the background. Python's runtime "
        f"(Pyodide, numpy and the attention wheel), the same files on every page, comes to {runtime} gzip "
        f"({runtime_raw} raw) on top. "
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
        print(f"{name or 'home':45s} page {best['page_kb']:6.0f} kB  visit {best['visit_kb']:6.0f} kB  runtime {best['runtime_mb']:5.1f} MB  "
              f"cold {best['cold_s']:4.1f} s  warm {best['warm_median_ms']:4.0f}/{best['warm_max_ms']:4.0f} ms", flush=True)  # fmt: skip
    return results


# Click the first block's Run and resolve, on the page's clock, when it was clicked and when its output showed.
CLICK_FIRST_RUN = """
() => new Promise((resolve, reject) => {
  const block = document.querySelector("[data-runner]");
  const button = block && block.querySelector("button[data-action=run]");
  if (!button) return reject(new Error("no runnable block on this page"));
  const observer = new MutationObserver(() => {
    const status = block.getAttribute("data-runner-status");
    if (status === "done" || status === "error") {
      observer.disconnect();
      resolve({ clicked, done: performance.timeOrigin + performance.now(), status });
    }
  });
  observer.observe(block, { attributes: true, attributeFilter: ["data-runner-status"] });
  const clicked = performance.timeOrigin + performance.now();
  button.click();
})
"""


# Whether the cache ``name`` holds a snapshot.
SNAPSHOT_STORED = "async name => (await caches.has(name)) && (await (await caches.open(name)).keys()).length > 0"


def startup_visit(
    playwright, url: str, profile: Path, *, drop_snapshot: bool = False, dwell_s: float = 0
) -> dict:
    """One visit in the browser profile ``profile``: Run on the first block; the start-up's steps in ms.

    With ``drop_snapshot``, the worker's memory snapshot is deleted before the click. After the
    first output the visit goes on as a reader's would: every block runs, then ``dwell_s``
    seconds pass before the browser closes (time in which the browser may keep compiled code).
    """
    host = url.split("/")[2].split(":")[0]
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=chromium(),
        # Every other host unreachable, without request interception (which would switch the cache off).
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {host}"],
        viewport={"width": 1280, "height": 900},
    )
    with_tools(context)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url, wait_until="load")
        # The session's handle, and the first block adopted by the runner (its Run enabled): the session's module
        # can be there before runner.js has taken the page's blocks.
        page.wait_for_function(
            "() => window.attentionCourse && window.attentionCourse.python"
            " && document.querySelector('[data-runner] button[data-action=run]:not([disabled])')"
        )
        cache = SNAPSHOT_CACHE + f"http://{url.split('/')[2]}/"
        if drop_snapshot and not page.evaluate("name => caches.delete(name)", cache):
            raise RuntimeError(f"no cache {cache!r} to delete: did the worker rename it?")
        clicked = page.evaluate(CLICK_FIRST_RUN)
        if clicked["status"] != "done":
            raise RuntimeError(f"the first block of {url} ended with status {clicked['status']}")
        timings = page.evaluate("() => window.attentionCourse.python.timings")
        if "snapshot-made" in timings["marks"]:
            # The worker stores its snapshot after the start, without holding it up; a reader stays longer than
            # this visit does, so let the snapshot land before the browser closes.
            for _ in range(300):
                if page.evaluate(SNAPSHOT_STORED, cache):
                    break
                page.wait_for_timeout(200)
            else:
                raise RuntimeError(f"the worker made a snapshot but stored none in {cache!r} within 60 s")
        page.locator("button[data-action=run-all]").click()
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-runner]')].every(b => b.dataset.runnerStatus === 'done')",
            timeout=120_000,
        )
        page.wait_for_timeout(dwell_s * 1000)
        version = context.browser.version if context.browser else ""
        # Whether a service worker of the site controlled the page (then it, not the HTTP cache, answers from its cache).
        controlled = page.evaluate("() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)")
    finally:
        context.close()
    marks = {**timings["marks"], "done": clicked["done"]}
    missing = [name for name, _ in STEPS if name not in marks]
    if missing:
        raise RuntimeError(f"the worker sent no mark for {missing}: is docs/runner/worker.js the instrumented one?")
    steps, previous = {}, clicked["clicked"]
    for name, _ in STEPS:
        steps[name] = marks[name] - previous
        previous = marks[name]
    files = timings["downloads"]
    wasm = files.get("pyodide.asm.wasm", {})
    return {
        "total_ms": clicked["done"] - clicked["clicked"],
        "steps_ms": steps,
        # Of the runtime's step: until the .wasm file had arrived, the rest is compilation left after it.
        "wasm_downloaded_ms": wasm["end"] - clicked["clicked"] if wasm else None,
        "wasm_compile_after_download_ms": marks["wasm-compiled"] - wasm["end"] if wasm else None,
        "transferred_kb": sum(f["transferred"] for f in files.values()) / 1000,
        # Whether Python started from the memory snapshot an earlier visit stored, and its size.
        "from_snapshot": "snapshot-bytes" in marks and "snapshot-made" not in marks,
        "snapshot_mb": marks.get("snapshot-bytes", 0) / 1e6,
        "snapshot_making_ms": (marks["snapshot-made"] - marks["snapshot-imports"]) if "snapshot-made" in marks else None,
        "chromium": version,
        "service_worker": controlled,
    }


def startup_run(playwright, url: str, dwell_s: float) -> dict[str, dict]:
    """One run of :data:`VISITS` in a fresh browser profile: each visit's figures, by kind."""
    with tempfile.TemporaryDirectory(prefix="runner-profile-") as profile:
        return {
            kind: startup_visit(
                playwright, url, Path(profile), drop_snapshot=kind == "return, no snapshot", dwell_s=dwell_s
            )
            for kind in VISITS
        }


def describe_visit(visit: dict) -> str:
    """One visit's total and steps, in a line."""
    return (f"{visit['total_ms']:6.0f} ms  " + "  ".join(f"{name} {ms:.0f}" for name, ms in visit["steps_ms"].items())
            + f"  ({visit['transferred_kb']:.0f} kB over the network"
            + (f", from a {visit['snapshot_mb']:.0f} MB snapshot" if visit["from_snapshot"] else "") + ")")  # fmt: skip


def startup_summary(visits: dict[str, list[dict]]) -> dict:
    """The medians of every kind of visit over the runs, and every run; each run's return visit must use the snapshot."""
    runs = len(visits["cold"])
    summary = {}
    for kind, found in visits.items():
        summary[kind] = {
            "total_ms": statistics.median(v["total_ms"] for v in found),
            "steps_ms": {name: statistics.median(v["steps_ms"][name] for v in found) for name, _ in STEPS},
            "transferred_kb": statistics.median(v["transferred_kb"] for v in found),
            "service_worker": all(v["service_worker"] for v in found),
        }
    snapshots = [v["snapshot_mb"] for v in visits["return"] if v["from_snapshot"]]
    if len(snapshots) != runs:
        raise RuntimeError(f"only {len(snapshots)} of {runs} return visits started from the snapshot")
    snapshot_mb = statistics.median(snapshots)
    return {"page": STARTUP_PAGE, "runs": runs, "snapshot_mb": snapshot_mb, **summary, "every_run": visits}


def measure_startup(playwright, url: str, runs: int, dwell_s: float) -> dict:
    """``runs`` runs of :data:`VISITS`, each in a fresh browser profile; the medians and every run."""
    visits: dict[str, list[dict]] = {kind: [] for kind in VISITS}
    for run in range(runs):
        for kind, visit in startup_run(playwright, url, dwell_s).items():
            visits[kind].append(visit)
            print(f"start-up run {run + 1}/{runs}, {kind:19s}: {describe_visit(visit)}", flush=True)
    return startup_summary(visits)


def startup_markdown(startup: dict, meta: dict) -> str:
    cold, back = startup["cold"], startup["return"]
    kinds = [startup[kind] for kind in VISITS]
    rows = [
        "| step (Run → first output) | cold visit | return visit, browser caches only | return visit |",
        "| --- | ---: | ---: | ---: |",
    ]
    for name, label in STEPS:
        rows.append(f"| {label} | " + " | ".join(f"{kind['steps_ms'][name]:.0f} ms" for kind in kinds) + " |")
    rows.append("| **total, median** | " + " | ".join(f"**{kind['total_ms'] / 1000:.2f} s**" for kind in kinds) + " |")
    rows.append("| downloaded | " + " | ".join(f"{kind['transferred_kb'] / 1000:.1f} MB" for kind in kinds) + " |")
    verdict = lambda ms, target: f"{'met' if ms / 1000 <= target else 'missed'} (target ≤ {target} s)"  # noqa: E731
    rows.append("")
    rows.append(
        f"Start-up on `{startup['page']}`, median of {startup['runs']} runs, measured {meta['date']} on "
        f"{meta['machine']} with a load average of {meta['load_average']:.1f} as they began "
        f"(`{meta['command']}`; headless Chromium {meta['chromium']}, served from 127.0.0.1 with gzip and "
        f"`Cache-Control: max-age={meta['cache_seconds']}`). Cold: a new browser profile; return: the same profile "
        f"after closing and reopening the browser (each visit runs every block and stays open {meta['dwell_s']:g} s "
        f"after the first output, as a reader would), Python started from the memory snapshot of "
        f"{startup['snapshot_mb']:.0f} MB that the first visit stored; \"browser caches only\": the same with that "
        f"snapshot deleted first. "
        + ("The site's service worker controlled the return visits, so its cache answered their requests. "
           if back["service_worker"] else "No service worker controlled the pages: the HTTP cache answered. ")
        + f"Each step ends at a mark the Python worker records; the medians "
        f"of the steps need not add up to the median total. Cold {verdict(cold['total_ms'], TARGETS['startup_cold_s'])}, "
        f"return {verdict(back['total_ms'], TARGETS['startup_return_s'])}."
    )
    return "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per page; the best is kept (default 3)")
    parser.add_argument("--runs", type=int, default=5, help="start-up runs, cold and return each; medians (default 5)")
    parser.add_argument("--startup-only", action="store_true", help="measure only the start-up; keep the other figures")
    parser.add_argument("--dwell", type=float, default=10, help="seconds each start-up visit stays open (default 10)")
    args = parser.parse_args()
    earlier = DATA / "runner-figures.json"
    previous = json.loads(earlier.read_text()) if earlier.is_file() else {}
    if args.startup_only and "pages" not in previous:
        parser.error("--startup-only needs the page figures of an earlier full run in docs/data/runner-figures.json")
    host = free_address()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        site = Path(tmp) / "site"
        print("building the site…", flush=True)
        build_site(site, host, check=True)
        with serve(site, host, CachingGzipHandler):
            browser = launch(playwright)
            chromium_version = browser.version
            if args.startup_only:
                results, meta = previous["pages"], previous["meta"]
            else:
                results = measure_all(browser, host, args.repeat)
                meta = {
                    "date": time.strftime("%Y-%m-%d"),
                    "machine": f"{os.cpu_count()} cores, {platform.machine()}",
                    "chromium": chromium_version,
                    "repeat": args.repeat,
                }
            browser.close()
            load = os.getloadavg()[0]  # the machine's load as the start-up runs begin: these figures are CPU-bound
            startup = measure_startup(playwright, f"http://{host}/{STARTUP_PAGE}", args.runs, args.dwell)
    startup_meta = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{os.cpu_count()} cores, {platform.machine()}",
        "chromium": chromium_version,
        "runs": args.runs,
        "cache_seconds": CACHE_SECONDS,
        "chromium_args": list(CHROMIUM_ARGS),
        "load_average": round(load, 2),
        "dwell_s": args.dwell,
        "command": f"python -m site_examples.benchmarks.runner_figures --runs {args.runs} --dwell {args.dwell:g}"
        + (" --startup-only" if args.startup_only else ""),
    }
    DATA.mkdir(exist_ok=True)
    data = {"meta": meta, "targets": TARGETS, "pages": results, "startup": {"meta": startup_meta, **startup}}
    (DATA / "runner-figures.json").write_text(json.dumps(data, indent=1))
    (DATA / "runner-figures.md").write_text(markdown(results, meta) + "\n" + startup_markdown(startup, startup_meta))
    print(f"wrote {DATA / 'runner-figures.md'}")


if __name__ == "__main__":
    main()
