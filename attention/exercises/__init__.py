"""The course's "Build it" exercises: the reader writes a function, the page grades it.

Each lesson's exercises are in the module named after the lesson
(``scaled_dot_product_attention.py`` for ``scaled-dot-product-attention.md``),
in its ``EXERCISES`` tuple, in the format of :mod:`attention.exercises.format`;
the lesson places each one with an ``exercise`` fence naming its id. The grader
is :mod:`attention.exercises.grader`, the page's entry point
:mod:`attention.exercises.entry`, and the rules the reader's code runs under
are :mod:`attention.exercises.guest`.

- :func:`catalogue`: every exercise, lesson by lesson;
- :func:`exercise`: one, by id.
"""

from __future__ import annotations

import importlib
import pkgutil

from .format import Case, Exercise, Mistake, Returns, Tolerance

__all__ = ["Case", "Exercise", "Mistake", "Returns", "Tolerance", "catalogue", "exercise", "lesson_modules"]

# The modules of the package that are not lessons.
_MACHINERY = frozenset({"entry", "format", "grader", "guest"})


def lesson_modules() -> list[str]:
    """The names of the lesson modules, sorted."""
    return sorted(
        info.name
        for info in pkgutil.iter_modules(__path__)
        if info.name not in _MACHINERY and not info.name.startswith("_")
    )


def catalogue() -> tuple[Exercise, ...]:
    """Every exercise, by lesson module, each module's in its own order; ids are unique.

    Example:
        >>> ids = [e.id for e in catalogue()]
        >>> len(ids) == len(set(ids))
        True
    """
    found: list[Exercise] = []
    for name in lesson_modules():
        module = importlib.import_module(f"{__name__}.{name}")
        for item in module.EXERCISES:
            if item.lesson.replace("-", "_") != name:
                raise ValueError(f"exercise {item.id!r} says it belongs to {item.lesson}, but is in {name}.py")
            found.append(item)
    ids = [item.id for item in found]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"exercise ids used twice: {', '.join(repeated)}")
    return tuple(found)


def exercise(exercise_id: str) -> Exercise:
    """The exercise whose id is ``exercise_id``; a ValueError naming the known ones otherwise."""
    for item in catalogue():
        if item.id == exercise_id:
            return item
    known = ", ".join(item.id for item in catalogue())
    raise ValueError(f"no exercise {exercise_id!r}; the exercises are: {known}")
