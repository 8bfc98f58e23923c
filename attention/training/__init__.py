"""Training a tiny transformer in plain numpy, so that attention heads form: every backward pass beside its forward.

One part per module, each forward function beside its backward, the
derivative's formula in the docstring:

- :mod:`attention.training.softmax`: :func:`softmax_forward` (:func:`attention.softmax`), :func:`softmax_backward`
- :mod:`attention.training.scaled_dot_product`: :func:`attention_forward`
  (:func:`attention.scaled_dot_product_attention`, masks and ``causal=True``), :func:`attention_backward`
- :mod:`attention.training.linear`: :func:`linear_forward`, :func:`linear_backward` (the projections)
- :mod:`attention.training.multi_head`: :func:`multi_head_forward`, :func:`multi_head_backward`
  (projections, :func:`attention.split_heads` / :func:`attention.merge_heads`, each the other's backward)
- :mod:`attention.training.layer_norm`: :func:`layer_norm_forward`, :func:`layer_norm_backward`
- :mod:`attention.training.embedding`: :func:`embedding_forward`, :func:`embedding_backward` (token and position)
- :mod:`attention.training.cross_entropy`: :func:`cross_entropy_forward`, :func:`cross_entropy_backward`

and the training itself:

- :mod:`attention.training.params`: :class:`ModelConfig`, :func:`init_parameters` (seeded)
- :mod:`attention.training.model`: the two-layer attention-only transformer, :func:`forward` (keeping
  what the backward pass needs) and :func:`backward`
- :mod:`attention.training.adam`: :class:`Adam` (Kingma & Ba 2014, arXiv:1412.6980)
- :mod:`attention.training.data`: :func:`repeated_sequences`, the seeded task
- :mod:`attention.training.loop`: :class:`Trainer`, stepped a few steps at a time, snapshotted, restored
- :mod:`attention.training.metrics`: per-head previous-token and induction scores, the loss before and in the repeat
- :mod:`attention.training.experiment`: the documented run (Olsson et al. 2022, arXiv:2209.11895;
  Elhage et al. 2021, transformer-circuits.pub/2021/framework) and its fingerprint
- :mod:`attention.training.session`: :class:`~attention.training.session.TrainingSession`, that run a chunk at a
  time as JSON, and :mod:`attention.training.entry`, the functions the lesson's widget calls by name in the page

Everything is float64 and numpy only (it runs in Pyodide). This room imports
the core package, never :mod:`attention.models` or :mod:`attention.lab`; the
core does not import it (use ``import attention.training``).
"""

from .adam import Adam
from .cross_entropy import cross_entropy_backward, cross_entropy_forward
from .data import Batch, repeated_sequences
from .embedding import embedding_backward, embedding_forward
from .layer_norm import layer_norm_backward, layer_norm_forward
from .linear import linear_backward, linear_forward
from .loop import TrainConfig, Trainer
from .metrics import half_losses, induction_score, previous_token_score
from .model import backward, forward, loss_and_gradients
from .multi_head import merge_heads_backward, multi_head_backward, multi_head_forward, split_heads_backward
from .params import ModelConfig, init_parameters, parameter_shapes
from .scaled_dot_product import attention_backward, attention_forward
from .softmax import softmax_backward, softmax_forward

__all__ = [
    "Adam",
    "Batch",
    "ModelConfig",
    "TrainConfig",
    "Trainer",
    "attention_backward",
    "attention_forward",
    "backward",
    "cross_entropy_backward",
    "cross_entropy_forward",
    "embedding_backward",
    "embedding_forward",
    "forward",
    "half_losses",
    "induction_score",
    "init_parameters",
    "layer_norm_backward",
    "layer_norm_forward",
    "linear_backward",
    "linear_forward",
    "loss_and_gradients",
    "merge_heads_backward",
    "multi_head_backward",
    "multi_head_forward",
    "parameter_shapes",
    "previous_token_score",
    "repeated_sequences",
    "softmax_backward",
    "softmax_forward",
    "split_heads_backward",
]
