"""Make ``quiz_support`` (this directory's helper module) importable, as tests/unit does for its helpers."""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
