"""MkDocs hook: the lab's "real model" presets, computed at every build by all-MiniLM-L6-v2 on our package.

For each sentence of :data:`attention.lab.presets.PRETRAINED` the build runs
the pretrained encoder (full-precision weights from the cache that
``python -m attention.models fetch`` fills) and writes, into the site::

    data/minilm/index.json      the model's sizes and the preset list (id, group, sentence, tokens, file, bytes)
    data/minilm/<id>.json       one view of the contract in attention/lab/contract.py: 6 layers x 12 heads

The lab loads the index when the reader switches to the real model, and a
preset's file when the reader picks it, so the hand-built lab never pays for
them. Nothing is committed: the numbers come from the package and the
weights at build time. The output is cached under
``~/.cache/attention-course/minilm-views/`` (``_build.cache_dir``) by a hash of
the package's source, the weights' checksums and the sentences, so a rebuild
reuses it.

Missing weights fail the build with the fetch command.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from _build import ROOT, cache_dir, files_digest
from attention.models import MissingWeightsError, load_minilm
from attention.models.bert import BertModel
from attention.lab.minilm import MAX_TOKENS, MODEL_LABEL, PRESETS, minilm_view  # noqa: E402
from attention.models.weights import MODEL_FILES

SITE_DIR = "data/minilm"


def _key() -> str:
    return files_digest(sorted(ROOT.glob("attention/**/*.py")), json.dumps([MODEL_FILES, PRESETS]).encode())


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


def cached_views() -> Path:
    """The folder of views for this package, weights and presets, built if it is not in the cache yet."""
    out = cache_dir() / "minilm-views" / _key()
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


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for path in sorted(cached_views().iterdir()):
        files.append(File.generated(config, f"{SITE_DIR}/{path.name}", abs_src_path=str(path)))
    return files
