"""What a lesson's "Build it" exercise calls in the reader's browser: grade the reader's code.

As the lab's entry points (:mod:`attention.lab.entry`): one JSON object in,
JSON text out. The reader's code travels as a string inside that object and is
run by the grader as a guest (:mod:`attention.exercises.guest`), never in the
lesson blocks' namespace.
"""

from __future__ import annotations

import json

from .._validate import check_arguments
from . import exercise
from .grader import grade

__all__ = ["check"]


def check(args_json: str) -> str:
    """Grade ``{"exercise": id, "code": text}``: the :class:`~attention.exercises.grader.Report` as JSON.

    Example:
        >>> report = json.loads(check(json.dumps({"exercise": "stable-softmax", "code": "x = 1"})))
        >>> report["kind"], report["title"]
        ('missing', 'No function softmax()')
    """
    if not isinstance(args_json, str):
        raise TypeError(f"{__name__}.check takes its arguments as JSON text, got {type(args_json).__name__}")
    args = check_arguments(f"{__name__}.check", json.loads(args_json), ("exercise", "code"))
    if not isinstance(args["exercise"], str) or not isinstance(args["code"], str):
        raise TypeError(f"{__name__}.check: exercise and code must be text")
    return json.dumps(grade(exercise(args["exercise"]), args["code"]).as_dict())
