"""The stylesheets step (postbuild/stylesheets.py): the site's own sheets become one file, linked in their place."""

from __future__ import annotations

from pathlib import Path

import pytest

from postbuild import Context, stylesheets
from postbuild.shared import StepError

CONTEXT = Context(
    site_url="http://127.0.0.1:8000/",
    extra_css=("vendor/katex/katex.min.css", "stylesheets/extra.css", "stylesheets/quiz.css"),
)
# The two sheets joined, each under its name: "/* stylesheets/extra.css */\nbody{}\n\n/* stylesheets/quiz.css */\n.q{}\n";
# its sha256 (sha256sum) starts 8fd8bd09.
BUNDLE_TEXT = "/* stylesheets/extra.css */\nbody{}\n\n/* stylesheets/quiz.css */\n.q{}\n"
BUNDLE = "stylesheets/site.8fd8bd09.css"


def head(links: str) -> str:
    return f"<html><head>\n<title>t</title>\n{links}<script src=x.js></script>\n</head><body></body></html>"


def test_pages_link_one_bundle_where_the_first_sheet_was(tmp_path: Path) -> None:
    (tmp_path / "stylesheets").mkdir()
    (tmp_path / "lessons" / "one").mkdir(parents=True)
    (tmp_path / "stylesheets" / "extra.css").write_text("\n body{}\n", encoding="utf-8")
    (tmp_path / "stylesheets" / "quiz.css").write_text(".q{}", encoding="utf-8")
    (tmp_path / "stylesheets" / "print.css").write_text("@media print{}", encoding="utf-8")  # not in extra_css: kept
    links = (
        '<link rel="stylesheet" href="{p}vendor/katex/katex.min.css">\n'
        '<link rel="stylesheet" href="{p}stylesheets/extra.css">\n'
        '<link rel="stylesheet" href="{p}stylesheets/quiz.css">\n'
    )
    (tmp_path / "index.html").write_text(head(links.format(p="")), encoding="utf-8")
    (tmp_path / "lessons" / "one" / "index.html").write_text(head(links.format(p="../../")), encoding="utf-8")

    stylesheets.step(tmp_path, CONTEXT)

    assert (tmp_path / "index.html").read_text(encoding="utf-8") == head(
        f'<link rel="stylesheet" href="vendor/katex/katex.min.css">\n<link rel="stylesheet" href="{BUNDLE}">\n'
    )
    assert (tmp_path / "lessons" / "one" / "index.html").read_text(encoding="utf-8") == head(
        '<link rel="stylesheet" href="../../vendor/katex/katex.min.css">\n'
        f'<link rel="stylesheet" href="../../{BUNDLE}">\n'
    )
    assert (tmp_path / BUNDLE).read_text(encoding="utf-8") == BUNDLE_TEXT
    assert sorted(p.name for p in (tmp_path / "stylesheets").iterdir()) == ["print.css", BUNDLE.split("/")[1]]


def test_a_page_that_does_not_link_a_sheet_fails_naming_both(tmp_path: Path) -> None:
    (tmp_path / "stylesheets").mkdir()
    for name in ("extra.css", "quiz.css"):
        (tmp_path / "stylesheets" / name).write_text("a{}", encoding="utf-8")
    (tmp_path / "404.html").write_text(
        head('<link rel="stylesheet" href="/stylesheets/extra.css">\n'), encoding="utf-8"
    )
    with pytest.raises(StepError, match=r"stylesheets step: 404\.html does not link stylesheets/quiz\.css"):
        stylesheets.step(tmp_path, CONTEXT)


def test_a_sheet_the_site_lacks_fails(tmp_path: Path) -> None:
    with pytest.raises(StepError, match="extra_css names stylesheets/extra.css, which the built site does not hold"):
        stylesheets.step(tmp_path, CONTEXT)


# The course's names for Material's (site_examples/material_adapter.py: THEME_NAMES), as a sheet writes them, and the
# bundle written out by hand in Material's names: --theme-text and :--theme-button are each the start of a longer
# name of the table, and --course--theme-text is a name of the course's own that merely contains one; its sha256
# (sha256sum of the text) starts 3433c6ee.
ALIASED = (
    ":root { --theme-text-light: #00000099; }\n"
    ":--theme-dark :--theme-content :--theme-button:not(:--theme-button-primary) "
    "{ color: var(--theme-text); border-color: var(--theme-text-light); --course--theme-text: 1; }\n"
)
MATERIAL = (
    "/* stylesheets/extra.css */\n"
    ":root { --md-default-fg-color--light: #00000099; }\n"
    '[data-md-color-scheme="slate"] .md-typeset .md-button:not(.md-button--primary) '
    "{ color: var(--md-default-fg-color); border-color: var(--md-default-fg-color--light); --course--theme-text: 1; }\n"
)


def test_the_bundle_names_materials_selectors_and_properties_where_the_sheets_name_the_courses(tmp_path: Path) -> None:
    (tmp_path / "stylesheets").mkdir()
    (tmp_path / "stylesheets" / "extra.css").write_text(ALIASED, encoding="utf-8")
    (tmp_path / "index.html").write_text(
        head('<link rel="stylesheet" href="stylesheets/extra.css">\n'), encoding="utf-8"
    )

    stylesheets.step(tmp_path, Context(site_url="http://127.0.0.1:8000/", extra_css=("stylesheets/extra.css",)))

    assert (tmp_path / "stylesheets" / "site.3433c6ee.css").read_text(encoding="utf-8") == MATERIAL


def test_a_name_the_adapter_does_not_define_fails_naming_it_and_the_sheet(tmp_path: Path) -> None:
    (tmp_path / "stylesheets").mkdir()
    (tmp_path / "stylesheets" / "extra.css").write_text("a{}", encoding="utf-8")
    (tmp_path / "stylesheets" / "quiz.css").write_text(
        ":--theme-content .q { color: var(--theme-txt-light) }", encoding="utf-8"
    )
    with pytest.raises(
        StepError,
        match=r"^stylesheets step: stylesheets/quiz\.css names --theme-txt-light, which THEME_NAMES "
        r"\(site_examples/material_adapter\.py\) does not define$",
    ):
        stylesheets.step(tmp_path, CONTEXT)


@pytest.mark.parametrize(
    ("sheet", "unknown"),
    [(":--theme-contents a{}", ":--theme-contents"), ("a{color:var(--theme-text-)}", "--theme-text-")],
)
def test_a_name_is_read_whole_never_by_its_start(tmp_path: Path, sheet: str, unknown: str) -> None:
    """A name that only starts with one of the table's is not that name: it fails, whole."""
    (tmp_path / "stylesheets").mkdir()
    for name in ("extra.css", "quiz.css"):
        (tmp_path / "stylesheets" / name).write_text(sheet, encoding="utf-8")
    with pytest.raises(StepError, match=f"stylesheets/extra.css names {unknown}, which"):
        stylesheets.bundle_text(tmp_path, ["stylesheets/extra.css", "stylesheets/quiz.css"])
