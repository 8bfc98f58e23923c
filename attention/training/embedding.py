r"""Token and position embeddings and their derivative, side by side.

Forward: token :math:`t_i` at position :math:`i` becomes the sum of a row of
each table, :math:`W_E` ``(vocab, d_model)`` and :math:`W_P` ``(n_ctx, d_model)``:

.. math::

    x_i = W_E[t_i] + W_P[i]

Backward: a lookup copies a row, so its gradient is added back into that row;
a token that occurs several times collects the sum of its positions' gradients:

.. math::

    \bar W_E[v] = \sum_{b,\,i\,:\,t_{b,i} = v} \bar x_{b,i}, \qquad \bar W_P[i] = \sum_b \bar x_{b,i}
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import as_float_array, shape_str

__all__ = ["check_tokens", "embedding_backward", "embedding_forward"]


def check_tokens(tokens: ArrayLike, vocab: int, name: str = "tokens") -> NDArray[np.intp]:
    """``tokens`` as an integer array ``(..., n)`` of ids in ``0 .. vocab - 1``, or an error naming ``name``."""
    array = np.asarray(tokens)
    if array.dtype.kind not in "iu":
        raise TypeError(
            f"{name} must be an integer array of token ids, got dtype {array.dtype} with shape {shape_str(array.shape)}"
        )
    if array.ndim < 1 or array.size == 0:
        raise ValueError(f"{name} must be a non-empty array (..., n), got shape {shape_str(array.shape)}")
    if array.min() < 0 or array.max() >= vocab:
        raise ValueError(
            f"{name} must be ids in 0..{vocab - 1} (vocab={vocab}), got values from {array.min()} to {array.max()}"
        )
    return array.astype(np.intp, copy=False)


def _check_tables(token_table: ArrayLike, position_table: ArrayLike) -> tuple[NDArray, NDArray]:
    w_e = as_float_array("token_table", token_table, ndim=2).astype(np.float64, copy=False)
    w_p = as_float_array("position_table", position_table, ndim=2).astype(np.float64, copy=False)
    if w_e.shape[1] != w_p.shape[1]:
        raise ValueError(
            f"token_table and position_table must have the same d_model (second axis): token_table has shape "
            f"{shape_str(w_e.shape)}, position_table has shape {shape_str(w_p.shape)}"
        )
    return w_e, w_p


def embedding_forward(tokens: ArrayLike, token_table: ArrayLike, position_table: ArrayLike) -> NDArray[np.float64]:
    r""":math:`x_i = W_E[t_i] + W_P[i]`: ``(..., n)`` ids ``-> (..., n, d_model)``.

    Args:
        tokens: integer ids ``(..., n)``, each below ``vocab``; ``n <= n_ctx``.
        token_table: :math:`W_E`, ``(vocab, d_model)``.
        position_table: :math:`W_P`, ``(n_ctx, d_model)``.

    Example:
        >>> embedding_forward([[1, 0]], [[0.0, 1.0], [10.0, 20.0]], [[1.0, 1.0], [2.0, 2.0]]).tolist()
        [[[11.0, 21.0], [2.0, 3.0]]]
    """
    w_e, w_p = _check_tables(token_table, position_table)
    ids = check_tokens(tokens, w_e.shape[0])
    if ids.shape[-1] > w_p.shape[0]:
        raise ValueError(
            f"tokens has {ids.shape[-1]} positions (shape {shape_str(ids.shape)}), more than position_table's "
            f"n_ctx={w_p.shape[0]} (shape {shape_str(w_p.shape)})"
        )
    return embed(ids, w_e, w_p)


def embed(ids: NDArray, w_e: NDArray, w_p: NDArray) -> NDArray:
    """:func:`embedding_forward` of checked arrays (internal)."""
    # [..., n] -> [..., n, d_model]
    return w_e[ids] + w_p[: ids.shape[-1]]


def embedding_backward(
    tokens: ArrayLike, vocab: int, n_ctx: int, grad_x: ArrayLike
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    r"""Gradients of the two tables: each row collects the gradients of the places it was copied to.

    .. math::

        \bar W_E[v] = \sum_{t_{b,i} = v} \bar x_{b,i},\qquad \bar W_P[i] = \sum_b \bar x_{b,i}

    Args:
        tokens: the ids the forward pass looked up, ``(..., n)``.
        vocab, n_ctx: the tables' numbers of rows.
        grad_x: :math:`\bar x`, ``(..., n, d_model)``.

    Returns:
        ``(grad_token_table, grad_position_table)``: ``(vocab, d_model)``, ``(n_ctx, d_model)``.

    Example:
        >>> g_e, g_p = embedding_backward([[1, 1]], 2, 3, [[[1.0], [2.0]]])
        >>> g_e.tolist(), g_p.tolist()  # token 1 was used twice; position 2 not at all
        ([[0.0], [3.0]], [[1.0], [2.0], [0.0]])
    """
    ids = check_tokens(tokens, vocab)
    grad = as_float_array("grad_x", grad_x, min_ndim=2).astype(np.float64, copy=False)
    if grad.shape[:-1] != ids.shape:
        raise ValueError(
            f"grad_x must have shape (*tokens.shape, d_model) = {shape_str(ids.shape)} + (d_model,), "
            f"got {shape_str(grad.shape)}"
        )
    if ids.shape[-1] > n_ctx:
        raise ValueError(f"tokens has {ids.shape[-1]} positions (shape {shape_str(ids.shape)}), more than n_ctx={n_ctx}")
    return embed_grads(ids, vocab, n_ctx, grad)


def embed_grads(ids: NDArray, vocab: int, n_ctx: int, grad: NDArray) -> tuple[NDArray, NDArray]:
    """:func:`embedding_backward` of checked arrays (internal)."""
    d_model = grad.shape[-1]
    grad_e = np.zeros((vocab, d_model))
    # Unbuffered: a token seen twice adds both gradients (grad_e[ids] += ... would keep one), in a fixed order.
    np.add.at(grad_e, ids.reshape(-1), grad.reshape(-1, d_model))
    grad_p = np.zeros((n_ctx, d_model))
    grad_p[: ids.shape[-1]] = grad.reshape(-1, ids.shape[-1], d_model).sum(axis=0)
    return grad_e, grad_p
