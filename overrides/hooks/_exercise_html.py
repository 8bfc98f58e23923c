"""The HTML of one "Build it" exercise. Not a hook: ``quiz.py`` renders the ``exercise`` fence with it.

Pure functions of an :class:`attention.exercises.Exercise` and a Markdown
renderer (no MkDocs): the DOM contract of docs/architecture.md ("The DOM
contract", exercise), which ``docs/javascripts/exercise.js`` brings to life.
Everything the page may show is rendered here, at build time: the prompt, the
rules of the checks (their number and tolerances, counted from the exercise's
cases), the starter, every hint, every mistake's explanation and the solution;
the script reveals what applies. The starter and the solution are coloured by
Pygments with the site's classes, outside any ``language-python`` block, so
the lesson runner and the deferred colouring leave them alone; and without
Material's copy button (``no-copy``): the editor is the reader's to copy from.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from attention.exercises import Exercise
from attention.exercises.grader import expected
from attention.exercises.guest import ALLOWED, MEMORY_LIMIT_BYTES, TIME_LIMIT_S
from site_examples.material_adapter import NO_COPY, button_class

_FORMATTER = HtmlFormatter(nowrap=True)
_LEXER = PythonLexer()


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def coloured(code: str) -> str:
    """``code`` as Pygments' token spans (escaped), for a ``<code>`` of the site's ``.highlight`` style."""
    return highlight(code, _LEXER, _FORMATTER)


def rules(exercise: Exercise) -> str:
    """What Check does, in a sentence or two, counted from the exercise itself."""
    cases = expected(exercise).cases
    tolerances = sorted({str(case.tolerance) for case in cases if case.tolerance is not None})
    looser = f" ({'; '.join(tolerances)} for float32 inputs)" if tolerances else ""
    others = ", ".join(sorted(ALLOWED - {"numpy", "__future__"}))
    return (
        f"<strong>Check</strong> runs your <code>{_attr(exercise.function)}</code> on {len(cases)} inputs, hand-picked "
        f"and random, and compares each result with the <code>attention</code> package's to "
        f"<code>{_attr(str(exercise.tolerance))}</code>{_attr(looser)}. Your code may import numpy (and {others}), "
        f"runs for at most {TIME_LIMIT_S:g} s and {MEMORY_LIMIT_BYTES // 2**20} MB, and stays in this page."
    )


def render_exercise(exercise: Exercise, md: Callable[[str], str], page: str, *, position: int, total: int) -> str:
    """The exercise's HTML; ``md`` renders a Markdown fragment, ``page`` is the page's URL (it keys nothing).

    ``position`` and ``total``: where the exercise stands among its lesson's (1-based), which its kicker says,
    with how many the reader solved (``exercise.js`` writes the number; a fresh reader's 0 is there from the start,
    so the kicker keeps its lines as the script mounts; without JavaScript it is not shown).
    """
    ident = exercise.id
    title_id = f"exercise-{ident}-title"
    hints = len(exercise.hints)
    out = [
        (
            f'<div class="exercise" data-exercise="{_attr(ident)}" data-exercise-page="{_attr(page)}" '
            f'role="group" aria-labelledby="{title_id}">'
        ),
        (
            f'<p class="exercise-kicker">Build it · {position} of {total} in this lesson'
            '<span class="exercise-progress" data-exercise-progress> · 0 solved</span></p>'
        ),
        f'<p class="exercise-title" id="{title_id}" role="heading" aria-level="3">{_attr(exercise.title)}</p>',
        f'<div class="exercise-prompt">{md(exercise.prompt)}</div>',
        f'<p class="exercise-rules">{rules(exercise)}</p>',
        # The editor looks like the lesson blocks' (runner.css styles .exercise-editor with them); the <div class="highlight">
        # is what the editor replaces.
        # Made a text box (focusable, named as editable) by the script, which makes it one; without it, the starter.
        (
            f'<div class="exercise-editor" data-exercise-editor><div class="highlight {NO_COPY}"><pre data-exercise-code '
            f'data-exercise-label="Your code: {_attr(exercise.title)}, editable">'
            f"<code>{coloured(exercise.starter)}</code></pre></div></div>"
        ),
        f"<template data-exercise-starter>{_attr(exercise.starter)}</template>",
        # Disabled until exercise.js mounts, and not shown without JavaScript (quiz.css); the state is a fresh reader's.
        '<div class="exercise-actions">',
        (
            f'<button type="button" class="{button_class(primary=True)}" data-action="check" disabled '
            'title="Run your function on every check (Ctrl+Enter in the editor)" aria-keyshortcuts="Control+Enter">'
            "Check</button>"
        ),
        (
            f'<button type="button" class="{button_class()}" data-action="hint" disabled title="Show the next hint ({hints} in all)">'
            "Hint</button>"
        ),
        (
            f'<button type="button" class="{button_class()}" data-action="solution" disabled '
            'title="Show a solution: after a pass, or once you have checked twice">Solution</button>'
        ),
        (
            f'<button type="button" class="{button_class()}" data-action="reset" disabled title="Put the starter back in the editor">'
            "Reset</button>"
        ),
        '<span class="exercise-state" data-exercise-state>Not solved yet · 0 checks</span>',
        "</div>",
        '<div class="exercise-feedback" data-exercise-feedback>',
        '<p class="exercise-verdict" data-exercise-verdict role="status"></p>',
    ]
    # A diagnosed mistake's explanation first, then the check it fails (the report).
    for mistake in exercise.mistakes:
        out.append(
            f'<div class="exercise-mistake" data-exercise-mistake="{_attr(mistake.id)}" hidden>'
            f"{md(mistake.explanation)}</div>"
        )
    out.append('<pre class="exercise-message" data-exercise-message tabindex="0" hidden></pre>')
    out.append("</div>")
    out.append('<div class="exercise-hints" data-exercise-hints>')
    for number, hint in enumerate(exercise.hints, start=1):
        out.append(
            f'<div class="exercise-hint" data-exercise-hint hidden><p class="exercise-hint-label">'
            f"Hint {number} of {hints}</p>{md(hint)}</div>"
        )
    out.append("</div>")
    out += [
        '<div class="exercise-solution" data-exercise-solution hidden>',
        '<p class="exercise-solution-label">A solution, with numpy alone</p>',
        f'<div class="highlight {NO_COPY}"><pre><code>{coloured(exercise.solution)}</code></pre></div>',
        "</div>",
        "</div>",
    ]
    return "\n".join(out)


def summary_sentence(exercises: tuple[Exercise, ...]) -> str:
    """How many exercises and catalogued mistakes the course holds, for the home page.

    Example:
        >>> from attention.exercises import catalogue
        >>> summary_sentence(catalogue()[:1]).startswith("1 Build-it exercise")
        True
    """
    mistakes = sum(len(exercise.mistakes) for exercise in exercises)
    lessons = len({exercise.lesson for exercise in exercises})
    plural = "s" if len(exercises) != 1 else ""
    return (
        f"{len(exercises)} Build-it exercise{plural} in {lessons} lesson{'s' if lessons != 1 else ''}, "
        f"graded in your browser, with {mistakes} catalogued mistakes that each get their own explanation"
    )
