"""MkDocs hook: the benchmark tables and chart of the "Attention at scale" lesson, from the measured data.

``python -m site_examples.benchmarks.attention_at_scale`` measures blockwise
attention against naive numpy and PyTorch and writes
``docs/data/attention-at-scale.json``. A
page asks for a piece of it with a comment on a line of its own::

    <!-- benchmarks: environment -->    one sentence: when, where, which versions, which command
    <!-- benchmarks: speed -->          speed tables, a tab per dtype
    <!-- benchmarks: memory -->         peak-memory tables, a tab per dtype
    <!-- benchmarks: memory-chart -->   peak memory against n (float32), an inline SVG
    <!-- benchmarks: targets -->        each target, met or not, with the worst case

and gets Markdown (or, for the chart, HTML) built from the data at every
build: no figure on the page is typed in. An unknown name, a missing file or
data without the expected fields fails the build.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError
from properdocs.structure.files import Files
from properdocs.structure.pages import Page

import _build  # noqa: F401 - the checkout's packages, importable (see _build)
from site_examples.benchmarks.units import mib, ms

DATA = Path("docs") / "data" / "attention-at-scale.json"
DIRECTIVE = re.compile(r"^<!-- benchmarks: (?P<name>[a-z-]+) -->$", re.M)
# Okabe-Ito colours, a darker and a lighter variant for Material's light and
# dark (slate) schemes; the series also differ by dash and marker.
# How many series stylesheets/extra.css colours (.bench-chart .s0 ...).
SERIES_STYLED = 6
SERIES = [  # method, label, light colour, dark colour, dash, marker
    ("blockwise", "blockwise", "#D55E00", "#F0A066", "", "circle"),
    ("naive_numpy", "naive numpy", "#0072B2", "#56B4E9", "6 3", "square"),
    ("naive_package", "naive (package)", "#009E73", "#3FD9A8", "2 3", "diamond"),
    ("bound", "bound: output + 2·block² + 1 MiB", "#555555", "#BBBBBB", "8 4 2 4", None),
    ("scores", "the n × n scores alone", "#CC79A7", "#E3A6CB", "1 4", None),
]


def _load(config: ProperDocsConfig) -> dict[str, Any]:
    path = Path(config.config_file_path).parent / DATA
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise PluginError(
            f"benchmarks hook: cannot read {DATA} ({error}); run python -m site_examples.benchmarks.attention_at_scale"
        ) from error
    missing = {"date", "command", "environment", "settings", "speed", "memory", "targets"} - set(data)
    if missing:
        raise PluginError(f"benchmarks hook: {DATA} lacks {sorted(missing)}; regenerate it")
    return data


def _ratio(a: float | None, b: float | None) -> str:
    return "—" if a is None or b is None else f"{a / b:.2f}×"


def _tabs(tables: dict[str, list[str]]) -> str:
    lines = []
    for title, table in tables.items():
        lines.append(f'=== "{title}"')
        lines.append("")
        lines.extend(f"    {row}" for row in table)
        lines.append("")
    return "\n".join(lines)


def render_speed(data: dict[str, Any]) -> str:
    """Times in ms; after each other method's time, blockwise's time divided by it (below 1: blockwise is faster)."""
    header = [
        "| n | mask | blockwise (ms) | PyTorch (ms) | naive numpy (ms) | naive, package (ms) |",
        "| ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    tables: dict[str, list[str]] = {}
    for row in data["speed"]:
        s = row["seconds"]

        def versus(method: str) -> str:
            if s.get(method) is None:
                return "—"
            return f"{ms(s[method])} ({_ratio(s['blockwise'], s[method])})"

        tables.setdefault(row["dtype"], list(header)).append(
            f"| {row['n']:,} | {'causal' if row['causal'] else 'none'} | {ms(s['blockwise'])} "
            f"| {versus('torch')} | {versus('naive_numpy')} | {versus('naive_package')} |"
        )
    return _tabs(tables)


def _memory_rows(data: dict[str, Any]) -> dict[str, dict[int, dict[str, int]]]:
    """dtype -> n -> {method: peak bytes, "bound": bytes}"""
    rows: dict[str, dict[int, dict[str, int]]] = {}
    for row in data["memory"]:
        entry = rows.setdefault(row["dtype"], {}).setdefault(row["n"], {})
        entry[row["method"]] = row["peak_bytes"]
        entry["bound"] = row["bound_bytes"]
    return rows


def render_memory(data: dict[str, Any]) -> str:
    header = [
        "| n | blockwise (MiB) | bound (MiB) | naive numpy (MiB) | naive, package (MiB) | the n × n scores alone (MiB) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    tables = {}
    for dtype, by_n in _memory_rows(data).items():
        item = 4 if dtype == "float32" else 8
        tables[dtype] = header + [
            f"| {n:,} | {mib(m.get('blockwise'))} | {mib(m['bound'])} | {mib(m.get('naive_numpy'))} "
            f"| {mib(m.get('naive_package'))} | {mib(n * n * item)} |"
            for n, m in sorted(by_n.items())
        ]
    return _tabs(tables)


def render_targets(data: dict[str, Any]) -> str:
    state = {True: "**met**", False: "**not met**", None: "not measured"}
    return "\n".join(f"- {state[t['met']]}: {t['target']} (worst: {t['worst']})" for t in data["targets"])


def render_environment(data: dict[str, Any]) -> str:
    env, settings = data["environment"], data["settings"]
    torch = f"PyTorch {env['torch']}" if env.get("torch") else "no PyTorch (not installed when measured)"
    path = env.get("torch_path")
    if env.get("torch") and path:
        torch += (
            f" (its {path['backend'].replace('_', ' ').lower()} kernel, required with `{path['forced_with']}`, "
            f"on {path['inputs']}; PyTorch's own choice for these inputs: {path['default_choice'].replace('_', ' ').lower()})"
        )
    quick = " These are the tiny sizes of `--quick`: a check that the script runs, not a measurement." if settings.get(
        "quick"
    ) else ""
    return (
        f"Measured on {data['date']} on one thread of an {env['cpu']}, with Python {env['python']}, "
        f"numpy {env['numpy']} and {torch}: {settings['heads']} heads, \\(d_k = d_v = {settings['d']}\\), "
        f"block size {settings['block_size']}, best of {settings['rounds']} interleaved rounds"
        + (f" ({settings['small_rounds']} up to n = {settings['small_n']:,})" if settings.get("small_n") else "")
        + ", by "
        f"`{data['command']}`.{quick}"
    )


def _marker(kind: str | None, x: float, y: float, colour: str) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{colour}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - 5:.1f}L{x + 5:.1f} {y:.1f}L{x:.1f} {y + 5:.1f}L{x - 5:.1f} {y:.1f}Z" fill="{colour}"/>'
    return ""


def render_memory_chart(data: dict[str, Any]) -> str:
    """Peak memory against n, float32, both axes logarithmic, as inline SVG (text in the page's colour)."""
    by_n = _memory_rows(data).get("float32")
    if not by_n:
        raise PluginError(f"benchmarks hook: {DATA} has no float32 memory rows to chart")
    for n, m in by_n.items():
        m["scores"] = n * n * 4  # computed, not measured: what a naive method cannot do without
    ns = sorted(by_n)
    values = [v for m in by_n.values() for v in m.values()]
    low = 10 ** math.floor(math.log10(min(values) / 2**20))
    high = 10 ** math.ceil(math.log10(max(values) / 2**20))
    width, height, left, right, top, bottom = 640, 400, 70, 20, 20, 132
    plot_w, plot_h = width - left - right, height - top - bottom

    def x_of(n: int) -> float:
        return left + plot_w * (math.log2(n) - math.log2(ns[0])) / max(1e-9, math.log2(ns[-1]) - math.log2(ns[0]))

    def y_of(value: float) -> float:
        return top + plot_h * (1 - (math.log10(value / 2**20) - math.log10(low)) / (math.log10(high) - math.log10(low)))

    # The series' colours travel as custom properties in the <svg>'s style attribute, which the site's policy
    # allows; the rules that use them are in stylesheets/extra.css. A <style> element here would be refused
    # when the page is reached by instant navigation: the policy in force is the first page's, which has no
    # hash for it.
    if len(SERIES) > SERIES_STYLED:
        raise PluginError(f"benchmarks hook: extra.css colours {SERIES_STYLED} series (.s0 to .s{SERIES_STYLED - 1})")
    colours = "".join(f";--s{i}:{light};--s{i}-dark:{dark}" for i, (_, _, light, dark, _, _) in enumerate(SERIES))
    parts = [
        f'<svg class="bench-chart" role="img" aria-labelledby="bench-chart-title bench-chart-desc" '
        f'viewBox="0 0 {width} {height}" width="100%" style="max-width:{width}px{colours}" '
        'xmlns="http://www.w3.org/2000/svg">',
        '<title id="bench-chart-title">Peak memory of one attention call against sequence length, float32</title>',
        '<desc id="bench-chart-desc">Log-log plot of the measured peak memory in MiB for n from '
        f"{ns[0]:,} to {ns[-1]:,}: naive attention grows like n squared, blockwise attention like n, "
        "staying under its bound. The table above has the same numbers.</desc>",
    ]
    decade = low
    while decade <= high * 1.0001:
        y = y_of(decade * 2**20)
        parts.append(f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}"/>')
        label = f"{decade:,.0f}" if decade >= 1 else f"{decade:g}"
        parts.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
        decade *= 10
    for n in ns:
        x = x_of(n)
        parts.append(f'<line class="grid" x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{top + plot_h}"/>')
        parts.append(f'<text x="{x:.1f}" y="{top + plot_h + 18}" text-anchor="middle">{n:,}</text>')
    parts.append(f'<line class="axis" x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}"/>')
    parts.append(f'<line class="axis" x1="{left}" x2="{width - right}" y1="{top + plot_h}" y2="{top + plot_h}"/>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 40}" text-anchor="middle">sequence length n</text>')
    parts.append(
        f'<text transform="translate(16 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">peak memory (MiB)</text>'
    )
    for i, (method, label, light, _, dash, marker) in enumerate(SERIES):
        points = [(x_of(n), y_of(m[method])) for n, m in sorted(by_n.items()) if m.get(method)]
        if not points:
            continue
        path = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in points)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<path class="line s{i}" d="{path}"{dashes}/>')
        parts.extend(f'<g class="s{i}">{_marker(marker, x, y, "currentColor")}</g>' for x, y in points if marker)
        # Legend, two columns under the axis title.
        lx, ly = left + (i % 2) * plot_w / 2, top + plot_h + 62 + (i // 2) * 22
        parts.append(f'<path class="line s{i}" d="M{lx:.1f} {ly:.1f}h30"{dashes}/>')
        if marker:
            parts.append(f'<g class="s{i}">{_marker(marker, lx + 15, ly, "currentColor")}</g>')
        parts.append(f'<text x="{lx + 38:.1f}" y="{ly + 4:.1f}">{label}</text>')
    parts.append("</svg>")
    # Inside a <div>, a block-level tag, Markdown passes the SVG through untouched.
    return '<div class="bench-chart-figure">' + "".join(parts) + "</div>"


RENDERERS = {
    "environment": render_environment,
    "speed": render_speed,
    "memory": render_memory,
    "memory-chart": render_memory_chart,
    "targets": render_targets,
}


def on_page_markdown(markdown: str, page: Page, config: ProperDocsConfig, files: Files) -> str:
    if "<!-- benchmarks:" not in markdown:
        return markdown
    data = _load(config)

    def replace(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in RENDERERS:
            raise PluginError(
                f"benchmarks hook: {page.file.src_uri}: unknown <!-- benchmarks: {name} -->; "
                f"known: {', '.join(RENDERERS)}"
            )
        return RENDERERS[name](data)

    rendered = DIRECTIVE.sub(replace, markdown)
    if "<!-- benchmarks:" in rendered:
        raise PluginError(f"benchmarks hook: {page.file.src_uri}: a benchmarks comment must be alone on its line")
    return rendered
