"""BERT's WordPiece tokenizer on hand-worked cases and a small hand-made vocabulary (no model files needed)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from attention.models import WordPieceTokenizer, basic_tokenize, wordpiece

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
VOCAB = SPECIAL + ["the", "cat", "sat", "##s", ".", "un", "##believ", "##able", "!", "on", "mat", "a"]
# ids:              0..4              5      6      7     8     9    10       11        12      13   14     15    16


@pytest.fixture
def tokenizer() -> WordPieceTokenizer:
    return WordPieceTokenizer(VOCAB)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Hello, World!", ["hello", ",", "world", "!"]),
        ("don't", ["don", "'", "t"]),
        ("Crème Brûlée", ["creme", "brulee"]),  # accents stripped after NFD
        ("e\u0301t\u00e9", ["ete"]),  # decomposed and composed accents alike
        ("東京タワー", ["東", "京", "タワー"]),  # CJK ideographs stand alone, katakana does not
        ("a\tb\nc\r\nd\u00a0e", ["a", "b", "c", "d", "e"]),  # every whitespace, NBSP included
        ("zero\u200bwidth\x00nul\x07bell", ["zerowidthnulbell"]),  # format and control characters vanish
        ("$5^2`x`", ["$", "5", "^", "2", "`", "x", "`"]),  # ASCII symbols split like punctuation
        ("¿Qué? «Sí»", ["¿", "que", "?", "«", "si", "»"]),  # Unicode punctuation
        ("  ", []),
        ("", []),
    ],
)
def test_basic_tokenize(text: str, words: list[str]) -> None:
    assert basic_tokenize(text) == words


def test_wordpiece_longest_match_first() -> None:
    vocab = {"un", "unaff", "##aff", "##able", "##a", "##ble"}
    # "unaff" is longer than "un": it wins, then "##able" beats "##a".
    assert wordpiece("unaffable", vocab) == ["unaff", "##able"]


def test_wordpiece_is_greedy_without_backtracking() -> None:
    # "ab ##cd" would cover "abcd", but greedy takes "abc" first and then finds no "##d".
    assert wordpiece("abcd", {"abc", "ab", "##cd"}) == ["[UNK]"]
    assert wordpiece("abcd", {"abc", "ab", "##cd", "##d"}) == ["abc", "##d"]


def test_wordpiece_length_limit() -> None:
    vocab = {"a", "##a"}
    assert wordpiece("a" * 100, vocab) == ["a"] + ["##a"] * 99
    assert wordpiece("a" * 101, vocab) == ["[UNK]"]


def test_encode_frames_with_cls_and_sep(tokenizer: WordPieceTokenizer) -> None:
    encoding = tokenizer.encode("The cats sat on a mat.")
    assert encoding.tokens == ["[CLS]", "the", "cat", "##s", "sat", "on", "a", "mat", ".", "[SEP]"]
    assert encoding.ids.tolist() == [2, 5, 6, 8, 7, 14, 16, 15, 9, 3]
    assert encoding.type_ids.tolist() == [0] * 10 and encoding.mask.all()


def test_unknown_words_and_special_tokens(tokenizer: WordPieceTokenizer) -> None:
    assert tokenizer.tokenize("Unbelievable dog!") == ["un", "##believ", "##able", "[UNK]", "!"]
    # special tokens are kept when written exactly, and read as text otherwise
    assert tokenizer.tokenize("the [MASK] sat[SEP]") == ["the", "[MASK]", "sat", "[SEP]"]
    assert tokenizer.tokenize("[mask]") == ["[UNK]", "[UNK]", "[UNK]"]


def test_pair_type_ids(tokenizer: WordPieceTokenizer) -> None:
    encoding = tokenizer.encode("the cat", "sat.")
    assert encoding.tokens == ["[CLS]", "the", "cat", "[SEP]", "sat", ".", "[SEP]"]
    assert encoding.type_ids.tolist() == [0, 0, 0, 0, 1, 1, 1]


def test_max_length(tokenizer: WordPieceTokenizer) -> None:
    with pytest.raises(ValueError, match=r"6 tokens long with \[CLS\] and \[SEP\], more than max_length=5"):
        tokenizer.encode("the cat sat on", max_length=5)
    assert tokenizer.encode("the cat sat on", max_length=5, truncate=True).tokens == [
        "[CLS]",
        "the",
        "cat",
        "sat",
        "[SEP]",
    ]
    # a pair loses tokens from its longer text first
    pair = tokenizer.encode("the cat sat on", "a mat", max_length=7, truncate=True)
    assert pair.tokens == ["[CLS]", "the", "cat", "[SEP]", "a", "mat", "[SEP]"]
    with pytest.raises(ValueError, match="leaves no room"):
        tokenizer.encode("the", max_length=1, truncate=True)


def test_batch_is_padded(tokenizer: WordPieceTokenizer) -> None:
    batch = tokenizer.encode_batch(["the cat", "the cats sat."])
    assert batch.ids.tolist() == [[2, 5, 6, 3, 0, 0, 0], [2, 5, 6, 8, 7, 9, 3]]
    assert batch.mask.tolist() == [[True] * 4 + [False] * 3, [True] * 7]
    assert batch.tokens[0] == ["[CLS]", "the", "cat", "[SEP]"]
    with pytest.raises(ValueError, match="non-empty sequence"):
        tokenizer.encode_batch("the cat")


def test_decode_and_errors(tokenizer: WordPieceTokenizer) -> None:
    assert tokenizer.decode([2, 6, 3]) == ["[CLS]", "cat", "[SEP]"]
    assert len(tokenizer) == len(VOCAB) and repr(tokenizer) == "WordPieceTokenizer(vocab_size=17)"
    with pytest.raises(ValueError, match=r"token id 17 is outside the vocabulary \(0\.\.16\)"):
        tokenizer.decode([17])
    with pytest.raises(TypeError, match="text must be a str"):
        tokenizer.tokenize(b"bytes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"lacks the special tokens \[MASK\]"):
        WordPieceTokenizer(SPECIAL[:4] + ["a"])
    with pytest.raises(ValueError, match="lists 'a' twice"):
        WordPieceTokenizer(SPECIAL + ["a", "a"])
    with pytest.raises(TypeError, match="sequence of token strings"):
        WordPieceTokenizer("abc")


def test_from_file(tmp_path) -> None:
    path = tmp_path / "vocab.txt"
    path.write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    assert WordPieceTokenizer.from_file(path).vocab == WordPieceTokenizer(VOCAB).vocab
    with pytest.raises(FileNotFoundError, match="no vocabulary file"):
        WordPieceTokenizer.from_file(tmp_path / "missing.txt")


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        (dict(max_length="5"), TypeError, "max_length must be an integer, got str"),
        (dict(max_length=2.5), TypeError, "max_length must be an integer, got float"),
        (dict(max_length=True), TypeError, "max_length must be an integer, got bool"),
        (dict(max_length=0, truncate=True), ValueError, "max_length must be at least 1, got 0"),
        (dict(truncate="no"), TypeError, "truncate must be True or False, got str"),
        (dict(truncate=1), TypeError, "truncate must be True or False, got int"),
    ],
)
def test_limits_are_checked_by_name(tokenizer: WordPieceTokenizer, arguments: dict, error: type, message: str) -> None:
    """max_length is an integer of at least 1 (or None), truncate True or False: for one text and for a batch."""
    with pytest.raises(error, match="^" + re.escape(message)):
        tokenizer.encode("the cat", **arguments)
    with pytest.raises(error, match="^" + re.escape(message)):
        tokenizer.encode_batch(["the cat"], **arguments)


def test_decode_takes_integer_ids_only(tokenizer: WordPieceTokenizer) -> None:
    """1.7 is not a token id (int() would make it 1); numpy's integers are."""
    with pytest.raises(TypeError, match=re.escape("ids must hold integer token ids, got 1.7 (float) at position 1")):
        tokenizer.decode([2, 1.7])
    with pytest.raises(TypeError, match=re.escape("ids must hold integer token ids, got True (bool) at position 0")):
        tokenizer.decode([True])
    assert tokenizer.decode(np.array([2, 6, 3])) == ["[CLS]", "cat", "[SEP]"]
