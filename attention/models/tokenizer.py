"""BERT's uncased WordPiece tokenizer: text -> token ids, the way the model was trained to read it.

Two stages, as in BERT:

1. *Basic tokenization* cuts the text into words: drop control characters,
   turn every kind of whitespace into a space, put spaces around CJK
   ideographs (each one becomes a word), strip accents (Unicode NFD, then drop
   the combining marks), lower-case, and split on whitespace and on every
   punctuation character (each one becomes a word).
2. *WordPiece* cuts each word into vocabulary entries, greedily, longest match
   first: ``"tokenization"`` -> ``token ##ization``, where ``##`` marks a piece
   that continues a word. A word that cannot be covered entirely (or is longer
   than 100 characters) becomes ``[UNK]``.

The encoding is framed as ``[CLS] text [SEP]`` (``[CLS] a [SEP] b [SEP]`` for a
pair of texts). The special tokens ``[PAD] [UNK] [CLS] [SEP] [MASK]`` written
literally in the text are kept as themselves.
"""

from __future__ import annotations

import numbers
import os
import re
import unicodedata
from collections.abc import Container, Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from .._validate import check_flag, check_int

__all__ = ["Encoding", "WordPieceTokenizer", "basic_tokenize", "wordpiece"]

SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
MAX_CHARS_PER_WORD = 100

# The CJK Unified Ideographs blocks and their extensions, as BERT lists them. Other
# scripts (Hangul, Hiragana, Katakana) are written with spaces or are handled by WordPiece.
_CJK_RANGES = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B820, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)


def _is_whitespace(char: str) -> bool:
    return char in " \t\n\r" or unicodedata.category(char) == "Zs"


def _is_control(char: str) -> bool:
    # Tab, newline and carriage return are categorised as controls but act as whitespace.
    return char not in "\t\n\r" and unicodedata.category(char).startswith("C")


def _is_punctuation(char: str) -> bool:
    # All non-alphanumeric ASCII counts ("$", "^", "`" are symbols, not punctuation, in Unicode).
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _CJK_RANGES)


def normalize(text: str) -> str:
    """Basic tokenization's character pass: clean, space out CJK, strip accents, lower-case.

    Example:
        >>> normalize("Crème\\tBRÛLÉE 東京")
        'creme brulee  東  京 '
    """
    chars = []
    for char in text:
        if char in ("\x00", "\ufffd") or _is_control(char):
            continue
        if _is_whitespace(char):
            chars.append(" ")
        elif _is_cjk(char):
            chars.append(f" {char} ")
        else:
            chars.append(char)
    decomposed = unicodedata.normalize("NFD", "".join(chars))
    stripped = "".join(char for char in decomposed if unicodedata.category(char) != "Mn")
    return stripped.lower()


def basic_tokenize(text: str) -> list[str]:
    """Cut text into lower-case, accent-free words and single punctuation marks.

    Example:
        >>> basic_tokenize("Don't panic, Zoë!")
        ['don', "'", 't', 'panic', ',', 'zoe', '!']
    """
    words: list[str] = []
    for chunk in normalize(text).split():
        word: list[str] = []
        for char in chunk:
            if _is_punctuation(char):
                if word:
                    words.append("".join(word))
                    word = []
                words.append(char)
            else:
                word.append(char)
        if word:
            words.append("".join(word))
    return words


def wordpiece(word: str, vocab: Container[str], unk: str = "[UNK]") -> list[str]:
    """Cut one word into vocabulary pieces, greedily taking the longest match first.

    Every piece after the first carries the prefix ``##``. If some part of
    the word matches nothing, or the word is longer than 100 characters, the
    whole word becomes ``unk``.

    Example:
        >>> vocab = {"un", "##aff", "##able", "aff"}
        >>> wordpiece("unaffable", vocab)
        ['un', '##aff', '##able']
        >>> wordpiece("unaffablex", vocab)
        ['[UNK]']
    """
    if len(word) > MAX_CHARS_PER_WORD:
        return [unk]
    pieces: list[str] = []
    start = 0
    while start < len(word):
        end = len(word)
        while end > start:
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                break
            end -= 1
        else:
            return [unk]
        pieces.append(piece)
        start = end
    return pieces


class Encoding(NamedTuple):
    """A tokenized text, ready for the model.

    For one text the arrays are 1-D ``(n,)``; for a batch they are
    ``(batch, n)``, padded with ``[PAD]`` to the longest text, and ``tokens``
    is a list of lists without the padding.
    """

    ids: NDArray[np.int64]
    """Token ids, the rows of the embedding table to look up."""
    tokens: list[str] | list[list[str]]
    """The same tokens as strings, for display."""
    type_ids: NDArray[np.int64]
    """0 for the first text (and its [CLS], [SEP]), 1 for the second of a pair."""
    mask: NDArray[np.bool_]
    """True for real tokens, False for padding."""


_SPECIAL_PATTERN = re.compile("(" + "|".join(re.escape(token) for token in SPECIAL_TOKENS) + ")")


class WordPieceTokenizer:
    """BERT's uncased tokenizer over a given vocabulary.

    Args:
        vocab: the vocabulary in id order (token i has id i), e.g. the lines of
            a model's ``vocab.txt``. It must contain the five special tokens.

    Use :meth:`from_file` to read a ``vocab.txt``.

    Example:
        >>> vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "cat", "sat", "##s", "."]
        >>> tokenizer = WordPieceTokenizer(vocab)
        >>> tokenizer.tokenize("The cats sat.")
        ['the', 'cat', '##s', 'sat', '.']
        >>> tokenizer.encode("The cats sat!").ids
        array([2, 5, 6, 8, 7, 1, 3])
    """

    def __init__(self, vocab: Sequence[str]) -> None:
        if isinstance(vocab, str) or not all(isinstance(token, str) for token in vocab):
            raise TypeError("vocab must be a sequence of token strings in id order")
        self.vocab: dict[str, int] = {}
        for index, token in enumerate(vocab):
            if token in self.vocab:
                raise ValueError(f"vocab lists {token!r} twice (ids {self.vocab[token]} and {index})")
            self.vocab[token] = index
        missing = [token for token in SPECIAL_TOKENS if token not in self.vocab]
        if missing:
            raise ValueError(f"vocab lacks the special tokens {', '.join(missing)}")
        self.inverse: list[str] = list(vocab)
        self.pad_id, self.unk_id, self.cls_id, self.sep_id, self.mask_id = (self.vocab[t] for t in SPECIAL_TOKENS)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> WordPieceTokenizer:
        """Read a ``vocab.txt``: one token a line, line i is token id i."""
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(f"no vocabulary file at {path}")
        return cls(path.read_text(encoding="utf-8").splitlines())

    def __len__(self) -> int:
        return len(self.inverse)

    def tokenize(self, text: str) -> list[str]:
        """Text -> WordPiece tokens, without [CLS]/[SEP]."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        tokens: list[str] = []
        # Special tokens written in the text are matched before any normalisation, exactly as written.
        for part in _SPECIAL_PATTERN.split(text):
            if part in SPECIAL_TOKENS:
                tokens.append(part)
                continue
            for word in basic_tokenize(part):
                tokens.extend(wordpiece(word, self.vocab))
        return tokens

    @staticmethod
    def _check_limits(max_length: int | None, truncate: bool) -> tuple[int | None, bool]:
        """``max_length`` as an int of at least 1 (or None) and ``truncate`` as a bool, else an error naming it."""
        truncate = check_flag("truncate", truncate)
        return (None if max_length is None else check_int("max_length", max_length, minimum=1)), truncate

    def _frame(
        self, text: str, text_pair: str | None, max_length: int | None, truncate: bool
    ) -> tuple[list[str], list[int]]:
        first = self.tokenize(text)
        second = None if text_pair is None else self.tokenize(text_pair)
        n_special = 2 if second is None else 3
        length = len(first) + n_special + (0 if second is None else len(second))
        if max_length is not None and length > max_length:
            if not truncate:
                raise ValueError(
                    f"the text is {length} tokens long with [CLS] and [SEP], more than max_length={max_length}; "
                    "shorten it or pass truncate=True"
                )
            if max_length < n_special:
                raise ValueError(f"max_length={max_length} leaves no room for the {n_special} special tokens")
            # Drop tokens from the end of the longer text, one at a time, as BERT does.
            while len(first) + n_special + (0 if second is None else len(second)) > max_length:
                if second is not None and len(second) > len(first):
                    second.pop()
                else:
                    first.pop()
        tokens = ["[CLS]", *first, "[SEP]"]
        type_ids = [0] * len(tokens)
        if second is not None:
            tokens += [*second, "[SEP]"]
            type_ids += [1] * (len(second) + 1)
        return tokens, type_ids

    def encode(
        self, text: str, text_pair: str | None = None, *, max_length: int | None = None, truncate: bool = False
    ) -> Encoding:
        """Tokenize and frame one text (or a pair) as ``[CLS] text [SEP] (text_pair [SEP])``.

        Args:
            text: the text.
            text_pair: an optional second text, with type id 1.
            max_length: the most tokens allowed, special tokens included.
            truncate: if the text is longer than ``max_length``, cut it (the
                longer text of a pair first) instead of raising ``ValueError``.
        """
        max_length, truncate = self._check_limits(max_length, truncate)
        tokens, type_ids = self._frame(text, text_pair, max_length, truncate)
        ids = np.array([self.vocab[token] for token in tokens], dtype=np.int64)
        return Encoding(ids, tokens, np.array(type_ids, dtype=np.int64), np.ones(len(tokens), dtype=bool))

    def encode_batch(self, texts: Sequence[str], *, max_length: int | None = None, truncate: bool = False) -> Encoding:
        """Encode several texts, padded with ``[PAD]`` to the longest; ``mask`` marks the real tokens."""
        if isinstance(texts, str) or len(texts) == 0:
            raise ValueError("texts must be a non-empty sequence of strings (use encode() for one text)")
        max_length, truncate = self._check_limits(max_length, truncate)
        framed = [self._frame(text, None, max_length, truncate)[0] for text in texts]
        n = max(len(tokens) for tokens in framed)
        ids = np.full((len(framed), n), self.pad_id, dtype=np.int64)
        mask = np.zeros((len(framed), n), dtype=bool)
        for row, tokens in enumerate(framed):
            ids[row, : len(tokens)] = [self.vocab[token] for token in tokens]
            mask[row, : len(tokens)] = True
        return Encoding(ids, framed, np.zeros_like(ids), mask)

    def decode(self, ids: Iterable[int]) -> list[str]:
        """Token ids -> token strings; each id an integer (numpy's too) in ``0 .. len(self) - 1``."""
        tokens: list[str] = []
        for position, i in enumerate(ids):
            if isinstance(i, (bool, np.bool_)) or not isinstance(i, numbers.Integral):
                raise TypeError(f"ids must hold integer token ids, got {i!r} ({type(i).__name__}) at position {position}")
            if not 0 <= int(i) < len(self.inverse):
                raise ValueError(f"token id {int(i)} is outside the vocabulary (0..{len(self.inverse) - 1})")
            tokens.append(self.inverse[int(i)])
        return tokens

    def __repr__(self) -> str:
        return f"WordPieceTokenizer(vocab_size={len(self)})"
