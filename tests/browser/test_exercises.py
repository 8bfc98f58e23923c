"""Build-it exercises in Chromium: every exercise graded in the page as in CI, and everything a reader does with one.

For every lesson, in its page: each exercise's reference solution, typed into the
editor, passes in the page's Python, and one of its catalogued mistakes (a
different one for each exercise, taken in turn) gets exactly that mistake's
explanation, with its link; the grader the page runs is the package's, so the
same code gives the same verdict here as under CPython (``tests/exercises/``).

On "Scaled dot-product attention": Check before anything is typed says "not
written yet"; a wrong answer shows the smallest failing check; hints unlock one
at a time and stay unlocked; the solution is refused before two Checks, shown
after a confirmation, and at once after a pass; Reset puts the starter back
(and the editor's Undo brings the reader's code back); the code, the checks and
the solved state survive a reload and show on the home page's progress, whose
export carries them and whose import puts them back; a corrupt saved record is
reported and reset; a loop that never ends is stopped with a message and
Python is still usable; the whole exercise works from the keyboard
(Ctrl+Enter checks); the verdict is a status region; and axe finds nothing on
an exercise with its report, hints and solution open, in both colour schemes,
at desktop and phone widths. Nothing of the grader (no Python) loads before the
reader comes near an exercise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from attention.exercises import catalogue
from tests.browser.test_accessibility import axe, scheme_page, settled

LESSON = "lessons/scaled-dot-product-attention/"
EXERCISES = catalogue()
LESSONS = sorted({exercise.lesson for exercise in EXERCISES})
# The grader's answer can wait on Python's first start in a context.
CHECKED_MS = 60_000


def _exercise(page: Page, exercise_id: str) -> Locator:
    return page.locator(f"[data-exercise='{exercise_id}']")


def _type(page: Page, box: Locator, code: str) -> None:
    """Put ``code`` in the exercise's editor as a reader's paste would (the editor loads on the first click)."""
    box.locator("[data-exercise-code]").click()
    content = box.locator(".cm-content")
    expect(content).to_be_focused()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)
    assert _code(box) == code


def _code(box: Locator) -> str:
    """The code in the exercise's editor: the ``value`` of its ``[data-exercise-code]`` (the DOM contract)."""
    return box.locator("[data-exercise-code]").evaluate("(node) => node.value")


def _check(box: Locator, result: str) -> None:
    box.locator("button[data-action=check]").click()
    expect(box).to_have_attribute("data-exercise-result", result, timeout=CHECKED_MS)


def _open(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("[data-exercise]").first).to_have_attribute("data-exercise-ready", "")


def test_a_first_check_a_wrong_answer_the_hints_and_the_solution(return_visit: Page, site_url: str) -> None:
    page = return_visit
    _open(page, site_url + LESSON)
    box = _exercise(page, "stable-softmax")
    verdict, message = box.locator("[data-exercise-verdict]"), box.locator("[data-exercise-message]")
    expect(verdict).to_have_attribute("role", "status")
    box.scroll_into_view_if_needed()

    _check(box, "failed")  # the starter, as it is
    expect(verdict).to_have_text("Not yet: Not written yet (0 of 8 checks passed).")
    expect(message).to_have_text("Your function still raises NotImplementedError: replace that line with your code.")

    _type(
        page,
        box,
        "import numpy as np\n\ndef softmax(x):\n    e = np.exp(x - x.max(axis=-1, keepdims=True))\n    return e / (e.sum(axis=-1, keepdims=True) + 1)\n",
    )
    _check(box, "failed")
    expect(verdict).to_have_text(re.compile(r"^Not yet: Not the package's result \(\d+ of 8 checks passed\)\.$"))
    expect(message).to_contain_text("On the check “one score” (x (1,) float64), your result differs")
    expect(message).to_contain_text("First difference at index (0,): expected 1, got 0.5.")
    expect(box.locator("[data-exercise-state]")).to_have_text("Not solved yet · 2 checks")

    hints = box.locator("[data-exercise-hint]")
    hint_button = box.locator("button[data-action=hint]")
    for shown in range(1, hints.count() + 1):
        hint_button.click()
        expect(box.locator("[data-exercise-hint]:visible")).to_have_count(shown)
        expect(hints.nth(shown - 1)).to_be_focused()
        expect(hints.nth(shown - 1)).to_contain_text(f"Hint {shown} of {hints.count()}")
    expect(hint_button).to_be_disabled()
    expect(hint_button).to_have_text("No more hints")
    expect(box.locator("[data-exercise-state]")).to_have_text(
        f"Not solved yet · 2 checks · {hints.count()} of {hints.count()} hints"
    )

    # The solution: refused before two Checks, then shown after a confirmation.
    other = _exercise(page, "scaled-scores")
    solution = other.locator("[data-exercise-solution]")
    other.scroll_into_view_if_needed()
    other.locator("button[data-action=solution]").click()
    expect(other.locator("[data-exercise-verdict]")).to_have_text(
        "The solution opens after a pass, or once you have checked your code 2 times (0 so far): try, and the hints can help."
    )
    expect(solution).to_be_hidden()
    _check(other, "failed")
    _check(other, "failed")
    asked: list[str] = []

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page.on("dialog", answer)
    other.locator("button[data-action=solution]").click()
    expect(solution).to_be_hidden()  # dismissed
    other.locator("button[data-action=solution]").click()
    expect(solution).to_be_visible()
    expect(solution).to_be_focused()
    assert asked == ["Show a solution? Working it out yourself teaches more; the hints can help."] * 2

    # All of it is kept.
    page.reload()
    expect(box).to_have_attribute("data-exercise-ready", "")
    expect(box.locator("[data-exercise-hint]:visible")).to_have_count(hints.count())
    expect(box.locator(".cm-content")).to_contain_text("(e.sum(axis=-1, keepdims=True) + 1)")  # the reader's code
    expect(solution).to_be_visible()
    expect(other.locator("[data-exercise-state]")).to_have_text("Not solved yet · 2 checks")


def test_reset_puts_the_starter_back_and_undo_brings_the_code_back(return_visit: Page, site_url: str) -> None:
    page = return_visit
    _open(page, site_url + LESSON)
    box = _exercise(page, "scaled-dot-product")
    starter = box.locator("template[data-exercise-starter]").evaluate("(t) => t.content.textContent")
    box.scroll_into_view_if_needed()
    _type(page, box, "def attention(q, k, v):\n    return q\n")
    box.locator("button[data-action=reset]").click()
    content = box.locator(".cm-content")
    expect(content).to_be_focused()
    assert _code(box) == starter
    page.keyboard.press("Control+z")
    assert _code(box) == "def attention(q, k, v):\n    return q\n"


def test_a_solved_exercise_shows_on_the_home_page_and_travels_in_the_export(
    return_visit: Page, site_url: str, tmp_path: Path
) -> None:
    page = return_visit
    _open(page, site_url + LESSON)
    exercise = next(e for e in EXERCISES if e.id == "scaled-scores")
    box = _exercise(page, exercise.id)
    box.scroll_into_view_if_needed()
    _type(page, box, exercise.solution)
    _check(box, "passed")
    expect(box.locator(".exercise-kicker")).to_have_text(re.compile(r"^Build it · 1 of 3 in this lesson · 1 solved$"))
    expect(box.locator("[data-exercise-state]")).to_have_text("Solved · 1 check")

    page.goto(site_url)
    view = page.locator("[data-quiz-progress]")
    expect(view).to_have_attribute("data-quiz-ready", "")
    per_lesson = sum(1 for e in EXERCISES if e.lesson == "scaled-dot-product-attention")
    expect(view.locator(f"[data-quiz-progress-page='{LESSON}'] [data-progress-built]")).to_have_text(
        f"1 of {per_lesson}"
    )
    expect(view.locator("[data-quiz-progress-total] [data-progress-built]")).to_have_text(f"1 of {len(EXERCISES)}")
    expect(page.locator("article")).to_contain_text(f"{len(EXERCISES)} Build-it exercises in {len(LESSONS)} lessons")

    with page.expect_download() as download:
        view.locator("[data-action=export-progress]").click()
    path = tmp_path / "progress.json"
    download.value.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 2 and data["progress"] == {}
    assert data["exercises"]["scaled-scores"] | {"time": None} == {
        "solved": True,
        "checks": 1,
        "hints": 0,
        "solution": True,
        "code": exercise.solution,
        "time": None,
    }
    expect(view.locator("[data-quiz-progress-status]")).to_have_text("Exported 1 exercise.")

    page.on("dialog", lambda dialog: dialog.accept())
    view.locator("[data-action=reset-progress]").click()
    expect(view.locator("[data-quiz-progress-total] [data-progress-built]")).to_have_text(f"0 of {len(EXERCISES)}")
    view.locator("[data-action=import-progress]").set_input_files(str(path))
    expect(view.locator("[data-quiz-progress-status]")).to_have_text("Imported 1 exercise.")
    expect(view.locator("[data-quiz-progress-total] [data-progress-built]")).to_have_text(f"1 of {len(EXERCISES)}")
    _open(page, site_url + LESSON)
    expect(box).to_have_attribute("data-exercise-solved", "")
    expect(box.locator(".cm-content")).to_contain_text("np.swapaxes(k, -1, -2)")


def test_a_corrupt_saved_record_is_reported_and_reset(return_visit: Page, site_url: str) -> None:
    page = return_visit
    _open(page, site_url + LESSON)
    page.evaluate("localStorage.setItem('attention-course/exercise/v1/stable-softmax', '{\"solved\": \"yes\"')")
    page.reload()
    box = _exercise(page, "stable-softmax")
    expect(box).to_have_attribute("data-exercise-ready", "")
    expect(box.locator("[data-exercise-verdict]")).to_have_text(
        "Your saved work on this exercise could not be read, so it was reset."
    )
    assert page.evaluate("localStorage.getItem('attention-course/exercise/v1/stable-softmax')") is None
    expect(box.locator("[data-exercise-state]")).to_have_text("Not solved yet · 0 checks")


def test_an_endless_loop_is_stopped_and_python_stays_usable(return_visit: Page, site_url: str) -> None:
    page = return_visit
    _open(page, site_url + LESSON)
    exercise = next(e for e in EXERCISES if e.id == "stable-softmax")
    box = _exercise(page, exercise.id)
    box.scroll_into_view_if_needed()
    _type(page, box, "def softmax(x):\n    while True:\n        pass\n")
    _check(box, "failed")
    expect(box.locator("[data-exercise-verdict]")).to_have_text(re.compile(r"^Not yet: Stopped after 2 s\."))
    expect(box.locator("[data-exercise-message]")).to_contain_text("so Check stopped it")
    _type(page, box, exercise.solution)
    _check(box, "passed")


def test_the_keyboard_alone_writes_and_checks(return_visit: Page, site_url: str) -> None:
    page = return_visit
    _open(page, site_url + LESSON)
    box = _exercise(page, "scaled-scores")
    code = box.locator("pre[data-exercise-code]")
    code.focus()  # as Tab brings it: the editor loads and takes the focus
    content = box.locator(".cm-content")
    expect(content).to_be_focused()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(
        "import math\nimport numpy as np\ndef scaled_scores(q, k):\n    return q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])\n"
    )
    page.keyboard.press("Control+Enter")
    expect(box).to_have_attribute("data-exercise-result", "passed", timeout=CHECKED_MS)
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(box.locator("button[data-action=check]")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # Hint
    expect(box.locator("[data-exercise-hint]").first).to_be_focused()


def test_nothing_of_the_grader_loads_before_the_reader_comes_near(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    _open(page, site_url + LESSON)
    settled(page)
    assert not [url for url in requests if "/pyodide/" in url or url.endswith("/runner/editor.js")]


# Each scheme once and each width once: the exercise's colours come from the scheme, its layout from the width.
@pytest.mark.parametrize(("scheme", "width"), [("light", 1280), ("dark", 390)])
def test_an_exercise_in_use_passes_axe(open_page, site_url: str, scheme: str, width: int) -> None:
    page = scheme_page(open_page, scheme, visited=True)
    page.set_viewport_size({"width": width, "height": 900})
    _open(page, site_url + LESSON)
    settled(page, at_once=True)
    box = _exercise(page, "stable-softmax")
    box.scroll_into_view_if_needed()
    _type(
        page,
        box,
        "import numpy as np\ndef softmax(x):\n    e = np.exp(x)\n    return e / e.sum(axis=-1, keepdims=True)\n",
    )
    _check(box, "failed")  # the "no-max" mistake: its explanation shows
    expect(box).to_have_attribute("data-exercise-mistake", "no-max")
    box.locator("button[data-action=hint]").click()
    other = _exercise(page, "scaled-scores")
    other.locator("button[data-action=check]").click()  # the starter: the report shows
    expect(other).to_have_attribute("data-exercise-result", "failed", timeout=CHECKED_MS)
    exercise = next(e for e in EXERCISES if e.id == "scaled-dot-product")
    last = _exercise(page, exercise.id)
    _type(page, last, exercise.solution)
    _check(last, "passed")  # the solution shows
    assert box.evaluate("(node) => node.scrollWidth <= node.clientWidth + 1"), "the exercise overflows"
    lines = axe(page, within="[data-exercise]")
    assert not lines, "\n".join(lines)
