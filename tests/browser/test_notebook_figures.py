"""The notebooks' figures follow the colour scheme: on a dark page, a dark figure (as the lessons' figures do).

Each figure comes in a light and a dark version (``site_examples/figure_schemes.py``);
Material shows the one for the page's scheme. Checked as the reader sees it:
the figure's margin on screen (its background, whatever the plot holds) is
white on a light page and dark on a dark one.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageStat
from playwright.sync_api import expect

from tests.browser.test_accessibility import SCHEMES, expect_scheme, settled

NOTEBOOKS = {
    "examples/why-scale/": 1,
    "examples/attention-in-a-real-model/": 5,
    "examples/attention-inside-a-language-model/": 6,
}


def margin_brightness(picture: Image.Image, edge: int = 4) -> float:
    """Mean brightness (0 black, 1 white) of the picture's outer ``edge`` pixels on every side."""
    w, h = picture.size
    strips = [(0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)]
    return sum(ImageStat.Stat(picture.crop(box)).mean[0] for box in strips) / len(strips) / 255


@pytest.mark.parametrize("scheme", SCHEMES)
def test_notebook_figures_are_drawn_for_the_colour_scheme(open_page, site_url: str, scheme: str) -> None:
    page = open_page(color_scheme=scheme)
    twin, other = ("#only-dark", "#only-light") if scheme == "dark" else ("#only-light", "#only-dark")
    for path, figures in NOTEBOOKS.items():
        page.goto(site_url + path)
        settled(page, at_once=True)
        expect_scheme(page, scheme)
        shown = page.locator(f".jp-RenderedImage img[src$='{twin}']")
        expect(shown).to_have_count(figures)
        expect(page.locator(f".jp-RenderedImage img[src$='{other}']").first).to_be_hidden()
        for n in range(figures):
            figure = shown.nth(n)
            expect(figure).to_be_visible()
            where = f"{path} figure {n + 1}"
            figure.scroll_into_view_if_needed()  # past the first screen, a figure loads as the reader nears it
            figure.evaluate("(img) => img.decode()")  # rejects if it cannot load
            assert figure.evaluate("(img) => img.complete && img.naturalWidth > 0"), f"{where} did not load"
            brightness = margin_brightness(Image.open(io.BytesIO(figure.screenshot())).convert("L"))
            if scheme == "dark":
                assert brightness < 0.3, f"{where} has a bright background ({brightness:.2f}) on the dark page"
            else:
                assert brightness > 0.9, f"{where} has a dark background ({brightness:.2f}) on the light page"
