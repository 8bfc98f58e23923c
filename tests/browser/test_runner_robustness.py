"""Nothing a reader's code does can freeze or strand the page: floods of output, a failed or stalled start,
a worker that dies, input(), os._exit; Restart Python is there whenever a session is."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import poll
from tests.browser.test_runner import LESSON, _block, _code, _editor, _run


def _wait_for_session(page: Page) -> None:
    """Until the page's Python session exists: the runner (which imports it) is loaded after the page, by components.js."""
    page.wait_for_function("() => Boolean(window.attentionCourse && window.attentionCourse.python)")


def _edit_and_run(page: Page, n: int, code: str, status: str = "done") -> str:
    _editor(page, n).fill(code)
    _run(page, n, status)
    return _block(page, n).locator("[data-runner-output]").text_content() or ""


def test_a_hundred_thousand_lines_keep_their_ends_and_the_page_responsive(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    output = _edit_and_run(page, 1, "for i in range(100_000):\n    print(i)")
    lines = output.splitlines()
    assert lines[:3] == ["0", "1", "2"] and lines[999] == "999"
    assert lines[1000] == "… 98,000 lines not shown …"
    assert lines[-1] == "99999" and len(lines) == 2001


def test_stop_stays_clickable_while_a_block_prints_without_end(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    block = _block(page, 1)
    _editor(page, 1).fill("i = 0\nwhile True:\n    print(i)\n    i += 1")
    block.locator("button[data-action=run]").click()
    expect(block.locator("[data-runner-output]")).to_contain_text("\n1000\n")  # printing, and drawn as it goes
    # The page answers at once while Python floods it with output: a frozen page would time this out.
    assert page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => resolve(true)))")
    block.locator("button[data-action=stop]").click(timeout=10_000)
    expect(block).to_have_attribute("data-runner-status", "idle")
    expect(block.locator("[data-runner-note]")).to_contain_text("Stopped")


def test_one_enormous_line_is_cut_not_kept(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    output = _edit_and_run(page, 1, "print('x' * 50_000_000)")
    assert output.startswith("x" * 2000 + " … (49,998,000 more characters not shown)")
    assert len(output) < 3000


def test_a_failed_start_says_what_failed_and_retry_starts_afresh(page: Page, site_url: str, traffic) -> None:
    failing = {"on": True}

    def stdlib(route: Route) -> None:
        if failing["on"]:
            route.fulfill(status=404, body="not found")
        else:
            route.continue_()

    page.route("**/pyodide/python_stdlib.zip", stdlib)
    page.goto(site_url + LESSON)
    _block(page, 1).locator("button[data-action=run]").click()
    expect(_block(page, 1)).to_have_attribute("data-runner-status", "error")
    status = page.locator(".runner-page-status")
    expect(status).to_contain_text("Python could not start: the Python runtime could not be loaded")
    expect(status).to_contain_text("not a problem with your code")
    text = status.text_content() or ""
    assert "[object Object]" not in text and "    at " not in text and ".js:" not in text
    output = _block(page, 1).locator("[data-runner-output]").text_content() or ""
    assert "    at " not in output
    expect(_block(page, 1).locator("button[data-action=run]")).to_be_enabled()
    retry = page.locator("button[data-action=restart]")
    expect(retry).to_have_text("Retry")
    # Chromium logs the failed request (the page fetches Python's files for its worker): expected here, and only here.
    assert traffic.console_errors == ["Failed to load resource: the server responded with a status of 404 (Not Found)"]
    traffic.console_errors.clear()
    failing["on"] = False
    retry.click()
    expect(status).to_have_text("Python is ready.")
    _run(page, 1)


@pytest.mark.parametrize(
    "stalled_file",
    [
        "pyodide.asm.wasm",  # given to the worker as it comes, once it has its start message
        # What the worker is given first: stalled, the worker has nothing to answer yet, and the watchdog alone must
        # end the start (it once only failed requests the worker had been sent).
        "pyodide.asm.js",
    ],
)
def test_a_stalled_start_times_out_with_a_reason(page: Page, site_url: str, stalled_file: str) -> None:
    stalled: list[Route] = []
    page.route(f"**/pyodide/{stalled_file}", lambda route: stalled.append(route))  # never answered
    page.goto(site_url + LESSON)
    _wait_for_session(page)
    page.evaluate("window.attentionCourse.python.startStepTimeoutMs = 3000")
    _block(page, 1).locator("button[data-action=run]").click()
    status = page.locator(".runner-page-status")
    expect(status).to_contain_text("nothing arrived for 3 s while loading the Python runtime", timeout=20_000)
    expect(_block(page, 1)).to_have_attribute("data-runner-status", "error")
    retry = page.locator("button[data-action=restart]")
    expect(retry).to_have_text("Retry")
    page.unroute(f"**/pyodide/{stalled_file}")
    page.evaluate("window.attentionCourse.python.startStepTimeoutMs = 90000")
    retry.click()
    expect(status).to_have_text("Python is ready.")
    _run(page, 1)


# What Chromium logs when the frame's policy refuses a worker (_refusing_frames).
REFUSED = "violates the following Content Security Policy directive: \"worker-src 'none'\""


def _refusing_frames(page: Page, site_url: str, refusals: int, traffic) -> list[str]:
    """The frame Python's worker starts in, its policy refusing the worker for its first ``refusals`` loads (as a
    browser that loses a worker as it begins); the list of the frame's loads, each "refused" or "kept". Chromium's
    log of each refusal is expected."""
    traffic.expected.append(REFUSED)
    loads: list[str] = []

    def frame(route: Route) -> None:
        response = route.fetch()
        if len(loads) < refusals:
            loads.append("refused")
            route.fulfill(response=response, body=response.text().replace("worker-src data:", "worker-src 'none'"))
        else:
            loads.append("kept")
            route.fulfill(response=response)

    page.route(site_url + "runner/python-frame.html", frame)
    return loads


def test_a_worker_lost_as_it_begins_is_replaced_unseen(page: Page, site_url: str, traffic) -> None:
    """A worker that ends before it has said anything ran nothing of the reader's: the start makes another in
    a fresh frame, and the reader sees Python start. Held until the first worker has failed: the runtime's JavaScript,
    so that the start is still waiting on it (it once left the page "running…" for good)."""
    loads = _refusing_frames(page, site_url, 1, traffic)
    held: list[Route] = []
    page.route("**/pyodide/pyodide.asm.js", lambda route: held.append(route))
    page.goto(site_url + LESSON)
    _block(page, 1).locator("button[data-action=run]").click()
    poll(page, lambda: len(loads), lambda count: count == 2, "no fresh frame was loaded for a second worker")
    page.unroute("**/pyodide/pyodide.asm.js")
    for route in held:
        route.continue_()
    expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")
    expect(_block(page, 1)).to_have_attribute("data-runner-status", "done")
    assert loads == ["refused", "kept"]
    assert traffic.expected_errors  # the one refusal, which the page said nothing of


def test_a_worker_lost_twice_as_it_begins_fails_the_start_with_the_reason(page: Page, site_url: str, traffic) -> None:
    """Lost again, the start fails and says so, whatever its downloads do after."""
    loads = _refusing_frames(page, site_url, 2, traffic)
    page.goto(site_url + LESSON)
    _block(page, 1).locator("button[data-action=run]").click()
    status = page.locator(".runner-page-status")
    expect(_block(page, 1)).to_have_attribute("data-runner-status", "error")
    # (Which step it was loading depends on when the second refusal came: the list of files, or the runtime.)
    expect(status).to_contain_text(
        re.compile(r"^Python could not start: .* \(the Python worker crashed \(no reason given\)\)")
    )
    assert loads == ["refused", "refused"]
    page.locator("button[data-action=restart]").click()  # Retry: a fresh frame, kept this time
    expect(status).to_have_text("Python is ready.")
    assert loads == ["refused", "refused", "kept"]


def test_restart_python_is_there_whenever_a_session_is(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    restart = page.locator("button[data-action=restart]")
    expect(restart).to_be_hidden()  # no session yet
    _run(page, 1)
    expect(restart).to_be_visible()
    output = _edit_and_run(page, 2, "big = [0] * 2**30  # 4 GiB of pointers: more than wasm32 can address", "error")
    assert "MemoryError" in output
    expect(_block(page, 2).locator("[data-runner-note]")).to_contain_text("press Restart Python")
    restart.click()
    expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")
    expect(_block(page, 1)).to_have_attribute("data-runner-status", "idle")  # its variables went with the session
    output = _edit_and_run(page, 2, "print(d_k)")  # block 1 runs again first
    assert output == "4\n"


def test_a_worker_that_python_closes_is_noticed_and_replaced(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    output = _edit_and_run(page, 1, "import js\njs.close()", "error")
    assert "Python closed its own worker" in output
    expect(page.locator(".runner-page-status")).to_contain_text("Python stopped: Python closed its own worker")
    assert _edit_and_run(page, 1, "print('back')") == "back\n"


def test_os_exit_is_reported_in_pythons_words(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    output = _edit_and_run(page, 1, "import os\nos._exit(3)", "error")
    assert output.startswith("Python exited (os._exit(3)): this page's Python session has ended.")
    assert "    at " not in output
    assert _edit_and_run(page, 1, "print('back')") == "back\n"


def test_input_says_it_is_not_supported(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    output = _edit_and_run(page, 1, "name = input('Your name? ')", "error")
    assert "EOFError: input() is not supported in the page" in output
    assert "Errno 29" not in output


def test_an_oversized_saved_edit_is_removed_and_said_so(return_visit: Page, site_url: str) -> None:
    """A stored edit of a million lines (from a paste, or tampering) would slow every visit: it is dropped, with a note."""
    page = return_visit
    page.add_init_script(
        """
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('attention-course:code:' + location.pathname + '#0', 'x\\n'.repeat(1_000_000));
        }
        """
    )
    page.goto(site_url + LESSON)
    block = _block(page, 1)
    expect(block.locator("[data-runner-note]")).to_contain_text(
        "too long to restore (2,000,000 characters) and was removed"
    )
    assert _code(page, 1).startswith("import numpy as np\n")  # the lesson's code, not the stored one
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('attention-course:code:')).length") == 0
    # Edits that long are not stored in the first place; the reader is told, and the edit stays in the page.
    editor = _editor(page, 1)
    editor.press("Control+a")
    # A paste, as the browser delivers it (typing 120,000 characters one by one would take minutes).
    editor.evaluate(
        """(editor) => {
          const clipboardData = new DataTransfer();
          clipboardData.setData('text/plain', 'y = 2\\n'.repeat(20_000));
          editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
        }"""
    )
    expect(block.locator("[data-runner-note]")).to_contain_text("too long to keep in your browser")
    assert _code(page, 1) == "y = 2\n" * 20_000
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('attention-course:code:')).length") == 0


def test_a_full_storage_is_said_not_silent(page: Page, site_url: str) -> None:
    page.goto(site_url + LESSON)
    page.evaluate(
        """() => {
          // Fill the site's storage to the last byte: halve the piece whenever it no longer fits.
          for (let i = 0, size = 500_000; size >= 1; ) {
            try { localStorage.setItem('filler-' + i++, 'z'.repeat(size)); } catch { size = Math.floor(size / 2); }
          }
        }"""
    )
    block = _block(page, 1)
    _editor(page, 1).fill("print('an edit worth keeping, of some length, to be sure it does not fit')")
    expect(block.locator("[data-runner-note]")).to_contain_text("storage for this site is full")
    _run(page, 1)  # the edit still runs
    expect(block.locator("[data-runner-output]")).to_have_text(
        "an edit worth keeping, of some length, to be sure it does not fit\n"
    )


def test_a_stalled_download_fails_with_a_reason_and_can_be_retried(page: Page, site_url: str) -> None:
    stalled: list[Route] = []
    page.route("**/models/all-MiniLM-L6-v2/config.json", lambda route: stalled.append(route))  # never answered
    page.goto(site_url + LESSON)
    _wait_for_session(page)
    page.evaluate("window.attentionCourse.python.downloadStallMs = 2000")
    fetch = "window.attentionCourse.python.fetchFile('../../models/all-MiniLM-L6-v2/config.json', '/tmp/config.json')"
    error = page.evaluate(f"{fetch}.then(() => 'fetched', (error) => error.message)")
    assert error.endswith("config.json: the download stalled (nothing arrived for 2 s)"), error
    page.unroute("**/models/all-MiniLM-L6-v2/config.json")
    result = page.evaluate(f"{fetch}.then((r) => r.bytes)")
    assert result > 100
