"""Post-build step: the site's own scripts reach the reader minified.

The scripts under ``docs/javascripts/`` and ``docs/runner/`` are written to be
read: every one opens with what it does and why, and most functions carry a
comment. Served as written, those comments are about half of what a page's
scripts weigh, even compressed (a lesson loads a dozen of them). So this step
passes each one through esbuild's minifier (the tool the build already uses
for the editor and the service worker), one file at a time: no bundling, no
change of module format (an ES module stays one, its imports as written, and a
classic script keeps its global names), the text kept in UTF-8. A file the
minifier cannot make smaller (the editor, which its hook bundles minified
already) is left as it is.

It runs first: the steps after it that hash what they serve (the
Content-Security-Policy, the service worker's precache) hash the minified
files. Under ``./dev.sh serve`` (``context.serving``) it does nothing, so that
the scripts in the browser's tools are the ones being edited.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from postbuild.shared import StepError, run_esbuild

if TYPE_CHECKING:
    from postbuild import Context

# The folders of the built site that hold the site's own scripts (docs/javascripts/, docs/runner/).
FOLDERS = ("javascripts", "runner")


def own_scripts(site: Path) -> list[Path]:
    """The site's own scripts in the built ``site``: every ``.js`` file under :data:`FOLDERS`, in order of path."""
    return sorted(path for folder in FOLDERS for path in (site / folder).rglob("*.js"))


def minified(site: Path, scripts: list[Path]) -> dict[Path, bytes]:
    """Each of ``scripts`` (files under ``site``) as esbuild minifies it, by its path.

    Raises:
        StepError: esbuild is not installed (``npm ci``), or it failed on a file (its message included).
    """
    with tempfile.TemporaryDirectory(prefix="minified-") as work:
        out = Path(work)
        run_esbuild(
            [
                *(str(script) for script in scripts),
                "--minify",
                "--charset=utf8",
                f"--outbase={site}",
                f"--outdir={out}",
            ],
            "scripts step",
            "minify the site's scripts",
        )
        return {script: (out / script.relative_to(site)).read_bytes() for script in scripts}


def step(site: Path, context: Context) -> None:
    """Replace each of the built ``site``'s own scripts by its minified text, where that is smaller."""
    if context.serving:
        return
    scripts = own_scripts(site)
    if not scripts:
        raise StepError(f"scripts step: {site} holds no script under {', '.join(FOLDERS)}/: is it a built site?")
    for script, text in minified(site, scripts).items():
        if len(text) < script.stat().st_size:
            script.write_bytes(text)
