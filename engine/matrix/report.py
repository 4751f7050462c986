"""``report.html``: a matrix as one page that opens offline.

No external asset: the CSS is inline, each graph an inline SVG, no script at all (a cell's graph
opens with a ``<details>`` element). Every text that came from a scenario, a test or a model
spec is escaped. The page shows the significant differences first, then the table of cells,
then for each cell the scenario's graph — laid out and routed as the studio and the draw.io
export draw it (:mod:`engine.scenario.diagram`) — with each step shaded by that cell's
contract-violation rate and labelled with its Wilson 95 % interval.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from engine.dialogue.ledger import NO_COST_TEXT
from engine.scenario.definition import Scenario
from engine.scenario.diagram import NODE_HEIGHT, NODE_WIDTH, Point, diagram_layout, routes

__all__ = ["graph_svg", "report_html", "shade"]

_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
table{border-collapse:collapse;margin:8px 0 24px}
th,td{padding:4px 10px;border-bottom:1px solid #ddd;text-align:right}
th:nth-child(2),td:nth-child(2){text-align:left}th{background:#f4f4f4}
.sig{color:#9b1c1c}.none{color:#666}summary{cursor:pointer;font-weight:600;margin:8px 0}
svg{border:1px solid #eee;background:#fff;max-width:100%;height:auto}
.legend span{display:inline-block;width:40px;height:12px;margin-right:4px;border:1px solid #999}
"""
PADDING = 40.0


def shade(rate: float | None) -> str:
    """The fill of a step: grey without calls, white (no violation) to red (all of them)."""
    if rate is None:
        return "#eeeeee"
    share = max(0.0, min(1.0, rate))
    green_blue = round(255 - 200 * share)
    return f"#ff{green_blue:02x}{green_blue:02x}" if share > 0 else "#ffffff"


def _fmt(value: float | None, pattern: str = "{:.2f}") -> str:
    return "–" if value is None else pattern.format(value)


def report_html(summary: Mapping[str, Any], scenario: Scenario | None) -> str:
    cells = list(summary.get("cells", []))
    title = f"Model matrix of {summary.get('scenario', '')}"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>{int(summary.get('repeat') or 0)} repeats per test, seed "
        f"{int(summary.get('seed') or 0)}; intervals are Wilson 95 %; differences are exact "
        "McNemar tests on the same test and repeat, Holm-corrected over all comparisons.</p>",
    ]
    if summary.get("stopped"):
        parts.append(
            f"<p class='sig'>Stopped ({escape(str(summary['stopped']))}): the figures cover "
            "the runs that finished.</p>"
        )
    parts += _differences(summary, cells)
    parts += _table(cells)
    for number, cell in enumerate(cells):
        parts.append(
            f"<details{' open' if number == 0 else ''}><summary>Cell {cell['index']}: "
            f"{escape(str(cell['label']))} — violations per step</summary>"
        )
        if scenario is not None:
            parts.append(graph_svg(scenario, cell.get("violations_by_step") or {}))
        parts.append(_step_table(cell))
        parts.append("</details>")
    parts.append(
        "<p class='legend'>Violation rate: <span style='background:#ffffff'></span>0 "
        f"<span style='background:{shade(0.5)}'></span>0.5 "
        f"<span style='background:{shade(1.0)}'></span>1 "
        f"<span style='background:{shade(None)}'></span>no call</p></body></html>"
    )
    return "\n".join(parts) + "\n"


def _differences(summary: Mapping[str, Any], cells: list[Mapping[str, Any]]) -> list[str]:
    rows = sorted(summary.get("comparisons", []), key=lambda row: row["holm_p"])
    significant = [row for row in rows if row["holm_p"] < 0.05]
    parts = ["<h2>Significant differences</h2>"]
    if not significant:
        return [*parts, "<p class='none'>None: no pair of cells differs beyond chance.</p>"]
    parts.append(
        "<table><tr><th>better</th><th>worse</th><th>test</th><th>pairs won</th>"
        "<th>pairs lost</th><th>McNemar p</th><th>Holm p</th></tr>"
    )
    for row in significant:
        a_wins = row["a_better"] > row["b_better"]
        better, worse = (row["a"], row["b"]) if a_wins else (row["b"], row["a"])
        won, lost = sorted((row["a_better"], row["b_better"]), reverse=True)
        parts.append(
            f"<tr class='sig'><td>{escape(_label(cells, better))}</td>"
            f"<td>{escape(_label(cells, worse))}</td>"
            f"<td>{escape(str(row['test'] or 'all tests'))}</td><td>{won}</td><td>{lost}</td>"
            f"<td>{row['mcnemar_p']:.3g}</td><td>{row['holm_p']:.3g}</td></tr>"
        )
    return [*parts, "</table>"]


def _label(cells: list[Mapping[str, Any]], index: int) -> str:
    return f"{index}: {cells[index]['label']}" if 0 <= index < len(cells) else str(index)


def _table(cells: list[Mapping[str, Any]]) -> list[str]:
    parts = [
        "<h2>Cells</h2><table><tr><th>#</th><th>model on variant</th><th>passed</th>"
        "<th>95 % interval</th><th>pass^k</th><th>goal reached</th><th>calls/message</th>"
        "<th>cost</th><th>cost/conversation</th><th>latency p50/p95 ms</th></tr>"
    ]
    for cell in cells:
        figures = cell["pass"]
        lo, hi = figures["wilson95"]
        goal = cell.get("goal_reached")
        latency = cell.get("latency_ms") or {}
        cost = cell.get("cost_usd")
        reached = "–" if goal is None else f"{goal['passes']}/{goal['runs']}"
        shown_cost = (
            NO_COST_TEXT if cell.get("no_cost") else "unknown" if cost is None else f"${cost:.4f}"
        )
        parts.append(
            f"<tr><td>{cell['index']}</td><td>{escape(str(cell['label']))}</td>"
            f"<td>{figures['passes']}/{figures['runs']}</td><td>[{lo:.2f}, {hi:.2f}]</td>"
            f"<td>{_fmt(figures.get('pass_all_k'))}</td>"
            f"<td>{reached}</td>"
            f"<td>{_fmt(cell.get('calls_per_message'))}</td>"
            f"<td>{escape(shown_cost)}</td>"
            f"<td>{_fmt(cell.get('cost_per_conversation_usd'), '${:.5f}')}</td>"
            f"<td>{_fmt(latency.get('p50'), '{:.0f}')} / {_fmt(latency.get('p95'), '{:.0f}')}</td>"
            "</tr>"
        )
    return [*parts, "</table>"]


def _step_table(cell: Mapping[str, Any]) -> str:
    rows = [
        "<table><tr><th>step</th><th>calls</th><th>violations</th><th>rate</th>"
        "<th>95 % interval</th></tr>"
    ]
    for step, figures in (cell.get("violations_by_step") or {}).items():
        lo, hi = figures["wilson95"]
        rate = figures["violations"] / figures["calls"] if figures["calls"] else 0.0
        rows.append(
            f"<tr><td>{escape(str(step))}</td><td>{figures['calls']}</td>"
            f"<td>{figures['violations']}</td><td>{rate:.2f}</td><td>[{lo:.2f}, {hi:.2f}]</td></tr>"
        )
    return "".join(rows) + "</table>"


def graph_svg(scenario: Scenario, steps: Mapping[str, Mapping[str, Any]]) -> str:
    """The scenario's graph, each step shaded by its violation rate, with its interval."""
    positions = diagram_layout(scenario)
    if not positions:
        return ""
    xs = [x for x, _ in positions.values()]
    ys = [y for _, y in positions.values()]
    left, top = min(xs) - PADDING * 3, min(ys) - PADDING
    width = max(xs) + NODE_WIDTH + PADDING * 6 - left
    height = max(ys) + NODE_HEIGHT + PADDING * 2 - top

    def at(point: Point) -> str:
        return f"{point[0] - left:.1f},{point[1] - top:.1f}"

    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width:.0f} {height:.0f}' "
        f"width='{width:.0f}' height='{height:.0f}' font-family='sans-serif' font-size='11'>",
        "<defs><marker id='arrow' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='7' "
        "markerHeight='7' orient='auto'><path d='M0,0L10,5L0,10z' fill='#777'/></marker></defs>",
    ]
    for (_source, signal), route in routes(scenario, positions).items():
        points = route.points
        if route.kind in ("straight", "loop") and len(points) == 4:
            path = f"M{at(points[0])} C{at(points[1])} {at(points[2])} {at(points[3])}"
        else:
            path = "M" + " L".join(at(point) for point in points)
        parts.append(
            f"<path d='{path}' fill='none' stroke='#999' marker-end='url(#arrow)'/>"
            f"<text x='{route.label[0] - left:.1f}' y='{route.label[1] - top:.1f}' "
            f"fill='#777' text-anchor='middle'>{escape(signal)}</text>"
        )
    for step_id, (x, y) in positions.items():
        step = scenario.steps[step_id]
        figures = steps.get(step_id)
        calls = int(figures["calls"]) if figures else 0
        rate = figures["violations"] / calls if figures and calls else None
        caption = "no call"
        if figures and calls:
            lo, hi = figures["wilson95"]
            caption = f"{figures['violations']}/{calls} violations [{lo:.2f}–{hi:.2f}]"
        parts.append(
            f"<g><title>{escape(step_id)}: {escape(caption)}</title>"
            f"<rect x='{x - left:.1f}' y='{y - top:.1f}' width='{NODE_WIDTH:.0f}' "
            f"height='{NODE_HEIGHT:.0f}' rx='8' fill='{shade(rate)}' stroke='#555'/>"
            f"<text x='{x - left + NODE_WIDTH / 2:.1f}' y='{y - top + 24:.1f}' "
            f"text-anchor='middle' font-weight='bold'>{escape(step.display_title[:28])}</text>"
            f"<text x='{x - left + NODE_WIDTH / 2:.1f}' y='{y - top + 42:.1f}' "
            f"text-anchor='middle'>{escape(caption)}</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)
