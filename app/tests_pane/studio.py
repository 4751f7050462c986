"""Plugs the Tests pane, Save chat as test and coverage on the graph into the studio window.

The studio calls :func:`install` at start (``app.__main__``), after docking the chat. Everything
goes through the window's public parts, spelled out by :class:`TestsHost` — ``add_pane``, the
open ``session`` and ``sessionChanged``, the graph of ``scenario_editor`` (for the coverage
overlay), ``problem_handlers`` (a problem of a test file opens in the pane's editor) and
``tell`` — so the main window knows nothing of tests:

* the **Tests** pane is docked under the graph, tabbed with Problems;
* its log opener is the chat's (:meth:`app.chat.studio.StudioChat.open_log`), so a failed run's
  log replays on the graph and forks into the chat, like any log opened from the studio;
* record and live runs use the provider the test chat is set up with (its Settings…);
* the chat's toolbar gets **Save as test…** (:mod:`.save_chat`), and the File menu **Save Chat
  as Test…** (the chat's toolbar is narrow: its last buttons may sit behind »).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, Qt, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget

from app.chat.pane import ChatPane
from app.chat.studio import StudioChat
from app.edit_session import EditSession
from app.editor import ScenarioEditor
from app.tests_pane.coverage import CoverageShading
from app.tests_pane.pane import TestsPane
from app.tests_pane.save_chat import ChatTestSaver
from app.tests_pane.worker import ProviderFactory
from app.widgets import PaneHost, retranslated
from engine.errors import ScenarioError
from engine.providers.base import Provider

TESTS_PANE = "Tests"


class TestsHost(PaneHost, Protocol):
    """What the tests need from the studio window (``app.main_window.MainWindow``)."""

    #: the open session changed (an ``EditSession`` or None)
    sessionChanged: SignalInstance
    scenario_editor: ScenarioEditor
    panes: dict[str, QDockWidget]
    problem_handlers: list[Callable[[ScenarioError], bool]]
    tell: Callable[[str, str, bool], None]

    @property
    def session(self) -> EditSession | None: ...

    def notify(self, text: str, timeout_ms: int = ...) -> None: ...

    def add_file_action(self, action: QAction) -> None: ...


def provider_of_chat(pane: ChatPane) -> ProviderFactory | str:
    """The chat's provider for a record or live run, or why there is none."""
    settings = pane.settings
    key: str | None = None
    if settings.needs_key:
        found = pane.keys.find()
        if found is None:
            return QCoreApplication.translate(
                "StudioTests",
                "no API key is set up: add one in the test chat's Settings… (or set "
                "OPENAI_API_KEY before starting the studio).",
            )
        key = found.value
    elif not settings.script:
        return QCoreApplication.translate(
            "StudioTests",
            "the test chat's scripted provider has no reply script (see its Settings…).",
        )

    def make() -> tuple[Provider, str | None]:
        return settings.make_provider(key), settings.model or None

    return make


class StudioTests(QObject):
    """The glue between one studio window and its Tests pane (see the module docstring)."""

    __test__ = False  # not a pytest test class

    def __init__(self, host: TestsHost) -> None:
        super().__init__()
        self.host = host
        self.pane = TestsPane()
        self.pane.tell = lambda title, message, problem: host.tell(title, message, problem)
        editor = host.scenario_editor
        self.pane.coverage = CoverageShading(lambda: editor.scene, editor.view)
        host.add_pane(
            TESTS_PANE, self.pane, Qt.DockWidgetArea.BottomDockWidgetArea, tabify_with="Problems"
        )
        if "Problems" in host.panes:
            host.panes["Problems"].raise_()
        host.sessionChanged.connect(self.pane.set_session)
        host.problem_handlers.append(self.pane.show_problem)
        self.pane.set_session(host.session)
        self.saver: ChatTestSaver | None = None
        #: File ▸ Save Chat as Test… (once a chat is attached)
        self.file_action: QAction | None = None
        application = QCoreApplication.instance()
        if application is not None:
            application.aboutToQuit.connect(self.pane.shutdown)
        retranslated(self.pane, self._retranslate_ui)

    def attach_chat(self, chat: StudioChat) -> None:
        """Logs open as the chat's do; record/live use its provider; *Save as test…*."""
        self.pane.log_opener = chat.open_log
        self.pane.provider_source = lambda: provider_of_chat(chat.pane)
        self.saver = ChatTestSaver(
            lambda: self.host.session,
            lambda: chat.pane.view.events_model.events(),
            lambda: chat.pane.scenario,
            tell=lambda title, message, problem: self.host.tell(title, message, problem),
            saved=self._saved,
            parent=chat.pane,
        )
        chat.pane.add_tool_action(self.saver.action)
        self.file_action = QAction(self)
        self._retranslate_ui()
        self.file_action.triggered.connect(lambda _checked=False: self.save_chat())
        self.host.add_file_action(self.file_action)

    def _retranslate_ui(self) -> None:
        """The pane's title and File ▸ Save Chat as Test…, in the studio's language."""
        dock = self.host.panes.get(TESTS_PANE)
        if dock is not None:
            dock.setWindowTitle(self.tr("Tests"))
        if self.file_action is not None and self.saver is not None:
            self.file_action.setText(self.tr("Save Chat as &Test…"))
            self.file_action.setToolTip(self.saver.action.toolTip())

    def save_chat(self) -> str | None:
        """Save the test chat's conversation as a test (see :mod:`.save_chat`)."""
        return self.saver.save() if self.saver is not None else None

    def _saved(self, relpath: str) -> None:
        self.pane.refresh()
        self.pane.open_file(relpath)
        self.host.notify(
            self.tr(
                "Added the chat as the test {file}, with its recording — File ▸ Save writes them"
            ).format(file=relpath),
            8000,
        )


def install(host: TestsHost, chat: StudioChat | None = None) -> StudioTests:
    """Dock the Tests pane into ``host`` (and wire it to ``chat``); the caller keeps the glue."""
    tests = StudioTests(host)
    if chat is not None:
        tests.attach_chat(chat)
    return tests


__all__ = ["TESTS_PANE", "StudioTests", "TestsHost", "install", "provider_of_chat"]
