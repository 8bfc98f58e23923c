"""Every built page carries a Content-Security-Policy that allows only the site's own origin, and its own inline code.

The policy is the first thing in each page's head, after its charset (which
stays within the first 1,024 bytes). Scripts come from the site's origin;
every inline script the page runs is allowed by its sha256, and no other
hash, host, ``blob:``, ``'wasm-unsafe-eval'`` or ``unsafe-*`` source is;
workers come from the site only; objects are refused and the base URL is the
site's own. The one HTML file that is no page, the document Python's worker
starts in, keeps its own policy, which allows WebAssembly, ``blob:`` scripts
and a ``data:`` worker and nothing else. The browser side is
``tests/browser/test_csp.py``."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from postbuild import NOT_PAGES

META = re.compile(r'<head[^>]*>\s*<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="([^"]+)">')
SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)


def _directives(policy: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in policy.split(";") if part.strip())}


def test_every_page_has_the_policy_first_in_its_head(built_site: Path) -> None:
    pages = sorted(
        page for page in built_site.rglob("*.html") if page.relative_to(built_site).as_posix() not in NOT_PAGES
    )
    assert len(pages) >= 14
    for page in pages:
        html = page.read_text(encoding="utf-8")
        match = META.search(html)
        assert match, f"{page.relative_to(built_site)}: no Content-Security-Policy first in <head>, after its charset"
        # The encoding is declared within the first 1,024 bytes, as HTML requires (a long policy once pushed it out).
        assert html.encode("utf-8").find(b'<meta charset="utf-8">') < 1024 - len('<meta charset="utf-8">'), page
        rules = _directives(match.group(1))
        assert rules["default-src"] == ["'self'"]
        script = rules["script-src"]
        # No WebAssembly and no blob: scripts: only the frame Python's worker starts in allows them (below).
        assert script[0] == "'self'", page
        assert all(value.startswith("'sha256-") for value in script[1:]), page  # nothing else: no host, no unsafe-*
        assert rules["worker-src"] == ["'self'"], page
        assert rules["connect-src"] == ["'self'"], page
        for name in ("style-src-elem", "img-src", "font-src"):
            assert all(v in ("'self'", "data:") or v.startswith("'sha256-") for v in rules[name] if v != "blob:"), (page, name)
        assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'self'"]
        # Every inline script that runs is allowed by its hash, and nothing more is.
        hashes = {
            "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
            for attrs, body in SCRIPT.findall(html)
            if "application/json" not in attrs
        }
        assert set(script[1:]) == hashes, page.relative_to(built_site)


def test_the_document_pythons_worker_starts_in_has_its_own_policy(built_site: Path) -> None:
    """runner/python-frame.html: only what the worker needs, its one policy, no script, no page's parts."""
    assert NOT_PAGES == ("runner/python-frame.html",)
    html = (built_site / NOT_PAGES[0]).read_text(encoding="utf-8")
    policies = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert len(policies) == 1, policies  # the csp step did not add the pages' policy
    assert _directives(policies[0]) == {
        "default-src": ["'none'"],
        "script-src": ["'wasm-unsafe-eval'", "blob:"],
        "worker-src": ["data:"],
        "base-uri": ["'none'"],
        "form-action": ["'none'"],
    }
    assert "<script" not in html and "<link" not in html and "md-" not in html
