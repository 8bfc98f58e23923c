r"""The tiny transformer's parameters: their names, shapes and seeded initial values.

Every matrix starts uniform on :math:`[-a, a]` with :math:`a = \sqrt{3/d_\text{model}}`,
variance :math:`1/d_\text{model}` (so a projection keeps the scale of its
input); layer norms start at :math:`\gamma = 1, \beta = 0`. Uniform rather
than normal draws: ``Generator.random`` is integer arithmetic and one exact
scaling, the same bits on every platform, where the normal draws' tails go
through the C library's ``log`` and ``exp``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._validate import check_int
from ..heads import check_n_heads

__all__ = ["ModelConfig", "Parameters", "copy_parameters", "init_parameters", "parameter_shapes"]

Parameters = dict[str, NDArray[np.float64]]
"""A model's parameters by name, in the order of :func:`parameter_shapes`."""


@dataclass(frozen=True)
class ModelConfig:
    """The sizes of an attention-only transformer (see :mod:`attention.training.model`).

    Example:
        >>> ModelConfig(vocab=8, n_ctx=5, d_model=4, n_heads=2).d_k
        2
    """

    vocab: int
    """Number of token ids."""
    n_ctx: int
    """The longest input, in positions (rows of the position embedding)."""
    d_model: int
    """Width of the residual stream."""
    n_heads: int
    """Heads per layer; divides ``d_model``."""
    n_layers: int = 2
    """Attention layers."""

    def __post_init__(self) -> None:
        for name in ("vocab", "n_ctx", "d_model", "n_heads", "n_layers"):
            check_int(name, getattr(self, name), minimum=1)
        check_n_heads(self.n_heads, self.d_model)

    @property
    def d_k(self) -> int:
        """Width of one head, ``d_model // n_heads``."""
        return self.d_model // self.n_heads


def parameter_shapes(config: ModelConfig) -> dict[str, tuple[int, ...]]:
    """Every parameter's name and shape, in a fixed order.

    Example:
        >>> shapes = parameter_shapes(ModelConfig(vocab=8, n_ctx=5, d_model=4, n_heads=2, n_layers=1))
        >>> list(shapes)
        ['token_embedding', 'position_embedding', 'layers.0.norm.gamma', 'layers.0.norm.beta',
         'layers.0.w_q', 'layers.0.w_k', 'layers.0.w_v', 'layers.0.w_o', 'norm.gamma', 'norm.beta', 'unembedding']
    """
    d = config.d_model
    shapes: dict[str, tuple[int, ...]] = {"token_embedding": (config.vocab, d), "position_embedding": (config.n_ctx, d)}
    for layer in range(config.n_layers):
        shapes[f"layers.{layer}.norm.gamma"] = (d,)
        shapes[f"layers.{layer}.norm.beta"] = (d,)
        for name in ("w_q", "w_k", "w_v", "w_o"):
            shapes[f"layers.{layer}.{name}"] = (d, d)
    shapes["norm.gamma"] = (d,)
    shapes["norm.beta"] = (d,)
    shapes["unembedding"] = (d, config.vocab)
    return shapes


def init_parameters(config: ModelConfig, seed: int) -> Parameters:
    r"""Seeded initial parameters: matrices uniform with variance :math:`1/d_\text{model}`, :math:`\gamma = 1`, :math:`\beta = 0`.

    Args:
        config: the sizes.
        seed: a non-negative int; ``numpy.random.Generator(PCG64(seed))`` draws the matrices in the order of
            :func:`parameter_shapes`.

    Example:
        >>> params = init_parameters(ModelConfig(vocab=8, n_ctx=5, d_model=4, n_heads=2), seed=0)
        >>> params["layers.1.w_q"].shape, params["norm.gamma"].tolist()
        ((4, 4), [1.0, 1.0, 1.0, 1.0])
    """
    if not isinstance(config, ModelConfig):
        raise TypeError(f"config must be a ModelConfig, got {type(config).__name__}")
    rng = np.random.Generator(np.random.PCG64(check_int("seed", seed, minimum=0)))
    bound = math.sqrt(3.0 / config.d_model)
    params: Parameters = {}
    for name, shape in parameter_shapes(config).items():
        if name.endswith(".gamma"):
            params[name] = np.ones(shape)
        elif name.endswith(".beta"):
            params[name] = np.zeros(shape)
        else:
            params[name] = (rng.random(shape) * 2.0 - 1.0) * bound
    return params


def copy_parameters(params: Parameters) -> Parameters:
    """A deep copy (every array copied)."""
    return {name: value.copy() for name, value in params.items()}
