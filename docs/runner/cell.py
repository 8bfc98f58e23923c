"""Run one lesson code block the way a notebook cell runs.

This file is the single definition of what "running a block" means. CI's
Sybil evaluator (conftest.py) and the in-page runner (Pyodide, in the reader's
browser) both call :func:`run_cell`, so a lesson's printed output is the same
in both places, and the ```output block under a code block can be checked
against it.

Semantics, as in Jupyter: statements run top to bottom in the page's shared
namespace; if the last statement is an expression (and the block does not end
with ``;``) its ``repr`` is shown, unless it is None. Warnings are shown as
``Category: message`` lines where they occur instead of going to stderr, so
they read the same everywhere.
"""

from __future__ import annotations

import ast
import contextlib
import io
import warnings

__all__ = ["run_cell"]


class _Capture(io.StringIO):
    """stdout, with warnings interleaved where they happen."""

    def show_warning(self, message, category, filename, lineno, file=None, line=None):  # noqa: PLR0913
        self.write(f"{category.__name__}: {message}\n")


def run_cell(source: str, namespace: dict, filename: str = "<cell>") -> str:
    """Execute ``source`` in ``namespace`` and return what it printed.

    Exceptions propagate unchanged (the caller decides how to show them);
    whatever was printed before the exception is lost with it, as the caller
    only needs it for a block that succeeded.
    """
    tree = ast.parse(source, filename, "exec")
    display = None
    if tree.body and isinstance(tree.body[-1], ast.Expr) and not source.rstrip().endswith(";"):
        display = ast.Expression(tree.body.pop().value)
    out = _Capture()
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = out.show_warning
        exec(compile(tree, filename, "exec"), namespace)
        if display is not None:
            value = eval(compile(display, filename, "eval"), namespace)
            if value is not None:
                print(repr(value))
    return out.getvalue()
