"""The Qt binding itself must be sound: the studio emits a signal per engine event.

PySide6 6.12.0 on CPython 3.11 dropped a reference to ``True`` on every ``Signal.emit()`` and to
``None`` on every void call, aborting the interpreter after a few thousand of them
("Fatal Python error: bool_dealloc"). ``pyproject.toml`` excludes it; this test keeps it out.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel


class _Emitter(QObject):
    ticked = Signal(int)


def test_emitting_signals_keeps_reference_counts_of_singletons(qtbot) -> None:
    emitter = _Emitter()
    received: list[int] = []
    emitter.ticked.connect(received.append)
    label = QLabel()
    qtbot.addWidget(label)
    true_before, none_before = sys.getrefcount(True), sys.getrefcount(None)

    for tick in range(500):
        emitter.ticked.emit(tick)
        label.setText(str(tick))

    assert received == list(range(500))
    assert abs(sys.getrefcount(True) - true_before) < 50
    assert abs(sys.getrefcount(None) - none_before) < 50
