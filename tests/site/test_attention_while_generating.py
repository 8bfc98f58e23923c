"""The lesson "Attention while generating": its figure shows what it claims; its typed SmolLM2 sizes are the file's.

The KV-cache figure's cached rows equal the rows of the one masked pass over
the whole sequence, and grow by a row a step; the texts generated with and
without the cache agree, and the lesson's count of multiplications matches a
hand count. The SmolLM2 sizes the lesson types (its blocks must run without
the weights: layers, heads, key/value heads, d_k, context length) are read
again from the GGUF file's metadata."""

from __future__ import annotations

import numpy as np
import pytest

from attention.models.gguf import read_gguf
from attention.models.llama import LlamaConfig
from attention.models.weights import MissingWeightsError, require_smollm2
from site_examples.generate import figures

PAGE = "lessons/attention-while-generating.md"


@pytest.fixture(scope="module")
def namespace() -> dict:
    return figures.page_namespace(PAGE)


def test_the_cached_rows_are_the_one_pass_and_grow_a_row_per_step(namespace: dict) -> None:
    figure = next(f for f in figures.FIGURES if f.name == "kv-cache-steps")
    (_, tokens, first_three), (_, _, cached), (_, _, one_pass) = figure.data(namespace)["panels"]
    assert tokens == "the cat sat on the mat".split()
    n = len(tokens)
    # each step wrote one row over the keys then in the cache: keys 0..t, never a later one
    for i in range(n):
        for j in range(n):
            assert (cached[i, j] == 0.0) == (j > i), (i, j)
    assert np.allclose(cached.sum(axis=1), 1.0)
    np.testing.assert_allclose(cached, one_pass, rtol=0, atol=1e-12)
    assert np.array_equal(first_three[:3], cached[:3]) and not first_three[3:].any()
    # the first token has only itself to attend to
    assert cached[0, 0] == pytest.approx(1.0)


def test_the_generated_texts_agree_and_the_count_formulas_hold(namespace: dict) -> None:
    ns = namespace
    prompt = ns["prompt"]
    assert ns["generate"](prompt, 6) == ns["generate_cached"](prompt, 6)
    # the counting matmul against a hand count at n = 4, d = 8, 2 heads of 4:
    # projections 3 * 4*8*8, scores and weights @ values 2 * (2 * 4*4*4), W_O 4*8*8
    ns["count"][0] = 0
    ns["layer_all"](np.ones((4, 8)))
    assert ns["count"][0] == 3 * 256 + 2 * 128 + 256


def test_the_lesson_s_smollm2_sizes_are_the_model_file_s(namespace: dict) -> None:
    """The lesson types SmolLM2's sizes (its blocks must run without the weights): they must be the file's."""
    try:
        path = require_smollm2()
    except MissingWeightsError as error:
        pytest.fail(f"this test needs the model's weights. {error}", pytrace=False)
    config = LlamaConfig.from_gguf_metadata(read_gguf(path).metadata)
    n_layers, n_heads, n_kv_heads, d_k, context, _ = namespace["models"]["SmolLM2-135M"]
    assert (n_layers, n_heads, n_kv_heads, d_k, context) == (
        config.n_layers,
        config.n_heads,
        config.n_kv_heads,
        config.d_k,
        config.context_length,
    )
