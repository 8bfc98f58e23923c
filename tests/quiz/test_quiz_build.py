"""The quiz hook inside real MkDocs builds of tiny sites: what passes, and how each failure stops the build.

Each test writes a two-page site (the plain ``mkdocs`` theme: the hook does
not depend on Material) that uses the project's hook and fence
configuration, and builds it in this process, strictly. A good site builds
with its quizzes, links and progress placeholder; a malformed quiz, an
answer that raises, an id used on two pages, a link to a missing page,
section or anchor, an undeclared or unrendered fence each stop the build,
saying where and why. The hook's docstring and the fence's agree."""

from __future__ import annotations

import html
import json
import logging
import re
import textwrap
import warnings
from pathlib import Path

import pytest
from properdocs.commands.build import build
from properdocs.config import load_config
from properdocs.exceptions import Abort
from quiz_support import HOOK_PATH

CONFIG = f"""
site_name: Quiz test
site_url: http://127.0.0.1:8000/
theme:
  name: mkdocs
nav:
  - Home: index.md
  - Lesson: lesson.md
  - Other: other.md
hooks:
  - {HOOK_PATH}
markdown_extensions:
  - toc
  - pymdownx.arithmatex:
      generic: true
  - pymdownx.superfences:
      custom_fences:
        - name: quiz
          class: quiz
        - name: exercise
          class: exercise
validation:
  omitted_files: warn
  absolute_links: warn
  unrecognized_links: warn
  anchors: warn
"""

GOOD_QUIZ = """
- id: lesson-q
  type: single
  prompt: Which is right, \\(a\\) or \\(b\\)?
  options:
    - text: \\(a\\)
      explanation: No; see [the section](other.md#the-section) and [above](#intro).
    - text: \\(b\\)
      correct: true
      explanation: Yes, as [the section](other.md#the-section) says.
"""

INDEX = """# Home

## Your progress

<div class="quiz-progress" data-quiz-progress></div>
"""


def _site(tmp_path: Path, lesson_quiz: str = GOOD_QUIZ, other_quiz: str | None = None, config: str = CONFIG) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    (docs / "index.md").write_text(INDEX, encoding="utf-8")
    (docs / "lesson.md").write_text(f"# Lesson\n\n## Intro\n\nText.\n\n```quiz{lesson_quiz}```\n", encoding="utf-8")
    other = "# Other\n\n## The section\n\nText.\n"
    if other_quiz:
        other += f"\n```quiz{other_quiz}```\n"
    (docs / "other.md").write_text(other, encoding="utf-8")
    return tmp_path


def _build(project: Path, caplog: pytest.LogCaptureFixture) -> tuple[Path, str]:
    """Build strictly; return the site folder and what MkDocs logged (the error, on failure)."""
    site = project / "site"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # third-party deprecations are not ours to fail on
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(site), strict=True)
        with caplog.at_level(logging.WARNING, logger="properdocs"):
            try:
                build(config)
            finally:
                config.plugins.on_shutdown()
    return site, caplog.text


def _fails(project: Path, caplog: pytest.LogCaptureFixture) -> str:
    with pytest.raises(Abort) as caught:
        _build(project, caplog)
    cause = caught.value.__context__
    return f"{caplog.text}\n{cause}"


def test_a_good_site_builds_with_quizzes_links_and_progress(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    other_quiz = (
        GOOD_QUIZ.replace("lesson-q", "other-q")
        .replace("other.md#the-section", "lesson.md#intro")
        .replace("(#intro)", "(#the-section)")
    )
    site, log = _build(_site(tmp_path, other_quiz=other_quiz), caplog)
    lesson = (site / "lesson" / "index.html").read_text(encoding="utf-8")
    assert lesson.count("data-quiz ") == 1 and 'data-question-id="lesson-q"' in lesson
    assert 'data-quiz-page="lesson/"' in lesson
    assert "```quiz" not in lesson
    # Links are rewritten the way MkDocs rewrites the page's own links.
    assert '<a href="../other/#the-section">the section</a>' in lesson
    assert '<a href="#intro">above</a>' in lesson
    assert '<span class="arithmatex">\\(a\\)</span>' in lesson
    # The home page's progress view lists every question of the site, in nav order, linked from the home page.
    home = (site / "index.html").read_text(encoding="utf-8")
    [attribute] = re.findall(r'data-quiz-manifest="([^"]*)"', home)
    manifest = json.loads(html.unescape(attribute))
    assert manifest == {
        "pages": [
            {"page": "lesson/", "title": "Lesson", "href": "lesson/", "questions": ["lesson-q"], "exercises": []},
            {"page": "other/", "title": "Other", "href": "other/", "questions": ["other-q"], "exercises": []},
        ]
    }
    assert "WARNING" not in log


def test_a_malformed_quiz_stops_the_build_with_file_line_id_and_reason(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bad = GOOD_QUIZ.replace("      correct: true\n", "")
    message = _fails(_site(tmp_path, bad), caplog)
    assert "docs/lesson.md:8: quiz question 'lesson-q': no option is marked correct" in message


def test_a_numeric_answer_that_raises_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bad = (
        "\n- id: lesson-n\n  type: numeric\n  prompt: How much?\n"
        "  answer: softmax(1, 2, 3)\n  tolerance: 0.1\n  explanation: x\n"
    )
    message = _fails(_site(tmp_path, bad), caplog)
    assert "docs/lesson.md:8: quiz question 'lesson-n': answer expression `softmax(1, 2, 3)` raised" in message


def test_an_id_used_on_two_pages_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    message = _fails(_site(tmp_path, other_quiz=GOOD_QUIZ), caplog)
    assert re.search(
        r"docs/(lesson|other)\.md:\d+: quiz question 'lesson-q': duplicate id: also used at docs/(other|lesson)\.md:\d+",
        message,
    )


def test_a_link_to_a_missing_section_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bad = GOOD_QUIZ.replace("other.md#the-section", "other.md#no-such-section")
    message = _fails(_site(tmp_path, bad), caplog)
    assert (
        "docs/lesson.md:8: quiz question 'lesson-q': broken link 'other.md#no-such-section': "
        "other.md has no section #no-such-section"
    ) in message


def test_a_link_to_a_missing_anchor_on_the_same_page_stops_the_build(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    message = _fails(_site(tmp_path, GOOD_QUIZ.replace("(#intro)", "(#outro)")), caplog)
    assert "quiz question 'lesson-q': broken link '#outro': lesson.md has no section #outro" in message


def test_a_link_to_a_missing_page_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    message = _fails(_site(tmp_path, GOOD_QUIZ.replace("other.md#the-section", "gone.md#x")), caplog)
    assert (
        "docs/lesson.md:8: quiz question 'lesson-q': broken link 'gone.md#x': no documentation file gone.md" in message
    )


def test_the_fence_must_be_declared_in_mkdocs_yml(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    config = CONFIG.replace(
        "  - pymdownx.superfences:\n      custom_fences:\n        - name: quiz\n          class: quiz\n"
        "        - name: exercise\n          class: exercise\n",
        "  - pymdownx.superfences\n",
    )
    project = _site(tmp_path, config=config)
    with pytest.raises(Exception) as caught:
        _build(project, caplog)
    assert "mkdocs.yml must declare the quiz fence once" in f"{caplog.text}\n{caught.value}\n{caught.value.__context__}"


def test_a_quiz_fence_that_does_not_render_stops_the_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A fence superfences does not take (here: never closed) must not pass as text."""
    project = _site(tmp_path)
    lesson = project / "docs" / "lesson.md"
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\n```quiz\n- id: x\n", encoding="utf-8")
    message = _fails(project, caplog)
    assert "docs/lesson.md has 2 ```quiz and ```exercise fence(s) but 1 were rendered" in message


def test_the_progress_placeholder_is_required_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    project = _site(tmp_path)
    index = project / "docs" / "index.md"
    index.write_text(INDEX + "\n<div data-quiz-progress></div>\n", encoding="utf-8")
    message = _fails(project, caplog)
    assert "index.md must contain exactly one <div data-quiz-progress> element, found 2" in message


def test_hook_and_fence_docstring_agree() -> None:
    """The module's documented YAML example is itself a valid quiz (a maintainer copies it)."""
    from quiz_support import quiz

    doc = quiz.__doc__
    example = textwrap.dedent(doc[doc.index("```quiz\n") + 8 : doc.index("    ```\n\nText with display math")])
    questions = quiz.parse_quiz(example, "docstring")
    assert [q.id for q in questions] == ["sdpa-why-scale", "sdpa-weight-of-key-2"]
