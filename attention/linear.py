r"""Linear attention: a kernel in place of the softmax, and attention becomes an RNN with a d × d_v state.

Katharopoulos et al. (2020, "Transformers are RNNs", arXiv:2006.16236)
replace the similarity :math:`\exp(q \cdot k / \sqrt d)` of softmax attention
by a dot product of features, :math:`\phi(q) \cdot \phi(k)`, with
:math:`\phi(x) = \operatorname{elu}(x) + 1` (positive, so that the weights
are):

.. math::

    o_i = \frac{\sum_{j \le i} \bigl(\phi(q_i) \cdot \phi(k_j)\bigr)\, v_j}{\sum_{j \le i} \phi(q_i) \cdot \phi(k_j)}
        = \frac{\phi(q_i)^\top S_i}{\phi(q_i)^\top z_i}, \qquad
    S_i = \sum_{j \le i} \phi(k_j)\, v_j^\top, \quad z_i = \sum_{j \le i} \phi(k_j).

The first form is the *parallel* one (:func:`linear_attention`): the
similarities of all pairs under the causal mask, as softmax attention
computes them, O(n²·d). The second is the *recurrent* one
(:func:`linear_attention_recurrent`): the sums are running sums, a state
:math:`S_i` of d × d_v numbers and a normaliser :math:`z_i` of d, updated once
per token, :math:`S_i = S_{i-1} + \phi(k_i) v_i^\top`: O(n·d·d_v) time, and
constant memory however long the text, with no KV cache. The price: the
weights :math:`\phi(q_i) \cdot \phi(k_j)` are a dot product of positive
features, with no exponential to make one key stand out;
:func:`retrieval_experiment` measures what that costs a lookup.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_flag, check_int, shape_str
from .masks import sees_causally
from .softmax import softmax

__all__ = [
    "LinearState",
    "Retrieval",
    "elu_feature_map",
    "linear_attention",
    "linear_attention_recurrent",
    "retrieval_experiment",
]


def elu_feature_map(x: ArrayLike) -> NDArray[np.floating]:
    r""":math:`\phi(x) = \operatorname{elu}(x) + 1`: x + 1 for x > 0, :math:`e^x` otherwise; always positive.

    Example:
        >>> elu_feature_map([-1.0, 0.0, 2.0]).round(4)
        array([0.3679, 1.    , 3.    ])
    """
    x = as_float_array("x", x)
    # np.minimum keeps exp from overflowing where it is not used
    return np.where(x > 0, x + 1, np.exp(np.minimum(x, 0)))


def _check_qkv(q: ArrayLike, k: ArrayLike, v: ArrayLike) -> tuple[NDArray, NDArray, NDArray]:
    q = as_float_array("q", q, min_ndim=2)
    k = as_float_array("k", k, min_ndim=2)
    v = as_float_array("v", v, min_ndim=2)
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(
            f"q and k must have the same d_k (last axis): q has shape {shape_str(q.shape)}, k has shape {shape_str(k.shape)}"
        )
    if k.shape[-2] != v.shape[-2]:
        raise ValueError(
            f"k and v must have the same number of positions n_k: k has shape {shape_str(k.shape)}, "
            f"v has shape {shape_str(v.shape)}"
        )
    try:
        np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2])
    except ValueError:
        raise ValueError(
            f"the leading axes of q, k and v do not broadcast: q {shape_str(q.shape)}, k {shape_str(k.shape)}, "
            f"v {shape_str(v.shape)}"
        ) from None
    return q.astype(np.float64), k.astype(np.float64), v.astype(np.float64)


def linear_attention(q: ArrayLike, k: ArrayLike, v: ArrayLike, *, causal: bool = True) -> NDArray[np.float64]:
    r"""Linear attention, parallel form: ``(..., n_q, d_k)``, ``(..., n_k, d_k)``, ``(..., n_k, d_v)`` -> ``(..., n_q, d_v)``.

    .. math::

        O = \frac{\bigl(\phi(Q)\phi(K)^\top \odot M\bigr) V}{\bigl(\phi(Q)\phi(K)^\top \odot M\bigr) \mathbf 1}

    with M the causal mask (query i sees keys ``0 .. i``, top-left aligned)
    when ``causal``, all ones otherwise. Without a mask the product can be
    taken as :math:`\phi(Q)\,(\phi(K)^\top V)`: O(n·d·d_v) instead of O(n²·d);
    it is, here, and :func:`linear_attention_recurrent` does the same for the
    causal case. Computed in float64.

    Example:
        >>> q = k = [[0.0], [0.0]]                      # phi = 1 everywhere: plain averages
        >>> linear_attention(q, k, [[1.0], [3.0]])
        array([[1.],
               [2.]])
    """
    q, k, v = _check_qkv(q, k, v)
    causal = check_flag("causal", causal)
    phi_q, phi_k = elu_feature_map(q), elu_feature_map(k)
    if not causal:
        # [..., n_q, d] @ ([..., d, n_k] @ [..., n_k, d_v]): the keys summed once, for every query
        numerator = phi_q @ (np.swapaxes(phi_k, -1, -2) @ v)
        denominator = phi_q @ phi_k.sum(axis=-2)[..., None]
        return numerator / denominator
    similarity = (phi_q @ np.swapaxes(phi_k, -1, -2)) * sees_causally(q.shape[-2], k.shape[-2])
    return (similarity @ v) / similarity.sum(axis=-1, keepdims=True)


class LinearState(NamedTuple):
    """What the recurrent form carries from token to token: all it remembers of the past."""

    s: NDArray[np.float64]
    """``(..., d_k, d_v)``: :math:`S = \\sum_j \\phi(k_j) v_j^\\top`."""
    z: NDArray[np.float64]
    """``(..., d_k)``: :math:`z = \\sum_j \\phi(k_j)`, the normaliser."""


def linear_attention_recurrent(
    q: ArrayLike, k: ArrayLike, v: ArrayLike, state: LinearState | None = None
) -> tuple[NDArray[np.float64], LinearState]:
    r"""Causal linear attention as an RNN: one token at a time, a state of d_k × d_v numbers.

    .. math::

        S_i = S_{i-1} + \phi(k_i)\, v_i^\top, \quad z_i = z_{i-1} + \phi(k_i), \quad
        o_i = \frac{\phi(q_i)^\top S_i}{\phi(q_i)^\top z_i}

    ``q``, ``k``, ``v``: ``(..., n, d_k)``, ``(..., n, d_k)``, ``(..., n, d_v)``,
    query i with key and value i. ``state``: from an earlier call, to go on
    after the tokens it has read (default: nothing read). Returns the outputs
    ``(..., n, d_v)``, the same as :func:`linear_attention` with ``causal=True``
    over all the tokens, and the state after the last token.

    Example:
        >>> q = k = [[0.0], [0.0]]
        >>> out, state = linear_attention_recurrent(q, k, [[1.0], [3.0]])
        >>> out[:, 0], state.s, state.z               # S = 1·1 + 1·3, z = 1 + 1
        (array([1., 2.]), array([[4.]]), array([2.]))
    """
    q, k, v = _check_qkv(q, k, v)
    if q.shape[-2] != k.shape[-2]:
        raise ValueError(f"q and k must have one query per key, got q {shape_str(q.shape)}, k {shape_str(k.shape)}")
    batch = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2])
    d_k, d_v = k.shape[-1], v.shape[-1]
    if state is None:
        s, z = np.zeros((*batch, d_k, d_v)), np.zeros((*batch, d_k))
    else:
        if not isinstance(state, LinearState):
            raise TypeError(f"state must be a LinearState from an earlier call, got {type(state).__name__}")
        s, z = np.array(state.s, dtype=np.float64), np.array(state.z, dtype=np.float64)
        if s.shape != (*batch, d_k, d_v) or z.shape != (*batch, d_k):
            raise ValueError(
                f"state must have s {shape_str((*batch, d_k, d_v))} and z {shape_str((*batch, d_k))} for these inputs, "
                f"got s {shape_str(s.shape)}, z {shape_str(z.shape)}"
            )
    phi_q, phi_k = elu_feature_map(q), elu_feature_map(k)
    outputs = np.empty((*batch, q.shape[-2], d_v))
    for i in range(q.shape[-2]):
        # [..., d_k, 1] * [..., 1, d_v]: the outer product phi(k_i) v_i^T
        s = s + phi_k[..., i, :, None] * v[..., i, None, :]
        z = z + phi_k[..., i, :]
        numerator = np.einsum("...d,...de->...e", phi_q[..., i, :], s)
        outputs[..., i, :] = numerator / np.einsum("...d,...d->...", phi_q[..., i, :], z)[..., None]
    return outputs, LinearState(s, z)


class Retrieval(NamedTuple):
    """The weight a query puts on the one key that matches it, among ``n`` keys, for each ``n``."""

    n_keys: NDArray[np.int64]
    softmax_weight: NDArray[np.float64]
    """Mean over trials of :math:`\\operatorname{softmax}(q K^\\top / \\sqrt d)_\\text{match}`."""
    linear_weight: NDArray[np.float64]
    """Mean over trials of :math:`\\phi(q)\\cdot\\phi(k_\\text{match}) / \\sum_j \\phi(q)\\cdot\\phi(k_j)`."""

    @property
    def uniform(self) -> NDArray[np.float64]:
        """``1 / n``: the weight of spreading evenly, knowing nothing."""
        return 1.0 / self.n_keys


def retrieval_experiment(
    n_keys: ArrayLike = (4, 16, 64, 256, 1024),
    *,
    d: int = 16,
    query_scale: float = 4.0,
    trials: int = 20,
    seed: int = 0,
) -> Retrieval:
    r"""Look one key up among many: how much weight softmax and linear attention put on the match.

    For each n and each trial: n keys drawn from a standard normal in d
    dimensions, and a query equal to the first key times ``query_scale``.
    Softmax attention's weight on that key is
    :math:`e^{q \cdot k_0 / \sqrt d} / \sum_j e^{q \cdot k_j / \sqrt d}`; its
    score :math:`q \cdot k_0 \approx` ``query_scale`` · d stands out from the
    others' (about :math:`\pm` ``query_scale`` · √d), and the exponential makes
    that gap a ratio of weights, so the weight stays high as n grows. Linear
    attention's is :math:`\phi(q)\cdot\phi(k_0) / \sum_j \phi(q)\cdot\phi(k_j)`:
    positive features give every key a share of the same order, and the
    match's weight falls like 1/n. Draws come from
    ``numpy.random.default_rng(seed)``, in the order of ``n_keys``, trials
    inside: the same arguments give the same numbers.

    Example:
        >>> r = retrieval_experiment([8, 512], trials=4)
        >>> bool(r.softmax_weight[1] > 0.5 > r.linear_weight[1])
        True
    """
    sizes = np.asarray(n_keys)
    if sizes.ndim != 1 or sizes.size == 0 or sizes.dtype.kind not in "iu" or (sizes < 1).any():
        raise ValueError(f"n_keys must be a non-empty 1-D list of integers >= 1, got {np.asarray(n_keys).tolist()!r}")
    d = check_int("d", d, minimum=1)
    trials = check_int("trials", trials, minimum=1)
    seed = check_int("seed", seed, minimum=0)
    if isinstance(query_scale, (bool, np.bool_)) or not isinstance(query_scale, (int, float, np.integer, np.floating)):
        raise TypeError(f"query_scale must be a number > 0, got {type(query_scale).__name__}")
    if not 0.0 < float(query_scale) < np.inf:
        raise ValueError(f"query_scale must be a finite number > 0, got {query_scale!r}")
    rng = np.random.default_rng(seed)
    soft, linear = np.zeros(sizes.size), np.zeros(sizes.size)
    for index, n in enumerate(sizes.tolist()):
        for _ in range(trials):
            keys = rng.normal(size=(n, d))
            query = float(query_scale) * keys[0]
            soft[index] += softmax(keys @ query / np.sqrt(d))[0]
            similarity = elu_feature_map(keys) @ elu_feature_map(query)
            linear[index] += similarity[0] / similarity.sum()
    return Retrieval(sizes.astype(np.int64), soft / trials, linear / trials)
