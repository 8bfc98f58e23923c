r"""Adam (Kingma & Ba 2014, "Adam: A Method for Stochastic Optimization", arXiv:1412.6980).

For each parameter :math:`\theta` with gradient :math:`g` at step :math:`t = 1, 2, \dots`:

.. math::

    m_t = \beta_1 m_{t-1} + (1 - \beta_1)\, g, \qquad
    v_t = \beta_2 v_{t-1} + (1 - \beta_2)\, g^2,

.. math::

    \hat m_t = \frac{m_t}{1 - \beta_1^t}, \qquad \hat v_t = \frac{v_t}{1 - \beta_2^t}, \qquad
    \theta \leftarrow \theta - \eta\, \frac{\hat m_t}{\sqrt{\hat v_t} + \epsilon}

:math:`\beta^t` is kept as a running product (one exact IEEE multiplication a
step) rather than computed by ``pow``, whose last bit may differ between C libraries.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .params import Parameters, copy_parameters

__all__ = ["Adam", "AdamState"]


@dataclass
class AdamState:
    """Adam's moments and step count; :meth:`Adam.state` returns a copy, :meth:`Adam.load` takes one."""

    m: Parameters = field(default_factory=dict)
    v: Parameters = field(default_factory=dict)
    t: int = 0
    beta1_power: float = 1.0
    beta2_power: float = 1.0


class Adam:
    r"""The Adam optimiser, updating a :data:`~attention.training.params.Parameters` dict in place.

    Args:
        lr: :math:`\eta`, the step size.
        beta1, beta2: decay rates of the first and second moments, in ``[0, 1)``.
        eps: :math:`\epsilon`, added to :math:`\sqrt{\hat v}`.

    Example:
        >>> params = {"w": np.array([1.0, -1.0])}
        >>> adam = Adam(lr=0.1)
        >>> adam.step(params, {"w": np.array([3.0, -0.5])})
        >>> params["w"].round(6).tolist()  # the first step moves every entry by lr, against its gradient's sign
        [0.9, -0.9]
    """

    def __init__(self, lr: float = 1e-3, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> None:
        for name, value, positive in (("lr", lr, True), ("beta1", beta1, False), ("beta2", beta2, False), ("eps", eps, True)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{name} must be a number, got {type(value).__name__}")
            if not (0 < value < math.inf if positive else 0 <= value < 1):
                raise ValueError(f"{name} must be in {'(0, inf)' if positive else '[0, 1)'}, got {value!r}")
        self.lr, self.beta1, self.beta2, self.eps = float(lr), float(beta1), float(beta2), float(eps)
        self._state = AdamState()

    def step(self, params: Parameters, grads: Parameters) -> None:
        """One update of every parameter of ``params`` (in place) by its gradient in ``grads``."""
        if params.keys() != grads.keys():
            missing, extra = sorted(params.keys() - grads.keys()), sorted(grads.keys() - params.keys())
            raise ValueError(f"grads must have the parameters' names; missing {missing}, extra {extra}")
        s = self._state
        s.t += 1
        s.beta1_power *= self.beta1
        s.beta2_power *= self.beta2
        for name, theta in params.items():
            g = grads[name]
            if g.shape != theta.shape:
                raise ValueError(f"grads[{name!r}] must have the parameter's shape {theta.shape}, got {g.shape}")
            m = s.m.setdefault(name, np.zeros_like(theta))
            v = s.v.setdefault(name, np.zeros_like(theta))
            m *= self.beta1
            m += (1.0 - self.beta1) * g
            v *= self.beta2
            v += (1.0 - self.beta2) * (g * g)
            m_hat = m / (1.0 - s.beta1_power)
            v_hat = v / (1.0 - s.beta2_power)
            theta -= self.lr * m_hat / (np.sqrt(v_hat) + self.eps)

    @property
    def t(self) -> int:
        """Steps taken."""
        return self._state.t

    def state(self) -> AdamState:
        """A copy of the moments and step count (for a snapshot of training)."""
        s = self._state
        return AdamState(copy_parameters(s.m), copy_parameters(s.v), s.t, s.beta1_power, s.beta2_power)

    def load(self, state: AdamState) -> None:
        """Continue from a copy of ``state`` (as :meth:`state` returned it)."""
        if not isinstance(state, AdamState):
            raise TypeError(f"state must be an AdamState, got {type(state).__name__}")
        self._state = AdamState(copy_parameters(state.m), copy_parameters(state.v), state.t, state.beta1_power, state.beta2_power)
