"""The StreamingLLM button of "Attention in today's models" in Chromium: the page's numbers are CPython's.

One Python start for everything (each costs seconds of CPU): the page runs
the site's own GGUF file in its worker over the story's first 64 tokens with
W = 16 (``attention.lab.entry.streaming_start``/``streaming_step``, a few
tokens per call), and each mean loss and perplexity in its table is compared
with :func:`attention.models.streaming.streaming_nll` under CPython on the
same ids from the same file (float32 both, summed in another order: within
1e-3 nats). Before Run nothing of the model is downloaded and Run says the
size; a second run, started from the keyboard, is stopped between calls;
axe finds nothing at a desktop and a phone width in both schemes, and the
phone does not scroll sideways. The offline copy of the model file is the
lab's (the Write view's test shows the page computing with it offline).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import expect

from attention.models import load_smollm2
from attention.models.streaming import streaming_nll
from attention.models.weights import SMOLLM2_FILE, SMOLLM2_FILE_SIZE
from tests.browser.test_accessibility import axe_in_both_schemes, report, scheme_page, settled

LESSON = "lessons/attention-in-todays-models/"
MODEL_FILES = "models/SmolLM2-135M-Instruct/"
ROOT = Path(__file__).resolve().parents[2]
LIVE = json.loads((ROOT / "docs" / "data" / "language-model-figures.json").read_text())["verdict"]["ship_live"]
IDS = json.loads((ROOT / "docs" / "data" / "streaming-llm.json").read_text())["ids"]
N, W, SINKS = 64, 16, 4
LOADED_MS = 240_000  # Python, a 98 MB file from this machine and the model read into numpy, on a busy 2-core machine
RUN_MS = 240_000  # 3 × 63 tokens, most of them a pass each

pytestmark = pytest.mark.skipif(not LIVE, reason="the measured costs do not allow it: the site ships no model file")


def _cpython(built_site: Path) -> dict[str, dict[str, float]]:
    """Per policy, the means the table shows, from the package under CPython on the file the page downloads."""
    model = load_smollm2(built_site / MODEL_FILES / SMOLLM2_FILE)
    ids = np.asarray(IDS[:N])
    runs = {
        "dense": streaming_nll(model, ids),
        "window": streaming_nll(model, ids, W, 0),
        "sinks": streaming_nll(model, ids, W, SINKS),
    }
    dense_tail = runs["dense"].nll[W:].mean()
    return {
        name: {
            "evicted": run.evicted,
            "mean_nll": run.nll.mean(),
            "perplexity": np.exp(run.nll.mean()),
            "mean_nll_after_window": run.nll[W:].mean(),
            "extra_after_window": run.nll[W:].mean() - dense_tail,
        }
        for name, run in runs.items()
    }


@pytest.mark.long
def test_the_button_computes_what_cpython_computes_stops_and_is_accessible(
    open_page, site_url: str, built_site: Path
) -> None:
    page = scheme_page(open_page, "light")  # axe is injected as a script, which the site's policy refuses
    page.set_viewport_size({"width": 1280, "height": 900})
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(site_url + LESSON)
    box = page.locator("[data-streaming]")
    box.scroll_into_view_if_needed()
    expect(box).to_have_attribute("data-streaming-state", "idle")
    status = box.locator("[data-view=streaming-status]")
    expect(status).to_contain_text(f"{SMOLLM2_FILE_SIZE / 1e6:.1f} MB")  # the size, said before anything is fetched
    assert not [u for u in urls if u.endswith(".gguf")]

    box.locator("[data-control=streaming-tokens]").select_option(str(N))
    box.locator("[data-control=streaming-window]").select_option(str(W))
    box.locator("[data-action=streaming-run]").click()
    expect(box).to_have_attribute("data-streaming-state", "running", timeout=LOADED_MS)
    expect(box.locator("[data-action=streaming-stop]")).to_be_enabled()
    expect(box).to_have_attribute("data-streaming-state", "done", timeout=RUN_MS)
    assert [u for u in urls if u.endswith(".gguf")] == [site_url + MODEL_FILES + SMOLLM2_FILE]

    expected = _cpython(built_site)
    for name, values in expected.items():
        row = box.locator(f"[data-view=streaming-results] tr[data-policy={name}]")
        shown = {field: float(row.locator(f"td[data-field={field}]").get_attribute("data-value")) for field in values}
        assert shown["evicted"] == values["evicted"], name
        for field in ("mean_nll", "mean_nll_after_window", "extra_after_window"):
            assert shown[field] == pytest.approx(values[field], abs=1e-3), (name, field)
        assert shown["perplexity"] == pytest.approx(values["perplexity"], rel=1e-3), name
    # The paper's effect at this small scale too: dropping the first tokens costs more than keeping 4 sinks.
    assert expected["window"]["extra_after_window"] > expected["sinks"]["extra_after_window"]
    settled(page, at_once=True)
    found: dict[str, list[str]] = {}
    axe_in_both_schemes(
        page, f"/{LESSON}, the StreamingLLM button's results (1280 px)", found, within="[data-streaming]"
    )
    page.emulate_media(color_scheme="light")

    # A second, longer run from the keyboard, stopped between two calls.
    box.locator("[data-control=streaming-tokens]").select_option("256")
    run = box.locator("[data-action=streaming-run]")
    run.focus()
    page.keyboard.press("Enter")
    expect(status).to_contain_text("tokens read", timeout=RUN_MS)
    box.locator("[data-action=streaming-stop]").click()
    expect(box).to_have_attribute("data-streaming-state", "stopped", timeout=RUN_MS)
    expect(status).to_have_text("Stopped. Press Run to start again.")
    expect(run).to_be_enabled()

    page.set_viewport_size({"width": 390, "height": 844})
    box.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    axe_in_both_schemes(page, f"/{LESSON}, the StreamingLLM button stopped (390 px)", found, within="[data-streaming]")
    assert not found, report(found)
