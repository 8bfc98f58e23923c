"""What several test folders share: loading a MkDocs hook (or the root conftest.py) by path, and a file's sha256.

The repository root is on ``sys.path`` (the root ``conftest.py`` puts it
there), so a test writes ``from tests.helpers import load_hook``. Everything
else the tests use from the checkout is a package and is imported normally
(``from site_examples.generate import figures``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
HOOKS = ROOT / "overrides" / "hooks"


def _load_file(name: str, path: Path, folder_on_path: Path | None = None) -> ModuleType:
    """Execute ``path`` as the module ``name`` (once: later calls get the same module)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    saved = sys.path.copy()
    if folder_on_path is not None:
        sys.path.insert(0, str(folder_on_path))
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    finally:
        sys.path[:] = saved
    return module


def hook_path(name: str) -> Path:
    """The file of the MkDocs hook ``name`` (``"quiz"``: ``overrides/hooks/quiz.py``)."""
    return HOOKS / f"{name}.py"


def load_hook(name: str) -> ModuleType:
    """The MkDocs hook ``name``, loaded as MkDocs loads it: from its file, with its folder on ``sys.path`` meanwhile.

    A hook is not a package module (mkdocs.yml names it by path), and it
    imports its folder's shared code as ``_build``, which MkDocs makes
    importable that way.
    """
    return _load_file(f"{name}_hook_under_test", hook_path(name), HOOKS)


def load_root_conftest() -> ModuleType:
    """The root ``conftest.py`` (the Sybil collectors), by path: ``conftest`` alone would name the nearest one."""
    return _load_file("root_conftest_under_test", ROOT / "conftest.py")


def sha256(path: Path) -> str:
    """The sha256 of a file's bytes, as hex: the tests' own, independent of the package's ``file_sha256``."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
