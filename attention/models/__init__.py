"""Pretrained models on the package's attention, in plain numpy: a BERT encoder (all-MiniLM-L6-v2) and a
GPT-style decoder (SmolLM2-135M-Instruct, the instruct variant, its weights quantized to 4 bits).

- :mod:`attention.models.weights`: where the weights are cached, and :func:`fetch` /
  :func:`fetch_smollm2` to get them (``python -m attention.models fetch`` gets both)
- :mod:`attention.models.safetensors`: read and write safetensors files with numpy alone
- :mod:`attention.models.gguf`: read GGUF files and dequantize their tensors (Q4_1, Q8_0, ...) with numpy alone
- :mod:`attention.models.tokenizer`: BERT's uncased WordPiece tokenizer
- :mod:`attention.models.bpe`: byte-level BPE (GPT-2's, SmolLM2's) in pure Python, and the chat format
- :mod:`attention.models.layers`: erf, GELU, LayerNorm; RMSNorm, SiLU, SwiGLU
- :mod:`attention.models.bert`: the encoder, :func:`load_minilm`
- :mod:`attention.models.llama`: the decoder with its KV cache and generation, :func:`load_smollm2`
- :mod:`attention.models.trace`: :class:`ModelTrace`, what ``model.trace(ids)`` returns (either model):
  the hidden states and every layer's :class:`~attention.results.AttentionTrace` (queries, keys, values, weights)
- :mod:`attention.models.export`: the float16 copy the site ships for the reader's browser,
  :func:`export_float16`
- :mod:`attention.models.streaming`: StreamingLLM at our scale, :func:`streaming_nll` (a text read through a
  cache that keeps the last W tokens, or the first 4 and the last W - 4) and :func:`first_token_share`

Example (needs the fetched weights, so it is not run as a doctest)::

    from attention.models import load_minilm
    model = load_minilm()
    out = model("The cat sat on the mat because it was tired.")
    out.tokens              # ['[CLS]', 'the', 'cat', ..., '[SEP]']
    out.attentions.shape    # (6, 12, 13, 13): layer, head, query, key
    out.embedding.shape     # (384,)

    from attention.models import chat_prompt, load_smollm2
    model = load_smollm2()
    out = model("The capital of France is")
    out.attentions.shape    # (30, 9, 5, 5): layer, head, query, key
    out.logits.shape        # (5, 49152): a score for every next token, at every position
    model.generate(chat_prompt("What is the capital of France?")).text
                            # 'The capital of France is Paris.<|im_end|>'
"""

from .bert import BertConfig, BertLayer, BertModel, BertOutput, load_minilm, mean_pool
from .bpe import ByteLevelBPE, bytes_to_unicode, chat_prompt, pre_tokenize
from .export import export_float16
from .gguf import GGUFFile, GGUFTensor, dequantize, parse_gguf, read_gguf
from .layers import erf, gelu, layer_norm, rms_norm, silu, swiglu
from .llama import (
    Generation,
    GenerationStep,
    KVCache,
    LlamaConfig,
    LlamaLayer,
    LlamaModel,
    LlamaOutput,
    SamplingDistribution,
    draw_token,
    load_smollm2,
    sample_token,
    sampling_distribution,
)
from .safetensors import parse_safetensors, read_safetensors, safetensors_bytes, write_safetensors
from .streaming import StreamingCache, StreamingRun, first_token_share, streaming_nll, token_nll
from .tokenizer import Encoding, WordPieceTokenizer, basic_tokenize, wordpiece
from .trace import ModelTrace
from .weights import MissingWeightsError, fetch, fetch_smollm2, model_dir, smollm2_path

__all__ = [
    "BertConfig",
    "BertLayer",
    "BertModel",
    "BertOutput",
    "ByteLevelBPE",
    "Encoding",
    "GGUFFile",
    "GGUFTensor",
    "Generation",
    "GenerationStep",
    "KVCache",
    "LlamaConfig",
    "LlamaLayer",
    "LlamaModel",
    "LlamaOutput",
    "MissingWeightsError",
    "ModelTrace",
    "SamplingDistribution",
    "StreamingCache",
    "StreamingRun",
    "WordPieceTokenizer",
    "basic_tokenize",
    "bytes_to_unicode",
    "chat_prompt",
    "dequantize",
    "draw_token",
    "erf",
    "export_float16",
    "fetch",
    "fetch_smollm2",
    "first_token_share",
    "gelu",
    "layer_norm",
    "load_minilm",
    "load_smollm2",
    "mean_pool",
    "model_dir",
    "parse_gguf",
    "parse_safetensors",
    "pre_tokenize",
    "read_gguf",
    "read_safetensors",
    "rms_norm",
    "safetensors_bytes",
    "sample_token",
    "sampling_distribution",
    "silu",
    "smollm2_path",
    "streaming_nll",
    "swiglu",
    "token_nll",
    "wordpiece",
    "write_safetensors",
]
