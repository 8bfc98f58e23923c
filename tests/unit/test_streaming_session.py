"""The lesson's StreamingLLM button, its Python side: the session read a chunk at a time is the committed run.

``attention.lab.streaming.StreamingSession`` reads the story's first tokens
under the three caches, a few tokens per call, for the page. Here its losses
are compared with the committed experiment (docs/data/streaming-llm.json,
computed by ``streaming_nll`` in one go: a token's loss depends only on the
tokens before it, so a prefix's losses are the full run's), its summary with
means and perplexities recomputed by hand from those losses, and the entry
points' JSON and errors are checked. Needs the GGUF file in the cache, like
tests/unit/test_smollm2.py.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from attention.lab import entry
from attention.lab.streaming import MAX_TOKENS, POLICIES, StreamingSession
from attention.models import MissingWeightsError
from attention.models.llama import LlamaModel, load_smollm2
from attention.models.weights import smollm2_path

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "docs" / "data" / "streaming-llm.json").read_text(encoding="utf-8"))
N, W = 72, 64  # the committed run's smallest window, and 8 tokens read after tokens began to leave
TOLERANCE = 3e-4  # the committed losses have 4 decimals; float32 sums in another order move them by about 1e-5


@pytest.fixture(scope="module")
def model() -> LlamaModel:
    try:
        return load_smollm2()
    except MissingWeightsError as error:
        pytest.fail(f"these tests need the model's weights. {error}", pytrace=False)


def _committed(name: str) -> list[float]:
    (row,) = [p for p in DATA["policies"] if p["policy"] == name and p["window"] in (None if name == "dense" else W,)]
    return row["nll"][: N - 1]


def test_chunk_by_chunk_the_session_gives_the_committed_losses(model):
    session = StreamingSession(model, DATA["ids"][:N], W)
    assert session.start() == {"policies": list(POLICIES), "tokens": N, "total": N - 1, "window": W, "sinks": 4}
    losses: dict[str, list[float]] = {name: [] for name in POLICIES}
    answers = []
    while not session.finished:
        answer = session.step(5)
        assert answer["from"] == len(losses[answer["policy"]])  # every chunk follows the last one
        losses[answer["policy"]] += answer["nll"]
        answers.append(answer)
    # The rolling caches read the first W tokens in one pass, then a token per pass; dense reads 5 at a time.
    assert [a["read"] for a in answers if a["policy"] == "window"] == [W, W + 5, N - 1]
    assert [a["read"] for a in answers if a["policy"] == "dense"][:3] == [5, 10, 15]
    for name in POLICIES:
        np.testing.assert_allclose(losses[name], _committed(name), atol=TOLERANCE, rtol=0)
    summary = {row["policy"]: row for row in answers[-1]["summary"]}
    assert answers[-1]["finished"] and not any(a["finished"] for a in answers[:-1])
    for name in POLICIES:
        nll = losses[name]
        mean = sum(nll) / len(nll)
        tail = nll[W:]
        assert summary[name]["mean_nll"] == pytest.approx(mean, abs=1e-5)
        assert summary[name]["perplexity"] == pytest.approx(math.exp(mean), rel=1e-5)
        assert summary[name]["mean_nll_after_window"] == pytest.approx(sum(tail) / len(tail), abs=1e-5)
        dense_tail = losses["dense"][W:]
        extra = sum(tail) / len(tail) - sum(dense_tail) / len(dense_tail)
        assert summary[name]["extra_after_window"] == pytest.approx(extra, abs=1e-5)
    # N tokens through a cache of W: N - W of them have left by the last one (its own pass is not read).
    assert [summary[name]["evicted"] for name in POLICIES] == [0, N - 1 - (W - 1), N - 1 - (W - 1)]
    with pytest.raises(RuntimeError, match="finished"):
        session.step(1)


def test_the_entry_points_speak_json_and_name_their_errors(model):
    path = str(smollm2_path())
    sizes = json.loads(entry.streaming_start(json.dumps({"path": path, "ids": DATA["ids"][:12], "window": 8})))
    assert sizes["total"] == 11 and sizes["window"] == 8
    first = json.loads(entry.streaming_step(json.dumps({"tokens": 4})))
    assert first["policy"] == "dense" and len(first["nll"]) == 4 and first["read"] == 4
    with pytest.raises(ValueError, match="unknown"):
        entry.streaming_step(json.dumps({"tokens": 4, "more": 1}))
    with pytest.raises(ValueError, match="window \\+ 2"):
        StreamingSession(model, DATA["ids"][:9], 8)
    with pytest.raises(ValueError, match=str(MAX_TOKENS)):
        StreamingSession(model, DATA["ids"][: MAX_TOKENS + 1], 8)
    with pytest.raises(ValueError, match="window"):
        StreamingSession(model, DATA["ids"][:12], 4)
    with pytest.raises(TypeError, match="ids"):
        StreamingSession(model, [1.5, 2.5] * 8, 8)
