r"""A two-layer attention-only transformer, forward and backward, in the package's own attention.

The model of Elhage et al. 2021 ("A Mathematical Framework for Transformer
Circuits", transformer-circuits.pub/2021/framework), with a layer norm before
each layer and before the unembedding, as small models are trained:

.. math::

    x^{(0)} = W_E[t] + W_P, \qquad
    x^{(\ell)} = x^{(\ell-1)} + \operatorname{MultiHead}_\ell\bigl(\operatorname{LN}_\ell(x^{(\ell-1)})\bigr)
    \;\text{(causal)}, \qquad
    z = \operatorname{LN}(x^{(L)})\, W_U

No MLPs, so whatever the model does it does with attention heads: on
repeated random tokens (:mod:`attention.training.data`) a previous-token
head in layer 1 and an induction head in layer 2 that reads it (Olsson et
al. 2022, "In-context Learning and Induction Heads", arXiv:2209.11895).

:func:`forward` keeps every intermediate :func:`backward` needs
(:class:`ForwardCache`); :func:`backward` calls each part's backward in
reverse order, the gradient of the residual stream flowing both through each
layer and past it.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, shape_str
from .cross_entropy import cross_entropy, cross_entropy_grad
from .embedding import check_tokens, embed, embed_grads
from .layer_norm import EPS, LayerNormCache, layer_norm, layer_norm_grads
from .linear import linear_grads, matmul_rows
from .multi_head import MultiHeadCache, multi_head_forward, multi_head_grads
from .params import ModelConfig, Parameters, parameter_shapes

__all__ = ["ForwardCache", "backward", "forward", "loss_and_gradients"]


class ForwardCache(NamedTuple):
    """What :func:`backward` needs from :func:`forward`, and the attention weights to look at."""

    tokens: NDArray[np.intp]
    """``(batch, n)``, the input ids."""
    layers: list[tuple[LayerNormCache, MultiHeadCache]]
    """Per layer: its layer norm's and its attention's caches."""
    final_norm: LayerNormCache
    """The last layer norm's cache."""
    final: NDArray[np.float64]
    """``(batch, n, d_model)``, the input of the unembedding."""
    weights: list[NDArray[np.float64]]
    """Per layer, the attention weights ``(batch, n_heads, n, n)``."""


def check_parameters(params: Parameters, config: ModelConfig) -> None:
    """Raise naming the parameter unless ``params`` has exactly ``config``'s names and shapes, as float arrays."""
    shapes = parameter_shapes(config)
    if not isinstance(params, dict) or params.keys() != shapes.keys():
        names = sorted(params) if isinstance(params, dict) else type(params).__name__
        raise ValueError(f"params must have the names of parameter_shapes(config), {list(shapes)}; got {names}")
    for name, shape in shapes.items():
        value = params[name]
        if not isinstance(value, np.ndarray) or value.dtype != np.float64 or value.shape != shape:
            got = f"{value.dtype} {shape_str(value.shape)}" if isinstance(value, np.ndarray) else type(value).__name__
            raise ValueError(f"params[{name!r}] must be a float64 array of shape {shape_str(shape)}, got {got}")


def forward(params: Parameters, config: ModelConfig, tokens: ArrayLike) -> tuple[NDArray[np.float64], ForwardCache]:
    r"""Logits of the next token at every position, and what the backward pass needs.

    Args:
        params: from :func:`~attention.training.params.init_parameters` (or trained).
        config: the sizes.
        tokens: ``(batch, n)`` ids, ``n <= config.n_ctx``.

    Returns:
        ``(logits, cache)``: logits ``(batch, n, vocab)``; a :class:`ForwardCache`.

    Example:
        >>> from attention.training.params import init_parameters
        >>> config = ModelConfig(vocab=8, n_ctx=5, d_model=4, n_heads=2)
        >>> logits, cache = forward(init_parameters(config, seed=0), config, [[1, 2, 3]])
        >>> logits.shape, cache.weights[1].shape
        ((1, 3, 8), (1, 2, 3, 3))
    """
    check_parameters(params, config)
    ids = check_tokens(tokens, config.vocab)
    if ids.ndim != 2 or ids.shape[1] > config.n_ctx:
        raise ValueError(f"tokens must have shape (batch, n) with n <= n_ctx={config.n_ctx}, got {shape_str(ids.shape)}")
    return forward_checked(params, config, ids)


def forward_checked(params: Parameters, config: ModelConfig, ids: NDArray) -> tuple[NDArray, ForwardCache]:
    """:func:`forward` of checked arguments (the training loop's)."""
    # [batch, n] -> [batch, n, d_model]
    x = embed(ids, params["token_embedding"], params["position_embedding"])
    layers, weights = [], []
    for layer in range(config.n_layers):
        p = f"layers.{layer}."
        normed, norm_cache = layer_norm(x, params[p + "norm.gamma"], params[p + "norm.beta"], EPS)
        # [batch, n, d_model] -> heads [batch, h, n, d_k] -> [batch, n, d_model]
        out, w, attention_cache = multi_head_forward(
            normed, params[p + "w_q"], params[p + "w_k"], params[p + "w_v"], params[p + "w_o"], config.n_heads, causal=True
        )
        x = x + out
        layers.append((norm_cache, attention_cache))
        weights.append(w)
    final, final_cache = layer_norm(x, params["norm.gamma"], params["norm.beta"], EPS)
    # [batch, n, d_model] -> [batch, n, vocab]
    logits = matmul_rows(final, params["unembedding"])
    return logits, ForwardCache(ids, layers, final_cache, final, weights)


def backward(params: Parameters, config: ModelConfig, cache: ForwardCache, grad_logits: ArrayLike) -> Parameters:
    r"""Every parameter's gradient from :math:`\partial L/\partial z`, each part's backward in reverse order.

    .. math::

        \bar x^{(\ell-1)} = \bar x^{(\ell)} + \overline{\operatorname{LN}_\ell}\Bigl(\overline{\operatorname{MultiHead}_\ell}\bigl(\bar x^{(\ell)}\bigr)\Bigr)

    (the residual connection passes the gradient on unchanged, and adds what
    comes back through the layer).

    Returns:
        The gradients, by parameter name, each the shape of its parameter.

    Example:
        >>> from attention.training.params import init_parameters
        >>> config = ModelConfig(vocab=8, n_ctx=5, d_model=4, n_heads=2)
        >>> params = init_parameters(config, seed=0)
        >>> logits, cache = forward(params, config, [[1, 2, 3]])
        >>> grads = backward(params, config, cache, np.ones_like(logits))
        >>> grads["layers.0.w_q"].shape
        (4, 4)
    """
    check_parameters(params, config)
    if not isinstance(cache, ForwardCache):
        raise TypeError(f"cache must be the ForwardCache forward returned, got {type(cache).__name__}")
    grad = as_float_array("grad_logits", grad_logits, ndim=3).astype(np.float64, copy=False)
    expected = (*cache.tokens.shape, config.vocab)
    if grad.shape != expected:
        raise ValueError(f"grad_logits must have the logits' shape {shape_str(expected)}, got {shape_str(grad.shape)}")
    return backward_checked(params, config, cache, grad)


def backward_checked(params: Parameters, config: ModelConfig, cache: ForwardCache, grad: NDArray) -> Parameters:
    """:func:`backward` of checked arguments (the training loop's)."""
    grads: Parameters = {}
    grad_final, grads["unembedding"] = linear_grads(cache.final, params["unembedding"], grad)
    grad_x, grads["norm.gamma"], grads["norm.beta"] = layer_norm_grads(cache.final_norm, grad_final)
    for layer in reversed(range(config.n_layers)):
        p = f"layers.{layer}."
        norm_cache, attention_cache = cache.layers[layer]
        grad_normed, projections = multi_head_grads(attention_cache, grad_x)
        for name, g in projections.items():
            grads[p + name] = g
        grad_through, grads[p + "norm.gamma"], grads[p + "norm.beta"] = layer_norm_grads(norm_cache, grad_normed)
        grad_x = grad_x + grad_through  # the residual path plus the path through the layer
    grads["token_embedding"], grads["position_embedding"] = embed_grads(cache.tokens, config.vocab, config.n_ctx, grad_x)
    return {name: grads[name] for name in parameter_shapes(config)}


def loss_and_gradients(
    params: Parameters, config: ModelConfig, tokens: ArrayLike, targets: ArrayLike
) -> tuple[float, Parameters, NDArray[np.float64], ForwardCache]:
    r"""The mean next-token cross-entropy over every position, every parameter's gradient, the logits and the cache.

    Example:
        >>> from attention.training.params import init_parameters
        >>> config = ModelConfig(vocab=8, n_ctx=5, d_model=4, n_heads=2)
        >>> loss, grads, logits, cache = loss_and_gradients(init_parameters(config, seed=0), config, [[1, 2]], [[2, 3]])
        >>> 1.0 < loss < 4.0  # near log 8 = 2.08 at the start
        True
    """
    logits, cache = forward(params, config, tokens)
    t = check_tokens(targets, config.vocab, name="targets")
    if t.shape != cache.tokens.shape:
        raise ValueError(f"targets must have the shape of tokens {shape_str(cache.tokens.shape)}, got {shape_str(t.shape)}")
    weights = np.ones(t.shape)
    loss, probabilities = cross_entropy(logits, t, weights)
    return loss, backward_checked(params, config, cache, cross_entropy_grad(probabilities, t, weights)), logits, cache
