"""Plugs *Tools ▸ Model matrix…* into the studio window, from the outside.

The studio calls ``app.matrix.install(window, chat_settings=…, keys=…, open_log=…)`` at start,
after the simulation tool: the dialog offers the test chat's model beside the key-free ones, a
real model runs with the chat's key, and runs open in the studio's log viewer. Everything goes
through the window's public parts (its menu bar, ``session``, ``sessionChanged``,
``flush_editors``), as the other tools do.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow

from app.chat.keys import ApiKeyStore
from app.chat.settings import ChatSettings
from app.edit_session import EditSession
from app.matrix.dialog import MatrixDialog
from app.matrix.job import MatrixSetup
from app.matrix.window import MatrixWindow
from app.widgets import tell_problem, tools_menu

LogOpener = Callable[[Path], object]


class StudioMatrix(QObject):
    """The glue between one main window and its matrices (see the module docstring)."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        chat_settings: Callable[[], ChatSettings] | None = None,
        keys: ApiKeyStore | None = None,
        open_log: LogOpener | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.chat_settings = chat_settings
        self.keys = keys
        self.open_log = open_log
        self.windows: list[MatrixWindow] = []
        self.action = QAction(window)
        self._action_texts()
        window.installEventFilter(self)
        self.action.triggered.connect(lambda _checked=False: self.open_dialog())
        tools_menu(window).addAction(self.action)
        changed = getattr(window, "sessionChanged", None)
        if changed is not None:
            changed.connect(lambda _session: self._update_enabled())
        self._update_enabled()

    def _action_texts(self) -> None:
        self.action.setText(self.tr("Model &matrix…"))
        self.action.setStatusTip(
            self.tr("Run the tests on several models and versions of the scenario, repeated")
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.LanguageChange:
            self._action_texts()
        return super().eventFilter(watched, event)

    @property
    def session(self) -> EditSession | None:
        session = getattr(self.window, "session", None)
        return session if isinstance(session, EditSession) else None

    def open_dialog(self) -> MatrixWindow | None:
        """The menu entry: ask, then run in a window of its own."""
        dialog = self.make_dialog()
        if dialog is None:
            return None
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted or dialog.setup is None:
                return None
            return self.start(dialog.setup)
        finally:
            dialog.deleteLater()

    def make_dialog(self) -> MatrixDialog | None:
        flush = getattr(self.window, "flush_editors", None)
        if callable(flush):
            flush()
        session = self.session
        scenario = session.scenario if session is not None else None
        if session is None or scenario is None:
            tell_problem(
                self.window,
                self.tr("Model matrix"),
                self.tr("Open a scenario without errors first: the matrix runs its tests."),
            )
            return None
        found = self.keys.find() if self.keys is not None else None
        return MatrixDialog(
            scenario,
            Path(session.folder),
            chat_settings=self.chat_settings() if self.chat_settings else None,
            api_key=found.value if found is not None else None,
            parent=self.window,
        )

    def start(self, setup: MatrixSetup) -> MatrixWindow:
        window = MatrixWindow(setup, self.window)
        if self.open_log is not None:
            window.log_opener = self.open_log
        self.windows.append(window)
        window.closed.connect(lambda: self._forget(window))
        window.show()
        window.start()
        return window

    def _forget(self, window: MatrixWindow) -> None:
        if window in self.windows:
            self.windows.remove(window)
        window.deleteLater()

    def _update_enabled(self) -> None:
        self.action.setEnabled(self.session is not None)


def install(
    window: QMainWindow,
    *,
    chat_settings: Callable[[], ChatSettings] | None = None,
    keys: ApiKeyStore | None = None,
    open_log: LogOpener | None = None,
) -> StudioMatrix:
    """What the studio calls at start (see the module docstring)."""
    return StudioMatrix(window, chat_settings=chat_settings, keys=keys, open_log=open_log)


__all__ = ["StudioMatrix", "install"]
