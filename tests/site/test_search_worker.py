"""The course's search worker (``docs/javascripts/search-worker.js``) answers queries in the order they came.

It holds the reader's first query while it fetches the site's text and loads Material's worker, then hands
Material's worker the queries held. A query typed while that happens must wait behind them: answered
first, its results would be overwritten by an older query's (found by a fresh-clone run, where the offline
test's search for "softmax" opened a result of "so"). Here the worker runs in Node, with a stand-in for
Material's worker that answers each query with the query itself, and every step under the test's control
(the text's download, the timer the worker waits on), so that a query arrives exactly in that gap.
"""

from __future__ import annotations

import json
import shutil
import subprocess

from tests.helpers import ROOT

WORKER = ROOT / "docs" / "javascripts" / "search-worker.js"

# Runs the worker with stand-ins for a worker's globals; sends it the messages of argv[2] in turn, each after the
# previous one's effects have settled, and prints what it posted back. A message "FETCHED" lets the text's
# download finish; "TIMERS" runs the timers it has set.
HARNESS = r"""
const vm = require("vm");
const fs = require("fs");
const [source, script] = [fs.readFileSync(process.argv[1], "utf8"), JSON.parse(process.argv[2])];
const listeners = [];
const posted = [];
const timers = [];
let finishFetch;
class MessageEvent {
  constructor(type, init) { this.type = type; this.data = init.data; this.stopped = false; }
  stopImmediatePropagation() { this.stopped = true; }
}
const self = {
  location: { href: "http://127.0.0.1:8000/javascripts/search-worker.js" },
  addEventListener: (type, listener) => listeners.push(listener),
  dispatchEvent: (event) => { for (const listener of listeners) { listener(event); if (event.stopped) break; } },
  postMessage: (message) => posted.push(message),
};
// Material's worker: ready at setup; a query answered with the query itself.
const material = (event) => {
  if (event.data.type === 0) self.postMessage({ type: 1 });
  if (event.data.type === 2) self.postMessage({ type: 3, data: { query: event.data.data } });
};
const context = vm.createContext({
  self, MessageEvent, URL, console, String,
  fetch: () => new Promise((resolve) => { finishFetch = () => resolve({ ok: true, json: async () => ({ docs: [] }) }); }),
  importScripts: () => self.addEventListener("message", material),
  setTimeout: (callback) => timers.push(callback),
});
vm.runInContext(source, context);
const settled = () => new Promise((resolve) => setImmediate(resolve));
(async () => {
  for (const step of script) {
    if (step === "FETCHED") finishFetch();
    else if (step === "TIMERS") for (const callback of timers.splice(0)) callback();
    else self.dispatchEvent(new MessageEvent("message", { data: step }));
    await settled();
  }
  console.log(JSON.stringify(posted));
})();
"""

SETUP = {"type": 0, "data": {"config": {"lang": ["en"]}, "docs": []}}


def _query(text: str) -> dict:
    return {"type": 2, "data": text}


def _run(*steps: object) -> list[dict]:
    node = shutil.which("node")
    assert node, "Node is needed (./dev.sh installs the front-end packages with it)"
    result = subprocess.run(
        [node, "-e", HARNESS, str(WORKER), json.dumps(list(steps))], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def test_a_query_typed_while_the_text_loads_is_answered_after_the_held_ones() -> None:
    # "so" is held while the text downloads; "softmax" comes once Material's worker is in, before the timer.
    posted = _run(SETUP, _query("so"), "FETCHED", _query("softmax"), "TIMERS")
    assert posted == [
        {"type": 1},  # the page's setup, answered at once
        {"type": 1},  # Material's worker's answer to the setup it was handed (the page ignores a second one)
        {"type": 3, "data": {"query": "so"}},
        {"type": 3, "data": {"query": "softmax"}},
    ]


def test_a_cleared_box_while_the_text_loads_is_answered_last() -> None:
    posted = _run(SETUP, _query("so"), _query(""), "FETCHED", "TIMERS")
    assert [message.get("data") for message in posted if message["type"] == 3] == [{"query": "so"}, {"query": ""}]


def test_before_any_query_an_empty_box_gets_no_results_at_once_and_nothing_loads() -> None:
    posted = _run(SETUP, _query(""), _query("  "))
    assert posted == [{"type": 1}, {"type": 3, "data": {"items": []}}, {"type": 3, "data": {"items": []}}]


def test_once_ready_every_query_goes_to_materials_worker() -> None:
    posted = _run(SETUP, _query("key"), "FETCHED", "TIMERS", _query("value"), _query(""))
    assert [message.get("data") for message in posted if message["type"] == 3] == [
        {"query": "key"},
        {"query": "value"},
        {"query": ""},
    ]
