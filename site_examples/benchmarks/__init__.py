"""Measurements behind the figures the docs quote, each runnable as ``python -m site_examples.benchmarks.NAME``;
``./dev.sh measure [NAME...]`` runs them all (or those named).

Benchmarks, not tests: each reports against its targets and never asserts them.

- :mod:`.attention_at_scale`: blockwise attention against naive numpy and PyTorch on the CPU,
  ``docs/data/attention-at-scale.json`` (rendered by ``overrides/hooks/benchmarks.py``);
- :mod:`.runner_figures`: the in-page runner's weight and speed in headless Chromium, ``docs/data/runner-figures.*``;
- :mod:`.visualizer_figures`: how fast the lab responds in headless Chromium (printed, not written);
- :mod:`.model_figures`: what running all-MiniLM-L6-v2 in the reader's browser costs, ``docs/data/model-figures.*``;
- :mod:`.page_figures`: layout shift, responsiveness while training and a long visit's memory in headless
  Chromium, ``docs/data/page-figures.json`` (what the browser tests check by state, measured in time and pixels);
- :mod:`.exercise_figures`: how fast Check answers on every Build-it exercise in headless Chromium,
  ``docs/data/exercise-figures.*``;
- :mod:`.write_figures`: the lab's Write view, SmolLM2 writing token by token in headless Chromium (prefill,
  decode with and without the KV cache, memory), ``docs/data/write-figures.*``;
- :mod:`.before_after`: Lighthouse and the runner's start-up on an earlier revision's site (by default the one
  before issue #45) and on this checkout's, side by side, ``docs/data/before-after.*``;
- :mod:`.units`: how the figures are written (milliseconds, MiB), shared with the benchmarks hook.
"""
