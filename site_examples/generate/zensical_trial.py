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
3. builds the same checkout with ProperDocs, the site's engine (notebooks not
   executed), unless ``--reference`` names a site already built from it;
4. checks every feature in :data:`MARKERS` in both builds, from the built files
   alone: a feature is *there* when its output is in the page and the
   Markdown it was written as is not left over;
5. measures what replacing mkdocs-jupyter would take on one notebook
   (``why-scale.py``): the pre-render step a Zensical build would need
   (jupytext to a notebook, executed with nbclient, exported by nbconvert as
   Markdown with its figures as files), its time and output size, beside
   the page mkdocs-jupyter writes for it;
6. asks the package index for the newest Zensical and whether it resolves here.

It writes ``docs/data/zensical-trial.json`` and ``docs/data/zensical-trial.md``
(the table "Maintaining the course" includes). A marker that does not find its
feature in the ProperDocs build is a broken marker, and the script stops.

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
from typing import Any

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
    """One feature of the built site: ``found(site)`` says whether a build has it."""

    name: str
    what: str
    found: Callable[[Path], bool]


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
MARKERS: tuple[Marker, ...] = (
    Marker(
        "formulas",
        "typeset by KaTeX at build time (katex.py); no TeX left for a script",
        page_has(SDPA, r'class="katex"', r'class="arithmatex">\\\('),
    ),
    Marker("quizzes", "quiz fences rendered as questions (quiz.py)", page_has(SDPA, r"data-quiz-page=")),
    Marker("exercises", "exercise fences rendered with their checks (quiz.py)", page_has(SDPA, r"data-exercise=")),
    Marker("runner blocks", "each lesson block gets its Run slot (runner.py)", page_has(SDPA, r'class="runner-slot"')),
    Marker(
        "steppers",
        "step-through diagrams drawn with their data (diagrams.py)",
        page_has(SDPA, r"data-stepper=", r"<!-- stepper:"),
    ),
    Marker(
        "figures", "figures computed from the lessons' code (figures.py)", files_match("images/generated/*.svg", 10)
    ),
    Marker("diagrams", "diagrams drawn from the lessons' code (diagrams.py)", files_match("images/diagrams/*.svg", 10)),
    Marker(
        "benchmark tables",
        'measured tables and chart of "Attention at scale" (benchmarks.py)',
        page_has("lessons/attention-at-scale", r'class="bench-chart"', r"<!-- benchmarks:"),
    ),
    Marker(
        "training run",
        'the committed run of "Learning to attend" (training.py)',
        page_has("lessons/learning-to-attend", r'class="training', r"<!-- training:"),
    ),
    Marker(
        "StreamingLLM experiment",
        'the measured table of "Attention in today\'s models" (streaming_llm.py)',
        page_has("lessons/attention-in-todays-models", r"data-streaming", r"<!-- streaming-llm:"),
    ),
    Marker("notebooks", "the three notebooks as pages (mkdocs-jupyter)", files_match("examples/*/index.html", 3)),
    Marker(
        "CSP",
        "a Content-Security-Policy `<meta>` on every page (csp.py)",
        page_has(SDPA, r'<meta http-equiv="Content-Security-Policy"'),
    ),
    Marker(
        "service worker",
        "`sw.js` bundled, its precache list filled in (service_worker.py)",
        file_has("sw.js", r"precache", absent="self.__WB_MANIFEST"),
    ),
    Marker(
        "Pyodide", "Pyodide and the package's wheel self-hosted (pyodide.py)", files_match("pyodide/attention-*.whl")
    ),
    Marker(
        "KaTeX style",
        "KaTeX's style sheet and fonts self-hosted (vendor.py)",
        files_match("vendor/katex/katex.min.css"),
    ),
    Marker("model files", "the lab's models, float16 (model_files.py)", files_match("models/*/*")),
    Marker(
        "one style sheet",
        "the site's style sheets served as one file (stylesheets.py)",
        page_has(SDPA, r'href="[./]*stylesheets/site\.[0-9a-f]+\.css"'),
    ),
    Marker(
        "code colours later",
        "code past the first screen coloured when idle (code_later.py)",
        page_has(SDPA, r"<template data-later"),
    ),
    Marker("table slots", "each table in a box of its own (table_slots.py)", page_has(SDPA, r'class="table-slot"')),
    Marker(
        "404 under any path",
        "404.html finds the site's root when shown (not_found.py)",
        file_has("404.html", r"document\.baseURI"),
    ),
    Marker(
        "search",
        "a search index with the lessons' text",
        lambda site: any(
            file_has(path, r"Scaled dot-product attention")(site)
            # Material's index; the course's build moves the text into a file of its own (postbuild/search.py)
            for path in ("search/search_index.json", "search/search_index.full.json", "search.json")
        ),
    ),
    Marker("build code unpublished", "the build's Python (`overrides/hooks/`) is not served", nothing_at("hooks/*.py")),
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


def markdown(result: dict[str, Any]) -> str:
    """The table and sentences "Maintaining the course" includes, from the data alone."""
    features = result["features"]
    lost = [f["name"] for f in features if f["properdocs"] and not f["zensical"]]
    build = result["zensical_build"]
    newest = result["newest_release"]
    lines = [
        f"Zensical {result['zensical']} against ProperDocs {result['properdocs']}, tried on {result['date']} "
        f"(`python -m site_examples.generate.zensical_trial`): Zensical's build "
        + ("passed" if build["returncode"] == 0 else f"failed (exit code {build['returncode']})")
        + f" in {build['seconds']} s, printing {build['warnings']} warning(s), and left out "
        f"{len(lost)} of the {len(features)} features below.",
        "",
    ]
    if newest["version"] and newest["version"] != result["zensical"]:
        state = "installs here" if newest["installable"] else f"does not install here: {newest['reason']}"
        lines += [f"The newest release the package index lists, {newest['version']}, {state}.", ""]
    lines += ["| feature | what the marker looks for | ProperDocs | Zensical |", "| --- | --- | --- | --- |"]
    for feature in features:
        lines.append(
            f"| {feature['name']} | {feature['what']} | {'there' if feature['properdocs'] else 'missing'} "
            f"| {'there' if feature['zensical'] else '**lost**'} |"
        )
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
        reference = args.reference
        if reference is None:
            reference = Path(scratch) / "reference"
            print("building the reference with ProperDocs, as ./dev.sh build does (notebooks executed)", flush=True)
            os.environ.pop("ATTENTION_COURSE_EXECUTE_NOTEBOOKS", None)
            build_site(reference, free_address(), check=True)
        ours, theirs = check(reference), check(project / "site")
        broken = [name for name, there in ours.items() if not there]
        if broken:
            raise SystemExit(f"markers that find nothing in the ProperDocs build (fix them): {', '.join(broken)}")
        print("measuring a notebook's pre-render (nbclient + nbconvert)", flush=True)
        notebook = prerender(NOTEBOOK, Path(scratch) / "prerender")
        result = {
            "date": date.today().isoformat(),
            "machine": f"{platform.machine()}, Python {platform.python_version()}",
            "zensical": version_of(command),
            "properdocs": properdocs.__version__,
            "newest_release": newest_release(),
            "zensical_build": build,
            "features": [
                {"name": m.name, "what": m.what, "properdocs": ours[m.name], "zensical": theirs[m.name]}
                for m in MARKERS
            ],
            "notebook_prerender": notebook,
            "properdocs_notebook_page_kb": page_kb(reference, "examples/why-scale"),
            "properdocs_notebooks_executed": "jp-OutputArea-output" in _page(reference, "examples/why-scale"),
        }
    DATA.joinpath("zensical-trial.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    DATA.joinpath("zensical-trial.md").write_text(markdown(result), encoding="utf-8")
    for feature in result["features"]:
        print(f"  {feature['name']:<26} {'there' if feature['zensical'] else 'LOST'}")
    print(f"wrote {DATA / 'zensical-trial.json'} and .md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
