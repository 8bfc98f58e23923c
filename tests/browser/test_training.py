"""The training widget of "Learning to attend": the committed run shown before training, training in the page's
Python worker equal to CPython's for the same seed, its controls, the keyboard, its slider, a page that stays
responsive, a failed start, and nothing left behind after navigating away. And the determinism the lesson
claims: Pyodide's loss fingerprint is CPython's and the committed one.

The expectations are computed here, under CPython, with ``attention.training``'s Trainer, never with the
module the page runs (``attention.training.session``).
"""

from __future__ import annotations

import dataclasses
import json
import re

import numpy as np
import pytest
from playwright.sync_api import Page, Route, expect

from attention.training.experiment import MODEL, TRAINING, loss_fingerprint, probe_batch
from attention.training.loop import Trainer
from site_examples.material_adapter import nav_link
from tests.browser import accounting
from tests.browser.conftest import handled
from tests.browser.test_accessibility import axe_in_both_schemes, report
from tests.helpers import ROOT

LESSON = "lessons/learning-to-attend/"
OTHER = "lessons/multi-head-attention/"
RUN = json.loads((ROOT / "docs" / "data" / "training-run.json").read_text(encoding="utf-8"))
CHUNK = 25
SEED = 3


def _widget(page: Page):
    return page.locator("[data-train]")


def _open(page: Page, site_url: str) -> None:
    page.goto(site_url + LESSON)
    _widget(page).scroll_into_view_if_needed()  # the committed run is fetched once the widget is near the window
    expect(_widget(page)).to_have_attribute("data-train-state", "committed")
    expect(_widget(page).locator("[data-cell]").first).to_be_attached()
    expect(_widget(page).locator("[data-losses-table] tbody tr")).to_have_count(len(RUN["probes"]))


def _state(page: Page, state: str) -> None:
    expect(_widget(page)).to_have_attribute("data-train-state", state, timeout=120_000)


def _shown_weights(page: Page) -> np.ndarray:
    """The heatmaps' weights, [layer][head][q][k], NaN where the causal mask leaves no cell."""
    cells = _widget(page).locator("[data-cell]").evaluate_all(
        "els => els.map(e => [+e.dataset.layer, +e.dataset.head, +e.dataset.q, +e.dataset.k, +e.dataset.weight])"
    )
    layers, heads, n = MODEL.n_layers, MODEL.n_heads, TRAINING.n
    shown = np.full((layers, heads, n, n), np.nan)
    for layer, head, q, k, w in cells:
        shown[layer, head, q, k] = w
    assert len(cells) == layers * heads * n * (n + 1) // 2
    return shown


def _shown_scores(page: Page) -> dict[str, np.ndarray]:
    result = {}
    for name in ("previous", "induction"):
        values = _widget(page).locator(f"[data-score={name}]").evaluate_all(
            "els => els.map(e => [+e.dataset.layer, +e.dataset.head, +e.dataset.value])"
        )
        scores = np.full((MODEL.n_layers, MODEL.n_heads), np.nan)
        for layer, head, value in values:
            scores[layer, head] = value
        result[name] = scores
    return result


def _shown_losses(page: Page) -> list[tuple[int, float, float]]:
    rows = _widget(page).locator("[data-losses-table] tbody tr").evaluate_all(
        "rows => rows.map(r => [+r.dataset.step, ...[...r.querySelectorAll('td')].map(td => +td.textContent)])"
    )
    return [(int(step), first, repeated) for step, first, repeated in rows]


def _lower_triangle(weights) -> np.ndarray:
    w = np.array(weights, dtype=float)
    return np.where(np.tril(np.ones(w.shape[-2:], dtype=bool)), w, np.nan)


def _rows_at_least(page: Page, rows: int) -> None:
    """Wait until the losses table has `rows` probes: the first at step 0, then one per chunk."""
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-losses-table] tbody tr').length >= {rows}", timeout=120_000
    )


def _steps_done(page: Page) -> int:
    text = _widget(page).locator("[data-train-step]").text_content() or ""
    return int(text.split(" of ")[0].replace(",", ""))


def test_the_committed_run_is_shown_before_training(page: Page, site_url: str) -> None:
    runs: list[str] = []
    page.on("request", lambda request: runs.append(request.url) if request.url.endswith("/data/training-run.json") else None)
    page.goto(site_url + LESSON, wait_until="networkidle")
    handled(page)
    assert runs == [], "the committed run was fetched as the page loaded, with the widget screens below the window"
    _open(page, site_url)  # from the top again, then to the widget
    assert len(runs) == 1, runs
    widget = _widget(page)
    last_probe, last_snapshot = RUN["probes"][-1], RUN["snapshots"][-1]
    expect(widget.locator("[data-train-step]")).to_have_text(f"{RUN['n_steps']:,} of {RUN['n_steps']:,}")
    assert float(widget.locator("[data-train-loss]").get_attribute("data-value")) == RUN["steps"]["loss"][-1]
    np.testing.assert_array_equal(_shown_weights(page), _lower_triangle(last_snapshot["weights"]))
    scores = _shown_scores(page)
    np.testing.assert_array_equal(scores["previous"], last_probe["previous_token"])
    np.testing.assert_array_equal(scores["induction"], last_probe["induction"])
    assert _shown_losses(page) == [(p["step"], p["first_half"], p["repeated_half"]) for p in RUN["probes"]]
    # The chart marks the appearance of the induction head, from the data.
    expect(widget.locator("[data-view=loss-chart] title")).to_contain_text(f"appeared at step {RUN['appearance_step']}")

    # The slider goes through the committed snapshots, from the keyboard too.
    slider = widget.locator("input[data-control=snapshot]")
    assert slider.get_attribute("max") == str(len(RUN["snapshots"]) - 1)
    slider.focus()
    page.keyboard.press("Home")
    expect(widget.locator(".training-slider-step")).to_have_text(f"step 0 of {RUN['n_steps']:,}")
    np.testing.assert_array_equal(_shown_weights(page), _lower_triangle(RUN["snapshots"][0]["weights"]))
    index = next(i for i, s in enumerate(RUN["snapshots"]) if s["step"] == RUN["appearance_step"])
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    expect(widget.locator(".training-slider-step")).to_have_text(f"step {RUN['appearance_step']} of {RUN['n_steps']:,}")
    np.testing.assert_array_equal(_shown_weights(page), _lower_triangle(RUN["snapshots"][index]["weights"]))
    at = next(p for p in RUN["probes"] if p["step"] == RUN["appearance_step"])
    np.testing.assert_array_equal(_shown_scores(page)["induction"], at["induction"])

    # The weights table (the heatmaps' alternative) shows the head chosen, with the tokens as headers.
    widget.locator("summary", has_text="The weights as a table").click()
    widget.locator("select[data-control=head]").select_option("1,0")
    table = widget.locator("[data-weights-table]")
    expect(table.locator("caption")).to_contain_text("Layer 2, head 0")
    headers = table.locator("thead th").all_text_contents()
    assert headers[1:] == [f"{k}: {t}" for k, t in enumerate(RUN["probe"]["tokens"])]
    row = table.locator("tbody tr").nth(5).locator("td").all_text_contents()
    expected = RUN["snapshots"][index]["weights"][1][0][5]
    assert row[:6] == [("0" if w == 0 else f"{w:.3f}") for w in expected[:6]] and set(row[6:]) == {"–"}


def _cpython(steps: int, seed: int) -> tuple[Trainer, list, list]:
    """The documented model trained `steps` steps from `seed` (batches from seed + 1), probed every CHUNK steps."""
    trainer = Trainer(MODEL, dataclasses.replace(TRAINING, seed=seed, data_seed=seed + 1))
    batch = probe_batch()
    probes = [trainer.probe(batch)]
    records = []
    while trainer.step < steps:
        records += trainer.run(min(CHUNK, steps - trainer.step))
        probes.append(trainer.probe(batch))
    return trainer, records, probes


# The worker answers calls in the order it was sent them: an answer to a call sent now comes after the answer to
# every chunk the widget asked for before it, and after the widget has handled that chunk.
BARRIER = "() => window.attentionCourse.python.call('1')"
# The steps the page's Python run has taken (its training entry point's run, ``attention.training.entry``).
STEPS_IN_PYTHON = "() => window.attentionCourse.python.call('import attention.training.entry as e; e._run.trainer.step')"


def _steps_once_idle(page: Page) -> int:
    """The steps shown once the worker has answered every chunk asked for so far (and the widget drew them)."""
    page.evaluate(BARRIER)
    return _steps_done(page)


@pytest.mark.long
def test_training_in_the_page_equals_cpython_and_the_controls_work(return_visit: Page, site_url: str) -> None:
    page = return_visit
    _open(page, site_url)
    widget = _widget(page)
    widget.locator("input[data-control=seed]").fill(str(SEED))
    widget.locator("button[data-action=train]").click()
    _state(page, "training")
    expect(widget.locator("button[data-action=reset]")).to_be_enabled()
    _rows_at_least(page, 3)
    widget.locator("button[data-action=pause]").click()
    _state(page, "paused")
    expect(widget.locator("button[data-action=pause]")).to_have_text("Resume")
    done = _steps_once_idle(page)  # the chunk in flight arrives; nothing after it
    assert done % CHUNK == 0 and done >= 2 * CHUNK
    assert _steps_once_idle(page) == done, "training went on while paused"

    trainer, records, probes = _cpython(done, SEED)
    shown_loss = float(widget.locator("[data-train-loss]").get_attribute("data-value"))
    assert shown_loss == pytest.approx(records[-1].loss, abs=1.01e-5)
    shown = _shown_losses(page)
    assert [step for step, _, _ in shown] == [p.step for p in probes]
    expected = [(p.first_half, p.repeated_half) for p in probes]
    np.testing.assert_allclose([(a, b) for _, a, b in shown], expected, atol=1.01e-5)
    scores = _shown_scores(page)
    np.testing.assert_allclose(scores["previous"], probes[-1].previous_token, atol=1.01e-4)
    np.testing.assert_allclose(scores["induction"], probes[-1].induction, atol=1.01e-4)
    np.testing.assert_allclose(_shown_weights(page), _lower_triangle([w[0] for w in probes[-1].weights]), atol=1.01e-3)
    assert widget.locator("[data-view=loss-chart] polyline").count() == 2

    # Resume goes on from there; Stop ends the run and keeps it, the slider going back through its snapshots.
    widget.locator("button[data-action=pause]").click()
    _state(page, "training")
    _rows_at_least(page, len(probes) + 1)
    widget.locator("button[data-action=stop]").click()
    _state(page, "stopped")
    stopped_at = _steps_once_idle(page)
    assert _steps_once_idle(page) == stopped_at > done
    expect(widget.locator("[data-train-elapsed]")).to_have_text(re.compile(r"^\d+\.\d s training$"))
    slider = widget.locator("input[data-control=snapshot]")
    expect(slider).to_be_enabled()
    assert slider.get_attribute("max") == str(stopped_at // CHUNK)
    slider.fill("0")
    expect(widget.locator(".training-slider-step")).to_have_text(f"step 0 of {RUN['n_steps']:,}")
    np.testing.assert_allclose(_shown_weights(page), _lower_triangle([w[0] for w in probes[0].weights]), atol=1.01e-3)

    # Reset: the committed run again.
    widget.locator("button[data-action=reset]").click()
    _state(page, "committed")
    expect(widget.locator("[data-train-step]")).to_have_text(f"{RUN['n_steps']:,} of {RUN['n_steps']:,}")
    np.testing.assert_array_equal(_shown_weights(page), _lower_triangle(RUN["snapshots"][-1]["weights"]))


def test_keyboard_seed_validation_and_visible_focus(return_visit: Page, site_url: str) -> None:
    page = return_visit
    _open(page, site_url)
    widget = _widget(page)
    seed = widget.locator("input[data-control=seed]")
    seed.focus()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Control+A")
    page.keyboard.type("1.5")
    page.keyboard.press("Enter")
    error = widget.locator("[data-seed-error]")
    expect(error).to_have_text(re.compile(r"The seed must be a whole number from 0 to 2,147,483,646"))
    expect(seed).to_have_attribute("aria-invalid", "true")
    assert page.evaluate("document.activeElement.dataset.control") == "seed"
    assert widget.get_attribute("data-train-state") == "committed"
    page.keyboard.press("Control+A")
    page.keyboard.type("99999999999")
    page.keyboard.press("Enter")
    expect(error).to_have_text("The seed must be at most 2,147,483,646.")
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    expect(error).to_have_text("")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "train"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Space")
    _state(page, "training")
    expect(widget.locator("[data-train-step]")).not_to_have_text(re.compile(r"^0 of"), timeout=120_000)
    widget.locator("button[data-action=pause]").focus()
    page.keyboard.press("Enter")
    _state(page, "paused")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "stop"
    page.keyboard.press("Enter")
    _state(page, "stopped")
    assert "seed 2" in (widget.locator("[data-losses-table] caption").text_content() or "")


def test_a_failed_python_start_is_said_with_a_retry(page: Page, site_url: str, traffic) -> None:
    failing = {"on": True}

    def stdlib(route: Route) -> None:
        if failing["on"]:
            route.fulfill(status=404, body="not found")
        else:
            route.continue_()

    page.route("**/pyodide/python_stdlib.zip", stdlib)
    _open(page, site_url)
    widget = _widget(page)
    expect(widget.locator("button[data-action=retry]")).to_be_hidden()
    widget.locator("button[data-action=train]").click()
    _state(page, "failed")
    expect(widget.locator(".training-status")).to_contain_text("Python could not start")
    expect(widget.locator(".training-status")).to_contain_text("Retry")
    # The committed run is still shown.
    np.testing.assert_array_equal(_shown_weights(page), _lower_triangle(RUN["snapshots"][-1]["weights"]))
    # Chromium's log of the failed request (the page fetches Python's files for its worker): expected.
    assert traffic.console_errors == ["Failed to load resource: the server responded with a status of 404 (Not Found)"]
    traffic.console_errors.clear()
    failing["on"] = False
    retry = widget.locator("button[data-action=retry]")
    expect(retry).to_be_visible()
    retry.click()
    _state(page, "training")
    expect(retry).to_be_hidden()
    widget.locator("button[data-action=stop]").click()


def _go(page: Page, site_url: str, path: str) -> None:
    page.evaluate("document.querySelector('article').dataset.left = ''")
    accounting.go(page, page.locator(nav_link(site_url + path)).first)
    expect(page).to_have_url(site_url + path)
    expect(page.locator("article:not([data-left]) h1").first).to_be_visible()




def test_navigating_away_leaves_no_listener_timer_or_training_behind(return_visit: Page, site_url: str) -> None:
    """What the course holds at OTHER after a visit to a lesson without the widget equals what it holds there after a
    visit to the widget's page while it trained (``tests/browser/accounting.py``), and no chunk is asked for after."""
    page = return_visit
    accounting.install(page.context)
    page.goto(site_url + OTHER)
    page.evaluate("window.__same_document = true")
    _go(page, site_url, "lessons/self-attention/")
    # The visit's one Python session (its worker) lasts the visit: started on a page left before the first
    # reading, it is in both.
    page.evaluate("window.attentionCourse.python.start()")
    _go(page, site_url, OTHER)
    baseline = accounting.reading(page)

    _go(page, site_url, LESSON)
    _widget(page).scroll_into_view_if_needed()  # the widget is drawn once it is near the window
    _widget(page).locator("button[data-action=train]").click()
    _state(page, "training")
    _rows_at_least(page, 2)
    # The elapsed-time clock runs: one interval of the widget's.
    page.wait_for_function("() => window.__accounting.live().some((e) => e.kind === 'interval' && e.where.startsWith('javascripts/training/'))")
    _go(page, site_url, OTHER)
    expect(page.locator("[data-train]")).to_have_count(0)
    page.evaluate(BARRIER)  # a chunk in flight comes back to a widget that is gone
    after = accounting.reading(page)
    assert page.evaluate("window.__same_document") is True  # instant navigation, no reload
    assert after == baseline, accounting.difference(baseline, after)
    # No further chunk is asked for: the worker's queue holds nothing before a call sent now, and no new training
    # entry ran (the session's training run did not advance).
    steps = page.evaluate(STEPS_IN_PYTHON)
    page.evaluate(BARRIER)
    assert page.evaluate(STEPS_IN_PYTHON) == steps


def test_pyodide_gives_the_loss_fingerprint_of_cpython_and_of_the_committed_run(return_visit: Page, site_url: str) -> None:
    """The same seed gives the same numbers in the page's Pyodide as under CPython (the lesson's claim)."""
    page = return_visit
    page.goto(site_url + LESSON)
    page.wait_for_function("() => window.attentionCourse && window.attentionCourse.python")
    text = page.evaluate(
        """() => window.attentionCourse.python.call(
             'from attention.training.experiment import loss_fingerprint\\n'
             + 'import json\\nprint(json.dumps(loss_fingerprint()))')"""
    )
    in_pyodide = json.loads(text)
    committed = RUN["fingerprint"]["losses"]
    in_cpython = loss_fingerprint()
    assert len(in_pyodide) == len(committed) == RUN["fingerprint"]["steps"]
    # Eight significant digits of losses near 3: one unit of the last digit is 1e-7.
    np.testing.assert_allclose(in_pyodide, in_cpython, rtol=0, atol=1.01e-7)
    np.testing.assert_allclose(in_pyodide, committed, rtol=0, atol=1.01e-7)


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 900)])
def test_the_widget_opens_at_its_section_without_sideways_scroll(open_page, site_url: str, width: int, height: int) -> None:
    """Opened at the widget's section, the page shows it there with the committed run, scrolls no wider than the
    window, and the widget passes axe in both schemes (the every-page check sees the lesson from its top, where the
    widget is not drawn yet). (How little the page moves as it mounts is a figure of ``./dev.sh measure``.)"""
    # axe is injected as an inline script, which the site's policy refuses (test_accessibility.py's docstring).
    page = open_page(viewport={"width": width, "height": height}, color_scheme="light", bypass_csp=True)
    page.goto(site_url + LESSON + "#train-it-yourself")
    expect(_widget(page)).to_have_attribute("data-train-state", "committed")
    expect(_widget(page).locator("[data-losses-table] tbody tr")).to_have_count(len(RUN["probes"]))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    found: dict[str, list[str]] = {}
    axe_in_both_schemes(page, f"the training widget at {width} px", found, within="[data-train]")
    assert not found, report(found)
