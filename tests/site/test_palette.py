"""Material's colour palette: every entry has the colours the page is built with.

mkdocs.yml's three palette entries (system preference, light, dark) name the
same primary and accent colours, so that Material's script, which applies
the reader's entry as a page loads, changes nothing the page was built with
(a change restyles the whole page)."""

from __future__ import annotations

import yaml

from tests.helpers import ROOT


def test_every_palette_entry_has_the_same_colours() -> None:
    # Material's script applies the reader's entry as the page loads; the page is built with the first
    # entry's colours, so an entry with other colours (the automatic one had none, so Material's
    # default indigo accent) would change the page's colours, and restyle all of it, as it loads.
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)  # !ENV tags as text
    palette = config["theme"]["palette"]
    assert len(palette) == 3
    assert {(entry["primary"], entry["accent"]) for entry in palette} == {("indigo", "deep orange")}
