"""Zensical, tried for real: build the course with it and list which of our features come through.

    .venv/bin/python -m site_examples.generate.zensical_trial [--reference SITE] [--keep DIR]
    .venv/bin/python -m site_examples.generate.zensical_trial --lock

Zensical is the successor of Material for MkDocs (which reaches its end of
life on 5 May 2027), from the same team. It reads ``mkdocs.yml``, but runs no
MkDocs hook and no MkDocs plugin, and says nothing about what it leaves out.
This script makes that visible:

1. installs Zensical, exactly as ``site_examples/zensical/requirements.lock.txt``
   pins it (every file by its sha256), into a folder of
   ``~/.cache/attention-course/`` named after that lock's sha256, never into the
   site's environment;
2. copies the checkout's files (those git does not ignore) into a scratch folder and runs
   ``zensical build -f mkdocs.yml`` there (Zensical has no option for the
   output folder: it writes ``site/`` beside the configuration);
3. runs our post-build pipeline (``postbuild/``) over a copy of Zensical's
   output, as ``./dev.sh build`` runs it after ProperDocs, its context read
   from the same ``mkdocs.yml`` (:func:`postbuild_over`); unlike
   ``python -m postbuild``, it runs on past a failed step, recording the
   error, so that every step's result over another generator's output is known;
4. builds the same checkout with ProperDocs, the site's engine, with the
   notebooks executed as ``./dev.sh build`` does, unless ``--reference``
   names a site already built from it;
5. checks every feature in :data:`MARKERS` in the three builds (ProperDocs,
   Zensical, Zensical + post-build), from the built files alone: a feature is
   *there* when its output is in the page and the Markdown it was written as
   is not left over. Each marker names the post-build step that makes its
   feature, or says why a Zensical build lacks it whatever the steps do (a
   hook Zensical never runs, a plugin it does not have); and one lesson of
   each finished site is loaded in Chromium, for what its
   Content-Security-Policy refuses (:func:`policy_refusals`): a script that
   makes a style or a worker at run time is refused only there;
6. measures what replacing mkdocs-jupyter would take on one notebook
   (``why-scale.py``): the pre-render step a Zensical build would need
   (jupytext to a notebook, executed with nbclient, exported by nbconvert as
   Markdown with its figures as files), its time and output size, beside
   the page mkdocs-jupyter writes for it;
7. asks the package index for the newest Zensical and whether it resolves here.

It writes ``docs/data/zensical-trial.json`` and ``docs/data/zensical-trial.md``
(the table "Maintaining the course" includes). A marker that does not find its
feature in the ProperDocs build is a broken marker, and the script stops.
With ``--keep DIR``, Zensical's output is left in ``DIR/site`` and the finished copy in
``DIR/site-postbuild``.

``--lock`` re-resolves ``site_examples/zensical/requirements.lock.txt`` from
``requirements.in`` beside it with uv (the version ``requirements/pip.in``
pins); change the version there to try another Zensical.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
TOOL = ROOT / "site_examples" / "zensical"
LOCK = TOOL / "requirements.lock.txt"
PIP_LOCK = ROOT / "requirements" / "pip.lock.txt"
CACHE = Path.home() / ".cache" / "attention-course"
NOTEBOOK = ROOT / "site_examples" / "why-scale.py"


# ── the markers ──────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Marker:
    """One feature of the built site: ``found(site)`` says whether a build has it.

    ``step`` names the post-build step that makes the feature (one of ``postbuild.STEPS``), which the
    trial also runs over Zensical's output; a feature no step makes says instead, in ``cause``, why a
    Zensical build lacks it whatever the steps do (the report shows it where the feature is lost).
    """

    name: str
    what: str
    found: Callable[[Path], bool]
    step: str | None = None
    cause: str = ""


def _page(site: Path, page: str) -> str:
    path = site / page / "index.html" if not page.endswith(".html") else site / page
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def page_has(page: str, present: str, leftover: str | None = None) -> Callable[[Path], bool]:
    """The page's HTML matches ``present`` and (when given) does not match ``leftover``, both regular expressions."""

    def found(site: Path) -> bool:
        html = _page(site, page)
        return bool(re.search(present, html)) and not (leftover and re.search(leftover, html))

    return found


def files_match(pattern: str, least: int = 1) -> Callable[[Path], bool]:
    """At least ``least`` files of the site match the glob ``pattern``."""

    def found(site: Path) -> bool:
        return sum(1 for _ in site.glob(pattern)) >= least

    return found


def file_has(path: str, present: str, absent: str | None = None) -> Callable[[Path], bool]:
    """The site's file ``path`` exists, matches ``present`` and (when given) does not contain ``absent``."""

    def found(site: Path) -> bool:
        file = site / path
        if not file.is_file():
            return False
        text = file.read_text(encoding="utf-8", errors="replace")
        return bool(re.search(present, text)) and not (absent and absent in text)

    return found


def nothing_at(pattern: str) -> Callable[[Path], bool]:
    """No file of the site matches the glob ``pattern`` (something that must not be published)."""

    def found(site: Path) -> bool:
        return not any(site.glob(pattern))

    return found


SDPA = "lessons/scaled-dot-product-attention"
# Why a feature made by a hook is lost under Zensical, whatever the post-build steps do.
HOOK_CAUSE = "made by a hook (`{hook}`), which Zensical never runs: {left}"
MARKERS: tuple[Marker, ...] = (
    Marker(
        "formulas",
        "typeset by KaTeX at build time (katex.py); no TeX left for a script",
        page_has(SDPA, r'class="katex"', r'class="arithmatex">\\\('),
        step="katex",
    ),
    Marker(
        "quizzes",
        "quiz fences rendered as questions (quiz.py)",
        page_has(SDPA, r"data-quiz-page="),
        cause=HOOK_CAUSE.format(hook="quiz.py", left="the `quiz` fence stays a code block, which no step reads"),
    ),
    Marker(
        "exercises",
        "exercise fences rendered with their checks (quiz.py)",
        page_has(SDPA, r"data-exercise="),
        cause=HOOK_CAUSE.format(hook="quiz.py", left="the `exercise` fence stays a code block, which no step reads"),
    ),
    Marker(
        "runner blocks",
        "each lesson block gets its Run slot (runner.py)",
        page_has(SDPA, r'class="runner-slot"'),
        cause=HOOK_CAUSE.format(
            hook="runner.py", left="the blocks stay plain code (and the editor's source is published unbundled)"
        ),
    ),
    Marker(
        "steppers",
        "step-through diagrams drawn with their data (diagrams.py)",
        page_has(SDPA, r"data-stepper=", r"<!-- stepper:"),
        cause=HOOK_CAUSE.format(hook="diagrams.py", left="its `<!-- stepper: -->` directive stays an HTML comment"),
    ),
    Marker(
        "figures",
        "figures computed from the lessons' code (figures.py)",
        files_match("images/generated/*.svg", 10),
        cause=HOOK_CAUSE.format(
            hook="figures.py", left="it adds the files to the build's list, and no step draws them"
        ),
    ),
    Marker(
        "diagrams",
        "diagrams drawn from the lessons' code (diagrams.py)",
        files_match("images/diagrams/*.svg", 10),
        cause=HOOK_CAUSE.format(
            hook="diagrams.py", left="it adds the files to the build's list, and no step draws them"
        ),
    ),
    Marker(
        "benchmark tables",
        'measured tables and chart of "Attention at scale" (benchmarks.py)',
        page_has("lessons/attention-at-scale", r'class="bench-chart"', r"<!-- benchmarks:"),
        cause=HOOK_CAUSE.format(hook="benchmarks.py", left="its `<!-- benchmarks: -->` directives stay HTML comments"),
    ),
    Marker(
        "training run",
        'the committed run of "Learning to attend" (training.py)',
        page_has("lessons/learning-to-attend", r'class="training', r"<!-- training:"),
        cause=HOOK_CAUSE.format(hook="training.py", left="its `<!-- training: -->` directives stay HTML comments"),
    ),
    Marker(
        "StreamingLLM experiment",
        'the measured table of "Attention in today\'s models" (streaming_llm.py)',
        page_has("lessons/attention-in-todays-models", r"data-streaming", r"<!-- streaming-llm:"),
        cause=HOOK_CAUSE.format(
            hook="streaming_llm.py", left="its `<!-- streaming-llm: -->` directive stays an HTML comment"
        ),
    ),
    Marker(
        "notebooks",
        "the three notebooks as pages (mkdocs-jupyter)",
        files_match("examples/*/index.html", 3),
        cause="made by mkdocs-jupyter, a MkDocs plugin, and Zensical has no plugin API: no notebook is published "
        "(the navigation still links their sources), so the step `notebook_pages` finds none",
    ),
    Marker(
        "CSP",
        "a Content-Security-Policy `<meta>` on every page (csp.py)",
        page_has(SDPA, r'<meta http-equiv="Content-Security-Policy"'),
        step="csp",
    ),
    Marker(
        "service worker",
        "`sw.js` bundled, its precache list filled in (service_worker.py)",
        file_has("sw.js", r"precache", absent="self.__WB_MANIFEST"),
        step="service_worker",
    ),
    Marker(
        "Pyodide",
        "Pyodide and the package's wheel self-hosted (pyodide.py)",
        files_match("pyodide/attention-*.whl"),
        step="pyodide",
    ),
    Marker(
        "KaTeX style",
        "KaTeX's style sheet and fonts self-hosted (vendor.py)",
        files_match("vendor/katex/katex.min.css"),
        step="vendor",
    ),
    Marker("model files", "the lab's models, float16 (model_files.py)", files_match("models/*/*"), step="model_files"),
    Marker(
        "one style sheet",
        "the site's style sheets served as one file (stylesheets.py)",
        page_has(SDPA, r'href="[./]*stylesheets/site\.[0-9a-f]+\.css"'),
        step="stylesheets",
    ),
    Marker(
        "code colours later",
        "code past the first screen coloured when idle (code_later.py)",
        page_has(SDPA, r"<template data-later"),
        step="code_later",
    ),
    Marker(
        "table slots",
        "each table in a box of its own (table_slots.py)",
        page_has(SDPA, r'class="table-slot"'),
        step="table_slots",
    ),
    Marker(
        "404 under any path",
        "404.html finds the site's root when shown, Material's settings relative to it (not_found.py)",
        # the script that finds the root, and no setting of the page's configuration left at the built root
        page_has("404.html", r"document\.baseURI", r'"(?:base|search)":\s*"/(?!/)'),
        step="not_found",
    ),
    Marker(
        "search",
        "a search index with the lessons' text",
        lambda site: any(
            file_has(path, r"Scaled dot-product attention")(site)
            # Material's index; the course's build moves the text into a file of its own (postbuild/search.py)
            for path in ("search/search_index.json", "search/search_index.full.json", "search.json")
        ),
        cause="made by the generator's search; the step `search` adapts Material's index alone",
    ),
    Marker(
        "build code unpublished",
        "the build's Python (`overrides/hooks/`) is not served",
        nothing_at("hooks/*.py"),
        cause="Zensical publishes the theme's `custom_dir` (`overrides/`) whole, the hooks' Python with it; the steps "
        "write and rewrite files, and remove none",
    ),
)


def check(site: Path) -> dict[str, bool]:
    """Each marker's name: whether the built ``site`` has that feature."""
    return {marker.name: marker.found(site) for marker in MARKERS}


# ── installing and building ─────────────────────────────────────────────────


def _uv() -> Path:
    """uv as ./dev.sh installs it: in the cache folder named after requirements/pip.lock.txt's sha256."""
    uv = CACHE / "tools" / f"installers-{hashlib.sha256(PIP_LOCK.read_bytes()).hexdigest()}" / "bin" / "uv"
    if not uv.is_file():
        raise SystemExit(
            f"{uv} is missing: run ./dev.sh setup first (it installs uv as requirements/pip.lock.txt pins it)"
        )
    return uv


def lock() -> None:
    """Re-resolve the trial's lock from its requirements.in, with hashes."""
    subprocess.run(
        [str(_uv()), "pip", "compile", "--quiet", "--universal", "--generate-hashes", "--python-version", "3.12",
         "--custom-compile-command", "python -m site_examples.generate.zensical_trial --lock",
         str(TOOL / "requirements.in"), "-o", str(LOCK)],
        check=True, cwd=ROOT,
    )  # fmt: skip


def install() -> Path:
    """Zensical's command, installed from the lock (every file by its sha256) into the cache, once per lock."""
    folder = CACHE / f"zensical-{hashlib.sha256(LOCK.read_bytes()).hexdigest()[:16]}"
    command = folder / "bin" / "zensical"
    if not command.is_file():
        print(f"installing Zensical into {folder}, as {LOCK.relative_to(ROOT)} pins it", flush=True)
        shutil.rmtree(folder, ignore_errors=True)
        uv = str(_uv())
        subprocess.run([uv, "venv", "--quiet", "--python", sys.executable, str(folder)], check=True)
        subprocess.run(
            [uv, "pip", "install", "--quiet", "--python", str(folder / "bin" / "python"), "--require-hashes",
             "--only-binary", ":all:", "-r", str(LOCK)],
            check=True,
        )  # fmt: skip
    return command


def newest_release() -> dict[str, Any]:
    """The newest Zensical the package index lists, and whether it resolves here (uv's reason when not)."""
    listed = subprocess.run(
        [sys.executable, "-m", "pip", "index", "versions", "zensical"], capture_output=True, text=True, check=False
    )
    match = re.search(r"^zensical \(([^)]+)\)", listed.stdout, re.MULTILINE)
    if not match:
        return {"version": None, "installable": False, "reason": (listed.stderr or listed.stdout).strip()[-300:]}
    version = match[1]
    resolved = subprocess.run(
        [str(_uv()), "pip", "compile", "--quiet", "--python-version", "3.12", "-"],
        input=f"zensical=={version}\n", capture_output=True, text=True, check=False,
    )  # fmt: skip
    causes = re.findall(r"cause: (.+?)(?:, we can conclude|\n)", resolved.stderr)
    return {"version": version, "installable": resolved.returncode == 0, "reason": causes[0] if causes else ""}


def checkout_copy(destination: Path) -> None:
    """The checkout's files as they are on disk, tracked or new (what git ignores left out), copied into ``destination``."""
    names = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    for name in names.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, destination / name)


def zensical_build(command: Path, project: Path) -> dict[str, Any]:
    """``zensical build`` in ``project``: its exit code, seconds and what it printed."""
    started = time.perf_counter()
    result = subprocess.run(
        [str(command), "build", "--clean", "-f", "mkdocs.yml"], cwd=project, capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - started
    log = (result.stdout + result.stderr).strip().splitlines()
    warnings = sum(1 for line in log if re.search(r"\bwarn", line, re.IGNORECASE))
    return {"returncode": result.returncode, "seconds": round(seconds, 1), "warnings": warnings, "log": log[-20:]}


def postbuild_over(site: Path, config_file: Path) -> dict[str, Any]:
    """The post-build pipeline run over ``site`` in place, as ``python -m postbuild SITE --config CONFIG_FILE`` runs it,
    but on past a failed step, so that each step's result is known: the context read, and each step's name,
    whether it ran, its seconds and, when it failed, its error (the folder's path written ``SITE``)."""
    import postbuild

    context = postbuild.Context.from_config(config_file)
    results = []
    for name, step in postbuild.steps():
        started = time.perf_counter()
        error = None
        try:
            step(site, context)
        # Any failure is a finding here: a step meeting another generator's output may fail in ways it never
        # meets under ProperDocs (a missing file, an unexpected shape), and the steps after it still run.
        except Exception as failure:  # noqa: BLE001
            error = f"{type(failure).__name__}: {failure}".replace(str(site), "SITE")
        results.append(
            {"name": name, "ran": error is None, "seconds": round(time.perf_counter() - started, 1), "error": error}
        )
    return {
        "context": {
            "site_url": context.site_url,
            "extra_css": len(context.extra_css),
            "notebook_folders": list(context.notebook_folders),
        },
        "steps": results,
    }


# Set before a page's scripts run: keeps each refusal of the page's Content-Security-Policy (the directive, and the
# file whose code was refused: the page's address for its own markup).
RECORD_REFUSALS = (
    "window.policyRefusals = [];"
    "document.addEventListener('securitypolicyviolation', (event) => window.policyRefusals.push("
    "{directive: event.violatedDirective, source: event.sourceFile || event.documentURI}));"
)


def policy_refusals(site: Path, page: str, browser: Browser | None = None) -> list[str]:
    """What the page's Content-Security-Policy refuses while ``page`` of ``site`` loads in Chromium (served from
    loopback, every other request aborted): each refusal once, as its directive and the file (from the site's
    root) whose code was refused, sorted. A built file's markers cannot see this: a script that makes a style
    or a worker at run time is refused only in a browser.

    In ``browser`` (a fresh context of it) when given, as the browser tests give theirs; else in a Chromium of its own.
    """
    from site_examples.browser import free_address, serve

    with serve(site, free_address()) as url:
        if browser is not None:
            refusals = _refusals(browser, url, page)
        else:
            from playwright.sync_api import sync_playwright

            from site_examples.browser import launch

            with sync_playwright() as playwright:
                own = launch(playwright)
                try:
                    refusals = _refusals(own, url, page)
                finally:
                    own.close()
    return sorted({f"{refusal['directive']} ({refusal['source'].removeprefix(url)})" for refusal in refusals})


def _refusals(browser: Browser, url: str, page: str) -> list[dict[str, str]]:
    context = browser.new_context()
    try:
        tab = context.new_page()
        tab.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
        tab.add_init_script(RECORD_REFUSALS)
        tab.goto(url + page + "/", wait_until="load")
        tab.wait_for_load_state("networkidle")  # what the page's scripts make once it has loaded, too
        refusals: list[dict[str, str]] = tab.evaluate("window.policyRefusals")
    finally:
        context.close()
    return refusals


def version_of(command: Path) -> str:
    return subprocess.run([str(command), "--version"], capture_output=True, text=True, check=True).stdout.split()[-1]


# ── notebooks without mkdocs-jupyter ────────────────────────────────────────


def prerender(notebook: Path, out: Path) -> dict[str, Any]:
    """The step a Zensical build would need for ``notebook``: executed, exported as Markdown with figure files.

    Times are wall-clock seconds on this machine; sizes are the bytes written (the page's Markdown, its
    figures) and, for comparison, the same notebook exported as one HTML page with nbconvert's lab template.
    """
    import jupytext
    import nbconvert
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter, MarkdownExporter

    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    nb = jupytext.read(notebook)
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(notebook.parent)}}
    ).execute()
    executed = time.perf_counter()
    body, resources = MarkdownExporter().from_notebook_node(nb)
    markdown_file = out / f"{notebook.stem}.md"
    markdown_file.write_text(body, encoding="utf-8")
    figure_bytes = 0
    for name, data in resources.get("outputs", {}).items():
        (out / name).write_bytes(data)
        figure_bytes += len(data)
    exported = time.perf_counter()
    html, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    return {
        "notebook": str(notebook.relative_to(ROOT)),
        "nbconvert": nbconvert.__version__,
        "execute_s": round(executed - started, 1),
        "export_markdown_s": round(exported - executed, 2),
        "markdown_kb": round(len(body.encode()) / 1024, 1),
        "figures": len(resources.get("outputs", {})),
        "figures_kb": round(figure_bytes / 1024, 1),
        "html_lab_template_kb": round(len(html.encode()) / 1024, 1),
    }


def page_kb(site: Path, page: str) -> float | None:
    path = site / page / "index.html"
    return round(path.stat().st_size / 1024, 1) if path.is_file() else None


# ── the report ──────────────────────────────────────────────────────────────


def after_postbuild(feature: dict[str, Any], failed: dict[str, str]) -> str:
    """A feature's cell in the column "Zensical + post-build": there or lost, and why, when a step failed or it is lost."""
    step = feature["step"]
    if feature["zensical_postbuild"]:
        return "there" + (f" (though the step `{step}` failed)" if step in failed else "")
    if step in failed:
        return f"**lost**: the step `{step}` failed (below)"
    if step:
        return f"**lost**: the step `{step}` ran and left none of it"
    return f"**lost**: {feature['cause'] or 'no step makes it'}"


def markdown(result: dict[str, Any]) -> str:
    """The table and sentences "Maintaining the course" includes, from the data alone."""
    features = result["features"]
    lost = [f["name"] for f in features if f["properdocs"] and not f["zensical"]]
    still_lost = [f["name"] for f in features if f["properdocs"] and not f["zensical_postbuild"]]
    build = result["zensical_build"]
    newest = result["newest_release"]
    steps = result["postbuild"]["steps"]
    failed = {step["name"]: step["error"] for step in steps if not step["ran"]}
    lines = [
        f"Zensical {result['zensical']} against ProperDocs {result['properdocs']}, tried on {result['date']} "
        f"(`python -m site_examples.generate.zensical_trial`): Zensical's build "
        + ("passed" if build["returncode"] == 0 else f"failed (exit code {build['returncode']})")
        + f" in {build['seconds']} s, printing {build['warnings']} warning(s), and left out "
        f"{len(lost)} of the {len(features)} features below. Our post-build pipeline, run over a copy of "
        f"Zensical's output as `./dev.sh build` runs it after ProperDocs (its context read from `mkdocs.yml`: "
        f"`site_url` {result['postbuild']['context']['site_url']}), ran {len(steps) - len(failed)} of its "
        f"{len(steps)} steps (each step runs even when one before it failed, so that each one's result is known)"
        f" in {round(sum(step['seconds'] for step in steps), 1)} s; Zensical and the pipeline together still "
        f"lack {len(still_lost)} of the features.",
        "",
    ]
    if newest["version"] and newest["version"] != result["zensical"]:
        state = "installs here" if newest["installable"] else f"does not install here: {newest['reason']}"
        lines += [f"The newest release the package index lists, {newest['version']}, {state}.", ""]
    lines += [
        "| feature | what the marker looks for | ProperDocs | Zensical | Zensical + post-build |",
        "| --- | --- | --- | --- | --- |",
    ]
    for feature in features:
        lines.append(
            f"| {feature['name']} | {feature['what']} | {'there' if feature['properdocs'] else 'missing'} "
            f"| {'there' if feature['zensical'] else '**lost**'} | {after_postbuild(feature, failed)} |"
        )
    if failed:
        lines += ["", "The steps that failed over Zensical's output, with their errors:", ""]
        lines += [f"- `{name}`: {error}" for name, error in failed.items()]
    refusals = result["postbuild"]["policy_refusals"]

    def listed(found: list[str]) -> str:
        return "; ".join(f"`{refusal}`" for refusal in found) if found else "nothing"

    lines += [
        "",
        (
            f"Loaded in Chromium, `{refusals['page']}` had its Content-Security-Policy refuse "
            f"{listed(refusals['zensical_postbuild'])} in the Zensical + post-build site, and "
            f"{listed(refusals['properdocs'])} in the ProperDocs one."
        ),
    ]
    nb = result["notebook_prerender"]
    lines += [
        "",
        f"Without mkdocs-jupyter, a notebook would be pre-rendered before the build. For `{nb['notebook']}`, "
        f"executing it took {nb['execute_s']} s and exporting it as Markdown (nbconvert {nb['nbconvert']}) "
        f"{nb['export_markdown_s']} s, writing {nb['markdown_kb']} kB of Markdown and {nb['figures']} figure "
        f"file(s) of {nb['figures_kb']} kB; the same notebook as one HTML page with nbconvert's lab template "
        f"weighs {nb['html_lab_template_kb']} kB"
        + (
            f", and the page mkdocs-jupyter and our hooks build for it {result['properdocs_notebook_page_kb']} kB."
            if result["properdocs_notebooks_executed"]
            else " (the reference build had not executed its notebooks: its page is not compared)."
        ),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, help="a site already built with ProperDocs from this checkout")
    parser.add_argument("--keep", type=Path, help="build Zensical's copy in this folder and keep it")
    parser.add_argument("--lock", action="store_true", help="re-resolve site_examples/zensical/requirements.lock.txt")
    args = parser.parse_args(argv)
    if args.lock:
        lock()
        return 0

    import properdocs

    from site_examples.browser import build_site, free_address

    command = install()
    with tempfile.TemporaryDirectory(prefix="zensical-trial-") as scratch:
        project = args.keep or Path(scratch) / "project"
        shutil.rmtree(project, ignore_errors=True)
        project.mkdir(parents=True)
        checkout_copy(project)
        print(f"building with Zensical {version_of(command)} in {project}", flush=True)
        build = zensical_build(command, project)
        if build["returncode"] != 0:
            raise SystemExit("Zensical's build failed:\n" + "\n".join(build["log"]))
        finished = project / "site-postbuild"
        print(f"running the post-build pipeline over a copy of Zensical's output, in {finished}", flush=True)
        shutil.rmtree(finished, ignore_errors=True)
        shutil.copytree(project / "site", finished)
        pipeline = postbuild_over(finished, project / "mkdocs.yml")
        reference = args.reference
        if reference is None:
            reference = Path(scratch) / "reference"
            print("building the reference with ProperDocs, as ./dev.sh build does (notebooks executed)", flush=True)
            os.environ.pop("ATTENTION_COURSE_EXECUTE_NOTEBOOKS", None)
            build_site(reference, free_address(), check=True)
        ours, theirs, finished_found = check(reference), check(project / "site"), check(finished)
        print(f"loading {SDPA} of both finished sites in Chromium, for what their policy refuses", flush=True)
        pipeline["policy_refusals"] = {"page": SDPA, "properdocs": policy_refusals(reference, SDPA)}
        pipeline["policy_refusals"]["zensical_postbuild"] = policy_refusals(finished, SDPA)
        broken = [name for name, there in ours.items() if not there]
        if broken:
            raise SystemExit(f"markers that find nothing in the ProperDocs build (fix them): {', '.join(broken)}")
        print("measuring a notebook's pre-render (nbclient + nbconvert)", flush=True)
        notebook = prerender(NOTEBOOK, Path(scratch) / "prerender")
        result: dict[str, Any] = {
            "date": date.today().isoformat(),
            "machine": f"{platform.machine()}, Python {platform.python_version()}",
            "zensical": version_of(command),
            "properdocs": properdocs.__version__,
            "newest_release": newest_release(),
            "zensical_build": build,
            "postbuild": pipeline,
            "features": [
                {
                    "name": m.name,
                    "what": m.what,
                    "step": m.step,
                    "cause": m.cause,
                    "properdocs": ours[m.name],
                    "zensical": theirs[m.name],
                    "zensical_postbuild": finished_found[m.name],
                }
                for m in MARKERS
            ],
            "notebook_prerender": notebook,
            "properdocs_notebook_page_kb": page_kb(reference, "examples/why-scale"),
            "properdocs_notebooks_executed": "jp-OutputArea-output" in _page(reference, "examples/why-scale"),
        }
    DATA.joinpath("zensical-trial.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    DATA.joinpath("zensical-trial.md").write_text(markdown(result), encoding="utf-8")
    for step in pipeline["steps"]:
        print(f"  step {step['name']:<21} {'ran' if step['ran'] else 'FAILED: ' + step['error']}")
    for feature in result["features"]:
        print(
            f"  {feature['name']:<26} {'there' if feature['zensical'] else 'LOST':<6}"
            f" + post-build: {'there' if feature['zensical_postbuild'] else 'LOST'}"
        )
    print(f"wrote {DATA / 'zensical-trial.json'} and .md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
