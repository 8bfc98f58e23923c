"""The notebooks' dark figures (site_examples/figure_schemes.py): recoloured for the dark page, the data kept."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import matplotlib
import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from PIL import Image

from site_examples.figure_schemes import AXES, DARK_PAGE, GRAPHICS_CONTRAST, TEXT, contrast, darken, twins

matplotlib.use("agg")


def _figure() -> tuple[Figure, np.ndarray]:
    figure = Figure(figsize=(6, 3), layout="constrained")
    line, heat = figure.subplots(1, 2)
    line.plot([1, 2, 3], [1, 4, 9], color="#0072B2", marker="s", label="scaled")
    line.axhline(2, color="grey", linestyle=":", label="uniform")
    line.grid(alpha=0.3)
    line.legend()
    line.set_title("a title")
    weights = np.linspace(0, 1, 16).reshape(4, 4)
    image = heat.imshow(weights, cmap="cividis")
    figure.colorbar(image, ax=heat, label="weight")
    return figure, weights


def test_the_dark_figure_has_light_text_and_readable_lines_and_keeps_the_heatmap() -> None:
    figure, weights = _figure()
    darken(figure)
    line, heat = figure.axes[:2]
    page = to_rgba(DARK_PAGE)
    assert to_rgba(line.title.get_color()) == to_rgba(TEXT["dark"])
    assert all(to_rgba(label.get_color()) == to_rgba(TEXT["dark"]) for label in line.get_xticklabels())
    assert to_rgba(line.spines["left"].get_edgecolor()) == to_rgba(AXES["dark"])
    data = line.get_lines()[0]
    assert contrast(to_rgba(data.get_color()), page) >= GRAPHICS_CONTRAST  # #0072B2 alone is 3.1:1
    assert contrast(to_rgba(data.get_markerfacecolor()), page) >= GRAPHICS_CONTRAST
    assert to_rgba(line.get_lines()[1].get_color()) == to_rgba("grey")  # a mid grey reads on both
    assert np.array_equal(heat.images[0].get_array(), weights) and heat.images[0].get_cmap().name == "cividis"
    assert to_rgba(line.get_legend().get_frame().get_facecolor())[:3] == page[:3]


def test_twins_leave_the_readers_figure_as_drawn_and_the_dark_one_transparent() -> None:
    figure, _ = _figure()
    light, dark = twins(figure)
    assert to_rgba(figure.axes[0].title.get_color()) == to_rgba("black")
    light_png = Image.open(io.BytesIO(base64.b64decode(light))).convert("RGBA")
    dark_png = Image.open(io.BytesIO(base64.b64decode(dark))).convert("RGBA")
    assert light_png.getpixel((1, 1)) == (255, 255, 255, 255)
    assert dark_png.getpixel((1, 1))[3] == 0  # the page shows through


def test_every_notebook_figure_comes_in_both_schemes_with_a_description(built_site: Path) -> None:
    notebooks = ("why-scale", "attention-in-a-real-model", "attention-inside-a-language-model")
    for page in (f"examples/{name}/index.html" for name in notebooks):
        html = (built_site / page).read_text(encoding="utf-8")
        images = re.findall(r"<img [^>]*>", html)
        assert images, page
        light = [img for img in images if '#only-light"' in img]
        dark = [img for img in images if '#only-dark"' in img]
        assert len(light) == len(dark) == len(images) // 2, page
        alts = [re.search(r'alt="([^"]*)"', img).group(1) for img in images]
        assert all(len(alt) > 40 and "No description" not in alt for alt in alts), page
