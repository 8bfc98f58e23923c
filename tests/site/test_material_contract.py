"""The theme adapter's contract: each assumption about Material for MkDocs, checked against the installed release.

``site_examples/material_adapter.py`` (the build) and
``docs/javascripts/material-adapter.js`` (the reader's browser) hold every
assumption the course makes about Material, traced against one release
(``MATERIAL_VERSION``); the build refuses any other. Each ``CHECKS`` entry
below checks one assumption against the installed Material's own files
(its templates, its bundle, its style sheets), never against the adapter's
code; the markup pymdownx writes is checked against its own output. Each
name the style sheets use for one of Material's (``THEME_NAMES``) is an
assumption too, checked the same way: Material's style sheets hold the
selector (or its template the attribute), or define the custom property. A few
tests read the built site. To move the pin: install the new release, run
this file, fix what fails in the two adapter files, then change
``MATERIAL_VERSION`` and the runtime adapter's ``VERSION``
("Maintaining the course": "Following a Material release").

``test_a_changed_assumption_fails_its_check`` shows the contract can fail:
for every check, a copy of Material's files with the one thing it relies on
renamed makes that check fail.
"""

from __future__ import annotations

import doctest
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import markdown
import pytest

from site_examples import material_adapter
from site_examples.material_adapter import (
    MATERIAL_VERSION,
    check_material_version,
    installed_material_version,
    material_templates,
)
from tests.helpers import ROOT

RUNTIME = ROOT / "docs" / "javascripts" / "material-adapter.js"
PALETTE_PARTIAL = ROOT / "overrides" / "partials" / "palette.html"


def _one(templates: Path, pattern: str) -> Path:
    found = sorted(templates.glob(pattern))
    assert len(found) == 1, f"{pattern}: {found}"
    return found[0]


def bundle(templates: Path) -> str:
    return _one(templates, "assets/javascripts/bundle.*.min.js").read_text(encoding="utf-8")


def main_css(templates: Path) -> str:
    return _one(templates, "assets/stylesheets/main.*.min.css").read_text(encoding="utf-8")


def palette_css(templates: Path) -> str:
    return _one(templates, "assets/stylesheets/palette.*.min.css").read_text(encoding="utf-8")


def template(templates: Path, name: str) -> str:
    return (templates / name).read_text(encoding="utf-8")


def runtime_constant(name: str) -> str:
    """The text of ``const NAME = …;`` in the runtime adapter (the value the course's scripts use)."""
    match = re.search(rf"^\s*const {name} = (.+?);$", RUNTIME.read_text(encoding="utf-8"), re.MULTILINE)
    assert match, f"material-adapter.js defines no const {name}"
    return match.group(1)


def classes(selector: str) -> list[str]:
    """The class names a selector of the adapter's names, in order: ``a.b > .c`` gives ``["b", "c"]``."""
    return re.findall(r"\.([\w-]+)", selector)


def written(selector: str, text: str) -> bool:
    """Whether a template writes an element that ``selector`` (``tag.class`` or ``.class``) picks, as a literal tag."""
    match = re.fullmatch(r"(\w*)\.([\w-]+)", selector)
    assert match, selector
    tag, name = match.groups()
    element = rf'<{tag or "[a-z]+"}(?: [^>]*?)? class="(?:[\w-]+ )*{re.escape(name)}(?: [\w-]+)*"'
    return re.search(element, text) is not None


def made(tag: str, name: str, js: str) -> bool:
    """Whether the bundle makes a ``tag`` element whose class is ``name`` (its JSX-like ``x("li",{class:"…"}``)."""
    return re.search(rf'\w+\("{tag}",\{{class:"{re.escape(name)}"', js) is not None


# ── One check per assumption ────────────────────────────────────────────────


def check_storage_definition(templates: Path) -> None:
    """Build: Material defines __md_get (with __md_scope) in one inline script the storage guard can find and wrap."""
    assert '{% include "partials/javascripts/base.html" %}' in template(templates, "base.html")
    script = template(templates, "partials/javascripts/base.html")
    assert material_adapter.STORAGE_DEFINITION.search(script), (
        "__md_scope and __md_get are no longer defined in one inline script"
    )
    assert 'getItem(t.pathname+"."+e)' in script, (
        "a setting is no longer kept under the scope's pathname, a dot and its key"
    )


def check_button_classes(templates: Path) -> None:
    """Build and runtime: md-button and md-button--primary are Material's button styles."""
    css = main_css(templates)
    for name in material_adapter.button_class(primary=True).split():
        assert re.search(rf"\.{name}[^\w-]", css), f"Material's style sheet has no .{name}"


def check_wrapped_tables(templates: Path) -> None:
    """Build and runtime: the bundle wraps each class-less table in md-typeset__scrollwrap > md-typeset__table."""
    js = bundle(templates)
    assert "table:not([class])" in js, "Material's bundle no longer picks class-less tables"
    assert re.search(r'"div",\{class:"md-typeset__scrollwrap"\},\w+\("div",\{class:"md-typeset__table"\}', js), (
        "the table boxes changed"
    )
    assert (
        runtime_constant("TABLE_WRAP") == '"md-typeset__scrollwrap"'
        and runtime_constant("TABLE_INNER") == '"md-typeset__table"'
    )


def check_page_announcements(templates: Path) -> None:
    """Runtime (onPage): the bundle publishes its page stream as window.document$."""
    assert re.search(r"window\.document\$=\w+", bundle(templates)), "Material's bundle no longer sets window.document$"


def check_swapped_components(templates: Path) -> None:
    """Runtime (swappedElements): what Material swaps and mounts carries data-md-component."""
    assert 'data-md-component="container"' in template(templates, "base.html")
    assert "data-md-component" in bundle(templates) and runtime_constant("SWAPPED") == '"[data-md-component]"'


def check_article(templates: Path) -> None:
    """Runtime (article, inText): a page's text is article.md-content__inner, typeset under .md-typeset."""
    assert '<article class="md-content__inner md-typeset">' in template(templates, "base.html")
    assert written(material_adapter.CONTENT, template(templates, "base.html")), "Tests (CONTENT): the page's text"
    assert (
        runtime_constant("ARTICLE") == '"article.md-content__inner"' and runtime_constant("TYPESET") == '".md-typeset"'
    )


def check_colour_scheme(templates: Path) -> None:
    """Runtime (colourScheme): <body data-md-color-scheme>, "slate" being the dark scheme."""
    assert '<body dir="{{ direction }}" data-md-color-scheme=' in template(templates, "base.html")
    assert "[data-md-color-scheme=slate]" in palette_css(templates), "Material has no slate scheme"
    dark = f"[{material_adapter.SCHEME_ATTRIBUTE}={material_adapter.DARK_SCHEME}]"
    assert dark in palette_css(templates), f"Tests (DARK_SCHEME): Material's style sheet has no {dark}"


def check_switching_mark(templates: Path) -> None:
    """Runtime (palette): data-md-color-switching on <body> turns every transition off."""
    assert re.search(r"\[data-md-color-switching\] \*[^{]*\{transition-duration:0s!important\}", palette_css(templates))
    mark = re.escape(f"[{material_adapter.SWITCHING_ATTRIBUTE}] *")
    assert re.search(rf"{mark}[^{{]*\{{transition-duration:0s!important\}}", palette_css(templates)), "SWITCHING_ATTRIBUTE"


def check_palette_partial(templates: Path) -> None:
    """Template (overrides/partials/palette.html): Material's form, minus the component name the bundle mounts on."""
    theirs = template(templates, "partials/palette.html")
    ours = PALETTE_PARTIAL.read_text(encoding="utf-8")
    assert '<form class="md-header__option" data-md-component="palette">' in theirs
    for part in [
        'class="md-option"',
        'name="__palette"',
        'id="__palette_{{ loop.index0 }}"',
        'data-md-color-media="{{ option.media }}"',
        '<label class="md-header__button md-icon" title="{{ option.toggle.name }}" for="__palette_{{ loop.index % loop.length }}" hidden>',
    ]:
        assert part in theirs, f"Material's palette partial changed: {part}"
        assert part in ours, f"overrides/partials/palette.html lost: {part}"
    for key in ["scheme", "primary", "accent"]:
        assert f"data-md-color-{key}=\"{{{{ {key} | replace(' ', '-') }}}}\"" in theirs, key
        assert f'data-md-color-{key}="{{{{ {key} }}}}"' in ours, key
    assert "data-md-component" not in ours.split("-#}", 1)[1]  # (its comment says why)
    assert 'include "partials/palette.html"' in template(templates, "partials/header.html")


def check_palette_mount(templates: Path) -> None:
    """Runtime (palette): the bundle mounts its palette only on data-md-component="palette", nothing else."""
    assert re.search(r'\.\.\.\w+\("palette"\)\.map\(', bundle(templates)), "the bundle finds its palette otherwise"


def check_saved_palette(templates: Path) -> None:
    """Runtime (palette): the palette is saved as __palette, {index, color: {media, scheme, primary, accent}}."""
    js = bundle(templates)
    assert '__md_set("__palette",' in js
    assert f'__md_set("{material_adapter.SCHEME_SETTING}",' in js, "Tests (SCHEME_SETTING): the key it is saved under"
    assert re.search(r'index:\w+\.indexOf\(\w+\),color:\{media:\w+\.getAttribute\("data-md-color-media"\),scheme:', js)
    early = template(templates, "partials/javascripts/palette.html")
    assert '__md_get("__palette")' in early and '"data-md-color-"+key' in early
    assert runtime_constant("PALETTE_KEY") == '"__palette"'


def worker(templates: Path) -> str:
    return _one(templates, "assets/javascripts/workers/search.*.min.js").read_text(encoding="utf-8")


def check_search_index(templates: Path) -> None:
    """Build (split_search_index): the page asks for search/search_index.json at start and hands its config and docs on."""
    js = bundle(templates)
    assert 'new URL("search/search_index.json",' in js
    assert re.search(r"\(\{config:(\w+),docs:(\w+)\}\)=>\w+\.next\(\{type:0,data:\{config:\1,docs:\2,options:", js), (
        "setup changed"
    )
    assert material_adapter.SEARCH_INDEX == "search/search_index.json"


def check_search_worker_address(templates: Path) -> None:
    """Build (with_course_search_worker): the page's configuration names the search worker, which the bundle starts."""
    base = template(templates, "base.html")
    entry = re.search(r'"search": "(assets/javascripts/workers/search\.[0-9a-f]{8}\.min\.js)" \| url', base)
    assert entry, "the configuration no longer names the search worker"
    rendered = '<script id="__config" type="application/json">{"search": "../' + entry.group(1) + '"}</script>'
    assert material_adapter.with_course_search_worker(rendered) is not None
    assert re.search(r"\(e,t=new Worker\(e\)\)", bundle(templates)) and re.search(
        r"\w+\(\w+\.search,\w+\)", bundle(templates)
    )


def check_search_worker(templates: Path) -> None:
    """Runtime (search-worker.js): Material's worker answers setup (0) with ready (1), query (2) with result (3)."""
    js = worker(templates)
    assert 'addEventListener("message",' in js
    assert re.search(r"case 0:return yield \w+\(\w+\.data\.config\),\w+=new \w+\(\w+\.data\),\{type:1\};case 2:", js)
    assert re.search(r"return\{type:3,data:", js)
    assert re.search(r"function \w+\(e\)\{return e\.type===1\}", bundle(templates)), (
        "the page no longer waits for ready"
    )


def check_search_dialog(templates: Path) -> None:
    """Runtime (searchDialog): the search is the .md-search panel, a dialog once the bundle has mounted it."""
    assert 'class="md-search" data-md-component="search"' in template(templates, "partials/search.html")
    assert 'role:"dialog"' in bundle(templates)
    assert runtime_constant("SEARCH_DIALOG") == '".md-search[role=dialog]"'


def check_root_classes(templates: Path) -> None:
    """Template (overrides/main.html): the bundle turns <html>'s no-js into js and adds js-focus-visible."""
    assert '<html lang="{{ lang.t(\'language\') }}" class="no-js">' in template(templates, "base.html")
    js = bundle(templates)
    assert 'classList.remove("no-js");document.documentElement.classList.add("js")' in js
    assert 'documentElement.classList.add("js-focus-visible")' in js


def check_own_bundle_folder(templates: Path) -> None:
    """Tests (tests/browser/accounting.js): Material's scripts are all under assets/javascripts/, none of the course's."""
    assert list(templates.glob("assets/javascripts/bundle.*.min.js"))
    assert "assets/javascripts/" in (ROOT / "tests" / "browser" / "accounting.js").read_text(encoding="utf-8")


def check_navigation(templates: Path) -> None:
    """Scripts driving the site (NAVIGATION, nav_link, nav_link_ending, HOME_LINK): the navigation, the logo a home link."""
    nav = template(templates, "partials/nav.html")
    assert '{% set class = "md-nav md-nav--primary" %}' in nav and '<nav class="{{ class }}"' in nav
    tag, name = material_adapter.NAVIGATION.split(".")
    assert f'{{% set class = "md-nav {name}" %}}' in nav and f'<{tag} class="{{{{ class }}}}"' in nav, "NAVIGATION"
    logo = template(templates, "partials/header.html")
    assert re.search(
        r'<a href="\{\{ config\.extra\.homepage \| d\(nav\.homepage\.url, true\) \| url \}\}" title="[^"]*" class="md-header__button md-logo"',
        logo,
    )
    assert (
        material_adapter.nav_link("x").startswith("nav.md-nav--primary a")
        and material_adapter.HOME_LINK == "a.md-header__button.md-logo"
    )


def check_header(templates: Path) -> None:
    """Runtime (theme colour) and tests (HEADER): the header is header.md-header, its colour the one a phone's bar takes."""
    header = template(templates, "partials/header.html")
    assert '{% set class = "md-header" %}' in header and '<header class="{{ class }}"' in header
    tag, name = material_adapter.HEADER.split(".")
    assert f'{{% set class = "{name}" %}}' in header and f'<{tag} class="{{{{ class }}}}"' in header, "HEADER"


# ── What the tests look for in Material's page (material_adapter.py's section of that name) ─────────────────


def check_below_header(templates: Path) -> None:
    """Tests (BELOW_HEADER): everything under the header is one element of base.html's, right after the header."""
    base = template(templates, "base.html")
    assert written(material_adapter.BELOW_HEADER, base), "the part under the header changed"
    below = re.search(rf'<div class="{classes(material_adapter.BELOW_HEADER)[0]}"', base)
    assert below and base.index('{% include "partials/header.html" %}') < below.start()


def check_swapped_content(templates: Path) -> None:
    """Tests (SWAPPED_CONTENT): the element around the page's text carries this component name."""
    base = template(templates, "base.html")
    match = re.fullmatch(r'\[([\w-]+)="([^"]+)"\]', material_adapter.SWAPPED_CONTENT)
    assert match
    name = f'{match.group(1)}="{match.group(2)}"'
    assert re.search(rf"<div [^>]*{name}>(?:(?!</div>).)*?<article ", base, re.DOTALL), f"no {name} around the article"


def check_table_box(templates: Path) -> None:
    """Tests (TABLE_BOX): the bundle's box around a class-less table, outer element then inner."""
    outer, inner = classes(material_adapter.TABLE_BOX)
    assert re.search(rf'"div",\{{class:"{outer}"\}},\w+\("div",\{{class:"{inner}"\}}', bundle(templates))


def check_next_page_link(templates: Path) -> None:
    """Tests (NEXT_PAGE_LINK): the footer's link to the next page."""
    (name,) = classes(material_adapter.NEXT_PAGE_LINK)
    footer = template(templates, "partials/footer.html")
    assert re.search(rf'<a href="\{{\{{ page\.next_page\.url \| url \}}\}}" class="(?:[\w-]+ )*{name}"', footer)
    assert written(material_adapter.NEXT_PAGE_LINK, footer)


def check_current_section(templates: Path) -> None:
    """Tests (CURRENT_SECTION): the table of contents is the second sidebar; the bundle marks the section in view."""
    sidebar, link = classes(material_adapter.CURRENT_SECTION)
    assert re.search(rf'class="(?:[\w-]+ )*{sidebar}"[^>]*data-md-type="toc"', template(templates, "base.html"))
    assert f'classList.toggle("{link}",' in bundle(templates), "the bundle no longer marks the section in view"


def check_search_result(templates: Path) -> None:
    """Tests (SEARCH_RESULT): each result is a list item the bundle makes."""
    (name,) = classes(material_adapter.SEARCH_RESULT)
    assert made("li", name, bundle(templates))


def check_search_result_count(templates: Path) -> None:
    """Tests (SEARCH_RESULT_COUNT): the line above the results, which says "Initializing search" until ready."""
    (name,) = classes(material_adapter.SEARCH_RESULT_COUNT)
    search = template(templates, "partials/search.html")
    assert re.search(rf'<div class="{name}">\s*\{{\{{ lang\.t\("search\.result\.initializer"\) \}}\}}', search)


def check_search_results_panel(templates: Path) -> None:
    """Tests (SEARCH_RESULTS_PANEL): the panel the results scroll in."""
    assert written(material_adapter.SEARCH_RESULTS_PANEL, template(templates, "partials/search.html"))


def check_search_mark(templates: Path) -> None:
    """Tests (SEARCH_MARK): the bundle marks the words searched for in a page reached from a result."""
    match = re.fullmatch(r"(\w+)\[([\w-]+)\]", material_adapter.SEARCH_MARK)
    assert match
    assert f"<{match.group(1)} {match.group(2)}>${{" in bundle(templates)


def check_copy_button(templates: Path) -> None:
    """Tests (COPY_BUTTON): the bundle gives a code block a bar with its Copy button."""
    bar, button = classes(material_adapter.COPY_BUTTON)
    js = bundle(templates)
    assert made("nav", bar, js)
    assert re.search(rf'\w+\("button",\{{class:"{button}",title:\w+\("clipboard\.copy"\)', js)


def check_no_copy(templates: Path) -> None:
    """Build and tests (NO_COPY): the bundle leaves out the Copy button of a code block inside this class."""
    assert f'!e.closest(".{material_adapter.NO_COPY}")' in bundle(templates)


def check_colour_attributes(templates: Path) -> None:
    """Tests (COLOUR_ATTRIBUTES): each part of the saved palette becomes an attribute of <body> with this prefix."""
    early = template(templates, "partials/javascripts/palette.html")
    assert f'document.body.setAttribute("{material_adapter.COLOUR_ATTRIBUTES}"+key,value)' in early


def check_scheme_attribute(templates: Path) -> None:
    """Tests (SCHEME_ATTRIBUTE): <body> names its colour scheme."""
    base = template(templates, "base.html")
    assert f'<body dir="{{{{ direction }}}}" {material_adapter.SCHEME_ATTRIBUTE}="{{{{ scheme' in base


def check_light_scheme(templates: Path) -> None:
    """Tests (LIGHT_SCHEME): "default" is the light scheme."""
    light = f"[{material_adapter.SCHEME_ATTRIBUTE}={material_adapter.LIGHT_SCHEME}]{{color-scheme:light}}"
    assert light in main_css(templates)


def check_media_attribute(templates: Path) -> None:
    """Tests (MEDIA_ATTRIBUTE): the saved palette keeps its entry's media query, which <body> then carries."""
    key = material_adapter.MEDIA_ATTRIBUTE.removeprefix(material_adapter.COLOUR_ATTRIBUTES)
    pattern = rf'color:\{{{key}:\w+\.getAttribute\("{material_adapter.MEDIA_ATTRIBUTE}"\)'
    assert re.search(pattern, bundle(templates))


def check_accent_attribute(templates: Path) -> None:
    """Tests (ACCENT_ATTRIBUTE): <body> carries the accent colour, written when the site is built."""
    assert f'{material_adapter.ACCENT_ATTRIBUTE}="{{{{ accent' in template(templates, "base.html")


def check_scheme_toggle(templates: Path) -> None:
    """Tests (SCHEME_TOGGLE): the header's toggle is one label per scheme, for one of the palette's inputs."""
    match = re.fullmatch(r'(\w+)\.([\w-]+)\[([\w-]+)\^="([^"]+)"\]', material_adapter.SCHEME_TOGGLE)
    assert match
    tag, name, attribute, start = match.groups()
    palette = template(templates, "partials/palette.html")
    assert re.search(rf'<{tag} class="{name}(?: [\w-]+)*"[^>]* {attribute}="{start}', palette)


def check_scheme_choice(templates: Path) -> None:
    """Tests (scheme_choice): the label for the palette's entry i names the input whose id ends in i."""
    match = re.fullmatch(r'label\[for="([\w-]+?)0"\]', material_adapter.scheme_choice(0))
    assert match
    palette = template(templates, "partials/palette.html")
    assert f'id="{match.group(1)}{{{{ loop.index0 }}}}"' in palette
    assert f'<label class="md-header__button md-icon" title="{{{{ option.toggle.name }}}}" for="{match.group(1)}' in palette


def check_scheme_option(templates: Path) -> None:
    """Tests (SCHEME_OPTION): behind the toggle, one radio button per scheme."""
    tag, name = material_adapter.SCHEME_OPTION.split(".")
    assert re.search(rf'<{tag} class="{name}"[^>]* type="radio"', template(templates, "partials/palette.html"))


CHECKS: list[Callable[[Path], None]] = [
    check_storage_definition,
    check_button_classes,
    check_wrapped_tables,
    check_page_announcements,
    check_swapped_components,
    check_article,
    check_colour_scheme,
    check_switching_mark,
    check_palette_partial,
    check_palette_mount,
    check_saved_palette,
    check_search_index,
    check_search_worker_address,
    check_search_worker,
    check_search_dialog,
    check_root_classes,
    check_own_bundle_folder,
    check_navigation,
    check_header,
    check_below_header,
    check_swapped_content,
    check_table_box,
    check_next_page_link,
    check_current_section,
    check_search_result,
    check_search_result_count,
    check_search_results_panel,
    check_search_mark,
    check_copy_button,
    check_no_copy,
    check_colour_attributes,
    check_scheme_attribute,
    check_light_scheme,
    check_media_attribute,
    check_accent_attribute,
    check_scheme_toggle,
    check_scheme_choice,
    check_scheme_option,
]


# ── The style sheets' names for Material's (THEME_NAMES), one check each ────

# Which of Material's files holds each selector the course's sheets name: its style sheets (as its minifier writes
# them, an attribute's value unquoted) or, for the palette's element, the template that writes it.
SELECTOR_FILES = {
    ":--theme-content": "assets/stylesheets/main.*.min.css",
    ":--theme-palette": "base.html",
    ":--theme-light": "assets/stylesheets/main.*.min.css",
    ":--theme-dark": "assets/stylesheets/palette.*.min.css",
    ":--theme-accent-deep-orange": "assets/stylesheets/palette.*.min.css",
    ":--theme-primary-indigo": "assets/stylesheets/palette.*.min.css",
    ":--theme-button": "assets/stylesheets/main.*.min.css",
    ":--theme-button-primary": "assets/stylesheets/main.*.min.css",
    ":--theme-code-button": "assets/stylesheets/main.*.min.css",
    ":--theme-search-toggle": "assets/stylesheets/main.*.min.css",
    ":--theme-header": "assets/stylesheets/main.*.min.css",
    ":--theme-search-output": "assets/stylesheets/main.*.min.css",
    ":--theme-search-result": "assets/stylesheets/main.*.min.css",
    ":--theme-nav": "assets/stylesheets/main.*.min.css",
    ":--theme-nav-title": "assets/stylesheets/main.*.min.css",
}
# Material defines every custom property the sheets name in its main style sheet, in a rule's declarations.
PROPERTY_FILE = "assets/stylesheets/main.*.min.css"


def material_text(alias: str) -> tuple[str, str]:
    """The file of Material's that holds the assumption behind ``alias``, and the text it must hold.

    A selector as Material's files write it: a class as it is, ``[name="value"]`` as ``[name=value]`` in a style
    sheet, ``[name]`` as the attribute ``name=`` in a template. A property as its definition, ``--name:``.
    """
    material = material_adapter.THEME_NAMES[alias][0]
    if not alias.startswith(":"):
        return PROPERTY_FILE, f"{material}:"
    where = SELECTOR_FILES[alias]
    if where.endswith(".html"):
        attribute = re.fullmatch(r"\[([\w-]+)\]", material)
        assert attribute, f"{alias}: only an attribute is looked for in a template"
        return where, f" {attribute.group(1)}="
    return where, re.sub(r'="([\w-]+)"', r"=\1", material)


def theme_name_check(alias: str) -> Callable[[Path], None]:
    """The check that Material's files hold what THEME_NAMES maps ``alias`` to, whole."""
    where, text = material_text(alias)
    why = material_adapter.THEME_NAMES[alias][1]
    # Whole: a selector not followed by more of a name, a property defined after a rule's "{" or a ";".
    pattern = re.escape(text) + r"(?![\w-])" if alias.startswith(":") else r"[{;]" + re.escape(text)

    def check(templates: Path) -> None:
        assert re.search(pattern, _one(templates, where).read_text(encoding="utf-8")), (
            f"Material's {where} no longer holds {text.strip()}, which the style sheets name {alias} ({why})"
        )

    kind = "selector" if alias.startswith(":") else "property"
    check.__name__ = f"check_theme_{kind}_" + alias.removeprefix(":").removeprefix("--theme-").replace("-", "_")
    check.__doc__ = f"Style sheets ({alias}, material_css): {why}."
    return check


def theme_name_break(alias: str) -> tuple[str, str, str]:
    """Material's name for ``alias`` renamed in its file: a letter added to the selector, the property renamed."""
    where, text = material_text(alias)
    if text.startswith("--"):
        return where, text, text[:-1] + "-renamed:"
    if text.endswith("]"):
        return where, text, text[:-1] + "x]"
    if text.endswith("="):
        return where, text, text[:-1] + "-renamed="
    return where, text, text + "x"


THEME_NAME_CHECKS = [theme_name_check(alias) for alias in material_adapter.THEME_NAMES]
CHECKS += THEME_NAME_CHECKS


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
def test_material_keeps_the_assumption(check: Callable[[Path], None]) -> None:
    check(material_templates())


# For each check, one change to a copy of Material's files that breaks exactly what it relies on.
BREAKS: dict[str, tuple[str, str, str]] = {
    "check_storage_definition": ("partials/javascripts/base.html", "__md_get=", "__md_read="),
    "check_button_classes": ("assets/stylesheets/main.*.min.css", ".md-button--primary", ".md-button--main"),
    "check_wrapped_tables": ("assets/javascripts/bundle.*.min.js", "md-typeset__scrollwrap", "md-typeset__scroll"),
    "check_page_announcements": ("assets/javascripts/bundle.*.min.js", "window.document$=", "window.page$="),
    "check_swapped_components": ("base.html", 'data-md-component="container"', 'data-md-part="container"'),
    "check_article": (
        "base.html",
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__text md-typeset">',
    ),
    "check_colour_scheme": (
        "assets/stylesheets/palette.*.min.css",
        "[data-md-color-scheme=slate]",
        "[data-md-color-scheme=dark]",
    ),
    "check_switching_mark": (
        "assets/stylesheets/palette.*.min.css",
        "[data-md-color-switching]",
        "[data-md-color-changing]",
    ),
    "check_palette_partial": ("partials/palette.html", 'name="__palette"', 'name="__colours"'),
    "check_palette_mount": ("assets/javascripts/bundle.*.min.js", '("palette").map(', '("colours").map('),
    "check_saved_palette": ("assets/javascripts/bundle.*.min.js", '__md_set("__palette",', '__md_set("__colours",'),
    "check_search_index": ("assets/javascripts/bundle.*.min.js", "search/search_index.json", "search/index.json"),
    "check_search_worker_address": (
        "base.html",
        '"search": "assets/javascripts/workers/',
        '"worker": "assets/javascripts/workers/',
    ),
    "check_search_worker": ("assets/javascripts/workers/search.*.min.js", "{type:1};case 2:", "{type:4};case 2:"),
    "check_search_dialog": ("assets/javascripts/bundle.*.min.js", 'role:"dialog"', 'role:"region"'),
    "check_root_classes": (
        "assets/javascripts/bundle.*.min.js",
        'classList.add("js-focus-visible")',
        'classList.add("js-focus")',
    ),
    "check_own_bundle_folder": ("assets/javascripts/bundle.*.min.js", "", ""),
    "check_navigation": ("partials/nav.html", "md-nav--primary", "md-nav--main"),
    "check_header": ("partials/header.html", '{% set class = "md-header" %}', '{% set class = "md-top" %}'),
    "check_below_header": ("base.html", '<div class="md-container"', '<div class="md-page"'),
    "check_swapped_content": ("base.html", 'data-md-component="content"', 'data-md-component="text"'),
    "check_table_box": ("assets/javascripts/bundle.*.min.js", 'class:"md-typeset__table"', 'class:"md-typeset__grid"'),
    "check_next_page_link": ("partials/footer.html", "md-footer__link--next", "md-footer__link--after"),
    "check_current_section": ("assets/javascripts/bundle.*.min.js", "md-nav__link--active", "md-nav__link--current"),
    "check_search_result": ("assets/javascripts/bundle.*.min.js", "md-search-result__item", "md-search-result__entry"),
    "check_search_result_count": ("partials/search.html", "md-search-result__meta", "md-search-result__count"),
    "check_search_results_panel": ("partials/search.html", "md-search__scrollwrap", "md-search__scroller"),
    "check_search_mark": ("assets/javascripts/bundle.*.min.js", "<mark data-md-highlight>", "<mark data-md-found>"),
    "check_copy_button": ("assets/javascripts/bundle.*.min.js", 'class:"md-code__button"', 'class:"md-code__copy"'),
    "check_no_copy": ("assets/javascripts/bundle.*.min.js", '.closest(".no-copy")', '.closest(".nocopy")'),
    "check_colour_attributes": (
        "partials/javascripts/palette.html",
        'setAttribute("data-md-color-"+key',
        'setAttribute("data-md-colour-"+key',
    ),
    "check_scheme_attribute": ("base.html", ' data-md-color-scheme="{{ scheme', ' data-md-scheme="{{ scheme'),
    "check_light_scheme": (
        "assets/stylesheets/main.*.min.css",
        "[data-md-color-scheme=default]{color-scheme:light}",
        "[data-md-color-scheme=light]{color-scheme:light}",
    ),
    "check_media_attribute": ("assets/javascripts/bundle.*.min.js", "color:{media:", "color:{query:"),
    "check_accent_attribute": ("base.html", 'data-md-color-accent="{{ accent', 'data-md-color-highlight="{{ accent'),
    "check_scheme_toggle": ("partials/palette.html", '<label class="md-header__button', '<label class="md-header__toggle'),
    "check_scheme_choice": ("partials/palette.html", 'id="__palette_{{', 'id="__colours_{{'),
    "check_scheme_option": ("partials/palette.html", 'class="md-option"', 'class="md-choice"'),
}
BREAKS.update(
    {check.__name__: theme_name_break(alias) for alias, check in zip(material_adapter.THEME_NAMES, THEME_NAME_CHECKS)}
)

COPIED = [
    "base.html",
    "partials/palette.html",
    "partials/header.html",
    "partials/nav.html",
    "partials/search.html",
    "partials/footer.html",
    "partials/javascripts/palette.html",
    "partials/javascripts/base.html",
    "assets/javascripts/bundle.*.min.js",
    "assets/javascripts/workers/search.*.min.js",
    "assets/stylesheets/main.*.min.css",
    "assets/stylesheets/palette.*.min.css",
]


def copy_of_material(into: Path) -> Path:
    """The files the checks read, copied from the installed Material into ``into`` with their relative paths."""
    source = material_templates()
    for pattern in COPIED:
        for path in source.glob(pattern):
            target = into / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    return into


def test_every_check_has_a_break() -> None:
    assert sorted(BREAKS) == sorted(check.__name__ for check in CHECKS)


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
def test_a_changed_assumption_fails_its_check(check: Callable[[Path], None], tmp_path: Path) -> None:
    templates = copy_of_material(tmp_path)
    check(templates)  # the unchanged copy passes
    pattern, old, new = BREAKS[check.__name__]
    path = _one(templates, pattern)
    if old:
        text = path.read_text(encoding="utf-8")
        assert old in text, (pattern, old)
        path.write_text(text.replace(old, new), encoding="utf-8")
    else:
        path.unlink()  # the bundle moved out of assets/javascripts/
    with pytest.raises(AssertionError):
        check(templates)


# ── pymdownx's markup (code_later.py), from pymdownx's own output ────────────

HIGHLIGHT = {"pymdownx.highlight": {"anchor_linenums": True, "pygments_lang_class": True}}


def _rendered(source: str) -> str:
    return markdown.markdown(
        source, extensions=["pymdownx.highlight", "pymdownx.superfences"], extension_configs=HIGHLIGHT
    )


def test_pymdownx_writes_the_block_the_adapter_finds() -> None:
    rendered = _rendered('```python\nx = "<b>"  # c\n```\n')
    blocks = material_adapter.highlighted_blocks(rendered)
    assert len(blocks) == 1
    anchor = '<a id="__codelineno-0-1" name="__codelineno-0-1" href="#__codelineno-0-1"></a>'
    assert material_adapter.without_tokens(blocks[0].group(2)) == anchor + 'x = "&lt;b&gt;"  # c\n'
    assert material_adapter.HIGHLIGHTED_LINE not in rendered


def test_pymdownx_marks_highlighted_lines_as_the_adapter_expects() -> None:
    assert material_adapter.HIGHLIGHTED_LINE in _rendered('```python hl_lines="1"\nx = 1\n```\n')


# ── The pin, and the built site ──────────────────────────────────────────────


def test_the_installed_material_is_the_pinned_one() -> None:
    """The build refuses another release (overrides/hooks/theme.py); so does this, naming both versions."""
    assert installed_material_version() == MATERIAL_VERSION
    check_material_version()
    assert runtime_constant("VERSION") == f'"{MATERIAL_VERSION}"'
    with pytest.raises(
        material_adapter.MaterialVersionError, match=r"mkdocs-material 9\.99\.0 is installed, .* against 9\.8\.2"
    ):
        check_material_version("9.99.0")


def test_the_adapters_examples() -> None:
    result = doctest.testmod(material_adapter, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result


def test_the_built_page_uses_the_course_palette_and_the_adapter_first(built_site: Path) -> None:
    page = (built_site / "lessons" / "self-attention" / "index.html").read_text(encoding="utf-8")
    assert 'data-md-component="palette"' not in page and "data-course-palette" in page
    assert page.count('name="__palette"') == 3
    assert page.index("javascripts/material-adapter.js") < page.index("assets/javascripts/bundle.")
    assert '"search": "../../javascripts/search-worker.js"' in page
    worker = (built_site / "javascripts" / "search-worker.js").read_text(encoding="utf-8")
    assert (
        f'"../assets/javascripts/workers/{_one(material_templates(), "assets/javascripts/workers/search.*.min.js").name}"'
        in worker
    )
    index = json.loads((built_site / material_adapter.SEARCH_INDEX).read_text(encoding="utf-8"))
    text = json.loads((built_site / material_adapter.SEARCH_TEXT).read_text(encoding="utf-8"))
    assert index["docs"] == [] and index["config"]["lang"] == ["en"]  # English: the worker loads no language pack
    assert any(doc["location"] == "lessons/self-attention/" for doc in text["docs"])
    assert page.count(material_adapter.storage_guard_script()) == 1  # postbuild/material_storage.py
