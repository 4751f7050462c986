"""The main window: panes, settings, recent scenarios, new from a template, export, themes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QDockWidget, QLabel

from app.__main__ import parse_args
from app.theme import GraphColors, is_dark
from engine.drawio import read_drawio
from engine.drawio.cells import step_cell_id
from engine.scenario.layout import LAYOUT_FILE

pytestmark = pytest.mark.gui


def test_settings_live_in_the_test_folder_not_the_users(isolated_qsettings: Path) -> None:
    assert Path(QSettings().fileName()).is_relative_to(isolated_qsettings)


def test_the_window_has_the_graph_in_the_centre_and_the_standard_panes(studio: Any) -> None:
    assert studio.scenario_editor.view.isVisible()
    assert {"Step", "Scenario", "Problems", "History"} <= set(studio.panes)
    assert studio.windowTitle().startswith("analyst_bot[*]")
    menus = [action.text().replace("&", "") for action in studio.menuBar().actions()]
    assert menus[:5] == ["File", "Edit", "View", "Settings", "Help"]
    assert studio.undo_action.shortcut().toString() == "Ctrl+Z"
    assert studio.save_action.shortcut().toString() == "Ctrl+S"
    assert studio.scenario_editor.edit_actions.find.shortcut().toString() == "Ctrl+F"


def test_other_panes_plug_in_through_add_pane(studio: Any) -> None:
    widget = QLabel("chat goes here")
    dock = studio.add_pane("Test pane", widget, Qt.DockWidgetArea.LeftDockWidgetArea)
    assert isinstance(dock, QDockWidget) and dock.widget() is widget
    assert studio.dockWidgetArea(dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert dock.toggleViewAction() in studio.panes_menu.actions()


def test_selection_and_document_are_announced(make_studio: Any, analyst_bot: Path) -> None:
    window = make_studio()
    documents: list[object] = []
    steps: list[str] = []
    window.documentChanged.connect(documents.append)
    window.stepSelected.connect(steps.append)
    assert window.files.open_folder(analyst_bot)
    assert documents == [window.document] and window.document is not None
    window.scenario_editor.select_step("users")
    assert steps[-1] == "users" and window.selected_step == "users"
    window.scenario_editor.scene.clearSelection()
    assert steps[-1] == "" and window.selected_step is None


def test_recent_scenarios_and_window_layout_are_remembered(
    make_studio: Any, analyst_bot: Path, tmp_path: Path
) -> None:
    window = make_studio()
    assert window.files.create_scenario(tmp_path / "fresh", "linear")
    assert window.files.open_folder(analyst_bot)
    assert window.files.recent_scenarios()[:2] == [
        str(analyst_bot.resolve()),
        str((tmp_path / "fresh").resolve()),
    ]
    window.panes["Problems"].hide()
    window.resize(711, 533)
    size = (window.width(), window.height())
    assert window.close()
    again = make_studio(size=None)  # as the studio restores it
    assert again.files.recent_scenarios()[0] == str(analyst_bot.resolve())
    assert (again.width(), again.height()) == size
    assert size[0] == 711
    assert not again.panes["Problems"].isVisible()
    again.files.recent_menu.aboutToShow.emit()
    shown = [action.text() for action in again.files.recent_menu.actions()]
    assert shown[:2] == again.files.recent_scenarios()[:2]


def test_new_from_a_template_writes_a_valid_scenario_and_opens_it(
    studio: Any, tmp_path: Path, qtbot: Any
) -> None:
    folder = tmp_path / "pizza"
    assert studio.files.create_scenario(folder, "linear")
    assert (folder / "scenario.yaml").is_file() and (folder / "steps" / "greet.md").is_file()
    assert set(studio.scenario_editor.scene.nodes) == {"greet", "goodbye"}
    assert studio.scenario_editor.scene.nodes["greet"].state.start
    assert not studio.isWindowModified()
    qtbot.waitUntil(lambda: studio.session.problems is not None, timeout=2000)
    assert not [p for p in studio.session.problems if p.severity == "error"]


def test_opening_another_scenario_with_unsaved_changes_asks_first(
    studio: Any, tmp_path: Path
) -> None:
    studio.scenario_editor.select_step("idea")
    studio.scenario_editor.rename_selected("the_idea")
    from PySide6.QtWidgets import QMessageBox

    studio.answers.unsaved = [QMessageBox.StandardButton.Cancel]
    assert not studio.files.create_scenario(tmp_path / "other", "blank")
    assert "the_idea" in studio.session.scenario.steps  # nothing was lost


def test_export_to_drawio_writes_the_graph_with_the_positions_shown(
    studio: Any, tmp_path: Path
) -> None:
    target = tmp_path / "analyst.drawio"
    assert studio.files.export_drawio(target)
    diagram = read_drawio(target)
    scenario = studio.session.scenario
    assert {cell.id for cell in diagram.vertices()} >= {step_cell_id(s) for s in scenario.steps}
    assert len(diagram.edges()) == sum(len(s.transitions) for s in scenario.steps.values())
    assert not (Path(studio.session.folder) / LAYOUT_FILE).exists()  # export is not a save


def test_dark_palettes_give_dark_nodes_with_light_text() -> None:
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor(40, 40, 44))
    palette.setColor(QPalette.ColorRole.Base, QColor(28, 28, 30))
    palette.setColor(QPalette.ColorRole.Text, QColor(230, 230, 230))
    palette.setColor(QPalette.ColorRole.Highlight, QColor(66, 133, 244))
    colors = GraphColors.from_palette(palette)
    assert is_dark(palette)
    assert colors.node_fill.lightness() < 80 < colors.text.lightness()
    light = GraphColors.from_palette(QPalette(QColor(240, 240, 240)))
    assert light.node_fill.lightness() > light.text.lightness()


def test_command_line_arguments() -> None:
    assert parse_args([]).path is None
    args = parse_args(["some/folder", "--dark"])
    assert (args.path, args.dark) == ("some/folder", True)


def test_the_new_scenario_dialog_checks_the_name_and_the_folder(qtbot: Any, tmp_path: Path) -> None:
    from app.dialogs import NewScenarioDialog

    dialog = NewScenarioDialog(tmp_path)
    qtbot.addWidget(dialog)
    dialog.name.setText("not a name")
    dialog._accept()
    assert "letters" in dialog.problem.text() and dialog.result() == 0
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    dialog.name.setText("taken")
    dialog._accept()
    assert "not empty" in dialog.problem.text()
    dialog.name.setText("pizza_bot")
    dialog.template.setCurrentIndex(dialog.template.findData("linear"))
    dialog._accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    assert (dialog.folder, dialog.template_key) == (tmp_path / "pizza_bot", "linear")


def test_editing_scenario_yaml_as_text_is_undoable(studio: Any) -> None:
    source = studio.scenario_pane.source
    studio.show_source()
    before = studio.document.yaml_text()
    source.edit.setPlainText(
        before.replace("title: Idea to requirements", "title: From idea to brief")
    )
    source.apply()
    assert studio.session.scenario.title == "From idea to brief"
    assert studio.isWindowModified()
    studio.session.undo_stack.undo()
    assert studio.document.yaml_text() == before
    assert source.edit.toPlainText() == before


def test_file_new_offers_a_folder_outside_the_project_then_the_last_one_used(
    studio: Any, monkeypatch: Any, tmp_path: Path
) -> None:
    """File ▸ New once offered the open scenario's parent — the project's own scenarios/
    folder, where a scenario with tests breaks the shipped scenarios' tests."""
    from app import file_commands
    from app.dialogs import NewScenarioDialog
    from app.places import documents_folder
    from engine.io.resources import scenarios_dir

    offered: list[Path] = []
    chosen = tmp_path / "my_bots"
    chosen.mkdir()

    class Answering(NewScenarioDialog):
        def exec(self) -> int:
            offered.append(Path(self.location.text()))
            self.location.setText(str(chosen))
            self.name.setText(f"bot_{len(offered)}")
            return int(NewScenarioDialog.DialogCode.Accepted)

    monkeypatch.setattr(file_commands, "NewScenarioDialog", Answering)
    studio.files.new_scenario()
    assert offered == [documents_folder()]
    assert scenarios_dir().resolve() not in [offered[0].resolve(), *offered[0].resolve().parents]
    assert studio.session is not None and studio.session.folder == chosen / "bot_1"
    studio.files.new_scenario()
    assert offered[1] == chosen  # the last one used


def test_view_offers_the_dark_theme_switches_at_once_and_remembers_it(
    studio: Any, qtbot: Any
) -> None:
    """Dark mode existed (--dark, PROMPTER_STUDIO_THEME) but no menu item offered it."""
    from PySide6.QtWidgets import QApplication

    from app.theme import THEME_SETTING, is_dark, wants_dark

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    view_menu = next(a.menu() for a in studio.menuBar().actions() if a.text() == "&View")
    assert studio.dark_action in view_menu.actions() and not studio.dark_action.isChecked()
    light = studio.scenario_editor.scene.colors.background
    try:
        studio.dark_action.trigger()
        assert is_dark(app.palette()) and studio.settings.value(THEME_SETTING) == "dark"
        dark = studio.scenario_editor.scene.colors.background
        assert dark.lightness() < light.lightness()
        node = next(iter(studio.scenario_editor.scene.nodes.values()))
        assert node.colors is studio.scenario_editor.scene.colors  # redrawn in it
        assert wants_dark(False, studio.settings.value(THEME_SETTING))  # at the next start
    finally:
        if studio.dark_action.isChecked():
            studio.dark_action.trigger()
    assert not is_dark(app.palette()) and studio.settings.value(THEME_SETTING) == "system"
    assert studio.scenario_editor.scene.colors.background == light


def test_the_new_scenario_dialog_names_its_fields_and_offers_the_name_it_suggests(
    qtbot: Any, tmp_path: Path
) -> None:
    """Its rows once had no labels, and a refusal was cut at two lines, so the suggested name
    could not be read, let alone taken."""
    from app.dialogs import NewScenarioDialog

    dialog = NewScenarioDialog(tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    labels = [dialog.form.itemAt(row, dialog.form.ItemRole.LabelRole) for row in range(3)]
    assert [item.widget().text() for item in labels] == ["&Name:", "&Template:", "&Create in:"]
    assert dialog.form.labelForField(dialog.name).buddy() is dialog.name
    assert not dialog.problem.isVisible() and not dialog.use_suggestion.isVisible()

    dialog.name.setText("Dental appointments (Dr. Müller's practice, Zürich)")
    dialog._accept()
    qtbot.waitUntil(dialog.use_suggestion.isVisible)
    problem = dialog.problem
    # the whole refusal shows: the label is as tall as its wrapped text needs
    assert problem.height() >= problem.heightForWidth(problem.width())
    assert "Dental appointments" in problem.text()
    assert dialog.use_suggestion.text().startswith("Use “dental_appointments")
    qtbot.mouseClick(dialog.use_suggestion, Qt.MouseButton.LeftButton)
    assert dialog.name.text().startswith("dental_appointments")
    assert not dialog.use_suggestion.isVisible()
    dialog._accept()
    assert dialog.result() == dialog.DialogCode.Accepted


def test_opening_shows_the_settings_without_loading_every_step_and_the_first_edit_works(
    studio: Any, analyst_bot: Path
) -> None:
    document = studio.session.document
    assert studio.scenario_pane.title_edit.text() == "Idea to requirements"
    assert studio.scenario_pane.start_combo.currentText() == "welcome"
    assert not document.tree_built  # ruamel's tree of every step: built when an edit needs it

    studio.scenario_pane.title_edit.setText("Scoping")
    studio.scenario_pane.title_edit.editingFinished.emit()

    assert document.tree_built and studio.files.save()
    saved = (analyst_bot / "scenario.yaml").read_text(encoding="utf-8")
    assert "\ntitle: Scoping\n" in saved


def test_the_tree_is_built_while_the_author_reads_the_graph(
    make_studio: Any, analyst_bot: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.edit_session.PREPARE_AFTER_MS", 50)
    window = make_studio()
    assert window.files.open_folder(analyst_bot)
    document = window.session.document

    qtbot.waitUntil(lambda: document.tree_built, timeout=5000)
    assert not document.modified  # built, nothing changed
