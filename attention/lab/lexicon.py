"""The hand-built lab model's vocabulary: WordNet 3.0's words, read from the data file beside this module.

The words are data, not code: ``lexicon.txt`` (in this folder) is written by
``python -m site_examples.generate.lab_vocabulary`` from Princeton WordNet 3.0;
its header says what each field is and carries WordNet's licence. The wheel
carries it as package data, and :mod:`importlib.resources` reads it the same
way from a checkout, an installed wheel, or Pyodide's file system in the
browser.

:func:`load` reads the file the first time it is called and keeps what it
read for every later call. It only splits the file into one line per lemma;
:meth:`Lexicon.entry` parses a lemma's fields when the model looks it up.
Importing the lab reads the file (its preset sentences draw from the lemmas),
and parsing all 10,630 entries there would cost about ten times as much as
splitting them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["DATA_FILE", "Lexicon", "load"]

DATA_FILE = "lexicon.txt"
"""The data file's name, in the package ``attention.lab``."""

_PACKAGE = __name__.rpartition(".")[0]  # attention.lab: the package that holds this module and the data file
_SECTIONS = ("source", "entries", "exceptions")  # the file's sections, in order
_SECTION = re.compile(r"^\[(\w+)\]\n", re.MULTILINE)


@dataclass(frozen=True)
class Lexicon:
    """The data file's three sections: where the words come from, each lemma's fields, each irregular form's."""

    source: dict[str, Any]  # the lexicon, the package and version it was read from, the generator's cut-offs
    entry_fields: dict[str, str]  # lemma -> its line after the lemma, unparsed ("n48:group+object v3:contact+motion")
    exception_fields: dict[str, str]  # irregular form -> its line after the form, unparsed ("n:mouse")

    def entry(self, lemma: str) -> dict[str, tuple[int, tuple[str, ...]]]:
        """Part of speech (n, v, a, r) -> (tagged uses of its senses, lexicographer files); empty for an unknown lemma.

        Example:
            >>> load().entry("bank")
            {'n': (48, ('group', 'object')), 'v': (3, ('contact', 'motion'))}
        """
        entry = {}
        for part in self.entry_fields.get(lemma, "").split():
            count, _, files = part[1:].partition(":")
            entry[part[0]] = (int(count), tuple(files.split("+")) if files else ())
        return entry

    def irregular(self, form: str) -> tuple[tuple[str, str], ...]:
        """(part of speech, lemma) of each reading of an irregular form; empty for any other word.

        Example:
            >>> load().irregular("mice")
            (('n', 'mouse'),)
        """
        return tuple((reading[0], reading[2:]) for reading in self.exception_fields.get(form, "").split())


@cache
def load() -> Lexicon:
    """The lexicon: the data file, read and split on the first call, the same object on every later one."""
    text = resources.files(_PACKAGE).joinpath(DATA_FILE).read_text(encoding="utf-8")
    # ["# header...", "source", body, "entries", body, "exceptions", body]
    _, *pieces = _SECTION.split(text)
    names, bodies = tuple(pieces[0::2]), pieces[1::2]
    if names != _SECTIONS:
        raise ValueError(
            f"{_PACKAGE}/{DATA_FILE} has the sections {list(names)}, not {list(_SECTIONS)}: "
            "regenerate it with python -m site_examples.generate.lab_vocabulary"
        )
    source, entries, exceptions = bodies
    return Lexicon(
        source=json.loads(source),
        entry_fields=_split_lines(entries),
        exception_fields=_split_lines(exceptions),
    )


def _split_lines(body: str) -> dict[str, str]:
    """First field of each line -> the rest of the line."""
    return {key: rest for key, _, rest in (line.partition(" ") for line in body.splitlines())}
