"""How the benchmark figures are written: milliseconds and MiB with a precision that suits their size.

Shared by the scale benchmark's printed tables (:mod:`.attention_at_scale`) and the lesson's
tables (``overrides/hooks/benchmarks.py``), so both show a time the same way. Imports nothing:
the hook can use it without loading a benchmark (which pins numpy to one thread).
"""

from __future__ import annotations


def _three_digits(value: float) -> str:
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:,.0f}"


def ms(seconds: float | None) -> str:
    """A time in milliseconds ("—" for none): 0.42, 12.3, 1,234."""
    return "—" if seconds is None else _three_digits(seconds * 1e3)


def mib(value: float | None) -> str:
    """A size in bytes as MiB ("—" for none), with the precision of :func:`ms`."""
    return "—" if value is None else _three_digits(value / 2**20)
