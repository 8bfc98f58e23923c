"""Measure what the lab's language model costs, at build time and live in the browser, and write the figures.

    .venv/bin/python -m site_examples.benchmarks.language_model_figures [--site DIR] [--runs 3]

Two parts:

- **At build time** (CPython, this machine): the lab's preset views of
  SmolLM2-135M-Instruct as the site's build makes them
  (``overrides/hooks/model_views.py``, ``cached_language_model_views``) into an
  empty cache (cold: load the model, run every prompt, write the compact
  views) and again from that cache (warm); and each preset file's size, raw
  and gzip-compressed (what the page downloads when the reader picks it).
- **Live in the browser** (headless Chromium, Pyodide): what it costs to
  compute a prompt of the reader's own there. The script serves a built site
  on 127.0.0.1 (text gzip-compressed) and, on a lesson page, fetches the
  model's GGUF file the site ships (4-bit, ``models/SmolLM2-135M-Instruct/``;
  the cached file at the same address when the site does not ship it) into Python (``window.attentionCourse.python.fetchFile``), loads the model
  (``load_smollm2``), and times a 16-token prompt: the forward pass alone and
  the lab's full view (``attention.lab.smollm2.view_json``: 270 heads, the
  prediction), the first run and the median of ``--runs`` more; Python's
  memory (the WebAssembly heap) after each step.

The lab offers a prompt of the reader's own only if the download is at most
100 MB and the 16-token view takes at most 10 s once loaded (``TARGETS``):
the build reads the verdict from the JSON this script writes
(``overrides/hooks/model_views.py`` ships the model's file and tells the lab
so only then). Writes docs/data/language-model-figures.json,
docs/data/language-model-figures.md (:func:`markdown`, the table "How the
code runs" includes) and docs/data/language-model-live.md (:func:`live_note`,
the lab page's sentence on prompts of one's own). ``--render`` rewrites the
two Markdown files from the committed JSON without measuring. A benchmark,
not a test: nothing is asserted; timings on a loaded machine are noisy (the
figures say how loaded it was).

``--site`` reuses a site already built (any build: the page needs only the
runner); without it the script builds one with the notebooks not executed.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from attention.models.weights import SMOLLM2_FILE, require_smollm2
from site_examples.browser import CHROMIUM_ARGS, GzipHandler, chromium, free_address, is_local, serve, with_tools

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
PAGE = "lessons/scaled-dot-product-attention/"
SERVED = "models/SmolLM2-135M-Instruct/"  # where the site ships the GGUF file (overrides/hooks/model_views.py)
FOLDER = "/models/SmolLM2-135M-Instruct/"  # in Pyodide's file system
TARGETS = {"download_mb": 100, "view_s": 10.0, "tokens": 16}
PROMPT = "After a long walk along the river, the old man sat down on a bench"  # 16 tokens (checked below)
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

TIMED_CALL = """async (code) => {
  const began = performance.now();
  const text = await window.attentionCourse.python.call(code);
  return { ms: performance.now() - began, text };
}"""

FETCH = """async ({ url, path }) => {
  const began = performance.now();
  const result = await window.attentionCourse.python.fetchFile(url, path);
  return { ms: performance.now() - began, bytes: result.bytes };
}"""


def _hook():
    """overrides/hooks/model_views.py, loaded as MkDocs loads it (its folder on sys.path for ``_build``)."""
    folder = str(ROOT / "overrides" / "hooks")
    sys.path.insert(0, folder)
    try:
        spec = importlib.util.spec_from_file_location("model_views_benchmark", ROOT / "overrides/hooks/model_views.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
    return module


def build_time() -> dict:
    """Cold and warm cost of the hook's language-model views, and each preset file's size."""
    hook = _hook()
    with tempfile.TemporaryDirectory() as cache:
        os.environ["ATTENTION_COURSE_CACHE"] = cache
        try:
            began = time.perf_counter()
            folder = hook.cached_language_model_views()
            cold = time.perf_counter() - began
            began = time.perf_counter()
            hook.cached_language_model_views()
            warm = time.perf_counter() - began
            index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
            presets = []
            for preset in index["presets"]:
                raw = (folder / preset["file"]).read_bytes()
                presets.append(
                    {"id": preset["id"], "tokens": len(preset["tokens"]), "bytes": len(raw),
                     "gzip_bytes": len(gzip.compress(raw, mtime=0))}
                )  # fmt: skip
        finally:
            del os.environ["ATTENTION_COURSE_CACHE"]
    return {"cold_s": cold, "warm_s": warm, "presets": presets}


def _timed(page: Page, code: str) -> tuple[float, str]:
    result = page.evaluate(TIMED_CALL, code)
    return result["ms"] / 1000, result["text"]


def _heap_mb(page: Page) -> float:
    return int(_timed(page, "import pyodide_js\npyodide_js._module.HEAP8.length")[1]) / 1e6


def _site(site: Path | None, scratch: Path) -> Path:
    if site is not None:
        return site
    built = scratch / "site"
    # The generator, then the post-build pipeline (postbuild/), which adds Pyodide and the rest, as ./dev.sh build does.
    for command in (
        ["properdocs", "build", "--config-file", "mkdocs.yml", "--site-dir", str(built)],
        ["postbuild", str(built), "--config", "mkdocs.yml"],
    ):
        result = subprocess.run(
            [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True,
            env={**os.environ, "ATTENTION_COURSE_EXECUTE_NOTEBOOKS": "false"},
        )  # fmt: skip
        if result.returncode != 0:
            raise RuntimeError(f"{command[0]} failed:\n{result.stdout}{result.stderr}")
    return built


def _served(site: Path, scratch: Path) -> Path:
    """The site as built, if it ships the GGUF file; else a folder of links to its files and to the cached file.

    The build ships the file only when the committed figures allow prompts of one's own, so a site built
    while they did not lacks it; the measurement must not depend on the verdict it produces.
    """
    if (site / SERVED / SMOLLM2_FILE).is_file():
        return site
    root = scratch / "served"
    (root / SERVED).mkdir(parents=True)
    for entry in site.iterdir():
        if entry.name != "models":
            (root / entry.name).symlink_to(entry)
    for entry in (site / "models").iterdir() if (site / "models").is_dir() else []:
        (root / "models" / entry.name).symlink_to(entry)
    (root / SERVED / SMOLLM2_FILE).symlink_to(require_smollm2())
    return root


def in_browser(site: Path, runs: int) -> dict:
    """One fresh profile: start Python, fetch the GGUF file, load the model, time the 16-token prompt."""
    scratch = Path(tempfile.mkdtemp(prefix="lm-figures-"))
    served = _served(_site(site, scratch), scratch)
    requested: list[str] = []
    result: dict = {}
    with serve(served, free_address(), GzipHandler) as url, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(scratch / "profile"), executable_path=chromium(), args=OFFLINE_ARGS, viewport={"width": 1280, "height": 900}
        )
        with_tools(context)
        context.on("request", lambda request: requested.append(request.url))
        page = context.new_page()
        page.goto(url + PAGE, wait_until="load")
        page.wait_for_function("() => window.attentionCourse && window.attentionCourse.python")  # the runner's module
        began = time.perf_counter()
        page.evaluate("() => window.attentionCourse.python.start()")
        result["runtime_start_s"] = time.perf_counter() - began
        result["heap_start_mb"] = _heap_mb(page)
        fetched = page.evaluate(FETCH, {"url": url + SERVED + SMOLLM2_FILE, "path": FOLDER + SMOLLM2_FILE})
        result["download_bytes"] = fetched["bytes"]
        result["fetch_s"] = fetched["ms"] / 1000
        result["heap_after_fetch_mb"] = _heap_mb(page)
        load = f"from attention.models import load_smollm2\nmodel = load_smollm2({FOLDER + SMOLLM2_FILE!r})"
        result["load_s"], _ = _timed(page, load)
        result["heap_after_load_mb"] = _heap_mb(page)
        tokens = int(_timed(page, f"len(model.encode({PROMPT!r}))")[1])
        result["tokens"] = tokens
        for name, code in (
            ("forward", f"out = model({PROMPT!r})\nout.logits.shape[0]"),
            ("view", f"from attention.lab.smollm2 import view_json\ntext = view_json(model, {PROMPT!r})\nlen(text)"),
        ):
            first, text = _timed(page, code)
            times = [_timed(page, code)[0] for _ in range(runs)]
            result[name] = {"first_s": first, "median_s": statistics.median(times), "runs": runs}
            if name == "view":
                result[name]["json_bytes"] = int(text)
        result["heap_end_mb"] = _heap_mb(page)
        context.close()
    foreign = [u for u in requested if not is_local(u, url)]
    if foreign:
        raise RuntimeError(f"the page asked for other hosts: {foreign}")
    return result


def verdict(browser: dict) -> dict:
    """Whether the lab may offer prompts of the reader's own: both targets met."""
    download_mb = browser["download_bytes"] / 1e6
    view_s = browser["view"]["median_s"]
    return {
        "download_ok": download_mb <= TARGETS["download_mb"],
        "view_ok": view_s <= TARGETS["view_s"],
        "ship_live": download_mb <= TARGETS["download_mb"] and view_s <= TARGETS["view_s"],
    }


def _s(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"


def markdown(data: dict) -> str:
    """The tables "How the code runs" includes, from the JSON this script writes."""
    b, built, meta, v = data["browser"], data["build"], data["meta"], data["verdict"]
    state = {True: "met", False: "**not met**"}
    rows = [
        "| live in the browser (Pyodide, one thread) | cost |",
        "| --- | ---: |",
        f"| download: the model's 4-bit GGUF file | {b['download_bytes'] / 1e6:.1f} MB |",
        f"| fetch it into Python in the page (from 127.0.0.1) | {_s(b['fetch_s'])} |",
        f"| load the model from it (dequantized to float32) | {_s(b['load_s'])} |",
        f"| a {b['tokens']}-token prompt through the model: first / median | "
        f"{_s(b['forward']['first_s'])} / {_s(b['forward']['median_s'])} |",
        f"| its full lab view (270 heads and the prediction): first / median | "
        f"{_s(b['view']['first_s'])} / {_s(b['view']['median_s'])} |",
        f"| Python's memory: started / file fetched / model loaded / at the end | {b['heap_start_mb']:.0f} / "
        f"{b['heap_after_fetch_mb']:.0f} / {b['heap_after_load_mb']:.0f} / {b['heap_end_mb']:.0f} MB |",
        "",
        f"Targets for offering prompts of the reader's own: download at most {TARGETS['download_mb']} MB: "
        f"{state[v['download_ok']]}; the {TARGETS['tokens']}-token view within {TARGETS['view_s']:.0f} s once loaded: "
        f"{state[v['view_ok']]}. "
        + ("The lab offers them." if v["ship_live"] else "So the lab shows the prepared prompts only."),
        "",
        "| prepared prompt (build time) | tokens | file | gzip |",
        "| --- | ---: | ---: | ---: |",
    ]
    for preset in built["presets"]:
        rows.append(
            f"| `{preset['id']}` | {preset['tokens']} | {preset['bytes'] / 1000:.0f} kB | {preset['gzip_bytes'] / 1000:.0f} kB |"
        )
    rows += [
        "",
        f"The build computes them in {_s(built['cold_s'])} with an empty cache (loading the model included) and "
        f"finds them in {_s(built['warm_s'])} when nothing changed.",
        "",
        f"Measured {meta['date']} on {meta['machine']} with `{meta['command']}` (headless Chromium {meta['chromium']}, "
        f"cold browser cache; medians of {b['view']['runs']} runs after the first).{meta['note']}",
    ]
    return "\n".join(rows) + "\n"


def _load_note(load: float) -> str:
    """What the machine's load says of the timings (the 1-minute load average, the larger of start and end)."""
    cores = os.cpu_count() or 1
    if load <= 0.5 * cores:
        return f" The machine was quiet (load average {load:.1f} on {cores} cores)."
    return f" The machine was loaded by other work (load average {load:.1f} on {cores} cores): the timings are high and noisy."


def live_note(data: dict) -> str:
    """The lab page's paragraph on prompts of one's own, from the verdict (docs/lab.md includes it)."""
    b, v = data["browser"], data["verdict"]
    link = "[How the code runs](how-the-code-runs.md#the-language-model-in-your-browser)"
    if v["ship_live"]:
        return (
            "**A prompt of your own.** The prepared prompts were run when the site was built; each one loads when "
            "you pick it. For a prompt of your own the model runs in your browser: a button says how much it "
            f"downloads (once: the model's {b['download_bytes'] / 1e6:.0f} MB file, the same 4-bit weights), and the "
            "status line says how long loading and each prompt took. Loaded, the model takes several hundred "
            "megabytes of your browser's memory; *Cancel* stops the download, and the prepared prompts keep "
            f"working. What it costs was measured on the machines that build this site: see {link}.\n"
        )
    missed = []
    if not v["download_ok"]:
        missed.append(f"its file is {b['download_bytes'] / 1e6:.0f} MB, more than the {TARGETS['download_mb']} MB allowed")
    if not v["view_ok"]:
        missed.append(
            f"the view of a {b['tokens']}-token prompt took {b['view']['median_s']:.1f} s once the model was loaded, "
            f"more than the {TARGETS['view_s']:.0f} s allowed"
        )
    return (
        "**Prepared prompts only.** Every view of this model was computed when the site was built; each one loads "
        "when you pick it. A prompt of your own would need the model in your browser, and measured on the "
        f"machines that build this site, {' and '.join(missed)}; so the lab does not offer it. {link} gives the "
        "figures.\n"
    )


def render(data: dict) -> None:
    """Write the two Markdown files the pages include from the figures."""
    (DATA / "language-model-figures.md").write_text(markdown(data), encoding="utf-8")
    (DATA / "language-model-live.md").write_text(live_note(data), encoding="utf-8")


def _chromium_version() -> str:
    executable = chromium()
    if executable is None:
        return "(Playwright's own)"
    output = subprocess.run([executable, "--version"], capture_output=True, text=True).stdout.split()
    return output[1] if len(output) > 1 else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build one)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs after the first (default 3)")
    parser.add_argument("--render", action="store_true", help="only rewrite the Markdown from the committed JSON")
    args = parser.parse_args()
    if args.render:
        render(json.loads((DATA / "language-model-figures.json").read_text(encoding="utf-8")))
        return
    load_before = os.getloadavg()[0]
    build = build_time()
    print(f"build time: cold {build['cold_s']:.2f} s, warm {build['warm_s'] * 1000:.1f} ms")
    for preset in build["presets"]:
        print(f"  {preset['id']}: {preset['tokens']} tokens, {preset['bytes']} bytes, {preset['gzip_bytes']} gzip")
    browser = in_browser(args.site, args.runs)
    if browser["tokens"] != TARGETS["tokens"]:
        raise RuntimeError(f"the prompt is {browser['tokens']} tokens, not {TARGETS['tokens']}: choose another")
    print(json.dumps(browser, indent=1))
    load = max(load_before, os.getloadavg()[0])
    command = "python -m site_examples.benchmarks.language_model_figures" + (f" --runs {args.runs}")
    data = {
        "generated_by": "site_examples/benchmarks/language_model_figures.py",
        "targets": TARGETS,
        "prompt": PROMPT,
        "build": build,
        "browser": browser,
        "verdict": verdict(browser),
        "meta": {
            "date": time.strftime("%Y-%m-%d"),
            "machine": f"{os.cpu_count()} cores, {platform.machine()}",
            "command": command,
            "chromium": _chromium_version(),
            "load_average": round(load, 1),
            "note": _load_note(load),
        },
    }
    (DATA / "language-model-figures.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    render(data)
    print(markdown(data))
    print(live_note(data))


if __name__ == "__main__":
    main()
