"""What the post-build steps share, and the MkDocs hooks with them (``overrides/hooks/_build.py`` re-exports it).

Nothing here imports MkDocs or ProperDocs: a failure is a :class:`StepError`, which names the step.

- :data:`ROOT`, :data:`NODE_MODULES`: the checkout, and the front-end packages ``npm ci`` installs there;
- :func:`cache_dir`: the build's cache, outside the checkout;
- :func:`file_sha256` and :func:`files_digest`: a file's sha256, and a short digest of files to key a cache on;
- :data:`PYODIDE_VERSION` and :func:`pyodide_cache`: the Pyodide the site ships, and where its downloads are kept;
- :func:`node_with`: ``node``, checked to find an npm package;
- :func:`head_start`, :func:`within_first_screen`, :func:`later`: where in a page's HTML things go;
- :func:`npm_package_of` and :func:`npm_licenses`: the licences of the npm packages a bundle holds.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path

from attention.models.weights import cache_root, file_sha256

__all__ = [
    "NODE_MODULES",
    "PYODIDE_VERSION",
    "ROOT",
    "StepError",
    "cache_dir",
    "file_sha256",
    "files_digest",
    "head_start",
    "later",
    "node_with",
    "npm_licenses",
    "npm_package_of",
    "pyodide_cache",
    "read_text",
    "within_first_screen",
    "write_text",
]

ROOT = Path(__file__).resolve().parents[1]
# The front-end packages `npm ci` installs from package-lock.json.
NODE_MODULES = ROOT / "node_modules"
# The Pyodide the site ships: moving to another is this line and the same
# version of the npm package `pyodide` (docs/maintaining.md, "Moving Pyodide").
PYODIDE_VERSION = "0.27.8"


class StepError(RuntimeError):
    """A post-build step could not do its work; the message starts with the step's name and says why."""


def node_with(package: str, step: str) -> str:
    """The path of ``node``, checked to find the npm ``package`` in the checkout's ``node_modules``.

    Raises:
        StepError: Node.js is not on ``PATH``, or the package is not installed (``npm ci``); the message names ``step``.
    """
    node = shutil.which("node")
    if node is None:
        raise StepError(f"{step}: Node.js is needed to build the site (install Node.js and npm)")
    if not (NODE_MODULES / package / "package.json").is_file():
        raise StepError(
            f"{step}: {NODE_MODULES / package} is missing. Install the site's front-end packages with "
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
    """The Pyodide step's downloads and builds: ``wheels/``, ``sources/``, ``attention/``."""
    return cache_dir() / f"pyodide-{PYODIDE_VERSION}"


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
_UNSHOWN = re.compile(r"<(script|style|template)\b.*?</\1>", re.DOTALL)


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


def npm_package_of(input_path: str) -> str:
    """The npm package a bundled file (a path esbuild names, under node_modules/) belongs to.

    >>> npm_package_of("node_modules/@codemirror/view/dist/index.js"), npm_package_of("node_modules/crelt/index.js")
    ('@codemirror/view', 'crelt')
    """
    parts = Path(input_path).parts
    at = len(parts) - 1 - parts[::-1].index("node_modules")
    name = parts[at + 1 : at + 3] if parts[at + 1].startswith("@") else parts[at + 1 : at + 2]
    return "/".join(name)


def npm_licenses(packages: list[str], bundle: str) -> str:
    """Each bundled package's name, version and licence text, as its files in node_modules/ give them.

    Raises:
        StepError: a package has no licence file (a bundled package must say its licence).
    """
    sections = []
    for name in packages:
        folder = NODE_MODULES / name
        meta = json.loads((folder / "package.json").read_text(encoding="utf-8"))
        texts = sorted(p for p in folder.iterdir() if p.is_file() and p.name.upper().startswith(("LICENSE", "LICENCE")))
        if not texts:
            raise StepError(f"{bundle}: {folder} has no LICENSE file; a bundled package must say its licence")
        body = texts[0].read_text(encoding="utf-8").strip()
        sections.append(f"{name} {meta['version']} ({meta.get('license', 'see below')})\n\n{body}\n")
    rule = "\n" + "-" * 72 + "\n\n"
    return (
        f"{bundle} bundles these packages (from the npm registry, unmodified but minified):\n\n"
        + "".join(f"- {name}\n" for name in packages)
        + rule
        + rule.join(sections)
    )


ESBUILD = NODE_MODULES / ".bin" / "esbuild"  # the npm package's command


def run_esbuild(args: list[str], where: str, doing: str) -> None:
    """Run esbuild with ``args`` (from the checkout's root), its warnings shown.

    ``where`` starts every error message (the step's or the hook's name); ``doing`` says what esbuild could not do.

    Raises:
        StepError: esbuild is not installed (``npm ci``), or it failed or warned (its message included).
    """
    if not ESBUILD.is_file():
        raise StepError(f"{where}: {ESBUILD} is missing. Install the front-end packages with `npm ci` (./dev.sh does).")
    result = subprocess.run(
        [str(ESBUILD), *args, "--log-level=warning"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if result.returncode != 0 or result.stderr.strip():
        raise StepError(f"{where}: esbuild could not {doing}:\n{result.stderr}{result.stdout}")


def esbuild_bundle(
    source: Path,
    label: str,
    args: tuple[str, ...],
    cache: Path,
    names: tuple[str, str],
    key_files: Iterable[Path],
    where: str,
) -> tuple[Path, Path]:
    """``source`` bundled by esbuild with ``args``, and the licences of the npm packages in it: their two paths.

    ``label`` is the bundle's path in the site (``sw.js``), as the messages and the licences name it.

    From ``cache``, in a folder named by a digest of the lock file, the source, ``key_files`` (the caller's
    own file, whose arguments count) and ``args``; else built now in a folder of this build's own, swapped
    in when complete, so that builds side by side never share one. ``names``: the bundle's and the
    licences' file names. ``where`` starts every error message (the step's or the hook's name).

    Raises:
        StepError: esbuild is not installed (``npm ci``), it failed (its message included), or a bundled
            package has no licence file.
    """
    key = files_digest([ROOT / "package-lock.json", source, *key_files], " ".join(args).encode())
    prefix = Path(names[0]).stem
    folder = cache / f"{prefix}-{key}"
    bundle, licenses = folder / names[0], folder / names[1]
    if bundle.is_file() and licenses.is_file():
        return bundle, licenses
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=cache, prefix=f"{prefix}-{key}.partial-"))
    try:
        meta = work / "meta.json"
        run_esbuild(
            [str(source), *args, f"--outfile={work / names[0]}", f"--metafile={meta}"], where, f"bundle docs/{label}"
        )
        # The files that put code into the bundle (esbuild lists the ones tree-shaking emptied too, with 0 bytes).
        (output,) = json.loads(meta.read_text(encoding="utf-8"))["outputs"].values()
        used = [name for name, info in output["inputs"].items() if info["bytesInOutput"] > 0]
        packages = sorted({npm_package_of(name) for name in used if "node_modules" in Path(name).parts})
        try:
            text = npm_licenses(packages, label)
        except StepError as error:
            raise StepError(f"{where}: {error}") from None
        (work / names[1]).write_text(text, encoding="utf-8")
        meta.unlink()
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)  # nothing half-built is left to be served later
        raise
    try:
        work.rename(folder)
    except OSError:  # another build finished the same bundle first
        shutil.rmtree(work, ignore_errors=True)
    return bundle, licenses


def read_text(path: Path) -> str:
    """A built file's text, as UTF-8, its line ends as they are (``Path.read_text`` would turn ``\\r\\n`` into ``\\n``)."""
    with path.open(encoding="utf-8", newline="") as file:
        return file.read()


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, its line ends as they are."""
    with path.open("w", encoding="utf-8", newline="") as file:
        file.write(text)
