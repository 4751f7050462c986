"""Plugs *Tools ▸ Simulate…* into the studio window, from the outside.

The studio calls ``app.simulate.install(window, chat_settings=…, keys=…, open_log=…)`` at start
(``app/__main__.py``), after the compare and analytics tools, so the entry joins them in the
Tools menu. Everything goes through the window's public parts — its menu bar, ``session`` (the
open :class:`~app.edit_session.EditSession`), ``sessionChanged``, ``flush_editors``, ``tell`` — and
the three handlers the start-up wiring passes in:

* ``chat_settings``: the test chat's provider settings as they are now (the simulation uses the
  same model, server and key as the chat);
* ``keys``: the chat's :class:`~app.chat.keys.ApiKeyStore` (a key typed this session included);
* ``open_log``: how a conversation's log is opened — the studio's log viewer, whose replay
  highlights the graph and whose fork continues in the test chat.

Without them (tests, other hosts) the settings are read from the window's QSettings, the key
from the environment or the keyring, and logs open in a plain log viewer window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow

from app.chat.keys import ApiKeyStore
from app.chat.settings import ChatSettings, load_settings
from app.edit_session import EditSession
from app.simulate.dialog import SimulateDialog
from app.simulate.setup import SimulationSetup
from app.simulate.window import SimulationWindow, open_simulation_window
from app.widgets import tell_problem, tools_menu

LogOpener = Callable[[Path], object]


class StudioSimulations(QObject):
    """The glue between one main window and its simulations (see the module docstring)."""

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
        self.chat_settings = chat_settings or self._stored_chat_settings
        self.keys = keys if keys is not None else ApiKeyStore()
        self.open_log = open_log
        #: simulation windows opened from the studio, kept while it lives
        self.windows: list[SimulationWindow] = []
        self.action = QAction(window)
        self._action_texts()
        window.installEventFilter(self)
        self.action.triggered.connect(lambda _checked=False: self.simulate())
        tools_menu(window).addAction(self.action)
        changed = getattr(window, "sessionChanged", None)
        if changed is not None:
            changed.connect(lambda _session: self._update_enabled())
        self._update_enabled()

    def _action_texts(self) -> None:
        """The Tools menu entry's texts, in the language the studio speaks."""
        self.action.setText(self.tr("&Simulate…"))
        self.action.setStatusTip(
            self.tr(
                "Let simulated users play the scenario's personas many times, and see where "
                "the script breaks"
            )
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.LanguageChange:
            self._action_texts()
        return super().eventFilter(watched, event)

    @property
    def session(self) -> EditSession | None:
        session = getattr(self.window, "session", None)
        return session if isinstance(session, EditSession) else None

    def simulate(self) -> SimulationWindow | None:
        """The menu entry: ask (:class:`SimulateDialog`), then run in a window of its own."""
        dialog = self.make_dialog()
        if dialog is None:
            return None
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted or dialog.setup is None:
                return None
            return self.start(dialog.setup)
        finally:
            dialog.deleteLater()

    def make_dialog(self) -> SimulateDialog | None:
        """The dialog on the scenario as it is in the editor now, or ``None`` (and a message)
        when there is nothing to simulate."""
        flush = getattr(self.window, "flush_editors", None)
        if callable(flush):
            flush()  # typing still pending in an editor belongs to the scenario simulated
        session = self.session
        if session is None:
            self._tell(self.tr("Open a scenario first: its personas play against it."))
            return None
        scenario = session.scenario
        if scenario is None:
            self._tell(
                self.tr(
                    "The scenario has errors (see the Problems pane). A simulation runs the "
                    "scenario as it is now, so it must load first."
                )
            )
            return None
        return SimulateDialog(
            scenario, chat_settings=self.chat_settings(), keys=self.keys, parent=self.window
        )

    def start(self, setup: SimulationSetup) -> SimulationWindow:
        """Open a simulation window on ``setup`` (drawn at the editor's positions) and run."""
        session = self.session
        positions = session.positions() if session is not None else None
        window = open_simulation_window(
            setup, positions=positions, parent=self.window, log_opener=self.open_log
        )
        self.windows.append(window)
        window.closed.connect(lambda: self._forget(window))
        return window

    def _forget(self, window: SimulationWindow) -> None:
        """A closed window lets its report go (hundreds of conversations)."""
        if window in self.windows:
            self.windows.remove(window)
        window.deleteLater()

    def _stored_chat_settings(self) -> ChatSettings:
        store = getattr(self.window, "settings", None)
        return load_settings(store if isinstance(store, QSettings) else QSettings())

    def _update_enabled(self) -> None:
        self.action.setEnabled(self.session is not None)

    def _tell(self, message: str) -> None:
        tell_problem(self.window, self.tr("Simulate"), message)


def install(
    window: QMainWindow,
    *,
    chat_settings: Callable[[], ChatSettings] | None = None,
    keys: ApiKeyStore | None = None,
    open_log: LogOpener | None = None,
) -> StudioSimulations:
    """What the studio calls at start (see the module docstring)."""
    return StudioSimulations(window, chat_settings=chat_settings, keys=keys, open_log=open_log)


__all__ = ["StudioSimulations", "install", "tools_menu"]
