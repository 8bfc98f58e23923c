"""The scripts step (postbuild/scripts.py): the site's own scripts minified, doing what they did.

What a script does is checked by running it, as written and as minified, in Node; what it weighs, against its
size as written.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from postbuild import Context, scripts
from postbuild.shared import StepError

# An ES module that imports a sibling and reads its own address, and a classic script whose function is a global
# other scripts call: both with comments, as the site's are written.
MODULE = """// The page's greeting (a module of the site's: comments, long names).
import { shout } from "./shout.js";

// Where this file lives: modules find their neighbours from it.
const HERE = new URL("./", import.meta.url);

/**
 * The greeting for `name`, repeated `times` times.
 */
export function greeting(name, times) {
  const parts = [];
  for (let index = 0; index < times; index += 1) parts.push(shout(`hello ${name}`));
  return parts.join(" ");
}

console.log(greeting("café", 2), HERE.pathname.endsWith("/javascripts/"));
"""
SHOUT = """// Loud.
export const shout = (text) => text.toUpperCase() + "!";
"""
CLASSIC = """// A classic script: what it declares at the top is global, and other scripts call it by its name.
function courseAverage(values) {
  // The mean of the values, or null for none.
  if (!values.length) return null;
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}
"""
ALREADY_SMALL = "export const a=1;"


def _site(root: Path) -> Path:
    site = root / "site"
    (site / "javascripts").mkdir(parents=True)
    (site / "runner").mkdir()
    (site / "javascripts" / "greeting.js").write_text(MODULE, encoding="utf-8")
    (site / "javascripts" / "shout.js").write_text(SHOUT, encoding="utf-8")
    (site / "runner" / "average.js").write_text(CLASSIC, encoding="utf-8")
    (site / "runner" / "small.js").write_text(ALREADY_SMALL, encoding="utf-8")
    (site / "index.html").write_text("<html><head></head><body></body></html>", encoding="utf-8")
    (site / "package.json").write_text(json.dumps({"type": "module"}), encoding="utf-8")  # Node: .js files are modules
    return site


def _node(*args: str) -> str:
    node = shutil.which("node")
    assert node, "Node is needed (./dev.sh installs the front-end packages with it)"
    return subprocess.run([node, *args], capture_output=True, text=True, check=True).stdout


def _outputs(site: Path) -> tuple[str, str]:
    """What the module prints, and what the classic script's global gives, run by Node."""
    module = _node(str(site / "javascripts" / "greeting.js"))
    classic = _node(
        "--input-type=commonjs",
        "-e",
        "const vm = require('vm'); vm.runInThisContext(require('fs').readFileSync(process.argv[1], 'utf8'));"
        " console.log(courseAverage([1, 2, 6]), courseAverage([]));",
        str(site / "runner" / "average.js"),
    )
    return module, classic


def test_each_script_is_smaller_and_does_what_it_did(tmp_path: Path) -> None:
    site = _site(tmp_path)
    before = _outputs(site)
    assert before == ("HELLO CAFÉ! HELLO CAFÉ! true\n", "3 null\n")

    scripts.step(site, Context(site_url="http://127.0.0.1:8000/"))

    assert _outputs(site) == before
    for name, written in (
        ("javascripts/greeting.js", MODULE),
        ("javascripts/shout.js", SHOUT),
        ("runner/average.js", CLASSIC),
    ):
        text = (site / name).read_text(encoding="utf-8")
        assert len(text.encode()) < len(written.encode()) * 0.8, name
        assert "//" not in text.replace("://", "") and "/**" not in text, name  # the comments are gone
    module = (site / "javascripts" / "greeting.js").read_text(encoding="utf-8")
    assert 'from"./shout.js"' in module and "import.meta.url" in module and "export" in module  # still a module
    assert "café" in module  # the text kept in UTF-8, not escaped
    assert "function courseAverage(" in (site / "runner" / "average.js").read_text(encoding="utf-8")  # its global name
    assert (site / "runner" / "small.js").read_text(encoding="utf-8") == ALREADY_SMALL  # not made smaller: as it was


def test_under_serve_the_scripts_stay_as_written(tmp_path: Path) -> None:
    site = _site(tmp_path)
    scripts.step(site, Context(site_url="http://127.0.0.1:8000/", serving=True))
    assert (site / "javascripts" / "greeting.js").read_text(encoding="utf-8") == MODULE
    assert (site / "runner" / "average.js").read_text(encoding="utf-8") == CLASSIC


def test_a_script_esbuild_cannot_read_fails_the_step_and_names_it(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / "runner" / "broken.js").write_text("function ( {\n", encoding="utf-8")
    with pytest.raises(StepError, match=r"(?s)scripts step: esbuild could not minify.*broken\.js"):
        scripts.step(site, Context(site_url=""))
    assert (site / "javascripts" / "greeting.js").read_text(encoding="utf-8") == MODULE  # nothing half-done


def test_a_folder_without_scripts_is_not_a_built_site(tmp_path: Path) -> None:
    with pytest.raises(StepError, match="scripts step: .* holds no script under javascripts, runner/"):
        scripts.step(tmp_path, Context(site_url=""))
