r"""MkDocs hook: every formula typeset once, when the site is built, by KaTeX; no math script on any page.

``pymdownx.arithmatex`` (generic mode) marks the math of every page up as
``<span class="arithmatex">\( … \)</span>`` (inline) and
``<div class="arithmatex">\[ … \]</div>`` (displayed): lessons, quizzes
(``quiz.py`` renders them with the same Markdown), the glossary and the
notebooks' Markdown cells alike. After each page is rendered, this hook
replaces each of those by KaTeX's output: HTML that draws the formula
(``aria-hidden``) and, beside it, MathML that screen readers read, so each
formula is in the accessibility tree once and in the Tab order never. The page
needs only KaTeX's style sheet and fonts (``vendor/katex/``, from the npm
package that ``package-lock.json`` pins).

One Node process typesets the whole build: it starts at the first page with
math and reads a page's formulas as one JSON line, answering with one line.
A formula KaTeX cannot parse fails the build with the page, the line of its
source and KaTeX's reason.

mkdocs-jupyter adds a MathJax loader to every page it touches (and to the
notebooks); with every formula already typeset, this hook removes it, so that
no page loads a math script.
"""

from __future__ import annotations

import atexit
import html
import json
import re
import shutil
import subprocess

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

from _build import NODE_MODULES, ROOT

# arithmatex's markup: its content is the TeX with its delimiters, HTML-escaped.
MATH = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.S)
# mkdocs-jupyter's MathJax loader (one script element; its body holds no "</script").
JUPYTER_MATHJAX = re.compile(r"<script data-mkdocs-jupyter-mathjax=[^>]*>.*?</script>\s*", re.S)
DELIMITERS = {r"\(": r"\)", r"\[": r"\]", "$$": "$$"}

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
            raise PluginError(f"katex hook: the KaTeX process ended: {self.process.stderr.read() if self.process.stderr else ''}")
        return json.loads(answer)

    @staticmethod
    def _start() -> subprocess.Popen[str]:
        node = shutil.which("node")
        if node is None:
            raise PluginError("katex hook: Node.js is needed to typeset the math (install Node.js and npm)")
        if not (NODE_MODULES / "katex" / "package.json").is_file():
            raise PluginError(
                f"katex hook: {NODE_MODULES / 'katex'} is missing. Install the site's front-end packages with "
                "`npm ci` (or run ./dev.sh build, which does it)."
            )
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
        if self.process is not None and self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=10)
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


def _source_line(page: Page, tex: str) -> str:
    """``docs/…/page.md:LINE`` of the first source line holding the formula's first line, as well as it can be found."""
    where = f"docs/{page.file.src_uri}"
    source = page.file.content_string if page.file.abs_src_path else ""
    first = next((line.strip() for line in tex.splitlines() if line.strip()), "")
    for number, line in enumerate(source.splitlines(), 1):
        if first and first in line:
            return f"{where}:{number}"
    return where


def typeset(output: str, page: Page) -> str:
    """The page's HTML with every arithmatex formula replaced by KaTeX's HTML and MathML."""
    matches = list(MATH.finditer(output))
    if not matches:
        return output
    formulas = []
    for match in matches:
        try:
            formulas.append(split_delimiters(html.unescape(match.group(2))))
        except ValueError as error:
            raise PluginError(f"katex hook: {_source_line(page, match.group(2))}: {error}") from None
    rendered = _typesetter.render(formulas)
    pieces, end = [], 0
    for match, (tex, display), answer in zip(matches, formulas, rendered, strict=True):
        if "error" in answer:
            raise PluginError(f"katex hook: {_source_line(page, tex)}: cannot typeset {tex.strip()!r}: {answer['error']}")
        pieces.append(output[end : match.start()])
        # The block keeps arithmatex's class, so that styles and tests can find the formula.
        tag = "div" if match.group(1) == "div" else "span"
        pieces.append(f'<{tag} class="arithmatex">{answer["html"]}</{tag}>')
        end = match.end()
    pieces.append(output[end:])
    return "".join(pieces)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return typeset(JUPYTER_MATHJAX.sub("", output), page)


def on_post_build(config: MkDocsConfig) -> None:
    _typesetter.close()
