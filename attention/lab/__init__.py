"""Everything the Attention Visualizer lab needs, and nothing the rest of the package needs.

- :mod:`attention.lab.contract`: the data contract, a *view* of one sentence
  (tokens, per-head scores and weights, readouts), the one definition of
  what the lab draws, and :func:`check_view`;
- :mod:`attention.lab.hand_built`: the small hand-built model whose four
  heads do known jobs (the lab's default, computed live in the browser);
- :mod:`attention.lab.minilm`: the heads of the pretrained all-MiniLM-L6-v2
  (:mod:`attention.models`) as views; imported only where it is used, so
  that the hand-built lab never loads the pretrained model's code;
- :mod:`attention.lab.smollm2`: the heads of the language model
  SmolLM2-135M-Instruct as causal views, likewise imported only where used;
- :mod:`attention.lab.presets`: the one list of preset sentences, and each
  model's menu of them;
- :mod:`attention.lab.entry`: what the page calls in Pyodide, by name, with
  JSON arguments: one function per model, each returning the JSON text of
  one view (:func:`visualizer_json` for the hand-built model).

The pretrained models' views read each layer's queries, keys, values and
weights from the model's own trace (one forward pass,
:class:`attention.models.trace.ModelTrace`). Layers: the lab reads the core
and :mod:`attention.models`; neither imports the lab.
"""

from .contract import LONG_RANGE, MASKS, SPARSITY_THRESHOLD, check_view, entropy_bits, head_view, score_scale, view
from .hand_built import (
    D_K,
    D_MODEL,
    HEADS,
    LEXICON_SOURCE,
    MAX_TOKENS,
    N_HEADS,
    VOCABULARY,
    hand_built_attention,
    token_note,
    tokenize,
    unknown_words,
    visualizer_data,
    visualizer_json,
)
from .presets import HAND_BUILT, OPENING, PRETRAINED, SENTENCES

__all__ = [
    "D_K",
    "D_MODEL",
    "HAND_BUILT",
    "HEADS",
    "LEXICON_SOURCE",
    "LONG_RANGE",
    "MASKS",
    "MAX_TOKENS",
    "N_HEADS",
    "OPENING",
    "PRETRAINED",
    "SENTENCES",
    "SPARSITY_THRESHOLD",
    "VOCABULARY",
    "check_view",
    "entropy_bits",
    "hand_built_attention",
    "head_view",
    "score_scale",
    "token_note",
    "tokenize",
    "unknown_words",
    "view",
    "visualizer_data",
    "visualizer_json",
]
