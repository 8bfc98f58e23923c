"""Build tests/unit/data/smollm2_reference.json: what the reference implementation says SmolLM2-135M-Instruct computes.

The course runs SmolLM2-135M-Instruct (4-bit Q4_1 GGUF weights, the
instruct variant) on its own numpy code (``attention.models.llama``, the
GGUF reader ``attention.models.gguf``, the tokenizer ``attention.models.bpe``).
This script asks the reference implementations for the numbers that code
must reproduce, and writes them to a small JSON file that the unit tests
compare against (``tests/unit/test_smollm2.py``, ``tests/unit/test_bpe.py``,
``tests/unit/test_gguf.py``), without PyTorch:

- the model: Hugging Face ``transformers`` loads the very GGUF file
  ``attention.models.weights`` pins (``gguf_file=``, dequantized by ggml's
  ``gguf`` package, eager attention, float32 on CPU PyTorch). For a handful
  of prompts: the token ids, selected attention matrices (every head of three
  layers for the first prompt, a few heads of the others), the last
  position's logits (all 49,152 for the first prompt, as float32 in base64;
  the top 64, every 97th and their log-sum-exp for the others) and the greedy
  continuation with each step's margin between the best and second-best logit;
- the GGUF reader: ``gguf``'s dequantization of every tensor, compared here
  with ours (they must be equal to the bit), and a few of its values and
  sums recorded for the regular suite;
- the tokenizer: the ``tokenizers`` package set up as SmolLM2's tokenizer
  (byte-level BPE from the GGUF's vocabulary and merges, the digits set apart,
  then GPT-2's split; the control tokens matched whole), on real texts and on
  strings drawn by hypothesis: thousands are compared live here, a few hundred
  recorded. ``transformers``' own GGUF tokenizer leaves out the digit split
  (so "a  1" differs); the prompts above are checked to tokenize alike in both.

Run it in an environment of its own (PyTorch is not a dependency of the course),
outside the checkout, from the repository root::

    python3.11 -m venv ~/.cache/attention-course/reference-venv
    ~/.cache/attention-course/reference-venv/bin/pip install torch==2.13.0 transformers==5.24.0 \\
        gguf==0.19.0 accelerate==1.15.0 tokenizers==0.23.3 hypothesis==6.170.17 numpy==2.4.6
    ~/.cache/attention-course/reference-venv/bin/python -m site_examples.generate.smollm2_fixture

What was done for the committed file: on our machines pip resolves
``torch==2.13.0`` to the CPU build ``torch-2.13.0+cpu`` (a cp311 wheel that
pip finds beside PyPI there; hence Python 3.11), and everything else comes
from PyPI. Where PyPI alone is at hand, its ``torch==2.13.0`` wheel for Linux
x86_64 is the CUDA build, which pulls in the ``nvidia-*`` packages (large,
and not used on a CPU). The script needs no network once the GGUF file is
cached (``python -m attention.models fetch``); it takes about three minutes
on two cores, most of it the live tokenizer comparison.
"""

from __future__ import annotations

import base64
import importlib.metadata
import json
import math
import os
import platform
import sys
import time
from pathlib import Path

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import gguf  # noqa: E402
import hypothesis  # noqa: E402
import numpy as np  # noqa: E402
import tokenizers  # noqa: E402
import torch  # noqa: E402
import transformers  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers  # noqa: E402
from transformers import AutoModelForCausalLM, AutoTokenizer  # noqa: E402

from attention.models import bpe, weights  # noqa: E402
from attention.models.gguf import read_gguf  # noqa: E402

OUT = ROOT / "tests" / "unit" / "data" / "smollm2_reference.json"

PROMPTS = [
    "The capital of France is",
    bpe.chat_prompt("What is the capital of France?"),
    "def fibonacci(n):\n    ",
    "Once upon a time, there was a little",
    "2 + 2 = 4 and 3 + 5 =",
    "Café au lait, crème brûlée and 東京 🙂 are",
]
FULL_LAYERS = [0, 15, 29]  # every head of these layers for the first prompt
HEADS = [(0, 0), (0, 8), (7, 4), (15, 2), (22, 6), (29, 8)]  # (layer, head) for the other prompts
NEW_TOKENS = 12
TOP = 64
EVERY = 97
DIGITS = 7

TOKENIZER_TEXTS = [
    "The quick brown fox jumps over the lazy dog. It's 3:45 pm; we'll see, won't we?",
    "Attention(Q, K, V) = softmax(QK^T / sqrt(d_k)) V  -- Vaswani et al., 2017.",
    "def f(x):\n\treturn x ** 2  # square\n\n\nprint(f(12345))\n",
    "   leading spaces, trailing spaces   ",
    "tabs\tand\nnew lines\r\nand\u00a0non-breaking\u2003em\u3000ideographic spaces",
    "white space or not: a\x1cb a \x1f b \u180e\u200b\u2060\ufeff x\u2028y\u2029 z\x85 \u202f\u205f  \x0b\x0c 1",
    "Ελληνικά, русский, العربية, हिन्दी, 日本語のテキスト, 한국어 텍스트",
    "emoji 🙂🙃👩‍👩‍👧 and symbols ™ © ½ ² ٣ Ⅻ",
    "I'M SHOUTING, YOU'RE 'QUOTING' 'S 'T 'RE 'VE 'M 'LL 'D and o'clock",
    "numbers 3.14159, 1,000,000 and  42 after two spaces",
    "<|im_start|>user\nHi there<|im_end|>\n<|im_start|>assistant\n",
    "<|endoftext|><|im_start|><|im_end|><|im_start",
    "",
]
N_LIVE = 3000  # hypothesis strings compared here
N_RECORDED = 300  # of which recorded for the regular suite
# Characters the regular expression's classes tell apart, and the control tokens written whole.
TRICKY = list(" \t\n\r\x0b\x0c\x85\xa0\u2003\u3000'sStTdDmMlLrRvVe0123456789½²٣Ⅻ一abcXYZ!?.,-_<>|😀東éü\u0301\u200b")
SPECIALS = ["<|im_start|>", "<|im_end|>", "<|endoftext|>"]
# Runs the rules treat specially: contractions, white space before a word or a digit, digits.
SNIPPETS = ["'s", "'ll", "'RE", "  ", "   x", " \n", "\n\n", " 12", "  3", "\u3000", " \t ", "<|im", "|>"]
ALPHABET = st.one_of(st.sampled_from(TRICKY), st.characters(exclude_categories=("Cs", "Cn")))
TEXTS = st.lists(st.one_of(st.text(ALPHABET, max_size=12), st.sampled_from(SPECIALS + SNIPPETS)), max_size=6).map(
    "".join
)

# Tensors whose dequantized values are recorded: one of each type in the file.
TENSORS = ["token_embd.weight", "blk.0.attn_q.weight", "blk.29.ffn_down.weight", "blk.0.attn_norm.weight"]


def rounded(array: np.ndarray) -> list:
    return np.round(np.asarray(array, dtype=np.float64), DIGITS).tolist()


def reference_tokenizer(metadata: dict) -> Tokenizer:
    """SmolLM2's tokenizer rebuilt with the tokenizers package from the GGUF's vocabulary and merges."""
    tokens = list(metadata["tokenizer.ggml.tokens"])
    merges = [tuple(m.split(" ")) for m in metadata["tokenizer.ggml.merges"]]
    model = models.BPE(vocab={t: i for i, t in enumerate(tokens)}, merges=merges, fuse_unk=False)
    tokenizer = Tokenizer(model)
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Digits(individual_digits=True),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
        ]
    )
    tokenizer.decoder = decoders.ByteLevel()
    control = [t for t, kind in zip(tokens, metadata["tokenizer.ggml.token_type"]) if int(kind) == 3]
    tokenizer.add_special_tokens([AddedToken(t, normalized=False, special=True) for t in control])
    return tokenizer


def tokenizer_cases(ours: bpe.ByteLevelBPE, theirs: Tokenizer) -> tuple[list[dict], list[dict]]:
    real = [{"text": t, "ids": theirs.encode(t, add_special_tokens=False).ids} for t in TOKENIZER_TEXTS]
    for case in real:
        assert ours.encode(case["text"]) == case["ids"], case
    drawn: list[str] = []

    @settings(max_examples=N_LIVE, derandomize=True, database=None, deadline=None)
    @given(TEXTS)
    def compare(text: str) -> None:
        expected = theirs.encode(text, add_special_tokens=False).ids
        assert ours.encode(text) == expected, (text, ours.encode(text), expected)
        drawn.append(text)

    compare()
    unique = list(dict.fromkeys(drawn))
    spread = unique[:: max(1, len(unique) // N_RECORDED)][:N_RECORDED]  # from all of the run, not only its simple start
    recorded = [{"text": t, "ids": theirs.encode(t, add_special_tokens=False).ids} for t in spread]
    print(f"tokenizer: {len(unique)} distinct hypothesis strings agree with tokenizers; {len(recorded)} recorded")
    return real, recorded


def dequantization(path: Path) -> dict:
    """Our reader against gguf's, every tensor; a few values recorded."""
    ours = read_gguf(path)
    reader = gguf.GGUFReader(path)
    worst, count = 0.0, 0
    recorded = []
    for tensor in reader.tensors:
        expected = np.asarray(gguf.dequantize(tensor.data, tensor.tensor_type), dtype=np.float32)
        mine = ours.array(tensor.name)
        assert mine.shape == expected.shape, (tensor.name, mine.shape, expected.shape)
        worst = max(worst, float(np.abs(mine - expected).max()))
        count += 1
        if tensor.name in TENSORS:
            recorded.append(
                {
                    "name": tensor.name,
                    "type": tensor.tensor_type.name,
                    "shape": list(expected.shape),
                    "first_row": expected.reshape(-1, expected.shape[-1])[0, :16].astype(float).tolist(),
                    "last_row": expected.reshape(-1, expected.shape[-1])[-1, -16:].astype(float).tolist(),
                    "sum": float(expected.astype(np.float64).sum()),
                    "sum_of_squares": float((expected.astype(np.float64) ** 2).sum()),
                }
            )
    assert worst == 0.0, f"our dequantization differs from gguf's by up to {worst}"
    print(f"dequantization: {count} tensors equal to gguf's")
    return {"tensors": count, "max_abs_difference": worst, "recorded": recorded}


def logsumexp(z: np.ndarray) -> float:
    top = float(z.max())
    return top + math.log(float(np.exp(z.astype(np.float64) - top).sum()))


def main() -> None:
    torch.manual_seed(0)
    torch.set_num_threads(2)
    path = weights.fetch_smollm2()
    assert weights.file_sha256(path) == weights.SMOLLM2_FILE_SHA256
    metadata = dict(read_gguf(path).metadata)
    ours = bpe.ByteLevelBPE.from_gguf_metadata(metadata)
    theirs = reference_tokenizer(metadata)
    real, drawn = tokenizer_cases(ours, theirs)
    dequantized = dequantization(path)

    start = time.perf_counter()
    hf_tokenizer = AutoTokenizer.from_pretrained(path.parent, gguf_file=path.name)
    model = AutoModelForCausalLM.from_pretrained(
        path.parent, gguf_file=path.name, attn_implementation="eager", dtype=torch.float32
    ).eval()
    print(f"transformers loaded the GGUF in {time.perf_counter() - start:.1f} s")
    template = hf_tokenizer.apply_chat_template(
        [{"role": "user", "content": "What is the capital of France?"}], tokenize=False, add_generation_prompt=True
    )
    assert template == PROMPTS[1], (template, PROMPTS[1])

    prompts = []
    for index, prompt in enumerate(PROMPTS):
        ids = hf_tokenizer(prompt, add_special_tokens=False)["input_ids"]
        assert ids == theirs.encode(prompt, add_special_tokens=False).ids == ours.encode(prompt), prompt
        tensor = torch.tensor([ids])
        with torch.no_grad():
            out = model(tensor, output_attentions=True, use_cache=False)
            generated = model.generate(
                tensor, attention_mask=torch.ones_like(tensor), max_new_tokens=NEW_TOKENS, do_sample=False,
                num_beams=1, repetition_penalty=1.0, eos_token_id=int(metadata["tokenizer.ggml.eos_token_id"]),
                pad_token_id=int(metadata["tokenizer.ggml.eos_token_id"]),
            )[0, len(ids):].tolist()  # fmt: skip
            # Each step's margin: how far the chosen token's logit is above the next best, recomputed in full.
            margins = []
            for step in range(len(generated)):
                logits = model(torch.tensor([ids + generated[:step]]), use_cache=False).logits[0, -1]
                best = torch.topk(logits, 2).values
                assert int(logits.argmax()) == generated[step]
                margins.append(round(float(best[0] - best[1]), 5))
        # layers of (batch, heads, n, n) -> (layers, heads, n, n)
        attentions = torch.stack(out.attentions, dim=1)[0].numpy()
        last = out.logits[0, -1].numpy().astype(np.float32)
        heads = [(layer, head) for layer in FULL_LAYERS for head in range(attentions.shape[1])] if index == 0 else HEADS
        top = np.argsort(-last, kind="stable")[:TOP]
        every = np.arange(0, last.size, EVERY)
        probability = np.exp(last.astype(np.float64) - logsumexp(last))
        entry = {
            "text": prompt,
            "ids": ids,
            "attention": [
                {"layer": layer, "head": head, "weights": rounded(attentions[layer, head])} for layer, head in heads
            ],
            "last_logits": {
                "top_ids": top.tolist(),
                "top": rounded(last[top]),
                "every": EVERY,
                "every_values": rounded(last[every]),
                "logsumexp": round(logsumexp(last), DIGITS),
                "top_probability": round(float(probability[top[0]]), DIGITS),
            },
            "greedy": {"ids": generated, "margins": margins, "text": hf_tokenizer.decode(generated)},
        }
        if index == 0:
            entry["last_logits"]["all_float32_base64"] = base64.b64encode(last.astype("<f4").tobytes()).decode("ascii")
        prompts.append(entry)
        print(
            f"prompt {index}: {len(ids)} tokens -> {hf_tokenizer.decode(generated)!r} (smallest margin {min(margins)})"
        )

    fixture = {
        "about": (
            "Reference numbers for SmolLM2-135M-Instruct (the instruct variant, 4-bit Q4_1 GGUF weights), computed by "
            "Hugging Face transformers loading the GGUF file (eager attention, float32, CPU PyTorch), ggml's gguf "
            "package (dequantization) and the tokenizers package (SmolLM2's byte-level BPE). Written by "
            "site_examples/generate/smollm2_fixture.py; compared against by tests/unit/test_smollm2.py, "
            "test_bpe.py and test_gguf.py."
        ),
        "versions": {
            "python": platform.python_version(),
            "unicode": __import__("unicodedata").unidata_version,
            "torch": torch.__version__,
            "transformers": transformers.__version__,
            "gguf": importlib.metadata.version("gguf"),
            "tokenizers": tokenizers.__version__,
            "hypothesis": hypothesis.__version__,
            "numpy": np.__version__,
            "model_package": f"{weights.SMOLLM2_PACKAGE}=={weights.SMOLLM2_PACKAGE_VERSION}",
            "wheel_sha256": weights.SMOLLM2_WHEEL_SHA256,
            "gguf_sha256": weights.SMOLLM2_FILE_SHA256,
        },
        "decimals": DIGITS,
        "new_tokens": NEW_TOKENS,
        "prompts": prompts,
        "dequantization": dequantized,
        "tokenizer": {"real": real, "hypothesis": drawn},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(fixture, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {OUT.stat().st_size / 1000:.0f} kB")


if __name__ == "__main__":
    main()
