r"""Post-build step: every formula typeset once, when the site is built, by KaTeX; no math script on any page.

``pymdownx.arithmatex`` (generic mode) marks the math of every page up as
``<span class="arithmatex">\( … \)</span>`` (inline) and
``<div class="arithmatex">\[ … \]</div>`` (displayed): lessons, quizzes
(``quiz.py`` renders them with the same Markdown), the glossary and the
notebooks' Markdown cells alike. Once the pages are built, this step
replaces each of those by KaTeX's output: HTML that draws the formula
(``aria-hidden``) and, beside it, MathML that screen readers read, so each
formula is in the accessibility tree once and in the Tab order never. The page
needs only KaTeX's style sheet and fonts (``vendor/katex/``, from the npm
package that ``package-lock.json`` pins). The fonts a page's formulas are drawn
with are preloaded from its head (those that only formulas drawn later need, once
the page is idle): KaTeX's fonts are invisible until they arrive
(``font-display: block``) and wider or narrower than the fallback they are laid
out with meanwhile, so a font that came only when the first formula was laid
out moved the text around it (measured on "Multi-head attention" in 7c824f3).

A formula's drawing is many elements (about half of a lesson's, counted in
2ba728b), and every one of them is restyled and laid out again
each time a script changes something that concerns the whole page as it
starts (Material does, several times). So only the formulas of a page's first
screen (``postbuild.shared.within_first_screen``) are drawn in the
HTML as built; each later formula's drawing waits in a ``<template>`` beside
its MathML, which is in the page from the start, and
``docs/javascripts/later.js`` draws it in small steps when the page is idle,
and at once when it comes near the window or the page is printed. Without
scripts, the browser shows those formulas' MathML instead (``extra.css``).

One Node process typesets the whole site: it starts at the first page with
math and reads a page's formulas as one JSON line, answering with one line.
A formula KaTeX cannot parse fails the build with the page, the line of its
source and KaTeX's reason.

mkdocs-jupyter adds a MathJax loader to every page it touches (and to the
notebooks); with every formula already typeset, this step removes it, so that
no page loads a math script.
"""

from __future__ import annotations

import atexit
import functools
import html
import json
import os
import re
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

from postbuild.katex_widths import DECLARED, Face, Unmeasured, base_widths, face, font_faces
from postbuild.shared import NODE_MODULES, ROOT, StepError, later, node_with, read_text, within_first_screen, write_text

if TYPE_CHECKING:
    from postbuild import Context

# KaTeX's drawing of a formula, which follows its MathML.
DRAWING = '<span class="katex-html" aria-hidden="true">'
SPAN_TAG = re.compile(r"<(/?)span\b")
# KaTeX's strut: an empty box as tall as a piece of the drawing (height and depth, in em), lowered by its depth.
# A box of KaTeX's drawing, a line may break between two of them, and its strut (its first child).
BASE_OPENING = '<span class="katex-base">'
BASE = re.compile(re.escape(BASE_OPENING) + r'(<span class="katex-strut" style="[^"]*"></span>)')
STRUT = re.compile(r'<span class="katex-strut" style="height:(-?[\d.]+)em;(?:vertical-align:(-?[\d.]+)em;)?">')
# arithmatex's markup: its content is the TeX with its delimiters, HTML-escaped.
MATH = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.S)
# mkdocs-jupyter's MathJax loader (one script element; its body holds no "</script").
JUPYTER_MATHJAX = re.compile(r"<script data-mkdocs-jupyter-mathjax=[^>]*>.*?</script>\s*", re.S)
DELIMITERS = {r"\(": r"\)", r"\[": r"\]", "$$": "$$"}
# KaTeX's style sheet, whose rules say which classes draw with which of its fonts, and where the site serves them.
KATEX_CSS = NODE_MODULES / "katex" / "dist" / "katex.min.css"
FONTS_URL = "vendor/katex/fonts/"

# Reads a JSON list of [tex, display] per line; writes a JSON list of {html} or {error} per line.
_RENDERER = r"""
const katex = require("katex");
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const answers = JSON.parse(line).map(([tex, display]) => {
    try {
      return { html: katex.renderToString(tex, { displayMode: display, throwOnError: true, output: "htmlAndMathml", strict: "error" }) };
    } catch (error) {
      return { error: String(error && error.message ? error.message : error) };
    }
  });
  process.stdout.write(JSON.stringify(answers) + "\n");
});
"""


class _Typesetter:
    """The Node process that runs KaTeX, started on first use and kept for the build."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None

    def render(self, formulas: list[tuple[str, bool]]) -> list[dict[str, str]]:
        if self.process is None or self.process.poll() is not None:
            self.process = self._start()
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(formulas) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise StepError(f"katex step: the KaTeX process ended: {self.process.stderr.read() if self.process.stderr else ''}")
        return json.loads(answer)

    @staticmethod
    def _start() -> subprocess.Popen[str]:
        node = node_with("katex", "katex")
        return subprocess.Popen(
            [node, "-e", _RENDERER],
            cwd=ROOT,  # require("katex") from the checkout's node_modules
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def close(self) -> None:
        """End the process (its input closed, it exits) and close its pipes."""
        if self.process is not None:
            if self.process.poll() is None:
                assert self.process.stdin is not None
                self.process.stdin.close()
                self.process.wait(timeout=10)
            for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
                if pipe is not None:
                    pipe.close()
        self.process = None


_typesetter = _Typesetter()
atexit.register(_typesetter.close)


def split_delimiters(marked: str) -> tuple[str, bool]:
    """The TeX inside arithmatex's delimiters, and whether it is displayed: ``\\[x\\]`` -> ``("x", True)``.

    An environment (``\\begin{…} … \\end{…}``) that arithmatex kept whole is displayed as it is.
    """
    text = marked.strip()
    for opening, closing in DELIMITERS.items():
        if text.startswith(opening) and text.endswith(closing) and len(text) >= len(opening) + len(closing):
            return text[len(opening) : len(text) - len(closing)], opening != r"\("
    if text.startswith("\\begin{"):
        return text, True
    raise ValueError(f"math without its delimiters: {marked[:60]!r}")


def source_of(site: Path, page: Path) -> Path:
    """The file the built ``page`` was made from, as well as its path tells: a lesson's Markdown, a notebook's source.

    >>> source_of(Path("site"), Path("site/lessons/self-attention/index.html")).as_posix()
    'docs/lessons/self-attention.md'
    >>> source_of(Path("site"), Path("site/examples/why-scale/index.html")).as_posix()
    'site_examples/why-scale.py'
    >>> source_of(Path("site"), Path("site/index.html")).as_posix()
    'docs/index.md'
    """
    folder = page.parent.relative_to(site)
    if folder.parts[:1] == ("examples",) and len(folder.parts) == 2:
        return Path("site_examples") / f"{folder.name}.py"
    if folder == Path("."):
        return Path("docs") / ("index.md" if page.name == "index.html" else page.with_suffix(".md").name)
    as_file = Path("docs") / f"{folder.as_posix()}.md"
    return as_file if (ROOT / as_file).is_file() else Path("docs") / folder / "index.md"


def _source_line(where: Path, tex: str) -> str:
    """``docs/…/page.md:LINE`` of the first source line holding the formula's first line, as well as it can be found."""
    source = (ROOT / where).read_text(encoding="utf-8") if (ROOT / where).is_file() else ""
    first = next((line.strip() for line in tex.splitlines() if line.strip()), "")
    for number, line in enumerate(source.splitlines(), 1):
        if first and first in line:
            return f"{where.as_posix()}:{number}"
    return where.as_posix()


def reserved(drawing: str) -> str:
    """One empty strut that takes the height a drawing will take, from KaTeX's own struts in it; "" when it has none.

    KaTeX makes each piece of a drawing's line (a ``katex-base``) exactly as tall as what it draws with an
    empty ``katex-strut``: as high as the piece's height and depth together, lowered by its depth. The
    line the drawing sits on reaches as far above the baseline as the highest piece and as far below as
    the deepest, which one strut of that height, lowered by that depth, reserves before the drawing is
    there: a displayed formula's box is as tall before it is drawn as after, so drawing it moves nothing
    below it (an inline formula's line keeps its height too; its width comes with the drawing).

    >>> reserved('<span class="katex-strut" style="height:0.8444em;vertical-align:-0.15em;"></span>x'
    ...          '<span class="katex-strut" style="height:2.4em;vertical-align:-0.95em;"></span>'
    ...          '<span class="katex-strut" style="height:0.6em;"></span>')
    '<span class="katex-strut" style="height:2.4em;vertical-align:-0.95em;"></span>'
    >>> reserved('<span class="katex-strut" style="height:1em;vertical-align:-0.5em;"></span>'
    ...          '<span class="katex-strut" style="height:1.2em;"></span>')  # 1.2em above the baseline, 0.5em below
    '<span class="katex-strut" style="height:1.7em;vertical-align:-0.5em;"></span>'
    """
    struts = [(float(height), -float(lowered or 0)) for height, lowered in STRUT.findall(drawing)]
    if not struts:
        return ""
    above = max(height - depth for height, depth in struts)
    below = max(max(depth for _, depth in struts), 0.0)
    return f'<span class="katex-strut" style="height:{round(above + below, 4):g}em;vertical-align:{0.0 - round(below, 4):g}em;"></span>'


def _drawing(katex_html: str) -> tuple[int, int]:
    """Where KaTeX's drawing (what its ``katex-html`` holds) starts and ends in its output."""
    start = katex_html.index(DRAWING) + len(DRAWING)
    depth = 1
    for tag in SPAN_TAG.finditer(katex_html, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return start, tag.start()
    raise ValueError("KaTeX's drawing has no end")


def deferred(katex_html: str) -> str:
    """KaTeX's output with its drawing kept in a ``<template>``, to be drawn later, its height reserved; its MathML as it was.

    >>> deferred('<span class="katex"><span class="katex-mathml"><math><mi>x</mi></math></span>'
    ...          '<span class="katex-html" aria-hidden="true"><span class="katex-base"><span class="katex-strut" style="height:0.4306em;"></span>'
    ...          '<span class="mord">x</span></span></span></span>')
    '<span class="katex"><span class="katex-mathml"><math><mi>x</mi></math></span><span class="katex-html" aria-hidden="true"><span class="katex-strut" style="height:0.4306em;vertical-align:0em;"></span><template data-later><span class="katex-base"><span class="katex-strut" style="height:0.4306em;"></span><span class="mord">x</span></span></template></span></span>'
    """
    start, end = _drawing(katex_html)
    drawing = katex_html[start:end]
    return katex_html[:start] + reserved(drawing) + later(drawing) + katex_html[end:]


def inline(katex_html: str, shown: bool) -> str:
    """An inline formula's output, each of its drawing's boxes as wide as it draws; past the first screen, drawn later.

    A line may break between the boxes (``katex-base``) KaTeX draws an inline formula with. Each box is
    given the width it draws (:func:`postbuild.katex_widths.base_widths`), so that the formula's line
    breaks and its words stand where they will stand whether its fonts have come or not. Drawn later, the
    formula is served as the same boxes holding only their struts (KaTeX's own, as tall as the box): it
    takes the place it will take, and drawing it moves nothing, on its line or below. A formula whose
    widths are not known (:class:`postbuild.katex_widths.Unmeasured`) is drawn as served, as it is.

    >>> inline('<span class="katex"><span class="katex-mathml"><math><mi>x</mi></math></span>'
    ...        '<span class="katex-html" aria-hidden="true"><span class="katex-base"><span class="katex-strut" style="height:0.4306em;"></span>'
    ...        '<span class="mord mathnormal">x</span></span></span></span>', shown=False)
    '<span class="katex"><span class="katex-mathml"><math><mi>x</mi></math></span><span class="katex-html" aria-hidden="true"><span class="katex-base" style="width:0.572em"><span class="katex-strut" style="height:0.4306em;"></span></span><template data-later><span class="katex-base" style="width:0.572em"><span class="katex-strut" style="height:0.4306em;"></span><span class="mord mathnormal">x</span></span></template></span></span>'
    """
    start, end = _drawing(katex_html)
    drawing = katex_html[start:end]
    try:
        widths = base_widths(drawing)
    except Unmeasured:
        return katex_html
    boxes = list(BASE.finditer(drawing))
    if len(boxes) != len(widths):
        return katex_html
    sized, placed, at = [], [], 0
    for box, width in zip(boxes, widths, strict=True):
        opening = f'<span class="katex-base" style="width:{round(width, 4):g}em">'
        sized.append(drawing[at : box.start()] + opening)
        placed.append(opening + box.group(1) + "</span>")
        at = box.start() + len(BASE_OPENING)
    sized.append(drawing[at:])
    drawn = "".join(sized)
    return katex_html[:start] + (drawn if shown else "".join(placed) + later(drawn)) + katex_html[end:]


def typeset(output: str, where: Path) -> str:
    """The page's HTML with every arithmatex formula replaced by KaTeX's HTML and MathML (drawn later past the first screen).

    ``where``: the page's source (:func:`source_of`), which an error names with the line of the formula.
    """
    matches = list(MATH.finditer(output))
    if not matches:
        return output
    first_screen = within_first_screen(output, [match.start() for match in matches])
    formulas = []
    for match in matches:
        try:
            formulas.append(split_delimiters(html.unescape(match.group(2))))
        except ValueError as error:
            raise StepError(f"katex step: {_source_line(where, match.group(2))}: {error}") from None
    rendered = _typesetter.render(formulas)
    pieces, end = [], 0
    for match, (tex, display), answer, shown in zip(matches, formulas, rendered, first_screen, strict=True):
        if "error" in answer:
            raise StepError(f"katex step: {_source_line(where, tex)}: cannot typeset {tex.strip()!r}: {answer['error']}")
        pieces.append(output[end : match.start()])
        # The block keeps arithmatex's class, so that styles and tests can find the formula.
        if match.group(1) == "div":
            pieces.append(f'<div class="arithmatex">{answer["html"] if shown else deferred(answer["html"])}</div>')
        else:
            pieces.append(f'<span class="arithmatex">{inline(answer["html"], shown)}</span>')
        end = match.end()
    pieces.append(output[end:])
    return "".join(pieces)


# A selector as the classes each of its elements needs: ".katex .delimsizing.mult .delim-size1>span"
# is ({"delimsizing", "mult"}, {"delim-size1"}) (the element "katex" and bare tags ask nothing).
Needs = tuple[frozenset[str], ...]


@functools.cache  # one style sheet a build: parsed once, not for every page
def font_rules(css: str) -> tuple[dict[Face, str], list[tuple[Needs, Face]]]:
    """KaTeX's fonts (each face's woff2 file) and its rules that draw with one: (what the selector needs, the face).

    ``.katex .delimsizing.size1{font-family:KaTeX_Size1}`` gives ``(({"delimsizing", "size1"},), ("KaTeX_Size1", "400", "normal"))``.
    """
    files = font_faces(css)
    rules: list[tuple[Needs, Face]] = []
    for selectors, declarations in re.findall(r"([^{}]+)\{([^{}]*font-family:\"?KaTeX_[^{}]*)\}", css):
        if selectors.strip().endswith("@font-face"):
            continue
        for selector in selectors.split(","):
            compounds = (frozenset(re.findall(r"\.([\w-]+)", part)) - {"katex"} for part in re.split(r"[\s>+~]+", selector))
            rules.append((tuple(needed for needed in compounds if needed), face(dict(DECLARED.findall(declarations)))))
    if not files or not rules:
        raise StepError(f"katex step: no fonts or font rules found in {KATEX_CSS}")
    if missing := sorted({face for _, face in rules} - set(files)):
        raise StepError(f"katex step: {KATEX_CSS} draws with fonts it declares no file for: {missing}")
    return files, rules


def fonts_used(katex_html: str, css: str) -> list[str]:
    """The woff2 files KaTeX draws this HTML with: its main font, and each font of a rule it holds elements for.

    A rule counts when, for each element its selector names, one element of the HTML carries all
    that element's classes (KaTeX's "size3" alone sizes text; with "delimsizing" it draws a delimiter).

    >>> css = "@font-face{font-family:KaTeX_Main;font-style:normal;font-weight:400;src:url(fonts/KaTeX_Main-Regular.woff2)}"
    >>> css += "@font-face{font-family:KaTeX_Size1;font-style:normal;font-weight:400;src:url(fonts/KaTeX_Size1-Regular.woff2)}"
    >>> css += ".katex .delimsizing.size1{font-family:KaTeX_Size1}"
    >>> fonts_used('<span class="katex"><span class="delimsizing size1">(</span></span>', css)
    ['KaTeX_Main-Regular.woff2', 'KaTeX_Size1-Regular.woff2']
    >>> fonts_used('<span class="katex"><span class="delimsizing">(</span><span class="sizing size1">x</span></span>', css)
    ['KaTeX_Main-Regular.woff2']
    """
    files, rules = font_rules(css)
    elements = {frozenset(value.split()) for value in re.findall(r'class="([^"]*)"', katex_html)}

    def holds(needed: frozenset[str]) -> bool:
        return any(needed <= classes for classes in elements)

    faces = {("KaTeX_Main", "400", "normal")} | {face for needs, face in rules if all(holds(n) for n in needs)}
    return sorted(files[face] for face in faces)


@functools.cache
def _katex_css() -> str:
    return KATEX_CSS.read_text(encoding="utf-8")


# What waits in a page for later.js; its formulas' fonts are not needed while the page loads.
WAITING = re.compile(r"<template data-later>.*?</template>", re.S)


def preload_fonts(output: str, page: str) -> str:
    """The page's HTML with a preload, in its head, of each KaTeX font its formulas are drawn with.

    ``page``: the page's path in the site (``lessons/self-attention/index.html``), which the links are relative to.

    The fonts of the formulas drawn as served are preloaded at once; those that only the
    formulas drawn later need are listed in a ``<template data-later-fonts>``, as the
    same links, each naming its face: ``docs/javascripts/later.js`` asks for those faces
    once the page is idle (on a slow line they would otherwise share the bandwidth with
    the page's first screen), through the page's own font faces, so that each font is
    downloaded once whether a formula or later.js asks for it first.
    """
    if 'class="katex"' not in output:
        return output
    # The whole page's classes: KaTeX's rules name classes only KaTeX's HTML carries.
    every = fonts_used(output, _katex_css())
    at_once = fonts_used(WAITING.sub("", output), _katex_css())

    def link(name: str, extra: str = "") -> str:
        href = os.path.relpath(FONTS_URL + name, os.path.dirname(page) or ".").replace(os.sep, "/")
        return f'<link rel="preload" href="{href}" as="font" type="font/woff2" crossorigin{extra}>'

    links = "".join(link(name) for name in at_once)
    if later := [name for name in every if name not in at_once]:
        # Each with its face, as the page's FontFaceSet names it: later.js asks for the face.
        face_of = {file: " ".join(face) for face, file in font_rules(_katex_css())[0].items()}
        links += "<template data-later-fonts>" + "".join(link(name, f' data-face="{face_of[name]}"') for name in later) + "</template>"
    return output.replace("</head>", links + "</head>", 1)


def step(site: Path, context: Context) -> None:
    from postbuild import html_files

    try:
        for page in html_files(site):
            text = read_text(page)
            name = page.relative_to(site).as_posix()
            typeset_page = preload_fonts(typeset(JUPYTER_MATHJAX.sub("", text), source_of(site, page)), name)
            if typeset_page != text:
                write_text(page, typeset_page)
    finally:
        _typesetter.close()
