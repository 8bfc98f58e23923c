"""What the lab's page calls in the reader's browser: one function per kind of view, JSON in, JSON out.

The page never writes Python. It sends the page's Python worker
(``docs/runner/worker.js``; the messages: ``docs/architecture.md``, "The
worker protocol") ``{type: "call", name, args}``, with ``name`` one of these
functions' full names, ``attention.lab.entry.hand_built_view`` and so on.
The worker calls only the functions on its list, with ``args`` as one JSON
text, and sends the page the JSON text the function returns: a view of the
contract in :mod:`attention.lab.contract` (the language model's in its
compact form). Each function takes a JSON object holding exactly the
arguments its docstring names; one missing or unknown is a ``ValueError``
that says which.

The pretrained models' modules are imported by the function that needs
them, on its first call: the hand-built lab, which is what most readers
use, never loads their code.
"""

from __future__ import annotations

import json
from typing import Any

from .._validate import check_arguments
from .hand_built import visualizer_json

__all__ = ["hand_built_view", "language_model_view", "minilm_view"]


def _arguments(entry: str, args_json: str, names: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(args_json, str):
        raise TypeError(f"{__name__}.{entry} takes its arguments as JSON text, got {type(args_json).__name__}")
    return check_arguments(f"{__name__}.{entry}", json.loads(args_json), names)


def _path(entry: str, name: str, value: object) -> str:
    if not isinstance(value, str) or not value:
        raise TypeError(f"{__name__}.{entry}: {name} must be a path in Python's file system, got {value!r}")
    return value


def hand_built_view(args_json: str) -> str:
    """The hand-built model's view: ``{"sentence", "mask", "scaling", "temperature"}`` -> its JSON text.

    The arguments are those of :func:`attention.lab.hand_built.visualizer_data`,
    checked there.

    Example:
        >>> args = {"sentence": "The cat sat", "mask": "causal", "scaling": True, "temperature": 1}
        >>> json.loads(hand_built_view(json.dumps(args)))["tokens"]
        ['The', 'cat', 'sat']
    """
    args = _arguments("hand_built_view", args_json, ("sentence", "mask", "scaling", "temperature"))
    return visualizer_json(
        args["sentence"], mask=args["mask"], scaling=args["scaling"], temperature=args["temperature"]
    )


def minilm_view(args_json: str) -> str:
    """all-MiniLM-L6-v2's view of a sentence: ``{"sentence", "folder"}`` -> its JSON text.

    ``folder`` is where the page wrote the model's files in Python's file
    system; the model is loaded from it once and kept
    (:func:`attention.lab.minilm.minilm_view_json`).
    """
    args = _arguments("minilm_view", args_json, ("sentence", "folder"))
    from .minilm import minilm_view_json  # on the first call only (see the module's docstring)

    return minilm_view_json(args["sentence"], _path("minilm_view", "folder", args["folder"]))


def language_model_view(args_json: str) -> str:
    """SmolLM2's view of a prompt, compact: ``{"prompt", "path"}`` -> its JSON text.

    ``path`` is where the page wrote the model's GGUF file in Python's file
    system; the model is loaded from it once and kept
    (:func:`attention.lab.smollm2.language_model_view_json`).
    """
    args = _arguments("language_model_view", args_json, ("prompt", "path"))
    from .smollm2 import language_model_view_json  # on the first call only (see the module's docstring)

    return language_model_view_json(args["prompt"], _path("language_model_view", "path", args["path"]))
