"""Time the documented training run under CPython on one thread; write docs/data/training-speed.json.

    .venv/bin/python -m site_examples.benchmarks.training_speed [--rounds N] [--output PATH]

The script sets ``OMP_NUM_THREADS``, ``OPENBLAS_NUM_THREADS`` (and MKL's,
Accelerate's) to 1 before numpy is imported, as Pyodide has no threads; to
time anything else by hand, set them yourself in the shell. It times:

- a step: one ``Trainer.run(1)`` of ``attention.training.experiment``'s
  ``MODEL`` and ``TRAINING`` (forward, backward, Adam), the best and the
  median of ``--rounds`` rounds of 100 steps, divided by 100;
- the full run: ``STEPS`` steps from the initial weights, the way the page
  will step it (``Trainer.run`` 25 steps at a time, one probe of the fixed
  batch after each), best of ``--rounds`` runs;
- a probe: the forward pass on the probe batch alone;
- a step without BLAS: the same step with the model's matrix products
  (``attention.training.linear``'s, which the model and the attention layer
  import: the projections, the unembedding and their gradients, nearly all
  the arithmetic) computed by ``numpy.einsum``'s own loops instead of
  OpenBLAS. Pyodide's numpy has no BLAS, so this is the closer CPython
  stand-in for the page.

From the step without BLAS it estimates the full run in Pyodide, by the
factor range ``PYODIDE_FACTOR`` (WebAssembly runs numpy's C loops 1.5 to 3
times slower than native code), to compare with the 60 s budget of the
page. The estimate is labelled as one.

With ``--browser`` it also measures it: the site is built (or ``--site`` is
served, built for ``--address``), headless Chromium opens the lesson
"Learning to attend" and presses the widget's Train with the documented seed,
and the page trains the full run in its own Python worker, a chunk of steps
at a time, exactly as a reader's would. It records the time from the click
until the widget trains (Python starting, cold), the time of the run itself
(first step to the last drawn), and how far the run's probe losses and final
scores are from the committed run's (``docs/data/training-run.json``): the
same seed, so they should agree but for rounding. ``--browser-only`` keeps
the CPython figures already in the output file; without ``--browser`` the
last browser measurement in it is kept. A benchmark, not a test: nothing is
asserted.
"""

from __future__ import annotations

import os

# One thread everywhere, before numpy (and its BLAS) is imported.
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VECLIB_MAXIMUM_THREADS"):
    os.environ[_variable] = "1"

import argparse
import datetime
import json
import platform
import re
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from attention.training.experiment import MODEL, STEPS, TRAINING, probe_batch
from attention.training.loop import Trainer

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "docs" / "data" / "training-speed.json"
MODULE = "site_examples.benchmarks.training_speed"
PYODIDE_FACTOR = (1.5, 3.0)
BROWSER_BUDGET_SECONDS = 60.0
PROBE_EVERY = 25


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def time_steps(rounds: int, steps: int = 100) -> list[float]:
    """Seconds per step, one value per round of ``steps`` steps (after 10 steps of warm-up)."""
    trainer = Trainer(MODEL, TRAINING)
    trainer.run(10)
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        trainer.run(steps)
        times.append((time.perf_counter() - start) / steps)
    return times


def time_full_run() -> float:
    """Seconds for the documented run, stepped as the page steps it."""
    probe = probe_batch()
    start = time.perf_counter()
    trainer = Trainer(MODEL, TRAINING)
    trainer.probe(probe)
    while trainer.step < STEPS:
        trainer.run(min(PROBE_EVERY, STEPS - trainer.step))
        trainer.probe(probe)
    return time.perf_counter() - start


def time_probe(rounds: int) -> float:
    trainer, probe = Trainer(MODEL, TRAINING), probe_batch()
    best = float("inf")
    for _ in range(rounds * 10):
        start = time.perf_counter()
        trainer.probe(probe)
        best = min(best, time.perf_counter() - start)
    return best


def _einsum_rows(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return np.einsum("ij,jk->ik", x.reshape(-1, x.shape[-1]), w).reshape(*x.shape[:-1], w.shape[1])


def _einsum_grads(x: np.ndarray, w: np.ndarray, grad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows = grad.reshape(-1, grad.shape[-1])
    return np.einsum("ij,kj->ik", rows, w).reshape(x.shape), np.einsum("ji,jk->ik", x.reshape(-1, x.shape[-1]), rows)


def time_steps_without_blas(rounds: int) -> list[float]:
    """:func:`time_steps` with the model's matrix products in numpy's own loops (see the module docstring)."""
    from attention.training import linear, model, multi_head

    modules = (linear, model, multi_head)
    saved = [(m, m.__dict__.get("matmul_rows"), m.__dict__.get("linear_grads")) for m in modules]
    try:
        for m in modules:
            if "matmul_rows" in m.__dict__:
                m.matmul_rows = _einsum_rows
            if "linear_grads" in m.__dict__:
                m.linear_grads = _einsum_grads
        return time_steps(rounds)
    finally:
        for m, rows, grads in saved:
            if rows is not None:
                m.matmul_rows = rows
            if grads is not None:
                m.linear_grads = grads


LESSON = "lessons/learning-to-attend/"
BROWSER_TIMEOUT_S = 900


def time_in_browser(site: Path | None, address: str | None) -> dict:
    """The documented run trained by the lesson's widget in headless Chromium (see the module docstring)."""
    import tempfile

    from playwright.sync_api import sync_playwright

    from site_examples.browser import build_site, free_address, is_local, launch, serve

    run = json.loads((ROOT / "docs" / "data" / "training-run.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        if site is None:
            address = free_address()
            site = Path(folder) / "site"
            print(f"building the site for http://{address}/ ...", flush=True)
            build_site(site, address, check=True, timeout=900)
        pyodide = json.loads((site / "pyodide" / "manifest.json").read_text(encoding="utf-8"))["version"]
        with serve(site, address) as url, sync_playwright() as playwright:
            browser = launch(playwright)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            origin = url.rstrip("/")
            context.route("**/*", lambda route, request: route.continue_() if is_local(request.url, origin) else route.abort())
            page = context.new_page()
            page.set_default_timeout(BROWSER_TIMEOUT_S * 1000)
            page.goto(url + LESSON)
            page.wait_for_function("() => document.querySelector('[data-train]')?.dataset.trainState === 'committed'")
            page.wait_for_selector("[data-train] [data-losses-table] tbody tr", state="attached")
            page.fill("[data-train] input[data-control=seed]", str(TRAINING.seed))
            times = page.evaluate(
                """() => new Promise((resolve) => {
                  const root = document.querySelector('[data-train]');
                  const clicked = performance.now();
                  let training = null;
                  new MutationObserver((_, observer) => {
                    const state = root.dataset.trainState;
                    if (state === 'training' && training === null) training = performance.now();
                    if (state === 'done' || state === 'failed' || state === 'stopped') {
                      observer.disconnect();
                      resolve({ state, start: training - clicked, run: performance.now() - training });
                    }
                  }).observe(root, { attributes: true, attributeFilter: ['data-train-state'] });
                  root.querySelector('button[data-action=train]').click();
                })"""
            )
            if times["state"] != "done":
                raise RuntimeError(f"the widget ended in state {times['state']}: {page.text_content('[data-train] .training-status')}")
            rows = page.eval_on_selector_all(
                "[data-train] [data-losses-table] tbody tr",
                "rows => rows.map(r => [+r.dataset.step, ...[...r.querySelectorAll('td')].map(td => +td.textContent)])",
            )
            scores = page.eval_on_selector_all(
                "[data-train] [data-score]", "cells => cells.map(c => [c.dataset.score, +c.dataset.layer, +c.dataset.head, +c.dataset.value])"
            )
            chart = page.text_content("[data-train] [data-view=loss-chart] title") or ""
            chromium = browser.version
            browser.close()
    committed = {p["step"]: p for p in run["probes"]}
    loss_difference = max(
        max(abs(first - committed[step]["first_half"]), abs(repeated - committed[step]["repeated_half"]))
        for step, first, repeated in rows
    )
    differing = [step for step, first, repeated in rows
                 if max(abs(first - committed[step]["first_half"]), abs(repeated - committed[step]["repeated_half"])) > 1e-3]
    appeared = re.search(r"appeared at step ([\d,]+)", chart)
    last = run["probes"][-1]
    names = {"previous": "previous_token", "induction": "induction"}
    score_difference = max(abs(value - last[names[name]][layer][head]) for name, layer, head, value in scores)
    return {
        "date": datetime.date.today().isoformat(),
        "chromium": chromium,
        "pyodide": pyodide,
        "page": LESSON,
        "chunk": PROBE_EVERY,
        "steps": STEPS,
        "seconds_python_start": round(times["start"] / 1000, 2),
        "seconds_full_run": round(times["run"] / 1000, 2),
        "seconds_per_step": round(times["run"] / 1000 / STEPS, 5),
        "budget_seconds": BROWSER_BUDGET_SECONDS,
        "probes_compared": len(rows),
        "max_probe_loss_difference_from_committed": round(loss_difference, 6),
        "max_final_score_difference_from_committed": round(score_difference, 6),
        "first_probe_differing_by_more_than_1e-3": differing[0] if differing else None,
        "appearance_step": int(appeared.group(1).replace(",", "")) if appeared else None,
        "committed_appearance_step": run["appearance_step"],
        "final_repeated_half": rows[-1][2],
        "committed_final_repeated_half": last["repeated_half"],
        "load_average_1min": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--browser", action="store_true", help="also train the run in headless Chromium")
    parser.add_argument("--browser-only", action="store_true", help="only the browser part; keep the CPython figures")
    parser.add_argument("--site", type=Path, help="a site already built (default: build one)")
    parser.add_argument("--address", help="the host:port --site was built for")
    args = parser.parse_args(argv)
    if args.site and not args.address:
        parser.error("--site needs --address, the host:port it was built for")
    if args.browser_only:
        data = json.loads(args.output.read_text(encoding="utf-8"))
        data["browser"] = measure_browser(args)
        data["command"] = f"python -m {MODULE} --rounds {data['command'].split('--rounds ')[-1].split()[0]} --browser"
        args.output.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {args.output}")
        return 0
    steps = time_steps(args.rounds)
    print(f"per step: best {steps and min(steps) * 1e3:.2f} ms, median {statistics.median(steps) * 1e3:.2f} ms", flush=True)
    runs = [time_full_run() for _ in range(args.rounds)]
    best = min(runs)
    print(f"full run ({STEPS} steps, a probe every {PROBE_EVERY}): best {best:.1f} s, all {[round(r, 1) for r in runs]}", flush=True)
    probe = time_probe(args.rounds)
    without_blas = time_steps_without_blas(args.rounds)
    # the run without BLAS: its steps at the no-BLAS rate, plus the probes and everything else as measured
    run_without_blas = best + STEPS * (min(without_blas) - min(steps))
    low, high = (run_without_blas * f for f in PYODIDE_FACTOR)
    print(f"probe: {probe * 1e3:.2f} ms; a step without BLAS: best {min(without_blas) * 1e3:.2f} ms "
          f"(the run: {run_without_blas:.1f} s)")
    print(f"estimated in Pyodide: {low:.0f} to {high:.0f} s (budget {BROWSER_BUDGET_SECONDS:.0f} s)")
    data = {
        "generated_by": "site_examples/benchmarks/training_speed.py",
        "command": f"python -m {MODULE} --rounds {args.rounds}",
        "date": datetime.date.today().isoformat(),
        "environment": {
            "cpu": _cpu_name(),
            "threads": 1,
            "python": platform.python_version(),
            "numpy": np.__version__,
            "load_average_1min": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        },
        "model": {name: getattr(MODEL, name) for name in ("vocab", "n_ctx", "d_model", "n_heads", "n_layers")},
        "batch": TRAINING.batch,
        "steps": STEPS,
        "probe_every": PROBE_EVERY,
        "seconds_per_step": {"best": round(min(steps), 6), "median": round(statistics.median(steps), 6)},
        "seconds_full_run": {"best": round(best, 3), "all": [round(r, 3) for r in runs]},
        "seconds_probe": round(probe, 6),
        "seconds_per_step_without_blas": {"best": round(min(without_blas), 6), "median": round(statistics.median(without_blas), 6)},
        "seconds_full_run_without_blas_estimated": round(run_without_blas, 3),
        "pyodide_estimate": {
            "from": "seconds_full_run_without_blas_estimated",
            "factor": list(PYODIDE_FACTOR),
            "seconds": [round(low, 1), round(high, 1)],
            "budget_seconds": BROWSER_BUDGET_SECONDS,
            "measured": False,
        },
    }
    if args.browser:
        data["browser"] = measure_browser(args)
        data["command"] += " --browser"
    elif args.output.exists() and "browser" in (previous := json.loads(args.output.read_text(encoding="utf-8"))):
        data["browser"] = previous["browser"]  # the last browser measurement stands (it has its own date)
    args.output.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.output}")
    return 0


def measure_browser(args: argparse.Namespace) -> dict:
    browser = time_in_browser(args.site, args.address)
    verdict = "within" if browser["seconds_full_run"] <= BROWSER_BUDGET_SECONDS else "over"
    print(
        f"in Chromium {browser['chromium']} (Pyodide {browser['pyodide']}): Python started in "
        f"{browser['seconds_python_start']:.1f} s, the run took {browser['seconds_full_run']:.1f} s "
        f"({browser['seconds_per_step'] * 1e3:.1f} ms a step), {verdict} the {BROWSER_BUDGET_SECONDS:.0f} s budget; "
        f"largest difference from the committed run: losses {browser['max_probe_loss_difference_from_committed']}, "
        f"final scores {browser['max_final_score_difference_from_committed']} (from step "
        f"{browser['first_probe_differing_by_more_than_1e-3']} on by more than 1e-3); the induction head at step "
        f"{browser['appearance_step']} (committed: {browser['committed_appearance_step']})",
        flush=True,
    )
    return browser


if __name__ == "__main__":
    sys.exit(main())
