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
import textwrap
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

# Every block before the exercises, at any indentation: the lesson's own code and the checks
# folded into its collapsed "Under the hood" notes, which run in order with the rest on the page
# and in the tests (later blocks may use what they define). The exercise solutions, indented
# under "## Exercises", are not needed for any figure.
LESSON_BLOCK = re.compile(r"^(?P<indent>[ \t]*)```python\n(?P<code>.*?)^(?P=indent)```$", re.S | re.M)
EXERCISES = re.compile(r"^## Exercises\s*$", re.M)


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
    """Run a lesson's code blocks before its exercises, in order, and return the namespace they leave."""
    text = EXERCISES.split((DOCS / page).read_text(encoding="utf-8"), maxsplit=1)[0]
    namespace: dict = {"__name__": "__main__"}
    defaults = np.get_printoptions()
    try:
        for match in LESSON_BLOCK.finditer(text):
            code = textwrap.dedent(match.group("code"))
            cell.run_cell(code, namespace, f"{page} (figure)")
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


def kv_cache_steps_data(ns: dict) -> dict:
    page = "lessons/attention-while-generating.md"
    tokens, first_three, cached, one_pass = _need(ns, page, "sentence", "cached_first_three", "cached", "one_pass")
    return {
        "panels": [
            ("cached steps 0-2", tokens, first_three),
            ("cached steps 0-5, a row each", tokens, cached),
            ("one masked pass", tokens, one_pass),
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


def _heatmap(ax, title: str, rows: list, columns: list, weights, theme: Theme, *, blank_zeros: bool) -> None:
    """One weight matrix on ``ax``: ``rows`` (queries) down, ``columns`` (keys) across, each cell labelled."""
    weights = np.asarray(weights, dtype=float)
    shown = np.ma.masked_equal(weights, 0.0) if blank_zeros else weights
    x_edges, y_edges = np.arange(len(columns) + 1) - 0.5, np.arange(len(rows) + 1) - 0.5
    # Vector cells (pcolormesh), not a raster image: crisp at any zoom.
    ax.pcolormesh(x_edges, y_edges, shown, cmap=HEATMAP, vmin=0.0, vmax=1.0)
    ax.set_aspect("equal")
    ax.invert_yaxis()  # first query at the top, like the printed matrix
    for (i, j), w in np.ndenumerate(weights):
        if not (blank_zeros and w == 0.0):
            ax.text(j, i, _weight_label(w), ha="center", va="center", fontsize=8.5, color=_cell_text_colour(HEATMAP, w))
    ax.set_xticks(range(len(columns)), columns, rotation=45, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(len(rows)), rows)
    ax.set_title(title, fontsize=11)
    ax.set_xlabel("key", fontsize=10)
    ax.set_ylabel("query", fontsize=10)
    _style_axes(ax, theme)
    ax.set_xticks(x_edges, minor=True)
    ax.set_yticks(y_edges, minor=True)
    ax.tick_params(which="minor", length=0)
    ax.grid(which="minor", color=theme.axes, linewidth=0.5)


def draw_heatmaps(fig: MplFigure, data: dict, theme: Theme) -> None:
    """One weight matrix per panel: queries down, keys across, each cell labelled.

    Cells whose weight is exactly 0 are pairs a mask forbids (a softmax of
    finite scores is never exactly 0); they are left empty.
    """
    panels = data["panels"]
    axes = fig.subplots(1, len(panels))
    for ax, (title, tokens, weights) in zip(np.atleast_1d(axes), panels):
        _heatmap(ax, title, tokens, tokens, weights, theme, blank_zeros=True)


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


TRAINING_PAGE = "lessons/learning-to-attend.md"


def _training_run(ns: dict) -> dict:
    """The committed run (docs/data/training-run.json), checked to be the lesson's MODEL and TRAINING."""
    import dataclasses
    import json

    model, training = _need(ns, TRAINING_PAGE, "MODEL", "TRAINING")
    run = json.loads((DOCS / "data" / "training-run.json").read_text(encoding="utf-8"))
    expected_training = {k: v for k, v in dataclasses.asdict(training).items() if k in run["training"]}
    if run["model"] != dataclasses.asdict(model) or run["training"] != expected_training:
        raise ValueError(
            "docs/data/training-run.json is not the lesson's run: python -m site_examples.generate.training_run"
        )
    return run


def training_curves_data(ns: dict) -> dict:
    run = _training_run(ns)
    probes = run["probes"]
    return {
        "steps": np.array([p["step"] for p in probes]),
        "losses": {
            "before the repeat": np.array([p["first_half"] for p in probes]),
            "in the repeat": np.array([p["repeated_half"] for p in probes]),
        },
        "scores": {
            "previous-token, best head of layer 1": np.array([max(p["previous_token"][0]) for p in probes]),
            "induction, best head of layer 2": np.array([max(p["induction"][1]) for p in probes]),
        },
        "appearance_step": run["appearance_step"],
        "threshold": run["induction_threshold"],
    }


def training_heads_data(ns: dict) -> dict:
    run = _training_run(ns)
    last = run["probes"][-1]
    previous = int(np.argmax(last["previous_token"][0]))
    induction = int(np.argmax(last["induction"][1]))
    by_step = {s["step"]: np.array(s["weights"]) for s in run["snapshots"]}
    steps = [0, run["appearance_step"], last["step"]]
    tokens = [str(t) for t in run["probe"]["tokens"]]
    rows = [(0, previous, "previous-token"), (1, induction, "induction")]
    return {
        "tokens": tokens,
        "period": run["probe"]["period"],
        "heads": {"previous": previous, "induction": induction},
        "steps": steps,
        "panels": [
            [(f"layer {layer + 1}, head {head} ({job}), step {step:,}", by_step[step][layer][head]) for step in steps]
            for layer, head, job in rows
        ],
    }


def draw_training_curves(fig: MplFigure, data: dict, theme: Theme) -> None:
    """Two panels over the steps: the two losses, then the two best scores; the appearance step marked in both."""
    top, bottom = fig.subplots(2, 1, sharex=True)
    panels = (
        (top, data["losses"], "loss on the probe batch", "center right"),
        (bottom, data["scores"], "score", "upper left"),
    )
    for ax, series, label, where in panels:
        for (name, values), (colour, _marker, dash) in zip(series.items(), theme.lines):
            ax.plot(data["steps"], values, color=colour, linestyle=dash, linewidth=2, label=name)
        ax.axvline(data["appearance_step"], color=theme.axes, linestyle=":", linewidth=1.2)
        ax.set_ylabel(label, fontsize=10)
        ax.spines[["top", "right"]].set_visible(False)
        legend = ax.legend(frameon=False, fontsize=9.5, loc=where)
        for text in legend.get_texts():
            text.set_color(theme.text)
        _style_axes(ax, theme)
    bottom.axhline(data["threshold"], color=theme.axes, linestyle="--", linewidth=0.8)
    bottom.set_ylim(0, 1.05)
    top.set_ylim(bottom=0)
    top.text(data["appearance_step"], top.get_ylim()[1], f" induction head: step {data['appearance_step']:,}",
             color=theme.text, fontsize=9, va="top")
    bottom.set_xlabel("training step", fontsize=10)


def draw_training_heads(fig: MplFigure, data: dict, theme: Theme) -> None:
    """Two rows (the two heads) of three heatmaps (three moments of training), queries down and keys across."""
    tokens = data["tokens"]
    edges = np.arange(len(tokens) + 1) - 0.5
    axes = fig.subplots(len(data["panels"]), len(data["steps"]))
    mesh = None
    for row, panels in zip(axes, data["panels"]):
        for ax, (title, weights) in zip(row, panels):
            weights = np.asarray(weights, dtype=float)
            after = np.triu(np.ones(weights.shape, dtype=bool), k=1)  # causal: the keys after the query
            shown = np.ma.array(weights, mask=after)
            mesh = ax.pcolormesh(edges, edges, shown, cmap=HEATMAP, vmin=0.0, vmax=1.0)
            ax.set_aspect("equal")
            ax.invert_yaxis()
            ax.set_xticks(range(len(tokens)), tokens, fontsize=7.5)
            ax.set_yticks(range(len(tokens)), tokens, fontsize=7.5)
            ax.set_title(title, fontsize=9.5)
            ax.set_xlabel("key", fontsize=9)
            ax.set_ylabel("query", fontsize=9)
            _style_axes(ax, theme)
            ax.tick_params(labelsize=7.5)
    bar = fig.colorbar(mesh, ax=axes, shrink=0.6, label="weight")
    bar.ax.tick_params(colors=theme.axes, labelcolor=theme.text, labelsize=9)
    bar.ax.yaxis.label.set_color(theme.text)
    bar.outline.set_edgecolor(theme.axes)


POSITIONS_PAGE = "lessons/positions-inside-attention.md"


def rope_data(ns: dict) -> dict:
    offsets, scores_at, unrotated, sentence, weights = _need(
        ns, POSITIONS_PAGE, "offsets", "scores_at", "unrotated", "sentence", "rope_weights"
    )
    return {
        "offsets": np.asarray(offsets),
        "series": {f"query at position {m}": np.asarray(scores) for m, scores in scores_at.items()},
        "unrotated": float(unrotated),
        "panels": [("RoPE head: one query vector", list(sentence), np.asarray(weights))],
    }


def alibi_data(ns: dict) -> dict:
    sentence, weights, slopes_of, n_heads = _need(
        ns, POSITIONS_PAGE, "sentence", "alibi_weights", "alibi_slopes", "H"
    )
    slopes = slopes_of(n_heads)
    return {
        "slopes": slopes,
        "panels": [
            (f"head {h + 1} of {n_heads}, slope 1/{round(1 / slopes[h])}", list(sentence), np.asarray(weights[h]))
            for h in (0, 2, n_heads - 1)
        ],
    }


def draw_rope(fig: MplFigure, data: dict, theme: Theme) -> None:
    """Left: the rotated score against the offset, one curve per query position (they coincide); right: a RoPE head."""
    left, right = fig.subfigures(1, 2, width_ratios=(1.3, 1.0))
    ax = left.subplots()
    sizes = (8, 3.5)  # the first curve's hollow markers stay visible around the second's, which it hides exactly
    for (label, values), (colour, marker, dash), size in zip(data["series"].items(), theme.lines, sizes):
        ax.plot(data["offsets"], values, color=colour, marker=marker, markersize=size, linestyle=dash, linewidth=1.6,
                label=label, fillstyle="none" if size == sizes[0] else "full")
    ax.axhline(
        data["unrotated"], color=theme.axes, linestyle=":", linewidth=1.4, label="without rotation, any positions"
    )
    ax.set_xlabel("offset m - n (query position minus key position)", fontsize=10)
    ax.set_ylabel("score of the same q and k", fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    legend = ax.legend(frameon=False, fontsize=9, loc="lower right")
    for text in legend.get_texts():
        text.set_color(theme.text)
    _style_axes(ax, theme)
    draw_heatmaps(right, {"panels": data["panels"]}, theme)


def alignment_data(ns: dict) -> dict:
    page = "lessons/cross-attention.md"
    targets, sources, dot, additive = _need(ns, page, "target_words", "source_words", "alignment", "additive_alignment")
    return {
        "panels": [
            ("scaled dot-product", targets, sources, dot),
            ("additive (Bahdanau)", targets, sources, additive),
        ]
    }


def draw_alignments(fig: MplFigure, data: dict, theme: Theme) -> None:
    """Cross-attention weights, one matrix per panel: target words (queries) down, source words (keys) across."""
    panels = data["panels"]
    axes = fig.subplots(1, len(panels))
    for ax, (title, rows, columns, weights) in zip(np.atleast_1d(axes), panels):
        _heatmap(ax, title, rows, columns, weights, theme, blank_zeros=False)


TODAYS_MODELS_PAGE = "lessons/attention-in-todays-models.md"


def sliding_window_data(ns: dict) -> dict:
    tokens, full, band, two_layers, window = _need(ns, TODAYS_MODELS_PAGE, "tokens", "full", "band", "two_layers", "W")
    return {
        "panels": [
            ("causal: every earlier key", tokens, full),
            (f"sliding window, W = {window}", tokens, band),
            ("two windowed layers", tokens, two_layers),
        ]
    }


def streaming_llm_data(ns: dict) -> dict:
    """The committed StreamingLLM run (docs/data/streaming-llm.json): per-layer sink shares, and the smallest window's losses."""
    import json

    data = json.loads((DOCS / "data" / "streaming-llm.json").read_text(encoding="utf-8"))
    window = min(data["settings"]["windows"])
    by_policy = {row["policy"]: row for row in data["policies"] if row["window"] in (None, window)}
    names = {
        "dense": "(a) every token",
        "window": f"(b) the last {window}",
        "sinks": f"(c) 4 sinks + the last {window - data['settings']['sinks']}",
    }
    return {
        "share": np.asarray(data["first_token_share"]["per_layer"]),
        "window": window,
        "smooth": STREAMING_SMOOTHING,
        "losses": {names[name]: np.asarray(by_policy[name]["nll"]) for name in ("dense", "window", "sinks")},
    }


STREAMING_SMOOTHING = 64  # tokens in the moving average of the loss curves


def draw_streaming_llm(fig: MplFigure, data: dict, theme: Theme) -> None:
    """Left: the first token's mean weight per layer (bars); right: the loss along the text, a moving average per cache."""
    left, right = fig.subplots(1, 2, width_ratios=(1, 1.5))
    share = data["share"]
    left.bar(np.arange(1, share.size + 1), share, color=theme.lines[1][0])
    left.set_xlabel("layer", fontsize=10)
    left.set_ylabel("mean weight on the first token", fontsize=10)
    left.set_ylim(0, 1)
    left.spines[["top", "right"]].set_visible(False)
    _style_axes(left, theme)
    k = data["smooth"]
    styles = [(theme.text, "-"), (theme.lines[0][0], "--"), (theme.lines[1][0], ":")]
    for (label, nll), (colour, dash) in zip(data["losses"].items(), styles):
        smooth = np.convolve(nll, np.ones(k) / k, mode="valid")
        right.plot(np.arange(smooth.size) + k, smooth, color=colour, linestyle=dash, linewidth=2, label=label)
    right.axvline(data["window"], color=theme.axes, linestyle=":", linewidth=1.2)
    right.text(
        data["window"], right.get_ylim()[1], f" token W = {data['window']}", color=theme.text, fontsize=9, va="top"
    )
    right.set_xlabel(f"token of the story (loss averaged over the last {k})", fontsize=10)
    right.set_ylabel("next-token loss (nats)", fontsize=10)
    right.spines[["top", "right"]].set_visible(False)
    legend = right.legend(frameon=False, fontsize=9.5, loc="upper right")
    for text in legend.get_texts():
        text.set_color(theme.text)
    _style_axes(right, theme)


def latent_cache_data(ns: dict) -> dict:
    (per_token,) = _need(ns, TODAYS_MODELS_PAGE, "per_token")
    labels = {"mha": "MHA", "gqa": "GQA, 8 groups", "mqa": "MQA", "mla": "MLA"}
    return {"bars": {label: per_token.nbytes(kind) / 1024 for kind, label in labels.items()}}


def draw_latent_cache(fig: MplFigure, data: dict, theme: Theme) -> None:
    """Horizontal bars, KiB per token on a log axis, each labelled with its value."""
    ax = fig.subplots()
    labels, values = list(data["bars"]), list(data["bars"].values())
    y = np.arange(len(labels))[::-1]
    ax.barh(y, values, color=[theme.lines[0][0]] * 3 + [theme.lines[1][0]])
    ax.set_xscale("log")
    ax.set_yticks(y, labels)
    for yi, value in zip(y, values):
        ax.text(value * 1.08, yi, f"{value:,.1f} KiB", va="center", color=theme.text, fontsize=9.5)
    ax.set_xlim(right=max(values) * 8)
    ax.set_xlabel("KV cache per token, all 60 layers, 16-bit numbers (KiB, log scale)", fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    _style_axes(ax, theme)


def linear_lookup_data(ns: dict) -> dict:
    (lookup,) = _need(ns, TODAYS_MODELS_PAGE, "lookup")
    return {
        "n": lookup.n_keys,
        "series": {"softmax attention": lookup.softmax_weight, "linear attention": lookup.linear_weight},
        "uniform": lookup.uniform,
    }


def draw_linear_lookup(fig: MplFigure, data: dict, theme: Theme) -> None:
    ax = fig.subplots()
    for (label, values), (colour, marker, dash) in zip(data["series"].items(), theme.lines):
        ax.plot(data["n"], values, color=colour, marker=marker, linestyle=dash, linewidth=2, label=label)
    ax.plot(data["n"], data["uniform"], color=theme.axes, linestyle=":", linewidth=1.5, label="even spread, 1/n")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("keys n (one of them matches the query)", fontsize=10)
    ax.set_ylabel("weight on the matching key", fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    legend = ax.legend(frameon=False, fontsize=10, loc="lower left")
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
    Figure(
        name="alignment",
        page="lessons/cross-attention.md",
        title=(
            "Alignment of le chat s'est assis sur un tapis noir with the cat sat on a black mat, "
            "by scaled dot-product and by additive scores"
        ),
        description=(
            "Two heatmaps of cross-attention weights, the eight French words in rows (queries) and the seven "
            "English words in columns (keys). In both, each French word puts most of its weight on the English "
            "word it translates: le on the, chat on cat, s'est and assis both on sat, sur on on, un on a, tapis on "
            "mat and noir on black, so the last two rows cross. Left, scaled dot-product: 0.85 on the aligned "
            "word, 0.76 for le and un, which give 0.13 to each other's article. Right, additive: 0.93 on the "
            "aligned word, 0.88 for le and un, and almost nothing on the and a from the other words."
        ),
        data=alignment_data,
        draw=draw_alignments,
        size=(10.5, 4.6),
    ),
    Figure(
        name="kv-cache-steps",
        page="lessons/attention-while-generating.md",
        title=(
            "The causal attention weights of head 0 of the tiny decoder: after three cached steps, after six, "
            "and in one masked pass"
        ),
        description=(
            "Three heatmaps over the sentence the cat sat on the mat, queries in rows and keys in columns. Left: "
            "the rows that the first three cached generation steps computed, one row per step, each over the keys "
            "in the cache so far; the rows below are empty. Middle: all six steps, a lower triangle. Right: the "
            "weights of one pass over the whole sentence with a causal mask, the same lower triangle, number for "
            "number."
        ),
        data=kv_cache_steps_data,
        draw=draw_heatmaps,
        size=(10.5, 3.9),
    ),
    Figure(
        name="training-curves",
        page=TRAINING_PAGE,
        title="Loss before and in the repeat, and the heads' scores, during the committed training run",
        description=(
            "Two line charts over the training steps of the committed run, measured on the probe batch. Top: the "
            "loss before the repeat stays near log 20, about 3, throughout (the lesson computes the best possible "
            "there, a little lower); the loss in the repeat starts there "
            "too, then falls to near 0. Bottom: the best previous-token score in layer 1 and the best induction "
            "score in layer 2, both starting near 0.2 or below and rising; a dotted vertical line marks the step "
            "at which the induction score first reaches the threshold, drawn as a dashed horizontal line."
        ),
        data=training_curves_data,
        draw=draw_training_curves,
        size=(7.5, 5.2),
    ),
    Figure(
        name="training-heads",
        page=TRAINING_PAGE,
        title="The previous-token head of layer 1 and the induction head of layer 2 at three moments of training",
        description=(
            "Six heatmaps of attention weights on one probe sequence of 12 tokens, queries in rows and keys in "
            "columns, causal so only the lower triangle is filled. Top row: the layer-1 head with the best final "
            "previous-token score, before training, when the induction head appears and at the end, its weight "
            "moving from spread out to the diagonal just below the main one. Bottom row: the layer-2 head with the "
            "best final induction score at the same steps, its weight in the repeated tokens moving to the key "
            "that followed the earlier occurrence of the query's token."
        ),
        data=training_heads_data,
        draw=draw_training_heads,
        size=(10.5, 7.4),
    ),
    Figure(
        name="rope",
        page=POSITIONS_PAGE,
        title="RoPE scores against the offset for two query positions, and a RoPE head attending to the previous token",
        description=(
            "Left: a line chart of the score of one rotated query vector and one rotated key vector against the "
            "offset m minus n, 0 to 30, for the query at position 30 and at position 60; the two curves lie exactly "
            "on top of each other, and a dotted horizontal line marks the unrotated score, the same at every offset. "
            "Right: a heatmap of a causal head over the sentence the cat sat on the mat whose queries are all one "
            "vector and whose keys are all that vector turned one position on; every token puts almost all of its "
            "weight on the token before it."
        ),
        data=rope_data,
        draw=draw_rope,
        size=(10.5, 4.0),
    ),
    Figure(
        name="alibi",
        page=POSITIONS_PAGE,
        title="ALiBi attention weights of three heads when every key matches equally",
        description=(
            "Three heatmaps of causal attention weights over the sentence the cat sat on the mat, queries in rows "
            "and keys in columns, with all content scores equal so that only the ALiBi bias acts. Head 1, slope "
            "1/2: each row's weight falls steeply with the distance, most of it on the query itself and its "
            "nearest neighbours. Head 3, slope 1/8: the weight falls gently. Head 8, slope 1/256: the weight is "
            "almost the same on every key the query may see."
        ),
        data=alibi_data,
        draw=draw_heatmaps,
        size=(10.5, 3.9),
    ),
    Figure(
        name="sliding-window",
        page=TODAYS_MODELS_PAGE,
        title="Causal attention, a sliding window of three keys, and two stacked windowed layers",
        description=(
            "Three heatmaps over the eight tokens the cat sat on the mat and slept, queries in rows and keys in "
            "columns, every score equal. Left: causal attention, a lower triangle, each row spread evenly over "
            "every earlier token. Middle: a sliding window of three keys, a band along the diagonal, a third on "
            "each key in the band. Right: the product of two such layers, a band twice as wide, the weight "
            "highest in its middle: two layers reach twice as far back as one."
        ),
        data=sliding_window_data,
        draw=draw_heatmaps,
        size=(10.5, 3.9),
    ),
    Figure(
        name="streaming-llm",
        page=TODAYS_MODELS_PAGE,
        title="The first token's share of attention per layer of SmolLM2, and the loss along the story under three caches",
        description=(
            "Left: a bar chart of the mean attention weight SmolLM2's heads put on the first token, for each of "
            "its 30 layers, from the committed measurement over the notebook's texts: small in the first layers "
            "and a few others, large in most of the later ones. Right: the next-token loss along the story, a "
            "moving average, for the smallest window of the committed run under three caches: every token, the "
            "last W tokens only, and the first 4 tokens plus the last W minus 4. A dotted line marks token W, "
            "where tokens start to leave the cache; after it the last-W-only curve lies well above the other two, "
            "and the curve with the sinks stays close to the full cache."
        ),
        data=streaming_llm_data,
        draw=draw_streaming_llm,
        size=(10.5, 4.0),
    ),
    Figure(
        name="latent-cache",
        page=TODAYS_MODELS_PAGE,
        title="The KV cache per token of DeepSeek-V2's heads under MHA, GQA, MQA and MLA",
        description=(
            "Horizontal bar chart on a logarithmic axis of the bytes cached per token, over all 60 layers, for "
            "128 heads of width 128 in 16-bit numbers: multi-head attention the longest bar, grouped-query "
            "attention with 8 groups shorter, multi-query attention the shortest, and multi-head latent attention "
            "between multi-query and grouped-query attention. Each bar is labelled with its size in KiB."
        ),
        data=latent_cache_data,
        draw=draw_latent_cache,
        size=(7.5, 2.8),
    ),
    Figure(
        name="linear-lookup",
        page=TODAYS_MODELS_PAGE,
        title="The weight on the one matching key among n keys, for softmax and linear attention",
        description=(
            "Line chart, both axes logarithmic. x axis: the number of keys, 4 to 1,024, one of which matches the "
            "query. y axis: the mean weight put on the matching key. Softmax attention stays near 1, falling "
            "slowly; linear attention falls like the dotted line of an even spread, 1 over n, a few times above it."
        ),
        data=linear_lookup_data,
        draw=draw_linear_lookup,
        size=(7.0, 3.6),
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
