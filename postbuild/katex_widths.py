"""How wide each piece of an inline formula's drawing is, worked out from KaTeX's HTML, style sheet and fonts.

KaTeX draws an inline formula as a row of ``katex-base`` boxes, the pieces a line may break between
(after a relation or a binary operator). Each box is as wide as what it holds, and what it holds is
glyphs, empty boxes KaTeX sizes in ``em`` (spaces, italic corrections, a fraction's null delimiters)
and stacks (``vlist``: a sub- or superscript, a fraction, a root, an accent), as wide as their widest
row. KaTeX's fonts have no kerning and no ligatures (no GPOS, GSUB or kern table), so a run of text is
as wide as its glyphs' advance widths added up; a browser lays the drawing out to the same widths.

:func:`base_widths` gives each box's width in ``em`` of the formula's font, so that the build can give
each box that width (``postbuild/katex.py``): a formula whose drawing waits (``later.js``) takes the
place it will take, and its line breaks where it will break, before it is drawn, before its fonts have
come, and in every browser alike. ``tests/browser/test_page_load.py`` checks the widths against
Chromium's layout of every inline formula of the site.

What it does not know (an element or a glyph outside what it was written for) raises
:class:`Unmeasured`, and the formula is then drawn as served.
"""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from postbuild.shared import NODE_MODULES, StepError

# fontTools finds KaTeX's fonts' dates in their head table too early to be true, and says so: not ours to mend.
logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)

FONTS = NODE_MODULES / "katex" / "dist" / "fonts"
KATEX_CSS = NODE_MODULES / "katex" / "dist" / "katex.min.css"
# The face KaTeX's own box draws with (``.katex{font:normal 1.21em KaTeX_Main,…}``).
MAIN = ("KaTeX_Main", "400", "normal")
# Boxes that take no width: KaTeX lays what they hold over what follows (``\rlap``, ``\not``'s thin box),
# or they hold a stack's strut.
NO_WIDTH = {"rlap", "llap", "clap", "katex-thinbox", "pstrut"}
# Empty boxes as wide as a rule says, in em (katex.css); and rules that stretch (width 100%), which take none.
WIDE = {"nulldelimiter": 0.12}
STRETCHED = {"frac-line", "overline-line", "underline-line", "katex-hline", "katex-hdashline"}
STYLE_LENGTH = re.compile(r"(margin-left|margin-right|padding-left|padding-right|min-width|width):(-?[\d.]+)em")


class Unmeasured(ValueError):
    """The drawing holds something :func:`base_widths` does not know the width of."""


@dataclass
class Node:
    tag: str
    classes: frozenset[str]
    style: dict[str, float]
    children: list[Node | str] = field(default_factory=list)


# Elements HTML never closes.
VOID = frozenset({"br", "img", "input", "hr", "meta", "link", "col", "wbr"})


class _Tree(HTMLParser):

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root", frozenset(), {})
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        style = {name: float(value) for name, value in STYLE_LENGTH.findall(values.get("style") or "")}
        node = Node(tag, frozenset((values.get("class") or "").split()), style)
        self.open[-1].children.append(node)
        if tag not in VOID:
            self.open.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        while len(self.open) > 1:
            if self.open.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


# (family, weight, style) of a font face or of what a rule draws with.
Face = tuple[str, str, str]
# A selector's last element as the classes it needs, with what the rule sets: (classes, {property: value}).
Rule = tuple[frozenset[str], dict[str, str]]
DECLARED = re.compile(r"(font-family|font-weight|font-style|font-size):\s*([^;]+)")
RULES = re.compile(r"([^{}]+)\{([^{}]*)\}")


def face(declared: dict[str, str], inherited: Face = MAIN) -> Face:
    """The face a rule's declarations draw with, what they do not set inherited (weights as numbers).

    >>> face({"font-family": '"KaTeX_Size1"'})
    ('KaTeX_Size1', '400', 'normal')
    >>> face({"font-weight": "bold"}, ("KaTeX_Math", "400", "italic"))
    ('KaTeX_Math', '700', 'italic')
    """
    family = declared.get("font-family", inherited[0]).split(",")[0].strip().strip('"')
    weight = declared.get("font-weight", inherited[1]).strip()
    return (family, {"bold": "700", "normal": "400"}.get(weight, weight), declared.get("font-style", inherited[2]).strip())


def font_faces(css: str) -> dict[Face, str]:
    """Each ``@font-face`` of the style sheet: its face, and the woff2 file under ``fonts/`` it loads.

    >>> font_faces("@font-face{font-family:KaTeX_Main;font-style:normal;font-weight:700;src:url(fonts/KaTeX_Main-Bold.woff2)}")
    {('KaTeX_Main', '700', 'normal'): 'KaTeX_Main-Bold.woff2'}
    """
    files: dict[Face, str] = {}
    for selectors, body in RULES.findall(css):
        if selectors.strip().endswith("@font-face"):
            woff2 = re.search(r"url\(fonts/([\w-]+\.woff2)\)", body)
            if woff2 is None:
                raise StepError(f"katex step: a font of {KATEX_CSS.name} has no woff2 file: {body[:80]}")
            files[face(dict(DECLARED.findall(body)))] = woff2.group(1)
    return files


@functools.cache
def _rules() -> tuple[dict[Face, Path], list[Rule], list[tuple[frozenset[str], float]]]:
    """KaTeX's font files by face, its rules that choose a face, and its rules that size text (em)."""
    css = KATEX_CSS.read_text(encoding="utf-8")
    files = {font: FONTS / woff2.replace(".woff2", ".ttf") for font, woff2 in font_faces(css).items()}
    faces: list[Rule] = []
    sizes: list[tuple[frozenset[str], float]] = []
    for selectors, body in RULES.findall(css):
        declared = dict(DECLARED.findall(body))
        if not declared or selectors.strip().endswith("@font-face"):
            continue
        for selector in selectors.split(","):
            last = frozenset(re.findall(r"\.([\w-]+)", re.split(r"[\s>+~]+", selector.strip())[-1])) - {"katex"}
            if not last or ":" in selector or "*" in selector:
                continue
            if size := re.fullmatch(r"([\d.]+)em", declared.get("font-size", "").strip()):
                sizes.append((last, float(size.group(1))))
            if {"font-family", "font-weight", "font-style"} & declared.keys():
                faces.append((last, {k: v for k, v in declared.items() if k != "font-size"}))
    return files, faces, sizes


@functools.cache
def _advances(path: Path) -> dict[int, float]:
    """Each character's advance width in the font, in em."""
    with TTFont(path) as font:
        per_em = font["head"].unitsPerEm
        metrics = font["hmtx"].metrics
        return {code: metrics[glyph][0] / per_em for code, glyph in font.getBestCmap().items()}


@dataclass(frozen=True)
class _Context:
    family: str = MAIN[0]
    weight: str = MAIN[1]
    style: str = MAIN[2]
    size: float = 1.0  # the font size, in em of the formula's


def _enter(node: Node, context: _Context) -> _Context:
    _, faces, sizes = _rules()
    size = context.size
    for needs, factor in sizes:
        if needs <= node.classes:
            size *= factor
    drawn: Face = (context.family, context.weight, context.style)
    # The most specific rule wins (ties: the later one), as in the style sheet.
    for _, declared in sorted((rule for rule in faces if rule[0] <= node.classes), key=lambda rule: len(rule[0])):
        drawn = face(declared, drawn)
    return _Context(*drawn, size)


def _text(text: str, context: _Context) -> float:
    files, _, _ = _rules()
    path = files.get((context.family, context.weight, context.style))
    if path is None:
        raise Unmeasured(f"no KaTeX font file for {context.family} {context.weight} {context.style}")
    advances = _advances(path)
    width = 0.0
    for character in text:
        if character == "\u200b":  # the zero-width space KaTeX puts in a stack's second column
            continue
        if ord(character) not in advances:
            raise Unmeasured(f"{character!r} is not in {path.name}")
        width += advances[ord(character)]
    return width * context.size


def _width(node: Node, outer: _Context) -> float:
    """``node``'s width with its margins and padding, in em of the formula's font."""
    context = _enter(node, outer)
    classes = node.classes
    if node.tag in {"svg", "path", "line", "img"} or classes & {"katex-mathml"}:
        raise Unmeasured(f"a <{node.tag}> outside a stretchy box")
    if classes & NO_WIDTH or (classes >= {"accent-body"} and "accent-full" not in classes):
        content = 0.0
    elif "vlist-t" in classes:
        rows = [child for child in node.children if isinstance(child, Node) and "vlist-r" in child.classes]
        cells = [cell for row in rows for cell in row.children if isinstance(cell, Node)]
        if any(not cell.classes & {"vlist", "vlist-s"} for cell in cells):
            raise Unmeasured("a stack with a cell of another kind")
        if any("vlist-s" in cell.classes for cell in cells) and "vlist-t2" not in classes:
            raise Unmeasured("a stack's 2 px column without its -2 px margin")
        content = max((_stack(cell, context) for cell in cells if "vlist" in cell.classes), default=0.0)
    elif "katex-vbox" in classes:
        content = max((_width(child, context) for child in node.children if isinstance(child, Node)), default=0.0)
    elif "hide-tail" in classes:
        content = 0.0  # its width is 100%: its min-width (below) is what it asks of the stack
    elif classes & STRETCHED:
        content = 0.0
    elif wide := next((WIDE[name] for name in classes if name in WIDE), None):
        content = wide * context.size
    else:
        content = sum(_width(child, context) if isinstance(child, Node) else _text(child, context) for child in node.children)
    style = node.style
    if "width" in style:
        content = style["width"] * context.size
    content = max(content, style.get("min-width", 0.0) * context.size)
    extra = sum(style.get(name, 0.0) for name in ("margin-left", "margin-right", "padding-left", "padding-right"))
    if "katex-root" in classes:  # .sqrt > .katex-root: \mkern 5mu before, \mkern -10mu after
        extra += 0.2777777778 - 0.5555555556
    return content + extra * context.size


def _stack(cell: Node, context: _Context) -> float:
    """A stack's column: as wide as its widest row (each row a block, its margins counted, never below nothing)."""
    rows = [child for child in cell.children if isinstance(child, Node)]
    return max((max(_width(row, context), 0.0) for row in rows), default=0.0)


def base_widths(drawing: str) -> list[float]:
    """The width of each ``katex-base`` box of a drawing (the HTML inside ``katex-html``), in em of the formula's font.

    >>> [round(w, 4) for w in base_widths('<span class="katex-base"><span class="katex-strut" style="height:0.4306em;"></span>'
    ...     '<span class="mord mathnormal">x</span><span class="mspace" style="margin-right:0.2222em;"></span></span>')]
    [0.7942]
    """
    tree = _Tree()
    tree.feed(drawing)
    tree.close()
    bases = [node for node in tree.root.children if isinstance(node, Node)]
    if not bases or any("katex-base" not in base.classes for base in bases):
        raise Unmeasured("a drawing that is not a row of katex-base boxes")
    return [_width(base, _Context()) for base in bases]


__all__ = ["Unmeasured", "base_widths"]
