"""The csp step (postbuild/csp.py) on small pages: the policy first in <head>, with each inline script's and style's hash.

The hashes below were worked out with ``openssl dgst -sha256 -binary | base64``, not with the step's code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from postbuild import Context, csp
from postbuild.shared import StepError

CONTEXT = Context(site_url="http://127.0.0.1:8000/")
A = "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"  # a()
P = "'sha256-gG2yISYereRMiG2lMXrbiUgi0Ubw9p7QCeWcroOvy9Y='"  # p{}
FIXED_AFTER_SCRIPTS = (
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'"
)


def policy(scripts: str, styles: str) -> str:
    return (
        f"default-src 'self'; script-src 'self'{scripts}; style-src-elem 'self'{styles}; "
        f"style-src-attr 'unsafe-inline'; {FIXED_AFTER_SCRIPTS}"
    )


def test_every_html_file_gets_its_own_policy_after_its_charset(tmp_path: Path) -> None:
    (tmp_path / "lesson").mkdir()
    (tmp_path / "index.html").write_text(
        '<html><head>\n<meta charset="utf-8">\n<script>a()</script><style>p{}</style>'
        '<script src="x.js"></script><script type="application/json">{"data": 1}</script></head></html>',
        encoding="utf-8",
    )
    (tmp_path / "lesson" / "index.html").write_text("<html><head><title>t</title></head></html>", encoding="utf-8")
    (tmp_path / "data.json").write_text("<head></head>", encoding="utf-8")

    csp.step(tmp_path, CONTEXT)

    assert (tmp_path / "index.html").read_text(encoding="utf-8") == (
        '<html><head>\n<meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{policy(" " + A, " " + P)}">'
        "\n<script>a()</script><style>p{}</style>"
        '<script src="x.js"></script><script type="application/json">{"data": 1}</script></head></html>'
    )
    assert (tmp_path / "lesson" / "index.html").read_text(encoding="utf-8") == (
        f'<html><head><meta http-equiv="Content-Security-Policy" content="{policy("", "")}"><title>t</title></head></html>'
    )
    assert (tmp_path / "data.json").read_text(encoding="utf-8") == "<head></head>"  # not HTML: left alone


def test_the_document_pythons_worker_starts_in_keeps_its_own_policy(tmp_path: Path) -> None:
    """runner/python-frame.html is no page (postbuild.NOT_PAGES): the pages' policy, without WebAssembly, stays out."""
    (tmp_path / "runner").mkdir()
    own = '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'none\'"></head></html>'
    (tmp_path / "runner" / "python-frame.html").write_text(own, encoding="utf-8")
    (tmp_path / "runner" / "other.html").write_text("<html><head></head></html>", encoding="utf-8")
    csp.step(tmp_path, CONTEXT)
    assert (tmp_path / "runner" / "python-frame.html").read_text(encoding="utf-8") == own
    assert policy("", "") in (tmp_path / "runner" / "other.html").read_text(encoding="utf-8")


def test_line_ends_are_kept_as_built(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_bytes(b"<html><head><script>a()</script></head>\r\n<p>x\r</p></html>")
    csp.step(tmp_path, CONTEXT)
    assert (tmp_path / "index.html").read_bytes().endswith(b"<script>a()</script></head>\r\n<p>x\r</p></html>")


def test_a_page_without_head_fails_naming_it(tmp_path: Path) -> None:
    (tmp_path / "broken.html").write_text("<p>no head</p>", encoding="utf-8")
    with pytest.raises(StepError, match=r"csp step: broken\.html has no <head>"):
        csp.step(tmp_path, CONTEXT)
