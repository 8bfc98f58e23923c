"""The grader against a reader who gets it wrong, or tries to cheat: every message, and the Python usable after.

On the softmax exercise, code that: does not compile; imports ``attention`` or
any module but numpy and a few pure ones, or reaches the package through
``sys.modules``; defines no such function; raises
(shown with the reader's own lines only, never the grader's); loops forever
(stopped at the stated limit, and said so); holds too much memory; returns
None, a list, an ndarray subclass, the wrong shape or dtype; or tampers with
numpy, ``sys.modules`` or the grader's own helpers to mark itself correct. Each
gets its own clear message, none passes, and the next Check of the solution
passes with numpy as it was. A generic wrong answer gets the smallest failing
check, its inputs, expected against got and the first differing index.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from attention.exercises import catalogue, entry, exercise, grader
from attention.exercises.guest import MEMORY_LIMIT_BYTES, TIME_LIMIT_S

SOFTMAX = exercise("stable-softmax")


def graded(code: str) -> grader.Report:
    report = grader.grade(SOFTMAX, code)
    assert not report.passed
    after = grader.grade(SOFTMAX, SOFTMAX.solution)  # the Python is still usable, numpy as it was
    assert after.passed, after.message
    assert np.exp(0.0) == 1.0 and np.allclose(1.0, 1.0) and not np.allclose(1.0, 2.0)
    return report


def test_a_syntax_error_names_the_line_and_shows_it() -> None:
    report = graded("def softmax(x):\n    return x.sum(axis=1\n")
    assert report.kind == "syntax"
    assert report.message.startswith("Line 2: '(' was never closed.\n    return x.sum(axis=1\n")


@pytest.mark.parametrize(
    "code, sentence",
    [
        ("import attention\ndef softmax(x): return attention.softmax(x)", "Your code imports attention, the package"),
        ("from attention.softmax import softmax", "Your code imports attention.softmax, the package"),
        ("def softmax(x):\n    return __import__('attention').softmax(x)\n", None),
        (
            "import os\ndef softmax(x): return x",
            "Check runs numpy (and functools, itertools, math, typing) only: `import os` was refused.",
        ),
        ("import importlib\ndef softmax(x): return x", "`import importlib` was refused"),
    ],
)
def test_imports_other_than_numpy_are_refused_with_a_sentence(code: str, sentence: str | None) -> None:
    report = graded(code)
    if sentence is None:  # imported when the function runs: the error is the reader's, with their line
        assert report.kind == "raised" and "Refused: Your code imports attention" in report.message
        assert "line 2, in softmax" in report.message
    else:
        assert report.kind == "refused" and report.title == "Only numpy here"
        assert sentence in report.message


@pytest.mark.parametrize(
    "code",
    [
        "import typing\ndef softmax(x):\n    return typing.sys.modules['attention'].softmax(x)\n",
        "import typing\nfrom_package = typing.sys.modules['attention.softmax'].softmax\ndef softmax(x):\n    return from_package(x)\n",
    ],
)
def test_the_package_reached_through_sys_modules_is_refused(code: str) -> None:
    report = graded(code)
    assert report.kind in ("raised", "refused")
    assert "through sys.modules: that is the package the checks compare your function with" in report.message
    assert "attention" in __import__("sys").modules and not report.passed


def test_open_and_input_are_not_there() -> None:
    report = graded("def softmax(x):\n    open('/etc/passwd')\n    return x\n")
    assert report.kind == "raised" and "NameError: name 'open' is not defined" in report.message


def test_a_missing_function_is_named_with_what_the_code_defines() -> None:
    report = graded("def soft_max(x):\n    return x\n")
    assert report.kind == "missing"
    assert report.message.startswith(
        "Check calls a function named softmax: your code defines soft_max, but not that one."
    )


def test_an_exception_shows_the_readers_lines_only() -> None:
    code = (
        "import numpy as np\n\ndef softmax(x):\n    return helper(x)\n\ndef helper(x):\n    return x / x.sum(axis=3)\n"
    )
    report = graded(code)
    assert report.kind == "raised" and report.title == "Your function raised AxisError"
    assert report.message == (
        "On the check “one score” (x (1,) float64), your function raised an error:\n"
        "  line 4, in softmax\n    return helper(x)\n"
        "  line 7, in helper\n    return x / x.sum(axis=3)\n"
        "numpy.exceptions.AxisError: axis 3 is out of bounds for array of dimension 1"
    )
    assert "grader" not in report.message and "site-packages" not in report.message


def test_an_endless_loop_is_stopped_at_the_stated_limit() -> None:
    report = graded(
        "def softmax(x):\n    while True:\n        try:\n            pass\n        except Exception:\n            pass\n"
    )
    assert report.kind == "timeout" and report.title == f"Stopped after {TIME_LIMIT_S:g} s"
    assert f"still running after {TIME_LIMIT_S:g} s, so Check stopped it" in report.message


def test_an_endless_loop_outside_the_function_is_stopped_too() -> None:
    report = graded("n = 0\nwhile n >= 0:\n    n += 1\n")
    assert report.kind == "timeout" and "code outside the function runs when the code is loaded" in report.message


def test_too_much_memory_is_refused() -> None:
    rows = MEMORY_LIMIT_BYTES // 8 // 1000 + 100
    report = graded(f"import numpy as np\ndef softmax(x):\n    big = np.ones(({rows}, 1000))\n    return x\n")
    assert report.kind == "memory" and report.title == "Too much memory"
    assert f"more than the {MEMORY_LIMIT_BYTES // 2**20} MB Check allows" in report.message


@pytest.mark.parametrize(
    "body, message",
    [
        ("y = x", "your function returned None, not a numpy array. Did you forget `return`?"),
        ("return x.tolist()", "your function returned a list, not a numpy array. Wrap it in np.asarray(...)."),
        ("return float(x.sum())", "your function returned a float, not a numpy array."),
        ("return x.view(Sneaky)", "your function returned a Sneaky, not a numpy array. Return a plain numpy array"),
    ],
)
def test_a_result_that_is_not_an_array_is_named(body: str, message: str) -> None:
    code = f"import numpy as np\nclass Sneaky(np.ndarray):\n    def __eq__(self, other):\n        return True\ndef softmax(x):\n    {body}\n"
    report = graded(code)
    assert report.kind == "type" and message in report.message


def test_a_wrong_shape_names_both_shapes_and_the_axes() -> None:
    report = graded("import numpy as np\ndef softmax(x):\n    return np.zeros(x.shape + (1,))\n")
    assert report.kind == "shape"
    assert report.message == "On the check “one score” (x (1,) float64): expected shape (1,) (..., n), got (1, 1)."


def test_a_float64_result_for_float32_scores_says_what_promotes() -> None:
    code = (
        "import numpy as np\ndef softmax(x):\n    x = x.astype(np.float64)\n"
        "    e = np.exp(x - x.max(axis=-1, keepdims=True))\n    return e / e.sum(axis=-1, keepdims=True)\n"
    )
    report = graded(code)
    assert report.kind == "dtype"
    assert report.message.startswith(
        "On the check “float32 scores” (x (2, 3) float32): expected dtype float32, got float64."
    )


def test_a_generic_wrong_answer_shows_the_smallest_failing_check() -> None:
    code = (
        "import numpy as np\ndef softmax(x):\n    e = np.exp(x - x.max(axis=-1, keepdims=True))\n"
        "    return e / (e.sum(axis=-1, keepdims=True) + 1)\n"
    )
    report = graded(code)
    assert (report.kind, report.mistake, report.case) == ("values", None, "one score")
    assert report.message == (
        "On the check “one score” (x (1,) float64), your result differs from the attention package's result at "
        "1 of 1 entries (tolerance rtol=1e-09, atol=1e-12).\nInputs:\nx =\n    [3.]\nExpected:\n    [1.]\n"
        "Got:\n    [0.5]\nFirst difference at index (0,): expected 1, got 0.5."
    )


@pytest.mark.parametrize(
    "code, named",
    [
        ("import numpy as np\nnp.allclose = lambda *a, **k: True\nnp.isclose = np.allclose\n", "numpy.allclose"),
        ("import numpy as np\nnp.exp = lambda x: x\n", "numpy.exp"),
        ("import numpy as np\nnp.zeros_like = None\ndel np.ones\n", "numpy.ones"),
        ("import typing\ntyping.sys.modules['numpy'] = None\n", "sys.modules['numpy']"),
        ("import typing\nb = typing.sys.modules['builtins']\nb.len = lambda x: 0\n", "builtins.len"),
    ],
)
def test_tampering_is_undone_and_never_passes(code: str, named: str) -> None:
    report = graded(code + "def softmax(x):\n    return x\n")
    assert report.kind == "tampered" and report.title == "Your code changed numpy or the grader"
    assert named in report.message and "did not grade this run" in report.message


def test_the_grader_itself_is_out_of_reach() -> None:
    code = (
        "import typing\ngrader = typing.sys.modules['attention.exercises.grader']\n"
        "grader._close = lambda got, want, tol: got == got\ndef softmax(x):\n    return x\n"
    )
    report = graded(code)  # what it changed was a stand-in: the grader compares as it did
    assert (report.kind, report.case) == ("values", "one score")
    assert grader._close.__module__ == "attention.exercises.grader"


def test_tampering_inside_the_function_is_caught_too() -> None:
    code = "import numpy as np\ndef softmax(x):\n    np.isclose = lambda *a, **k: np.ones(np.shape(a[0]), bool)\n    return x\n"
    assert graded(code).kind == "tampered"


def test_numpy_settings_the_code_changes_are_put_back() -> None:
    before = np.geterr(), np.get_printoptions()["precision"]
    graded(
        "import numpy as np\nnp.seterr(all='raise')\nnp.set_printoptions(precision=1)\ndef softmax(x):\n    return x\n"
    )
    assert (np.geterr(), np.get_printoptions()["precision"]) == before


def test_the_entry_point_takes_json_and_names_bad_arguments() -> None:
    report = json.loads(entry.check(json.dumps({"exercise": "stable-softmax", "code": SOFTMAX.solution})))
    assert report["passed"] is True and report["kind"] == "passed" and report["checks"] == 8
    with pytest.raises(ValueError, match="no exercise 'nope'"):
        entry.check(json.dumps({"exercise": "nope", "code": ""}))
    with pytest.raises(ValueError, match="missing code"):
        entry.check(json.dumps({"exercise": "stable-softmax"}))


def test_a_tuple_of_the_wrong_length_says_how_many_came_back() -> None:
    exercise = next(e for e in catalogue() if len(e.returns) > 1)
    names = ", ".join(r.name for r in exercise.returns)
    code = f"import numpy as np\ndef {exercise.function}(*args):\n    return (np.zeros(1),)\n"
    report = grader.grade(exercise, code)
    assert report.kind == "type"
    assert report.message == (
        f"Your function must return a tuple of {len(exercise.returns)} numpy arrays ({names}); it returned a tuple of 1."
    )
