"""The ```exercise fence at build time: rendered from attention/exercises/, placed once, in its own lesson.

A small site built with the hooks, as the quiz build's tests do: a lesson that
places its three exercises renders each one (prompt, rules counted from its
checks, starter, buttons, every hint and mistake hidden, the solution hidden),
and the home page's progress view lists them; the home page says how many
exercises and mistakes the course holds, from the sources. An unknown id, an
exercise placed in another lesson, placed twice, or a lesson that leaves one
of its exercises out, stops the build with the file and the reason.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from attention.exercises import catalogue
from tests.quiz.test_quiz_build import CONFIG, _build, _fails, _site

LESSON = """# Scaled dot-product attention

## Step 1 — scores: how well does each query match each key?

## Step 2 — scale: divide by √d_k

```exercise
scaled-scores
```

## Step 3 — softmax: turn each row of scores into weights

```exercise
stable-softmax
```

## Step 4 — weighted sum of the values

```exercise
scaled-dot-product
```
"""
OURS = [e for e in catalogue() if e.lesson == "scaled-dot-product-attention"]


def _with_lesson(tmp_path: Path, lesson: str = LESSON, other: str | None = None) -> Path:
    config = CONFIG.replace(
        "  - Other: other.md\n", "  - Other: other.md\n  - Scaled: lessons/scaled-dot-product-attention.md\n"
    )
    project = _site(tmp_path, config=config)
    lessons = project / "docs" / "lessons"
    lessons.mkdir()
    (lessons / "scaled-dot-product-attention.md").write_text(lesson, encoding="utf-8")
    (project / "docs" / "index.md").write_text(
        "# Home\n\nThe course holds <!-- exercise-summary -->.\n\n## Your progress\n\n"
        '<div class="quiz-progress" data-quiz-progress></div>\n',
        encoding="utf-8",
    )
    if other is not None:
        (project / "docs" / "lesson.md").write_text(other, encoding="utf-8")
    return project


def test_a_lesson_renders_its_exercises(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    site, _ = _build(_with_lesson(tmp_path), caplog)
    page = (site / "lessons" / "scaled-dot-product-attention" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'data-exercise="([a-z-]+)"', page) == ["scaled-scores", "stable-softmax", "scaled-dot-product"]
    for exercise in OURS:
        for mistake in exercise.mistakes:
            assert f'data-exercise-mistake="{mistake.id}" hidden>' in page
    assert page.count("data-exercise-hint hidden") == sum(len(e.hints) for e in OURS)
    assert page.count("data-exercise-solution hidden") == 3
    # Each kicker says where the exercise stands in the lesson, as the script would (it writes the number solved
    # only), and the buttons wait, disabled, for the script.
    kickers = re.findall(r'<p class="exercise-kicker">(.*?)<span class="exercise-progress" data-exercise-progress>', page)
    assert kickers == [f"Build it · {n} of 3 in this lesson" for n in (1, 2, 3)]
    assert len(re.findall(r'<button type="button" class="[^"]*" data-action="(?:check|hint|solution|reset)" disabled', page)) == 12
    assert "Check</strong> runs your <code>softmax</code> on 8 inputs" in page
    assert "(rtol=1e-05, atol=1e-06 for float32 inputs)" in page
    starter = re.search(r"<template data-exercise-starter>(.*?)</template>", page, re.DOTALL).group(1)
    assert html.unescape(starter) == next(e for e in OURS if e.id == "scaled-scores").starter
    # Links to the sections, rewritten as the site's URLs.
    assert 'href="#step-3-softmax-turn-each-row-of-scores-into-weights"' in page

    home = (site / "index.html").read_text(encoding="utf-8")
    manifest = json.loads(html.unescape(re.search(r'data-quiz-manifest="([^"]*)"', home).group(1)))
    entry = next(p for p in manifest["pages"] if p["page"] == "lessons/scaled-dot-product-attention/")
    assert entry["exercises"] == ["scaled-scores", "stable-softmax", "scaled-dot-product"] and entry["questions"] == []
    mistakes = sum(len(e.mistakes) for e in catalogue())
    lessons = len({e.lesson for e in catalogue()})
    assert (
        f"{len(catalogue())} Build-it exercises in {lessons} lessons, graded in your browser, with {mistakes}" in home
    )


def test_an_unknown_exercise_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    message = _fails(_with_lesson(tmp_path, LESSON.replace("scaled-scores\n", "no-such-thing\n")), caplog)
    assert (
        "docs/lessons/scaled-dot-product-attention.md" in message
        and "no such exercise in attention/exercises/" in message
    )


def test_an_exercise_in_another_lesson_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    other = "# Lesson\n\n## Intro\n\n```exercise\ncausal-mask\n```\n"
    message = _fails(_with_lesson(tmp_path, other=other), caplog)
    assert "the exercise belongs to lessons/self-attention.md, not to lesson" in message


def test_an_exercise_placed_twice_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    message = _fails(_with_lesson(tmp_path, LESSON + "\n```exercise\nstable-softmax\n```\n"), caplog)
    assert "placed twice: also in docs/lessons/scaled-dot-product-attention.md" in message


def test_a_lesson_that_leaves_an_exercise_out_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    message = _fails(_with_lesson(tmp_path, LESSON.replace("```exercise\nstable-softmax\n```\n", "")), caplog)
    assert "exercise 'stable-softmax' is not placed: add an ```exercise fence naming it to" in message
