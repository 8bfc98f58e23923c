"""Write tests/README.md, the repository's map of what the tests check, from the test modules' own docstrings.

    .venv/bin/python -m site_examples.generate.test_map          # write tests/README.md
    .venv/bin/python -m site_examples.generate.test_map --check  # exit 1 if it is out of date

The page is a map, not a second description: what each test module checks is
said once, in its module docstring, and this script copies it, grouped by
folder. It reads, without importing anything:

- the root ``conftest.py`` (how Sybil collects the lessons and the package's
  docstrings as tests);
- every ``tests/**/test_*.py``, and each folder's ``conftest.py`` (its
  fixtures) and other helper modules (the first line of their docstrings);

and converts their reStructuredText-flavoured docstrings to Markdown: code
in double backticks and Sphinx roles (``:func:``...) become code spans, a
paragraph's closing ``::`` a colon, an indented block a code block. A test module without a
docstring, or a folder of tests the page has no title for (:data:`FOLDERS`),
stops the script with the file's name. ``tests/site/test_test_map.py`` checks
that the committed page equals a fresh run.
"""

from __future__ import annotations

import argparse
import ast
import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
OUTPUT = ROOT / "tests" / "README.md"
COMMAND = "python -m site_examples.generate.test_map"

# Each folder of tests: its section's title and what it is for, in the page's order.
FOLDERS = {
    "tests/unit": (
        "The package",
        "The `attention` package against independent references: numbers worked out by hand, naive "
        "loops (`reference.py`), exact arithmetic, the published models' reference outputs "
        "(committed fixtures: no PyTorch needed); hypothesis properties; every error message.",
    ),
    "tests/site": (
        "The site and its data",
        "The lessons' collection, the built site (one strict build per run, shared by every test "
        "that needs it), the hooks, the generated data and figures, the committed measurements, the "
        "lock files and the repository's own tooling.",
    ),
    "tests/postbuild": (
        "The post-build steps",
        "Each step of the post-build pipeline (`postbuild/`) on a small page or folder, its expected output "
        "written out in the test; the steps' order, their context read from `mkdocs.yml`, and that none "
        "imports MkDocs.",
    ),
    "tests/quiz": (
        "The quizzes",
        "The quiz engine (`overrides/hooks/quiz.py`) and the content of every quiz in `docs/`.",
    ),
    "tests/exercises": (
        "The Build-it exercises",
        "Every exercise of `attention/exercises/` under CPython, with the grader the page runs in Pyodide: "
        "solutions, starters and every catalogued mistake; the grader against code that fails, loops, "
        "hoards memory or tampers.",
    ),
    "tests/browser": (
        "In the browser",
        "Playwright drives headless Chromium against the built site served on 127.0.0.1; every "
        "request to another host is aborted and fails the test.",
    ),
    "tests": (
        "The whole suite",
        "What the folders share, and what checks the package as a whole.",
    ),
}

_CODE = re.compile(r"(?<!`)``(?!`)(.+?)(?<!`)``(?!`)")
_ROLE = re.compile(r":(?:class|func|mod|data|meth|attr|exc|obj|ref):`~?([^`]+)`")
_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)")


def docstring(path: Path) -> str | None:
    """The module docstring of ``path``, cleaned as ``inspect.cleandoc`` does (no import)."""
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))


def _inline(text: str) -> str:
    """One paragraph's text in Markdown: RST code and roles as code spans, HTML-like text escaped.

    A code span that holds ``<!--`` becomes a ``<code>`` element with its text escaped, so that an
    example such as ``<!-- skip: next ... -->`` is shown, never read as a comment or a
    directive (Sybil collects this page too).
    """
    text = _ROLE.sub(r"``\1``", text)
    text = _CODE.sub(lambda m: _span(m.group(1)), text)
    pieces, last = [], 0
    for m in _SPAN.finditer(text):
        pieces.append(_prose(text[last : m.start()]))
        body = m.group(2)
        if "<!--" in body:
            pieces.append(f"<code>{html.escape(body.strip() if m.group(1) != '`' else body)}</code>")
        else:
            pieces.append(m.group(0))
        last = m.end()
    pieces.append(_prose(text[last:]))
    return "".join(pieces)


def _span(body: str) -> str:
    """A Markdown code span for ``body``, with enough backticks around it."""
    ticks = max((len(run) for run in re.findall(r"`+", body)), default=0) + 1
    return f"{'`' * ticks} {body} {'`' * ticks}" if ticks > 1 else f"`{body}`"


def _prose(text: str) -> str:
    """Text outside code: nothing in it may start HTML or math."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace("$", "&#36;")


def markdown(doc: str, indent: str = "") -> str:
    """A docstring in Markdown, every line after ``indent`` (a definition's body)."""
    blocks, current = [], []
    for line in doc.splitlines() + [""]:
        if line.strip():
            current.append(line)
        elif current:
            blocks.append(current)
            current = []
    out = []
    for block in blocks:
        first = block[0]
        if first.startswith((" ", "\t")):  # an indented (literal) block
            margin = min(len(line) - len(line.lstrip()) for line in block)
            out.append("\n".join(f"{indent}    {line[margin:]}" for line in block))
        elif first.startswith(("- ", "* ")):  # a list: one line per item
            items: list[list[str]] = []
            for line in block:
                if line.startswith(("- ", "* ")):
                    items.append([line[2:].strip()])
                else:
                    items[-1].append(line.strip())
            out.append("\n".join(f"{indent}- {_inline(_join(item))}" for item in items))
        else:
            text = _join(block)
            text = re.sub(r"\s*::$", ":", text)
            out.append(indent + _inline(text))
    return "\n\n".join(out)


def _entry(path: Path, doc: str) -> str:
    """A module as a definition: its file name, then its docstring."""
    body = markdown(doc, indent="    ")
    return f"`{path.name}`\n:   {body[4:]}"


def _join(lines: list[str]) -> str:
    """A paragraph's lines as one line (a path cut after a ``/`` at a line's end is joined back)."""
    text = ""
    for line in lines:
        line = line.strip()
        text += line if not text or text.endswith("/") else " " + line
    return text


def _folder_of(path: Path) -> str:
    return path.parent.relative_to(ROOT).as_posix()


def render() -> str:
    """The whole page, as Markdown."""
    modules: dict[str, list[Path]] = {folder: [] for folder in FOLDERS}
    helpers: dict[str, list[Path]] = {folder: [] for folder in FOLDERS}
    for path in sorted(TESTS.rglob("*.py")):
        if "__pycache__" in path.parts or "golden" in path.parts:
            continue
        folder = _folder_of(path)
        if folder not in FOLDERS:
            raise SystemExit(f"{path.relative_to(ROOT)}: its folder has no section: add {folder!r} to FOLDERS in {__file__}")
        (modules if path.name.startswith("test_") else helpers)[folder].append(path)

    conftest = docstring(ROOT / "conftest.py")
    if not conftest:
        raise SystemExit("conftest.py has no module docstring: say what it collects")
    parts = [
        "# What the tests check",
        "",
        "A map of the test suite: each test module, and what it checks, in its own words: "
        "the text below is the module's docstring, copied by `site_examples/generate/test_map.py` "
        "(edit the docstring, then run "
        f"`{COMMAND}`; a test fails while this file and the docstrings disagree). "
        "`./dev.sh test` runs everything; arguments after `test` go to pytest, so "
        "`./dev.sh test tests/unit/test_softmax.py` runs one module and `./dev.sh test -k softmax` "
        "the tests whose names match. How the parts fit together is on "
        "[Architecture (for maintainers)](../docs/architecture.md); how to regenerate what the tests "
        "compare against, on [Maintaining the course](../docs/maintaining.md).",
        "",
        "## The lessons and the docstrings",
        "",
        "Collected by Sybil, as the root `conftest.py` sets it up:",
        "",
        markdown(conftest),
    ]
    for folder, (title, about) in FOLDERS.items():
        if not modules[folder] and not helpers[folder]:
            continue
        parts += ["", f"## {title}: `{folder}/`", "", about]
        if modules[folder]:
            parts.append("")
        for path in modules[folder]:
            doc = docstring(path)
            if not doc:
                raise SystemExit(f"{path.relative_to(ROOT)} has no module docstring: say what it checks")
            parts += [_entry(path, doc), ""]
        shared = []
        for path in helpers[folder]:
            doc = docstring(path)
            if not doc:
                raise SystemExit(f"{path.relative_to(ROOT)} has no module docstring: say what it is for")
            shared.append(f"- `{path.name}`: {_inline(doc.splitlines()[0])}")
        if shared:
            parts += ["", "What the modules of this folder share:", "", *shared]
    text = "\n".join(parts).rstrip() + "\n"
    text = re.sub(r"\n{3,}", "\n\n", text)
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(r"\s*(```|~~~)", line):
            raise SystemExit(f"tests/README.md line {number} would open a code fence: {line!r}")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that tests/README.md is up to date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run {COMMAND}")
            return 1
        print(f"{OUTPUT.relative_to(ROOT)} is up to date")
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(text.split())} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
