"""The page's entry points: the Python functions it calls by name with JSON arguments, never with source.

The worker's list (``ENTRY_POINTS`` in ``docs/runner/worker.js``) and the
package agree: every name on it is a function of ``attention.lab.entry``,
``attention.training.entry`` or ``attention.exercises.entry`` that takes JSON
text and returns JSON text, and
every such function is on it. The hand-built view returned for a setting is
the package's view of it, number for number; MiniLM's, from the cached
weights, is :func:`~attention.lab.minilm.minilm_view_json`'s. The training
entry points give the chunks a :class:`~attention.training.session.TrainingSession`
of the same seed gives. Arguments must be exactly the ones named: one
missing or unknown, JSON that is not an object, a path that is not a string,
or a chunk before any start, is an error naming it.
"""

from __future__ import annotations

import importlib
import inspect
import json
import re

import pytest

from attention.exercises import entry as exercises_entry
from attention.lab import entry as lab_entry
from attention.lab import visualizer_data
from attention.training import entry as training_entry
from attention.training.session import TrainingSession
from tests.helpers import ROOT

WORKER = ROOT / "docs" / "runner" / "worker.js"


def worker_entry_points() -> list[str]:
    """The names of ``const ENTRY_POINTS = new Set([...])`` in worker.js."""
    found = re.search(r"const ENTRY_POINTS = new Set\(\[(.*?)\]\);", WORKER.read_text(encoding="utf-8"), re.DOTALL)
    assert found, "worker.js has no ENTRY_POINTS set"
    return re.findall(r'"([\w.]+)"', found.group(1))


def test_the_worker_lists_exactly_the_entry_points_of_the_package() -> None:
    names = worker_entry_points()
    package = [f"{module.__name__}.{name}" for module in (lab_entry, training_entry, exercises_entry) for name in module.__all__]
    assert sorted(names) == sorted(package)
    for name in names:
        module, _, function = name.rpartition(".")
        called = getattr(importlib.import_module(module), function)
        assert list(inspect.signature(called).parameters) == ["args_json"], name


def test_the_hand_built_view_is_the_packages_view_of_the_setting() -> None:
    args = {"sentence": "The cat sat on the mat", "mask": "causal", "scaling": False, "temperature": 0.5}
    text = lab_entry.hand_built_view(json.dumps(args))
    expected = visualizer_data("The cat sat on the mat", mask="causal", scaling=False, temperature=0.5)
    assert json.loads(text) == expected


def test_minilms_view_is_the_labs_view_json() -> None:
    from attention.lab.minilm import minilm_view_json
    from attention.models.weights import model_dir

    folder = str(model_dir())
    text = lab_entry.minilm_view(json.dumps({"sentence": "The cat sat.", "folder": folder}))
    assert text == minilm_view_json("The cat sat.", folder)


def test_training_starts_a_run_and_trains_it_a_chunk_at_a_time() -> None:
    session = TrainingSession(seed=3)
    assert training_entry.start(json.dumps({"seed": 3})) == session.start_json()
    assert training_entry.chunk(json.dumps({"steps": 2})) == session.chunk_json(2)
    assert training_entry.chunk(json.dumps({"steps": 3})) == session.chunk_json(3)
    # A new start replaces the run.
    assert json.loads(training_entry.start(json.dumps({"seed": 5})))["probe"]["step"] == 0
    assert json.loads(training_entry.chunk(json.dumps({"steps": 1})))["probe"]["step"] == 1


def test_a_chunk_before_any_start_is_refused(monkeypatch) -> None:
    monkeypatch.setattr(training_entry, "_run", None)  # a fresh Python, as after the worker restarted
    with pytest.raises(RuntimeError, match=r"attention\.training\.entry\.chunk: no run to train; call .*start first"):
        training_entry.chunk(json.dumps({"steps": 1}))


@pytest.mark.parametrize(
    ("call", "args_json", "error", "message"),
    [
        (lab_entry.hand_built_view, '{"sentence": "The cat", "mask": "none", "scaling": true}', ValueError,
         r"entry\.hand_built_view takes the arguments sentence, mask, scaling, temperature: missing temperature$"),
        (lab_entry.hand_built_view, '{"sentence": "a", "mask": "none", "scaling": true, "temperature": 1, "x": 1}',
         ValueError, r"hand_built_view takes the arguments .*: unknown x$"),
        (lab_entry.hand_built_view, '["The cat"]', TypeError,
         r"hand_built_view takes a JSON object of sentence, mask, scaling, temperature, got list"),
        (lab_entry.hand_built_view, b'{"sentence": "a"}', TypeError,
         r"hand_built_view takes its arguments as JSON text, got bytes"),
        (lab_entry.hand_built_view, '{"sentence": "a", "mask": "none", "scaling": 1, "temperature": 1}', TypeError,
         r"scaling must be True or False, got int"),
        (lab_entry.minilm_view, '{"sentence": "a", "folder": 3}', TypeError,
         r"attention\.lab\.entry\.minilm_view: folder must be a path in Python's file system, got 3"),
        (lab_entry.language_model_view, '{"prompt": "a", "path": null}', TypeError,
         r"attention\.lab\.entry\.language_model_view: path must be a path in Python's file system, got None"),
        (lab_entry.language_model_view, '{"prompt": "a"}', ValueError,
         r"takes the arguments prompt, path: missing path$"),
        (training_entry.start, '{"seed": -1}', ValueError, r"seed must be at least 0, got -1"),
        (training_entry.start, '{"seed": 1.5}', TypeError, r"seed must be an integer, got float"),
        (training_entry.chunk, '{}', ValueError,
         r"attention\.training\.entry\.chunk takes the arguments steps: missing steps"),
    ],
    ids=[
        "missing", "unknown", "not an object", "not text", "bad value", "folder", "path", "no path", "seed",
        "seed type", "steps",
    ],
)  # fmt: skip
def test_errors_name_the_entry_point_and_the_argument(call, args_json, error, message) -> None:
    with pytest.raises(error, match=message):
        call(args_json)
