"""Scratch memory kept from one call to the next: what it buys, measured.

Memory fresh from the system arrives as pages that fault in on first touch,
about a microsecond per 4 KiB page on our machines, and glibc may give a
large block back to the system as soon as it is freed. Twelve heads at
n = 128 took markedly longer per call, in page faults and system time
(measured in ea9e0a7), when their temporaries were faulted in anew every
call. So each
thread keeps up to ``WORKSPACE_BYTES`` between calls; a larger request is
allocated for the call alone.
"""

from __future__ import annotations

import threading

import numpy as np
from numpy.typing import NDArray

WORKSPACE_BYTES = 8 * 2**20
"""Bytes of scratch memory a thread keeps between calls."""

_workspace = threading.local()


def scratch(size: int, dtype: np.dtype) -> NDArray:
    """A flat array of ``size`` elements for one call's temporaries, reused from call to call.

    One call uses one scratch array at a time, and never returns it (or a
    view of it): results always live in memory of their own.
    """
    nbytes = size * dtype.itemsize
    if nbytes > WORKSPACE_BYTES:
        return np.empty(size, dtype)
    buffer = getattr(_workspace, "buffer", None)
    if buffer is None or buffer.size < nbytes:
        buffer = _workspace.buffer = np.empty(nbytes, np.uint8)
    return buffer[:nbytes].view(dtype)


def release_workspace() -> None:
    """Drop this thread's kept scratch memory (for tests that measure a call's memory from nothing)."""
    _workspace.buffer = None
