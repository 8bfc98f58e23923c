"""Draw the lessons' figures from the lessons' own code, as SVG, at build time.

    .venv/bin/python -m site_examples.generate.figures OUT_DIR    # write them, to look at

A figure never has numbers of its own. Each one names a lesson page and the
variables it plots; :func:`render_all` runs that page's top-level ```python
blocks (the same blocks, through the same ``site_examples/cell.py``, that the
tests check and the reader runs) and draws what they computed with the
``attention`` package. So a figure shows exactly what the page prints next to
it, and changes when the package does.

Every figure is drawn twice, for Material's light and dark schemes, and the
page shows the matching one (``![...](...-light.svg#only-light)`` and
``...-dark.svg#only-dark``). Both have a transparent background; colours are
colour-blind safe (cividis heatmaps, Okabe-Ito lines told apart by marker and
dash as well). The MkDocs hook ``overrides/hooks/figures.py`` adds the files to
the site under ``images/generated/``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

import matplotlib
import numpy as np
from matplotlib.colors import Colormap
from matplotlib.figure import Figure as MplFigure

from site_examples import cell

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
OUTPUT_FOLDER = "images/generated"

# Top-level blocks only: the exercise solutions (indented, at the end of a
# page) are not needed for any figure.
TOP_LEVEL_BLOCK = re.compile(r"^```python\n(?P<code>.*?)^```$", re.S | re.M)


@dataclass(frozen=True)
class Theme:
    name: str
    text: str  # labels, ticks, titles
    axes: str  # spines and tick marks
    lines: tuple[tuple[str, str, str], ...]  # (colour, marker, dash) per data series


# Okabe-Ito colours: the darker pair reads on white, the lighter pair on
# Material's dark slate background. Series also differ by marker and dash.
THEMES = (
    Theme("light", text="#1f2328", axes="#57606a", lines=(("#D55E00", "o", "-"), ("#0072B2", "s", "--"))),
    Theme("dark", text="#e6e8eb", axes="#9ba3ad", lines=(("#E69F00", "o", "-"), ("#56B4E9", "s", "--"))),
)
HEATMAP = matplotlib.colormaps["cividis"]


@dataclass(frozen=True)
class Figure:
    name: str  # file stem under images/generated/
    page: str  # the lesson (under docs/) whose code computes the data
    title: str  # SVG <title>, and the alt text of the image on the page
    description: str  # SVG <desc>
    data: Callable[[dict], dict]  # page namespace -> what is plotted
    draw: Callable[[MplFigure, dict, Theme], None]
    size: tuple[float, float]  # inches: a line chart, or a row of heatmaps


def page_namespace(page: str) -> dict:
    """Run a lesson's top-level code blocks in order and return the namespace they leave."""
    text = (DOCS / page).read_text(encoding="utf-8")
    namespace: dict = {"__name__": "__main__"}
    defaults = np.get_printoptions()
    try:
        for match in TOP_LEVEL_BLOCK.finditer(text):
            cell.run_cell(match.group("code"), namespace, f"{page} (figure)")
    finally:
        np.set_printoptions(**defaults)  # pages change numpy's process-wide print options
    return namespace


def _need(namespace: dict, page: str, *names: str) -> list:
    missing = [name for name in names if name not in namespace]
    if missing:
        raise KeyError(f"{page} no longer defines {', '.join(missing)}, which its figure plots")
    return [namespace[name] for name in names]


# ── the figures' data ────────────────────────────────────────────────────────


def memory_fade_data(ns: dict) -> dict:
    gaps, rnn, attention = _need(ns, "lessons/why-attention.md", "gaps", "rnn_signal", "attention_signal")
    return {"gaps": np.asarray(gaps), "series": {"RNN hidden state": rnn, "attention": attention}}


def masks_data(ns: dict) -> dict:
    page = "lessons/self-attention.md"
    tokens, short, full, causal, padded = _need(
        ns, page, "tokens", "short", "weights_bidirectional", "weights_causal", "weights_padded"
    )
    padded_tokens = list(short) + ["pad"] * (len(padded) - len(short))
    return {
        "panels": [
            ("no mask (BERT)", tokens, full),
            ("causal mask (GPT)", tokens, causal),
            ("padding mask", padded_tokens, padded),
        ]
    }


def heads_data(ns: dict) -> dict:
    page = "lessons/multi-head-attention.md"
    tokens, hand, single = _need(ns, page, "tokens", "hand_weights", "single_weights")
    return {
        "panels": [
            ("head 0: previous token", tokens, hand[0]),
            ("head 1: same word", tokens, hand[1]),
            ("one head, same parameters", tokens, single[0]),
        ]
    }


# ── drawing ──────────────────────────────────────────────────────────────────


def _style_axes(ax, theme: Theme) -> None:
    ax.tick_params(colors=theme.axes, labelcolor=theme.text, labelsize=10)
    for spine in ax.spines.values():
        spine.set_color(theme.axes)
    ax.title.set_color(theme.text)
    ax.xaxis.label.set_color(theme.text)
    ax.yaxis.label.set_color(theme.text)


def _cell_text_colour(cmap: Colormap, value: float) -> str:
    """Black on light cells, white on dark ones (relative luminance of the cell colour)."""
    r, g, b, _ = cmap(value)
    luminance = 0.2126 * r**2.2 + 0.7152 * g**2.2 + 0.0722 * b**2.2
    return "#000000" if luminance > 0.2 else "#ffffff"


def _weight_label(w: float) -> str:
    """Two decimals without the leading zero (".42"); a weight that rounds to 1 is "1"."""
    text = f"{w:.2f}"
    return "1" if text == "1.00" else text.removeprefix("0")


def draw_heatmaps(fig: MplFigure, data: dict, theme: Theme) -> None:
    """One weight matrix per panel: queries down, keys across, each cell labelled.

    Cells whose weight is exactly 0 are pairs a mask forbids (a softmax of
    finite scores is never exactly 0); they are left empty.
    """
    panels = data["panels"]
    axes = fig.subplots(1, len(panels))
    for ax, (title, tokens, weights) in zip(np.atleast_1d(axes), panels):
        shown = np.ma.masked_equal(np.asarray(weights, dtype=float), 0.0)
        edges = np.arange(len(tokens) + 1) - 0.5
        # Vector cells (pcolormesh), not a raster image: crisp at any zoom.
        ax.pcolormesh(edges, edges, shown, cmap=HEATMAP, vmin=0.0, vmax=1.0)
        ax.set_aspect("equal")
        ax.invert_yaxis()  # first query at the top, like the printed matrix
        for (i, j), w in np.ndenumerate(np.asarray(weights)):
            if w != 0.0:
                ax.text(j, i, _weight_label(w), ha="center", va="center", fontsize=8.5,
                        color=_cell_text_colour(HEATMAP, w))
        ax.set_xticks(range(len(tokens)), tokens, rotation=45, ha="right", rotation_mode="anchor")
        ax.set_yticks(range(len(tokens)), tokens)
        ax.set_title(title, fontsize=11)
        ax.set_xlabel("key", fontsize=10)
        ax.set_ylabel("query", fontsize=10)
        _style_axes(ax, theme)
        ax.set_xticks(edges, minor=True)
        ax.set_yticks(edges, minor=True)
        ax.tick_params(which="minor", length=0)
        ax.grid(which="minor", color=theme.axes, linewidth=0.5)


def draw_memory_fade(fig: MplFigure, data: dict, theme: Theme) -> None:
    ax = fig.subplots()
    for (label, values), (colour, marker, dash) in zip(data["series"].items(), theme.lines):
        ax.plot(data["gaps"], values, color=colour, marker=marker, linestyle=dash, linewidth=2, label=label)
    ax.set_xlabel("words between the animal and the end of the sequence", fontsize=10)
    ax.set_ylabel("share of the cat/dog\ndifference that is left", fontsize=10)
    ax.set_ylim(-0.05, 1.1)
    ax.set_xticks(data["gaps"])
    ax.spines[["top", "right"]].set_visible(False)
    legend = ax.legend(frameon=False, fontsize=10, loc="center right")
    for text in legend.get_texts():
        text.set_color(theme.text)
    _style_axes(ax, theme)


FIGURES = (
    Figure(
        name="memory-fade",
        page="lessons/why-attention.md",
        title="How much of the first word is left after a gap, for the RNN and for attention",
        description=(
            "Line chart. x axis: the number of words between the animal and the end of the sequence, "
            "0 to 32. y axis: the share of the difference between a cat sentence and a dog sentence "
            "that is still there. The RNN line falls from 1 to about 0 within eight words; the "
            "attention line stays at 1."
        ),
        data=memory_fade_data,
        draw=draw_memory_fade,
        size=(7.0, 3.4),
    ),
    Figure(
        name="masks",
        page="lessons/self-attention.md",
        title="Attention weights without a mask, with a causal mask, and with a padding mask",
        description=(
            "Three heatmaps of attention weights, queries in rows and keys in columns. Left: the "
            "sentence The cat sat on the mat without a mask, every cell filled. Middle: the same with "
            "a causal mask, only the lower triangle filled. Right: the padded sentence the cat sat "
            "with a padding mask, the three padding columns empty."
        ),
        data=masks_data,
        draw=draw_heatmaps,
        size=(10.5, 3.9),
    ),
    Figure(
        name="heads",
        page="lessons/multi-head-attention.md",
        title="Weights of a hand-built previous-token head, a same-word head, and one head with the same parameters",
        description=(
            "Three heatmaps over the sentence the cat sat on the mat, with a causal mask. Left: each "
            "token puts weight 1 on the token before it. Middle: each token puts weight 1 on itself, "
            "except the second the, which splits 0.5 and 0.5 between both occurrences of the. Right: "
            "a single head with the same parameters splits each token's weight between the previous "
            "token and itself."
        ),
        data=heads_data,
        draw=draw_heatmaps,
        size=(10.5, 3.9),
    ),
)

def to_svg(fig: MplFigure, title: str, description: str) -> str:
    """The figure as a self-contained SVG with <title> and <desc>, no metadata, no DOCTYPE."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "attention-course"}):
        fig.savefig(buffer, format="svg", transparent=True, bbox_inches="tight", metadata={"Date": None})
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]  # drop the XML declaration and DOCTYPE
    svg = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, count=1, flags=re.S)
    # matplotlib names a dozen fallback fonts on every label; three do.
    svg = re.sub(r"font-family: [^;\"]*sans-serif", "font-family: 'DejaVu Sans', Arial, sans-serif", svg)
    head_end = svg.index(">") + 1
    accessible = (
        f'\n <title id="title">{escape(title)}</title>\n <desc id="desc">{escape(description)}</desc>'
    )
    svg = svg[: head_end - 1] + ' role="img" aria-labelledby="title desc">' + accessible + svg[head_end:]
    return svg


def render_all() -> dict[str, str]:
    """Every figure in every theme: ``{"images/generated/NAME-THEME.svg": svg_text}``."""
    namespaces: dict[str, dict] = {}
    result = {}
    for figure in FIGURES:
        if figure.page not in namespaces:
            namespaces[figure.page] = page_namespace(figure.page)
        data = figure.data(namespaces[figure.page])
        for theme in THEMES:
            fig = MplFigure(figsize=figure.size, layout="constrained")
            figure.draw(fig, data, theme)
            result[f"{OUTPUT_FOLDER}/{figure.name}-{theme.name}.svg"] = to_svg(fig, figure.title, figure.description)
    return result


def main(args: list[str]) -> None:
    if len(args) != 1:
        sys.exit(__doc__)
    out = Path(args[0])
    for uri, svg in render_all().items():
        path = out / uri
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
