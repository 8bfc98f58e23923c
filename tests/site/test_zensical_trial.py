"""The Zensical trial's markers tell a feature from its absence, and its committed report is the script's.

``python -m site_examples.generate.zensical_trial`` builds the site with Zensical and with ProperDocs and
checks each feature in both from the built files. Here each kind of marker is shown a small hand-written
site with the feature and one where the Markdown it was written as is left over (what Zensical, running no
hook, leaves), and must tell them apart; every marker finds its feature in this run's ProperDocs build (a
marker that finds nothing would report any build as "lost"); the committed data names the script's markers,
in order, and "Maintaining the course" shows the table the script renders from that data.

The trial also runs the post-build pipeline over a copy of Zensical's output: every step runs, a failed one
recorded with its error; and each feature names the step that makes it, or says why a Zensical build lacks it.
What the page's Content-Security-Policy refuses in Chromium, which the trial records too, is checked with the
browser tests (``tests/browser/test_csp.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import postbuild
from site_examples.generate import zensical_trial
from tests.helpers import ROOT

DATA = json.loads((ROOT / "docs" / "data" / "zensical-trial.json").read_text(encoding="utf-8"))
MARKERS = {marker.name: marker for marker in zensical_trial.MARKERS}
SDPA = "lessons/scaled-dot-product-attention/index.html"


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("name", "with_feature", "left_over"),
    [
        # KaTeX's output, against arithmatex's markup with the TeX still in it
        (
            "formulas",
            '<span class="arithmatex"><span class="katex"><math></math></span></span>',
            '<span class="katex"></span><span class="arithmatex">\\(x^2\\)</span>',
        ),
        # the rendered quiz, against the fence printed as code
        ("quizzes", '<div class="quiz" data-quiz data-quiz-page="lessons/x/">', '<pre class="quiz"><code>- id: q'),
        # the drawn stepper, against a stepper drawn and another's directive left as a comment
        (
            "steppers",
            '<figure class="stepper" data-stepper="attention-steps">',
            '<figure data-stepper="a"></figure><!-- stepper: attention-steps -->',
        ),
        ("CSP", '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">', "<meta charset=utf-8>"),
    ],
)
def test_a_page_marker_tells_the_feature_from_what_is_left_without_it(
    tmp_path: Path, name: str, with_feature: str, left_over: str
) -> None:
    assert MARKERS[name].found(_site(tmp_path / "with", {SDPA: with_feature}))
    assert not MARKERS[name].found(_site(tmp_path / "without", {SDPA: left_over}))
    assert not MARKERS[name].found(_site(tmp_path / "empty", {}))


def test_the_page_markers_need_the_directive_gone_as_well_as_the_output_there(tmp_path: Path) -> None:
    page = "lessons/attention-at-scale/index.html"
    chart = '<svg class="bench-chart" role="img"></svg>'
    assert MARKERS["benchmark tables"].found(_site(tmp_path / "a", {page: chart}))
    assert not MARKERS["benchmark tables"].found(_site(tmp_path / "b", {page: chart + "<!-- benchmarks: speed -->"}))


def test_the_service_worker_counts_only_once_its_precache_list_is_filled_in(tmp_path: Path) -> None:
    source = "precacheAndRoute(self.__WB_MANIFEST);"
    assert not MARKERS["service worker"].found(_site(tmp_path / "source", {"sw.js": source}))
    assert MARKERS["service worker"].found(_site(tmp_path / "bundled", {"sw.js": 'precacheAndRoute([{"url":"a"}]);'}))


def test_file_markers_count_files_and_the_build_code_must_be_absent(tmp_path: Path) -> None:
    nine = {f"images/generated/f{i}-light.svg": "<svg/>" for i in range(9)}
    assert not MARKERS["figures"].found(_site(tmp_path / "nine", nine))  # fewer than the lessons have
    assert MARKERS["figures"].found(_site(tmp_path / "ten", {**nine, "images/generated/g.svg": "<svg/>"}))
    assert MARKERS["build code unpublished"].found(_site(tmp_path / "clean", {"index.html": ""}))
    assert not MARKERS["build code unpublished"].found(_site(tmp_path / "leak", {"hooks/katex.py": "import re"}))


def test_the_404_marker_needs_the_settings_relative_as_well_as_the_script(tmp_path: Path) -> None:
    script = "<script>var base=document.createElement('base');base.href=document.baseURI</script>"
    relative = (
        '<script id="__config" type="application/json">{"base":"","search":"javascripts/search-worker.js"}</script>'
    )
    assert MARKERS["404 under any path"].found(_site(tmp_path / "done", {"404.html": script + relative}))
    for left in ('{"base":"/","search":"javascripts/search-worker.js"}', '{"base": "", "search": "/course/s.js"}'):
        page = script + f'<script id="__config" type="application/json">{left}</script>'
        assert not MARKERS["404 under any path"].found(_site(tmp_path / "left", {"404.html": page}))
    assert not MARKERS["404 under any path"].found(_site(tmp_path / "none", {"404.html": relative}))


def test_each_feature_names_its_post_build_step_or_why_zensical_lacks_it() -> None:
    for marker in zensical_trial.MARKERS:
        assert (marker.step is None) == bool(marker.cause), marker.name  # one or the other
        assert marker.step is None or marker.step in postbuild.STEPS, marker.name


def test_the_pipeline_runs_every_step_and_records_a_failed_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_url: https://example.org/course/\nextra_css: [a.css]\n", "utf-8")
    site = tmp_path / "site"
    ran: list[str] = []

    def first(site: Path, context: postbuild.Context) -> None:
        ran.append(f"first {context.site_url}")

    def broken(site: Path, context: postbuild.Context) -> None:
        raise postbuild.StepError(f"broken: {site / 'search'} is missing")

    def last(site: Path, context: postbuild.Context) -> None:
        ran.append("last")

    monkeypatch.setattr(postbuild, "steps", lambda: [("first", first), ("broken", broken), ("last", last)])
    result = zensical_trial.postbuild_over(site, tmp_path / "mkdocs.yml")

    assert ran == ["first https://example.org/course/", "last"]
    assert result["context"] == {"site_url": "https://example.org/course/", "extra_css": 1, "notebook_folders": []}
    assert [(step["name"], step["ran"], step["error"]) for step in result["steps"]] == [
        ("first", True, None),
        ("broken", False, "StepError: broken: SITE/search is missing"),
        ("last", True, None),
    ]


def test_the_third_column_says_why_a_feature_is_lost() -> None:
    failed = {"search": "StepError: search: no index"}

    def cell(step: str | None, there: bool, cause: str = "") -> str:
        return zensical_trial.after_postbuild({"step": step, "cause": cause, "zensical_postbuild": there}, failed)

    assert cell("katex", True) == "there"
    assert cell("search", True) == "there (though the step `search` failed)"
    assert cell("search", False) == "**lost**: the step `search` failed (below)"
    assert cell("csp", False) == "**lost**: the step `csp` ran and left none of it"
    assert cell(None, False, "made by a hook") == "**lost**: made by a hook"


def test_search_is_found_in_either_engine_s_index(tmp_path: Path) -> None:
    text = '{"docs": [{"title": "Scaled dot-product attention"}]}'
    assert MARKERS["search"].found(_site(tmp_path / "material", {"search/search_index.json": text}))
    assert MARKERS["search"].found(_site(tmp_path / "zensical", {"search.json": text}))
    assert not MARKERS["search"].found(_site(tmp_path / "none", {"search.json": '{"docs": []}'}))


@pytest.mark.long
def test_every_marker_finds_its_feature_in_the_properdocs_build(built_site: Path) -> None:
    assert zensical_trial.check(built_site) == {name: True for name in MARKERS}


def test_the_committed_report_is_the_script_s_rendering_of_its_data() -> None:
    assert [feature["name"] for feature in DATA["features"]] == list(MARKERS)
    assert [feature["what"] for feature in DATA["features"]] == [marker.what for marker in zensical_trial.MARKERS]
    assert [(feature["step"], feature["cause"]) for feature in DATA["features"]] == [
        (marker.step, marker.cause) for marker in zensical_trial.MARKERS
    ]
    assert [step["name"] for step in DATA["postbuild"]["steps"]] == list(postbuild.STEPS)  # every step, in order
    assert all(feature["properdocs"] for feature in DATA["features"])  # the script stops otherwise
    report = (ROOT / "docs" / "data" / "zensical-trial.md").read_text(encoding="utf-8")
    assert report == zensical_trial.markdown(DATA)
    assert '--8<-- "docs/data/zensical-trial.md"' in (ROOT / "docs" / "maintaining.md").read_text(encoding="utf-8")
