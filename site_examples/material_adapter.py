"""Every assumption the build makes about Material for MkDocs (and pymdownx's markup), in one place, pinned.

The course leans on things Material does not document as an interface: the
inline function that reads its saved settings, the classes of its buttons,
which tables its script wraps, the markup pymdownx.highlight writes for a
code block. Each such assumption is one named function or constant here,
with a line saying why the course needs it; no other file of the checkout
(build, scripts, style sheets, tests, docs) names a Material class,
attribute or internal, except the few that must, listed with their reasons
in ``tests/site/test_material_names.py``, which checks every file. Their counterparts in the reader's
browser live in ``docs/javascripts/material-adapter.js``. The style sheets
(``docs/stylesheets/``) name Material's selectors and custom properties by
the course's names, ``:--theme-…`` and ``--theme-…``: the table
``THEME_NAMES``, at the end, maps each to Material's, and ``material_css``
turns a sheet into Material's names as the post-build steps serve it.

They were traced against Material ``MATERIAL_VERSION``. The build refuses
any other installed version (``check_material_version``, run by
``overrides/hooks/theme.py`` as the build starts), so an upgrade cannot
break them silently. To move to a new release: install it, run
``tests/site/test_material_contract.py`` (one assertion per assumption,
against the installed Material's templates, bundle and style sheets, and a built page), fix
what it reports here or in the runtime adapter, then change the one line
``MATERIAL_VERSION``. "Maintaining the course" says the same for maintainers.

This module imports neither MkDocs nor ProperDocs, so a post-build step or a
Markdown extension can use it as it is.
"""

from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

# The Material release every assumption below was traced against. Changing it is the last step of an upgrade.
MATERIAL_VERSION = "9.8.2"


class MaterialVersionError(RuntimeError):
    """The installed Material is not the release this adapter was traced against."""


def installed_material_version() -> str | None:
    """The installed mkdocs-material's version, or None when it is not installed."""
    try:
        return metadata.version("mkdocs-material")
    except metadata.PackageNotFoundError:
        return None


def check_material_version(installed: str | None = None) -> None:
    """Refuse to build with a Material other than MATERIAL_VERSION: the adapter's assumptions are unchecked there.

    >>> check_material_version("9.8.2")
    >>> try:
    ...     check_material_version("9.9.0")
    ... except MaterialVersionError as error:
    ...     print(error)
    mkdocs-material 9.9.0 is installed, but the course's theme adapter was traced against 9.8.2 ...
    """
    installed = installed if installed is not None else installed_material_version()
    if installed == MATERIAL_VERSION:
        return
    raise MaterialVersionError(
        f"mkdocs-material {installed or '(not installed)'} is installed, but the course's theme adapter was traced "
        f"against {MATERIAL_VERSION} (site_examples/material_adapter.py: MATERIAL_VERSION). Run "
        "tests/site/test_material_contract.py against the installed release, fix what it reports, then change "
        'MATERIAL_VERSION (see docs/maintaining.md, "Following a Material release").'
    )


def material_templates() -> Path:
    """The installed Material's templates folder (its base.html, partials/ and assets/), which the contract test reads."""
    import material  # the theme package itself; imports nothing of MkDocs

    return Path(material.__file__).resolve().parent / "templates"


# ── What the tests look for in Material's page ───────────────────────────────
# Browser tests and benchmarks find the parts of a built page, and read its colour scheme, by these names; no
# test names Material's classes or attributes itself. The contract test checks each against the installed
# Material's templates and bundle.

# The page's parts.

# Why: the bar across the top; the text in the window starts below it, and it wears the primary colour.
HEADER = "header.md-header"
# Why: everything under the header (the page's main part and its footer) is one element of Material's.
BELOW_HEADER = ".md-container"
# Why: a page's text is this article, typeset by Material's style sheet (its headings, tables, code, formulas).
CONTENT = "article.md-content__inner"
# Why: instant navigation swaps this element (the article's parent) for the next page's.
SWAPPED_CONTENT = '[data-md-component="content"]'
# Why: Material's script puts each class-less table into this scrolling box (two elements) as a page starts.
TABLE_BOX = ".md-typeset__scrollwrap > .md-typeset__table"
# Why: the footer's link to the next page (an instant navigation).
NEXT_PAGE_LINK = "a.md-footer__link--next"

# The navigation (see also nav_link and HOME_LINK below).

# Why: the site's navigation (the left sidebar; in the drawer on a narrow window).
NAVIGATION = "nav.md-nav--primary"


def nav_link_ending(path: str) -> str:
    """The selector of the site navigation's links whose address ends in ``path``.

    >>> nav_link_ending("glossary/")
    'nav.md-nav--primary a[href$="glossary/"]'
    """
    return f'{NAVIGATION} a[href$="{path}"]'


# Why: the table of contents beside the page marks its link to the section in view.
CURRENT_SECTION = ".md-sidebar--secondary .md-nav__link--active"

# The search.

# Why: each result of a search is one item of the results' list, its link in it.
SEARCH_RESULT = ".md-search-result__item"
# Why: the line above the results says how many there are ("Initializing search" until the index is in).
SEARCH_RESULT_COUNT = ".md-search-result__meta"
# Why: the panel the results scroll in, folded to nothing while the search is closed.
SEARCH_RESULTS_PANEL = ".md-search__scrollwrap"
# Why: a page reached from a result (its address's ?h=) has the words searched for marked with this.
SEARCH_MARK = "mark[data-md-highlight]"

# Code blocks.

# Why: the Copy button Material adds to a code block as it first comes into view (content.code.copy, content.lazy).
COPY_BUTTON = ".md-code__nav .md-code__button"
# Why: a code block with this class gets no Copy button from Material: the runner's blocks and the exercises'
# editors have their own (overrides/hooks/runner.py, _exercise_html.py write it).
NO_COPY = "no-copy"

# The colour scheme (the header's toggle is the course's copy of Material's: overrides/partials/palette.html).

# Why: each part of the palette is an attribute of <body> with this prefix, which Material's style sheets read.
COLOUR_ATTRIBUTES = "data-md-color-"
# Why: <body>'s attribute naming the colour scheme shown, one of these two.
SCHEME_ATTRIBUTE = COLOUR_ATTRIBUTES + "scheme"
LIGHT_SCHEME = "default"
DARK_SCHEME = "slate"
# Why: the media query of the palette's entry ("(prefers-color-scheme)": the system's), kept with the scheme.
MEDIA_ATTRIBUTE = COLOUR_ATTRIBUTES + "media"
# Why: the accent colour, written on <body> when the site is built.
ACCENT_ATTRIBUTE = COLOUR_ATTRIBUTES + "accent"
# Why: <body> carries this mark while the colours change, which turns every transition off.
SWITCHING_ATTRIBUTE = COLOUR_ATTRIBUTES + "switching"
# Why: the header's colour toggle: one label per scheme, the one to the next scheme shown.
SCHEME_TOGGLE = 'label.md-header__button[for^="__palette"]'
# Why: behind the toggle, one hidden radio button per scheme; a label chooses one.
SCHEME_OPTION = "input.md-option"
# Why: the chosen scheme is saved under this key (Material's key layout: the scope's pathname, a dot, the key).
SCHEME_SETTING = "__palette"


def scheme_choice(index: int) -> str:
    """The selector of the toggle's label that chooses the palette's entry ``index`` (0: the first in mkdocs.yml).

    >>> scheme_choice(2)
    'label[for="__palette_2"]'
    """
    return f'label[for="__palette_{index}"]'


# ── Material's saved settings ────────────────────────────────────────────────

# Why: Material reads every saved setting through __md_get, defined with __md_set and __md_scope in one inline
# script of <head>; a value that does not parse makes it throw, so the build wraps it right after its definition.
STORAGE_DEFINITION = re.compile(r"<script>__md_scope=(?:(?!</script>).)*?__md_get=.*?</script>", re.DOTALL)


def storage_guard_script() -> str:
    """An inline script that wraps __md_get: an unreadable value is removed and reported, the default used.

    Why: Material's key layout (the scope's pathname, a dot, the key) is how __md_set writes a setting.
    """
    return (
        "<script>(function(){var read=__md_get;__md_get=function(key,storage,scope){"
        "try{return read(key,storage,scope)}catch(error){"
        'try{(storage||localStorage).removeItem((scope||__md_scope).pathname+"."+key)}catch(_){}'
        'console.warn("The saved setting "+key+" could not be read, and was reset.");return null}}})()</script>'
    )


def with_storage_guard(html: str) -> str | None:
    """``html`` with the guard right after Material's definition of __md_get, or None when there is none."""
    match = STORAGE_DEFINITION.search(html)
    if match is None:
        return None
    return html[: match.end()] + storage_guard_script() + html[match.end() :]


# ── Markup the course writes in Material's vocabulary ────────────────────────


def button_class(primary: bool = False) -> str:
    """The classes of a button drawn as Material draws its own (outlined; filled for the main action).

    Why: the course's buttons (quizzes, exercises, steppers) look and behave like Material's in both schemes.

    >>> button_class(), button_class(primary=True)
    ('md-button', 'md-button md-button--primary')
    """
    return "md-button md-button--primary" if primary else "md-button"


# Why: Material's script puts each table without a class (the tables Python-Markdown writes) into a scrolling
# box of its own as a page starts; postbuild/table_slots.py gives each such table a slot first.
WRAPPED_TABLE = re.compile(r"<table>.*?</table>", re.DOTALL)


def tables_material_wraps(html: str) -> list[re.Match[str]]:
    """The tables of ``html`` that Material's script will wrap in its scrolling box: those with no attribute.

    >>> [m.group(0) for m in tables_material_wraps('<table><tr></tr></table><table class="x"></table>')]
    ['<table><tr></tr></table>']
    """
    return list(WRAPPED_TABLE.finditer(html))


# ── Driving the built site (benchmarks and browser tests) ───────────────────


def nav_link(href: str) -> str:
    """The selector of the site navigation's link to ``href``.

    Why: Material draws the site's navigation as nav.md-nav--primary; instant navigation follows its links.

    >>> nav_link("http://127.0.0.1:8000/glossary/")
    'nav.md-nav--primary a[href="http://127.0.0.1:8000/glossary/"]'
    """
    return f'{NAVIGATION} a[href="{href}"]'


# Why: Material's header logo links to the home page (an instant navigation, as the navigation's links are).
HOME_LINK = "a.md-header__button.md-logo"


# ── pymdownx.highlight's code blocks ─────────────────────────────────────────

# Why: pymdownx.highlight (with pygments_lang_class, as mkdocs.yml sets it) writes an untitled block as this
# <div><pre><span></span><code>…</code></pre></div>; its code holds no "</code>" (Pygments escapes "<").
HIGHLIGHTED_BLOCK = re.compile(
    r'(<div class="language-[\w-]+ highlight[\w -]*"><pre><span></span><code>)(.*?)(</code></pre></div>)', re.DOTALL
)

# Why: Pygments' token elements are a class and nothing else, never nested (highlighted lines excepted).
PYGMENTS_TOKEN = re.compile(r'<span class="[\w -]+">|</span>')

# Why: a block with highlighted lines marks them with this class, which is more than colour.
HIGHLIGHTED_LINE = 'class="hll"'


def highlighted_blocks(html: str) -> list[re.Match[str]]:
    """The untitled code blocks of ``html`` as pymdownx.highlight writes them: groups (opening, code, closing).

    >>> [m.group(2) for m in highlighted_blocks('<div class="language-python highlight"><pre><span></span><code>x</code></pre></div>')]
    ['x']
    """
    return list(HIGHLIGHTED_BLOCK.finditer(html))


def without_tokens(code: str) -> str:
    """A block's code without Pygments' token elements: the same text, its line anchors kept."""
    return PYGMENTS_TOKEN.sub("", code)


# ── Material's search ────────────────────────────────────────────────────────

# Why: Material's page asks for the search index at this address as its bundle starts, and hands the index's
# config and docs to its search worker; the site's text (about a lesson's weight, gzipped) is kept apart, and
# the course's search worker (docs/javascripts/search-worker.js) loads it when the reader first searches.
SEARCH_INDEX = "search/search_index.json"
SEARCH_TEXT = "search/search_index.full.json"
# Why: the page's configuration (<script id="__config">, JSON) names Material's search worker by this address.
SEARCH_WORKER = re.compile(r'("search":\s*")([^"]*?)assets/javascripts/workers/(search\.[0-9a-f]{8}\.min\.js)(")')
CONFIG_SCRIPT = re.compile(r'<script id="__config" type="application/json">.*?</script>', re.DOTALL)


def with_course_search_worker(html: str) -> str | None:
    """``html`` with its configuration naming the course's search worker, which runs Material's; None without one.

    The course's worker is ``javascripts/search-worker.js``, at the same depth as Material's assets.

    >>> with_course_search_worker('<script id="__config" type="application/json">{"search": "../assets/javascripts/workers/search.a7633da7.min.js"}</script>')
    '<script id="__config" type="application/json">{"search": "../javascripts/search-worker.js"}</script>'
    """
    config = CONFIG_SCRIPT.search(html)
    if config is None:
        return None
    changed, count = SEARCH_WORKER.subn(r"\1\2javascripts/search-worker.js\4", config.group(0))
    if count != 1:
        return None
    return html[: config.start()] + changed + html[config.end() :]


# Why: Material's worker's file name carries a content hash; the course's worker is told it when the site is
# built (a worker served by the service worker does not see its own address's query or fragment).
WORKER_PLACEHOLDER = "__MATERIAL_SEARCH_WORKER__"


def name_material_worker(site: Path) -> None:
    """Write the name of Material's search worker into the course's, in the built site."""
    workers = sorted((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    if len(workers) != 1:
        raise ValueError(f"expected one Material search worker in {site}/assets/javascripts/workers/, found {workers}")
    ours = site / "javascripts" / "search-worker.js"
    text = ours.read_text(encoding="utf-8")
    if text.count(WORKER_PLACEHOLDER) != 1:
        raise ValueError(f"{ours}: expected {WORKER_PLACEHOLDER} once")
    ours.write_text(text.replace(WORKER_PLACEHOLDER, workers[0].name), encoding="utf-8")


def split_search_index(site: Path) -> None:
    """Move the site's text out of Material's search index into SEARCH_TEXT; the index keeps its config, no docs.

    Why: Material's index is {config, docs}; the page needs only its config at start (its search
    highlighting on a page reached from a result uses the config alone).
    """
    index = site / SEARCH_INDEX
    full = json.loads(index.read_text(encoding="utf-8"))
    (site / SEARCH_TEXT).write_text(json.dumps({"docs": full["docs"]}, separators=(",", ":")), encoding="utf-8")
    index.write_text(json.dumps({**full, "docs": []}, separators=(",", ":")), encoding="utf-8")


# ── Names the style sheets use for Material's ────────────────────────────────

# The course's style sheets (docs/stylesheets/) never name a Material class, attribute or custom property: they
# write ":--theme-NAME" for a selector of Material's (the @custom-selector syntax of the CSS Extensions draft)
# and "--theme-NAME" for one of its custom properties, and material_css turns them into Material's names as
# the site is built. Each entry: the course's name, Material's, and why the course needs it.
THEME_NAMES: dict[str, tuple[str, str]] = {
    # Selectors.
    ":--theme-content": (
        ".md-typeset",
        "the page's text; the course's rules are scoped to it, and outrank Material's .md-typeset rules by it",
    ),
    ":--theme-palette": (
        "[data-md-color-scheme]",
        "the element that carries the palette (body), in either scheme: notebooks.css outranks JupyterLab's sheet",
    ),
    ":--theme-light": (
        '[data-md-color-scheme="default"]',
        "the light scheme, where some of Material's colours fail AA",
    ),
    ":--theme-dark": ('[data-md-color-scheme="slate"]', "the dark scheme, which needs colours of its own"),
    ":--theme-accent-deep-orange": (
        '[data-md-color-accent="deep-orange"]',
        "mkdocs.yml's accent, whose Material shade is too light for text",
    ),
    ":--theme-primary-indigo": (
        '[data-md-color-primary="indigo"]',
        "mkdocs.yml's primary colour, whose links are too dark on the dark scheme",
    ),
    ":--theme-button": (".md-button", "Material's outlined button, which the course's buttons are drawn as"),
    ":--theme-button-primary": (".md-button--primary", "Material's filled button, the main action"),
    ":--theme-code-button": (".md-code__button", "a code block's copy button, enlarged to a 24 px target"),
    ":--theme-search-toggle": (
        '[data-md-toggle="search"]',
        "the hidden checkbox that opens the search: closed, its results are hidden",
    ),
    ":--theme-header": (".md-header", "the header, which holds the search"),
    ":--theme-search-output": (".md-search__output", "the search results' scroll area, a Tab stop while folded"),
    ":--theme-search-result": (".md-search-result", "a search result, whose quoted code is wrapped"),
    ":--theme-nav": (".md-nav--primary", "the site navigation"),
    ":--theme-nav-title": (".md-nav__title", "the navigation's title, hidden on wide screens where it covers links"),
    # Custom properties.
    "--theme-text": ("--md-default-fg-color", "the text colour"),
    "--theme-text-light": ("--md-default-fg-color--light", "muted text (hints, labels), darkened to pass AA"),
    "--theme-text-lighter": ("--md-default-fg-color--lighter", "faint lines and borders"),
    "--theme-text-lightest": ("--md-default-fg-color--lightest", "the faintest borders and fills"),
    "--theme-background": ("--md-default-bg-color", "the page's background"),
    "--theme-hue": ("--md-hue", "the dark scheme's hue, which its muted text keeps"),
    "--theme-shadow": ("--md-shadow-z2", "the shadow of a floating panel (the offline banner)"),
    "--theme-font": ("--md-text-font-family", "the text's font, for what is not text (the steppers' SVG)"),
    "--theme-primary": ("--md-primary-fg-color", "the primary colour (filled buttons, borders)"),
    "--theme-primary-dark": ("--md-primary-fg-color--dark", "the primary colour under the pointer"),
    "--theme-on-primary": ("--md-primary-bg-color", "text on the primary colour"),
    "--theme-accent": ("--md-accent-fg-color", "the accent (focus rings, the current item), darkened to pass AA"),
    "--theme-accent-transparent": ("--md-accent-fg-color--transparent", "the accent as a faint fill"),
    "--theme-on-accent": ("--md-accent-bg-color", "text on the accent"),
    "--theme-on-accent-light": ("--md-accent-bg-color--light", "muted text on the accent"),
    "--theme-link": ("--md-typeset-a-color", "the link colour, lightened on the dark scheme; outlined buttons use it"),
    "--theme-content-text": ("--md-typeset-color", "the colour of the page's text"),
    "--theme-error": ("--md-typeset-del-color", "Material's red for deleted text: the course's errors"),
    "--theme-table-rule": ("--md-typeset-table-color", "the rules between a table's rows"),
    "--theme-code-font": ("--md-code-font-family", "the code's font"),
    "--theme-code-text": ("--md-code-fg-color", "the code's text colour"),
    "--theme-code-background": ("--md-code-bg-color", "the code's background"),
    "--theme-code-mark": ("--md-code-hl-color", "a highlighted line's outline"),
    "--theme-code-mark-light": ("--md-code-hl-color--light", "a highlighted line's background"),
    # The code's token colours: the editor (docs/runner/editor.js) colours its tokens as Pygments' blocks are.
    "--theme-token-comment": ("--md-code-hl-comment-color", "comments in code"),
    "--theme-token-constant": ("--md-code-hl-constant-color", "built-in names (print, len), lightened on slate"),
    "--theme-token-function": ("--md-code-hl-function-color", "function names in code"),
    "--theme-token-keyword": ("--md-code-hl-keyword-color", "keywords in code"),
    "--theme-token-name": ("--md-code-hl-name-color", "other names in code"),
    "--theme-token-number": ("--md-code-hl-number-color", "numbers in code, lightened on slate"),
    "--theme-token-operator": ("--md-code-hl-operator-color", "operators in code"),
    "--theme-token-punctuation": ("--md-code-hl-punctuation-color", "punctuation in code"),
    "--theme-token-special": ("--md-code-hl-special-color", "escapes and special strings in code"),
    "--theme-token-string": ("--md-code-hl-string-color", "strings in code"),
}

# A name of the course's in a sheet: ":--theme-…" or "--theme-…", whole (not the tail of a longer name); the
# name runs to the first character that cannot be part of one, so that --theme-text never eats --theme-text-light.
THEME_NAME = re.compile(r":?(?<![\w-])--theme-[\w-]+")


def material_css(text: str, where: str) -> str:
    """The style sheet ``text`` with each of the course's names (THEME_NAMES) replaced by Material's.

    ``where`` names the sheet in the error raised for a name the table does not define.

    >>> material_css(':--theme-dark :--theme-content a:not(:--theme-button) { color: var(--theme-link) }', "x.css")
    '[data-md-color-scheme="slate"] .md-typeset a:not(.md-button) { color: var(--md-typeset-a-color) }'
    >>> material_css("a { color: var(--theme-text); border-color: var(--theme-text-light) }", "x.css")
    'a { color: var(--md-default-fg-color); border-color: var(--md-default-fg-color--light) }'
    >>> material_css("body:--theme-dark, :--theme-light:--theme-accent-deep-orange { --theme-accent: #bf360c }", "x.css")
    'body[data-md-color-scheme="slate"], [data-md-color-scheme="default"][data-md-color-accent="deep-orange"] { --md-accent-fg-color: #bf360c }'
    >>> material_css("a { color: var(--theme-txt) }", "stylesheets/quiz.css")
    Traceback (most recent call last):
    ...
    ValueError: stylesheets/quiz.css names --theme-txt, which THEME_NAMES (site_examples/material_adapter.py) does not define
    """

    def material(match: re.Match[str]) -> str:
        name = match.group(0)
        if name not in THEME_NAMES:
            raise ValueError(
                f"{where} names {name}, which THEME_NAMES (site_examples/material_adapter.py) does not define"
            )
        return THEME_NAMES[name][0]

    return THEME_NAME.sub(material, text)
