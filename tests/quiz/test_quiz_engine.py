"""The quiz parser, validator and renderer (overrides/hooks/quiz.py), without MkDocs.

Valid questions of each type parse, each knowing its line in the page, and a
numeric answer is computed at build time with the package. Every malformed
quiz is refused with the file, the line, the question id and the reason: no
correct option, two in a single-choice question, a missing or empty
explanation, a wrong option's explanation without a link, an id used twice
(in one quiz or across pages), an answer expression that raises or gives no
number, a mistake the answer cannot be told from, bad fields, YAML errors.
The HTML keeps the DOM contract and is accessible, and math and Markdown
render in prompts, options and explanations.

Golden files: each ``golden/NAME.yaml`` is a quiz body; ``golden/NAME.html`` is
its expected HTML, rendered with plain Python-Markdown + arithmatex for the
page ``lessons/example/``. After an intended change to the HTML, regenerate
them and read the diff before committing:

    QUIZ_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/quiz/test_quiz_engine.py -k golden"""

from __future__ import annotations

import math
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from quiz_support import plain_markdown, quiz

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_PAGE = "lessons/example/"
SOURCE = "docs/lessons/example.md"


def parse(text: str, first_line: int = 10):
    return quiz.parse_quiz(text, SOURCE, first_line)


def single(**changes) -> str:
    """A valid single-choice question, as YAML, with some lines replaced."""
    lines = {
        "id": "id: q-one",
        "type": "type: single",
        "prompt": "prompt: Pick one.",
        "options": "options:",
        "a": "  - text: Wrong\n    explanation: See [the fix](other.md#fix).",
        "b": "  - text: Right\n    correct: true\n    explanation: Because.",
    }
    lines.update(changes)
    body = "\n".join(value for value in lines.values() if value is not None)
    return "- " + body.replace("\n", "\n  ")


def numeric(answer: str = "1 + 1", **extra: str) -> str:
    text = f"- id: q-num\n  type: numeric\n  prompt: How many?\n  answer: {answer}\n  tolerance: 0.01\n  explanation: Count."
    for key, value in extra.items():
        text += f"\n  {key}: {value}"
    return text


def fails(text: str) -> quiz.QuizError:
    with pytest.raises(quiz.QuizError) as caught:
        parse(text)
    return caught.value


# ──────────────────────────────────────────────────────────────────────────────
# Valid quizzes
# ──────────────────────────────────────────────────────────────────────────────


def test_a_valid_single_choice_question() -> None:
    [question] = parse(single())
    assert question.id == "q-one" and question.type == "single"
    assert [o.correct for o in question.options] == [False, True]
    assert question.correct_letters == ["B"]
    assert question.where == f"{SOURCE}:10"


def test_each_question_knows_its_line_in_the_page() -> None:
    text = single() + "\n\n" + single(id="id: q-two")
    first, second = parse(text, first_line=40)
    assert first.where == f"{SOURCE}:40"
    assert second.where == f"{SOURCE}:{40 + text.splitlines().index('- id: q-two')}"


def test_numeric_answer_is_computed_at_build_time_with_the_package() -> None:
    # softmax([0, ln 3]) = (1/4, 3/4): by hand, e^0 = 1 and e^(ln 3) = 3.
    [question] = parse(numeric("softmax(np.array([0.0, np.log(3.0)]))[1]"))
    assert question.value == pytest.approx(0.75, abs=1e-12)
    assert question.tolerance == 0.01


def test_numeric_setup_runs_first_and_mistakes_see_it() -> None:
    text = numeric(
        "scaled_dot_product_attention(q, k, k).weights[0, 1]",
        setup="|\n    q = np.array([[0.0, 2.0]])\n    k = np.array([[1.0, 0.0], [0.0, 1.0]])",
        mistakes="\n    - answer: softmax(q @ k.T)[0, 1]\n      explanation: Unscaled; see [step 2](x.md#s).",
    )
    [question] = parse(text)
    # By hand: scores (0, 2), scaled by 1/sqrt(2): (0, sqrt 2); weight 1 = e^√2 / (1 + e^√2).
    assert question.value == pytest.approx(math.exp(math.sqrt(2)) / (1 + math.exp(math.sqrt(2))), abs=1e-12)
    # Unscaled: e^2 / (1 + e^2).
    assert question.mistakes[0].value == pytest.approx(math.exp(2) / (1 + math.exp(2)), abs=1e-12)
    assert question.setup.startswith("q = np.array")


def test_numpy_scalars_and_zero_d_arrays_count_as_numbers() -> None:
    assert parse(numeric("np.float32(0.5)"))[0].value == 0.5
    assert parse(numeric("np.array(3)"))[0].value == 3.0
    assert parse(numeric("np.int64(7)"))[0].value == 7.0


def test_multiple_choice_may_have_several_correct_options() -> None:
    text = single(type="type: multiple", a="  - text: Also right\n    correct: true\n    explanation: Yes.")
    [question] = parse(text)
    assert question.correct_letters == ["A", "B"]


def test_correct_option_needs_no_link_but_wrong_ones_do() -> None:
    parse(single(b="  - text: Right\n    correct: true\n    explanation: No link needed."))
    error = fails(single(a="  - text: Wrong\n    explanation: No link here."))
    assert "option 1 is wrong, so its explanation must link" in error.reason


def test_registry_accepts_distinct_ids() -> None:
    registry = quiz.QuizRegistry()
    registry.add(parse(single()))
    registry.add(quiz.parse_quiz(single(id="id: q-two"), "docs/other.md"))
    assert sorted(registry.questions) == ["q-one", "q-two"]


# ──────────────────────────────────────────────────────────────────────────────
# Malformed quizzes: each fails with the file (and line), the question id and the reason
# ──────────────────────────────────────────────────────────────────────────────


def test_no_correct_option() -> None:
    error = fails(single(b="  - text: Right\n    explanation: Not marked [x](y.md)."))
    assert (error.where, error.question) == (f"{SOURCE}:10", "q-one")
    assert "no option is marked correct" in error.reason
    assert str(error).startswith(f"{SOURCE}:10: quiz question 'q-one': no option is marked correct")


def test_single_choice_with_two_correct_options() -> None:
    error = fails(single(a="  - text: Also\n    correct: true\n    explanation: Yes."))
    assert error.question == "q-one"
    assert "a single-choice question has 2 correct options (1, 2); use type: multiple" in error.reason


@pytest.mark.parametrize("kind", ["single", "multiple"])
def test_missing_option_explanation(kind: str) -> None:
    error = fails(single(type=f"type: {kind}", a="  - text: Wrong"))
    assert error.question == "q-one"
    assert error.reason.startswith("option 1 has no explanation")


def test_empty_explanation() -> None:
    error = fails(single(b="  - text: Right\n    correct: true\n    explanation: ''"))
    assert (error.question, error.reason) == ("q-one", "option 2 explanation is empty")


def test_missing_numeric_explanation() -> None:
    text = numeric().replace("\n  explanation: Count.", "")
    error = fails(text)
    assert (error.question, error.reason) == ("q-num", "the question is missing explanation")


def test_missing_mistake_explanation() -> None:
    error = fails(numeric(mistakes="\n    - answer: '3'"))
    assert (error.question, error.reason) == ("q-num", "mistake 1 has no explanation")


def test_duplicate_id_in_one_quiz() -> None:
    text = single() + "\n" + single()
    error = fails(text)
    assert error.question == "q-one"
    assert error.reason == f"duplicate id: also used at {SOURCE}:10"
    assert error.where == f"{SOURCE}:{10 + text.splitlines().index('- id: q-one', 1)}"


def test_duplicate_id_across_pages() -> None:
    registry = quiz.QuizRegistry()
    registry.add(parse(single()))
    with pytest.raises(quiz.QuizError) as caught:
        registry.add(quiz.parse_quiz(single(), "docs/other.md", 3))
    error = caught.value
    assert (error.where, error.question) == ("docs/other.md:3", "q-one")
    assert error.reason == f"duplicate id: also used at {SOURCE}:10"


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("1 / 0", "answer expression `1 / 0` raised ZeroDivisionError: division by zero"),
        (
            "undefined_name + 1",
            "answer expression `undefined_name + 1` raised NameError: name 'undefined_name' is not defined",
        ),
        ("softmax(", "answer expression `softmax(` raised SyntaxError"),
        (
            "np.exp(np.float64(1000.0))",
            "answer expression `np.exp(np.float64(1000.0))` raised RuntimeWarning: overflow",
        ),
    ],
)
def test_numeric_expression_that_raises(answer: str, reason: str) -> None:
    error = fails(numeric(repr(answer)))
    assert error.question == "q-num"
    assert error.reason.startswith(reason)


@pytest.mark.parametrize(
    ("answer", "got"),
    [
        ("'0.5'", "got str '0.5'"),
        ("np.array([0.2, 0.8])", "got ndarray array([0.2, 0.8])"),
        ("True", "got bool True"),
        ("np.nan", "got float nan"),
        ("float('inf')", "got float inf"),
        ("1 + 2j", "got complex (1+2j)"),
        ("None", "got NoneType None"),
        ("softmax", "got function <function softmax"),
    ],
)
def test_numeric_expression_that_gives_a_non_number(answer: str, got: str) -> None:
    error = fails(numeric(repr(answer)))
    assert error.question == "q-num"
    assert "must give one finite real number, " + got in error.reason


def test_numeric_setup_that_raises() -> None:
    error = fails(numeric(setup="'x = [1, 2][5]'"))
    assert (error.question, error.reason) == ("q-num", "setup raised IndexError: list index out of range")


def test_mistake_expression_that_raises() -> None:
    error = fails(numeric(mistakes="\n    - answer: 1 / 0\n      explanation: See [x](y.md)."))
    assert error.reason.startswith("mistake 1 answer expression `1 / 0` raised ZeroDivisionError")


def test_mistake_indistinguishable_from_the_answer() -> None:
    error = fails(numeric("'0.5'", mistakes="\n    - answer: '0.505'\n      explanation: See [x](y.md)."))
    assert "within the tolerance of the answer" in error.reason


def test_mistake_explanation_needs_a_link() -> None:
    error = fails(numeric(mistakes="\n    - answer: '3'\n      explanation: No link."))
    assert error.reason == "mistake 1's explanation must link to the lesson section that corrects it"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"id": None}, "the question is missing id"),
        ({"id": "id: Q_One"}, "id must be lowercase letters, digits and hyphens, got 'Q_One'"),
        ({"type": "type: essay"}, "type must be one of single, multiple, numeric, got 'essay'"),
        ({"prompt": None}, "the question is missing prompt"),
        ({"prompt": "prompt: 42"}, "prompt must be text (quote it), got int 42"),
        ({"options": "explaination: typo\n" + "options:"}, "the question has unknown key(s) explaination"),
        (
            {"a": "  - text: 0.5\n    explanation: See [x](y.md)."},
            "option 1 text must be text (quote it), got float 0.5",
        ),
        ({"a": "  - text: Right\n    explanation: See [x](y.md)."}, "options 1 and 2 have the same text"),
        (
            {"a": "  - text: A\n    correct: 'yes'\n    explanation: x"},
            "option 1: correct must be true or false, got 'yes'",
        ),
        ({"a": "  - text: A\n    explanation: x\n    hint: y"}, "option 1 has unknown key(s) hint"),
        ({"a": None}, "options must be a list of at least two options"),
    ],
)
def test_malformed_fields(change: dict, reason: str) -> None:
    error = fails(single(**change))
    assert error.reason.startswith(reason), error.reason


def test_yes_is_a_boolean_in_yaml_and_is_refused_as_text() -> None:
    error = fails(single(b="  - text: Right\n    correct: true\n    explanation: yes"))
    assert error.reason == "option 2 explanation must be text (quote it), got bool True"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("tolerance: 0", "tolerance must be a positive number, got 0"),
        ("tolerance: -0.1", "tolerance must be a positive number, got -0.1"),
        ("tolerance: 'small'", "tolerance must be a positive number, got 'small'"),
    ],
)
def test_bad_tolerance(change: str, reason: str) -> None:
    error = fails(numeric().replace("tolerance: 0.01", change))
    assert error.reason == reason


def test_numeric_question_takes_no_options() -> None:
    error = fails(numeric() + "\n  options: []")
    assert "unknown key(s) options" in error.reason


def test_key_written_twice_is_refused() -> None:
    error = fails(single(b="  - text: Right\n    correct: true\n    explanation: One.\n    explanation: Two."))
    assert error.question is None
    assert "invalid YAML (line" in error.reason and "the key 'explanation' is written twice" in error.reason


def test_yaml_syntax_error_gives_the_page_line() -> None:
    error = fails("- id: q\n  prompt: [unclosed\n  type: single")
    assert error.where == SOURCE
    assert re.match(r"invalid YAML \(line 1[0-3]\)", error.reason)


@pytest.mark.parametrize("body", ["", "id: q-one", "- just text", "[]"])
def test_body_must_be_a_list_of_questions(body: str) -> None:
    with pytest.raises(quiz.QuizError) as caught:
        parse(body)
    message = str(caught.value)
    assert message.startswith(SOURCE)
    assert "non-empty YAML list of questions" in message or "a question must be a mapping" in message


def test_option_text_must_be_one_paragraph() -> None:
    [question] = parse(single(a="  - text: |\n      One.\n\n      Two.\n    explanation: See [x](y.md)."))
    with pytest.raises(quiz.QuizError) as caught:
        quiz.render_quiz([question], plain_markdown(), GOLDEN_PAGE)
    assert caught.value.question == "q-one"
    assert caught.value.reason == "option A text must be one paragraph of inline Markdown"


# ──────────────────────────────────────────────────────────────────────────────
# Rendering
# ──────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.yaml")))
def test_golden(name: str) -> None:
    source = (GOLDEN / f"{name}.yaml").read_text(encoding="utf-8")
    html = quiz.render_quiz(quiz.parse_quiz(source, f"golden/{name}.yaml"), plain_markdown(), GOLDEN_PAGE) + "\n"
    expected_path = GOLDEN / f"{name}.html"
    if os.environ.get("QUIZ_REGENERATE_GOLDEN"):
        expected_path.write_text(html, encoding="utf-8")
    assert html == expected_path.read_text(encoding="utf-8"), f"regenerate with QUIZ_REGENERATE_GOLDEN=1 ({name})"


def test_there_are_golden_files() -> None:
    names = {p.stem for p in GOLDEN.glob("*.yaml")}
    assert {"single", "multiple", "numeric"} <= names
    assert names == {p.stem for p in GOLDEN.glob("*.html")}


class _Dom(HTMLParser):
    """Just enough of the DOM to check the contract: elements with their attributes, and text by element."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None], list[str]]] = []  # tag, attrs, open ancestors
        self.stack: list[str] = []
        self.text: dict[int, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs), list(self.stack)))
        if tag not in ("input", "br", "img"):
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()

    def find(self, predicate) -> list[dict[str, str | None]]:
        return [attrs for tag, attrs, _ in self.elements if predicate(tag, attrs)]


def _render_goldens() -> dict[str, str]:
    return {
        p.stem: quiz.render_quiz(quiz.parse_quiz(p.read_text(encoding="utf-8"), p.name), plain_markdown(), GOLDEN_PAGE)
        for p in sorted(GOLDEN.glob("*.yaml"))
    }


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.yaml")))
def test_dom_contract_and_accessibility(name: str) -> None:
    source = (GOLDEN / f"{name}.yaml").read_text(encoding="utf-8")
    questions = quiz.parse_quiz(source, name)
    dom = _Dom()
    dom.feed(quiz.render_quiz(questions, plain_markdown(), GOLDEN_PAGE))
    assert dom.stack == [], "every element is closed"
    ids = [attrs["id"] for _, attrs, _ in dom.elements if "id" in attrs]
    assert len(ids) == len(set(ids)), "ids are unique"
    [quiz_root] = dom.find(lambda tag, a: "data-quiz" in a)
    assert quiz_root["data-quiz-page"] == GOLDEN_PAGE
    blocks = dom.find(lambda tag, a: "data-question" in a)
    assert [b["data-question-id"] for b in blocks] == [q.id for q in questions]
    for tag, attrs, ancestors in dom.elements:
        if tag == "input":
            assert "data-option" in attrs and "fieldset" in ancestors
            labels = [a for t, a, _ in dom.elements if t == "label" and a.get("for") == attrs["id"]]
            assert labels, "every input has a label"
        if tag == "button":
            assert attrs["type"] == "button"
    assert len(dom.find(lambda t, a: t == "fieldset")) == len(questions)
    assert len(dom.find(lambda t, a: t == "legend")) == len(questions)
    feedback = dom.find(lambda t, a: "data-feedback" in a)
    assert len(feedback) == len(questions) and all(f["aria-live"] == "polite" for f in feedback)
    assert len(dom.find(lambda t, a: t == "button" and a.get("data-action") == "check")) == len(questions)
    for question in questions:
        inputs = [a for t, a, _ in dom.elements if t == "input" and a.get("name") == f"quiz-{question.id}"]
        if question.type == "numeric":
            assert [a["type"] for a in inputs] == ["text"]
            continue
        kind = "radio" if question.type == "single" else "checkbox"
        assert [a["type"] for a in inputs] == [kind] * len(question.options)
        assert ["data-correct" in a for a in inputs] == [o.correct for o in question.options]
        explanations = dom.find(lambda t, a: "data-explanation" in a and a.get("hidden") is None and "hidden" in a)
        assert {a["value"] for a in inputs} <= {e["data-explanation"] for e in explanations}


def test_numeric_html_carries_the_computed_answer() -> None:
    [question] = parse(numeric("1 / 3", mistakes="\n    - answer: '0.25'\n      explanation: See [x](y.md)."))
    html = quiz.render_quiz([question], plain_markdown(), GOLDEN_PAGE)
    assert 'data-answer="0.3333333333333333"' in html and 'data-tolerance="0.01"' in html
    assert 'data-mistake="0.25"' in html
    assert "The exact value is 0.333." in html  # tolerance 0.01: one digit finer


@pytest.mark.parametrize(
    ("value", "tolerance", "shown"),
    [
        (1 / 3, 0.005, "0.3333"),
        (64.0, 0.5, "64"),
        (1048576.0, 0.5, "1048576"),
        (-1e-9, 0.01, "0.000"),
        (0.25, 0.1, "0.25"),
    ],
)
def test_format_number(value: float, tolerance: float, shown: str) -> None:
    assert quiz.format_number(value, tolerance) == shown


def test_math_and_markdown_render_in_prompts_options_and_explanations() -> None:
    text = single(
        prompt="prompt: Is \\(\\sqrt{d_k}\\) *large*?",
        a="  - text: '`code` and \\(x^2\\)'\n    explanation: |\n      See [the fix](other.md#fix) and\n\n      \\[ a = b \\]",
    )
    html = quiz.render_quiz(parse(text), plain_markdown(), GOLDEN_PAGE)
    assert '<legend class="quiz-legend"><span class="quiz-number">Question 1 of 1</span> Is ' in html
    assert '<span class="arithmatex">\\(\\sqrt{d_k}\\)</span> <em>large</em>?</legend>' in html
    assert '<code>code</code> and <span class="arithmatex">\\(x^2\\)</span></label>' in html
    assert '<div class="arithmatex">\\[ a = b \\]</div>' in html
    assert '<a href="other.md#fix">the fix</a>' in html


def test_display_math_folded_into_a_paragraph_fails() -> None:
    """YAML's `>` folds lines together; display math then renders as text, which must not pass silently."""
    text = single(a="  - text: Wrong\n    explanation: >-\n      See [x](y.md):\n      \\[ a = b \\]")
    with pytest.raises(quiz.QuizError) as caught:
        quiz.render_quiz(parse(text), plain_markdown(), GOLDEN_PAGE)
    assert caught.value.question == "q-one"
    assert caught.value.reason.startswith("option A explanation: 1 of its 1 formulas did not render as math")
