"""Every built page carries a Content-Security-Policy that allows only the site's own origin, and its own inline code.

The policy is the first thing in each page's head, after its charset (which
stays within the first 1,024 bytes). Scripts come from the site's origin
(and WebAssembly may compile); every inline script the page runs is allowed
by its sha256, and no other hash, host or ``unsafe-*`` source is; objects
are refused and the base URL is the site's own. The browser side is
``tests/browser/test_csp.py``."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

META = re.compile(r'<head[^>]*>\s*<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="([^"]+)">')
SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)


def _directives(policy: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in policy.split(";") if part.strip())}


def test_every_page_has_the_policy_first_in_its_head(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
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
        # WebAssembly and blob: scripts for the Python worker, which inherits this policy (its data: URL allowed below).
        assert script[:3] == ["'self'", "'wasm-unsafe-eval'", "blob:"], page
        assert all(value.startswith("'sha256-") for value in script[3:]), page  # nothing else: no host, no unsafe-*
        assert rules["worker-src"] == ["'self'", "data:"], page
        assert rules["connect-src"] == ["'self'"], page  # so the worker, too, connects to the site only
        for name in ("style-src-elem", "img-src", "font-src"):
            assert all(v in ("'self'", "data:") or v.startswith("'sha256-") for v in rules[name] if v != "blob:"), (page, name)
        assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'self'"]
        # Every inline script that runs is allowed by its hash, and nothing more is.
        hashes = {
            "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
            for attrs, body in SCRIPT.findall(html)
            if "application/json" not in attrs
        }
        assert set(script[3:]) == hashes, page.relative_to(built_site)
