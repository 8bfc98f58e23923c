"""The Attention Visualizer lab in Chromium: it shows the data it was given, follows the math, and keeps its state.

The expected numbers come from the committed preset file (checked against the
package by tests/site/test_visualizer_data.py) or from the package under
CPython, and the math (softmax of scaled scores) is redone here with
``math.exp``. The ``page`` fixture fails any test that makes a request to
another host or logs an error.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, Route, expect

from attention.lab import tokenize, unknown_words, visualizer_data
from site_examples.material_adapter import DARK_SCHEME, LIGHT_SCHEME, SCHEME_ATTRIBUTE, nav_link_ending
from tests.browser import accounting

ROOT = Path(__file__).resolve().parents[2]
PRESETS = json.loads((ROOT / "docs" / "data" / "visualizer-presets.json").read_text(encoding="utf-8"))
LAB = "lab/"
CAT = "The cat sat on the mat because it was tired"


def _view(sentence: str, mask: str = "none", scaling: bool = True) -> dict:
    (preset,) = [p for p in PRESETS["presets"] if p["sentence"] == sentence]
    (view,) = [v for v in preset["views"] if v["mask"] == mask and v["scaling"] == scaling]
    return view


def _open(page: Page, site_url: str, query: str = "") -> None:
    page.goto(site_url + LAB + query)
    expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")


def _lab(page: Page):
    return page.locator("[data-viz]")


def _shown(page: Page) -> dict:
    return page.evaluate("() => ({ ...document.querySelector('[data-viz]').dataset })")


def _heatmap(page: Page) -> list[list[float]]:
    """The weights the heatmap cells carry, as a matrix."""
    cells = page.evaluate(
        "() => [...document.querySelectorAll('[data-viz] [data-cell]')]"
        ".map(c => [Number(c.dataset.q), Number(c.dataset.k), c.dataset.weight, c.hasAttribute('data-masked')])"
    )
    n = max(q for q, _, _, _ in cells) + 1
    matrix = [[0.0] * n for _ in range(n)]
    for q, k, weight, _ in cells:
        matrix[q][k] = float(weight)
    return matrix


def _masked_cells(page: Page) -> set[tuple[int, int]]:
    cells = page.evaluate(
        "() => [...document.querySelectorAll('[data-viz] [data-cell][data-masked]')].map(c => [Number(c.dataset.q), Number(c.dataset.k)])"
    )
    return {(q, k) for q, k in cells}


def _softmax(scores: list[float], allowed: list[bool]) -> list[float]:
    top = max(s for s, a in zip(scores, allowed) if a)
    exps = [math.exp(s - top) if a else 0.0 for s, a in zip(scores, allowed)]
    total = math.fsum(exps)
    return [e / total for e in exps]


def _choose(page: Page, sentence: str) -> None:
    page.locator("[data-control=preset]").select_option(sentence)
    expect(_lab(page)).to_have_attribute("data-sentence", sentence)


def test_a_preset_shows_instantly_without_python_and_says_so(page: Page, site_url: str) -> None:
    _open(page, site_url)
    first = PRESETS["presets"][0]
    assert _shown(page)["sentence"] == first["sentence"] and _shown(page)["source"] == "preset"
    tokens = page.locator("[data-viz] [data-token]")
    expect(tokens).to_have_count(len(first["views"][0]["tokens"]))
    assert [tokens.nth(i).get_attribute("data-index") for i in range(tokens.count())] == [
        str(i) for i in range(tokens.count())
    ]
    expect(page.locator("[data-viz-status]")).to_contain_text("need Python, which loads when first needed")
    expect(page.locator("[data-control=load-python]")).to_be_visible()
    # Other presets and the toggles work with Python still not loaded.
    _choose(page, CAT)
    page.locator("[data-control=mask]").check()
    expect(_lab(page)).to_have_attribute("data-mask", "causal")
    assert page.evaluate("window.attentionCourse.python.state") == "idle"
    # Every head is there as a small multiple, labelled.
    labels = [h["label"] for h in _view(CAT)["layers"][0]["heads"]]
    names = page.locator("[data-viz] .viz-multiple-name").all_text_contents()
    assert [name.split(": ", 1)[1] for name in names] == labels


def test_selecting_a_token_shows_the_weights_the_data_holds(page: Page, site_url: str) -> None:
    _open(page, site_url)
    _choose(page, CAT)
    view = _view(CAT)
    head = view["layers"][0]["heads"][0]
    sat = 2
    page.locator("[data-viz] [data-token][data-index='2']").click()
    expect(_lab(page)).to_have_attribute("data-query", str(sat))
    row = head["weights"][sat]
    key = row.index(max(row))
    expect(_lab(page)).to_have_attribute("data-key", str(key))  # the key it weighs most, "cat"
    assert view["tokens"][key] == "cat"
    # The heatmap holds the data's weights; the bars and the steps show that row.
    assert _heatmap(page) == head["weights"]
    bars = page.evaluate(
        "() => [...document.querySelectorAll('[data-viz] [data-view=bars] [data-k]')].map(b => Number(b.dataset.weight))"
    )
    assert bars == row
    steps = page.locator("[data-viz] [data-view=steps] td[data-step=weight]").all_text_contents()
    assert steps == [f"{w:.4f}" if w else "0" for w in row]
    # Selected everywhere: token strip, lines, heatmap row, table, readout.
    expect(page.locator("[data-viz] [data-token][data-index='2']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-viz] .viz-lines text.viz-is-query")).to_have_text("sat")
    expect(page.locator("[data-viz] [data-cell][data-selected]")).to_have_attribute("data-q", str(sat))
    page.locator("[data-viz] .viz-table-box summary").click()  # the table is drawn when opened
    expect(page.locator("[data-viz] [data-view=table] tr[aria-current=true] th")).to_have_text("sat")
    entropy = head["row_stats"]["entropy"][sat]
    expect(page.locator("[data-viz] [data-scope=query] [data-stat=entropy]")).to_contain_text(f"{entropy:.2f} bits")
    # The Q·K match: the query of "sat" against the key of "cat" adds up to the score.
    expect(page.locator("[data-viz] [data-view=qk] h3")).to_contain_text("“sat” (query) match “cat” (key)")
    score = head["scores"][sat][key]
    expect(page.locator("[data-viz] [data-qk=score]")).to_have_text(f"{score:.2f}".replace("-", "−"))
    assert math.fsum(q * k for q, k in zip(head["q"][sat], head["k"][key])) == pytest.approx(score, abs=1e-3)
    # Clicking a heatmap cell selects its query and key.
    page.locator("[data-viz] [data-cell][data-q='7'][data-k='1']").click()
    assert (_shown(page)["query"], _shown(page)["key"]) == ("7", "1")


def test_the_causal_mask_zeroes_the_future_as_the_math_says(page: Page, site_url: str) -> None:
    _open(page, site_url)
    _choose(page, CAT)
    page.locator("[data-control=head]").select_option("0:3")  # related topic
    assert _masked_cells(page) == set()
    page.locator("[data-control=mask]").check()
    expect(_lab(page)).to_have_attribute("data-mask", "causal")
    weights = _heatmap(page)
    n = len(weights)
    assert _masked_cells(page) == {(q, k) for q in range(n) for k in range(n) if k > q}
    scores = _view(CAT, "causal")["layers"][0]["heads"][3]["scores"]
    for q, row in enumerate(weights):
        assert all(w == 0.0 for w in row[q + 1 :])
        # Softmax over the visible keys only, recomputed here from the raw scores.
        expected = _softmax([s / math.sqrt(8) for s in scores[q]], [k <= q for k in range(n)])
        assert row == pytest.approx(expected, abs=1e-6)
    # The first token can only see itself.
    assert weights[0] == [1.0] + [0.0] * (n - 1)
    page.locator("[data-viz] [data-token][data-index='1']").click()
    steps = page.locator("[data-viz] [data-view=steps] td[data-step=weight]").all_text_contents()
    assert steps[2:] == ["masked → 0"] * (n - 2)


def test_turning_scaling_off_sharpens_the_weights_as_the_math_says(page: Page, site_url: str) -> None:
    _open(page, site_url)
    _choose(page, CAT)
    page.locator("[data-viz] [data-token][data-index='7']").click()  # "it"
    page.locator("[data-control=head]").select_option("0:2")  # pronoun/verb -> noun
    scores = _view(CAT)["layers"][0]["heads"][2]["scores"]
    scaled = _heatmap(page)
    assert scaled[7] == pytest.approx(_softmax([s / math.sqrt(8) for s in scores[7]], [True] * 10), abs=1e-6)
    shown_scale = page.locator("[data-viz] [data-view=steps] caption").text_content()
    assert "1/√8 = 0.354" in shown_scale

    page.locator("[data-control=scaling]").uncheck()
    expect(_lab(page)).to_have_attribute("data-scaling", "false")
    unscaled = _heatmap(page)
    assert unscaled[7] == pytest.approx(_softmax(scores[7], [True] * 10), abs=1e-6)
    # Without the 1/√d_k the largest weight grows (saturation) and the scaled scores equal the raw ones.
    assert max(unscaled[7]) > max(scaled[7])
    raw = page.locator("[data-viz] [data-view=steps] td[data-step=score]").all_text_contents()
    after = page.locator("[data-viz] [data-view=steps] td[data-step=scaled]").all_text_contents()
    assert raw == after
    expect(page.locator("[data-viz] [data-scope=head] [data-stat=entropy]")).to_contain_text(
        f"{_view(CAT, scaling=False)['layers'][0]['heads'][2]['stats']['entropy']:.2f} bits"
    )


def test_a_custom_sentence_and_a_new_temperature_are_computed_live_in_pyodide(return_visit: Page, site_url: str) -> None:
    page = return_visit
    sentence = "My friend deposited the cash at the bank near the river"
    _open(page, site_url)
    box = page.locator("[data-control=sentence]")
    box.fill(sentence)
    box.press("Enter")
    expect(_lab(page)).to_have_attribute("data-status", "pending")
    expect(page.locator("[data-viz-status]")).to_contain_text("Python in your browser, which is loading")
    expect(_lab(page)).to_have_attribute("data-sentence", sentence)
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    assert _shown(page)["source"] == "live"
    tokens = page.locator("[data-viz] [data-token]").all_text_contents()
    assert tokens == tokenize(sentence)
    # The same package under CPython gives the same numbers, to the last digit the data keeps.
    assert _heatmap(page) == visualizer_data(sentence)["layers"][0]["heads"][0]["weights"]
    expect(page.locator("[data-viz-status]")).to_contain_text("Computed just now in your browser")

    # A temperature the presets do not hold, on a preset sentence: computed live, and divides the scores.
    _choose(page, CAT)
    assert _shown(page)["source"] == "preset"
    page.locator("[data-control=temperature]").fill("8")  # the last step, tau = 4
    expect(_lab(page)).to_have_attribute("data-temperature", "4")
    assert _shown(page)["source"] == "live"
    scores = _view(CAT)["layers"][0]["heads"][0]["scores"]
    for q, row in enumerate(_heatmap(page)):
        assert row == pytest.approx(_softmax([s / (4 * math.sqrt(8)) for s in scores[q]], [True] * 10), abs=1e-6)

    # Python's own error for a sentence the model refuses, shown in the status line.
    box.fill(" ".join(["word"] * 30))
    box.press("Enter")
    expect(page.locator("[data-viz-status]")).to_contain_text("ValueError: sentence has 30 tokens")
    assert _shown(page)["sentence"] == CAT  # the last view stays


def test_the_url_holds_the_state_and_round_trips(page: Page, site_url: str) -> None:
    sentence = "She paid the money into her account at the bank"
    _open(page, site_url)
    _choose(page, sentence)
    page.locator("[data-control=head]").select_option("0:3")
    page.locator("[data-control=mask]").check()
    page.locator("[data-control=scaling]").uncheck()
    page.locator("[data-control=numbers]").check()
    page.locator("[data-viz] [data-token][data-index='9']").click()  # "bank"
    page.locator("[data-viz] [data-cell][data-q='9'][data-k='3']").click()  # ... and "money"
    state = _shown(page)
    # The address follows the state a moment later (replaceState is not free).
    page.wait_for_function("() => location.search.includes('key=3') && location.search.includes('numbers=on')")
    url = page.url
    assert "s=She+paid" in url and "head=3" in url and "mask=causal" in url and "scaling=off" in url
    assert "query=9" in url and "key=3" in url and "numbers=on" in url

    other = page.context.new_page()
    other.goto(url)
    expect(other.locator("[data-viz]")).to_have_attribute("data-status", "ready")
    again = _shown(other)
    for name in ("sentence", "mask", "scaling", "temperature", "layer", "head", "query", "key"):
        assert again[name] == state[name], name
    expect(other.locator("[data-control=mask]")).to_be_checked()
    expect(other.locator("[data-control=scaling]")).not_to_be_checked()
    expect(other.locator("[data-control=numbers]")).to_be_checked()
    expect(other.locator("[data-control=head]")).to_have_value("0:3")
    expect(other.locator("[data-viz] .viz-cell-number").first).to_be_attached()
    assert other.url == url
    other.close()


def test_a_malformed_url_falls_back_to_defaults(page: Page, site_url: str) -> None:
    _open(page, site_url, "?s=&head=99&mask=sideways&t=3.3&query=-1&scaling=maybe")
    state = _shown(page)
    assert state["sentence"] == PRESETS["presets"][0]["sentence"]
    assert (state["head"], state["mask"], state["scaling"], state["temperature"], state["query"]) == (
        "3", "none", "true", "1", "0"
    )  # head 99 is clamped to the last head


def test_a_link_cannot_ask_for_a_sentence_longer_than_the_box_takes(page: Page, site_url: str) -> None:
    """The input takes 200 characters: a link's longer sentence is refused, said so, and starts no Python."""
    too_long = ("cat " * 51)[:201]  # one character over the limit, with nothing to trim
    _open(page, site_url, f"?s={quote(too_long)}&head=2")
    expect(page.locator("[data-control=sentence]")).to_have_attribute("maxlength", "200")
    status = page.locator("[data-viz-status]")
    expect(status).to_have_text(
        "The link asked for a sentence of 201 characters; the lab takes 200 at most, so it shows one of its own."
    )
    expect(status).to_have_class(re.compile(r"\bviz-status--error\b"))
    opening = PRESETS["opening"]
    (preset,) = [p for p in PRESETS["presets"] if p["id"] == opening["preset"]]
    state = _shown(page)
    # The lab's own opening sentence, the rest of the link honoured (head=2), as a preset: nothing computed.
    assert (state["sentence"], state["source"], state["head"]) == (preset["sentence"], "preset", "2")
    expect(page.locator("[data-control=sentence]")).to_have_value("")
    # The address drops the refused sentence for the one on screen.
    page.wait_for_function("s => new URLSearchParams(location.search).get('s') === s", arg=preset["sentence"])
    assert page.evaluate("window.attentionCourse.python.state") == "idle"


def test_export_produces_csv_svg_and_png_files(page: Page, site_url: str) -> None:
    _open(page, site_url)
    _choose(page, CAT)
    head = _view(CAT)["layers"][0]["heads"][0]

    with page.expect_download() as info:
        page.locator("[data-control=export-csv]").click()
    download = info.value
    assert download.suggested_filename.endswith(".csv") and "previous-token" in download.suggested_filename
    rows = list(csv.reader(io.StringIO(Path(download.path()).read_text(encoding="utf-8"))))
    assert rows[0][1:] == [f"{t} ({i + 1})" for i, t in enumerate(_view(CAT)["tokens"])]
    assert [[float(x) for x in row[1:]] for row in rows[1:]] == head["weights"]

    with page.expect_download() as info:
        page.locator("[data-control=export-svg]").click()
    svg = ET.fromstring(Path(info.value.path()).read_bytes())
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    cells = [r for r in svg.iter("{http://www.w3.org/2000/svg}rect") if r.get("data-cell") is not None]
    assert len(cells) == 100
    assert all("fill" in (r.get("style") or "") for r in cells)  # colours written in: it stands alone
    texts = "".join(t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text"))
    assert CAT in texts and "previous token" in texts

    with page.expect_download() as info:
        page.locator("[data-control=export-png]").click()
    png = Path(info.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5_000
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width > 600 and height > 400


def test_csv_cells_a_spreadsheet_would_run_are_exported_as_text(return_visit: Page, site_url: str) -> None:
    """OWASP's CSV-injection advice: a cell starting with = + - @ (tab, CR) gets a leading ', numbers stay numbers."""
    page = return_visit
    sentence = "=1+1 @SUM(A1) -2 cat"
    _open(page, site_url)
    box = page.locator("[data-control=sentence]")
    box.fill(sentence)
    box.press("Enter")
    expect(_lab(page)).to_have_attribute("data-sentence", sentence)
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    with page.expect_download() as info:
        page.locator("[data-control=export-csv]").click()
    rows = list(csv.reader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    keys = ["'= (1)", "1 (2)", "'+ (3)", "1 (4)", "'@ (5)", "SUM (6)", "( (7)", "A1 (8)", ") (9)", "'- (10)"]
    keys += ["2 (11)", "cat (12)"]
    assert rows[0] == ["query \\ key", *keys]
    assert [row[0] for row in rows[1:]] == keys
    weights = visualizer_data(sentence)["layers"][0]["heads"][0]["weights"]
    assert [[float(x) for x in row[1:]] for row in rows[1:]] == weights  # the numbers untouched

    # The rule on cells no sentence of the hand-built model makes (its weights are never negative).
    expected = {
        "-0.5": "-0.5",
        "+1": "+1",
        "1e-7": "1e-7",
        "-1.5E-3": "-1.5E-3",
        ".5": ".5",
        "=SUM(A1)": "'=SUM(A1)",
        "-1+1": "'-1+1",
        "-0.5x": "'-0.5x",
        "+x": "'+x",
        "@x": "'@x",
        "-": "'-",
        "\tx": "'\tx",
        "\rx": '"\'\rx"',  # quoted as well: a CR inside a cell
        "cat": "cat",
    }
    fields = page.evaluate(
        "async ([url, cells]) => { const { csvField } = await import(url); return cells.map((c) => csvField(c)); }",
        [site_url + "javascripts/visualizer/export.js", list(expected)],
    )
    assert dict(zip(expected, fields)) == expected


def test_keyboard_moves_across_tokens_heads_and_cells(page: Page, site_url: str) -> None:
    _open(page, site_url)
    _choose(page, CAT)
    first = page.locator("[data-viz] [data-token][data-index='0']")
    first.click()  # the query is "The" now, and the focus in the row of tokens
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(_lab(page)).to_have_attribute("data-query", "2")
    assert page.evaluate("document.activeElement.dataset.index") == "2"  # focus follows the selection
    page.keyboard.press("Shift+ArrowRight")
    expect(_lab(page)).to_have_attribute("data-key", "2")
    page.keyboard.press("ArrowDown")
    expect(_lab(page)).to_have_attribute("data-head", "1")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    expect(_lab(page)).to_have_attribute("data-head", "1")
    page.keyboard.press("End")
    expect(_lab(page)).to_have_attribute("data-query", "9")
    # One tab stop for the whole row of tokens, then on to the lab's other controls.
    assert page.locator("[data-viz] [data-token][tabindex='0']").count() == 1
    # Visible focus.
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    # The heatmap: arrow keys move the selected cell, from "tired" -> "tired" (the same-word head's choice).
    assert (_shown(page)["query"], _shown(page)["key"]) == ("9", "9")
    page.locator("[data-viz] [data-view=heatmap]").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert (_shown(page)["query"], _shown(page)["key"]) == ("8", "7")
    # The small multiples: arrow keys move between heads.
    page.locator("[data-viz] .viz-multiple[data-head='1']").focus()
    page.keyboard.press("ArrowRight")
    expect(_lab(page)).to_have_attribute("data-head", "2")
    assert page.evaluate("document.activeElement.dataset.head") == "2"


def test_the_table_alternative_lists_every_weight(page: Page, site_url: str) -> None:
    _open(page, site_url)
    _choose(page, CAT)
    page.locator("[data-viz] .viz-table-box summary").click()
    table = page.locator("[data-viz] [data-view=table]")
    expect(table.locator("caption")).to_contain_text("Weights of head “previous token”")
    cells = table.locator("tbody td")
    expect(cells).to_have_count(100)
    weights = _view(CAT)["layers"][0]["heads"][0]["weights"]
    shown = cells.all_text_contents()
    assert shown == [f"{w:.3f}" if w else "0" for row in weights for w in row]
    assert table.locator("thead th[scope=col]").count() == 11
    assert table.locator("tbody th[scope=row]").all_text_contents() == _view(CAT)["tokens"]


def test_dark_mode_uses_the_dark_scale(page: Page, site_url: str) -> None:
    _open(page, site_url)
    fill = "getComputedStyle(document.querySelector('[data-viz] [data-cell]')).fill"
    light = page.evaluate(fill)
    page.locator("body").evaluate("(body, [name, value]) => body.setAttribute(name, value)", [SCHEME_ATTRIBUTE, DARK_SCHEME])
    dark = page.evaluate(fill)
    assert light != dark and re.match(r"oklch\(0\.\d+ ", dark)


def test_instant_navigation_mounts_the_lab(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.evaluate("window.__same_document = true")
    page.locator(nav_link_ending("lab/")).first.click()
    page.wait_for_url(re.compile(r"lab/(\?[^#]*)?(#[^/]*)?$"))
    expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")
    assert page.evaluate("window.__same_document") is True
    expect(page.locator("[data-viz] [data-token]")).to_have_count(len(PRESETS["presets"][0]["views"][0]["tokens"]))


@pytest.mark.parametrize("width", [1280, 1440, 1920])
def test_the_query_and_match_panes_fit_a_desktop_screen(page: Page, site_url: str, width: int) -> None:
    """Side by side on a desktop screen, neither pane hides a column behind a sideways scroll."""
    page.set_viewport_size({"width": width, "height": 900})
    _open(page, site_url)
    _choose(page, CAT)
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('[data-viz] .viz-query, [data-viz] .viz-qk')]"
        ".map(p => [p.className, p.scrollWidth, p.clientWidth, p.getBoundingClientRect().top])"
    )
    assert len(sizes) == 2
    (_, _, _, top_query), (_, _, _, top_match) = sizes
    assert top_query == top_match  # side by side, not stacked
    for name, scroll_width, client_width, _ in sizes:
        assert scroll_width <= client_width, (name, scroll_width, client_width)


# ── Where it opens; words it does not know ──────────────────────────────


def test_the_lab_opens_on_the_row_the_page_describes(page: Page, site_url: str) -> None:
    """docs/lab.md: it opens on "sat" in head 1, previous token, nearly all of the row's weight on "cat"."""
    _open(page, site_url)
    opening = PRESETS["opening"]
    (preset,) = [p for p in PRESETS["presets"] if p["id"] == opening["preset"]]
    state = _shown(page)
    assert (state["sentence"], state["head"], state["query"]) == (preset["sentence"], "0", "2")
    row = _view(preset["sentence"])["layers"][0]["heads"][0]["weights"][2]
    key = int(state["key"])
    assert key == row.index(max(row)) and _view(preset["sentence"])["tokens"][key] == "cat" and row[key] > 0.9
    expect(page.locator("[data-viz] [data-token][aria-pressed=true]")).to_have_text("sat")
    # A preset sentence has no word the model does not know: no note about them.
    expect(page.locator("[data-viz] [data-view=unknown-words]")).to_be_hidden()


def _axe_in_the_lab(page: Page) -> list:
    """axe's WCAG A/AA violations inside the lab only (test_accessibility.py checks whole pages)."""
    from tests.browser.test_accessibility import AXE, FINISHED, OPTIONS

    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    page.evaluate(FINISHED)
    violations = page.evaluate(f"axe.run('[data-viz]', {OPTIONS}).then((result) => result.violations)")
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_words_the_model_does_not_know_are_named_with_what_it_does_with_them(open_page, site_url: str, scheme: str) -> None:
    sentence = "The student left her laptop in the car"
    assert unknown_words(sentence) == ["laptop"]  # the package says which, under CPython
    page = open_page(visited=True, color_scheme=scheme, bypass_csp=True)  # axe is injected as an inline script
    _open(page, site_url)
    box = page.locator("[data-control=sentence]")
    box.fill(sentence)
    box.press("Enter")
    expect(_lab(page)).to_have_attribute("data-sentence", sentence)
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    note = page.locator("[data-viz] [data-view=unknown-words]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("The hand-built model does not know “laptop”")
    expect(note).to_contain_text("rows in heads 3 and 4 are flat")
    # Only "laptop" is drawn as unknown: "student" and "car" come from WordNet now.
    assert page.locator("[data-viz] [data-token][data-unknown]").all_text_contents() == ["laptop"]
    expect(page.locator("[data-viz] [data-control=try-trained]")).to_be_visible()
    expect(page.locator("body")).to_have_attribute(SCHEME_ATTRIBUTE, DARK_SCHEME if scheme == "dark" else LIGHT_SCHEME)
    assert _axe_in_the_lab(page) == []


# ── Failures, and leaving the page (how little the lab moves the page as it mounts: ./dev.sh measure) ──

@pytest.mark.parametrize("failure", ["404", "network", "damaged"])
def test_a_preset_file_that_fails_says_what_failed_and_retry_works_in_place(
    page: Page, traffic, site_url: str, failure: str
) -> None:
    def fail(route: Route) -> None:
        if failure == "404":
            route.fulfill(status=404, body="not here")
        elif failure == "network":
            route.abort()
        else:
            route.fulfill(status=200, content_type="application/json", body='{"presets": [')

    page.route("**/data/visualizer-presets.json", fail, times=1)
    page.goto(site_url + LAB)
    expect(_lab(page)).to_have_attribute("data-status", "error")
    status = page.locator("[data-viz-status]")
    expected = {
        "404": "the lab's preset data could not be loaded (HTTP 404)",
        "network": "the lab's preset data could not be loaded (network error",
        "damaged": "the lab's preset data arrived damaged (it is not valid JSON)",
    }[failure]
    expect(status).to_contain_text(f"The lab could not start: {expected}")
    page.evaluate("window.__same_document = true")
    page.locator("[data-viz] [data-control=retry]").click()
    expect(_lab(page)).to_have_attribute("data-status", "ready")
    assert page.evaluate("window.__same_document") is True  # no reload
    expect(page.locator("[data-viz] [data-control=retry]")).to_be_hidden()
    expect(page.locator("[data-viz] [data-token]")).to_have_count(len(PRESETS["presets"][0]["views"][0]["tokens"]))
    # The browser logs the failed request itself, once; nothing else went wrong.
    assert len(traffic.console_errors) == (0 if failure == "damaged" else 1), traffic.console_errors
    assert all(e.startswith("Failed to load resource") for e in traffic.console_errors), traffic.console_errors
    traffic.console_errors.clear()


@pytest.mark.long
def test_leaving_the_lab_by_instant_navigation_leaves_nothing_behind(page: Page, site_url: str) -> None:
    """Lab.destroy() (called through components.js) gives back all the lab registered, 8 times over.

    After one round trip glossary -> lab -> glossary and after eight, the course's scripts hold the same
    registrations (``tests/browser/accounting.py``): a listener, timer or observer of a lab that outlived
    its page would be there seven times more, named by the line that registered it.
    """

    def ready(page: Page) -> None:
        expect(_lab(page)).to_have_attribute("data-status", "ready")

    readings = accounting.round_trips(page, site_url, "glossary/", "lab/", 8, ready)
    assert readings[0] == readings[-1], accounting.difference(readings[0], readings[-1])
