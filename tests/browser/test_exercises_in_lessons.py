"""Every Build-it exercise, graded in its lesson's page as in CI: the solution passes, a mistake gets its diagnosis.

A reader's walk through the course: from the first lesson of each track
(the core and the advanced), following each page's "Next" link (Material's instant
navigation, so the page's one Python session carries on from lesson to
lesson). In every lesson, each exercise's reference solution, typed into the
editor, passes in the page's Python; then one of its catalogued mistakes (a
different one from exercise to exercise, taken in turn) gets exactly that
mistake's explanation, with its link, and the failing check's details. The
grader the page runs is the package's, so the same code gets the same verdict
here as under CPython (``tests/exercises/``). Every lesson is visited.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from attention.exercises import catalogue
from site_examples.material_adapter import NEXT_PAGE_LINK
from tests.browser.test_exercises import _check, _exercise, _open, _type

EXERCISES = catalogue()
BY_ID = {exercise.id: exercise for exercise in EXERCISES}
# The two walks, one per track, by their first lessons, in the order of the site's navigation.
WALKS = {
    "why-attention": [
        "why-attention",
        "query-key-value",
        "scaled-dot-product-attention",
        "self-attention",
        "multi-head-attention",
        "misconceptions",
    ],
    "cross-attention": [
        "cross-attention",
        "transformer-block",
        "positions-inside-attention",
        "attention-while-generating",
        "learning-to-attend",
        "attention-at-scale",
        "attention-in-todays-models",
    ],
}


def test_the_walks_visit_every_lesson_with_exercises() -> None:
    assert sorted(lesson for walk in WALKS.values() for lesson in walk) == sorted({e.lesson for e in EXERCISES})


@pytest.mark.parametrize("first", list(WALKS))
def test_every_solution_passes_and_a_mistake_is_named_in_the_page(
    return_visit: Page, site_url: str, first: str
) -> None:
    page = return_visit
    _open(page, site_url + f"lessons/{first}/")
    turn = 0
    for number, lesson in enumerate(WALKS[first]):
        if number:
            page.locator(NEXT_PAGE_LINK).click()  # instant navigation: the same Python
            expect(page).to_have_url(re.compile(re.escape(site_url + f"lessons/{lesson}/") + "(#.*)?$"))
        here = [e.id for e in EXERCISES if e.lesson == lesson]
        expect(page.locator("[data-exercise]")).to_have_count(len(here))  # the lesson's, not the last one's
        for exercise_id in here:
            expect(_exercise(page, exercise_id)).to_have_attribute("data-exercise-ready", "")
        ids = page.locator("[data-exercise]").evaluate_all("(nodes) => nodes.map((node) => node.dataset.exercise)")
        assert sorted(ids) == sorted(e.id for e in EXERCISES if e.lesson == lesson)
        for exercise in (BY_ID[exercise_id] for exercise_id in ids):
            box = _exercise(page, exercise.id)
            box.scroll_into_view_if_needed()
            _type(page, box, exercise.solution)
            _check(box, "passed")
            expect(box.locator("[data-exercise-verdict]")).to_have_text(
                re.compile(r"^Correct: your function passed all \d+ checks\.")
            )
            expect(box.locator("[data-exercise-solution]")).to_be_visible()

            mistake = exercise.mistakes[turn % len(exercise.mistakes)]
            turn += 1
            _type(page, box, mistake.code)
            _check(box, "failed")
            expect(box).to_have_attribute("data-exercise-mistake", mistake.id)
            expect(box.locator("[data-exercise-verdict]")).to_contain_text(f"Not yet: {mistake.title}")
            explanation = box.locator(f"[data-exercise-mistake='{mistake.id}']")
            expect(explanation).to_be_visible()
            expect(explanation.locator("a[href*='#']").first).to_be_visible()
            expect(box.locator("[data-exercise-mistake]:visible")).to_have_count(1)
            expect(box.locator("[data-exercise-message]")).to_contain_text("On the check “")
