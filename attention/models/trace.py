"""What a model's traced forward pass returns: every layer's attention as the layer computed it.

:meth:`BertModel.trace <attention.models.bert.BertModel.trace>` and
:meth:`LlamaModel.trace <attention.models.llama.LlamaModel.trace>` run the
model once and keep, for each layer, the
:class:`~attention.results.AttentionTrace` its attention computed with
(queries and keys after RoPE where the model applies it, keys and values,
weights), and the hidden state between the layers. Whatever reads heads
(the visualizer lab, a notebook) reads them from here instead of repeating
the model's own steps.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..results import AttentionTrace

__all__ = ["ModelTrace"]


class ModelTrace(NamedTuple):
    """One forward pass, layer by layer: the hidden states and each layer's :class:`~attention.results.AttentionTrace`.

    ``...`` is the batch axis, absent for one text; ``n`` the tokens of this
    pass.
    """

    hidden_states: NDArray[np.floating]
    """``(..., n_layers + 1, n, d_model)``: the embeddings, then each layer's output (the last: before any head)."""
    layers: tuple[AttentionTrace, ...]
    """One per layer, first to last: what its attention heads computed with."""
