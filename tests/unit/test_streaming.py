"""StreamingLLM on SmolLM2: the committed data (docs/data/streaming-llm.json) is what the code computes.

The full run takes minutes (site_examples/generate/streaming_llm.py); these
tests recompute short prefixes of it in seconds: a token's loss depends only
on the tokens before it, so the losses of the first tokens of a run over a
prefix are those of the full run. They also check that the file describes
what it says (the text, its hash, the model file's hash, the means, the
generated table) and, on the model, that a cache large enough to keep every
token gives the dense losses, and that without sinks the two numberings of
positions give the same losses (RoPE sees only distances, which a window
keeps). Need the GGUF file in the cache, like tests/unit/test_smollm2.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from attention.models import MissingWeightsError
from attention.models.llama import LlamaModel, load_smollm2
from attention.models.streaming import StreamingCache, first_token_share, streaming_nll
from attention.models.weights import SMOLLM2_FILE, SMOLLM2_FILE_SHA256
from site_examples.generate import streaming_llm as script

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "docs" / "data" / "streaming-llm.json").read_text(encoding="utf-8"))
PREFIX = 72  # tokens: the 64 that fill the smallest window, then 8 read after tokens began to leave
TOLERANCE = 3e-4  # losses are stored to 4 decimals; float32 sums in another order move them by about 1e-5


@pytest.fixture(scope="module")
def model() -> LlamaModel:
    try:
        return load_smollm2()
    except MissingWeightsError as error:
        pytest.fail(f"these tests need the model's weights. {error}", pytrace=False)


def policy(name: str, window: int | None) -> dict:
    (row,) = [p for p in DATA["policies"] if p["policy"] == name and p["window"] == window]
    return row


def test_the_file_describes_its_inputs():
    text = script.TEXT_FILE.read_text(encoding="utf-8")
    assert DATA["text"]["text"] == text and DATA["text"]["sha256"] == script.sha256(text)
    assert DATA["text"]["tokens"] == len(DATA["ids"]) >= 1000
    assert DATA["model"] == {"name": "SmolLM2-135M-Instruct", "file": SMOLLM2_FILE, "sha256": SMOLLM2_FILE_SHA256}
    assert DATA["settings"] == {"windows": list(script.WINDOWS), "sinks": 4, "positions": "cache", "dtype": "float32"}
    texts, first_query = script.notebook_texts()
    assert DATA["inputs"] == script.inputs_key(text, DATA["settings"], texts)
    assert DATA["first_token_share"]["first_query"] == first_query and DATA["command"] == script.COMMAND
    assert DATA["run"]["seconds"] > 0


def test_each_policy_row_is_its_losses():
    n = len(DATA["ids"])
    assert [(p["policy"], p["window"]) for p in DATA["policies"]] == [("dense", None)] + [
        (name, w) for w in script.WINDOWS for name in ("window", "sinks")
    ]
    for row in DATA["policies"]:
        nll = np.array(row["nll"])
        assert nll.shape == (n - 1,) and (nll >= 0).all()
        assert row["mean_nll"] == pytest.approx(nll.mean(), abs=1e-4)
        assert row["perplexity"] == pytest.approx(np.exp(nll.mean()), rel=1e-3)
        assert row["mean_nll_after_window"] == pytest.approx(nll[row["after_window_from"] :].mean(), abs=1e-4)
        if row["window"] is not None:
            # every token read after the first W - 1 pushes one out: n - 1 read, W - 1 held at the end
            assert row["evicted"] == (n - 1) - (row["window"] - 1)
            # before anything leaves, every policy is the dense one (a pass of W tokens against one of n: rounding)
            before = slice(0, row["window"] - 1)
            np.testing.assert_allclose(row["nll"][before], policy("dense", None)["nll"][before], rtol=0, atol=TOLERANCE)


def test_the_table_is_generated_from_the_data():
    committed = (ROOT / "docs" / "data" / "streaming-llm.md").read_text(encoding="utf-8")
    assert committed == script.table(DATA)
    assert re.search(r"\| 64 \| the first 4 and the last W − 4 \|", committed)


def test_the_text_is_what_the_model_reads(model):
    assert model.encode(DATA["text"]["text"]) == DATA["ids"]


@pytest.mark.parametrize(("name", "window", "sinks"), [("dense", None, 0), ("sinks", 64, 4), ("window", 64, 0)])
def test_a_prefix_recomputes_the_committed_losses(model, name, window, sinks):
    ids = np.array(DATA["ids"][:PREFIX])
    run = streaming_nll(model, ids, window, sinks)
    np.testing.assert_allclose(run.nll, policy(name, window)["nll"][: PREFIX - 1], rtol=0, atol=TOLERANCE)
    assert run.evicted == (0 if window is None else PREFIX - window)


def test_a_cache_that_keeps_everything_is_the_dense_pass(model):
    ids = np.array(DATA["ids"][:20])
    dense = streaming_nll(model, ids)
    for positions in ("cache", "text"):
        kept = streaming_nll(model, ids, 19, 4, positions=positions)  # read token by token after the first 19
        np.testing.assert_allclose(kept.nll, dense.nll, rtol=0, atol=2e-4)
        assert kept.evicted == 1  # the 20th token is only a target; the 19th pushes one out after it is read


def test_without_sinks_the_two_numberings_give_the_same_losses(model):
    ids = np.array(DATA["ids"][:24])
    text = streaming_nll(model, ids, 8, 0, positions="text")
    cache = streaming_nll(model, ids, 8, 0, positions="cache")
    np.testing.assert_allclose(cache.nll, text.nll, rtol=0, atol=2e-4)
    sinks_text = streaming_nll(model, ids, 8, 4, positions="text")
    sinks_cache = streaming_nll(model, ids, 8, 4, positions="cache")
    assert np.abs(sinks_cache.nll - sinks_text.nll).max() > 1e-3  # with sinks they differ: the sinks seem nearer


def test_the_first_token_share_recomputes(model):
    texts, first_query = script.notebook_texts()
    share = first_token_share(model, texts, first_query)
    np.testing.assert_allclose(share, DATA["first_token_share"]["per_layer"], rtol=0, atol=2e-4)
    # against the weights themselves, with loops, for one text
    weights = model(texts[0]).attentions
    layers, heads, n = weights.shape[0], weights.shape[1], weights.shape[2]
    one = [np.mean([weights[l, h, i, 0] for h in range(heads) for i in range(first_query, n)]) for l in range(layers)]
    np.testing.assert_allclose(first_token_share(model, texts[:1], first_query), one, rtol=0, atol=1e-6)


def test_errors_name_the_argument(model):
    with pytest.raises(ValueError, match=re.escape("ids must hold at least 2 tokens, got 1")):
        streaming_nll(model, [5])
    with pytest.raises(ValueError, match=re.escape("sinks=4 needs a window")):
        streaming_nll(model, [5, 6], None, 4)
    with pytest.raises(TypeError, match=re.escape("model must be a LlamaModel")):
        streaming_nll("SmolLM2", [5, 6])
    with pytest.raises(ValueError, match=re.escape("sinks must be less than window")):
        StreamingCache(model.config, 4, 4)
    with pytest.raises(ValueError, match=re.escape("texts must be a non-empty sequence of strings")):
        first_token_share(model, "one text")
