"""Every quiz in docs/: valid, numeric answers confirmed independently, links that lead somewhere, fair positions.

The numeric answers are computed at build time by the ``answer`` expression
of each question (with the ``attention`` package). Here each one is computed
again without the package, from the question's own setup: with Python loops
and ``math.exp`` (``naive_weights``), or with the arithmetic the prompt asks
for. A new numeric question needs an entry in ``REFERENCES``.

Fairness: the correct options are spread over the positions, their length
does not give them away (in no single-choice question is the correct option
strictly the longest), and multiple-choice questions vary how many answers
are right. No prompt or option is asked twice on the site. Every wrong
answer is explained with a link, and in the built
site each link leads to an existing section. The quizzes page asks the
course's seed questions, then has a section per lesson in the navigation's
order, and ends with questions that combine lessons. The quizzes in the
browser (feedback, the keyboard, progress across reloads, export and import)
are ``tests/browser/test_quiz.py``'s."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urljoin, urlsplit

import numpy as np
import pytest
import yaml
from quiz_support import DOCS, docs_fences, quiz

CHECK_PAGE = "check-your-understanding.md"


def _all_questions() -> list[tuple[str, Any]]:
    """(page, question) for every question of the site, validated like the build does (ids unique site-wide)."""
    registry = quiz.QuizRegistry()
    found = []
    for fence in docs_fences():
        questions = quiz.parse_quiz(fence.body, f"docs/{fence.page}", fence.line)
        registry.add(questions)
        found += [(fence.page, q) for q in questions]
    return found


try:
    QUESTIONS, LOAD_ERROR = _all_questions(), None
except quiz.QuizError as error:  # reported by the first test, with file, line, id and reason
    QUESTIONS, LOAD_ERROR = [], error


def naive_weights(q: np.ndarray, k: np.ndarray, causal: bool = False) -> list[list[float]]:
    """softmax(q k^T / sqrt(d_k)) one entry at a time, with a causal mask if asked: the textbook definition."""
    d_k = len(q[0])
    weights = []
    for i in range(len(q)):
        allowed = [j for j in range(len(k)) if not causal or j <= i]
        scores = {j: sum(float(q[i][l]) * float(k[j][l]) for l in range(d_k)) / math.sqrt(d_k) for j in allowed}
        top = max(scores.values())
        exps = {j: math.exp(s - top) for j, s in scores.items()}
        total = sum(exps.values())
        weights.append([exps.get(j, 0.0) / total for j in range(len(k))])
    return weights


def _given(question) -> dict[str, Any]:
    """The variables the question's setup defines (the data the reader is shown), numpy only."""
    namespace: dict[str, Any] = {"np": np}
    exec(question.setup, namespace)  # noqa: S102 - the course's own source: the question's data
    return namespace


# question id -> (independent computation from the setup's variables, what the prompt asks for)
REFERENCES: dict[str, Callable[[dict[str, Any]], float]] = {
    "sdpa-weight-of-key-2": lambda g: naive_weights(g["q"], g["k"])[0][2],
    "check-weight-of-key-2": lambda g: naive_weights(g["q"], g["k"])[0][2],
    # Identity projections: the queries and keys are the token vectors.
    "check-causal-weight": lambda g: naive_weights(g["x"], g["x"], causal=True)[1][0],
    # n tokens times the value width d_v.
    "check-output-size": lambda g: g["x"].shape[0] * g["w_v"].shape[1],
    # W_Q, W_K, W_V, W_O, each d_model x d_model, no biases.
    "check-mha-parameters": lambda g: 4 * 512 * 512,
    "why-attention-weight-of-key-1": lambda g: naive_weights(g["q"], g["k"])[0][1],
    # No scaling in the lesson's soft lookup: q times sqrt(d_k) cancels naive_weights' division.
    "query-key-value-soft-lookup-mass": lambda g: sum(
        w * g["values"][j][0] for j, w in enumerate(naive_weights(g["q"] * math.sqrt(3), g["keys"])[0])
    ),
    # With the padding mask, the two real tokens attend as a sentence of their own.
    "self-attention-padding-weight": lambda g: naive_weights(g["x"][0][:2], g["x"][0][:2])[0][1],
    # W_Q, W_K, W_V, W_O, each 64 x 64, and four biases of length 64.
    "multi-head-attention-params-with-bias": lambda g: 4 * 64 * 64 + 4 * 64,
    # 8 heads, each an n x n matrix of weights.
    "multi-head-attention-weight-count": lambda g: 8 * len(g["x"]) ** 2,
    # tanh(q W_q + k_1 W_k) v_a, one hidden unit at a time, with math.tanh.
    "check-additive-score-value": lambda g: sum(
        float(g["v_a"][a])
        * math.tanh(
            sum(float(g["q"][0][l] * g["w_q"][l][a]) for l in range(2))
            + sum(float(g["k"][1][l] * g["w_k"][l][a]) for l in range(2))
        )
        for a in range(2)
    ),
    # 4 heads, each a row of n_s source weights for every one of the n_t target tokens.
    "cross-attention-weight-count": lambda g: 4 * g["target"].shape[0] * g["source"].shape[0],
    # The softmax of the scores as given: the share of the 99 keys scoring 0.
    "misconceptions-small-weights-add-up": lambda g: (
        sum(math.exp(s) for s in g["scores"][1:]) / sum(math.exp(s) for s in g["scores"])
    ),
    # 12 heads of 8,192 x 8,192 float32 scores, 4 bytes each, in MiB.
    "attention-at-scale-scores-mib": lambda g: 12 * 8192 * 8192 * 4 / 1024 / 1024,
    # m = 1, l = 2, block scores 3 and 1: m_new = 3, l = 2 e^-2 + e^0 + e^-2, by hand.
    "attention-at-scale-online-step": lambda g: 1 + 3 * math.exp(-2),
    # Count the tiles (i0, j0) a causal loop visits: keys starting at or before the block's last query.
    # ALiBi head 1 of 8, slope 1/2, equal content scores: penalties -1, -1/2, 0 for keys 0, 1, 2.
    "check-alibi-weight": lambda g: math.exp(-1) / (math.exp(-1) + math.exp(-0.5) + 1),
    # The softmax's backward by hand, entry 0: y_0 (g_0 - sum_i g_i y_i).
    "learning-to-attend-softmax-backward": lambda g: g["y"][0] * (
        g["grad_y"][0] - sum(a * b for a, b in zip(g["grad_y"], g["y"]))
    ),
    "attention-at-scale-causal-tiles": lambda g: sum(
        1 for i0 in range(0, 4096, 512) for j0 in range(0, 4096, 512) if j0 <= i0 + 512 - 1
    ),
    # Per layer and token: a key and a value of 64 numbers for each of the 8 key/value heads; 2 bytes each, in MiB.
    "generating-cache-mib": lambda g: sum(8 * (64 + 64) for _layer in range(24)) * 4096 * 2 / 1024 / 1024,
    # One new token: four 1 x 64 by 64 x 64 projections; then, head by head (4 heads of 16, say), its query
    # against 100 keys and its weights against 100 values. The head split does not change the count.
    "generating-cached-step-cost": lambda g: 4 * 64 * 64 + sum(16 * 100 + 100 * 16 for _head in range(4)),
    # Every layer, every head: a key and a value of 64 float32 numbers for the one token, in KiB.
    # W = 6 keys, the query included: 5 tokens further back per layer, 4 layers, counted one layer at a time.
    "todays-models-window-reach": lambda g: sum(6 - 1 for _layer in range(4)),
    "check-gpt2-cache-per-token": lambda g: sum(2 * 64 * 4 for _layer in range(12) for _head in range(12)) / 1024,
}


def _numeric() -> list[Any]:
    return [q for _, q in QUESTIONS if q.type == "numeric"]


def test_every_quiz_in_docs_is_valid() -> None:
    assert LOAD_ERROR is None, str(LOAD_ERROR)


def test_the_site_has_quizzes_of_every_type() -> None:
    pages = {page for page, _ in QUESTIONS}
    assert {CHECK_PAGE, "lessons/scaled-dot-product-attention.md"} <= pages
    assert {q.type for _, q in QUESTIONS} == {"single", "multiple", "numeric"}


def test_the_check_page_asks_the_five_seed_questions() -> None:
    """The course outline's five questions (the seed), in its order, open the check page."""
    first_five = [q.id for page, q in QUESTIONS if page == CHECK_PAGE][:5]
    assert first_five == [
        "check-qkv-roles",
        "check-why-scale",
        "check-self-attention-special",
        "check-why-heads",
        "check-softmax-output",
    ]


def test_every_numeric_answer_has_an_independent_reference() -> None:
    ids = {q.id for q in _numeric()}
    missing = sorted(ids - set(REFERENCES))
    assert not missing, f"add an independent computation to REFERENCES for {missing}"
    assert not set(REFERENCES) - ids, "REFERENCES names questions that no longer exist"


@pytest.mark.parametrize("question", _numeric(), ids=lambda q: q.id)
def test_numeric_answer_agrees_with_the_independent_computation(question) -> None:
    reference = REFERENCES[question.id](_given(question))
    assert question.value == pytest.approx(reference, abs=1e-9), question.answer
    for mistake in question.mistakes:
        assert abs(mistake.value - reference) > question.tolerance


def test_two_answers_by_hand() -> None:
    """Two of the weights worked out with pencil and paper, from the setups shown in the questions."""
    by_id = {q.id: q for q in _numeric()}
    # q = (1, 2); keys (2, 0), (0, 1), (1, 1): scores 2, 2, 3, scaled by 1/sqrt(2).
    s = 1 / math.sqrt(2)
    assert by_id["sdpa-weight-of-key-2"].value == pytest.approx(
        math.exp(3 * s) / (2 * math.exp(2 * s) + math.exp(3 * s)), abs=1e-12
    )
    # q = (0, 1, 1, 0); keys give scores 1, 4, 1, 0, scaled by 1/2.
    assert by_id["check-weight-of-key-2"].value == pytest.approx(
        math.exp(0.5) / (2 * math.exp(0.5) + math.exp(2) + 1), abs=1e-12
    )


def test_every_wrong_answer_is_explained_with_a_link() -> None:
    link = re.compile(r"\[[^\]]+\]\(([^)\s]+)\)")
    for page, question in QUESTIONS:
        for option in question.options:
            assert option.explanation.strip()
            if not option.correct:
                assert link.search(option.explanation), f"{page}: {question.id}: {option.text}"
        for mistake in question.mistakes:
            assert link.search(mistake.explanation), f"{page}: {question.id}: {mistake.answer}"


# The course outline's topics, one lesson each; the check page asks about every one of them.
TOPIC_LESSONS = {
    "lessons/why-attention.md",
    "lessons/query-key-value.md",
    "lessons/scaled-dot-product-attention.md",
    "lessons/self-attention.md",
    "lessons/multi-head-attention.md",
    "lessons/cross-attention.md",
    "lessons/transformer-block.md",
    "lessons/attention-while-generating.md",
    "lessons/misconceptions.md",
}


def test_the_check_page_covers_every_topic() -> None:
    text = (DOCS / CHECK_PAGE).read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\((lessons/[\w-]+\.md)#", text))
    assert TOPIC_LESSONS <= linked, f"no quiz explanation on the check page links to {sorted(TOPIC_LESSONS - linked)}"


def _nav_lessons() -> list[tuple[str, str]]:
    """(title, page) of every lesson in mkdocs.yml's navigation, in its order."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # mkdocs' !ENV and friends
    config = yaml.load((DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    found: list[tuple[str, str]] = []

    def walk(items: list) -> None:
        for item in items:
            if not isinstance(item, dict):
                continue
            ((title, value),) = item.items()
            if isinstance(value, list):
                walk(value)
            elif isinstance(value, str) and value.startswith("lessons/"):
                found.append((title, value))

    walk(config["nav"])
    return found


# The check page's sections that are not a lesson's: the seed questions first, the combined ones last.
OPENING, COMBINED = "Five key questions", "Combining lessons"


def _check_page_sections() -> dict[str, str]:
    """Title -> text of each ## section of the check page, in the page's order."""
    text = (DOCS / CHECK_PAGE).read_text(encoding="utf-8")
    parts = re.split(r"(?m)^## (.+)\n", text)[1:]
    return dict(zip(parts[0::2], parts[1::2]))


LESSON_LINK = re.compile(r"\]\((lessons/[\w-]+\.md)#")


def test_the_check_page_has_a_section_per_lesson_in_the_navigations_order() -> None:
    """After the seed questions, one section per lesson, titled and ordered as the navigation lists them.

    Each section links to its own lesson; the page's last section combines
    lessons: each of its questions links to at least two of them. So the page's
    claim, "questions on every lesson, in the order of the navigation", holds.
    """
    nav = _nav_lessons()
    assert len(nav) >= 11, nav
    sections = _check_page_sections()
    titles = list(sections)
    assert titles[0] == OPENING and titles[-1] == COMBINED, titles
    assert titles[1:-1] == [title for title, _ in nav]
    for title, page in nav:
        assert page in LESSON_LINK.findall(sections[title]), f"the section {title!r} never links to {page}"
    combined = [q for q in quiz.parse_quiz(_quiz_body(sections[COMBINED]), CHECK_PAGE, 1)]
    assert 2 <= len(combined) <= 3, [q.id for q in combined]
    for question in combined:
        explanations = " ".join(o.explanation for o in question.options)
        assert len(set(LESSON_LINK.findall(explanations))) >= 2, f"{question.id} links to fewer than two lessons"


def _quiz_body(section: str) -> str:
    match = re.search(r"^```quiz\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
    assert match, "a section without a quiz"
    return match.group(1)


def test_correct_option_positions_are_spread_out() -> None:
    """Over all single-choice questions: every position holds a correct answer, none more than about half."""
    singles = [q for _, q in QUESTIONS if q.type == "single"]
    positions = Counter(next(i for i, o in enumerate(q.options) if o.correct) for q in singles)
    usual = Counter(len(q.options) for q in singles).most_common(1)[0][0]
    assert set(range(usual)) <= set(positions), f"unused positions: {sorted(set(range(usual)) - set(positions))}"
    assert max(positions.values()) <= 0.5 * len(singles), f"correct answers by position: {dict(positions)}"


# Math the reader sees as a word: \text{model}, \operatorname{softmax}.
_MATH_WORD = re.compile(r"\\(?:text|operatorname|mathrm|mathbf)\{([^{}]*)\}")


def visible_length(text: str) -> int:
    r"""Characters of an option as the reader sees it, not as it is typed.

    Markdown: ``*dog*``, ``_dog_`` and ``dict`` in backticks count as the word;
    a link ``[text](target)`` as its text. LaTeX: the ``\( \)`` delimiters count for
    nothing, ``\text{model}`` as its word, any other command (``\sqrt``,
    ``\times``, ``\alpha``) as one symbol, and braces, ``^`` and ``_`` for
    nothing (``d_k`` is two characters). Runs of spaces count as one.
    """
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)

    def math(match: re.Match[str]) -> str:
        body = _MATH_WORD.sub(r"\1", match.group(1))
        body = re.sub(r"\\[A-Za-z]+|\\.", "#", body)
        return re.sub(r"[{}^_]", "", body)

    text = re.sub(r"\\\((.*?)\\\)", math, text, flags=re.DOTALL)
    text = re.sub(r"[*`]|(?<!\w)_|_(?!\w)", "", text)
    return len(" ".join(text.split()))


def test_visible_length_counts_what_the_reader_sees() -> None:
    assert visible_length(r"*cat* hands over `dict`") == len("cat hands over dict")
    assert visible_length(r"\(d_\text{model} \times d_k\) wide") == len("dmodel × dk wide")
    assert visible_length(r"See [the formula](lessons/x.md#the-formula).") == len("See the formula.")
    assert visible_length("two\n   lines") == len("two lines")


def _longest_correct(question) -> bool:
    """Is the correct option strictly longer, as the reader sees it, than every other option?"""
    right = next(visible_length(o.text) for o in question.options if o.correct)
    return right > max(visible_length(o.text) for o in question.options if not o.correct)


def test_longest_correct_sees_a_strictly_longest_answer() -> None:
    """The rule's own check, on questions made up here: a tie is allowed, a longer answer is not."""

    def made_up(*texts: str, right: int) -> Any:
        options = [SimpleNamespace(text=text, correct=i == right) for i, text in enumerate(texts)]
        return SimpleNamespace(options=options)

    assert _longest_correct(made_up("a b c d", "a b", "abc", right=0))
    assert not _longest_correct(made_up("a b c d", "a b", "abcdefg", right=0))  # a tie, 7 and 7, is allowed
    assert not _longest_correct(made_up("a b c d", "abcdefgh", right=0))
    # Longest as typed (17 characters), not as read ("dmodel", 6 against "model width", 11).
    assert not _longest_correct(made_up(r"\(d_\text{model}\)", "model width", right=0))


def test_option_lengths_do_not_give_the_answer_away() -> None:
    """Picking the longest option must never be a winning strategy.

    Lengths are :func:`visible_length`: the text as the reader sees it, markup
    and LaTeX source stripped. Single choice, in every quiz of the site (the
    lessons' and the check page's): the correct option is never strictly the
    longest; a tie with a wrong option is allowed. Multiple choice, where a
    reader who guesses ticks the long options: the longest option is a correct
    one in at most half of the questions (about what chance gives, with half
    of the options correct), in no question are the correct options exactly
    the longest ones, and over the site the correct options are on average at
    most 1.1 times as long as the wrong ones.
    """
    singles = [(page, q) for page, q in QUESTIONS if q.type == "single"]
    assert singles, "no single-choice question found"
    longest = sorted(f"{page}: {q.id}" for page, q in singles if _longest_correct(q))
    assert not longest, (
        f"the correct option is strictly the longest in {len(longest)} of {len(singles)} "
        f"single-choice questions: {longest}"
    )

    multiples = [q for _, q in QUESTIONS if q.type == "multiple"]
    led, exact, right_lengths, wrong_lengths = [], [], [], []
    for question in multiples:
        lengths = [(visible_length(o.text), o.correct) for o in question.options]
        ranked = sorted(lengths, key=lambda pair: pair[0], reverse=True)
        n_right = sum(correct for _, correct in lengths)
        if ranked[0][1] and ranked[0][0] > ranked[1][0]:
            led.append(question.id)
        if all(correct for _, correct in ranked[:n_right]) and ranked[n_right - 1][0] > ranked[n_right][0]:
            exact.append(question.id)
        right_lengths += [n for n, correct in lengths if correct]
        wrong_lengths += [n for n, correct in lengths if not correct]
    assert len(led) <= len(multiples) / 2, f"a correct option is strictly the longest in {led}"
    assert not exact, f"the correct options are exactly the longest ones in {exact}"
    ratio = (sum(right_lengths) / len(right_lengths)) / (sum(wrong_lengths) / len(wrong_lengths))
    assert ratio <= 1.1, f"correct options are on average {ratio:.2f} times as long as the wrong ones"


def test_no_quiz_repeats_another() -> None:
    """No prompt and no option is asked twice on the site, so a lesson's quiz is its own.

    A question moved with its section to a new lesson (the positions split from the
    transformer block) must not stay behind, and a lesson must not reuse the check
    page's options: compared as the reader sees them, case and spacing aside.
    """

    def seen(text: str) -> str:
        return " ".join(text.lower().split())

    where: dict[str, list[str]] = {}
    for page, question in QUESTIONS:
        where.setdefault("prompt: " + seen(question.prompt), []).append(f"{page}: {question.id}")
        for option in question.options:
            where.setdefault("option: " + seen(option.text), []).append(f"{page}: {question.id}")
    repeated = {text: ids for text, ids in where.items() if len(ids) > 1}
    assert not repeated, f"asked more than once: {repeated}"
    # The made-up case: the same option in two questions is found.
    assert seen("The  Same\noption") == seen("the same option")


def test_multiple_choice_questions_vary_their_answers() -> None:
    for _, question in QUESTIONS:
        if question.type == "multiple":
            flags = [o.correct for o in question.options]
            assert 1 < sum(flags) < len(flags), (
                f"{question.id}: a multiple-choice question needs right and wrong options"
            )


# ──────────────────────────────────────────────────────────────────────────────
# The built site (one strict build per test session, shared with the site tests)
# ──────────────────────────────────────────────────────────────────────────────


class _QuizLinks(HTMLParser):
    """Links inside quizzes, and the numbers and answers the quizzes carry."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # >0 inside a [data-quiz]
        self.links: list[str] = []
        self.answers: dict[str, float] = {}
        self.correct: dict[str, list[str]] = {}
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if "data-quiz" in values or self.depth:
            self.depth += tag not in ("input", "br", "img")
        if self.depth and tag == "a":
            self.links.append(values.get("href") or "")
        if "data-answer" in values:
            self.answers[values["data-question-id"] or ""] = float(values["data-answer"] or "nan")
        if tag == "input" and "data-correct" in values:
            question = (values.get("name") or "").removeprefix("quiz-")
            self.correct.setdefault(question, []).append(values.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1


def _page_html(site: Path, page: str) -> Path:
    stem = page.removesuffix(".md")
    return site / ("" if stem == "index" else stem + "/") / "index.html"


def _ids_in(path: Path) -> set[str]:
    parser = _QuizLinks()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.ids


@pytest.mark.parametrize("page", sorted({page for page, _ in QUESTIONS}))
def test_built_quizzes_link_to_existing_sections_and_carry_the_answers(built_site: Path, page: str) -> None:
    html_path = _page_html(built_site, page)
    parser = _QuizLinks()
    parser.feed(html_path.read_text(encoding="utf-8"))
    questions = [q for p, q in QUESTIONS if p == page]
    base = "http://site/" + html_path.parent.relative_to(built_site).as_posix() + "/"
    assert parser.links, "the quizzes on this page link nowhere"
    for href in parser.links:
        target = urlsplit(urljoin(base, href))
        assert target.netloc == "site", f"{page}: quiz link {href} leaves the site"
        path = built_site / target.path.lstrip("/")
        path = path / "index.html" if path.is_dir() else path
        assert path.is_file(), f"{page}: quiz link {href} points to a missing page"
        if target.fragment:
            assert target.fragment in _ids_in(path), f"{page}: quiz link {href}: no such section"
    for question in questions:
        if question.type == "numeric":
            assert parser.answers[question.id] == pytest.approx(REFERENCES[question.id](_given(question)), abs=1e-9)
        else:
            expected = [letter.lower() for letter in question.correct_letters]
            assert parser.correct[question.id] == expected
