"""Saved state that cannot be trusted or kept is said so and reset, never fatal: quizzes and the progress import."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from site_examples.material_adapter import DARK_SCHEME, SCHEME_ATTRIBUTE, SCHEME_SETTING, SCHEME_TOGGLE
from tests.browser.test_quiz import (
    CHECK_PAGE,
    _home,
    _manifest,
    _open,
    _progress_file,
    _progress_rows,
    _question,
    _stored_progress,
    _wrong_and_right,
)

KEY = "attention-course/quiz/v1/check-your-understanding/#check-why-scale"


def test_a_corrupt_saved_answer_is_reported_and_reset(page: Page, site_url: str) -> None:
    page.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); localStorage.setItem('{KEY}', '{{not json'); }}"
    )
    _open(page, site_url + CHECK_PAGE)
    notice = page.locator("[data-quiz-notice]")
    expect(notice).to_have_text("1 saved answer of this quiz could not be read and was reset.")
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
    # The quiz works as if the answer had never been given.
    question = _question(page, "check-why-scale")
    _wrong_and_right(question)[1].check()
    question.locator("button[data-action=check]").click()
    expect(question.locator("[data-feedback]")).to_have_attribute("data-result", "correct")
    _open(page, site_url + CHECK_PAGE)
    expect(page.locator("[data-quiz-notice]")).to_have_count(0)  # said once: the reset stuck


def test_an_answer_that_cannot_be_saved_says_so(page: Page, site_url: str) -> None:
    _open(page, site_url + CHECK_PAGE)
    page.evaluate(
        """() => {
          // Fill the site's storage to the last byte: halve the piece whenever it no longer fits.
          for (let i = 0, size = 500_000; size >= 1; ) {
            try { localStorage.setItem('filler-' + i++, 'z'.repeat(size)); } catch { size = Math.floor(size / 2); }
          }
        }"""
    )
    question = _question(page, "check-why-scale")
    _wrong_and_right(question)[1].check()
    question.locator("button[data-action=check]").click()
    status = question.locator("[data-feedback-status]")
    expect(status).to_contain_text("Correct.")
    expect(status).to_contain_text("could not be saved in this browser")


def test_an_oversized_import_names_its_real_problem(page: Page, site_url: str, tmp_path: Path) -> None:
    page.goto(site_url)
    expect(page.locator("[data-quiz-progress]")).to_have_attribute("data-quiz-ready", "")
    big = tmp_path / "progress.json"
    big.write_text('{"format": "attention-course-quiz-progress", "pad": "' + "x" * 1_200_000 + '"}', encoding="utf-8")
    page.locator("input[data-action=import-progress]").set_input_files(big)
    expect(page.locator("[data-quiz-progress-status]")).to_have_text(
        "Could not import: the file is 1.2 MB, and a progress export of this course is under 1 MB. "
        "Your progress was not changed."
    )


def test_an_import_the_storage_cannot_hold_changes_nothing_and_says_so(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    """All or nothing: a write the browser refuses puts every saved answer back as it was."""
    _open(page, site_url + CHECK_PAGE)
    question = _question(page, "check-why-scale")
    _wrong_and_right(question)[1].check()
    question.locator("button[data-action=check]").click()
    _home(page, site_url)
    saved, rows = _stored_progress(page), _progress_rows(page)
    assert list(saved) == [KEY]
    # An answer to every question of the course: more than the one saved answer's room.
    record = {"answer": "0.5", "result": "incorrect", "attempts": 1, "time": "2026-12-04T00:00:00.000Z"}
    records = {f"{p}#{q}": record for p, ids in _manifest(page).items() for q in ids}
    assert len(records) > 10
    upload = _progress_file(tmp_path / "progress.json", records)
    page.evaluate(
        """() => {
          // Fill the site's storage to the last byte: halve the piece whenever it no longer fits.
          for (let i = 0, size = 500_000; size >= 1; ) {
            try { localStorage.setItem('filler-' + i++, 'z'.repeat(size)); } catch { size = Math.floor(size / 2); }
          }
        }"""
    )
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("input[data-action=import-progress]").set_input_files(upload)
    expect(page.locator("[data-quiz-progress-status]")).to_have_text(
        "Could not import: this browser's storage for the site is full. Your progress was not changed."
    )
    assert _stored_progress(page) == saved  # the same entry, byte for byte, and nothing else
    assert _progress_rows(page) == rows
    page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('filler-')).forEach(k => localStorage.removeItem(k))"
    )
    _open(page, site_url + CHECK_PAGE)
    expect(_question(page, "check-why-scale").locator("[data-feedback]")).to_have_attribute("data-result", "correct")


def test_an_import_keeps_only_the_fields_a_saved_answer_has(page: Page, site_url: str, tmp_path: Path) -> None:
    _home(page, site_url)
    record = {"answer": ["b"], "result": "correct", "attempts": 2, "time": "2026-12-04T00:00:00.000Z"}
    padded = {**record, "pad": "x" * 500_000, "note": {"any": ["thing"]}}
    upload = _progress_file(tmp_path / "progress.json", {"check-your-understanding/#check-qkv-roles": padded})
    page.locator("input[data-action=import-progress]").set_input_files(upload)
    expect(page.locator("[data-quiz-progress-status]")).to_have_text("Imported 1 answer.")
    stored = _stored_progress(page)
    key = "attention-course/quiz/v1/check-your-understanding/#check-qkv-roles"
    assert list(stored) == [key] and json.loads(stored[key]) == record

    # A field the course knows, but of a size no export of it has, is refused with the file.
    long_time = {**record, "time": "2026-12-04T00:00:00.000Z" + " " * 100}
    upload = _progress_file(tmp_path / "long.json", {"check-your-understanding/#check-why-scale": long_time})
    page.locator("input[data-action=import-progress]").set_input_files(upload)
    expect(page.locator("[data-quiz-progress-status]")).to_have_text(
        'Could not import: the answer to "check-your-understanding/#check-why-scale" is malformed. '
        "Your progress was not changed."
    )
    assert _stored_progress(page) == stored


def test_a_corrupt_colour_scheme_setting_is_reset_and_the_toggle_works(page: Page, site_url: str) -> None:
    """Material reads its saved settings as JSON: an unreadable colour scheme used to kill its toggle."""
    warnings: list[str] = []
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem(new URL('/', location).pathname + '.{SCHEME_SETTING}', '{{\"index\": 1, \"color\": '); }}"
    )
    page.goto(site_url + CHECK_PAGE)
    assert any(f"{SCHEME_SETTING} could not be read, and was reset" in text for text in warnings), warnings
    assert page.evaluate(f"JSON.parse(localStorage.getItem('/.{SCHEME_SETTING}')).index") == 0  # reset to the first scheme
    body = page.locator("body")
    toggle = page.locator(f"{SCHEME_TOGGLE}:visible").first
    expect(toggle).to_have_attribute("title", "Switch to light mode")  # the first scheme: the system's
    toggle.click()  # light
    page.locator(f"{SCHEME_TOGGLE}:visible").first.click()  # dark
    expect(body).to_have_attribute(SCHEME_ATTRIBUTE, DARK_SCHEME)
    assert page.evaluate(f"JSON.parse(localStorage.getItem('/.{SCHEME_SETTING}')).index") == 2  # saved again, readable
