"""What the training widget's page calls in the reader's browser: start a run, then train it a chunk at a time.

As the lab's (:mod:`attention.lab.entry`, whose docstring tells how the page
calls them): each function takes one JSON object holding exactly the
arguments its docstring names and returns JSON text. The run lives here,
in the page's Python worker, between calls; a new :func:`start` replaces
it, and ending the worker (a lesson block's Stop) ends it.
"""

from __future__ import annotations

import json
from typing import Any

from .._validate import check_arguments
from .session import TrainingSession

__all__ = ["chunk", "start"]

_run: TrainingSession | None = None


def _arguments(entry: str, args_json: str, names: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(args_json, str):
        raise TypeError(f"{__name__}.{entry} takes its arguments as JSON text, got {type(args_json).__name__}")
    return check_arguments(f"{__name__}.{entry}", json.loads(args_json), names)


def start(args_json: str) -> str:
    """A new run of the documented length from ``{"seed"}``: :meth:`TrainingSession.start_json` of it.

    Example:
        >>> json.loads(start('{"seed": 3}'))["data_seed"]
        4
    """
    global _run
    seed = _arguments("start", args_json, ("seed",))["seed"]
    _run = None  # a seed that fails its check leaves no earlier run behind to be trained by mistake
    _run = TrainingSession(seed=seed)
    return _run.start_json()


def chunk(args_json: str) -> str:
    """Up to ``{"steps"}`` more steps of the run :func:`start` began: :meth:`TrainingSession.chunk_json`.

    Raises:
        RuntimeError: no run was started in this Python.
    """
    steps = _arguments("chunk", args_json, ("steps",))["steps"]
    if _run is None:
        raise RuntimeError(f"{__name__}.chunk: no run to train; call {__name__}.start first")
    return _run.chunk_json(steps)
