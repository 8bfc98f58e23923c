"""blockwise_attention: equal to naive attention, every mask, skipped causal tiles, bounded memory, errors.

Two independent references: the package's naive path (softmax of the whole
score matrix, tested on its own in test_scaled_dot_product.py) on sizes that
span many tiles, and the naive-loop reference (reference.py) on small ones.
"""

import concurrent.futures
import math
import re
import threading
import tracemalloc
import zlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import attention.blockwise as blockwise_module
import attention.scaled_dot_product as sdpa_module
from attention.blockwise import one_tile, online_softmax, scratch, tiles
import reference as ref
from attention import (
    BLOCKWISE_THRESHOLD,
    AttentionOutput,
    AttentionOutputOnly,
    blockwise_attention,
    causal_mask,
    padding_mask,
    scaled_dot_product_attention,
)
from strategies import PROPERTY, additive_masks, bool_masks, qkv
from test_scaled_dot_product import MASK_ERRORS, QKV_SHAPE_ERRORS
from test_validation import BAD_VALUES

# The promise, on standard-normal inputs: largest absolute difference from the naive result.
TOLERANCE = {np.float32: 2e-6, np.float64: 1e-12}

# (lead axes of q, of k, of v), n_q, n_k, d_k, d_v, block_size
SHAPES = [
    pytest.param(((), (), ()), 1, 1, 4, 3, 512, id="one-query-one-key"),
    pytest.param(((), (), ()), 37, 37, 8, 8, 512, id="odd-n-smaller-than-a-block"),
    pytest.param(((), (), ()), 257, 257, 16, 8, 64, id="n-not-a-multiple-of-the-block"),
    pytest.param(((), (), ()), 301, 300, 16, 16, 32, id="n_q-and-n_k-differ"),
    pytest.param(((), (), ()), 40, 230, 8, 4, 16, id="few-queries-many-keys"),
    pytest.param(((), (), ()), 230, 40, 8, 4, 16, id="many-queries-few-keys"),
    pytest.param(((2, 3), (2, 3), (2, 3)), 129, 129, 16, 16, 64, id="batch-and-head-axes"),
    pytest.param(((12,), (12,), (12,)), 128, 128, 64, 64, 512, id="twelve-heads-grouped-in-one-tile"),
    pytest.param(((2, 1), (1, 3), (3,)), 70, 50, 8, 5, 16, id="broadcast-leading-axes"),
    pytest.param(((), (), (4,)), 33, 33, 8, 8, 8, id="only-v-has-a-batch-axis"),
    pytest.param(((3,), (3,), (3,)), 50, 50, 8, 8, 3, id="tiny-blocks"),
]
MASKS = ["none", "boolean", "additive", "padding", "causal", "causal+padding", "causal+additive"]


def _inputs(rng, leads, n_q, n_k, d_k, d_v, dtype):
    lead_q, lead_k, lead_v = leads
    q = rng.standard_normal((*lead_q, n_q, d_k)).astype(dtype)
    k = rng.standard_normal((*lead_k, n_k, d_k)).astype(dtype)
    v = rng.standard_normal((*lead_v, n_k, d_v)).astype(dtype)
    return q, k, v


def _mask(kind, rng, scores_shape):
    """(mask for blockwise_attention, causal flag, the same pattern as one explicit mask for the naive path)."""
    *lead, n_q, n_k = scores_shape
    causal = kind.startswith("causal")
    if kind.endswith("boolean"):
        mask = rng.random((n_q, n_k)) < 0.6
    elif kind.endswith("additive"):
        # Some keys forbidden (-inf) for every query, finite offsets elsewhere.
        mask = np.where(rng.random((1, n_k)) < 0.3, -np.inf, rng.standard_normal((n_q, n_k)))
    elif kind.endswith("padding"):
        batch = lead[0] if lead else 1
        lengths = rng.integers(0, n_k + 1, size=batch)
        lengths[0] = 0  # one sequence entirely padding: its queries see no key
        mask = padding_mask(lengths, n_k)
        mask = mask.reshape(batch, *(1,) * (len(lead) - 1), 1, n_k) if lead else mask[0]
    else:
        mask = None
    if not causal:
        return mask, False, mask
    # j <= i, written independently of the package's causal_mask
    pattern = np.arange(n_k)[None, :] <= np.arange(n_q)[:, None]
    if mask is None:
        return None, True, pattern
    if mask.dtype == bool:
        return mask, True, mask & pattern
    return mask, True, np.where(pattern, mask, -np.inf)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["float32", "float64"])
@pytest.mark.parametrize("kind", MASKS)
@pytest.mark.parametrize(("leads", "n_q", "n_k", "d_k", "d_v", "block_size"), SHAPES)
def test_equals_naive_attention(leads, n_q, n_k, d_k, d_v, block_size, kind, dtype):
    """Same output and weights as the whole-matrix softmax, to float32 2e-6 / float64 1e-12."""
    rng = np.random.default_rng(zlib.crc32(f"{n_q} {n_k} {kind}".encode()))
    q, k, v = _inputs(rng, leads, n_q, n_k, d_k, d_v, dtype)
    scores_shape = (*np.broadcast_shapes(q.shape[:-2], k.shape[:-2]), n_q, n_k)
    mask, causal, full_mask = _mask(kind, rng, scores_shape)
    expected = scaled_dot_product_attention(q, k, v, mask=full_mask)
    result = blockwise_attention(q, k, v, mask=mask, causal=causal, block_size=block_size, return_weights=True)
    assert result.output.dtype == result.weights.dtype == dtype
    assert result.output.shape == expected.output.shape
    assert result.weights.shape == expected.weights.shape
    np.testing.assert_allclose(result.output, expected.output, rtol=0, atol=TOLERANCE[dtype])
    np.testing.assert_allclose(result.weights, expected.weights, rtol=0, atol=TOLERANCE[dtype])
    # Forbidden pairs get exactly zero weight, as in the naive path.
    assert (result.weights[expected.weights == 0] == 0).all()
    # Without the weights: the very same output.
    only = blockwise_attention(q, k, v, mask=mask, causal=causal, block_size=block_size)
    assert isinstance(only, AttentionOutputOnly) and only.weights is None
    np.testing.assert_array_equal(only.output, result.output)


@pytest.mark.parametrize("kind", MASKS)
@pytest.mark.parametrize("block_size", [1, 2, 3, 512])
def test_equals_the_naive_loop_reference(kind, block_size):
    """Small cases against reference.py's loops (float64, independent of the package)."""
    rng = np.random.default_rng(block_size)
    q, k, v = _inputs(rng, ((2,), (2,), (2,)), 7, 5, 3, 2, np.float64)
    mask, causal, full_mask = _mask(kind, rng, (2, 7, 5))
    expected_output, expected_weights = ref.attention(q, k, v, mask=full_mask)
    output, weights = blockwise_attention(q, k, v, mask=mask, causal=causal, block_size=block_size, return_weights=True)
    np.testing.assert_allclose(output, expected_output, rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-12, atol=1e-14)


@PROPERTY
@given(qkv(batch_dims=2), st.data())
def test_random_shapes_and_masks_match_the_reference(arrays, data):
    """Any broadcastable shapes, any boolean or additive mask, any block size: the reference's result."""
    q, k, v = arrays
    scores_shape = (*np.broadcast_shapes(q.shape[:-2], k.shape[:-2]), q.shape[-2], k.shape[-2])
    mask = data.draw(st.none() | bool_masks(scores_shape) | additive_masks(scores_shape))
    block_size = data.draw(st.integers(1, 5))
    scale = data.draw(st.none() | st.floats(0.1, 2.0))
    output, weights = blockwise_attention(q, k, v, mask=mask, scale=scale, block_size=block_size, return_weights=True)
    expected_output, expected_weights = ref.attention(q, k, v, mask=mask, scale=scale)
    np.testing.assert_allclose(output, expected_output, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-10, atol=1e-12)


def test_causal_flag_equals_causal_mask():
    """causal=True is the package's causal_mask(n), without the n × n array."""
    rng = np.random.default_rng(5)
    q, k, v = _inputs(rng, ((4,), (4,), (4,)), 150, 150, 8, 8, np.float64)
    expected = scaled_dot_product_attention(q, k, v, mask=causal_mask(150))
    result = blockwise_attention(q, k, v, causal=True, block_size=32, return_weights=True)
    np.testing.assert_allclose(result.output, expected.output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.weights, expected.weights, rtol=0, atol=1e-12)
    assert (result.weights[:, np.triu_indices(150, 1)[0], np.triu_indices(150, 1)[1]] == 0).all()


@pytest.mark.parametrize("block_size", [2, 4, 512])
@pytest.mark.parametrize(
    "mask",
    [
        np.array([True] * 6 + [False] * 2),  # broadcast: every query sees the same six keys
        np.where(np.arange(8) < 6, 0.0, -np.inf),
    ],
    ids=["boolean", "additive"],
)
def test_fully_masked_rows_give_zeros_never_nan(mask, block_size):
    """Queries allowed no key get all-zero output and weights, in any tile layout; the others are unaffected.

    Query 0 sees nothing; query 1 sees only the last allowed key (so its first
    tiles are entirely masked); the rest see keys 0..5.
    """
    rng = np.random.default_rng(0)
    q, k, v = _inputs(rng, ((), (), ()), 5, 8, 4, 3, np.float64)
    rows = np.broadcast_to(mask, (5, 8)).copy()
    if rows.dtype == bool:
        rows[0] = False
        rows[1, :5] = False
    else:
        rows[0] = -np.inf
        rows[1, :5] = -np.inf
    output, weights = blockwise_attention(q, k, v, mask=rows, block_size=block_size, return_weights=True)
    np.testing.assert_array_equal(output[0], np.zeros(3))
    np.testing.assert_array_equal(weights[0], np.zeros(8))
    np.testing.assert_allclose(output[1], v[5], rtol=1e-15)  # all weight on key 5
    np.testing.assert_array_equal(weights[1], np.eye(8)[5])
    assert np.isfinite(output).all() and np.isfinite(weights).all()
    expected_output, expected_weights = ref.attention(q, k, v, mask=rows)
    np.testing.assert_allclose(output, expected_output, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-12, atol=1e-14)


def test_padding_length_zero_in_a_batch():
    """padding_mask([0, 2], 3): sequence 0 gives all zeros, sequence 1 ignores key 2."""
    rng = np.random.default_rng(3)
    q, k, v = rng.normal(size=(2, 3, 4)), rng.normal(size=(2, 3, 4)), rng.normal(size=(2, 3, 5))
    output, weights = blockwise_attention(q, k, v, mask=padding_mask([0, 2], 3), block_size=2, return_weights=True)
    np.testing.assert_array_equal(output[0], np.zeros((3, 5)))
    np.testing.assert_array_equal(weights[0], np.zeros((3, 3)))
    expected_output, expected_weights = ref.attention(q, k, v, mask=padding_mask([0, 2], 3))
    np.testing.assert_allclose(output, expected_output, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-12, atol=1e-14)


def _count_scores_computed(monkeypatch):
    """Record the number of scores in every tile that reaches the online softmax."""
    counted = []
    update = online_softmax.OnlineSoftmax.update

    def counting_update(self, s, v):
        counted.append(s.size)
        return update(self, s, v)

    monkeypatch.setattr(online_softmax.OnlineSoftmax, "update", counting_update)
    return counted


@pytest.mark.parametrize(("n", "block_size"), [(1000, 64), (1000, 512), (4096, 512), (300, 7)])
def test_causal_mask_skips_the_future(monkeypatch, n, block_size):
    """With causal=True about half the scores are computed, never fewer than the n(n+1)/2 allowed ones.

    What is computed beyond them is the masked part of the tiles on the
    diagonal: for a block of r <= block_size queries, at most r²/2 scores, so
    at most n·block_size/2 in all. Computing the whole matrix would be n².
    """
    counted = _count_scores_computed(monkeypatch)
    rng = np.random.default_rng(1)
    q, k, v = _inputs(rng, ((), (), ()), n, n, 4, 4, np.float64)
    output = blockwise_attention(q, k, v, causal=True, block_size=block_size).output
    computed = sum(counted)
    allowed = n * (n + 1) // 2
    assert allowed <= computed <= allowed + n * block_size / 2
    if block_size <= n // 4:
        assert computed < 0.6 * n * n
    np.testing.assert_allclose(output, scaled_dot_product_attention(q, k, v, mask=causal_mask(n)).output, atol=1e-12)


def test_without_causal_mask_every_score_is_computed_once(monkeypatch):
    counted = _count_scores_computed(monkeypatch)
    rng = np.random.default_rng(2)
    q, k, v = _inputs(rng, ((3,), (3,), (3,)), 301, 257, 4, 4, np.float64)
    blockwise_attention(q, k, v, block_size=64)
    assert sum(counted) == 3 * 301 * 257


def _peak_bytes(function):
    scratch.release_workspace()  # measure the scratch memory too, as on a first call
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    ("n", "dtype", "causal"),
    [(4096, np.float32, False), (4096, np.float32, True), (4096, np.float64, True)],
    ids=["float32", "float32-causal", "float64-causal"],
)
def test_peak_memory_is_output_plus_two_tiles_plus_one_mib(n, dtype, causal):
    """Extra memory <= output + 2·block_size² elements + 1 MiB, where naive attention needs n² elements."""
    d, block_size = 64, blockwise_module.DEFAULT_BLOCK_SIZE
    rng = np.random.default_rng(0)
    q, k, v = _inputs(rng, ((), (), ()), n, n, d, d, dtype)
    item = np.dtype(dtype).itemsize
    bound = n * d * item + 2 * block_size**2 * item + 2**20
    peak = _peak_bytes(lambda: blockwise_attention(q, k, v, causal=causal))
    assert peak <= bound, f"peak {peak / 2**20:.2f} MiB > bound {bound / 2**20:.2f} MiB"
    assert n * n * item > 10 * bound  # naive attention's scores alone would be far larger


def test_scaled_dot_product_attention_goes_blockwise_for_large_scores(monkeypatch):
    """return_weights=False: blockwise from BLOCKWISE_THRESHOLD score entries on, naive below; same output."""
    calls = []
    attend = sdpa_module.attend_checked

    def spy(*args, **kwargs):
        calls.append(args[3])  # the scores' shape
        return attend(*args, **kwargs)

    monkeypatch.setattr(sdpa_module, "attend_checked", spy)
    rng = np.random.default_rng(4)
    n = 256
    at_threshold = BLOCKWISE_THRESHOLD // (2 * n)  # two heads of at_threshold × n scores
    for n_q, expect_blockwise in [(at_threshold - 1, False), (at_threshold, True)]:
        q, k, v = _inputs(rng, ((2,), (2,), (2,)), n_q, n, 16, 16, np.float32)
        mask = padding_mask([n, n // 2], n)
        only = scaled_dot_product_attention(q, k, v, mask=mask, return_weights=False)
        full = scaled_dot_product_attention(q, k, v, mask=mask)
        assert isinstance(only, AttentionOutputOnly) and only.weights is None
        assert isinstance(full, AttentionOutput) and full.weights.shape == (2, n_q, n)
        assert len(calls) == expect_blockwise
        np.testing.assert_allclose(only.output, full.output, rtol=0, atol=2e-6)
    assert calls == [(2, at_threshold, n)]


def test_scaled_dot_product_attention_without_weights_stays_small():
    """At n = 4096, leaving the weights out keeps the peak near the output's size, not the 64 MiB of scores."""
    n, d = 4096, 32
    rng = np.random.default_rng(6)
    q, k, v = _inputs(rng, ((), (), ()), n, n, d, d, np.float32)
    mask = causal_mask(n)  # 16 MiB of the caller's, read tile by tile
    peak = _peak_bytes(lambda: scaled_dot_product_attention(q, k, v, mask=mask, return_weights=False))
    assert peak < n * d * 4 + 2 * 512**2 * 4 + 2**20


# --- results, dtypes and errors -----------------------------------------------------------


@pytest.mark.parametrize(
    ("dtypes", "expected"),
    [
        ((np.float32,) * 3, np.float32),
        ((np.float64,) * 3, np.float64),
        ((np.float16,) * 3, np.float32),
        ((np.int64,) * 3, np.float64),
        ((np.float32, np.float64, np.float32), np.float64),
    ],
)
def test_result_dtype(dtypes, expected):
    q, k, v = (np.arange(12).reshape(3, 4).astype(dtype) / 10 for dtype in dtypes)
    result = blockwise_attention(q, k, v, block_size=2, return_weights=True)
    assert result.output.dtype == result.weights.dtype == expected


def test_huge_additive_mask_on_float32_behaves_like_a_forbidden_position():
    """A float64 mask of -1e300 is clipped, as in the naive path: the key gets weight 0 and nothing overflows."""
    q = np.ones((2, 3), np.float32)
    with np.errstate(all="raise"):
        output, weights = blockwise_attention(q, q, q, mask=np.array([[0.0, -1e300], [0.0, 0.0]]), return_weights=True)
    assert weights.dtype == np.float32
    assert weights.tolist() == [[1.0, 0.0], [0.5, 0.5]]


def test_large_inputs_whose_scores_fit_are_fine():
    """Norms whose product would overflow float32, with dot products that do not: no error, the right result."""
    q = np.array([[1e20, 0.0], [0.0, 1e-20]], np.float32)
    k = np.array([[0.0, 1e20], [1e-20, 0.0]], np.float32)
    v = np.array([[1.0], [3.0]], np.float32)
    output, weights = blockwise_attention(q, k, v, return_weights=True)
    expected_output, expected_weights = ref.attention(q, k, v)
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-6)
    np.testing.assert_allclose(output, expected_output, rtol=1e-6)


def _reference_mask(options, n_q, n_k):
    """The boolean mask the naive-loop reference needs for blockwise options like those of PATHS."""
    mask = np.ones((n_q, n_k), bool) if options.get("mask") is None else np.asarray(options["mask"], bool)
    return mask & np.tri(n_q, n_k, 0, bool) if options.get("causal") else mask


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("path", ["one tile", "one tile, causal", "tiles", "tiles, causal", "tiles, mask"])
def test_values_whose_sum_overflows_still_give_their_weighted_average(path, dtype):
    """v near the top of the float range: a sum of its values overflows, their weighted average does not.

    One column huge, one tiny and one ordinary: each is shrunk by its own power of two, so all three stay exact
    (one factor for the whole of v would flush the tiny column to zero).
    """
    info = np.finfo(dtype)
    rng = np.random.default_rng(11)
    # Small scores: every key gets a weight near 1/3 (before normalisation, exp(score) near 1 each).
    q, k = (rng.standard_normal(shape).astype(dtype) / 16 for shape in ((2, 4), (3, 4)))
    v = np.empty((3, 3), dtype)
    v[:, 0] = info.max / 2 * np.array([1.0, 0.9, 0.8])
    v[:, 1] = info.tiny * 2.0**20 * np.array([1.0, 3.0, 2.0])
    v[:, 2] = rng.standard_normal(3)
    options = PATHS[path]
    with np.errstate(all="raise"):
        output, weights = blockwise_attention(q, k, v, return_weights=True, **options)
    expected_output, expected_weights = ref.attention(q, k, v, mask=_reference_mask(options, 2, 3))
    assert output.dtype == weights.dtype == dtype
    rtol = 1e-6 if dtype == np.float32 else 1e-13
    np.testing.assert_allclose(weights, expected_weights, rtol=rtol, atol=0)
    np.testing.assert_allclose(output, expected_output, rtol=rtol, atol=0)


def test_values_whose_sum_overflows_in_scaled_dot_product_attention():
    """Above BLOCKWISE_THRESHOLD without weights (blockwise), the same output as the naive path with them."""
    rng = np.random.default_rng(12)
    q, k = rng.standard_normal((2, 256, 8)).astype(np.float32)
    v = (rng.standard_normal((256, 4)) * 1e37).astype(np.float32)  # sum of squares: inf in float32
    only = scaled_dot_product_attention(q, k, v, return_weights=False)
    full = scaled_dot_product_attention(q, k, v)
    assert np.isfinite(only.output).all()
    np.testing.assert_allclose(only.output, full.output, rtol=0, atol=TOLERANCE[np.float32] * 1e37)  # the usual bound, scaled


def test_scores_at_the_unshifted_limit_do_not_overflow():
    """Every score just under the bound for exp without a shift, and v as large as its squares allow: finite, exact.

    float32, 128 keys: T = 60·ln 2 − ln 128 = 36.74. Scores of 36 give exp(36) = 4.3e15 per key; v of 1.5e18
    (128 of whose squares stay below 3.4e38) makes the unnormalised output 128 · 4.3e15 · 1.5e18 = 8.3e35.
    """
    assert one_tile.unshifted_limit(128, np.dtype(np.float32)) == pytest.approx(36.74, abs=0.005)
    q = np.zeros((3, 4), np.float32)
    q[:, 0] = 6.0
    k = np.zeros((128, 4), np.float32)
    k[:, 0] = 6.0
    v = np.full((128, 2), 1.5e18, np.float32)
    v[::2, 1] = -1.5e18
    with np.errstate(all="raise"):
        output, weights = blockwise_attention(q, k, v, scale=1.0, return_weights=True)
    np.testing.assert_allclose(weights, np.full((3, 128), 1 / 128), rtol=2e-6, atol=0)
    np.testing.assert_allclose(output, [[1.5e18, 0.0]] * 3, rtol=1e-6, atol=1e12)


@pytest.mark.parametrize(
    ("dtype", "length", "value", "rtol"),
    [
        (np.float32, 6.0, 1e-30, 5e-6),  # scores of -36: exp(-36) · 1e-30 = 2e-46 is below float32's range
        (np.float32, 6.0, 1e-25, 5e-6),  # 2e-41: subnormal, 2e-5 relative error unless normalised first
        (np.float64, 18.0, 1e-200, 1e-13),  # scores of -324: exp(-324) · 1e-200 = 1e-341
    ],
)
def test_tiny_values_under_negative_scores_keep_their_size(dtype, length, value, rtol):
    """Within the unshifted bound, but every score near -T: the weights are normalised before P·V, as naive does.

    Unnormalised, exp(score) · v would underflow where the weighted average of v (v itself, here) does not.
    """
    q = np.zeros((2, 1), dtype)
    q[:, 0] = -length
    k = np.full((128, 1), length, dtype)
    v = np.full((128, 2), value, dtype)
    v[::2, 1] = 2 * value
    with np.errstate(all="raise"):
        output, weights = blockwise_attention(q, k, v, scale=1.0, return_weights=True)
    np.testing.assert_allclose(weights, np.full((2, 128), 1 / 128), rtol=rtol, atol=0)
    value = float(dtype(value))  # as the input holds it
    np.testing.assert_allclose(output, [[value, 1.5 * value]] * 2, rtol=rtol, atol=0)


@pytest.mark.parametrize(
    ("q_norm", "k_norm", "n_k", "dtype", "shift"),
    [
        (6.0**2, 6.0**2, 128, np.float32, False),  # scores within ±36 < 36.74
        (6.1**2, 6.1**2, 128, np.float32, True),  # ±37.21: beyond it
        (6.0**2, 6.0**2, 2**18, np.float32, True),  # T = 41.59 - 12.48 = 29.11 for 2^18 keys (one tile)
        (18.0**2, 18.0**2, 128, np.float64, False),  # ±324 < 352.1 - 4.85 = 347.3
        (19.0**2, 19.0**2, 128, np.float64, True),  # ±361
        (math.inf, 0.0, 128, np.float64, True),  # squares overflowed: no bound
        (math.nan, 1.0, 128, np.float32, True),
    ],
)
def test_the_shift_is_skipped_only_within_the_bound(monkeypatch, q_norm, k_norm, n_k, dtype, shift):
    """The one-tile softmax subtracts each query's largest score unless Cauchy-Schwarz bounds every score by T."""
    norms = iter([q_norm, k_norm])
    monkeypatch.setattr(one_tile, "largest_squared_norm", lambda x: next(norms))
    maxima = []
    original_max = np.ndarray.max

    class Scores(np.ndarray):  # counts the maxima taken over the keys (axis -2) of the scores
        def max(self, *args, **kwargs):
            if kwargs.get("axis") == -2:
                maxima.append(self.shape)
            return original_max(np.asarray(self), *args, **kwargs)

    q, k, v = np.zeros((1, 4), dtype), np.zeros((n_k, 4), dtype), np.zeros((n_k, 2), dtype)
    work = one_tile.scratch
    monkeypatch.setattr(one_tile, "scratch", lambda size, dt: work(size, dt).view(Scores))
    output = blockwise_module.blockwise_attention(q, k, v).output
    np.testing.assert_array_equal(output, np.zeros((1, 2)))
    assert maxima == ([(1, n_k, 1)] if shift else [])


def test_largest_squared_norm_against_a_loop():
    rng = np.random.default_rng(13)
    x = rng.standard_normal((3, 5, 7))
    expected = max(math.fsum(float(a) ** 2 for a in row) for row in x.reshape(-1, 7))
    assert one_tile.largest_squared_norm(x) == pytest.approx(expected, rel=1e-14)
    x[1, 2, 3] = np.nan
    assert math.isnan(one_tile.largest_squared_norm(x))
    x[1, 2, 3] = -np.inf
    assert one_tile.largest_squared_norm(x) == math.inf


@pytest.mark.parametrize("scale", [None, 1e-30])
def test_overflowing_scores_are_the_naive_paths_error(scale):
    """Finite q and k whose dot products overflow raise the same ValueError as the naive path, even if scaled down."""
    big = np.full((2, 3), 1e200)
    message = "the scores q·kᵀ overflow float64 (q has shape (2, 3), k has shape (2, 3)"
    with pytest.raises(ValueError, match=re.escape(message)):
        scaled_dot_product_attention(big, big, np.ones((2, 1)), scale=scale)
    with pytest.raises(ValueError, match=re.escape(message)):
        blockwise_attention(big, big, np.ones((2, 1)), scale=scale)


@pytest.mark.parametrize(("shapes", "message"), QKV_SHAPE_ERRORS)
def test_qkv_shape_errors(shapes, message):
    """The naive path's checks and messages, unchanged."""
    with pytest.raises(ValueError, match=re.escape(message)):
        blockwise_attention(*(np.ones(shape) for shape in shapes))


@pytest.mark.parametrize(("mask", "error", "message"), MASK_ERRORS)
def test_mask_errors(mask, error, message):
    with pytest.raises(error, match=re.escape(message)):
        blockwise_attention(np.ones((2, 4)), np.ones((3, 4)), np.ones((3, 5)), mask=mask)


# The paths that check the inputs' values at different moments: one tile (each input
# just before its use), several tiles (all three first), with and without masks.
PATHS = {
    "one tile": {},
    "one tile, causal": {"causal": True},
    "tiles": {"block_size": 2},
    "tiles, causal": {"block_size": 2, "causal": True},
    "tiles, mask": {"mask": np.ones((2, 3), bool)},
}


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("argument", ["q", "k", "v"])
@pytest.mark.parametrize("bad", BAD_VALUES)
def test_bad_values(argument, bad, path):
    """NaN, infinities, bool, complex, strings, objects, ragged lists: refused, naming the argument."""
    make_bad, error, message = BAD_VALUES[bad]
    arguments = {"q": np.ones((2, 4)), "k": np.ones((3, 4)), "v": np.ones((3, 5))}
    shape = re.escape(str(arguments[argument].shape))
    arguments[argument] = make_bad(arguments[argument])
    with pytest.raises(error, match="^" + message(re.escape(argument), shape)):
        blockwise_attention(**arguments, **PATHS[path])


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("argument", ["q", "k", "v"])
def test_bad_values_are_found_even_where_matrix_products_would_drop_them(monkeypatch, argument, path):
    """Some BLAS libraries skip a product with a zero, so NaN·0 never reaches the result: no check relies on it."""
    matmul = np.matmul

    def forgetful_matmul(a, b, **kwargs):  # NaN and infinities count as 0
        return matmul(*(np.where(np.isfinite(x), x, 0) for x in (a, b)), **kwargs)

    monkeypatch.setattr(np, "matmul", forgetful_matmul)
    arguments = {"q": np.ones((2, 4)), "k": np.ones((3, 4)), "v": np.ones((3, 5))}
    arguments[argument][-1, -1] = np.nan
    with pytest.raises(ValueError, match=rf"^{argument} contains NaN"):
        blockwise_attention(**arguments, **PATHS[path])


@pytest.mark.parametrize(
    ("keyword", "value", "error", "message"),
    [
        ("block_size", 0, ValueError, "block_size must be at least 1, got 0"),
        ("block_size", 2.0, TypeError, "block_size must be an integer, got float"),
        ("block_size", True, TypeError, "block_size must be an integer, got bool"),
        ("causal", 1, TypeError, "causal must be True or False, got int"),
        ("return_weights", "yes", TypeError, "return_weights must be True or False, got str"),
        ("scale", -1.0, ValueError, "scale must be a positive finite number, got -1.0"),
    ],
)
def test_option_errors(keyword, value, error, message):
    with pytest.raises(error, match=re.escape(message)):
        blockwise_attention(np.ones((2, 4)), np.ones((3, 4)), np.ones((3, 5)), **{keyword: value})


def test_return_weights_must_be_a_bool_in_scaled_dot_product_attention():
    with pytest.raises(TypeError, match=re.escape("return_weights must be True or False, got NoneType")):
        scaled_dot_product_attention(np.ones((2, 4)), np.ones((3, 4)), np.ones((3, 5)), return_weights=None)


def test_a_problem_that_fits_one_tile_skips_the_tiling(monkeypatch):
    """≤ block_size² scores per batch item, no explicit mask (causal: few queries): plain softmax; else tiles."""
    built = []
    original = tiles.Tiles
    monkeypatch.setattr(tiles, "Tiles", lambda *args: built.append(args) or original(*args))
    rng = np.random.default_rng(5)
    for causal, n_q, n_k in ((False, 7, 5), (True, 7, 5), (True, 5, 7)):
        q, k, v = rng.normal(size=(3, n_q, 4)), rng.normal(size=(3, n_k, 4)), rng.normal(size=(3, n_k, 2))
        mask = np.tri(n_q, n_k, 0, bool) if causal else None  # query i sees keys 0 .. i
        expected_output, expected_weights = ref.attention(q, k, v, mask=mask)
        # 5 · 7 = 35 <= 6² scores per batch item (105 in all, more than one tile holds: no matter).
        output, weights = blockwise_attention(q, k, v, causal=causal, block_size=6, return_weights=True)
        np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
        np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
        assert built == []
    blockwise_attention(q, k, v, causal=True, block_size=5)  # 5 · 7 = 35 > 5² scores: tiled
    blockwise_attention(q, k, v, mask=np.ones((5, 7), bool), block_size=12)  # a mask: tiled
    assert len(built) == 2
    n = 2 * tiles.MIN_CAUSAL_ROWS  # causal: up to two blocks of queries in one tile, then tiles
    q, k, v = (rng.normal(size=(n + 1, 4)) for _ in range(3))
    blockwise_attention(q[:n], k[:n], v[:n], causal=True)
    assert len(built) == 2
    blockwise_attention(q, k, v, causal=True)  # more blocks of queries: the tiles skip more of the future
    assert len(built) == 3


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize(
    ("leads", "n_q", "n_k", "groups"),
    [
        pytest.param(((12,), (12,), (12,)), 64, 64, 4, id="twelve-heads-in-threes"),
        pytest.param(((2, 5), (2, 5), (2, 5)), 64, 80, 4, id="batch-and-heads-merged"),
        pytest.param(((2, 5), (1, 5), (2, 1)), 64, 80, 4, id="broadcast-one-axis-at-a-time"),
        pytest.param(((7,), (7,), (7,)), 64, 64, 3, id="last-group-smaller"),
    ],
)
def test_batch_items_go_a_cache_sized_group_at_a_time(monkeypatch, leads, n_q, n_k, groups, causal):
    """Each group's scores fit ``_CACHE_BYTES``; every group is exact and written where it belongs."""
    calls = []
    original = one_tile.one_tile
    monkeypatch.setattr(
        one_tile, "one_tile", lambda q, *rest: calls.append(q.shape[:-2]) or original(q, *rest)
    )
    monkeypatch.setattr(one_tile, "CACHE_BYTES", 3 * n_q * n_k * 8)  # three batch items of float64 scores
    rng = np.random.default_rng(len(leads[0]) * n_k)
    q, k, v = _inputs(rng, leads, n_q, n_k, 8, 6, np.float64)
    mask = np.tri(n_q, n_k, 0, bool) if causal else None
    expected_output, expected_weights = ref.attention(q, k, v, mask=mask)
    output, weights = blockwise_attention(q, k, v, causal=causal, return_weights=True)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    per_group = 2 if causal else 1  # a causal tile goes in two halves of queries
    assert len(calls) == groups * per_group
    assert all(math.prod(shape) <= 3 for shape in calls)
    np.testing.assert_array_equal(blockwise_attention(q, k, v, causal=causal).output, output)


@pytest.mark.parametrize("argument", ["q", "k", "v"])
def test_a_bad_value_in_the_last_group_is_found(monkeypatch, argument):
    """Inputs are checked group by group: a NaN in the last batch item alone is still refused, by name."""
    monkeypatch.setattr(one_tile, "CACHE_BYTES", 2 * 16 * 16 * 8)
    rng = np.random.default_rng(8)
    arrays = dict(zip("qkv", _inputs(rng, ((5,), (5,), (5,)), 16, 16, 4, 4, np.float64)))
    arrays[argument][-1, -1, -1] = np.nan
    for causal in (False, True):
        with pytest.raises(ValueError, match=rf"^{argument} contains NaN \(shape \(5, 16, 4\)\)"):
            blockwise_attention(**arrays, causal=causal)


@pytest.mark.parametrize("argument", ["k", "v"])
def test_keys_no_query_may_see_are_checked_too(argument):
    """Causal with more keys than queries: keys after the last query are in no tile, and still checked."""
    rng = np.random.default_rng(9)
    arrays = dict(zip("qkv", _inputs(rng, ((), (), ()), 8, 12, 4, 4, np.float64)))
    arrays[argument][10, 0] = np.inf
    with pytest.raises(ValueError, match=rf"^{argument} contains inf"):
        blockwise_attention(**arrays, causal=True)


@pytest.mark.parametrize("path", ["one tile", "tiles"])
def test_results_never_share_the_kept_scratch_memory(path):
    """A second call reuses the thread's scratch memory: the first call's results must not live in it."""
    block_size = {"one tile": 512, "tiles": 16}[path]
    rng = np.random.default_rng(10)
    first, second = (_inputs(rng, ((3,), (3,), (3,)), 40, 40, 8, 8, np.float64) for _ in range(2))
    result = blockwise_attention(*first, block_size=block_size, return_weights=True)
    kept = [result.output.copy(), result.weights.copy()]
    blockwise_attention(*second, block_size=block_size, return_weights=True)
    np.testing.assert_array_equal(result.output, kept[0])
    np.testing.assert_array_equal(result.weights, kept[1])
    buffer = scratch._workspace.buffer
    assert not np.shares_memory(result.output, buffer) and not np.shares_memory(result.weights, buffer)
    expected_output, expected_weights = ref.attention(*first)
    np.testing.assert_allclose(result.output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.weights, expected_weights, rtol=0, atol=1e-12)


def test_threads_each_have_their_own_scratch_memory():
    """Calls running at once in several threads give each its own exact result."""
    rng = np.random.default_rng(11)
    problems = [_inputs(rng, ((4,), (4,), (4,)), 96, 96, 16, 16, np.float64) for _ in range(8)]
    expected = [ref.attention(*problem)[0] for problem in problems]
    start = threading.Barrier(4)
    jobs = [(i, block_size) for i in range(8) for block_size in (512, 32)]  # one tile per head, and tiles
    shares = [jobs[thread::4] for thread in range(4)]

    def work(share):
        start.wait()
        return [blockwise_attention(*problems[i], block_size=block_size).output for i, block_size in share]

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(work, shares))
    for share, outputs in zip(shares, results):
        for (i, _), got in zip(share, outputs, strict=True):
            np.testing.assert_allclose(got, expected[i], rtol=0, atol=1e-12)


def test_kept_scratch_memory_is_bounded():
    """At most _WORKSPACE_BYTES stay between calls; a larger tile is allocated for its call alone."""
    scratch.release_workspace()
    rng = np.random.default_rng(12)
    q, k, v = _inputs(rng, ((), (), ()), 1200, 1200, 8, 8, np.float64)
    blockwise_attention(q, k, v, block_size=1200)  # one tile of 1200² float64 scores: 11 MiB
    buffer = getattr(scratch._workspace, "buffer", None)
    assert buffer is None or buffer.nbytes <= scratch.WORKSPACE_BYTES
    blockwise_attention(q, k, v)  # default tiles: kept
    assert 2**20 < scratch._workspace.buffer.nbytes <= scratch.WORKSPACE_BYTES


@pytest.mark.parametrize(("n_q", "n_k"), [(70, 70), (70, 90), (90, 70), (64, 64)])
def test_one_causal_tile_is_split_in_two_halves_of_queries(monkeypatch, n_q, n_k):
    """The first half of the queries is computed on the keys it may see only; exact all the same."""
    calls = []
    original = one_tile.one_tile
    monkeypatch.setattr(one_tile, "one_tile", lambda q, k, *rest: calls.append((q.shape[-2], k.shape[-2])) or original(q, k, *rest))
    rng = np.random.default_rng(n_q * n_k)
    q, k, v = rng.normal(size=(2, n_q, 4)), rng.normal(size=(2, n_k, 4)), rng.normal(size=(2, n_k, 3))
    expected_output, expected_weights = ref.attention(q, k, v, mask=np.tri(n_q, n_k, 0, bool))
    output, weights = blockwise_attention(q, k, v, causal=True, return_weights=True)
    np.testing.assert_allclose(output, expected_output, rtol=0, atol=1e-12)
    np.testing.assert_allclose(weights, expected_weights, rtol=0, atol=1e-12)
    assert (weights[np.broadcast_to(~np.tri(n_q, n_k, 0, bool), weights.shape)] == 0).all()
    np.testing.assert_array_equal(blockwise_attention(q, k, v, causal=True).output, output)
    half = n_q // 2
    assert calls == [(half, min(half, n_k)), (n_q - half, min(n_q, n_k))] * 2
