"""The graph is the room's centre: at 1366 × 768 and 1600 × 1000 it has the largest share of
the width, and the Step pane, with no step selected, yields its width to it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from app.room import GIVEN_BACK_MIN, YIELDED_WIDTH
from engine.io.resources import default_scenario

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("size", [(1366, 768), (1600, 1000)])
def test_the_graph_has_the_largest_share_and_an_empty_step_pane_yields(
    tmp_path: Path, qtbot: Any, size: tuple[int, int]
) -> None:
    from app.__main__ import assemble
    from app.main_window import MainWindow

    folder = tmp_path / "support_desk"
    shutil.copytree(default_scenario().parent / "support_desk", folder)
    window = MainWindow()  # as the studio starts: its panes plugged in, then shown
    window.resize(*size)
    parts = assemble(window)
    qtbot.addWidget(window)
    window.show()
    assert window.files.open_folder(folder)
    step = window.panes["Step"]
    view = window.scenario_editor.view
    qtbot.waitUntil(lambda: step.width() <= YIELDED_WIDTH + 20)

    def widths() -> dict[str, int]:
        shown = {
            name: dock.width()
            for name, dock in window.panes.items()
            if dock.isVisible()
            and not dock.visibleRegion().isEmpty()
            and window.dockWidgetArea(dock).name.startswith(("Left", "Right"))
        }
        return {**shown, "instructions": window.editor_tabs.width()}

    assert all(view.width() > width for width in widths().values()), (view.width(), widths())
    yielded = view.width()
    # a step selected: the pane takes its width back (the step form's own minimum may make it
    # the widest at 1366), the graph stays wider than the chat and the instructions
    window.scenario_editor.select_step("identify")
    qtbot.waitUntil(lambda: step.width() >= GIVEN_BACK_MIN)
    assert view.width() < yielded
    others = {name: width for name, width in widths().items() if name != "Step"}
    assert all(view.width() > width for width in others.values()), (view.width(), widths())
    # nothing selected again: it yields again
    window.scenario_editor.select_step(None)
    qtbot.waitUntil(lambda: step.width() <= YIELDED_WIDTH + 20)
    qtbot.waitUntil(lambda: view.width() >= yielded - 2)
    del parts
