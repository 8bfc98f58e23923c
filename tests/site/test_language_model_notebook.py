"""The notebook "Attention inside a language model" ran during the build, and what it printed holds.

The numbers it prints are recomputed here another way: from ``LlamaModel.forward``
(the notebook runs the layers one by one to keep their inputs) with plain loops
over the returned weights, and the KV cache's size by hand.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import numpy as np
import pytest

from attention.models import LlamaModel, MissingWeightsError, load_smollm2

PAGE = "examples/attention-inside-a-language-model/index.html"
FIGURES = 6


def _page(built_site: Path) -> str:
    return html.unescape((built_site / PAGE).read_text(encoding="utf-8"))


def _found(pattern: str, page: str) -> re.Match[str]:
    match = re.search(pattern, page)
    assert match, f"the page does not print {pattern!r}: the notebook did not run as expected"
    return match


@pytest.fixture(scope="module")
def model() -> LlamaModel:
    try:
        return load_smollm2()
    except MissingWeightsError as error:
        pytest.fail(f"this test needs the model's weights. {error}", pytrace=False)


@pytest.fixture(scope="module")
def repeated(built_site: Path, model: LlamaModel) -> tuple[int, list[np.ndarray]]:
    """The notebook's random sequences, drawn again from the seed it prints, through ``model.forward``."""
    printed = _found(r"random sequences: seed (\d+), (\d+) sequences of (\d+) tokens", _page(built_site))
    seed, count, half = (int(g) for g in printed.groups())
    special = {model.tokenizer.encode(token)[0] for token in model.tokenizer.special}
    ordinary = np.array(sorted(set(range(model.config.vocab_size)) - special))
    rng = np.random.default_rng(seed)
    sequences = [np.tile(rng.choice(ordinary, size=half), 2) for _ in range(count)]
    return half, [model.forward(ids).attentions for ids in sequences]


def test_the_page_has_its_figures_and_references_and_says_what_model_it_is(built_site: Path) -> None:
    page = _page(built_site)
    assert "Attention inside a language model" in page
    assert "LlamaModel(n_layers=30, d_model=576, n_heads=9, n_kv_heads=3" in page
    assert "quantized to 4 bits" in page and "instruct" in page
    # Each figure twice, for the light and the dark scheme, each described (site_examples/figure_schemes.py).
    assert len(re.findall(r'src="figure-[0-9a-f]{16}\.png#only-(?:light|dark)"', page)) == 2 * FIGURES
    # and the picture it opens with (every page's first screen shows one: tests/browser/test_first_screen.py)
    assert page.count('images/diagrams/transformer-block-light.svg#only-light"') == 1
    assert page.count('#only-light"') == page.count('#only-dark"') == FIGURES + 1
    images = [img for img in re.findall(r"<img [^>]*>", page) if 'src="figure-' in img]
    alts = [re.search(r'alt="([^"]*)"', img).group(1) for img in images]
    assert len(alts) == 2 * FIGURES and all(len(alt) > 80 for alt in alts)
    assert "No description has been provided" not in page
    references = " ".join(page[page.index('id="references"') :].split())
    papers = ("2209.11895", "2309.17453", "2104.09864", "2305.13245", "A Mathematical Framework for Transformer")
    for paper in papers:
        assert paper in references, paper
    assert 'class="katex' in page and "\\[" not in page  # its formulas typeset at build time
    assert (built_site / "examples/attention-inside-a-language-model/attention-inside-a-language-model.py").is_file()


def test_the_printed_induction_head_is_the_one_a_loop_over_the_weights_finds(built_site: Path, repeated) -> None:
    """Prefix matching: the weight a second-copy query at T + i puts on position i + 1, by loops."""
    page = _page(built_site)
    layer, head, printed = _found(r"strongest prefix-matching head: layer (\d+), head (\d+): ([0-9.]+)", page).groups()
    half, attentions = repeated
    n_layers, n_heads = attentions[0].shape[:2]
    score = np.zeros((n_layers, n_heads))
    for weights in attentions:
        for l in range(n_layers):
            for h in range(n_heads):
                total = 0.0
                for i in range(half):
                    total += float(weights[l, h, half + i, i + 1])
                score[l, h] += total / half / len(attentions)
    best = np.unravel_index(score.argmax(), score.shape)
    assert (int(best[0]), int(best[1])) == (int(layer), int(head))
    assert score[best] == pytest.approx(float(printed), abs=1e-3)
    assert score[best] > 0.5  # an induction head, not the best of nothing
    assert np.median(score) < 0.05  # and most heads are not


def test_the_first_token_is_a_sink_as_printed(built_site: Path, repeated) -> None:
    page = _page(built_site)
    half, attentions = repeated
    n_layers, n_heads, n, _ = attentions[0].shape
    rows = re.findall(r"^ +(\d+) +([0-9.]+) +([0-9.]+)$", page[page.rindex("layer  texts  random first token") :], re.M)
    printed = {int(layer): float(random) for layer, _, random in rows[:n_layers]}
    assert sorted(printed) == list(range(n_layers))
    for layer in range(n_layers):
        weights = [w[layer, h, i, 0] for w in attentions for h in range(n_heads) for i in range(4, n)]
        assert sum(weights) / len(weights) == pytest.approx(printed[layer], abs=0.006), layer
    # the position, not the token: the first token's id again at position `half` gets next to nothing
    printed = _found(r"weight on position 0 ([0-9.]+), on the same token at position \d+ ([0-9.]+)", page)
    start, repeat = (float(g) for g in printed.groups())
    later = range(half + 4, n - 1)
    assert np.mean([w[:, :, i, 0] for w in attentions for i in later]) == pytest.approx(start, abs=1e-3)
    assert np.mean([w[:, :, i, half] for w in attentions for i in later]) == pytest.approx(repeat, abs=1e-3)
    assert start > 0.3 > 0.02 > repeat


def test_the_kv_cache_table_is_the_hand_worked_size(built_site: Path) -> None:
    page = _page(built_site)
    # 2 (keys and values) x 30 layers x kv heads x d_k 64 x 2,048 tokens x bytes, in MiB
    gqa = 2 * 30 * 3 * 64 * 2048 * 4 / 2**20
    mha = 2 * 30 * 9 * 64 * 2048 * 4 / 2**20
    assert (gqa, mha) == (90.0, 270.0)
    row = r"{} \({} kv heads\) +([0-9.]+) MiB +([0-9.]+) MiB"
    f32, f16 = (float(g) for g in _found(row.format("grouped-query", 3), page).groups())
    assert (f32, f16) == (gqa, gqa / 2)
    f32, f16 = (float(g) for g in _found(row.format("multi-head", 9), page).groups())
    assert (f32, f16) == (mha, mha / 2)
