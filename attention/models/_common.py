"""What the pretrained models check alike when they are built: the dtype they compute in, and a tokenizer that fits."""

from __future__ import annotations

from collections.abc import Sized

import numpy as np
from numpy.typing import DTypeLike


def model_dtype(dtype: DTypeLike) -> np.dtype:
    """``dtype`` as a numpy dtype, float32 or float64 (the two the models compute in)."""
    checked = np.dtype(dtype)
    if checked not in (np.float32, np.float64):
        raise ValueError(f"dtype must be float32 or float64, got {checked}")
    return checked


def check_vocabulary(tokenizer: Sized, vocab_size: int) -> None:
    """The tokenizer has exactly as many tokens as the model has embeddings."""
    if len(tokenizer) != vocab_size:
        raise ValueError(f"the tokenizer has {len(tokenizer)} tokens, the model's vocab_size is {vocab_size}")
