"""Post-build step: a notebook's page as light to load as a lesson's.

mkdocs-jupyter renders each notebook of ``site_examples/`` into a page that
carries, inline, JupyterLab's whole style sheet and its theme (of which a
notebook's page uses a small fraction), and every figure as base64 PNG data in
its ``<img>``, in both colour schemes (the sizes were measured in ed5a0cb). On
such a page the browser parses all of it, matches every element against all of
it, and decodes every figure, the hidden scheme's too, before the reader sees
anything. On each notebook page (an HTML file under one of ``Context.notebook_folders``)
this step:

- keeps of JupyterLab's style sheet and its theme only the rules, keyframes and
  custom properties that the page uses, found by PurgeCSS (npm, run by Node
  from the checkout). Whether a custom property is used is read from every
  style the page has: the other styles mkdocs-jupyter inlines (the code's
  colours) and the site's own style sheets (``Context.extra_css``, as built,
  in Material's names: ``site_examples/material_adapter.py:material_css``, as the
  stylesheets step serves them);
- writes each PNG figure to a file beside the page, named by its content
  (``figure-`` and 16 hex digits of its sha256), its ``#only-light`` or
  ``#only-dark`` kept; gives it its ``width`` and ``height`` (the space is kept
  before it loads: no layout shift) and ``decoding="async"``; past the first
  screen, ``loading="lazy"``: the browser fetches it as the reader nears it,
  and never the other scheme's, which is not shown.

The service worker's precache lists the figures' files as it listed the
pages that held them.

The work is in plain functions (:func:`purge_styles`, :func:`figures_to_files`);
:func:`step` calls them on each notebook page.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import struct
import subprocess
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

from postbuild.shared import ROOT, StepError, node_with, read_text, within_first_screen, write_text
from site_examples.material_adapter import material_css

if TYPE_CHECKING:
    from postbuild import Context


def _jupyter_assets() -> Path:
    # The package's folder, found without importing it (its plugin imports MkDocs).
    spec = find_spec("mkdocs_jupyter")
    assert spec is not None and spec.submodule_search_locations, "mkdocs-jupyter is not installed"
    return Path(next(iter(spec.submodule_search_locations))) / "templates" / "mkdocs_html" / "assets"


# The style sheets mkdocs-jupyter's page template inlines whole (its notebook_css block, light theme).
JUPYTER_ASSETS = _jupyter_assets()
JUPYTER_SHEETS = ("index.css", "theme-light.css")

# Node reads {"html", "purge": [css…], "context": [css…]} on stdin, prints the purged "purge" sheets as
# a JSON list. The "context" sheets take part so that the custom properties they use are kept, and
# are thrown away; they come first, since PurgeCSS drops the unused properties sheet by sheet as it
# goes. The HTML is given without its styles: their selectors would keep every rule.
_PURGE = """
const { PurgeCSS } = require("purgecss");
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", async () => {
  try {
    const { html, purge, context } = JSON.parse(input);
    const results = await new PurgeCSS().purge({
      content: [{ raw: html, extension: "html" }],
      css: [...context, ...purge].map((raw) => ({ raw })),
      variables: true, keyframes: true, fontFace: true,
    });
    process.stdout.write(JSON.stringify(results.slice(context.length).map((result) => result.css)));
  } catch (error) {
    process.stderr.write(String((error && error.stack) || error));
    process.exit(1);
  }
});
"""

_STYLE = re.compile(r"<style\b[^>]*>(.*?)</style>", re.S)
_PNG_SRC = re.compile(r'\bsrc="data:image/png;base64,([A-Za-z0-9+/=\s]+)(#[A-Za-z0-9_-]+)?"')
_IMG = re.compile(r"<img\b[^>]*>")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _purgecss(html: str, purge: list[str], context: list[str]) -> list[str]:
    result = subprocess.run(
        [node_with("purgecss", "notebook_pages step"), "-e", _PURGE],
        cwd=ROOT,  # require("purgecss") from the checkout's node_modules
        input=json.dumps({"html": html, "purge": purge, "context": context}),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    if result.returncode != 0:
        raise StepError(f"notebook_pages step: PurgeCSS failed:\n{result.stderr}")
    return json.loads(result.stdout)


def purge_styles(output: str, sheets: dict[str, str], context: list[str], where: str = "page") -> str:
    """``output`` with each of ``sheets`` (name: text), the whole text of one of its ``<style>``, cut to the
    rules its HTML uses; that ``<style>`` is then marked ``data-purged="NAME"``.

    ``context`` is the text of the page's other style sheets: the custom properties they use are kept.

    Raises:
        StepError: a sheet is not inline in ``output`` (mkdocs-jupyter changed how it writes a page).
    """
    styles = list(_STYLE.finditer(output))
    blocks = {}
    for name, sheet in sheets.items():
        block = next((m for m in styles if m.group(1).strip() == sheet.strip()), None)
        if block is None:
            raise StepError(
                f"notebook_pages step: {where} does not inline {name} of {JUPYTER_ASSETS} whole, "
                "as mkdocs-jupyter's page template did when this hook was written"
            )
        blocks[name] = block
    inline = [m.group(1) for m in styles if m not in blocks.values()]
    purged = _purgecss(_STYLE.sub("", output), [m.group(1) for m in blocks.values()], [*inline, *context])
    for (name, block), css in sorted(zip(blocks.items(), purged, strict=True), key=lambda item: -item[0][1].start()):
        output = output[: block.start()] + f'<style data-purged="{name}">\n{css}\n</style>' + output[block.end() :]
    return output


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG image, from its header.

    >>> png_size(PNG_SIGNATURE + struct.pack(">I4sII", 13, b"IHDR", 640, 480) + bytes(5))
    (640, 480)
    """
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    return struct.unpack(">II", data[16:24])


def figures_to_files(output: str, folder: Path, where: str = "page") -> str:
    """``output`` with each inline PNG figure written to a file in ``folder`` and shown from there.

    Raises:
        StepError: an inline PNG figure's data is not a PNG image.
    """
    tags = list(_IMG.finditer(output))
    shown = within_first_screen(output, [tag.start() for tag in tags])
    pieces, position = [], 0
    for tag, first_screen in zip(tags, shown, strict=True):
        source = _PNG_SRC.search(tag.group(0))
        if source is None:
            continue
        try:
            data = base64.b64decode("".join(source.group(1).split()), validate=True)
            width, height = png_size(data)
        except (binascii.Error, ValueError) as error:
            raise StepError(f"notebook_pages step: a figure of {where} is not a PNG image ({error})") from error
        name = f"figure-{hashlib.sha256(data).hexdigest()[:16]}.png"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
        img = tag.group(0)
        attributes = f'src="{name}{source.group(2) or ""}"'
        if not re.search(r"\bwidth=", img) and not re.search(r"\bheight=", img):
            attributes += f' width="{width}" height="{height}"'
        attributes += ' decoding="async"' + ("" if first_screen else ' loading="lazy"')
        img = img[: source.start()] + attributes + img[source.end() :]
        pieces += [output[position : tag.start()], img]
        position = tag.end()
    return "".join(pieces) + output[position:]


def notebook_pages(site: Path, context: Context) -> list[Path]:
    """The notebooks' pages of the built ``site``: its HTML files under ``context.notebook_folders``."""
    return sorted(page for folder in context.notebook_folders for page in (site / folder).rglob("*.html"))


def site_styles(site: Path, context: Context) -> list[str]:
    """The text of the site's own style sheets (``context.extra_css``, as the built ``site`` holds them), each in
    Material's names, as the reader gets them (the stylesheets step, after this one, serves them so).

    Raises:
        StepError: a sheet names a ``--theme-…`` name the theme adapter does not define.
    """
    styles = []
    for sheet in context.extra_css:
        if (site / sheet).is_file():
            try:
                styles.append(material_css((site / sheet).read_text(encoding="utf-8"), sheet))
            except ValueError as error:
                raise StepError(f"notebook_pages step: {error}") from None
    return styles


def step(site: Path, context: Context) -> None:
    """Cut the styles of each notebook page of ``site`` (:func:`purge_styles`) and move its figures to files."""
    sheets = {name: (JUPYTER_ASSETS / name).read_text(encoding="utf-8") for name in JUPYTER_SHEETS}
    styles = site_styles(site, context)
    for page in notebook_pages(site, context):
        where = page.relative_to(site).as_posix()
        output = purge_styles(read_text(page), sheets, styles, where)
        write_text(page, figures_to_files(output, page.parent, where))
