"""The ``>>>`` examples in the MkDocs hooks' docstrings run, as the package's do.

Hooks are files MkDocs loads by path, not modules on ``testpaths``' import
path, so Sybil's docstring collection (the root ``conftest.py``) does not see
them: each hook with examples is loaded here as MkDocs loads it and its
examples are run with ``doctest``."""

from __future__ import annotations

import doctest
import re

import pytest

from tests.helpers import HOOKS, load_hook

# A line that starts with ">>> " (after its indentation) is an example.
WITH_EXAMPLES = sorted(path.stem for path in HOOKS.glob("*.py") if re.search(r"^\s*>>> ", path.read_text(encoding="utf-8"), re.M))


def test_the_hooks_with_examples_are_found() -> None:
    assert {"_exercise_html", "runner"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_hook_examples(name: str) -> None:
    result = doctest.testmod(load_hook(name), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0, result
