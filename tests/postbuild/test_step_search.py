"""The search step (postbuild/search.py): the course's search worker in every page, the site's text out of the index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from postbuild import Context, search
from postbuild.shared import StepError

WORKER = "search.0123abcd.min.js"


def _page(search_path: str) -> str:
    return (
        '<html><head><script id="__config" type="application/json">'
        f'{{"base": "..", "search": "{search_path}"}}</script></head><body><p>"search": "x"</p></body></html>'
    )


def _site(folder: Path) -> Path:
    (folder / "lessons" / "one").mkdir(parents=True)
    (folder / "index.html").write_text(_page(f"assets/javascripts/workers/{WORKER}"), encoding="utf-8")
    (folder / "lessons" / "one" / "index.html").write_text(_page(f"../../assets/javascripts/workers/{WORKER}"), "utf-8")
    (folder / "assets" / "javascripts" / "workers").mkdir(parents=True)
    (folder / "assets" / "javascripts" / "workers" / WORKER).write_text("// Material's worker", encoding="utf-8")
    (folder / "javascripts").mkdir()
    (folder / "javascripts" / "search-worker.js").write_text('importScripts("__MATERIAL_SEARCH_WORKER__");', "utf-8")
    (folder / "search").mkdir()
    index = {"config": {"lang": ["en"]}, "docs": [{"location": "", "title": "Home", "text": "attention"}]}
    (folder / "search" / "search_index.json").write_text(json.dumps(index), encoding="utf-8")
    return folder


def test_every_page_names_the_courses_worker_and_the_text_leaves_the_index(tmp_path: Path) -> None:
    site = _site(tmp_path)

    search.step(site, Context(site_url=""))

    assert (site / "index.html").read_text(encoding="utf-8") == _page("javascripts/search-worker.js")
    assert (site / "lessons" / "one" / "index.html").read_text(encoding="utf-8") == _page(
        "../../javascripts/search-worker.js"
    )
    assert json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8")) == {
        "config": {"lang": ["en"]},
        "docs": [],
    }
    assert json.loads((site / "search" / "search_index.full.json").read_text(encoding="utf-8")) == {
        "docs": [{"location": "", "title": "Home", "text": "attention"}]
    }
    assert (site / "javascripts" / "search-worker.js").read_text(encoding="utf-8") == f'importScripts("{WORKER}");'


def test_a_page_without_materials_worker_fails_naming_it(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "lessons" / "one" / "index.html").write_text("<html><body>no configuration</body></html>", "utf-8")
    with pytest.raises(StepError, match=r"search: lessons/one/index.html: Material's search worker is not in"):
        search.step(site, Context(site_url=""))


def test_two_material_workers_fail(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "assets" / "javascripts" / "workers" / "search.89abcdef.min.js").write_text("//", encoding="utf-8")
    with pytest.raises(StepError, match="search: expected one Material search worker"):
        search.step(site, Context(site_url=""))


def test_a_folder_without_materials_index_fails_and_is_left_as_it_was(tmp_path: Path) -> None:
    # Another generator's search: its own index beside the pages (Zensical writes search.json), no Material index.
    site = _site(tmp_path)
    (site / "search" / "search_index.json").unlink()
    (site / "search.json").write_text('{"config": {}, "items": []}', encoding="utf-8")
    before = {path: path.read_bytes() for path in site.rglob("*") if path.is_file()}
    with pytest.raises(StepError, match=r"search: .* has no search/search_index.json, Material's search index"):
        search.step(site, Context(site_url=""))
    assert {path: path.read_bytes() for path in site.rglob("*") if path.is_file()} == before
