"""Benchmark blockwise attention against naive numpy and PyTorch; write the data the lesson shows.

    python -m site_examples.benchmarks.attention_at_scale [--quick] [--rounds N] [--output PATH]

Speed: 12 heads, d_k = d_v = 64, n from 128 to 8,192, float32 and float64,
without and with a causal mask, on one thread. Each size runs every method
once per round, the methods in a rotating order, for several rounds in this
one process; a method's time is its best round. Sizes up to
``SMALL_N`` run at least ``SMALL_ROUNDS`` rounds: a round takes milliseconds
there, and the best of a few is at the mercy of one slow moment. The methods:

- ``blockwise``: :func:`attention.blockwise_attention` (the package's blockwise path);
- ``naive_numpy``: straightforward numpy, the five lines of the lesson: scores,
  max-subtracted softmax, weighted sum (in place wherever numpy allows);
- ``naive_package``: :func:`attention.scaled_dot_product_attention`, which
  also returns the weights (the package's naive path);
- ``torch``: ``torch.nn.functional.scaled_dot_product_attention`` on its fused
  CPU kernel (flash attention: 4-D inputs, the kernel required with
  ``sdpa_kernel``; recorded in the data), when torch can be imported (the
  comparison is skipped otherwise).

The two naive methods attend a few heads at a time, as many as fit 256 MiB of
scores: the same arithmetic, with a peak memory a shared machine can give.
Masks are built before timing; torch gets ``is_causal=True``.

Memory: peak memory that ``tracemalloc`` sees during one call (inputs made
before it starts, so: the output and every temporary), one head, d = 64, in a
fresh subprocess per method and size, for n up to 65,536; naive methods only
while their n × n scores fit 512 MiB. numpy reports its arrays to
tracemalloc; torch does not, so torch has no memory figure.

Prints the tables and writes them, with the versions and the targets met or
missed, to ``docs/data/attention-at-scale.json``, which the lesson renders
(``overrides/hooks/benchmarks.py``). A benchmark, not a test: targets are
reported, never asserted. ``--quick`` runs tiny sizes, one round (to check
the script, not to measure).
"""

from __future__ import annotations

import os

# One thread everywhere, before numpy (and its BLAS) is imported.
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "VECLIB_MAXIMUM_THREADS"):
    os.environ[_variable] = "1"

import argparse
import datetime
import json
import math
import platform
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # benchmark this checkout's package, whatever else is installed

import attention  # noqa: E402
from attention import blockwise_attention, causal_mask, scaled_dot_product_attention  # noqa: E402
from site_examples.benchmarks.units import ms  # noqa: E402

try:
    import torch
except ImportError:
    torch = None
else:
    torch.set_num_threads(1)

OUTPUT = ROOT / "docs" / "data" / "attention-at-scale.json"
MODULE = "site_examples.benchmarks.attention_at_scale"  # how to run it: python -m MODULE
HEADS, D = 12, 64
SPEED_SIZES = [128, 256, 512, 1024, 2048, 4096, 8192]
MEMORY_SIZES = [1024, 2048, 4096, 8192, 16384, 32768, 65536]
QUICK_SPEED_SIZES, QUICK_MEMORY_SIZES = [64, 128], [256, 512]
DTYPES = ["float32", "float64"]
METHODS = ["blockwise", "naive_numpy", "naive_package", "torch"]
SMALL_N, SMALL_ROUNDS = 512, 15  # more rounds where rounds are cheap
NAIVE_CHUNK_BYTES = 256 * 2**20  # scores per chunk of heads, for the naive methods
NAIVE_MEMORY_LIMIT = 512 * 2**20  # largest n × n scores measured for memory
MIN_MEASUREMENT = 0.05  # seconds: a fast call is repeated until one measurement takes this long

TARGETS = {
    "torch_full": 1.5,  # blockwise time <= 1.5 × torch's, no mask
    "torch_causal": 2.0,  # <= 2 × torch's, causal
    "naive": 1.0,  # never slower than naive numpy
    "memory_at_65536": 25 * 2**20,  # bytes, float32, d = 64
    "exact": {"float32": 2e-6, "float64": 1e-12},
}


# --- the methods: (q, k, v, causal, future) -> output; future is the n × n "j > i" mask ----


def naive_numpy(q: np.ndarray, k: np.ndarray, v: np.ndarray, causal: bool, future: np.ndarray | None) -> np.ndarray:
    """softmax(q kᵀ / √d_k) v, written the obvious way, a few heads at a time."""
    *heads, n_q, d_k = q.shape
    out = np.empty((*heads, n_q, v.shape[-1]), q.dtype)
    for h in _head_chunks(q.shape[0] if heads else 1, n_q, k.shape[-2], q.dtype):
        qh, kh, vh = (x[h] if heads else x for x in (q, k, v))
        s = qh @ np.swapaxes(kh, -1, -2)
        s *= q.dtype.type(1 / math.sqrt(d_k))
        if causal:
            np.copyto(s, -np.inf, where=future)
        s -= s.max(axis=-1, keepdims=True)
        np.exp(s, out=s)
        s /= s.sum(axis=-1, keepdims=True)
        if heads:
            out[h] = s @ vh
        else:
            out[...] = s @ vh
    return out


def naive_package(q: np.ndarray, k: np.ndarray, v: np.ndarray, causal: bool, mask: np.ndarray | None) -> np.ndarray:
    """The package's naive path (weights and all), a few heads at a time."""
    *heads, n_q, _ = q.shape
    if not heads:
        return scaled_dot_product_attention(q, k, v, mask=mask if causal else None).output
    out = np.empty((*heads, n_q, v.shape[-1]), q.dtype)
    for h in _head_chunks(q.shape[0], n_q, k.shape[-2], q.dtype):
        out[h] = scaled_dot_product_attention(q[h], k[h], v[h], mask=mask if causal else None).output
    return out


def blockwise(q: np.ndarray, k: np.ndarray, v: np.ndarray, causal: bool, _: object = None) -> np.ndarray:
    return blockwise_attention(q, k, v, causal=causal).output


def _head_chunks(heads: int, n_q: int, n_k: int, dtype: np.dtype) -> list[slice]:
    per_head = n_q * n_k * np.dtype(dtype).itemsize
    size = max(1, NAIVE_CHUNK_BYTES // per_head)
    return [slice(h, h + size) for h in range(0, heads, size)]


# PyTorch's fastest documented CPU path: its fused (flash-attention) kernel, which it takes only
# for 4-D inputs (batch, heads, n, d); with 3-D inputs it falls back to its unfused "math"
# path, about 3× slower at n = 2048. The heads get a batch axis of 1 (a view, no copy), and the
# fused kernel is required, not hoped for: sdpa_kernel raises if it cannot run.
TORCH_BACKEND = "FLASH_ATTENTION"


def _torch_method() -> Callable | None:
    if torch is None:
        return None
    from torch.nn.attention import SDPBackend, sdpa_kernel

    backend = getattr(SDPBackend, TORCH_BACKEND)

    def run(q: np.ndarray, k: np.ndarray, v: np.ndarray, causal: bool, _: object = None) -> np.ndarray:
        tq, tk, tv = (torch.from_numpy(x)[None] for x in (q, k, v))
        with torch.no_grad(), sdpa_kernel(backend):
            return torch.nn.functional.scaled_dot_product_attention(tq, tk, tv, is_causal=causal)[0].numpy()

    return run


def torch_default_backend() -> str | None:
    """The kernel PyTorch itself picks for the benchmark's inputs (4-D, causal), by its own dispatcher."""
    if torch is None:
        return None
    from torch.nn.attention import SDPBackend

    x = torch.zeros((1, HEADS, 256, D))
    return SDPBackend(torch._fused_sdp_choice(x, x, x, None, 0.0, True)).name


# --- speed --------------------------------------------------------------------------------


def _time(function: Callable[[], object], number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        function()
    return (time.perf_counter() - start) / number


def measure_speed(n: int, dtype: str, causal: bool, rounds: int) -> dict:
    """Best time per method over interleaved rounds, and how far blockwise is from naive numpy."""
    rng = np.random.default_rng(n)
    q, k, v = (rng.standard_normal((HEADS, n, D)).astype(dtype) for _ in range(3))
    future = ~causal_mask(n) if causal else None
    allowed = causal_mask(n) if causal else None
    methods = {
        "blockwise": lambda: blockwise(q, k, v, causal),
        "naive_numpy": lambda: naive_numpy(q, k, v, causal, future),
        "naive_package": lambda: naive_package(q, k, v, causal, allowed),
    }
    run_torch = _torch_method()
    if run_torch is not None:
        methods["torch"] = lambda: run_torch(q, k, v, causal)
    outputs = {name: np.asarray(function()) for name, function in methods.items()}  # warm-up, and the results
    numbers = {}
    for name, function in methods.items():
        first = _time(function, 1)
        numbers[name] = max(1, math.ceil(MIN_MEASUREMENT / max(first, 1e-9)))
    best = {name: math.inf for name in methods}
    names = list(methods)
    for round_ in range(rounds):
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            best[name] = min(best[name], _time(methods[name], numbers[name]))
    difference = float(np.abs(outputs["blockwise"].astype(np.float64) - outputs["naive_numpy"]).max())
    return {
        "n": n,
        "dtype": dtype,
        "causal": causal,
        "seconds": {name: best.get(name) for name in METHODS},
        "max_abs_difference_vs_naive": difference,
    }


# --- memory -------------------------------------------------------------------------------


def peak_memory_here(method: str, n: int, dtype: str) -> int:
    """Peak bytes tracemalloc sees during one call on one head (the inputs are made before)."""
    rng = np.random.default_rng(n)
    q, k, v = (rng.standard_normal((n, D)).astype(dtype) for _ in range(3))
    function = {"blockwise": blockwise, "naive_numpy": naive_numpy, "naive_package": naive_package}[method]
    tracemalloc.start()
    function(q, k, v, False, None)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def measure_memory(method: str, n: int, dtype: str) -> int:
    """:func:`peak_memory_here` in a fresh interpreter, so nothing earlier is counted or cached."""
    result = subprocess.run(
        [sys.executable, __file__, "--peak-memory", method, str(n), dtype],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(result.stdout.strip())


def memory_bound(n: int, dtype: str) -> int:
    """Output + 2·block_size² elements + 1 MiB, in bytes."""
    item = np.dtype(dtype).itemsize
    return n * D * item + 2 * attention.DEFAULT_BLOCK_SIZE**2 * item + 2**20


# --- targets and tables -------------------------------------------------------------------


def check_targets(speed: list[dict], memory: list[dict]) -> list[dict]:
    """Each target with whether the measurements meet it and the worst case found."""
    targets = []

    def add(text: str, values: list[tuple[float, str]], limit: float, unit: str = "×") -> None:
        if not values:
            targets.append({"target": text, "met": None, "worst": "not measured"})
            return
        worst, where = max(values)
        shown = f"{worst / 2**20:.1f} MiB" if unit == "MiB" else (f"{worst:.1e}" if unit == "" else f"{worst:.2f}×")
        targets.append({"target": text, "met": worst <= limit, "worst": f"{shown} ({where})"})

    def ratios(other: str, causal: bool | None) -> list[tuple[float, str]]:
        return [
            (row["seconds"]["blockwise"] / row["seconds"][other], f"{row['dtype']}, n = {row['n']}")
            for row in speed
            if row["seconds"].get(other) and (causal is None or row["causal"] == causal)
        ]

    add("no mask: blockwise within 1.5× of PyTorch", ratios("torch", False), TARGETS["torch_full"])
    add("causal: blockwise within 2× of PyTorch", ratios("torch", True), TARGETS["torch_causal"])
    add("never slower than naive numpy", ratios("naive_numpy", None), TARGETS["naive"])
    add("never slower than the package's naive path", ratios("naive_package", None), TARGETS["naive"])
    blockwise_memory = [row for row in memory if row["method"] == "blockwise"]
    add(
        "extra memory at most output + 2·block² elements + 1 MiB",
        [(row["peak_bytes"] / row["bound_bytes"], f"{row['dtype']}, n = {row['n']}") for row in blockwise_memory],
        1.0,
    )
    add(
        "at most 25 MiB at n = 65,536, d = 64, float32",
        [(row["peak_bytes"], "float32") for row in blockwise_memory if row["n"] == 65536 and row["dtype"] == "float32"],
        TARGETS["memory_at_65536"],
        unit="MiB",
    )
    for dtype, limit in TARGETS["exact"].items():
        add(
            f"{dtype} output within {limit:g} of naive numpy",
            [(row["max_abs_difference_vs_naive"], f"n = {row['n']}") for row in speed if row["dtype"] == dtype],
            limit,
            unit="",
        )
    return targets


def print_tables(data: dict) -> None:
    settings = data["settings"]
    small = f", {settings['small_rounds']} up to n = {settings['small_n']}" if settings.get("small_n") else ""
    print(f"\nspeed (ms, best of {settings['rounds']} interleaved rounds{small}; {HEADS} heads, d = {D}, 1 thread)")
    print(f"{'dtype':8} {'mask':6} {'n':>6} " + " ".join(f"{m:>13}" for m in METHODS) + "  ÷torch  ÷naive")
    for row in data["speed"]:
        seconds = row["seconds"]
        versus_torch = f"{seconds['blockwise'] / seconds['torch']:6.2f}" if seconds.get("torch") else "     —"
        print(
            f"{row['dtype']:8} {'causal' if row['causal'] else 'none':6} {row['n']:6d} "
            + " ".join(f"{ms(seconds.get(m)):>13}" for m in METHODS)
            + f"  {versus_torch}  {seconds['blockwise'] / seconds['naive_numpy']:6.2f}"
        )
    print("\npeak memory (MiB, one head, d = 64)")
    print(f"{'dtype':8} {'n':>6} {'method':>14} {'peak':>10} {'bound':>10}")
    for row in data["memory"]:
        print(
            f"{row['dtype']:8} {row['n']:6d} {row['method']:>14} {row['peak_bytes'] / 2**20:10.2f}"
            f" {row['bound_bytes'] / 2**20:10.2f}"
        )
    print("\ntargets")
    for target in data["targets"]:
        state = {True: "met", False: "NOT MET", None: "not measured"}[target["met"]]
        print(f"  {state:12} {target['target']}: worst {target['worst']}")


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes and one round: check the script runs")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per size (default 3)")
    parser.add_argument("--output", type=Path, default=OUTPUT, help=f"where to write the data (default {OUTPUT})")
    parser.add_argument("--peak-memory", nargs=3, metavar=("METHOD", "N", "DTYPE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.peak_memory:
        method, n, dtype = args.peak_memory
        print(peak_memory_here(method, int(n), dtype))
        return

    rounds = 1 if args.quick else args.rounds
    speed_sizes = QUICK_SPEED_SIZES if args.quick else SPEED_SIZES
    memory_sizes = QUICK_MEMORY_SIZES if args.quick else MEMORY_SIZES
    speed = []
    for dtype in DTYPES:
        for n in speed_sizes:
            for causal in (False, True):
                speed.append(measure_speed(n, dtype, causal, max(rounds, SMALL_ROUNDS) if n <= SMALL_N and not args.quick else rounds))
                row = speed[-1]
                print(f"speed {dtype} n={n} causal={causal}: " + ", ".join(
                    f"{m} {ms(s)} ms" for m, s in row["seconds"].items() if s is not None
                ), flush=True)
    memory = []
    for dtype in DTYPES:
        for n in memory_sizes:
            for method in ("blockwise", "naive_numpy", "naive_package"):
                if method != "blockwise" and n * n * np.dtype(dtype).itemsize > NAIVE_MEMORY_LIMIT:
                    continue
                peak = measure_memory(method, n, dtype)
                memory.append({"n": n, "dtype": dtype, "method": method, "peak_bytes": peak, "bound_bytes": memory_bound(n, dtype)})
                print(f"memory {dtype} n={n} {method}: {peak / 2**20:.2f} MiB", flush=True)

    command = f"python -m {MODULE}" + (" --quick" if args.quick else f" --rounds {rounds}")
    data = {
        "generated_by": "site_examples/benchmarks/attention_at_scale.py",
        "command": command,
        "date": datetime.date.today().isoformat(),
        "environment": {
            "cpu": _cpu_name(),
            "threads": 1,
            "python": platform.python_version(),
            "numpy": np.__version__,
            "torch": None if torch is None else torch.__version__,
            "torch_path": None
            if torch is None
            else {
                "function": "torch.nn.functional.scaled_dot_product_attention",
                "inputs": "4-D (1, heads, n, d) float views of the same arrays",
                "backend": TORCH_BACKEND,
                "forced_with": "torch.nn.attention.sdpa_kernel",
                "default_choice": torch_default_backend(),
            },
        },
        "settings": {
            "heads": HEADS,
            "d": D,
            "block_size": attention.DEFAULT_BLOCK_SIZE,
            "rounds": rounds,
            "small_n": None if args.quick else SMALL_N,
            "small_rounds": None if args.quick else max(rounds, SMALL_ROUNDS),
            "quick": args.quick,
        },
        "speed": speed,
        "memory": memory,
    }
    data["targets"] = check_targets(speed, memory)
    print_tables(data)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"\nwrote {args.output}")


if __name__ == "__main__":
    main()
