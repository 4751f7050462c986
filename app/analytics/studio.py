"""Plugs comparing and analytics into the studio window, from the outside.

The studio calls ``app.analytics.install(window)`` at start (as it does for the chat). Everything
goes through the window's public parts — its menu bar, ``session`` (the open
:class:`~app.edit_session.EditSession`), ``sessionChanged``, ``add_pane`` and ``panes`` — so the
main window's code knows nothing of it:

* **Tools ▸ Compare with…** compares the open scenario *as it is in the editor* (unsaved edits
  included) with a folder or a git revision of it (:class:`~app.compare.dialog.CompareDialog`),
  in a :class:`~app.compare.window.CompareWindow` drawn at the editor's positions;
* **Tools ▸ Analyse logs…** reads a folder of conversation logs (the test chat's by default) into
  an :class:`~app.analytics.window.AnalyticsWindow` over a snapshot of the open scenario;
* when the test chat is docked, its per-turn chart (:func:`app.chat.turn_chart.attach_to_chat`)
  joins it as a pane, tabbed with the variables.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMainWindow, QWidget

from app.charts.turns import TurnChart
from app.chat.studio import Retranslate, pane_title
from app.chat.turn_chart import attach_to_chat
from app.edit_session import EditSession
from app.widgets import tell_problem, tools_menu
from engine.errors import PrompterError, ScenarioErrors

CHART_PANE = "Turn chart"


class StudioTools(QObject):
    """The glue between one main window and the compare/analytics windows (see above)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.windows: list[QWidget] = []
        self.chat_chart: TurnChart | None = None
        self.compare_action = QAction(window)
        self.compare_action.triggered.connect(lambda _checked=False: self.compare())
        self.analyse_action = QAction(window)
        Retranslate(window, self._action_texts)
        self.analyse_action.triggered.connect(lambda _checked=False: self.analyse())
        self.menu = tools_menu(window)
        if not self.menu.isEmpty():
            self.menu.addSeparator()
        self.menu.addActions([self.compare_action, self.analyse_action])
        changed = getattr(window, "sessionChanged", None)
        if changed is not None:
            changed.connect(lambda _session: self._update_enabled())
        self._update_enabled()
        self._dock_chat_chart()

    def _action_texts(self) -> None:
        """The Tools menu entries' texts, in the language the studio speaks."""
        self.compare_action.setText(self.tr("&Compare with…"))
        self.compare_action.setStatusTip(
            self.tr("Compare the open scenario with a folder or a git revision of it")
        )
        self.analyse_action.setText(self.tr("&Analyse logs…"))
        self.analyse_action.setStatusTip(
            self.tr(
                "Read many conversation logs and shade the graph by where conversations struggle"
            )
        )

    # --- what the actions do ---------------------------------------------------------------

    @property
    def session(self) -> EditSession | None:
        session = getattr(self.window, "session", None)
        return session if isinstance(session, EditSession) else None

    def compare(self, spec: str | None = None) -> QWidget | None:
        """Compare the open scenario with ``spec`` (asked for when ``None``)."""
        from app.compare.dialog import CompareDialog
        from app.compare.window import open_compare_window
        from engine.compare import load_side, side_from_scenario

        session = self.session
        scenario = session.shown if session is not None else None
        if session is None or scenario is None:
            self._tell(self.tr("Open a scenario first: it is what gets compared."))
            return None
        if spec is None:
            dialog = CompareDialog(session.folder, self.window)
            dialog.deleteLater()  # after this call: a dialog with a parent lives as long as it
            if dialog.exec() != CompareDialog.DialogCode.Accepted:
                return None
            spec = dialog.spec()
            if spec is None:
                return None
        try:
            old = load_side(spec, cwd=session.folder)
        except ScenarioErrors as errors:
            self._tell(
                self.tr("Cannot read {spec}:").format(spec=spec)
                + "\n"
                + "\n".join(str(e) for e in errors.errors)
            )
            return None
        except PrompterError as error:
            self._tell(str(error))
            return None
        state = (
            self.tr("open in the studio, unsaved")
            if session.is_dirty
            else self.tr("open in the studio")
        )
        saved = dict(session.document.layout.positions)
        new = side_from_scenario(
            scenario.model_copy(deep=True),
            label=f"{session.folder.name} ({state})",
            layout=saved or None,
        )
        window = open_compare_window(old, new, self.window, positions=session.positions())
        self._keep(window)
        return window

    def analyse(self, paths: list[Path] | None = None) -> QWidget | None:
        """Analyse the logs in ``paths`` (a folder is asked for when ``None``)."""
        from app.analytics.window import open_analytics_window

        session = self.session
        scenario = session.shown if session is not None else None
        if session is None or scenario is None:
            self._tell(self.tr("Open a scenario first: the logs are shown on its graph."))
            return None
        if paths is None:
            folder = QFileDialog.getExistingDirectory(
                self.window,
                self.tr("A folder of conversation logs (searched for *.jsonl)"),
                str(_default_log_dir()),
            )
            if not folder:
                return None
            paths = [Path(folder)]
        window = open_analytics_window(
            scenario.model_copy(deep=True), paths, positions=session.positions(), parent=self.window
        )
        self._keep(window)
        return window

    def _keep(self, window: QWidget) -> None:
        """Hold ``window`` while it is open; it deletes itself when closed."""
        self.windows.append(window)
        window.destroyed.connect(
            lambda: self.windows.remove(window) if window in self.windows else None
        )

    # --- building --------------------------------------------------------------------------

    def _dock_chat_chart(self) -> None:
        from app.chat.pane import ChatPane

        panes = getattr(self.window, "panes", {})
        pane = next(
            (dock.widget() for dock in panes.values() if isinstance(dock.widget(), ChatPane)), None
        )
        add_pane = getattr(self.window, "add_pane", None)
        if not isinstance(pane, ChatPane) or add_pane is None:
            return
        self.chat_chart = attach_to_chat(pane)
        tab_with = next(
            (name for name, dock in panes.items() if dock.widget() is pane.variables), None
        )
        pane_title(
            add_pane(
                CHART_PANE,
                self.chat_chart,
                Qt.DockWidgetArea.LeftDockWidgetArea,
                tabify_with=tab_with,
            ),
            lambda: self.tr("Turn chart"),
        )
        if tab_with is not None:  # the variables stay in front; the chart is a tab away
            panes[tab_with].raise_()

    def _update_enabled(self) -> None:
        has_scenario = self.session is not None
        self.compare_action.setEnabled(has_scenario)
        self.analyse_action.setEnabled(has_scenario)

    def _tell(self, message: str) -> None:
        tell_problem(self.window, "Prompter", message)


def _default_log_dir() -> Path:
    from app.chat.settings import default_log_dir

    folder = default_log_dir()
    return folder if folder.exists() else Path.home()


def install(window: QMainWindow) -> StudioTools:
    """What the studio calls at start (see the module docstring)."""
    return StudioTools(window)  # a child of the window: it lives as long as the window


__all__ = ["StudioTools", "install"]
