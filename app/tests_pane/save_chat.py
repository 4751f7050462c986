"""Save chat as test: the test chat's conversation so far becomes a test file and its recording.

The engine does the work (:func:`engine.scenario_tests.chat_to_test`): each turn's expectations
are pre-filled from what happened — the step after it, the signal taken, the variables it
changed — and the recording (cassette) is built by playing the chat's logged replies through a
fresh conversation of the scenario *as it is in the editor now*. Here the studio adds:

* a name for the test and its file, asked with the file's text shown (:class:`SaveTestDialog`);
* a refusal, explained, when the chat is not a test: nothing said yet, a forked chat (a test
  starts at the scenario's start), a scenario that no longer plays the chat the same way — and
  a scenario edited since the chat so that the model would now be asked something else than it
  answered (the recording would claim replies the model never gave to these instructions);
* the files are added to the document as **one undoable edit** ("Save chat as test …"), saved
  with the scenario by File ▸ Save, like every other file of the scenario; the Tests pane then
  shows the new test and its file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QFont, QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from app import commands
from app.edit_session import EditSession
from app.i18n.locale_text import number
from app.plain_text import PlainLabel, RichLabel, escape
from app.tests_pane.catalog import TEST_PATTERN, cassette_relpath, stem_of, test_relpath
from app.widgets import retranslated, size_for_screen
from engine.errors import PrompterError, ScenarioError, SessionError
from engine.log.events import Event, EventType, SessionStartData
from engine.scenario.definition import Scenario, unique_name
from engine.scenario.names import file_stem
from engine.scenario_tests import SavedChat, chat_to_test, dump_test
from engine.scenario_tests.cassette import Cassette

#: (default name, default file stem, the file's text for a name, stems taken) ->
#: (name, stem), or None when the author cancelled
AskName = Callable[[str, str, Callable[[str], str], Sequence[str]], tuple[str, str] | None]
STEM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def slug(name: str) -> str:
    """A file stem for a test name: ``Ana orders a margherita`` -> ``ana_orders_a_margherita``,
    ``Réservation complète`` -> ``reservation_complete``, a Hindi name romanised (why ASCII:
    :mod:`engine.scenario.names`)."""
    return file_stem(name, "chat")


#: A test file's stem not taken yet (``chat``, ``chat_2``…).
unique_stem = unique_name


def default_name(events: Sequence[Event]) -> str:
    """Where the conversation went: ``From consent to features (3 messages)``."""
    ends = [event for event in events if event.type == EventType.TURN_END]
    turns = [event for event in ends if event.turn >= 1]
    translate = QCoreApplication.translate
    if not turns:
        return translate("SaveTestDialog", "A conversation from the test chat")
    start = next((str(event.step) for event in ends if event.turn == 0 and event.step), None)
    last = str(turns[-1].step or "")
    messages = (
        translate("SaveTestDialog", "1 message")
        if len(turns) == 1
        else translate("SaveTestDialog", "{count} messages").format(count=number(len(turns)))
    )
    if start and start != last:
        return translate("SaveTestDialog", "From {start} to {end} ({messages})").format(
            start=start, end=last, messages=messages
        )
    if last:
        return translate("SaveTestDialog", "In {step} ({messages})").format(
            step=last, messages=messages
        )
    return translate("SaveTestDialog", "A conversation ({messages})").format(messages=messages)


def current_conversation(events: Sequence[Event]) -> list[Event]:
    """The events of the conversation under way: a fork shows the logged turns it continues
    before its own ``session_start``, and only what follows that start is this chat."""
    starts = [index for index, event in enumerate(events) if event.type == EventType.SESSION_START]
    return list(events[starts[-1] :]) if starts else list(events)


def completed_turns(events: Sequence[Event]) -> int:
    return sum(1 for event in events if event.type == EventType.TURN_END and event.turn >= 1)


def named(saved: SavedChat, name: str) -> str:
    """The test file's text with ``name``."""
    return dump_test(saved.test.model_copy(update={"name": name}))


def cassette_text(saved: SavedChat, stem: str) -> str:
    header = replace(saved.cassette.header, test=f"{stem}.test.yaml")
    return Cassette(header, saved.cassette.calls, saved.cassette.blobs).to_text()


def first_difference(now: SavedChat, then: SavedChat) -> str | None:
    """Where the scenario now asks the model something else than during the chat (None: the
    same requests, call for call)."""
    for new, old in zip(now.cassette.calls, then.cassette.calls, strict=False):
        if new.digest != old.digest:
            translate = QCoreApplication.translate
            where = (
                translate("SaveTestDialog", "the opening")
                if new.turn == 0
                else translate("SaveTestDialog", "turn {turn}").format(
                    turn=new.turn if new.turn is None else number(new.turn)
                )
            )
            return translate("SaveTestDialog", "{where}, model call {number}").format(
                where=where, number=number(new.number)
            )
    if len(now.cassette.calls) != len(then.cassette.calls):
        return QCoreApplication.translate("SaveTestDialog", "the number of model calls")
    return None


class SaveTestDialog(QDialog):
    """Asks the test's name and file, showing the file as it will be written."""

    def __init__(
        self,
        name: str,
        stem: str,
        render: Callable[[str], str],
        taken: Sequence[str],
        calls: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Save chat as test"))
        size_for_screen(self, 640, 560)
        self.taken = set(taken)
        self.render_text = render
        self._stem_edited = False
        self.name = QLineEdit(name)
        self.name.setObjectName("testName")
        self.stem = QLineEdit(stem)
        self.stem.setObjectName("testStem")
        self.where = RichLabel()
        self.where.setWordWrap(True)
        self.where.setTextFormat(Qt.TextFormat.RichText)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.preview.setFont(font)
        self.calls = calls
        form = QFormLayout()
        form.addRow(self.tr("Test name:"), self.name)
        form.addRow(self.tr("File:"), self.stem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        note = PlainLabel(
            self.tr(
                "The expectations are what happened in the chat — the step after each "
                "message, the signal taken, the variables it changed. Loosen or remove "
                "what should not matter; the file can be edited in the Tests pane."
            )
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.where)
        layout.addWidget(note)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.buttons)
        self.name.textEdited.connect(self._name_edited)
        self.stem.textEdited.connect(self._stem_typed)
        self._update()

    def result_values(self) -> tuple[str, str]:
        return self.name.text().strip(), self.stem.text().strip()

    def _name_edited(self, text: str) -> None:
        if not self._stem_edited:
            self.stem.setText(unique_stem(slug(text), sorted(self.taken)))
        self._update()

    def _stem_typed(self, _text: str) -> None:
        self._stem_edited = True
        self._update()

    def _update(self) -> None:
        name, stem = self.result_values()
        problem = stem_problem(stem, sorted(self.taken)) or (
            self.tr("the test needs a name") if not name else None
        )
        save = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        if save is not None:
            save.setEnabled(problem is None)
        if problem:
            self.where.setText(f"<span style='color:#c62828'>✖ {escape(problem)}</span>")
        else:
            self.where.setText(
                self.tr(
                    "Adds <code>{test}</code> and its recording <code>{recording}</code> "
                    "({count} model replies) to the scenario: <b>File ▸ Save</b> writes them, "
                    "<b>Undo</b> takes them back."
                ).format(
                    test=escape(test_relpath(stem)),
                    recording=escape(cassette_relpath(test_relpath(stem))),
                    count=number(self.calls),
                )
            )
        self.preview.setPlainText(self.render_text(name))


def stem_problem(stem: str, taken: Sequence[str]) -> str | None:
    if not stem:
        return QCoreApplication.translate("SaveTestDialog", "the file needs a name")
    if not STEM.fullmatch(stem):
        return QCoreApplication.translate(
            "SaveTestDialog",
            "use only ASCII letters (a–z, A–Z), digits (0–9), '_' and '-' in the file name, "
            "starting with a letter or a digit",
        )
    if stem in taken:
        return QCoreApplication.translate(
            "SaveTestDialog", "{file} exists already: choose another name"
        ).format(file=test_relpath(stem))
    return None


class ChatTestSaver(QObject):
    """The chat's *Save as test…* action and what it does (see the module docstring)."""

    def __init__(
        self,
        session: Callable[[], EditSession | None],
        events: Callable[[], list[Event]],
        chat_scenario: Callable[[], Scenario | None],
        *,
        tell: Callable[[str, str, bool], None],
        saved: Callable[[str], None] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.events = events
        self.chat_scenario = chat_scenario
        self.tell = tell
        self.saved = saved
        #: replaceable in tests: asks the name and file of the test
        self.ask: AskName | None = None
        self.action = QAction(self)
        self.action.setObjectName("saveChatAsTest")
        if isinstance(parent, QWidget):
            retranslated(parent, self._retranslate_ui)
        else:
            self._retranslate_ui()
        self.action.triggered.connect(lambda _checked=False: self.save())

    def _retranslate_ui(self) -> None:
        self.action.setText(self.tr("Save as test…"))
        self.action.setToolTip(
            self.tr(
                "Save this conversation as a test of the scenario: its messages, "
                "what happened after each (as expectations) and the model's "
                "replies (replayed without a key)"
            )
        )

    def save(self) -> str | None:
        """Ask a name and add the test and its recording to the scenario; the test's relpath,
        or None when nothing was saved (the reason was told)."""
        session = self.session()
        if session is None:
            return self._refuse(self.tr("Open a scenario first: the test is saved into it."))
        current = session.document.scenario
        if current is None:
            return self._refuse(
                self.tr(
                    "scenario.yaml does not load, so the chat cannot be checked "
                    "against it. Fix it first (see Problems)."
                )
            )
        events = current_conversation(self.events())
        if events and is_forked(events[0]):
            return self._refuse(_explained("forked"))
        if completed_turns(events) == 0:
            return self._refuse(
                self.tr(
                    "There is nothing to save yet: send at least one message and wait for the "
                    "answer."
                )
            )
        name = default_name(events)
        try:
            saved = chat_to_test(current, events, name=name)
        except SessionError as error:
            return self._refuse(_explained(str(error)))
        except PrompterError as error:
            return self._refuse(
                self.tr("The chat could not be played again: {error}").format(error=error)
            )
        then_scenario = self.chat_scenario()
        if then_scenario is not None:
            try:
                then = chat_to_test(then_scenario, events, name=name)
            except PrompterError:
                then = None
            where = first_difference(saved, then) if then is not None else None
            if where is not None:
                return self._refuse(
                    self.tr(
                        "The scenario was edited after this conversation, and the model would "
                        "now be asked something else ({where}). Its recorded replies answered "
                        "the old version, so a test made of them would prove nothing. Restart "
                        "the chat, have the conversation again, then save it."
                    ).format(where=where)
                )
        taken = [stem_of(relpath) for relpath in session.document.files(TEST_PATTERN)]
        stem = unique_stem(slug(name), taken)
        ask = self.ask or _dialog_asker(self._dialog_parent(), len(saved.cassette.calls))
        answer = ask(name, stem, lambda text: named(saved, text), taken)
        if answer is None:
            return None
        name, stem = answer[0].strip() or name, answer[1].strip()
        problem = stem_problem(stem, taken)
        if problem is not None:
            return self._refuse(problem[0].upper() + problem[1:] + ".")
        relpath = test_relpath(stem)
        label = self.tr("Save chat as test {file}").format(file=relpath)
        try:
            with commands.macro(session.undo_stack, label) as edit:
                edit.push(
                    commands.SetTextCommand(session, relpath, named(saved, name), label=label)
                )
                edit.push(
                    commands.SetTextCommand(
                        session, cassette_relpath(relpath), cassette_text(saved, stem), label=label
                    )
                )
        except ScenarioError as error:
            return self._refuse(
                self.tr("The test could not be added: {error}").format(error=error.message)
            )
        if self.saved is not None:
            self.saved(relpath)
        return relpath

    def _refuse(self, message: str) -> str | None:
        self.tell(self.tr("Save chat as test"), message, True)
        return None

    def _dialog_parent(self) -> QWidget | None:
        parent = self.parent()
        return parent if isinstance(parent, QWidget) else None


def _dialog_asker(parent: QWidget | None, calls: int) -> AskName:
    def ask(
        name: str, stem: str, render: Callable[[str], str], taken: Sequence[str]
    ) -> tuple[str, str] | None:
        dialog = SaveTestDialog(name, stem, render, taken, calls, parent)
        dialog.deleteLater()  # after this call: a dialog with a parent lives as long as it
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.result_values()

    return ask


def is_forked(event: Event) -> bool:
    """Whether ``event`` starts a conversation forked from a logged one (not a test: a test
    starts at the scenario's start)."""
    return event.type == EventType.SESSION_START and bool(
        event.payload(SessionStartData).get("forked_from")
    )


def _explained(engine_message: str) -> str:
    """The engine's refusal, with what to do about it."""
    translate = QCoreApplication.translate
    if "forked" in engine_message:
        return translate(
            "ChatTestSaver",
            "This conversation was forked from a logged one, so it does not start at the "
            "scenario's start — and a test always does. Save the conversation it was "
            "forked from instead, or restart the chat and have it from the beginning.",
        )
    if "no longer plays" in engine_message:
        return translate(
            "ChatTestSaver",
            "The scenario as it is now does not play this conversation the same way (it "
            "was edited since): {reason}.",
        ).format(reason=engine_message)
    return translate("ChatTestSaver", "This chat cannot be saved as a test: {reason}.").format(
        reason=engine_message
    )


__all__ = [
    "AskName",
    "ChatTestSaver",
    "SaveTestDialog",
    "default_name",
    "first_difference",
    "slug",
    "unique_stem",
]
