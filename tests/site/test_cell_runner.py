"""site_examples/cell.py: what running one lesson block means, in CI and in the browser.

The same file runs each block under Sybil and, published as
``runner/cell.py``, in the reader's Pyodide. Checked: prints are returned and
streamed as they happen, a trailing expression is shown as a notebook shows
it (not ``None``, nor after a semicolon), blocks share a namespace,
exceptions propagate, warnings (numpy's too) and stderr take their place in
the output, a traceback is trimmed to the reader's code (frames inside the
package kept), a syntax error gives its line, ``SystemExit`` is reported
instead of exiting, and the output kept (``KeptOutput``) is exact within its
bounds and beyond them keeps the first and last lines, saying how much was
cut."""

from __future__ import annotations

import pytest

from site_examples import cell


def test_prints_are_returned() -> None:
    assert cell.run_cell("print('a')\nprint(1, 2)", {}) == "a\n1 2\n"


def test_trailing_expression_is_shown_like_a_notebook() -> None:
    assert cell.run_cell("x = 2\nx * 21", {}) == "42\n"
    assert cell.run_cell("'text'", {}) == "'text'\n"  # repr, as a notebook shows it


def test_trailing_none_semicolon_and_statements_show_nothing() -> None:
    assert cell.run_cell("None", {}) == ""
    assert cell.run_cell("1 + 1;", {}) == ""
    assert cell.run_cell("x = 3", {}) == ""
    assert cell.run_cell("", {}) == ""


def test_namespace_is_shared_between_blocks() -> None:
    namespace: dict = {}
    cell.run_cell("import math\nr = 2", namespace)
    assert cell.run_cell("round(math.pi * r**2, 2)", namespace) == "12.57\n"


def test_exceptions_propagate() -> None:
    with pytest.raises(ZeroDivisionError):
        cell.run_cell("print('before')\n1 / 0", {})
    with pytest.raises(SyntaxError):
        cell.run_cell("def (", {})


def test_warnings_are_part_of_the_output_in_order() -> None:
    source = "import warnings\nprint('a')\nwarnings.warn('careful')\nprint('b')"
    assert cell.run_cell(source, {}) == "a\nUserWarning: careful\nb\n"


def test_numpy_warnings_are_shown_not_raised() -> None:
    """pytest turns warnings into errors; a lesson block sees them as output, as the reader does."""
    out = cell.run_cell("import numpy as np\nnp.exp(np.float64(1000))", {})
    assert out == "RuntimeWarning: overflow encountered in exp\nnp.float64(inf)\n"


def test_stream_receives_output_as_it_is_printed() -> None:
    pieces: list[str] = []
    assert cell.run_cell("print('a')\nprint('b')\n7", {}, stream=pieces.append) == "a\nb\n7\n"
    assert "".join(pieces) == "a\nb\n7\n"


def test_run_block_reports_success() -> None:
    namespace: dict = {}
    assert cell.run_block("x = 6\nx * 7", namespace, "<block 1>") == (True, "42\n", "")
    assert namespace["x"] == 6


def test_run_block_keeps_output_before_an_error_and_trims_the_traceback() -> None:
    source = "print('before')\ndef f(n):\n    return 1 / n\nf(0)"
    ok, output, error = cell.run_block(source, {}, "<block 2>")
    assert not ok and output == "before\n"
    assert error.startswith("Traceback (most recent call last):\n")
    assert error.count('File "<block 2>"') == 2  # the call, then inside f
    assert "cell.py" not in error and "exec(" not in error  # the runner's own frames are gone
    assert error.rstrip().endswith("ZeroDivisionError: division by zero")


def test_run_block_reports_a_syntax_error_with_its_line() -> None:
    ok, output, error = cell.run_block("x = 1\ny = (2,\n", {}, "<block 3>")
    assert not ok and output == ""
    assert 'File "<block 3>", line 2' in error and "SyntaxError" in error


def test_run_block_keeps_frames_inside_the_package() -> None:
    ok, _, error = cell.run_block("from attention import softmax\nsoftmax([[1.0, float('nan')]])", {}, "<block 4>")
    assert not ok
    assert 'File "<block 4>", line 2' in error and "softmax.py" in error
    assert error.rstrip().endswith("ValueError: x contains NaN (shape (1, 2))")


def test_run_block_reports_system_exit_instead_of_exiting() -> None:
    ok, _, error = cell.run_block("raise SystemExit(3)", {}, "<block 5>")
    assert not ok and "SystemExit: 3" in error


def test_stderr_is_shown_with_stdout_in_order() -> None:
    source = "import sys\nprint('out 1')\nprint('err', file=sys.stderr)\nprint('out 2')"
    assert cell.run_cell(source, {}) == "out 1\nerr\nout 2\n"


def test_kept_output_is_exact_within_its_bounds_however_it_is_written() -> None:
    text = "first\n\nthird line\nno newline at the end"
    for pieces in ([text], list(text), [text[:7], text[7:20], text[20:]]):
        kept = cell.KeptOutput(lines=4, width=30)
        for piece in pieces:
            kept.write(piece)
        assert kept.text() == text


def test_kept_output_keeps_the_first_and_last_lines_and_counts_the_rest() -> None:
    kept = cell.KeptOutput(lines=3, width=100)
    for i in range(10):
        kept.write(f"{i}\n")
    assert kept.text() == "0\n1\n2\n… 4 lines not shown …\n7\n8\n9\n"


def test_kept_output_cuts_an_overlong_line_and_says_by_how_much() -> None:
    kept = cell.KeptOutput(lines=3, width=5)
    kept.write("abc")
    kept.write("defgh\nok\n")
    kept.write("x" * 12)
    assert kept.text() == "abcde … (3 more characters not shown)\nok\nxxxxx … (7 more characters not shown)"


def test_run_block_keeps_bounded_output_and_streams_cut_pieces() -> None:
    heard: list[str] = []
    ok, output, error = cell.run_block(
        "for i in range(50):\n    print(i)\nprint('y' * 50_000)", {}, "<block 1>", heard.append, cell.KeptOutput(lines=5, width=40)
    )
    assert ok and error == ""
    assert output.splitlines()[:6] == ["0", "1", "2", "3", "4", "… 41 lines not shown …"]
    assert output.splitlines()[-1] == "y" * 40 + " … (49,960 more characters not shown)"
    longest = max(heard, key=len)
    assert len(longest) < 25_000 and longest.startswith("y" * 100) and " … " in longest
