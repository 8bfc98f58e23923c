"""The exercise format: what one "Build it" exercise holds.

An exercise is an :class:`Exercise` object in the module of its lesson
(``attention/exercises/<lesson>.py``, the lesson's file name with ``_`` for
``-``), listed in that module's ``EXERCISES``. Everything about it lives there:
the prompt, the starter the editor opens with, the reference solution (numpy
only, written as a reader would), the checks (hand-picked edge cases and seeded
random inputs), the function of the ``attention`` package the reader's result
is compared with, the hints, and the catalogue of mistakes, each written as the
code a reader who makes it would submit.

The grader (:mod:`attention.exercises.grader`) runs the reader's code on every
check's inputs and compares with the package; a mistake's code runs on the same
inputs, so a reader whose results equal a mistake's on every check gets that
mistake's explanation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["FLOAT32", "Case", "Exercise", "Mistake", "Returns", "Tolerance", "random_arrays"]

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Tolerance:
    """Close enough: ``|got - expected| <= atol + rtol * |expected|`` everywhere (numpy's ``allclose`` rule)."""

    rtol: float
    atol: float

    def __str__(self) -> str:
        return f"rtol={self.rtol:g}, atol={self.atol:g}"


def random_arrays(seed: int, *shapes: tuple[int, ...], scale: float = 1.0) -> tuple[np.ndarray, ...]:
    """Standard-normal arrays of ``shapes`` (times ``scale``), the same for the same ``seed``: a check's random inputs.

    Example:
        >>> [a.shape for a in random_arrays(0, (2, 3), (4,))]
        [(2, 3), (4,)]
    """
    rng = np.random.default_rng(seed)
    return tuple(scale * rng.standard_normal(shape) for shape in shapes)


@dataclass(frozen=True)
class Returns:
    """One array the reader's function returns: its name in messages and its axes, e.g. ``"(..., n_q, d_v)"``."""

    name: str
    axes: str


# Float32 inputs are compared at float32's precision.
FLOAT32 = Tolerance(rtol=1e-5, atol=1e-6)


@dataclass(frozen=True)
class Case:
    """One check: the arguments, in the signature's order, and what the reader is told it is.

    ``name`` says what the check is about ("one token", "a fully masked row",
    "random, seed 3"); ``tolerance`` replaces the exercise's for this check
    (float32 inputs are compared at float32's precision).
    """

    name: str
    args: tuple[Any, ...]
    tolerance: Tolerance | None = None

    def size(self) -> int:
        """How many numbers the inputs hold: the smallest failing check is the one shown."""
        return sum(int(np.size(arg)) for arg in self.args)


@dataclass(frozen=True)
class Mistake:
    """An error learners make, as the code of a reader who makes it, and what to tell them.

    ``explanation`` is Markdown shown in the page when the reader's results equal
    this code's on every check; it names the symptom, then the fix, and links to
    the section of a lesson that teaches it (``lesson.md#anchor``, relative to
    the lessons' folder). ``code`` defines the exercise's function, with the
    mistake.
    """

    id: str
    title: str
    explanation: str
    code: str


@dataclass(frozen=True)
class Exercise:
    """One "Build it" exercise (see the module's docstring)."""

    id: str
    lesson: str  # the lesson's file name without .md, e.g. "scaled-dot-product-attention"
    title: str
    function: str  # the name of the function the reader writes
    prompt: str  # Markdown: what to write, shown above the editor
    starter: str  # the editor's code at first: the signature and docstring, and a body to replace
    solution: str  # a reference solution with numpy alone, shown after a pass
    reference: Callable[..., Any]  # the package's answer for a check's arguments
    cases: Callable[[], Sequence[Case]]  # every check, the hand-picked ones first
    returns: tuple[Returns, ...]  # one entry per array returned (a tuple when more than one)
    tolerance: Tolerance
    hints: tuple[str, ...]
    mistakes: tuple[Mistake, ...]

    def __post_init__(self) -> None:
        problems = []
        if not _ID.match(self.id):
            problems.append(f"id {self.id!r} is not made of a-z, 0-9 and -")
        if not _NAME.match(self.function):
            problems.append(f"function {self.function!r} is not a Python name")
        if f"def {self.function}(" not in self.starter:
            problems.append(f"the starter does not define {self.function}()")
        if f"def {self.function}(" not in self.solution:
            problems.append(f"the solution does not define {self.function}()")
        if not self.returns:
            problems.append("returns names no array")
        if len(self.hints) < 2:
            problems.append(f"{len(self.hints)} hint(s): give at least two")
        if len(self.mistakes) < 3:
            problems.append(f"{len(self.mistakes)} catalogued mistake(s): give at least three")
        ids = [mistake.id for mistake in self.mistakes]
        if len(set(ids)) != len(ids):
            problems.append(f"mistake ids repeat: {ids}")
        for mistake in self.mistakes:
            if not _ID.match(mistake.id):
                problems.append(f"mistake id {mistake.id!r} is not made of a-z, 0-9 and -")
            if f"def {self.function}(" not in mistake.code:
                problems.append(f"mistake {mistake.id!r}: its code does not define {self.function}()")
            if "](" not in mistake.explanation:
                problems.append(f"mistake {mistake.id!r}: its explanation links to no section")
        if problems:
            raise ValueError(f"exercise {self.id!r}: " + "; ".join(problems))
