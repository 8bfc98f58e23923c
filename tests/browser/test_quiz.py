"""Quizzes in the browser: feedback, keyboard-only use, progress that survives a reload, export and import."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from attention.exercises import catalogue
from site_examples.material_adapter import NAVIGATION

CHECK_PAGE = "check-your-understanding/"
LESSON = "lessons/scaled-dot-product-attention/"


def _open(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("[data-quiz]").first).to_have_attribute("data-quiz-ready", "")


def _question(page: Page, question_id: str) -> Locator:
    return page.locator(f"[data-question][data-question-id='{question_id}']")


def _wrong_and_right(question: Locator) -> tuple[Locator, Locator]:
    return question.locator("[data-option]:not([data-correct])").first, question.locator("[data-option][data-correct]")


def test_single_choice_wrong_then_right(page: Page, site_url: str) -> None:
    _open(page, site_url + CHECK_PAGE)
    question = _question(page, "check-why-scale")
    feedback = question.locator("[data-feedback]")
    wrong, right = _wrong_and_right(question)
    wrong_value = wrong.get_attribute("value")

    wrong.check()
    question.locator("button[data-action=check]").click()
    expect(feedback).to_have_attribute("data-result", "incorrect")
    expect(feedback.locator("[data-feedback-status]")).to_have_text("Not quite.")
    explanation = feedback.locator(f"[data-explanation='{wrong_value}']")
    expect(explanation).to_be_visible()
    expect(explanation.locator("a[href*='#']").first).to_be_visible()  # the section that corrects it
    expect(feedback.locator("[data-explanation]:visible")).to_have_count(1)  # only the chosen option's
    expect(question.locator("[data-option]").first).to_be_disabled()
    expect(page.locator("[data-quiz]").first.locator("[data-quiz-score]")).to_have_text(
        "Score: 0 of 5 correct (1 of 5 answered)."
    )

    question.locator("button[data-action=retry]").click()
    expect(feedback).not_to_have_attribute("data-result", re.compile(".*"))
    expect(feedback.locator("[data-explanation]:visible")).to_have_count(0)
    expect(wrong).not_to_be_checked()

    right.check()
    question.locator("button[data-action=check]").click()
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(feedback.locator("[data-feedback-status]")).to_have_text("Correct.")
    expect(feedback.locator(f"[data-explanation='{right.get_attribute('value')}']")).to_contain_text("Right.")
    expect(page.locator("[data-quiz]").first.locator("[data-quiz-score]")).to_have_text(
        "Score: 1 of 5 correct (1 of 5 answered)."
    )


def test_multiple_choice_says_what_is_missing(page: Page, site_url: str) -> None:
    _open(page, site_url + CHECK_PAGE)
    question = _question(page, "check-weight-facts")
    feedback = question.locator("[data-feedback]")
    question.locator("[data-option][data-correct]").first.check()
    question.locator("button[data-action=check]").click()
    expect(feedback).to_have_attribute("data-result", "incorrect")
    expect(feedback.locator("[data-feedback-status]")).to_have_text("Not quite. 1 correct answer was not chosen.")
    question.locator("button[data-action=retry]").click()
    for option in question.locator("[data-option][data-correct]").all():
        option.check()
    question.locator("button[data-action=check]").click()
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(feedback.locator("[data-explanation]:visible")).to_have_count(2)


def test_numeric_answers_and_misconceptions(page: Page, site_url: str) -> None:
    _open(page, site_url + CHECK_PAGE)
    question = _question(page, "check-weight-of-key-2")
    feedback = question.locator("[data-feedback]")
    answer_box = question.locator("input[data-option]")
    check = question.locator("button[data-action=check]")

    answer_box.fill("about a third")
    check.click()
    expect(answer_box).to_have_attribute("aria-invalid", "true")
    expect(feedback.locator("[data-feedback-status]")).to_have_text("That is not a number: write it like 0.25.")
    expect(feedback).not_to_have_attribute("data-result", re.compile(".*"))

    # The number a reader gets by forgetting the scaling: the build put it next to its explanation.
    mistake = feedback.locator("[data-mistake]").first
    answer_box.fill(f"{float(mistake.get_attribute('data-mistake')):.4f}")
    check.click()
    expect(feedback).to_have_attribute("data-result", "incorrect")
    expect(mistake).to_be_visible()
    expect(mistake).to_contain_text("division by")
    expect(feedback.locator("[data-numeric-answer]")).to_be_hidden()

    question.locator("button[data-action=retry]").click()
    exact = float(question.get_attribute("data-answer"))
    tolerance = float(question.get_attribute("data-tolerance"))
    answer_box.fill(f"{exact + 0.8 * tolerance:.5f}".replace(".", ","))  # within tolerance, decimal comma
    check.click()
    expect(feedback).to_have_attribute("data-result", "correct")
    expect(feedback.locator("[data-numeric-answer]")).to_have_text(f"The exact value is {exact:.4f}.")
    expect(mistake).to_be_hidden()


def test_keyboard_only(page: Page, site_url: str) -> None:
    _open(page, site_url + CHECK_PAGE)
    question = _question(page, "check-qkv-roles")
    options = question.locator("[data-option]")
    # Reach the first question from the page's content with Tab alone.
    page.locator("h2#five-key-questions").scroll_into_view_if_needed()
    page.keyboard.press("Tab")  # into the page: the skip link or the header
    for _ in range(200):  # past the header, the navigation and the table of contents
        if page.evaluate("document.activeElement && document.activeElement.name") == "quiz-check-qkv-roles":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "quiz-check-qkv-roles"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), "the focused option shows no focus ring"

    # Arrow keys move within the radio group (and choose); Tab leaves it for the Check button.
    page.keyboard.press("ArrowDown")
    expect(options.nth(1)).to_be_checked()  # B: the correct one
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "check"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") not in ("none", "")
    page.keyboard.press("Enter")
    expect(question.locator("[data-feedback]")).to_have_attribute("data-result", "correct")
    assert page.evaluate("document.activeElement.dataset.action") == "retry"  # focus stays on the question
    page.keyboard.press("Space")
    expect(question.locator("[data-feedback]")).not_to_have_attribute("data-result", re.compile(".*"))
    assert page.evaluate("document.activeElement.name") == "quiz-check-qkv-roles"

    # A numeric answer: type it and press Enter.
    numeric = _question(page, "check-mha-parameters")
    numeric.locator("input[data-option]").focus()
    page.keyboard.type("1048576")  # 4 x 512 x 512
    page.keyboard.press("Enter")
    expect(numeric.locator("[data-feedback]")).to_have_attribute("data-result", "correct")

    # A multiple-choice answer: Tab between the boxes, Space to tick.
    multiple = _question(page, "check-weight-facts")
    boxes = multiple.locator("[data-option]")
    boxes.first.focus()
    page.keyboard.press("Space")
    for _ in range(3):
        page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(boxes.nth(0)).to_be_checked()
    expect(boxes.nth(3)).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(multiple.locator("[data-feedback]")).to_have_attribute("data-result", "correct")


def test_feedback_is_announced(page: Page, site_url: str) -> None:
    _open(page, site_url + LESSON)
    for feedback in page.locator("[data-feedback]").all():
        assert feedback.get_attribute("aria-live") == "polite"
    assert page.locator("fieldset legend").count() == page.locator("[data-question]").count()


def test_progress_survives_a_reload_and_shows_on_the_home_page(page: Page, site_url: str) -> None:
    _open(page, site_url + LESSON)
    shape = _question(page, "sdpa-output-shape")
    _wrong_and_right(shape)[1].check()
    shape.locator("button[data-action=check]").click()
    weight = _question(page, "sdpa-weight-of-key-2")
    weight.locator("input[data-option]").fill("0.9")
    weight.locator("button[data-action=check]").click()
    expect(weight.locator("[data-feedback]")).to_have_attribute("data-result", "incorrect")

    page.reload()
    expect(page.locator("[data-quiz]").first).to_have_attribute("data-quiz-ready", "")
    shape, weight = _question(page, "sdpa-output-shape"), _question(page, "sdpa-weight-of-key-2")
    expect(_wrong_and_right(shape)[1]).to_be_checked()
    expect(shape.locator("[data-feedback]")).to_have_attribute("data-result", "correct")
    expect(weight.locator("input[data-option]")).to_have_value("0.9")
    expect(weight.locator("[data-feedback]")).to_have_attribute("data-result", "incorrect")
    expect(page.locator("[data-quiz-score]")).to_have_text("Score: 1 of 4 correct (2 of 4 answered).")

    # Instant navigation to the home page: its progress view counts those answers.
    page.locator(f"{NAVIGATION} a", has_text="Home").first.click()
    row = page.locator("[data-quiz-progress-page='lessons/scaled-dot-product-attention/']")
    expect(row).to_contain_text("1 of 4")
    expect(row).to_contain_text("2 of 4")
    check_page_total = len(_manifest(page)["check-your-understanding/"])
    expect(page.locator("[data-quiz-progress-page='check-your-understanding/']")).to_contain_text(
        f"0 of {check_page_total}"
    )


def _manifest(page: Page) -> dict[str, list[str]]:
    """Question ids by page, as the build listed them for the progress view."""
    data = json.loads(page.locator("[data-quiz-progress]").get_attribute("data-quiz-manifest"))
    return {entry["page"]: entry["questions"] for entry in data["pages"]}


def _progress_rows(page: Page) -> list[str]:
    return page.locator("[data-quiz-progress] tr").evaluate_all(
        "rows => rows.map(r => r.innerText.replace(/\\s+/g, ' ').trim())"
    )


def test_export_then_import_restores_progress(page: Page, site_url: str, tmp_path: Path) -> None:
    _open(page, site_url + CHECK_PAGE)
    roles = _question(page, "check-qkv-roles")
    _wrong_and_right(roles)[1].check()
    roles.locator("button[data-action=check]").click()
    scale = _question(page, "check-why-scale")
    _wrong_and_right(scale)[0].check()
    scale.locator("button[data-action=check]").click()

    page.goto(site_url)
    expect(page.locator("[data-quiz-progress]")).to_have_attribute("data-quiz-ready", "")
    before = _progress_rows(page)
    total = sum(len(ids) for ids in _manifest(page).values())
    built = f"0 of {len(catalogue())}"  # the Build-it exercises solved (tests/browser/test_exercises.py)
    assert f"Whole course 1 of {total} 2 of {total} {built}" in before

    with page.expect_download() as download:
        page.locator("button[data-action=export-progress]").click()
    exported = tmp_path / "progress.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["format"] == "attention-course-quiz-progress" and data["version"] == 2 and data["exercises"] == {}
    assert sorted(data["progress"]) == [
        "check-your-understanding/#check-qkv-roles",
        "check-your-understanding/#check-why-scale",
    ]
    assert data["progress"]["check-your-understanding/#check-qkv-roles"]["result"] == "correct"

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("button[data-action=reset-progress]").click()
    expect(page.locator("[data-quiz-progress-status]")).to_have_text("All progress deleted.")
    assert f"Whole course 0 of {total} 0 of {total} {built}" in _progress_rows(page)

    # A malformed file is refused and changes nothing.
    broken = tmp_path / "broken.json"
    bad = json.loads(exported.read_text(encoding="utf-8"))
    bad["progress"]["check-your-understanding/#check-qkv-roles"]["result"] = "maybe"
    broken.write_text(json.dumps(bad), encoding="utf-8")
    page.locator("input[data-action=import-progress]").set_input_files(broken)
    expect(page.locator("[data-quiz-progress-status]")).to_contain_text("Could not import")
    assert f"Whole course 0 of {total} 0 of {total} {built}" in _progress_rows(page)

    page.locator("input[data-action=import-progress]").set_input_files(exported)
    expect(page.locator("[data-quiz-progress-status]")).to_have_text("Imported 2 answers.")
    assert _progress_rows(page) == before

    # An export of the first version (answers only, before the exercises) still imports.
    first = tmp_path / "version-1.json"
    older = json.loads(exported.read_text(encoding="utf-8"))
    older["version"] = 1
    del older["exercises"]
    first.write_text(json.dumps(older), encoding="utf-8")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("input[data-action=import-progress]").set_input_files(first)
    expect(page.locator("[data-quiz-progress-status]")).to_have_text("Imported 2 answers.")
    assert _progress_rows(page) == before

    _open(page, site_url + CHECK_PAGE)
    expect(_question(page, "check-qkv-roles").locator("[data-feedback]")).to_have_attribute("data-result", "correct")
    expect(_question(page, "check-why-scale").locator("[data-feedback]")).to_have_attribute("data-result", "incorrect")


def _progress_file(path: Path, records: dict[str, dict]) -> Path:
    """A progress export holding `records` ({"page#id": record})."""
    data = {"format": "attention-course-quiz-progress", "version": 1, "exported": "2026-12-04T00:00:00.000Z"}
    path.write_text(json.dumps({**data, "progress": records}), encoding="utf-8")
    return path


def _stored_progress(page: Page) -> dict[str, str]:
    """The quizzes' entries of localStorage, as stored (raw)."""
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage)"
        ".filter(k => k.startsWith('attention-course/quiz/v1/')).map(k => [k, localStorage.getItem(k)]))"
    )


def _home(page: Page, site_url: str) -> None:
    page.goto(site_url)
    expect(page.locator("[data-quiz-progress]")).to_have_attribute("data-quiz-ready", "")


def test_an_import_asks_before_it_replaces_saved_answers(page: Page, site_url: str, tmp_path: Path) -> None:
    _open(page, site_url + CHECK_PAGE)
    roles = _question(page, "check-qkv-roles")
    _wrong_and_right(roles)[1].check()
    roles.locator("button[data-action=check]").click()
    _home(page, site_url)
    saved, rows = _stored_progress(page), _progress_rows(page)
    record = {"answer": ["a"], "result": "incorrect", "attempts": 1, "time": "2026-12-04T00:00:00.000Z"}
    upload = _progress_file(
        tmp_path / "progress.json",
        {"check-your-understanding/#check-why-scale": record, "check-your-understanding/#check-rnn-bottleneck": record},
    )
    asked: list[str] = []

    def answer(accept: bool):
        def handle(dialog) -> None:
            asked.append(f"{dialog.type}: {dialog.message}")
            dialog.accept() if accept else dialog.dismiss()

        return handle

    page.once("dialog", answer(False))
    page.locator("input[data-action=import-progress]").set_input_files(upload)
    status = page.locator("[data-quiz-progress-status]")
    expect(status).to_have_text("Import cancelled. Your progress was not changed.")
    assert asked == ["confirm: Replace your 1 answer saved in this browser with the 2 answers in this file?"]
    assert _stored_progress(page) == saved and _progress_rows(page) == rows

    page.once("dialog", answer(True))
    page.locator("input[data-action=import-progress]").set_input_files(upload)
    expect(status).to_have_text("Imported 2 answers.")
    assert len(asked) == 2
    assert sorted(_stored_progress(page)) == [
        "attention-course/quiz/v1/check-your-understanding/#check-rnn-bottleneck",
        "attention-course/quiz/v1/check-your-understanding/#check-why-scale",
    ]


def test_retry_quiz_clears_only_that_quiz(page: Page, site_url: str) -> None:
    _open(page, site_url + CHECK_PAGE)
    first_quiz, second_quiz = page.locator("[data-quiz]").nth(0), page.locator("[data-quiz]").nth(1)
    for question_id in ("check-qkv-roles", "check-rnn-bottleneck"):
        question = _question(page, question_id)
        _wrong_and_right(question)[1].check()
        question.locator("button[data-action=check]").click()
    first_quiz.locator("button[data-action=retry-quiz]").click()
    expect(first_quiz.locator("[data-feedback][data-result]")).to_have_count(0)
    expect(first_quiz.locator("[data-quiz-score]")).to_have_text("Score: 0 of 5 correct (0 of 5 answered).")
    expect(second_quiz.locator("[data-feedback][data-result]")).to_have_count(1)
    page.reload()
    expect(page.locator("[data-quiz]").first).to_have_attribute("data-quiz-ready", "")
    expect(page.locator("[data-feedback][data-result]")).to_have_count(1)


def test_a_fresh_quiz_is_served_with_its_score_line_as_quiz_js_words_it(page: Page, site_url: str, built_site: Path) -> None:
    """Each quiz's score line comes built as quiz.js words it for a reader who has answered nothing, so mounting the
    quiz changes no text and rewraps nothing (it was "5 questions", then two lines at 390 px, 34 px lower)."""
    served = (built_site / CHECK_PAGE / "index.html").read_text(encoding="utf-8")
    built = re.findall(r'<p class="quiz-score" data-quiz-score aria-live="polite">([^<]*)</p>', served)
    assert len(built) >= 2
    _open(page, site_url + CHECK_PAGE)
    expect(page.locator("[data-quiz]").first).to_have_attribute("data-quiz-ready", "")
    expect(page.locator("[data-quiz-score]")).to_have_text(built)
    assert built[0] == "Score: 0 of 5 correct (0 of 5 answered)."
