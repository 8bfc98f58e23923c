"""The visualizer data contract (attention.lab.contract): the readouts against hand-worked numbers, and the checker."""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest

from attention.lab.contract import LONG_RANGE, check_view, entropy_bits, head_view, score_scale, view


def test_entropy_by_hand() -> None:
    assert entropy_bits([[1.0, 0.0], [0.5, 0.5]]).tolist() == [0.0, 1.0]
    # -(0.75 log2 0.75 + 0.25 log2 0.25) = 0.811278...
    assert entropy_bits([0.75, 0.25]) == pytest.approx(0.8112781244591328)
    with pytest.raises(ValueError, match="weights must not be negative"):
        entropy_bits([1.5, -0.5])


def test_score_scale() -> None:
    assert score_scale(8) == pytest.approx(1 / math.sqrt(8))
    assert score_scale(8, scaling=False) == 1.0
    assert score_scale(4, temperature=0.5) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="d_k must be a positive integer, got 0"):
        score_scale(0)


def test_a_head_by_hand() -> None:
    """Three tokens, d_k = 1, scale off: scores are products of numbers, weights worked out with math.exp."""
    q = [[1.0], [0.0], [2.0]]
    k = [[1.0], [0.0], [-1.0]]
    v = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
    head = head_view("toy", q, k, v, scaling=False, mask="causal", qk_names=["x"], v_names=["a", "b"])
    assert head["scores"] == [[1.0, 0.0, -1.0], [0.0, 0.0, 0.0], [2.0, 0.0, -2.0]]
    e = math.exp
    row2 = [e(2) / (e(2) + 1 + e(-2)), 1 / (e(2) + 1 + e(-2)), e(-2) / (e(2) + 1 + e(-2))]
    assert head["weights"][0] == [1.0, 0.0, 0.0]
    assert head["weights"][1] == [0.5, 0.5, 0.0]
    assert head["weights"][2] == pytest.approx(row2, abs=1e-6)
    assert head["output"][1] == [0.5, 0.5]
    assert head["output"][2] == pytest.approx([row2[0] + row2[2], row2[1] + row2[2]], abs=1e-4)
    rows = head["row_stats"]
    assert rows["entropy"][:2] == [0.0, 1.0]
    assert rows["uniform_entropy"] == pytest.approx([0.0, 1.0, math.log2(3)], abs=1e-4)
    # Visible keys below 0.05: row 0 none of 1; row 1 none of 2; row 2 one of 3 (e^-2 / ... = 0.0159).
    assert rows["below_threshold"] == pytest.approx([0.0, 0.0, 1 / 3], abs=1e-4)
    # Mean distance |q - k| weighted: row 1 = 0.5 * 1; row 2 = 2 * w0 + 1 * w1.
    assert rows["distance"] == pytest.approx([0.0, 0.5, 2 * row2[0] + row2[1]], abs=1e-4)
    stats = head["stats"]
    assert stats["adjacent"] == pytest.approx((0.0 + 0.5 + row2[1]) / 3, abs=1e-4)
    assert LONG_RANGE == 3 and stats["long_range"] == 0.0  # no pair is 3 apart among 3 tokens
    assert stats["entropy"] == pytest.approx(sum(rows["entropy"]) / 3, abs=1e-4)


def test_head_view_refuses_mismatched_shapes_and_names() -> None:
    with pytest.raises(ValueError, match=r"q has shape \(2, 2\), k has shape \(3, 2\)"):
        head_view("h", np.ones((2, 2)), np.ones((3, 2)), np.ones((2, 2)))
    with pytest.raises(ValueError, match="qk_names must name each of the 2 components, got 1 names"):
        head_view("h", np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 2)), qk_names=["x"])
    with pytest.raises(TypeError, match="label must be a non-empty string"):
        head_view("", np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 2)))
    with pytest.raises(ValueError, match="threshold must be a number between 0 and 1"):
        head_view("h", np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 2)), threshold=1.5)


def _toy_view(mask: str = "none") -> dict:
    rng = np.random.default_rng(0)
    q, k, v = rng.normal(size=(3, 4, 2))
    layers = [[head_view("a", q, k, v, mask=mask), head_view("b", k, q, v, mask=mask)] for _ in range(2)]
    return view(["x", "y", "z", "w"], "x y z w", layers, mask=mask)


def test_a_valid_view_passes_and_keeps_layers_general() -> None:
    data = _toy_view("causal")
    check_view(data)
    assert [len(layer["heads"]) for layer in data["layers"]] == [2, 2]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.pop("mask"), "view has no 'mask'"),
        (lambda d: d.__setitem__("mask", "sideways"), "mask must be one of"),
        (lambda d: d.__setitem__("tokens", []), "tokens must be a non-empty list of strings"),
        (lambda d: d.__setitem__("token_notes", ["x"]), "token_notes must be a list of 4 strings"),
        (lambda d: d["layers"][0]["heads"][1]["weights"].pop(), r"layers\[0\].heads\[1\].weights must have shape \(4, 4\)"),
        (lambda d: d["layers"][1]["heads"][0]["weights"][2].__setitem__(0, 0.9), r"layers\[1\].heads\[0\].weights row 2 sums to"),
        (lambda d: d["layers"][0]["heads"][0]["weights"][0].__setitem__(3, 1e-9), "gives weight to a future token"),
        (lambda d: d["layers"][0]["heads"][0].__setitem__("d_k", 3), r"d_k must equal the width of q, 2"),
        (lambda d: d["layers"][0]["heads"][0]["q"][1].append(0.0), r"heads\[0\].q must be a list of equally long lists"),
        (lambda d: d["layers"][0]["heads"][0]["scores"][0].__setitem__(0, float("nan")), "finite numbers only"),
        (lambda d: d["layers"][0].__setitem__("heads", []), r"layers\[0\] must be a dict with a non-empty list 'heads'"),
    ],
)
def test_the_checker_names_what_is_wrong(damage, message) -> None:
    data = copy.deepcopy(_toy_view("causal"))
    damage(data)
    with pytest.raises(ValueError, match=message):
        check_view(data)
