"""The lessons' diagrams and step-through diagrams: accessible, themed, sized for a phone, true to the package.

``site_examples/generate/diagrams.py`` draws fourteen diagrams (SVG, light
and dark; one for the home page, the row of "it" that the lab's hand-built
layer computes, and one for each page around the lessons that had no picture:
the glossary, whose words are its entries, How the code runs, Architecture and
Maintaining) and builds the data of three step-through diagrams from the lessons'
code and the package. Here each SVG has a title and a description, text of the
size a 390 px phone can read, its own scheme's text colour, and the sizes it
labels; each diagram is on its lesson before the section's first code block
(and, on a lesson that opens with it, once more under the title, for the
first screen: ``tests/browser/test_first_screen.py``); the home page's numbers
are the softmax of the scores the lab computes, redone here, and go where the
hand-built head's rule says; the induction heads' picture is the first
sequence "Learning to attend" prints, with the heads looking where a plain
search for the earlier occurrence says;
each stepper's numbers equal an independent recomputation (numpy's softmax by
hand for the three-token example, the tiny decoder's keys and weights
recomputed without the cache, a naive online-softmax loop over the tiles);
the page's HTML holds the first step, the data and disabled controls, and a
stepper asked for on the wrong page fails the build. The browser side is
``tests/browser/test_step_through.py``."""

from __future__ import annotations

import html
import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from properdocs.exceptions import PluginError

from site_examples.generate import diagrams, figures
from tests.helpers import load_hook

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SVG = "{http://www.w3.org/2000/svg}"
BY_NAME = {diagram.name: diagram for diagram in diagrams.DIAGRAMS}
STEPPERS = {stepper.name: stepper for stepper in diagrams.STEPPERS}
# Where each diagram is shown (hand-written: a diagram moved off its lesson fails here).
PAGES = {
    "attention-shapes": "lessons/scaled-dot-product-attention.md",
    "query-key-value": "lessons/query-key-value.md",
    "multi-head": "lessons/multi-head-attention.md",
    "transformer-block": "lessons/transformer-block.md",
    "rope-rotation": "lessons/positions-inside-attention.md",
    "cross-attention": "lessons/cross-attention.md",
    "kv-cache-growing": "lessons/attention-while-generating.md",
    "online-softmax-tiles": "lessons/attention-at-scale.md",
    "induction-heads": "lessons/learning-to-attend.md",
    "attention-it": "index.md",
    "glossary-map": "glossary.md",
    "code-runs": "how-the-code-runs.md",
    "course-parts": "architecture.md",
    "lesson-checks": "maintaining.md",
}


def _link(name: str, page: str, scheme: str) -> str:
    """The Markdown image of a diagram in one scheme, as ``page`` (under docs/) writes it."""
    return f"![{BY_NAME[name].title}]({'../' * page.count('/')}images/diagrams/{name}-{scheme}.svg#only-{scheme})"


def _opening(text: str) -> str:
    """A page's opening: its title and what comes before its first section (where its first screen's picture is)."""
    return text[: text.index("\n## ")]


@pytest.fixture(scope="module")
def namespaces() -> dict[str, dict]:
    return {}


@pytest.fixture(scope="module")
def svgs(namespaces: dict[str, dict]) -> dict[str, str]:
    return diagrams.render_diagrams(namespaces)


@pytest.fixture(scope="module")
def steps(namespaces: dict[str, dict]) -> dict[str, dict]:
    return {s.name: diagrams.stepper_data(s, namespaces) for s in diagrams.STEPPERS}


def _texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]


def test_every_diagram_is_accessible_themed_and_legible_on_a_phone(svgs: dict[str, str]) -> None:
    assert set(svgs) == {f"images/diagrams/{d}-{p}.svg" for d in PAGES for p in ("light", "dark")}
    for uri, svg in svgs.items():
        root = ET.fromstring(svg)
        name, scheme = uri.rsplit("/", 1)[1].removesuffix(".svg").rsplit("-", 1)
        assert root.get("role") == "img" and root.get("aria-labelledby") == "title desc", uri
        assert root.find(f"{SVG}title").text == BY_NAME[name].title
        assert len(root.find(f"{SVG}desc").text) > 150, uri
        # 440 px wide (330 pt, the figures hook reads pt): a 358 px phone column scales by 0.81.
        assert root.get("width") == "330pt" and root.get("viewBox").startswith("0 0 440 ")
        sizes = [float(el.get("font-size")) for el in root.iter(f"{SVG}text")]
        assert len(sizes) >= 6 and min(sizes) >= 14, f"{uri}: text under 14 px reads under 11 px on a phone"
        own = "#1f2328" if scheme == "light" else "#e6e8eb"
        other = "#e6e8eb" if scheme == "light" else "#1f2328"
        assert own in svg and other not in svg, f"{uri} does not use its scheme's text colour"
        assert "<rect x=\"0\" y=\"0\" width=\"440\"" not in svg  # transparent: no background of its own
        assert not re.search(r'(?:href|src)="(?!#|data:)', svg), f"{uri} refers to another file"


def test_every_diagram_is_on_its_lesson_before_the_sections_code() -> None:
    for name, page in PAGES.items():
        text = (DOCS / page).read_text(encoding="utf-8")
        for scheme in ("light", "dark"):
            link = _link(name, page, scheme)
            # Once where its section explains it; a lesson may open with it too, under its title, before any section
            # (the home page's is in its opening only).
            opening, in_sections = _opening(text).count(link), text.count(link) - _opening(text).count(link)
            assert (opening, in_sections) in ((0, 1), (1, 1), (1, 0)), f"{page} shows {link} {opening} + {in_sections} times"
        at = text.rindex(f"images/diagrams/{name}-light.svg")
        section_start = max(text.rfind("\n#", 0, at), 0)  # the page's opening, before its first heading, counts too
        assert text.count("```python", section_start, at) == 0, f"{name}: code comes before it in its section"
        # Near the section's top: after its heading and a sentence or two (the heads' after the formula).
        assert at - section_start < 1300, f"{name} is {at - section_start} characters into its section"
    for name, stepper in STEPPERS.items():  # each step-through diagram too, before the code that computes it
        text = (DOCS / stepper.page).read_text(encoding="utf-8")
        at = text.index(f"<!-- stepper: {name} -->")
        assert text.count("```python", text.rindex("\n#", 0, at), at) == 0, f"{name}: code comes before it"


def test_the_shapes_diagram_draws_and_labels_the_lessons_sizes(svgs: dict[str, str]) -> None:
    svg = svgs["images/diagrams/attention-shapes-light.svg"]
    labels = _texts(svg)
    for shape in ("n_q × d_k", "d_k × n_k", "n_q × n_k", "n_k × d_v", "n_q × d_v"):
        assert shape in labels, shape
    assert {"Q", "Kᵀ", "S", "A", "V", "O"} <= set(labels)
    desc = ET.fromstring(svg).find(f"{SVG}desc").text
    assert "(3 queries, 3 keys, d_k = 4, d_v = 2)" in desc
    # The lesson's example: q (3, 4), k (3, 4), v (3, 2) (its printed output); each matrix a grid of 22 px cells.
    grids = {(float(r.get("width")), float(r.get("height"))) for r in ET.fromstring(svg).iter(f"{SVG}rect")}
    cell = 22
    for rows, cols in ((3, 4), (4, 3), (3, 3), (3, 2)):  # Q, Kᵀ, S and A, V and O
        assert (cols * cell, rows * cell) in grids, (rows, cols)


def test_the_projection_and_head_diagrams_label_their_sizes(svgs: dict[str, str]) -> None:
    qkv = _texts(svgs["images/diagrams/query-key-value-light.svg"])
    assert {"× W_Q", "× W_K", "× W_V", "n × d_k", "n × d_v", "d_model × d_k", "d_model × d_v"} <= set(qkv)
    heads = _texts(svgs["images/diagrams/multi-head-dark.svg"])
    assert {"head 1", "head 2", "head 3", "× W_O", "concatenate", "Q₁", "K₂", "V₃"} <= set(heads)
    block = _texts(svgs["images/diagrams/transformer-block-light.svg"])
    assert {"Norm 1", "Norm 2", "Multi-head", "Feed-forward"} <= set(block) and block.count("+") == 2
    cross = _texts(svgs["images/diagrams/cross-attention-light.svg"])
    assert {"n_tgt × d_k", "n_src × d_k", "n_src × d_v", "× W_Q", "× W_K", "× W_V"} <= set(cross)


def test_the_kv_cache_diagram_grows_a_row_per_step(svgs: dict[str, str], namespaces: dict) -> None:
    data = diagrams.diagram_data(BY_NAME["kv-cache-growing"], namespaces)
    # The lesson's decoder: 2 heads of width 4 (its printed "cache (2, t + 1, 4)").
    assert data["shapes"] == [(2, 1, 4), (2, 2, 4), (2, 3, 4), (2, 4, 4)]
    desc = ET.fromstring(svgs["images/diagrams/kv-cache-growing-dark.svg"]).find(f"{SVG}desc").text
    assert "reading the cat sat on." in desc and "d_k = 4 cells" in desc and "2 heads by t + 1 by 4" in desc
    labels = _texts(svgs["images/diagrams/kv-cache-growing-light.svg"])
    for t in range(4):
        assert f"K: {t + 1} × 4" in labels and f"V: {t + 1} × 4" in labels


def test_the_home_picture_is_the_softmax_of_the_labs_scores_for_it(svgs: dict[str, str]) -> None:
    """The home page's row: "it" in the hand-built layer's pronoun/verb → noun head, on the lab's sentence.

    The weights drawn are the softmax of the scaled scores the lab computes, redone here with math.exp; the rule
    the head was written for (attention/lab/hand_built.py) sends a pronoun to the nouns, animate ones first: most
    to "cat", the rest to "mat", nearly nothing elsewhere, which is what the home page's first sentence says.
    """
    from attention.lab import visualizer_data

    data = diagrams.home_data({})
    view = visualizer_data(diagrams.HOME_SENTENCE)
    head = view["layers"][0]["heads"][data["head"] - 1]
    assert head["label"] == "pronoun/verb → noun" and data["tokens"][data["query"]] == "it"
    scores = head["scaled_scores"][data["query"]]
    top = max(scores)
    softmax = [math.exp(s - top) / sum(math.exp(x - top) for x in scores) for s in scores]
    assert data["weights"] == pytest.approx(softmax, abs=1e-4)  # the view rounds its scores and weights
    weights = dict(zip(data["tokens"], data["weights"]))
    assert weights["cat"] > 0.6 and weights["mat"] > 0.1 and weights["cat"] + weights["mat"] > 0.99
    # The picture prints the weights it draws, at two decimals, and the description names them.
    light = svgs["images/diagrams/attention-it-light.svg"]
    printed = [text for text in _texts(light) if re.fullmatch(r"[01]\.\d\d", text)]
    assert printed == [f"{weights['cat']:.2f}", f"{weights['mat']:.2f}"]
    assert f"cat {weights['cat']:.2f}, mat {weights['mat']:.2f}" in ET.fromstring(light).find(f"{SVG}desc").text


def test_the_rope_diagram_turns_the_pair_by_its_position(namespaces: dict) -> None:
    data = diagrams.diagram_data(BY_NAME["rope-rotation"], namespaces)
    q, k = np.array(data["q"]), np.array(data["k"])

    def turned(x: np.ndarray, p: int) -> np.ndarray:  # a 2-D pair turns by p radians (ω = 1 for d = 2)
        return np.array([[math.cos(p), -math.sin(p)], [math.sin(p), math.cos(p)]]) @ x

    scores = []
    for panel in data["panels"]:
        assert panel["q"] == pytest.approx(turned(q, panel["m"]).tolist(), abs=1e-12)
        assert panel["k"] == pytest.approx(turned(k, panel["n"]).tolist(), abs=1e-12)
        scores.append(panel["score"])
    offsets = {p["m"] - p["n"] for p in data["panels"]}
    assert len(offsets) == 1 and scores[0] == pytest.approx(scores[1], abs=1e-12)
    assert scores[0] == pytest.approx(float(q @ turned(k, -offsets.pop())), abs=1e-12)


def test_the_induction_picture_is_the_lessons_first_sequence_and_its_rule(svgs: dict[str, str]) -> None:
    """The tokens are the lesson's printed first sequence; the heads look where a plain search says they should."""
    page = (DOCS / "lessons" / "learning-to-attend.md").read_text(encoding="utf-8")
    printed = re.search(r"^p = (\d): ([\d |]+)$", page, re.MULTILINE)  # the first line of the task's output
    p, tokens = int(printed[1]), [int(t) for t in printed[2].replace("|", " ").split()]
    data = diagrams.induction_data({})
    assert (data["p"], data["tokens"]) == (p, tokens) == (3, [4, 19, 6, 2, 13, 16, 3, 11, 10, 8, 11, 10, 8])
    query = len(tokens) - p  # the repeat's first token, whose next token the heads predict
    earlier = max(i for i in range(query) if tokens[i] == tokens[query])
    assert (data["query"], data["earlier"], data["key"]) == (query, earlier, earlier + 1) == (10, 7, 8)
    assert data["next"] == tokens[earlier + 1] == tokens[query + 1]  # the copied token is the right prediction
    light = svgs["images/diagrams/induction-heads-light.svg"]
    assert [t for t in _texts(light) if t.isdigit()] == [str(t) for t in tokens]
    desc = ET.fromstring(light).find(f"{SVG}desc").text
    assert "4 19 6 2 13 16 3 11 10 8 11 10 8" in desc and "which is 10" in desc


def test_the_pictures_of_the_pages_around_the_lessons_name_what_those_pages_hold(svgs: dict[str, str]) -> None:
    """Each word of the glossary's picture is one of its entries; the other pages' name the files they talk about."""
    glossary = (DOCS / "glossary.md").read_text(encoding="utf-8")
    words = set(re.findall(r"[a-z-]+", " ".join(_texts(svgs["images/diagrams/glossary-map-light.svg"]))))
    entries = {"token": "token", "embedding": "embedding", "query": "query", "key": "key", "value": "value",
               "score": "score", "mask": "mask", "softmax": "softmax", "weights": "weight", "head": "head",
               "multi-head": "multi-head-attention"}  # the word drawn: its entry's anchor
    assert set(entries) <= words, set(entries) - words
    for word, anchor in entries.items():
        assert "{#" + anchor + "}" in glossary, f"the glossary has no entry for {word}"
    code = _texts(svgs["images/diagrams/code-runs-dark.svg"])
    assert "CPython" in code and "Pyodide in a worker" in code
    assert (ROOT / "site_examples" / "cell.py").is_file() and any("cell.py" in t for t in code)
    parts = " ".join(_texts(svgs["images/diagrams/course-parts-light.svg"]))
    assert all(folder in parts for folder in ("attention/", "docs/", "site/")), parts
    assert (ROOT / "attention").is_dir() and (ROOT / "docs").is_dir()  # site/ is what a build writes
    checks = " ".join(_texts(svgs["images/diagrams/lesson-checks-light.svg"]))
    assert "./dev.sh test" in checks and "./dev.sh build" in checks and (ROOT / "dev.sh").is_file()


def _matrix(step: dict, name: str) -> dict:
    return next(item for item in step["items"] if item.get("name") == name)


def _values(item: dict) -> np.ndarray:
    return np.array([[np.nan if x is None else x for x in row] for row in item["values"]], dtype=float)


def test_the_attention_stepper_is_softmax_by_hand(steps: dict, namespaces: dict) -> None:
    data = steps["attention-steps"]["steps"]
    q, k, v = (np.asarray(namespaces[diagrams.SDPA_PAGE][name]) for name in ("q", "k", "v"))
    assert len(data) == 5
    raw = np.array([[sum(q[i, l] * k[j, l] for l in range(4)) for j in range(3)] for i in range(3)])
    assert raw.tolist() == [[2, 0, 1], [0, 4, 2], [2, 2, 2]]  # the lesson's printed scores
    scaled = raw / 2.0  # √d_k = √4
    exp = np.exp(scaled - scaled.max(axis=1, keepdims=True))
    weights = exp / exp.sum(axis=1, keepdims=True)
    output = weights @ v
    assert _values(_matrix(data[0], "Q")) == pytest.approx(q) and _values(_matrix(data[0], "V")) == pytest.approx(v)
    assert _values(_matrix(data[1], "Kᵀ")) == pytest.approx(k.T)
    assert _values(_matrix(data[1], "S")) == pytest.approx(raw, abs=0.005)
    assert _values(_matrix(data[2], "S / √d_k")) == pytest.approx(scaled, abs=0.005)
    assert _values(_matrix(data[3], "A")) == pytest.approx(weights, abs=0.005)
    assert _values(_matrix(data[4], "O")) == pytest.approx(output, abs=0.005)
    assert _matrix(data[4], "O")["shape"] == "3 × 2" and _matrix(data[1], "S")["shape"] == "3 × 3"
    for step in data:  # two decimals, as the page shows them
        for item in step["items"]:
            for row in item.get("values", []):
                assert all(x is None or round(x, 2) == x for x in row)


def test_the_kv_cache_stepper_is_the_decoder_without_a_cache(steps: dict, namespaces: dict) -> None:
    ns = namespaces[diagrams.KV_PAGE]
    E, P, ids, attn, sentence = (ns[name] for name in ("E", "P", "ids", "attn", "sentence"))
    x = E[ids] + P[: len(ids)]
    keys, values = (x @ attn.w_k)[:, :4], (x @ attn.w_v)[:, :4]  # head 0: the first d_k = 4 features
    queries = (x @ attn.w_q)[:, :4]
    data = steps["kv-cache-steps"]["steps"]
    assert len(data) == len(sentence) == 6
    for t, step in enumerate(data):
        k_item, v_item = _matrix(step, "K, head 0"), _matrix(step, "V, head 0")
        assert k_item["shape"] == f"{t + 1} × 4" and v_item["shape"] == f"{t + 1} × 4"
        assert _values(k_item) == pytest.approx(keys[: t + 1], abs=0.005)
        assert _values(v_item) == pytest.approx(values[: t + 1], abs=0.005)
        assert k_item["hot"] == [[t, j] for j in range(4)]  # the new row
        scores = keys[: t + 1] @ queries[t] / 2.0
        w = np.exp(scores - scores.max())
        assert _values(_matrix(step, "weights of head 0"))[:, 0] == pytest.approx(w / w.sum(), abs=0.005)
        assert f"“{sentence[t]}”" in step["caption"] and f"2 heads × {t + 1} × 4" in step["caption"]


def test_the_tiles_stepper_is_a_naive_online_softmax(steps: dict) -> None:
    q, k, v = diagrams.tiles_inputs()
    n_q, n_k, d, b = 4, 6, 2, 2
    assert q.shape == (n_q, d) and k.shape == (n_k, d) and diagrams.TILES_BLOCK == b
    s = [[sum(q[i, c] * k[j, c] for c in range(d)) / math.sqrt(d) for j in range(n_k)] for i in range(n_q)]
    data = steps["tiles-steps"]["steps"]
    assert len(data) == (n_q // b) * (n_k // b) + 1
    m, ell, u = [None] * n_q, [None] * n_q, [None] * n_q
    step = 0
    for i0 in range(0, n_q, b):
        for j0 in range(0, n_k, b):
            for i in range(i0, i0 + b):  # one query at a time, one key at a time
                for j in range(j0, j0 + b):
                    if m[i] is None:
                        m[i], ell[i], u[i] = s[i][j], 1.0, list(v[j])
                        continue
                    new = max(m[i], s[i][j])
                    scale, p = math.exp(m[i] - new), math.exp(s[i][j] - new)
                    m[i], ell[i] = new, ell[i] * scale + p
                    u[i] = [u[i][c] * scale + p * v[j][c] for c in range(d)]
            shown = data[step]

            def expect(rows: list, width: int) -> np.ndarray:  # a query block not started: "·", no number
                return np.array([[np.nan] * width if r is None else np.ravel(r) for r in rows], dtype=float)

            assert _values(_matrix(shown, "m")) == pytest.approx(expect(m, 1), abs=0.005, nan_ok=True)
            assert _values(_matrix(shown, "ℓ")) == pytest.approx(expect(ell, 1), abs=0.005, nan_ok=True)
            assert _values(_matrix(shown, "U")) == pytest.approx(expect(u, d), abs=0.005, nan_ok=True)
            tile = _matrix(shown, "S = Q Kᵀ / √d")
            assert sorted(map(tuple, tile["hot"])) == [(i, j) for i in range(i0, i0 + b) for j in range(j0, j0 + b)]
            seen = _values(tile)
            assert seen[i0, j0] == pytest.approx(s[i0][j0], abs=0.005)
            assert np.isnan(seen[i0:, j0 + b:]).all() and np.isnan(seen[i0 + b:]).all()  # not read yet
            step += 1
    exact = np.exp(np.array(s) - np.max(s, axis=1, keepdims=True))
    exact = exact / exact.sum(axis=1, keepdims=True) @ v
    assert _values(_matrix(data[-1], "O = U / ℓ")) == pytest.approx(exact, abs=0.005)
    assert _values(_matrix(data[-1], "O = U / ℓ")) == pytest.approx(np.array(u) / np.array(ell)[:, None], abs=0.005)


def test_the_page_holds_the_first_step_the_data_and_disabled_controls(steps: dict) -> None:
    data = steps["attention-steps"]
    page = diagrams.stepper_html("attention-steps", data)
    assert 'data-stepper="attention-steps"' in page
    controls = re.search(r"<div[^>]*data-stepper-controls>(.*?)</div>", page)[1]  # disabled until stepper.js runs
    assert len(re.findall(r"<(?:button|input)[^>]* disabled", controls)) == 3
    assert "Step 1 of 5: The inputs" in page and 'aria-live="polite"' in page
    payload = re.search(r'<div hidden data-stepper-data="([^"]*)"></div>', page)[1]
    assert json.loads(html.unescape(payload)) == data
    assert "<script" not in page  # Material's instant navigation copies inline scripts, which the policy refuses
    first = data["steps"][0]["items"][0]
    body = page[page.index("<tbody>") :]
    cells = re.findall(r"<td(?: class=stepper-hot)?>([^<]*)</td>", body)
    assert cells[: len(first["values"][0])] == [f"{x:.2f}" for x in first["values"][0]]
    tricky = {"label": "</script>", "steps": [{"caption": "<b>", "items": []}]}
    held = re.search(r'data-stepper-data="([^"]*)"', diagrams.stepper_html("x", tricky))[1]
    assert "<" not in held and json.loads(html.unescape(held))["steps"][0]["caption"] == "<b>"
    assert html.escape("<b>") in diagrams.stepper_html("x", tricky)


def test_a_stepper_is_only_shown_on_its_own_page() -> None:
    hook = load_hook("diagrams")
    hook._data.update({"tiles-steps": {"label": "t", "steps": [{"caption": "c", "items": []}]}})
    assert 'data-stepper="tiles-steps"' in hook.with_steppers("<!-- stepper: tiles-steps -->",
                                                            "lessons/attention-at-scale.md")
    with pytest.raises(PluginError, match="belongs on lessons/attention-at-scale.md, not lessons/why-attention.md"):
        hook.with_steppers("<!-- stepper: tiles-steps -->", "lessons/why-attention.md")
    with pytest.raises(PluginError, match="asks for stepper 'tile-steps'"):
        hook.with_steppers("<!-- stepper: tile-steps -->", "lessons/attention-at-scale.md")


def test_built_pages_show_the_diagrams_and_steppers(built_site: Path) -> None:
    for name, page in PAGES.items():
        folder = built_site if page == "index.md" else built_site / page.removesuffix(".md")
        built = (folder / "index.html").read_text(encoding="utf-8")
        for scheme in ("light", "dark"):
            src = f'src="{"../" * (page.count("/") + (page != "index.md"))}images/diagrams/{name}-{scheme}.svg#only-{scheme}"'
            assert src in built, (name, page)
            svg = built_site / "images" / "diagrams" / f"{name}-{scheme}.svg"
            assert ET.parse(svg).getroot().find(f"{SVG}desc").text
    for name, stepper in STEPPERS.items():
        built = (built_site / stepper.page.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
        assert built.count(f'data-stepper="{name}"') == 1, name
        assert "<!-- stepper:" not in built
    assert not (built_site / "images" / "multi-head.svg").exists()  # replaced by the generated diagram
    assert figures.OUTPUT_FOLDER != diagrams.OUTPUT_FOLDER
