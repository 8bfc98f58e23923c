"""The byte-level BPE tokenizer: the split and the merges by hand, and SmolLM2's against the tokenizers package.

The reference ids in data/smollm2_reference.json come from Hugging Face's
``tokenizers`` set up as SmolLM2's tokenizer, on real texts and on strings
drawn by hypothesis (site_examples/generate/smollm2_fixture.py compares
thousands live and records a few hundred). Those tests need the model's
GGUF file (its vocabulary and merges); without it they fail and say how to fetch it.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from attention.models import MissingWeightsError
from attention.models.bpe import ByteLevelBPE, bytes_to_unicode, chat_prompt, pre_tokenize
from attention.models.gguf import read_gguf
from attention.models.weights import require_smollm2

FIXTURE = json.loads((Path(__file__).parent / "data" / "smollm2_reference.json").read_text(encoding="utf-8"))
TOKENIZER = FIXTURE["tokenizer"]


# --- by hand ---------------------------------------------------------------------------------


def test_bytes_to_unicode_is_gpt2s_table() -> None:
    spelling = bytes_to_unicode()
    assert len(set(spelling.values())) == 256
    assert spelling[ord("a")] == "a" and spelling[0xA1] == "¡" and spelling[0xFF] == "ÿ"
    # the bytes that are not printable Latin-1 take U+0100 on, in order: 0x00 first, the space 33rd, 0xAD last
    assert spelling[0x00] == "Ā" and spelling[0x20] == "Ġ" and spelling[0x0A] == "Ċ" and spelling[0xAD] == "Ń"


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("Hello world", ["Hello", " world"]),
        ("it's we'll I'M", ["it", "'s", " we", "'ll", " I", "'", "M"]),
        ("a  b", ["a", " ", " b"]),
        ("a \n b", ["a", " \n", " b"]),
        ("a\nb", ["a", "\n", "b"]),
        ("end  ", ["end", "  "]),
        ("x!!  ?y", ["x", "!!", " ", " ?", "y"]),
        ("''s", ["''", "s"]),
        ("pi 3.14", ["pi", " 3", ".", "14"]),
        ("naïve 東京", ["naïve", " 東京"]),
        ("a\u3000b", ["a", "\u3000", "b"]),
        ("", []),
    ],
)
def test_gpt2_split_by_hand(text: str, pieces: list[str]) -> None:
    assert pre_tokenize(text) == pieces


def test_digits_set_apart_first() -> None:
    assert pre_tokenize("a  12", isolate_digits=True) == ["a", "  ", "1", "2"]
    assert pre_tokenize("a  12") == ["a", " ", " 12"]
    assert pre_tokenize("x½²", isolate_digits=True) == ["x", "½", "²"]


def test_merges_by_hand() -> None:
    # merges in rank order: "l o", "lo w", "Ġ lo", "e r"; "low" -> lo w -> low; " lower" -> Ġ lo w e r? "lo w" ranks before "Ġ lo"
    tokens = ["l", "o", "w", "e", "r", "Ġ", "lo", "low", "Ġlo", "er", "Ġlow"]
    bpe = ByteLevelBPE(tokens, ["l o", "lo w", "Ġ lo", "e r", "Ġ low"])
    assert bpe.token_strings(bpe.encode("low")) == ["low"]
    # " lower": Ġ l o w e r -> Ġ lo w e r -> Ġ low e r -> (no "Ġ lo": lo is gone) ... "e r" -> Ġ low er -> "Ġ low" -> Ġlow er
    assert bpe.token_strings(bpe.encode(" lower")) == ["Ġlow", "er"]
    assert bpe.decode(bpe.encode(" lower")) == " lower"


def test_equal_pairs_merge_left_to_right() -> None:
    bpe = ByteLevelBPE(["a", "aa"], ["a a"])
    assert bpe.token_strings(bpe.encode("aaa")) == ["aa", "a"]
    assert bpe.token_strings(bpe.encode("aaaa")) == ["aa", "aa"]


def test_special_tokens_are_matched_whole_and_longest_first() -> None:
    tokens = ["<", "a", "|", ">", "<|a|>", "<|a|>>"]
    bpe = ByteLevelBPE(tokens, [], special=["<|a|>", "<|a|>>"])
    assert bpe.encode("a<|a|>>a<|a|>") == [1, 5, 1, 4]
    assert bpe.encode("<|a") == [0, 2, 1]


def test_bytes_without_a_token_are_left_out() -> None:
    bpe = ByteLevelBPE(["a", "b", "ab"], ["a b"])
    assert bpe.encode("a\x06b") == [0, 1]  # split apart by the pre-tokenizer, then the byte dropped
    assert bpe.encode("ab") == [2]


def test_decode_cut_inside_a_character() -> None:
    bpe = ByteLevelBPE(list(bytes_to_unicode().values()), [])
    ids = bpe.encode("é")  # two bytes, two tokens
    assert len(ids) == 2
    assert bpe.decode(ids[:1]) == "\ufffd" and bpe.decode(ids) == "é"
    assert bpe.token_bytes(ids[0]) == "é".encode()[:1]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: ByteLevelBPE(["a", "a"], []), ValueError, "tokens must not repeat"),
        (lambda: ByteLevelBPE(["a"], ["a"]), ValueError, "merge 0 must be two tokens joined by one space, got 'a'"),
        (
            lambda: ByteLevelBPE(["a"], ["a a"]),
            ValueError,
            r"merge 0 \('a a'\) makes 'aa', which is not in the vocabulary",
        ),
        (
            lambda: ByteLevelBPE(["a"], [], special=["<s>"]),
            ValueError,
            r"special tokens not in the vocabulary: \['<s>'\]",
        ),
        (lambda: ByteLevelBPE(["a"], []).encode(b"a"), TypeError, "text must be a str, got bytes"),
        (lambda: ByteLevelBPE(["a"], []).decode([1]), ValueError, r"token id 1 is outside the vocabulary 0..0"),
        (lambda: ByteLevelBPE(["a"], []).decode(["a"]), TypeError, "token ids must be integers, got str"),
        (lambda: ByteLevelBPE.from_gguf_metadata({"tokenizer.ggml.model": "llama"}), ValueError, "only byte-level BPE"),
        (
            lambda: ByteLevelBPE.from_gguf_metadata({"tokenizer.ggml.model": "gpt2", "tokenizer.ggml.pre": "qwen2"}),
            ValueError,
            "unknown pre-tokenizer 'qwen2'",
        ),
        (lambda: chat_prompt(3), TypeError, "user must be a str, got int"),
    ],
)
def test_errors(call, error, message) -> None:
    with pytest.raises(error, match=message):
        call()


# --- SmolLM2's, against the tokenizers package --------------------------------------------------


@pytest.fixture(scope="module")
def smollm2() -> ByteLevelBPE:
    try:
        return ByteLevelBPE.from_gguf_metadata(read_gguf(require_smollm2()).metadata)
    except MissingWeightsError as error:
        pytest.fail(f"these tests need the model's weights. {error}", pytrace=False)


def test_smollm2_tokenizer_shape(smollm2: ByteLevelBPE) -> None:
    assert len(smollm2) == 49_152 and len(smollm2.ranks) == 48_900
    assert smollm2.isolate_digits  # the file's pre-tokenizer is "smollm"
    assert {"<|im_start|>", "<|im_end|>", "<|endoftext|>"} <= set(smollm2.special) and len(smollm2.special) == 17


def _missing_bytes(tokenizer: ByteLevelBPE) -> set[int]:
    return {byte for byte, char in bytes_to_unicode().items() if char not in tokenizer.ids}


def test_the_21_bytes_without_a_token(smollm2: ByteLevelBPE) -> None:
    """As the module docstring says: six control characters, and bytes that never start a UTF-8 character
    of an assigned code point (0xC0, 0xC1 and 0xF5-0xFF are never in UTF-8; 0xF1, 0xF2 start planes 4-11)."""
    assert _missing_bytes(smollm2) == {4, 6, 19, 20, 22, 29, 0xC0, 0xC1, 0xF1, 0xF2, *range(0xF5, 0x100)}


@pytest.mark.parametrize("case", TOKENIZER["real"], ids=lambda case: repr(case["text"][:24]))
def test_real_texts_match_tokenizers(smollm2: ByteLevelBPE, case: dict) -> None:
    assert smollm2.encode(case["text"]) == case["ids"]
    if not set(case["text"].encode("utf-8")) & _missing_bytes(smollm2):
        assert smollm2.decode(case["ids"]) == case["text"]


def _assigned_here(text: str) -> bool:
    """Whether this Python's Unicode tables know every character (the fixture was drawn on Unicode 14)."""
    return all(unicodedata.category(char) != "Cn" for char in text)


def test_hypothesis_strings_match_tokenizers(smollm2: ByteLevelBPE) -> None:
    cases = [case for case in TOKENIZER["hypothesis"] if _assigned_here(case["text"])]
    # An older Python (Unicode 13 on 3.10) may not know a few characters; nearly all are compared.
    assert len(cases) >= 0.9 * len(TOKENIZER["hypothesis"]) >= 270
    mismatches = [
        (case["text"], smollm2.encode(case["text"]), case["ids"])
        for case in cases
        if smollm2.encode(case["text"]) != case["ids"]
    ]
    assert not mismatches, mismatches[:3]


def test_fixture_exercises_the_rules(smollm2: ByteLevelBPE) -> None:
    """The recorded strings hold contractions, digits, specials, odd white space and dropped bytes."""
    texts = "".join(case["text"] for case in TOKENIZER["hypothesis"])
    assert all(s in texts for s in ("<|im_start|>", "<|im_end|>", "'s", "'ll", "  ", " 1", "\u3000", "\xa0", "\x85"))
    ids = [i for case in TOKENIZER["hypothesis"] for i in case["ids"]]
    assert max(ids) > 40_000 and len(set(ids)) > 300
    dropped = [
        case
        for case in TOKENIZER["hypothesis"] + TOKENIZER["real"]
        if len(smollm2.decode(case["ids"])) < len(case["text"])
    ]
    assert dropped  # some text held a byte the vocabulary lacks


def test_chat_prompt_is_the_models_chat_template() -> None:
    # the fixture's second prompt was checked against transformers' apply_chat_template when it was written
    assert FIXTURE["prompts"][1]["text"] == chat_prompt("What is the capital of France?")
