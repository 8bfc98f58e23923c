r"""MkDocs hook: quizzes written in lesson Markdown, checked and rendered at build time.

A quiz is a fenced block with the language ``quiz`` whose body is YAML, a list
of questions::

    ```quiz
    - id: sdpa-why-scale              # unique in the whole site: a-z, 0-9 and -
      type: single                    # single | multiple | numeric
      prompt: Why are the scores divided by \(\sqrt{d_k}\)?   # Markdown and math
      options:
        - text: To make each row of weights sum to 1.
          explanation: >-             # every option has one; a wrong option links to the fix
            The softmax does that. See [step 3](#step-3-softmax-turn-each-row-of-scores-into-weights).
        - text: To keep the variance of the scores near 1 whatever d_k is.
          correct: true               # false when left out
          explanation: Right.
    - id: sdpa-weight-of-key-2
      type: numeric
      prompt: What weight does the query give key 2?
      setup: |                        # optional Python, shown under the prompt
        q = np.array([[1.0, 0.0]])
        k = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
      answer: scaled_dot_product_attention(q, k, k).weights[0, 2]
      tolerance: 0.005                # right when |reader's number - answer| <= tolerance
      explanation: Score, scale, softmax, then read entry 2.   # shown after a check
      mistakes:                       # optional: the numbers misconceptions give
        - answer: softmax(q @ k.T)[0, 2]
          explanation: The scaling is missing. See [step 2](#step-2-scale-divide-by-d_k).
    ```

Text with display math ``\[ \]`` must be a ``|`` block with the formula on
lines of its own: ``>`` folds lines into one paragraph, where arithmatex would
not see it (the build says so). In YAML, a bare ``yes``/``no`` is a boolean and
``0.5`` a number: quote such texts (the build says so too).

``answer`` (and each mistake's ``answer``) is a Python expression evaluated
here, at build time, after ``setup``, with ``np``, ``attention`` and every
public name of ``attention`` in scope: the number is computed, never typed in.

Anything malformed fails the build with the file, the line, the question id
and the reason (:class:`QuizError`): YAML errors, unknown or missing keys, no
correct option, two correct options in a single-choice question, a missing
explanation, a wrong option whose explanation has no link, an id used twice
anywhere in the site, an answer expression that raises or does not give a
finite number, a link to a page or an anchor that does not exist.

The HTML follows the DOM contract (docs/architecture.md, "The DOM contract": ``[data-quiz]``,
``[data-question][data-question-id]``, ``[data-option]`` inputs,
``button[data-action=check]``, ``[data-feedback]``); ``docs/javascripts/quiz.js``
grades it in the page. Every explanation is rendered here, hidden, inside the
question's feedback region; the script only reveals the ones that apply.

The home page's ``[data-quiz-progress]`` element receives, in the attribute
``data-quiz-manifest``, the list of every quiz question of the site by page,
for the course-wide progress view.

mkdocs.yml declares the fence (``custom_fences: [{name: quiz, class: quiz}]``
under ``pymdownx.superfences``); :func:`on_config` binds this module's
formatter to it, because a formatter named in YAML must be importable before
hooks are loaded, and this file is not a package.
"""

from __future__ import annotations

import html
import json
import math
import numbers
import posixpath
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from xml.etree import ElementTree as etree

import markdown
import numpy as np
import yaml
from _exercise_html import render_exercise, summary_sentence
from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import File, Files
from properdocs.structure.nav import Navigation
from properdocs.structure.pages import Page
from properdocs.utils import get_relative_url
from pymdownx.superfences import SuperFencesException

from attention.exercises import Exercise, catalogue
from site_examples.material_adapter import button_class

TYPES = ("single", "multiple", "numeric")
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*")
# An inline Markdown link [text](target): what a wrong option's explanation must contain.
MARKDOWN_LINK = re.compile(r"\[[^\]\n]+\]\([^)\s]+\)")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
QUIZ_FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*quiz[ \t]*$", re.MULTILINE)
EXERCISE_FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*exercise[ \t]*$", re.MULTILINE)
# Where the home page says how many exercises and catalogued mistakes the course holds (from the sources).
EXERCISE_SUMMARY = "<!-- exercise-summary -->"

QUESTION_KEYS = {
    "single": ({"id", "type", "prompt", "options"}, set()),
    "multiple": ({"id", "type", "prompt", "options"}, set()),
    "numeric": ({"id", "type", "prompt", "answer", "tolerance", "explanation"}, {"setup", "mistakes"}),
}
OPTION_KEYS = ({"text", "explanation"}, {"correct"})
MISTAKE_KEYS = ({"answer", "explanation"}, set())


# ──────────────────────────────────────────────────────────────────────────────
# Errors
# ──────────────────────────────────────────────────────────────────────────────


class QuizError(PluginError, SuperFencesException):
    """A malformed quiz. Stops the build (superfences lets its own exception type through)."""

    def __init__(self, where: str, question: str | None, reason: str) -> None:
        self.where, self.question, self.reason = where, question, reason
        about = f"quiz question '{question}'" if question else "quiz"
        super().__init__(f"{where}: {about}: {reason}")


# ──────────────────────────────────────────────────────────────────────────────
# The model
# ──────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Option:
    text: str
    correct: bool
    explanation: str


@dataclass(frozen=True)
class Mistake:
    answer: str
    value: float
    explanation: str


@dataclass(frozen=True)
class Question:
    id: str
    type: str
    prompt: str
    where: str  # "docs/page.md:LINE", for error messages
    options: tuple[Option, ...] = ()
    setup: str = ""
    answer: str = ""
    value: float = math.nan
    tolerance: float = math.nan
    explanation: str = ""
    mistakes: tuple[Mistake, ...] = ()

    @property
    def correct_letters(self) -> list[str]:
        return [LETTERS[i] for i, option in enumerate(self.options) if option.correct]


# ──────────────────────────────────────────────────────────────────────────────
# Parsing and validation
# ──────────────────────────────────────────────────────────────────────────────


class _StrictLoader(yaml.SafeLoader):
    """Safe YAML that refuses a key written twice (PyYAML would keep the last silently)."""


def _mapping_without_duplicates(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping", node.start_mark, f"the key {key!r} is written twice", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates)


def _load_yaml(text: str, where: str, first_line: int) -> tuple[Any, list[int]]:
    """The YAML document and, for a top-level list, the line of each item (in the page)."""
    loader = _StrictLoader(text)
    try:
        node = loader.get_single_node()
        lines = (
            [first_line + item.start_mark.line for item in node.value] if isinstance(node, yaml.SequenceNode) else []
        )
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f" (line {first_line + mark.line})" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error)
        raise QuizError(where, None, f"invalid YAML{line}: {problem}") from None
    finally:
        loader.dispose()
    return data, lines


def _check_keys(mapping: Any, keys: tuple[set[str], set[str]], what: str, fail: Callable[[str], QuizError]) -> None:
    required, optional = keys
    if not isinstance(mapping, dict):
        raise fail(f"{what} must be a mapping (key: value lines), got {type(mapping).__name__}")
    unknown = sorted(set(map(str, mapping)) - required - optional)
    if unknown:
        allowed = ", ".join(sorted(required | optional))
        raise fail(f"{what} has unknown key(s) {', '.join(unknown)} (allowed: {allowed})")
    missing = sorted(required - set(mapping))
    if missing:
        raise fail(f"{what} is missing {', '.join(missing)}")


def _text(value: Any, what: str, fail: Callable[[str], QuizError]) -> str:
    if not isinstance(value, str):
        hint = " (quote it)" if isinstance(value, (int, float, bool)) else ""
        raise fail(f"{what} must be text{hint}, got {type(value).__name__} {value!r}")
    if not value.strip():
        raise fail(f"{what} is empty")
    return value.strip()


def answer_namespace() -> dict[str, Any]:
    """What an ``answer`` expression sees: numpy, the package, and the package's public names."""
    import attention

    namespace: dict[str, Any] = {"np": np, "numpy": np, "math": math, "attention": attention}
    namespace.update({name: getattr(attention, name) for name in attention.__all__})
    return namespace


def _as_number(value: Any) -> float | None:
    """A finite real number as float, or None: no bools, no complex, no arrays of more than one value."""
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value[()]
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def evaluate_answer(expression: str, namespace: dict[str, Any], what: str, fail: Callable[[str], QuizError]) -> float:
    """Evaluate an answer expression; warnings count as errors (a build must not hide an overflow)."""
    try:
        code = compile(expression, f"<{what}>", "eval")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            value = eval(code, namespace)  # the course's own source, at build time
    except Exception as error:  # noqa: BLE001 - any failure is reported with the question id
        raise fail(f"{what} `{expression}` raised {type(error).__name__}: {error}") from None
    number = _as_number(value)
    if number is None:
        shown = repr(value)
        shown = shown if len(shown) < 80 else shown[:77] + "..."
        raise fail(f"{what} `{expression}` must give one finite real number, got {type(value).__name__} {shown}")
    return number


def _parse_options(raw: dict, qid: str, qtype: str, fail: Callable[[str], QuizError]) -> tuple[Option, ...]:
    items = raw["options"]
    if not isinstance(items, list) or len(items) < 2:
        raise fail("options must be a list of at least two options")
    if len(items) > len(LETTERS):
        raise fail(f"at most {len(LETTERS)} options")
    options = []
    for number, item in enumerate(items, start=1):
        what = f"option {number}"
        if isinstance(item, dict) and "explanation" not in item:
            raise fail(
                f"{what} has no explanation: every option says why it is right or which misconception it reflects"
            )
        _check_keys(item, OPTION_KEYS, what, fail)
        correct = item.get("correct", False)
        if not isinstance(correct, bool):
            raise fail(f"{what}: correct must be true or false, got {correct!r}")
        explanation = _text(item["explanation"], f"{what} explanation", fail)
        if not correct and not MARKDOWN_LINK.search(explanation):
            raise fail(
                f"{what} is wrong, so its explanation must link to the lesson section that corrects the "
                "misconception, as a Markdown link [text](page.md#section)"
            )
        options.append(Option(_text(item["text"], f"{what} text", fail), correct, explanation))
    texts = [option.text for option in options]
    for i, text in enumerate(texts):
        if text in texts[:i]:
            raise fail(f"options {texts.index(text) + 1} and {i + 1} have the same text")
    correct_numbers = [i for i, option in enumerate(options, start=1) if option.correct]
    if not correct_numbers:
        raise fail("no option is marked correct (add `correct: true` to the right one)")
    if qtype == "single" and len(correct_numbers) > 1:
        listed = ", ".join(map(str, correct_numbers))
        raise fail(
            f"a single-choice question has {len(correct_numbers)} correct options ({listed}); use type: multiple"
        )
    return tuple(options)


def _parse_numeric(raw: dict, qid: str, fail: Callable[[str], QuizError]) -> dict[str, Any]:
    tolerance = raw["tolerance"]
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not tolerance > 0:
        raise fail(f"tolerance must be a positive number, got {tolerance!r}")
    setup = raw.get("setup", "")
    if not isinstance(setup, str):
        raise fail(f"setup must be Python code as text, got {type(setup).__name__}")
    answer = _text(raw["answer"], "answer", fail)
    namespace = answer_namespace()
    if setup.strip():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                exec(compile(setup, f"<quiz {qid} setup>", "exec"), namespace)  # noqa: S102 - own source
        except Exception as error:  # noqa: BLE001 - reported with the question id
            raise fail(f"setup raised {type(error).__name__}: {error}") from None
    value = evaluate_answer(answer, dict(namespace), "answer expression", fail)
    mistakes = []
    items = raw.get("mistakes", [])
    if not isinstance(items, list):
        raise fail("mistakes must be a list")
    for number, item in enumerate(items, start=1):
        what = f"mistake {number}"
        if isinstance(item, dict) and "explanation" not in item:
            raise fail(f"{what} has no explanation")
        _check_keys(item, MISTAKE_KEYS, what, fail)
        expression = _text(item["answer"], f"{what} answer", fail)
        wrong = evaluate_answer(expression, dict(namespace), f"{what} answer expression", fail)
        if abs(wrong - value) <= tolerance:
            raise fail(
                f"{what} gives {wrong:.6g}, within the tolerance of the answer {value:.6g}: it cannot be told apart"
            )
        explanation = _text(item["explanation"], f"{what} explanation", fail)
        if not MARKDOWN_LINK.search(explanation):
            raise fail(f"{what}'s explanation must link to the lesson section that corrects it")
        mistakes.append(Mistake(expression, wrong, explanation))
    return {
        "setup": setup.strip("\n"),
        "answer": answer,
        "value": value,
        "tolerance": float(tolerance),
        "explanation": _text(raw["explanation"], "explanation", fail),
        "mistakes": tuple(mistakes),
    }


def parse_question(raw: Any, where: str, number: int) -> Question:
    """Validate one question (a YAML mapping) and evaluate its numbers."""
    qid = raw.get("id") if isinstance(raw, dict) else None
    label = qid if isinstance(qid, str) and qid else f"#{number} (no id)"

    def fail(reason: str) -> QuizError:
        return QuizError(where, label, reason)

    if not isinstance(raw, dict):
        raise fail(f"a question must be a mapping, got {type(raw).__name__}")
    qtype = raw.get("type")
    if qtype not in TYPES:
        raise fail(f"type must be one of {', '.join(TYPES)}, got {qtype!r}")
    if isinstance(raw.get("options"), list) and "explanation" in raw and qtype != "numeric":
        raise fail("explanations belong to each option, not to the question")
    _check_keys(raw, QUESTION_KEYS[qtype], "the question", fail)
    if not isinstance(qid, str) or not ID_PATTERN.fullmatch(qid):
        raise fail(f"id must be lowercase letters, digits and hyphens, got {qid!r}")
    prompt = _text(raw["prompt"], "prompt", fail)
    if qtype == "numeric":
        return Question(qid, qtype, prompt, where, **_parse_numeric(raw, qid, fail))
    return Question(qid, qtype, prompt, where, options=_parse_options(raw, qid, qtype, fail))


def parse_quiz(text: str, source: str, first_line: int = 1) -> list[Question]:
    """Parse and validate the YAML body of a quiz fence; ``source`` names the file for errors.

    ``first_line`` is the page line of the YAML's first line, so errors point into the page.
    """
    data, lines = _load_yaml(text, source, first_line)
    if not isinstance(data, list) or not data:
        raise QuizError(
            source, None, "the body must be a non-empty YAML list of questions (lines starting with '- id:')"
        )
    questions: list[Question] = []
    seen: dict[str, Question] = {}
    for number, (raw, line) in enumerate(zip(data, lines), start=1):
        question = parse_question(raw, f"{source}:{line}", number)
        if question.id in seen:
            raise QuizError(question.where, question.id, f"duplicate id: also used at {seen[question.id].where}")
        seen[question.id] = question
        questions.append(question)
    return questions


class QuizRegistry:
    """Every question id of the site, so that an id used twice, on any two pages, fails the build."""

    def __init__(self) -> None:
        self.questions: dict[str, Question] = {}

    def add(self, questions: list[Question]) -> None:
        for question in questions:
            other = self.questions.get(question.id)
            if other is not None:
                raise QuizError(question.where, question.id, f"duplicate id: also used at {other.where}")
        for question in questions:
            self.questions[question.id] = question


# ──────────────────────────────────────────────────────────────────────────────
# Rendering
# ──────────────────────────────────────────────────────────────────────────────

_SINGLE_PARAGRAPH = re.compile(r"\A<p>(.*)</p>\Z", re.DOTALL)
_FIRST_PARAGRAPH = re.compile(r"\A<p>(.*?)</p>\s*", re.DOTALL)


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def decimals_for(tolerance: float) -> int:
    """Digits after the point to show an answer: one place finer than the tolerance; none for whole numbers."""
    return 0 if tolerance >= 0.5 else math.ceil(-math.log10(tolerance)) + 1


def format_number(value: float, tolerance: float) -> str:
    text = f"{value:.{decimals_for(tolerance)}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text  # no "-0.000"


_MATH_OPENERS = re.compile(r"\\[(\[]")


def _markdown(md: Callable[[str], str], text: str, question: Question, what: str) -> str:
    """Render a fragment; fail if some of its math did not come out as arithmatex markup (typeset by the post-build step postbuild/katex.py)."""
    rendered = md(text)
    expected, found = len(_MATH_OPENERS.findall(text)), rendered.count('class="arithmatex"')
    if found < expected:
        raise QuizError(
            question.where,
            question.id,
            f"{what}: {expected - found} of its {expected} formulas did not render as math. Display math "
            "\\[ \\] needs lines of its own: write the text as a `|` block with blank lines around it, "
            "not `>` (which folds lines together)",
        )
    return rendered


def _inline(rendered: str, question: Question, what: str) -> str:
    """Markdown that rendered to one paragraph, without the <p> (it goes inside a <label>)."""
    match = _SINGLE_PARAGRAPH.match(rendered.strip())
    if not match or "<p>" in match.group(1):
        raise QuizError(question.where, question.id, f"{what} must be one paragraph of inline Markdown")
    return match.group(1)


def _legend_and_rest(prompt_html: str) -> tuple[str, str]:
    """The prompt's first paragraph goes into the legend (phrasing content only); the rest after it."""
    prompt_html = prompt_html.strip()
    match = _FIRST_PARAGRAPH.match(prompt_html)
    if not match:
        return "", prompt_html
    return match.group(1), prompt_html[match.end() :]


# Rendered Markdown is inserted without re-indenting it: indentation would change <pre> blocks.


def render_question(question: Question, number: int, total: int, md: Callable[[str], str]) -> str:
    """One question: a fieldset with a legend, its inputs, Check / Try again, and a live feedback region."""
    qid, base = question.id, f"quiz-{question.id}"
    legend, rest = _legend_and_rest(_markdown(md, question.prompt, question, "prompt"))
    numeric = question.type == "numeric"
    data = f' data-answer="{question.value!r}" data-tolerance="{question.tolerance!r}"' if numeric else ""
    out = [
        f'<div class="quiz-question" data-question data-question-id="{qid}" data-question-type="{question.type}"{data}>'
    ]
    has_prompt_rest = bool(rest or question.setup)
    described = [f"{base}-prompt"] if has_prompt_rest else []
    described += [f"{base}-how"] if question.type == "multiple" else []
    described_by = f' aria-describedby="{" ".join(described)}"' if described else ""
    out.append(f'<fieldset class="quiz-fieldset"{described_by}>')
    out.append(
        f'<legend class="quiz-legend"><span class="quiz-number">Question {number} of {total}</span>'
        + (f" {legend}" if legend else "")
        + "</legend>"
    )
    if has_prompt_rest:
        out.append(f'<div class="quiz-prompt" id="{base}-prompt">')
        if rest:
            out.append(rest)
        if question.setup:
            out.append('<p class="quiz-setup-label">Given (the answer is computed from this Python code):</p>')
            out.append(f'<pre class="quiz-setup"><code>{html.escape(question.setup)}</code></pre>')
        out.append("</div>")
    if question.type == "multiple":
        out.append(f'<p class="quiz-hint" id="{base}-how">Choose every correct answer.</p>')
    if numeric:
        out += [
            '<div class="quiz-numeric">',
            f'<label for="{base}-input">Your answer</label>',
            (
                f'<input type="text" inputmode="decimal" autocomplete="off" spellcheck="false" id="{base}-input" '
                f'name="{base}" data-option="value" aria-describedby="{base}-hint">'
            ),
            (
                f'<span class="quiz-hint" id="{base}-hint">'
                f"Within ±{question.tolerance:g} of the exact value counts as correct.</span>"
            ),
            "</div>",
        ]
    else:
        kind = "radio" if question.type == "single" else "checkbox"
        out.append('<div class="quiz-options">')
        for letter, option in zip(LETTERS, question.options):
            text = _inline(
                _markdown(md, option.text, question, f"option {letter} text"), question, f"option {letter} text"
            )
            value = letter.lower()
            correct = " data-correct" if option.correct else ""
            out += [
                '<div class="quiz-option">',
                f'<input type="{kind}" id="{base}-{value}" name="{base}" value="{value}" data-option{correct}>',
                f'<label for="{base}-{value}"><span class="quiz-letter">{letter}.</span> {text}</label>',
                "</div>",
            ]
        out.append("</div>")
    out += [
        '<div class="quiz-actions">',
        f'<button type="button" class="{button_class(primary=True)}" data-action="check">Check</button>',
        f'<button type="button" class="{button_class()}" data-action="retry" hidden>Try again</button>',
        "</div>",
    ]
    out += _render_feedback(question, md)
    out += ["</fieldset>", "</div>"]
    return "\n".join(out)


def _render_feedback(question: Question, md: Callable[[str], str]) -> list[str]:
    """The live region: a status line the script fills, and every explanation, hidden until it applies."""
    out = [
        '<div class="quiz-feedback" data-feedback aria-live="polite">',
        '<p class="quiz-status" data-feedback-status></p>',
    ]
    if question.type == "numeric":
        value = format_number(question.value, question.tolerance)
        out.append(f'<p class="quiz-answer" data-numeric-answer hidden>The exact value is {value}.</p>')
        for mistake in question.mistakes:
            out += [
                f'<div class="quiz-explanation quiz-explanation--wrong" data-mistake="{mistake.value!r}" hidden>',
                _markdown(md, mistake.explanation, question, "a mistake's explanation"),
                "</div>",
            ]
        explanation = _markdown(md, question.explanation, question, "explanation")
        out += ['<div class="quiz-explanation" data-explanation="value" hidden>', explanation, "</div>"]
    else:
        for letter, option in zip(LETTERS, question.options):
            text = _inline(
                _markdown(md, option.text, question, f"option {letter} text"), question, f"option {letter} text"
            )
            verdict = "right" if option.correct else "wrong"
            out += [
                f'<div class="quiz-explanation quiz-explanation--{verdict}" data-explanation="{letter.lower()}" hidden>',
                f'<p class="quiz-choice"><span class="quiz-letter">{letter}.</span> {text}</p>',
                _markdown(md, option.explanation, question, f"option {letter} explanation"),
                "</div>",
            ]
    out.append("</div>")
    return out


def render_quiz(questions: list[Question], md: Callable[[str], str], page: str) -> str:
    """The HTML of one quiz. ``md`` renders a Markdown fragment; ``page`` keys the reader's progress."""
    total = len(questions)
    return wrap_quiz([render_question(q, n, total, md) for n, q in enumerate(questions, start=1)], page)


def wrap_quiz(rendered_questions: list[str], page: str) -> str:
    """The quiz around its questions: the page it belongs to, its score line and a restart button."""
    total = len(rendered_questions)
    return "\n".join(
        [
            f'<div class="quiz" data-quiz data-quiz-page="{_attr(page)}">',
            *rendered_questions,
            '<div class="quiz-footer">',
            # As quiz.js words it for a reader who has answered nothing yet, so that mounting the quiz rewraps nothing.
            f'<p class="quiz-score" data-quiz-score aria-live="polite">Score: 0 of {total} correct (0 of {total} answered).</p>',
            f'<button type="button" class="{button_class()}" data-action="retry-quiz">Start this quiz again</button>',
            "</div>",
            "</div>",
        ]
    )


# ──────────────────────────────────────────────────────────────────────────────
# Markdown fragments with the site's extensions, and their links
# ──────────────────────────────────────────────────────────────────────────────


@dataclass
class Link:
    href: str
    where: str  # "docs/page.md:LINE"
    question: str
    page: Page
    target: File | None  # None: an external link
    anchor: str


class _QuizLinks(markdown.treeprocessors.Treeprocessor):
    """Rewrite ``page.md#anchor`` links the way MkDocs does and remember them, for checking once all pages exist."""

    def __init__(self, md: markdown.Markdown) -> None:
        super().__init__(md)
        self.page: Page | None = None
        self.files: Files | None = None
        self.found: list[tuple[str, File | None, str, str | None]] = []  # href, target, anchor, problem

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if element.tag not in ("a", "img"):
                continue
            key = "href" if element.tag == "a" else "src"
            url = element.get(key, "")
            new_url = self._resolve(url)
            if new_url is not None:
                element.set(key, new_url)

    def _resolve(self, url: str) -> str | None:
        parts = urlsplit(url)
        if parts.scheme or parts.netloc:
            self.found.append((url, None, "", None))
            return None
        assert self.page is not None and self.files is not None
        if not parts.path:
            self.found.append((url, self.page.file, parts.fragment, None if parts.fragment else "empty link"))
            return None
        if url.startswith("/"):
            self.found.append((url, None, "", "absolute link: write it relative to this page, to the .md file"))
            return None
        target_uri = posixpath.normpath(posixpath.join(posixpath.dirname(self.page.file.src_uri), unquote(parts.path)))
        target = self.files.get_file_from_path(target_uri)
        if target is None:
            self.found.append((url, None, "", f"no documentation file {target_uri}"))
            return None
        self.found.append((url, target, parts.fragment, None))
        new_url = target.url_relative_to(self.page.file)
        return new_url + (f"#{parts.fragment}" if parts.fragment else "")


class Fragments:
    """Renders Markdown fragments (prompts, options, explanations) like the page around them."""

    def __init__(self, config: ProperDocsConfig) -> None:
        self.md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
        self.links = _QuizLinks(self.md)
        # After the inline patterns made the <a> elements (20), before anything serialises them.
        self.md.treeprocessors.register(self.links, "quiz_links", 1)

    def for_page(self, page: Page, files: Files) -> None:
        self.links.page, self.links.files = page, files

    def __call__(self, text: str) -> str:
        self.md.reset()
        return self.md.convert(text)


# ──────────────────────────────────────────────────────────────────────────────
# MkDocs hooks
# ──────────────────────────────────────────────────────────────────────────────


@dataclass
class _Build:
    """State of one build: the page being rendered and what the quizzes of the site contain."""

    config: ProperDocsConfig | None = None
    fragments: Fragments | None = None
    registry: QuizRegistry = field(default_factory=QuizRegistry)
    page: Page | None = None
    files: Files | None = None
    nav: Navigation | None = None
    source: str = ""  # the current page's Markdown
    links: list[Link] = field(default_factory=list)
    pages: dict[str, list[str]] = field(default_factory=dict)  # page url -> question ids, in order
    titles: dict[str, str] = field(default_factory=dict)
    fences_in_source: int = 0  # ```quiz and ```exercise fences in the current page's Markdown
    rendered_fences: int = 0  # ... and how many of them the formatter rendered
    exercises: dict[str, list[str]] = field(default_factory=dict)  # page url -> exercise ids, in order
    placed: dict[str, str] = field(default_factory=dict)  # exercise id -> the source that places it


_build = _Build()


def _source_name(page: Page, config: ProperDocsConfig) -> str:
    root = Path(config.config_file_path).parent
    path = Path(page.file.abs_src_path or page.file.src_uri)
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return page.file.src_uri


def fence_format(
    source: str, language: str, class_name: str, options: dict, md: markdown.Markdown, **kwargs: Any
) -> str:
    """pymdownx.superfences formatter for ```quiz fences: validate, evaluate, render.

    superfences turns any other exception of a formatter into "leave the fence
    as text", silently; so every failure leaves here as a :class:`QuizError`.
    """
    build = _build
    if build.page is None or build.fragments is None or build.config is None or build.files is None:
        raise QuizError("quiz fence", None, "rendered outside an MkDocs build with overrides/hooks/quiz.py")
    name = _source_name(build.page, build.config)
    try:
        return _render_fence(source, build, name)
    except QuizError:
        raise
    except Exception as error:  # a bug here must stop the build, not hide the quiz
        raise QuizError(name, None, f"could not be rendered: {type(error).__name__}: {error}") from error


def _render_fence(source: str, build: _Build, name: str) -> str:
    page, fragments = build.page, build.fragments
    assert page is not None and fragments is not None
    offset = build.source.find(source)
    first_line = build.source.count("\n", 0, offset) + 1 if offset >= 0 else 1
    questions = parse_quiz(source, name, first_line)
    build.registry.add(questions)

    def fragment_renderer(question: Question) -> Callable[[str], str]:
        def render(text: str) -> str:
            out = fragments(text)
            found, fragments.links.found = fragments.links.found, []
            for href, target, anchor, problem in found:
                if problem:
                    raise QuizError(question.where, question.id, f"broken link {href!r}: {problem}")
                build.links.append(Link(href, question.where, question.id, page, target, anchor))
            return out

        return render

    total = len(questions)
    rendered = [render_question(q, n, total, fragment_renderer(q)) for n, q in enumerate(questions, start=1)]
    build.pages.setdefault(page.url, []).extend(q.id for q in questions)
    build.rendered_fences += 1
    return wrap_quiz(rendered, page.url)


def exercise_fence_format(
    source: str, language: str, class_name: str, options: dict, md: markdown.Markdown, **kwargs: Any
) -> str:
    """pymdownx.superfences formatter for ```exercise fences: the body is an exercise's id.

    The exercise must exist (``attention/exercises/``), belong to this lesson and be
    placed once in the whole site; it is rendered by ``_exercise_html.py``.
    """
    build = _build
    if build.page is None or build.fragments is None or build.config is None or build.files is None:
        raise QuizError("exercise fence", None, "rendered outside an MkDocs build with overrides/hooks/quiz.py")
    name = _source_name(build.page, build.config)
    try:
        return _render_exercise_fence(source.strip(), build, name)
    except QuizError:
        raise
    except Exception as error:  # a bug here must stop the build, not hide the exercise
        raise QuizError(name, source.strip(), f"could not be rendered: {type(error).__name__}: {error}") from error


def _exercises_by_id() -> dict[str, Exercise]:
    return {exercise.id: exercise for exercise in catalogue()}


def _render_exercise_fence(ident: str, build: _Build, name: str) -> str:
    page, fragments = build.page, build.fragments
    assert page is not None and fragments is not None
    known = _exercises_by_id()
    if ident not in known:
        raise QuizError(name, ident, f"no such exercise in attention/exercises/; they are: {', '.join(known)}")
    exercise = known[ident]
    lesson = posixpath.splitext(posixpath.basename(page.file.src_uri))[0]
    if page.file.src_uri != f"lessons/{exercise.lesson}.md":
        raise QuizError(name, ident, f"the exercise belongs to lessons/{exercise.lesson}.md, not to {lesson}")
    if ident in build.placed:
        raise QuizError(name, ident, f"placed twice: also in {build.placed[ident]}")
    build.placed[ident] = name

    def render(text: str) -> str:
        out = fragments(text)
        found, fragments.links.found = fragments.links.found, []
        for href, target, anchor, problem in found:
            if problem:
                raise QuizError(name, ident, f"broken link {href!r}: {problem}")
            build.links.append(Link(href, name, ident, page, target, anchor))
        return out

    build.exercises.setdefault(page.url, []).append(ident)
    build.rendered_fences += 1
    total = sum(1 for other in known.values() if other.lesson == exercise.lesson)
    return render_exercise(exercise, render, page.url, position=len(build.exercises[page.url]), total=total)


def on_config(config: ProperDocsConfig) -> ProperDocsConfig:
    """Bind the formatters to the ``quiz`` and ``exercise`` fences that mkdocs.yml declares under pymdownx.superfences."""
    fences = (config.mdx_configs.get("pymdownx.superfences") or {}).get("custom_fences") or []
    for fence_name, formatter in (("quiz", fence_format), ("exercise", exercise_fence_format)):
        entries = [fence for fence in fences if fence.get("name") == fence_name]
        if len(entries) != 1 or "pymdownx.superfences" not in config.markdown_extensions:
            raise PluginError(
                f"quiz hook: mkdocs.yml must declare the {fence_name} fence once, under markdown_extensions: "
                f"- pymdownx.superfences: custom_fences: [{{name: {fence_name}, class: {fence_name}}}]"
            )
        entry = entries[0]
        if entry.get("format") not in (None, formatter):
            raise PluginError(
                f"quiz hook: the {fence_name} fence must not name a format in mkdocs.yml; this hook supplies it"
            )
        entry["format"] = formatter
    _build.config = config
    return config


def on_pre_build(config: ProperDocsConfig) -> None:
    """A fresh state for every build (``properdocs serve`` rebuilds in the same process)."""
    global _build
    _build = _Build(config=config, fragments=Fragments(config))


def on_nav(nav: Navigation, config: ProperDocsConfig, files: Files) -> Navigation:
    _build.nav = nav
    return nav


def on_page_markdown(markdown_text: str, page: Page, config: ProperDocsConfig, files: Files) -> str:
    _build.page, _build.files, _build.source = page, files, markdown_text
    fences = len(QUIZ_FENCE.findall(markdown_text)) + len(EXERCISE_FENCE.findall(markdown_text))
    _build.fences_in_source, _build.rendered_fences = fences, 0
    if _build.fragments is not None:
        _build.fragments.for_page(page, files)
    if EXERCISE_SUMMARY in markdown_text:
        markdown_text = markdown_text.replace(EXERCISE_SUMMARY, summary_sentence(catalogue()))
    return markdown_text


def on_page_content(html_text: str, page: Page, config: ProperDocsConfig, files: Files) -> str:
    """Every ```quiz fence of the page became a quiz (not, say, text, inside a badly indented block)."""
    if _build.rendered_fences != _build.fences_in_source:
        raise PluginError(
            f"quiz hook: {_source_name(page, config)} has {_build.fences_in_source} ```quiz and ```exercise fence(s) "
            f"but {_build.rendered_fences} were rendered: is a fence indented, or not closed?"
        )
    if page.url in _build.pages or page.url in _build.exercises:
        _build.titles[page.url] = page.title or page.url
    _build.page = None
    return html_text


def on_env(env: Any, config: ProperDocsConfig, files: Files) -> Any:
    """Every page is rendered now: every exercise placed, and the anchors the quizzes link to (whatever ``--strict`` says)."""
    # (A lesson the site does not have places nothing: a test's small site, say.)
    lessons = {file.src_uri for file in files.documentation_pages()}
    problems = [
        f"exercise {exercise.id!r} is not placed: add an ```exercise fence naming it to lessons/{exercise.lesson}.md"
        for exercise in catalogue()
        if exercise.id not in _build.placed and f"lessons/{exercise.lesson}.md" in lessons
    ]
    for link in _build.links:
        if link.target is None or not link.anchor:
            continue
        target_page = link.target.page
        if target_page is None:
            problems.append(f"{link.where}: quiz question '{link.question}': {link.href!r} is not a page")
        elif target_page.present_anchor_ids is not None and link.anchor not in target_page.present_anchor_ids:
            problems.append(
                f"{link.where}: quiz question '{link.question}': broken link {link.href!r}: "
                f"{link.target.src_uri} has no section #{link.anchor}"
            )
    if problems:
        raise PluginError("quiz and exercise links point nowhere:\n" + "\n".join(problems))
    return env


def manifest(page: Page) -> dict[str, Any]:
    """Every quiz question and exercise of the site by page, in navigation order, with links relative to ``page``."""
    order = {p.url: i for i, p in enumerate(_build.nav.pages)} if _build.nav else {}
    urls = sorted(set(_build.pages) | set(_build.exercises), key=lambda url: (order.get(url, len(order)), url))
    return {
        "pages": [
            {
                "page": url,
                "title": _build.titles.get(url, url),
                "href": get_relative_url(url or ".", page.url or "."),
                "questions": _build.pages.get(url, []),
                "exercises": _build.exercises.get(url, []),
            }
            for url in urls
        ]
    }


_PROGRESS_TAG = re.compile(r"<(?:div|section)\b[^>]*\sdata-quiz-progress(?=[\s>])[^>]*>")


def on_post_page(output: str, page: Page, config: ProperDocsConfig) -> str:
    """Give the progress view (an element with ``data-quiz-progress``) the list of every question."""
    if "data-quiz-progress" not in output:
        return output
    tags = _PROGRESS_TAG.findall(output)
    if len(tags) != 1:
        raise PluginError(
            f"quiz hook: {page.file.src_uri} must contain exactly one <div data-quiz-progress> element, "
            f"found {len(tags)}"
        )
    data = _attr(json.dumps(manifest(page), ensure_ascii=False, separators=(",", ":")))
    return output.replace(tags[0], tags[0][:-1] + f' data-quiz-manifest="{data}">', 1)
