"""MkDocs hook: the figures of the lesson "Learning to attend", from its committed data.

``python -m site_examples.generate.training_run`` writes the documented run,
``docs/data/training-run.json``, and
``python -m site_examples.benchmarks.training_speed`` its timings,
``docs/data/training-speed.json``. A page asks for a piece of them with a
comment on a line of its own::

    <!-- training: run -->      the committed run in one paragraph: seeds, the loss drop, the induction head
    <!-- training: seeds -->    the seed survey as a table
    <!-- training: speed -->    how long the run takes under CPython and in the browser, and where it was measured

and gets Markdown built from the data at every build, so no number of the
run is typed into the page. An unknown name, a missing file or data without
the expected fields fails the build.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import Files
from properdocs.structure.pages import Page

DATA = Path("docs") / "data"
RUN = "training-run.json"
SPEED = "training-speed.json"
DIRECTIVE = re.compile(r"^<!-- training: (?P<name>[a-z-]+) -->$", re.M)


def _load(config: ProperDocsConfig, name: str, fields: set[str]) -> dict[str, Any]:
    path = Path(config.config_file_path).parent / DATA / name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise PluginError(f"training hook: cannot read {DATA / name} ({error}); regenerate it") from error
    missing = fields - set(data)
    if missing:
        raise PluginError(f"training hook: {DATA / name} lacks {sorted(missing)}; regenerate it")
    return data


def _best(values: list[float]) -> tuple[int, float]:
    index = max(range(len(values)), key=values.__getitem__)
    return index, values[index]


def _probe_at(run: dict[str, Any], step: int) -> dict[str, Any]:
    for probe in run["probes"]:
        if probe["step"] == step:
            return probe
    raise PluginError(f"training hook: {DATA / RUN} has no probe at step {step}")


def render_run(run: dict[str, Any]) -> str:
    """One paragraph: the seeds, the loss on the repeats from start to end, the drop, the head's appearance."""
    t, first, last = run["training"], run["probes"][0], run["probes"][-1]
    appear, drop = run["appearance_step"], run["loss_drop_step"]
    if appear is None or drop is None:
        raise PluginError(f"training hook: in {DATA / RUN} no induction head appeared; the lesson describes one")
    head, score = _best(last["induction"][1])
    previous, previous_score = _best(last["previous_token"][0])
    at_appear = _probe_at(run, appear)
    return (
        f"In the committed run (initial weights from seed {t['seed']}, batches from seed {t['data_seed']}, "
        f"{run['n_steps']:,} steps of {t['batch']} sequences), measured every "
        f"{run['probes'][1]['step'] - first['step']} steps on a fixed probe batch of {run['probe']['size']} "
        f"sequences: the loss on the repeated tokens starts at {first['repeated_half']:.2f}, like the loss "
        f"before the repeat ({first['first_half']:.2f}); it falls below half of that at step {drop:,}; at step "
        f"{appear:,} a layer-2 head's induction score first reaches {run['induction_threshold']} "
        f"(the loss on the repeats is then {at_appear['repeated_half']:.2f}); after {last['step']:,} steps it is "
        f"{last['repeated_half']:.3f}, while the loss before the repeat stays at {last['first_half']:.2f}. "
        f"Layer 2, head {head} ends with an induction score of {score:.2f}; layer 1, head {previous} with a "
        f"previous-token score of {previous_score:.2f}."
    )


def render_seeds(run: dict[str, Any]) -> str:
    """The seed survey: per seed, when the induction head appeared and how far the loss on the repeats fell."""
    rows = [
        "| seed (batches) | induction head at step | loss halved at step | best layer-2 induction score "
        "| loss on the repeats at the end |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for s in run["seeds"]:
        appear = "none" if s["appearance_step"] is None else f"{s['appearance_step']:,}"
        drop = "none" if s["loss_drop_step"] is None else f"{s['loss_drop_step']:,}"
        rows.append(
            f"| {s['seed']} ({s['data_seed']}) | {appear} | {drop} | {s['final_best_induction_layer2']:.2f} "
            f"| {s['final_repeated_half_loss']:.3f} |"
        )
    formed = sum(s["appearance_step"] is not None for s in run["seeds"])
    rows.append("")
    rows.append(
        f"A layer-2 head reaches an induction score of {run['induction_threshold']} within "
        f"{run['n_steps']:,} steps for {formed} of the {len(run['seeds'])} seeds."
    )
    return "\n".join(rows)


def render_speed(speed: dict[str, Any]) -> str:
    """Where and how fast the run trained: CPython on one thread, and Pyodide in headless Chromium if measured."""
    env = speed["environment"]
    text = (
        f"Measured on {speed['date']} ({env['cpu']}, one thread, load average {env['load_average_1min']} "
        f"when it ran), with `{speed['command']}`: under CPython {speed['seconds_per_step']['median'] * 1e3:.1f} ms "
        f"a step, {speed['seconds_full_run']['best']:.0f} s for the {speed['steps']:,} steps"
    )
    browser = speed.get("browser")
    if browser:
        verdict = "within" if browser["seconds_full_run"] <= browser["budget_seconds"] else "over"
        text += (
            f"; in headless Chromium {browser['chromium']} (Pyodide {browser['pyodide']}, the page's own worker, "
            f"chunks of {browser['chunk']} steps, {browser.get('date', speed['date'])}, load average "
            f"{browser['load_average_1min']}) {browser['seconds_full_run']:.0f} s for the same run, "
            f"{browser['seconds_per_step'] * 1e3:.0f} ms a step: {verdict} the budget of "
            f"{browser['budget_seconds']:.0f} s."
        )
        if browser.get("appearance_step") is not None and browser.get("first_probe_differing_by_more_than_1e-3"):
            text += (
                f" That run matched the committed one until step "
                f"{browser['first_probe_differing_by_more_than_1e-3']:,}, "
                f"where its probe losses first differed by more than 0.001 (rounding differences, grown by "
                f"training); its induction head appeared at step {browser['appearance_step']:,} (committed: "
                f"{browser['committed_appearance_step']:,}), and its loss on the repeats ended at "
                f"{browser['final_repeated_half']:.3f} (committed: {browser['committed_final_repeated_half']:.3f})."
            )
    else:
        text += "; not yet measured in the browser."
    return text


def on_page_markdown(markdown: str, page: Page, config: ProperDocsConfig, files: Files) -> str:
    if not DIRECTIVE.search(markdown):
        return markdown
    run_fields = {"training", "probes", "probe", "n_steps", "appearance_step", "loss_drop_step", "induction_threshold"}
    speed_fields = {"date", "command", "environment", "seconds_per_step", "seconds_full_run", "steps"}
    renderers = {
        "run": lambda: render_run(_load(config, RUN, run_fields)),
        "seeds": lambda: render_seeds(_load(config, RUN, {"seeds", "n_steps", "induction_threshold"})),
        "speed": lambda: render_speed(_load(config, SPEED, speed_fields)),
    }

    def replace(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in renderers:
            raise PluginError(f"{page.file.src_uri}: unknown training directive {name!r}; known: {sorted(renderers)}")
        return renderers[name]()

    return DIRECTIVE.sub(replace, markdown)
