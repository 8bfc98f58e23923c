"""Running a reader's code for the grader: numpy only, limited in time and memory, watched for tampering.

The reader's code is a guest of the page's Python (the same interpreter that
runs the lessons), so it runs:

- in a namespace of its own, whose builtins' ``__import__`` admits numpy and a
  few pure modules of the standard library (:data:`ALLOWED`) and refuses the
  rest with a sentence naming the module: ``attention``, the package the checks
  compare with, is refused with a sentence of its own, and ``sys.modules``
  shows it as modules that refuse every use while the code runs
  (:func:`package_hidden`);
- under a trace function on its own frames (the file :data:`READER_FILE`),
  which stops it once it has run :data:`TIME_LIMIT_S` seconds or holds more
  than :data:`MEMORY_LIMIT_BYTES` (tracemalloc counts numpy's arrays) — so a
  loop that never ends, or an array the size of the machine, ends the check
  with a message, and the Python stays usable. A loop inside one numpy call
  has no line to stop at: the page ends such a run (docs/javascripts/exercise.js);
- between two snapshots of every module it could change (numpy's, math,
  builtins, the grader's own): anything it replaced or deleted there is put
  back and reported (:class:`Watch`), and numpy's error and print settings are
  restored.

None of this is a security boundary: the page's Python is itself contained
(docs/how-the-code-runs.md). It keeps an honest mistake, or an attempt to mark
oneself correct, from passing, and keeps the grader's messages its own.
"""

from __future__ import annotations

import builtins
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType, ModuleType
from typing import Any

import numpy as np

__all__ = [
    "ALLOWED",
    "MEMORY_LIMIT_BYTES",
    "READER_FILE",
    "TIME_LIMIT_S",
    "OutOfMemory",
    "OutOfTime",
    "Refused",
    "Watch",
    "guest_builtins",
    "limits",
    "package_hidden",
]

READER_FILE = "<your code>"
# What a reader's code may import: numpy (and its submodules) and pure helpers of the standard library.
ALLOWED = frozenset({"numpy", "math", "typing", "__future__", "functools", "itertools"})
# Per Check: the checks' inputs are a few thousand numbers at most, and the package answers each in milliseconds.
TIME_LIMIT_S = 2.0
MEMORY_LIMIT_BYTES = 64 * 2**20
# Builtins a function of numpy has no use for, and that reach outside it.
_WITHHELD = ("open", "input", "breakpoint", "exit", "quit", "help", "copyright", "credits", "license")


class Refused(ImportError):
    """An import the grader does not allow; its message is the sentence the reader sees."""


class OutOfTime(BaseException):
    """The reader's code ran past the time limit."""


class OutOfMemory(BaseException):
    """The reader's code held more memory than the limit."""

    def __init__(self, held: int) -> None:
        super().__init__(held)
        self.held = held


_real_import = builtins.__import__


def _guarded_import(
    name: str,
    globals: dict[str, Any] | None = None,
    locals: dict[str, Any] | None = None,
    fromlist: tuple[str, ...] | list[str] | None = (),
    level: int = 0,
) -> ModuleType:
    top = name.partition(".")[0]
    if level:
        raise Refused("Check runs your code as one file: a relative import (from . import ...) has nothing to import.")
    if top == "attention":
        raise Refused(
            f"Your code imports {name}, the package the checks compare your function with: "
            "write the function with numpy alone."
        )
    if top not in ALLOWED:
        allowed = ", ".join(sorted(ALLOWED - {"numpy", "__future__"}))
        raise Refused(f"Check runs numpy (and {allowed}) only: `import {name}` was refused.")
    return _real_import(name, globals, locals, fromlist or (), level)


class _Hidden(ModuleType):
    """What ``sys.modules`` holds for the package while the reader's code runs: any use of it is refused."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        raise Refused(
            f"Your code reached {self.__name__}.{name} through sys.modules: that is the package the checks compare "
            "your function with. Write the function with numpy alone."
        )


@contextmanager
def package_hidden() -> Iterator[None]:
    """While the block runs, ``sys.modules`` shows the ``attention`` package as modules that refuse every use.

    The guarded import refuses ``import attention``; this catches a reader who goes around it (say, through
    ``typing.sys.modules``). The grader keeps its own references, so it does not need the entries meanwhile.
    """
    saved = {
        name: module for name, module in sys.modules.items() if name == "attention" or name.startswith("attention.")
    }
    for name in saved:
        sys.modules[name] = _Hidden(name)
    try:
        yield
    finally:
        sys.modules.update(saved)


def guest_builtins() -> dict[str, Any]:
    """The builtins of the reader's namespace: Python's own, with the guarded import and without :data:`_WITHHELD`."""
    table = {name: value for name, value in vars(builtins).items() if name not in _WITHHELD}
    table["__import__"] = _guarded_import
    return table


@contextmanager
def limits(time_limit: float = TIME_LIMIT_S, memory_limit: int = MEMORY_LIMIT_BYTES) -> Iterator[Callable[[], int]]:
    """Run the block with the reader's frames traced: :class:`OutOfTime` or :class:`OutOfMemory` past the limits.

    Yields a function giving the peak memory traced so far, in bytes.
    """
    deadline = time.perf_counter() + time_limit
    started_tracing = not tracemalloc.is_tracing()
    if started_tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]

    def check() -> None:
        if time.perf_counter() > deadline:
            raise OutOfTime()
        held = tracemalloc.get_traced_memory()[0] - base
        if held > memory_limit:
            raise OutOfMemory(held)

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            check()
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename != READER_FILE:
            return None
        check()
        return local

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        yield lambda: max(0, tracemalloc.get_traced_memory()[1] - base)
    finally:
        sys.settrace(previous)
        if started_tracing:
            tracemalloc.stop()


def _watched() -> dict[str, ModuleType]:
    names = [
        name
        for name, module in list(sys.modules.items())
        if isinstance(module, ModuleType)
        and (name in ("builtins", "math", "numpy") or name.startswith(("numpy.", "attention.exercises")))
    ]
    return {name: sys.modules[name] for name in names}


class Watch:
    """What the reader's code could change: the watched modules' namespaces, numpy's settings.

    :meth:`changes` lists (and :meth:`restore` undoes) every name the code
    replaced or deleted in them, and every name it added that is not a submodule
    (importing one adds it to its package); :meth:`settle` puts numpy's
    settings back, after every run.
    """

    _SKIP = frozenset({"__warningregistry__"})

    def __init__(self) -> None:
        self.modules = _watched()
        self.saved = {name: dict(vars(module)) for name, module in self.modules.items()}
        self.errors = np.geterr()
        self.printing = np.get_printoptions()

    def changes(self) -> list[str]:
        found = []
        for name, module in self.modules.items():
            if sys.modules.get(name) is not module:
                found.append(f"sys.modules[{name!r}]")
                continue
            now, before = vars(module), self.saved[name]
            for key, value in before.items():
                if key not in self._SKIP and (key not in now or now[key] is not value):
                    found.append(f"{name}.{key}")
            for key, value in now.items():
                if key not in before and key not in self._SKIP and not isinstance(value, ModuleType):
                    found.append(f"{name}.{key}")
        return found

    def restore(self) -> None:
        for name, module in self.modules.items():
            sys.modules[name] = module
            now, before = vars(module), self.saved[name]
            for key in [key for key in now if key not in before and not isinstance(now[key], ModuleType)]:
                del now[key]
            for key, value in before.items():
                if key not in self._SKIP and now.get(key, now) is not value:
                    now[key] = value

    def settle(self) -> None:
        """Put back numpy's error handling and print options, which code may change without tampering."""
        np.seterr(**self.errors)
        np.set_printoptions(**self.printing)
