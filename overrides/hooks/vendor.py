"""MkDocs hook: self-host the front-end packages the site uses.

Each entry of ``VENDORED`` copies the files of an npm package (installed by
``npm ci`` from ``package-lock.json``) that match its patterns into the site
under ``vendor/``. Nothing is loaded from a CDN. A missing package fails the
build and says how to get it. (Pyodide is assembled by ``pyodide.py``.)
"""

from __future__ import annotations

from pathlib import Path

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import File, Files

# site path -> (npm package, folder inside it, the files of that folder the site needs)
VENDORED = {
    # KaTeX's style sheet and the fonts it names first (every browser the site supports reads woff2);
    # the formulas themselves are typeset at build time (katex.py), so no KaTeX script is shipped.
    "vendor/katex": ("katex", "dist", ("katex.min.css", "fonts/*.woff2")),
}


def _package_dir(config: ProperDocsConfig, package: str) -> Path:
    root = Path(config.config_file_path).parent
    return root / "node_modules" / package


def on_files(files: Files, config: ProperDocsConfig) -> Files:
    for dest, (package, folder, patterns) in VENDORED.items():
        source = _package_dir(config, package) / folder
        if not source.is_dir():
            raise PluginError(
                f"vendor hook: {source} is missing. Install the site's front-end packages with "
                f"`npm ci` (or run ./dev.sh build, which does it)."
            )
        for path in sorted({p for pattern in patterns for p in source.glob(pattern) if p.is_file()}):
            uri = f"{dest}/{path.relative_to(source).as_posix()}"
            files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files
