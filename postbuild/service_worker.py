"""Post-build step: the service worker (``sw.js`` in the site's root) that makes the course work offline after one visit.

Its source is ``docs/sw.js`` (what it stores, when, and how versions change
over). The hook ``overrides/hooks/service_worker.py`` keeps that source out of the
site; this step, the last of the pipeline, once every file is written, publishes in its place:

- ``sw.js``: the source bundled with Workbox (``workbox-core``,
  ``workbox-precaching``, ``workbox-routing`` from ``node_modules``, by
  esbuild; cached like the lesson editor's bundle), then filled in by
  ``workbox-build``'s ``injectManifest`` with the precache list (every page,
  style, script, figure, font, the lab's data and the search index, each with
  its revision and its integrity, the ``sha256-`` digest the browser checks
  as the precache stores it), and by this step with the two other lists (:func:`units`):
  the Python unit (everything under ``pyodide/`` and ``runner/cell.py``) and
  the files kept on demand (``models/``, and the lab's model views in the
  folders of ``data/``), each file with its sha256;
- ``sw-licenses.txt``: the licences of the Workbox packages bundled into it.

Nothing else is precached: source maps, the search's language packs for other
languages than English, the compressed sitemap.

Under ``./dev.sh serve`` (``Context.serving``) the site is being edited: no page registers
the worker (the hook leaves ``javascripts/offline.js`` out), and ``sw.js`` is a worker that
removes the caches and the registration that a build served earlier on the
same address left, so an author never reads a stored copy.

The work is in plain functions (:func:`units`, :func:`bundle`,
:func:`write_service_worker`); :func:`step` calls them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from postbuild.shared import ROOT, StepError, cache_dir, esbuild_bundle

if TYPE_CHECKING:
    from postbuild import Context

SOURCE = "sw.js"  # docs/sw.js, published bundled at the same path
SOURCE_PATH = ROOT / "docs" / SOURCE
LICENSES = "sw-licenses.txt"
REGISTRATION = "javascripts/offline.js"
BANNER = f"/* The course's service worker (docs/sw.js) with Workbox, bundled; their licences: {LICENSES}. */"
# Workbox's own modules check process.env.NODE_ENV: "production" leaves out their development logging.
ESBUILD_ARGS = (
    "--bundle", "--format=iife", "--minify", "--target=es2020", "--legal-comments=none", "--charset=utf8",
    '--define:process.env.NODE_ENV="production"', f"--banner:js={BANNER}",
)  # fmt: skip

# What the precache holds, as workbox-build's globs (from the site's root).
PRECACHE_PATTERNS = ("**/*.{html,css,js,json,xml,svg,png,jpg,jpeg,gif,webp,ico,woff2,txt,py,ipynb}",)
PYTHON = ("pyodide/**", "runner/cell.py")
ON_DEMAND = ("models/**", "data/*/**/*")  # data/*/**/*: the files in the folders of data/, not beside them
NOT_STORED = ("**/*.map", "assets/javascripts/lunr/**", "**/*.gz")
PRECACHE_IGNORES = (SOURCE, *PYTHON, *ON_DEMAND, *NOT_STORED)
# Material's files with a content hash in their names need no revision of their own.
HASHED_NAMES = r"\.[0-9a-f]{8}\.min\.(js|css)$"
# A precached file larger than this fails the build: it belongs with the files kept on demand.
PRECACHE_FILE_LIMIT = 3 * 1024 * 1024
# The placeholder in docs/sw.js that this step replaces (workbox-build replaces self.__WB_MANIFEST).
UNITS_PLACEHOLDER = "self.__ATTENTION_COURSE_UNITS"

# workbox-build's injectManifest, run by Node from the checkout (so it finds node_modules). Each entry gets the
# subresource integrity of its file as built ("sha256-" and the base64 digest): Workbox's precache fetches the file
# with it, so the browser refuses bytes that are not the build's (a captive portal's page, say) instead of storing them.
INJECT = """
const { createHash } = require("crypto");
const { readFileSync } = require("fs");
const { join } = require("path");
const { injectManifest } = require("workbox-build");
const options = JSON.parse(process.argv[1]);
options.dontCacheBustURLsMatching = new RegExp(options.dontCacheBustURLsMatching);
const digest = (url) => createHash("sha256").update(readFileSync(join(options.globDirectory, url))).digest("base64");
const withIntegrity = (entry) => ({ ...entry, integrity: `sha256-${digest(entry.url)}` });
options.manifestTransforms = [async (entries) => ({ manifest: entries.map(withIntegrity), warnings: [] })];
injectManifest(options).then(
  ({ count, size, warnings }) => process.stdout.write(JSON.stringify({ count, size, warnings })),
  (error) => { process.stderr.write(String((error && error.stack) || error)); process.exit(1); },
);
"""

# Under `properdocs serve`: a worker that an earlier build left on this address removes its caches and itself.
RETIRE = """// properdocs serve: the site is being edited, so nothing is kept offline. A service
// worker an earlier build left on this address removes its caches and itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  const scope = self.registration.scope;
  for (const name of await caches.keys()) {
    if (name.startsWith("attention-course-") && name.endsWith("-" + scope)) await caches.delete(name);
  }
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
})()));
"""


@dataclass(frozen=True)
class Summary:
    """What a build's service worker stores: (files, bytes) of the precache, the Python unit, the on-demand files."""

    precache: tuple[int, int]
    python: tuple[int, int]
    on_demand: tuple[int, int]

    def __str__(self) -> str:
        def part(name: str, numbers: tuple[int, int]) -> str:
            return f"{name} {numbers[0]} files ({numbers[1] / 1e6:.1f} MB)"

        parts = [("precache", self.precache), ("Python when first run", self.python), ("on demand", self.on_demand)]
        return ", ".join(part(name, numbers) for name, numbers in parts)


def _glob(pattern: str) -> re.Pattern[str]:
    """A workbox-build (minimatch) glob of the patterns above as a regular expression.

    ``**/`` is any folders, ``**`` anything, ``*`` any part of one name, ``{a,b}`` either.
    """
    parts = re.split(r"(\*\*/|\*\*|\*|\{[^}]*\})", pattern)
    wildcards = {"**/": "(?:[^/]+/)*", "**": ".*", "*": "[^/]*"}

    def regex(part: str) -> str:
        if part.startswith("{"):
            return "(?:" + "|".join(re.escape(choice) for choice in part[1:-1].split(",")) + ")"
        return wildcards.get(part, re.escape(part))

    return re.compile("".join(regex(part) for part in parts) + r"\Z")


def _matches(relative: str, patterns: tuple[str, ...]) -> bool:
    return any(_glob(pattern).match(relative) for pattern in patterns)


def _listing(site: Path, patterns: tuple[str, ...]) -> list[dict]:
    files = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        relative = path.relative_to(site).as_posix()
        if not _matches(relative, patterns):
            continue
        digest = hashlib.sha256(path.read_bytes()).digest()
        files.append(
            {
                "url": relative,
                "size": path.stat().st_size,
                "sha256": {"hex": digest.hex(), "base64": base64.b64encode(digest).decode("ascii")},
            }
        )
    return files


def _version(files: list[dict]) -> str:
    digest = hashlib.sha256("".join(f"{file['url']}\0{file['sha256']['hex']}\n" for file in files).encode())
    return digest.hexdigest()[:16]


def units(site: Path) -> dict:
    """The Python unit and the files kept on demand, as the built ``site`` holds them: each a version and its files.

    A file is ``{"url": path from the root, "size": bytes, "sha256": {"hex", "base64"}}``;
    a version is 16 hex digits of the sha256 of every file's path and sha256, so it
    changes exactly when one of its files does.

    Raises:
        StepError: the site has no Python runtime under ``pyodide/`` (the pyodide step did not run).
    """
    python = _listing(site, PYTHON)
    if not any(file["url"].startswith("pyodide/") for file in python):
        raise StepError(f"service_worker step: {site}/pyodide/ is empty: the pyodide step must run before this one")
    on_demand = _listing(site, ON_DEMAND)
    return {
        "python": {"version": _version(python), "files": python},
        "onDemand": {"version": _version(on_demand), "files": on_demand},
    }


def bundle(cache: Path) -> tuple[Path, Path]:
    """``docs/sw.js`` bundled with Workbox, and the bundled packages' licences: from the cache, or built now.

    Raises:
        StepError: esbuild is not installed (``npm ci``), or it failed (its message included).
    """
    return esbuild_bundle(
        SOURCE_PATH, SOURCE, ESBUILD_ARGS, cache, (SOURCE, LICENSES), [Path(__file__).resolve()], "service_worker step"
    )


def _inject_manifest(script: Path, site: Path, dest: Path) -> dict:
    options = {
        "swSrc": str(script),
        "swDest": str(dest),
        "globDirectory": str(site),
        "globPatterns": list(PRECACHE_PATTERNS),
        "globIgnores": list(PRECACHE_IGNORES),
        "dontCacheBustURLsMatching": HASHED_NAMES,
        "maximumFileSizeToCacheInBytes": PRECACHE_FILE_LIMIT,
    }
    node = shutil.which("node")
    if node is None:
        raise StepError("service_worker step: Node.js (`node`) is not on the PATH; workbox-build runs on it")
    result = subprocess.run([node, "-e", INJECT, json.dumps(options)], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise StepError(f"service_worker step: workbox-build's injectManifest failed:\n{result.stderr}{result.stdout}")
    report = json.loads(result.stdout)
    if report["warnings"]:
        raise StepError(
            "service_worker step: workbox-build warned (a file too large to precache belongs in ON_DEMAND):\n  "
            + "\n  ".join(report["warnings"])
        )
    return report


def write_service_worker(site: Path, cache: Path) -> Summary:
    """Write ``sw.js`` and ``sw-licenses.txt`` into the built ``site``; return what the worker stores.

    Raises:
        StepError: a step failed; the message says which and why.
    """
    script, licenses = bundle(cache)
    shutil.copyfile(licenses, site / LICENSES)  # before the manifest is made: it is precached too
    found = units(site)
    with tempfile.TemporaryDirectory() as tmp:
        injected = Path(tmp) / SOURCE
        report = _inject_manifest(script, site, injected)
        text = injected.read_text(encoding="utf-8")
    times = text.count(UNITS_PLACEHOLDER)
    if times != 1:
        raise StepError(f"service_worker step: the bundle holds {UNITS_PLACEHOLDER} {times} times, not once")
    filled = text.replace(UNITS_PLACEHOLDER, json.dumps(found, separators=(",", ":")))
    (site / SOURCE).write_text(filled, encoding="utf-8")

    def total(files: list[dict]) -> tuple[int, int]:
        return len(files), sum(file["size"] for file in files)

    return Summary(
        precache=(report["count"], report["size"]),
        python=total(found["python"]["files"]),
        on_demand=total(found["onDemand"]["files"]),
    )


def step(site: Path, context: Context) -> None:
    """Write ``sw.js`` (and its licences) into the built ``site``; under ``serve``, the worker that retires itself."""
    if context.serving:
        (site / SOURCE).write_text(RETIRE, encoding="utf-8")
        return
    summary = write_service_worker(site, cache_dir() / "service-worker")
    print(f"service worker: {summary}", file=sys.stderr)
