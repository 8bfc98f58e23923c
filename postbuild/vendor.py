"""Post-build step: self-host the front-end packages the site uses.

Each entry of ``VENDORED`` copies the files of an npm package (installed by
``npm ci`` from ``package-lock.json``) that match its patterns into the site
under ``vendor/``. Nothing is loaded from a CDN. A missing package fails the
build and says how to get it. (Pyodide is assembled by :mod:`postbuild.pyodide`.)
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from postbuild.shared import NODE_MODULES, StepError

if TYPE_CHECKING:
    from postbuild import Context

# site path -> (npm package, folder inside it, the files of that folder the site needs)
VENDORED = {
    # KaTeX's style sheet and the fonts it names first (every browser the site supports reads woff2);
    # the formulas themselves are typeset at build time (postbuild/katex.py), so no KaTeX script is shipped.
    "vendor/katex": ("katex", "dist", ("katex.min.css", "fonts/*.woff2")),
}


def vendored_files(node_modules: Path = NODE_MODULES) -> dict[str, Path]:
    """Each file to ship, by its path in the site.

    Raises:
        StepError: a package is not installed; the message says how to install it.
    """
    files = {}
    for dest, (package, folder, patterns) in VENDORED.items():
        source = node_modules / package / folder
        if not source.is_dir():
            raise StepError(
                f"vendor step: {source} is missing. Install the site's front-end packages with "
                f"`npm ci` (or run ./dev.sh build, which does it)."
            )
        for path in sorted({p for pattern in patterns for p in source.glob(pattern) if p.is_file()}):
            files[f"{dest}/{path.relative_to(source).as_posix()}"] = path
    return files


def step(site: Path, context: Context) -> None:
    """Copy :func:`vendored_files` into the built ``site``."""
    for uri, path in vendored_files().items():
        (site / uri).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, site / uri)
