"""The vendor step (postbuild/vendor.py): KaTeX's style sheet and woff2 fonts, copied from node_modules, nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from postbuild import Context, vendor
from postbuild.shared import StepError
from tests.helpers import ROOT, sha256

KATEX = ROOT / "node_modules" / "katex" / "dist"


def test_katex_style_and_woff2_fonts_are_copied(tmp_path: Path) -> None:
    vendor.step(tmp_path, Context(site_url=""))
    copied = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    fonts = sorted(f"vendor/katex/fonts/{p.name}" for p in (KATEX / "fonts").glob("*.woff2"))
    assert copied == sorted(["vendor/katex/katex.min.css", *fonts]) and len(fonts) >= 20
    assert sha256(tmp_path / "vendor/katex/katex.min.css") == sha256(KATEX / "katex.min.css")
    assert not list(tmp_path.rglob("*.ttf")) and not list(tmp_path.rglob("*.js"))


def test_a_missing_package_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(StepError, match=r"vendor step: .*katex/dist is missing\. Install .* `npm ci`"):
        vendor.vendored_files(tmp_path)
