"""The hook overrides/hooks/serve_pipeline.py runs the post-build pipeline under ``properdocs serve``, and only there.

A build runs the pipeline itself (``./dev.sh build``, ``build_site``): under ``build`` the hook
must leave the folder alone, or every step would run twice. Under ``serve`` it hands the steps
the live configuration's values, as :meth:`postbuild.Context.from_config` reads them from the file.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import postbuild
from tests.helpers import ROOT, load_hook

hook = load_hook("serve_pipeline")


def _config(site: Path) -> SimpleNamespace:
    jupyter = SimpleNamespace(config={"notebook_dirs": {"examples": "site_examples"}})
    return SimpleNamespace(
        site_dir=str(site),
        site_url="http://127.0.0.1:8000/",
        extra_css=["vendor/katex/katex.min.css", "stylesheets/extra.css"],
        plugins={"mkdocs-jupyter": jupyter},
    )


@pytest.fixture
def serving():
    hook.on_startup(command="serve", dirty=False)
    yield
    hook.on_startup(command="build", dirty=False)


def test_a_build_leaves_the_folder_to_the_command_that_runs_the_pipeline(tmp_path: Path) -> None:
    hook.on_startup(command="build", dirty=False)
    (tmp_path / "index.html").write_text("<html><head></head></html>", encoding="utf-8")
    hook.on_post_build(_config(tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == ["index.html"]
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == "<html><head></head></html>"


def test_serve_gives_the_steps_the_context_the_file_gives(
    serving, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert hook.context(_config(tmp_path)) == postbuild.Context(
        site_url="http://127.0.0.1:8000/",
        extra_css=("vendor/katex/katex.min.css", "stylesheets/extra.css"),
        notebook_folders=("examples",),
        serving=True,
    )
    monkeypatch.delenv("SITE_URL", raising=False)
    from_file = postbuild.Context.from_config(ROOT / "mkdocs.yml", serving=True)
    assert from_file.notebook_folders == ("examples",) and from_file.serving

    calls = []
    monkeypatch.setattr(postbuild, "run", lambda site, context, log: calls.append((site, context)))
    hook.on_post_build(_config(tmp_path))
    assert calls == [(tmp_path, hook.context(_config(tmp_path)))]


def test_a_failed_step_fails_the_rebuild_as_mkdocs_expects(
    serving, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from properdocs.exceptions import PluginError

    def fail(site: Path, context: postbuild.Context, log: object) -> None:
        raise postbuild.StepError("csp step: index.html has no <head>")

    monkeypatch.setattr(postbuild, "run", fail)
    with pytest.raises(PluginError, match="csp step: index.html has no <head>"):
        hook.on_post_build(_config(tmp_path))
