"""The response headers a production host should send with the built site: those a page's ``<meta>`` cannot set.

The one list of them, as data: "What a host must add" on ``docs/maintaining.md`` shows it in a
table, with a line on why for each (``tests/site/test_host_headers_doc.py`` checks that the table
and this list agree), and the browser test serves the built site with exactly these headers
(:class:`site_examples.browser.HostHeadersHandler`, ``tests/browser/test_host_headers.py``).

Only the standard library is needed (nothing is imported at all), like :mod:`site_examples.browser`.
"""

from __future__ import annotations

# Sent with every response of the site (pages, scripts, data, the 404 page).
EVERY_RESPONSE: dict[str, str] = {
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    # Features no page of the site uses (it copies to the clipboard and stores files: neither is listed).
    "Permissions-Policy": (
        "accelerometer=(), camera=(), display-capture=(), fullscreen=(), geolocation=(), gyroscope=(), "
        "hid=(), magnetometer=(), microphone=(), midi=(), payment=(), screen-wake-lock=(), serial=(), usb=()"
    ),
}

# Sent, besides or instead, with a file, by its path from the site's root. The document Python's worker
# starts in is shown in a hidden frame of every page of the site (docs/runner/python-session.js): the site's
# own pages may frame it, no other.
FRAME = "runner/python-frame.html"
BY_PATH: dict[str, dict[str, str]] = {
    "sw.js": {"Cache-Control": "no-cache"},
    FRAME: {"Content-Security-Policy": "frame-ancestors 'self'", "X-Frame-Options": "SAMEORIGIN"},
}


def for_path(path: str) -> dict[str, str]:
    """The headers a response for ``path`` (from the site's root, no leading slash, no query) should carry."""
    return {**EVERY_RESPONSE, **BY_PATH.get(path, {})}


def permissions_turned_off() -> list[str]:
    """The features ``Permissions-Policy`` turns off, in its order."""
    return [rule.strip().removesuffix("=()") for rule in EVERY_RESPONSE["Permissions-Policy"].split(",")]
