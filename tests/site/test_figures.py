"""The generated lesson figures: drawn from the lessons' code, showing what the lessons claim, accessible.

``site_examples/generate/figures.py`` runs each lesson's own blocks and plots
the variables they leave; here the same data is checked against what the
lesson says (the memory fade, the mask panels, the hand-built heads), and
each figure as built is an SVG with a title and a description, labelled,
transparent, self-contained, in a light and a dark version (each drawn in
its scheme's text colour), shown by its page in both schemes, lazy and sized
as its SVG. A lesson that no longer defines a variable a figure needs fails
with the page's name. The figures of single lessons have modules of their
own: ``test_alignment_figure.py``, ``test_attention_while_generating.py``,
``test_positions_figures.py``, ``test_training_lesson.py``,
``test_todays_models_lesson.py``."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from site_examples.generate import diagrams, figures

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SVG = "{http://www.w3.org/2000/svg}"

BY_NAME = {figure.name: figure for figure in figures.FIGURES}


@pytest.fixture(scope="module")
def data() -> dict[str, dict]:
    """What each figure plots, computed by running its lesson's code."""
    namespaces = {page: figures.page_namespace(page) for page in {f.page for f in figures.FIGURES}}
    return {f.name: f.data(namespaces[f.page]) for f in figures.FIGURES}


@pytest.fixture(scope="module")
def rendered(built_site: Path) -> dict[str, str]:
    """Every generated figure as the reader gets it: the build's copy (overrides/hooks/figures.py draws them)."""
    folder = built_site / figures.OUTPUT_FOLDER
    return {f"{figures.OUTPUT_FOLDER}/{svg.name}": svg.read_text(encoding="utf-8") for svg in folder.glob("*.svg")}


def test_every_page_shows_its_figure_in_both_schemes() -> None:
    for figure in figures.FIGURES:
        text = (DOCS / figure.page).read_text(encoding="utf-8")
        for theme in ("light", "dark"):
            link = f"(../images/generated/{figure.name}-{theme}.svg#only-{theme})"
            assert f"![{figure.title}]{link}" in text, f"{figure.page} does not show {link} with the figure's title as alt text"


def test_memory_fade_shows_what_the_lesson_says(data: dict) -> None:
    """Hand-stated expectations: the RNN forgets within 8 words, attention keeps it at 32."""
    d = data["memory-fade"]
    gaps, rnn, attention = d["gaps"], d["series"]["RNN hidden state"], d["series"]["attention"]
    assert list(gaps) == sorted(gaps) and gaps[0] == 0 and gaps[-1] == 32
    assert rnn[0] == pytest.approx(1.0) and attention[0] == pytest.approx(1.0)
    assert all(r < 0.02 for g, r in zip(gaps, rnn) if g >= 8)
    assert all(np.diff(rnn) < 0.01)  # never recovers
    assert min(attention) > 0.99


def test_mask_panels_obey_their_masks(data: dict) -> None:
    (_, tokens, full), (_, _, causal), (_, padded_tokens, padded) = data["masks"]["panels"]
    n = len(tokens)
    assert tokens == ["The", "cat", "sat", "on", "the", "mat"]
    assert (full > 0).all()
    for i in range(n):
        for j in range(n):
            assert (causal[i, j] == 0.0) == (j > i), (i, j)
    assert padded_tokens == ["the", "cat", "sat", "pad", "pad", "pad"]
    assert (padded[:, 3:] == 0.0).all() and (padded[:, :3] > 0).all()
    for weights in (full, causal, padded):
        assert np.allclose(weights.sum(axis=1), 1.0)


def test_hand_built_heads_do_their_jobs(data: dict) -> None:
    (_, tokens, previous), (_, _, same_word), (_, _, single) = data["heads"]["panels"]
    assert tokens == "the cat sat on the mat".split()
    assert previous[0, 0] == pytest.approx(1.0)
    for i in range(1, len(tokens)):
        assert previous[i, i - 1] > 0.99
    assert same_word[4, 0] == pytest.approx(0.5, abs=1e-3) and same_word[4, 4] == pytest.approx(0.5, abs=1e-3)
    for i in (0, 1, 2, 3, 5):
        assert same_word[i, i] > 0.99
    # one head with both jobs: 'cat' splits between 'the' (previous) and itself (same word)
    assert single[1, 0] == pytest.approx(0.5, abs=1e-3) and single[1, 1] == pytest.approx(0.5, abs=1e-3)
    assert single[4, [0, 3, 4]] == pytest.approx([1 / 3] * 3, abs=1e-3)


def test_svgs_are_accessible_self_contained_and_themed(rendered: dict[str, str]) -> None:
    expected = {f"images/generated/{f.name}-{t.name}.svg" for f in figures.FIGURES for t in figures.THEMES}
    assert set(rendered) == expected
    for uri, svg in rendered.items():
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg" and root.get("role") == "img"
        name = uri.rsplit("/", 1)[1].rsplit("-", 1)[0]
        assert root.find(f"{SVG}title").text == BY_NAME[name].title
        assert len(root.find(f"{SVG}desc").text) > 80
        assert not re.search(r'(?:href|src)="(?!#|data:)', svg), f"{uri} refers to another file"
        labels = {el.text for el in root.iter(f"{SVG}text")}
        if name in {"masks", "heads"}:  # the heatmaps of "The cat sat on the mat"
            assert {"the", "cat", "mat", "query", "key"} <= labels
        elif name != "memory-fade":  # every other figure is labelled too (its own test checks the words)
            assert len(labels) >= 4, f"{uri} has almost no text"
        theme = next(t for t in figures.THEMES if uri.endswith(f"-{t.name}.svg"))
        other = next(t for t in figures.THEMES if t is not theme)
        assert theme.text in svg and other.text not in svg, f"{uri} does not use the {theme.name} text colour"
        # Transparent: neither the figure nor any plot area paints a background.
        figure_group = root.find(f".//{SVG}g[@id='figure_1']")
        backgrounds = [figure_group.find(f"{SVG}g[@id='patch_1']")] + [
            axes.find(f"{SVG}g") for axes in figure_group.findall(f"{SVG}g") if axes.get("id", "").startswith("axes_")
        ]
        for patch in backgrounds:
            assert patch.get("id", "").startswith("patch_")
            assert "fill: none" in patch.find(f"{SVG}path").get("style"), f"{uri}: opaque background"


def test_a_missing_variable_names_the_page() -> None:
    with pytest.raises(KeyError, match="lessons/self-attention.md no longer defines weights_padded"):
        figures.masks_data({"tokens": [], "short": [], "weights_bidirectional": 0, "weights_causal": 0})


def test_built_site_has_the_figures(built_site: Path) -> None:
    for figure in figures.FIGURES:
        page = (built_site / figure.page.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
        for theme in figures.THEMES:
            svg = built_site / "images" / "generated" / f"{figure.name}-{theme.name}.svg"
            assert svg.stat().st_size > 5_000
            assert f"images/generated/{figure.name}-{theme.name}.svg#only-{theme.name}" in page
    for diagram in ("path-length.svg",):  # hand-drawn; the others are generated (test_diagrams.py)
        root = ET.parse(built_site / "images" / diagram).getroot()
        assert root.find(f"{SVG}title").text and root.find(f"{SVG}desc").text


def test_every_built_figure_is_lazy_and_sized_as_its_svg(built_site: Path) -> None:
    # The hidden scheme's image is then never downloaded, and the page keeps the shown one's place.
    images, opening = set(), []
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        article = html.find("<article")
        first_section = html.find("<h2", article)
        for found in re.finditer(r"<img [^>]*#only-(?:light|dark)[^>]*>", html):
            tag = found[0]
            src = re.search(r'src="([^"#]+)#', tag)[1]
            if src.endswith(".png"):
                continue  # a notebook's figure: tests/site/test_built_notebook_pages.py
            images.add((page.parent / src).resolve())
            svg = ET.parse((page.parent / src).resolve()).getroot()
            width_pt, height_pt = (float(svg.get(name).removesuffix("pt")) for name in ("width", "height"))
            if found.start() < first_section and "#only-light" in tag:
                # A page's opening picture, on its first screen, in the scheme a page shows unless told otherwise:
                # asked for at once (lazy, it waited for the layout and was the page's late largest paint).
                assert 'fetchpriority="high"' in tag and "loading=" not in tag, f"{page}: {tag}"
                opening.append(page.parent.relative_to(built_site).as_posix())
            else:
                assert 'loading="lazy"' in tag, f"{page}: {tag}"
            assert f'width="{round(width_pt * 4 / 3)}"' in tag and f'height="{round(height_pt * 4 / 3)}"' in tag, tag
    # every lesson figure and diagram (site_examples/generate/diagrams.py), in both schemes (a lesson that opens
    # with one of them, for its first screen, shows it twice: tests/browser/test_first_screen.py)
    assert len(images) == 2 * (len(figures.FIGURES) + len(diagrams.DIAGRAMS))
    # One opening picture at most per page: the home page's and the lessons' (why-attention's is hand-drawn).
    assert len(opening) == len(set(opening)) and {".", "lessons/learning-to-attend", "lessons/misconceptions"} <= set(opening)
