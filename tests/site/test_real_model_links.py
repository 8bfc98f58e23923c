"""Links from the lessons into the lab's real-model mode show the head their text promises.

The lessons point at a layer and head of all-MiniLM-L6-v2 on a sentence and
say which pattern it follows there; the labels are measured per sentence
(attention.lab.minilm), so a change to the package or the sentence could
make the text wrong. This reads every such link and checks the label.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, unquote_plus

import pytest

from attention.models import MissingWeightsError, load_minilm
from attention.lab.minilm import minilm_view

DOCS = Path(__file__).resolve().parents[2] / "docs"
LINK = re.compile(r"\[(?P<text>[^\]]+)\]\((?P<target>(?:\.\./)?lab\.md\?model=minilm[^)]*)\)")
# What the link text says -> the label the head must have.
PROMISES = {"previous-token head": "previous token", "next-token head": "next token"}


def _links() -> list[tuple[str, str, str]]:
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in LINK.finditer(text):
            # The promise is in the link text or the sentence around it.
            context = text[max(0, match.start() - 300) : match.end() + 300]
            found.append((page.relative_to(DOCS).as_posix(), match["target"], " ".join(context.split())))
    return found


LINKS = _links()


def test_the_lessons_link_to_the_real_model() -> None:
    pages = {page for page, _, _ in LINKS}
    assert {"lessons/self-attention.md", "lessons/multi-head-attention.md"} <= pages


@pytest.mark.parametrize(("page", "target", "context"), LINKS, ids=[f"{p}:{t[-30:]}" for p, t, _ in LINKS])
def test_a_link_shows_the_promised_head(page: str, target: str, context: str) -> None:
    try:
        model = load_minilm()
    except MissingWeightsError as error:
        pytest.fail(f"this test needs the model's weights. {error}", pytrace=False)
    query = parse_qs(target.split("?", 1)[1])
    sentence = unquote_plus(query["s"][0]) if "s" in query else None
    assert sentence, f"{page}: the link {target} names no sentence"
    layer, head = int(query.get("layer", ["0"])[0]), int(query.get("head", ["0"])[0])
    data = minilm_view(model, sentence)
    label = data["layers"][layer]["heads"][head]["label"]
    promised = [want for words, want in PROMISES.items() if words in context]
    assert promised, f"{page}: say which pattern the head at {target} follows"
    assert label in promised, f"{page}: layer {layer}, head {head} is “{label}” on {sentence!r}, not {promised}"
