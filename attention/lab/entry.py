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

__all__ = [
    "hand_built_view",
    "language_model_view",
    "minilm_view",
    "streaming_start",
    "streaming_step",
    "write_look",
    "write_start",
    "write_step",
]


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


_writing: Any = None  # the Write view's session (attention.lab.writing.WriteSession), between calls

WRITE_SETTINGS = ("temperature", "top_k", "top_p", "seed", "max_new_tokens", "use_cache", "chat")
"""The keywords of :class:`attention.lab.writing.WriteSession` that :func:`write_start` passes on."""


def write_start(args_json: str) -> str:
    """SmolLM2 starts writing: ``{"prompt", "path", "layer", "head"}`` and :data:`WRITE_SETTINGS` -> the prefill's step.

    A new :class:`attention.lab.writing.WriteSession` (it replaces the one
    before) reads the prompt and draws the first token; the JSON text is
    its :meth:`~attention.lab.writing.WriteSession.start`, for ``layer`` and
    ``head`` (0-based). ``top_k`` and ``top_p`` may be ``null`` (not used).
    """
    global _writing
    names = ("prompt", "path", "layer", "head", *WRITE_SETTINGS)
    args = _arguments("write_start", args_json, names)
    from .writing import dumps, write_session  # on the first call only (see the module's docstring)

    _writing = None  # a session that fails its checks leaves none behind to be stepped by mistake
    path = _path("write_start", "path", args["path"])
    session = write_session(args["prompt"], {name: args[name] for name in WRITE_SETTINGS}, path)
    data = session.start(args["layer"], args["head"])
    _writing = session
    return dumps(data)


def _session(entry: str) -> Any:
    if _writing is None:
        raise RuntimeError(f"{__name__}.{entry}: nothing is being written; call {__name__}.write_start first")
    return _writing


def write_step(args_json: str) -> str:
    """One more token of the session :func:`write_start` began: ``{"layer", "head"}`` -> the step's JSON text.

    Raises:
        RuntimeError: no session, or it has finished.
    """
    args = _arguments("write_step", args_json, ("layer", "head"))
    from .writing import dumps

    return dumps(_session("write_step").step(args["layer"], args["head"]))


def write_look(args_json: str) -> str:
    """The last step seen from another layer or head: ``{"layer", "head"}`` -> its ``look`` (see ``writing``)."""
    args = _arguments("write_look", args_json, ("layer", "head"))
    from .writing import dumps

    return dumps(_session("write_look").look(args["layer"], args["head"]))


_streaming: Any = None  # the StreamingLLM button's run (attention.lab.streaming.StreamingSession), between calls


def streaming_start(args_json: str) -> str:
    """The lesson's StreamingLLM run begins: ``{"path", "ids", "window"}`` -> its sizes.

    ``path`` is where the page wrote SmolLM2's GGUF file, ``ids`` the story's
    first token ids (the page reads them from the lesson), ``window`` the W of
    the two rolling caches. A new :class:`attention.lab.streaming.StreamingSession`
    replaces the one before; :func:`streaming_step` reads it.
    """
    global _streaming
    args = _arguments("streaming_start", args_json, ("path", "ids", "window"))
    from .smollm2 import model_at  # on the first call only (see the module's docstring)
    from .streaming import StreamingSession, dumps

    _streaming = None  # a run that fails its checks leaves none behind
    session = StreamingSession(model_at(_path("streaming_start", "path", args["path"])), args["ids"], args["window"])
    _streaming = session
    return dumps(session.start())


def streaming_step(args_json: str) -> str:
    """At most ``{"tokens"}`` more tokens of the run :func:`streaming_start` began -> their losses (and the summary at the end).

    Raises:
        RuntimeError: no run, or it has finished.
    """
    args = _arguments("streaming_step", args_json, ("tokens",))
    from .streaming import dumps

    if _streaming is None:
        raise RuntimeError(f"{__name__}.streaming_step: nothing is running; call {__name__}.streaming_start first")
    return dumps(_streaming.step(args["tokens"]))
