"""Framed by another site, the buttons that remove or reload ask first; declined, they do nothing; unframed, they ask nothing.

Until a host sends ``frame-ancestors 'none'`` (``tests/browser/test_host_headers.py``), another
site can show the course in a frame and lead a reader to click. Here a page of another loopback
origin (the ``framed`` fixture of ``tests/browser/conftest.py``, a page served on the loopback
at a port of its own) frames a course page, and each button is clicked in the frame: Restart Python (on a lesson, with
a session running), Remove the offline copy (on "How the code runs"), and Reload in the
new-version banner (after a second deploy, as ``test_offline.py`` makes one). Each opens a
confirmation that says the page is framed and what the button does; dismissed, the session, the
offline copy and the old version are still there; accepted, the button does its work. The same
clicks on the page itself open no dialog.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Dialog, FrameLocator, Page, expect

from tests.browser import test_offline
from tests.browser.conftest import handled
from tests.browser.test_offline import CHANGED, CHANGED_TEXT, LESSON, _controlled

# test_offline.py's fixtures, here too (pytest finds a module's fixtures among its names).
page_on = test_offline.page_on
two_deploys = test_offline.two_deploys

# The ``framed`` fixture: framed(page, url) shows url in a frame of another site's page, and gives the frame.
Framing = Callable[[Page, str], FrameLocator]

FRAMED = "This course page is shown inside another website's page"
RESTART = "Restart Python? Everything this page's blocks have run will be lost."
REMOVE = "Remove the course's offline copy from this device?"
RELOAD = "Reload it now with the new version of the course?"


class Dialogs:
    """Every dialog ``page`` opens, its frames' included, as (type, message); each accepted when ``accept`` is set."""

    def __init__(self, page: Page) -> None:
        self.asked: list[tuple[str, str]] = []
        self.accept = False
        page.on("dialog", self._answer)

    def _answer(self, dialog: Dialog) -> None:
        self.asked.append((dialog.type, dialog.message))
        if self.accept:
            dialog.accept()
        else:
            dialog.dismiss()


def _confirmation(question: str) -> tuple[str, str]:
    return ("confirm", f"{FRAMED}, which may have led you to this button. {question}")


def _block(root: Page | FrameLocator, n: int):
    return root.locator("[data-runner]").nth(n - 1)


def _run(root: Page | FrameLocator, n: int) -> None:
    _block(root, n).locator("button[data-action=run]").click()
    expect(_block(root, n)).to_have_attribute("data-runner-status", "done")


def test_restart_python_asks_first_in_a_framed_page_only(return_visit: Page, site_url: str, framed: Framing) -> None:
    page = return_visit
    dialogs = Dialogs(page)
    # On the page itself: Restart ends the session at once, without a question.
    page.goto(site_url + LESSON)
    _run(page, 1)
    page.locator("button[data-action=restart]").click()
    expect(_block(page, 1)).to_have_attribute("data-runner-status", "idle")
    expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")
    assert dialogs.asked == []

    frame = framed(page, site_url + LESSON)
    _run(frame, 1)
    restart = frame.get_by_role("button", name="Restart Python")
    restart.click()  # dismissed: the session and what block 1 ran are kept
    assert dialogs.asked == [_confirmation(RESTART)]
    handled(page)
    expect(_block(frame, 1)).to_have_attribute("data-runner-status", "done")
    expect(frame.locator(".runner-page-status")).to_have_text("Python is ready.")
    dialogs.accept = True
    restart.click()
    assert dialogs.asked == [_confirmation(RESTART)] * 2
    expect(_block(frame, 1)).to_have_attribute("data-runner-status", "idle")  # its variables went with the session
    expect(frame.locator(".runner-page-status")).to_have_text("Python is ready.")


def test_remove_the_offline_copy_asks_first_in_a_framed_page_only(
    open_page: Callable[..., Page], site_url: str, framed: Framing
) -> None:
    page = open_page(service_workers="allow")
    dialogs = Dialogs(page)
    frame = framed(page, site_url + "how-the-code-runs/")
    (child,) = page.main_frame.child_frames
    child.wait_for_function("() => navigator.serviceWorker.controller !== null")
    storage = frame.locator("[data-offline-storage]")
    frame.get_by_role("button", name="Measure again").click()
    expect(storage).to_have_attribute("data-offline-state", "on")
    registrations = "() => navigator.serviceWorker.getRegistrations().then((found) => found.length)"

    remove = frame.get_by_role("button", name="Remove the offline copy")
    remove.click()  # dismissed: nothing is removed
    assert dialogs.asked == [_confirmation(REMOVE)]
    handled(page)
    expect(storage).to_have_attribute("data-offline-state", "on")
    expect(storage.locator("[data-offline-summary]")).not_to_contain_text("Removed")
    assert child.evaluate(registrations) == 1
    dialogs.accept = True
    remove.click()
    assert dialogs.asked == [_confirmation(REMOVE)] * 2
    expect(storage).to_have_attribute("data-offline-state", "off")
    expect(storage.locator("[data-offline-summary]")).to_contain_text("Removed")
    assert child.evaluate(registrations) == 0

    # On the page itself: Keep, then Remove, without a question.
    dialogs.accept = False
    page.goto(site_url + "how-the-code-runs/")
    storage = page.locator("[data-offline-storage]")
    expect(storage).to_have_attribute("data-offline-state", "off")
    page.get_by_role("button", name="Keep the course for offline use").click()
    expect(storage).to_have_attribute("data-offline-state", "on")
    page.get_by_role("button", name="Remove the offline copy").click()
    expect(storage).to_have_attribute("data-offline-state", "off")
    assert page.evaluate(registrations) == 0
    assert dialogs.asked == [_confirmation(REMOVE)] * 2


def test_reload_asks_first_in_a_framed_page(page_on, two_deploys, framed: Framing) -> None:
    """Unframed, Reload asks nothing: test_offline.py's deploy test clicks it so."""
    url, deploy, _ = two_deploys
    page = page_on(url)
    dialogs = Dialogs(page)
    page.goto(url + CHANGED)
    _controlled(page)
    deploy()
    # A navigation makes the browser look for a new worker, which installs and waits for the reader.
    root = framed(page, url + CHANGED)
    banner = root.get_by_role("status").filter(has_text="A new version of the course is available")
    reload_button = banner.get_by_role("button", name="Reload")
    expect(reload_button).to_be_visible()
    reload_button.click()  # dismissed: the page stays on the first build, the button can be pressed again
    assert dialogs.asked == [_confirmation(RELOAD)]
    handled(page)
    expect(reload_button).to_be_enabled()
    expect(root.locator("[data-second-build]")).to_have_count(0)
    dialogs.accept = True
    reload_button.click()
    expect(root.locator("[data-second-build]")).to_have_text(CHANGED_TEXT)
    assert dialogs.asked == [_confirmation(RELOAD)] * 2
