"""MkDocs hook: self-host the front-end packages the site uses.

Each entry of ``VENDORED`` copies one folder of an npm package (installed by
``npm ci`` from ``package-lock.json``) into the site under ``vendor/``. Nothing
is loaded from a CDN. A missing package fails the build and says how to get it.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

# site path -> (npm package, folder inside it)
VENDORED = {
    "vendor/mathjax": ("mathjax", "es5"),
}


def _package_dir(config: MkDocsConfig, package: str) -> Path:
    root = Path(config.config_file_path).parent
    return root / "node_modules" / package


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for dest, (package, folder) in VENDORED.items():
        source = _package_dir(config, package) / folder
        if not source.is_dir():
            raise PluginError(
                f"vendor hook: {source} is missing. Install the site's front-end packages with "
                f"`npm ci` (or run ./dev.sh build, which does it)."
            )
        for path in sorted(p for p in source.rglob("*") if p.is_file()):
            uri = f"{dest}/{path.relative_to(source).as_posix()}"
            files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files
