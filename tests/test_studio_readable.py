"""What a designer sees first: a legible graph, a compact layout, and panes that leave it room."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF

from app.graph.items import NODE_WIDTH, EdgeItem
from app.graph.layout import studio_layout
from app.graph.view import LEGIBLE_SCALE
from engine.scenario.layout import auto_layout
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui

MAIN_PATH = [
    "welcome",
    "consent",
    "users",
    "features",
    "quality",
    "constraints",
    "risks",
    "review",
    "brief",
]


def visible_rect(studio: Any) -> QRectF:
    view = studio.scenario_editor.view
    return view.mapToScene(view.viewport().rect()).boundingRect()


def settled(studio: Any, qtbot: Any, width: int = 1280, height: int = 800) -> None:
    """The window at ``width`` × ``height`` after its first layout pass."""
    studio.resize(width, height)
    qtbot.wait(50)


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_the_first_view_is_legible_and_starts_at_the_start_step(
    make_studio: Any, analyst_bot: Path, qtbot: Any, size: tuple[int, int]
) -> None:
    studio = make_studio()
    settled(studio, qtbot, *size)
    assert studio.files.open_folder(analyst_bot)
    view = studio.scenario_editor.view
    qtbot.waitUntil(lambda: view.zoom >= LEGIBLE_SCALE)
    assert view.zoom <= 1.0
    start = studio.scenario_editor.scene.nodes["welcome"].sceneBoundingRect()
    assert visible_rect(studio).contains(start)
    assert studio.zoom_label.text() == f"{round(view.zoom * 100)}%"  # English: no space


def test_a_small_graph_is_shown_whole_at_most_at_100_percent(
    make_studio: Any, tmp_path: Path, qtbot: Any
) -> None:
    studio = make_studio()
    settled(studio, qtbot)
    assert studio.files.create_scenario(tmp_path / "tiny", "linear")
    view = studio.scenario_editor.view
    qtbot.waitUntil(lambda: view.zoom == 1.0)
    shown = visible_rect(studio)
    for node in studio.scenario_editor.scene.nodes.values():
        assert shown.contains(node.sceneBoundingRect())


def test_the_first_fit_follows_the_window_until_the_author_zooms(studio: Any, qtbot: Any) -> None:
    view = studio.scenario_editor.view
    qtbot.waitUntil(lambda: view.zoom >= LEGIBLE_SCALE)
    studio.resize(900, 700)
    qtbot.waitUntil(
        lambda: visible_rect(studio).contains(
            studio.scenario_editor.scene.nodes["welcome"].sceneBoundingRect()
        )
    )
    view.zoom_out()
    zoom = view.zoom
    studio.resize(1300, 800)
    qtbot.wait(50)
    assert view.zoom == zoom


def test_the_layout_is_a_column_of_the_engines_layers(analyst_bot: Path) -> None:
    scenario = load_scenario(analyst_bot)
    layout = studio_layout(scenario)
    engine = auto_layout(scenario)
    # the main path is one straight column; only consent's two outcomes share a layer
    assert len({layout[step][0] for step in MAIN_PATH}) == 1
    xs = [x for x, _ in layout.values()]
    assert max(xs) + NODE_WIDTH - min(xs) <= 2 * NODE_WIDTH + 40
    # the engine's layers and their order within a layer are kept
    by_layer = sorted(layout, key=lambda step: (layout[step][1], layout[step][0]))
    assert by_layer == sorted(engine, key=lambda step: (engine[step][1], engine[step][0]))


def test_long_arrows_go_round_the_steps_they_skip(studio: Any) -> None:
    scene = studio.scenario_editor.scene
    nodes = scene.nodes
    edges = {(edge.source.step_id, edge.signal): edge for edge in scene.edges}
    for source in ("idea", "users", "features", "quality", "constraints"):
        skip = next(
            edge
            for (step, _), edge in edges.items()
            if step == source and edge.target.step_id == "review"
        )
        back = next(
            edge
            for (step, _), edge in edges.items()
            if step == "review" and edge.target.step_id == source
        )
        assert skip.is_skip_edge and back.is_back_edge
        between = [
            nodes[step]
            for step in MAIN_PATH[
                MAIN_PATH.index("users" if source == "idea" else source) + 1 : MAIN_PATH.index(
                    "review"
                )
            ]
        ]
        for edge in (skip, back):
            points = [edge.path().pointAtPercent(i / 200) for i in range(201)]
            for node in between:
                box = node.sceneBoundingRect()
                assert not any(box.contains(point) for point in points), (edge.signal, node)


def test_signal_labels_do_not_overlap_each_other_or_steps(studio: Any) -> None:
    labels = [(edge.signal, edge._label_rect) for edge in studio.scenario_editor.scene.edges]
    for index, (signal, rect) in enumerate(labels):
        for other, other_rect in labels[index + 1 :]:
            assert not rect.intersects(other_rect), (signal, other)
        for node in studio.scenario_editor.scene.nodes.values():
            assert not rect.intersects(node.mapRectToScene(node.box())), (signal, node.step_id)
    assert all(isinstance(edge, EdgeItem) for edge in studio.scenario_editor.scene.edges)


def test_default_panes_share_the_width_between_graph_and_instructions(
    studio: Any, qtbot: Any
) -> None:
    settled(studio, qtbot)
    step, problems = studio.panes["Step"], studio.panes["Problems"]
    qtbot.waitUntil(lambda: step.width() <= 0.3 * studio.width())
    graph = studio.scenario_editor.view.width()
    assert graph >= 0.42 * studio.width() and graph > studio.instructions.width()
    assert graph > 1.5 * step.width()
    # the problems pane under the graph is whole, inside the window, above the status bar
    assert problems.isVisible() and problems.height() >= problems.minimumSizeHint().height()
    bottom = problems.geometry().bottom()
    assert bottom <= studio.statusBar().geometry().top()
    # the step's instructions have room beside the graph: a good part of the centre, tall
    centre = studio.central_splitter
    qtbot.waitUntil(lambda: studio.instructions.width() >= 0.3 * centre.width())
    lines = studio.instructions.edit.viewport().height() / (
        studio.instructions.edit.fontMetrics().lineSpacing()
    )
    assert lines >= 28 and studio.instructions.edit.viewport().width() >= 320
    # the studio's own panes fit a 1280 × 800 screen
    assert studio.minimumSizeHint().height() <= 640


def test_the_assembled_studio_keeps_its_bottom_panes_a_strip_at_first_start(
    make_studio: Any, analyst_bot: Path, qtbot: Any
) -> None:
    """Every pane the studio plugs in at start (chat, log, tests, tools) together: none may make
    the bottom area (Problems, History, Tests, Log) eat the graph's height."""
    from app.__main__ import assemble

    window = make_studio()
    parts = assemble(window)
    assert window.files.open_folder(analyst_bot)
    settled(window, qtbot)
    problems = window.panes["Problems"]
    qtbot.waitUntil(lambda: problems.height() <= window.height() // 6)
    assert {"Tests", "Log", "Test chat"} <= set(window.panes)
    assert window.scenario_editor.view.height() >= 0.5 * window.height()
    del parts


def test_the_first_start_fits_the_screen(make_studio: Any, qtbot: Any) -> None:
    """With no saved geometry the window takes the screen's free area (nine tenths of a large
    one) and never more: a fixed 1280 × 800 ran off a 1366 × 768 laptop screen, status bar and
    all. The offscreen test screen is 800 × 800."""
    window = make_studio(size=None)
    qtbot.wait(20)
    free = window.screen().availableGeometry()
    assert free.contains(window.frameGeometry())
    assert window.height() >= free.height() - 60 and window.width() >= free.width() * 0.85


def test_the_studio_s_other_windows_fit_the_screen_too(qtbot: Any, tmp_path: Path) -> None:
    """A tool window asks for its size (the log viewer 1,100 × 760, analytics 1,500 × 950) and
    gets no more than the screen's free area: on a laptop they ran off the screen."""
    from PySide6.QtWidgets import QMainWindow

    from app.logview.sample import write_sample_log
    from app.logview.window import LogWindow
    from app.widgets import FRAME_ALLOWANCE, size_for_screen

    big = QMainWindow()
    qtbot.addWidget(big)
    size_for_screen(big, 1500, 950)
    free = big.screen().availableGeometry()
    assert big.width() <= free.width() - FRAME_ALLOWANCE.width()
    assert big.height() <= free.height() - FRAME_ALLOWANCE.height()
    small = QMainWindow()
    qtbot.addWidget(small)
    size_for_screen(small, 300, 200)
    assert (small.width(), small.height()) == (300, 200)  # what fits is given as asked

    write_sample_log(tmp_path / "log.jsonl", 20)
    viewer = LogWindow(tmp_path / "log.jsonl")
    qtbot.addWidget(viewer)
    viewer.show()
    qtbot.waitExposed(viewer)
    assert free.contains(viewer.frameGeometry())


@pytest.mark.parametrize("size", [(1366, 768), (1440, 900)], ids=["1366x768", "1440x900"])
def test_the_chat_toolbar_keeps_save_as_test_in_sight_and_the_no_key_notice_small(
    make_studio: Any, analyst_bot: Path, qtbot: Any, monkeypatch: Any, size: tuple[int, int]
) -> None:
    """At 1440 and 1366 pixels wide the chat's toolbar once hid Save as test behind a »
    chevron, and at 1366 × 768 the no-key notice took 140 pixels of a 120-pixel transcript."""
    from app.__main__ import assemble

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    window = make_studio(size=size)
    parts = assemble(window)
    assert window.files.open_folder(analyst_bot)
    settled(window, qtbot, *size)
    assert (window.width(), window.height()) == size
    pane = window.panes["Test chat"].widget()
    qtbot.waitUntil(lambda: pane.notice.isVisible())
    bar = pane.toolbar
    shown = [
        action.text()
        for action in bar.actions()
        if bar.widgetForAction(action) is not None and bar.widgetForAction(action).isVisible()
    ]
    wanted = [action for action in bar.actions() if action.isVisible()]  # none behind a »
    assert shown[:2] == ["Restart", "Save as test…"] and len(shown) == len(wanted)
    assert not pane.chat_actions.live_action.isVisible()  # the analyst bot has no action step
    assert pane.notice.height() <= 100
    assert pane.view.height() >= pane.notice.height() + 40
    assert pane.notice_fake.isVisible() and pane.notice_fake.text() == "Try without a model"
    del parts
