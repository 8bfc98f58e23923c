"""The in-page runner: every lesson block runs in the browser (Pyodide) with CPython's output, and the controls work."""

from __future__ import annotations

import re

import numpy as np
import pytest
from playwright.sync_api import Locator, Page, Route, expect

from site_examples import cell
from site_examples.material_adapter import CONTENT, COPY_BUTTON, NO_COPY, nav_link_ending
from tests.browser import accounting
from tests.browser.conftest import handled, poll
from tests.helpers import ROOT, load_root_conftest

DOCS = ROOT / "docs"
LESSON = "lessons/scaled-dot-product-attention/"
SOURCE = "lessons/scaled-dot-product-attention.md"

root_conftest = load_root_conftest()


def _runnable_pages() -> list[str]:
    pages = []
    for path in sorted(DOCS.rglob("*.md")):
        if re.search(r"^[ \t]*```python$", path.read_text(encoding="utf-8"), re.M):
            pages.append(path.relative_to(DOCS).as_posix())
    return pages


def _url(page: str) -> str:
    stem = page.removesuffix(".md")
    return "" if stem == "index" else stem.removesuffix("/index") + "/"


def _cpython_outputs(page: str) -> list[str]:
    """Each runnable block's output under CPython, in order, in one namespace: as Sybil runs the page."""
    document = root_conftest.lessons.parse(DOCS / page)
    blocks = [e for e in document.examples() if e.region.evaluator is root_conftest.evaluate_code]
    namespace: dict = {"__name__": "__main__"}
    defaults = np.get_printoptions()
    try:
        return [cell.run_cell(str(e.parsed), namespace, f"<block {i + 1}>") for i, e in enumerate(blocks)]
    finally:
        np.set_printoptions(**defaults)


def _wait_idle(page: Page) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-runner]')]"
        ".every(b => !['loading', 'running'].includes(b.dataset.runnerStatus))"
    )


def _block(page: Page, n: int):
    return page.locator("[data-runner]").nth(n - 1)


def _editor(page: Page, n: int) -> Locator:
    """Block n's editor, made so: the reader clicks into its code (the Pygments block becomes CodeMirror)."""
    block = _block(page, n)
    expect(block.locator("[data-runner-code]")).to_have_count(1)  # the runner has mounted the page
    shown = block.locator("pre[data-runner-code]")
    if shown.count():
        shown.click()
    editor = block.locator(".cm-content[data-runner-code]")
    expect(editor).to_be_visible()
    return editor


def _code(page: Page, n: int) -> str:
    """Block n's code as the page holds it: the `value` of its [data-runner-code] element (the DOM contract)."""
    return _block(page, n).locator("[data-runner-code]").evaluate("(element) => element.value")


def _run(page: Page, n: int, expected_status: str = "done") -> None:
    block = _block(page, n)
    block.locator("button[data-action=run]").click()
    expect(block).to_have_attribute("data-runner-status", expected_status)


def test_harness_aborts_and_reports_foreign_requests(open_page, site_url: str, traffic) -> None:
    # The page's Content-Security-Policy would refuse this fetch before the harness sees it: off for this test.
    page = open_page(bypass_csp=True)
    page.goto(site_url)
    # The evaluation waits for the fetch to fail, and the harness recorded the request before it aborted it.
    page.evaluate("fetch('https://cdn.jsdelivr.net/npm/x').catch(() => {})")
    assert traffic.blocked == ["https://cdn.jsdelivr.net/npm/x"]
    traffic.blocked.clear()  # expected here; the fixture fails any other test that does this
    traffic.console_errors.clear()


def test_there_are_lesson_pages_to_check() -> None:
    assert "lessons/scaled-dot-product-attention.md" in _runnable_pages()


@pytest.mark.long
@pytest.mark.parametrize("lesson", _runnable_pages())
def test_every_block_gives_cpythons_output(return_visit: Page, site_url: str, lesson: str) -> None:
    """Run all blocks in the browser; each block's output equals the same block's under CPython, in order.

    The lessons are visited in one browser, as a reader goes through the course: the first starts Python for
    the first time, the others from the snapshot it stored.
    """
    page = return_visit
    expected = _cpython_outputs(lesson)
    page.goto(site_url + _url(lesson))
    blocks = page.locator("[data-runner]")
    expect(blocks).to_have_count(len(expected))
    page.locator("button[data-action=run-all]").click()
    _wait_idle(page)
    statuses = blocks.evaluate_all("els => els.map(e => e.dataset.runnerStatus)")
    assert statuses == ["done"] * len(expected)
    outputs = page.locator("[data-runner-output]").evaluate_all("els => els.map(e => e.textContent)")
    for index, (browser_output, cpython_output) in enumerate(zip(outputs, expected, strict=True)):
        assert browser_output == cpython_output, f"{lesson}, block {index + 1}"


def test_running_a_later_block_first_runs_the_earlier_ones(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    _run(page, 3)
    for n in (1, 2):
        expect(_block(page, n)).to_have_attribute("data-runner-status", "done")
    expect(_block(page, 4)).to_have_attribute("data-runner-status", "idle")
    expect(_block(page, 3).locator("[data-runner-note]")).to_have_text(re.compile(r"blocks 1, 2, which had not run"))
    expect(_block(page, 3).locator("[data-runner-output]")).to_have_text("np.float64(1.0)\n")  # S[0, 2] by the loop


def test_stop_ends_an_endless_loop_and_python_restarts(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    _run(page, 1)
    editor = _editor(page, 2)
    editor.fill("while True:\n    pass")
    _block(page, 2).locator("button[data-action=run]").click()
    expect(_block(page, 2)).to_have_attribute("data-runner-status", "running")
    _block(page, 2).locator("button[data-action=stop]").click()
    expect(_block(page, 2)).to_have_attribute("data-runner-status", "idle")
    expect(_block(page, 2).locator("[data-runner-note]")).to_contain_text("session was reset")
    expect(_block(page, 1)).to_have_attribute("data-runner-status", "idle")  # its variables are gone
    editor.fill("print(d_k)")
    _run(page, 2)  # runs block 1 again in the fresh session, then this one
    expect(_block(page, 2).locator("[data-runner-output]")).to_have_text("4\n")


def test_a_syntax_error_is_reported_against_the_block(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    _editor(page, 1).fill("x = (1,\nprint(x)")
    _run(page, 1, "error")
    output = _block(page, 1).locator("[data-runner-output]").text_content()
    assert 'File "<block 1>", line' in output and "SyntaxError" in output


def test_an_exception_shows_a_traceback_trimmed_to_the_readers_code(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    _run(page, 1)
    _editor(page, 2).fill("print('partial')\nscaled_dot_product_attention = None\nq @ v")
    _run(page, 2, "error")
    output = _block(page, 2).locator("[data-runner-output]").text_content()
    assert output.startswith("partial\nTraceback (most recent call last):\n")
    assert 'File "<block 2>", line 3' in output
    assert "ValueError: matmul: Input operand 1 has a mismatch in its core dimension 0" in output
    assert "lesson_cell" not in output and "run_cell" not in output and "exec(" not in output
    expect(_block(page, 3)).to_have_attribute("data-runner-status", "idle")


def test_edit_run_reset(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    block = _block(page, 1)
    original = _code(page, 1)
    assert original.startswith("import numpy as np\n")  # the lesson's own code, from its Pygments block
    editor = _editor(page, 1)
    assert _code(page, 1) == original
    editor.fill("print('edited', 6 * 7)")
    expect(block).to_have_attribute("data-runner-edited", "")
    assert _code(page, 1) == "print('edited', 6 * 7)"
    editor.press("Control+Enter")  # the keyboard shortcut
    expect(block).to_have_attribute("data-runner-status", "done")
    expect(block.locator("[data-runner-output]")).to_have_text("edited 42\n")
    editor.fill("print('shift')")
    editor.press("Shift+Enter")  # the other shortcut
    expect(block.locator("[data-runner-output]")).to_have_text("shift\n")
    block.locator("button[data-action=reset]").click()
    expect(block).not_to_have_attribute("data-runner-edited", "")
    assert _code(page, 1) == original


def test_an_edit_survives_a_reload_until_reset(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    original = _code(page, 2)
    _editor(page, 2).fill("scores = q @ k.T  # mine")
    page.reload()
    # A block with a saved edit gets its editor at once, showing the edit.
    expect(_block(page, 2).locator(".cm-content[data-runner-code]")).to_have_text("scores = q @ k.T  # mine")
    assert _code(page, 2) == "scores = q @ k.T  # mine"
    expect(_block(page, 2)).to_have_attribute("data-runner-edited", "")
    expect(_block(page, 1).locator("pre[data-runner-code]")).to_be_visible()  # the others stay as they were
    _block(page, 2).locator("button[data-action=reset]").click()
    expect(_block(page, 2)).not_to_have_attribute("data-runner-edited", "")
    page.reload()
    expect(_block(page, 2).locator("pre[data-runner-code]")).to_be_visible()
    assert _code(page, 2) == original


def test_editing_a_block_that_ran_marks_later_blocks_stale(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    _run(page, 3)
    editor = _editor(page, 1)
    editor.press("Control+End")
    editor.press_sequentially("  # changed")
    for n in (2, 3):
        expect(_block(page, n)).to_have_attribute("data-runner-stale", "")
    expect(_block(page, 4)).not_to_have_attribute("data-runner-stale", "")  # never ran


def test_instant_navigation_mounts_the_next_page_with_a_fresh_session(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url)
    _run(page, 1)  # the home page's block defines q, k, v
    page.evaluate("window.__same_document = true")
    page.locator(nav_link_ending("scaled-dot-product-attention/")).first.click()
    page.wait_for_url(re.compile(r"scaled-dot-product-attention/(#[^/]*)?$"))
    expect(page.locator("[data-runner]")).to_have_count(len(_cpython_outputs("lessons/scaled-dot-product-attention.md")))
    assert page.evaluate("window.__same_document") is True  # no full reload: Material's instant navigation
    expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")  # the worker stayed warm
    _editor(page, 1).fill("print('output' in globals(), 'np' in globals())")
    _run(page, 1)
    expect(_block(page, 1).locator("[data-runner-output]")).to_have_text("False False\n")


STATUSES = """
window.__statuses = [];
new MutationObserver(() => {
  const status = document.querySelector('.runner-page-status');
  if (status && status.textContent !== window.__statuses.at(-1)) window.__statuses.push(status.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
IDLE = "Python starts when you point at or go into a block."


def test_python_warms_up_on_intent_not_on_scroll_and_shows_its_progress(page: Page, site_url: str) -> None:
    """Scrolling through a lesson downloads nothing of Python; the pointer coming over a block starts it."""
    page.add_init_script(STATUSES)
    runtime_requests: list[str] = []
    page.on("request", lambda request: "/pyodide/" in request.url and runtime_requests.append(request.url))
    page.goto(site_url + LESSON, wait_until="networkidle")
    expect(page.locator(".runner-page-status")).to_have_text(IDLE)
    page.mouse.move(5, 5)  # on the fixed header: the page scrolls under it, no block comes under the pointer
    for n in (1, 3, 6):
        _block(page, n).scroll_into_view_if_needed()
        handled(page)
    page.mouse.wheel(0, 400)
    page.wait_for_function("() => scrollY > 0")
    handled(page)
    assert runtime_requests == []
    expect(page.locator(".runner-page-status")).to_have_text(IDLE)
    _block(page, 6).hover()
    expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in runtime_requests)
    statuses = page.evaluate("window.__statuses")
    assert any(re.fullmatch(r"Loading the Python runtime \(\d+\.\d MB\), step 1 of 3…", s) for s in statuses), statuses
    assert any(re.fullmatch(r"Loading numpy and the attention package \(\d+\.\d MB\), step 2 of 3…", s) for s in statuses)
    assert statuses[-1] == "Python is ready."
    assert page.locator("[data-runner][data-runner-status=done]").count() == 0  # warming ran nothing


def test_python_warms_up_when_the_keyboard_reaches_a_block(page: Page, site_url: str) -> None:
    runtime_requests: list[str] = []
    page.on("request", lambda request: "/pyodide/" in request.url and runtime_requests.append(request.url))
    page.goto(site_url + LESSON, wait_until="networkidle")
    page.locator("button[data-action=run-all]").focus()
    handled(page)
    assert runtime_requests == []  # the page's own toolbar is no block
    expect(page.locator(".runner-page-status")).to_have_text(IDLE)
    page.keyboard.press("Tab")  # on to the next Tab stop: block 1's Run button
    expect(_block(page, 1).locator("button[data-action=run]")).to_be_focused()
    expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in runtime_requests)


def test_keyboard_only(return_visit: Page, site_url: str) -> None:
    """Tab moves through a block until the reader types in it, then indents; Escape then Tab moves on; the buttons work."""
    page = return_visit
    page.goto(site_url + LESSON)
    _block(page, 1).locator("button[data-action=copy]").focus()  # the toolbar's last enabled button
    page.keyboard.press("Tab")  # into the code: the editor takes the Pygments block's place, and the focus
    editor = _block(page, 1).locator(".cm-content[data-runner-code]")
    expect(editor).to_be_focused()
    original = _code(page, 1)
    page.keyboard.press("Tab")  # just arrived from the keyboard: Tab moves on, nothing is typed
    expect(_block(page, 1).locator("[data-runner-output]")).to_be_focused()
    assert _code(page, 1) == original
    page.keyboard.press("Shift+Tab")  # back into the editor
    expect(editor).to_be_focused()
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # now the reader is editing: Tab indents
    page.keyboard.type("# indented")
    assert _code(page, 1) == original + "\n    # indented"
    page.keyboard.press("Control+z")  # undo, as in any editor
    assert _code(page, 1) != original + "\n    # indented"
    page.keyboard.press("Control+y")  # and redo
    assert _code(page, 1) == original + "\n    # indented"
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Output of block 1"
    page.keyboard.press("Shift+Tab")
    expect(editor).to_be_focused()
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Tab")  # Escape lets Shift+Tab leave too, to Copy (Stop is disabled)...
    expect(_block(page, 1).locator("button[data-action=copy]")).to_be_focused()
    page.keyboard.press("Shift+Tab")  # ...then Reset
    expect(_block(page, 1).locator("button[data-action=reset]")).to_be_focused()
    page.keyboard.press("Enter")  # Reset
    expect(_block(page, 1)).not_to_have_attribute("data-runner-edited", "")
    assert _code(page, 1) == original
    _block(page, 1).locator("button[data-action=run]").focus()
    page.keyboard.press("Space")
    expect(_block(page, 1)).to_have_attribute("data-runner-status", "done")


def test_copy_puts_the_code_as_edited_on_the_clipboard(open_page, site_url: str) -> None:
    page = open_page(visited=True, permissions=["clipboard-read", "clipboard-write"])
    page.goto(site_url + LESSON)
    editor = _editor(page, 2)
    editor.press("Control+End")
    page.keyboard.type("\nprint('edited')")
    edited = _code(page, 2)
    assert edited.endswith("\nprint('edited')")
    copy = _block(page, 2).locator("button[data-action=copy]")
    copy.click()
    expect(copy).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == edited
    expect(copy).to_have_text("Copy", timeout=5000)  # then it is the Copy button again
    _block(page, 3).locator("button[data-action=copy]").click()  # a block never edited: its original code
    original = _code(page, 3)
    assert page.evaluate("navigator.clipboard.readText()") == original and original.strip()


@pytest.mark.long
def test_material_adds_its_copy_button_to_every_code_block_but_the_runners(page: Page, site_url: str) -> None:
    """The build marks the runner's blocks (and the output blocks it takes in) no-copy: exactly the ones it mounts.

    Every page with code: Material sets a block up as it first comes into view (``content.lazy``), so every
    block is scrolled to first.
    """
    runnable = _runnable_pages()
    fenced = [p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if "```" in p.read_text(encoding="utf-8")]
    with_code = sorted({*runnable, *fenced})
    others = 0
    for path in with_code:
        page.goto(site_url + _url(path))
        if path in runnable:
            expect(page.locator("[data-runner]").first).to_be_visible()
        page.evaluate(
            f"""async () => {{
              for (const code of document.querySelectorAll('{CONTENT} .highlight pre > code')) {{
                code.scrollIntoView({{ block: 'center' }});
                await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
              }}
            }}"""
        )
        page.wait_for_function(
            f"""() => document.querySelectorAll('{CONTENT} .highlight:not(.{NO_COPY}) {COPY_BUTTON}').length
              >= document.querySelectorAll('{CONTENT} .highlight:not(.{NO_COPY}) pre > code').length""",
            timeout=10_000,
        )
        counts = page.evaluate(
            f"""() => ({{
              runner: document.querySelectorAll('[data-runner]').length,
              marked: document.querySelectorAll('div.language-python.highlight.{NO_COPY}').length,
              marked_outside: document.querySelectorAll('.highlight.{NO_COPY}:not([data-runner] .highlight, [data-exercise] .highlight)').length,
              material_in_runner: document.querySelectorAll('[data-runner] {COPY_BUTTON}').length,
              slots: document.querySelectorAll('.runner-slot').length,
              in_slots: [...document.querySelectorAll('.runner-slot')]
                .filter((slot) => slot.querySelectorAll('[data-runner]').length === 1
                  && slot.querySelector(':scope > [data-runner]')).length,
              others: document.querySelectorAll('{CONTENT} .highlight:not(.{NO_COPY}) pre > code').length,
              material_on_others: document.querySelectorAll('{CONTENT} .highlight:not(.{NO_COPY}) {COPY_BUTTON}').length,
            }})"""
        )
        assert counts["marked"] == counts["runner"] and (counts["runner"] > 0) == (path in runnable), (path, counts)
        assert counts["marked_outside"] == 0 and counts["material_in_runner"] == 0, (path, counts)
        # Each block the runner took is in a slot of the build's, alone (overrides/hooks/runner.py).
        assert counts["slots"] == counts["in_slots"] == counts["runner"], (path, counts)
        assert counts["material_on_others"] == counts["others"], (path, counts)
        others += counts["others"]
    # The pages' other code (Architecture's data flow and view format): the button is checked on some blocks.
    assert others >= 2, with_code


class _Walk:
    """Back and forth between two lessons by their navigation links (Material's instant navigation).

    The reader also clicks into block 1 on each page (its editor loads) and types in it. ``readings`` holds what
    the course's scripts had registered and not given back (``tests/browser/accounting.py``) at the changes
    :meth:`to` was asked to read. Only locators are used, never element handles.
    """

    pages = ("lessons/self-attention/", LESSON)

    def __init__(self, page: Page, site_url: str) -> None:
        self.page, self.site_url = page, site_url
        self.change = 0
        self.readings: dict[int, accounting.Reading] = {}
        page.goto(site_url + LESSON)
        page.evaluate("window.__same_document = true")

    def to(self, last: int, read: tuple[int, ...]) -> dict[int, accounting.Reading]:
        page = self.page
        while self.change < last:
            self.change += 1
            target = self.pages[(self.change - 1) % 2]
            page.evaluate("document.querySelector('article').dataset.left = ''")
            accounting.go(page, page.locator(nav_link_ending(target.split("/")[-2] + "/")).first)
            # Material's navigation.tracking may already have put the heading in view into the address (#...).
            page.wait_for_url(re.compile(re.escape(target) + r"(#[^/]*)?$"))
            expect(page.locator("article:not([data-left]) h1")).to_be_visible()
            expect(page.locator("article:not([data-left]) [data-runner]").first).to_be_visible()
            editor = _editor(page, 1)
            editor.press("Control+End")
            editor.press_sequentially(" ")
            # Going into a block warms Python up; the page's session is there from the first page on.
            expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")
            # The runner builds a page's blocks a few a frame and enables "Run all" after the last.
            expect(page.locator("article:not([data-left]) button[data-action=run-all]")).to_be_enabled()
            if self.change in read:
                self.readings[self.change] = accounting.reading(page)
        assert page.evaluate("window.__same_document") is True  # no reload: every change was instant
        return self.readings


@pytest.mark.long
def test_instant_navigation_leaves_nothing_of_the_runner_behind(open_page, site_url: str) -> None:
    """Mounted and unmounted ten times, the runner (its editor used on every page) gives back all it registered.

    What the course's scripts hold at the 2nd page change (the Python session's worker and its listeners,
    which last the visit, and the page's own blocks) is held again, entry for entry, at the 12th, on the
    same page: a listener, interval, observer or worker that a page left behind would be counted ten times
    over by then, and is named by the line that registered it.
    """
    page = open_page(visited=True)
    accounting.install(page.context)
    readings = _Walk(page, site_url).to(12, (2, 12))
    assert page.locator(".cm-content[data-runner-code]").count() >= 1  # the editor was there, and in use
    assert readings[2] == readings[12], accounting.difference(readings[2], readings[12])
    # The reading is not empty: the runner's session and blocks are counted, so a leak of theirs would show.
    assert any(where.startswith("runner/") for _, _, where in readings[12]), readings[12]


# Every element the runner adds, and the container it was added to, from before the page's scripts run.
INSERTIONS = """
window.__runnerInsertions = [];
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      // The slots themselves come with the page (the parser puts them in).
      if (node.nodeType === Node.ELEMENT_NODE && [...node.classList].some((name) => name.startsWith("runner") && name !== "runner-slot")) {
        window.__runnerInsertions.push({added: node.className, into: record.target.className || record.target.tagName});
      }
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def test_the_runner_builds_only_inside_its_blocks_slots(open_page, site_url: str) -> None:
    """The runner's elements are inside each block's slot, never straight in the lesson, as the page starts and runs.

    Material's rule for whatever follows a class-less table in its text has Chromium restyle every element of a container
    into which an element with a class goes: into the lesson, the whole lesson (traced on a long one in
    cc410da). A block's slot holds only the block. The build writes the bar and the blocks' boxes into the slots
    (postbuild/runner_slots.py), so they are seen going in as the page is parsed; the runner adds nothing as it mounts.
    """
    page = open_page(visited=True)
    page.add_init_script(INSERTIONS)
    page.goto(site_url + "lessons/attention-at-scale/")
    expect(page.locator("[data-runner]")).to_have_count(len(_cpython_outputs("lessons/attention-at-scale.md")))
    _run(page, 1)
    insertions = page.evaluate("window.__runnerInsertions")
    added = {entry["added"] for entry in insertions}
    assert {"runner-page", "runner"} <= added, insertions  # the bar and the blocks were seen going in
    assert [entry for entry in insertions if "runner-slot" not in entry["into"].split() and not entry["into"].startswith("runner")] == []


def test_components_can_call_python_in_a_namespace_of_their_own(return_visit: Page, site_url: str) -> None:
    """window.attentionCourse.python.call: the visualizer's way in; separate from the page's session."""
    page = return_visit
    page.goto(site_url + LESSON)
    _run(page, 1)  # the page's session has q, k, v
    result = page.evaluate(
        """async () => {
          const python = window.attentionCourse.python;
          const first = await python.call("import json\\nfrom attention import softmax\\nw = softmax([0.0, 0.0])\\nprint(json.dumps(w.tolist()))");
          const second = await python.call("'q' in globals(), w.sum()");
          let error = null;
          try { await python.call("1 / 0"); } catch (e) { error = e.message; }
          return { first, second, error };
        }"""
    )
    assert result["first"] == "[0.5, 0.5]\n"
    assert result["second"] == "(False, np.float64(1.0))\n"  # state kept between calls, none of the page's
    assert result["error"].startswith("Traceback (most recent call last):\n") and "ZeroDivisionError" in result["error"]


# Each runner block's box as laid out now: [top, height] in the page, in px.
BOXES = """() => [...document.querySelectorAll('.runner-slot')].map((slot) => {
  const box = slot.getBoundingClientRect();
  return [box.top + scrollY, box.height];
})"""


@pytest.mark.parametrize("width, height", [(1350, 940), (390, 844)])
def test_the_built_page_holds_the_runners_boxes_so_mounting_moves_nothing(
    open_page, site_url: str, width: int, height: int
) -> None:
    """Built by the runner as it mounted, each block's toolbar and output panel grew the page after the browser had
    laid it out (and scrolled to an anchor: e5ddf27 measured what that moved).
    The build writes them (postbuild/runner_slots.py), their buttons disabled, and the runner adopts them: with
    runner.js held back, then let through (the page's other components mount after it), every block's box keeps its
    place and size, to the pixel; only then are the buttons enabled. In the page's order: block n is the page's nth Python block."""
    lesson = "lessons/self-attention.md"  # the most blocks
    expected = len(_cpython_outputs(lesson))
    assert expected >= 20
    page = open_page(viewport={"width": width, "height": height})
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)  # answered below, once the page is measured

    page.route("**/runner/runner.js", hold)
    page.goto(site_url + _url(lesson))
    poll(page, lambda: len(held), lambda count: count == 1, "the page asked for runner.js")
    page.wait_for_function("() => !document.querySelector('template[data-later]')")  # later.js drew what waited
    handled(page)
    before = page.evaluate(BOXES)
    assert len(before) == expected
    assert page.locator("[data-runner]").count() == 0  # not mounted yet
    expect(page.locator(".runner-toolbar").first).to_be_visible()
    expect(page.locator(".runner-toolbar button[data-action=run]").first).to_be_disabled()
    expect(page.locator("button[data-action=run-all]")).to_be_disabled()
    held[0].continue_()
    expect(page.locator("[data-runner]")).to_have_count(expected)
    expect(page.locator("button[data-action=run-all]")).to_be_enabled()
    expect(page.locator("[data-runner] button[data-action=run]").last).to_be_enabled()
    handled(page)
    after = page.evaluate(BOXES)
    assert after == before
    names = page.locator("[data-runner] .runner-name").all_text_contents()  # those in closed solutions too
    assert names == [f"Block {n}" for n in range(1, expected + 1)]


def test_without_javascript_the_blocks_show_their_code_and_output_and_no_dead_controls(browser, site_url: str) -> None:
    """Without JavaScript the runner's bar and toolbars would do nothing: they are not shown, nor reachable; each block
    shows its code and the output the course's tests checked, and the code is no text box."""
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + LESSON)
        expect(page.locator(".runner-slot")).to_have_count(len(_cpython_outputs(SOURCE)))
        expect(page.locator(".runner-page")).to_be_hidden()
        assert page.locator(".runner-toolbar:visible").count() == 0
        assert page.locator(".runner-slot [role=textbox], .runner-slot button:visible").count() == 0
        # The lesson's output fences, as its Markdown has them, each shown under its block.
        source = (DOCS / SOURCE).read_text(encoding="utf-8")
        fenced = [
            "\n".join(line.removeprefix(indent) for line in text.split("\n"))
            for indent, text in re.findall(r"^([ \t]*)```output\n(.*?)\n\1```$", source, re.MULTILINE | re.DOTALL)
        ]
        shown = page.locator(".runner-output:not([hidden]) [data-runner-output]").all_text_contents()
        assert shown == fenced and len(shown) >= 10
        expect(page.locator(".runner-code pre").first).to_be_visible()
    finally:
        context.close()
