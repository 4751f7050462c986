"""Plugs publishing into the studio window, from the outside: *File ▸ Publish…* and *Tools ▸ Live
versions*.

Everything goes through the window's public parts — ``settings``, ``session`` (the open
:class:`~app.edit_session.EditSession`), ``sessionChanged``, ``add_file_action`` and the Tools
menu — so the main window's code knows nothing of it. Both ask for a saved scenario: what is
published is the folder as saved (a version is the files' content).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMainWindow, QWidget

from app.edit_session import EditSession
from app.publish.store import PublishStores, connect_url, without_password
from app.widgets import retranslated, show_window, tell_problem, tools_menu


class PublishTools(QObject):
    """The glue between one main window and publishing (see the module docstring)."""

    def __init__(self, window: QMainWindow, stores: PublishStores | None = None) -> None:
        super().__init__(window)
        self.window = window
        settings = getattr(window, "settings", None)
        self.stores = stores or PublishStores(
            settings if isinstance(settings, QSettings) else QSettings()
        )
        self.windows: list[QWidget] = []
        self.publish_action = QAction(window)
        self.publish_action.setObjectName("publishAction")
        self.publish_action.triggered.connect(lambda _checked=False: self.publish())
        self.versions_action = QAction(window)
        self.versions_action.setObjectName("liveVersionsAction")
        self.versions_action.triggered.connect(lambda _checked=False: self.live_versions())
        retranslated(window, self._texts)
        add_file_action = getattr(window, "add_file_action", None)
        if add_file_action is not None:
            add_file_action(self.publish_action)
        tools_menu(window).addAction(self.versions_action)
        changed = getattr(window, "sessionChanged", None)
        if changed is not None:
            changed.connect(lambda _session: self._update_enabled())
        self._update_enabled()

    def _texts(self) -> None:
        self.publish_action.setText(self.tr("&Publish…"))
        self.publish_action.setStatusTip(
            self.tr("Put this scenario live on a server's store, without a restart")
        )
        self.versions_action.setText(self.tr("&Live versions"))
        self.versions_action.setStatusTip(
            self.tr("The versions a server's store keeps, and where each loses people")
        )

    @property
    def session(self) -> EditSession | None:
        session = getattr(self.window, "session", None)
        return session if isinstance(session, EditSession) else None

    def publish(self) -> QWidget | None:
        from app.publish.dialog import PublishDialog

        session = self.session
        if session is None:
            self._tell(self.tr("Open a scenario first: it is what gets published."))
            return None
        if session.is_dirty:
            self._tell(self.tr("Save the scenario first: what is published is the saved folder."))
            return None
        dialog = PublishDialog(session.folder, self.stores, self.window)
        dialog.setObjectName("publishDialog")
        self._keep(dialog)
        dialog.show()
        return dialog

    def live_versions(self, url: str | None = None) -> QWidget | None:
        from app.publish.versions import LiveVersionsWindow

        session = self.session
        if url is None:
            known = self.stores.url_for(session.folder) if session is not None else ""
            url, ok = QInputDialog.getText(
                self.window, self.tr("Live versions"), self.tr("Store URL:"), text=known
            )
            if not ok or not url.strip():
                return None
        shown = without_password(url)
        window = LiveVersionsWindow(
            connect_url(shown, self.stores.password_for(shown)),
            shown,
            positions=session.positions() if session is not None else None,
            parent=self.window,
        )
        self._keep(window)
        show_window(window, self.window)
        return window

    def _keep(self, widget: QWidget) -> None:
        self.windows.append(widget)
        widget.destroyed.connect(
            lambda: self.windows.remove(widget) if widget in self.windows else None
        )

    def _update_enabled(self) -> None:
        self.publish_action.setEnabled(self.session is not None)

    def _tell(self, message: str) -> None:
        tell_problem(self.window, "Prompter", message)


def install(window: QMainWindow) -> PublishTools:
    """What the studio calls at start (see the module docstring)."""
    return PublishTools(window)


__all__ = ["PublishTools", "install"]
