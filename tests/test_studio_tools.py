"""Tools ▸ Compare with… and Tools ▸ Analyse logs… in the studio window."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.analytics import install
from app.analytics.studio import StudioTools
from app.analytics.window import AnalyticsWindow
from app.compare.window import CompareWindow

pytestmark = pytest.mark.gui


def tools_menu(window: Any) -> QMenu:
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and menu.title().replace("&", "") == "Tools":
            return menu
    raise AssertionError("no Tools menu")


def test_the_tools_menu_sits_before_help_and_needs_an_open_scenario(make_studio: Any) -> None:
    window = make_studio()
    tools = install(window)
    assert isinstance(tools, StudioTools)
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles[-2:] == ["Tools", "Help"]
    assert [a.text() for a in tools_menu(window).actions()] == ["&Compare with…", "&Analyse logs…"]
    assert not tools.compare_action.isEnabled()


def test_compare_with_a_revision_includes_unsaved_edits(
    make_studio: Any, bot_history: Path, qtbot: QtBot
) -> None:
    window = make_studio()
    assert window.files.open_folder(bot_history / "bot")
    tools = install(window)
    assert tools.compare_action.isEnabled()
    window.scenario_editor.connect_steps("risks", "risks", "more_risks")  # an unsaved edit
    shown = tools.compare("v1:.")
    assert isinstance(shown, CompareWindow)
    qtbot.addWidget(shown)
    assert shown.new.label == "bot (open in the studio, unsaved)"
    assert shown.diff.old_label == "v1:."
    assert shown.diff.renames == {"users": "audience"}
    risks = shown.diff.step("risks")
    assert risks is not None and [t.signal for t in risks.transitions] == ["more_risks"]
    # drawn where the editor draws it
    node = shown.graph.scene.nodes["idea"].pos()
    assert (node.x(), node.y()) == window.session.positions()["idea"]


def test_a_revision_that_does_not_exist_is_told_not_raised(
    make_studio: Any, bot_history: Path
) -> None:
    window = make_studio()
    assert window.files.open_folder(bot_history / "bot")
    tools = install(window)
    assert tools.compare("v7:.") is None
    (_title, message, problem) = window.answers.told[-1]
    assert problem and "unknown git revision 'v7'" in message


def test_analyse_logs_opens_the_analytics_on_the_open_scenario(
    studio: Any, analyst_logs: Any, tmp_path: Path, qtbot: QtBot
) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(analyst_logs["bumpy"].path, folder)
    tools = install(studio)
    shown = tools.analyse([folder])
    assert isinstance(shown, AnalyticsWindow)
    qtbot.addWidget(shown)
    qtbot.waitUntil(lambda: shown.report is not None, timeout=10000)
    assert set(shown.graph.scene.nodes) == set(studio.session.shown.steps)
    assert shown.report is not None and len(shown.report.conversations) == 1


def test_a_closed_tool_window_goes_with_what_it_holds(
    studio: Any, analyst_logs: Any, tmp_path: Path, qtbot: QtBot
) -> None:
    """The analytics window holds a stats report and a graph: closed, it is deleted and the
    studio forgets it, instead of staying a hidden child of the studio until it quits."""
    from PySide6.QtCore import QCoreApplication, QEvent

    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(analyst_logs["bumpy"].path, folder)
    tools = install(studio)
    shown = tools.analyse([folder])
    assert isinstance(shown, AnalyticsWindow)
    qtbot.waitUntil(lambda: shown.report is not None, timeout=10000)
    gone: list[bool] = []
    shown.destroyed.connect(lambda: gone.append(True))
    shown.close()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.waitUntil(lambda: gone == [True])
    assert tools.windows == []
    assert not studio.findChildren(AnalyticsWindow)
