"""The notebook "Attention inside a real model" ran during the build and printed sensible results.

The built page holds a fresh run of all-MiniLM-L6-v2: the notebook's own
check against the stored PyTorch reference printed differences below 1e-4,
its five figures are there in both schemes, described, and the numbers it
printed back the patterns its prose names (a previous-token head, a [CLS]
sink, a head that finds the noun "it" refers to)."""

from __future__ import annotations

import html
import re
from pathlib import Path


def _page(built_site: Path) -> str:
    return html.unescape((built_site / "examples/attention-in-a-real-model/index.html").read_text(encoding="utf-8"))


def test_notebook_ran_the_model(built_site: Path) -> None:
    page = _page(built_site)
    assert "Attention inside a real model" in page
    assert "BertModel(n_layers=6, n_heads=12, d_model=384" in page
    # its own check against the stored PyTorch reference
    weight = re.search(r"largest difference in an attention weight: +([0-9.e+-]+)", page)
    embedding = re.search(r"largest difference in a sentence-embedding value: +([0-9.e+-]+)", page)
    assert weight and embedding, "the reference check did not print: the notebook did not run"
    assert float(weight.group(1)) < 1e-4 and float(embedding.group(1)) < 1e-4
    # Each of its 5 figures twice, for the light and the dark scheme, described (site_examples/figure_schemes.py).
    assert len(re.findall(r'src="figure-[0-9a-f]{16}\.png#only-(?:light|dark)"', page)) == 10
    # and the picture it opens with (every page's first screen shows one: tests/browser/test_first_screen.py)
    assert page.count('images/diagrams/multi-head-light.svg#only-light"') == 1
    assert page.count('#only-light"') == page.count('#only-dark"') == 5 + 1
    assert "No description has been provided" not in page
    assert (built_site / "examples/attention-in-a-real-model/attention-in-a-real-model.py").is_file()


def test_notebook_found_the_patterns_it_describes(built_site: Path) -> None:
    """The prose names a previous-token head, a [CLS] sink and an "it" head: the printed numbers must back it."""
    page = _page(built_site)
    previous = re.search(r"previous token +strongest head: layer \d+, head \d+: ([0-9.]+)", page)
    sink = re.search(
        r"\[CLS\] +strongest head: layer \d+, head \d+: ([0-9.]+) +\(mean over all heads ([0-9.]+)\)", page
    )
    assert previous and float(previous.group(1)) > 0.9
    assert sink and float(sink.group(2)) > 0.3  # a sink for the average head, not just one
    hits = re.search(r"the noun is the top token in (\d+) of (\d+)", page)
    assert hits and int(hits.group(1)) >= int(hits.group(2)) * 3 // 4
