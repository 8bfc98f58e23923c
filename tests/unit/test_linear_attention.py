"""Linear attention (Katharopoulos et al. 2020, arXiv:2006.16236): parallel and recurrent forms against naive loops.

The reference computes phi(x) = elu(x) + 1 with ``math.exp``, every
similarity phi(q_i)·phi(k_j) with plain loops and each output as the
weighted average it is, so it shares nothing with the package's matrix or
state formulation. The retrieval experiment is recomputed from the same
seeded draws with loops and ``math.exp``.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
import reference as ref

from attention import (
    LinearState,
    elu_feature_map,
    linear_attention,
    linear_attention_recurrent,
    retrieval_experiment,
)


def phi(x):
    return [v + 1.0 if v > 0 else math.exp(v) for v in (float(u) for u in x)]


def linear_loops(q, k, v, causal):
    """o_i = sum_j s_ij v_j / sum_j s_ij over the keys query i may see, s_ij = phi(q_i)·phi(k_j)."""
    out = np.empty((q.shape[0], v.shape[1]))
    for i in range(q.shape[0]):
        seen = range(i + 1) if causal else range(k.shape[0])
        s = {j: ref.dot(phi(q[i]), phi(k[j])) for j in seen}
        total = math.fsum(s.values())
        for c in range(v.shape[1]):
            out[i, c] = math.fsum(s[j] * float(v[j, c]) for j in seen) / total
    return out


def test_the_feature_map():
    x = np.array([-3.0, -0.5, 0.0, 0.5, 2.0])
    np.testing.assert_allclose(elu_feature_map(x), phi(x), rtol=0, atol=1e-15)
    assert (elu_feature_map(np.array([-800.0, 800.0])) == [0.0, 801.0]).all()  # no overflow warning either side


@pytest.mark.parametrize("causal", [True, False])
@pytest.mark.parametrize(("n", "d", "d_v"), [(1, 2, 1), (6, 3, 2), (9, 4, 5)])
def test_parallel_form_equals_the_loops(causal, n, d, d_v):
    rng = np.random.default_rng(n * 10 + d)
    q, k, v = rng.normal(size=(n, d)), rng.normal(size=(n, d)), rng.normal(size=(n, d_v))
    np.testing.assert_allclose(
        linear_attention(q, k, v, causal=causal), linear_loops(q, k, v, causal), rtol=0, atol=1e-12
    )


def test_recurrent_form_equals_the_loops_and_carries_its_state():
    rng = np.random.default_rng(7)
    q, k = rng.normal(size=(2, 3, 8, 4))  # (heads, n, d)
    v = rng.normal(size=(3, 8, 2))
    expected = np.array([linear_loops(q[h], k[h], v[h], True) for h in range(3)])
    out, state = linear_attention_recurrent(q, k, v)
    np.testing.assert_allclose(out, expected, rtol=0, atol=1e-12)
    np.testing.assert_allclose(linear_attention(q, k, v), expected, rtol=0, atol=1e-12)
    # the state is the sums, d x d_v and d, whatever the length
    assert state.s.shape == (3, 4, 2) and state.z.shape == (3, 4)
    for h in range(3):
        for a in range(4):
            assert state.z[h, a] == pytest.approx(math.fsum(phi(k[h, j])[a] for j in range(8)), abs=1e-12)
            for c in range(2):
                s = math.fsum(phi(k[h, j])[a] * float(v[h, j, c]) for j in range(8))
                assert state.s[h, a, c] == pytest.approx(s, abs=1e-12)
    # five tokens, then three more from the state: the same as eight at once
    first, middle = linear_attention_recurrent(q[:, :5], k[:, :5], v[:, :5])
    rest, end = linear_attention_recurrent(q[:, 5:], k[:, 5:], v[:, 5:], middle)
    np.testing.assert_allclose(np.concatenate([first, rest], axis=1), expected, rtol=0, atol=1e-12)
    np.testing.assert_allclose(end.s, state.s, rtol=0, atol=1e-12)


def naive_retrieval(n_keys, d, query_scale, trials, seed):
    """The experiment with loops: the same draws, softmax with math.exp, the kernel with phi."""
    rng = np.random.default_rng(seed)
    soft, linear = [], []
    for n in n_keys:
        s_sum = l_sum = 0.0
        for _ in range(trials):
            keys = rng.normal(size=(n, d))
            query = [query_scale * float(x) for x in keys[0]]
            scores = [ref.dot(query, keys[j]) / math.sqrt(d) for j in range(n)]
            s_sum += ref.softmax_row(scores)[0]
            sims = [ref.dot(phi(query), phi(keys[j])) for j in range(n)]
            l_sum += sims[0] / math.fsum(sims)
        soft.append(s_sum / trials)
        linear.append(l_sum / trials)
    return soft, linear


def test_retrieval_experiment_against_an_independent_computation():
    result = retrieval_experiment([4, 32, 256], d=8, query_scale=3.0, trials=5, seed=11)
    soft, linear = naive_retrieval([4, 32, 256], 8, 3.0, 5, 11)
    np.testing.assert_allclose(result.softmax_weight, soft, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.linear_weight, linear, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(result.uniform, [1 / 4, 1 / 32, 1 / 256])
    # the kernel's weight on the match stays within twice even spreading; softmax's is dozens of times larger
    assert (result.linear_weight < 2 * result.uniform).all()
    assert result.softmax_weight[-1] > 25 * result.linear_weight[-1]


def test_the_default_experiment_is_deterministic():
    a, b = retrieval_experiment(), retrieval_experiment()
    np.testing.assert_array_equal(a.softmax_weight, b.softmax_weight)
    np.testing.assert_array_equal(a.n_keys, [4, 16, 64, 256, 1024])
    # what the lesson says of the defaults (d = 16, the query 4 times the key): softmax keeps most of the
    # weight on the match among 1,024 keys, the kernel gives it under twice the share of even spreading
    assert (a.softmax_weight > 0.5).all() and (a.linear_weight < 2 * a.uniform).all()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: linear_attention(np.ones((3, 2)), np.ones((3, 4)), np.ones((3, 1))),
            ValueError,
            "q and k must have the same d_k",
        ),
        (
            lambda: linear_attention(np.ones((3, 2)), np.ones((3, 2)), np.ones((4, 1))),
            ValueError,
            "k and v must have the same",
        ),
        (
            lambda: linear_attention(np.ones(3), np.ones((3, 2)), np.ones((3, 1))),
            ValueError,
            "q must have at least 2 dimensions",
        ),
        (
            lambda: linear_attention(np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 1)), causal=1),
            TypeError,
            "causal must be True or False",
        ),
        (
            lambda: linear_attention_recurrent(np.ones((2, 2)), np.ones((3, 2)), np.ones((3, 1))),
            ValueError,
            "q and k must have one query per key",
        ),
        (
            lambda: linear_attention_recurrent(np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 1)), (1, 2)),
            TypeError,
            "state must be a LinearState",
        ),
        (
            lambda: linear_attention_recurrent(
                np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 1)), LinearState(np.ones((3, 1)), np.ones(3))
            ),
            ValueError,
            "state must have s (2, 1) and z (2,)",
        ),
        (lambda: retrieval_experiment([0, 4]), ValueError, "n_keys must be a non-empty 1-D list of integers >= 1"),
        (lambda: retrieval_experiment(query_scale=0.0), ValueError, "query_scale must be a finite number > 0"),
        (lambda: retrieval_experiment(trials=0), ValueError, "trials must be at least 1, got 0"),
        (lambda: elu_feature_map(["a"]), TypeError, "x must be a numeric array"),
    ],
)
def test_errors_name_the_argument(call, error, message):
    with pytest.raises(error, match=re.escape(message)):
        call()
