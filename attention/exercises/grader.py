"""The grader: the reader's function against the package on every check, and a diagnosis when it differs.

:func:`grade` answers one Check with a :class:`Report`. In order:

1. the code compiles, imports only what :mod:`~attention.exercises.guest`
   allows, and defines the exercise's function;
2. the function runs on every check's inputs (fresh copies each time), within
   the time and memory limits; what numpy and the grader were before it ran is
   compared with what they are after (changed: put back, and not graded);
3. each result must be a numpy array (a tuple of them when the exercise returns
   several), of the expected shape and dtype, equal to the package's result at
   the exercise's tolerance.

When a check fails, the report says first what is wrong with the shape, then,
when the reader's results equal a catalogued mistake's on every check, that
mistake (``mistake``: its id; the page shows its explanation); otherwise the
smallest failing check, expected against got, and the first index where they
differ. An exception in the reader's code is shown with the reader's own lines
only. The package's results and the mistakes' are computed once per exercise,
before any reader's code runs.

The same function runs in the page (Pyodide, :mod:`attention.exercises.entry`)
and under CPython in the tests.
"""

from __future__ import annotations

import copy
import linecache
import re
import traceback
import warnings
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from .format import Case, Exercise, Tolerance
from .guest import (
    MEMORY_LIMIT_BYTES,
    READER_FILE,
    TIME_LIMIT_S,
    OutOfMemory,
    OutOfTime,
    Refused,
    Watch,
    guest_builtins,
    limits,
    package_hidden,
)

__all__ = ["Report", "grade", "run_code"]

_ndarray = np.ndarray  # the grader's own references: the reader's code cannot rebind these names
_isnan = np.isnan
_abs = np.abs
_argwhere = np.argwhere


@dataclass(frozen=True)
class Report:
    """What one Check found.

    ``kind`` is ``passed`` or what failed first: ``syntax``, ``refused`` (an
    import), ``missing`` (no such function), ``raised``, ``timeout``,
    ``memory``, ``tampered``, ``type``, ``shape``, ``dtype`` or ``values``.
    ``mistake`` is the id of the catalogued mistake the results equal, if any;
    ``message`` is then its explanation (as text) and ``detail`` (for the page,
    which shows the explanation as rendered at build time) the check it fails.
    ``case`` names the check the message is about; ``checks`` counts them all,
    ``passed_checks`` those the function passed.
    """

    exercise: str
    passed: bool
    kind: str
    title: str
    message: str
    mistake: str | None = None
    detail: str | None = None
    case: str | None = None
    checks: int = 0
    passed_checks: int = 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# ── Running code ───────────────────────────────────────────────────────────


@dataclass
class _Raised:
    """An exception the reader's function raised on one check."""

    type_name: str
    text: str  # the reader's lines of the traceback, then the exception


def _reader_traceback(error: BaseException) -> str:
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == READER_FILE]
    lines = [f"  line {frame.lineno}, in {frame.name}\n    {(frame.line or '').strip()}\n" for frame in frames]
    return "".join(lines) + "".join(traceback.format_exception_only(type(error), error)).rstrip()


def run_code(code: str, function: str, *, trusted: bool = False) -> Any:
    """The function ``function`` that ``code`` defines, run as a guest (``trusted``: the catalogue's own code).

    Raises SyntaxError, :class:`~attention.exercises.guest.Refused`, or whatever
    the code raised; returns None when the code defines no such callable.
    """
    compiled = compile(code, READER_FILE if not trusted else "<exercise catalogue>", "exec")
    namespace: dict[str, Any] = {"__builtins__": guest_builtins(), "__name__": "exercise"}
    if trusted:
        exec(compiled, namespace)  # noqa: S102 - the exercise's own code
    else:
        linecache.cache[READER_FILE] = (len(code), None, code.splitlines(True), READER_FILE)
        with limits():
            exec(compiled, namespace)  # noqa: S102 - the reader's code, as a guest (attention.exercises.guest)
    found = namespace.get(function)
    return found if callable(found) else None


def _fresh(args: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(np.array(arg, copy=True) if isinstance(arg, np.ndarray) else copy.deepcopy(arg) for arg in args)


def _frozen(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        value = value.copy()
        value.flags.writeable = False
    return value


def _parts(value: Any, count: int) -> tuple[Any, ...] | None:
    """The arrays of a result: itself when the exercise returns one array, else the tuple's items."""
    if count == 1:
        return (value,)
    if isinstance(value, (tuple, list)) and len(value) == count:
        return tuple(value)
    return None


# ── What the checks expect ─────────────────────────────────────────────────


@dataclass
class _Expected:
    cases: list[Case]
    arguments: tuple[str, ...]
    results: list[tuple[np.ndarray, ...]]
    mistakes: dict[str, list[tuple[np.ndarray, ...] | _Raised]]


_expected: dict[str, _Expected] = {}


def _argument_names(exercise: Exercise) -> tuple[str, ...]:
    solution = run_code(exercise.solution, exercise.function, trusted=True)
    code = solution.__code__
    return tuple(code.co_varnames[: code.co_argcount])


def _trusted_results(exercise: Exercise, code: str, cases: Sequence[Case]) -> list[tuple[np.ndarray, ...] | _Raised]:
    function = run_code(code, exercise.function, trusted=True)
    results: list[tuple[np.ndarray, ...] | _Raised] = []
    for case in cases:
        try:
            with np.errstate(all="ignore"):
                value = function(*_fresh(case.args))
        except Exception as error:  # noqa: BLE001 - a mistake may raise: a reader who makes it raises the same
            results.append(_Raised(type(error).__name__, str(error)))
            continue
        parts = _parts(value, len(exercise.returns))
        if parts is None:
            raise ValueError(f"exercise {exercise.id!r}: the catalogue's code returned {type(value).__name__}")
        results.append(tuple(_frozen(np.asarray(part)) for part in parts))
    return results


def expected(exercise: Exercise) -> _Expected:
    """The checks, the package's results and every mistake's, computed once per exercise."""
    if exercise.id not in _expected:
        cases = list(exercise.cases())
        results = []
        for case in cases:
            with np.errstate(all="ignore"):
                value = exercise.reference(*_fresh(case.args))
            parts = _parts(value, len(exercise.returns))
            if parts is None:
                raise ValueError(f"exercise {exercise.id!r}: the reference returned {type(value).__name__}")
            results.append(tuple(_frozen(np.asarray(part)) for part in parts))
        mistakes = {mistake.id: _trusted_results(exercise, mistake.code, cases) for mistake in exercise.mistakes}
        _expected[exercise.id] = _Expected(cases, _argument_names(exercise), results, mistakes)
    return _expected[exercise.id]


# ── Comparing ──────────────────────────────────────────────────────────────


def _close(got: np.ndarray, want: np.ndarray, tolerance: Tolerance) -> np.ndarray:
    """Elementwise: equal (NaN equal to NaN, infinities to themselves), or within the tolerance."""
    if want.dtype.kind not in "fc" or got.dtype.kind not in "fciub":
        return np.asarray(got == want)
    with np.errstate(all="ignore"):
        got_f, want_f = got.astype(np.float64), want.astype(np.float64)
        same = (got_f == want_f) | (_isnan(got_f) & _isnan(want_f))
        near = _abs(got_f - want_f) <= tolerance.atol + tolerance.rtol * _abs(want_f)
    return same | near


def _equal(got: tuple[Any, ...] | _Raised, want: tuple[np.ndarray, ...] | _Raised, tolerance: Tolerance) -> bool:
    if isinstance(got, _Raised) or isinstance(want, _Raised):
        return isinstance(got, _Raised) and isinstance(want, _Raised) and got.type_name == want.type_name
    return all(
        g.shape == w.shape and (g.dtype.kind == "b") == (w.dtype.kind == "b") and bool(_close(g, w, tolerance).all())
        for g, w in zip(got, want)
    )


def _shape(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"


def _describe_inputs(names: Sequence[str], args: Sequence[Any]) -> str:
    parts = []
    for name, arg in zip(names, args):
        if isinstance(arg, np.ndarray):
            parts.append(f"{name} {_shape(arg.shape)} {arg.dtype}")
        else:
            parts.append(f"{name} = {arg!r}")
    return ", ".join(parts)


def _show(value: Any) -> str:
    with np.printoptions(precision=4, suppress=True, threshold=120, edgeitems=3, linewidth=76):
        if isinstance(value, (np.ndarray, np.generic)):
            return np.array2string(np.asarray(value), separator=", ")
        return repr(value)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def _type_name(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def _returned(outcome: tuple[Any, ...]) -> str:
    """What a function returned instead of a tuple of arrays: "2 values", "a list", "None"."""
    value = outcome[0] if len(outcome) == 1 else outcome
    if isinstance(value, (tuple, list)):
        return f"a {type(value).__name__} of {len(value)}"
    return _a(_type_name(value))


def _scalar(value: Any) -> str:
    """One entry, with the digits that tell it from another: 0.5, 1, nan, -inf, True."""
    if isinstance(value, (np.floating, float)):
        return f"{float(value):.6g}"
    if isinstance(value, (np.complexfloating, complex)):
        return f"{complex(value):.6g}"
    return str(value.item() if isinstance(value, np.generic) else value)


def _a(name: str) -> str:
    """``None``, or the type's name with its article: "a list", "an int"."""
    return name if name == "None" else ("an " if name[0] in "aeiouAEIOU" else "a ") + name


# ── Grading ────────────────────────────────────────────────────────────────


def grade(
    exercise: Exercise, code: str, *, time_limit: float = TIME_LIMIT_S, memory_limit: int = MEMORY_LIMIT_BYTES
) -> Report:
    """Grade ``code``, the reader's, against ``exercise``'s checks (see the module's docstring)."""
    known = expected(exercise)
    total = len(known.cases)

    def report(kind: str, title: str, message: str, **more: Any) -> Report:
        return Report(exercise.id, kind == "passed", kind, title, message, checks=total, **more)

    # 1. The code, and its function.
    if not isinstance(code, str):
        raise TypeError(f"code must be text, got {type(code).__name__}")
    try:
        compiled = compile(code, READER_FILE, "exec")
    except SyntaxError as error:
        return report("syntax", "Python cannot read your code", _syntax_message(error))
    linecache.cache[READER_FILE] = (len(code), None, code.splitlines(True), READER_FILE)
    namespace: dict[str, Any] = {"__builtins__": guest_builtins(), "__name__": "exercise"}
    watch = Watch()
    try:
        failure = _define(compiled, namespace, time_limit, memory_limit)
    finally:
        watch.settle()
        tampered = watch.changes()
        if tampered:
            watch.restore()
    if tampered:
        return _tampered(report, tampered)
    if failure is not None:
        return report(*failure)
    function = namespace.get(exercise.function)
    if not callable(function):
        defined = sorted(name for name, value in namespace.items() if callable(value) and not name.startswith("__"))
        return report(
            "missing",
            f"No function {exercise.function}()",
            f"Check calls a function named {exercise.function}: your code "
            + (f"defines {', '.join(defined)}, but not that one." if defined else "defines no function.")
            + " Keep the name and the arguments of the starter's def line.",
        )

    # 2. The function on every check.
    outcomes: list[tuple[Any, ...] | _Raised] = []
    try:
        for case in known.cases:
            try:
                with (
                    limits(time_limit, memory_limit) as peak,
                    np.errstate(all="ignore"),
                    warnings.catch_warnings(),
                    package_hidden(),
                ):
                    warnings.simplefilter("ignore")  # the reader's warnings would reach the console, not the reader
                    value = function(*_fresh(case.args))
                    if peak() > memory_limit:
                        raise OutOfMemory(peak())
            except OutOfTime:
                return report(
                    "timeout",
                    f"Stopped after {time_limit:g} s",
                    f"On the check “{case.name}”, your function was still running after {time_limit:g} s, so Check "
                    "stopped it. The checks' inputs are small and the package answers each in milliseconds: look for "
                    "a loop whose condition never changes, or a recursion that never reaches its base case.",
                    case=case.name,
                )
            except OutOfMemory as error:
                return report(
                    "memory",
                    "Too much memory",
                    f"On the check “{case.name}” ({_describe_inputs(known.arguments, case.args)}), your function held "
                    f"{error.held / 2**20:.0f} MB, more than the {memory_limit / 2**20:.0f} MB Check allows: the inputs "
                    f"hold {case.size()} numbers. Look for an array whose shape is much larger than the inputs', such "
                    "as an outer product over a whole axis, and compute only what the result needs.",
                    case=case.name,
                )
            except Exception as error:  # noqa: BLE001 - the reader's function raised: shown with their own lines
                outcomes.append(_Raised(type(error).__name__, _reader_traceback(error)))
            else:
                outcomes.append(_parts(value, len(exercise.returns)) or (value,))
    finally:
        watch.settle()
        tampered = watch.changes()
        if tampered:
            watch.restore()
    if tampered:
        return _tampered(report, tampered)

    # 3. The results.
    return _diagnose(exercise, known, outcomes, report)


def _define(compiled: Any, namespace: dict[str, Any], time_limit: float, memory_limit: int) -> tuple[str, ...] | None:
    """Run the reader's module body; a failure as the report's (kind, title, message)."""
    try:
        with limits(time_limit, memory_limit), package_hidden():
            exec(compiled, namespace)  # noqa: S102 - the reader's code, as a guest (attention.exercises.guest)
    except Refused as error:
        return ("refused", "Only numpy here", str(error))
    except OutOfTime:
        return (
            "timeout",
            f"Stopped after {time_limit:g} s",
            (
                f"Your code was still running after {time_limit:g} s before Check could call its function: "
                "code outside the function runs when the code is loaded, so look there for a loop that never ends."
            ),
        )
    except OutOfMemory as error:
        return (
            "memory",
            "Too much memory",
            (
                f"Your code held {error.held / 2**20:.0f} MB before Check could call its function, more than the "
                f"{memory_limit / 2**20:.0f} MB it allows."
            ),
        )
    except Exception as error:  # noqa: BLE001 - whatever the reader's code raised as it loaded
        return (
            "raised",
            f"Your code raised {type(error).__name__}",
            "Your code raised an error as it was loaded, before Check could call its function:\n"
            + _reader_traceback(error),
        )
    return None


def _syntax_message(error: SyntaxError) -> str:
    where = f"Line {error.lineno}: " if error.lineno else ""
    text = f"{where}{error.msg}."
    if error.text:
        caret = " " * max(0, (error.offset or 1) - 1 - (len(error.text) - len(error.text.lstrip())))
        text += f"\n    {error.text.strip()}\n    {caret}^"
    return text


def _tampered(report: Any, names: list[str]) -> Report:
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return report(
        "tampered",
        "Your code changed numpy or the grader",
        f"Your code replaced or removed {shown}. Check put {'it' if len(names) == 1 else 'them'} back and did not "
        "grade this run: the checks compare with numpy as it was. Write the function without assigning to numpy's "
        "names (or to sys.modules).",
    )


def _diagnose(exercise: Exercise, known: _Expected, outcomes: list[Any], report: Any) -> Report:
    cases, results = known.cases, known.results
    names = exercise.returns
    total = len(cases)

    def tolerance(case: Case) -> Tolerance:
        return case.tolerance or exercise.tolerance

    # Which checks fail, and why (the first reason of each).
    failures: list[tuple[int, str, str]] = []  # (index, kind, message)
    for index, (case, outcome, want) in enumerate(zip(cases, outcomes, results)):
        where = f"On the check “{case.name}” ({_describe_inputs(known.arguments, case.args)})"
        if isinstance(outcome, _Raised):
            failures.append((index, "raised", f"{where}, your function raised an error:\n{outcome.text}"))
            continue
        if len(outcome) != len(names):
            return report(
                "type",
                f"Return {len(names)} arrays",
                f"Your function must return a tuple of {len(names)} numpy arrays "
                f"({', '.join(r.name for r in names)}); it returned {_returned(outcome)}.",
                case=case.name,
            )
        for got, expect, returned in zip(outcome, want, names):
            label = f"{returned.name} to have " if len(names) > 1 else ""
            if type(got) is not _ndarray:
                hint = " Did you forget `return`?" if got is None else " Wrap it in np.asarray(...)."
                if isinstance(got, _ndarray):
                    hint = " Return a plain numpy array (np.asarray(...) of it)."
                what = f"{returned.name} as " if len(names) > 1 else ""
                return report(
                    "type",
                    "Return a numpy array",
                    f"{where}, your function returned {what}{_a(_type_name(got))}, not a numpy array.{hint}",
                    case=case.name,
                )
            if got.shape != expect.shape:
                failures.append(
                    (
                        index,
                        "shape",
                        (
                            f"{where}: expected {label}shape {_shape(expect.shape)} {returned.axes}, "
                            f"got {_shape(got.shape)}."
                        ),
                    )
                )
                break
            if got.dtype != expect.dtype:
                why = (
                    " numpy keeps float32 when every operand is float32 or a plain Python number: a float64 array "
                    "or a numpy float64 scalar (np.sqrt of an int, say) in the computation promotes the result."
                    if expect.dtype == np.float32
                    else ""
                )
                failures.append(
                    (index, "dtype", f"{where}: expected {label}dtype {expect.dtype}, got {got.dtype}.{why}")
                )
                break
            if not bool(_close(got, expect, tolerance(case)).all()):
                inputs = "".join(f"\n{name} =\n{_indent(_show(arg))}" for name, arg in zip(known.arguments, case.args))
                subject = returned.name if len(names) > 1 else "result"
                message = _values_message(where, subject, got, expect, tolerance(case))
                failures.append((index, "values", message.replace("\nExpected:", f"\nInputs:{inputs}\nExpected:", 1)))
                break

    if not failures:
        return report(
            "passed",
            "Correct",
            f"Your {exercise.function}() equals the attention package's result on all {total} checks: "
            + "; ".join(case.name for case in cases)
            + ".",
            passed_checks=total,
        )
    passed_checks = total - len(failures)
    # The smallest failing check is the one shown; a shape problem before anything else.
    shape_failures = [f for f in failures if f[1] == "shape"]
    shown = min(shape_failures or failures, key=lambda f: (cases[f[0]].size(), f[0]))
    index, kind, message = shown
    for mistake in exercise.mistakes:
        theirs = known.mistakes[mistake.id]
        if all(_equal(o, t, tolerance(c)) for o, t, c in zip(outcomes, theirs, cases)):
            return report(
                kind if kind == "shape" else "mistake",
                mistake.title,
                _plain(mistake.explanation) + "\n\n" + message,
                detail=message,
                mistake=mistake.id,
                case=cases[index].name,
                passed_checks=passed_checks,
            )
    titles = {
        "raised": "Your function raised an error",
        "shape": "Wrong shape",
        "dtype": "Wrong dtype",
        "values": "Not the package's result",
    }
    if kind == "raised":
        raised = outcomes[index]
        if raised.type_name == "NotImplementedError":
            return report(
                "raised",
                "Not written yet",
                "Your function still raises NotImplementedError: replace that line with your code.",
                case=cases[index].name,
                passed_checks=passed_checks,
            )
        titles["raised"] = f"Your function raised {raised.type_name}"
    return report(kind, titles[kind], message, case=cases[index].name, passed_checks=passed_checks)


def _values_message(where: str, subject: str, got: np.ndarray, want: np.ndarray, tolerance: Tolerance) -> str:
    wrong = _argwhere(~_close(got, want, tolerance))
    first = tuple(int(i) for i in wrong[0]) if len(wrong) else ()
    at = _shape(first) if first else "()"
    got_value, want_value = got[first] if first else got[()], want[first] if first else want[()]
    return (
        f"{where}, your {subject} differs from the attention package's result at {len(wrong)} of {want.size} "
        f"entries (tolerance {tolerance}).\nExpected:\n{_indent(_show(want))}\nGot:\n{_indent(_show(got))}\n"
        f"First difference at index {at}: expected {_scalar(want_value)}, got {_scalar(got_value)}."
    )


def _plain(markdown_text: str) -> str:
    """The explanation without Markdown's link syntax, for text-only reports: [text](url) becomes text."""
    return re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", markdown_text)
