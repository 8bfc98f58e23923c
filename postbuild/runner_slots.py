"""Post-build step: each lesson block the runner takes is served with its toolbar and its output panel.

``overrides/hooks/runner.py`` puts each block the runner takes (and its output block) in a
``<div class="runner-slot">``. Here that slot gets the box ``docs/runner/runner.js`` works in: the
page's bar (Run all, the state of Python, the help) in the first slot, and for each block its
toolbar (its name, Run, Reset, Stop, Copy), its code, a place for notes, and its output panel, the
output the course's tests checked already in it. The runner then adopts the box as it stands: it
enables the buttons and listens, and moves nothing. Built by the runner as it mounted, the toolbars
and the panels grew the page after the browser had laid it out, and moved the heading a reader had
arrived at through an anchor far down a lesson (measured in e5ddf27).

The buttons are disabled until the runner has mounted, and the bar and the toolbars are hidden from a
page without JavaScript (``html.no-js``, runner.css), where they would do nothing; the code and its
output show there as they are. After the search index is written (the index is made from the
pages as MkDocs renders them): the controls' words are not the lessons' text.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import TYPE_CHECKING

from site_examples.material_adapter import NO_COPY

if TYPE_CHECKING:
    from postbuild import Context

# A slot as the runner hook writes it: the block, then, in the slot too, its output block if it has one.
SLOT = re.compile(
    r'<div class="runner-slot">(?P<block><div class="language-python highlight ' + NO_COPY + r'">.*?</code></pre></div>)'
    r'(?:\s*<div class="language-output highlight ' + NO_COPY + r'"><pre>(?:<span></span>)?<code>(?P<output>.*?)</code></pre></div>)?'
    r"</div>",
    re.DOTALL,
)
_TAG = re.compile(r"<[^>]*>")
# The page's help, which every block's code names as its description (runner.js).
HELP_ID = "runner-help"
HELP = (
    "Every code block is editable and runs in your browser, in order, sharing one Python session per page. "
    "Ctrl+Enter or Shift+Enter runs a block. In the editor, Tab indents once you have clicked or typed in it; "
    "Escape, then Tab, moves on."
)
# What the page's status says until the reader shows an intent to use a block (runner.js: showPython, "idle").
PYTHON_IDLE = "Python starts when you point at or go into a block."
EXPECTED_LABEL = "Output (as checked by the course's tests)"


def _button(action: str, label: str, title: str, extra: str = "") -> str:
    return (
        f'<button type="button" class="runner-button" data-action="{action}" title="{html.escape(title)}"{extra} disabled>'
        f"{html.escape(label)}</button>"
    )


def page_bar() -> str:
    """The page's bar: Run all, Restart Python (hidden until a session runs), the state of Python, the help."""
    return (
        '<div class="runner-page" role="region" aria-label="Python in this page" data-python="idle">'
        + _button("run-all", "Run all blocks", "Run every code block of this page, in order")
        + '<button type="button" class="runner-button" data-action="restart" '
        "title=\"End this page's Python session and start a fresh one\" hidden>Restart Python</button>"
        + f'<span class="runner-page-status" aria-live="polite">{PYTHON_IDLE}</span>'
        + f'<p class="runner-help" id="{HELP_ID}">{html.escape(HELP)}</p></div>'
    )


def toolbar(number: int) -> str:
    """Block ``number``'s toolbar (1-based), its buttons disabled until the runner mounts."""
    return (
        f'<div class="runner-toolbar"><span class="runner-name">Block {number}</span>'
        + _button("run", "Run", "Run this block (Ctrl+Enter or Shift+Enter in the editor)", ' aria-keyshortcuts="Control+Enter Shift+Enter"')
        + _button("reset", "Reset", "Put back the original code of this block")
        + _button("stop", "Stop", "Stop Python (resets the page's session)")
        + _button("copy", "Copy", "Copy this block's code, with your edits, to the clipboard")
        + '<span class="runner-status" aria-live="polite"></span></div>'
    )


def output_panel(number: int, output: str | None) -> str:
    """Block ``number``'s output panel: the output block's text (``output``, its code's HTML), or hidden when it has none.

    The text alone, as the runner shows what a block prints (its line anchors and tokens go).
    """
    text = html.unescape(_TAG.sub("", output)).removesuffix("\n") if output is not None else ""
    label = EXPECTED_LABEL if output is not None else "Output"
    return (
        f'<div class="runner-output"{"" if output is not None else " hidden"}>'
        f'<div class="runner-output-label">{label}</div>'
        f'<pre data-runner-output tabindex="0" aria-label="Output of block {number}">{html.escape(text, quote=False)}</pre></div>'
    )


def with_toolbars(output: str) -> str:
    """The page's HTML with each runner slot holding the runner's box: bar (first slot), toolbar, code, notes, output.

    >>> page = ('<div class="runner-slot"><div class="language-python highlight no-copy"><pre><span></span><code>'
    ...         'print(1 &lt; 2)\\n</code></pre></div>\\n<div class="language-output highlight no-copy"><pre><span></span>'
    ...         '<code><a id="__codelineno-1-1" name="__codelineno-1-1" href="#__codelineno-1-1"></a><span class="go">True</span>\\n'
    ...         '</code></pre></div></div>')
    >>> built = with_toolbars(page)
    >>> built.count('class="runner-page"'), built.count('class="runner-toolbar"'), built.count("disabled>")
    (1, 1, 5)
    >>> built[built.index('<div class="runner-code">'):built.index('<p class="runner-note"')]
    '<div class="runner-code"><div class="language-python highlight no-copy"><pre><span></span><code>print(1 &lt; 2)\\n</code></pre></div></div>'
    >>> built[built.index('<div class="runner-output"'):]
    '<div class="runner-output"><div class="runner-output-label">Output (as checked by the course\\'s tests)</div><pre data-runner-output tabindex="0" aria-label="Output of block 1">True</pre></div></div></div>'
    >>> alone = '<div class="runner-slot"><div class="language-python highlight no-copy"><pre><span></span><code>x = 1\\n</code></pre></div></div>'
    >>> second = with_toolbars(page + alone)
    >>> second.count('class="runner-page"'), second.count("Block 2"), second.count('<div class="runner-output" hidden>')
    (1, 1, 1)
    """
    number = 0

    def box(match: re.Match[str]) -> str:
        nonlocal number
        number += 1
        return (
            '<div class="runner-slot">'
            + (page_bar() if number == 1 else "")
            + f'<div class="runner" role="group" aria-label="Code block {number}">'
            + toolbar(number)
            + f'<div class="runner-code">{match.group("block")}</div>'
            + '<p class="runner-note" data-runner-note hidden></p>'
            + output_panel(number, match.group("output"))
            + "</div></div>"
        )

    return SLOT.sub(box, output)


def step(site: Path, context: Context) -> None:
    from postbuild import rewrite_pages

    rewrite_pages(site, with_toolbars)
