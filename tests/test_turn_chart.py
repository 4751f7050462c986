"""The per-turn chart: a conversation's tokens, cost and model time, turn by turn, in the log
viewer and beside the live test chat; the turn under the mouse leads the conversation view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCharts import QCategoryAxis, QStackedBarSeries
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_chat_pane import INTERVIEW
from test_chat_studio import send

from app.analytics.studio import CHART_PANE, StudioTools
from app.charts.turns import TurnChart
from app.chat.studio import StudioChat
from app.logview.window import LogWindow
from engine.log.reader import read_log
from engine.offline.fake_openai import FakeOpenAIServer

pytestmark = pytest.mark.gui


@pytest.fixture
def log_window(analyst_logs: Any, qtbot: QtBot) -> LogWindow:
    window = LogWindow(analyst_logs["bumpy"].path, follow=False)
    qtbot.addWidget(window)
    window.resize(1200, 900)
    window.show()
    qtbot.waitUntil(lambda: window.loaded, timeout=5000)
    return window


def column_center(chart: TurnChart, turn: int) -> QPoint:
    index = next(i for i, row in enumerate(chart.rows) if row.turn == turn)
    series = chart.chart().series()[0]
    in_chart = chart.chart().mapToPosition(QPointF(index, 100.0), series)
    return chart.mapFromScene(chart.chart().mapToScene(in_chart))


def hover(chart: TurnChart, position: QPoint) -> None:
    """The mouse moving over the chart (sent to it directly: with other windows left open by
    other tests, a moved cursor may land on one of them)."""
    global_position = QPointF(chart.viewport().mapToGlobal(position))
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(position),
        global_position,
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(chart.viewport(), event)


def turn_numbers(chart: TurnChart) -> QCategoryAxis:
    """The axis that writes the turn numbers under the columns."""
    return next(a for a in chart.chart().axes() if isinstance(a, QCategoryAxis))


def assert_turn_numbers_readable(chart: TurnChart) -> None:
    labels = chart.turn_labels()
    assert turn_numbers(chart).categoriesLabels() == [text for _, text in labels]
    column = chart.chart().plotArea().width() / len(chart.rows)
    room = (labels[1][0] - labels[0][0]) * column
    assert all(chart.fontMetrics().horizontalAdvance(text) < room for _, text in labels)


def test_the_log_viewer_charts_every_turn(
    log_window: LogWindow, analyst_logs: Any, qtbot: QtBot
) -> None:
    chart = log_window.turn_chart
    ends = [
        e.data
        for e in read_log(analyst_logs["bumpy"].path).events
        if e.type == "turn_end" and e.data["calls"]
    ]
    assert [row.turn for row in chart.rows] == list(range(1, 15))
    assert [row.totals.llm_calls for row in chart.rows] == [end["calls"] for end in ends]
    bars = next(s for s in chart.chart().series() if isinstance(s, QStackedBarSeries))
    cached, uncached, output = (bars.barSets()[i] for i in range(3))
    assert [cached.at(i) + uncached.at(i) for i in range(14)] == [
        float(end["usage"]["input_tokens"]) for end in ends
    ]
    assert [output.at(i) for i in range(14)] == [float(e["usage"]["output_tokens"]) for e in ends]
    names = [s.name() for s in chart.chart().series()]
    assert names[1:] == ["cost $", "model time s"]
    # Every turn is numbered under its column once the chart has its width.
    qtbot.waitUntil(lambda: turn_numbers(chart).categoriesLabels()[:3] == ["1", "2", "3"])
    assert [turn_numbers(chart).endValue(label) for label in ("1", "2", "3")] == [0.0, 1.0, 2.0]
    assert chart.isVisible()


def test_the_turn_under_the_mouse_scrolls_the_conversation_to_it(
    log_window: LogWindow, qtbot: QtBot
) -> None:
    chart = log_window.turn_chart
    hovered: list[int] = []
    chart.turnHovered.connect(hovered.append)
    hover(chart, column_center(chart, 6))
    assert hovered == [6]
    current = log_window.view.event_at(log_window.view.currentIndex())
    assert current is not None and current.turn == 6
    assert chart.turn_at(column_center(chart, 9)) == 9
    assert chart.turn_at(QPoint(2, 2)) is None  # outside the plot


def test_clicking_a_turn_replays_the_log_up_to_it(log_window: LogWindow, qtbot: QtBot) -> None:
    chart = log_window.turn_chart
    qtbot.mouseClick(chart.viewport(), Qt.MouseButton.LeftButton, pos=column_center(chart, 4))
    assert log_window.replay.turn == 4
    assert max(event.turn for event in log_window.view.visible_events()) == 4


@pytest.fixture
def chat(studio_chat: StudioChat) -> StudioChat:
    return studio_chat  # tests/plugins/studio.py


def test_the_test_chat_has_its_chart_as_a_pane_that_follows_the_conversation(
    studio: Any, chat: StudioChat, qtbot: QtBot, openai_env: FakeOpenAIServer
) -> None:
    tools = StudioTools(studio)
    chart = tools.chat_chart
    assert chart is not None and studio.panes[CHART_PANE].widget() is chart
    assert chart.rows == []
    # tabbed with the variables, which stay in front
    assert chat.pane.variables.isVisible() and not chart.isVisible()
    for text, answers in INTERVIEW[:2]:
        openai_env.queue(*answers)
        send(qtbot, chat, text)
    qtbot.waitUntil(lambda: [row.turn for row in chart.rows] == [1, 2], timeout=3000)
    # the second message broke the contract once: two calls, one correction
    assert [(row.totals.llm_calls, row.totals.corrections) for row in chart.rows] == [
        (1, 0),
        (2, 1),
    ]
    assert chart.rows[1].step == "idea"
    chat.pane.restart()
    qtbot.waitUntil(lambda: chat.pane.running and not chat.pane.busy, timeout=5000)
    assert chart.rows == []


def test_a_long_log_is_charted_a_window_of_turns_at_a_time_that_the_replay_moves(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtGui import QWheelEvent

    from app.charts.turns import DENSE_TURNS, MAX_COLUMNS
    from app.logview.sample import write_sample_log

    events = write_sample_log(tmp_path / "long.jsonl", 4000)
    chart = TurnChart()
    qtbot.addWidget(chart)
    chart.resize(900, 300)
    chart.show()
    chart.set_events(events)
    qtbot.waitExposed(chart)
    every = chart.figures.rows
    assert len(every) > MAX_COLUMNS
    assert chart.rows == every[-MAX_COLUMNS:]  # the latest turns first
    assert f"of {len(every):,}" in chart.chart().title()
    # Turn numbers stand under their columns, far enough apart to be read whole, at any width.
    labels = chart.turn_labels()
    assert labels[0] == (0, str(chart.rows[0].turn)) and len(labels) <= DENSE_TURNS
    assert_turn_numbers_readable(chart)
    chart.resize(400, 300)
    qtbot.waitUntil(lambda: len(turn_numbers(chart).categoriesLabels()) < len(labels))
    assert_turn_numbers_readable(chart)
    chart.resize(900, 300)

    chart.highlight_turn(every[3].turn)  # the replay shows an early turn: it comes into view
    assert every[3] in chart.rows and chart.rows[0] == every[0]

    wheel = QWheelEvent(
        QPointF(100, 100),
        QPointF(100, 100),
        QPoint(0, 0),
        QPoint(0, -120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(chart.viewport(), wheel)  # one notch towards later turns
    assert chart.rows[0] == every[12]

    chart.add_events([])  # nothing new: the window stays where the author put it
    assert chart.rows[0] == every[12]
