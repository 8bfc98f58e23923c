"""The attention-at-scale benchmark: the script runs without PyTorch, the committed data is a full
measurement, and the lesson shows that data (rendered at build time by overrides/hooks/benchmarks.py)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from properdocs.exceptions import PluginError

from tests.helpers import ROOT, load_hook

MODULE = "site_examples.benchmarks.attention_at_scale"
DATA = ROOT / "docs" / "data" / "attention-at-scale.json"
DTYPES = {"float32", "float64"}
METHODS = {"blockwise", "naive_numpy", "naive_package", "torch"}

hook = load_hook("benchmarks")


def _check_structure(data: dict) -> None:
    assert data["generated_by"] == "site_examples/benchmarks/attention_at_scale.py"
    assert set(data["environment"]) >= {"cpu", "threads", "python", "numpy", "torch"}
    assert data["environment"]["threads"] == 1
    for row in data["speed"]:
        assert row["dtype"] in DTYPES and isinstance(row["causal"], bool)
        assert set(row["seconds"]) == METHODS
        assert all(row["seconds"][m] > 0 for m in METHODS - {"torch"})
    for row in data["memory"]:
        assert row["dtype"] in DTYPES and row["method"] in METHODS - {"torch"}
        item = 4 if row["dtype"] == "float32" else 8
        # The bound recorded is the promise: output + 2·512² elements + 1 MiB.
        assert row["bound_bytes"] == row["n"] * 64 * item + 2 * 512**2 * item + 2**20
    assert all(set(t) == {"target", "met", "worst"} for t in data["targets"])


def test_quick_run_without_torch(tmp_path: Path) -> None:
    """The shared environment has no PyTorch: the script still measures, compares with naive numpy, and says so."""
    output = tmp_path / "quick.json"
    result = subprocess.run(
        [sys.executable, "-m", MODULE, "--quick", "--output", str(output)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(output.read_text())
    _check_structure(data)
    assert data["settings"]["quick"] is True
    assert len(data["speed"]) == 2 * 2 * 2  # dtypes × sizes × masks
    assert {(r["n"], r["method"]) for r in data["memory"]} == {
        (n, m) for n in (256, 512) for m in ("blockwise", "naive_numpy", "naive_package")
    }
    if data["environment"]["torch"] is None:
        torch_targets = [t for t in data["targets"] if "PyTorch" in t["target"]]
        assert torch_targets and all(t["met"] is None for t in torch_targets)
    # Measured independently of the script's own check: blockwise stays under the bound.
    assert all(r["peak_bytes"] <= r["bound_bytes"] for r in data["memory"] if r["method"] == "blockwise")
    assert "targets" in result.stdout and "peak memory" in result.stdout


def test_committed_data_is_a_full_measurement() -> None:
    """What the lesson shows is a real run: every size, both dtypes, PyTorch present, every target decided."""
    data = json.loads(DATA.read_text())
    _check_structure(data)
    assert data["settings"]["quick"] is False and data["settings"]["rounds"] >= 3
    assert data["environment"]["torch"], "run the benchmark where torch can be imported"
    # PyTorch on its fastest documented CPU path, and the data says which kernel ran.
    path = data["environment"]["torch_path"]
    assert path["backend"] == "FLASH_ATTENTION" and path["forced_with"] == "torch.nn.attention.sdpa_kernel"
    assert path["inputs"].startswith("4-D")
    assert {(r["dtype"], r["n"], r["causal"]) for r in data["speed"]} == {
        (d, 2**e, c) for d in DTYPES for e in range(7, 14) for c in (False, True)
    }
    assert all(r["seconds"]["torch"] for r in data["speed"])
    blockwise = {(r["dtype"], r["n"]) for r in data["memory"] if r["method"] == "blockwise"}
    assert blockwise == {(d, 2**e) for d in DTYPES for e in range(10, 17)}
    assert all(t["met"] is not None for t in data["targets"])


def test_lesson_shows_the_committed_data(built_site: Path) -> None:
    data = json.loads(DATA.read_text())
    page = (built_site / "lessons" / "attention-at-scale" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert f"numpy {data['environment']['numpy']}" in text
    assert data["command"] in text
    # One table row per measurement, each starting with n and the mask.
    for row in data["speed"]:
        mask = "causal" if row["causal"] else "none"
        assert re.search(rf"<td[^>]*>{row['n']:,}</td>\s*<td>{mask}</td>", page), (row["n"], mask)
    assert page.count("<tr>") >= len(data["speed"]) + len(data["memory"]) // 3
    assert page.count('<svg class="bench-chart"') == 1 and 'role="img"' in page
    for target in data["targets"]:
        assert target["target"] in page


def _page(markdown: str) -> str:
    config = SimpleNamespace(config_file_path=str(ROOT / "mkdocs.yml"))
    page = SimpleNamespace(file=SimpleNamespace(src_uri="lessons/x.md"))
    return hook.on_page_markdown(markdown, page=page, config=config, files=None)


def test_hook_leaves_other_pages_alone_and_refuses_unknown_names() -> None:
    assert _page("# A page\n\n<!-- skip: next \"why\" -->\n") == "# A page\n\n<!-- skip: next \"why\" -->\n"
    rendered = _page("before\n\n<!-- benchmarks: targets -->\n\nafter\n")
    assert "<!-- benchmarks" not in rendered and rendered.count("\n- ") == len(json.loads(DATA.read_text())["targets"])
    with pytest.raises(PluginError, match="unknown <!-- benchmarks: speeds -->"):
        _page("<!-- benchmarks: speeds -->\n")
    with pytest.raises(PluginError, match="alone on its line"):
        _page("text <!-- benchmarks: speed -->\n")
