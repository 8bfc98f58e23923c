"""The lessons as a learner meets them: two tracks, a length a reader can finish, a guess before a key output.

Tracks: the course is read in two, the core (attention itself, six lessons,
ending with the misconceptions) and the advanced lessons after it. The
navigation groups the lessons under the two labels, and the home page's
lesson list has one table per track, in the same order; the core is spelled
out here by hand, so that a lesson moved by mistake fails.

Length: before its exercises, a lesson holds at most 2,500 words of prose and
120 non-blank lines of visible code, counted by :func:`lesson_length` (its
docstring is the rule; "Maintaining the course" says it in prose).

Predict, then run: every lesson asks the reader at least once to commit to a
guess before a key output, with a ``!!! question "Predict, then run"``
admonition placed right before the code block whose output answers it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
import yaml

from tests.helpers import ROOT

DOCS = ROOT / "docs"
CORE, ADVANCED = "Core track", "Advanced track"
# The core track as issue #40 defines it: attention itself, the misconceptions sixth.
CORE_LESSONS = [
    "why-attention",
    "query-key-value",
    "scaled-dot-product-attention",
    "self-attention",
    "multi-head-attention",
    "misconceptions",
]


def _nav() -> list:
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # mkdocs' !ENV and friends
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)["nav"]


def nav_tracks() -> dict[str, list[str]]:
    """Track label -> the lessons' file stems under it, in the navigation's order."""
    tracks: dict[str, list[str]] = {}
    for item in _nav():
        ((title, value),) = item.items()
        if isinstance(value, list) and any(
            isinstance(v, str) and v.startswith("lessons/") for entry in value for v in entry.values()
        ):
            tracks[title] = [re.sub(r"^lessons/|\.md$", "", v) for entry in value for v in entry.values()]
    return tracks


def lesson_pages() -> list[str]:
    """Every lesson's file stem, in the navigation's order."""
    return [stem for stems in nav_tracks().values() for stem in stems]


def test_the_navigation_has_two_tracks_of_lessons_and_the_core_is_attention_itself() -> None:
    tracks = nav_tracks()
    assert list(tracks) == [CORE, ADVANCED]
    assert tracks[CORE] == CORE_LESSONS
    on_disk = {path.stem for path in (DOCS / "lessons").glob("*.md")}
    assert sorted(tracks[CORE] + tracks[ADVANCED]) == sorted(on_disk), "a lesson outside the two tracks"


def test_the_home_page_lists_each_track_under_its_label_in_the_navigations_order() -> None:
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"(?ms)^### (.+?)\n(.*?)(?=^##)", text))
    numbers: list[int] = []
    for label, stems in nav_tracks().items():
        assert label in sections, f"the home page has no section {label!r}"
        rows = re.findall(r"^\| (\d+) \| \[[^\]]+\]\(lessons/([\w-]+)\.md\)", sections[label], re.MULTILINE)
        assert [stem for _, stem in rows] == stems, label
        numbers += [int(n) for n, _ in rows]
    assert numbers == list(range(1, len(numbers) + 1)), "the lessons are numbered 1, 2, ... across both tracks"
    assert re.search(r"\*\*core track\*\*", text) and re.search(r"\*\*advanced track\*\*", text)


# ── Length ──────────────────────────────────────────────────────────────────

MAX_WORDS, MAX_CODE_LINES = 2_500, 120
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$")
_COLLAPSED = re.compile(r"^(?P<indent>[ \t]*)\?\?\?\+? ")


@dataclass(frozen=True)
class Length:
    words: int
    code_lines: int


def lesson_length(text: str) -> Length:
    r"""The prose words and the visible code lines of a lesson, before its exercises.

    The rule:

    - Only what comes before the ``## Exercises`` heading counts (the whole
      page if it has none).
    - Collapsed blocks do not count: a ``???`` admonition (a solution, an
      "Under the hood" note) and everything indented under it. Open
      admonitions (``!!!``) count like the rest of the page.
    - Code: the non-blank lines of the ``python`` fences. Other fences
      (``output``, ``exercise``, ``quiz``) count neither as code nor as prose.
    - Prose: everything else, without formulas (``\( … \)``, ``\[ … \]``),
      HTML comments and images; a link counts as its text. A word is a run of
      non-space characters that holds a letter or a digit (so a table's
      ``| --- |`` is not one).

    >>> lesson_length("One two \\(x^2\\) [three](a.md).\n\n```python\nx = 1\n\ny = 2\n```\n")
    Length(words=3, code_lines=2)
    """
    lines = re.split(r"^## Exercises\s*$", text, maxsplit=1, flags=re.MULTILINE)[0].split("\n")
    prose: list[str] = []
    code = 0
    collapsed_at: int | None = None  # the indentation of the ??? line whose block we are in
    i = 0
    while i < len(lines):
        line = lines[i]
        indent = len(line) - len(line.lstrip())
        if collapsed_at is not None:
            if not line.strip() or indent > collapsed_at:
                i += 1
                continue
            collapsed_at = None
        fence = _FENCE.match(line)
        if fence:
            mark, info = fence.group("fence"), fence.group("info").strip()
            end = i + 1
            closing = re.compile(rf"^[ \t]*{re.escape(mark[0])}{{{len(mark)},}}[ \t]*$")
            while end < len(lines) and not closing.match(lines[end]):
                end += 1
            if info == "python":
                code += sum(1 for body in lines[i + 1 : end] if body.strip())
            i = end + 1
            continue
        if _COLLAPSED.match(line):
            collapsed_at = indent
        else:
            prose.append(line)
        i += 1
    body = "\n".join(prose)
    for pattern in (r"\\\[.*?\\\]", r"\\\(.*?\\\)", r"<!--.*?-->", r"!\[[^\]]*\]\([^)]*\)"):
        body = re.sub(pattern, " ", body, flags=re.DOTALL)
    body = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", body)
    return Length(sum(1 for word in body.split() if re.search(r"[A-Za-z0-9]", word)), code)


# A page counted by hand: each line's words or lines of code in its comment.
_HAND_COUNTED = (
    "# Title here",  # 2 words
    "",
    "Some prose with \\(a + b\\) and a [link text](x.md#y).",  # 7 words: Some prose with and a link text).
    "",
    "\\[",
    "x = \\frac{1}{2}",
    "\\]",
    "",
    "| a | b |",  # 2 words
    "| --- | --- |",
    "",
    "```python",
    "x = 1",
    "",
    "print(x)",
    "```",  # 2 lines of code
    "",
    "```output",
    "1",
    "```",
    "",
    '??? note "Under the hood: not counted"',
    "    Hidden words here.",
    "",
    "    ```python",
    "    hidden = 1",
    "    ```",
    "",
    '!!! question "Predict, then run"',  # 4 words: question "Predict, then run"
    "    Guess it.",  # 2 words
    "",
    "```python",
    "y = 2",
    "```",  # 1 line
    "",
    "## Exercises",
    "",
    "Many many words after the exercises.",
    "```python",
    "z = 3",
    "```",
)


def test_the_counting_rule_on_a_hand_counted_page() -> None:
    page = "\n".join(_HAND_COUNTED)
    assert lesson_length(page) == Length(words=2 + 7 + 2 + 4 + 2, code_lines=3)


@pytest.mark.parametrize("stem", sorted(path.stem for path in (DOCS / "lessons").glob("*.md")))
def test_every_lesson_can_be_finished_before_its_exercises(stem: str) -> None:
    length = lesson_length((DOCS / "lessons" / f"{stem}.md").read_text(encoding="utf-8"))
    assert length.words <= MAX_WORDS, f"{stem}: {length.words} words of prose before the exercises"
    assert length.code_lines <= MAX_CODE_LINES, f"{stem}: {length.code_lines} visible lines of code"


# ── Predict, then run ───────────────────────────────────────────────────────

PREDICT = '!!! question "Predict, then run"'


def predictions(text: str) -> list[str]:
    """The first line of the code block that answers each "Predict, then run" prompt before the exercises.

    The prompt is an open admonition whose indented text asks the question; the
    next thing on the page is a ``python`` block followed by its ``output``
    block, the answer. A prompt followed by anything else is reported as "".
    """
    text = re.split(r"^## Exercises\s*$", text, maxsplit=1, flags=re.MULTILINE)[0]
    found = []
    for match in re.finditer(rf"^{re.escape(PREDICT)}\n((?:    .+\n|\n)+)", text, re.MULTILINE):
        after = text[match.end() :]
        block = re.match(r"```python\n(.*?)\n```\n\n```output\n", after, re.DOTALL)
        found.append(block.group(1).split("\n")[0] if block and match.group(1).strip() else "")
    return found


def test_a_prompt_is_followed_by_the_block_that_answers_it() -> None:
    page = f"Text.\n\n{PREDICT}\n    Which?\n\n```python\nprint(1)\n```\n\n```output\n1\n```\n"
    assert predictions(page) == ["print(1)"]
    assert predictions(page.replace("```output\n1\n```\n", "More text.\n")) == [""]  # no output: not an answer
    assert predictions(f"{PREDICT}\n    Which?\n\nSome prose first.\n\n```python\nx\n```\n\n```output\n1\n```\n") == [
        ""
    ]
    assert predictions(f"## Exercises\n\n{PREDICT}\n    Which?\n\n```python\nx\n```\n\n```output\n1\n```\n") == []


@pytest.mark.parametrize("stem", sorted(path.stem for path in (DOCS / "lessons").glob("*.md")))
def test_every_lesson_asks_for_a_guess_before_a_key_output(stem: str) -> None:
    found = predictions((DOCS / "lessons" / f"{stem}.md").read_text(encoding="utf-8"))
    assert found, f"{stem} has no {PREDICT} prompt before its exercises"
    assert all(found), f"{stem}: a prompt is not followed by a python block and its output"
