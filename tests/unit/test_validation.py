"""Cross-cutting tables: result dtypes of every public function, and the bad inputs every array argument refuses."""

import math
import re

import numpy as np
import pytest

from attention import (
    MultiHeadAttention,
    attention_scores,
    attention_steps,
    merge_heads,
    scaled_dot_product_attention,
    self_attention,
    softmax,
    split_heads,
)


def _self_mha(x):
    return MultiHeadAttention(4, 2)(x)


def _cross_mha(x, context):
    return MultiHeadAttention(4, 2)(x, context=context)


def _from_weights(w_q, w_k, w_v, w_o, b_q, b_k, b_v, b_o):
    return MultiHeadAttention.from_weights(w_q, w_k, w_v, w_o, 2, b_q=b_q, b_k=b_k, b_v=b_v, b_o=b_o)


def _as_list(result):
    return list(result) if isinstance(result, tuple) else [result]


# name -> (function, {argument: valid shape}), arguments in call order.
FUNCTIONS = {
    "softmax": (softmax, {"x": (2, 3)}),
    "attention_scores": (attention_scores, {"q": (2, 4), "k": (3, 4)}),
    "attention_steps": (attention_steps, {"q": (2, 4), "k": (3, 4), "v": (3, 5)}),
    "scaled_dot_product_attention": (scaled_dot_product_attention, {"q": (2, 4), "k": (3, 4), "v": (3, 5)}),
    "self_attention": (self_attention, {"x": (3, 4), "w_q": (4, 2), "w_k": (4, 2), "w_v": (4, 5)}),
    "split_heads": (lambda x: split_heads(x, 2), {"x": (3, 4)}),
    "merge_heads": (merge_heads, {"x": (2, 3, 2)}),
    "MultiHeadAttention": (_self_mha, {"x": (3, 4)}),
    "MultiHeadAttention-cross": (_cross_mha, {"x": (3, 4), "context": (5, 4)}),
    "MultiHeadAttention.from_weights": (
        _from_weights,
        {name: (4, 4) for name in ("w_q", "w_k", "w_v", "w_o")} | {name: (4,) for name in ("b_q", "b_k", "b_v", "b_o")},
    ),
}
FORWARD = [name for name in FUNCTIONS if name != "MultiHeadAttention.from_weights"]


def _valid_arguments(shapes, dtypes):
    rng = np.random.default_rng(0)
    return {
        name: rng.integers(-2, 3, size=shape).astype(dtype)
        for (name, shape), dtype in zip(shapes.items(), dtypes, strict=True)
    }


DTYPE_CASES = {
    "float32": (lambda n: [np.float32] * n, np.float32),
    "float64": (lambda n: [np.float64] * n, np.float64),
    "int64": (lambda n: [np.int64] * n, np.float64),
    "int32": (lambda n: [np.int32] * n, np.float64),
    "mixed-float32-first": (lambda n: [np.float32] + [np.float64] * (n - 1), np.float64),
    "mixed-float64-first": (lambda n: [np.float64] + [np.float32] * (n - 1), np.float64),
}


# A single input cannot be mixed.
DTYPE_PARAMS = [
    (name, case) for name in FORWARD for case in DTYPE_CASES if len(FUNCTIONS[name][1]) > 1 or "mixed" not in case
]


@pytest.mark.parametrize(("name", "case"), DTYPE_PARAMS)
def test_result_dtype(name, case):
    """float32 in -> float32 out, float64 -> float64, integers -> float64, float32 mixed with float64 -> float64.

    Checked on every returned array (all four fields of attention_steps, output and weights elsewhere).
    """
    function, shapes = FUNCTIONS[name]
    make_dtypes, expected = DTYPE_CASES[case]
    results = _as_list(function(**_valid_arguments(shapes, make_dtypes(len(shapes)))))
    assert [r.dtype for r in results] == [np.dtype(expected)] * len(results)


@pytest.mark.parametrize("name", FORWARD)
def test_float32_agrees_with_float64(name):
    """Computing in float32 gives the float64 results to float32 precision."""
    function, shapes = FUNCTIONS[name]
    low = _as_list(function(**_valid_arguments(shapes, [np.float32] * len(shapes))))
    high = _as_list(function(**_valid_arguments(shapes, [np.float64] * len(shapes))))
    for a, b in zip(low, high, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mask", [np.zeros((2, 3)), np.ones((2, 3), dtype=bool)], ids=["additive-float64", "boolean"])
def test_float64_mask_keeps_float32(mask):
    """The mask's dtype does not change the result dtype: float32 q, k, v stay float32."""
    q, k, v = (np.ones(shape, dtype=np.float32) for shape in ((2, 4), (3, 4), (3, 5)))
    for result in (*scaled_dot_product_attention(q, k, v, mask=mask), *attention_steps(q, k, v, mask=mask)):
        assert result.dtype == np.float32


def test_from_weights_stores_float64():
    """Loaded weights are stored as float64 copies; the forward pass follows x's dtype instead."""
    eye = np.eye(4, dtype=np.float32)
    layer = MultiHeadAttention.from_weights(eye, eye, eye, eye, 2)
    assert all(getattr(layer, name).dtype == np.float64 for name in ("w_q", "w_k", "w_v", "w_o"))
    assert all(r.dtype == np.float32 for r in layer(np.ones((3, 4), dtype=np.float32)))


# --- bad inputs, for every array argument of every function ------------------------

ARGUMENTS = [(name, argument) for name, (_, shapes) in FUNCTIONS.items() for argument in shapes]


def _shape(shape):
    return re.escape(str(tuple(shape)))


def _with(array, value):
    array = array.astype(np.float64)
    array.flat[-1] = value
    return array


BAD_VALUES = {
    "nan": (lambda a: _with(a, np.nan), ValueError, lambda arg, s: rf"{arg} contains NaN \(shape {s}\)"),
    "pos-inf": (lambda a: _with(a, np.inf), ValueError, lambda arg, s: rf"{arg} contains \+?inf \(shape {s}\)"),
    "neg-inf": (
        lambda a: _with(a, -np.inf),
        ValueError,
        lambda arg, s: rf"{arg} contains inf \(shape {s}\); all values must be finite",
    ),
    "bool": (
        lambda a: a > 0,
        TypeError,
        lambda arg, s: rf"{arg} must be a float array, got bool dtype with shape {s}",
    ),
    "complex": (
        lambda a: a.astype(np.complex128),
        TypeError,
        lambda arg, s: rf"{arg} must be real, got complex dtype complex128 with shape {s}",
    ),
    "string": (
        lambda a: np.full(a.shape, "a"),
        TypeError,
        lambda arg, s: rf"{arg} must be a numeric array, got dtype <U1 with shape {s}",
    ),
    "object": (
        lambda a: a.astype(object),
        TypeError,
        lambda arg, s: rf"{arg} must be a numeric array, got dtype object with shape {s}",
    ),
    "ragged-list": (
        lambda a: [[1.0, 2.0], [3.0]],
        TypeError,
        lambda arg, s: rf"{arg} must be a numeric array, got list",
    ),
}


# softmax reads -inf as weight 0 (tested in test_softmax); everything else refuses it.
BAD_PARAMS = [
    (name, argument, bad) for name, argument in ARGUMENTS for bad in BAD_VALUES if (name, bad) != ("softmax", "neg-inf")
]


@pytest.mark.parametrize(("name", "argument", "bad"), BAD_PARAMS)
def test_bad_values(name, argument, bad):
    """NaN, infinities, bool, complex, strings, objects and ragged lists are refused, naming the argument and shape."""
    function, shapes = FUNCTIONS[name]
    make_bad, error, message = BAD_VALUES[bad]
    arguments = _valid_arguments(shapes, [np.float64] * len(shapes))
    arguments[argument] = make_bad(arguments[argument])
    with pytest.raises(error, match="^" + message(re.escape(argument), _shape(shapes[argument]))):
        function(**arguments)


EMPTY = [
    (name, argument, axis)
    for name, argument in ARGUMENTS
    for axis in range(len(FUNCTIONS[name][1][argument]))
]


@pytest.mark.parametrize(("name", "argument", "axis"), EMPTY)
def test_empty_axes(name, argument, axis):
    """A zero-length axis (n_q = 0, n_k = 0, d_k = 0, ...) raises ValueError naming the argument and its shape."""
    function, shapes = FUNCTIONS[name]
    arguments = _valid_arguments(shapes, [np.float64] * len(shapes))
    shape = list(shapes[argument])
    shape[axis] = 0
    arguments[argument] = np.ones(shape)
    with pytest.raises(ValueError, match=rf"^{re.escape(argument)} must not be empty, got shape {_shape(shape)}"):
        function(**arguments)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("layout", ["contiguous", "strided"])
def test_all_finite_finds_every_bad_value_and_nothing_else(dtype, layout):
    """The quick path (x · x) misses no NaN or infinity, and refuses no huge finite value whose square overflows."""
    from attention._validate import all_finite

    rng = np.random.default_rng(0)
    base = rng.standard_normal((6, 40)).astype(dtype)

    def view(a):
        return a if layout == "contiguous" else a[:, ::2]

    assert all_finite(view(base))
    huge = view(np.full((6, 40), np.finfo(dtype).max / 2, dtype))  # finite, but its squares overflow
    assert all_finite(huge) and all_finite(-huge)
    assert all_finite(view(np.empty((0, 40), dtype)))
    for bad in (np.nan, np.inf, -np.inf):
        for place in [(0, 0), (3, 18), (5, 38)]:  # even columns: in the strided view too
            a = base.copy()
            a[place] = bad
            assert not all_finite(view(a)), (bad, place)
    with_both = base.copy()
    with_both[1, 2], with_both[4, 6] = np.inf, -np.inf  # inf - inf would be NaN in a sum, still caught
    assert not all_finite(view(with_both))


@pytest.mark.parametrize("layout", ["contiguous", "strided"])
def test_sum_of_squares_against_hand_worked_values(layout):
    """x · x read once (a dot product, or einsum for a strided view): hand-worked sums, NaN and overflow come out."""
    from attention._validate import sum_of_squares

    def view(a):
        return a if layout == "contiguous" else np.stack([a, np.full_like(a, 99.0)], axis=-1)[..., 0]

    assert sum_of_squares(view(np.array([[1.0, -2.0], [3.0, 0.5]]))) == 1 + 4 + 9 + 0.25
    assert sum_of_squares(view(np.array([[3.0, 4.0]], np.float32))) == 25.0
    assert sum_of_squares(view(np.empty((0, 3)))) == 0.0
    assert math.isnan(sum_of_squares(view(np.array([[1.0, np.nan]]))))
    assert sum_of_squares(view(np.array([[1.0, -np.inf]]))) == math.inf
    assert sum_of_squares(view(np.array([[2e19, 0.0]], np.float32))) == math.inf  # 4e38: beyond float32
    assert sum_of_squares(view(np.array([[2e19, 0.0]]))) == pytest.approx(4e38)


def test_sum_of_squares_of_a_strided_array_with_many_axes():
    """More axes than einsum has letters for: still the sum (of a flat copy)."""
    from attention._validate import all_finite, sum_of_squares

    many = np.full((1,) * 28 + (6,), 2.0)[..., ::2]
    assert not many.flags.c_contiguous
    assert sum_of_squares(many) == 12.0
    assert all_finite(many)


# --- dtypes wider than float64, and sizes beyond the machine ---------------------------------------


@pytest.mark.parametrize("name", FORWARD)
def test_longdouble_is_computed_in_float64(name):
    """np.longdouble (float128 on most machines) in, float64 out, as for every dtype but float32 (and float16)."""
    function, shapes = FUNCTIONS[name]
    results = _as_list(function(**_valid_arguments(shapes, [np.longdouble] * len(shapes))))
    assert [r.dtype for r in results] == [np.dtype(np.float64)] * len(results)
    expected = _as_list(function(**_valid_arguments(shapes, [np.float64] * len(shapes))))
    for got, want in zip(results, expected, strict=True):
        np.testing.assert_array_equal(got, want)


@pytest.mark.skipif(np.finfo(np.longdouble).max <= np.finfo(np.float64).max, reason="longdouble is float64 here")
@pytest.mark.parametrize(("name", "argument"), [a for a in ARGUMENTS if a[0] in FORWARD])
def test_longdouble_beyond_float64_is_refused_by_name(name, argument):
    """A finite np.longdouble beyond float64's range would be inf once converted: refused, naming the argument."""
    function, shapes = FUNCTIONS[name]
    arguments = _valid_arguments(shapes, [np.float64] * len(shapes))
    arguments[argument] = _with(arguments[argument], 0.0).astype(np.longdouble)
    arguments[argument].flat[-1] = np.longdouble("1e400")
    message = rf"^{re.escape(argument)} holds values beyond the range of float64, in which it is computed"
    with pytest.raises(ValueError, match=message):
        function(**arguments)


def test_memory_beyond_the_machine_is_refused_up_front(monkeypatch):
    """MultiHeadAttention(d_model=10**5) and causal_mask(10**6) say what they would need, before trying."""
    from attention import _validate, causal_mask

    monkeypatch.setattr(_validate, "_memory_bytes", lambda: 16 * 2**30)  # a 16 GiB machine, whatever this one is
    message = "this machine has 17,179,869,184 bytes of memory"
    with pytest.raises(MemoryError, match=re.escape("d_model=100000: four float64 weight matrices d_model × d_model: "
                                                    "640,000,000,000 bytes (596.0 GiB) needed; " + message)):  # fmt: skip
        MultiHeadAttention(d_model=10**5, n_heads=10)
    with pytest.raises(MemoryError, match=re.escape("causal_mask(n=1000000): an n × n boolean mask: "
                                                    "1,000,000,000,000 bytes (931.3 GiB) needed; " + message)):  # fmt: skip
        causal_mask(10**6)
    # Where the system does not say, the limit is what numpy can index at all.
    monkeypatch.setattr(_validate, "_memory_bytes", lambda: None)
    with pytest.raises(MemoryError, match=r"^causal_mask\(n=4000000000\): .* needed; more than numpy can index"):
        causal_mask(4 * 10**9)
    assert causal_mask(3).shape == (3, 3) and MultiHeadAttention(8, 2).d_k == 4
