"""The lab's Write view in Chromium: SmolLM2 writing in the page, token for token what CPython writes.

The page runs the site's own GGUF file in its Python worker, a step per call
(``attention.lab.entry.write_start``/``write_step``); the expected tokens are
:meth:`LlamaModel.generate`'s under CPython, from the same file, with the same
prompt, settings and seed. Also: the download is said and waits for the
button, Cancel during a stalled download leaves a usable view, Stop during a
step drops that step's token, instant navigation away while it writes leaves
nothing registered behind, once the model's file is stored the page writes
offline, and axe finds nothing at a desktop and a phone width in both
schemes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from attention.models import load_smollm2
from attention.models.weights import SMOLLM2_FILE, SMOLLM2_FILE_SIZE
from tests.browser import accounting
from tests.browser.conftest import handled, poll
from tests.browser.test_accessibility import axe, axe_in_both_schemes, report, scheme_page, settled

LAB = "lab/"
MODEL_FILES = "models/SmolLM2-135M-Instruct/"
LIVE = json.loads((Path(__file__).resolve().parents[2] / "docs" / "data" / "language-model-figures.json").read_text())[
    "verdict"
]["ship_live"]
STORY = "Once upon a time, there was a little cat who"
LOADED_MS = 240_000  # Python, a 98 MB file from this machine and the model read into numpy, on a busy 2-core machine
STEP_MS = 120_000

pytestmark = pytest.mark.skipif(not LIVE, reason="the measured costs do not allow it: the site ships no model file")


@pytest.fixture(scope="module")
def model(built_site: Path):
    return load_smollm2(built_site / MODEL_FILES / SMOLLM2_FILE)  # the file the page downloads


def _writer(page: Page):
    return page.locator("[data-write]")


def _control(page: Page, name: str):
    return page.locator(f"[data-write] [data-control=write-{name}]")


def _open(page: Page, site_url: str) -> None:
    """The lab's page, scrolled to the Write view: it fetches the model's list and manifest once it is on screen."""
    page.goto(site_url + LAB)
    _writer(page).scroll_into_view_if_needed()


def _open_and_load(page: Page, site_url: str) -> None:
    _open(page, site_url)
    load = _control(page, "load")
    expect(load).to_have_text(f"Load the model in your browser ({SMOLLM2_FILE_SIZE / 1e6:.1f} MB, once)")
    expect(_control(page, "step")).to_be_disabled()
    load.click()
    expect(_writer(page)).to_have_attribute("data-model-status", "ready", timeout=LOADED_MS)
    expect(_writer(page)).to_have_attribute("data-status", "idle")


def _settings(
    page: Page, *, prompt: str, temperature: str, top_k: str, top_p: str, seed: str, tokens: str, cache: bool
) -> None:
    _control(page, "prompt").fill(prompt)
    for name, value in (
        ("temperature", temperature),
        ("top-k", top_k),
        ("top-p", top_p),
        ("seed", seed),
        ("new-tokens", tokens),
    ):
        _control(page, name).fill(value)
    _control(page, "cache").set_checked(cache)


def _ids(page: Page) -> list[int]:
    text = _writer(page).get_attribute("data-ids") or ""
    return [int(i) for i in text.split(",") if i]


@pytest.mark.long
def test_the_page_writes_what_cpython_writes(open_page, site_url: str, built_site: Path, model) -> None:
    page = scheme_page(open_page, "light", visited=True)  # axe at the end: it is injected as a script, which the policy refuses
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(site_url + LAB)
    expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")
    handled(page)
    assert not [u for u in urls if "/data/smollm2/" in u or "/models/" in u]  # nothing of the model off screen
    _writer(page).scroll_into_view_if_needed()
    expect(_control(page, "load")).to_be_visible()
    handled(page)
    assert not [u for u in urls if u.endswith(".gguf")]  # nothing downloaded before the button
    _control(page, "load").click()
    expect(_writer(page)).to_have_attribute("data-model-status", "ready", timeout=LOADED_MS)
    assert [u for u in urls if u.endswith(".gguf")] == [site_url + MODEL_FILES + SMOLLM2_FILE]

    # Sampled, with the cache: Step once (the prefill), then Play to the end.
    _settings(page, prompt=STORY, temperature="0.8", top_k="40", top_p="0.9", seed="3", tokens="6", cache=True)
    _control(page, "step").click()
    expect(_writer(page)).to_have_attribute("data-steps", "1", timeout=STEP_MS)
    n = len(model.encode(STORY))
    expect(_writer(page)).to_have_attribute("data-kind", "prefill")
    expect(page.locator("[data-write] [data-view=write-kind]")).to_contain_text(
        f"the whole prompt, {n} tokens, in one pass"
    )
    expect(_writer(page)).to_have_attribute("data-cache-bytes", str(n * 30 * 3 * 64 * 2 * 4))
    # The bars: ten candidates; top-k 40 leaves them all, top-p 0.9 cuts some of the ten and says how much.
    candidates = page.locator("[data-write] [data-view=write-candidates] li")
    expect(candidates).to_have_count(10)
    _control(page, "play").click()
    expect(_writer(page)).to_have_attribute("data-status", "finished", timeout=STEP_MS * 3)
    expected = model.generate(STORY, 6, temperature=0.8, top_k=40, top_p=0.9, seed=3)
    assert _ids(page) == expected.ids
    expect(_writer(page)).to_have_attribute("data-kind", "decode")
    expect(_writer(page)).to_have_attribute("data-cache-bytes", str((n + 5) * 46_080))
    expect(page.locator("[data-write] [data-view=write-kv] [role=img]")).to_have_count(2)  # keys and values
    # A written token is a button: selecting it shows the step that chose it (the prefill for the first).
    first = page.locator("[data-write] [data-view=write-text] button[data-step='0']")
    first.focus()
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(_writer(page)).to_have_attribute("data-kind", "prefill")
    first.click()
    expect(_writer(page)).to_have_attribute("data-kind", "decode")
    # It opens on the lab's head (index.json's opening); another layer and head: the latest step seen through them.
    opening = json.loads((built_site / "data" / "smollm2" / "index.json").read_text(encoding="utf-8"))["opening"]
    look = page.locator("[data-write] h4", has_text="Where the new token looks")
    expect(look).to_have_text(f"Where the new token looks: layer {opening['layer'] + 1}, head {opening['head'] + 1}")
    _control(page, "layer").select_option("0")
    _control(page, "head").select_option("2")
    expect(look).to_have_text("Where the new token looks: layer 1, head 3")
    assert axe(page, within="[data-write]") == []

    # Greedy, without the cache: the same tokens as CPython recomputing, and the times side by side.
    _control(page, "reset").click()
    expect(_writer(page)).to_have_attribute("data-steps", "0")
    _settings(page, prompt=STORY, temperature="0", top_k="", top_p="", seed="0", tokens="4", cache=False)
    _control(page, "play").click()
    expect(_writer(page)).to_have_attribute("data-status", "finished", timeout=STEP_MS * 3)
    assert _ids(page) == model.generate(STORY, 4, use_cache=False).ids
    expect(_writer(page)).to_have_attribute("data-kind", "recompute")
    expect(_writer(page)).to_have_attribute("data-cache-bytes", "0")
    both = page.locator("[data-write] [data-view=write-times] tbody tr").evaluate_all(
        "rows => rows.map((r) => [...r.cells].map((c) => c.textContent))"
    )
    assert [row[0] for row in both] == [str(n + i) for i in range(1, 6)][: len(both)]
    assert all(row[1].endswith(" ms") for row in both[:3]) and all(row[2].endswith(" ms") for row in both[:3])


STOP_DURING_A_STEP = """() => new Promise((done) => {
  const writer = document.querySelector("[data-write]");
  const stopIfBusy = () => {
    if (writer.dataset.busy !== "true" || !(Number(writer.dataset.steps || 0) >= 2)) return false;
    const steps = Number(writer.dataset.steps);
    writer.querySelector("[data-control=write-stop]").click();
    done(steps);
    return true;
  };
  if (stopIfBusy()) return;
  const observer = new MutationObserver(() => stopIfBusy() && observer.disconnect());
  observer.observe(writer, { attributes: true, attributeFilter: ["data-busy", "data-steps"] });
})"""


@pytest.mark.long
def test_stop_during_a_step_drops_its_token(page: Page, site_url: str) -> None:
    _open_and_load(page, site_url)
    _settings(page, prompt=STORY, temperature="1", top_k="", top_p="0.95", seed="1", tokens="40", cache=True)
    _control(page, "play").click()
    # Stop while a step runs in the worker (pressed in the page the moment one is running, after two tokens).
    written = page.evaluate(STOP_DURING_A_STEP)
    expect(_writer(page)).to_have_attribute("data-status", "stopped")
    expect(page.locator("[data-write] [data-view=write-status]")).to_have_text(
        f"Stopped after {written} tokens. Reset to write again."
    )
    # The worker answers calls in order: once this one returns, the step that was running has returned too.
    page.evaluate("() => window.attentionCourse.python.call('1')")
    handled(page)
    assert int(_writer(page).get_attribute("data-steps")) == written
    expect(_control(page, "step")).to_be_disabled()
    expect(_control(page, "play")).to_be_disabled()
    _control(page, "reset").click()
    expect(_writer(page)).to_have_attribute("data-status", "idle")
    expect(_control(page, "step")).to_be_enabled()


def test_cancel_during_a_stalled_download_leaves_the_view_usable(page: Page, site_url: str) -> None:
    hanging: list[Route] = []
    page.route(f"**/{MODEL_FILES}{SMOLLM2_FILE}", lambda route: hanging.append(route))  # never answered
    _open(page, site_url)
    _control(page, "load").click()
    poll(page, lambda: len(hanging), lambda n: n > 0, "the model's request")
    expect(_writer(page)).to_have_attribute("data-status", "loading")
    cancel = _control(page, "cancel")
    expect(cancel).to_be_visible()
    cancel.click()
    expect(page.locator("[data-write] [data-view=write-status]")).to_have_text(
        "Download cancelled. Press the button to load the model again."
    )
    expect(cancel).to_be_hidden()
    expect(_control(page, "load")).to_be_visible()
    expect(_control(page, "step")).to_be_disabled()
    # The lab above still works.
    expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")


def test_a_stalled_download_fails_with_retry_in_place(page: Page, site_url: str) -> None:
    hanging: list[Route] = []
    page.route(f"**/{MODEL_FILES}{SMOLLM2_FILE}", lambda route: hanging.append(route), times=1)
    _open(page, site_url)
    expect(_control(page, "load")).to_be_visible()  # the view's module is loaded, and the session's handle with it
    page.evaluate("window.attentionCourse.python.downloadStallMs = 2000")  # the page's one stall setting
    _control(page, "load").click()
    status = page.locator("[data-write] [data-view=write-status]")
    expect(status).to_contain_text("The model could not be loaded", timeout=LOADED_MS)
    retry = _control(page, "retry")
    expect(retry).to_be_visible()
    page.evaluate("window.__same_document = true")
    retry.click()
    expect(_writer(page)).to_have_attribute("data-model-status", "ready", timeout=LOADED_MS)
    assert page.evaluate("window.__same_document") is True


@pytest.mark.long
def test_leaving_while_it_writes_leaves_nothing_behind(page: Page, site_url: str) -> None:
    """Instant navigation away mid-generation: the course's scripts hold the same registrations after 1 and 4 trips."""

    def write_and_leave(page: Page) -> None:
        writer = _writer(page)
        writer.scroll_into_view_if_needed()
        expect(writer).not_to_have_attribute("data-model-status", "loading")
        if writer.get_attribute("data-model-status") != "ready":
            _control(page, "load").click()
            expect(writer).to_have_attribute("data-model-status", "ready", timeout=LOADED_MS)
        _control(page, "new-tokens").fill("40")
        _control(page, "play").click()
        poll(page, lambda: int(writer.get_attribute("data-steps") or 0), lambda n: n >= 1, "a token written", STEP_MS)

    readings = accounting.round_trips(page, site_url, "glossary/", LAB, 4, write_and_leave)
    assert readings[0] == readings[-1], accounting.difference(readings[0], readings[-1])


@pytest.mark.long
def test_a_phone_in_both_schemes_without_sideways_scroll_and_axe_clean(open_page, site_url: str) -> None:
    page = scheme_page(open_page, "light")
    page.set_viewport_size({"width": 390, "height": 844})
    _open_and_load(page, site_url)
    _settings(page, prompt=STORY, temperature="0.7", top_k="5", top_p="0.9", seed="2", tokens="3", cache=True)
    _control(page, "play").click()
    expect(_writer(page)).to_have_attribute("data-status", "finished", timeout=STEP_MS * 3)
    settled(page, at_once=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    found: dict[str, list[str]] = {}
    axe_in_both_schemes(page, "/lab/, the Write view after three tokens", found, within="[data-write]")
    assert not found, report(found)


def test_step_by_keyboard_keeps_the_focus_on_step(page: Page, site_url: str) -> None:
    """Enter on Step writes a token and leaves the focus there, so Enter again writes the next (none while busy).

    When the last token is written, Step is disabled and the focus goes to Reset, not to the page's body; Reset
    sends it back to Step, and Stop pressed from the keyboard sends it to Reset too.
    """
    _open_and_load(page, site_url)
    _settings(page, prompt=STORY, temperature="0", top_k="", top_p="", seed="0", tokens="3", cache=True)
    step = _control(page, "step")
    step.focus()
    page.keyboard.press("Enter")
    expect(_writer(page)).to_have_attribute("data-steps", "1")
    expect(_writer(page)).to_have_attribute("data-busy", "false")
    expect(step).to_be_focused()
    page.keyboard.press("Enter")
    expect(_writer(page)).to_have_attribute("data-steps", "2")
    expect(step).to_be_focused()
    page.keyboard.press("Enter")
    expect(_writer(page)).to_have_attribute("data-status", "finished")
    expect(step).to_be_disabled()
    reset = _control(page, "reset")
    expect(reset).to_be_focused()

    page.keyboard.press("Enter")  # Reset: the focus goes to Step, which starts the next text
    expect(_writer(page)).to_have_attribute("data-status", "idle")
    expect(step).to_be_focused()
    page.keyboard.press("Enter")
    expect(_writer(page)).to_have_attribute("data-steps", "1")
    expect(_writer(page)).to_have_attribute("data-busy", "false")
    stop = _control(page, "stop")
    stop.focus()
    page.keyboard.press("Enter")
    expect(_writer(page)).to_have_attribute("data-status", "stopped")
    expect(reset).to_be_focused()


@pytest.mark.long
def test_once_the_model_is_stored_it_writes_offline(open_page, site_url: str, model) -> None:
    """Written once online (the service worker keeps the model's file once read whole), the page writes offline."""
    from tests.browser.test_offline import _controlled, _python_stored

    page = open_page(service_workers="allow")
    page.goto(site_url + LAB)
    _controlled(page)
    _writer(page).scroll_into_view_if_needed()
    _control(page, "load").click()
    expect(_writer(page)).to_have_attribute("data-model-status", "ready", timeout=LOADED_MS)
    _python_stored(page, site_url)
    stored = """async (url) => { for (const name of await caches.keys()) {
      if (await (await caches.open(name)).match(url)) return true; } return false; }"""
    gguf = site_url + MODEL_FILES + SMOLLM2_FILE
    poll(page, lambda: page.evaluate(stored, gguf), bool, "the model's file was not kept")
    page.context.set_offline(True)
    page.reload()
    _controlled(page)
    _writer(page).scroll_into_view_if_needed()
    _control(page, "load").click()
    expect(_writer(page)).to_have_attribute("data-model-status", "ready", timeout=LOADED_MS)
    _settings(page, prompt=STORY, temperature="0", top_k="", top_p="", seed="0", tokens="3", cache=True)
    _control(page, "play").click()
    expect(_writer(page)).to_have_attribute("data-status", "finished", timeout=STEP_MS * 3)
    assert _ids(page) == model.generate(STORY, 3).ids
