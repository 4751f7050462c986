"""The studio's file commands: open, new, save, save as, reload, draw.io export/import, recent.

A mixin of :class:`~app.main_window.MainWindow`, kept apart so the window module stays about
panes and gestures. Saving goes through :meth:`ScenarioDocument.save` (only changed files, each
written atomically); every way of dropping the open scenario goes through :meth:`maybe_save`, which
asks Save / Discard / Cancel when the undo stack is not clean.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from app import commands
from app.dialogs import NewScenarioDialog
from app.session import EditSession
from engine import drawio
from engine.drawio import export_drawio
from engine.errors import PrompterError, ScenarioError
from engine.scenario.document import ScenarioDocument
from engine.scenario.layout import Layout
from engine.scenario.model import SCENARIO_FILE

MAX_RECENT = 10
SETTINGS_RECENT = "recent/scenarios"


class FileCommands:
    """File ▸ … for the main window (``self`` is a :class:`MainWindow`)."""

    def open_folder(self, folder: Path | str) -> bool:
        """Open a scenario folder (asking about unsaved changes first). False if it failed."""
        if not self.maybe_save():
            return False
        try:
            document = ScenarioDocument.open(folder)
        except PrompterError as error:
            self._show_error("Cannot open the scenario", error)
            return False
        except OSError as error:
            self._show_error("Cannot open the scenario", error)
            return False
        self.set_session(EditSession(document, self))
        self._remember_recent(Path(document.folder))
        if document.scenario is None:
            self.statusBar().showMessage("The scenario has errors: see the Problems pane", 8000)
        return True

    def new_scenario(self) -> None:
        if not self.maybe_save():
            return
        start = Path(self.session.folder).parent if self.session else Path.home()
        dialog = NewScenarioDialog(start, self)
        if dialog.exec() != NewScenarioDialog.DialogCode.Accepted:
            return
        self.create_scenario(dialog.folder, dialog.template_key)

    def create_scenario(self, folder: Path, template: str) -> bool:
        """Write a new scenario folder from ``template`` and open it."""
        try:
            document = ScenarioDocument.new(folder, template)
            document.save()
        except PrompterError as error:
            self._show_error("Cannot create the scenario", error)
            return False
        except OSError as error:
            self._show_error("Cannot create the scenario", error)
            return False
        return self.open_folder(folder)

    def open_dialog(self) -> None:
        start = str(Path(self.session.folder).parent) if self.session else ""
        folder = QFileDialog.getExistingDirectory(self, "Open a scenario folder", start)
        if folder:
            self.open_folder(folder)

    def _flush_editors(self) -> None:
        self.scenario_pane.source.apply()
        self.inspector.text_edit.commit()
        focused = self.focusWidget()
        if focused is not None and hasattr(focused, "editingFinished"):
            focused.editingFinished.emit()

    def save(self) -> bool:
        if self.session is None:
            return False
        self._flush_editors()
        try:
            written = self.session.document.save()
        except PrompterError as error:
            self._show_error("Cannot save", error)
            return False
        self.session.undo_stack.setClean()
        self.watcher.acknowledge()
        self.statusBar().showMessage(
            f"Saved {len(written)} file(s)" if written else "Nothing to save", 4000)
        return True

    def save_as(self, folder: Path | str | None = None) -> bool:
        if self.session is None:
            return False
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(self, "Save the scenario into folder",
                                                      str(Path(self.session.folder).parent))
            if not chosen:
                return False
            folder = chosen
        target = Path(folder)
        if (target / SCENARIO_FILE).exists() and target.resolve() != Path(
                self.session.folder).resolve():
            answer = QMessageBox.question(self, "Replace scenario?",
                                          f"{target} already holds a scenario. Replace it?")
            if answer != QMessageBox.StandardButton.Yes:
                return False
        self._flush_editors()
        try:
            self.session.document.save(target)
        except PrompterError as error:
            self._show_error("Cannot save", error)
            return False
        self.session.undo_stack.setClean()
        self.watcher.watch(self.session.document)
        self._remember_recent(target)
        self._update_title()
        self.statusBar().showMessage(f"Saved to {target}", 4000)
        return True

    def reload(self) -> None:
        if self.session is None:
            return
        if self.session.is_dirty:
            answer = QMessageBox.question(
                self, "Reload from disk?", "Reloading discards your unsaved changes.",
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Discard:
                return
        self.reload_now()

    def reload_now(self) -> None:
        if self.session is None:
            return
        try:
            self.session.document.reload()
        except PrompterError as error:
            self._show_error("Cannot reload", error)
            return
        self.disk_banner.hide()
        self.watcher.watch(self.session.document)
        self.statusBar().showMessage("Reloaded from disk", 4000)

    def _changed_on_disk(self, paths: list[Path]) -> None:
        if self.session is None:
            return
        folder = Path(self.session.folder)
        names = ", ".join(_relative(path, folder) for path in paths)
        warning = (" You have unsaved changes: reloading discards them; keeping them and "
                   "saving overwrites the files." if self.session.is_dirty else "")
        self.disk_banner.show_message(
            f"Changed on disk by another program: <b>{names}</b>.{warning}",
            [("Reload", self.reload_now), ("Keep Mine", self._keep_mine)])

    def _keep_mine(self) -> None:
        self.disk_banner.hide()
        self.watcher.acknowledge()

    def export_drawio(self, path: Path | str | None = None) -> bool:
        if self.session is None:
            return False
        scenario = self.session.scenario
        if scenario is None:
            self.statusBar().showMessage("Fix the scenario's errors before exporting.", 6000)
            return False
        if path is None:
            default = str(Path(self.session.folder) / f"{scenario.name}.drawio")
            chosen, _filter = QFileDialog.getSaveFileName(self, "Export to draw.io", default,
                                                          "draw.io diagrams (*.drawio)")
            if not chosen:
                return False
            path = chosen
        shown = Layout(positions=self.session.positions())  # what the author sees, saved or not
        try:
            export_drawio(scenario, shown, Path(path))
        except (PrompterError, OSError) as error:
            self._show_error("Cannot export", error)
            return False
        self.statusBar().showMessage(f"Exported {path}", 6000)
        return True

    def import_drawio(self, path: Path | str | None = None) -> bool:
        """Apply a draw.io diagram edited elsewhere: one undoable step, then a list of changes.

        The diagram is compared with the graph as the studio shows it (so a diagram exported
        from here and re-imported untouched changes nothing). A diagram that cannot be mapped,
        or would leave the scenario invalid, is refused with the reason and the cell it names.
        """
        if self.session is None or not self._editable():
            return False
        if path is None:
            chosen, _filter = QFileDialog.getOpenFileName(
                self, "Import from draw.io", str(self.session.folder),
                "draw.io diagrams (*.drawio *.xml);;All files (*)")
            if not chosen:
                return False
            path = chosen
        session = self.session
        try:
            plan = drawio.plan_import(_AsShown(session), drawio.read_drawio(path))
        except (PrompterError, OSError) as error:
            self.tell("Cannot import the diagram", f"Nothing was changed.\n\n{error}", True)
            return False
        name = Path(path).name
        if plan.empty:
            self.tell("Import from draw.io", f"{name} matches the scenario: nothing to change."
                      + _notes(plan.notes), False)
            return True
        try:
            with commands.macro(session.undo_stack, f"Import {name}") as edit:
                for planned in plan.edits:
                    commands.push(edit, commands.from_document_edit(session, planned))
                if plan.positions is not None:
                    commands.place_all(edit, session, plan.positions)
                if session.document.errors:
                    raise _WouldBreak(session.document.errors)
        except _WouldBreak as refusal:
            problems = "\n".join(f"• {error}" for error in refusal.errors[:5])
            self.tell("Cannot import the diagram", "It would make the scenario invalid; "
                      f"nothing was changed.\n\n{problems}", True)
            return False
        except (PrompterError, KeyError) as error:
            self.tell("Cannot import the diagram", f"Nothing was changed.\n\n{error}", True)
            return False
        self.show_graph()
        self.statusBar().showMessage(f"Imported {name}: {len(plan.changes)} change(s)", 8000)
        self.tell("Import from draw.io", f"Imported {name} (one undo step):\n\n"
                  + "\n".join(f"• {change}" for change in plan.changes) + _notes(plan.notes),
                  False)
        return True

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current session (saved, discarded, or clean)."""
        if self.session is None:
            return True
        self._flush_editors()
        if not self.session.is_dirty:
            return True
        answer = self.ask_unsaved(f"Save the changes to “{Path(self.session.folder).name}”?")
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def recent_scenarios(self) -> list[str]:
        value = self.settings.value(SETTINGS_RECENT, [])
        if isinstance(value, str):
            value = [value]
        return [str(item) for item in (value or [])]

    def _remember_recent(self, folder: Path) -> None:
        entry = str(folder.resolve())
        recent = [item for item in self.recent_scenarios() if item != entry]
        self.settings.setValue(SETTINGS_RECENT, [entry, *recent][:MAX_RECENT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_scenarios()
        for folder in recent:
            action = self.recent_menu.addAction(folder)
            action.setEnabled(Path(folder, SCENARIO_FILE).is_file())
            action.triggered.connect(lambda _checked=False, f=folder: self.open_folder(f))
        if not recent:
            self.recent_menu.addAction("(none yet)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear List", self._clear_recent)

    def _clear_recent(self) -> None:
        self.settings.setValue(SETTINGS_RECENT, [])


class _WouldBreak(Exception):
    """Raised inside an import's macro to roll it back: the result would not load."""

    def __init__(self, errors: list[ScenarioError]) -> None:
        super().__init__(f"{len(errors)} error(s)")
        self.errors = errors


class _AsShown:
    """The session's document, with the layout the studio shows (automatic positions
    included): what a diagram exported from the studio is compared with."""

    def __init__(self, session: EditSession) -> None:
        self._document = session.document
        self.layout = Layout(positions=session.positions())

    def __getattr__(self, name: str) -> object:
        return getattr(self._document, name)


def _notes(notes: list[str]) -> str:
    return "\n\nNotes:\n" + "\n".join(f"• {note}" for note in notes) if notes else ""


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path)
