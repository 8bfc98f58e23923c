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
import collections
import contextlib
import io
import traceback
import warnings
from collections.abc import Callable

__all__ = ["KeptOutput", "format_error", "run_block", "run_cell"]


class _Capture(io.StringIO):
    """stdout, with warnings interleaved where they happen; optionally passed on as it comes, optionally not kept."""

    def __init__(self, stream: Callable[[str], object] | None = None, keep: bool = True) -> None:
        super().__init__()
        self._stream = stream
        self._keep = keep

    def write(self, text: str) -> int:
        if self._stream is not None and text:
            self._stream(text)
        return super().write(text) if self._keep else len(text)

    def show_warning(self, message, category, filename, lineno, file=None, line=None):  # noqa: PLR0913
        self.write(f"{category.__name__}: {message}\n")


class KeptOutput:
    """What the page keeps of a block's output: its first and last ``lines`` lines, each cut at ``width`` characters.

    A block may print without end (``for i in range(10**6): print(i)``) or
    one enormous line; the page must neither freeze drawing it nor hold it
    all in memory. Output within the bounds is kept exactly; beyond them, the
    middle lines are counted and replaced by one line that says how many, and
    the end of an overlong line by a note of how many characters were left out.
    """

    def __init__(self, lines: int = 1000, width: int = 2000) -> None:
        self.lines, self.width = lines, width
        self.head: list[str] = []
        self.tail: collections.deque[str] = collections.deque(maxlen=lines)
        self.dropped = 0  # lines between head and tail, not kept
        self.current: list[str] = []  # the line being written, at most `width` characters of it
        self.current_length = 0
        self.cut = 0  # characters of the current line beyond `width`

    def write(self, text: str) -> None:
        *complete, rest = text.split("\n")
        for piece in complete:
            self._extend(piece)
            self._finish_line()
        self._extend(rest)

    def _extend(self, piece: str) -> None:
        room = self.width - self.current_length
        if len(piece) > room:
            self.cut += len(piece) - max(room, 0)
            piece = piece[: max(room, 0)]
        if piece:
            self.current.append(piece)
            self.current_length += len(piece)

    def _line(self) -> str:
        line = "".join(self.current)
        return line + f" … ({self.cut:,} more characters not shown)" if self.cut else line

    def _finish_line(self) -> None:
        line = self._line()
        self.current, self.current_length, self.cut = [], 0, 0
        if len(self.head) < self.lines:
            self.head.append(line)
            return
        if len(self.tail) == self.lines:
            self.dropped += 1
        self.tail.append(line)

    def text(self) -> str:
        """The kept output; exactly what was written when it fit the bounds."""
        middle = [f"… {self.dropped:,} lines not shown …"] if self.dropped else []
        end = self._line()
        return "".join(line + "\n" for line in [*self.head, *middle, *self.tail]) + end



def run_cell(
    source: str,
    namespace: dict,
    filename: str = "<cell>",
    stream: Callable[[str], object] | None = None,
    *,
    keep: bool = True,
) -> str:
    """Execute ``source`` in ``namespace`` and return what it printed.

    ``stream``, if given, receives the output piece by piece as it is
    printed (the browser shows it live). ``keep=False`` keeps none of it
    here (the caller keeps what it needs from ``stream``) and returns "".
    Exceptions propagate unchanged; :func:`run_block` turns them into a
    reader-facing report.
    """
    tree = ast.parse(source, filename, "exec")
    display = None
    if tree.body and isinstance(tree.body[-1], ast.Expr) and not source.rstrip().endswith(";"):
        display = ast.Expression(tree.body.pop().value)
    out = _Capture(stream, keep)
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


# A piece of output passed on live longer than this is cut to its start and end (the kept output has it all).
STREAM_PIECE = 20_000


def run_block(
    source: str,
    namespace: dict,
    filename: str,
    stream: Callable[[str], object] | None = None,
    kept: KeptOutput | None = None,
) -> tuple[bool, str, str]:
    """Run one block for the in-page runner: ``(succeeded, output, error report)``.

    Unlike :func:`run_cell`, nothing escapes: the output printed before an
    exception is kept, and the exception becomes a trimmed traceback. The
    output is what ``kept`` keeps (by default :class:`KeptOutput`'s bounds);
    ``stream`` hears it as it comes, overlong pieces cut to their ends.
    """
    kept = KeptOutput() if kept is None else kept

    def collect(text: str) -> None:
        kept.write(text)
        if stream is not None:
            half = STREAM_PIECE // 2
            stream(text if len(text) <= STREAM_PIECE else f"{text[:half]} … {text[-half:]}")

    try:
        run_cell(source, namespace, filename, collect, keep=False)
    except BaseException as error:  # noqa: BLE001 - a reader's SystemExit or KeyboardInterrupt is reported too
        return False, kept.text(), format_error(error, filename)
    return True, kept.text(), ""
