"""Every lesson ends with a References list: authors, year, title, and an arXiv identifier or a venue.

Read from the Markdown of ``docs/lessons/*.md`` (no build needed). Each entry
is one list item written as::

    - Surname, I., & Surname, I. (2017). *Title*. Venue. arXiv:1706.03762.

(or with the title's full stop inside the emphasis, ``*Title.*``).
An arXiv identifier must be well formed (YYMM.NNNN up to 1412, YYMM.NNNNN
from 1501, a real month) and posted in the reference's year or the year before (a paper posted in December and
published the next year). A paper the lesson's prose names by author and year,
"Rabe & Staats (2021)" or "Dao et al., 2022", must be in the list with that
year.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.helpers import ROOT

DOCS = ROOT / "docs"
LESSONS = DOCS / "lessons"

ENTRY = re.compile(
    r"^(?P<authors>[^()]+?) \((?P<year>(?:19|20)\d\d)\)\. \*(?P<title>[^*]+?)\.?\*(?P<note> \([^)]*\))?\.? (?P<rest>.+)$"
)
ARXIV = re.compile(r"arXiv:(?P<yy>\d\d)(?P<mm>\d\d)\.(?P<number>\d+)\b")
# "Bahdanau, Cho and Bengio (2014)", "Rabe & Staats (2021)", "Vaswani et al. (2017)", "Dao et al., 2022"
CITATION = re.compile(
    r"\b(?P<surname>[A-Z][a-zà-ÿ]+(?:-[A-Z][a-zà-ÿ]+)?)"
    r"(?: et al\.|(?:, [A-Z][a-zà-ÿ]+)*,? (?:&|and) [A-Z][a-zà-ÿ]+)"
    r"(?:,? \(| \(|, )(?P<year>(?:19|20)\d\d)\)?"
)


def _nav_lessons() -> list[str]:
    """The lesson pages the navigation lists, in its order."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # mkdocs' !ENV and friends
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    found: list[str] = []

    def walk(items: list) -> None:
        for item in items:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            if isinstance(value, list):
                walk(value)
            elif isinstance(value, str) and value.startswith("lessons/"):
                found.append(value)

    walk(config["nav"])
    return found


def _references(text: str) -> tuple[str, list[str]]:
    """The page before its final "## References" heading, and that section's list items (joined lines)."""
    match = re.search(r"^## References[ \t]*\n", text, re.M)
    assert match, "no '## References' section"
    body, section = text[: match.start()], text[match.end() :]
    assert not re.search(r"^#{1,6} ", section, re.M), "the References section must be the last section"
    items: list[str] = []
    for line in section.splitlines():
        if line.startswith("- "):
            items.append(line[2:].strip())
        elif line.startswith("  ") and items and line.strip():
            items[-1] += " " + line.strip()
        elif line.strip() and items:
            raise AssertionError(f"text after the list in the References section: {line!r}")
    return body, items


def _prose(markdown: str) -> str:
    """The page without its fenced blocks (code, outputs, quizzes) and inline code."""
    without_fences = re.sub(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", "", markdown, flags=re.M | re.S)
    return " ".join(re.sub(r"`[^`\n]+`", "", without_fences).split())  # a citation may break across lines


def _arxiv_problem(year: int, arxiv: re.Match[str]) -> str | None:
    """What is wrong with an arXiv identifier of a paper of ``year``, or None."""
    yymm = int(arxiv["yy"] + arxiv["mm"])
    if not 1 <= int(arxiv["mm"]) <= 12:
        return f"month {arxiv['mm']} does not exist"
    if len(arxiv["number"]) != (5 if yymm >= 1501 else 4):
        return f"{len(arxiv['number'])} digits after the dot, where {arxiv['yy']}{arxiv['mm']} has {5 if yymm >= 1501 else 4}"
    if 2000 + int(arxiv["yy"]) not in (year, year - 1):
        return f"posted in 20{arxiv['yy']}, for a paper of {year}"
    return None


def test_every_lesson_file_is_in_the_nav_and_every_nav_lesson_exists() -> None:
    files = sorted(f"lessons/{p.name}" for p in LESSONS.glob("*.md"))
    assert sorted(_nav_lessons()) == files


@pytest.mark.parametrize("page", sorted(p.name for p in LESSONS.glob("*.md")))
def test_lesson_ends_with_well_formed_references(page: str) -> None:
    text = (LESSONS / page).read_text(encoding="utf-8")
    _, items = _references(text)
    assert items, f"{page}: the References section lists nothing"
    for item in items:
        entry = ENTRY.match(item)
        assert entry, f"{page}: not 'Authors (year). *Title*. Venue or arXiv id.': {item!r}"
        assert re.search(r"[A-Z][\w'’-]+, [A-Z]\.", entry["authors"]), f"{page}: no 'Surname, I.' author: {item!r}"
        rest = entry["rest"]
        arxiv = ARXIV.search(rest)
        venue = ARXIV.sub("", rest).strip(" .")
        assert arxiv or len(venue) >= 4, f"{page}: neither an arXiv identifier nor a venue: {item!r}"
        if arxiv:
            problem = _arxiv_problem(int(entry["year"]), arxiv)
            assert problem is None, f"{page}: arXiv identifier: {problem}: {item!r}"


@pytest.mark.parametrize("page", sorted(p.name for p in LESSONS.glob("*.md")))
def test_papers_named_in_the_text_are_in_the_references(page: str) -> None:
    text = (LESSONS / page).read_text(encoding="utf-8")
    body, items = _references(text)
    listed = {(m["authors"].split(",")[0].strip(), m["year"]) for m in map(ENTRY.match, items) if m}
    for citation in CITATION.finditer(_prose(body)):
        key = (citation["surname"], citation["year"])
        assert key in listed, f"{page}: the text cites {citation.group(0)!r}, which the References do not list"


def test_the_checks_catch_bad_references() -> None:
    """The parser itself: the forms it must refuse, and a citation it must find."""
    good = "Rabe, M. N., & Staats, C. (2021). *Self-attention Does Not Need O(n²) Memory*. arXiv:2112.05682."
    assert ENTRY.match(good) and ARXIV.search(good)
    assert not ENTRY.match("Rabe and Staats, Self-attention does not need O(n²) memory")  # no year, no title

    def problem(year: int, text: str) -> str:
        found = ARXIV.search(text)
        assert found, text
        return str(_arxiv_problem(year, found))

    assert problem(2021, good) == "None"
    assert "4 digits" in problem(2021, "arXiv:2112.5682")
    assert "5 digits" in problem(2014, "arXiv:1409.04730")
    assert "month 13" in problem(2017, "arXiv:1713.03762")
    assert "posted in 2017" in problem(2014, "arXiv:1706.03762")
    body, items = _references("# T\n\nText by Dao et al., 2022.\n\n## References\n\n- " + good + "\n")
    assert items == [good]
    assert [(m["surname"], m["year"]) for m in CITATION.finditer(_prose(body))] == [("Dao", "2022")]
    assert [m["surname"] for m in CITATION.finditer(_prose("as Vaswani et\nal. (2017) note"))] == ["Vaswani"]
    found = [(m["surname"], m["year"]) for m in CITATION.finditer("as Bahdanau, Cho and Bengio (2014) and Rabe & Staats (2021) did")]
    assert found == [("Bahdanau", "2014"), ("Rabe", "2021")]
    with pytest.raises(AssertionError, match="last section"):
        _references("## References\n\n- " + good + "\n\n## Quiz\n")
    with pytest.raises(AssertionError, match="no '## References'"):
        _references("# Lesson\n\nNo references here.\n")
