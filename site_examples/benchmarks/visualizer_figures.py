"""Measure how fast the Attention Visualizer lab responds, and print the figures.

    .venv/bin/python -m site_examples.benchmarks.visualizer_figures [--repeat 20]

Builds the site, serves it on 127.0.0.1 and drives headless Chromium through
the lab page (docs/lab.md):

- interactions on preset data: selecting a token (click and arrow key),
  choosing a head, toggling the causal mask and the scaling, showing the
  numbers, switching sentence; each timed from the event to the end of the
  lab's update (the work on the main thread) and to the next frame painted
  after it, over ``--repeat`` rounds, on the longest preset sentence;
- live recomputes once Python is warm: a sentence of the reader's own
  (short, and the longest the model takes) and a temperature the presets do
  not hold, each timed from the request to the new view on screen;
- for context, the cold start: from the first request to the first live
  view, Python loading included.

A benchmark, not a test: the targets (interactions within 50 ms, a live
recompute within 500 ms) are reported against, never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from site_examples.browser import build_site, free_address, launch, serve

TARGETS = {"interaction_ms": 50, "live_ms": 500}

# Time one interaction in the page: the synchronous update, then the next frame.
TIME_INTERACTION = """
async ([selector, action, value]) => {
  const element = document.querySelector(selector);
  const began = performance.now();
  if (action === "click") element.click();
  else if (action === "select") { element.value = value; element.dispatchEvent(new Event("change")); }
  else if (action === "key") element.dispatchEvent(new KeyboardEvent("keydown", { key: value, bubbles: true }));
  const updated = performance.now();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return [updated - began, performance.now() - began];
}
"""

# Time a request that needs Python: from the event to data-status = ready with the new view.
TIME_LIVE = """
async ([selector, action, value, expectSentence, expectTemperature]) => {
  const lab = document.querySelector("[data-viz]");
  const element = document.querySelector(selector);
  const began = performance.now();
  const done = new Promise((resolve) => {
    const check = () => {
      const d = lab.dataset;
      if (d.status === "ready" && d.sentence === expectSentence && d.temperature === expectTemperature) {
        observer.disconnect();
        resolve(performance.now() - began);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(lab, { attributes: true });
  });
  if (action === "submit") { element.value = value; element.form.requestSubmit(); }
  else { element.value = value; element.dispatchEvent(new Event("input")); }
  return done;
}
"""


def summary(times: list[float]) -> str:
    p90 = statistics.quantiles(times, n=10, method="inclusive")[-1] if len(times) > 1 else times[0]
    return f"median {statistics.median(times):5.1f}  p90 {p90:5.1f}  worst {max(times):5.1f} ms"


def interactions(page: Page, repeat: int) -> dict[str, tuple[list[float], list[float]]]:
    """Each interaction `repeat` times on the longest preset; (update times, to-next-frame times)."""
    lab = "[data-viz]"
    presets = page.evaluate(
        "() => [...document.querySelectorAll('[data-control=preset] option')].map(o => o.value).filter(v => v !== '__custom__')"
    )
    longest = max(presets, key=lambda s: len(s.split()))
    page.locator("[data-control=preset]").select_option(longest)
    n = len(page.locator(f"{lab} [data-token]").all())
    steps = {
        "select a token (click)": [(f"{lab} [data-token][data-index='{i % n}']", "click", None) for i in range(repeat)],
        "next token (arrow key)": [(f"{lab} [data-token][aria-pressed=true]", "key", "ArrowRight" if (i // (n - 1)) % 2 == 0 else "ArrowLeft") for i in range(repeat)],  # noqa: E501
        "choose a head": [(f"{lab} [data-control=head]", "select", f"0:{i % 4}") for i in range(repeat)],
        "toggle the causal mask": [(f"{lab} [data-control=mask]", "click", None) for _ in range(repeat)],
        "toggle the scaling": [(f"{lab} [data-control=scaling]", "click", None) for _ in range(repeat)],
        "numbers on/off": [(f"{lab} [data-control=numbers]", "click", None) for _ in range(repeat)],
        "switch sentence": [(f"{lab} [data-control=preset]", "select", presets[i % len(presets)]) for i in range(repeat)],
    }
    results = {}
    for name, actions in steps.items():
        update, frame = [], []
        for action in actions:
            u, f = page.evaluate(TIME_INTERACTION, list(action))
            update.append(u)
            frame.append(f)
        results[name] = (update, frame)
        page.locator("[data-control=preset]").select_option(longest)
    return results


def live(page: Page, repeat: int) -> tuple[float, dict[str, list[float]]]:
    """Cold start to the first live view, then warm recomputes."""
    box = "[data-viz] [data-control=sentence]"
    first = "The teacher and her friend sat by the river"
    cold = page.evaluate(TIME_LIVE, [box, "submit", first, first, "1"])
    sentences = {
        "own sentence, 10 tokens": "A small dog slept under the warm kitchen table",
        "own sentence, 24 tokens (the most)": " ".join(
            "the girl who fed the cat that sat on the mat gave it some milk and then the dog ate all the bread".split()[:24]
        ),
    }
    results: dict[str, list[float]] = {name: [] for name in sentences}
    results["temperature on a preset"] = []
    for i in range(repeat):
        for name, sentence in sentences.items():
            # A different sentence each round, so that no view comes from the lab's cache.
            text = f"{sentence} {i}" if len(sentence.split()) < 24 else " ".join(sentence.split()[:23] + [str(i)])
            results[name].append(page.evaluate(TIME_LIVE, [box, "submit", text, text, "1"]))
    page.locator("[data-control=preset]").select_option("The cat sat on the mat because it was tired")
    temperatures = ["0", "1", "2", "3", "5", "6", "7", "8"]  # slider steps other than tau = 1
    labels = ["0.25", "0.35", "0.5", "0.7", "1.4", "2", "2.8", "4"]
    for step, label in list(zip(temperatures, labels))[: max(1, min(repeat, len(labels)))]:
        results["temperature on a preset"].append(
            page.evaluate(TIME_LIVE, ["[data-viz] [data-control=temperature]", "input", step, "The cat sat on the mat because it was tired", label])  # noqa: E501
        )
    return cold, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="rounds per interaction (default 20)")
    args = parser.parse_args()
    host = free_address()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        print("building the site…", flush=True)
        build_site(site, host, check=True)
        with serve(site, host) as url, sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{url}lab/")
            page.wait_for_selector("[data-viz][data-status=ready]")
            timed = interactions(page, args.repeat)
            cold, recomputes = live(page, max(3, args.repeat // 4))
            browser.close()

    print(f"\nAttention Visualizer lab, headless Chromium on {platform.machine()}, {os.cpu_count()} cores")
    print(f"\nInteractions on preset data ({args.repeat} rounds each; target {TARGETS['interaction_ms']} ms):")
    print(f"  {'':28} {'lab update':<39}{'to the next frame'}")
    for name, (update, frame) in timed.items():
        print(f"  {name:28} {summary(update)}   {summary(frame)}")
    print(f"\nLive recompute in Pyodide, warm (target {TARGETS['live_ms']} ms), request to new view on screen:")
    for name, times in recomputes.items():
        print(f"  {name:36} {summary(times)}   ({len(times)} runs)")
    print(f"\nCold start (Python loading included) to the first live view: {cold / 1000:.1f} s")
    worst_interaction = max(max(frame) for _, frame in timed.values())
    worst_live = max(max(times) for times in recomputes.values())
    print(f"\nWorst interaction {worst_interaction:.1f} ms (target {TARGETS['interaction_ms']} ms): "
          f"{'met' if worst_interaction <= TARGETS['interaction_ms'] else 'NOT met'}")  # fmt: skip
    print(f"Worst warm recompute {worst_live:.1f} ms (target {TARGETS['live_ms']} ms): "
          f"{'met' if worst_live <= TARGETS['live_ms'] else 'NOT met'}")  # fmt: skip


if __name__ == "__main__":
    main()
