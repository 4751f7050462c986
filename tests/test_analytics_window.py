"""The analytics window: the graph shaded by where real conversations struggled."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.analytics.shading import THICK, THIN, measure_overlay, ramp_for
from app.analytics.window import AnalyticsWindow, open_log_at
from app.graph.overlay import FADED_OPACITY
from app.logview.window import LogWindow
from engine.io.resources import default_scenario
from engine.scenario.loader import load_scenario
from engine.stats import MEASURES, collect_stats

pytestmark = pytest.mark.gui


@pytest.fixture
def logs(analyst_logs: Any, tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    for log in analyst_logs.values():
        shutil.copy(log.path, folder / log.path.name)
    return folder


def open_window(qtbot: QtBot, paths: list[Path], scenario: Any = None) -> AnalyticsWindow:
    window = AnalyticsWindow(scenario or load_scenario(default_scenario()), paths)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.report is not None, timeout=10000)
    return window


def test_steps_are_shaded_by_violation_rate_with_a_legend(logs: Path, qtbot: QtBot) -> None:
    window = open_window(qtbot, [logs])
    report = collect_stats([logs])
    rates = {step: MEASURES["violation_rate"].of(stats) for step, stats in report.steps.items()}
    worst = max((step for step, rate in rates.items() if rate is not None), key=rates.__getitem__)
    ramp = ramp_for("violation_rate")
    nodes = window.graph.scene.nodes
    assert nodes[worst].colors.node_fill == ramp[-1]
    assert window.measure == "violation_rate"
    # the goodbye step was never reached: no data, faded
    assert nodes["goodbye"].opacity() == FADED_OPACITY
    legend = window.graph.overlay.legend_widget
    assert legend is not None and legend.isVisible()
    lines = legend.lines()
    assert lines[0] == "Violation rate (of model replies)"
    assert lines[2:4] == ["0%", f"{rates[worst]:.0%}"]
    assert "4 conversation(s) in 4 log(s), 2 finished" in window.status.text()


def test_choosing_another_measure_reshades_the_graph(logs: Path, qtbot: QtBot) -> None:
    window = open_window(qtbot, [logs])
    window.set_measure("visits")
    ramp = ramp_for("visits")
    nodes = window.graph.scene.nodes
    assert nodes["features"].colors.node_fill == ramp[-1]  # visited twice per conversation
    legend = window.graph.overlay.legend_widget
    assert legend is not None and legend.lines()[0] == "Visits (visits)"


def test_arrows_are_as_thick_as_they_are_taken_often(logs: Path, qtbot: QtBot) -> None:
    window = open_window(qtbot, [logs])
    edges = {(e.source.step_id, e.signal): e for e in window.graph.scene.edges}
    assert edges[("consent", "agreed")].line_width == pytest.approx(THICK)  # every conversation
    assert THIN < edges[("review", "confirmed")].line_width < THICK  # the two that finished
    assert edges[("consent", "declined")].opacity() == FADED_OPACITY  # never taken


def test_a_step_lists_the_conversations_that_struggled_there(
    logs: Path, qtbot: QtBot, analyst_logs: Any
) -> None:
    window = open_window(qtbot, [logs])
    report = window.report
    assert report is not None
    step = max(report.steps.values(), key=lambda s: len(s.struggles)).step
    opened: list[tuple[Path, int]] = []
    window.log_opener = lambda path, turn: opened.append((path, turn))
    window.graph.scene.select_steps([step])
    rows = window.panel.rows()
    struggles = sorted(report.steps[step].struggles, key=lambda s: (-s.weight, s.conversation))
    assert [(row[0], int(row[1])) for row in rows] == [
        (report.conversations[s.conversation].path.name, s.turn) for s in struggles
    ]
    assert window.panel.title.text().startswith(f"<b>{step}</b>")
    item = window.panel.conversations.topLevelItem(0)
    assert item is not None
    window.panel.conversations.itemActivated.emit(item, 0)
    first = struggles[0]
    assert opened == [(report.conversations[first.conversation].path, first.turn)]


def test_a_conversation_opens_in_the_log_viewer_at_that_turn(
    analyst_logs: Any, qtbot: QtBot
) -> None:
    log = open_log_at(analyst_logs["bumpy"].path, 5)
    assert isinstance(log, LogWindow)
    qtbot.addWidget(log)
    qtbot.waitUntil(lambda: log.loaded, timeout=5000)
    current = log.view.event_at(log.view.currentIndex())
    assert current is not None and current.turn == 5


def test_logs_of_another_version_list_their_steps_apart(
    logs: Path, qtbot: QtBot, bot_history: Path
) -> None:
    window = open_window(qtbot, [logs], scenario=load_scenario(bot_history / "bot"))
    assert [row[0] for row in window.panel.rows()] == ["users", "quality"]
    assert "2 step(s) not in this scenario" in window.status.text()
    assert "users" not in window.graph.scene.nodes


def test_damaged_lines_are_reported_not_fatal(logs: Path, qtbot: QtBot) -> None:
    with open(logs / "clean.jsonl", "ab") as handle:
        handle.write(b"{not json\n")
    window = open_window(qtbot, [logs])
    assert "⚠ 1 damaged line(s) skipped" in window.status.text()
    assert "Damaged lines" in window.panel.figures.text()


def test_a_simulations_user_log_in_the_folder_is_left_out_not_damage(
    logs: Path, qtbot: QtBot
) -> None:
    """A folder Simulate wrote holds simulated_user.jsonl beside the conversations' logs."""
    line = {"conversation": 1, "persona": "ana", "run": 1, "model": "gpt-4.1-mini"}
    (logs / "simulated_user.jsonl").write_text(
        "".join(json.dumps({**line, "message": f"m{n}"}) + "\n" for n in range(20)),
        encoding="utf-8",
    )
    window = open_window(qtbot, [logs])
    assert window.report is not None and window.report.damaged == []
    assert [path.name for path in window.report.not_logs] == ["simulated_user.jsonl"]
    assert "damaged" not in window.status.text()
    assert "simulated_user.jsonl (not conversation logs)" in window.panel.figures.text()
    assert len(window.report.conversations) == len(collect_stats([logs]).conversations)


def test_the_distribution_of_cost_and_calls_per_message(logs: Path, qtbot: QtBot) -> None:
    window = open_window(qtbot, [logs])
    cost = window.charts.cost
    assert sum(b.count for b in cost.bins) == 4
    assert cost.chart().title().startswith("Cost per conversation — median $")
    assert sum(b.count for b in window.charts.calls.bins) == 4


def test_shading_names_every_step_of_the_scenario(logs: Path) -> None:
    report = collect_stats([logs])
    scenario = load_scenario(default_scenario())
    overlay = measure_overlay(report, "drop_off", scenario.steps)
    assert set(overlay.nodes) == set(scenario.steps)
    assert overlay.legend is not None and overlay.legend.title == (
        "Drop-off (of conversations that reached it)"
    )


def test_adding_logs_reads_everything_again_and_keeps_only_the_last_reading(
    logs: Path, analyst_logs: Any, qtbot: QtBot, tmp_path: Path
) -> None:
    window = AnalyticsWindow(load_scenario(default_scenario()), [logs])
    qtbot.addWidget(window)
    more = tmp_path / "more"
    more.mkdir()
    shutil.copy(analyst_logs["clean"].path, more / "again.jsonl")
    window.add_paths([more])  # while (or after) the first reading runs
    qtbot.waitUntil(lambda: window.report is not None and window.report.files == 5, timeout=10000)
    qtbot.wait(200)  # the first reading's report, if late, must not replace the second
    assert window.report is not None and window.report.files == 5
    assert len(window.report.conversations) == 5


def test_logs_of_replies_no_model_made_chart_no_cost_not_zero_dollars(
    logs: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    """Conversations with the key-free model once charted "median $0.00" in USD beside "no
    cost (scripted)": they cost nothing because no model answered, not because calls were free."""
    scripted = tmp_path / "scripted"
    scripted.mkdir()
    for log in logs.iterdir():
        lines = []
        for line in log.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event["type"] == "model_response":
                event["synthetic"] = "fake model"
            lines.append(json.dumps(event))
        (scripted / log.name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    window = open_window(qtbot, [scripted])
    assert window.report is not None and window.report.totals.all_synthetic
    title = window.charts.cost.chart().title()
    assert title == "Cost per conversation: no cost (scripted)"
    assert window.charts.cost.bins == [] and "$" not in title
    assert sum(b.count for b in window.charts.calls.bins) == 4  # calls are still counted
