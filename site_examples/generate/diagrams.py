"""Draw the lessons' diagrams, and the data of their step-through diagrams, at build time.

    .venv/bin/python -m site_examples.generate.diagrams OUT_DIR    # write the SVGs, to look at

The lesson figures (``figures.py``) plot numbers; these are the pictures of
the ideas: the shapes of scaled dot-product attention, where Q, K and V come
from, the heads, the transformer block, cross-attention, the KV cache, the
online softmax's tiles and RoPE's rotation. They follow the figures' rules:
each is drawn for Material's light and for its dark scheme (the page shows
``NAME-light.svg#only-light`` and ``NAME-dark.svg#only-dark``, which
``overrides/hooks/figures.py`` makes lazy and sizes), has a ``<title>`` and a
``<desc>``, and takes what it shows from the lesson's own code or from the
package: the matrices' cells are the lesson's shapes, the cache's rows are
a ``KVCache``'s, RoPE's arrows are ``apply_rope``'s. They are written as SVG
directly (boxes, arrows, text: no plotting library needed) about 440 px wide
with text of 14 px or more, so that a phone's 390 px screen shows them at a
readable size.

:data:`STEPPERS` are the three step-through diagrams: each names a lesson and
builds, from its code, a list of steps, each a caption and a row of labelled
matrices. ``overrides/hooks/diagrams.py`` writes them into the page as JSON
with the first step drawn as HTML (:func:`stepper_html`), which is what a
reader without JavaScript sees; ``docs/javascripts/stepper.js`` draws the
others from the JSON.
"""

from __future__ import annotations

import html
import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

import numpy as np

from site_examples.generate.figures import _need, page_namespace
from site_examples.material_adapter import button_class

OUTPUT_FOLDER = "images/diagrams"
FONT = "'DejaVu Sans', Arial, sans-serif"
# Every diagram is this wide (CSS px); a phone's column shows it at about 0.8 of that.
WIDTH = 440
# The smallest text any diagram uses (px, before scaling): 0.8 × 14 ≈ 11 px on a 390 px phone.
MIN_FONT = 14


@dataclass(frozen=True)
class Palette:
    name: str
    text: str
    line: str  # arrows and outlines
    box: str  # a neutral box's fill
    roles: dict[str, tuple[str, str]]  # role -> (stroke, fill): q, k, v, and the three heads


# Okabe-Ito strokes (darker on white, lighter on the slate page), each on a fill that its text reads on at 4.5:1.
PALETTES = (
    Palette(
        "light", text="#1f2328", line="#57606a", box="#f3f4f6",
        roles={"q": ("#0072B2", "#d9eaf6"), "k": ("#D55E00", "#fae3d4"), "v": ("#007a5a", "#d5efe6"),
               "h": ("#8a4a77", "#f3e1ec"), "hot": ("#8a6100", "#fbe7b5")},
    ),
    Palette(
        "dark", text="#e6e8eb", line="#9ba3ad", box="#2c313b",
        roles={"q": ("#56B4E9", "#183a52"), "k": ("#E69F00", "#4a3412"), "v": ("#4cc9a0", "#133f33"),
               "h": ("#e3a1cb", "#47283d"), "hot": ("#f0c75e", "#554310")},
    ),
)
HEADS = ("q", "k", "v")  # the three heads' colours in the multi-head diagram


class Canvas:
    """An SVG being drawn: boxes, text and arrows in one palette."""

    def __init__(self, height: int, palette: Palette) -> None:
        self.height, self.p, self.parts = height, palette, []

    def colours(self, role: str | None) -> tuple[str, str]:
        return self.p.roles[role] if role else (self.p.line, self.p.box)

    def box(self, x: float, y: float, w: float, h: float, role: str | None = None, *, rx: float = 6) -> None:
        stroke, fill = self.colours(role)
        self.parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" stroke="{stroke}" '
            'stroke-width="1.5"/>'
        )

    def text(self, x: float, y: float, s: str, *, size: float = 15, anchor: str = "middle", bold: bool = False,
             role: str | None = None) -> None:
        assert size >= MIN_FONT, s
        colour = self.p.roles[role][0] if role and self.p.name == "dark" else self.p.text
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" fill="{colour}"{weight}>'
            f"{escape(s)}</text>"
        )

    def labelled(self, x: float, y: float, w: float, h: float, label: str, sub: str = "", role: str | None = None,
                 *, size: float = 15) -> None:
        """A box with a label, and a smaller second line under it."""
        self.box(x, y, w, h, role)
        if sub:
            self.text(x + w / 2, y + h / 2 - 3, label, size=size)
            self.text(x + w / 2, y + h / 2 + 15, sub, size=MIN_FONT)
        else:
            self.text(x + w / 2, y + h / 2 + size / 3, label, size=size)

    def arrow(self, *points: tuple[float, float], role: str | None = None, width: float = 2) -> None:
        stroke = self.colours(role)[0]
        d = "M " + " L ".join(f"{x:g} {y:g}" for x, y in points)
        self.parts.append(
            f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{width:g}" '
            f'marker-end="url(#arrow-{role or "line"})"/>'
        )

    def line(self, *points: tuple[float, float], role: str | None = None, width: float = 2,
             dash: str = "") -> None:
        stroke = self.colours(role)[0]
        d = "M " + " L ".join(f"{x:g} {y:g}" for x, y in points)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{width:g}"{dashed}/>')

    def grid(self, x: float, y: float, rows: int, cols: int, cell: float, role: str | None = None) -> None:
        """A matrix of ``rows`` × ``cols`` cells."""
        stroke, fill = self.colours(role)
        self.parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{cols * cell:g}" height="{rows * cell:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1.5"/>'
        )
        inner = [f"M {x + c * cell:g} {y:g} v {rows * cell:g}" for c in range(1, cols)]
        inner += [f"M {x:g} {y + r * cell:g} h {cols * cell:g}" for r in range(1, rows)]
        if inner:
            self.parts.append(f'<path d="{" ".join(inner)}" stroke="{stroke}" stroke-width="0.75" fill="none"/>')

    def svg(self, title: str, description: str) -> str:
        markers = "".join(
            f'<marker id="arrow-{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
            for name, colour in [("line", self.p.line)] + [(r, s) for r, (s, _) in self.p.roles.items()]
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH * 0.75:g}pt" height="{self.height * 0.75:g}pt" '
            f'viewBox="0 0 {WIDTH} {self.height}" role="img" aria-labelledby="title desc" font-family="{FONT}">\n'
            f' <title id="title">{escape(title)}</title>\n <desc id="desc">{escape(description)}</desc>\n'
            f" <defs>{markers}</defs>\n " + "\n ".join(self.parts) + "\n</svg>\n"
        )


@dataclass(frozen=True)
class Diagram:
    name: str  # file stem under images/diagrams/
    page: str | None  # the lesson whose code gives its sizes or numbers (None: a pure diagram)
    title: str  # SVG <title>, and the image's alt text on the page
    description: str  # SVG <desc>; "{name}" fields are filled from the data, so that it says the lesson's sizes
    data: Callable[[dict], dict]  # the page's namespace (empty without a page) -> what is drawn
    draw: Callable[[Canvas, dict], None]
    height: int


# ── the shapes of scaled dot-product attention ───────────────────────────────

SDPA_PAGE = "lessons/scaled-dot-product-attention.md"


def shapes_data(ns: dict) -> dict:
    q, k, v = _need(ns, SDPA_PAGE, "q", "k", "v")
    (n_q, d_k), (n_k, _), (_, d_v) = np.shape(q), np.shape(k), np.shape(v)
    return {"n_q": n_q, "d_k": d_k, "n_k": n_k, "d_v": d_v}


def draw_shapes(c: Canvas, d: dict) -> None:
    """Three rows: Q · Kᵀ = S; S / √d_k, softmax by rows = A; A · V = O. Each matrix has its cells."""
    cell, gap = SHAPES_CELL, 48
    n_q, d_k, n_k, d_v = d["n_q"], d["d_k"], d["n_k"], d["d_v"]

    def matrix(x: float, y: float, rows: int, cols: int, name: str, shape: str, role: str | None) -> float:
        c.text(x + cols * cell / 2, y - 8, name, bold=True, role=role)
        c.grid(x, y, rows, cols, cell, role)
        c.text(x + cols * cell / 2, y + rows * cell + 18, shape, size=MIN_FONT)
        return x + cols * cell

    def op(x: float, y: float, s: str) -> None:
        c.text(x, y, s, size=20)

    # Row 1: the scores.
    top = 34
    mid = top + max(n_q, d_k) * cell / 2
    end = matrix(20, top + (d_k - n_q) * cell / 2, n_q, d_k, "Q", "n_q × d_k", "q")
    op(end + gap / 2, mid + 6, "·")
    end = matrix(end + gap, top, d_k, n_k, "Kᵀ", "d_k × n_k", "k")
    op(end + gap / 2, mid + 6, "=")
    end = matrix(end + gap, top + (d_k - n_q) * cell / 2, n_q, n_k, "S", "n_q × n_k", None)
    c.text(end + 12, mid - 4, "one score", size=MIN_FONT, anchor="start")
    c.text(end + 12, mid + 14, "per pair", size=MIN_FONT, anchor="start")
    # Row 2: scaled, then softmax by rows.
    top2 = top + d_k * cell + SHAPES_GAP
    mid2 = top2 + n_q * cell / 2
    end = matrix(20, top2, n_q, n_k, "S", "n_q × n_k", None)
    c.arrow((end + 8, mid2), (end + 170, mid2))
    c.text(end + 89, mid2 - 10, "÷ √d_k, softmax", size=MIN_FONT)
    c.text(end + 89, mid2 + 22, "of each row", size=MIN_FONT)
    end = matrix(end + 180, top2, n_q, n_k, "A", "n_q × n_k", "hot")
    c.text(end + 14, mid2 - 4, "rows", size=MIN_FONT, anchor="start")
    c.text(end + 14, mid2 + 14, "sum to 1", size=MIN_FONT, anchor="start")
    # Row 3: the output.
    top3 = top2 + n_q * cell + SHAPES_GAP
    mid3 = top3 + max(n_q, n_k) * cell / 2
    end = matrix(20, top3 + (n_k - n_q) * cell / 2, n_q, n_k, "A", "n_q × n_k", "hot")
    op(end + gap / 2, mid3 + 6, "·")
    end = matrix(end + gap, top3, n_k, d_v, "V", "n_k × d_v", "v")
    op(end + gap / 2, mid3 + 6, "=")
    end = matrix(end + gap, top3 + (n_k - n_q) * cell / 2, n_q, d_v, "O", "n_q × d_v", None)
    c.text(end + 14, mid3 - 4, "one output", size=MIN_FONT, anchor="start")
    c.text(end + 14, mid3 + 14, "per query", size=MIN_FONT, anchor="start")


SHAPES_CELL, SHAPES_GAP = 22, 76


def shapes_height(d_k: int = 4, n_q: int = 3, n_k: int = 3) -> int:
    """The height for the lesson's sizes (3 queries and keys, d_k = 4)."""
    return 34 + (d_k + n_q + max(n_q, n_k)) * SHAPES_CELL + 2 * SHAPES_GAP + 34


# ── where Q, K and V come from ───────────────────────────────────────────────


def draw_qkv(c: Canvas, d: dict) -> None:
    """X at the top; three columns: × W_Q → Q, × W_K → K, × W_V → V."""
    c.labelled(140, 10, 160, 50, "X", "n × d_model")
    columns = (("Q", "W_Q", "n × d_k", "q", "what each token asks"),
               ("K", "W_K", "n × d_k", "k", "what it offers"),
               ("V", "W_V", "n × d_v", "v", "what it returns"))
    for i, (name, weight, shape, role, job) in enumerate(columns):
        x = 10 + i * 145
        c.arrow((220, 60), (220, 76), (x + 65, 76), (x + 65, 96)) if i != 1 else c.arrow((220, 60), (220, 96))
        c.labelled(x, 98, 130, 50, f"× {weight}", "d_model × " + ("d_v" if role == "v" else "d_k"), role)
        c.arrow((x + 65, 148), (x + 65, 176), role=role)
        c.labelled(x, 178, 130, 50, name, shape, role)
        c.text(x + 65, 252, job.split(" ", 2)[0] + " " + job.split(" ", 2)[1], size=MIN_FONT)
        c.text(x + 65, 270, job.split(" ", 2)[2], size=MIN_FONT)


# ── multi-head attention ─────────────────────────────────────────────────────


def draw_multi_head(c: Canvas, d: dict) -> None:
    """X → Q, K, V each cut into three slices → one head per slice → concatenated → × W_O."""
    c.labelled(140, 8, 160, 50, "X", "n × d_model")
    names = ("Q", "K", "V")
    for i, name in enumerate(names):
        x = 10 + i * 145
        c.arrow((220, 58), (220, 70), (x + 65, 70), (x + 65, 92)) if i != 1 else c.arrow((220, 58), (220, 92))
        c.text(x + 65, 110, f"{name} = X W_{name}", size=MIN_FONT)
        for h, role in enumerate(HEADS):
            c.box(x + 5 + h * 40, 118, 40, 34, role, rx=0)
            c.text(x + 25 + h * 40, 141, f"{name}{'₁₂₃'[h]}", size=MIN_FONT)
    # Slice h of Q, K and V -> head h.
    for h, role in enumerate(HEADS):
        for i in range(3):
            c.line((10 + i * 145 + 25 + h * 40, 152), (10 + h * 145 + 65, 196), role=role, width=1.5)
    for h, role in enumerate(HEADS):
        x = 10 + h * 145
        c.labelled(x, 198, 130, 50, f"head {h + 1}", f"attend(Q{'₁₂₃'[h]},K{'₁₂₃'[h]},V{'₁₂₃'[h]})", role)
        c.arrow((x + 65, 248), (160 + h * 40 + 20, 290), role=role)
    c.text(152, 313, "concatenate", size=MIN_FONT, anchor="end")
    for h, role in enumerate(HEADS):
        c.box(160 + h * 40, 292, 40, 32, role, rx=0)
        c.text(180 + h * 40, 313, str(h + 1), size=MIN_FONT)
    c.arrow((220, 324), (220, 344))
    c.labelled(130, 346, 180, 50, "× W_O", "output n × d_model")


# ── the transformer block ────────────────────────────────────────────────────


def draw_block(c: Canvas, d: dict) -> None:
    """The residual stream down the left; two branches off it, each normed, computed and added back."""
    stream = 60
    c.labelled(10, 8, 100, 44, "x", "n × d_model")
    c.text(stream + 14, 84, "residual stream", size=MIN_FONT, anchor="start")
    c.text(stream + 14, 102, "(a copy goes right)", size=MIN_FONT, anchor="start")

    def branch(top: int, norm: str, layer: str, sub: str, plus_y: int) -> None:
        c.line((stream, top), (330, top))
        c.arrow((330, top), (330, top + 14))
        c.labelled(250, top + 16, 160, 40, norm)
        c.arrow((330, top + 56), (330, top + 72))
        c.labelled(250, top + 74, 160, 50, layer, sub, "hot")
        c.line((330, top + 124), (330, plus_y)) if plus_y > top + 124 else None
        c.arrow((330, plus_y), (stream + 16, plus_y))
        c.text(200, plus_y - 8, "added to the stream", size=MIN_FONT)
        c.parts.append(
            f'<circle cx="{stream}" cy="{plus_y}" r="14" fill="{c.p.box}" stroke="{c.p.line}" stroke-width="2"/>'
        )
        c.text(stream, plus_y + 7, "+", size=20, bold=True)

    c.line((stream, 52), (stream, 238))
    branch(114, "Norm 1", "Multi-head", "attention", 252)
    c.line((stream, 266), (stream, 418))
    branch(292, "Norm 2", "Feed-forward", "per token", 432)
    c.arrow((stream, 446), (stream, 474))
    c.labelled(10, 476, 100, 44, "x + …", "n × d_model")
    c.text(130, 503, "to the next block", size=MIN_FONT, anchor="start")


# ── cross-attention ──────────────────────────────────────────────────────────


def draw_cross(c: Canvas, d: dict) -> None:
    """Encoder on the left (source) gives K and V; decoder on the right (target) gives Q."""
    c.text(105, 22, "encoder", bold=True)
    c.text(335, 22, "decoder", bold=True)
    c.labelled(10, 34, 190, 50, "source tokens", "le chat s'est assis")
    c.labelled(240, 34, 190, 50, "target tokens", "the cat sat")
    c.arrow((105, 84), (105, 104))
    c.arrow((335, 84), (335, 104))
    c.labelled(10, 106, 190, 50, "self-attention", "+ feed-forward")
    c.labelled(240, 106, 190, 50, "causal", "self-attention")
    c.arrow((105, 156), (105, 176))
    c.labelled(10, 178, 190, 50, "encoder states", "n_src × d_model")
    c.arrow((335, 156), (335, 210))
    c.text(345, 186, "× W_Q", size=MIN_FONT, anchor="start", role="q")
    # K and V from the encoder's states, across to the decoder.
    c.arrow((150, 228), (150, 284), (252, 284), role="k")
    c.text(200, 277, "× W_K", size=MIN_FONT, role="k")
    c.arrow((60, 228), (60, 312), (252, 312), role="v")
    c.text(150, 305, "× W_V", size=MIN_FONT, role="v")
    c.box(240, 212, 190, 122, "hot")
    c.text(335, 236, "cross-attention", bold=True)
    for i, (name, shape, role) in enumerate((("Q", "n_tgt × d_k", "q"), ("K", "n_src × d_k", "k"),
                                             ("V", "n_src × d_v", "v"))):
        c.box(256, 244 + i * 28, 40, 24, role, rx=4)
        c.text(276, 261 + i * 28, name, size=MIN_FONT, bold=True)
        c.text(306, 261 + i * 28, shape, size=MIN_FONT, anchor="start")
    c.arrow((335, 334), (335, 352))
    c.labelled(240, 354, 190, 50, "one output", "per target token")


# ── the KV cache, step by step ───────────────────────────────────────────────

KV_PAGE = "lessons/attention-while-generating.md"


def kv_cache_data(ns: dict) -> dict:
    """The cache of the lesson's decoder after each of its first four steps: its keys' shape, from KVCache."""
    kv_cache, n_heads, attn, sentence = _need(ns, KV_PAGE, "KVCache", "n_heads", "attn", "sentence")
    cache = kv_cache(n_layers=1, n_kv_heads=n_heads, d_k=attn.d_k)
    shapes = []
    for t in range(4):
        one = np.zeros((n_heads, 1, attn.d_k))
        keys, _ = cache.update(0, one, one)
        cache.advance(1)
        shapes.append(tuple(int(s) for s in keys.shape))
    return {"tokens": list(sentence[:4]), "shapes": shapes, "words": " ".join(sentence[:4]), "d_k": attn.d_k,
            "heads": n_heads}


def draw_kv_cache(c: Canvas, d: dict) -> None:
    """One column per step: the new token's query, and the cached keys and values, one row more each step."""
    cell, width = 16, 108
    for t, (token, (heads, length, d_k)) in enumerate(zip(d["tokens"], d["shapes"])):
        x = 10 + t * width
        c.text(x, 20, f"step {t}", anchor="start", bold=True)
        c.text(x, 40, f"reads “{token}”", size=MIN_FONT, anchor="start")
        c.text(x, 66, "query", size=MIN_FONT, anchor="start", role="q")
        c.grid(x, 74, 1, d_k, cell, "q")
        for y, name, role in ((118, "K", "k"), (218, "V", "v")):
            c.text(x, y - 8, f"{name}: {length} × {d_k}", size=MIN_FONT, anchor="start", role=role)
            for row in range(length):
                c.grid(x, y + row * cell, 1, d_k, cell, "h" if row == length - 1 else role)
        c.text(x, 308, f"{heads} heads", size=MIN_FONT, anchor="start")
    c.text(10, 338, "purple: the row this step adds; the query reads every row", size=MIN_FONT, anchor="start")


# ── the online softmax's tiles ───────────────────────────────────────────────


def draw_tiles(c: Canvas, d: dict) -> None:
    """The score matrix cut into tiles; a query block walks along its key blocks, keeping (m, ℓ, U)."""
    tile, rows, cols, x0, y0 = 48, 3, 4, 120, 56
    c.text(x0 + cols * tile / 2, 22, "key blocks K₁ … K₄ →", size=MIN_FONT)
    c.text(x0 + cols * tile / 2, 42, "(each with its values)", size=MIN_FONT)
    for i in range(rows):
        c.text(x0 - 10, y0 + i * tile + 30, f"Q{'₁₂₃'[i]}", anchor="end", bold=True, role="q")
        for j in range(cols):
            role = "hot" if (i == 1 and j == 2) else ("v" if (i < 1 or (i == 1 and j < 2)) else None)
            c.box(x0 + j * tile, y0 + i * tile, tile, tile, role, rx=0)
    c.text(x0 + 2 * tile + tile / 2, y0 + tile + 30, "now", size=MIN_FONT, bold=True)
    c.text(10, y0 + 30, "query", size=MIN_FONT, anchor="start")
    c.text(10, y0 + 48, "blocks", size=MIN_FONT, anchor="start")
    # Each query block's running summary, beside its row of tiles.
    sx = x0 + cols * tile + 16
    for i in range(rows):
        c.box(sx, y0 + i * tile + 4, 108, tile - 8, "q" if i == 1 else None)
        c.text(sx + 54, y0 + i * tile + 31, "m, ℓ, U", size=MIN_FONT)
    lines = (
        "a tile: S = Q_i K_jᵀ / √d_k, one block of scores",
        "m ← max(m, row max of S)",
        "ℓ ← e^(m_old − m) ℓ + row sum of e^(S − m)",
        "U ← e^(m_old − m) U + e^(S − m) V_j",
        "after the last key block: O_i = U / ℓ",
    )
    for n, line in enumerate(lines):
        c.text(10, y0 + rows * tile + 34 + n * 24, line, size=MIN_FONT, anchor="start")
    c.text(10, y0 + rows * tile + 34 + len(lines) * 24 + 6, "green: read; amber: now; empty: not yet",
           size=MIN_FONT, anchor="start")


# ── RoPE: a pair of features turned by its position ──────────────────────────

ROPE_POSITIONS = ((2, 1), (5, 4))  # (query position m, key position n) in each panel: the same offset


def rope_pair_data(ns: dict) -> dict:
    """A query and a key pair, turned by ``apply_rope`` at two position pairs with the same offset."""
    from attention import apply_rope

    q, k = np.array([[1.0, 0.0]]), np.array([[0.8, 0.45]])
    panels = []
    for m, n in ROPE_POSITIONS:
        q_m = apply_rope(q, positions=[m])[0]
        k_n = apply_rope(k, positions=[n])[0]
        panels.append({"m": m, "n": n, "q": q_m.tolist(), "k": k_n.tolist(), "score": float(q_m @ k_n)})
    return {"q": q[0].tolist(), "k": k[0].tolist(), "panels": panels}


def draw_rope_pair(c: Canvas, d: dict) -> None:
    """Two panels: q at position m and k at position n, drawn as arrows on the plane; the angle between them kept."""
    radius = 78
    for p_i, panel in enumerate(d["panels"]):
        cx, cy = 110 + p_i * 220, 150
        c.text(cx, 20, f"query at m = {panel['m']}", size=MIN_FONT, bold=True, role="q")
        c.text(cx, 40, f"key at n = {panel['n']}", size=MIN_FONT, bold=True, role="k")
        c.line((cx - radius - 12, cy), (cx + radius + 12, cy), width=1)
        c.line((cx, cy - radius - 12), (cx, cy + radius + 12), width=1)
        c.parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="none" stroke="{c.p.line}" stroke-width="1" '
            'stroke-dasharray="3 4"/>'
        )
        for name, role, base in (("q", "q", d["q"]), ("k", "k", d["k"])):
            x, y = panel[name]
            # Unturned, faint: where the pair starts at position 0.
            c.line((cx, cy), (cx + base[0] * radius, cy - base[1] * radius), role=role, width=1.2, dash="4 3")
            c.arrow((cx, cy), (cx + x * radius, cy - y * radius), role=role, width=2.5)
            norm = math.hypot(x, y)
            c.text(cx + x / norm * (radius + 22), cy - y / norm * (radius + 22) + 5, name, bold=True, role=role)
        c.text(cx, 272, f"score q·k = {panel['score']:.2f}", size=MIN_FONT)
    c.text(220, 302, "dashed: the pair at position 0; each arrow is turned", size=MIN_FONT)
    c.text(220, 322, "by its position's angle, so the angle between q and k,", size=MIN_FONT)
    c.text(220, 342, "and the score, depend only on m − n", size=MIN_FONT)


# ── learning to attend: the repeat, and the two heads that predict it ─────────


def induction_data(ns: dict) -> dict:
    """The first sequence the lesson prints (the package's task, the lesson's seed and sizes) and where its heads look.

    The query is the repeat's first token; the induction head attends to the position just after that token's
    earlier occurrence, ``p - 1`` keys back, whose token is the one to predict; the previous-token head of layer 1
    had written there which token came before it.
    """
    from attention.training import repeated_sequences
    from attention.training.experiment import MODEL, TRAINING

    batch = repeated_sequences(
        seed=0, step=0, batch=3, n=TRAINING.n, vocab=MODEL.vocab,
        min_period=TRAINING.min_period, max_period=TRAINING.max_period,
    )  # fmt: skip
    inputs, targets, p = batch.inputs[0], batch.targets[0], int(batch.periods[0])
    tokens = [*(int(t) for t in inputs), int(targets[-1])]
    query = len(tokens) - p  # the repeat's first token
    key = query - p + 1  # the token after its earlier occurrence
    if tokens[key - 1] != tokens[query] or tokens[key] != tokens[query + 1]:
        raise ValueError(f"the sequence {tokens} does not repeat its last {p} tokens")
    return {"tokens": tokens, "p": p, "query": query, "key": key, "earlier": key - 1,
            "sequence": " ".join(map(str, tokens)), "count": len(tokens), "word": tokens[query], "next": tokens[key]}


INDUCTION_BOX, INDUCTION_STEP = 28, 32  # a token's box and the distance between two tokens' boxes


def draw_induction(c: Canvas, d: dict) -> None:
    """The sequence as a row of boxes; over it the induction head's arc, under it the previous-token head's."""
    tokens, p, query, key, earlier = d["tokens"], d["p"], d["query"], d["key"], d["earlier"]
    n = len(tokens)
    x0 = (WIDTH - (n * INDUCTION_STEP - (INDUCTION_STEP - INDUCTION_BOX))) / 2
    top, low = 110, 110 + INDUCTION_BOX

    def centre(i: int) -> float:
        return x0 + i * INDUCTION_STEP + INDUCTION_BOX / 2

    c.text(WIDTH / 2, 20, f"random tokens, then a segment of p = {p}, twice", size=MIN_FONT, bold=True)
    # Layer 2's induction head, over the row: from the query to the token after the earlier occurrence.
    c.text(WIDTH / 2, 50, f"layer 2, induction head: the query {d['word']} looks", size=MIN_FONT, role="q")
    c.text(WIDTH / 2, 68, f"for the token just after the earlier {d['word']}", size=MIN_FONT, role="q")
    c.arrow((centre(query), top - 3), (centre(query), 84), (centre(key), 84), (centre(key), top - 5), role="q")
    for i, token in enumerate(tokens):
        role = "q" if i == query else "k" if i == key else "v" if i >= n - 2 * p else None
        c.box(x0 + i * INDUCTION_STEP, top, INDUCTION_BOX, INDUCTION_BOX, role, rx=4)
        c.text(centre(i), top + 19, str(token), size=MIN_FONT, bold=i in (query, key))
    # Layer 1's previous-token head, under the row: the key's position reads the token before it.
    c.arrow((centre(key), low + 3), (centre(key), low + 24), (centre(earlier), low + 24), (centre(earlier), low + 5),
            role="k")
    c.text(WIDTH / 2, low + 48, f"layer 1, previous-token head: at {d['next']},", size=MIN_FONT, role="k")
    c.text(WIDTH / 2, low + 66, f"it notes that {tokens[earlier]} came just before", size=MIN_FONT, role="k")
    c.text(WIDTH / 2, low + 98, f"so the query {d['word']} matches at {d['next']} and copies it:", size=MIN_FONT)
    c.text(WIDTH / 2, low + 116, f"{d['next']} is the prediction for the next token", size=MIN_FONT)
    c.text(WIDTH / 2, low + 144, "green: the segment, twice", size=MIN_FONT)


# ── the pages around the lessons ─────────────────────────────────────────────


def draw_glossary(c: Canvas, d: dict) -> None:
    """The course's words where attention uses them, top to bottom: token to output."""
    c.labelled(20, 8, 180, 44, "token", "a word or a piece")
    c.arrow((200, 30), (238, 30))
    c.labelled(240, 8, 180, 44, "embedding x", "its vector, d_model")
    c.arrow((330, 52), (330, 64), (75, 64), (75, 80))
    c.arrow((220, 64), (220, 80))
    c.arrow((330, 64), (365, 64), (365, 80))
    for x, name, sub, role in ((10, "query q", "× W_Q", "q"), (155, "key k", "× W_K", "k"),
                               (300, "value v", "× W_V", "v")):
        c.labelled(x, 82, 130, 48, name, sub, role)
    c.arrow((75, 130), (75, 150), (150, 150), (150, 164), role="q")
    c.arrow((220, 130), (220, 164), role="k")
    c.labelled(60, 166, 240, 48, "score", "q · k / √d_k, one per key")
    c.labelled(320, 166, 110, 48, "mask", "who may not")
    c.arrow((320, 190), (302, 190))
    c.arrow((180, 214), (180, 232))
    c.labelled(60, 234, 240, 48, "softmax", "of each query's scores")
    c.arrow((180, 282), (180, 300))
    c.labelled(60, 302, 240, 48, "weights", "positive, summing to 1", "hot")
    c.arrow((365, 130), (365, 386), (302, 386), role="v")
    c.arrow((180, 350), (180, 368))
    c.labelled(60, 370, 240, 48, "output", "Σ weight × value")
    c.text(220, 446, "one head; several side by side: multi-head", size=MIN_FONT)


def draw_code_runs(c: Canvas, d: dict) -> None:
    """One lesson block, run twice: by the course's tests under CPython, by the reader's browser under Pyodide."""
    c.labelled(90, 8, 260, 50, "a lesson's Python block", "and the output the page shows")
    c.arrow((160, 58), (160, 74), (115, 74), (115, 90))
    c.arrow((280, 58), (280, 74), (325, 74), (325, 90))
    c.labelled(10, 92, 210, 50, "the course's tests", "on every change", "k")
    c.labelled(230, 92, 200, 50, "your browser", "when you press Run", "q")
    c.arrow((115, 142), (115, 160), role="k")
    c.arrow((330, 142), (330, 160), role="q")
    c.labelled(10, 162, 210, 50, "CPython", "numpy as in Pyodide", "k")
    c.labelled(230, 162, 200, 50, "Pyodide in a worker", "CPython in WebAssembly", "q")
    c.arrow((115, 212), (115, 230), role="k")
    c.arrow((330, 212), (330, 230), role="q")
    c.labelled(10, 232, 420, 50, "the same cell.py runs the page's blocks", "in order, in one namespace per page")
    c.arrow((220, 282), (220, 300))
    c.labelled(60, 302, 320, 50, "the same output", "the tests fail if it differs", "v")


def draw_course_parts(c: Canvas, d: dict) -> None:
    """The package and the lessons at the top; the tests and the build read them; the site goes to the browser."""
    c.labelled(10, 8, 250, 50, "attention/, the numpy package", "core → models → lab")
    c.labelled(280, 8, 150, 50, "docs/*.md", "lessons, quizzes")
    c.arrow((80, 58), (80, 98))
    c.arrow((200, 58), (200, 98))
    c.arrow((355, 58), (355, 98))
    c.labelled(10, 100, 140, 50, "the tests", "pytest, Sybil", "k")
    c.labelled(170, 100, 260, 50, "the build", "hooks, scripts, the wheel", "hot")
    c.text(80, 174, "run every block,", size=MIN_FONT)
    c.text(80, 192, "check every page", size=MIN_FONT)
    c.arrow((300, 150), (300, 190))
    c.labelled(170, 192, 260, 50, "site/", "static files, the package inside")
    c.arrow((300, 242), (300, 262))
    c.labelled(10, 264, 420, 50, "the reader's browser", "the pages, the lab, Python in a worker", "q")


def draw_lesson_checks(c: Canvas, d: dict) -> None:
    """A lesson's file, the checks it passes, and the build that turns it into a page."""
    c.labelled(90, 8, 260, 50, "docs/lessons/NAME.md", "prose, python and output fences")
    c.arrow((220, 58), (220, 76))
    c.box(10, 78, 420, 176, "k")
    c.text(220, 100, "./dev.sh test checks", bold=True)
    checks = (
        "each block runs; its output is the page's",
        "the length rule, before the exercises",
        "each quiz: fair, explained, linked",
        "each exercise: its mistakes diagnosed",
        "each figure and number: from the package",
        "in Chromium: the same output, axe clean",
    )
    for i, line in enumerate(checks):
        c.text(26, 126 + i * 22, "✓ " + line, size=MIN_FONT, anchor="start")
    c.arrow((220, 254), (220, 272))
    c.labelled(60, 274, 320, 50, "./dev.sh build", "figures, diagrams and math drawn", "hot")
    c.arrow((220, 324), (220, 342))
    c.labelled(110, 344, 220, 44, "site/", "static, any web server")


# ── the home page: what "it" attends to ──────────────────────────────────────

# The home page's first sentence says attention connects "it" to "the cat": its picture draws that row, as the
# lab's hand-built layer computes it (attention.lab; the lab's preset "cat-tired" holds the same sentence).
HOME_SENTENCE = "The cat sat on the mat because it was tired"
HOME_QUERY = "it"
HOME_HEAD = "pronoun/verb → noun"
# A key weighed less than this gets no curve and no number (its bar is empty at this height anyway).
HOME_SHOWN = 0.01


def home_data(ns: dict) -> dict:
    from attention.lab import visualizer_data

    view = visualizer_data(HOME_SENTENCE)
    heads = view["layers"][0]["heads"]
    (number,) = [i + 1 for i, head in enumerate(heads) if head["label"] == HOME_HEAD]
    query = view["tokens"].index(HOME_QUERY)
    weights = [float(w) for w in heads[number - 1]["weights"][query]]
    order = sorted(range(len(weights)), key=weights.__getitem__, reverse=True)
    shown = [j for j in order if weights[j] >= HOME_SHOWN]
    return {
        "tokens": list(view["tokens"]),
        "query": query,
        "weights": weights,
        "head": number,
        "label": heads[number - 1]["label"],
        "sentence": HOME_SENTENCE,
        "word": HOME_QUERY,
        "keys": ", ".join(f"{view['tokens'][j]} {weights[j]:.2f}" for j in shown),
        "shown": f"{HOME_SHOWN:g}",
    }


HOME_FONT = 14
HOME_CHAR = 0.6 * HOME_FONT  # DejaVu Sans' mean advance, about 0.6 em
HOME_GAP = 14


def home_positions(tokens: list[str]) -> list[float]:
    """The centre of each word, the sentence centred in the diagram's width."""
    widths = [len(token) * HOME_CHAR for token in tokens]
    x = (WIDTH - sum(widths) - HOME_GAP * (len(tokens) - 1)) / 2
    centres = []
    for width in widths:
        centres.append(x + width / 2)
        x += width + HOME_GAP
    return centres


def draw_home(c: Canvas, d: dict) -> None:
    """The sentence; curves from the query word to the words it weighs, as thick as the weight; a bar per word."""
    tokens, query, weights = d["tokens"], d["query"], d["weights"]
    xs = home_positions(tokens)
    words, base, bar = 134, 236, 80
    for j in sorted(range(len(tokens)), key=weights.__getitem__):  # the heaviest drawn last, on top
        if j == query or weights[j] < HOME_SHOWN:
            continue
        rise = 30 + 0.28 * abs(xs[query] - xs[j])
        d_path = f"M {xs[query]:.1f} {words - 22} Q {(xs[query] + xs[j]) / 2:.1f} {words - 22 - 2 * rise:.1f} {xs[j]:.1f} {words - 22}"
        stroke = c.colours("q")[0]
        c.parts.append(
            f'<path d="{d_path}" fill="none" stroke="{stroke}" stroke-width="{1.5 + 9 * weights[j]:.2f}" '
            'stroke-linecap="round"/>'
        )
    c.box(xs[query] - len(tokens[query]) * HOME_CHAR / 2 - 5, words - 18, len(tokens[query]) * HOME_CHAR + 10, 25, "q",
          rx=4)
    for j, (token, x) in enumerate(zip(tokens, xs)):
        weighed = j != query and weights[j] >= HOME_SHOWN
        c.text(x, words, token, size=HOME_FONT, bold=j == query or weighed, role="q" if j == query else None)
        height = bar * weights[j]
        c.line((x - 12, base), (x + 12, base))
        if weighed:
            c.box(x - 10, base - height, 20, height, "k", rx=2)
            c.text(x, base - height - 8, f"{weights[j]:.2f}", size=MIN_FONT)
    c.text(WIDTH / 2, base + 28, f"weights of “{tokens[query]}”, head {d['head']}: {d['label']}", size=MIN_FONT)


def _none(ns: dict) -> dict:
    return {}


DIAGRAMS = (
    Diagram(
        name="attention-it",
        page=None,
        title="In “The cat sat on the mat because it was tired”, the word “it” attends mostly to “cat”",
        description=(
            "The sentence “{sentence}”, word by word, with “{word}” boxed. Curves go from “{word}” up and over to "
            "the words it attends to in head {head} of the course's hand-built attention layer ({label}), each as "
            "thick as its weight; under each word a bar as tall as its weight, with the weight written above it. "
            "Weights of {shown} or more: {keys}; every other word gets less."
        ),
        data=home_data,
        draw=draw_home,
        height=280,
    ),
    Diagram(
        name="attention-shapes",
        page=SDPA_PAGE,
        title="The shapes of scaled dot-product attention: Q times K transposed, softmax by rows, times V",
        description=(
            "Three rows of matrices drawn as grids of cells, sized as this lesson's example ({n_q} queries, {n_k} "
            "keys, d_k = {d_k}, d_v = {d_v}). Row 1: Q, n_q by d_k, times K transposed, d_k by n_k, equals the scores S, "
            "n_q by n_k, one per query and key. Row 2: S is divided by the square root of d_k and each row goes "
            "through a softmax, giving the weights A, n_q by n_k, whose rows sum to 1. Row 3: A times V, n_k by "
            "d_v, equals the output O, n_q by d_v, one row per query."
        ),
        data=shapes_data,
        draw=draw_shapes,
        height=shapes_height(),
    ),
    Diagram(
        name="query-key-value",
        page=None,
        title="Each token's vector X is multiplied by three matrices, W_Q, W_K and W_V, giving Q, K and V",
        description=(
            "At the top, X, n by d_model, one row per token. Three arrows lead down from it to three boxes side "
            "by side: times W_Q, d_model by d_k; times W_K, d_model by d_k; times W_V, d_model by d_v. Under each, "
            "its result: Q, n by d_k, what each token asks; K, n by d_k, what it offers; V, n by d_v, what it "
            "returns."
        ),
        data=_none,
        draw=draw_qkv,
        height=282,
    ),
    Diagram(
        name="multi-head",
        page=None,
        title="Multi-head attention: project, split into heads, attend per head, concatenate, project with W_O",
        description=(
            "At the top, X, n by d_model. It is multiplied by W_Q, W_K and W_V, and each result is cut along its "
            "feature columns into three slices, one per head: Q1 Q2 Q3, K1 K2 K3, V1 V2 V3, in three colours. "
            "Lines take slice i of Q, K and V to head i, which attends with them. The three heads' outputs are "
            "concatenated side by side, back to width d_model, and multiplied by W_O, giving an output n by d_model."
        ),
        data=_none,
        draw=draw_multi_head,
        height=404,
    ),
    Diagram(
        name="transformer-block",
        page=None,
        title="A pre-norm transformer block: two branches off the residual stream, each normed and added back",
        description=(
            "The residual stream x, n by d_model, runs down the left from the top to the bottom. A copy of it "
            "goes right, through Norm 1 and then multi-head attention, and the result comes back left and is "
            "added to the stream at a plus sign. A second copy of the new stream goes through Norm 2 and then "
            "the feed-forward layer, applied to each token alone, and is added to the stream at a second plus "
            "sign. The stream, still n by d_model, goes on to the next block. Nothing on the stream itself is "
            "normed or replaced: each branch only adds."
        ),
        data=_none,
        draw=draw_block,
        height=530,
    ),
    Diagram(
        name="cross-attention",
        page=None,
        title="Encoder-decoder cross-attention: queries from the decoder, keys and values from the encoder",
        description=(
            "Two columns. Left, the encoder: the source tokens, le chat s'est assis, go through self-attention "
            "and a feed-forward layer to the encoder states, n_src by d_model. Right, the decoder: the target "
            "tokens, the cat sat, go through causal self-attention; times W_Q they give the queries Q, n_tgt by "
            "d_k. From the encoder states, times W_K, come the keys K, n_src by d_k, and times W_V the values V, "
            "n_src by d_v; arrows carry both across into the decoder's cross-attention box, which gives one "
            "output per target token."
        ),
        data=_none,
        draw=draw_cross,
        height=414,
    ),
    Diagram(
        name="kv-cache-growing",
        page=KV_PAGE,
        title="The KV cache grows by one key and one value per generated token",
        description=(
            "Four columns, one per step of the lesson's tiny decoder reading {words}. At step t it reads "
            "one token, whose query is a single row of d_k = {d_k} cells. The keys K and values V kept so far are "
            "drawn as rows of cells, t + 1 of them, the newest row in purple: 1 at step 0, then 2, 3 and 4. "
            "The query reads every row of the cache; only the new row was computed at this step. Under each step, "
            "the number of heads, {heads}: the cache holds {heads} heads by t + 1 by {d_k}."
        ),
        data=kv_cache_data,
        draw=draw_kv_cache,
        height=350,
    ),
    Diagram(
        name="online-softmax-tiles",
        page=None,
        title="Blockwise attention: query blocks times key blocks, each query block keeping a running m, ℓ and U",
        description=(
            "A grid of score tiles, three query blocks Q1 to Q3 down and four key blocks K1 to K4 across. Query "
            "block Q1 has read all four tiles of its row; Q2 has read two, in green, and is reading its third, in amber; "
            "Q3 has read none. Beside each row, the block's running summary: m, the largest score so far, ℓ, the "
            "sum of e to the score minus m, and U, the weighted sum of values not yet divided by ℓ. Under the "
            "grid, the update for one tile: m becomes the maximum of m and the tile's row maximum; ℓ and U are "
            "rescaled by e to the old m minus the new m and the tile's terms added; at the end O = U / ℓ."
        ),
        data=_none,
        draw=draw_tiles,
        height=372,
    ),
    Diagram(
        name="induction-heads",
        page=None,
        title="Two heads predict a repeated token: a previous-token head in layer 1, an induction head in layer 2",
        description=(
            "A row of {count} token boxes, the lesson's first sequence: {sequence}. Its last {p} tokens repeat the "
            "{p} before them, both segments in green. Over the row, an arc from the query, the repeat's first token "
            "{word}, back to the token just after the earlier {word}, which is {next}: the induction head of layer 2 "
            "looks there. Under the row, an arc from that {next} to the {word} just before it: the previous-token "
            "head of layer 1, which wrote at each position which token came before it, so that the query {word} "
            "can find it. The induction head copies {next}, the prediction for the token after {word}, which is "
            "indeed the next token of the sequence."
        ),
        data=induction_data,
        draw=draw_induction,
        height=300,
    ),
    Diagram(
        name="glossary-map",
        page=None,
        title="The course's words where attention uses them, from a token to the output",
        description=(
            "A flow from top to bottom. A token, a word or a piece of one, has an embedding x, its vector of "
            "d_model numbers. x times W_Q gives the query q, times W_K the key k, times W_V the value v, in three "
            "coloured boxes. The query and a key give a score, q dot k divided by the square root of d_k, one per "
            "key; a mask, beside it, says which keys may not be seen. A softmax of each query's scores gives the "
            "weights, positive and summing to 1. The values, weighed by them and summed, are the output. Under it: "
            "that is one head, and several side by side make multi-head attention."
        ),
        data=_none,
        draw=draw_glossary,
        height=460,
    ),
    Diagram(
        name="code-runs",
        page=None,
        title="One lesson block, run twice: by the course's tests under CPython and by your browser under Pyodide",
        description=(
            "At the top, a lesson's Python block with the output the page shows. Two arrows lead down. Left: the "
            "course's tests, on every change, run it under CPython with the same numpy version as Pyodide's. "
            "Right: your browser, when you press Run, runs it in Pyodide, CPython compiled to WebAssembly, inside "
            "a Web Worker. Both go through the same file, cell.py, which runs a page's blocks in order in one "
            "namespace per page, and both give the same output: the tests fail if it differs."
        ),
        data=_none,
        draw=draw_code_runs,
        height=362,
    ),
    Diagram(
        name="course-parts",
        page=None,
        title="The parts of the course: the package, what reads it (tests, build, a wheel), the site, the browser",
        description=(
            "At the top, two boxes: attention, the numpy package, whose layers read one way (the core, then "
            "models, then the lab), and docs, the lessons and quizzes in Markdown. Arrows lead down from the "
            "package to the tests, pytest and Sybil, which run every block and check every page, and from both "
            "the package and docs to the build, the hooks and scripts, which also make the package's wheel. The "
            "build writes site/, static files with the package inside, and the site goes to the reader's browser: "
            "the pages, the lab, and Python in a worker running the same package."
        ),
        data=_none,
        draw=draw_course_parts,
        height=326,
    ),
    Diagram(
        name="lesson-checks",
        page=None,
        title="A lesson's way to the site: its Markdown file, the checks of ./dev.sh test, then ./dev.sh build",
        description=(
            "At the top, a lesson's file, docs/lessons/NAME.md, with its prose and its python and output fences. "
            "An arrow leads to a box of what ./dev.sh test checks: each block runs and prints the output the page "
            "shows; the length rule holds before the exercises; each quiz is fair, explained and linked; each "
            "exercise diagnoses its catalogued mistakes; each figure and number comes from the package; and in "
            "Chromium the page prints the same output and axe finds nothing. Then ./dev.sh build draws the figures, "
            "diagrams and math, and writes site/, static files for any web server."
        ),
        data=_none,
        draw=draw_lesson_checks,
        height=398,
    ),
    Diagram(
        name="rope-rotation",
        page="lessons/positions-inside-attention.md",
        title="RoPE turns a pair of features by an angle proportional to the position: the same offset, the same score",
        description=(
            "Two panels, each a plane with a dashed circle. Each shows a query pair q and a key pair k as arrows, "
            "turned by RoPE from where they start at position 0 (drawn dashed). Left: the query at position 2 and "
            "the key at position 1. Right: the query at position 5 and the key at position 4. Both arrows have "
            "turned further on the right, but the angle between q and k is the same in both panels, and so is "
            "their dot product, the score, printed under each panel: it depends only on the offset m − n = 1."
        ),
        data=rope_pair_data,
        draw=draw_rope_pair,
        height=352,
    ),
)


def diagram_data(diagram: Diagram, namespaces: dict[str, dict] | None = None) -> dict:
    if diagram.page is None:
        return diagram.data({})
    namespaces = {} if namespaces is None else namespaces
    if diagram.page not in namespaces:
        namespaces[diagram.page] = page_namespace(diagram.page)
    return diagram.data(namespaces[diagram.page])


def render_diagrams(namespaces: dict[str, dict] | None = None) -> dict[str, str]:
    """Every diagram in both palettes: ``{"images/diagrams/NAME-light.svg": svg_text, ...}``."""
    namespaces = {} if namespaces is None else namespaces
    result = {}
    for diagram in DIAGRAMS:
        data = diagram_data(diagram, namespaces)
        for palette in PALETTES:
            canvas = Canvas(diagram.height, palette)
            diagram.draw(canvas, data)
            description = diagram.description.format(**data)
            result[f"{OUTPUT_FOLDER}/{diagram.name}-{palette.name}.svg"] = canvas.svg(diagram.title, description)
    return result


# ── the step-through diagrams ────────────────────────────────────────────────
#
# A step: {"caption": str, "items": [matrix or {"op": "·"}]}; a matrix: {"name", "shape": "3 × 4", "rows": [row
# labels], "cols": [column labels], "values": [[number or None]], "hot": [[row, col], ...]}. Numbers are rounded to
# two decimals here, so that the page's text (stepper.js: toFixed(2)) and the fallback's are the same.


def _matrix(name: str, values, rows: list[str], cols: list[str], hot: list | None = None) -> dict:
    array = np.asarray(values, dtype=float)
    shown = [[None if np.isnan(x) else round(float(x), 2) for x in row] for row in array]
    return {"name": name, "shape": f"{array.shape[0]} × {array.shape[1]}", "rows": rows, "cols": cols,
            "values": shown, "hot": hot or []}


def _all(array) -> list:
    return [[i, j] for i in range(np.shape(array)[0]) for j in range(np.shape(array)[1])]


def shapes_steps(ns: dict) -> dict:
    """The lesson's q, k, v through the package's scores, softmax and attention, a step each."""
    from attention import attention_scores, scaled_dot_product_attention, softmax

    q, k, v = (np.asarray(x, dtype=float) for x in _need(ns, SDPA_PAGE, "q", "k", "v"))
    (n_q, d_k), n_k, d_v = q.shape, k.shape[0], v.shape[1]
    raw = attention_scores(q, k, scale=1.0)
    scaled = attention_scores(q, k)
    weights = softmax(scaled, axis=-1)
    output, attn_weights = scaled_dot_product_attention(q, k, v)
    if not np.allclose(attn_weights, weights):
        raise ValueError("the package's attention weights differ from its softmax of its scores")
    qs, ks = [f"q{i}" for i in range(n_q)], [f"k{j}" for j in range(n_k)]
    feats, outs = [f"f{i}" for i in range(d_k)], [f"v{i}" for i in range(d_v)]
    root = math.sqrt(d_k)
    return {
        "label": "Scaled dot-product attention on the three-token example, step by step",
        "steps": [
            {"caption": f"The inputs: {n_q} queries and {n_k} keys of width d_k = {d_k}, and {n_k} values of "
                        f"width d_v = {d_v}.",
             "items": [_matrix("Q", q, qs, feats), _matrix("K", k, ks, feats), _matrix("V", v, ks, outs)]},
            {"caption": f"Scores: S = Q Kᵀ, {n_q} × {d_k} times {d_k} × {n_k} gives {n_q} × {n_k}, one dot product "
                        "per query and key.",
             "items": [_matrix("Q", q, qs, feats), {"op": "·"}, _matrix("Kᵀ", k.T, feats, ks), {"op": "="},
                       _matrix("S", raw, qs, ks, _all(raw))]},
            {"caption": f"Scale: S / √d_k, here divided by √{d_k} = {root:g}, so that the scores do not grow with "
                        "the width.",
             "items": [_matrix("S", raw, qs, ks), {"op": f"÷ {root:g} ="},
                       _matrix("S / √d_k", scaled, qs, ks, _all(scaled))]},
            {"caption": "Softmax of each row: the weights A are positive and each row sums to 1.",
             "items": [_matrix("S / √d_k", scaled, qs, ks), {"op": "softmax →"},
                       _matrix("A", weights, qs, ks, _all(weights))]},
            {"caption": f"Output: O = A V, {n_q} × {n_k} times {n_k} × {d_v} gives {n_q} × {d_v}, one weighted "
                        "average of the values per query.",
             "items": [_matrix("A", weights, qs, ks), {"op": "·"}, _matrix("V", v, ks, outs), {"op": "="},
                       _matrix("O", output, qs, outs, _all(output))]},
        ],
    }


def kv_cache_steps(ns: dict) -> dict:
    """The lesson's decoder reading its sentence one token a step, with a fresh KVCache: head 0's cache and weights."""
    kv_cache, n_heads, attn, ids, sentence, decode_step = _need(
        ns, KV_PAGE, "KVCache", "n_heads", "attn", "ids", "sentence", "decode_step"
    )
    cache = kv_cache(n_layers=1, n_kv_heads=n_heads, d_k=attn.d_k)
    feats = [f"f{i}" for i in range(attn.d_k)]
    steps = []
    for t, token in enumerate(ids):
        _, w_t = decode_step(token, cache)
        keys, values = cache.keys(0), cache.values(0)
        rows = [f"{j} {sentence[j]}" for j in range(t + 1)]
        new = [[t, j] for j in range(attn.d_k)]
        steps.append({
            "caption": f"The decoder reads token {t}, “{sentence[t]}”: its key and value join the cache, now "
                       f"{keys.shape[0]} "
                       f"heads × {keys.shape[1]} × {keys.shape[2]}; its one query reads " + ("its own key." if t == 0 else "both keys." if t == 1 else f"all {t + 1} keys."),
            "items": [
                _matrix("K, head 0", keys[0], rows, feats, new),
                _matrix("V, head 0", values[0], rows, feats, new),
                _matrix("weights of head 0", np.asarray(w_t[0])[:, None], rows, [f"q{t}"],
                        [[j, 0] for j in range(t + 1)]),
            ],
        })
    return {"label": "The KV cache of the tiny decoder, one generated token per step", "steps": steps}


TILES_SEED, TILES_SHAPE, TILES_BLOCK = 7, (4, 6, 2), 2  # seed; (n_q, n_k, d); the block of queries and of keys


def tiles_inputs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n_q, n_k, d = TILES_SHAPE
    rng = np.random.default_rng(TILES_SEED)
    return rng.standard_normal((n_q, d)), rng.standard_normal((n_k, d)), rng.standard_normal((n_k, d))


def tiles_steps(ns: dict) -> dict:
    """Seeded Q, K, V through the package's ``OnlineSoftmax``, a tile per step: the tiles read and (m, ℓ, U)."""
    from attention.blockwise.online_softmax import OnlineSoftmax

    q, k, v = tiles_inputs()
    (n_q, d), n_k, b = q.shape, k.shape[0], TILES_BLOCK
    scores = q @ k.T / math.sqrt(d)
    seen = np.full(scores.shape, np.nan)
    m, ell, u = np.full((n_q, 1), np.nan), np.full((n_q, 1), np.nan), np.full((n_q, d), np.nan)
    o = np.full((n_q, d), np.nan)
    qs, ks = [f"q{i}" for i in range(n_q)], [f"k{j}" for j in range(n_k)]
    outs = [f"v{i}" for i in range(d)]
    steps = []
    for i0 in range(0, n_q, b):
        rows = slice(i0, i0 + b)
        out, pv = np.empty((1, b, d)), np.empty((1, b, d))
        state = OnlineSoftmax(out, pv, may_be_empty=False)
        for j0 in range(0, n_k, b):
            cols = slice(j0, j0 + b)
            tile = np.ascontiguousarray(scores[rows, cols].T)[None]  # (1, keys, queries), as the package keeps it
            seen[rows, cols] = scores[rows, cols]
            state.update(tile, v[None, cols])
            m[rows, 0], ell[rows, 0], u[rows] = state.m[0, 0], state.l[0, 0], state.acc[0]
            hot_rows = [[r, c] for r in range(i0, i0 + b) for c in range(d)]
            steps.append({
                "caption": f"Query block {i0 // b + 1} ({', '.join(qs[rows])}) reads key block {j0 // b + 1} "
                           f"({', '.join(ks[cols])}): a {b} × {b} tile of scores. Its queries' m, ℓ and U are "
                           "rescaled to the new maximum and the tile's terms added.",
                "items": [
                    _matrix("S = Q Kᵀ / √d", seen, qs, ks, [[r, c] for r in range(i0, i0 + b)
                                                            for c in range(j0, j0 + b)]),
                    _matrix("m", m, qs, ["max"], [[r, 0] for r in range(i0, i0 + b)]),
                    _matrix("ℓ", ell, qs, ["sum"], [[r, 0] for r in range(i0, i0 + b)]),
                    _matrix("U", u, qs, outs, hot_rows),
                ],
            })
        state.finish()
        o[rows] = state.acc[0]
    steps.append({
        "caption": "Every tile is read: each query's output is O = U / ℓ, the same as softmax(S) V computed at once.",
        "items": [_matrix("O = U / ℓ", o, qs, outs, _all(o))],
    })
    return {"label": "The online softmax, one tile of scores per step", "steps": steps}


@dataclass(frozen=True)
class Stepper:
    name: str
    page: str  # the lesson that shows it (and, but for the tiles, whose code gives its numbers)
    build: Callable[[dict], dict]
    uses_page: bool = True


STEPPERS = (
    Stepper("attention-steps", SDPA_PAGE, shapes_steps),
    Stepper("kv-cache-steps", KV_PAGE, kv_cache_steps),
    Stepper("tiles-steps", "lessons/attention-at-scale.md", tiles_steps, uses_page=False),
)


def stepper_data(stepper: Stepper, namespaces: dict[str, dict] | None = None) -> dict:
    namespaces = {} if namespaces is None else namespaces
    if not stepper.uses_page:
        return stepper.build({})
    if stepper.page not in namespaces:
        namespaces[stepper.page] = page_namespace(stepper.page)
    return stepper.build(namespaces[stepper.page])


def _cell(value: float | None) -> str:
    return "·" if value is None else f"{value:.2f}"


def step_html(step: dict, index: int, total: int) -> str:
    """One step as HTML: the caption, then each matrix as a table (the same markup stepper.js makes)."""
    parts = []
    for item in step["items"]:
        if "op" in item:
            parts.append(f'<span class="stepper-op" aria-hidden="true">{html.escape(item["op"])}</span>')
            continue
        hot = {tuple(cell) for cell in item["hot"]}
        head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in item["cols"])
        body = "".join(
            f'<tr><th scope="row">{html.escape(label)}</th>'
            + "".join(
                f'<td{" class=stepper-hot" if (r, c) in hot else ""}>{_cell(x)}</td>' for c, x in enumerate(row)
            )
            + "</tr>"
            for r, (label, row) in enumerate(zip(item["rows"], item["values"]))
        )
        parts.append(
            f'<table class="stepper-matrix"><caption>{html.escape(item["name"])} '
            f'<span class="stepper-shape">{html.escape(item["shape"])}</span></caption>'
            f'<thead><tr><td></td>{head}</tr></thead><tbody>{body}</tbody></table>'
        )
    return (
        f'<p class="stepper-caption" data-stepper-caption aria-live="polite">Step {index + 1} of {total}: '
        f'{html.escape(step["caption"])}</p><div class="stepper-items" data-stepper-items>{"".join(parts)}</div>'
    )


def stepper_html(name: str, data: dict) -> str:
    """The step-through as the page holds it: step 1 drawn, the data, and the controls.

    The controls are disabled until stepper.js enables them, and hidden from a page without JavaScript
    (``html.no-js``, stepper.css): drawn from the start, they never push the page down as it starts.
    """
    total = len(data["steps"])
    # An attribute, not a <script type="application/json">: Material's instant navigation copies a new page's
    # scripts into fresh elements to run them, and the page's policy refuses such a copy of an inline one.
    payload = html.escape(json.dumps(data, ensure_ascii=False, separators=(",", ":")), quote=True)
    return (
        f'<figure class="stepper" data-stepper="{name}" aria-label="{html.escape(data["label"])}">'
        '<div class="stepper-controls" data-stepper-controls>'
        f'<button type="button" class="{button_class()}" data-action="previous" disabled>Previous</button>'
        f'<button type="button" class="{button_class()}" data-action="next" disabled>Next</button>'
        f'<label class="stepper-slider">Step <input type="range" min="1" max="{total}" value="1" step="1" '
        'data-control="step" disabled></label></div>'
        f'<div class="stepper-view" data-stepper-view>{step_html(data["steps"][0], 0, total)}</div>'
        f'<div hidden data-stepper-data="{payload}"></div></figure>'
    )


def main(args: list[str]) -> None:
    if len(args) != 1:
        sys.exit(__doc__)
    out = Path(args[0])
    for uri, svg in render_diagrams().items():
        path = out / uri
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
