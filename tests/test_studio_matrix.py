"""Tools ▸ Model matrix… in the studio: the dialog offers the key-free models, the tests and the
variants; the run goes on in the background with its progress; the table lists the cells; the
graph is shaded by the selected cell's violation rate per step; a step lists its broken runs,
each opening in the log viewer."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.matrix import install
from app.matrix.dialog import MatrixDialog, ticked
from app.matrix.studio import StudioMatrix
from app.matrix.window import MatrixWindow
from engine.io.resources import scenarios_dir

pytestmark = [pytest.mark.gui, pytest.mark.xdist_group("support_desk_ticket_service")]


@pytest.fixture
def support_desk(tmp_path: Path) -> Path:
    folder = tmp_path / "support_desk"
    shutil.copytree(scenarios_dir() / "support_desk", folder)
    return folder


@pytest.fixture
def tools(make_studio: Any, support_desk: Path) -> Iterator[StudioMatrix]:
    window = make_studio()
    assert window.files.open_folder(support_desk)
    matrix = install(window)
    assert isinstance(matrix, StudioMatrix)
    yield matrix
    for opened in list(matrix.windows):  # no run outlives its test
        opened.close()


def dialog_for(tools: StudioMatrix, qtbot: QtBot) -> MatrixDialog:
    session = tools.session
    assert session is not None and session.scenario is not None
    dialog = MatrixDialog(session.scenario, session.folder, revisions=[("HEAD", "last commit")])
    qtbot.addWidget(dialog)
    return dialog


def test_the_tools_menu_has_the_matrix(tools: StudioMatrix) -> None:
    assert tools.action.text() == "Model &matrix…"
    assert tools.action.isEnabled()


def test_the_dialog_offers_key_free_models_all_tests_and_the_variants(
    tools: StudioMatrix, qtbot: QtBot, support_desk: Path
) -> None:
    dialog = dialog_for(tools, qtbot)
    assert ticked(dialog.models) == ["fake:break=0", "fake:break=0.3"]
    assert ticked(dialog.variants) == ["."]
    assert dialog.variants.count() == 2  # and HEAD, unticked
    assert ticked(dialog.tests) == sorted(
        p.name for p in (support_desk / "tests").glob("*.test.yaml")
    )
    assert ticked(dialog.personas) == []
    dialog.model_edit.setText("fake:break=0.1,latency=0.01")
    dialog.add_model()
    dialog.accept()
    assert dialog.setup is not None
    assert dialog.setup.models == ("fake:break=0", "fake:break=0.3", "fake:break=0.1,latency=0.01")
    assert dialog.setup.repeat == 10


def test_a_run_shows_the_table_shades_the_graph_and_opens_a_broken_run(
    tools: StudioMatrix, qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = dialog_for(tools, qtbot)
    for row in range(dialog.tests.count()):
        item = dialog.tests.item(row)
        keep = item.text() in ("order_not_found.test.yaml", "another_problem_starts_over.test.yaml")
        item.setCheckState(Qt.CheckState.Checked if keep else Qt.CheckState.Unchecked)
    dialog.models.item(1).setText("fake:break=0.45")
    dialog.models.item(1).setData(Qt.ItemDataRole.UserRole, "fake:break=0.45")
    dialog.repeat.setValue(4)
    dialog.accept()
    assert dialog.setup is not None
    window = tools.start(replace(dialog.setup, out_dir=tmp_path / "out"))
    assert isinstance(window, MatrixWindow)
    opened: list[Path] = []
    window.log_opener = opened.append
    qtbot.waitUntil(lambda: window.summary is not None, timeout=90_000)
    assert window.progress.value() == window.progress.maximum() == 16
    assert window.table.rowCount() == 2
    assert window.table.item(1, 0).text() == "fake:break=0.45 on ."
    assert (tmp_path / "out" / "matrix.json").exists()
    window.table.selectRow(1)
    cell = window.selected_cell()
    assert cell is not None and cell["model"] == "fake:break=0.45"
    worst = max(cell["violations_by_step"].items(), key=lambda item: item[1]["violations"])[0]
    assert cell["violations_by_step"][worst]["violations"] > 0
    shaded = window.graph.overlay.node_style(worst)
    assert shaded is not None and shaded.fill is not None and not shaded.faded
    window.show_step(worst)
    assert window.runs.count() > 0
    window.runs.itemActivated.emit(window.runs.item(0))
    assert len(opened) == 1 and opened[0].exists()
    window.table.selectRow(0)  # the good model: no violation anywhere
    good = window.graph.overlay.node_style(worst)
    assert good is not None and good.fill != shaded.fill
