r"""Byte-level BPE, the tokenizer of GPT-2 and of SmolLM2, in pure Python (it also runs in the browser).

Three steps turn a text into token ids:

1. *Special tokens* written in the text (``<|im_start|>``, ``<|im_end|>``,
   ...) are cut out first and become their own ids.
2. *Pre-tokenization* cuts the rest into pieces, so that no token spans two
   words: a letter run with the space before it (``" cat"``), a number run,
   a run of other symbols, runs of white space, the contractions ``'s 't
   're 've 'm 'll 'd``. That is GPT-2's rule; SmolLM2 first sets every digit
   apart (``"2024"`` is four pieces), which the GGUF file says by its
   pre-tokenizer name, ``smollm``.
3. *Byte-pair merges*: each piece is written as its UTF-8 bytes, each byte
   spelled as one printable character (a space is ``Ġ``, a newline ``Ċ``), and
   then the learned merges are applied, best-ranked pair first, until no
   listed pair is left. SmolLM2 has 48,900 merges and 49,152 tokens.

Nearly every byte is a token of its own, so any text can be encoded: there
is no unknown token. SmolLM2's vocabulary lacks 21 bytes (a few control
characters such as ``\x06``, and bytes that never occur in UTF-8 text or
only in unassigned characters); as in Hugging Face's ``tokenizers``, they are
left out. Decoding joins the tokens, turns the characters back into
bytes and reads them as UTF-8 (a token can end inside a character: decoding
such a cut-off stream shows ``\ufffd`` there).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["ByteLevelBPE", "bytes_to_unicode", "chat_prompt", "pre_tokenize"]

# Unicode's White_Space property: what the pre-tokenizer's "\s" matches.
WHITESPACE = frozenset(
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
CONTRACTIONS = ("s", "t", "re", "ve", "m", "ll", "d")
# The GGUF pre-tokenizer names this tokenizer reads, and whether each sets digits apart first.
PRE_TOKENIZERS = {"gpt2": False, "default": False, "smollm": True}


@functools.lru_cache(maxsize=1)
def bytes_to_unicode() -> dict[int, str]:
    """GPT-2's spelling of the 256 bytes as printable characters: byte -> character.

    The printable Latin-1 bytes stand for themselves; the others (controls,
    the space, ...) take the characters from U+0100 on, in order. So a space
    is ``Ġ`` (U+0120) and a newline ``Ċ`` (U+010A).

    Example:
        >>> spelling = bytes_to_unicode()
        >>> spelling[ord("A")], spelling[ord(" ")], spelling[ord("\\n")]
        ('A', 'Ġ', 'Ċ')
    """
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    spelling = {byte: chr(byte) for byte in printable}
    extra = 0
    for byte in range(256):
        if byte not in spelling:
            spelling[byte] = chr(256 + extra)
            extra += 1
    return spelling


def _kind(char: str) -> str:
    """``"L"`` letter, ``"N"`` number, ``"S"`` white space, ``"O"`` anything else."""
    if char in WHITESPACE:
        return "S"
    category = unicodedata.category(char)[0]
    return category if category in "LN" else "O"


def _split(text: str) -> list[str]:
    r"""GPT-2's pre-tokenizer, the regular expression

    ``'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+``

    written out as a scan, left to right, each alternative tried in order.
    """
    pieces: list[str] = []
    kinds = [_kind(char) for char in text]
    n, i = len(text), 0
    while i < n:
        char = text[i]
        if char == "'":
            suffix = next((s for s in CONTRACTIONS if text.startswith(s, i + 1)), None)
            if suffix is not None:
                pieces.append(text[i : i + 1 + len(suffix)])
                i += 1 + len(suffix)
                continue
        # " ?\p{L}+", " ?\p{N}+", " ?[^\s\p{L}\p{N}]+": an optional space, then a run of one kind
        start = i
        j = i + 1 if char == " " and i + 1 < n and kinds[i + 1] != "S" else i
        if kinds[j] != "S":
            kind = kinds[j]
            j += 1
            while j < n and kinds[j] == kind:
                j += 1
            pieces.append(text[start:j])
            i = j
            continue
        # white space: "\s+(?!\S)" takes the run but leaves its last character to the word after it;
        # a single white space character before a word is "\s+" alone
        j = i
        while j < n and kinds[j] == "S":
            j += 1
        end = j if j == n or j - i == 1 else j - 1
        pieces.append(text[i:end])
        i = end
    return pieces


def pre_tokenize(text: str, *, isolate_digits: bool = False) -> list[str]:
    """Cut text into the pieces that BPE merges within (see the module docstring).

    Args:
        text: any string.
        isolate_digits: first set every number character apart (SmolLM2's rule).

    Example:
        >>> pre_tokenize("Don't stop  now, 2024!")
        ['Don', "'t", ' stop', ' ', ' now', ',', ' 2024', '!']
        >>> pre_tokenize("Don't stop  now, 2024!", isolate_digits=True)
        ['Don', "'t", ' stop', ' ', ' now', ',', ' ', '2', '0', '2', '4', '!']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if not isolate_digits:
        return _split(text)
    pieces: list[str] = []
    run: list[str] = []
    for char in text:
        if unicodedata.category(char)[0] == "N":
            if run:
                pieces.extend(_split("".join(run)))
                run = []
            pieces.append(char)
        else:
            run.append(char)
    if run:
        pieces.extend(_split("".join(run)))
    return pieces


class ByteLevelBPE:
    """A byte-level BPE tokenizer from a vocabulary and its ranked merges.

    Args:
        tokens: the vocabulary in id order, each token spelled in
            :func:`bytes_to_unicode`'s characters (``"Ġcat"``).
        merges: the merges, best first, each two tokens joined by a space (``"Ġ c"``).
        special: the tokens matched literally in a text before anything else
            (``<|im_start|>``); each must be in ``tokens``.
        isolate_digits: set every digit apart before merging (SmolLM2).

    Build SmolLM2's with :meth:`from_gguf_metadata`.

    Example:
        >>> tokens = ["a", "b", "c", "Ġ", "ab", "abc", "Ġab", "<s>"]
        >>> bpe = ByteLevelBPE(tokens, ["a b", "ab c", "Ġ ab"], special=["<s>"])
        >>> bpe.encode("<s>abc ab")
        [7, 5, 6]
        >>> bpe.decode([7, 5, 6])
        '<s>abc ab'
    """

    def __init__(
        self,
        tokens: Sequence[str],
        merges: Iterable[str],
        *,
        special: Iterable[str] = (),
        isolate_digits: bool = False,
    ) -> None:
        self.tokens = list(tokens)
        self.ids = {token: index for index, token in enumerate(self.tokens)}
        if len(self.ids) != len(self.tokens):
            raise ValueError("tokens must not repeat")
        self.ranks: dict[tuple[str, str], int] = {}
        for rank, merge in enumerate(merges):
            parts = merge.split(" ")
            if len(parts) != 2 or not all(parts):
                raise ValueError(f"merge {rank} must be two tokens joined by one space, got {merge!r}")
            if parts[0] + parts[1] not in self.ids:
                raise ValueError(
                    f"merge {rank} ({merge!r}) makes {parts[0] + parts[1]!r}, which is not in the vocabulary"
                )
            self.ranks.setdefault((parts[0], parts[1]), rank)
        self.special = sorted(special, key=len, reverse=True)  # longest first: a longer match wins
        if any(not token for token in self.special):
            raise ValueError("special tokens must not be empty")
        self._starts = {token[0] for token in self.special}
        missing = [token for token in self.special if token not in self.ids]
        if missing:
            raise ValueError(f"special tokens not in the vocabulary: {missing}")
        self.isolate_digits = bool(isolate_digits)
        spelling = bytes_to_unicode()
        self._spell = [spelling[byte] for byte in range(256)]
        self._unspell = {char: byte for byte, char in spelling.items()}
        self._cache: dict[str, tuple[int, ...]] = {}

    @classmethod
    def from_gguf_metadata(cls, metadata: Mapping[str, Any]) -> ByteLevelBPE:
        """The tokenizer a GGUF file describes (``tokenizer.ggml.*``): a ``gpt2`` model, its tokens, merges and control tokens."""
        model = metadata.get("tokenizer.ggml.model")
        if model != "gpt2":
            raise ValueError(f"only byte-level BPE ('gpt2') tokenizers are supported, the file has {model!r}")
        pre = metadata.get("tokenizer.ggml.pre", "default")
        if pre not in PRE_TOKENIZERS:
            raise ValueError(f"unknown pre-tokenizer {pre!r}; this tokenizer knows {sorted(PRE_TOKENIZERS)}")
        tokens = list(metadata["tokenizer.ggml.tokens"])
        types = list(metadata.get("tokenizer.ggml.token_type", []))
        control = [token for token, kind in zip(tokens, types) if int(kind) == 3]  # 3: a control token
        return cls(tokens, metadata["tokenizer.ggml.merges"], special=control, isolate_digits=PRE_TOKENIZERS[pre])

    def __len__(self) -> int:
        return len(self.tokens)

    def _merge(self, piece: str) -> tuple[int, ...]:
        """The ids of one pre-tokenized piece: its bytes, spelled, merged best rank first."""
        cached = self._cache.get(piece)
        if cached is not None:
            return cached
        # A byte the vocabulary has no token for is left out (as Hugging Face's tokenizers does).
        symbols = [char for char in (self._spell[byte] for byte in piece.encode("utf-8")) if char in self.ids]
        while len(symbols) > 1:
            # The best-ranked adjacent pair; merged everywhere it occurs, left to right.
            ranked = [(self.ranks.get(pair, -1), i) for i, pair in enumerate(zip(symbols, symbols[1:]))]
            known = [(rank, i) for rank, i in ranked if rank >= 0]
            if not known:
                break
            best = min(known)[0]
            first, second = next((symbols[i], symbols[i + 1]) for rank, i in known if rank == best)
            merged: list[str] = []
            i = 0
            while i < len(symbols):
                if i + 1 < len(symbols) and symbols[i] == first and symbols[i + 1] == second:
                    merged.append(first + second)
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            symbols = merged
        ids = tuple(self.ids[symbol] for symbol in symbols)
        if len(self._cache) < 100_000:
            self._cache[piece] = ids
        return ids

    def _segments(self, text: str) -> list[tuple[str, bool]]:
        """The text as (segment, is_special) pairs, special tokens matched leftmost, longest first."""
        if not self.special:
            return [(text, False)]
        segments: list[tuple[str, bool]] = []
        start = i = 0
        while i < len(text):
            token = next((s for s in self.special if text.startswith(s, i)), None) if text[i] in self._starts else None
            if token is None:
                i += 1
                continue
            if start < i:
                segments.append((text[start:i], False))
            segments.append((token, True))
            i = start = i + len(token)
        if start < len(text):
            segments.append((text[start:], False))
        return segments

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text`` (no beginning-of-text token is added: SmolLM2 adds none)."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        ids: list[int] = []
        for segment, is_special in self._segments(text):
            if is_special:
                ids.append(self.ids[segment])
                continue
            for piece in pre_tokenize(segment, isolate_digits=self.isolate_digits):
                ids.extend(self._merge(piece))
        return ids

    def _check_ids(self, ids: Iterable[int]) -> list[int]:
        checked = []
        for index in ids:
            if isinstance(index, bool) or not isinstance(index, int) and not hasattr(index, "__index__"):
                raise TypeError(f"token ids must be integers, got {type(index).__name__}")
            value = int(index)
            if not 0 <= value < len(self.tokens):
                raise ValueError(f"token id {value} is outside the vocabulary 0..{len(self.tokens) - 1}")
            checked.append(value)
        return checked

    def token_strings(self, ids: Iterable[int]) -> list[str]:
        """The tokens as the vocabulary spells them (``"Ġcapital"``)."""
        return [self.tokens[index] for index in self._check_ids(ids)]

    def token_bytes(self, index: int) -> bytes:
        """The bytes one token stands for."""
        (index,) = self._check_ids([index])
        return bytes(self._unspell[char] for char in self.tokens[index])

    def decode(self, ids: Iterable[int]) -> str:
        """The text of token ids; bytes that are not valid UTF-8 (a character cut off) read as U+FFFD."""
        data = b"".join(self.token_bytes(index) for index in self._check_ids(ids))
        return data.decode("utf-8", errors="replace")

    def __repr__(self) -> str:
        return f"ByteLevelBPE(tokens={len(self.tokens)}, merges={len(self.ranks)}, special={len(self.special)})"


def chat_prompt(user: str, system: str | None = None) -> str:
    """A one-turn conversation in SmolLM2-Instruct's chat format (ChatML), ready for the assistant's answer.

    Without ``system``, the system message the model's chat template puts
    in (it names the assistant SmolLM).

    Example:
        >>> print(chat_prompt("Hi!", system="Be brief."))
        <|im_start|>system
        Be brief.<|im_end|>
        <|im_start|>user
        Hi!<|im_end|>
        <|im_start|>assistant
        <BLANKLINE>
    """
    for name, value in (("user", user), ("system", system)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    if system is None:
        system = "You are a helpful AI assistant named SmolLM, trained by Hugging Face"
    return f"<|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n{user}<|im_end|>\n<|im_start|>assistant\n"
