"""The notebooks' figures, drawn for both of the site's colour schemes.

A notebook in this folder ends a figure with ``show(fig, "what it shows")``
instead of ``plt.show()`` (it imports this module from beside itself: a
notebook runs in its own folder). The cell's output is the figure as Jupyter
always shows it, a PNG, and carries two more things in the output's metadata:
the same figure redrawn for a dark background, and the description. The
site's notebook template (``overrides/notebook.html``) turns them into a light
and a dark image, of which Material shows the one for the reader's scheme
(``#only-light``, ``#only-dark``: as the lessons' figures from
``site_examples/generate/figures.py``), each with the description as its
alternative text. Jupyter ignores the metadata and shows the light figure.

The dark twin is the same figure, recoloured: a transparent background; text,
spines and ticks in the light colours of the lessons' dark figures; a colour of
the data kept unless it reads at less than 4.5:1 on the dark page, then lightened
until it does. Heatmaps and their colour bars keep their colours (cividis
reads on both backgrounds).
"""

from __future__ import annotations

import base64
import io
import pickle
from collections.abc import Iterator

import matplotlib.pyplot as plt
from matplotlib.artist import Artist
from matplotlib.collections import Collection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.text import Text

# Text, and spines and ticks, per scheme: the lessons' figures use the same.
TEXT = {"light": "#1f2328", "dark": "#e6e8eb"}
AXES = {"light": "#57606a", "dark": "#9ba3ad"}
# Material's slate page, behind a dark figure.
DARK_PAGE = "#1e2129"
# A line or marker reads on the dark page as well as text does (4.5:1; WCAG asks 3:1 of graphics).
GRAPHICS_CONTRAST = 4.5


def _luminance(colour: tuple[float, ...]) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG contrast ratio of two colours (RGB or RGBA tuples in 0..1; alpha is ignored)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _is_grey(rgba: tuple[float, ...]) -> bool:
    return max(rgba[:3]) - min(rgba[:3]) < 0.06


def dark_colour(colour: object, *, grey_to: str) -> object:
    """The colour to draw with on the dark page instead of ``colour`` (light-scheme drawing).

    Dark greys and black (text, spines) become ``grey_to``; light greys (grid lines) and
    transparent colours stay; any other colour is kept, or lightened towards white until it
    reaches :data:`GRAPHICS_CONTRAST` against the page.
    """
    if isinstance(colour, str) and colour.lower() in ("none", "auto", "face", "inherit"):
        return colour
    rgba = to_rgba(colour)
    if rgba[3] == 0:
        return colour
    page = to_rgba(DARK_PAGE)
    if _is_grey(rgba):
        return to_rgba(grey_to, rgba[3]) if _luminance(rgba) < 0.2 else colour
    lighter = rgba
    for step in range(1, 11):
        if contrast(lighter, page) >= GRAPHICS_CONTRAST:
            break
        mix = step / 10
        lighter = (*(c + (1 - c) * mix for c in rgba[:3]), rgba[3])
    return lighter


def _artists(figure: Figure) -> Iterator[Artist]:
    yield from figure.findobj(lambda artist: artist is not figure)


def darken(figure: Figure) -> None:
    """Recolour ``figure``, drawn for a white page, in place for Material's dark (slate) page."""
    legends = []
    for artist in _artists(figure):
        if isinstance(artist, Legend):
            legends.append(artist)
        elif isinstance(artist, Text):
            artist.set_color(dark_colour(artist.get_color(), grey_to=TEXT["dark"]))
        elif isinstance(artist, Line2D):
            artist.set_color(dark_colour(artist.get_color(), grey_to=AXES["dark"]))
            artist.set_markerfacecolor(dark_colour(artist.get_markerfacecolor(), grey_to=AXES["dark"]))
            artist.set_markeredgecolor(dark_colour(artist.get_markeredgecolor(), grey_to=AXES["dark"]))
        elif isinstance(artist, Patch):  # spines, bars; the figure's and axes' white goes when saved
            artist.set_edgecolor(dark_colour(artist.get_edgecolor(), grey_to=AXES["dark"]))
            artist.set_facecolor(dark_colour(artist.get_facecolor(), grey_to=AXES["dark"]))
        elif isinstance(artist, Collection) and artist.get_array() is None:  # not a colour-mapped mesh
            artist.set_edgecolor([dark_colour(c, grey_to=AXES["dark"]) for c in artist.get_edgecolor()])
            artist.set_facecolor([dark_colour(c, grey_to=AXES["dark"]) for c in artist.get_facecolor()])
    for legend in legends:  # a box of the page's colour (as translucent as it was on white)
        legend.get_frame().set_facecolor(DARK_PAGE)
        legend.get_frame().set_edgecolor(AXES["dark"])


def png(figure: Figure, *, transparent: bool = False) -> str:
    """The figure as Jupyter's inline backend draws it (a tight PNG), base64-encoded."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight", transparent=transparent)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def twins(figure: Figure) -> tuple[str, str]:
    """The figure as drawn (light) and recoloured for the dark page, both as base64 PNGs."""
    light = png(figure)
    copy = pickle.loads(pickle.dumps(figure))  # the reader's figure stays as they drew it
    try:
        darken(copy)
        dark = png(copy, transparent=True)
    finally:
        plt.close(copy)
    return light, dark


def show(figure: Figure, description: str) -> None:
    """Show ``figure`` (instead of ``plt.show()``): in Jupyter as usual; on the site in both schemes."""
    from IPython.display import display

    light, dark = twins(figure)
    plt.close(figure)  # shown here, not again when the cell ends
    display(
        {"image/png": light, "text/plain": description},
        metadata={"image/png": {"dark": dark, "alt": description}},
        raw=True,
    )
