"""The lab's real-model mode in Chromium: all-MiniLM-L6-v2's heads, shown as the model computes them.

The reference numbers come from the encoder run here under CPython
(``attention.models.load_minilm``, ``BertModel.__call__``: the attention
weights of every layer and head), not from the files the page reads; the
steps (softmax of the scaled scores) are redone with ``math.exp``. The live
path is compared with the same encoder in float32 on the float16 files the
built site serves. The ``page`` fixture fails any test that makes a request
to another host or logs an error.
"""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path
from urllib.parse import urlencode

import numpy as np
import pytest
from playwright.sync_api import Page, Request, Route, expect

from attention.models import load_minilm
from site_examples.material_adapter import DARK_SCHEME, SCHEME_ATTRIBUTE
from tests.browser.conftest import handled, poll

LAB = "lab/"
CAT = "The cat sat on the mat because it was tired"
ANIMAL = "The animal didn't cross the street because it was too tired."
WIDE = "The animal didn't cross the street because it was too wide."
MODEL_FILES = "models/all-MiniLM-L6-v2/"
# The view keeps weights to 6 decimals; two float64 computations of the same model agree far closer.
PRESET_TOLERANCE = 1e-5
# The browser computes in float32 from float16 weights, as the reference here does; the
# order of additions differs (BLAS here, none in Pyodide). Measured differences are far smaller.
LIVE_TOLERANCE = 1e-3


@pytest.fixture(scope="module")
def model():
    """all-MiniLM-L6-v2 at full precision, from the weights cache the site's build used too."""
    return load_minilm()


@pytest.fixture(scope="module")
def index(built_site: Path) -> dict:
    return json.loads((built_site / "data" / "minilm" / "index.json").read_text(encoding="utf-8"))


def _lab(page: Page):
    return page.locator("[data-viz]")


def _shown(page: Page) -> dict:
    return page.evaluate("() => ({ ...document.querySelector('[data-viz]').dataset })")


def _open(page: Page, site_url: str, query: str = "") -> None:
    page.goto(site_url + LAB + query)
    expect(_lab(page)).to_have_attribute("data-status", "ready")


def _heatmap(page: Page) -> np.ndarray:
    cells = page.evaluate(
        "() => [...document.querySelectorAll('[data-viz] [data-cell]')]"
        ".map(c => [Number(c.dataset.q), Number(c.dataset.k), Number(c.dataset.weight)])"
    )
    n = max(q for q, _, _ in cells) + 1
    matrix = np.full((n, n), np.nan)
    for q, k, weight in cells:
        matrix[q, k] = weight
    return matrix


def _tokens(page: Page) -> list[str]:
    return page.locator("[data-viz] [data-token]").all_text_contents()


def _recorder(page: Page) -> list[str]:
    urls: list[str] = []

    def record(request: Request) -> None:
        urls.append(request.url)

    page.on("request", record)
    return urls


def _show_head(page: Page, layer: int, head: int) -> None:
    """Layer and head (0-based) through the menus, as a reader would."""
    page.locator("[data-control=layer]").select_option(str(layer))
    page.locator("[data-control=head]").select_option(f"{layer}:{head}")
    expect(_lab(page)).to_have_attribute("data-layer", str(layer))
    expect(_lab(page)).to_have_attribute("data-head", str(head))


def test_the_hand_built_lab_loads_nothing_of_the_real_model(page: Page, site_url: str) -> None:
    urls = _recorder(page)
    _open(page, site_url)
    expect(page.locator("[data-control=model]")).to_have_value("hand")
    assert _shown(page)["model"] == "hand"
    page.locator("[data-control=preset]").select_option(CAT)
    page.locator("[data-control=mask]").check()
    page.locator("[data-viz] [data-token][data-index='3']").click()
    expect(_lab(page)).to_have_attribute("data-mask", "causal")
    # The one-layer model keeps its small multiples; the 72-head grid and the layer menu stay hidden.
    expect(page.locator("[data-viz] [data-view=head-grid]")).to_be_hidden()
    expect(page.locator("[data-control=layer]")).to_be_hidden()
    page.wait_for_function("() => location.search.includes('mask=causal')")
    assert "model=" not in page.url
    assert [u for u in urls if "/data/minilm/" in u or "/models/" in u] == []


def test_switching_models_keeps_the_sentence_and_the_url_holds_the_choice(page: Page, site_url: str, index: dict) -> None:
    urls = _recorder(page)
    _open(page, site_url)
    page.locator("[data-control=preset]").select_option(CAT)
    page.locator("[data-viz] [data-token][data-index='1']").click()  # "cat"
    page.locator("[data-control=model]").select_option("minilm")
    expect(_lab(page)).to_have_attribute("data-model", "minilm")
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    (preset,) = [p for p in index["presets"] if p["sentence"] == CAT]
    state = _shown(page)
    assert state["sentence"] == CAT and state["source"] == "preset"
    assert _tokens(page) == preset["tokens"] and preset["tokens"][0] == "[CLS]" and preset["tokens"][-1] == "[SEP]"
    assert preset["tokens"][int(state["query"])] == "cat"  # the selected word follows the switch
    # Only the list, this sentence's file and the small manifest: no weights without the reader's click.
    fetched = [u.split("/", 3)[3] for u in urls if "/data/minilm/" in u or "/models/" in u]
    assert sorted(fetched) == sorted(["data/minilm/index.json", f"data/minilm/{preset['file']}", f"{MODEL_FILES}manifest.json"])
    # The trained model's settings are fixed, and the lab says why.
    for name in ("mask", "scaling", "temperature"):
        expect(page.locator(f"[data-control={name}]")).to_be_disabled()
    expect(page.locator("[data-viz] [data-view=fixed-settings]")).to_be_visible()
    expect(page.locator("[data-viz] [data-view=fixed-settings]")).to_contain_text("√d_k")
    expect(page.locator("[data-control=layer] option")).to_have_count(index["model"]["n_layers"])
    expect(page.locator("[data-control=head] option")).to_have_count(index["model"]["n_heads"])

    _show_head(page, 1, 8)
    expect(page.locator("[data-viz] [data-view=head-note]")).to_contain_text("Layer 2, head 9, “")
    page.wait_for_function("() => location.search.includes('head=8')")
    url = page.url
    assert "model=minilm" in url and "layer=1" in url and "head=8" in url and "mask" not in url
    other = page.context.new_page()
    other.goto(url)
    expect(other.locator("[data-viz]")).to_have_attribute("data-status", "ready")
    again = _shown(other)
    for name in ("model", "sentence", "layer", "head", "query", "key", "source"):
        assert again[name] == _shown(page)[name], name
    assert np.array_equal(_heatmap(other), _heatmap(page))
    other.close()

    # A sentence only the real model has; back to the hand-built model, which starts at its first preset ...
    page.locator("[data-control=preset]").select_option(WIDE)
    expect(_lab(page)).to_have_attribute("data-sentence", WIDE)
    page.locator("[data-control=model]").select_option("hand")
    expect(_lab(page)).to_have_attribute("data-model", "hand")
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    hand_presets = page.locator("[data-control=preset] option:not([hidden])").all_text_contents()
    assert _shown(page)["sentence"] == hand_presets[0] and WIDE not in hand_presets
    expect(page.locator("[data-control=mask]")).to_be_enabled()
    # ... and the real model remembers its layer and head.
    page.locator("[data-control=model]").select_option("minilm")
    expect(_lab(page)).to_have_attribute("data-model", "minilm")
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    assert (_shown(page)["sentence"], _shown(page)["layer"], _shown(page)["head"]) == (hand_presets[0], "1", "8")


def test_the_heatmap_holds_the_weights_the_model_computes(page: Page, site_url: str, model) -> None:
    reference = model(ANIMAL)
    _open(page, site_url, "?" + urlencode({"model": "minilm", "s": ANIMAL}))
    assert _tokens(page) == reference.tokens
    for layer, head in [(0, 2), (1, 8), (3, 1), (5, 11)]:
        _show_head(page, layer, head)
        shown = _heatmap(page)
        assert np.abs(shown - reference.attentions[layer, head]).max() < PRESET_TOLERANCE, (layer, head)
    # The steps for the selected query: score, scaled by 1/√32, softmax over every key (no mask).
    page.locator("[data-viz] [data-token][data-index='10']").click()  # "it"
    expect(_lab(page)).to_have_attribute("data-query", "10")
    scores = [float(t.replace("−", "-")) for t in page.locator("[data-viz] [data-view=steps] td[data-step=score]").all_text_contents()]
    weights = [float(t) for t in page.locator("[data-viz] [data-view=steps] td[data-step=weight]").all_text_contents()]
    assert "1/√32" in page.locator("[data-viz] [data-view=steps] caption").text_content()
    top = max(scores)
    exps = [math.exp((s - top) / math.sqrt(32)) for s in scores]
    # The scores shown have 2 decimals, so the softmax recomputed from them agrees to about 1e-3.
    assert [e / math.fsum(exps) for e in exps] == pytest.approx(weights, abs=2e-3)
    assert weights == pytest.approx(reference.attentions[5, 11, 10].tolist(), abs=1e-4)
    # No vectors for this model: one sentence says why, with a link to the notebook; no step 4 table.
    note = page.locator("[data-viz] [data-view=qk] [data-view=no-vectors]")
    expect(note).to_contain_text("32 components per head")
    href = note.locator("a").get_attribute("href")
    assert href.endswith("/examples/attention-in-a-real-model/")
    assert page.request.get(href).ok
    expect(page.locator("[data-viz] [data-view=output]")).to_have_count(0)
    expect(page.locator("[data-viz] [data-view=no-output]")).to_be_visible()
    key = int(_shown(page)["key"])
    assert float(page.locator("[data-viz] [data-qk=weight]").text_content()) == pytest.approx(reference.attentions[5, 11, 10, key], abs=1e-4)


def test_the_grid_shows_all_72_heads_and_works_by_keyboard(page: Page, site_url: str, built_site: Path, index: dict) -> None:
    _open(page, site_url, "?" + urlencode({"model": "minilm", "s": CAT}))
    (preset,) = [p for p in index["presets"] if p["sentence"] == CAT]
    data = json.loads((built_site / "data" / "minilm" / preset["file"]).read_text(encoding="utf-8"))
    view = [[head["label"] for head in layer["heads"]] for layer in data["layers"]]
    cells = page.locator("[data-viz] [data-view=head-grid] [role=gridcell]")
    expect(cells).to_have_count(72)
    labels = cells.evaluate_all("cells => cells.map(c => [c.getAttribute('aria-label'), c.title])")
    expected = [f"Layer {l + 1}, head {h + 1} — {view[l][h]}" for l in range(6) for h in range(12)]
    assert [a for a, _ in labels] == expected and [t for _, t in labels] == expected
    assert page.locator("[data-viz] [role=gridcell][aria-selected=true]").count() == 1
    assert page.locator("[data-viz] [role=gridcell][tabindex='0']").get_attribute("data-layer") == "0"

    # Click selects.
    cells.nth(3 * 12 + 5).click()
    assert (_shown(page)["layer"], _shown(page)["head"]) == ("3", "5")
    expect(page.locator("[data-viz] [role=gridcell][aria-selected=true]")).to_have_attribute("aria-label", expected[3 * 12 + 5])
    # Arrow keys move the focus (one tab stop that moves along), Enter or Space selects.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("[document.activeElement.dataset.layer, document.activeElement.dataset.head, document.activeElement.tabIndex]")
    assert focused == ["5", "6", 0]
    assert (_shown(page)["layer"], _shown(page)["head"]) == ("3", "5")  # moving is not choosing
    expect(page.locator("[data-viz] .viz-grid-caption")).to_have_text(expected[5 * 12 + 6])
    page.keyboard.press("ArrowDown")  # the last layer: stays
    page.keyboard.press("Enter")
    expect(_lab(page)).to_have_attribute("data-layer", "5")
    expect(_lab(page)).to_have_attribute("data-head", "6")
    page.keyboard.press("Home")
    page.keyboard.press(" ")
    expect(_lab(page)).to_have_attribute("data-head", "0")
    page.keyboard.press("Control+Home")
    page.keyboard.press("Enter")
    assert (_shown(page)["layer"], _shown(page)["head"]) == ("0", "0")
    assert page.locator("[data-viz] [role=gridcell][tabindex='0']").count() == 1
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"

    # Each map draws its head's weights: in the light scheme, more weight is darker.
    def pixels() -> list:
        return page.evaluate(
            "() => { const c = document.querySelector('[data-viz] [role=gridcell][data-layer=\"1\"][data-head=\"8\"] canvas');"
            " return [c.width, [...c.getContext('2d').getImageData(0, 0, c.width, c.height).data]]; }"
        )

    page.locator("[data-viz] [role=gridcell][data-layer='1'][data-head='8']").click()
    weights = _heatmap(page)
    n, light = pixels()
    assert n == len(weights)
    lightness = np.array(light, dtype=float).reshape(n, n, 4)[..., :3].sum(axis=-1)
    order = np.argsort(weights.ravel())
    assert lightness.ravel()[order[-1]] < lightness.ravel()[order[0]]
    assert np.corrcoef(weights.ravel(), lightness.ravel())[0, 1] < -0.9
    # The dark scheme redraws them on its own scale.
    page.locator("body").evaluate("(body, [name, value]) => body.setAttribute(name, value)", [SCHEME_ATTRIBUTE, DARK_SCHEME])
    page.wait_for_function("() => true")
    _, dark = pixels()
    assert dark != light


def test_table_readouts_and_exports_name_the_layer_and_head(page: Page, site_url: str, model) -> None:
    _open(page, site_url, "?" + urlencode({"model": "minilm", "s": CAT, "layer": 1, "head": 8}))
    reference = model(CAT).attentions[1, 8]
    expect(page.locator("[data-viz] [data-scope=head]")).to_be_visible()
    page.locator("[data-viz] .viz-table-box summary").click()
    table = page.locator("[data-viz] [data-view=table]")
    expect(table.locator("caption")).to_contain_text("layer 2, head 9 of the all-MiniLM-L6-v2")
    shown = [float(t) for t in table.locator("tbody td").all_text_contents()]
    assert shown == pytest.approx(reference.ravel().tolist(), abs=1e-3)

    with page.expect_download() as info:
        page.locator("[data-control=export-csv]").click()
    name = info.value.suggested_filename
    assert name.startswith("attention_all-minilm-l6-v2_layer2-head9_") and name.endswith(".csv")
    rows = list(csv.reader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    assert np.abs(np.array([[float(x) for x in row[1:]] for row in rows[1:]]) - reference).max() < PRESET_TOLERANCE
    with page.expect_download() as info:
        page.locator("[data-control=export-svg]").click()
    assert info.value.suggested_filename.startswith("attention_all-minilm-l6-v2_layer2-head9_")
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert "layer 2, head 9" in text and "all-MiniLM-L6-v2" in text


def _status(page: Page):
    return page.locator("[data-viz-status]")


def test_the_model_runs_in_the_browser_only_when_asked(return_visit: Page, site_url: str, built_site: Path) -> None:
    page = return_visit
    urls = _recorder(page)
    _open(page, site_url, "?model=minilm")
    manifest = json.loads((built_site / MODEL_FILES / "manifest.json").read_text(encoding="utf-8"))
    size = sum(manifest["files"][name]["bytes"] for name in ("config.json", "vocab.txt", "model.safetensors"))
    button = page.locator("[data-control=load-model]")
    expect(button).to_have_text(f"Load the model in your browser ({size / 1e6:.1f} MB, once)")

    # A sentence of one's own before the download: it waits, in the box and in the address.
    sentence = "The trophy didn't fit in the suitcase because it was too big."
    box = page.locator("[data-control=sentence]")
    box.fill(sentence)
    box.press("Enter")
    expect(_status(page)).to_contain_text("needs the model in your browser")
    assert box.input_value() == sentence
    assert _shown(page)["source"] == "preset"
    handled(page)
    assert not [u for u in urls if u.endswith(("model.safetensors", "vocab.txt", "config.json"))]
    assert page.evaluate("window.attentionCourse.python.state") == "idle"

    button.click()
    expect(_lab(page)).to_have_attribute("data-model-status", "ready")
    expect(_lab(page)).to_have_attribute("data-sentence", sentence)
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    assert _shown(page)["source"] == "live"
    expect(_status(page)).to_contain_text("float16")
    expect(_status(page)).to_contain_text("loaded in")
    expect(button).to_be_hidden()

    live_model = load_minilm(built_site / MODEL_FILES, dtype=np.float32)
    reference = live_model(sentence)
    assert _tokens(page) == reference.tokens
    for layer, head in [(0, 2), (3, 1), (5, 7)]:
        _show_head(page, layer, head)
        assert np.abs(_heatmap(page) - reference.attentions[layer, head]).max() < LIVE_TOLERANCE, (layer, head)

    # Too long: Python's message, the view stays, the text stays in the box.
    too_long = " ".join(["a"] * 45)
    n_tokens = len(live_model.encode(too_long).tokens)
    box.fill(too_long)
    box.press("Enter")
    expect(_status(page)).to_contain_text(f"ValueError: the sentence is {n_tokens} tokens long")
    assert _shown(page)["sentence"] == sentence and box.input_value() == too_long

    # A Stop in a lesson block ends Python and the files in it: the next sentence fetches them again, unasked.
    block = page.locator("[data-runner]").first
    block.locator("pre[data-runner-code]").click()  # the block's code turns into its editor
    block.locator(".cm-content[data-runner-code]").fill("while True:\n    pass")
    block.locator("[data-action=run]").click()
    expect(block.locator("[data-action=stop]")).to_be_enabled()
    block.locator("[data-action=stop]").click()
    expect(_status(page)).to_contain_text("Python was restarted")
    again = "The cat chased the mouse."
    box.fill(again)
    box.press("Enter")
    expect(_lab(page)).to_have_attribute("data-sentence", again)
    assert _shown(page)["source"] == "live"
    assert len([u for u in urls if u.endswith("model.safetensors")]) == 2
    weights = live_model(again).attentions
    assert np.abs(_heatmap(page) - weights[5, 7]).max() < LIVE_TOLERANCE


# ── Words the hand-built model does not know; failures and Cancel ────────


def test_a_sentence_with_unknown_words_goes_to_the_trained_model_in_one_click(return_visit: Page, site_url: str, built_site: Path) -> None:
    page = return_visit
    sentence = "The student left her laptop in the car"
    _open(page, site_url)
    box = page.locator("[data-control=sentence]")
    box.fill(sentence)
    box.press("Enter")
    expect(_lab(page)).to_have_attribute("data-sentence", sentence)
    expect(page.locator("[data-viz] [data-view=unknown-words]")).to_contain_text("“laptop”")
    page.locator("[data-viz] [data-control=try-trained]").click()
    # One click: the trained model, the same sentence, its weights loaded and the view computed in the browser.
    reference = load_minilm(built_site / MODEL_FILES, dtype=np.float32)(sentence)
    assert "laptop" in reference.tokens
    expect(_lab(page)).to_have_attribute("data-model", "minilm")
    expect(_lab(page)).to_have_attribute("data-model-status", "ready")
    # The hand-built model's view of the sentence was live too: wait for the trained model's to be drawn.
    expect(page.locator("[data-viz] [data-token]")).to_have_text(reference.tokens)
    expect(_lab(page)).to_have_attribute("data-sentence", sentence)
    expect(_lab(page)).to_have_attribute("data-source", "live")
    expect(page.locator("[data-viz] [data-view=unknown-words]")).to_be_hidden()  # it knows every word
    assert np.abs(_heatmap(page) - reference.attentions[0, 0]).max() < LIVE_TOLERANCE


def test_the_list_of_sentences_failing_says_so_and_retry_works_in_place(page: Page, traffic, site_url: str, index: dict) -> None:
    page.route("**/data/minilm/index.json", lambda route: route.fulfill(status=404, body="missing"), times=1)
    _open(page, site_url)
    page.evaluate("window.__same_document = true")
    page.locator("[data-control=model]").select_option("minilm")
    expect(_status(page)).to_contain_text(
        "The real model's data could not be loaded: the real model's list of sentences could not be loaded (HTTP 404)."
    )
    expect(_lab(page)).to_have_attribute("data-model", "hand")  # a usable lab meanwhile
    page.locator("[data-viz] [data-control=retry]").click()
    expect(_lab(page)).to_have_attribute("data-model", "minilm")
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    assert _tokens(page) == index["presets"][0]["tokens"]
    expect(page.locator("[data-viz] [data-control=retry]")).to_be_hidden()
    assert page.evaluate("window.__same_document") is True
    assert [e for e in traffic.console_errors if not e.startswith("Failed to load resource")] == []
    traffic.console_errors.clear()  # the browser logs the 404 it was given


def test_a_preset_file_or_the_manifest_failing_once_can_be_retried(page: Page, traffic, site_url: str, index: dict, built_site: Path) -> None:
    manifest = json.loads((built_site / MODEL_FILES / "manifest.json").read_text(encoding="utf-8"))
    size = sum(manifest["files"][name]["bytes"] for name in ("config.json", "vocab.txt", "model.safetensors"))
    page.route(f"**/{MODEL_FILES}manifest.json", lambda route: route.abort(), times=1)
    second = index["presets"][1]
    page.route(f"**/data/minilm/{second['file']}", lambda route: route.fulfill(status=200, body="{not json"), times=1)
    _open(page, site_url, "?model=minilm")
    page.evaluate("window.__same_document = true")
    # The manifest: what failed, and Retry in place of the download button.
    expect(_status(page)).to_contain_text("The model's file list could not be loaded (network error")
    expect(page.locator("[data-control=load-model]")).to_be_hidden()
    page.locator("[data-viz] [data-control=retry]").click()
    expect(page.locator("[data-control=load-model]")).to_have_text(f"Load the model in your browser ({size / 1e6:.1f} MB, once)")
    expect(page.locator("[data-viz] [data-control=retry]")).to_be_hidden()
    # A preset's file that arrives damaged: the view on screen stays, the message names the file, Retry loads it.
    first = _shown(page)["sentence"]
    page.locator("[data-control=preset]").select_option(second["sentence"])
    expect(_status(page)).to_contain_text(f"The views of “{second['sentence']}” arrived damaged (it is not valid JSON).")
    assert _shown(page)["sentence"] == first
    page.locator("[data-viz] [data-control=retry]").click()
    expect(_lab(page)).to_have_attribute("data-sentence", second["sentence"])
    assert _tokens(page) == second["tokens"]
    assert page.evaluate("window.__same_document") is True
    assert [e for e in traffic.console_errors if not e.startswith("Failed to load resource")] == []
    traffic.console_errors.clear()  # the browser logs the aborted request


def test_cancel_during_a_stalled_download_leaves_a_usable_lab(return_visit: Page, site_url: str, index: dict) -> None:
    page = return_visit
    hanging: list[Route] = []
    page.route(f"**/{MODEL_FILES}model.safetensors", lambda route: hanging.append(route))  # never answered
    _open(page, site_url, "?model=minilm")
    page.locator("[data-control=load-model]").click()
    expect(_status(page)).to_contain_text("downloaded")
    poll(page, lambda: len(hanging), lambda n: n > 0, "the weights' request")  # config.json and vocab.txt arrive; it hangs
    assert len(hanging) == 1
    expect(_lab(page)).to_have_attribute("data-model-status", "loading")
    cancel = page.locator("[data-viz] [data-control=cancel-model]")
    expect(cancel).to_be_visible()
    cancel.click()
    expect(_status(page)).to_contain_text("Download cancelled. The prepared sentences still work")
    expect(_lab(page)).to_have_attribute("data-model-status", "none")
    expect(cancel).to_be_hidden()
    expect(page.locator("[data-control=load-model]")).to_be_visible()  # it can be started again
    # The precomputed sentences still work, and so does the hand-built model.
    second = index["presets"][1]
    page.locator("[data-control=preset]").select_option(second["sentence"])
    expect(_lab(page)).to_have_attribute("data-sentence", second["sentence"])
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    page.locator("[data-control=model]").select_option("hand")
    expect(_lab(page)).to_have_attribute("data-model", "hand")
    expect(_lab(page)).to_have_attribute("data-status", "ready")


def test_a_stalled_list_of_sentences_times_out_and_retry_works(page: Page, site_url: str, index: dict) -> None:
    hanging: list[Route] = []
    page.route("**/data/minilm/index.json", lambda route: hanging.append(route), times=1)  # never answered
    _open(page, site_url)
    page.evaluate("window.attentionCourse.python.downloadStallMs = 2000")  # the page's one stall setting
    page.locator("[data-control=model]").select_option("minilm")
    expect(_status(page)).to_contain_text("the real model's list of sentences could not be loaded (nothing arrived for 2 s)")
    assert len(hanging) == 1
    page.locator("[data-viz] [data-control=retry]").click()
    expect(_lab(page)).to_have_attribute("data-model", "minilm")
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    assert _tokens(page) == index["presets"][0]["tokens"]
