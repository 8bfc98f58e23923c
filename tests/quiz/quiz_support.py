"""Shared by the quiz tests: the hook module, a plain Markdown renderer, and the quizzes of docs/."""

from __future__ import annotations

import re
from dataclasses import dataclass

import markdown

from tests.helpers import ROOT, hook_path, load_hook

DOCS = ROOT / "docs"
HOOK_PATH = hook_path("quiz")

quiz = load_hook("quiz")


def plain_markdown():
    """A renderer like the site's for prose and math (no MkDocs link rewriting): for golden files."""
    md = markdown.Markdown(
        extensions=["pymdownx.arithmatex"], extension_configs={"pymdownx.arithmatex": {"generic": True}}
    )

    def render(text: str) -> str:
        md.reset()
        return md.convert(text)

    return render


@dataclass
class Fence:
    page: str  # relative to docs/
    line: int  # of the first YAML line
    body: str


# A quiz fence at the start of a line, the way lessons write them; its body up to the closing fence.
FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})quiz[ \t]*\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.MULTILINE | re.DOTALL)


def docs_fences() -> list[Fence]:
    fences = []
    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start("body")) + 1
            fences.append(Fence(path.relative_to(DOCS).as_posix(), line, match.group("body")))
    return fences
