"""The lesson "Learning to attend" shows its committed run and timings as the data says
(overrides/hooks/training.py), and its figures plot that run."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import numpy as np
import pytest
from properdocs.exceptions import PluginError

from site_examples.generate import figures
from tests.helpers import ROOT, load_hook

hook = load_hook("training")
PAGE = "lessons/learning-to-attend.md"
RUN = json.loads((ROOT / "docs" / "data" / "training-run.json").read_text(encoding="utf-8"))
SPEED = json.loads((ROOT / "docs" / "data" / "training-speed.json").read_text(encoding="utf-8"))


def _render(markdown: str) -> str:
    config = SimpleNamespace(config_file_path=str(ROOT / "mkdocs.yml"))
    return hook.on_page_markdown(markdown, SimpleNamespace(file=SimpleNamespace(src_uri=PAGE)), config, None)


def test_the_lesson_asks_for_every_piece() -> None:
    text = (ROOT / "docs" / PAGE).read_text(encoding="utf-8")
    for name in ("run", "seeds", "speed"):
        assert f"<!-- training: {name} -->" in text
    assert '<div class="training" data-train markdown="0">' in text


def test_the_run_paragraph_says_what_the_data_says() -> None:
    text = _render("<!-- training: run -->")
    last = RUN["probes"][-1]
    # The heads named, found here by hand from the last probe.
    induction = max(range(4), key=lambda h: last["induction"][1][h])
    previous = max(range(4), key=lambda h: last["previous_token"][0][h])
    threshold = RUN["induction_threshold"]
    assert f"at step {RUN['appearance_step']:,} a layer-2 head's induction score first reaches {threshold}" in text
    assert f"below half of that at step {RUN['loss_drop_step']:,}" in text
    assert f"Layer 2, head {induction} ends with an induction score of {last['induction'][1][induction]:.2f}" in text
    assert f"layer 1, head {previous} with a previous-token score of {last['previous_token'][0][previous]:.2f}" in text
    assert f"it is {last['repeated_half']:.3f}" in text
    assert "<!--" not in text


def test_the_seed_table_has_a_row_per_seed() -> None:
    text = _render("<!-- training: seeds -->")
    rows = [line for line in text.splitlines() if re.match(r"^\| \d+ \(\d+\) \|", line)]
    assert len(rows) == len(RUN["seeds"])
    formed = [s for s in RUN["seeds"] if s["appearance_step"] is not None]
    assert f"for {len(formed)} of the {len(RUN['seeds'])} seeds" in text
    never = [s for s in RUN["seeds"] if s["appearance_step"] is None]
    for seed in never:
        assert f"| {seed['seed']} ({seed['data_seed']}) | none |" in text


def test_the_speed_sentence_is_the_measurement() -> None:
    text = _render("<!-- training: speed -->")
    assert f"{SPEED['seconds_per_step']['median'] * 1e3:.1f} ms a step" in text
    browser = SPEED.get("browser")
    if browser:
        assert f"{browser['seconds_full_run']:.0f} s for the same run" in text
        assert f"Pyodide {browser['pyodide']}" in text
    else:
        assert "not yet measured in the browser" in text
    without = hook.render_speed({**SPEED, "browser": None})
    assert without.endswith("not yet measured in the browser.")


def test_an_unknown_directive_fails_the_build() -> None:
    with pytest.raises(PluginError, match="unknown training directive 'loss'"):
        _render("<!-- training: loss -->")


def test_the_figures_plot_the_committed_run() -> None:
    namespace = figures.page_namespace(PAGE)
    by_name = {f.name: f for f in figures.FIGURES}
    curves = by_name["training-curves"].data(namespace)
    assert curves["appearance_step"] == RUN["appearance_step"]
    np.testing.assert_array_equal(curves["steps"], [p["step"] for p in RUN["probes"]])
    repeat = curves["losses"]["in the repeat"]
    assert repeat[0] > 3.0 and repeat[-1] < 0.05  # the drop the lesson describes
    first = curves["losses"]["before the repeat"]
    assert abs(first[-1] - np.log(20)) < 0.1  # before the repeat: never learned
    heads = by_name["training-heads"].data(namespace)
    assert heads["steps"] == [0, RUN["appearance_step"], RUN["n_steps"]]
    (start, _, end), (_, _, end2) = heads["panels"]
    n, p = len(heads["tokens"]), heads["period"]
    # The previous-token head ends on the key before each query; the induction head on the key after the
    # earlier occurrence of the query's token.
    on_previous = np.mean([end[1][i, i - 1] for i in range(1, n)])
    on_induction = np.mean([end2[1][i, i - p + 1] for i in range(n + 1 - p, n)])
    assert on_previous > 0.5 and on_induction > 0.8
    assert np.mean([start[1][i, i - 1] for i in range(1, n)]) < 0.5
