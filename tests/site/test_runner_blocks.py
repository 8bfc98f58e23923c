"""The build's mark on the blocks the runner takes over (``overrides/hooks/runner.py``): Material's ``no-copy``,
and a slot of their own (``div.runner-slot``) around each, its output block in it.

The rule: every Python block of a page except doctest-style examples (``>>>``) and blocks after
``<!-- skip: next ... -->``; the output block right after a taken block goes with it. runner.js mounts
the blocks in slots (``postbuild/runner_slots.py`` writes their toolbars into them), and
``tests/browser/test_runner.py`` checks on every runnable page that the marked blocks are exactly the
ones the runner mounts; this checks the exceptions, which no lesson uses today.
"""

from __future__ import annotations

from tests.helpers import load_hook

hook = load_hook("runner")


def _block(code_html: str, language: str = "python") -> str:
    return f'<div class="language-{language} highlight"><pre><span></span><code>{code_html}\n</code></pre></div>'


def test_the_runners_blocks_and_their_outputs_are_marked_and_no_others() -> None:
    page = "\n".join(
        [
            "<p>Text.</p>",
            _block('<span class="n">a</span> <span class="o">=</span> <span class="mi">1</span>'),
            _block("1", "output"),
            '<!-- skip: next "needs a network" -->',
            _block("b"),
            _block("2", "output"),
            _block('<span class="o">&gt;&gt;&gt;</span> <span class="mi">1</span>'),
            "<!-- a comment that is no skip -->",
            _block("c"),
            _block("x = 1", "text"),
        ]
    )
    marked = hook.mark_runner_blocks(page)
    assert marked.count('class="language-python highlight no-copy"') == 2  # a = 1, and c
    assert marked.count('class="language-output highlight no-copy"') == 1  # a's output, not the skipped block's
    assert '<div class="language-python highlight no-copy"><pre><span></span><code>c' in marked
    assert '<div class="language-python highlight"><pre><span></span><code>b' in marked
    assert '<div class="language-python highlight"><pre><span></span><code><span class="o">&gt;&gt;&gt;' in marked
    assert '<div class="language-text highlight">' in marked
    # Two slots: a = 1 with its output, and c; the comment before a block stays outside its slot.
    assert marked.count('<div class="runner-slot">') == 2
    a_slot = '<div class="runner-slot">' + _block('<span class="n">a</span> <span class="o">=</span> <span class="mi">1</span>')
    assert a_slot.replace("highlight", "highlight no-copy", 1) + "\n" + _block("1", "output").replace("highlight", "highlight no-copy") + "</div>" in marked
    assert '<!-- a comment that is no skip -->\n<div class="runner-slot"><div class="language-python highlight no-copy"><pre><span></span><code>c\n</code></pre></div></div>' in marked
    # Nothing else changed.
    assert marked.replace(" no-copy", "").replace('<div class="runner-slot">', "").replace("</div></div>", "</div>") == page


def test_a_notebooks_cells_are_left_alone() -> None:
    page = '<div class="jupyter-wrapper">' + _block("a") + "</div>"
    assert hook.mark_runner_blocks(page) == page
