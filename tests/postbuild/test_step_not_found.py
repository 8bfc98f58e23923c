"""The not_found step (postbuild/not_found.py): 404.html's links from the root, and the two scripts that resolve them."""

from __future__ import annotations

from pathlib import Path

import pytest

from postbuild import Context, not_found
from postbuild.shared import StepError

BUNDLE = '<script src="/course/assets/javascripts/bundle.0123abcd.min.js"></script>'
PAGE = (
    '<html><head>\n<meta charset="utf-8">\n<link rel="stylesheet" href="/course/assets/main.css">'
    '<link rel="icon" href="/course/">'
    '<script id="__config" type="application/json">{"base": "/course/", "search": "/course/search.js"}</script>'
    '<script>var r=new URL("/course/",location)</script></head>'
    '<body><a href="/course/lessons/">Lessons</a><a href="/courses/">elsewhere</a>' + BUNDLE + "</body></html>"
)


def test_404_links_from_the_root_the_site_url_names(tmp_path: Path) -> None:
    (tmp_path / "404.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")

    not_found.step(tmp_path, Context(site_url="https://example.org/course"))

    find_root = not_found.FIND_ROOT.replace("BUILT_ROOT", '"/course/"')
    assert (tmp_path / "404.html").read_text(encoding="utf-8") == (
        f'<html><head>\n<meta charset="utf-8"><script>{find_root}</script>\n'
        '<link rel="stylesheet" href="assets/main.css"><link rel="icon" href="./">'
        '<script id="__config" type="application/json">{"base": "", "search": "search.js"}</script>'
        '<script>var r=new URL(".",document.baseURI)</script></head>'
        '<body><a href="lessons/">Lessons</a><a href="/courses/">elsewhere</a>'
        f'<script>{not_found.SETTINGS}</script><script src="assets/javascripts/bundle.0123abcd.min.js"></script>'
        "</body></html>"
    )
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == PAGE  # only 404.html


def test_a_compact_configuration_is_made_relative_too() -> None:
    # JSON written without spaces (as a generator other than Material's Jinja2 template writes it, Zensical's for one)
    compact = PAGE.replace(
        '{"base": "/course/", "search": "/course/search.js"}', '{"base":"/course/","search":"/course/search.js"}'
    )
    assert '{"base":"","search":"search.js"}' in not_found.rewrite(compact, "/course/")


def test_the_root_script_falls_back_to_the_built_root() -> None:
    assert "base.href=root===null?BUILT_ROOT:root" in not_found.FIND_ROOT
    assert 'root===null?"/":root' in not_found.rewrite(PAGE.replace("/course/", "/"), "/")


def test_a_site_without_404_fails(tmp_path: Path) -> None:
    with pytest.raises(StepError, match="not_found step: .* has no 404.html"):
        not_found.step(tmp_path, Context(site_url=""))
