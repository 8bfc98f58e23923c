"""Post-build step: a ``404.html`` that keeps its styles and links under any sub-path.

A static host answers every missing address of the site with the site's
``404.html`` (GitHub Pages serves ``/<repo>/404.html`` for anything missing
under ``/<repo>/``). Every other page links relatively, but this one is shown
at an address nobody can know when the site is built, so MkDocs writes its
links from the site's root as ``site_url`` names it: built for
``http://127.0.0.1:8000/`` and served from ``/course/``, they point at
``/assets/...`` and the page loses its styles, scripts and navigation.

So the page finds its site's root when it is shown, and resolves every link
from there:

- every link (``href``, ``src``) that starts at the built root is rewritten
  relative to the root, and the first script in ``<head>`` (after only the
  ``<meta charset>``, before any link is read) finds the root and puts it in a ``<base>`` element. It asks,
  from the longest folder of the address to the shortest, for the root's
  ``sitemap.xml`` (a HEAD request of the same origin; only the site's root
  has one), and falls back to the built root when none answers;
- Material's own settings, which it resolves against the address rather than
  ``<base>``, are made absolute from that root just before Material reads
  them, and instant navigation is off on this page: a click loads the next
  page whole, so no ``<base>`` outlives the 404 page.

It runs before the Content-Security-Policy step, which then allows these two
inline scripts by their hashes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from postbuild.shared import StepError, head_start, read_text, write_text

if TYPE_CHECKING:
    from postbuild import Context

PAGE = "404.html"

# The first script of <head>: find the site's root and make it the page's base URL.
FIND_ROOT = """(function(){\
var parts=location.pathname.split("/"),root=null;\
for(var i=parts.length-1;i>=1&&root===null;i--){\
var folder=parts.slice(0,i).join("/")+"/";\
try{var probe=new XMLHttpRequest();probe.open("HEAD",folder+"sitemap.xml",false);probe.send();\
if(probe.status===200&&/xml/.test(probe.getResponseHeader("Content-Type")||""))root=folder}catch(error){}}\
var base=document.createElement("base");base.href=root===null?BUILT_ROOT:root;document.head.appendChild(base)})()"""

# Just before Material's bundle: its settings, absolute from that root, without instant navigation.
SETTINGS = """(function(){\
var element=document.getElementById("__config"),config=JSON.parse(element.textContent);\
config.base=new URL(config.base,document.baseURI).href;config.search=new URL(config.search,document.baseURI).href;\
config.features=config.features.filter(function(name){return name.indexOf("navigation.instant")!==0});\
element.textContent=JSON.stringify(config)})()"""

BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"')


def built_root(site_url: str) -> str:
    """The path the site was built to be served from: ``/`` unless ``site_url`` names a folder.

    >>> built_root("https://example.org/course"), built_root("http://127.0.0.1:8000/"), built_root("")
    ('/course/', '/', '/')
    """
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def rewrite(html: str, root: str) -> str:
    """``html`` with its links relative to the site's root and the two scripts that resolve them."""
    quoted = re.escape(root)

    def relative(match: re.Match[str]) -> str:
        rest = match.group(2)
        return f'{match.group(1)}="{rest or "./"}"'

    html = re.sub(rf'(\s(?:href|src))="{quoted}(?!/)([^"]*)"', relative, html)
    html = html.replace(f'new URL("{root}",location)', 'new URL(".",document.baseURI)')
    # Any spacing JSON allows: Material's template writes `"base": "/"`, a compact writer `"base":"/"`.
    html = re.sub(rf'("(?:base|search)":\s*"){quoted}', r"\1", html)
    at = head_start(html)
    bundle = BUNDLE.search(html)
    if at is None or bundle is None:
        raise StepError("not_found step: 404.html has no <head> or no Material bundle to resolve its links around")
    find_root = FIND_ROOT.replace("BUILT_ROOT", f'"{root}"')
    html = html[: bundle.start()] + f"<script>{SETTINGS}</script>" + html[bundle.start() :]
    return html[:at] + f"<script>{find_root}</script>" + html[at:]


def step(site: Path, context: Context) -> None:
    """Rewrite the built ``site``'s ``404.html`` (:func:`rewrite`) for the root ``context.site_url`` names."""
    page = site / PAGE
    if not page.is_file():
        raise StepError(f"not_found step: {site} has no {PAGE}")
    write_text(page, rewrite(read_text(page), built_root(context.site_url)))
