"""The lab's language model (SmolLM2-135M-Instruct): the views the site ships, checked against the model itself.

The site's build writes ``data/smollm2/`` (overrides/hooks/model_views.py) from
attention.lab.smollm2. Here: a shipped file equals a fresh run of the
package; a few of its weights and its next-token probabilities equal an
independent decoder written below with numpy and plain loops over the
tensors of the GGUF file (as attention.models.gguf dequantizes them, the one
thing shared); the views are causal and follow the data contract; the
compact form the page expands holds what the contract view holds; the cache
key follows the code, the weights and the prompts; and what docs/lab.md says
of the language model holds on the shipped data.

The measured costs (``docs/data/language-model-figures.json``, written by
``site_examples/benchmarks/language_model_figures.py``) decide whether the lab
offers prompts of the reader's own: the build follows their verdict, and when
it does, the site ships the model's GGUF file unchanged (its pinned sha256)
with its manifest and the Apache licence. The table on "How the code runs" is
generated from those figures, which measure the views the site ships."""

from __future__ import annotations

import json
import math
import pathlib
import re
from pathlib import Path

import numpy as np
import pytest

from attention.lab import minilm, smollm2
from attention.lab.contract import check_view
from attention.lab.presets import LANGUAGE_MODEL, REPEATED_WORDS, SENTENCES, repeated_words
from attention.models import MissingWeightsError, load_smollm2
from attention.models.gguf import read_gguf
from attention.models.weights import SMOLLM2_FILE, SMOLLM2_FILE_SHA256, SMOLLM2_FILE_SIZE, require_smollm2
from site_examples.benchmarks import language_model_figures
from tests.helpers import ROOT, load_hook, sha256

hook = load_hook("model_views")
LAB = " ".join((ROOT / "docs" / "lab.md").read_text(encoding="utf-8").split())
FIGURES = json.loads((ROOT / "docs" / "data" / "language-model-figures.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def model():
    try:
        return load_smollm2()
    except MissingWeightsError as error:
        pytest.fail(f"this test needs the SmolLM2 weights. {error}", pytrace=False)


@pytest.fixture(scope="module")
def folder(built_site: Path) -> Path:
    return built_site / "data" / "smollm2"


@pytest.fixture(scope="module")
def index(folder: Path) -> dict:
    return json.loads((folder / "index.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def compact(folder: Path, index: dict) -> dict[str, dict]:
    return {p["id"]: json.loads((folder / p["file"]).read_text(encoding="utf-8")) for p in index["presets"]}


@pytest.fixture(scope="module")
def views(compact: dict[str, dict]) -> dict[str, dict]:
    return {preset_id: smollm2.expand_view(data) for preset_id, data in compact.items()}


# ── An independent decoder: numpy for the matrix products, loops for RoPE and the softmax ──


class Reference:
    """SmolLM2 from the GGUF tensors, written from the model's description, not from attention.models.llama."""

    def __init__(self) -> None:
        gguf = read_gguf(require_smollm2())
        meta = gguf.metadata
        self.n_heads = meta["llama.attention.head_count"]
        self.n_kv = meta["llama.attention.head_count_kv"]
        self.d = meta["llama.embedding_length"]
        self.d_k = self.d // self.n_heads
        self.base = float(meta["llama.rope.freq_base"])
        self.eps = float(meta["llama.attention.layer_norm_rms_epsilon"])
        self.n_layers = meta["llama.block_count"]
        self.t = {name: gguf.array(name).astype(np.float64) for name in gguf.tensors}

    def norm(self, x: np.ndarray, w: np.ndarray) -> np.ndarray:
        return x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + self.eps) * w

    def rope(self, x: np.ndarray, position: int) -> np.ndarray:
        """Turn each adjacent pair (2i, 2i+1) of one head's vector by position * base^(-2i/d_k)."""
        out = x.copy()
        for i in range(self.d_k // 2):
            angle = position * self.base ** (-2 * i / self.d_k)
            c, s = math.cos(angle), math.sin(angle)
            a, b = x[2 * i], x[2 * i + 1]
            out[2 * i], out[2 * i + 1] = a * c - b * s, a * s + b * c
        return out

    def run(self, ids: list[int], layers: int | None = None) -> tuple[list[np.ndarray], np.ndarray]:
        """Every layer's weights (heads, n, n) up to ``layers``, and the last position's logits (all layers run)."""
        n = len(ids)
        x = self.t["token_embd.weight"][ids]
        weights = []
        for layer in range(self.n_layers if layers is None else layers):
            p = f"blk.{layer}."
            h = self.norm(x, self.t[p + "attn_norm.weight"])
            q = h @ self.t[p + "attn_q.weight"].T
            k = h @ self.t[p + "attn_k.weight"].T
            v = h @ self.t[p + "attn_v.weight"].T
            group = self.n_heads // self.n_kv
            w = np.zeros((self.n_heads, n, n))
            out = np.zeros((n, self.d))
            for head in range(self.n_heads):
                kv = head // group
                qs = [self.rope(q[i, head * self.d_k : (head + 1) * self.d_k], i) for i in range(n)]
                ks = [self.rope(k[j, kv * self.d_k : (kv + 1) * self.d_k], j) for j in range(n)]
                for i in range(n):
                    scores = [float(qs[i] @ ks[j]) / math.sqrt(self.d_k) for j in range(i + 1)]  # keys up to i
                    top = max(scores)
                    exps = [math.exp(s - top) for s in scores]
                    total = math.fsum(exps)
                    for j in range(i + 1):
                        w[head, i, j] = exps[j] / total
                out[:, head * self.d_k : (head + 1) * self.d_k] = w[head] @ v[:, kv * self.d_k : (kv + 1) * self.d_k]
            weights.append(w)
            x = x + out @ self.t[p + "attn_output.weight"].T
            h = self.norm(x, self.t[p + "ffn_norm.weight"])
            gate = h @ self.t[p + "ffn_gate.weight"].T
            x = x + ((gate / (1 + np.exp(-gate))) * (h @ self.t[p + "ffn_up.weight"].T)) @ self.t[p + "ffn_down.weight"].T
        logits = self.norm(x[-1], self.t["output_norm.weight"]) @ self.t["token_embd.weight"].T
        return weights, logits


@pytest.fixture(scope="module")
def reference(model) -> Reference:
    return Reference()


# ── The shipped data against the package and against the reference ───────────


def test_a_shipped_preset_equals_a_fresh_computation(model, compact: dict[str, dict]) -> None:
    """Equal to float32 rounding: the build and this test may run BLAS on other numbers of threads.

    Everything but the numbers is equal exactly; weights to 2e-5 (they are stored in millionths),
    scores to 0.02 (hundredths), probabilities to 1e-5; a description's words exactly.
    """
    preset_id, _, prompt = LANGUAGE_MODEL[0]
    fresh = json.loads(smollm2.view_json(model, prompt))
    shipped = compact[preset_id]
    assert set(shipped) == set(fresh)
    for key in ("format", "tokens", "source", "mask", "scaling", "temperature", "threshold", "model", "token_notes",
                "ids", "n_kv_heads", "vocab_size"):  # fmt: skip
        assert shipped[key] == fresh[key], key
    assert [e["id"] for e in shipped["prediction"]] == [e["id"] for e in fresh["prediction"]]
    assert [e["token"] for e in shipped["prediction"]] == [e["token"] for e in fresh["prediction"]]
    for a, b in zip(shipped["prediction"], fresh["prediction"]):
        assert abs(a["probability"] - b["probability"]) < 1e-5
    words = lambda text: re.sub(r"[0-9.]+", "#", text)  # noqa: E731
    for layer, other in zip(shipped["layers"], fresh["layers"], strict=True):
        for a, b in zip(layer["heads"], other["heads"], strict=True):
            assert (a["label"], a["kv_head"], a["d_k"], a["scale"]) == (b["label"], b["kv_head"], b["d_k"], b["scale"])
            assert words(a["description"]) == words(b["description"])
            assert np.abs(np.array(a["w"]) - np.array(b["w"])).max() <= 20
            assert np.abs(np.array(a["s"]) - np.array(b["s"])).max() <= 2
            for key in ("stats", "row_stats"):
                for name, value in a[key].items():
                    assert np.allclose(value, b[key][name], atol=2e-3), (key, name)


def test_every_prompt_of_the_menu_is_shipped_with_its_sizes(index: dict, folder: Path) -> None:
    assert [(p["id"], p["group"], p["sentence"]) for p in index["presets"]] == list(LANGUAGE_MODEL)
    for preset in index["presets"]:
        raw = (folder / preset["file"]).read_bytes()
        assert preset["bytes"] == len(raw)
    assert sorted(p.name for p in folder.iterdir()) == sorted(["index.json", *(p["file"] for p in index["presets"])])


def test_weights_and_prediction_equal_an_independent_decoder(model, reference: Reference, views: dict, index: dict) -> None:
    preset_id, _, prompt = LANGUAGE_MODEL[0]  # the repeated words
    view = views[preset_id]
    weights, logits = reference.run(view["ids"])
    assert view["ids"] == model.tokenizer.encode(prompt)
    opening = (index["opening"]["layer"], index["opening"]["head"])
    for layer, head in [(0, 0), (1, 2), (14, 4), opening, (29, 8)]:  # the last: layer 30, head 9
        shown = np.array(view["layers"][layer]["heads"][head]["weights"])
        assert np.abs(shown - weights[layer][head]).max() < 1e-4, (layer, head)
    # The prediction: the 5 highest of the reference's logits, their softmax probabilities.
    p = np.exp(logits - logits.max())
    p /= p.sum()
    top = np.argsort(-p)[:5]
    assert [entry["id"] for entry in view["prediction"]] == top.tolist()
    assert [entry["probability"] for entry in view["prediction"]] == pytest.approx(p[top].tolist(), abs=1e-4)
    assert [entry["token"] for entry in view["prediction"]] == [
        smollm2.display_token(model.tokenizer.decode([int(i)])) for i in top
    ]


def test_the_views_are_causal_and_follow_the_contract(views: dict, compact: dict) -> None:
    for preset_id, view in views.items():
        check_view(view, tolerance=smollm2.WEIGHT_UNIT)
        n = len(view["tokens"])
        assert view["mask"] == "causal" and len(view["layers"]) == 30
        for layer in view["layers"]:
            assert len(layer["heads"]) == 9
            assert [head["kv_head"] for head in layer["heads"]] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
            for head in layer["heads"]:
                w = np.array(head["weights"])
                assert (w[np.triu_indices(n, 1)] == 0).all()  # no weight on a later token
                assert np.abs(w.sum(axis=1) - 1).max() < n * smollm2.WEIGHT_UNIT
        # The file stores only the lower triangle: n (n + 1) / 2 numbers per matrix.
        for layer in compact[preset_id]["layers"]:
            assert all(len(h["w"]) == len(h["s"]) == n * (n + 1) // 2 for h in layer["heads"])


def test_top_five_probabilities_sum_to_at_most_one_and_follow_the_logits(model, views: dict) -> None:
    for preset_id, _, prompt in LANGUAGE_MODEL:
        prediction = views[preset_id]["prediction"]
        probabilities = [entry["probability"] for entry in prediction]
        assert len(prediction) == smollm2.TOP_K and 0 < sum(probabilities) <= 1
        assert probabilities == sorted(probabilities, reverse=True)
        logits = model(prompt).logits[-1].astype(np.float64)
        log_p = logits - logits.max() - math.log(np.exp(logits - logits.max()).sum())
        for entry in prediction:
            # 6 decimals stored; the build's float32 run may differ from this one in the last bits (BLAS threads).
            assert entry["probability"] == pytest.approx(math.exp(log_p[entry["id"]]), abs=1e-5)
        # Nothing outside the five is more likely than the fifth.
        others = np.delete(log_p, [entry["id"] for entry in prediction])
        assert math.exp(others.max()) <= probabilities[-1] + 1e-6


def test_the_compact_form_holds_the_contract_view(model) -> None:
    _, _, prompt = LANGUAGE_MODEL[1]
    full = smollm2.language_model_view(model, prompt)
    expanded = smollm2.expand_view(smollm2.compact_view(full))
    n = len(full["tokens"])
    for a, b in zip(full["layers"], expanded["layers"]):
        for head, back in zip(a["heads"], b["heads"]):
            assert back["weights"] == head["weights"]  # 6 decimals, as the contract stores them
            lower = np.tril_indices(n)
            scores = np.array(head["scores"])[lower]
            assert np.abs(np.array(back["scores"])[lower] - scores).max() <= 0.005 + 1e-9
            assert np.array(back["scaled_scores"]) == pytest.approx(np.array(back["scores"]) * head["scale"])
            assert back["stats"] == head["stats"] and back["row_stats"] == head["row_stats"]
    assert expanded["future_scores"] == "not stored"
    with pytest.raises(ValueError, match="compact view"):
        smollm2.expand_view(full)
    broken = smollm2.compact_view(full)
    broken["layers"][2]["heads"][1]["w"].pop()
    with pytest.raises(ValueError, match=r"layers\[2\]\.heads\[1\]: w and s must hold"):
        smollm2.expand_view(broken)


def test_head_patterns_against_loops() -> None:
    rng = np.random.default_rng(0)
    n = 9
    w = np.tril(rng.random((n, n)))
    w /= w.sum(axis=1, keepdims=True)
    ids = [5, 6, 7, 5, 6, 8, 5, 6, 9]
    shares = smollm2.head_patterns(w, ids)
    queries = range(smollm2.FIRST_QUERY, n)
    assert shares["previous"] == pytest.approx(sum(w[i, i - 1] for i in queries) / len(queries))
    assert shares["first"] == pytest.approx(sum(w[i, 0] for i in queries) / len(queries))
    assert shares["self"] == pytest.approx(sum(w[i, i] for i in queries) / len(queries))
    # Queries 4 (id 6: earlier at 1, next 2), 6 (id 5: at 0 and 3, next 1 and 4), 7 (id 6: at 1, 4 -> 2, 5).
    expected = [w[4, 2], w[6, 1] + w[6, 4], w[7, 2] + w[7, 5]]
    assert shares["induction"] == pytest.approx(sum(expected) / 3)


def test_bad_prompts_are_refused(model) -> None:
    with pytest.raises(ValueError, match="prompt must be a non-empty string"):
        smollm2.language_model_view(model, "  ")
    long = " ".join(["word"] * 60)
    with pytest.raises(ValueError, match=rf"the prompt is {len(model.encode(long))} tokens long; the lab takes at most 40"):
        smollm2.language_model_view(model, long)
    with pytest.raises(ValueError, match="lone surrogate"):
        smollm2.language_model_view(model, "a \ud800 b")


# ── The cache ─────────────────────────────────────────────────────────────────


def test_the_cache_key_follows_code_weights_and_prompts(monkeypatch: pytest.MonkeyPatch) -> None:
    key = hook.language_model_key()
    assert hook.language_model_key() == key
    with monkeypatch.context() as patch:
        patch.setattr(hook, "SMOLLM2_FILE_SHA256", "0" * 64)
        assert hook.language_model_key() != key
    with monkeypatch.context() as patch:
        patch.setattr(smollm2, "PRESETS", (*smollm2.PRESETS, ("new", "group", "A new prompt")))
        assert hook.language_model_key() != key
    real = pathlib.Path.read_bytes
    # The package's code, and its data: the lexicon draws the repeated-words prompt.
    for edited in (ROOT / "attention" / "lab" / "smollm2.py", ROOT / "attention" / "lab" / "lexicon.txt"):
        with monkeypatch.context() as patch:
            patch.setattr(
                pathlib.Path, "read_bytes", lambda self, edited=edited: real(self) + (b"# edited" if self == edited else b"")
            )
            assert hook.language_model_key() != key, edited
    assert hook.language_model_key() == key


def test_views_are_built_once_then_read_from_the_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATTENTION_COURSE_CACHE", str(tmp_path))
    calls = []

    def build(out: Path) -> None:
        calls.append(out)
        (out / "index.json").write_text("{}", encoding="utf-8")

    first = hook.cached("smollm2-views", "abc", build)
    assert first == tmp_path / "smollm2-views" / "abc" and len(calls) == 1
    assert hook.cached("smollm2-views", "abc", build) == first and len(calls) == 1  # warm: nothing built
    assert calls[0] != first and not calls[0].exists()  # built aside, then swapped in
    hook.cached("smollm2-views", "def", build)
    assert len(calls) == 2 and first.exists()  # another key: built; the recent set stays


def test_missing_weights_fail_the_build_with_the_fetch_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path))
    with pytest.raises(Exception, match="python -m attention.models fetch"):
        hook.build_language_model(tmp_path / "out")


# ── What docs/lab.md says ──────────────────────────────────────────────────────


def test_the_model_is_the_one_the_page_describes(index: dict) -> None:
    info = index["model"]
    assert (info["n_layers"], info["n_heads"], info["n_kv_heads"], info["d_k"]) == (30, 9, 3, 64)
    assert info["variant"] == "instruct" and info["quantization"] == "Q4_1"
    for text in ("It has 30 layers of 9 heads", "d_k = 64", "**instruct**", "**quantized to 4 bits** (the Q4_1",
                 "9 query heads of a layer share 3 key/value heads", "heads 1–3 use key/value head 1"):  # fmt: skip
        assert text in LAB, text
    assert f"a vocabulary of {info['vocab_size']:,} tokens" in LAB
    assert "same level as for the encoder" in LAB and smollm2.PATTERN_SHARE == minilm.PATTERN_SHARE


def test_the_lab_opens_on_an_induction_head_that_predicts_the_copied_word(index: dict, views: dict) -> None:
    opening = index["opening"]
    assert opening["preset"] == LANGUAGE_MODEL[0][0] == "repeat-words"
    assert SENTENCES["repeat-words"] == repeated_words() and REPEATED_WORDS["count"] == 8
    assert "eight words drawn at random" in LAB
    view = views["repeat-words"]
    tokens, ids = view["tokens"], view["ids"]
    n = len(tokens)
    half = ids.index(ids[0], 1)  # the second copy starts with the first's first token
    assert ids[half:] == ids[: n - half] and tokens[half - 1] == "↵"
    head = view["layers"][opening["layer"]]["heads"][opening["head"]]
    assert head["label"] == "induction" and opening["query"] == n - 1
    # From the last token its weight goes mostly to the token after the earlier copy of it ...
    row = head["weights"][n - 1]
    after = n - 1 - half + 1
    assert max(range(n), key=row.__getitem__) == after and ids[after - 1] == ids[n - 1]
    # ... which is the word the page names, and the model's first guess.
    assert (tokens[n - 1], tokens[after]) == ("er", " recovery")
    assert "from the last token, `er`, its weight goes to ` recovery`" in LAB and "` coron` and `er`" in LAB
    assert view["prediction"][0]["token"] == tokens[after]


def test_most_heads_sink_on_the_first_token_and_a_few_look_back_one(views: dict) -> None:
    assert "In most heads of most layers, on every prepared prompt, most of a query's weight goes to the first token" in LAB
    previous = []
    for preset_id, view in views.items():
        ids = view["ids"]
        heads = [head for layer in view["layers"] for head in layer["heads"]]
        sinks = [head for head in heads if head["label"] == "first-token sink"]
        assert len(sinks) > len(heads) / 2, preset_id
        for head in sinks:
            assert smollm2.head_patterns(np.array(head["weights"]), ids)["first"] > 0.4
        previous.append({(l, h) for l, layer in enumerate(view["layers"]) for h, head in enumerate(layer["heads"])
                         if head["label"] == "previous token"})  # fmt: skip
    assert "The same few heads are labelled *previous token* on every prepared prompt, from the second layer on" in LAB
    common = set.intersection(*previous)
    assert 2 <= len(common) <= 9 and min(layer for layer, _ in common) >= 1


def test_the_capital_of_france(views: dict) -> None:
    assert "**The capital of France is**, the model puts most of its probability on ` Paris`" in LAB
    top = views["capital-france"]["prediction"][0]
    assert top["token"] == " Paris" and top["probability"] > 0.5


def test_prompts_of_ones_own_are_offered_exactly_when_the_measured_costs_allow_it(built_site: Path, index: dict) -> None:
    verdict, browser, targets = FIGURES["verdict"], FIGURES["browser"], FIGURES["targets"]
    assert (targets["download_mb"], targets["view_s"], targets["tokens"]) == (100, 10.0, 16) and browser["tokens"] == 16
    assert verdict["download_ok"] == (browser["download_bytes"] / 1e6 <= targets["download_mb"])
    assert verdict["view_ok"] == (browser["view"]["median_s"] <= targets["view_s"])
    assert verdict["ship_live"] == (verdict["download_ok"] and verdict["view_ok"])
    assert browser["download_bytes"] == SMOLLM2_FILE_SIZE  # the file the site would ship
    # The build follows the verdict: the index tells the lab, the model's file is shipped or not.
    assert index["live"] is verdict["ship_live"]
    folder = built_site / "models" / "SmolLM2-135M-Instruct"
    assert folder.exists() is verdict["ship_live"]
    # The lab page says which, in the words the script wrote from the same figures.
    assert '--8<-- "docs/data/language-model-live.md"' in (ROOT / "docs" / "lab.md").read_text(encoding="utf-8")
    note = (ROOT / "docs" / "data" / "language-model-live.md").read_text(encoding="utf-8")
    assert note == language_model_figures.live_note(FIGURES)
    lab_page = (built_site / "lab" / "index.html").read_text(encoding="utf-8")
    assert ("A prompt of your own." if verdict["ship_live"] else "Prepared prompts only.") in lab_page
    if verdict["ship_live"]:
        assert f"once: the model's {SMOLLM2_FILE_SIZE / 1e6:.0f} MB file" in note and 200 < browser["heap_after_load_mb"] < 1000
    else:
        if not verdict["view_ok"]:
            assert f"took {browser['view']['median_s']:.1f} s once the model was loaded, more than the 10 s allowed" in note
        if not verdict["download_ok"]:
            assert f"its file is {browser['download_bytes'] / 1e6:.0f} MB, more than the 100 MB allowed" in note


def test_the_site_ships_the_model_file_its_manifest_and_licence_when_it_offers_it(built_site: Path) -> None:
    if not FIGURES["verdict"]["ship_live"]:
        pytest.skip("the measured costs do not allow prompts of one's own: the site ships no model file")
    folder = built_site / "models" / "SmolLM2-135M-Instruct"
    assert sorted(p.name for p in folder.iterdir()) == sorted(["LICENSE", "manifest.json", SMOLLM2_FILE])
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["files"] == {SMOLLM2_FILE: {"bytes": SMOLLM2_FILE_SIZE, "sha256": SMOLLM2_FILE_SHA256}}
    assert manifest["total_bytes"] == (folder / SMOLLM2_FILE).stat().st_size
    assert sha256(folder / SMOLLM2_FILE) == SMOLLM2_FILE_SHA256  # the pinned file, unchanged
    licence = (folder / "LICENSE").read_text(encoding="utf-8")
    assert licence.lstrip().startswith("Apache License") and "Version 2.0, January 2004" in licence


def test_the_figures_table_is_generated_from_the_data() -> None:
    table = (ROOT / "docs" / "data" / "language-model-figures.md").read_text(encoding="utf-8")
    assert table == language_model_figures.markdown(FIGURES)
    assert '--8<-- "docs/data/language-model-figures.md"' in (ROOT / "docs" / "how-the-code-runs.md").read_text()
    assert [p["id"] for p in FIGURES["build"]["presets"]] == [preset_id for preset_id, _, _ in LANGUAGE_MODEL]
    assert FIGURES["build"]["warm_s"] < FIGURES["build"]["cold_s"]


def test_the_figures_measure_the_views_the_site_ships(index: dict) -> None:
    # The sizes measured are those of the files the build writes (same code, weights and prompts), to a few
    # bytes: float32 runs on other numbers of BLAS threads round a few digits otherwise.
    measured = {p["id"]: (p["bytes"], p["gzip_bytes"]) for p in FIGURES["build"]["presets"]}
    shipped = {p["id"]: (p["bytes"], p["gzip_bytes"]) for p in index["presets"]}
    assert measured.keys() == shipped.keys()
    for preset_id, sizes in measured.items():
        assert sizes == pytest.approx(shipped[preset_id], rel=2e-3), preset_id


def test_the_write_views_figures_are_generated_from_the_data() -> None:
    """The Write view's figures on "How the code runs" are the benchmark's rendering of its committed data."""
    from site_examples.benchmarks import write_figures

    data = json.loads((ROOT / "docs" / "data" / "write-figures.json").read_text(encoding="utf-8"))
    table = (ROOT / "docs" / "data" / "write-figures.md").read_text(encoding="utf-8")
    assert table == write_figures.markdown(data)
    assert '--8<-- "docs/data/write-figures.md"' in (ROOT / "docs" / "how-the-code-runs.md").read_text()
    assert data["browser"]["prompt_32_tokens"] == 32 and data["browser"]["prompt_96_tokens"] == 96
