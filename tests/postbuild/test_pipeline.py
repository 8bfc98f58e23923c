"""The post-build pipeline (postbuild/): its steps and their order, its context from mkdocs.yml, no MkDocs import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import postbuild
from postbuild import Context
from tests.helpers import ROOT

CONFIG = """site_url: !ENV [SITE_URL, "http://127.0.0.1:8000/"]
theme:
  name: material
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: mermaid
          format: !!python/name:pymdownx.superfences.fence_code_format
plugins:
  - search
  - mkdocs-jupyter:
      notebook_dirs:
        examples: site_examples
      execute: !ENV [ATTENTION_COURSE_EXECUTE_NOTEBOOKS, true]
extra_css:
  - vendor/katex/katex.min.css
  - stylesheets/extra.css
"""


def test_the_steps_run_in_this_order() -> None:
    # The scripts minified before anything hashes them; then files; the HTML rewrites with the policy last of them (it hashes the HTML as served); the service
    # worker last of all (its precache lists every file as built).
    assert [name for name, _ in postbuild.steps()] == [
        "scripts", "vendor", "pyodide", "model_files", "table_slots", "runner_slots", "code_later", "katex", "material_storage", "search",
        "notebook_pages", "stylesheets", "not_found", "csp", "service_worker",
    ]  # fmt: skip
    assert all(callable(step) for _, step in postbuild.steps())


def test_the_context_is_read_from_the_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text(CONFIG, encoding="utf-8")
    monkeypatch.delenv("SITE_URL", raising=False)
    assert Context.from_config(config) == Context(
        site_url="http://127.0.0.1:8000/",
        extra_css=("vendor/katex/katex.min.css", "stylesheets/extra.css"),
        notebook_folders=("examples",),
    )
    monkeypatch.setenv("SITE_URL", "https://example.org/course/")
    assert Context.from_config(config, serving=True).site_url == "https://example.org/course/"
    assert Context.from_config(config, serving=True).serving


def test_the_course_configuration_gives_the_context_the_steps_need() -> None:
    context = Context.from_config(ROOT / "mkdocs.yml")
    assert context.notebook_folders == ("examples",)
    assert "stylesheets/extra.css" in context.extra_css and context.extra_css[0] == "vendor/katex/katex.min.css"


def test_a_folder_that_is_not_a_built_site_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="holds no index.html: build the site first"):
        postbuild.run(tmp_path, Context(site_url=""))
    result = subprocess.run(
        [sys.executable, "-m", "postbuild", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 1 and "holds no index.html" in result.stderr


def test_no_step_imports_mkdocs() -> None:
    code = (
        "import sys, postbuild\n"
        "[step for _, step in postbuild.steps()]\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mkdocs', 'properdocs', 'material', 'mkdocs_jupyter')))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
