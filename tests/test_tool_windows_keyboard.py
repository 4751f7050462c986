"""The studio's tool windows close from the keyboard, as any window does: Escape and Ctrl+W.

They once could not (the request inspector, the log viewer, the others): only the mouse closed
them. An Escape a widget inside uses first — a find bar closing itself, say — leaves the
window open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.analytics.window import AnalyticsWindow
from app.compare.window import CompareWindow
from app.help import DocumentationWindow
from app.logview.sample import write_sample_log
from app.logview.window import LogWindow
from app.request_inspector.inspector import RequestInspectorWindow
from engine.compare import load_side
from engine.io.resources import default_scenario
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui


def makers(tmp_path: Path) -> dict[str, Callable[[], QWidget]]:
    log = tmp_path / "log.jsonl"
    write_sample_log(log, 30)
    folder = str(default_scenario())
    return {
        "request inspector": RequestInspectorWindow,
        "log viewer": lambda: LogWindow(log, follow=False),
        "analytics": lambda: AnalyticsWindow(load_scenario(default_scenario()), [log]),
        "compare": lambda: CompareWindow(load_side(folder), load_side(folder)),
        "documentation": DocumentationWindow,
    }


def shown(qtbot: QtBot, make: Callable[[], QWidget]) -> QWidget:
    window = make()
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize(
    "name", ["request inspector", "log viewer", "analytics", "compare", "documentation"]
)
@pytest.mark.parametrize("key", ["Escape", "Ctrl+W"])
def test_a_tool_window_closes_from_the_keyboard(
    qtbot: QtBot, tmp_path: Path, name: str, key: str
) -> None:
    window = shown(qtbot, makers(tmp_path)[name])
    focus: Any = window.focusWidget() or window
    if key == "Escape":
        qtbot.keyClick(focus, Qt.Key.Key_Escape)
    else:
        (close,) = [a for a in window.actions() if a.objectName() == "closeWindowAction"]
        assert close.shortcut() == QKeySequence(QKeySequence.StandardKey.Close)
        close.trigger()  # offscreen, a shortcut's key press reaches no window manager
    qtbot.waitUntil(lambda: not window.isVisible())


def test_an_escape_a_widget_inside_uses_leaves_the_window_open(qtbot: QtBot) -> None:
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QLineEdit, QVBoxLayout

    from app.widgets import closes_from_keyboard

    class ClosingBar(QLineEdit):  # as a find bar does: Escape closes it
        def keyPressEvent(self, event: QKeyEvent) -> None:
            if event.key() == Qt.Key.Key_Escape:
                self.hide()
                event.accept()
                return
            super().keyPressEvent(event)

    def make() -> QWidget:
        window = QWidget(None, Qt.WindowType.Window)
        QVBoxLayout(window).addWidget(ClosingBar(window))
        closes_from_keyboard(window)
        return window

    window = shown(qtbot, make)
    (bar,) = window.findChildren(ClosingBar)
    bar.setFocus()
    qtbot.keyClick(bar, Qt.Key.Key_Escape)
    assert not bar.isVisible() and window.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.isVisible())
