"""Save chat as test, in the studio: a conversation in the test chat (through the real SDK, on the
fake server) becomes a test and its recording — one undoable edit, saved with the scenario —
that replays green; refusals are explained; a failure's log opens as the chat's logs do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from test_chat_pane import INTERVIEW  # the analyst-bot interview script

from app import commands
from app.chat.keys import ApiKeyStore
from app.chat.studio import StudioChat, install_chat
from app.tests_pane.save_chat import SaveTestDialog, default_name, slug, unique_stem
from app.tests_pane.studio import StudioTests, install, provider_of_chat
from engine.offline.fake_openai import FakeOpenAIServer
from engine.scenario_tests import load_suite, run_tests_sync

pytestmark = pytest.mark.gui

SAVED = "tests/streak.test.yaml"
RECORDING = "tests/streak.replies.jsonl"


@pytest.fixture
def chat(
    studio: Any, qtbot: QtBot, tmp_path: Path, openai_env: FakeOpenAIServer
) -> Iterator[StudioChat]:
    glue = install_chat(studio, log_dir=tmp_path / "logs")
    qtbot.waitUntil(lambda: glue.pane.running and not glue.pane.busy, timeout=5000)
    yield glue
    glue.pane.stop()
    for window in glue.log_windows:
        window.close()


@pytest.fixture
def tests(studio: Any, chat: StudioChat) -> Iterator[StudioTests]:
    glue = install(studio, chat)
    yield glue
    glue.pane.shutdown()


def talk(qtbot: QtBot, chat: StudioChat, server: FakeOpenAIServer, messages: int) -> None:
    for text, answers in INTERVIEW[:messages]:
        server.queue(*answers)
        assert chat.pane.send(text)
        qtbot.waitUntil(lambda: not chat.pane.busy, timeout=15000)


def answering(name: str, stem: str, asked: list[tuple[str, str, str]] | None = None) -> Any:
    """What the author types in the Save chat as test dialog."""

    def ask(default: str, default_stem: str, render: Any, taken: Any) -> tuple[str, str]:
        if asked is not None:
            asked.append((default, default_stem, render(name)))
        return name, stem

    return ask


def test_a_chat_saved_as_a_test_is_one_undoable_edit_and_replays_green(
    studio: Any,
    chat: StudioChat,
    tests: StudioTests,
    qtbot: QtBot,
    openai_env: FakeOpenAIServer,
    analyst_bot: Path,
) -> None:
    talk(qtbot, chat, openai_env, 3)
    saver = tests.saver
    assert saver is not None and saver.action in chat.pane.toolbar.actions()
    assert tests.file_action in studio.file_menu.actions()  # the same, from the File menu
    asked: list[tuple[str, str, str]] = []
    saver.ask = answering("Streak interview", "streak", asked)

    saver.action.trigger()

    default, default_stem, shown = asked[0]
    assert (default, default_stem) == (
        "From consent to features (3 messages)",
        "from_consent_to_features_3_messages",
    )
    session = studio.session
    assert session.undo_stack.undoText() == f"Save chat as test {SAVED}"
    assert session.is_dirty
    text = session.document.text(SAVED)
    assert text == shown  # what the dialog showed is what was written
    assert text.startswith("name: Streak interview\nturns:\n- user: Yes, let's start.\n")
    assert "  expect:\n    step: idea\n    transition: agreed\n" in text
    assert "variables: {consent: true}" in text
    assert "transition: users_clear" in text
    assert session.document.text(RECORDING).startswith('{"cassette":"prompter",')
    assert not (analyst_bot / SAVED).exists()  # not on disk before File ▸ Save
    pane = tests.pane
    assert SAVED in pane.tree.items
    assert pane.editor.relpath == SAVED and pane.editor.edit.toPlainText() == text
    assert "not saved yet" in pane.editor.header.text()
    assert not chat.pane.stale.isVisible()  # a test file is not a change of the scenario

    assert pane.run([SAVED])
    qtbot.waitUntil(lambda: not pane.running, timeout=30000)
    assert pane.tree.status(SAVED) == "✔ passed"

    studio.save_action.trigger()

    assert (analyst_bot / SAVED).read_text(encoding="utf-8") == text
    suite = load_suite(analyst_bot)  # what `python -m engine test` runs, from disk
    saved = [test for test in suite.tests if test.path == analyst_bot / SAVED]
    result = run_tests_sync(suite.scenario, saved, log_dir=analyst_bot.parent / "logs")
    assert [r.status for r in result.results] == ["passed"]


def test_undoing_the_save_takes_the_test_and_its_recording_back(
    studio: Any,
    chat: StudioChat,
    tests: StudioTests,
    qtbot: QtBot,
    openai_env: FakeOpenAIServer,
    analyst_bot: Path,
) -> None:
    talk(qtbot, chat, openai_env, 1)
    assert tests.saver is not None
    tests.saver.ask = answering("Streak interview", "streak")
    tests.saver.save()
    assert SAVED in tests.pane.tree.items

    studio.undo_action.trigger()
    tests.pane.refresh()

    assert SAVED not in tests.pane.tree.items
    assert not studio.session.is_dirty
    studio.save_action.trigger()
    assert not (analyst_bot / SAVED).exists() and not (analyst_bot / RECORDING).exists()


def test_a_chat_with_nothing_said_is_not_saved(
    studio: Any, chat: StudioChat, tests: StudioTests
) -> None:
    assert tests.saver is not None
    assert tests.saver.save() is None
    assert studio.answers.told[-1] == (
        "Save chat as test",
        "There is nothing to save yet: send at least one message and wait for the answer.",
        True,
    )
    assert studio.session.undo_stack.count() == 0


def test_a_scenario_edited_since_the_chat_is_refused_with_the_reason(
    studio: Any,
    chat: StudioChat,
    tests: StudioTests,
    qtbot: QtBot,
    openai_env: FakeOpenAIServer,
) -> None:
    talk(qtbot, chat, openai_env, 2)
    session = studio.session
    idea = "steps/idea.md"
    commands.push(
        session.undo_stack,
        commands.SetTextCommand(
            session, idea, session.document.text(idea) + "\nAsk for a deadline first.\n"
        ),
    )
    assert tests.saver is not None
    tests.saver.ask = answering("Streak", "streak")

    assert tests.saver.save() is None

    title, message, problem = studio.answers.told[-1]
    assert (title, problem) == ("Save chat as test", True)
    assert message.startswith(
        "The scenario was edited after this conversation, and the model "
        "would now be asked something else (turn 2, model call 2)."
    )
    assert "Restart the chat" in message
    assert session.undo_stack.undoText() == f"Type in {idea}"  # nothing was added


def test_a_forked_chat_is_refused_with_the_reason(
    studio: Any,
    chat: StudioChat,
    tests: StudioTests,
    qtbot: QtBot,
    openai_env: FakeOpenAIServer,
) -> None:
    talk(qtbot, chat, openai_env, 2)
    assert chat.pane.log_path is not None
    log = chat.open_log(chat.pane.log_path)
    qtbot.addWidget(log)
    chat.fork(log.events(), 1)
    qtbot.waitUntil(lambda: chat.pane.running and not chat.pane.busy, timeout=5000)
    assert tests.saver is not None
    tests.saver.ask = answering("Streak", "streak")

    assert tests.saver.save() is None

    title, message, _problem = studio.answers.told[-1]
    assert title == "Save chat as test"
    assert message.startswith(
        "This conversation was forked from a logged one, so it does not "
        "start at the scenario's start"
    )
    assert studio.session.undo_stack.count() == 0


def test_the_name_dialog_shows_the_file_and_refuses_a_taken_name(qtbot: QtBot) -> None:
    texts = {"": "turns: []\n"}
    dialog = SaveTestDialog(
        "Ana orders",
        "ana_orders",
        lambda name: texts.get(name, f"name: {name}\nturns: …\n"),
        ["taken"],
        3,
    )
    qtbot.addWidget(dialog)
    save = dialog.buttons.button(dialog.buttons.StandardButton.Save)
    assert dialog.preview.toPlainText() == "name: Ana orders\nturns: …\n"
    assert "tests/ana_orders.test.yaml" in dialog.where.text() and "3 model replies" in (
        dialog.where.text()
    )

    qtbot.keyClicks(dialog.name, " again")

    assert dialog.stem.text() == "ana_orders_again"  # follows the name until typed in
    assert dialog.preview.toPlainText().startswith("name: Ana orders again\n")
    dialog.stem.clear()
    qtbot.keyClicks(dialog.stem, "taken")
    assert not save.isEnabled()
    assert "tests/taken.test.yaml exists already" in dialog.where.text()
    dialog.stem.clear()
    qtbot.keyClicks(dialog.stem, "a b")
    assert not save.isEnabled()
    dialog.stem.clear()
    qtbot.keyClicks(dialog.stem, "fine")
    assert save.isEnabled()
    assert dialog.result_values() == ("Ana orders again", "fine")


def test_names_and_file_stems() -> None:
    assert slug("Ana orders a margherita!") == "ana_orders_a_margherita"
    assert slug("¿?") == "chat"
    assert slug("Réservation complète pour « 4 »") == "reservation_complete_pour_4"
    assert slug("बुख़ार के लिए डॉक्टर") == "bukh_ar_ke_lie_doktr"
    assert slug("Crème brûlée, s'il vous plaît !") == "creme_brulee_s_il_vous_plait"
    assert unique_stem("ana", ["ana", "ana_2"]) == "ana_3"
    assert default_name([]) == "A conversation from the test chat"


def test_a_failure_opens_in_the_chat_s_log_viewer_and_drives_the_graph(
    studio: Any, chat: StudioChat, tests: StudioTests, qtbot: QtBot
) -> None:
    pane = tests.pane
    session = studio.session
    review = "steps/review.md"
    commands.push(
        session.undo_stack,
        commands.SetTextCommand(
            session, review, session.document.text(review) + "\nAsk for a budget range too.\n"
        ),
    )
    assert pane.run(["tests/review_reopens_every_section.test.yaml"])
    qtbot.waitUntil(lambda: not pane.running, timeout=30000)

    window = pane.open_log("tests/review_reopens_every_section.test.yaml", 8)

    assert window is not None and window in chat.log_windows  # opened as the chat's logs
    qtbot.addWidget(window)
    assert window.fork_handler is not None  # a fork continues in the test chat
    on_graph = [step for step, node in studio.scenario_editor.scene.nodes.items() if node.current]
    assert on_graph == ["review"]


def test_record_and_live_use_the_chat_s_provider_when_it_has_a_key(
    studio: Any,
    chat: StudioChat,
    tests: StudioTests,
) -> None:
    pane = tests.pane
    pane.update_modes()
    model = pane.mode_box.model()
    assert model.item(1).isEnabled() and model.item(2).isEnabled()  # OPENAI_API_KEY is set
    factory = provider_of_chat(chat.pane)
    assert callable(factory)

    chat.pane.keys = ApiKeyStore(environ={})  # no key anywhere
    pane.update_modes()

    assert not model.item(1).isEnabled()
    assert "no API key is set up" in model.item(1).toolTip()
    assert pane.mode() == "replay"
