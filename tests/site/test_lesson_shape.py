"""The lessons as a learner meets them: two tracks, labelled alike in the navigation and on the home page.

The course is read in two tracks: the core (attention itself, six lessons,
ending with the misconceptions) and the advanced lessons after it. The
navigation groups the lessons under the two labels, and the home page's
lesson list has one table per track, in the same order; the core is spelled
out here by hand, so that a lesson moved by mistake fails.
"""

from __future__ import annotations

import re

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
