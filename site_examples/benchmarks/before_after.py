"""Lighthouse and the runner's start-up on the site as an earlier revision built it and as this checkout builds it.

    .venv/bin/python -m site_examples.benchmarks.before_after [--before REV] [--runs N] [--page P ...] [--work DIR]
    .venv/bin/python -m site_examples.benchmarks.before_after --markdown-only

The "before" site is revision ``--before`` (default :data:`BEFORE`, the site as it was before
issue #45 moved the build off MkDocs), checked out in a scratch git worktree and built there
by that revision's own ``./dev.sh build``, which sets up that checkout's own ``.venv`` and
``node_modules`` from its own lock files (the downloads come from the caches under
``~/.cache`` and ``~/.npm``, so the set-up is quick after the first time). The "after" site is
this checkout, built as every benchmark here builds it (:func:`site_examples.browser.build_site`,
what ``./dev.sh build`` runs). Each is built for its own address on 127.0.0.1 and both are
served the same way, at the same time, by this checkout's servers, and measured by this
checkout's code, the runs alternating between the two sites (before then after, then after
then before, ...), so that whatever else loads the machine weighs on both alike:

- Lighthouse (:mod:`.lighthouse_scores`: its pinned Lighthouse and Node.js, its figures) on
  :data:`PAGES`, desktop and mobile, ``--runs`` times each (default 5), served as that script
  serves them (gzip, HTTP/1.1, connections kept open);
- the start-up (:mod:`.runner_figures`: a cold visit, a return visit with the browser's caches
  only and a return visit with Python's memory snapshot, from the click on Run to the first
  block's output, on its page), ``--runs`` times (default 5), served as that script serves it
  (gzip and GitHub Pages' ``Cache-Control``).

Prints each figure before → after, and whether "after" is unchanged (within
:data:`TOLERANCES`) or better; writes ``docs/data/before-after.json`` (both revisions, their
dates and engines, every run, the load average as each part began, the versions of
Lighthouse, Node.js and Chromium) and ``docs/data/before-after.md`` (shown in "Maintaining
the course"). A benchmark, not a test: it never fails for a figure.

``--work DIR`` keeps the scratch folder (the earlier revision's worktree and both builds) in
``DIR`` instead of a temporary one, and a later run with the same ``DIR`` reuses a build whose
record (``DIR/NAME/build.json``) names the same revision and, for this checkout, the same
content of every file the build reads. ``--markdown-only`` measures nothing and writes the table
again from the committed JSON (after a change to how it is written).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from site_examples.benchmarks import lighthouse_scores, runner_figures
from site_examples.browser import GzipHandler, StaticHandler, build_site, free_address, launch, serve

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
# The site before issue #45 ("Outlive Material for MkDocs"): the parent of its first commit, eeffda1
# ("Build the site with ProperDocs 1.6.7 instead of MkDocs 1.6.1"), built by MkDocs 1.6.1 with every
# hook inside the build. #45 is done when the reader's site is unchanged or better than this one.
BEFORE = "c550416eaecec7599382b1fc5a712aba086adff5"
# Pages Lighthouse measures: the home page, two lessons (the one the start-up is measured on, and "Attention at
# scale"), the lab.
PAGES = ("", "lessons/scaled-dot-product-attention/", "lessons/attention-at-scale/", "lab/")
SIDES = ("before", "after")
# When "after" counts as unchanged: a difference within max(absolute, relative × before) either way.
# Each figure: (label, unit, +1 if higher is better else -1, absolute, relative), the margins about what separates
# two runs of the same site on the shared machines here.
TOLERANCES: dict[str, tuple[str, str, int, float, float]] = {
    "performance": ("performance", "", +1, 2, 0.0),
    "tbt_ms": ("Total Blocking Time", " ms", -1, 30, 0.10),
    "cls": ("Cumulative Layout Shift", "", -1, 0.005, 0.0),
    "transfer_kb": ("transferred, gzip", " kB", -1, 2, 0.02),
    "startup_ms": ("Run → first output", " s", -1, 100, 0.10),
}
LIGHTHOUSE_KEYS = ("performance", "tbt_ms", "cls", "transfer_kb")
# A difference past the margin counts only if the runs show it beyond chance: an exact two-sided permutation test of
# their ranks (:func:`p_value`), at this level. Five runs a side can reach it (the smallest p is 2 in 252);
# three cannot (2 in 20). On the shared machines here, Lighthouse's mobile Total Blocking Time of one build ranges
# over 200 ms in five runs, and a median of three came out "worse" on a page whose next five runs came out "better".
LEVEL = 0.05
# What the build reads of this checkout, for --work's reuse: every file git knows or would add, but this
# script and its data, which no page's measurement depends on.
NOT_BUILT = ("site_examples/benchmarks/before_after.py", "docs/data/before-after.json", "docs/data/before-after.md")


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def revision(rev: str) -> dict[str, Any]:
    """A commit's full hash, its day and its subject."""
    commit, date, subject = git("show", "-s", "--format=%H%n%cs%n%s", rev).split("\n", 2)
    return {"commit": commit, "date": date, "subject": subject}


def checkout_digest() -> str:
    """The sha256 of every file of this checkout that git tracks or would add (but :data:`NOT_BUILT`), by path."""
    names = git("ls-files", "--cached", "--others", "--exclude-standard", "-z").split("\0")
    digest = hashlib.sha256()
    for name in sorted(set(names) - {"", *NOT_BUILT}):
        path = ROOT / name
        if path.is_file():  # a tracked file deleted in the checkout is not built
            digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def engine(site: Path) -> str:
    """The generator that built ``site``, as its home page names it: ``MkDocs 1.6.1``, ``ProperDocs 1.6.7``."""
    page = (site / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<meta name="generator" content="([^"]+)"', page)
    if not found:
        raise RuntimeError(f"{site / 'index.html'} names no generator")
    first = found.group(1).split(",")[0].strip()  # "mkdocs-1.6.1" or "mkdocs-ProperDocs 1.6.7"
    name, _, version = first.removeprefix("mkdocs-").rpartition(" ")
    return f"{name} {version}" if name else f"MkDocs {version}"


@contextmanager
def worktree(rev: str, folder: Path, keep: bool) -> Iterator[Path]:
    """Revision ``rev`` checked out (detached) in ``folder``, a worktree of this repository; removed after unless ``keep``."""
    commit = revision(rev)["commit"]
    if folder.is_dir() and git("rev-parse", "HEAD", cwd=folder) == commit:
        print(f"reusing the worktree of {commit[:7]} in {folder}", flush=True)
    else:
        if folder.exists():
            git("worktree", "remove", "--force", str(folder))
        git("worktree", "add", "--detach", str(folder), commit)
    try:
        yield folder
    finally:
        if not keep:
            git("worktree", "remove", "--force", str(folder))


def build_before(checkout: Path, site: Path, host: str) -> None:
    """The checkout's site built by its own ``./dev.sh build`` into ``site``, for ``http://HOST/``."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("VIRTUAL_ENV", "ATTENTION_COURSE_EXECUTE_NOTEBOOKS")
    }
    env["SITE_URL"] = f"http://{host}/"
    result = subprocess.run(
        ["./dev.sh", "build", "--site-dir", str(site)],
        check=False,
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"./dev.sh build of {checkout} failed:\n{result.stdout}{result.stderr}")


def built(folder: Path, key: str, build: Callable[[Path, str], object]) -> tuple[Path, str]:
    """``folder/site``, built by ``build(site, host)`` unless ``folder/build.json`` records a build of ``key``; its host."""
    record = folder / "build.json"
    site = folder / "site"
    if record.is_file() and (site / "index.html").is_file():
        earlier = json.loads(record.read_text(encoding="utf-8"))
        if earlier["key"] == key:
            print(f"reusing the build in {site} (for http://{earlier['host']}/)", flush=True)
            return site, earlier["host"]
    if site.exists():
        shutil.rmtree(site)
    folder.mkdir(parents=True, exist_ok=True)
    host = free_address()
    started = time.monotonic()
    build(site, host)
    record.write_text(json.dumps({"key": key, "host": host, "build_s": round(time.monotonic() - started)}))
    return site, host


def margin(key: str, before: float) -> float:
    _, _, _, absolute, relative = TOLERANCES[key]
    return max(absolute, relative * abs(before))


def p_value(before: list[float], after: list[float]) -> float:
    """How often a random split of all the runs into groups of these sizes sets them at least as far apart.

    An exact two-sided permutation test of the rank sums (Wilcoxon–Mann–Whitney): every split is tried, and
    "far apart" is how far the first group's sum of ranks (ties share theirs) lies from its mean over all splits.
    Ranks keep one wild run from deciding it; and five runs that all read 180 kB against five that all read
    163 kB are as far apart as runs can be.

    >>> p_value([1, 2, 3], [4, 5, 6])  # 2 of the 20 splits (this one and its mirror) are as far apart
    0.1
    >>> p_value([5, 5], [5, 5])
    1.0
    """
    pooled = sorted([*before, *after])
    rank = {value: (pooled.index(value) + 1 + len(pooled) - pooled[::-1].index(value)) / 2 for value in pooled}
    ranks = [rank[value] for value in [*before, *after]]
    mean = len(before) * (len(ranks) + 1) / 2
    observed = abs(sum(ranks[: len(before)]) - mean)
    splits = far = 0
    for chosen in itertools.combinations(ranks, len(before)):
        splits += 1
        far += abs(sum(chosen) - mean) >= observed - 1e-9
    return far / splits


def verdict(key: str, before: float, after: float, runs: tuple[list[float], list[float]] | None = None) -> str:
    """``better``, ``unchanged`` or ``worse``, of two medians.

    Unchanged within :data:`TOLERANCES`; given ``runs`` (each side's), also when the runs do not show the
    difference beyond chance (:func:`p_value` at least :data:`LEVEL`).
    """
    sign = TOLERANCES[key][2]
    change = sign * (after - before)
    if abs(change) <= margin(key, before) or (runs is not None and p_value(*runs) >= LEVEL):
        return "unchanged"
    return "better" if change > 0 else "worse"


def paired(found: dict[str, list[dict[str, Any]]], key: str) -> tuple[list[float], list[float]]:
    """``key`` of each run, before's and after's: ``found`` holds each side's runs."""
    return [run[key] for run in found["before"]], [run[key] for run in found["after"]]


def figures(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every figure compared: where, which, before, after, and the verdict."""
    found = []
    for path, by_factor in data["lighthouse"].items():
        for factor, sides in by_factor.items():
            for key in LIGHTHOUSE_KEYS:
                b, a = sides["before"][key], sides["after"][key]
                runs = paired({side: sides[side]["runs"] for side in SIDES}, key)
                found.append({"where": f"`{path or 'home'}`, {factor}", "key": key, "before": b, "after": a, "runs": runs})
    startup = data["startup"]
    for kind in runner_figures.VISITS:
        b, a = startup["before"][kind]["total_ms"], startup["after"][kind]["total_ms"]
        runs = paired({side: startup[side]["every_run"][kind] for side in SIDES}, "total_ms")
        found.append({"where": f"start-up, {kind}", "key": "startup_ms", "before": b, "after": a, "runs": runs})
    for figure in found:
        figure["verdict"] = verdict(figure["key"], figure["before"], figure["after"], figure["runs"])
    return found


def shown(key: str, value: float) -> str:
    unit = TOLERANCES[key][1]
    if key == "cls":
        return f"{value:.3f}"
    if key == "startup_ms":
        return f"{value / 1000:.2f}{unit}"
    return f"{value:.0f}{unit}"


def change(key: str, before: float, after: float, runs: tuple[list[float], list[float]]) -> str:
    return f"{shown(key, before)} → {shown(key, after)}, {verdict(key, before, after, runs)}"


def tolerance_words() -> str:
    parts = []
    for key, (label, unit, _, absolute, relative) in TOLERANCES.items():
        if key == "startup_ms":
            amount = f"{absolute / 1000:g} s"
        else:
            amount = f"{absolute:g}{' points' if key == 'performance' else unit}"
        parts.append(f"{label} {amount}" + (f" or {relative:.0%}, the larger" if relative else ""))
    return "; ".join(parts)


def markdown(data: dict[str, Any]) -> str:
    """The tables and the paragraph "Maintaining the course" shows, from the data alone."""
    meta, before, after = data["meta"], data["revisions"]["before"], data["revisions"]["after"]
    labels = [TOLERANCES[key][0] for key in LIGHTHOUSE_KEYS]
    judged = figures(data)
    lines = [
        "| page, form factor | " + " | ".join(labels) + " |",
        "| --- |" + " ---: |" * len(labels),
    ]
    for row in range(0, len(judged) - len(runner_figures.VISITS), len(LIGHTHOUSE_KEYS)):
        cells = judged[row : row + len(LIGHTHOUSE_KEYS)]
        shown_cells = [f"{shown(f['key'], f['before'])} → {shown(f['key'], f['after'])}, {f['verdict']}" for f in cells]
        lines.append(f"| {cells[0]['where']} | " + " | ".join(shown_cells) + " |")
    startup = data["startup"]
    lines += [
        "",
        f"| start-up on `{startup['page']}`, Run → first output | before | after | after is |",
        "| --- | ---: | ---: | --- |",
    ]
    for kind, f in zip(runner_figures.VISITS, judged[-len(runner_figures.VISITS) :], strict=True):
        label = {"return, no snapshot": "return visit, browser caches only"}.get(kind, f"{kind} visit")
        lines.append(f"| {label} | {shown('startup_ms', f['before'])} | {shown('startup_ms', f['after'])} | {f['verdict']} |")
    worse = [f for f in judged if f["verdict"] == "worse"]
    load = meta["load_average"]
    lines += [
        "",
        f"Before: `{before['commit'][:7]}` of {before['date']}, built by {before['engine']} with its own "
        f"`./dev.sh build`; after: `{after['commit'][:7]}` of {after['date']}"
        + (" (with uncommitted changes)" if after.get("uncommitted") else "")
        + f", built by {after['engine']} and the post-build pipeline. Measured {meta['date']} on {meta['machine']} "
        f"with `{meta['command']}`: both sites served from 127.0.0.1 alike and measured by the same code, run by "
        f"run in turn; Lighthouse {meta['lighthouse']} (Node.js {meta['node']}), medians of {meta['runs']['lighthouse']} "
        f"runs per page and form factor, load average {load['lighthouse']:.1f} as they began; headless Chromium "
        f"{meta['chromium']}, start-up medians of {meta['runs']['startup']} runs, load average {load['startup']:.1f} "
        f"as they began. Unchanged means within {tolerance_words()}; or a difference the runs do not show beyond "
        f"chance (an exact permutation test of the runs' ranks over every split of them, p ≥ {LEVEL:g}).",
        "",
        (
            "After is unchanged or better on every figure."
            if not worse
            else "After is worse on: " + "; ".join(f"{f['where']}, {TOLERANCES[f['key']][0]}" for f in worse) + "."
        ),
        "",
    ]
    return "\n".join(lines)


def lighthouse_part(
    cli: Path, urls: dict[str, str], pages: list[str], runs: int, tmp: Path
) -> tuple[dict[str, Any], str]:
    """Lighthouse on each page and form factor, ``runs`` times per site, the sites in turn.

    The medians and every run, by page, form factor and site; and the version of Lighthouse that ran.
    """
    results: dict[str, Any] = {}
    versions = set()
    turn = 0
    for path in pages:
        results[path] = {}
        for factor in lighthouse_scores.FORM_FACTORS:
            found: dict[str, list[dict[str, Any]]] = {side: [] for side in SIDES}
            for _ in range(runs):
                for side in SIDES if turn % 2 == 0 else SIDES[::-1]:
                    run = lighthouse_scores.run_lighthouse(cli, urls[side] + path, factor, tmp / "report.json")
                    found[side].append(run)
                    versions.add(run["lighthouse"])
                turn += 1
            results[path][factor] = {side: lighthouse_scores.median_of(found[side]) for side in SIDES}
            b, a = results[path][factor]["before"], results[path][factor]["after"]
            print(
                f"{path or 'home':40} {factor:7} "
                + "  ".join(
                    f"{TOLERANCES[k][0]} {change(k, b[k], a[k], paired(found, k))}" for k in LIGHTHOUSE_KEYS
                ),
                flush=True,
            )
    (version,) = versions  # one Lighthouse, the pinned one, ran every run
    return results, version


def startup_part(playwright: Any, urls: dict[str, str], runs: int, dwell_s: float) -> dict[str, Any]:
    """The runner's start-up, ``runs`` runs per site (each a fresh profile's three visits), the sites in turn."""
    visits: dict[str, dict[str, list[dict[str, Any]]]] = {
        side: {kind: [] for kind in runner_figures.VISITS} for side in SIDES
    }
    for run in range(runs):
        for side in SIDES if run % 2 == 0 else SIDES[::-1]:
            url = urls[side] + runner_figures.STARTUP_PAGE
            for kind, visit in runner_figures.startup_run(playwright, url, dwell_s).items():
                visits[side][kind].append(visit)
                print(
                    f"start-up run {run + 1}/{runs}, {side:6}, {kind:19s}: {runner_figures.describe_visit(visit)}",
                    flush=True,
                )
    summary = {side: runner_figures.startup_summary(visits[side]) for side in SIDES}
    for kind in runner_figures.VISITS:
        b, a = summary["before"][kind]["total_ms"], summary["after"][kind]["total_ms"]
        each = paired({side: visits[side][kind] for side in SIDES}, "total_ms")
        print(f"start-up, {kind:19s}: {change('startup_ms', b, a, each)}", flush=True)
    return {"page": runner_figures.STARTUP_PAGE, **summary}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--before", default=BEFORE, help=f"the revision to compare with (default {BEFORE[:7]}, before #45)"
    )
    parser.add_argument(
        "--runs",
        type=int,
        help="runs of each measurement per site (default 5: per page and form factor for Lighthouse, and start-ups)",
    )
    parser.add_argument(
        "--page", action="append", help=f"a page Lighthouse measures (default: {', '.join(p or 'home' for p in PAGES)})"
    )
    parser.add_argument("--dwell", type=float, default=10, help="seconds each start-up visit stays open (default 10)")
    parser.add_argument("--work", type=Path, help="keep the scratch folder here, and reuse the builds it holds")
    parser.add_argument("--no-write", action="store_true", help="print, do not write docs/data/")
    parser.add_argument(
        "--markdown-only", action="store_true", help="measure nothing: write the table again from the committed JSON"
    )
    args = parser.parse_args()
    if args.markdown_only:
        data = json.loads((DATA / "before-after.json").read_text(encoding="utf-8"))
        (DATA / "before-after.md").write_text(markdown(data))
        print(f"wrote {DATA / 'before-after.md'} from {DATA / 'before-after.json'}")
        return
    lighthouse_runs, startup_runs = (args.runs, args.runs) if args.runs else (5, 5)
    pages = args.page or list(PAGES)
    before, after = revision(args.before), revision("HEAD")
    after["uncommitted"] = bool(git("status", "--porcelain", "--untracked-files=no"))
    # As ./dev.sh build, which builds the "before" site: the notebooks executed.
    os.environ.pop("ATTENTION_COURSE_EXECUTE_NOTEBOOKS", None)
    cli = lighthouse_scores.install()
    with ExitStack() as stack:
        work = (
            args.work.resolve()
            if args.work
            else Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="before-after-")))
        )
        checkout = stack.enter_context(
            worktree(before["commit"], work / f"checkout-{before['commit'][:7]}", keep=bool(args.work))
        )
        print(f"building {before['commit'][:7]} with its own ./dev.sh build…", flush=True)
        before_site, before_host = built(
            work / "before", before["commit"], lambda site, host: build_before(checkout, site, host)
        )
        print("building this checkout…", flush=True)
        after_site, after_host = built(
            work / "after", checkout_digest(), lambda site, host: build_site(site, host, check=True)
        )
        before["engine"], after["engine"] = engine(before_site), engine(after_site)
        sites = {"before": (before_site, before_host), "after": (after_site, after_host)}

        def served(handler: type[StaticHandler]) -> ExitStack:
            servers = ExitStack()
            for side in SIDES:
                servers.enter_context(serve(sites[side][0], sites[side][1], handler))
            return servers

        urls = {side: f"http://{sites[side][1]}/" for side in SIDES}
        load = {"lighthouse": os.getloadavg()[0]}
        with served(GzipHandler), tempfile.TemporaryDirectory() as tmp:
            lighthouse, lighthouse_version = lighthouse_part(cli, urls, pages, lighthouse_runs, Path(tmp))
        with served(runner_figures.CachingGzipHandler), sync_playwright() as playwright:
            browser = launch(playwright)
            chromium_version = browser.version
            browser.close()
            load["startup"] = os.getloadavg()[0]
            startup = startup_part(playwright, urls, startup_runs, args.dwell)
    command = "python -m site_examples.benchmarks.before_after" + (
        f" --before {args.before}" if args.before != BEFORE else ""
    )
    command += (f" --runs {args.runs}" if args.runs else "") + "".join(f" --page {p}" for p in args.page or [])
    meta = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{os.cpu_count()} cores, {platform.machine()}",
        "command": command,
        "runs": {"lighthouse": lighthouse_runs, "startup": startup_runs},
        "dwell_s": args.dwell,
        "load_average": {key: round(value, 2) for key, value in load.items()},
        "lighthouse": lighthouse_version,
        "node": subprocess.run(
            [lighthouse_scores.node(cli), "--version"], check=True, capture_output=True, text=True
        ).stdout.strip(),
        "chromium": chromium_version,
        "served": f"over {GzipHandler.protocol_version}, connections kept open, text gzipped; for the start-up, "
        f"Cache-Control: max-age={runner_figures.CACHE_SECONDS}",
        "tolerances": {key: {"absolute": t[3], "relative": t[4]} for key, t in TOLERANCES.items()},
        "generated_by": "site_examples/benchmarks/before_after.py",
    }
    data = {"meta": meta, "revisions": {"before": before, "after": after}, "lighthouse": lighthouse, "startup": startup}
    text = markdown(data)
    print(text)
    if args.no_write:
        print("(not written: --no-write given)", file=sys.stderr)
        return
    DATA.mkdir(exist_ok=True)
    (DATA / "before-after.json").write_text(json.dumps(data, indent=1) + "\n")
    (DATA / "before-after.md").write_text(text)
    print(f"wrote {DATA / 'before-after.md'}")


if __name__ == "__main__":
    main()
