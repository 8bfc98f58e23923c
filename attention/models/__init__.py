"""Pretrained models on the package's attention: a BERT encoder (all-MiniLM-L6-v2) in plain numpy.

- :mod:`attention.models.weights`: where the weights are cached, and :func:`fetch` to get them
  (``python -m attention.models fetch``)
- :mod:`attention.models.safetensors`: read and write safetensors files with numpy alone
- :mod:`attention.models.tokenizer`: BERT's uncased WordPiece tokenizer
- :mod:`attention.models.layers`: erf, GELU, LayerNorm
- :mod:`attention.models.bert`: the encoder, :func:`load_minilm`
- :mod:`attention.models.export`: the float16 copy the site ships for the reader's browser,
  :func:`export_float16`

Example (needs the fetched weights, so it is not run as a doctest)::

    from attention.models import load_minilm
    model = load_minilm()
    out = model("The cat sat on the mat because it was tired.")
    out.tokens              # ['[CLS]', 'the', 'cat', ..., '[SEP]']
    out.attentions.shape    # (6, 12, 13, 13): layer, head, query, key
    out.embedding.shape     # (384,)
"""

from .bert import BertConfig, BertLayer, BertModel, BertOutput, load_minilm, mean_pool
from .export import export_float16
from .layers import erf, gelu, layer_norm
from .safetensors import parse_safetensors, read_safetensors, safetensors_bytes, write_safetensors
from .tokenizer import Encoding, WordPieceTokenizer, basic_tokenize, wordpiece
from .weights import MissingWeightsError, fetch, model_dir

__all__ = [
    "BertConfig",
    "BertLayer",
    "BertModel",
    "BertOutput",
    "Encoding",
    "MissingWeightsError",
    "WordPieceTokenizer",
    "basic_tokenize",
    "erf",
    "export_float16",
    "fetch",
    "gelu",
    "layer_norm",
    "load_minilm",
    "mean_pool",
    "model_dir",
    "parse_safetensors",
    "read_safetensors",
    "safetensors_bytes",
    "wordpiece",
    "write_safetensors",
]
