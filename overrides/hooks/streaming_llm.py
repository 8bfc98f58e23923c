"""MkDocs hook: the StreamingLLM experiment's sentences and table in "Attention in today's models", from committed data.

``python -m site_examples.generate.streaming_llm`` runs SmolLM2 over a story
under three KV-cache policies (about ten minutes) and writes
``docs/data/streaming-llm.json``; a build never runs it again. A page asks for
a part of it with a comment::

    <!-- streaming-llm: sinks -->     the first token's share of attention, per layer, in a sentence
    <!-- streaming-llm: setup -->     the text, the windows, the model, the measured run time and the command
    <!-- streaming-llm: table -->     mean loss and perplexity per policy and window
    <!-- streaming-llm: finding -->   what the numbers show, against the paper's finding

and gets the Markdown :func:`site_examples.generate.streaming_llm.page_part`
writes from the data (the figure is drawn by ``figures.py``'s hook). An
unknown part, a missing file or data of another text fails the build.
"""

from __future__ import annotations

import re

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import Files
from properdocs.structure.pages import Page

import _build  # noqa: F401 - the checkout's packages, importable (see _build)
from site_examples.generate import streaming_llm

DIRECTIVE = re.compile(r"<!-- streaming-llm: (?P<name>[a-z-]+) -->")


def on_page_markdown(markdown: str, page: Page, config: ProperDocsConfig, files: Files) -> str:
    if not DIRECTIVE.search(markdown):
        return markdown
    try:
        data = streaming_llm.load()
        return DIRECTIVE.sub(lambda match: streaming_llm.page_part(match["name"], data), markdown)
    except ValueError as error:
        raise PluginError(f"streaming_llm hook: {page.file.src_uri}: {error}") from error
