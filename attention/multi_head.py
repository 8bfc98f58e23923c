"""Multi-head attention: several attention heads side by side, then one output projection."""

from __future__ import annotations

import numbers

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import (
    PreparedMask,
    ScoresOverflowError,
    as_float_array,
    check_inputs,
    check_int,
    check_memory,
    check_product,
    float_dtype,
    prepare_mask,
    shape_str,
)
from .heads import check_n_heads, merge_heads, split_heads
from .results import AttentionOutput, AttentionTrace
from .scaled_dot_product import attend
from .self_attention import check_projection

__all__ = ["MultiHeadAttention"]

_PROJECTIONS = ("q", "k", "v", "o")


def _check_bias(name: str, b: ArrayLike | None, d_model: int) -> NDArray | None:
    if b is None:
        return None
    b = as_float_array(name, b, ndim=1)
    if b.shape != (d_model,):
        raise ValueError(f"{name} must have shape (d_model,) = ({d_model},), got {shape_str(b.shape)}")
    return b


class MultiHeadAttention:
    r"""Multi-head attention with learned projections :math:`W_Q, W_K, W_V, W_O`.

    .. math::

        \operatorname{head}_i = \operatorname{Attention}(XW_Q^{(i)}, XW_K^{(i)}, XW_V^{(i)}),
        \qquad
        \operatorname{MultiHead}(X) = \operatorname{Concat}(\operatorname{head}_1, \dots, \operatorname{head}_h)\, W_O

    :math:`W_Q, W_K, W_V, W_O` are each ``(d_model, d_model)``; head i uses
    columns ``i*d_k .. (i+1)*d_k - 1`` of :math:`W_Q, W_K, W_V`
    (:math:`W_Q^{(i)}` above), with ``d_k = d_model / n_heads``. So h heads
    of width d_k cost exactly as many parameters as one head of width d_model.

    Args:
        d_model: model width, the last axis of the input.
        n_heads: number of heads h; must divide ``d_model``.
        seed: a non-negative int seed or a ``numpy.random.Generator`` for the initial
            weights, drawn from :math:`\mathcal N(0, 1/d_\text{model})` so that
            projections keep the scale of their input. The default seed 0
            makes every run identical.
        bias: whether the four projections add a bias (initialised to 0).

    Raises ``MemoryError`` before drawing the weights, saying how many bytes
    they need, for a ``d_model`` whose four matrices the machine cannot hold.

    Use :meth:`from_weights` to load given weight arrays instead. The weights
    are public attributes ``w_q, w_k, w_v, w_o`` (float64, ``(d_model,
    d_model)``) and ``b_q, b_k, b_v, b_o`` (``(d_model,)`` or None).

    Example:
        >>> mha = MultiHeadAttention(d_model=8, n_heads=2, seed=0)
        >>> output, weights = mha(np.ones((5, 8)))
        >>> output.shape, weights.shape
        ((5, 8), (2, 5, 5))
        >>> mha.n_params
        256
    """

    w_q: NDArray[np.float64]
    w_k: NDArray[np.float64]
    w_v: NDArray[np.float64]
    w_o: NDArray[np.float64]
    b_q: NDArray[np.float64] | None
    b_k: NDArray[np.float64] | None
    b_v: NDArray[np.float64] | None
    b_o: NDArray[np.float64] | None
    d_model: int
    n_heads: int
    d_k: int

    def __init__(
        self,
        d_model: int,
        n_heads: int,
        *,
        seed: int | np.random.Generator = 0,
        bias: bool = False,
    ) -> None:
        d_model = check_int("d_model", d_model, minimum=1)
        n_heads = check_n_heads(n_heads, d_model)
        if not isinstance(bias, (bool, np.bool_)):
            raise TypeError(f"bias must be True or False, got {type(bias).__name__}")
        if isinstance(seed, np.random.Generator):
            rng = seed
        elif isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)):
            rng = np.random.default_rng(check_int("seed", seed, minimum=0))  # numpy takes no negative seed
        else:
            raise TypeError(f"seed must be an int or a numpy.random.Generator, got {type(seed).__name__}")
        # Four float64 matrices of d_model², plus the copy each is stored as: refused before trying if too large.
        check_memory(8 * 8 * d_model * d_model, f"d_model={d_model}: four float64 weight matrices d_model × d_model")
        std = 1.0 / np.sqrt(d_model)
        weights: dict[str, ArrayLike] = {p: rng.normal(0.0, std, size=(d_model, d_model)) for p in _PROJECTIONS}
        biases: dict[str, ArrayLike | None] = {p: np.zeros(d_model) if bias else None for p in _PROJECTIONS}
        self._set(n_heads, weights, biases)

    @classmethod
    def from_weights(
        cls,
        w_q: ArrayLike,
        w_k: ArrayLike,
        w_v: ArrayLike,
        w_o: ArrayLike,
        n_heads: int,
        *,
        b_q: ArrayLike | None = None,
        b_k: ArrayLike | None = None,
        b_v: ArrayLike | None = None,
        b_o: ArrayLike | None = None,
    ) -> MultiHeadAttention:
        """Build from explicit weights, e.g. those of a published model.

        Each matrix is ``(d_model, d_model)`` and is applied as ``x @ w``
        (input features along rows). Frameworks that store linear layers as
        ``(out, in)``, such as PyTorch, need a transpose first. Biases are
        optional ``(d_model,)`` vectors; give all four or none. Arrays are copied.

        Example:
            >>> eye = np.eye(4)
            >>> mha = MultiHeadAttention.from_weights(eye, eye, eye, eye, n_heads=2)
            >>> mha.d_k
            2
        """
        self = cls.__new__(cls)
        biases = {"q": b_q, "k": b_k, "v": b_v, "o": b_o}
        if len({b is None for b in biases.values()}) > 1:
            missing = [f"b_{p}" for p, b in biases.items() if b is None]
            raise ValueError(f"give all four biases or none; missing: {', '.join(missing)}")
        self._set(n_heads, {"q": w_q, "k": w_k, "v": w_v, "o": w_o}, biases)
        return self

    def _set(self, n_heads: int, ws: dict[str, ArrayLike], bs: dict[str, ArrayLike | None]) -> None:
        """Validate and store the weights ``ws`` and biases ``bs``, keyed by projection name (q, k, v, o)."""
        d_model = as_float_array("w_q", ws["q"], ndim=2).shape[0]
        weights, biases = [], []
        for p in _PROJECTIONS:
            w = check_projection(f"w_{p}", ws[p], d_model, d_model_from="the first axis of w_q")
            if w.shape != (d_model, d_model):
                raise ValueError(
                    f"w_{p} must be square (d_model, d_model) = ({d_model}, {d_model}), got {shape_str(w.shape)}"
                )
            weights.append(np.array(w, dtype=np.float64))
            b = _check_bias(f"b_{p}", bs[p], d_model)
            biases.append(None if b is None else np.array(b, dtype=np.float64))
        self.w_q, self.w_k, self.w_v, self.w_o = weights
        self.b_q, self.b_k, self.b_v, self.b_o = biases
        self.d_model = d_model
        self.n_heads = check_n_heads(n_heads, d_model)
        self.d_k = d_model // self.n_heads

    @property
    def n_params(self) -> int:
        """Number of parameters: :math:`4 d_\\text{model}^2`, plus :math:`4 d_\\text{model}` with biases."""
        total = 4 * self.d_model * self.d_model
        if self.b_q is not None:
            total += 4 * self.d_model
        return total

    @staticmethod
    def _project(x: NDArray, w: NDArray, b: NDArray | None) -> NDArray:
        # [..., n, d_model] @ [d_model, d_model] -> [..., n, d_model], in x's dtype. A batch goes
        # through as one 2-D product: numpy 2.0 multiplies a stack of matrices by w several times slower.
        w = w.astype(x.dtype, copy=False)
        y = x @ w if x.ndim == 2 else (x.reshape(-1, x.shape[-1]) @ w).reshape(*x.shape[:-1], w.shape[1])
        return y if b is None else y + b.astype(x.dtype, copy=False)

    def _checked_projection(self, x: NDArray, x_name: str, p: str) -> tuple[NDArray, bool]:
        """``x @ w_p (+ b_p)``; a ValueError naming ``x_name`` and the weights if it overflows.

        Also returns whether the result's sum of squares is finite (see :func:`~attention._validate.check_product`).
        """
        w, b = getattr(self, f"w_{p}"), getattr(self, f"b_{p}")
        with np.errstate(over="ignore", invalid="ignore"):  # reported below, naming what overflowed
            y = self._project(x, w, b)
        # float64 weights cast to a float32 x can overflow too: the largest |w| in the message shows it.
        operands = {x_name: x, f"w_{p}": w} | ({} if b is None else {f"b_{p}": b})
        expression = f"{x_name} @ w_{p}" + ("" if b is None else f" + b_{p}")
        return y, check_product(y, expression, None, **operands)

    def _check_input(self, name: str, x: ArrayLike) -> NDArray:
        x = as_float_array(name, x, min_ndim=2)
        if x.shape[-1] != self.d_model:
            raise ValueError(
                f"{name} must have shape (..., n, d_model) with d_model={self.d_model}, got {shape_str(x.shape)}"
            )
        return x

    def __call__(
        self,
        x: ArrayLike,
        mask: ArrayLike | None = None,
        *,
        causal: bool = False,
        window: int | None = None,
        context: ArrayLike | None = None,
    ) -> AttentionOutput:
        """Run the layer: project, split into heads, attend per head, merge, project with W_O.

        Args:
            x: the sequence, ``(..., n_q, d_model)``; queries come from it.
            mask: optional boolean or additive mask broadcastable to
                ``(..., n_q, n_k)``, shared by every head (see
                :func:`scaled_dot_product_attention`).
            causal: let query i attend only to keys ``0 .. i``, in every head
                (combined with ``mask`` when both are given).
            window: with ``causal``, query i sees only keys ``i - window + 1 .. i``: the
                last ``window`` keys, itself included (sliding-window attention, the
                pattern of :func:`~attention.masks.sliding_window_mask`); an integer >= 1.
            context: keys and values come from here, ``(..., n_k, d_model)``;
                default ``x`` (self-attention). Give it for cross-attention.

        Returns:
            ``AttentionOutput(output, weights)``: output ``(..., n_q, d_model)``
            and the per-head weights ``(..., n_heads, n_q, n_k)``. Computed in
            ``x``'s float dtype (float32 stays float32).

        Raises:
            TypeError, ValueError: naming ``x``, ``context``, ``mask`` or the
                weights: also when finite inputs overflow in a projection
                (``x @ w_q`` ...), in the scores, or in the output projection.
        """
        output, trace = self.traced(x, mask, causal=causal, window=window, context=context)
        return AttentionOutput(output, trace.weights)

    def traced(
        self,
        x: ArrayLike,
        mask: ArrayLike | None = None,
        *,
        causal: bool = False,
        window: int | None = None,
        context: ArrayLike | None = None,
    ) -> tuple[NDArray, AttentionTrace]:
        """Run the layer as calling it does, and return what its heads attended with as well.

        Same arguments, checks and errors as calling the layer.

        Returns:
            ``(output, trace)``: the output ``(..., n_q, d_model)`` and an
            :class:`~attention.results.AttentionTrace` of the arrays the heads
            computed with: the queries ``(..., n_heads, n_q, d_k)``, keys and
            values ``(..., n_heads, n_k, d_k)`` (``x @ w_q``, ... split into
            heads) and the weights ``(..., n_heads, n_q, n_k)``.

        Example:
            >>> mha = MultiHeadAttention(d_model=8, n_heads=2, seed=0)
            >>> output, trace = mha.traced(np.ones((5, 8)))
            >>> trace.q.shape, trace.weights.shape
            ((2, 5, 4), (2, 5, 5))
            >>> bool((output == mha(np.ones((5, 8))).output).all())
            True
        """
        x = self._check_input("x", x)
        source = x if context is None else self._check_input("context", context)
        dtype = float_dtype(x, source)
        x, source = x.astype(dtype, copy=False), source.astype(dtype, copy=False)
        try:
            batch = np.broadcast_shapes(x.shape[:-2], source.shape[:-2])
        except ValueError:
            raise ValueError(
                f"the leading axes of x {shape_str(x.shape)} and context {shape_str(source.shape)} do not broadcast"
            ) from None
        # Checked once, against the head-less shape the caller knows.
        allowed, bias, causal = prepare_mask(mask, causal, (*batch, x.shape[-2], source.shape[-2]), window)
        # [..., n_q, n_k] -> [..., 1, n_q, n_k]: the same mask for every head
        allowed, bias = (m[..., None, :, :] if m is not None and m.ndim >= 3 else m for m in (allowed, bias))
        source_name = "x" if context is None else "context"
        # [..., n, d_model] -> [..., h, n, d_k]
        q = split_heads(self._checked_projection(x, "x", "q")[0], self.n_heads)
        k = split_heads(self._checked_projection(source, source_name, "k")[0], self.n_heads)
        v_projected, moderate_v = self._checked_projection(source, source_name, "v")
        v = split_heads(v_projected, self.n_heads)
        q, k, v, scores_shape, _ = check_inputs(q, k, v, finite=False)  # shapes (all fine by construction)
        try:
            heads, weights = attend(q, k, v, scores_shape, PreparedMask(allowed, bias, causal), None, True, moderate_v)
        except ScoresOverflowError:
            raise ValueError(
                f"the scores (x @ w_q)·({source_name} @ w_k)ᵀ overflow {dtype} in some head (d_k={self.d_k}; "
                f"largest |x @ w_q| {float(np.abs(q).max()):.3g}, largest |{source_name} @ w_k| "
                f"{float(np.abs(k).max()):.3g}): rescale x, {'' if context is None else 'context, '}w_q or w_k"
            ) from None
        assert weights is not None  # asked for
        # [..., h, n_q, d_k] -> [..., n_q, d_model] -> W_O
        merged = merge_heads(heads)
        with np.errstate(over="ignore", invalid="ignore"):
            output = self._project(merged, self.w_o, self.b_o)
        operands = {"heads": merged, "w_o": self.w_o} | ({} if self.b_o is None else {"b_o": self.b_o})
        expression = "the output projection, heads @ w_o" + ("" if self.b_o is None else " + b_o") + ","
        rescale = f"x, {'' if context is None else 'context, '}w_v or w_o"
        check_product(output, expression, rescale, **operands)
        return output, AttentionTrace(q, k, v, weights)

    forward = __call__

    def __repr__(self) -> str:
        bias = self.b_q is not None
        return f"MultiHeadAttention(d_model={self.d_model}, n_heads={self.n_heads}, d_k={self.d_k}, bias={bias})"
