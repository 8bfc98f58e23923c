"""The float16 model files in the built site (postbuild/model_files.py), and what running them costs.

The files: present, described by their manifest, cached between builds, or a
clear error. The cost: the committed figures of
site_examples/benchmarks/model_figures.py belong to these files and are consistent.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from attention.models import MissingWeightsError
from attention.models.export import is_float16_export
from attention.models.weights import require_files
from postbuild import model_files as hook
from postbuild.shared import StepError
from site_examples.benchmarks import model_figures
from tests.helpers import ROOT, sha256

MODEL = "models/all-MiniLM-L6-v2"


def test_site_ships_the_float16_model_and_its_manifest(built_site: Path) -> None:
    folder = built_site / MODEL
    assert sorted(p.name for p in folder.iterdir()) == sorted([*hook.FILES, "LICENSE"])
    licence = (folder / "LICENSE").read_text(encoding="utf-8")
    assert licence.lstrip().startswith("Apache License") and "Version 2.0, January 2004" in licence
    assert "4. Redistribution." in licence and len(licence) > 9000  # the whole text, not a mention
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert sorted(manifest["files"]) == ["config.json", "model.safetensors", "vocab.txt"]
    for name, entry in manifest["files"].items():
        assert entry["bytes"] == (folder / name).stat().st_size
        assert entry["sha256"] == sha256(folder / name)
    assert manifest["total_bytes"] == sum(entry["bytes"] for entry in manifest["files"].values()) < 50e6
    assert manifest["dtype"] == "float16" and is_float16_export(folder / "model.safetensors")


def test_without_the_weights_the_build_says_how_to_fetch_them(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path))
    with pytest.raises(StepError, match="model_files step: the all-MiniLM-L6-v2 weights are not in") as info:
        hook.float16_copy()
    assert "python -m attention.models fetch" in str(info.value)


def test_the_copy_is_made_once_then_reused_and_old_ones_pruned(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    try:
        require_files()
    except MissingWeightsError as error:
        pytest.fail(f"this test needs the published weights. {error}", pytrace=False)
    monkeypatch.setattr(hook, "cache_root", lambda: tmp_path)
    old, recent = tmp_path / "0000000000000000", tmp_path / "1111111111111111"
    old.mkdir()
    recent.mkdir()
    week_ago = time.time() - hook.STALE_AFTER - 60
    os.utime(old, (week_ago, week_ago))

    folder = hook.float16_copy()
    assert folder.parent == tmp_path and sorted(p.name for p in folder.iterdir()) == sorted(hook.FILES)
    assert not old.exists() and recent.exists()  # unused for a week: gone; recent: kept
    assert not list(tmp_path.glob(".export-*"))  # no staging folder left behind

    calls = []
    monkeypatch.setattr(hook.export, "export_float16", lambda *args: calls.append(args))
    assert hook.float16_copy() == folder and calls == []  # the second build converts nothing


# --- the measured cost of running it in the browser (site_examples/benchmarks/model_figures.py) ------------

FIGURES = json.loads((ROOT / "docs" / "data" / "model-figures.json").read_text(encoding="utf-8"))


def test_the_figures_are_a_measurement_of_the_files_the_site_ships(built_site: Path) -> None:
    """Re-measure (benchmarks/model_figures.py) when the shipped files change: their sizes are in the figures."""
    manifest = json.loads((built_site / MODEL / "manifest.json").read_text(encoding="utf-8"))
    download = FIGURES["download"]
    assert {name: entry["bytes"] for name, entry in download["files"].items()} == {
        name: entry["bytes"] for name, entry in manifest["files"].items()
    }
    assert download["raw_bytes"] == manifest["total_bytes"]
    assert FIGURES["meta"]["command"].startswith("site_examples/generate_model_figures.py")
    assert FIGURES["meta"]["repeat"] >= 3 and len(FIGURES["rounds"]) == FIGURES["meta"]["repeat"]
    assert FIGURES["sentences"] == list(model_figures.SENTENCES)
    assert [row["tokens"] for row in FIGURES["forward"]] == [8, 16, 32, 40, 64]


def test_the_targets_follow_from_the_numbers() -> None:
    download, targets = FIGURES["download"], FIGURES["targets"]
    assert targets[0]["met"] == (download["raw_bytes"] < 50e6)
    timed = FIGURES["view"]["rows"] if FIGURES["view"] else FIGURES["forward"]
    assert targets[1]["met"] == (max(row["median_s"] for row in timed) < 3.0)
    for row in FIGURES["forward"]:  # a median over rounds of medians: within the rounds' range
        per_round = [r["forward"][FIGURES["forward"].index(row)]["median_s"] for r in FIGURES["rounds"]]
        assert min(per_round) <= row["median_s"] <= max(per_round)


def test_the_table_is_generated_from_the_data() -> None:
    summary = {key: FIGURES[key] for key in FIGURES if key not in ("meta", "sentences", "rounds")}
    table = (ROOT / "docs" / "data" / "model-figures.md").read_text(encoding="utf-8")
    assert table == model_figures.markdown(summary, FIGURES["meta"])
