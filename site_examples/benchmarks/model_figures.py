"""Measure what it costs to run all-MiniLM-L6-v2 live in the reader's browser, and write the figures the docs show.

    .venv/bin/python -m site_examples.benchmarks.model_figures [--repeat 3] [--runs 5]

Builds the site, serves it on 127.0.0.1 the way a static host does (text
gzip-compressed, ``Cache-Control: max-age=600`` as on GitHub Pages) and, in
headless Chromium with a cold cache, on a lesson page (the in-page runner is
all it needs), measures:

- the download: the site's float16 model files (``models/all-MiniLM-L6-v2/``,
  written by ``postbuild/model_files.py``), raw and as transferred;
- fetching them into Pyodide with ``window.attentionCourse.python.fetchFile``
  (Python already started; its own start is reported for context);
- loading the model from them (``load_minilm(folder, dtype=np.float32)``);
- one sentence of 8, 16, 32, 40 and 64 tokens (``[CLS]`` and ``[SEP]``
  included) through the model, ``model(sentence)``: the first run after
  loading, and the median of ``--runs`` more;
- if the package has ``attention.lab.minilm.minilm_view_json`` (what the
  lab calls), the same for it, on the sentences the lab takes (at most
  ``MAX_TOKENS``); its first call loads the model too;
- fetching the files again after Stop restarts Python (the browser's cache
  should serve them).

Each of the ``--repeat`` rounds uses a fresh browser profile (an empty
cache); the figures are the medians over rounds. Requests to any other host
cannot even resolve (Chromium's ``--host-resolver-rules``); every request is
recorded and the run fails if one left 127.0.0.1. (Playwright's request
routing, which the browser tests use to abort them, would also turn off the
HTTP cache that the fetch after Stop relies on.) Prints a summary and writes docs/data/model-figures.md
(a table a page can include) and docs/data/model-figures.json. A benchmark,
not a test: the issue's targets (download under 50 MB, a sentence within 3 s
once loaded) are reported against, never asserted.
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
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from attention.models import WordPieceTokenizer
from attention.models.weights import model_dir
from site_examples.browser import CHROMIUM_ARGS, GzipHandler, build_site, chromium, free_address, is_local, serve, with_tools

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"
PAGE = "lessons/scaled-dot-product-attention/"
MODEL = "models/all-MiniLM-L6-v2/"
FOLDER = "/models/all-MiniLM-L6-v2/"  # in Pyodide's file system
FILES = ("config.json", "vocab.txt", "model.safetensors")
TARGETS = {"download_mb": 50, "sentence_s": 3.0}
# Sentences of 8, 16, 32, 40 (the lab's longest) and 64 tokens, [CLS] and [SEP] included
# (the script counts them again with the model's tokenizer and reports the counts).
SENTENCES = (
    "The cat sat on the mat",
    "The cat sat on the mat because it was tired after a long day",
    "After a long walk along the river, the old man sat down on a wooden bench and read about the storm that had "
    "flooded the village last night.",
    "After a long walk along the river, the old man sat down on a wooden bench, opened his newspaper and read about "
    "the storm that had flooded the whole village the night before it ended.",
    "When the museum reopened after the long winter storm, visitors queued outside in the cold for hours to see the "
    "restored paintings, and the guides, who had worked through the winter to prepare new tours, explained patiently "
    "how each canvas had been cleaned, repaired and hung again in the bright new rooms upstairs at last.",
)

# The shared browser flags, plus: no other host resolves.
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


class CachingGzipHandler(GzipHandler):
    """The shared gzip server, with the caching header GitHub Pages sends."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()


# In the page: fetch every file into Pyodide, timing each and all.
FETCH = """async ({ base, folder, files }) => {
  const python = window.attentionCourse.python;
  const began = performance.now();
  const each = {};
  for (const name of files) each[name] = await python.fetchFile(base + name, folder + name);
  return { ms: performance.now() - began, each };
}"""

# In the page: run Python code, timing it as the page sees it (message round trip included).
TIMED_CALL = """async (code) => {
  const began = performance.now();
  const text = await window.attentionCourse.python.call(code);
  return { ms: performance.now() - began, text };
}"""


def _timed(page: Page, code: str) -> tuple[float, str]:
    result = page.evaluate(TIMED_CALL, code)
    return result["ms"] / 1000, result["text"]


def _chromium_version(executable: str | None) -> str:
    if executable is None:
        return "(Playwright's own)"
    output = subprocess.run([executable, "--version"], capture_output=True, text=True).stdout
    return output.split()[1] if len(output.split()) > 1 else output.strip()


def _heap_mb(page: Page) -> float:
    """The size of Python's memory in the page (Pyodide's WebAssembly heap), in MB."""
    return int(_timed(page, "import pyodide_js\npyodide_js._module.HEAP8.length")[1]) / 1e6


def _model_bytes(paths: dict[str, int]) -> int:
    return sum(size for path, size in paths.items() if path.startswith("/" + MODEL))


def _stop_python(page: Page) -> None:
    """Stop Python the way a reader does: run an endless block and press its Stop button."""
    block = page.locator("[data-runner]").first
    block.locator("pre[data-runner-code]").click()  # the block's code turns into its editor
    block.locator(".cm-content[data-runner-code]").fill("while True:\n    pass")
    block.locator("button[data-action=run]").click()
    page.wait_for_function("b => b.dataset.runnerStatus === 'running'", arg=block.element_handle())
    block.locator("button[data-action=stop]").click()
    page.wait_for_function("b => b.dataset.runnerStatus === 'idle'", arg=block.element_handle())


def measure(playwright, executable: str | None, url: str, runs: int, views: bool) -> dict:
    """One round in a fresh profile: start, fetch, load, sentences, views, fetch again after Stop."""
    handler = CachingGzipHandler
    requested: list[str] = []
    profile = tempfile.TemporaryDirectory()
    context = playwright.chromium.launch_persistent_context(
        profile.name, executable_path=executable, args=OFFLINE_ARGS, viewport={"width": 1280, "height": 900}
    )
    with_tools(context)
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    began = time.perf_counter()
    page.goto(url + PAGE, wait_until="load")
    result: dict = {}
    page.evaluate("() => window.attentionCourse.python.start()")
    result["runtime_start_s"] = time.perf_counter() - began

    handler.sent.clear()
    handler.raw.clear()
    fetched = page.evaluate(FETCH, {"base": url + MODEL, "folder": FOLDER, "files": list(FILES)})
    result["fetch_s"] = fetched["ms"] / 1000
    result["files"] = {
        name: {"bytes": fetched["each"][name]["bytes"], "transferred": handler.sent.get("/" + MODEL + name, 0)}
        for name in FILES
    }

    load = f"from attention.models import load_minilm\nmodel = load_minilm({FOLDER!r}, dtype='float32')"
    result["load_s"], _ = _timed(page, load)
    result["heap_after_load_mb"] = _heap_mb(page)
    result["forward"] = []
    for sentence in SENTENCES:
        code = f"out = model({sentence!r})\nlen(out.tokens)"
        first, text = _timed(page, code)
        times = [_timed(page, code)[0] for _ in range(runs)]
        result["forward"].append({"tokens": int(text), "first_s": first, "median_s": statistics.median(times)})

    result["view"] = None
    if views:
        limit = int(_timed(page, "from attention.lab.minilm import MAX_TOKENS, minilm_view_json\nMAX_TOKENS")[1])
        rows = []
        load_and_first = None
        for sentence, forward in zip(SENTENCES, result["forward"]):
            if forward["tokens"] > limit:
                continue
            code = f"view = minilm_view_json({sentence!r}, {FOLDER!r})\nprint(view)"
            first, text = _timed(page, code)
            if load_and_first is None:
                load_and_first = first  # the view's first call loads its own copy of the model
                first, text = _timed(page, code)
            times = [_timed(page, code)[0] for _ in range(runs)]
            rows.append({"tokens": forward["tokens"], "first_s": first, "median_s": statistics.median(times),
                         "json_bytes": len(text.encode("utf-8"))})  # fmt: skip
        result["view"] = {"max_tokens": limit, "first_call_with_load_s": load_and_first, "rows": rows}

    result["heap_mb"] = _heap_mb(page)

    _stop_python(page)
    handler.sent.clear()
    began = time.perf_counter()
    page.evaluate("() => window.attentionCourse.python.start()")
    restart = time.perf_counter() - began
    handler.sent.clear()
    refetched = page.evaluate(FETCH, {"base": url + MODEL, "folder": FOLDER, "files": list(FILES)})
    result["after_stop"] = {
        "restart_s": restart,
        "fetch_s": refetched["ms"] / 1000,
        "transferred": _model_bytes(handler.sent),
    }
    context.close()
    profile.cleanup()
    foreign = [u for u in requested if not is_local(u, url)]
    if foreign:
        raise RuntimeError(f"the page asked for other hosts: {foreign}")
    if url + MODEL + "model.safetensors" not in requested:
        raise RuntimeError("the worker's requests were not observed: the check above would see nothing")
    return result


def _median(rounds: list[dict], *keys: str | int) -> float:
    values = []
    for r in rounds:
        value = r
        for key in keys:
            value = value[key]
        values.append(value)
    return statistics.median(values)


def summarise(rounds: list[dict], safetensors_gzip: int) -> dict:
    """Medians over the rounds, and the targets, met or not."""
    first = rounds[0]
    files = first["files"]
    summary: dict = {
        "download": {
            "files": files,
            "raw_bytes": sum(f["bytes"] for f in files.values()),
            "transferred_bytes": sum(f["transferred"] for f in files.values()),
            "safetensors_if_gzipped_bytes": safetensors_gzip,
        },
        "runtime_start_s": _median(rounds, "runtime_start_s"),
        "fetch_s": _median(rounds, "fetch_s"),
        "load_s": _median(rounds, "load_s"),
        "heap_after_load_mb": max(r["heap_after_load_mb"] for r in rounds),
        "heap_mb": max(r["heap_mb"] for r in rounds),
        "after_stop": {key: _median(rounds, "after_stop", key) for key in first["after_stop"]},
        "forward": [
            {
                "tokens": row["tokens"],
                "first_s": _median(rounds, "forward", i, "first_s"),
                "median_s": _median(rounds, "forward", i, "median_s"),
            }
            for i, row in enumerate(first["forward"])
        ],
        "view": None,
    }
    if first["view"] is not None:
        summary["view"] = {
            "max_tokens": first["view"]["max_tokens"],
            "first_call_with_load_s": _median(rounds, "view", "first_call_with_load_s"),
            "rows": [
                {
                    "tokens": row["tokens"],
                    "json_bytes": row["json_bytes"],
                    "first_s": _median(rounds, "view", "rows", i, "first_s"),
                    "median_s": _median(rounds, "view", "rows", i, "median_s"),
                }
                for i, row in enumerate(first["view"]["rows"])
            ],
        }
    download_mb = summary["download"]["raw_bytes"] / 1e6
    # The lab's call when there is one (for the sentences it takes), else the bare forward pass.
    timed = summary["view"]["rows"] if summary["view"] else summary["forward"]
    worst = max(timed, key=lambda row: row["median_s"])
    what = "minilm_view_json (the lab's call)" if summary["view"] else "model(sentence)"
    summary["targets"] = [
        {
            "target": f"download under {TARGETS['download_mb']} MB",
            "met": download_mb < TARGETS["download_mb"],
            "measured": f"{download_mb:.1f} MB",
        },
        {
            "target": f"a sentence within {TARGETS['sentence_s']:.0f} s once loaded, {what}",
            "met": worst["median_s"] < TARGETS["sentence_s"],
            "measured": f"{worst['median_s']:.2f} s at {worst['tokens']} tokens (median)",
        },
    ]
    return summary


def _s(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def markdown(summary: dict, meta: dict) -> str:
    d = summary["download"]
    rows = [
        "| step | cost |",
        "| --- | ---: |",
        f"| download: `model.safetensors`, `vocab.txt`, `config.json` (float16) | {d['raw_bytes'] / 1e6:.1f} MB "
        f"({d['transferred_bytes'] / 1e6:.1f} MB transferred) |",
        f"| fetch them into Python in the page | {_s(summary['fetch_s'])} |",
        f"| load the model from them | {_s(summary['load_s'])} |",
        f"| fetch them again after Stop (browser cache) | {_s(summary['after_stop']['fetch_s'])} "
        f"({summary['after_stop']['transferred'] / 1e6:.1f} MB transferred) |",
        f"| for context: open the page and start Python, cold | {_s(summary['runtime_start_s'])} |",
        "",
    ]
    view = summary["view"]
    header = "| tokens | `model(sentence)`: first / median |"
    rule = "| ---: | ---: |"
    if view:
        header += " lab view (`minilm_view_json`): first / median | view size |"
        rule += " ---: | ---: |"
    rows += [header, rule]
    view_rows = {row["tokens"]: row for row in view["rows"]} if view else {}
    for row in summary["forward"]:
        line = f"| {row['tokens']} | {_s(row['first_s'])} / {_s(row['median_s'])} |"
        if view:
            v = view_rows.get(row["tokens"])
            line += (
                f" {_s(v['first_s'])} / {_s(v['median_s'])} | {v['json_bytes'] / 1000:.0f} kB |"
                if v
                else f" — (the lab takes at most {view['max_tokens']} tokens) | — |"
            )
        rows.append(line)
    rows.append("")
    state = {True: "met", False: "**not met**"}
    targets = "; ".join(f"{t['target']}: {state[t['met']]} ({t['measured']})" for t in summary["targets"])
    rows.append(
        f"Measured {meta['date']} on {meta['machine']} with `{meta['command']}` (headless Chromium {meta['chromium']}, "
        f"cold cache, served from 127.0.0.1 with gzip for text; medians of {meta['repeat']} rounds, each sentence "
        f"timed once right after loading (first) and {meta['runs']} more times). Weights as float16, computed in "
        f"float32. Python's memory: {summary['heap_after_load_mb']:.0f} MB with the model loaded, "
        f"{summary['heap_mb']:.0f} MB at the end (the lab view keeps a second copy of the model). Targets: {targets}."
    )
    return "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds, each in a fresh browser profile (default 3)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per sentence after the first (default 5)")
    args = parser.parse_args()
    views = importlib.util.find_spec("attention.lab.minilm") is not None
    tokenizer = WordPieceTokenizer.from_file(model_dir() / "vocab.txt")
    host = free_address()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        site = Path(tmp) / "site"
        print("building the site…", flush=True)
        build_site(site, host, check=True)
        safetensors_gzip = len(gzip.compress((site / MODEL / "model.safetensors").read_bytes(), compresslevel=6))
        executable = chromium()
        rounds = []
        with serve(site, host, CachingGzipHandler) as url:
            for index in range(args.repeat):
                rounds.append(measure(playwright, executable, url, args.runs, views))
                r = rounds[-1]
                sentences = ", ".join(f"{f['tokens']} tokens {f['median_s']:.2f} s" for f in r["forward"])
                print(f"round {index + 1}: fetch {r['fetch_s']:.2f} s, load {r['load_s']:.2f} s, {sentences}",
                      flush=True)  # fmt: skip
        meta = {
            "date": time.strftime("%Y-%m-%d"),
            "machine": f"{os.cpu_count()} cores, {platform.machine()}",
            "chromium": _chromium_version(executable),
            "repeat": args.repeat,
            "runs": args.runs,
            "command": f"python -m site_examples.benchmarks.model_figures --repeat {args.repeat} --runs {args.runs}",
            "page": PAGE,
        }
    for row, sentence in zip(rounds[0]["forward"], SENTENCES):
        assert row["tokens"] == len(tokenizer.encode(sentence).tokens), "the browser tokenized differently"
    summary = summarise(rounds, safetensors_gzip)
    DATA.mkdir(exist_ok=True)
    (DATA / "model-figures.json").write_text(
        json.dumps({"meta": meta, "sentences": list(SENTENCES), **summary, "rounds": rounds}, indent=1) + "\n"
    )
    (DATA / "model-figures.md").write_text(markdown(summary, meta))
    print(markdown(summary, meta))
    print(f"wrote {DATA / 'model-figures.md'} and {DATA / 'model-figures.json'}")


if __name__ == "__main__":
    main()
