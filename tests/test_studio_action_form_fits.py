"""The action form fits the studio at 1600×1000: with an action step of the support desk
selected, the Step pane scrolls neither way, every transition row and the Results *Add* button
are in sight without scrolling."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QPushButton, QWidget

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[1]


def in_sight(widget: QWidget, viewport: QWidget) -> bool:
    """Whether the whole of ``widget`` is shown inside ``viewport`` (the scroll area's)."""
    top_left = widget.mapTo(viewport, QPoint(0, 0))
    return widget.isVisible() and viewport.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("step", ["find_order", "open_ticket"])
def test_the_action_form_fits_at_1600_by_1000(
    make_studio: Any, tmp_path: Path, qtbot: Any, step: str
) -> None:
    folder = tmp_path / "support_desk"
    shutil.copytree(ROOT / "scenarios" / "support_desk", folder)
    window = make_studio((1600, 1000))
    assert window.files.open_folder(folder)
    window.scenario_editor.select_step(step)
    form = window.step_form
    qtbot.waitUntil(lambda: form.step_id == step and form.scroller.isVisible())
    qtbot.wait(50)  # the layout settles
    scroller = form.scroller
    assert not scroller.horizontalScrollBar().isVisible()
    assert not scroller.verticalScrollBar().isVisible()
    viewport = scroller.viewport()
    table = form.transitions
    assert table.rowCount() == len(window.document.keys(("steps", step, "transitions")))
    assert table.verticalScrollBar().maximum() == 0, "every transition row shows"
    for row in range(table.rowCount()):
        rect = table.visualRect(table.model().index(row, 0))
        assert table.viewport().rect().contains(rect), row
    assert in_sight(table, viewport)
    add_result = form.findChild(QPushButton, "addResults")
    assert add_result is not None and in_sight(add_result, viewport)
    assert in_sight(form.findChild(QPushButton, "addTransitions"), viewport)
