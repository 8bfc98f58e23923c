"""Write the visualizer lab's preset data, docs/data/visualizer-presets.json, from the attention package.

    .venv/bin/python site_examples/generate_visualizer_data.py          # write the file
    .venv/bin/python site_examples/generate_visualizer_data.py --check  # exit 1 if it is out of date

Every number in the file is computed by ``attention.lab`` (the hand-built
model) through ``attention.visualizer`` (the data contract); nothing is
typed in. For each preset sentence the file holds the four views the lab's
toggles reach without Python in the browser: mask none or causal, times
scaling on or off, at temperature 1. Any other setting, and any other
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

from attention import lab
from attention.visualizer import SPARSITY_THRESHOLD, check_view

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "docs" / "data" / "visualizer-presets.json"

# (id, group, sentence): the groups are the lab's menu sections.
PRESETS = (
    ("cat-mat", "The course's sentences", "The cat sat on the mat"),
    ("cat-tired", "The course's sentences", "The cat sat on the mat because it was tired"),
    ("bank-river", "Same word, different context", "We sat on the bank of the river and watched the water"),
    ("bank-money", "Same word, different context", "She paid the money into her account at the bank"),
    ("bat-cave", "Same word, different context", "The bat flew out of the cave at night"),
    ("bat-ball", "Same word, different context", "He swung the bat and hit the ball"),
    ("cat-soft", "Where one hand-built layer falls short", "The cat sat on the mat because it was soft"),
    ("dog-cat", "Repeated words, long-range links", "The dog chased the cat and the cat chased the dog"),
)

# The settings each preset is stored under: (mask, scaling), all at temperature 1.
SETTINGS = tuple((mask, scaling) for mask in ("none", "causal") for scaling in (True, False))


def build() -> dict[str, Any]:
    """The whole preset file as a dict."""
    presets = []
    for preset_id, group, sentence in PRESETS:
        views = [lab.visualizer_data(sentence, mask=mask, scaling=scaling) for mask, scaling in SETTINGS]
        for data in views:
            check_view(data)
        presets.append({"id": preset_id, "group": group, "sentence": sentence, "views": views})
    return {
        "generated_by": "site_examples/generate_visualizer_data.py",
        "model": {
            "name": "hand-built",
            "d_model": lab.D_MODEL,
            "n_heads": lab.N_HEADS,
            "d_k": lab.D_K,
            "max_tokens": lab.MAX_TOKENS,
            "vocabulary_size": len(lab.VOCABULARY),
            "heads": [{"label": h.label, "description": h.description} for h in lab.HEADS],
        },
        "threshold": SPARSITY_THRESHOLD,
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
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run {Path(__file__).relative_to(ROOT)}")
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
