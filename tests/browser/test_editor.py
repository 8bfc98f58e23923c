"""The lesson blocks' editor: loaded only when the reader goes into a block, coloured as the page's own code
blocks in both schemes, a real Python editor (indentation, brackets, undo), under the site's policy, axe-clean."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from properdocs.exceptions import PluginError

import postbuild.shared
from tests.browser.conftest import handled, poll
from tests.browser.test_accessibility import axe_in_both_schemes, expect_scheme, report, scheme_page, settled
from tests.browser.test_csp import WATCH
from tests.browser.test_runner import LESSON, _block, _code, _editor, _run
from tests.helpers import ROOT, load_hook

hook = load_hook("runner")

OPEN_SOLUTIONS = "document.querySelectorAll('details').forEach((details) => { details.open = true; })"

# Every visible character of an element's text, with the colour it is drawn in.
COLOURED = """(root) => {
  const characters = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const colour = getComputedStyle(text.parentElement).color;
    for (const character of text.data) if (character.trim()) characters.push([character, colour]);
  }
  return characters;
}"""


def _editor_requests(page: Page) -> list[str]:
    requests: list[str] = []
    page.on("request", lambda request: request.url.endswith("/runner/editor.js") and requests.append(request.url))
    return requests


def test_the_editor_is_one_self_hosted_file_with_its_licences(built_site: Path) -> None:
    bundle = (built_site / "runner" / "editor.js").read_text(encoding="utf-8")
    source = (ROOT / "docs" / "runner" / "editor.js").read_text(encoding="utf-8")
    assert bundle != source and '"@codemirror/view"' in source  # the source names npm packages...
    # ...the published file imports nothing: every module is inside it.
    assert not re.search(r"""(?<![\w$."'])(?:from|import)\s*\(?\s*["'][^"']+["']""", bundle)
    assert "cm-content" in bundle and "cm-hl-" in bundle  # CodeMirror's view, and this course's classes
    assert re.search(r"export\s*\{\s*\w+ as createEditor\s*\}", bundle)  # what runner.js imports
    compressed = len(gzip.compress(bundle.encode("utf-8")))
    assert 60_000 < compressed < 200_000, compressed  # CodeMirror and its Python language (measured in 26ba39c)
    licences = (built_site / "runner" / "editor-licenses.txt").read_text(encoding="utf-8")
    wanted = [
        name
        for name in json.loads((ROOT / "package.json").read_text())["dependencies"]
        if name.startswith(("@codemirror/", "@lezer/", "style-mod"))
    ]
    assert len(wanted) == 7
    for name in wanted:
        version = json.loads((ROOT / "node_modules" / name / "package.json").read_text())["version"]
        assert f"\n- {name}\n" in licences and f"\n{name} {version} (MIT)\n" in licences, name
    assert licences.count("Permission is hereby granted, free of charge") >= len(wanted)


def test_the_bundle_is_cached_and_a_broken_source_fails_the_build_with_esbuilds_reason(
    tmp_path: Path, monkeypatch
) -> None:
    bundle, licences = hook.build_editor(tmp_path)
    assert bundle.stat().st_size > 100_000 and licences.read_text(encoding="utf-8").startswith(
        "runner/editor.js bundles"
    )

    def no_esbuild(*args, **kwargs):
        raise AssertionError("esbuild ran again for the same lock file and source")

    monkeypatch.setattr(postbuild.shared.subprocess, "run", no_esbuild)
    assert hook.build_editor(tmp_path) == (bundle, licences)  # from the cache
    monkeypatch.undo()
    broken = tmp_path / "editor.js"
    broken.write_text('import { EditorView } from "@codemirror/view";\nexport const x = (;\n', encoding="utf-8")
    monkeypatch.setattr(hook, "EDITOR_SOURCE", broken)
    monkeypatch.setattr(
        postbuild.shared, "files_digest", lambda paths, *extra: "a-broken-source"
    )  # it keys on repository files
    with pytest.raises(PluginError, match=r"esbuild could not bundle docs/runner/editor\.js:\n(.|\n)*Unexpected"):
        hook.build_editor(tmp_path / "other")
    assert list((tmp_path / "other").iterdir()) == []  # nothing half-built is left to be served later


def test_a_page_loads_no_editor_until_the_reader_goes_into_a_block(return_visit: Page, site_url: str) -> None:
    page = return_visit
    requests = _editor_requests(page)
    page.goto(site_url + LESSON, wait_until="networkidle")
    block = _block(page, 1)
    # The page's own Pygments block is what shows, highlighted, and it is the code.
    expect(block.locator("pre[data-runner-code] span.kn").first).to_have_text("import")
    assert _code(page, 1).startswith("import numpy as np\n")
    block.hover()
    handled(page)
    assert requests == []  # pointing at a block warms Python, but loads no editor
    _run(page, 1)  # running it gives it its editor
    expect(block.locator(".cm-content[data-runner-code]")).to_be_visible()
    assert len(requests) == 1
    _editor(page, 2)
    _editor(page, 3)
    assert len(requests) == 1  # one file, loaded once
    expect(_block(page, 4).locator("pre[data-runner-code]")).to_be_visible()  # the others stay as they were


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_editor_colours_code_as_the_page_does(open_page, site_url: str, scheme: str) -> None:
    """Every character of every block is drawn in the same colour before and after it becomes an editor."""
    page = open_page(visited=True, color_scheme=scheme)
    page.goto(site_url + "lessons/self-attention/", wait_until="networkidle")
    expect_scheme(page, scheme)
    page.evaluate(OPEN_SOLUTIONS)
    blocks = page.locator("[data-runner]")
    assert blocks.count() >= 8
    colours = set()
    for n in range(1, blocks.count() + 1):
        before = _block(page, n).locator("pre[data-runner-code] code").evaluate(COLOURED)
        editor = _editor(page, n)
        # The editor parses as it draws: wait for its colours to be the page's, then say where they differ.
        try:
            after = poll(
                page, lambda: editor.evaluate(COLOURED), lambda colours: colours == before, f"block {n}", 10_000
            )
        except AssertionError:
            after = editor.evaluate(COLOURED)  # compared below, character by character, to say where they differ
        assert "".join(c for c, _ in after) == "".join(c for c, _ in before), f"block {n}: not the same code"
        wrong = [(i, c, b, a) for i, ((c, b), (_, a)) in enumerate(zip(before, after, strict=True)) if a != b]
        assert not wrong, f"block {n}, {scheme}: {len(wrong)} characters coloured otherwise, e.g. {wrong[:5]}"
        colours |= {colour for _, colour in before}
    assert len(colours) >= 6, colours  # keywords, names, numbers, strings, comments, operators: a real comparison


def test_the_schemes_colour_the_editor_differently(open_page, site_url: str) -> None:
    keyword = {}
    for scheme in ("light", "dark"):
        page = open_page(visited=True, color_scheme=scheme)
        page.goto(site_url + LESSON)
        expect_scheme(page, scheme)
        editor = _editor(page, 1)
        keyword[scheme] = editor.locator(".cm-hl-keyword").first.evaluate(
            "(e) => [e.textContent, getComputedStyle(e).color]"
        )
        background = editor.evaluate("(e) => getComputedStyle(e.closest('.cm-editor')).backgroundColor")
        page_code = page.locator("div.language-python.highlight pre > code").first.evaluate(
            "(e) => getComputedStyle(e).backgroundColor"
        )
        assert background == page_code  # the code blocks' own background in this scheme
    assert keyword["light"][0] == keyword["dark"][0] == "import"
    assert keyword["light"][1] != keyword["dark"][1]


def test_the_caret_goes_where_the_reader_clicked(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    word = _block(page, 1).locator("pre[data-runner-code] span.nn").first  # "numpy", at offsets 7 to 12
    expect(word).to_have_text("numpy")
    word.scroll_into_view_if_needed()
    box = word.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2)
    editor = _block(page, 1).locator(".cm-content[data-runner-code]")
    expect(editor).to_be_focused()
    page.keyboard.type("X")
    code = _code(page, 1)
    assert code.startswith("import nu") and code.index("X") in (9, 10), code[:20]  # "numXpy" or "nuXmpy"


def test_what_is_typed_while_the_editor_loads_is_kept(return_visit: Page, site_url: str) -> None:
    page = return_visit
    held: list[Route] = []
    page.route("**/runner/editor.js", lambda route: held.append(route))  # answered only when the test says so
    page.goto(site_url + LESSON)
    _block(page, 1).locator("pre[data-runner-code]").focus()
    page.keyboard.type("ab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => true")
    assert len(held) == 1
    held[0].continue_()
    editor = _block(page, 1).locator(".cm-content[data-runner-code]")
    expect(editor).to_be_focused()
    assert _code(page, 1).startswith("ab\nimport numpy as np\n")
    expect(_block(page, 1)).to_have_attribute("data-runner-edited", "")


def test_an_editor_that_cannot_load_is_said_and_the_block_still_runs(
    return_visit: Page, site_url: str, traffic
) -> None:
    page = return_visit
    page.route("**/runner/editor.js", lambda route: route.abort())
    page.goto(site_url + LESSON)
    _block(page, 1).locator("pre[data-runner-code]").click()
    expect(_block(page, 1).locator("[data-runner-note]")).to_contain_text("The editor could not be loaded")
    _run(page, 1)
    expect(_block(page, 1).locator("[data-runner-output]")).to_have_text("q (3, 4)  k (3, 4)  v (3, 2)  d_k = 4\n")
    traffic.console_errors[:] = [
        e for e in traffic.console_errors if "net::ERR_FAILED" not in e and "editor.js" not in e
    ]


def test_python_editing_indents_dedents_and_matches_brackets(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    editor = _editor(page, 1)
    editor.press("Control+a")
    editor.press("Delete")
    page.keyboard.type("if x:")
    page.keyboard.press("Enter")  # a block opens: the next line is indented by four spaces
    page.keyboard.type("pass")
    page.keyboard.press("Enter")
    page.keyboard.type("else:")  # and "else:" goes back to the if's column as it is typed
    assert _code(page, 1) == "if x:\n    pass\nelse:"
    page.keyboard.press("Enter")
    page.keyboard.type("y = (1, [2")
    expect(editor.locator(".cm-nonmatchingBracket, .cm-matchingBracket")).to_have_count(0)
    page.keyboard.type("])")
    expect(editor.locator(".cm-matchingBracket")).to_have_count(2)  # the ")" typed last, and its "("
    assert _code(page, 1) == "if x:\n    pass\nelse:\n    y = (1, [2])"


def test_a_long_line_scrolls_and_is_not_cut(return_visit: Page, site_url: str) -> None:
    page = return_visit
    page.goto(site_url + LESSON)
    editor = _editor(page, 1)
    long_line = "total = " + " + ".join(str(i) for i in range(120))
    editor.fill(long_line)
    scroller = _block(page, 1).locator(".cm-scroller")
    sizes = scroller.evaluate("(e) => [e.scrollWidth, e.clientWidth]")
    assert sizes[0] > sizes[1] + 500  # the line is longer than the box, and the box scrolls
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")  # the page itself does not
    page.keyboard.press("End")
    assert scroller.evaluate("(e) => e.scrollLeft") > 0  # the caret's end of the line is brought into view
    assert _code(page, 1) == long_line
    # Lines are as close as in the page's code blocks, not double-spaced.
    line = editor.locator(".cm-line").first.evaluate("(e) => e.getBoundingClientRect().height")
    pygments = (
        _block(page, 2)
        .locator("pre[data-runner-code] code")
        .evaluate("(e) => parseFloat(getComputedStyle(e).lineHeight)")
    )
    assert abs(line - pygments) < 1.5, (line, pygments)


def test_the_editor_runs_under_the_sites_policy(return_visit: Page, site_url: str) -> None:
    """CodeMirror's own style rules come as a constructed style sheet: no <style> element, no violation."""
    page = return_visit
    page.add_init_script(WATCH)
    page.goto(site_url + LESSON)
    styles = page.evaluate("document.querySelectorAll('style').length")
    editor = _editor(page, 1)
    editor.press("End")
    page.keyboard.type("  # under the policy")
    assert page.evaluate("document.querySelectorAll('style').length") == styles
    assert page.evaluate("document.adoptedStyleSheets.length") >= 1
    # The structural rules apply: the editor lays its lines out as CodeMirror's base theme says.
    assert editor.evaluate("(e) => getComputedStyle(e).whiteSpace") == "pre"
    assert page.evaluate("window.__violations") == []


def test_the_editor_passes_axe(open_page, site_url: str) -> None:
    page = scheme_page(open_page, "light", visited=True)
    page.goto(site_url + LESSON)
    settled(page, at_once=True)
    editor = _editor(page, 2)
    editor.press("End")
    page.keyboard.type("  # edited")
    _run(page, 2)
    expect(editor).to_have_attribute("aria-label", "Code of block 2, editable")
    assert page.locator("pre[data-runner-code][role=textbox][aria-label='Code of block 1, editable']").count() == 1
    found: dict[str, list[str]] = {}
    axe_in_both_schemes(page, LESSON, found, within="[data-runner]")
    assert not found, report(found)
