"""Traces: ``model.trace(ids)`` runs a model once and keeps what each layer attended with.

On tiny random models (no weights needed). The trace's weights and hidden
states are the forward pass's, to the bit, and the decoder's ``logits``
head of them gives the forward logits. Its queries, keys and values are the
ones the layer attended with: fed to the naive reference attention
(``reference.py``) under the layer's mask they give its weights; the
encoder's are the reference projections of the layer's input, the decoder's
queries and keys those projections of the normalised input turned by RoPE
(on adjacent pairs, by loops), and its keys and values are what its KV
cache keeps. A pass traced after
a cache equals the same positions of one pass over the whole text.
``MultiHeadAttention.traced`` returns what calling the layer returns, and a
bad hidden state given to ``logits`` is named with its shape.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import reference

from attention import AttentionTrace, MultiHeadAttention
from attention.models import (
    BertConfig,
    BertModel,
    ByteLevelBPE,
    LlamaConfig,
    LlamaModel,
    ModelTrace,
    WordPieceTokenizer,
    bytes_to_unicode,
)

IDS = [5, 17, 99, 5, 17, 200]


def tiny_llama() -> LlamaModel:
    """2 layers, 6 query heads of width 2 on 2 key/value heads (groups of 3), float64."""
    config = LlamaConfig(
        vocab_size=260, d_model=12, n_layers=2, n_heads=6, n_kv_heads=2, d_ff=20, context_length=24,
        rope_base=10_000.0, rms_eps=1e-5,
    )  # fmt: skip
    rng = np.random.default_rng(1)
    shapes = {"token_embd.weight": (260, 12), "output_norm.weight": (12,)}
    layer = {
        "attn_norm": (12,), "ffn_norm": (12,), "attn_q": (12, 12), "attn_k": (4, 12), "attn_v": (4, 12),
        "attn_output": (12, 12), "ffn_gate": (20, 12), "ffn_up": (20, 12), "ffn_down": (12, 20),
    }  # fmt: skip
    for i in range(2):
        shapes |= {f"blk.{i}.{name}.weight": shape for name, shape in layer.items()}
    tensors = {name: rng.normal(scale=0.5, size=shape) for name, shape in shapes.items()}
    tokenizer = ByteLevelBPE([*bytes_to_unicode().values(), "<a>", "<b>", "<c>", "<end>"], [], special=["<end>"])
    return LlamaModel(config, tensors, tokenizer, dtype=np.float64, eos_id=259)


def tiny_bert() -> BertModel:
    """2 layers, 2 heads of width 2, a 7-token vocabulary, float64."""
    config = BertConfig(
        vocab_size=7, d_model=4, n_layers=2, n_heads=2, d_ff=8, max_positions=8, type_vocab_size=2,
        layer_norm_eps=1e-12,
    )  # fmt: skip
    shapes = {
        "embeddings.word_embeddings.weight": (7, 4),
        "embeddings.position_embeddings.weight": (8, 4),
        "embeddings.token_type_embeddings.weight": (2, 4),
        "embeddings.LayerNorm.weight": (4,),
        "embeddings.LayerNorm.bias": (4,),
    }
    for i in range(2):
        p = f"encoder.layer.{i}."
        for part, (d_out, d_in) in {
            "attention.self.query": (4, 4), "attention.self.key": (4, 4), "attention.self.value": (4, 4),
            "attention.output.dense": (4, 4), "intermediate.dense": (8, 4), "output.dense": (4, 8),
        }.items():  # fmt: skip
            shapes[p + part + ".weight"], shapes[p + part + ".bias"] = (d_out, d_in), (d_out,)
        for norm in ("attention.output.LayerNorm", "output.LayerNorm"):
            shapes[p + norm + ".weight"], shapes[p + norm + ".bias"] = (4,), (4,)
    rng = np.random.default_rng(2)
    tensors = {name: rng.standard_normal(shape) for name, shape in shapes.items()}
    return BertModel(config, tensors, WordPieceTokenizer(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "a", "b"]))


# --- the decoder ---------------------------------------------------------------------------


def test_the_decoders_trace_is_its_forward_pass() -> None:
    model = tiny_llama()
    out, trace = model.forward(IDS), model.trace(IDS)
    assert isinstance(trace, ModelTrace) and len(trace.layers) == 2
    assert all(isinstance(layer, AttentionTrace) for layer in trace.layers)
    assert trace.hidden_states.shape == (3, 6, 12)
    np.testing.assert_array_equal(trace.hidden_states[0], model.embeddings[IDS])
    np.testing.assert_array_equal(np.stack([layer.weights for layer in trace.layers]), out.attentions)
    np.testing.assert_array_equal(model.logits(trace.hidden_states[-1]), out.logits)
    # One position's head alone: a vector times the table, the same numbers within rounding.
    np.testing.assert_allclose(model.logits(trace.hidden_states[-1, -1]), out.logits[-1], rtol=0, atol=1e-12)
    for q, k, v, weights in trace.layers:
        assert q.shape == (6, 6, 2) and k.shape == v.shape == (2, 6, 2) and weights.shape == (6, 6, 6)


def test_the_decoders_queries_and_keys_give_its_weights() -> None:
    trace = tiny_llama().trace(IDS)
    causal = reference.causal_mask(len(IDS))
    for index, (q, k, v, weights) in enumerate(trace.layers):
        for head in range(6):
            kv = head // 3  # query heads 0-2 read key/value head 0, 3-5 head 1
            _, expected = reference.attention(q[head], k[kv], v[kv], mask=causal)
            where = f"layer {index} head {head}"
            np.testing.assert_allclose(weights[head], expected, rtol=0, atol=1e-12, err_msg=where)


def test_the_decoders_queries_and_keys_are_its_projections_turned_by_rope() -> None:
    model = tiny_llama()
    trace = model.trace(IDS)
    layer = model.layers[0]
    normed = _rms_norm(trace.hidden_states[0], layer.attn_norm, model.config.rms_eps)
    positions = np.arange(len(IDS))
    q = _rope(reference.split_heads(reference.batched_matmul(normed, layer.w_q), 6), positions)
    k = _rope(reference.split_heads(reference.batched_matmul(normed, layer.w_k), 2), positions)
    np.testing.assert_allclose(trace.layers[0].q, q, rtol=0, atol=1e-12)
    np.testing.assert_allclose(trace.layers[0].k, k, rtol=0, atol=1e-12)
    # RoPE turned them: the projections alone differ past position 0.
    unturned = reference.split_heads(reference.batched_matmul(normed, layer.w_q), 6)
    assert np.abs(unturned[:, 1:] - trace.layers[0].q[:, 1:]).max() > 1e-2


def _rms_norm(x: np.ndarray, gamma: np.ndarray, eps: float) -> np.ndarray:
    """Each row divided by the root of its mean square (plus eps), times gamma, by loops."""
    out = np.empty_like(x, dtype=np.float64)
    for t, row in enumerate(x):
        root = math.sqrt(math.fsum(float(value) ** 2 for value in row) / len(row) + eps)
        out[t] = [float(value) / root * float(g) for value, g in zip(row, gamma, strict=True)]
    return out


def _rope(x: np.ndarray, positions: np.ndarray, base: float = 10_000.0) -> np.ndarray:
    """RoPE on adjacent pairs (GGUF's layout): pair i of position p turned by p * base**(-2i/d), by loops."""
    out = np.empty_like(x, dtype=np.float64)
    d = x.shape[-1]
    for index in np.ndindex(x.shape[:-2]):
        for t, position in enumerate(positions):
            for i in range(d // 2):
                angle = float(position) * base ** (-2 * i / d)
                a, b = float(x[index][t, 2 * i]), float(x[index][t, 2 * i + 1])
                out[index][t, 2 * i] = a * math.cos(angle) - b * math.sin(angle)
                out[index][t, 2 * i + 1] = a * math.sin(angle) + b * math.cos(angle)
    return out


def test_the_decoders_keys_and_values_are_what_its_cache_keeps() -> None:
    model = tiny_llama()
    cache = model.new_cache()
    trace = model.trace(IDS, cache)
    assert cache.length == len(IDS)
    for index, (_, k, v, _) in enumerate(trace.layers):
        np.testing.assert_array_equal(k, cache.keys(index))
        np.testing.assert_array_equal(v, cache.values(index))


def test_a_pass_traced_after_a_cache_is_the_end_of_the_whole_pass() -> None:
    model = tiny_llama()
    whole = model.trace(IDS)
    cache = model.new_cache()
    model.trace(IDS[:4], cache)
    rest = model.trace(IDS[4:], cache)
    for index, (part, full) in enumerate(zip(rest.layers, whole.layers, strict=True)):
        np.testing.assert_allclose(part.q, full.q[:, 4:], rtol=0, atol=1e-12, err_msg=f"layer {index}")
        # every key, the cached ones too
        np.testing.assert_allclose(part.k, full.k, rtol=0, atol=1e-12, err_msg=f"layer {index}")
        np.testing.assert_allclose(part.weights, full.weights[:, 4:], rtol=0, atol=1e-12, err_msg=f"layer {index}")
    np.testing.assert_allclose(rest.hidden_states, whole.hidden_states[:, 4:], rtol=0, atol=1e-12)


def test_the_output_head_names_a_bad_hidden_state() -> None:
    model = tiny_llama()
    with pytest.raises(ValueError, match=r"hidden must have shape \(\.\.\., d_model\) with d_model=12, got \(3, 5\)"):
        model.logits(np.zeros((3, 5)))


# --- the encoder and its multi-head attention -------------------------------------------------


def test_the_encoders_trace_is_its_forward_pass_and_its_projections() -> None:
    model = tiny_bert()
    ids, mask = np.array([[2, 5, 6, 5, 3], [2, 6, 3, 0, 0]]), np.array([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], dtype=bool)
    hidden, attentions, _ = model.forward(ids, mask=mask)
    trace = model.trace(ids, mask=mask)
    np.testing.assert_array_equal(trace.hidden_states, hidden)
    np.testing.assert_array_equal(np.stack([layer.weights for layer in trace.layers], axis=-4), attentions)
    keys = reference.padding_mask([5, 3], 5)[:, None]  # (batch, 1 head axis, 1 query, n keys)
    for index, (q, k, v, weights) in enumerate(trace.layers):
        mha = model.layers[index].attention
        x = trace.hidden_states[:, index]  # the layer's input
        for projected, w, b in ((q, mha.w_q, mha.b_q), (k, mha.w_k, mha.b_k), (v, mha.w_v, mha.b_v)):
            expected = reference.split_heads(reference.batched_matmul(x, w) + b, 2)
            np.testing.assert_allclose(projected, expected, rtol=0, atol=1e-12, err_msg=f"layer {index}")
        _, expected = reference.attention(q, k, v, mask=keys)
        np.testing.assert_allclose(weights, expected, rtol=0, atol=1e-12, err_msg=f"layer {index}")


def test_multi_head_attention_traced_returns_what_calling_it_returns() -> None:
    rng = np.random.default_rng(3)
    mha = MultiHeadAttention(8, 2, seed=4, bias=True)
    x, context = rng.normal(size=(2, 5, 8)), rng.normal(size=(2, 7, 8))
    output, trace = mha.traced(x, causal=True, context=context)
    called = mha(x, causal=True, context=context)
    np.testing.assert_array_equal(output, called.output)
    np.testing.assert_array_equal(trace.weights, called.weights)
    assert trace.q.shape == (2, 2, 5, 4) and trace.k.shape == trace.v.shape == (2, 2, 7, 4)
    for projected, source, w in ((trace.q, x, mha.w_q), (trace.k, context, mha.w_k), (trace.v, context, mha.w_v)):
        expected = reference.split_heads(reference.batched_matmul(source, w), 2)
        np.testing.assert_allclose(projected, expected, rtol=0, atol=1e-12)
