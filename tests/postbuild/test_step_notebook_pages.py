"""The notebook_pages step (postbuild/notebook_pages.py) on a small notebook page: styles cut, figures in files.

The figure is a 3 x 2 grey PNG; its name's 16 hex digits are its sha256 as ``sha256sum`` prints it.
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from postbuild import Context, notebook_pages
from postbuild.shared import StepError

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAAAAAC4HznGAAAAC0lEQVR4nGNggAAAAAgAAbdYc5UAAAAASUVORK5CYII="
FIGURE = "figure-604391a2e3edd5d1.png"
CONTEXT = Context(
    site_url="http://127.0.0.1:8000/", extra_css=("stylesheets/extra.css",), notebook_folders=("examples",)
)


def test_figures_move_to_files_beside_the_page(tmp_path: Path) -> None:
    first = f'<img alt="a" src="data:image/png;base64,{PNG}#only-light">'
    later = f'<img alt="b" width="30" src="data:image/png;base64,{PNG}">'
    # The first screen is the article's first 4,000 characters of text: the first figure within, the second past it.
    page = f'<article><p>{"x" * 3990}</p>{first}<p>{"y" * 20}</p>{later}<img src="plot.svg"></article>'
    assert notebook_pages.figures_to_files(page, tmp_path, "nb") == (
        f"<article><p>{'x' * 3990}</p>"
        f'<img alt="a" src="{FIGURE}#only-light" width="3" height="2" decoding="async">'
        f'<p>{"y" * 20}</p><img alt="b" width="30" src="{FIGURE}" decoding="async" loading="lazy">'
        '<img src="plot.svg"></article>'
    )
    assert [p.name for p in tmp_path.iterdir()] == [FIGURE]
    assert (tmp_path / FIGURE).read_bytes() == base64.b64decode(PNG)
    assert notebook_pages.png_size(base64.b64decode(PNG)) == (3, 2)


def test_a_notebook_page_is_cut_and_its_figures_written(tmp_path: Path) -> None:
    sheets = [
        (notebook_pages.JUPYTER_ASSETS / name).read_text(encoding="utf-8") for name in notebook_pages.JUPYTER_SHEETS
    ]
    page = tmp_path / "examples" / "why-scale" / "index.html"
    page.parent.mkdir(parents=True)
    (tmp_path / "stylesheets").mkdir()
    (tmp_path / "stylesheets" / "extra.css").write_text("article { color: var(--jp-ui-font-color1) }", encoding="utf-8")
    article = f'<article><div class="jupyter-wrapper"><div class="jp-Cell jp-CodeCell"><img alt="f" src="data:image/png;base64,{PNG}#only-light"></div></div></article>'
    page.write_text(
        f"<html><head><style>{sheets[0]}</style><style>{sheets[1]}</style></head><body>{article}</body></html>",
        encoding="utf-8",
    )
    lesson = tmp_path / "lessons" / "index.html"
    lesson.parent.mkdir()
    lesson.write_text(f"<html><body>{article}</body></html>", encoding="utf-8")

    notebook_pages.step(tmp_path, CONTEXT)

    html = page.read_text(encoding="utf-8")
    assert html.endswith(
        f'<article><div class="jupyter-wrapper"><div class="jp-Cell jp-CodeCell"><img alt="f" src="{FIGURE}#only-light" width="3" height="2" '
        'decoding="async"></div></div></article></body></html>'
    )
    assert (page.parent / FIGURE).read_bytes() == base64.b64decode(PNG)
    purged = html.split("</style>")
    assert '<style data-purged="index.css">' in purged[0] and '<style data-purged="theme-light.css">' in purged[1]
    # Kept: the rules of the classes the page uses, and the custom property the site's own sheet reads.
    assert ".jupyter-wrapper .jp-Cell{padding:" in purged[0] and "--jp-ui-font-color1:" in purged[1]
    # Cut: JupyterLab's rules for what a notebook page never shows (its toolbar, its file browser).
    assert ".jp-Toolbar" in sheets[0] and ".jp-Toolbar" not in purged[0]
    assert ".jp-FileBrowser" in sheets[0] and ".jp-FileBrowser" not in purged[0]
    assert len(purged[0]) < len(sheets[0]) / 10
    assert lesson.read_text(encoding="utf-8") == f"<html><body>{article}</body></html>"  # not a notebook's page


def test_the_sites_sheets_are_read_in_materials_names(tmp_path: Path) -> None:
    """What PurgeCSS is given of the site's own sheets is what the reader gets: the course's names turned into
    Material's (site_examples/material_adapter.py: material_css), as the stylesheets step serves them."""
    (tmp_path / "stylesheets").mkdir()
    (tmp_path / "stylesheets" / "notebooks.css").write_text(
        ":--theme-palette :--theme-content .jupyter-wrapper { --jp-cell-editor-background: var(--theme-code-background) }",
        encoding="utf-8",
    )
    context = Context(site_url="http://127.0.0.1:8000/", extra_css=("stylesheets/notebooks.css",))
    assert notebook_pages.site_styles(tmp_path, context) == [
        "[data-md-color-scheme] .md-typeset .jupyter-wrapper { --jp-cell-editor-background: var(--md-code-bg-color) }"
    ]
    (tmp_path / "stylesheets" / "notebooks.css").write_text("a { color: var(--theme-code-bg) }", encoding="utf-8")
    with pytest.raises(StepError, match=r"^notebook_pages step: stylesheets/notebooks\.css names --theme-code-bg, "):
        notebook_pages.site_styles(tmp_path, context)
