"""Tools ▸ Simulate… in the studio: the dialog (personas, a broken one refused with nothing run,
the numbers, the models and the limits), a real run against the project's fake server with
its progress arriving live, Cancel, the report's tables and the shaded graph, a conversation
opened in the log viewer by double-click, and one saved as a test that replays."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from keyring.backends import fail
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.analytics import install as install_tools
from app.chat.keys import ApiKeyStore
from app.chat.studio import install_chat
from app.logview.window import LogWindow
from app.simulate import install
from app.simulate.dialog import SimulateDialog
from app.simulate.studio import StudioSimulations
from app.simulate.tables import ALL_PERSONAS, ReportTable, conversation_rows
from app.simulate.window import SimulationWindow
from engine.log.reader import read_log
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.offline.persona_model import PersonaModel, RoleRouter
from engine.offline.scenario_bot import ScenarioBot
from engine.scenario.loader import load_scenario
from engine.scenario_tests import load_test, run_tests_sync
from engine.simulate import ConversationOutcome, RateLimit, RateLimitTable, RoleUse
from engine.simulate.report import SimulationReport

pytestmark = pytest.mark.gui

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
ANA = """\
---
name: Ana
goal: Order a margherita to 1 Main Street
facts: {customer_name: Ana, pizzas: [margherita], address: 1 Main Street}
behaviour: [terse]
---
Ana is hungry and knows what she wants.
"""
BO = """\
---
name: Bo
goal: Order a pizza, eventually
facts: {customer_name: Bo, pizzas: [margherita], address: 3 Hill Road}
withholds: [address]
---
Bo orders a pizza but never says where to.
"""
BROKEN = """\
---
name: Broken
behavior: [terse]
---
Someone whose author misspelt a key.
"""


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    personas = folder / "tests" / "personas"
    personas.mkdir(parents=True)
    (personas / "ana.md").write_text(ANA, encoding="utf-8")
    (personas / "bo.md").write_text(BO, encoding="utf-8")
    return folder


@pytest.fixture
def served(openai_env: FakeOpenAIServer, pizza: Path) -> FakeOpenAIServer:
    """The fake server playing the pizza bot and the personas, as ``sim_server`` does."""
    openai_env.responder = RoleRouter(ScenarioBot(load_scenario(pizza)), PersonaModel())
    openai_env.latency = 0.02
    return openai_env


def key_store(key: str | None = FAKE_API_KEY) -> ApiKeyStore:
    """A key from the environment only: the user's keyring is never read."""
    return ApiKeyStore(fail.Keyring(), environ={"OPENAI_API_KEY": key} if key else {})


@pytest.fixture
def studio_on_pizza(make_studio: Any, pizza: Path) -> Any:
    window = make_studio()
    assert window.files.open_folder(pizza)
    return window


@pytest.fixture
def tools(studio_on_pizza: Any) -> Iterator[StudioSimulations]:
    simulations = install(studio_on_pizza, keys=key_store())
    assert isinstance(simulations, StudioSimulations)
    yield simulations
    for window in list(simulations.windows):  # no run outlives its test
        window.close()


def dialog_for(
    tools: StudioSimulations,
    qtbot: QtBot,
    out: Path,
    *,
    runs: int = 2,
    max_turns: int = 6,
    jobs: int = 2,
) -> SimulateDialog:
    dialog = tools.make_dialog()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.out_dir.setText(str(out))
    dialog.runs.setValue(runs)
    dialog.max_turns.setValue(max_turns)
    dialog.jobs.setValue(jobs)
    dialog.override.setChecked(True)  # the fake server sets no limits: none client-side either
    dialog.rpm.setValue(0)
    dialog.tpm.setValue(0)
    return dialog


def run_window(
    tools: StudioSimulations, qtbot: QtBot, out: Path, **numbers: int
) -> SimulationWindow:
    dialog = dialog_for(tools, qtbot, out, **numbers)
    assert dialog.run()
    assert dialog.setup is not None
    return tools.start(dialog.setup)


def finished_report(window: SimulationWindow, qtbot: QtBot) -> SimulationReport:
    qtbot.waitUntil(lambda: window.report_shown, timeout=30000)
    assert window.report is not None
    return window.report


def tools_menu(window: Any) -> QMenu:
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and menu.title().replace("&", "") == "Tools":
            return menu
    raise AssertionError("no Tools menu")


def double_click_row(qtbot: QtBot, table: ReportTable, row: int) -> None:
    item = table.item(row, 1)
    assert item is not None
    table.scrollToItem(item)
    center: QPoint = table.visualItemRect(item).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=center)
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=center)


def row_of(table: ReportTable, wanted: Any) -> int:
    for row in range(table.rowCount()):
        if table.data_of(row) == wanted:
            return row
    raise AssertionError(f"no row for {wanted!r}")


# --- the menu and the dialog ---------------------------------------------------------------


def test_simulate_joins_compare_and_analyse_in_the_tools_menu(
    make_studio: Any, pizza: Path
) -> None:
    window = make_studio()
    install_tools(window)
    simulations = install(window, keys=key_store())
    assert isinstance(simulations, StudioSimulations)
    assert [a.text() for a in tools_menu(window).actions() if not a.isSeparator()] == [
        "&Compare with…",
        "&Analyse logs…",
        "&Simulate…",
    ]
    assert not simulations.action.isEnabled()  # nothing open: nothing to simulate
    assert window.files.open_folder(pizza)
    assert simulations.action.isEnabled()


def test_the_dialog_lists_the_personas_and_previews_what_each_knows(
    tools: StudioSimulations, qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = dialog_for(tools, qtbot, tmp_path / "out", runs=5)
    assert [entry.name for entry in dialog.personas.checked()] == ["Ana", "Bo"]
    assert dialog.total.text() == "= 10 conversation(s), 2 persona(s) × 5"
    dialog.personas.setCurrentRow(1)
    preview = dialog.preview.toPlainText()
    assert "Bo" in preview and "Order a pizza, eventually" in preview
    assert "Never tells\naddress" in preview
    assert "address\n3 Hill Road\nnever (withheld)\nyes" in preview  # never told, but checked
    dialog.personas.set_checked({"ana"})
    assert dialog.total.text() == "= 5 conversation(s), 1 persona(s) × 5"
    assert dialog.run_button.isEnabled()


def test_a_scenario_without_personas_says_how_to_write_one_and_cannot_run(
    tools: StudioSimulations, pizza: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    shutil.rmtree(pizza / "tests" / "personas")
    dialog = dialog_for(tools, qtbot, tmp_path / "out")
    assert dialog.personas.entries == [] and not dialog.no_personas.isHidden()
    assert "tests/personas/NAME.md" in dialog.no_personas.text()
    assert not dialog.run_button.isEnabled()
    assert not dialog.run() and dialog.setup is None


def test_the_numbers_models_and_limits_become_the_simulations_settings(
    tools: StudioSimulations, qtbot: QtBot, tmp_path: Path
) -> None:
    scenario = tools.session.scenario if tools.session else None
    assert scenario is not None
    limits = RateLimitTable(
        {"default": RateLimit(500, 30000), "gpt-4.1-mini": RateLimit(120, 90000)}
    )
    dialog = SimulateDialog(
        scenario,
        chat_settings=tools.chat_settings(),
        keys=key_store(),
        limits=limits,
        out_dir=tmp_path / "out",
    )
    qtbot.addWidget(dialog)
    # not overridden: the table's limits for the scenario's model, shown and left to the table
    assert (dialog.rpm.value(), dialog.tpm.value()) == (120, 90000)
    assert not dialog.rpm.isEnabled()
    assert "gpt-4.1-mini: 120 requests/min, 90,000 tokens/min" in dialog.limits_note.text()
    settings = dialog.settings()
    assert (settings.rpm, settings.tpm, settings.model, settings.user_model) == (
        None,
        None,
        None,
        None,
    )
    dialog.bot_model.setText("gpt-4o")  # a model the table does not list: the default entry
    assert (dialog.rpm.value(), dialog.tpm.value()) == (500, 30000)
    dialog.user_model.setText("gpt-4o-mini")
    dialog.runs.setValue(7)
    dialog.max_turns.setValue(9)
    dialog.jobs.setValue(3)
    dialog.override.setChecked(True)
    dialog.rpm.setValue(60)
    dialog.tpm.setValue(0)
    assert dialog.rpm.text() == "60 requests/min" and dialog.tpm.text() == "no limit"
    settings = dialog.settings()
    assert (settings.runs, settings.max_turns, settings.jobs) == (7, 9, 3)
    assert (settings.model, settings.user_model, settings.rpm, settings.tpm) == (
        "gpt-4o",
        "gpt-4o-mini",
        60.0,
        0.0,
    )


def test_a_persona_that_does_not_parse_is_shown_and_refused_and_nothing_runs(
    tools: StudioSimulations, served: FakeOpenAIServer, pizza: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    broken = pizza / "tests" / "personas" / "broken.md"
    broken.write_text(BROKEN, encoding="utf-8")
    dialog = dialog_for(tools, qtbot, tmp_path / "out")
    texts = [dialog.personas.item(row).text() for row in range(dialog.personas.count())]
    assert texts == ["Ana", "Bo", "broken.md — does not parse"]
    assert "nothing will run" in dialog.problem.text()
    dialog.personas.setCurrentRow(2)
    assert f"{broken}:3:1: error: unknown key 'behavior'" in dialog.preview.toPlainText()

    assert not dialog.run()
    assert dialog.setup is None and dialog.result() != SimulateDialog.DialogCode.Accepted
    assert "1 persona file(s) with errors; nothing was run" in dialog.problem.text()
    assert f"{broken}:3:1" in dialog.problem.text()
    assert served.model_requests() == [] and tools.windows == []
    assert not (tmp_path / "out").exists()

    dialog.personas.set_checked({"ana", "bo"})  # left out, the others run
    assert dialog.run()
    assert dialog.setup is not None
    assert [persona.name for persona in dialog.setup.personas] == ["Ana", "Bo"]


def test_run_reads_the_personas_again_so_a_file_broken_meanwhile_stops_everything(
    tools: StudioSimulations, served: FakeOpenAIServer, pizza: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = dialog_for(tools, qtbot, tmp_path / "out")
    assert all(not entry.broken for entry in dialog.personas.entries)
    (pizza / "tests" / "personas" / "bo.md").write_text(
        "---\nname: Bo\nfacts: [\n---\nBo.\n", encoding="utf-8"
    )
    assert not dialog.run()
    assert "bo.md:" in dialog.problem.text() and "nothing was run" in dialog.problem.text()
    assert [entry.broken for entry in dialog.personas.entries] == [False, True]
    assert served.model_requests() == []


def test_without_a_key_it_says_how_to_add_one_and_offers_the_fake_model(
    studio_on_pizza: Any, qtbot: QtBot, tmp_path: Path
) -> None:
    simulations = install(studio_on_pizza, keys=key_store(None))
    assert isinstance(simulations, StudioSimulations)
    dialog = dialog_for(simulations, qtbot, tmp_path / "out")
    help_text = dialog.key_help.text()
    assert "No OpenAI API key" in help_text and "Settings…" in help_text
    assert "OPENAI_API_KEY" in help_text
    assert not dialog.use_chat.isEnabled()
    assert dialog.use_fake.isChecked()
    assert dialog.source is not None and dialog.source.is_fake
    # the fake model is not paced at a real model's 500 requests a minute
    dialog.override.setChecked(False)
    assert (dialog.rpm.value(), dialog.tpm.value()) == (0, 0)
    assert "no rate limit" in dialog.limits_note.text()
    assert (dialog.settings().rpm, dialog.settings().tpm) == (0.0, 0.0)
    dialog.override.setChecked(True)  # unless the author asks for limits
    dialog.rpm.setValue(30)
    assert dialog.settings().rpm == 30.0
    dialog.use_chat.setChecked(True)  # nothing usable chosen: nothing can run
    assert not dialog.run_button.isEnabled()


def test_a_scenario_that_does_not_load_is_not_simulated(make_studio: Any, pizza: Path) -> None:
    window = make_studio()
    assert window.files.open_folder(pizza)
    simulations = install(window, keys=key_store())
    assert isinstance(simulations, StudioSimulations)
    window.show_source()
    source = window.scenario_pane.source
    source.edit.setPlainText(window.document.yaml_text().replace("start:", "strat:"))
    source.apply()
    assert window.session.scenario is None
    assert simulations.make_dialog() is None
    assert "must load first" in window.answers.told[-1][1]


# --- a run -----------------------------------------------------------------------------------


def test_a_run_shows_live_progress_then_the_report_and_the_shaded_graph(
    tools: StudioSimulations, served: FakeOpenAIServer, qtbot: QtBot, tmp_path: Path
) -> None:
    window = run_window(tools, qtbot, tmp_path / "out", runs=3, max_turns=6, jobs=2)
    qtbot.addWidget(window)
    live: list[tuple[int, int, int]] = []
    delivered: list[ConversationOutcome] = []

    def seen(counts: Any, ended: list[ConversationOutcome]) -> None:
        live.append((counts.done, counts.total, window.conversations.rowCount()))
        delivered.extend(ended)

    window.job.progressed.connect(seen)
    report = finished_report(window, qtbot)

    # progress arrived while it ran: counts growing, conversations listed as they ended
    assert any(done < total for done, total, _rows in live)
    assert [done for done, _t, _r in live] == sorted(done for done, _t, _r in live)
    assert any(0 < rows < 6 for _d, _t, rows in live)
    assert sorted(o.index for o in delivered) == [1, 2, 3, 4, 5, 6]  # each one, once
    assert "Done: 6 conversation(s)" in window.progress.text()
    assert not window.progress.cancel_button.isVisible()

    # Ana orders; Bo never gives his address, so the guard of delivery holds him there
    assert report.counts == {"finished": 3, "stuck": 3, "abandoned": 0, "failed": 0, "cancelled": 0}
    rows = window.personas.rows()
    assert [row[0] for row in rows] == ["Ana", "Bo", ALL_PERSONAS]
    assert [row[1:6] for row in rows] == [
        ["3", "3", "0", "0", "0"],
        ["3", "0", "3", "0", "0"],
        ["6", "3", "3", "0", "0"],
    ]
    roles = window.roles.rows()  # calls and cost, the bot and the simulated user apart
    assert [(row[0], row[1]) for row in roles] == [
        (name, role) for name in ("Ana", "Bo", ALL_PERSONAS) for role in ("Bot", "Simulated user")
    ]
    bot, user = roles[4], roles[5]
    assert bot[2] == f"{report.bot.totals.llm_calls:,}"
    assert user[2] == f"{report.user.totals.llm_calls:,}"
    assert bot[3] == f"{report.bot.calls_per_message.mean:.2f}"
    assert user[3:6] == ["1.00", "1", "1"]  # the simulated user: one call per message
    # Cost per conversation and cost: the fake server on 127.0.0.1 sells nothing, so the price
    # of the scenario's model there is unknown — said so, never $0.00 nor OpenAI's price.
    assert bot[6:10] == ["price unknown"] * 4

    steps = window.steps.rows()
    assert [row[0] for row in steps] == [
        s for s in ("greet", "take_order", "delivery", "done") if s in report.steps
    ]
    delivery = next(row for row in steps if row[0] == "delivery")
    assert delivery[1] == str(report.steps["delivery"]["visits"])
    assert delivery[window.steps.headers().index("Stuck\nhere")] == "3"
    assert len(window.paths.rows()) == len(report.paths)
    assert len(window.conversations.rows()) == 6

    # the graph: delivery, where three got stuck, is the hottest step; the legend says so
    overlay = window.graph.overlay
    assert overlay.legend_widget is not None
    assert overlay.legend_widget.lines()[0] == "Ended here unfinished"
    hot = overlay.node_style("delivery")
    assert hot is not None and hot.fill is not None
    assert "3 stuck" in (hot.tooltip or "")
    calm = overlay.node_style("take_order")
    assert calm is not None and calm.fill is not None
    assert calm.fill.green() > hot.fill.green()  # paler: nobody ended there unfinished
    assert "3 stuck" in window.graph.scene.nodes["delivery"].toolTip()
    window.set_measure("violations")
    assert overlay.legend_widget.lines()[0] == "Violations per visit"

    # a conversation selected: its path drawn on the graph, the rest faded
    stuck = next(o for o in report.conversations if o.status == "stuck")
    assert window.select_conversation(stuck.index)
    assert overlay.legend_widget.lines()[0] == f"Conversation #{stuck.index} (stuck)"
    faded = overlay.node_style("done")
    assert faded is not None and faded.faded

    # the status filter
    window.status_filter.setCurrentIndex(window.status_filter.findData("stuck"))
    assert {row[3] for row in window.conversations.rows()} == {"stuck"}


def test_cancel_stops_cleanly_and_the_report_covers_what_ended(
    tools: StudioSimulations, served: FakeOpenAIServer, qtbot: QtBot, tmp_path: Path
) -> None:
    served.latency = 0.1
    window = run_window(tools, qtbot, tmp_path / "out", runs=10, max_turns=6, jobs=2)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: len(window.job.outcomes) >= 1, timeout=30000)
    qtbot.mouseClick(window.progress.cancel_button, Qt.MouseButton.LeftButton)
    assert window.progress.cancel_button.text() == "Stopping…"
    assert not window.progress.cancel_button.isEnabled()
    report = finished_report(window, qtbot)

    assert report.stopped == "cancelled"
    assert report.counts["cancelled"] > 0
    assert 1 <= report.reported < 20
    assert report.counts["cancelled"] + report.reported == 20
    for outcome in report.conversations:  # every log written ends properly
        if outcome.log_path is not None:
            assert read_log(outcome.log_path).events[-1].type == "session_end"
    assert (tmp_path / "out" / "report.json").exists()
    assert "Stopped (cancelled): the report covers the" in window.progress.text()
    assert "Stopped early" in window.summary.text()
    window.status_filter.setCurrentIndex(window.status_filter.findData("cancelled"))
    assert len(window.conversations.rows()) == report.counts["cancelled"]


def test_closing_the_window_while_it_runs_cancels_the_run(
    tools: StudioSimulations, served: FakeOpenAIServer, qtbot: QtBot, tmp_path: Path
) -> None:
    served.latency = 0.1
    window = run_window(tools, qtbot, tmp_path / "out", runs=10, max_turns=6, jobs=2)
    qtbot.waitUntil(lambda: window.job.counts is not None, timeout=30000)
    window.close()
    assert window.job.wait(0)  # closing waited for the worker
    assert (tmp_path / "out" / "report.json").exists()


def test_a_run_that_cannot_be_made_says_why(
    tools: StudioSimulations, served: FakeOpenAIServer, qtbot: QtBot, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    window = run_window(tools, qtbot, blocker / "out")
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.job.state == "failed", timeout=30000)
    assert "The simulation could not run" in window.progress.text()
    assert str(blocker) in window.progress.text()
    assert served.model_requests() == []


# --- from the report -------------------------------------------------------------------------


@pytest.fixture
def ran(
    make_studio: Any, pizza: Path, served: FakeOpenAIServer, qtbot: QtBot, tmp_path: Path
) -> Iterator[tuple[SimulationWindow, Any]]:
    """A finished run from a studio whose chat is docked, wired as ``app.__main__`` wires it."""
    window = make_studio()
    chat = install_chat(window, log_dir=tmp_path / "chat-logs")
    assert window.files.open_folder(pizza)
    simulations = install(
        window, chat_settings=lambda: chat.pane.settings, keys=key_store(), open_log=chat.open_log
    )
    assert isinstance(simulations, StudioSimulations)
    shown = run_window(simulations, qtbot, tmp_path / "out", runs=2, max_turns=6, jobs=2)
    qtbot.addWidget(shown)
    finished_report(shown, qtbot)
    yield shown, chat
    for log_window in chat.log_windows:
        log_window.close()
    chat.pane.stop()


def test_double_click_opens_the_conversation_in_the_studios_log_viewer(
    ran: tuple[SimulationWindow, Any], qtbot: QtBot
) -> None:
    window, chat = ran
    assert window.report is not None
    finished = next(o for o in window.report.conversations if o.status == "finished")
    window.tabs.setCurrentWidget(window.conversations_page)
    double_click_row(qtbot, window.conversations, row_of(window.conversations, finished))
    assert len(chat.log_windows) == 1
    viewer = chat.log_windows[0]
    assert isinstance(viewer, LogWindow)
    qtbot.waitUntil(lambda: viewer.loaded, timeout=10000)
    assert [e.type for e in viewer.events()] == [e.type for e in read_log(finished.log_path).events]
    assert viewer.fork_handler == chat.fork  # the studio's viewer: its fork goes to the chat


def test_save_as_test_keeps_a_conversation_as_a_test_that_replays(
    ran: tuple[SimulationWindow, Any], pizza: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    window, _chat = ran
    assert window.report is not None
    told: list[tuple[str, str, bool]] = []
    window.tell = lambda title, message, problem: told.append((title, message, problem))
    window.ask_text = lambda _title, _label, default: "Ana orders, simulated"
    finished = next(
        o for o in window.report.conversations if o.status == "finished" and o.persona == "ana"
    )
    assert window.select_conversation(finished.index)
    assert window.save_test_action.isEnabled()
    save = window.conversations_page.findChild(type(window.progress.cancel_button), "saveAsTest")
    assert save is not None
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(told), timeout=30000)
    assert told[-1][2] is False, told[-1][1]
    path = pizza / "tests" / f"sim_{finished.log_path.stem.replace('-', '_')}.test.yaml"
    assert path.exists() and path.name in told[-1][1]
    test = load_test(path, inside=pizza)
    assert test.name == "Ana orders, simulated"
    result = run_tests_sync(load_scenario(pizza), [test], log_dir=tmp_path / "replay")
    assert result.passed, [r.failures for r in result.results]

    # saved again: a second test beside the first, which is never replaced
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(told) == 2, timeout=30000)
    assert path.with_name(path.name.replace(".test.yaml", "_2.test.yaml")).exists()


def test_a_conversation_that_never_started_cannot_be_saved_or_opened(
    ran: tuple[SimulationWindow, Any],
) -> None:
    window, _chat = ran
    told: list[tuple[str, str, bool]] = []
    window.tell = lambda title, message, problem: told.append((title, message, problem))
    never = ConversationOutcome(
        index=99,
        persona="ana",
        persona_name="Ana",
        run=9,
        status="cancelled",
        turns=0,
        path=(),
        final_step="greet",
        log_path=None,
        bot=RoleUse(),
        user=RoleUse(),
    )
    assert window.open_log(never) is None
    assert "never started" in told[-1][1]
    window.conversations.add_rows(*conversation_rows([never]))
    assert window.select_conversation(99)
    assert not window.save_test_action.isEnabled()
    assert not window.open_log_action.isEnabled()


def test_the_report_switches_language_live(
    tools: StudioSimulations, served: FakeOpenAIServer, qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtCore import QSettings

    from app.i18n.languages import translations

    window = run_window(tools, qtbot, tmp_path / "out", runs=1, max_turns=4, jobs=2)
    qtbot.addWidget(window)
    finished_report(window, qtbot)
    english = (window.tabs.tabText(1), window.steps.headers()[0], window.progress.text())
    assert english[:2] == ("Steps", "Step") and "Done:" in english[2]
    try:
        translations().choose("fr", QSettings())  # Settings ▸ Language ▸ Français
        qtbot.wait(1)
        assert (window.tabs.tabText(1), window.steps.headers()[0]) == ("Étapes", "Étape")
        assert "Terminé" in window.progress.text()  # (the plain text drops the no-break space)
        assert window.personas.rows()[-1][0] == "Tous les personas"
        assert "Simuler" in tools.action.text()
    finally:
        translations().apply("en")
        qtbot.wait(1)
    assert (window.tabs.tabText(1), window.steps.headers()[0]) == english[:2]
    assert window.personas.rows()[-1][0] == ALL_PERSONAS
