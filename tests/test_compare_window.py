"""The compare window: both versions drawn once, differences marked, listed and shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.compare.dialog import CompareDialog
from app.compare.marks import TINT, DiffColors
from app.compare.window import CompareWindow
from app.graph.overlay import FADED_OPACITY
from app.theme import mix
from engine.compare import load_side
from engine.compare.gitread import Revision

pytestmark = pytest.mark.gui


@pytest.fixture
def window(bot_history: Path, qtbot: QtBot) -> CompareWindow:
    shown = CompareWindow(
        load_side("v1:bot", cwd=bot_history), load_side("v2:bot", cwd=bot_history)
    )
    qtbot.addWidget(shown)
    shown.show()
    return shown


def test_the_graph_holds_both_versions_once(window: CompareWindow) -> None:
    nodes = window.graph.scene.nodes
    assert {"competition", "audience", "quality"} <= set(nodes)
    assert "users" not in nodes  # drawn once, under its new name
    edges = {(e.source.step_id, e.signal, e.target.step_id) for e in window.graph.scene.edges}
    assert ("review", "fix_quality", "quality") in edges  # removed, still drawn
    assert ("idea", "idea_clear", "competition") in edges  # retargeted: drawn to the new target


def test_each_kind_of_difference_has_its_colour_and_the_rest_is_faded(
    window: CompareWindow,
) -> None:
    colors = DiffColors.from_palette()
    nodes = window.graph.scene.nodes
    fills = {
        step: nodes[step].colors.node_fill
        for step in ("competition", "quality", "audience", "idea")
    }
    assert fills == {
        "competition": mix(colors.base, colors.added, TINT),
        "quality": mix(colors.base, colors.removed, TINT),
        "audience": mix(colors.base, colors.renamed, TINT),
        "idea": mix(colors.base, colors.changed, TINT),
    }
    assert nodes["consent"].opacity() == FADED_OPACITY and nodes["idea"].opacity() == 1.0
    edges = {(e.source.step_id, e.signal): e for e in window.graph.scene.edges}
    assert edges[("review", "fix_quality")].colors.edge == colors.removed
    assert edges[("competition", "competition_clear")].colors.edge == colors.added
    assert edges[("idea", "idea_clear")].colors.edge == colors.changed
    legend = window.graph.overlay.legend_widget
    assert legend is not None and legend.isVisible()
    assert legend.lines()[:5] == [
        "Differences",
        "added (1)",
        "removed (1)",
        "renamed (1)",
        "changed (4)",
    ]


def test_the_side_panel_lists_the_differences(window: CompareWindow) -> None:
    assert window.list.entries() == [
        "Steps (7)",
        "~ idea — idea_clear retargeted; instructions",
        "+ competition — added",
        "→ users → audience — title, instructions file; instructions",
        "~ features — features_done retargeted",
        "~ constraints — 1 result(s); constraints_clear changed",
        "~ review — fix_quality removed",
        "− quality — removed",
        "Scenario settings (1)",
        "Variables (1)",
    ]
    assert "v1:bot" in window.heading.text() and "1 renamed" in window.heading.text()


def test_choosing_a_difference_shows_its_diff_and_its_step(window: CompareWindow) -> None:
    assert window.list.choose("step", "idea")
    text = window.text.toPlainText()
    assert "transition retargeted: idea_clear: users → competition" in text
    assert (
        "+If the user has several ideas, ask which one they would build first, and keep the" in text
    )
    assert window.graph.scene.selected_steps() == ["idea"]
    window.list.choose("settings")
    assert "model.temperature: 0.3 → 0.2" in window.text.toPlainText()


def test_clicking_a_step_on_the_graph_chooses_it_in_the_list(window: CompareWindow) -> None:
    window.graph.scene.select_steps(["audience"])
    current = window.list.currentItem()
    assert current is not None and current.text(0).startswith("→ users → audience")
    assert "step users → audience" in window.text.toPlainText()
    window.graph.scene.select_steps(["consent"])
    assert window.text.toPlainText() == "consent: the same in both versions."


def test_nodes_cannot_be_dragged_in_a_comparison(window: CompareWindow) -> None:
    from PySide6.QtWidgets import QGraphicsItem

    node = window.graph.scene.nodes["idea"]
    assert not node.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable
    assert not any(
        node.state.errors or node.state.warnings for node in window.graph.scene.nodes.values()
    )


def test_equal_versions_say_so(bot_history: Path, qtbot: QtBot) -> None:
    same = CompareWindow(load_side("v2:bot", cwd=bot_history), load_side(str(bot_history / "bot")))
    qtbot.addWidget(same)
    assert same.text.toPlainText() == "The two versions are the same."
    assert same.list.entries() == []


def test_the_dialog_offers_revisions_and_folders(tmp_path: Path, qtbot: QtBot) -> None:
    revisions = [Revision("HEAD", "the last commit"), Revision("a1b2c3d", "Rename (2 days ago)")]
    dialog = CompareDialog(tmp_path / "bot", revisions=revisions)
    qtbot.addWidget(dialog)
    assert dialog.revision_choice.isChecked()
    assert dialog.spec() == f"HEAD:{tmp_path / 'bot'}"
    dialog.revision_box.setCurrentIndex(1)
    assert dialog.spec() == f"a1b2c3d:{tmp_path / 'bot'}"
    dialog.revision_box.setEditText("v1")  # any revision git understands can be typed
    assert dialog.spec() == f"v1:{tmp_path / 'bot'}"
    qtbot.keyClicks(dialog.folder_edit, "/elsewhere/bot")
    assert dialog.folder_choice.isChecked() and dialog.spec() == "/elsewhere/bot"


def test_outside_a_repository_only_folders_are_offered(tmp_path: Path, qtbot: QtBot) -> None:
    dialog = CompareDialog(tmp_path)
    qtbot.addWidget(dialog)
    assert not dialog.revision_choice.isEnabled() and dialog.folder_choice.isChecked()
    assert "not in a git repository" in dialog.revision_choice.text()
    assert dialog.spec() is None


def test_a_scenario_never_committed_is_offered_folders_and_told_why(
    bot_history: Path, qtbot: QtBot
) -> None:
    new = bot_history / "new_bot"
    new.mkdir()
    dialog = CompareDialog(new)
    qtbot.addWidget(dialog)
    assert not dialog.revision_choice.isEnabled() and dialog.folder_choice.isChecked()
    assert dialog.revision_choice.text() == (
        "A git revision (this scenario has never been committed)"
    )
