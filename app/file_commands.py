"""The studio's file commands: open, new, save, save as, reload, draw.io export/import, recent.

:class:`FileCommands` is an object the main window owns (``window.files``); what it needs from
the window is the small typed :class:`FileHost`. It also watches the open scenario's files on
disk and says, in its :attr:`FileCommands.disk_banner`, when another program changed them.

Saving goes through :meth:`ScenarioDocument.save` (only changed files, all or nothing: each is
written to a temporary and none is renamed before all are written; a folder deleted while open
gets every file the studio holds);
every way of dropping the open scenario goes through :meth:`FileCommands.maybe_save`, which asks
Save / Discard / Cancel when the undo stack is not clean.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, QSettings
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from app import commands
from app.dialogs import NewScenarioDialog
from app.edit_session import EditSession
from app.file_watch import DiskWatcher
from app.i18n.locale_text import number
from app.places import documents_folder
from app.plain_text import ask, escape
from app.widgets import Banner
from engine import drawio
from engine.drawio import export_drawio
from engine.errors import PrompterError, ScenarioError
from engine.scenario.definition import SCENARIO_FILE
from engine.scenario.document import ScenarioDocument
from engine.scenario.layout import Layout, gc_paused

MAX_RECENT = 10
SETTINGS_RECENT = "recent/scenarios"
#: Where File ▸ New last created a scenario (the folder holding it).
NEW_LOCATION_KEY = "files/new_scenario_location"


class FileHost(Protocol):
    """What the file commands need from the window that owns them."""

    settings: QSettings
    session: EditSession | None
    #: (question) -> Save / Discard / Cancel
    ask_unsaved: Callable[[str], QMessageBox.StandardButton]
    #: (title, message, is_problem)
    tell: Callable[[str, str, bool], None]

    def set_session(self, session: EditSession | None) -> None: ...

    def notify(self, text: str, timeout_ms: int = 4000) -> None:
        """A message in the status bar."""

    def flush_editors(self) -> None:
        """Commit what is being typed (a field still focused, the YAML view) before saving."""

    def update_title(self) -> None: ...

    def show_graph(self) -> None: ...

    def editable(self) -> bool:
        """Whether a structured edit can be made now."""

    def dialog_parent(self) -> QWidget: ...


class FileCommands(QObject):
    """File ▸ … (see the module docstring)."""

    def __init__(self, host: FileHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.watcher = DiskWatcher(self)
        self.watcher.changedOnDisk.connect(self._changed_on_disk)
        #: "changed on disk by another program": the window shows it above the graph
        self.disk_banner = Banner()
        self.recent_menu = QMenu()  # its title: the window's retranslate_ui
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)

    @property
    def session(self) -> EditSession | None:
        return self.host.session

    def watch(self, session: EditSession | None) -> None:
        """Follow the files of ``session`` (the window calls this when it shows a session)."""
        self.disk_banner.hide()
        if session is not None:
            session.saved.connect(self.watcher.rearm)
            session.reloaded.connect(self.watcher.acknowledge)
        self.watcher.watch(session.document if session else None)

    # --- opening ---------------------------------------------------------------------------

    def open_folder(self, folder: Path | str) -> bool:
        """Open a scenario folder (asking about unsaved changes first). False if it failed."""
        if not self.maybe_save():
            return False
        # Opening 2,000 steps makes some 200,000 objects; the cycle collector's passes over
        # everything alive would cost a third of the time before the first paint.
        with gc_paused():
            try:
                document = ScenarioDocument.open(folder)
            except (PrompterError, OSError) as error:
                self._show_error(self.tr("Cannot open the scenario"), error)
                return False
            self.host.set_session(EditSession(document, self))
        self._remember_recent(Path(document.folder))
        if document.scenario is None:
            self.host.notify(self.tr("The scenario has errors: see the Problems pane"), 8000)
        return True

    def new_scenario(self) -> None:
        if not self.maybe_save():
            return
        dialog = NewScenarioDialog(self.new_scenario_location(), self.host.dialog_parent())
        dialog.deleteLater()  # after this call: a dialog with a parent lives as long as it
        if dialog.exec() != NewScenarioDialog.DialogCode.Accepted:
            return
        if self.create_scenario(dialog.folder, dialog.template_key):
            self.host.settings.setValue(NEW_LOCATION_KEY, str(dialog.folder.parent))

    def new_scenario_location(self) -> Path:
        """Where File ▸ New offers to create a scenario: the folder used last time, else the
        user's documents folder — never, by default, beside the open one (the project's own
        ``scenarios/``, where a scenario with tests breaks the shipped scenarios' tests)."""
        last = self.host.settings.value(NEW_LOCATION_KEY)
        if isinstance(last, str) and last and Path(last).is_dir():
            return Path(last)
        return documents_folder()

    def create_scenario(self, folder: Path, template: str) -> bool:
        """Write a new scenario folder from ``template`` and open it."""
        try:
            document = ScenarioDocument.new(folder, template)
            document.save()
        except (PrompterError, OSError) as error:
            self._show_error(self.tr("Cannot create the scenario"), error)
            return False
        return self.open_folder(folder)

    def open_dialog(self) -> None:
        start = str(Path(self.session.folder).parent) if self.session else ""
        folder = QFileDialog.getExistingDirectory(
            self.host.dialog_parent(), self.tr("Open a scenario folder"), start
        )
        if folder:
            self.open_folder(folder)

    # --- saving ----------------------------------------------------------------------------

    def save(self) -> bool:
        session = self.session
        if session is None:
            return False
        self.host.flush_editors()
        vanished = session.document.vanished  # deleted while open: every file held is written
        try:
            written = session.document.save()
        except PrompterError as error:
            self._show_error(self.tr("Cannot save"), error)
            return False
        session.undo_stack.setClean()
        self.watcher.acknowledge()
        if vanished:
            self.host.tell(
                self.tr("Scenario folder recreated"),
                self.tr(
                    "{folder} was gone from the disk. Every file the studio holds was written "
                    "there again: {count} file(s)."
                ).format(folder=session.folder, count=len(written)),
                False,
            )
        self.host.notify(
            self.tr("Saved {count} file(s)").format(count=number(len(written)))
            if written
            else self.tr("Nothing to save")
        )
        return True

    def save_as(self, folder: Path | str | None = None) -> bool:
        session = self.session
        if session is None:
            return False
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(
                self.host.dialog_parent(),
                self.tr("Save the scenario into folder"),
                str(Path(session.folder).parent),
            )
            if not chosen:
                return False
            folder = chosen
        target = Path(folder)
        if (target / SCENARIO_FILE).exists() and target.resolve() != Path(session.folder).resolve():
            answer = ask(
                self.host.dialog_parent(),
                self.tr("Replace scenario?"),
                self.tr("{folder} already holds a scenario. Replace it?").format(folder=target),
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        self.host.flush_editors()
        try:
            session.document.save(target)
        except PrompterError as error:
            self._show_error(self.tr("Cannot save"), error)
            return False
        session.undo_stack.setClean()
        self.watcher.watch(session.document)
        self._remember_recent(target)
        self.host.update_title()
        self.host.notify(self.tr("Saved to {folder}").format(folder=target))
        return True

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current session (saved, discarded, or clean)."""
        session = self.session
        if session is None:
            return True
        self.host.flush_editors()
        if not session.is_dirty:
            return True
        answer = self.host.ask_unsaved(
            self.tr("Save the changes to “{name}”?").format(name=Path(session.folder).name)
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # --- the disk ----------------------------------------------------------------------------

    def reload(self) -> None:
        session = self.session
        if session is None:
            return
        if session.is_dirty:
            answer = ask(
                self.host.dialog_parent(),
                self.tr("Reload from disk?"),
                self.tr("Reloading discards your unsaved changes."),
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Discard:
                return
        self.reload_now()

    def reload_now(self) -> None:
        session = self.session
        if session is None:
            return
        try:
            session.document.reload()
        except PrompterError as error:
            self._show_error(self.tr("Cannot reload"), error)
            return
        session.undo_stack.clear()
        self.disk_banner.hide()
        self.watcher.watch(session.document)
        self.host.update_title()
        self.host.notify(self.tr("Reloaded from disk"))

    def _changed_on_disk(self, paths: list[Path]) -> None:
        session = self.session
        if session is None:
            return
        folder = Path(session.folder)
        names = ", ".join(_relative(path, folder) for path in paths)
        warning = (
            " "
            + self.tr(
                "You have unsaved changes: reloading discards them; keeping them and "
                "saving overwrites the files."
            )
            if session.is_dirty
            else ""
        )
        said = self.tr("Changed on disk by another program: {files}.").format(files="\0")
        head, _, tail = said.partition("\0")
        self.disk_banner.show_message(
            f"{escape(head)}<b>{escape(names)}</b>{escape(tail)}{escape(warning)}",
            [(self.tr("Reload"), self.reload_now), (self.tr("Keep Mine"), self._keep_mine)],
        )

    def _keep_mine(self) -> None:
        self.disk_banner.hide()
        self.watcher.acknowledge()

    # --- draw.io -----------------------------------------------------------------------------

    def export_drawio(self, path: Path | str | None = None) -> bool:
        session = self.session
        if session is None:
            return False
        scenario = session.scenario
        if scenario is None:
            self.host.notify(self.tr("Fix the scenario's errors before exporting."), 6000)
            return False
        if path is None:
            default = str(Path(session.folder) / f"{scenario.name}.drawio")
            chosen, _filter = QFileDialog.getSaveFileName(
                self.host.dialog_parent(),
                self.tr("Export to draw.io"),
                default,
                self.tr("draw.io diagrams (*.drawio)"),
            )
            if not chosen:
                return False
            path = chosen
        # The command line's export, with the layout as saved (moves not saved yet included)
        # and the positions the graph shows (the same, unless steps were added since opening)
        try:
            export_drawio(scenario, session.document.layout, Path(path), shown=session.positions())
        except (PrompterError, OSError) as error:
            self._show_error(self.tr("Cannot export"), error)
            return False
        self.host.notify(self.tr("Exported {file}").format(file=path), 6000)
        return True

    def import_drawio(self, path: Path | str | None = None) -> bool:
        """Apply a draw.io diagram edited elsewhere: one undoable step, then a list of changes.

        The diagram is compared with the graph as the studio shows it (so a diagram exported
        from here and re-imported untouched changes nothing). A diagram that cannot be mapped,
        or would leave the scenario invalid, is refused with the reason and the cell it names.
        """
        session = self.session
        if session is None or not self.host.editable():
            return False
        if path is None:
            chosen, _filter = QFileDialog.getOpenFileName(
                self.host.dialog_parent(),
                self.tr("Import from draw.io"),
                str(session.folder),
                self.tr("draw.io diagrams (*.drawio *.xml);;All files (*)"),
            )
            if not chosen:
                return False
            path = chosen
        plan = self._plan_import(session, path)
        if plan is None:
            return False
        name = Path(path).name
        if plan.empty:
            self.host.tell(
                self.tr("Import from draw.io"),
                self.tr("{file} matches the scenario: nothing to change.").format(file=name)
                + _notes(plan.notes),
                False,
            )
            return True
        if not self._apply_import(session, plan, name):
            return False
        self.host.show_graph()
        self.host.notify(
            self.tr("Imported {file}: {count} change(s)").format(
                file=name, count=number(len(plan.changes))
            ),
            8000,
        )
        self.host.tell(
            self.tr("Import from draw.io"),
            self.tr("Imported {file} (one undo step):").format(file=name)
            + "\n\n"
            + "\n".join(f"• {change}" for change in plan.changes)
            + _notes(plan.notes),
            False,
        )
        return True

    def _plan_import(self, session: EditSession, path: Path | str) -> drawio.ImportPlan | None:
        """The edits the diagram asks for; None (the author told why) when it cannot be read."""
        try:
            with _showing_positions(session):
                return drawio.plan_import(session.document, drawio.read_drawio(path))
        except (PrompterError, OSError) as error:
            self.host.tell(
                self.tr("Cannot import the diagram"),
                self.tr("Nothing was changed.\n\n{error}").format(error=error),
                True,
            )
            return None

    def _apply_import(self, session: EditSession, plan: drawio.ImportPlan, name: str) -> bool:
        """Make the edits as one undo step, rolled back (the author told) if the scenario breaks."""
        tell = self.host.tell
        try:
            with commands.macro(
                session.undo_stack, self.tr("Import {file}").format(file=name)
            ) as edit:
                for planned in plan.edits:
                    commands.push(edit, commands.from_document_edit(session, planned))
                if plan.positions is not None:
                    commands.place_all(edit, session, plan.positions)
                if session.document.errors:
                    raise _WouldBreak(session.document.errors)
        except _WouldBreak as refusal:
            problems = "\n".join(f"• {error}" for error in refusal.errors[:5])
            tell(
                self.tr("Cannot import the diagram"),
                self.tr(
                    "It would make the scenario invalid; nothing was changed.\n\n{problems}"
                ).format(problems=problems),
                True,
            )
            return False
        except (PrompterError, KeyError) as error:
            tell(
                self.tr("Cannot import the diagram"),
                self.tr("Nothing was changed.\n\n{error}").format(error=error),
                True,
            )
            return False
        return True

    # --- recent scenarios --------------------------------------------------------------------

    def recent_scenarios(self) -> list[str]:
        value = self.host.settings.value(SETTINGS_RECENT, [])
        if isinstance(value, str):
            return [value]
        return [str(item) for item in value] if isinstance(value, list | tuple) else []

    def _remember_recent(self, folder: Path) -> None:
        entry = str(folder.resolve())
        recent = [item for item in self.recent_scenarios() if item != entry]
        self.host.settings.setValue(SETTINGS_RECENT, [entry, *recent][:MAX_RECENT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_scenarios()
        for folder in recent:
            action = self.recent_menu.addAction(folder)
            action.setEnabled(Path(folder, SCENARIO_FILE).is_file())
            action.triggered.connect(lambda _checked=False, f=folder: self.open_folder(f))
        if not recent:
            self.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(self.tr("Clear List"), self._clear_recent)

    def _clear_recent(self) -> None:
        self.host.settings.setValue(SETTINGS_RECENT, [])

    def _show_error(self, title: str, error: Exception) -> None:
        self.host.tell(title, str(error), True)


class _WouldBreak(Exception):
    """Raised inside an import's macro to roll it back: the result would not load."""

    def __init__(self, errors: list[ScenarioError]) -> None:
        super().__init__(f"{len(errors)} error(s)")
        self.errors = errors


@contextmanager
def _showing_positions(session: EditSession) -> Iterator[None]:
    """The document's layout is the one the studio shows (automatic positions included) while
    a diagram is compared with it: a diagram exported from the studio then matches."""
    document = session.document
    saved = document.layout
    document.layout = Layout(positions=session.positions())
    try:
        yield
    finally:
        document.layout = saved


def _notes(notes: list[str]) -> str:
    if not notes:
        return ""
    head = QCoreApplication.translate("FileCommands", "Notes:")
    return f"\n\n{head}\n" + "\n".join(f"• {note}" for note in notes)


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path)
