"""Every "Build it" exercise: the solution passes, the starter fails kindly, each mistake gets its own diagnosis.

Over the whole catalogue (``attention/exercises/``), under CPython, with the
grader the page runs in Pyodide: every reference solution (numpy alone, written
by hand) passes the checks against the package; every starter fails with the
"not written yet" message, not a crash; every catalogued mistake, submitted as
the reader's code, receives exactly its own diagnosis, not another's and not
the generic one, on the inputs the page uses. The course holds at least 22
exercises, at least two in every lesson, each with at least three mistakes and
two hints; every lesson places each of its exercises exactly once, and every
mistake's link names a lesson and a section that exist.
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from attention.exercises import catalogue, grader
from tests.helpers import ROOT

LESSONS = ROOT / "docs" / "lessons"
EXERCISES = catalogue()
FENCE = re.compile(r"^```exercise\n(.*?)\n```$", re.MULTILINE | re.DOTALL)


def _placed() -> dict[str, list[str]]:
    """Lesson name -> the exercise ids its ```exercise fences name, in order."""
    return {
        path.stem: [body.strip() for body in FENCE.findall(path.read_text(encoding="utf-8"))]
        for path in sorted(LESSONS.glob("*.md"))
    }


def test_every_lesson_has_at_least_two_exercises_and_the_course_22() -> None:
    by_lesson: dict[str, int] = {}
    for exercise in EXERCISES:
        by_lesson[exercise.lesson] = by_lesson.get(exercise.lesson, 0) + 1
    lessons = sorted(path.stem for path in LESSONS.glob("*.md"))
    assert {lesson: by_lesson.get(lesson, 0) for lesson in lessons if by_lesson.get(lesson, 0) < 2} == {}
    assert sorted(by_lesson) == lessons  # no exercise names a lesson that does not exist
    assert len(EXERCISES) >= 22
    assert all(len(exercise.mistakes) >= 3 and len(exercise.hints) >= 2 for exercise in EXERCISES)


def test_every_exercise_is_placed_once_in_its_own_lesson() -> None:
    placed = _placed()
    for exercise in EXERCISES:
        assert placed.get(exercise.lesson, []).count(exercise.id) == 1, (exercise.id, exercise.lesson)
    every = [name for names in placed.values() for name in names]
    assert sorted(every) == sorted(exercise.id for exercise in EXERCISES)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_the_solution_passes_every_check(exercise) -> None:
    report = grader.grade(exercise, exercise.solution)
    assert (report.kind, report.passed, report.passed_checks) == ("passed", True, report.checks), report.message
    assert report.checks >= 4


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_the_starter_fails_with_the_not_written_message(exercise) -> None:
    report = grader.grade(exercise, exercise.starter)
    assert (report.passed, report.kind, report.title) == (False, "raised", "Not written yet")
    assert report.message == "Your function still raises NotImplementedError: replace that line with your code."


MISTAKES = [(exercise, mistake) for exercise in EXERCISES for mistake in exercise.mistakes]


@pytest.mark.parametrize("exercise, mistake", MISTAKES, ids=[f"{e.id}:{m.id}" for e, m in MISTAKES])
def test_each_mistake_gets_exactly_its_own_diagnosis(exercise, mistake) -> None:
    report = grader.grade(exercise, mistake.code)
    assert not report.passed
    assert report.mistake == mistake.id, (
        f"{mistake.id} was diagnosed as {report.mistake or report.kind}: {report.message}"
    )
    assert report.title == mistake.title
    assert report.kind in ("mistake", "shape")
    assert report.detail and report.message.endswith("\n\n" + report.detail)  # the failing check, after the why


@pytest.mark.parametrize("exercise, mistake", MISTAKES, ids=[f"{e.id}:{m.id}" for e, m in MISTAKES])
def test_each_mistake_links_to_a_section_that_exists(exercise, mistake) -> None:
    links = re.findall(r"\]\(([^)#]+)#([^)]+)\)", mistake.explanation)
    assert links, mistake.explanation
    for page, anchor in links:
        path = LESSONS / page
        assert path.is_file(), page
        headings = [
            line.lstrip("#").strip() for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")
        ]
        slugs = {_slug(heading) for heading in headings}
        assert anchor in slugs, f"{page} has no section #{anchor}"


def _slug(heading: str) -> str:
    """Python-Markdown's toc slug: lower case, punctuation dropped, spaces to hyphens."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)
