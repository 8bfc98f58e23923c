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
page. The estimate is labelled as one; the browser part measures it. A
benchmark, not a test: nothing is asserted.
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
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
    args.output.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
