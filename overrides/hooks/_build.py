"""What the MkDocs hooks of this folder share. Not a hook: mkdocs.yml does not list it.

MkDocs puts a hook's own folder on ``sys.path`` while it loads the hook, so a hook
writes ``from _build import ...``. The first import of this module puts the
repository root on ``sys.path`` and imports the checkout's packages,
``attention``, ``site_examples`` and ``postbuild``, from it. MkDocs restores ``sys.path`` after
loading each hook, but the packages stay imported, and their modules are found
through the packages themselves: every hook then imports them normally, even
when properdocs runs without them installed.

What the hooks share with the post-build steps lives in :mod:`postbuild.shared`, which does not
import MkDocs; what the hooks use of it is re-exported here: :data:`ROOT`, :func:`cache_dir` and
:func:`files_digest`, and, wrapped so that a hook fails as MkDocs expects (with a ``PluginError``),
:func:`apache_license`: the text of the Apache License 2.0 from the Pyodide step's ``packaging``
wheel, which the model_views hook ships beside the language model's weights.
"""

from __future__ import annotations

import sys
from pathlib import Path

from properdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the checkout's packages, when properdocs runs without them installed
    sys.path.insert(0, str(ROOT))

import site_examples  # noqa: E402, F401 - imported from ROOT while it is on sys.path (see above)
from postbuild import pyodide as _pyodide  # noqa: E402
from postbuild.shared import StepError, cache_dir, files_digest  # noqa: E402

__all__ = ["ROOT", "apache_license", "cache_dir", "files_digest"]


def apache_license() -> str:
    """The Apache License 2.0, from the ``packaging`` wheel among the Pyodide step's downloads (fetched if needed).

    Raises:
        FileNotFoundError: no licence text in that wheel; the message says where it looked.
        PluginError: the wheel could not be fetched and verified.
    """
    try:
        return _pyodide.apache_license()
    except StepError as error:
        raise PluginError(str(error)) from None
