"""Fixtures for the studio's GUI tests.

* autouse ``isolated_qsettings``: QSettings and QStandardPaths point into a temporary folder
  under a test organisation, so no test reads or writes the user's studio settings.
* ``analyst_bot``: a copy of ``scenarios/analyst_bot`` in ``tmp_path`` (tests edit and save it).
* ``studio``: a shown :class:`~app.main_window.MainWindow` with the copy open; its dialogs are
  replaced by :class:`Answers` (``studio.answers``) so tests choose what the author would type.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.io.resources import default_scenario


@pytest.fixture(autouse=True)
def isolated_qsettings(private_folder: Callable[..., Path]) -> Iterator[Path]:
    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

    folder = private_folder("qsettings", make=False)  # Qt makes it when it first writes
    QStandardPaths.setTestModeEnabled(True)
    QCoreApplication.setOrganizationName("PrompterTests")
    QCoreApplication.setApplicationName("StudioTests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(folder))
    yield folder


@pytest.fixture
def analyst_bot(tmp_path: Path) -> Path:
    """A private copy of the shipped analyst bot."""
    target = tmp_path / "analyst_bot"
    shutil.copytree(default_scenario(), target)
    return target


@dataclass
class Answers:
    """What the author "types" into the studio's dialogs, in order."""

    texts: list[str | None] = field(default_factory=list)
    #: what the author picks or types in a choice (an action's outcome when wiring it)
    choices: list[str | None] = field(default_factory=list)
    #: (choices offered, default) of every choice asked
    offered: list[tuple[list[str], str]] = field(default_factory=list)
    unsaved: list[Any] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    #: (title, message, is_problem) of every message box the studio showed
    told: list[tuple[str, str, bool]] = field(default_factory=list)

    def ask_text(self, title: str, label: str, default: str) -> str | None:
        self.asked.append(label)
        return self.texts.pop(0) if self.texts else default

    def ask_choice(self, title: str, label: str, choices: list[str], default: str) -> str | None:
        self.asked.append(label)
        self.offered.append((list(choices), default))
        return self.choices.pop(0) if self.choices else default

    def tell(self, title: str, message: str, problem: bool) -> None:
        self.told.append((title, message, problem))

    def ask_unsaved(self, question: str) -> Any:
        from PySide6.QtWidgets import QMessageBox

        self.asked.append(question)
        return self.unsaved.pop(0) if self.unsaved else QMessageBox.StandardButton.Cancel


@pytest.fixture
def make_studio(qtbot: Any) -> Iterator[Any]:
    """Make shown studio windows whose dialogs answer from ``window.answers`` (never block)."""
    from app.main_window import MainWindow

    made: list[Any] = []

    def make(size: tuple[int, int] | None = (1280, 800)) -> Any:
        """``size``: the window's, the same whatever screen the tests run on (``None``: the
        size the studio chooses at a first start)."""
        window = MainWindow()
        if size is not None:
            window.resize(*size)
        answers = Answers()
        window.ask_text = answers.ask_text
        window.ask_choice = answers.ask_choice
        window.ask_unsaved = answers.ask_unsaved
        window.tell = answers.tell
        window.answers = answers
        qtbot.addWidget(window)
        window.show()
        made.append(window)
        return window

    yield make
    for window in made:
        if window.session is not None:
            window.session.undo_stack.setClean()  # closing must not ask


@pytest.fixture
def studio(make_studio: Any, analyst_bot: Path) -> Any:
    """The studio with a copy of the analyst bot open."""
    window = make_studio()
    assert window.files.open_folder(analyst_bot)
    return window


@pytest.fixture
def studio_chat(studio: Any, qtbot: Any, tmp_path: Path, openai_env: Any) -> Iterator[Any]:
    """The test chat installed in ``studio`` on the fake server, its first turn answered; its
    conversation and the log windows opened from it end with the test."""
    from app.chat.studio import install_chat

    glue = install_chat(studio, log_dir=tmp_path / "logs")
    qtbot.waitUntil(lambda: glue.pane.running and not glue.pane.busy, timeout=5000)
    yield glue
    glue.pane.stop()
    for window in glue.log_windows:
        window.close()


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """After each test (pytest-qt has closed its widgets), the top-level widgets it left hidden
    are deleted here, on the GUI thread, between tests.

    A closed studio window is only hidden: its C++ side lives as long as its Python wrapper,
    which signal connections keep in reference cycles until a full pass of the garbage collector
    runs, at a moment of its choosing, in whatever test and thread allocates then (a later
    test's closeEvent iterating the top-level widgets crashed the interpreter that way)."""
    yield
    # Only a test with Qt's application makes widgets (listing them costs a few ms: 3 CPU-s
    # over the suite's other tests).
    if not {"qtbot", "qapp"} & set(getattr(item, "fixturenames", ())):
        return
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    for widget in app.topLevelWidgets():
        if not widget.isVisible():
            widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
