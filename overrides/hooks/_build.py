"""What the MkDocs hooks of this folder share. Not a hook: mkdocs.yml does not list it.

MkDocs puts a hook's own folder on ``sys.path`` while it loads the hook, so a hook
writes ``from _build import ...``. The first import of this module puts the
repository root on ``sys.path`` and imports the checkout's two packages,
``attention`` and ``site_examples``, from it. MkDocs restores ``sys.path`` after
loading each hook, but the packages stay imported, and their modules are found
through the packages themselves: every hook then imports them normally, even
when properdocs runs without them installed.

- :data:`ROOT`: the checkout;
- :func:`cache_dir`: the build's cache, outside the checkout;
- :func:`file_sha256`: a file's sha256 (:func:`attention.models.weights.file_sha256`);
- :func:`files_digest`: a short digest of files, to key a cache on the code that fills it;
- :data:`PYODIDE_VERSION` and :func:`pyodide_cache`: where the pyodide hook keeps its downloads;
- :func:`apache_license`: the text of the Apache License 2.0 from one of those downloads,
  which the model_files hook ships beside the model's weights;
- :func:`within_first_screen` and :func:`later`: what lies on a page's first screen, and
  the ``<template>`` in which the katex and code_later hooks leave what is drawn after it
  (``docs/javascripts/later.js`` draws it).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

from properdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the checkout's packages, when properdocs runs without them installed
    sys.path.insert(0, str(ROOT))

import site_examples  # noqa: E402, F401 - imported from ROOT while it is on sys.path (see above)
from attention.models.weights import cache_root, file_sha256  # noqa: E402

__all__ = [
    "NODE_MODULES",
    "PYODIDE_VERSION",
    "ROOT",
    "apache_license",
    "cache_dir",
    "file_sha256",
    "files_digest",
    "later",
    "node_with",
    "pyodide_cache",
    "within_first_screen",
]

# The front-end packages `npm ci` installs from package-lock.json.
NODE_MODULES = ROOT / "node_modules"
# The Pyodide the site ships: moving to another is this line and the same
# version of the npm package `pyodide` (docs/maintaining.md, "Moving Pyodide").
PYODIDE_VERSION = "0.27.8"


def node_with(package: str, hook: str) -> str:
    """The path of ``node``, checked to find the npm ``package`` in the checkout's ``node_modules``.

    Raises:
        PluginError: Node.js is not on ``PATH``, or the package is not installed (``npm ci``);
            the message names ``hook``.
    """
    node = shutil.which("node")
    if node is None:
        raise PluginError(f"{hook} hook: Node.js is needed to build the site (install Node.js and npm)")
    if not (NODE_MODULES / package / "package.json").is_file():
        raise PluginError(
            f"{hook} hook: {NODE_MODULES / package} is missing. Install the site's front-end packages with "
            "`npm ci` (or run ./dev.sh build, which does it)."
        )
    return node


def cache_dir() -> Path:
    """The build's cache: ``$ATTENTION_COURSE_CACHE``, else :func:`attention.models.weights.cache_root`.

    That is ``$XDG_CACHE_HOME/attention-course``, by default ``~/.cache/attention-course``.
    """
    configured = os.environ.get("ATTENTION_COURSE_CACHE")
    return Path(configured) if configured else cache_root()


def files_digest(paths: Iterable[Path], *extra: bytes) -> str:
    """16 hex digits of the sha256 of each file's path (from :data:`ROOT`) and bytes, in order, then ``extra``."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    for data in extra:
        digest.update(data)
    return digest.hexdigest()[:16]


def pyodide_cache() -> Path:
    """The pyodide hook's downloads and builds: ``wheels/``, ``sources/``, ``attention/``."""
    return cache_dir() / f"pyodide-{PYODIDE_VERSION}"


def apache_license() -> str:
    """The Apache License 2.0, as the ``packaging`` wheel among the pyodide hook's downloads carries it.

    The pyodide hook (listed earlier in mkdocs.yml) fetches that wheel for this text alone (the site does not
    ship it) and checks it against the sha256 in Pyodide's official lock file, as every wheel it fetches.

    Raises:
        FileNotFoundError: no such wheel, or no licence text in it; the message says where it looked.
    """
    wheels = pyodide_cache() / "wheels"
    for wheel in sorted(wheels.glob("packaging-*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name.endswith(".dist-info/licenses/LICENSE.APACHE") or name.endswith(".dist-info/LICENSE.APACHE"):
                    text = archive.read(name).decode("utf-8")
                    if text.lstrip().startswith("Apache License") and "Version 2.0, January 2004" in text:
                        return text
    raise FileNotFoundError(
        f"no copy of the Apache License 2.0 was found in the packaging wheel in {wheels}/ "
        "(the pyodide hook downloads it; is it listed first?)"
    )


_HEAD = re.compile(r"<head[^>]*>")
_CHARSET = re.compile(r"\s*<meta charset=[^>]*>")


def head_start(html: str) -> int | None:
    """Where what must come first in a page's ``<head>`` goes: after the tag, and after its ``<meta charset>`` if
    that opens it (the encoding must lie within the page's first 1,024 bytes). None when there is no ``<head>``.

    >>> html = '<html><head>\\n  <meta charset="utf-8">\\n  <title>t</title>'
    >>> html[head_start(html):]
    '\\n  <title>t</title>'
    >>> head_start('<html><head><title>t</title>')
    12
    """
    head = _HEAD.search(html)
    if head is None:
        return None
    charset = _CHARSET.match(html, head.end())
    return charset.end() if charset else head.end()


# How much of a page's text, from the start of its article, a first screen holds at most (a
# formula counted by its TeX): what lies past it is drawn once the page has loaded. More than the
# text a window shows before scrolling, on a lesson or the quizzes' page, from a phone's window to
# one of 2560 by 1440 px (measured in Chromium in 2ba728b).
FIRST_SCREEN_CHARS = 4000
_TAG = re.compile(r"<[^>]*>")
# Elements whose text is never shown: a notebook's page carries hundreds of kB of style sheets in
# its article, and what waits in a template is counted where it is shown instead.
_UNSHOWN = re.compile(r"<(script|style|template)\b.*?</\1>", re.S)


def within_first_screen(output: str, starts: list[int]) -> list[bool]:
    """For each position of the page's HTML (in order), whether it lies within the first screen.

    That is, within the first :data:`FIRST_SCREEN_CHARS` characters of the article's text,
    counted without markup, styles, scripts or templates. A page without an article has
    everything on its first screen, and so has whatever comes before its article.

    >>> page = "<nav>" + "n" * 5000 + "</nav><article><p>" + "a" * (FIRST_SCREEN_CHARS - 10) + "<b>x</b>"
    >>> page += "b" * 10 + "<b>y</b></p></article>"
    >>> within_first_screen(page, [page.index("<b>x"), page.index("<b>y")])
    [True, False]
    >>> page = "<article><style>" + "p { color: red }" * 1000 + "</style><template>" + "t" * 5000
    >>> page += "</template><p><b>x</b></p></article>"
    >>> within_first_screen(page, [page.index("<b>x")])
    [True]
    """
    article = output.find("<article")
    if article < 0:
        return [True] * len(starts)
    shown, position, text = [], article, 0
    for start in starts:
        if start > article:
            text += len(_TAG.sub("", _UNSHOWN.sub("", output[position:start])))
            position = start
        shown.append(start < article or text < FIRST_SCREEN_CHARS)
    return shown


def later(html: str) -> str:
    """``html`` kept in a template that ``docs/javascripts/later.js`` puts in its parent's place once the page is idle.

    The parent's other children are what shows until then (the code's plain text), or nothing
    (a formula's drawing, whose MathML is beside it).

    >>> later('<span class="k">def</span>')
    '<template data-later><span class="k">def</span></template>'
    """
    return f"<template data-later>{html}</template>"
