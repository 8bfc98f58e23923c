"""The lesson "Attention in today's models": its figures, its StreamingLLM sentences and table, and the built page.

The four figures plot what the lesson computes or the committed run holds:
the sliding-window panels are checked cell by cell against the rule
i - W < j <= i and against a reach of 2(W - 1) for two layers, worked out
with loops; the StreamingLLM figure's curves are the committed losses, read
here from the JSON; the cache bars are DeepSeek-V2's sizes multiplied out by
hand; the lookup curves are the numbers the lesson prints. The parts the hook
writes (``site_examples.generate.streaming_llm.page_part``) are checked
against the committed losses, recomputed here with plain Python sums; an
unknown part, an unknown directive and data of another text fail. The built
page shows every part, both versions of each figure, and the button's
element with the story's first token ids. The button itself is
``tests/browser/test_streaming_button.py``'s.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from properdocs.exceptions import PluginError

from site_examples.generate import figures
from site_examples.generate import streaming_llm as script
from tests.helpers import load_hook

ROOT = Path(__file__).resolve().parents[2]
PAGE = "lessons/attention-in-todays-models.md"
DATA = json.loads((ROOT / "docs" / "data" / "streaming-llm.json").read_text(encoding="utf-8"))
BY_NAME = {figure.name: figure for figure in figures.FIGURES}
NAMES = ("sliding-window", "streaming-llm", "latent-cache", "linear-lookup")
hook = load_hook("streaming_llm")


@pytest.fixture(scope="module")
def data() -> dict[str, dict]:
    namespace = figures.page_namespace(PAGE)
    return {name: BY_NAME[name].data(namespace) for name in NAMES}


def test_the_window_panels_obey_the_band_and_two_layers_reach_twice_as_far(data) -> None:
    (_, tokens, causal), (_, _, band), (_, _, two) = data["sliding-window"]["panels"]
    n, w = len(tokens), 3
    for i in range(n):
        for j in range(n):
            assert (causal[i][j] > 0) == (j <= i)
            assert (band[i][j] > 0) == (i - w < j <= i)
            assert (two[i][j] > 0) == (i - 2 * (w - 1) <= j <= i)
            if i - w < j <= i:  # every score equal: each key in the band gets one over the keys seen
                assert band[i][j] == pytest.approx(1 / min(i + 1, w))


def test_the_streaming_figure_is_the_committed_run(data) -> None:
    plotted = data["streaming-llm"]
    window = min(DATA["settings"]["windows"])
    assert plotted["window"] == window == 64
    rows = {(p["policy"], p["window"]) for p in DATA["policies"]}
    assert rows >= {("dense", None), ("window", window), ("sinks", window)}
    committed = [p["nll"] for p in DATA["policies"] if p["window"] in (None, window)]
    assert [list(curve) for curve in plotted["losses"].values()] == committed
    assert list(plotted["share"]) == DATA["first_token_share"]["per_layer"]


def test_the_cache_bars_are_deepseek_v2s_sizes_by_hand(data) -> None:
    layers, heads, width, latent, rope, groups, b = 60, 128, 128, 512, 64, 8, 2
    expected = [
        2 * heads * width * layers * b / 1024,
        2 * groups * width * layers * b / 1024,
        2 * width * layers * b / 1024,
        (latent + rope) * layers * b / 1024,
    ]
    assert list(data["latent-cache"]["bars"].values()) == pytest.approx(expected)


def test_the_lookup_curves_are_what_the_lesson_prints(data) -> None:
    text = (ROOT / "docs" / PAGE).read_text(encoding="utf-8")
    block = re.search(r"```output\n   n  softmax  linear  uniform 1/n\n(.*?)```", text, re.DOTALL)
    assert block, "the lesson no longer prints the lookup table"
    printed = [[float(x) for x in line.split()] for line in block[1].strip().splitlines()]
    plotted = data["linear-lookup"]
    assert [row[0] for row in printed] == list(plotted["n"])
    assert [row[1] for row in printed] == pytest.approx(list(plotted["series"]["softmax attention"]), abs=5e-4)
    assert [row[2] for row in printed] == pytest.approx(list(plotted["series"]["linear attention"]), abs=5e-4)
    # What the lesson says of it: softmax keeps the match sharp, linear attention falls toward 1/n.
    assert all(s > 0.5 > lin for _, s, lin, _ in printed[2:])


def _tail_gap(policy: str, window: int) -> float:
    (dense,) = [p["nll"] for p in DATA["policies"] if p["policy"] == "dense"]
    (row,) = [p["nll"] for p in DATA["policies"] if p["policy"] == policy and p["window"] == window]
    return sum(row[window:]) / len(row[window:]) - sum(dense[window:]) / len(dense[window:])


def test_the_parts_are_the_committed_data() -> None:
    windows = DATA["settings"]["windows"]
    finding = script.page_part("finding", DATA)
    for policy in ("window", "sinks"):
        gaps = [_tail_gap(policy, w) for w in windows]
        assert f"{min(gaps):.2f} to {max(gaps):.2f}" in finding
    assert max(_tail_gap("sinks", w) for w in windows) < min(_tail_gap("window", w) for w in windows) / 2
    assert finding.endswith("close to the full cache.")
    setup = script.page_part("setup", DATA)
    assert f"{DATA['text']['tokens']:,} tokens" in setup and f"took {DATA['run']['seconds']:.0f} s" in setup
    assert DATA["command"] in setup
    share = DATA["first_token_share"]["per_layer"]
    sinks = script.page_part("sinks", DATA)
    assert f"the heads of {sum(1 for s in share if s > 0.3)} of its {len(share)} layers" in sinks
    assert f"up to {max(share):.0%} in layer {share.index(max(share)) + 1}" in sinks
    table = script.page_part("table", DATA)
    assert table.count("\n| ") == 1 + 3 * len(windows) and "generated by" not in table
    button = script.page_part("button", DATA)
    ids = re.search(r'data-ids="([0-9,]+)"', button)
    assert ids and [int(i) for i in ids[1].split(",")] == DATA["ids"][:512]
    with pytest.raises(ValueError, match="unknown part 'chart'"):
        script.page_part("chart", DATA)


def test_the_hook_refuses_unknown_parts_and_another_texts_data(tmp_path: Path) -> None:
    page = SimpleNamespace(file=SimpleNamespace(src_uri="lessons/x.md"))
    assert hook.on_page_markdown("# A page\n", page=page, config=None, files=None) == "# A page\n"
    with pytest.raises(PluginError, match="lessons/x.md: unknown part 'chart'"):
        hook.on_page_markdown("<!-- streaming-llm: chart -->\n", page=page, config=None, files=None)
    other = tmp_path / "streaming-llm.json"
    other.write_text(json.dumps({**DATA, "text": {**DATA["text"], "sha256": "0" * 64}}), encoding="utf-8")
    with pytest.raises(ValueError, match="another text"):
        script.load(other)


def test_the_built_page_shows_every_part(built_site: Path) -> None:
    html = (built_site / "lessons" / "attention-in-todays-models" / "index.html").read_text(encoding="utf-8")
    assert "streaming-llm:" not in html  # every directive replaced
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert f"took {DATA['run']['seconds']:.0f} s on this machine" in text
    assert "As in the paper, the window alone falls apart" in text
    for window in DATA["settings"]["windows"]:
        assert len(re.findall(rf"<td[^>]*>{window}</td>", html)) == 3, window
    for name in NAMES:
        for scheme in ("light", "dark"):
            assert f"images/generated/{name}-{scheme}.svg#only-{scheme}" in html, (name, scheme)
    element = re.search(r'<div class="streaming" data-streaming data-ids="([0-9,]+)" data-sinks="4">', html)
    assert element and element[1].split(",")[:3] == [str(i) for i in DATA["ids"][:3]]
    nav = (built_site / "lessons" / "attention-at-scale" / "index.html").read_text(encoding="utf-8")
    assert 'href="../attention-in-todays-models/"' in nav  # linked from the lesson before it
