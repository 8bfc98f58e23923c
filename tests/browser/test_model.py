"""The real model in the reader's browser: the site's float16 files, downloaded into Pyodide, give CPython's numbers.

``window.attentionCourse.python.fetchFile`` streams a file from the site into
the worker's Python file system; the package then loads all-MiniLM-L6-v2
from there, as the lab does. The reference is the same package under CPython
on the same files from the built site, in the same dtype (float32): what the
browser prints must match it, token for token and weight for weight.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import Page, expect

from attention.models import load_minilm

LESSON = "lessons/scaled-dot-product-attention/"  # any page with the runner
MODEL = "models/all-MiniLM-L6-v2/"
TARGET = "/models/all-MiniLM-L6-v2/"
FILES = ("config.json", "vocab.txt", "model.safetensors")
SENTENCE = "The cat sat on the mat because it was tired."
# Both sides compute in float32 from the same float16 weights; only the order
# of the additions differs (CPython's numpy uses BLAS, Pyodide's does not).
# Measured: 1.3e-6 on the attention weights, 1.3e-7 on the embedding; float32
# carries about 7 digits, so 1e-5 is rounding, and anything larger is a bug.
TOLERANCE = 1e-5

FETCH_ALL = """async ({ base, target, files }) => {
  const python = window.attentionCourse.python;
  const progress = {}, results = {};
  for (const name of files) {
    progress[name] = [];
    results[name] = await python.fetchFile(base + name, target + name, (p) => progress[name].push(p));
  }
  return { progress, results };
}"""

RUN_MODEL = f"""
import json
import numpy as np
from attention.models import load_minilm

model = load_minilm({TARGET!r}, dtype=np.float32)
out = model({SENTENCE!r})
print(json.dumps({{
    "word_table": str(model.word_embeddings.dtype),
    "tokens": out.tokens,
    "attentions": out.attentions.tolist(),
    "embedding": out.embedding.tolist(),
}}))
"""


@pytest.fixture(scope="module")
def cpython(built_site: Path):
    """The same float16 files, the same model, under CPython."""
    return load_minilm(built_site / MODEL, dtype=np.float32)(SENTENCE)


def test_the_float16_model_runs_in_the_browser_with_cpythons_numbers(
    page: Page, site_url: str, built_site: Path, cpython
) -> None:
    manifest = json.loads((built_site / MODEL / "manifest.json").read_text(encoding="utf-8"))
    page.goto(site_url + LESSON)
    session_ready(page)
    fetched = page.evaluate(FETCH_ALL, {"base": site_url + MODEL, "target": TARGET, "files": list(FILES)})

    for name in FILES:
        size = manifest["files"][name]["bytes"]
        assert fetched["results"][name]["bytes"] == size == (built_site / MODEL / name).stat().st_size
        events = fetched["progress"][name]
        loaded = [event["loaded"] for event in events]
        assert loaded[0] == 0 and loaded[-1] == size and loaded == sorted(loaded), name
        assert all(event["total"] == size for event in events), name  # the test server sends Content-Length
        # Throttled: a report at the start, at most one per 100 ms, and one at the end.
        assert len(events) <= 3 + fetched["results"][name]["ms"] / 100, (name, len(events))

    browser = json.loads(page.evaluate("code => window.attentionCourse.python.call(code)", RUN_MODEL))
    assert browser["word_table"] == "float16"  # kept as shipped; the other weights are float32
    assert browser["tokens"] == cpython.tokens
    assert cpython.tokens[:4] == ["[CLS]", "the", "cat", "sat"] and cpython.tokens[-1] == "[SEP]"
    attentions = np.array(browser["attentions"])
    assert attentions.shape == cpython.attentions.shape == (6, 12, len(cpython.tokens), len(cpython.tokens))
    np.testing.assert_allclose(attentions, cpython.attentions, rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(browser["embedding"], cpython.embedding, rtol=0, atol=TOLERANCE)
    # The comparison compares something: the weights are far from uniform, the embedding has unit length.
    assert attentions.max() > 0.5 and abs(np.linalg.norm(browser["embedding"]) - 1) < 1e-5


def session_ready(page: Page) -> None:
    """The page's Python session exists: the runner, which creates it, is imported after the page loads."""
    page.wait_for_function("() => Boolean(window.attentionCourse && window.attentionCourse.python)")


def _endless_block_then_stop(page: Page) -> None:
    block = page.locator("[data-runner]").first
    block.locator("pre[data-runner-code]").click()  # the block's code turns into its editor
    block.locator(".cm-content[data-runner-code]").fill("while True:\n    pass")
    block.locator("button[data-action=run]").click()
    expect(block).to_have_attribute("data-runner-status", "running")
    block.locator("button[data-action=stop]").click()
    expect(block).to_have_attribute("data-runner-status", "idle")


def test_fetch_file_without_a_length_on_errors_and_after_stop(
    page: Page, site_url: str, built_site: Path, traffic
) -> None:
    page.goto(site_url + LESSON)
    session_ready(page)
    errors = page.evaluate(
        """async (base) => {
          const python = window.attentionCourse.python;
          const reasons = [];
          for (const [url, path] of [[base + "models/no-such-file.bin", "/x/no-such-file.bin"],
                                     [base + "models/all-MiniLM-L6-v2/config.json", "relative/config.json"]]) {
            try { await python.fetchFile(url, path); reasons.push(null); } catch (e) { reasons.push(e.message); }
          }
          return reasons;
        }""",
        site_url,
    )
    assert errors[0] == f"could not fetch {site_url}models/no-such-file.bin: HTTP 404 File not found"
    assert errors[1].startswith("fetchFile: path must be an absolute file path")
    # Chromium logs the failed request itself; that one was asked for.
    traffic.console_errors[:] = [e for e in traffic.console_errors if "404" not in e]

    # A compressed response: its Content-Length counts compressed bytes, so the
    # total is unknown and the pieces are joined at the end. (Playwright hands
    # a fulfilled body over as it is, never decoded: the header alone makes
    # the case here.)
    headers = {"Content-Type": "application/octet-stream", "Content-Encoding": "gzip"}
    body = bytes([0, 1, 2, 3, 255])
    page.context.route("**/models/five.bin", lambda route: route.fulfill(status=200, headers=headers, body=body))
    unknown_length = page.evaluate(
        """async (url) => {
          const events = [];
          const result = await window.attentionCourse.python.fetchFile(url, "/x/y/five.bin", (p) => events.push(p));
          return { result, events };
        }""",
        site_url + "models/five.bin",
    )
    assert unknown_length["result"]["bytes"] == 5
    assert unknown_length["events"][0] == {"loaded": 0, "total": None}
    assert unknown_length["events"][-1] == {"loaded": 5, "total": None}
    read_back = "import pathlib\nlist(pathlib.Path('/x/y/five.bin').read_bytes())"
    assert page.evaluate("code => window.attentionCourse.python.call(code)", read_back) == "[0, 1, 2, 3, 255]\n"

    config = site_url + MODEL + "config.json"
    path = TARGET + "config.json"
    exists = f"import os\nprint(os.path.getsize({path!r}) if os.path.exists({path!r}) else 'absent')"
    call = "code => window.attentionCourse.python.call(code)"
    fetch = "([url, path]) => window.attentionCourse.python.fetchFile(url, path)"
    size = (built_site / MODEL / "config.json").stat().st_size
    assert page.evaluate(fetch, [config, path])["bytes"] == size
    assert page.evaluate(call, exists) == f"{size}\n"
    _endless_block_then_stop(page)  # Stop ends the worker, and the files in it
    assert page.evaluate(call, exists) == "absent\n"
    assert page.evaluate(fetch, [config, path])["bytes"] == size
    assert page.evaluate(call, exists) == f"{size}\n"
