"""The built site: complete, strict, and self-contained (nothing from another host).

The build is ``properdocs build --strict`` (``tests/conftest.py``): a warning, a
broken link or a missing anchor fails it. Then: every page of the navigation
is built; no page or style sheet loads a font, script, style or image from
another host (the checker itself is shown a CDN), and every file a page loads
from the site is there; the math arrives typeset, with KaTeX's style sheet
and fonts self-hosted and no math script; the why-scale notebook was
executed (its table agrees with Var(q·k) = d_k, recomputed here); and every
page links the site's own style sheets as one file,
``stylesheets/site.<hash>.css``, which holds each of them whole, in
``extra_css``'s order, in Material's names (the sheets write the course's)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import yaml

from site_examples.material_adapter import SEARCH_TEXT, material_css

ROOT = Path(__file__).resolve().parents[2]

# Attributes through which a page makes the browser fetch something.
RESOURCE_ATTRS = {"src", "srcset", "poster", "data", "action", "formaction", "background"}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)""")


class _Resources(HTMLParser):
    """Collect every URL a page would load, and the links it only points to."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.links: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for name, value in values.items():
            if name == "srcset":  # "a.png 1x, b.png 2x"
                self.loads.extend(part.split()[0] for part in value.split(",") if part.strip())
            elif name in RESOURCE_ATTRS:
                self.loads.append(value)
            if name == "style":
                self.loads.extend(m.group(1) or m.group(2) for m in CSS_URL.finditer(value))
        if tag == "link" and "href" in values:
            self.loads.append(values["href"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])
        self._in_style = tag == "style"

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.loads.extend(m.group(1) or m.group(2) for m in CSS_URL.finditer(data))

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False


def _foreign(url: str, site_host: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "mailto", "javascript"):
        return False
    return bool(parts.netloc) and parts.netloc != site_host


def _nav_pages(nav) -> list[str]:
    pages = []
    for entry in nav:
        for value in entry.values() if isinstance(entry, dict) else [entry]:
            pages.extend(_nav_pages(value) if isinstance(value, list) else [value])
    return pages


def _page_dir(src: str) -> str:
    """Where MkDocs (directory URLs) writes the page built from ``src``."""
    stem = src.rsplit(".", 1)[0]
    return "" if stem == "index" else stem.removesuffix("/index") + "/"


def test_every_nav_page_is_built(built_site: Path) -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)  # ignores !ENV
    pages = _nav_pages(config["nav"])
    assert len(pages) >= 3
    for src in pages:
        html = built_site / _page_dir(src) / "index.html"
        assert html.is_file(), f"{src} was not built to {html}"


def test_no_resource_from_another_host(built_site: Path, site_host: str) -> None:
    """Pages and stylesheets load fonts, scripts, styles and images only from the site itself."""
    offenders = []
    for html in built_site.rglob("*.html"):
        parser = _Resources()
        parser.feed(html.read_text(encoding="utf-8"))
        offenders += [f"{html.relative_to(built_site)}: {url}" for url in parser.loads if _foreign(url, site_host)]
    for css in built_site.rglob("*.css"):
        for m in CSS_URL.finditer(css.read_text(encoding="utf-8")):
            url = m.group(1) or m.group(2)
            if _foreign(url, site_host):
                offenders.append(f"{css.relative_to(built_site)}: {url}")
    assert not offenders, "resources from another host:\n" + "\n".join(sorted(offenders))


def test_host_check_catches_a_cdn() -> None:
    """The checker itself: CDN scripts, fonts and CSS imports are caught; plain links are not."""
    parser = _Resources()
    parser.feed(
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">'
        '<script src="//cdn.jsdelivr.net/npm/mathjax@3"></script>'
        '<div style="background: url(https://example.org/a.png)"></div>'
        "<style>@import 'https://example.org/x.css';</style>"
        '<img srcset="/a.png 1x, https://example.org/b.png 2x">'
        '<a href="https://arxiv.org/abs/1706.03762">paper</a>'
        '<script src="../assets/javascripts/bundle.js"></script>'
    )
    foreign = [url for url in parser.loads if _foreign(url, "127.0.0.1:8000")]
    assert foreign == [
        "https://fonts.googleapis.com/css?family=Roboto",
        "//cdn.jsdelivr.net/npm/mathjax@3",
        "https://example.org/a.png",
        "https://example.org/x.css",
        "https://example.org/b.png",
    ]
    assert parser.links == ["https://arxiv.org/abs/1706.03762"]


def test_local_resources_exist(built_site: Path, site_host: str) -> None:
    """Every script, stylesheet and image a page loads from the site is in the build."""
    missing = []
    for html in built_site.rglob("*.html"):
        parser = _Resources()
        parser.feed(html.read_text(encoding="utf-8"))
        base = "http://" + site_host + "/" + html.parent.relative_to(built_site).as_posix() + "/"
        for url in parser.loads:
            if urlsplit(url).scheme in ("data", "blob"):
                continue
            parts = urlsplit(urljoin(base, url))
            if parts.scheme not in ("http", "https") or parts.netloc != site_host:
                continue
            path = built_site / parts.path.lstrip("/")
            if path.is_dir():
                path = path / "index.html"
            if not path.exists():
                missing.append(f"{html.relative_to(built_site)}: {url}")
    assert not missing, "missing files:\n" + "\n".join(missing)


def test_math_is_typeset_at_build_time_and_self_hosted(built_site: Path) -> None:
    """Every formula arrives typeset (KaTeX's HTML and MathML); the pages load its style sheet and fonts, no math script."""
    lesson = (built_site / "lessons/scaled-dot-product-attention/index.html").read_text(encoding="utf-8")
    assert lesson.count('class="katex"') >= 150
    assert lesson.count("<math") == lesson.count('class="katex"')
    assert r"\operatorname{softmax}" in lesson  # KaTeX keeps the TeX as the MathML's annotation
    css = built_site / "vendor/katex/katex.min.css"
    assert "vendor/katex/katex.min.css" in lesson and css.stat().st_size > 10_000
    fonts = {m.group(1) for m in re.finditer(r"url\((fonts/[^)]+\.woff2)\)", css.read_text(encoding="utf-8"))}
    assert len(fonts) >= 15
    assert all((css.parent / font).is_file() for font in fonts), "a font the style sheet names first is missing"
    for html in built_site.rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        assert "mathjax" not in text.lower(), html.relative_to(built_site)
        assert "katex.min.js" not in text and "katex.js" not in text, html.relative_to(built_site)


def test_output_blocks_are_labelled(built_site: Path) -> None:
    """The lesson's 19 blocks are each the runner's (overrides/hooks/runner.py marks them no-copy: the runner has its
    own Copy), served in the runner's box (postbuild/runner_slots.py): a toolbar, and the output block's text in a
    labelled panel. The toolbars' words stay out of the search's text (the step runs after the index is written)."""
    lesson = (built_site / "lessons/scaled-dot-product-attention/index.html").read_text(encoding="utf-8")
    assert lesson.count('class="language-python highlight no-copy"') == 19
    assert lesson.count('<div class="runner-toolbar"><span class="runner-name">Block ') == 19
    assert lesson.count('<div class="runner-output-label">Output (as checked by the course\'s tests)</div>') == 19
    assert lesson.count('class="runner-page"') == 1
    assert 'class="language-output highlight' not in lesson  # every output block went into its panel
    text = (built_site / SEARCH_TEXT).read_text(encoding="utf-8")
    assert "scaled_dot_product_attention" in text
    for words in ("Python starts when you point at", "sharing one Python session per page", "as checked by the course"):
        assert words in lesson and words not in text, words


def test_notebook_was_executed(built_site: Path) -> None:
    """The notebook page carries the outputs of a fresh run: its table and its figure."""
    page = (built_site / "examples/why-scale/index.html").read_text(encoding="utf-8")
    assert "Why scale by √d_k" in page
    table = re.search(r"<pre> +score variance +largest weight.*?</pre>", page, re.S)
    assert table, "the printed table is missing: the notebook did not run"
    rows = re.findall(r"^ *(\d+) +([\d.]+) +([\d.]+) ", table.group(0), re.M)
    assert [int(r[0]) for r in rows] == [2**i for i in range(1, 12)]
    # Independent of the notebook's code: Var(q·k) = d_k unscaled and 1 scaled, within sampling error.
    for d_k, unscaled, scaled in rows:
        assert abs(float(unscaled) / int(d_k) - 1) < 0.15
        assert abs(float(scaled) - 1) < 0.15
    assert len(re.findall(r'src="figure-[0-9a-f]{16}\.png#only-(?:light|dark)"', page)) == 2  # its figure, in both schemes
    assert (built_site / "examples/why-scale/why-scale.py").is_file()  # the source, for download


def test_every_page_links_the_sites_own_sheets_as_one_file_in_their_order(built_site: Path) -> None:
    """``postbuild/stylesheets.py``: one ``stylesheets/site.<hash>.css`` after Material's and KaTeX's sheets.

    The file holds each sheet of ``extra_css`` under ``stylesheets/`` whole, in that order (the cascade is
    unchanged), in Material's names (``site_examples/material_adapter.py:material_css``; no ``--theme-`` name
    is left), and the single sheets are neither linked nor published.
    """
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)  # ignores !ENV
    own = [sheet for sheet in config["extra_css"] if sheet.startswith("stylesheets/")]
    assert len(own) >= 8 and config["extra_css"][0] == "vendor/katex/katex.min.css"
    bundles = list((built_site / "stylesheets").glob("site.*.css"))
    assert len(bundles) == 1 and sorted(p.name for p in (built_site / "stylesheets").iterdir()) == [bundles[0].name]
    text = bundles[0].read_text(encoding="utf-8")
    positions = [
        text.index(material_css((ROOT / "docs" / sheet).read_text(encoding="utf-8"), sheet).strip()) for sheet in own
    ]
    assert positions == sorted(positions)
    assert "--theme-" not in text
    pages = [*built_site.rglob("index.html"), built_site / "404.html"]
    assert len(pages) >= 21
    for page in pages:
        html = page.read_text(encoding="utf-8")
        sheets = [m.group(1) for m in re.finditer(r'<link rel="stylesheet" href="([^"]+)"', html)]
        names = [urlsplit(sheet).path.rsplit("/", 2)[-2:] for sheet in sheets]
        assert names[-2:] == [["katex", "katex.min.css"], ["stylesheets", bundles[0].name]], (page, sheets)
        assert len(sheets) == 4, (page, sheets)  # Material's two, KaTeX's, the site's
