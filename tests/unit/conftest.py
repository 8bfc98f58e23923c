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

# Property tests draw the same examples on every run, so CI is repeatable (a
# red run always means a change, never an unlucky draw). To explore with
# fresh random examples, and more of them: HYPOTHESIS_PROFILE=explore.
import os  # noqa: E402

from hypothesis import settings  # noqa: E402

settings.register_profile("repeatable", derandomize=True, deadline=None, database=None)
settings.register_profile("explore", derandomize=False, deadline=None, database=None, max_examples=300)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
