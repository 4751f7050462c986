"""No text of the studio is cut at its default layout (1600×1000) in French, the longest of its
languages: the action form's timeout box, *Renommer…*, the Tests toolbar; the Problems and Tests
lists fill their pane's width; instruction lines the author wrapped show as written."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractButton, QToolButton, QWidget

from app import commands

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def speaking(qtbot: Any) -> Iterator[Any]:
    """Switch the studio's language (as tests/test_i18n.py does); English again afterwards."""
    from PySide6.QtCore import QSettings

    from app.i18n.languages import translations

    chosen = translations()

    def speak(language: str) -> None:
        chosen.choose(language, QSettings())
        qtbot.wait(1)

    yield speak
    chosen.apply("en")
    qtbot.wait(1)


@pytest.fixture
def language() -> str:
    return "fr"


@pytest.fixture
def french_desk(
    speaking: Any, qtbot: Any, tmp_path: Path, monkeypatch: Any, language: str
) -> Iterator[Any]:
    """The studio as it starts (every pane assembled, then shown), in French, at its default
    layout on a 1600×1000 window, the support desk open."""
    from app.__main__ import assemble
    from app.main_window import MainWindow
    from tests.plugins.studio import Answers

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    speaking(language)
    folder = tmp_path / "support_desk"
    shutil.copytree(ROOT / "scenarios" / "support_desk", folder)
    window = MainWindow()
    window.resize(1600, 1000)
    answers = Answers()
    window.ask_text, window.ask_choice = answers.ask_text, answers.ask_choice
    window.ask_unsaved, window.tell, window.answers = answers.ask_unsaved, answers.tell, answers
    window.parts = assemble(window)
    qtbot.addWidget(window)
    window.show()
    assert window.files.open_folder(folder)
    qtbot.wait(100)
    yield window
    if window.session is not None:
        window.session.undo_stack.setClean()
    for part in window.parts:
        pane = getattr(part, "pane", None)
        if hasattr(pane, "stop"):
            pane.stop()


def the_tests_pane(window: Any) -> Any:
    from app.tests_pane.pane import TestsPane

    pane = window.panes["Tests"].widget()
    assert isinstance(pane, TestsPane)
    return pane


def fits(widget: QWidget, text: str, padding: int = 0) -> bool:
    return widget.fontMetrics().horizontalAdvance(text) + padding <= widget.width()


def test_the_timeout_box_shows_its_default_whole(french_desk: Any, qtbot: Any) -> None:
    session = french_desk.session
    commands.push(
        session.undo_stack,
        commands.DeleteKeyCommand(session, ("steps", "find_order", "timeout_s")),
    )
    french_desk.scenario_editor.select_step("find_order")
    spin = french_desk.step_form.action_form.timeout_spin
    qtbot.waitUntil(spin.isVisible)
    assert spin.text() == spin.specialValueText() == "par défaut (10 s)"
    line = spin.lineEdit()
    assert fits(line, spin.text(), 4)


def test_renommer_is_whole_inside_the_step_pane(french_desk: Any, qtbot: Any) -> None:
    french_desk.scenario_editor.select_step("find_order")
    form = french_desk.step_form
    button = form.rename_button
    qtbot.waitUntil(button.isVisible)
    # the Step pane takes back the width it yielded while nothing was selected
    qtbot.waitUntil(lambda: not french_desk.step_room.yielded)
    qtbot.wait(300)  # and lays the form out again
    assert button.text() == "Renommer…"
    assert button.width() >= button.sizeHint().width()
    viewport = form.scroller.viewport()
    right = button.mapTo(viewport, button.rect().topRight()).x()
    assert right < viewport.width()
    assert not form.scroller.horizontalScrollBar().isVisible()


def select(window: Any, qtbot: Any, step: str) -> None:
    """Select ``step`` as the author does; the Step pane takes back its width."""
    window.scenario_editor.select_step(step)
    qtbot.waitUntil(lambda: not window.step_room.yielded)
    qtbot.wait(300)


@pytest.mark.parametrize("language", ["fr", "hi"])
def test_the_tests_toolbar_shows_every_button(french_desk: Any, qtbot: Any) -> None:
    select(french_desk, qtbot, "find_order")
    french_desk.panes["Tests"].raise_()
    bar = the_tests_pane(french_desk).toolbar
    qtbot.waitUntil(bar.isVisible)
    qtbot.wait(20)
    extension = bar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert extension is None or not extension.isVisible()
    for action in bar.actions():
        widget = bar.widgetForAction(action)
        if widget is not None and not action.isSeparator() and action.isVisible():
            assert widget.isVisible(), action.text()
            if isinstance(widget, QAbstractButton):
                assert fits(widget, widget.text()), widget.text()
    modes = the_tests_pane(french_desk).mode_box
    for row in range(modes.count()):  # each mode whole in the box when chosen (arrow beside)
        modes.setCurrentIndex(row)
        assert fits(modes, modes.currentText(), 30), modes.currentText()
    modes.setCurrentIndex(0)


def columns_fill(tree: Any) -> bool:
    header = tree.header()
    used = sum(
        header.sectionSize(c) for c in range(header.count()) if not header.isSectionHidden(c)
    )
    return abs(used - tree.viewport().width()) <= 2


def test_the_problems_list_fills_its_pane(french_desk: Any, qtbot: Any) -> None:
    select(french_desk, qtbot, "find_order")
    french_desk.panes["Problems"].raise_()
    tree = french_desk.problems.tree
    qtbot.waitUntil(tree.isVisible)
    assert tree.topLevelItemCount() >= 1
    assert columns_fill(tree)
    message = tree.topLevelItem(0).text(1)
    assert tree.header().sectionSize(1) > tree.header().sectionSize(2)
    assert message


def test_the_tests_list_fills_its_pane(french_desk: Any, qtbot: Any) -> None:
    select(french_desk, qtbot, "find_order")
    french_desk.panes["Tests"].raise_()
    tree = the_tests_pane(french_desk).tree
    qtbot.waitUntil(tree.isVisible)
    assert columns_fill(tree)


def test_lines_the_author_wrapped_show_as_written(french_desk: Any, qtbot: Any) -> None:
    words = "Ask the customer which order they mean and what went wrong with it, politely"
    lines = [(words + " " + words)[:95].rstrip() for _ in range(6)]
    text = "\n".join(lines) + "\n"
    session = french_desk.session
    commands.push(session.undo_stack, commands.SetTextCommand(session, "steps/identify.md", text))
    french_desk.scenario_editor.select_step("identify")
    edit = french_desk.instructions.edit
    qtbot.waitUntil(lambda: edit.isVisible() and edit.toPlainText() == text)
    block = edit.document().firstBlock()
    while block.isValid():
        assert block.layout().lineCount() <= 1, block.text()
        block = block.next()
