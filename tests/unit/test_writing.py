"""The lab's Write view in Python: SmolLM2 writing a token per call, against the package's own generation.

The session's tokens are :meth:`LlamaModel.generate`'s for the same prompt,
settings and seed (and, greedy, the reference implementation's, from the
committed fixture); the keys and values it sends are those a fresh KV cache
holds after reading the same tokens; its attention row is the last row of a
forward pass over the whole text; the cache's bytes are 30 layers x 3
key/value heads x 64 x 2 x 4 bytes per token, worked out from the model's
sizes; the candidates' probabilities are the softmax of the logits over the
temperature. The entry points pass exactly these through as JSON and name
the argument that is wrong. These tests need the GGUF file in the cache.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from attention.lab import entry as lab_entry
from attention.lab.smollm2 import model_at
from attention.lab.writing import CANDIDATES, UNIT, VECTOR_UNIT, WriteSession
from attention.models import MissingWeightsError
from attention.models.llama import LlamaModel
from attention.models.weights import smollm2_path

FIXTURE = json.loads((Path(__file__).parent / "data" / "smollm2_reference.json").read_text(encoding="utf-8"))
STORY = "Once upon a time, there was a little cat who"


@pytest.fixture(scope="module")
def model() -> LlamaModel:
    try:
        return model_at()
    except MissingWeightsError as error:
        pytest.fail(f"these tests need the model's weights. {error}", pytrace=False)


def _write(session: WriteSession, layer: int = 0, head: int = 0) -> list[dict]:
    steps = [session.start(layer, head)]
    while not session.finished:
        steps.append(session.step(layer, head))
    return steps


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"temperature": 0.8, "top_k": 40, "top_p": 0.9, "seed": 3},
        {"temperature": 1.2, "top_p": 0.8, "seed": 12},
        {"temperature": 0.7, "seed": 5, "use_cache": False},
    ],
    ids=["greedy", "top-k and top-p", "top-p", "cache off"],
)
def test_the_session_writes_what_generate_writes(model: LlamaModel, settings: dict) -> None:
    session = WriteSession(model, STORY, max_new_tokens=5, **settings)
    steps = _write(session)
    generate = {key: value for key, value in settings.items() if key != "use_cache"}
    expected = model.generate(STORY, 5, **generate)
    assert [step["drawn"]["id"] for step in steps] == session.ids == expected.ids
    assert [step["kind"] for step in steps] == ["prefill"] + ["decode" if session.use_cache else "recompute"] * 4
    prompt = len(session.prompt_ids)
    assert [step["processed"] for step in steps] == ([prompt, 1, 1, 1, 1] if session.use_cache else
                                                      [prompt, prompt + 1, prompt + 2, prompt + 3, prompt + 4])  # fmt: skip
    assert [step["context"] for step in steps] == [prompt + i for i in range(5)]
    assert steps[-1]["finished"] and not any(step["finished"] for step in steps[:-1])


def test_greedy_writing_is_the_reference_continuation(model: LlamaModel) -> None:
    prompt = FIXTURE["prompts"][0]  # "The capital of France is": the reference's greedy ids
    session = WriteSession(model, prompt["text"], max_new_tokens=4)
    _write(session)
    assert session.prompt_ids == prompt["ids"]
    assert session.ids == prompt["greedy"]["ids"][:4]


def test_the_chat_format_wraps_the_prompt(model: LlamaModel) -> None:
    session = WriteSession(model, "Hi!", chat=True, max_new_tokens=1)
    start = session.start()
    assert (
        start["prompt"]
        == "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n<|im_start|>user\nHi!<|im_end|>\n<|im_start|>assistant\n"
    )
    assert "".join(start["tokens"]) == start["prompt"].replace("\n", "↵") and start["finished"]


def test_the_cache_rows_and_attention_are_the_models(model: LlamaModel) -> None:
    layer, head = 4, 7  # head 7 reads key/value head 7 // 3 = 2
    session = WriteSession(model, STORY, temperature=0.9, seed=1, max_new_tokens=4)
    steps = _write(session, layer, head)
    text = session.prompt_ids + session.ids[:-1]  # what the model has read: the last token is drawn, not read
    cache = model.new_cache()
    full = model.forward(text, cache)
    last = steps[-1]["look"]
    assert last["kv_head"] == 2 and len(last["keys"]) == len(last["values"]) == len(text)
    np.testing.assert_allclose(np.array(last["keys"]) / VECTOR_UNIT, cache.keys(layer)[2], rtol=0, atol=0.0051)
    np.testing.assert_allclose(np.array(last["values"]) / VECTOR_UNIT, cache.values(layer)[2], rtol=0, atol=0.0051)
    np.testing.assert_allclose(np.array(last["row"]) / UNIT, full.attentions[layer, head, -1], rtol=0, atol=2e-6)
    np.testing.assert_allclose(np.array(last["heads"]) / UNIT, full.attentions[layer, :, -1], rtol=0, atol=2e-6)
    # One row more at every step: the prefill's n, then n + 1, ...
    assert [len(step["look"]["keys"]) for step in steps] == [len(session.prompt_ids) + i for i in range(4)]
    # Another layer and head of the same step, asked for afterwards.
    other = session.look(29, 0)
    np.testing.assert_allclose(np.array(other["keys"]) / VECTOR_UNIT, cache.keys(29)[0], rtol=0, atol=0.0051)
    np.testing.assert_allclose(np.array(other["row"]) / UNIT, full.attentions[29, 0, -1], rtol=0, atol=2e-6)


def test_the_cache_bytes_are_counted_from_the_arrays(model: LlamaModel) -> None:
    c = model.config
    per_token = c.n_layers * c.n_kv_heads * c.d_k * 2 * 4  # keys and values, float32
    assert per_token == 30 * 3 * 64 * 2 * 4 == 46_080
    steps = _write(WriteSession(model, STORY, max_new_tokens=3))
    n = len(model.encode(STORY))
    assert [step["cache"] for step in steps] == [
        {"on": True, "tokens": n + i, "bytes": (n + i) * per_token} for i in range(3)
    ]
    off = _write(WriteSession(model, STORY, max_new_tokens=2, use_cache=False))
    assert [step["cache"] for step in off] == [{"on": False, "tokens": 0, "bytes": 0}] * 2


TOLERANCE = 5e-5


def test_the_candidates_are_the_tempered_softmax_with_cuts(model: LlamaModel) -> None:
    session = WriteSession(model, STORY, temperature=0.5, top_k=3, top_p=0.9, seed=0, max_new_tokens=1)
    step = session.start()
    logits = model.forward(session.prompt_ids).logits[-1].astype(np.float64)
    # The session read the prompt into its cache: the same sums in float32, in another order, move a logit by
    # about 1e-5 of its size (logits near 20 here), so a probability at T = 0.5 by up to about 4e-5 of itself;
    # the page's numbers are rounded to 1e-6 besides.
    tempered = np.exp((logits - logits.max()) / 0.5)
    tempered /= tempered.sum()
    model_p = np.exp(logits - logits.max())
    model_p /= model_p.sum()
    top = np.argsort(-logits, kind="stable")[:CANDIDATES]
    candidates = step["candidates"]
    assert [c["id"] for c in candidates] == top.tolist()
    np.testing.assert_allclose([c["p"] / UNIT for c in candidates], tempered[top], rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose([c["model"] / UNIT for c in candidates], model_p[top], rtol=0, atol=TOLERANCE)
    assert [c["cut"] for c in candidates[3:]] == ["top-k"] * (CANDIDATES - 3)
    # Top-p on the three top-k kept, renormalised: the fewest whose share reaches 0.9.
    kept = tempered[top[:3]] / tempered[top[:3]].sum()
    n_p = next(i + 1 for i in range(3) if kept[: i + 1].sum() >= 0.9)
    assert [c["cut"] for c in candidates[:3]] == [None] * n_p + ["top-p"] * (3 - n_p)
    assert step["cut"]["top_k"] / UNIT == pytest.approx(1 - tempered[top[:3]].sum(), abs=TOLERANCE)
    assert step["cut"]["top_p"] / UNIT == pytest.approx(tempered[top[n_p:3]].sum(), abs=TOLERANCE)
    assert step["cut"]["top_k_tokens"] == model.config.vocab_size - 3 and step["cut"]["kept_tokens"] == n_p
    drawn = step["drawn"]
    assert drawn["id"] in top[:n_p] and drawn["sampled"] / UNIT == pytest.approx(
        tempered[drawn["id"]] / tempered[top[:n_p]].sum(), abs=TOLERANCE
    )


def test_the_entry_points_write_the_sessions_tokens(model: LlamaModel, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab_entry, "_writing", None)
    settings = {"temperature": 0.8, "top_k": None, "top_p": 0.95, "seed": 9, "max_new_tokens": 3, "use_cache": True,
                "chat": False}  # fmt: skip
    args = {"prompt": STORY, "path": str(smollm2_path()), "layer": 2, "head": 1, **settings}
    first = json.loads(lab_entry.write_start(json.dumps(args)))
    second = json.loads(lab_entry.write_step(json.dumps({"layer": 2, "head": 1})))
    look = json.loads(lab_entry.write_look(json.dumps({"layer": 0, "head": 8})))
    third = json.loads(lab_entry.write_step(json.dumps({"layer": 2, "head": 1})))
    expected = model.generate(STORY, 3, temperature=0.8, top_p=0.95, seed=9)
    assert [first["drawn"]["id"], second["drawn"]["id"], third["drawn"]["id"]] == expected.ids
    assert first["tokens"][:3] == ["Once", " upon", " a"] and first["ids"] == model.encode(STORY)
    assert look["layer"] == 0 and look["head"] == 8 and len(look["row"]) == second["context"]
    assert math.isclose(sum(look["row"]) / UNIT, 1.0, abs_tol=1e-4)
    with pytest.raises(RuntimeError, match=r"the session has finished \(3 tokens written\): start a new one"):
        lab_entry.write_step(json.dumps({"layer": 2, "head": 1}))


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"top_p": 0}, ValueError, r"top_p must be a number in \(0, 1\]"),
        ({"top_p": 1.5}, ValueError, r"top_p must be a number in \(0, 1\]"),
        ({"top_k": 0}, ValueError, "top_k must be at least 1, got 0"),
        ({"top_k": 2.5}, TypeError, "top_k must be an integer, got float"),
        ({"temperature": -1}, ValueError, r"temperature must be a finite number >= 0 \(0 = greedy\), got -1"),
        ({"temperature": 0, "top_k": 5}, ValueError, "top_k=5 has no effect with temperature=0"),
        ({"seed": -3}, ValueError, "seed must be at least 0, got -3"),
        ({"max_new_tokens": 65}, ValueError, "max_new_tokens must be at most 64, got 65"),
        ({"max_new_tokens": 0}, ValueError, "max_new_tokens must be at least 1, got 0"),
        ({"use_cache": "yes"}, TypeError, "use_cache must be True or False, got str"),
        ({"chat": 1}, TypeError, "chat must be True or False, got int"),
        ({"prompt": "   "}, ValueError, "prompt must hold some text"),
        (
            {"prompt": " ".join(["word"] * 100)},
            ValueError,
            "the prompt is 100 tokens long; the Write view takes at most 96",
        ),
        ({"layer": 30}, ValueError, r"layer must be in 0\.\.29, got 30"),
        ({"head": -1}, ValueError, "head must be at least 0, got -1"),
        ({"path": None}, TypeError, r"write_start: path must be a path in Python's file system, got None"),
        ({"extra": 1}, ValueError, r"write_start takes the arguments .*: unknown extra$"),
    ],
)
def test_bad_arguments_are_named(model: LlamaModel, change: dict, error: type, message: str) -> None:
    args = {"prompt": STORY, "path": str(smollm2_path()), "layer": 0, "head": 0, "temperature": 0.8, "top_k": None,
            "top_p": None, "seed": 0, "max_new_tokens": 4, "use_cache": True, "chat": False} | change  # fmt: skip
    with pytest.raises(error, match=message):
        lab_entry.write_start(json.dumps(args))


def test_a_bad_layer_leaves_the_session_as_it_was(model: LlamaModel) -> None:
    session = WriteSession(model, STORY, temperature=0.9, seed=4, max_new_tokens=3)
    with pytest.raises(ValueError, match=r"head must be in 0\.\.8, got 9"):
        session.start(0, 9)
    session.start()
    with pytest.raises(ValueError, match=r"layer must be in 0\.\.29, got 30"):
        session.step(30, 0)  # checked before the model runs: the cache and the generator are untouched
    session.step()
    session.step()
    assert session.ids == model.generate(STORY, 3, temperature=0.9, seed=4).ids


def test_a_step_before_any_start_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab_entry, "_writing", None)  # a fresh Python, as after the worker restarted
    with pytest.raises(RuntimeError, match=r"attention\.lab\.entry\.write_step: nothing is being written"):
        lab_entry.write_step(json.dumps({"layer": 0, "head": 0}))
    with pytest.raises(ValueError, match=r"write_look takes the arguments layer, head: missing head"):
        lab_entry.write_look(json.dumps({"layer": 0}))
