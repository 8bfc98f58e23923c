"""The lab's language model in Chromium: SmolLM2-135M-Instruct's causal heads, as the site's data holds them.

The expected numbers are the built site's own files (data/smollm2/), expanded
by attention.lab.smollm2.expand_view under CPython, which
tests/site/test_lab_language_model.py checks against the model and an
independent decoder; the page expands them itself (smollm2.js) and must show
the same numbers. The ``page`` and ``open_page`` fixtures fail any test that
makes a request to another host or logs an error.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from attention.lab import smollm2
from attention.lab.smollm2 import expand_view
from attention.models import load_smollm2
from attention.models.weights import SMOLLM2_FILE, SMOLLM2_FILE_SIZE
from site_examples.material_adapter import DARK_SCHEME, LIGHT_SCHEME, SCHEME_ATTRIBUTE
from tests.browser import accounting
from tests.browser.conftest import handled
from tests.browser.test_accessibility import axe, scheme_page, settled

LAB = "lab/"
MODEL_FILES = "models/SmolLM2-135M-Instruct/"
# The browser computes in float32 as the reference here does, from the same file; the order of
# additions differs (BLAS here, numpy's own loops in Pyodide) over 30 layers.
LIVE_TOLERANCE = 1e-3
# Whether the lab offers prompts of one's own: the measured verdict the build follows (overrides/hooks/model_views.py).
LIVE = json.loads((Path(__file__).resolve().parents[2] / "docs" / "data" / "language-model-figures.json").read_text())["verdict"]["ship_live"]


@pytest.fixture(scope="module")
def index(built_site: Path) -> dict:
    return json.loads((built_site / "data" / "smollm2" / "index.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def views(built_site: Path, index: dict) -> dict[str, dict]:
    folder = built_site / "data" / "smollm2"
    return {p["sentence"]: expand_view(json.loads((folder / p["file"]).read_text(encoding="utf-8"))) for p in index["presets"]}


def _lab(page: Page):
    return page.locator("[data-viz]")


def _shown(page: Page) -> dict:
    return page.evaluate("() => ({ ...document.querySelector('[data-viz]').dataset })")


def _open(page: Page, site_url: str, query: str = "") -> None:
    page.goto(site_url + LAB + query)
    expect(_lab(page)).to_have_attribute("data-status", "ready")


def _heatmap(page: Page) -> tuple[list[list[float]], set[tuple[int, int]]]:
    cells = page.evaluate(
        "() => [...document.querySelectorAll('[data-viz] [data-cell]')]"
        ".map(c => [Number(c.dataset.q), Number(c.dataset.k), Number(c.dataset.weight), c.hasAttribute('data-masked')])"
    )
    n = max(q for q, _, _, _ in cells) + 1
    matrix = [[float("nan")] * n for _ in range(n)]
    for q, k, weight, _ in cells:
        matrix[q][k] = weight
    return matrix, {(q, k) for q, k, _, masked in cells if masked}


def _tokens(page: Page) -> list[str]:
    return page.locator("[data-viz] [data-token]").evaluate_all("buttons => buttons.map(b => b.dataset.token)")


def _choose_model(page: Page) -> None:
    page.locator("[data-control=model]").select_option("smollm2")
    expect(_lab(page)).to_have_attribute("data-model", "smollm2")
    expect(_lab(page)).to_have_attribute("data-status", "ready")


def test_selecting_the_model_shows_the_weights_its_files_hold(page: Page, site_url: str, index: dict, views: dict) -> None:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    _open(page, site_url)
    assert not [u for u in urls if "/data/smollm2/" in u]  # nothing of the model before it is chosen
    _choose_model(page)
    opening = index["opening"]
    (first,) = [p for p in index["presets"] if p["id"] == opening["preset"]]
    state = _shown(page)
    assert (state["sentence"], state["source"], state["mask"]) == (first["sentence"], "preset", "causal")
    assert (int(state["layer"]), int(state["head"]), int(state["query"])) == (opening["layer"], opening["head"], opening["query"])
    view = views[first["sentence"]]
    assert _tokens(page) == view["tokens"]
    head = view["layers"][opening["layer"]]["heads"][opening["head"]]
    weights, masked = _heatmap(page)
    assert weights == head["weights"]  # the page expands the file exactly as the package does
    n = len(view["tokens"])
    assert masked == {(q, k) for q in range(n) for k in range(q + 1, n)}
    expect(page.locator("[data-viz] [data-view=head-note]")).to_contain_text(
        f"Layer {opening['layer'] + 1}, head {opening['head'] + 1}, “{head['label']}”"
    )
    expect(page.locator("[data-viz] [data-view=head-note]")).to_contain_text(f"key/value head {head['kv_head'] + 1} of 3")
    # Only the list, this prompt's file and, if the lab offers prompts of one's own, the small manifest.
    if LIVE:
        expect(page.locator("[data-control=load-model]")).to_have_text(f"Load the model in your browser ({SMOLLM2_FILE_SIZE / 1e6:.1f} MB, once)")
    else:
        expect(page.locator("[data-control=sentence]")).to_be_hidden()
        expect(page.locator("[data-viz] [data-view=no-own-sentence]")).to_contain_text("prepared prompts only")
        expect(page.locator("[data-control=load-model]")).to_be_hidden()
    fetched = sorted(u.split("/", 3)[3] for u in urls if "/data/smollm2/" in u or "/models/" in u or "/data/minilm/" in u)
    manifest = [f"{MODEL_FILES}manifest.json"] if LIVE else []
    assert fetched == sorted(["data/smollm2/index.json", f"data/smollm2/{first['file']}", *manifest])
    # Fixed, causal settings, and the lab says why.
    expect(page.locator("[data-control=mask]")).to_be_checked()
    for name in ("mask", "scaling", "temperature"):
        expect(page.locator(f"[data-control={name}]")).to_be_disabled()
    expect(page.locator("[data-viz] [data-view=fixed-settings]")).to_contain_text("causal mask")
    expect(page.locator("[data-viz-status]")).to_contain_text("4-bit (Q4_1) weights of the instruct model")
    # The steps: later keys are masked, their scores not stored; the weights as the file holds them.
    steps = page.locator("[data-viz] [data-view=steps] tbody tr")
    expect(steps).to_have_count(n)
    query = opening["query"]
    texts = page.locator("[data-viz] [data-view=steps] td[data-step=weight]").all_text_contents()
    assert texts == [f"{w:.4f}" if w else "0" for w in head["weights"][query]]

    # Another prompt: its own file, its own weights.
    other = index["presets"][1]
    page.locator("[data-control=preset]").select_option(other["sentence"])
    expect(_lab(page)).to_have_attribute("data-sentence", other["sentence"])
    shown = _shown(page)
    weights, _ = _heatmap(page)
    assert weights == views[other["sentence"]]["layers"][int(shown["layer"])]["heads"][int(shown["head"])]["weights"]
    assert int(shown["query"]) == len(other["tokens"]) - 1  # a prompt opens on its last token
    page.wait_for_function("() => location.search.includes('model=smollm2')")
    assert "mask=" not in page.url


def test_the_prediction_lists_the_top_five_with_their_probabilities(page: Page, site_url: str, views: dict) -> None:
    sentence = "The capital of France is"
    _open(page, site_url, "?" + urlencode({"model": "smollm2", "s": sentence}))
    expect(_lab(page)).to_have_attribute("data-sentence", sentence)
    box = page.locator("[data-viz] [data-view=prediction]")
    expect(box).to_be_visible()
    items = box.locator("li")
    expect(items).to_have_count(5)
    prediction = views[sentence]["prediction"]
    assert items.locator(".viz-prediction-token").all_text_contents() == [entry["token"] for entry in prediction]
    assert items.locator(".viz-prediction-value").all_text_contents() == [f"{100 * e['probability']:.1f}%" for e in prediction]
    assert [float(p) for p in items.evaluate_all("li => li.map(l => l.dataset.probability)")] == [e["probability"] for e in prediction]
    total = sum(entry["probability"] for entry in prediction)
    expect(box.locator(".viz-prediction-note")).to_contain_text(f"{100 * total:.1f}% of its probability, out of a vocabulary of 49,152")
    # The hand-built model has no prediction to show.
    page.locator("[data-control=model]").select_option("hand")
    expect(_lab(page)).to_have_attribute("data-model", "hand")
    expect(box).to_be_hidden()


def test_layers_and_heads_from_the_keyboard(page: Page, site_url: str, index: dict, views: dict) -> None:
    sentence = index["presets"][0]["sentence"]
    _open(page, site_url, "?" + urlencode({"model": "smollm2", "s": sentence, "layer": 0, "head": 0, "query": 5}))
    assert (_shown(page)["layer"], _shown(page)["head"]) == ("0", "0")
    cells = page.locator("[data-viz] [data-view=head-grid] [role=gridcell]")
    expect(cells).to_have_count(270)
    groups = page.locator("[data-viz] [data-view=head-grid] th[scope=colgroup]")
    assert groups.all_text_contents() == ["key/value head 1", "key/value head 2", "key/value head 3"]
    assert groups.evaluate_all("ths => ths.map(th => th.colSpan)") == [3, 3, 3]
    assert cells.evaluate_all("cells => cells.slice(0, 9).map(c => Number(c.dataset.kvHead))") == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    expect(page.locator("[data-viz] [data-view=kv-groups]")).to_contain_text("share 3 key/value heads")
    # The row of tokens: ↓ steps to the next head, across layers; ← and → move the query.
    page.locator("[data-viz] [data-token][data-index='5']").focus()
    for _ in range(10):
        page.keyboard.press("ArrowDown")
    expect(_lab(page)).to_have_attribute("data-layer", "1")
    expect(_lab(page)).to_have_attribute("data-head", "1")
    page.keyboard.press("ArrowUp")
    expect(_lab(page)).to_have_attribute("data-head", "0")
    page.keyboard.press("ArrowRight")
    expect(_lab(page)).to_have_attribute("data-query", "6")
    # The grid: arrows move the focus, Enter shows the head; Ctrl+End the last head of the last layer.
    page.locator("[data-viz] [role=gridcell][tabindex='0']").focus()
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    expect(_lab(page)).to_have_attribute("data-layer", "29")
    expect(_lab(page)).to_have_attribute("data-head", "8")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    expect(_lab(page)).to_have_attribute("data-layer", "28")
    expect(_lab(page)).to_have_attribute("data-head", "7")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    weights, _ = _heatmap(page)
    assert weights == views[sentence]["layers"][28]["heads"][7]["weights"]
    expect(page.locator("[data-viz] [data-view=head-note]")).to_contain_text("Layer 29, head 8")
    # The menus, by keyboard too.
    page.locator("[data-control=layer]").focus()
    page.keyboard.press("ArrowUp")
    expect(_lab(page)).to_have_attribute("data-layer", "27")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_in_both_schemes_without_sideways_scroll_and_axe_clean(open_page, site_url: str, scheme: str) -> None:
    page = scheme_page(open_page, scheme)
    page.set_viewport_size({"width": 390, "height": 844})
    _open(page, site_url, "?model=smollm2")
    settled(page, at_once=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    fill = page.evaluate("getComputedStyle(document.querySelector('[data-viz] [data-cell]')).fill")
    assert re.match(r"oklch\(0\.\d+ ", fill)
    # The grid's maps are drawn in the scheme's colours: a zero weight recedes into the background.
    expected = DARK_SCHEME if scheme == "dark" else LIGHT_SCHEME
    expect(page.locator("body")).to_have_attribute(SCHEME_ATTRIBUTE, expected)
    corner = page.evaluate(
        "() => { const c = document.querySelector('[data-viz] [role=gridcell] canvas');"
        " return [...c.getContext('2d').getImageData(c.width - 1, 0, 1, 1).data].slice(0, 3); }"
    )
    assert (sum(corner) < 3 * 128) == (scheme == "dark")  # a future key's weight, 0
    assert axe(page, within="[data-viz]") == []


@pytest.mark.long
def test_leaving_the_language_model_by_instant_navigation_leaves_nothing_behind(page: Page, site_url: str) -> None:
    """A lab that showed the language model (270 maps, each with a click listener) goes entirely when the page does.

    After one round trip glossary -> lab (the language model chosen, a map clicked) -> glossary and after six,
    the course's scripts hold the same registrations (``tests/browser/accounting.py``).
    """

    def use_the_language_model(page: Page) -> None:
        expect(_lab(page)).to_have_attribute("data-status", "ready")
        page.locator("[data-control=model]").select_option("smollm2")
        expect(_lab(page)).to_have_attribute("data-model", "smollm2")
        expect(_lab(page)).to_have_attribute("data-status", "ready")
        page.locator("[data-viz] [role=gridcell]").nth(40).click()

    readings = accounting.round_trips(page, site_url, "glossary/", "lab/", 6, use_the_language_model)
    assert readings[0] == readings[-1], accounting.difference(readings[0], readings[-1])


def test_a_failing_list_of_prompts_says_so_and_retry_works_in_place(page: Page, traffic, site_url: str, index: dict) -> None:
    page.route("**/data/smollm2/index.json", lambda route: route.fulfill(status=404, body="missing"), times=1)
    _open(page, site_url)
    page.evaluate("window.__same_document = true")
    page.locator("[data-control=model]").select_option("smollm2")
    expect(page.locator("[data-viz-status]")).to_contain_text(
        "The language model's data could not be loaded: the language model's list of prompts could not be loaded (HTTP 404)."
    )
    expect(_lab(page)).to_have_attribute("data-model", "hand")
    page.locator("[data-viz] [data-control=retry]").click()
    expect(_lab(page)).to_have_attribute("data-model", "smollm2")
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    assert _tokens(page) == index["presets"][0]["tokens"]
    assert page.evaluate("window.__same_document") is True
    assert all(e.startswith("Failed to load resource") for e in traffic.console_errors), traffic.console_errors
    traffic.console_errors.clear()  # the browser logs the 404 it was given


def test_the_no_vectors_note_links_to_the_language_model_notebook(page: Page, site_url: str) -> None:
    _open(page, site_url, "?model=smollm2")
    note = page.locator("[data-viz] [data-view=qk] [data-view=no-vectors]")
    expect(note).to_contain_text("64 components per head")
    href = note.locator("a").get_attribute("href")
    assert href.endswith("/examples/attention-inside-a-language-model/")
    assert page.request.get(href).ok


def test_without_the_measured_costs_allowing_it_the_lab_offers_prepared_prompts_only(page: Page, site_url: str, index: dict) -> None:
    if LIVE:
        pytest.skip("the measured costs allow prompts of one's own (test below)")
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    _open(page, site_url, "?" + urlencode({"model": "smollm2", "s": "A prompt of my own"}))
    # A prompt it cannot compute here: the opening's instead, and the lab says why there is no box.
    assert _shown(page)["sentence"] == index["presets"][0]["sentence"]
    expect(page.locator("[data-control=sentence]")).to_be_hidden()
    note = page.locator("[data-viz] [data-view=no-own-sentence]")
    expect(note).to_contain_text("How the code runs")
    expect(page.locator("[data-control=load-model]")).to_be_hidden()
    assert not [u for u in urls if "/models/" in u]
    # The encoder keeps its box.
    page.locator("[data-control=model]").select_option("minilm")
    expect(_lab(page)).to_have_attribute("data-model", "minilm")
    expect(page.locator("[data-control=sentence]")).to_be_visible()
    expect(note).to_be_hidden()


@pytest.mark.long
def test_a_prompt_of_ones_own_runs_in_the_browser_only_when_asked(return_visit: Page, site_url: str, built_site: Path) -> None:
    page = return_visit
    if not LIVE:
        pytest.skip("the measured costs do not allow prompts of one's own: the site ships no model file")
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    _open(page, site_url, "?model=smollm2")
    button = page.locator("[data-control=load-model]")
    expect(button).to_have_text(f"Load the model in your browser ({SMOLLM2_FILE_SIZE / 1e6:.1f} MB, once)")
    prompt = "The dog chased the ball across the"
    box = page.locator("[data-control=sentence]")
    expect(box).to_have_attribute("placeholder", "Type a prompt, then Enter")
    box.fill(prompt)
    box.press("Enter")
    expect(page.locator("[data-viz-status]")).to_contain_text(f"Your prompt “{prompt}” needs the model in your browser.")
    assert _shown(page)["source"] == "preset"
    handled(page)
    assert not [u for u in urls if u.endswith(".gguf")]  # nothing downloaded without the click
    button.click()
    expect(_lab(page)).to_have_attribute("data-model-status", "ready", timeout=180_000)
    expect(_lab(page)).to_have_attribute("data-sentence", prompt, timeout=120_000)
    expect(_lab(page)).to_have_attribute("data-source", "live")
    expect(page.locator("[data-viz-status]")).to_contain_text("from the same 4-bit (Q4_1) weights")
    expect(page.locator("[data-viz-status]")).to_contain_text("type any prompt of up to 40 tokens")
    assert [u for u in urls if u.endswith(".gguf")] == [site_url + MODEL_FILES + SMOLLM2_FILE]
    local = load_smollm2(built_site / MODEL_FILES / SMOLLM2_FILE)  # the file the page downloaded, in float32 too
    reference = smollm2.language_model_view(local, prompt)
    assert _tokens(page) == reference["tokens"]
    assert int(_shown(page)["query"]) == len(reference["tokens"]) - 1
    for layer, head in [(0, 0), (18, 6), (29, 8)]:
        page.locator("[data-control=layer]").select_option(str(layer))
        page.locator("[data-control=head]").select_option(f"{layer}:{head}")
        expect(_lab(page)).to_have_attribute("data-head", str(head))
        weights, _ = _heatmap(page)
        want = reference["layers"][layer]["heads"][head]["weights"]
        assert max(abs(a - b) for r, s in zip(weights, want) for a, b in zip(r, s)) < LIVE_TOLERANCE, (layer, head)
    shown = page.locator("[data-viz] [data-view=prediction] li").evaluate_all(
        "li => li.map(l => [Number(l.dataset.tokenId), Number(l.dataset.probability)])"
    )
    assert [i for i, _ in shown] == [e["id"] for e in reference["prediction"]]
    assert [p for _, p in shown] == pytest.approx([e["probability"] for e in reference["prediction"]], abs=LIVE_TOLERANCE)
    # Too long: Python's message, the view stays.
    too_long = " ".join(["a"] * 45)  # within the box's 200 characters
    n_tokens = len(local.encode(too_long))
    box.fill(too_long)
    box.press("Enter")
    expect(page.locator("[data-viz-status]")).to_contain_text(f"ValueError: the prompt is {n_tokens} tokens long")
    assert _shown(page)["sentence"] == prompt
