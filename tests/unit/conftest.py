"""Make the helper modules of this directory (``reference``, ``strategies``) importable.

The directory is deliberately not a package; putting it on ``sys.path`` here
lets the test modules write ``from reference import ...`` whether pytest is
run on ``tests/unit``, on ``tests`` or from another directory, and under any
``--import-mode``.
"""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
