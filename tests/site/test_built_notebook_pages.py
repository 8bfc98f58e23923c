"""A notebook's page as built (postbuild/notebook_pages.py): its figures in files, its JupyterLab styles cut.

Read with the standard library's HTML parser and Pillow, not with the hook's expressions.
"""

from __future__ import annotations

import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from postbuild import notebook_pages
from postbuild.shared import StepError

NOTEBOOKS = {"why-scale": 1, "attention-in-a-real-model": 5, "attention-inside-a-language-model": 6}
# The article's first screen, in characters of its text: as postbuild/shared.py counts it.
FIRST_SCREEN_CHARS = 4000


class _Page(HTMLParser):
    """The page's images (attributes, and how much of the article's text comes before each) and styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.images: list[tuple[dict[str, str], int]] = []
        self.styles: list[tuple[dict[str, str], str]] = []
        self.in_article = False
        self.hidden: list[str] = []  # the open script, style or template whose text is not shown
        self.text = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if tag == "article":
            self.in_article = True
        if tag in ("script", "style", "template"):
            self.hidden.append(tag)
            if tag == "style":
                self.styles.append((attributes, ""))
        if tag == "img":
            self.images.append((attributes, self.text))

    def handle_endtag(self, tag: str) -> None:
        if self.hidden and tag == self.hidden[-1]:
            self.hidden.pop()

    def handle_data(self, data: str) -> None:
        if self.hidden:
            if self.hidden[-1] == "style":
                attributes, text = self.styles[-1]
                self.styles[-1] = (attributes, text + data)
            return
        if self.in_article:
            self.text += len(data)


def _read(built_site: Path, name: str) -> tuple[str, _Page]:
    html = (built_site / "examples" / name / "index.html").read_text(encoding="utf-8")
    parsed = _Page()
    parsed.feed(html)
    return html, parsed


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_each_figure_is_a_file_of_its_own_sized_and_lazy_past_the_first_screen(built_site: Path, name: str) -> None:
    html, page = _read(built_site, name)
    assert "data:image/png" not in html
    figures = [(attrs, before) for attrs, before in page.images if attrs["src"].startswith("figure-")]
    assert len(figures) == 2 * NOTEBOOKS[name]  # each in the light and the dark scheme
    schemes = sorted(attrs["src"].split("#")[1] for attrs, _ in figures)
    assert schemes == ["only-dark"] * NOTEBOOKS[name] + ["only-light"] * NOTEBOOKS[name]
    for attrs, before in figures:
        file = built_site / "examples" / name / attrs["src"].split("#")[0]
        data = file.read_bytes()
        assert file.name == f"figure-{hashlib.sha256(data).hexdigest()[:16]}.png"
        with Image.open(file) as image:
            assert image.format == "PNG"
            assert (int(attrs["width"]), int(attrs["height"])) == image.size, file.name
        assert attrs["decoding"] == "async"
        assert attrs.get("loading") == ("lazy" if before >= FIRST_SCREEN_CHARS else None), (file.name, before)
        assert len(attrs["alt"]) > 40


def test_the_service_worker_stores_every_figure_for_offline_reading(built_site: Path) -> None:
    worker = (built_site / "sw.js").read_text(encoding="utf-8")
    files = sorted((built_site / "examples").glob("*/figure-*.png"))
    assert len(files) == 2 * sum(NOTEBOOKS.values())
    for file in files:
        assert f'"{file.relative_to(built_site).as_posix()}"' in worker, file


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_jupyterlab_styles_are_cut_to_what_the_page_uses(built_site: Path, name: str) -> None:
    """What is kept is checked rule for rule in Chromium: tests/browser/test_notebook_pages.py."""
    html, page = _read(built_site, name)
    purged = {attrs["data-purged"]: text for attrs, text in page.styles if "data-purged" in attrs}
    assert sorted(purged) == sorted(notebook_pages.JUPYTER_SHEETS)
    whole = (notebook_pages.JUPYTER_ASSETS / "index.css").read_text(encoding="utf-8")
    assert whole.strip() not in html
    assert len(purged["index.css"]) < len(whole) / 20
    # Kept: the rules for what the page shows (a cell, its output, the code's colours' properties).
    assert ".jp-Cell" in purged["index.css"] and ".jp-OutputArea" in purged["index.css"]
    assert re.search(r"--jp-mirror-editor-keyword-color\s*:", purged["index.css"] + purged["theme-light.css"])
    # Dropped: JupyterLab's own interface, which a static page never shows.
    assert ".jp-FileBrowser" in whole and ".jp-FileBrowser" not in purged["index.css"]


def test_a_page_whose_styles_are_not_inline_as_expected_fails_the_build() -> None:
    with pytest.raises(StepError, match="index.css"):
        notebook_pages.purge_styles("<style>p { color: red }</style><p>x</p>", {"index.css": ".a{}"}, [], "nb")


def test_an_inline_figure_that_is_not_a_png_fails_the_build(tmp_path: Path) -> None:
    page = '<article><img src="data:image/png;base64,R0lGODlhAQABAAAAACw=#only-light" alt="a gif"></article>'
    with pytest.raises(StepError, match="not a PNG"):
        notebook_pages.figures_to_files(page, tmp_path, "nb")
    assert not list(tmp_path.iterdir())
