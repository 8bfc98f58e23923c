"""Write the visualizer lab's preset data, docs/data/visualizer-presets.json, from the attention package.

    .venv/bin/python -m site_examples.generate.visualizer_data          # write the file
    .venv/bin/python -m site_examples.generate.visualizer_data --check  # exit 1 if it is out of date

Every number in the file is computed by ``attention.lab.hand_built`` (the hand-built
model) through ``attention.lab.contract`` (the data contract); nothing is
typed in. For each preset sentence the file holds the four views the lab's
toggles reach without Python in the browser: mask none or causal, times
scaling on or off, at temperature 1; and where the lab opens (``opening``:
preset id, head and query, 0-based, from ``attention.lab.presets.OPENING``). Any other setting, and any other
sentence, the page computes live with the same package in Pyodide.

The file is committed; tests/site/test_visualizer_data.py fails when it
differs from a fresh run of this script, so rerun it after changing the
package or the presets.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from attention.lab import hand_built as lab
from attention.lab.contract import SPARSITY_THRESHOLD, check_view
from attention.lab.presets import HAND_BUILT, OPENING

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "docs" / "data" / "visualizer-presets.json"

# The settings each preset is stored under: (mask, scaling), all at temperature 1.
SETTINGS = tuple((mask, scaling) for mask in ("none", "causal") for scaling in (True, False))


def build() -> dict[str, Any]:
    """The whole preset file as a dict."""
    presets = []
    for preset_id, group, sentence in HAND_BUILT:
        views = [lab.visualizer_data(sentence, mask=mask, scaling=scaling) for mask, scaling in SETTINGS]
        for data in views:
            check_view(data)
        presets.append({"id": preset_id, "group": group, "sentence": sentence, "views": views})
    return {
        "generated_by": "python -m site_examples.generate.visualizer_data",
        "model": {
            "name": "hand-built",
            "d_model": lab.D_MODEL,
            "n_heads": lab.N_HEADS,
            "d_k": lab.D_K,
            "max_tokens": lab.MAX_TOKENS,
            "vocabulary_size": len(lab.VOCABULARY),
            "lexicon": lab.LEXICON_SOURCE,
            "heads": [{"label": h.label, "description": h.description} for h in lab.HEADS],
        },
        "threshold": SPARSITY_THRESHOLD,
        "opening": OPENING,
        "presets": presets,
    }


def render() -> str:
    """The file's text: compact JSON (the page parses it; static hosts compress it), one final newline."""
    return json.dumps(build(), ensure_ascii=False, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the committed file is up to date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run python -m site_examples.generate.visualizer_data")
            return 1
        print(f"{OUTPUT.relative_to(ROOT)} is up to date")
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    sizes = {p["id"]: len(p["views"][0]["tokens"]) for p in build()["presets"]}
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(text) / 1e3:.0f} kB, presets (tokens): {sizes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
