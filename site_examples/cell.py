"""Run one lesson code block the way a notebook cell runs.

This file is the single definition of what "running a block" means. CI's
Sybil evaluator (conftest.py) and the in-page runner (Pyodide, in the reader's
browser) both call :func:`run_cell`, so a lesson's printed output is the same
in both places, and the ```output block under a code block can be checked
against it.

Semantics, as in Jupyter: statements run top to bottom in the page's shared
namespace; if the last statement is an expression (and the block does not end
with ``;``) its ``repr`` is shown, unless it is None. What the block writes to
stderr is shown with its stdout, in order, and warnings as ``Category:
message`` lines where they occur, so they read the same everywhere.
"""

from __future__ import annotations

import ast
import contextlib
import io
import traceback
import warnings
from collections.abc import Callable

__all__ = ["format_error", "run_block", "run_cell"]


class _Capture(io.StringIO):
    """stdout, with warnings interleaved where they happen; optionally passed on as it comes."""

    def __init__(self, stream: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is not None and text:
            self._stream(text)
        return super().write(text)

    def show_warning(self, message, category, filename, lineno, file=None, line=None):  # noqa: PLR0913
        self.write(f"{category.__name__}: {message}\n")


def run_cell(
    source: str, namespace: dict, filename: str = "<cell>", stream: Callable[[str], object] | None = None
) -> str:
    """Execute ``source`` in ``namespace`` and return what it printed.

    ``stream``, if given, receives the output piece by piece as it is
    printed (the browser shows it live). Exceptions propagate unchanged;
    :func:`run_block` turns them into a reader-facing report.
    """
    tree = ast.parse(source, filename, "exec")
    display = None
    if tree.body and isinstance(tree.body[-1], ast.Expr) and not source.rstrip().endswith(";"):
        display = ast.Expression(tree.body.pop().value)
    out = _Capture(stream)
    # stderr joins stdout in one stream, in the order things were printed, as
    # a reader expects to see them under the block.
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = out.show_warning
        exec(compile(tree, filename, "exec"), namespace)
        if display is not None:
            value = eval(compile(display, filename, "eval"), namespace)
            if value is not None:
                print(repr(value))
    return out.getvalue()


def format_error(error: BaseException, filename: str) -> str:
    """A traceback trimmed to the reader's code: the frames of this runner are dropped.

    Frames from the block (``filename``) and from what it called (the
    ``attention`` package, numpy) stay, as a reader needs them; a syntax
    error shows the offending line and caret.
    """
    if isinstance(error, SyntaxError):
        return "".join(traceback.format_exception_only(type(error), error))
    frames = traceback.extract_tb(error.__traceback__)
    first = next((i for i, frame in enumerate(frames) if frame.filename == filename), 0)
    lines = ["Traceback (most recent call last):\n", *traceback.format_list(frames[first:])]
    return "".join(lines + traceback.format_exception_only(type(error), error))


def run_block(
    source: str, namespace: dict, filename: str, stream: Callable[[str], object] | None = None
) -> tuple[bool, str, str]:
    """Run one block for the in-page runner: ``(succeeded, output, error report)``.

    Unlike :func:`run_cell`, nothing escapes: the output printed before an
    exception is kept, and the exception becomes a trimmed traceback.
    """
    printed: list[str] = []

    def collect(text: str) -> None:
        printed.append(text)
        if stream is not None:
            stream(text)

    try:
        run_cell(source, namespace, filename, collect)
    except BaseException as error:  # noqa: BLE001 - a reader's SystemExit or KeyboardInterrupt is reported too
        return False, "".join(printed), format_error(error, filename)
    return True, "".join(printed), ""
