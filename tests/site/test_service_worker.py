"""The built service worker (``sw.js``, from ``docs/sw.js`` by ``postbuild/service_worker.py``).

Each file of the site is stored exactly one way (precache, Python unit, on
demand, or not at all, by rules written out again here), and every list in
the worker matches the files as built: the precache's revisions are the
files' md5 (workbox-build's) and its integrities their sha256 (the browser
checks them as the worker stores each file), the Python unit's and the on-demand files'
sha256 are recomputed here from the bytes on disk. The precache stays small;
the bundle carries no placeholder, no import and the licences of the Workbox
packages it bundles; and under ``properdocs serve`` the worker written is one that
removes an earlier build's worker and caches, so nothing is kept offline. The
browser side is ``tests/browser/test_offline.py``."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from postbuild import Context, service_worker
from tests.helpers import load_hook, sha256

hook = load_hook("service_worker")


def _worker(site: Path) -> tuple[list[dict], dict]:
    """The precache list and the units that the build wrote into sw.js."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    precache = re.search(r'\[\{"(?:integrity|revision)":.*?\}\]', text)
    units = re.search(r'\{"python":\{"version".*?\}\]\}\}', text)
    assert precache and units, "sw.js lacks its lists"
    return json.loads(precache.group(0)), json.loads(units.group(0))


def _kind(relative: str) -> str:
    """How the worker must store a file of the site, by the rules docs/sw.js states (written out again here)."""
    if relative.startswith("pyodide/") or relative == "runner/cell.py":
        return "python"
    if relative.startswith("models/") or (relative.startswith("data/") and relative.count("/") >= 2):
        return "on demand"
    if relative == "sw.js" or relative.endswith((".map", ".gz")) or relative.startswith("assets/javascripts/lunr/"):
        return "not stored"
    return "precache"


def test_every_file_is_stored_one_way(built_site: Path) -> None:
    precache, units = _worker(built_site)
    stored = {entry["url"]: "precache" for entry in precache}
    for kind, unit in (("python", units["python"]), ("on demand", units["onDemand"])):
        for file in unit["files"]:
            assert file["url"] not in stored, f"{file['url']} is stored twice"
            stored[file["url"]] = kind
    files = sorted(path.relative_to(built_site).as_posix() for path in built_site.rglob("*") if path.is_file())
    how = {name: stored.get(name, "not stored") for name in files}
    wrong = [(name, how[name], _kind(name)) for name in files if how[name] != _kind(name)]
    assert wrong == []
    assert set(stored) <= set(files)
    for page in ("index.html", "404.html", "lessons/self-attention/index.html", "search/search_index.json"):
        assert stored[page] == "precache"
    assert stored["sitemap.xml"] == "precache"  # instant navigation reads it, and the 404 page finds the root by it


def test_the_lists_match_the_bytes_on_disk(built_site: Path) -> None:
    precache, units = _worker(built_site)
    for entry in precache:
        path = built_site / entry["url"]
        if entry["revision"] is None:  # Material's files named by their content's hash
            assert re.search(r"\.[0-9a-f]{8}\.min\.(js|css)$", entry["url"]), entry
        else:
            assert entry["revision"] == hashlib.md5(path.read_bytes()).hexdigest(), entry["url"]
    for unit in units.values():
        for file in unit["files"]:
            path = built_site / file["url"]
            assert file["sha256"]["hex"] == sha256(path), file["url"]
            assert file["size"] == path.stat().st_size
    python = {file["url"] for file in units["python"]["files"]}
    pyodide = {p.relative_to(built_site).as_posix() for p in (built_site / "pyodide").rglob("*") if p.is_file()}
    assert python == pyodide | {"runner/cell.py"}
    assert {"pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json"} <= python
    assert any(name.startswith("pyodide/attention-") and name.endswith(".whl") for name in python)
    # The Python unit is what the pyodide hook ships: numpy and attention, no package installer.
    shipped = json.loads((built_site / "pyodide" / "manifest.json").read_text())["packages"]
    assert sorted(name for name in python if name.endswith(".whl")) == sorted(f"pyodide/{n}" for n in shipped.values())
    assert any(name.startswith("models/all-MiniLM-L6-v2/") for name in (f["url"] for f in units["onDemand"]["files"]))


def test_every_precache_entry_carries_its_integrity(built_site: Path) -> None:
    """Workbox's precache fetches each file with its entry's integrity: the browser refuses other bytes than the build's."""
    precache, _ = _worker(built_site)
    assert len(precache) > 100
    wrong = []
    for entry in precache:
        digest = base64.b64encode(hashlib.sha256((built_site / entry["url"]).read_bytes()).digest()).decode("ascii")
        if entry.get("integrity") != f"sha256-{digest}":
            wrong.append((entry["url"], entry.get("integrity"), f"sha256-{digest}"))
    assert wrong == [], f"{len(wrong)} of {len(precache)} entries lack their file's integrity, first: {wrong[0]}"


def test_the_precache_stays_small(built_site: Path) -> None:
    precache, _ = _worker(built_site)
    sizes = [(built_site / entry["url"]).stat().st_size for entry in precache]
    assert max(sizes) <= service_worker.PRECACHE_FILE_LIMIT
    assert sum(sizes) < 25e6, f"{len(sizes)} files, {sum(sizes)} bytes"


def test_the_bundle_is_complete_and_self_contained(built_site: Path) -> None:
    text = (built_site / "sw.js").read_text(encoding="utf-8")
    assert "__WB_MANIFEST" not in text and service_worker.UNITS_PLACEHOLDER not in text
    # Bundled: no module syntax left (a service worker script is classic), no import of another file.
    assert not re.search(r"^\s*import\s|importScripts\(|\bimport\(", text, re.M)
    licences = (built_site / service_worker.LICENSES).read_text(encoding="utf-8")
    for package in ("workbox-core", "workbox-precaching", "workbox-routing"):
        assert f"- {package}\n" in licences and f"{package} 7.4.1 (MIT)" in licences


def test_the_glob_rules_read_as_workbox_reads_them() -> None:
    matches = service_worker._matches
    assert matches("data/minilm/cat-mat.json", service_worker.ON_DEMAND)
    assert not matches("data/visualizer-presets.json", service_worker.ON_DEMAND)
    assert matches("models/all-MiniLM-L6-v2/model.safetensors", service_worker.ON_DEMAND)
    assert matches("runner/cell.py", service_worker.PYTHON) and not matches("runner/runner.js", service_worker.PYTHON)
    assert matches("lessons/self-attention/index.html", service_worker.PRECACHE_PATTERNS)
    assert not matches("pyodide/pyodide.asm.wasm", service_worker.PRECACHE_PATTERNS)


@pytest.fixture
def serving():
    hook.on_startup(command="serve", dirty=False)
    yield
    hook.on_startup(command="build", dirty=False)


def test_properdocs_serve_keeps_nothing_offline(serving, tmp_path: Path) -> None:
    scripts = ["javascripts/components.js", "javascripts/offline.js"]
    config = SimpleNamespace(extra_javascript=scripts)
    assert hook.on_config(config).extra_javascript == ["javascripts/components.js"]
    service_worker.step(tmp_path, Context(site_url="http://127.0.0.1:8000/", serving=True))
    retire = (tmp_path / "sw.js").read_text(encoding="utf-8")
    assert "unregister()" in retire and "caches.delete" in retire
