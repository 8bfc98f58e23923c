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
