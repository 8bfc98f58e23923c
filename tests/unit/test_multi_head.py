"""MultiHeadAttention: initialisation, from_weights, the forward pass against the reference, masks, errors.

The reference (``reference.multi_head``) loops over the heads, slicing the
projected columns. Checked: seeded initial weights with standard deviation
1/sqrt(d_model), biases, the parameter count; a hand-worked identity layer;
self- and cross-attention, with and without biases, against the reference;
one head equals self-attention followed by ``w_o``, and the heads do not see
each other; padding, 3-D, 2-D and additive masks on batches; every
constructor, ``from_weights`` and call error, and overflows that name what
the caller passed."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import reference as ref
from attention import MultiHeadAttention, causal_mask, padding_mask, self_attention
from strategies import PROPERTY, bool_masks, floats

NAMES = ("w_q", "w_k", "w_v", "w_o")


def weights_of(layer):
    return [getattr(layer, name) for name in NAMES]


@st.composite
def layers(draw, bias=None, n_heads=None):
    """``(weights, biases, n_heads)`` for a small random layer; biases is None or a 4-tuple."""
    n_heads = draw(st.integers(1, 3)) if n_heads is None else n_heads
    d_model = n_heads * draw(st.integers(1, 3))
    weights = tuple(draw(floats((d_model, d_model), bound=1.0)) for _ in NAMES)
    with_bias = draw(st.booleans()) if bias is None else bias
    biases = tuple(draw(floats((d_model,), bound=1.0)) for _ in NAMES) if with_bias else None
    return weights, biases, n_heads


def build(weights, biases, n_heads):
    keywords = {} if biases is None else dict(zip(("b_q", "b_k", "b_v", "b_o"), biases, strict=True))
    return MultiHeadAttention.from_weights(*weights, n_heads=n_heads, **keywords)


def sequence(d_model, lead=()):
    """Strategy for an input of shape ``(*lead, n, d_model)`` with a random length n."""
    return st.integers(1, 4).flatmap(lambda n: floats((*lead, n, d_model)))


# --- initialisation ----------------------------------------------------------


def initial_weights(**keywords):
    return weights_of(MultiHeadAttention(8, 2, **keywords))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (dict(seed=5), dict(seed=5)),
        (dict(), dict(seed=0)),
        (dict(seed=np.random.default_rng(5)), dict(seed=5)),
        (dict(seed=np.int64(5)), dict(seed=5)),
    ],
    ids=["same-seed", "default-is-0", "generator", "numpy-int"],
)
def test_same_seed_gives_identical_weights(first, second):
    """The same seed (int, numpy int or a Generator made from it) gives bit-identical weights."""
    for a, b in zip(initial_weights(**first), initial_weights(**second), strict=True):
        np.testing.assert_array_equal(a, b)


def test_different_seeds_give_different_weights():
    """Seeds 0 and 1 give different values in every matrix."""
    for a, b in zip(initial_weights(seed=0), initial_weights(seed=1), strict=True):
        assert not np.array_equal(a, b)


def test_initial_weights_have_std_one_over_sqrt_d_model():
    """Weights are N(0, 1/d_model): with d_model = 256, std ~ 1/16 and mean ~ 0 over 65536 draws each."""
    layer = MultiHeadAttention(256, 4, seed=0)
    for w in weights_of(layer):
        assert w.shape == (256, 256)
        assert w.dtype == np.float64
        assert abs(w.std() - 1 / 16) < 0.05 / 16
        assert abs(w.mean()) < 0.005


@pytest.mark.parametrize("bias", [False, True])
def test_biases(bias):
    """bias=True adds four zero (d_model,) biases; bias=False leaves them None."""
    layer = MultiHeadAttention(6, 3, bias=bias)
    for name in ("b_q", "b_k", "b_v", "b_o"):
        value = getattr(layer, name)
        if bias:
            np.testing.assert_array_equal(value, np.zeros(6))
        else:
            assert value is None


@pytest.mark.parametrize(
    ("d_model", "n_heads", "bias", "expected"),
    [
        (768, 12, False, 2_359_296),  # 4 * 768^2
        (768, 12, True, 2_362_368),  # 4 * 768^2 + 4 * 768
        (8, 2, False, 256),  # 4 * 64
        (8, 2, True, 288),  # 256 + 32
    ],
)
def test_n_params(d_model, n_heads, bias, expected):
    """n_params = 4 d_model^2, plus 4 d_model with biases (768 -> 2,359,296 and 2,362,368)."""
    assert MultiHeadAttention(d_model, n_heads, bias=bias).n_params == expected


def test_attributes_and_repr():
    """d_model, n_heads and d_k = d_model / n_heads are exposed and shown by repr."""
    layer = MultiHeadAttention(12, 3, bias=True)
    assert (layer.d_model, layer.n_heads, layer.d_k) == (12, 3, 4)
    assert repr(layer) == "MultiHeadAttention(d_model=12, n_heads=3, d_k=4, bias=True)"


# --- from_weights --------------------------------------------------------------


def test_from_weights_copies_its_arrays():
    """Mutating the arrays given to from_weights afterwards changes neither the layer nor its output."""
    rng = np.random.default_rng(0)
    weights = [rng.normal(size=(4, 4)) for _ in NAMES]
    biases = [rng.normal(size=4) for _ in NAMES]
    layer = build(weights, biases, 2)
    x = rng.normal(size=(3, 4))
    before = layer(x)
    saved = [w.copy() for w in weights + biases]
    for array in weights + biases:
        array += 100.0
    for stored, original in zip(weights_of(layer) + [layer.b_q, layer.b_k, layer.b_v, layer.b_o], saved):
        np.testing.assert_array_equal(stored, original)
    after = layer(x)
    np.testing.assert_array_equal(after.output, before.output)
    np.testing.assert_array_equal(after.weights, before.weights)


def test_from_weights_counts_biases():
    """A layer loaded with biases counts them in n_params: 4*16 + 4*4 = 80."""
    eye, zero = np.eye(4), np.zeros(4)
    assert MultiHeadAttention.from_weights(eye, eye, eye, eye, 2, b_q=zero, b_k=zero, b_v=zero, b_o=zero).n_params == 80
    assert MultiHeadAttention.from_weights(eye, eye, eye, eye, 2).n_params == 64


# --- forward pass ----------------------------------------------------------------


def test_identity_layer_hand_worked():
    """With identity weights and one head, the layer is plain self-attention on x.

    x = [[1, 0], [0, 1]]: scores I/sqrt(2), each row softmax([0.70711, 0]) = [0.66976, 0.33024]
    (e^0.70711 = 2.02811, 2.02811/3.02811 = 0.66976); values = x, so the output equals the weights.
    """
    eye = np.eye(2)
    output, weights = MultiHeadAttention.from_weights(eye, eye, eye, eye, n_heads=1)(eye)
    expected = [[0.6697615493, 0.3302384507], [0.3302384507, 0.6697615493]]
    np.testing.assert_allclose(weights, [expected], rtol=1e-9)
    np.testing.assert_allclose(output, expected, rtol=1e-9)


def _assert_forward_matches_reference(layer_args, x, mask=None, context=None):
    weights, biases, n_heads = layer_args
    output, attn = build(*layer_args)(x, mask, context=context)
    expected_output, expected_weights = ref.multi_head(
        x, *weights, n_heads, biases=biases, mask=mask, context=context
    )
    assert output.shape == expected_output.shape
    assert attn.shape == expected_weights.shape
    np.testing.assert_allclose(attn, expected_weights, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(output, expected_output, rtol=1e-9, atol=1e-11)


def test_forward_with_biases_matches_reference():
    """Fixed random weights and biases, batched input (2, 3, 6), 3 heads, with and without a causal mask."""
    rng = np.random.default_rng(11)
    weights = tuple(rng.normal(size=(6, 6)) for _ in NAMES)
    biases = tuple(rng.normal(size=6) for _ in NAMES)
    x = rng.normal(size=(2, 3, 6))
    _assert_forward_matches_reference((weights, biases, 3), x)
    _assert_forward_matches_reference((weights, biases, 3), x, mask=causal_mask(3))


@PROPERTY
@given(layers(), st.data())
def test_forward_matches_reference(layer_args, data):
    """The full forward pass (optional biases, leading batch axes, optional shared mask) equals the loop reference."""
    d_model = layer_args[0][0].shape[0]
    lead = data.draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=2))
    x = data.draw(sequence(d_model, lead))
    mask = data.draw(st.none() | bool_masks((*lead, x.shape[-2], x.shape[-2])))
    _assert_forward_matches_reference(layer_args, x, mask=mask)


@PROPERTY
@given(layers(), st.data())
def test_cross_attention_matches_reference(layer_args, data):
    """With a context of another length (and broadcasting leading axes), weights are (..., h, n_q, n_k)."""
    d_model = layer_args[0][0].shape[0]
    lead_x, lead_context = data.draw(
        hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=2, max_side=2)
    ).input_shapes
    x = data.draw(sequence(d_model, lead_x))
    context = data.draw(sequence(d_model, lead_context))
    _assert_forward_matches_reference(layer_args, x, context=context)


def test_cross_attention_shapes():
    """x (2, 3, 8) attending to context (2, 5, 8): output (2, 3, 8), weights (2, 4, 3, 5) with rows summing to 1."""
    rng = np.random.default_rng(0)
    output, weights = MultiHeadAttention(8, 4)(rng.normal(size=(2, 3, 8)), context=rng.normal(size=(2, 5, 8)))
    assert output.shape == (2, 3, 8)
    assert weights.shape == (2, 4, 3, 5)
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0, rtol=1e-12)


@PROPERTY
@given(layers(n_heads=1), st.data())
def test_one_head_equals_self_attention_then_w_o(layer_args, data):
    """With n_heads=1, the layer is self_attention(x, w_q, w_k, w_v) @ w_o (+ biases folded in)."""
    (w_q, w_k, w_v, w_o), biases, _ = layer_args
    lead = data.draw(hnp.array_shapes(min_dims=0, max_dims=1, max_side=2))
    x = data.draw(sequence(w_q.shape[0], lead))
    output, weights = build(*layer_args)(x)
    if biases is None:
        expected_output, expected_weights = self_attention(x, w_q, w_k, w_v)
        expected_output = expected_output @ w_o
    else:
        # A bias is a projection of an extra constant-1 feature: append it to x and to the weights.
        b_q, b_k, b_v, b_o = biases
        x1 = np.concatenate([x, np.ones((*x.shape[:-1], 1))], axis=-1)
        augmented = (np.vstack([w, b]) for w, b in ((w_q, b_q), (w_k, b_k), (w_v, b_v)))
        heads, expected_weights = self_attention(x1, *augmented)
        expected_output = heads @ w_o + b_o
    np.testing.assert_allclose(weights, expected_weights[..., None, :, :], rtol=1e-10, atol=1e-14)
    np.testing.assert_allclose(output, expected_output, rtol=1e-10, atol=1e-12)


@PROPERTY
@given(layers(bias=False, n_heads=3), st.data())
def test_heads_are_independent(layer_args, data):
    """Changing the w_q/w_k/w_v columns of head j leaves every other head's weights bit-identical."""
    (w_q, w_k, w_v, w_o), _, n_heads = layer_args
    d_model = w_q.shape[0]
    d_k = d_model // n_heads
    x = data.draw(sequence(d_model))
    j = data.draw(st.integers(0, n_heads - 1))
    cols = slice(j * d_k, (j + 1) * d_k)
    changed = []
    for w in (w_q, w_k, w_v):
        w = w.copy()
        w[:, cols] = data.draw(floats((d_model, d_k), bound=1.0))
        changed.append(w)
    before = build((w_q, w_k, w_v, w_o), None, n_heads)(x).weights
    after = build((*changed, w_o), None, n_heads)(x).weights
    others = [i for i in range(n_heads) if i != j]
    np.testing.assert_array_equal(after[others], before[others])


def test_padding_mask_with_batched_input():
    """padding_mask(lengths, n), shape (B, 1, n), gives padded keys exactly zero weight in every head."""
    rng = np.random.default_rng(1)
    layer = MultiHeadAttention(6, 3, seed=2)
    lengths = [2, 4, 1]
    x = rng.normal(size=(3, 4, 6))
    mask = padding_mask(lengths, 4)
    output, weights = layer(x, mask)
    assert weights.shape == (3, 3, 4, 4)
    for b, length in enumerate(lengths):
        assert (weights[b, :, :, length:] == 0.0).all()
        np.testing.assert_allclose(weights[b].sum(axis=-1), 1.0, rtol=1e-12)
    _assert_forward_matches_reference((weights_of(layer), None, 3), x, mask=mask)


def test_three_d_mask_gets_a_head_axis():
    """A (B, n, n) mask applies per batch element to every head, even when B == n_heads.

    Without the inserted head axis, batch element b's mask would be applied to head b instead.
    """
    rng = np.random.default_rng(4)
    layer = MultiHeadAttention(4, 2, seed=3)
    x = rng.normal(size=(2, 3, 4))
    mask = np.stack([causal_mask(3), causal_mask(3).T])  # batch 0 looks back, batch 1 looks ahead
    weights = layer(x, mask).weights
    for b in range(2):
        for head in range(2):
            assert (weights[b, head][~mask[b]] == 0.0).all()
    _assert_forward_matches_reference((weights_of(layer), None, 2), x, mask=mask)


def test_two_d_mask_is_shared_by_batch_and_heads():
    """A causal (n, n) mask zeroes the future in every batch element and head."""
    x = np.random.default_rng(5).normal(size=(2, 3, 4))
    weights = MultiHeadAttention(4, 2)(x, causal_mask(3)).weights
    assert (weights[..., np.triu(np.ones((3, 3), dtype=bool), k=1)] == 0.0).all()


def test_additive_mask_matches_reference():
    """An additive (B, n_q, n_k) mask with -inf entries is shared by every head, as in the reference."""
    rng = np.random.default_rng(6)
    layer = MultiHeadAttention(4, 2, seed=1)
    x, context = rng.normal(size=(2, 3, 4)), rng.normal(size=(2, 5, 4))
    mask = rng.normal(size=(2, 3, 5))
    mask[0, :, 3:] = -np.inf
    _assert_forward_matches_reference((weights_of(layer), None, 2), x, mask=mask, context=context)


def test_forward_alias():
    """forward is the same as calling the layer."""
    x = np.random.default_rng(0).normal(size=(3, 4))
    layer = MultiHeadAttention(4, 2)
    np.testing.assert_array_equal(layer.forward(x).output, layer(x).output)


# --- errors ----------------------------------------------------------------------

CONSTRUCTOR_ERRORS = [
    (dict(d_model=8.0), TypeError, "d_model must be an integer, got float"),
    (dict(d_model=True), TypeError, "d_model must be an integer, got bool"),
    (dict(d_model="8"), TypeError, "d_model must be an integer, got str"),
    (dict(d_model=0), ValueError, "d_model must be at least 1, got 0"),
    (dict(d_model=-4), ValueError, "d_model must be at least 1, got -4"),
    (dict(n_heads=3), ValueError, "d_model=8 is not divisible by n_heads=3"),
    (dict(n_heads=0), ValueError, "n_heads must be at least 1, got 0"),
    (dict(n_heads=2.0), TypeError, "n_heads must be an integer, got float"),
    (dict(n_heads=True), TypeError, "n_heads must be an integer, got bool"),
    (dict(seed=1.5), TypeError, "seed must be an int or a numpy.random.Generator, got float"),
    (dict(seed=True), TypeError, "seed must be an int or a numpy.random.Generator, got bool"),
    (dict(seed=None), TypeError, "seed must be an int or a numpy.random.Generator, got NoneType"),
    (dict(seed="0"), TypeError, "seed must be an int or a numpy.random.Generator, got str"),
    (
        dict(seed=np.random.RandomState(0)),
        TypeError,
        "seed must be an int or a numpy.random.Generator, got RandomState",
    ),
]


@pytest.mark.parametrize(("override", "error", "message"), CONSTRUCTOR_ERRORS)
def test_constructor_errors(override, error, message):
    """Bad d_model, n_heads or seed raise the right type, naming the argument and its value."""
    with pytest.raises(error, match=re.escape(message)):
        MultiHeadAttention(**(dict(d_model=8, n_heads=2) | override))


EYE, ZERO = np.eye(4), np.zeros(4)
FROM_WEIGHTS_ERRORS = [
    (dict(w_q=np.ones((4, 6))), "w_q must be square (d_model, d_model) = (4, 4), got (4, 6)"),
    (dict(w_o=np.ones((4, 2))), "w_o must be square (d_model, d_model) = (4, 4), got (4, 2)"),
    (dict(w_k=np.eye(6)), "w_k must have shape (d_model, d_out) with d_model=4 (the first axis of w_q), got (6, 6)"),
    (
        dict(w_v=np.ones((3, 4))),
        "w_v must have shape (d_model, d_out) with d_model=4 (the first axis of w_q), got (3, 4)",
    ),
    (dict(w_v=np.ones((4, 4, 1))), "w_v must be 2-D, got shape (4, 4, 1) (3-D)"),
    (dict(w_q=np.ones(4)), "w_q must be 2-D, got shape (4,) (1-D)"),
    (dict(n_heads=3), "d_model=4 is not divisible by n_heads=3"),
    (dict(b_q=ZERO), "give all four biases or none; missing: b_k, b_v, b_o"),
    (dict(b_q=ZERO, b_k=ZERO, b_o=ZERO), "give all four biases or none; missing: b_v"),
    (dict(b_q=ZERO, b_k=np.zeros(3), b_v=ZERO, b_o=ZERO), "b_k must have shape (d_model,) = (4,), got (3,)"),
    (dict(b_q=ZERO, b_k=ZERO, b_v=ZERO, b_o=np.zeros((1, 4))), "b_o must be 1-D, got shape (1, 4) (2-D)"),
]


@pytest.mark.parametrize(("override", "message"), FROM_WEIGHTS_ERRORS)
def test_from_weights_errors(override, message):
    """Non-square, mismatched or wrongly ranked weights and partial or misshapen biases raise ValueError."""
    arguments = dict(w_q=EYE, w_k=EYE, w_v=EYE, w_o=EYE, n_heads=2) | override
    with pytest.raises(ValueError, match=re.escape(message)):
        MultiHeadAttention.from_weights(**arguments)


def test_from_weights_bad_n_heads_type():
    """from_weights validates n_heads like the constructor."""
    with pytest.raises(TypeError, match=re.escape("n_heads must be an integer, got float")):
        MultiHeadAttention.from_weights(EYE, EYE, EYE, EYE, n_heads=2.0)


UNBROADCASTABLE = "the leading axes of x (2, 3, 4) and context (3, 5, 4) do not broadcast"
CALL_ERRORS = [
    (dict(x=np.ones((3, 6))), "x must have shape (..., n, d_model) with d_model=4, got (3, 6)"),
    (dict(x=np.ones(4)), "x must have at least 2 dimensions, got shape (4,) (1-D)"),
    (dict(context=np.ones((5, 3))), "context must have shape (..., n, d_model) with d_model=4, got (5, 3)"),
    (dict(context=np.ones(4)), "context must have at least 2 dimensions, got shape (4,) (1-D)"),
    (dict(x=np.ones((2, 3, 4)), context=np.ones((3, 5, 4))), UNBROADCASTABLE),
    (dict(x=np.ones((2, 3, 4)), context=np.ones((3, 5, 4)), mask=np.ones((3, 5), dtype=bool)), UNBROADCASTABLE),
    (dict(mask=np.ones((3, 5), dtype=bool)), "mask with shape (3, 5) does not broadcast to the scores' shape (3, 3)"),
    # Would enlarge the (3, 3) scores to (2, 3, 3): refused rather than silently batching.
    (
        dict(mask=np.ones((2, 3, 3), dtype=bool)),
        "mask with shape (2, 3, 3) does not broadcast to the scores' shape (3, 3)",
    ),
    (dict(mask=np.array([[0.0, np.inf, 0.0]])), "mask contains +inf (shape (1, 3)); only -inf is allowed"),
]


@pytest.mark.parametrize(("override", "message"), CALL_ERRORS)
def test_call_errors(override, message):
    """Inputs of the wrong width or rank, unbroadcastable contexts and bad masks raise ValueError with shapes."""
    arguments = dict(x=np.ones((3, 4))) | override
    with pytest.raises(ValueError, match=re.escape(message)):
        MultiHeadAttention(4, 2)(**arguments)


@pytest.mark.parametrize("bias", [1, "yes", None])
def test_bias_flag_must_be_a_bool(bias):
    with pytest.raises(TypeError, match="bias must be True or False"):
        MultiHeadAttention(d_model=4, n_heads=2, bias=bias)


def test_a_negative_seed_is_refused_by_name():
    with pytest.raises(ValueError, match=re.escape("seed must be at least 0, got -1")):
        MultiHeadAttention(d_model=4, n_heads=2, seed=-1)


ONES = np.ones((4, 4))
OVERFLOW_ERRORS = [
    # Weights of 1: each projection is a sum of 4 entries, beyond float64 for entries of 1e308.
    (dict(x=np.full((2, 4), 1e308)), "x @ w_q overflows float64 (x has shape (2, 4), largest |x| 1e+308, w_q has shape (4, 4)"),
    (dict(x=np.ones((2, 4)), context=np.full((3, 4), 1e308)),
     "context @ w_k overflows float64 (context has shape (3, 4), largest |context| 1e+308"),
    # Projections of 4e160 are fine, their products (d_k = 2) are not.
    (dict(x=np.full((2, 4), 1e160)), "the scores (x @ w_q)·(x @ w_k)ᵀ overflow float64 in some head (d_k=2; largest |x @ w_q|"),
    (dict(x=np.full((2, 4), 1e160), context=np.full((3, 4), 1e160)),
     "the scores (x @ w_q)·(context @ w_k)ᵀ overflow float64 in some head"),
]  # fmt: skip


@pytest.mark.parametrize(("arguments", "message"), OVERFLOW_ERRORS)
def test_overflows_name_what_the_caller_passed(arguments, message):
    """Finite inputs whose projections or scores overflow: the message names x, context and the weights, not q or k."""
    layer = MultiHeadAttention.from_weights(ONES, ONES, ONES, ONES, n_heads=2)
    with pytest.raises(ValueError, match="^" + re.escape(message)) as raised:
        layer(**arguments)
    assert not re.search(r"\b[qkv] (has|contains)\b|\|[qkv]\|", str(raised.value))


def test_an_output_projection_that_overflows_names_w_o():
    eye = np.eye(4)
    layer = MultiHeadAttention.from_weights(eye, eye, eye, eye * 1e308, n_heads=2)
    message = "the output projection, heads @ w_o, overflows float64 (heads has shape (2, 4), largest |heads| 10"
    with pytest.raises(ValueError, match="^" + re.escape(message) + r".*: rescale x, w_v or w_o$"):
        layer(np.full((2, 4), 10.0))


def test_float64_weights_beyond_float32_are_named_for_a_float32_input():
    """Weights are stored in float64 and cast to x's dtype: a weight beyond float32 makes x @ w overflow there."""
    eye = np.eye(4)
    layer = MultiHeadAttention.from_weights(eye * 1e39, eye, eye, eye, n_heads=2)
    assert np.isfinite(layer(np.ones((2, 4))).output).all()  # float64: fine
    with pytest.raises(ValueError, match=re.escape("x @ w_q overflows float32 (x has shape (2, 4), largest |x| 1")):
        layer(np.ones((2, 4), np.float32))
