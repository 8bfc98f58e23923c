r"""A BERT encoder in numpy, built on the package's own :class:`~attention.MultiHeadAttention`.

BERT reads a whole sentence at once. Each token starts as the sum of three
learned vectors (its word, its position, its segment), normalised; then every
layer lets every token attend to every other token and passes the result
through a small feed-forward network, each step added back to its input and
normalised ("post-LN"):

.. math::

    H_0 = \operatorname{LayerNorm}(E_\text{word}[t] + E_\text{pos}[p] + E_\text{type}[s])

    A_l = \operatorname{LayerNorm}(H_{l-1} + \operatorname{MultiHead}(H_{l-1}))

    H_l = \operatorname{LayerNorm}(A_l + \operatorname{GELU}(A_l W_1 + b_1) W_2 + b_2)

A sentence embedding (as sentence-transformers computes it for
all-MiniLM-L6-v2) is the mean of the last layer's vectors over the real
tokens, scaled to length 1.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from ._common import check_vocabulary, model_dtype
from .._validate import shape_str
from ..multi_head import MultiHeadAttention
from ..results import AttentionTrace
from .layers import check_eps, gelu, layer_norm, linear
from .safetensors import read_safetensors
from .tokenizer import Encoding, WordPieceTokenizer
from .trace import ModelTrace
from .weights import require_files

__all__ = ["BertConfig", "BertLayer", "BertModel", "BertOutput", "load_minilm", "mean_pool"]


@dataclass(frozen=True)
class BertConfig:
    """The sizes of a BERT model, as its ``config.json`` gives them."""

    vocab_size: int
    d_model: int
    n_layers: int
    n_heads: int
    d_ff: int
    max_positions: int
    type_vocab_size: int
    layer_norm_eps: float

    @classmethod
    def from_dict(cls, config: Mapping[str, object]) -> BertConfig:
        """Read Hugging Face's names (``hidden_size``, ``num_attention_heads``, ...)."""
        names = {
            "vocab_size": "vocab_size",
            "d_model": "hidden_size",
            "n_layers": "num_hidden_layers",
            "n_heads": "num_attention_heads",
            "d_ff": "intermediate_size",
            "max_positions": "max_position_embeddings",
            "type_vocab_size": "type_vocab_size",
        }
        missing = [key for key in [*names.values(), "layer_norm_eps"] if key not in config]
        if missing:
            raise ValueError(f"the model config lacks {', '.join(missing)}")
        if config.get("model_type", "bert") != "bert" or config.get("hidden_act", "gelu") != "gelu":
            raise ValueError(
                f"only BERT models with the exact GELU are supported, got model_type={config.get('model_type')!r}, "
                f"hidden_act={config.get('hidden_act')!r}"
            )
        if config.get("position_embedding_type", "absolute") != "absolute":
            raise ValueError(f"only absolute positions are supported, got {config['position_embedding_type']!r}")
        sizes = {}
        for ours, theirs in names.items():
            value = config[theirs]
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{theirs} in the model config must be a positive integer, got {value!r}")
            sizes[ours] = value
        # (json reads Infinity and NaN as floats: refused here, not turned into NaN by every LayerNorm)
        eps = check_eps(config["layer_norm_eps"], "layer_norm_eps in the model config")
        return cls(**sizes, layer_norm_eps=eps)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> BertConfig:
        """Read a ``config.json``."""
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))


class BertOutput(NamedTuple):
    """Everything a forward pass produces. ``...`` is the batch axis, absent for one text.

    ``n`` counts every token, [CLS], [SEP] and padding included.
    """

    tokens: list[str] | list[list[str]]
    """The tokens as strings (a list per text for a batch, without padding)."""
    ids: NDArray[np.int64]
    """``(..., n)`` token ids."""
    mask: NDArray[np.bool_]
    """``(..., n)``: True for real tokens, False for padding."""
    hidden_states: NDArray[np.floating]
    """``(..., n_layers + 1, n, d_model)``: the embeddings, then each layer's output."""
    attentions: NDArray[np.floating]
    """``(..., n_layers, n_heads, n, n)``: every head's attention weights; rows sum to 1, padded keys get 0."""
    embedding: NDArray[np.floating]
    """``(..., d_model)``: the sentence embedding (mask-aware mean of the last layer, unit length)."""


def mean_pool(hidden: ArrayLike, mask: ArrayLike) -> NDArray[np.floating]:
    r"""The mean of the token vectors where ``mask`` is True, scaled to unit length.

    .. math::

        e = \frac{\bar h}{\lVert \bar h \rVert}, \qquad
        \bar h = \frac{\sum_i m_i h_i}{\sum_i m_i}

    Args:
        hidden: ``(..., n, d)`` token vectors.
        mask: ``(..., n)`` booleans (or 0/1), True for the tokens to average.

    Returns:
        ``(..., d)``; a text with no real token gives the zero vector.

    Example:
        >>> mean_pool([[3.0, 0.0], [0.0, 4.0], [9.0, 9.0]], [True, True, False])
        array([0.6, 0.8])
    """
    hidden = np.asarray(hidden, dtype=np.result_type(np.asarray(hidden).dtype, np.float32))
    weights = np.asarray(mask).astype(hidden.dtype)
    if weights.shape != hidden.shape[:-1]:
        raise ValueError(
            f"mask must have shape {shape_str(hidden.shape[:-1])} (..., n), got {shape_str(weights.shape)}"
        )
    # [..., n] -> [..., n, 1] * [..., n, d] -> sum over n -> [..., d]
    total = (weights[..., None] * hidden).sum(axis=-2)
    mean = total / np.maximum(weights.sum(axis=-1, keepdims=True), 1e-9)
    return mean / np.maximum(np.linalg.norm(mean, axis=-1, keepdims=True), 1e-12)


class BertLayer:
    """One encoder layer: multi-head self-attention and a GELU feed-forward, each with residual + LayerNorm.

    Weights are stored ``(d_in, d_out)`` and applied as ``x @ w``.
    """

    def __init__(
        self,
        attention: MultiHeadAttention,
        attention_norm: tuple[NDArray, NDArray],
        w_1: NDArray,
        b_1: NDArray,
        w_2: NDArray,
        b_2: NDArray,
        output_norm: tuple[NDArray, NDArray],
        eps: float,
    ) -> None:
        self.attention = attention
        self.attention_norm = attention_norm
        self.w_1, self.b_1, self.w_2, self.b_2 = w_1, b_1, w_2, b_2
        self.output_norm = output_norm
        self.eps = eps

    def __call__(self, x: NDArray, mask: NDArray | None = None) -> tuple[NDArray, NDArray]:
        """``(..., n, d_model)`` -> the layer's output ``(..., n, d_model)`` and weights ``(..., n_heads, n, n)``."""
        x, trace = self.traced(x, mask)
        return x, trace.weights

    def traced(self, x: NDArray, mask: NDArray | None = None) -> tuple[NDArray, AttentionTrace]:
        """``(..., n, d_model)`` -> the layer's output and the :class:`~attention.results.AttentionTrace` of its heads.

        The trace holds the heads' queries, keys and values ``(..., n_heads,
        n, d_k)``, projections of the layer's input ``x``, and their weights
        ``(..., n_heads, n, n)``.
        """
        attended, trace = self.attention.traced(x, mask)
        x = layer_norm(x + attended, *self.attention_norm, eps=self.eps)
        # [..., n, d_model] -> [..., n, d_ff] -> [..., n, d_model]
        feed_forward = linear(gelu(linear(x, self.w_1, self.b_1)), self.w_2, self.b_2)
        return layer_norm(x + feed_forward, *self.output_norm, eps=self.eps), trace


class BertModel:
    """A BERT encoder with its tokenizer: text in, hidden states, attention weights and embedding out.

    Build it with :func:`load_minilm` (the course's model, from the cache) or
    :meth:`from_folder` / :meth:`from_tensors`.

    Args:
        config: the model's sizes.
        tensors: the weights by their Hugging Face names (``embeddings.word_embeddings.weight``,
            ``encoder.layer.0.attention.self.query.weight``, ...), PyTorch
            layout: linear weights ``(out, in)``. A ``bert.`` prefix is allowed.
        tokenizer: the matching tokenizer.
        dtype: the float type to compute in; float64 (default) or float32
            (half the memory, faster, about 1e-6 less exact).
    """

    def __init__(
        self,
        config: BertConfig,
        tensors: Mapping[str, NDArray],
        tokenizer: WordPieceTokenizer,
        *,
        dtype: DTypeLike = np.float64,
    ) -> None:
        self.config = config
        self.tokenizer = tokenizer
        self.dtype = model_dtype(dtype)
        check_vocabulary(tokenizer, config.vocab_size)
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in tensors else ""
        get = _Getter(tensors, prefix, self.dtype)
        d, n_ff = config.d_model, config.d_ff
        # The word table stays in the file's dtype (it is the largest); looked-up rows are cast.
        self.word_embeddings = get.raw("embeddings.word_embeddings.weight", (config.vocab_size, d))
        self.position_embeddings = get("embeddings.position_embeddings.weight", (config.max_positions, d))
        self.type_embeddings = get("embeddings.token_type_embeddings.weight", (config.type_vocab_size, d))
        self.embedding_norm = (get("embeddings.LayerNorm.weight", (d,)), get("embeddings.LayerNorm.bias", (d,)))
        self.layers: list[BertLayer] = []
        for i in range(config.n_layers):
            p = f"encoder.layer.{i}."
            attention = MultiHeadAttention.from_weights(
                # PyTorch's Linear stores (out, in) and computes x @ W.T: transpose to (in, out).
                get.t(p + "attention.self.query.weight", (d, d)),
                get.t(p + "attention.self.key.weight", (d, d)),
                get.t(p + "attention.self.value.weight", (d, d)),
                get.t(p + "attention.output.dense.weight", (d, d)),
                n_heads=config.n_heads,
                b_q=get(p + "attention.self.query.bias", (d,)),
                b_k=get(p + "attention.self.key.bias", (d,)),
                b_v=get(p + "attention.self.value.bias", (d,)),
                b_o=get(p + "attention.output.dense.bias", (d,)),
            )
            self.layers.append(
                BertLayer(
                    attention,
                    (
                        get(p + "attention.output.LayerNorm.weight", (d,)),
                        get(p + "attention.output.LayerNorm.bias", (d,)),
                    ),
                    get.t(p + "intermediate.dense.weight", (n_ff, d)),
                    get(p + "intermediate.dense.bias", (n_ff,)),
                    get.t(p + "output.dense.weight", (d, n_ff)),
                    get(p + "output.dense.bias", (d,)),
                    (get(p + "output.LayerNorm.weight", (d,)), get(p + "output.LayerNorm.bias", (d,))),
                    config.layer_norm_eps,
                )
            )

    @classmethod
    def from_folder(cls, folder: str | os.PathLike[str], *, dtype: DTypeLike = np.float64) -> BertModel:
        """Load ``config.json``, ``vocab.txt`` and ``model.safetensors`` from a folder."""
        folder = Path(folder)
        if not folder.is_dir():
            raise FileNotFoundError(
                f"{folder} is not a folder (expected one with config.json, vocab.txt, model.safetensors)"
            )
        for name in ("config.json", "vocab.txt", "model.safetensors"):
            if not (folder / name).is_file():
                raise FileNotFoundError(f"{folder} has no {name}")
        return cls(
            BertConfig.from_file(folder / "config.json"),
            read_safetensors(folder / "model.safetensors"),
            WordPieceTokenizer.from_file(folder / "vocab.txt"),
            dtype=dtype,
        )

    @property
    def n_params(self) -> int:
        """The number of weights the encoder uses (the unused pooler excluded)."""
        total = (
            self.word_embeddings.size
            + self.position_embeddings.size
            + self.type_embeddings.size
            + 2 * self.config.d_model
        )
        for layer in self.layers:
            total += layer.attention.n_params + layer.w_1.size + layer.b_1.size + layer.w_2.size + layer.b_2.size
            total += 4 * self.config.d_model  # the two LayerNorms' gamma and beta
        return int(total)

    def embed(self, ids: NDArray[np.int64], type_ids: NDArray[np.int64]) -> NDArray[np.floating]:
        """Token + position + segment embeddings, normalised: ``(..., n)`` ids -> ``(..., n, d_model)``."""
        n = ids.shape[-1]
        x = self.word_embeddings[ids].astype(self.dtype) + self.position_embeddings[:n] + self.type_embeddings[type_ids]
        return layer_norm(x, *self.embedding_norm, eps=self.config.layer_norm_eps)

    def forward(
        self, ids: ArrayLike, type_ids: ArrayLike | None = None, mask: ArrayLike | None = None
    ) -> tuple[NDArray, NDArray, NDArray]:
        """Run the encoder on token ids.

        Args:
            ids: ``(n,)`` or ``(batch, n)`` token ids.
            type_ids: same shape, segment ids (default all 0).
            mask: same shape, True for real tokens and False for padding
                (default all True). Padded keys get zero attention weight.

        Returns:
            ``(hidden_states, attentions, embedding)`` as in :class:`BertOutput`.
        """
        ids, type_ids, keep = self._check_inputs(ids, type_ids, mask)
        trace = self._trace(ids, type_ids, keep)
        # layers of [..., h, n, n] -> [..., n_layers, h, n, n]
        attentions = np.stack([layer.weights for layer in trace.layers], axis=-4)
        return trace.hidden_states, attentions, mean_pool(trace.hidden_states[..., -1, :, :], keep)

    def trace(self, ids: ArrayLike, type_ids: ArrayLike | None = None, mask: ArrayLike | None = None) -> ModelTrace:
        """Run the encoder as :meth:`forward` does, keeping what every layer's heads attended with.

        Same arguments and errors as :meth:`forward`; no sentence embedding.

        Returns:
            :class:`~attention.models.trace.ModelTrace`: the hidden states
            ``(..., n_layers + 1, n, d_model)`` and, per layer, the heads'
            queries, keys and values ``(..., n_heads, n, d_k)`` (projections
            of the layer's input) and weights ``(..., n_heads, n, n)``.
        """
        return self._trace(*self._check_inputs(ids, type_ids, mask))

    def _check_inputs(
        self, ids: ArrayLike, type_ids: ArrayLike | None, mask: ArrayLike | None
    ) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.bool_]]:
        """The ids, the type ids (default all 0) and the mask of real tokens (default all True), checked."""
        ids = self._check_ids("ids", ids, self.config.vocab_size, None)
        type_ids = (
            np.zeros_like(ids)
            if type_ids is None
            else self._check_ids("type_ids", type_ids, self.config.type_vocab_size, ids.shape)
        )
        if mask is None:
            keep = np.ones(ids.shape, dtype=bool)
        else:
            keep = np.asarray(mask)
            if keep.shape != ids.shape or keep.dtype.kind not in "bi":
                raise ValueError(
                    f"mask must be booleans of the shape of ids {shape_str(ids.shape)}, got {keep.dtype} {shape_str(keep.shape)}"
                )
            keep = keep.astype(bool)
        return ids, type_ids, keep

    def _trace(self, ids: NDArray[np.int64], type_ids: NDArray[np.int64], keep: NDArray[np.bool_]) -> ModelTrace:
        """The one loop over the layers, for checked inputs: :meth:`forward` and :meth:`trace` both read it."""
        # [..., n] -> [..., 1, n]: every query may attend to every real key
        key_mask = None if keep.all() else keep[..., None, :]
        x = self.embed(ids, type_ids)
        hidden, layers = [x], []
        for layer in self.layers:
            x, trace = layer.traced(x, key_mask)
            hidden.append(x)
            layers.append(trace)
        # layers of [..., n, d] -> [..., n_layers + 1, n, d]
        return ModelTrace(np.stack(hidden, axis=-3), tuple(layers))

    def _check_ids(self, name: str, ids: ArrayLike, limit: int, shape: tuple[int, ...] | None) -> NDArray[np.int64]:
        array = np.asarray(ids)
        if array.dtype.kind not in "iu":
            raise TypeError(f"{name} must be integers, got dtype {array.dtype}")
        if array.ndim not in (1, 2) or array.shape[-1] == 0:
            raise ValueError(f"{name} must have shape (n,) or (batch, n) with n >= 1, got {shape_str(array.shape)}")
        if shape is not None and array.shape != shape:
            raise ValueError(f"{name} must have the shape of ids {shape_str(shape)}, got {shape_str(array.shape)}")
        if name == "ids" and array.shape[-1] > self.config.max_positions:
            raise ValueError(
                f"the input is {array.shape[-1]} tokens long, but the model's position table has only "
                f"{self.config.max_positions} positions: shorten the text to at most {self.config.max_positions} "
                "tokens ([CLS] and [SEP] included), e.g. with truncate=True"
            )
        if array.min() < 0 or array.max() >= limit:
            raise ValueError(f"{name} must lie in 0..{limit - 1}, got values from {array.min()} to {array.max()}")
        return array.astype(np.int64, copy=False)

    def encode(self, text: str | Sequence[str], *, truncate: bool = False) -> Encoding:
        """Tokenize one text or a batch for this model (at most ``max_positions`` tokens)."""
        limit = self.config.max_positions
        if isinstance(text, str):
            return self.tokenizer.encode(text, max_length=limit, truncate=truncate)
        return self.tokenizer.encode_batch(text, max_length=limit, truncate=truncate)

    def __call__(self, text: str | Sequence[str], *, truncate: bool = False) -> BertOutput:
        """Tokenize and run one text, or a batch of texts (padded to the longest).

        Raises:
            ValueError: the text is longer than the position table (512
                tokens), unless ``truncate`` is True.
        """
        encoding = self.encode(text, truncate=truncate)
        hidden, attentions, embedding = self.forward(encoding.ids, encoding.type_ids, encoding.mask)
        return BertOutput(encoding.tokens, encoding.ids, encoding.mask, hidden, attentions, embedding)

    def __repr__(self) -> str:
        c = self.config
        return (
            f"BertModel(n_layers={c.n_layers}, n_heads={c.n_heads}, d_model={c.d_model}, d_ff={c.d_ff}, "
            f"vocab_size={c.vocab_size}, dtype={self.dtype})"
        )


class _Getter:
    """Fetch named tensors with their expected shapes, failing with the tensor's name."""

    def __init__(self, tensors: Mapping[str, NDArray], prefix: str, dtype: np.dtype) -> None:
        self.tensors, self.prefix, self.dtype = tensors, prefix, dtype

    def raw(self, name: str, shape: tuple[int, ...]) -> NDArray:
        key = self.prefix + name
        if key not in self.tensors:
            raise ValueError(f"the weights have no tensor {key!r} (they hold {len(self.tensors)} tensors)")
        array = np.asarray(self.tensors[key])
        if array.shape != shape:
            raise ValueError(f"tensor {key!r} has shape {shape_str(array.shape)}, expected {shape_str(shape)}")
        if array.dtype.kind != "f":
            raise TypeError(f"tensor {key!r} has dtype {array.dtype}, expected floats")
        return array

    def __call__(self, name: str, shape: tuple[int, ...]) -> NDArray:
        return np.array(self.raw(name, shape), dtype=self.dtype)

    def t(self, name: str, shape: tuple[int, ...]) -> NDArray:
        """A PyTorch Linear weight ``(out, in)``, transposed to ``(in, out)``."""
        return np.ascontiguousarray(self.raw(name, shape).T, dtype=self.dtype)


def load_minilm(folder: str | os.PathLike[str] | None = None, *, dtype: DTypeLike = np.float64) -> BertModel:
    """Load all-MiniLM-L6-v2 from the cache (or from ``folder``).

    Raises:
        MissingWeightsError: the files are not there; the message gives the
            command that fetches them (``python -m attention.models fetch``).
    """
    return BertModel.from_folder(require_files(folder), dtype=dtype)
