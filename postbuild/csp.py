"""Post-build step: a Content-Security-Policy on every page, as a ``<meta>`` tag (static hosts cannot send headers).

The policy lets a page load scripts, styles, fonts, images, workers and
connections from the site's own origin only, so that an injection, if one ever
got in, could neither load nor send anything elsewhere:

- scripts: the site's files, and the inline scripts the page was built with (each
  allowed by its sha256, computed here from the final HTML: Material's few
  lines that restore the colour scheme, for one); no ``'wasm-unsafe-eval'``,
  no ``blob:``: no page compiles WebAssembly or runs a script it made;
- workers: the site's files. The page's Python runs in a worker started from
  a ``data:`` URL, which needs WebAssembly and ``blob:`` scripts; such a
  worker inherits the policy of the document that starts it, so the page
  starts it in a hidden frame of its own, ``runner/python-frame.html``,
  whose own policy allows those three and nothing else (the frame is the
  site's, so ``'self'`` lets it in; ``docs/runner/python-session.js``). That
  document is not a page: :data:`postbuild.NOT_PAGES` keeps this step away
  from it;
- styles: the site's files and the ``<style>`` elements the page was built
  with (by sha256: the notebooks carry their own); ``style`` attributes, which
  KaTeX's typeset formulas and Material's components set, are allowed;
- images and fonts: the site's files, and ``data:`` URLs (Material's icons);
  images also from ``blob:`` URLs, which only the page itself can make (the
  lab draws its PNG export from one);
- no plugins (``object-src 'none'``), no ``<base>`` elsewhere, no form posts away.

It runs after every other rewrite of the HTML (the last of them in ``postbuild.STEPS``),
on the HTML as it will be served, on every page of the site (and ``404.html``: :func:`postbuild.html_files`), and goes first in ``<head>``, before any
script it governs; only the page's ``<meta charset>`` comes before it, which
must lie within the page's first 1,024 bytes (HTML's rule, and Lighthouse's
charset audit): a policy with many hashes ahead of it pushed it past them.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import TYPE_CHECKING

from postbuild import html_files
from postbuild.shared import StepError, head_start, read_text, write_text

if TYPE_CHECKING:
    from postbuild import Context

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)
INLINE_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
# A script element whose type is not JavaScript is data, never run: it needs no hash.
DATA_TYPE = re.compile(r"""\btype=["']?(?!text/javascript|module|application/javascript)[^"'\s>]+""")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def policy(html: str) -> str:
    """The page's policy: the fixed rules, and the hashes of its own inline scripts and styles."""
    scripts = sorted({_sha256(body) for attrs, body in INLINE_SCRIPT.findall(html) if not DATA_TYPE.search(attrs)})
    styles = sorted({_sha256(body) for body in INLINE_STYLE.findall(html)})
    rules = {
        "default-src": ["'self'"],
        "script-src": ["'self'", *scripts],
        "style-src-elem": ["'self'", *styles],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
    }
    return "; ".join(f"{name} {' '.join(values)}" for name, values in rules.items())


def with_policy(html: str, where: str) -> str:
    """``html`` with its policy first in ``<head>``, after only its ``<meta charset>``.

    >>> with_policy('<html><head>\\n  <meta charset="utf-8">\\n  <title>t</title></head></html>', 'x').split(' content=')[0]
    '<html><head>\\n  <meta charset="utf-8"><meta http-equiv="Content-Security-Policy"'
    >>> with_policy('<html><head><title>t</title></head></html>', 'x').split(' content=')[0]
    '<html><head><meta http-equiv="Content-Security-Policy"'
    """
    at = head_start(html)
    if at is None:
        raise StepError(f"csp step: {where} has no <head> to put the Content-Security-Policy in")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html)}">'
    return html[:at] + meta + html[at:]


def step(site: Path, context: Context) -> None:
    """Put its policy (:func:`with_policy`) into every HTML file of the built ``site``."""
    for page in html_files(site):
        write_text(page, with_policy(read_text(page), page.relative_to(site).as_posix()))
