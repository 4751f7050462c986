"""The test chat: talk to the scenario open in the editor, and see what the engine did.

The pane runs the engine on a snapshot of the *current, unsaved* scenario (taken when the
conversation starts; "Restart" takes a new one). Bubbles, the folded system events between
them and the cost meter come from the engine's events, through the same view and projection as
the log viewer — so a conversation looks the same live and when its log is reopened later.

Without a usable provider (no API key, no reply script) the pane explains how to get one
instead of failing. A failed turn changes nothing in the engine; the error shows inline with
Retry (the same text again) and Edit (the text back into the input box).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices, QShowEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.chat.keys import ENV_VAR, ApiKeyStore
from app.chat.parts import Banner, ChatInput, TypingIndicator
from app.chat.runner import ConversationRunner
from app.chat.settings import ChatSettings, load_settings, save_settings
from app.chat.settings_dialog import ChatSettingsDialog
from app.logview.projection import ConversationProjection
from app.logview.variables_panel import MeterLabel, VariablesPanel
from app.logview.view import ConversationView
from app.plain_text import PlainLabel, RichLabel, ask, escape, plain_tooltip
from engine.conversation.conversation_core import Conversation
from engine.errors import PrompterError
from engine.io.atomic import atomic_write_bytes
from engine.log.events import Event, EventType
from engine.log.writer import LogWriter
from engine.providers import Provider
from engine.scenario.definition import Scenario

ScenarioSource = Callable[[], Scenario | None]
STALE_TEXT = "The scenario changed since this conversation started. Restart to chat with it."


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _open_folder(folder: Path) -> bool:
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "chat"


class ChatPane(QWidget):
    """See the module docstring. ``variables`` is meant for its own dock next to the pane."""

    #: The conversation's current step (for ``GraphView.highlight_step``).
    step_changed = Signal(str)
    #: A new conversation started (after Restart, a fork, or settings changed).
    conversation_started = Signal()

    def __init__(
        self,
        scenario_source: ScenarioSource,
        *,
        settings_store: QSettings | None = None,
        keys: ApiKeyStore | None = None,
        log_dir: Path | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("chatPane")
        self.scenario_source = scenario_source
        self.settings_store = settings_store if settings_store is not None else QSettings()
        self.settings = load_settings(self.settings_store)
        self.keys = keys if keys is not None else ApiKeyStore()
        self.log_dir = log_dir
        self.log_path: Path | None = None
        #: what the pane says while the editor has no scenario to run (the studio says why)
        self.no_scenario_text = "Open a scenario to chat with it."
        #: replaceable in tests: (title, question) -> yes?
        self.confirm: Callable[[str, str], bool] = self._confirm
        #: replaceable in tests: opens a folder in the desktop's file manager
        self.open_folder: Callable[[Path], object] = _open_folder
        #: replaceable in tests: (title, suggested path) -> the path chosen, or None
        self.ask_save_path: Callable[[str, Path], Path | None] = self._ask_save_path
        #: Opens a log file in a viewer: whoever shows the pane sets it (the studio, so a replay
        #: drives its graph). Without one, "Open log" stays disabled.
        self.log_opener: Callable[[Path], object] | None = None
        self.runner: ConversationRunner | None = None
        self.projection = ConversationProjection()
        self.scenario: Scenario | None = None
        self._log_writer: LogWriter | None = None
        self._last_text: str | None = None
        self._step: str | None = None
        self._started_once = False

        self.variables = VariablesPanel()
        self.view = ConversationView(self)
        self.view.setObjectName("chatView")
        self.variables.turn_selected.connect(self.view.scroll_to_turn)
        self._build()

    # --- layout ------------------------------------------------------------------------------

    def _build(self) -> None:
        bar = self.toolbar = QToolBar("Chat", self)
        bar.setObjectName("chatToolbar")
        self.restart_action = QAction("Restart", self)
        self.restart_action.setToolTip("Start a new conversation on the scenario as it is now")
        self.restart_action.triggered.connect(self.restart)
        self.settings_action = QAction("Settings…", self)
        self.settings_action.setToolTip("Provider, model, server and API key")
        self.settings_action.triggered.connect(self.open_settings)
        self.system_action = QAction("System events", self)
        self.system_action.setCheckable(True)
        self.system_action.setChecked(True)
        self.system_action.setToolTip("Fold out the engine's events between the bubbles")
        self.system_action.toggled.connect(self.view.set_show_system)
        self.log_action = QAction("Open in Log Viewer", self)
        self.log_action.setToolTip("Open this conversation's log in the log viewer")
        self.log_action.triggered.connect(self.open_log)
        self.log_action.setEnabled(False)
        self.save_log_action = QAction("Save Log As…", self)
        self.save_log_action.setToolTip("Keep a copy of this conversation's log where you choose")
        self.save_log_action.triggered.connect(lambda _checked=False: self.save_log_as())
        self.save_log_action.setEnabled(False)
        self.log_folder_action = QAction("Show Folder", self)
        self.log_folder_action.setToolTip("Open the folder the test chat's logs are written to")
        self.log_folder_action.triggered.connect(lambda _checked=False: self.open_log_folder())
        self.log_folder_action.setEnabled(False)
        for action in (self.restart_action, self.settings_action, self.system_action):
            bar.addAction(action)
        # the log's commands share one button: the toolbar fits a narrow pane
        log_menu = QMenu(self)
        log_menu.addActions([self.log_action, self.save_log_action, self.log_folder_action])
        self.log_button = QToolButton(self)
        self.log_button.setObjectName("logButton")
        self.log_button.setText("Log")
        self.log_button.setToolTip(
            "This conversation's log: open it in the viewer, save a copy, show its folder"
        )
        self.log_button.setMenu(log_menu)
        self.log_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        bar.addWidget(self.log_button)
        self.provider_label = PlainLabel(self)
        self.provider_label.setObjectName("providerLabel")
        self.provider_label.setContentsMargins(6, 0, 6, 0)
        self.provider_label.setStyleSheet("color: palette(placeholder-text);")

        self.notice = Banner("chatNotice", "palette(alternate-base)", self)
        self.notice_settings = self.notice.add_button("Settings…", self.open_settings)
        self.notice_scripted = self.notice.add_button("Use scripted provider…", self.use_scripted)
        self.stale = Banner("staleNotice", "rgba(66,133,244,40)", self)
        self.stale.label.setText(STALE_TEXT)
        self.stale_restart = self.stale.add_button("Restart", self.restart)

        self.typing = TypingIndicator(self)
        self.error_bar = Banner("chatError", "rgba(214,80,60,45)", self)
        self.retry_button = self.error_bar.add_button("Retry", self.retry)
        self.edit_button = self.error_bar.add_button("Edit message", self.edit_failed)
        self.error_bar.add_button("Dismiss", self.error_bar.hide)

        self.input = ChatInput(self)
        self.input.setObjectName("chatInput")
        self.input.setPlaceholderText("Type a message — Enter sends, Shift+Enter for a new line")
        self.input.setFixedHeight(62)
        self.input.submitted.connect(self.send_input)
        self.send_button = QPushButton("Send", self)
        self.send_button.setDefault(True)
        self.send_button.clicked.connect(self.send_input)
        input_row = QHBoxLayout()
        input_row.addWidget(self.input, 1)
        input_row.addWidget(self.send_button)
        self.meter = MeterLabel(self)
        #: where this conversation's log is written (a click opens its folder)
        self.log_label = RichLabel(self)
        self.log_label.setObjectName("logPath")
        self.log_label.setTextFormat(Qt.TextFormat.RichText)
        self.log_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.log_label.linkActivated.connect(lambda _link: self.open_log_folder())
        self.log_label.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(bar)
        layout.addWidget(self.provider_label)
        layout.addWidget(self.notice)
        layout.addWidget(self.stale)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.typing)
        layout.addWidget(self.error_bar)
        layout.addLayout(input_row)
        layout.addWidget(self.meter)
        layout.addWidget(self.log_label)
        self._show_provider()

    def _show_provider(self) -> None:
        scenario = self.scenario_source()
        model = scenario.model.name if scenario else "?"
        self.provider_label.setText(self.settings.describe(model))
        self.provider_label.setToolTip(
            plain_tooltip(f"{self.keys.describe()} · change in Settings…")
        )

    # --- starting and stopping ---------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._started_once:
            QTimer.singleShot(0, self.ensure_started)

    @property
    def running(self) -> bool:
        return self.runner is not None

    @property
    def busy(self) -> bool:
        return self.runner is not None and self.runner.busy

    def ensure_started(self) -> bool:
        if self.runner is None:
            self.start_conversation()
        return self.runner is not None

    def restart(self) -> None:
        self.stop()
        self.start_conversation()

    def start_conversation(
        self, history: Iterable[Event] = (), fork_turn: int | None = None
    ) -> bool:
        """A new conversation (or a fork continuing ``history`` after ``fork_turn``)."""
        self._started_once = True
        self.stop()
        self.notice.hide()
        self.stale.hide()
        self.error_bar.hide()
        current = self.scenario_source()
        if current is None:
            return self._explain(self.no_scenario_text)
        scenario = current.model_copy(deep=True)  # later edits must not race the worker
        self._show_provider()
        self.projection = ConversationProjection(
            initial_values={name: var.default for name, var in scenario.variables.items()}
        )
        self._refresh_side()  # the scenario's variables, even before a conversation can start
        provider = self._make_provider()
        if provider is None:
            return False
        past = list(history)
        try:
            if fork_turn is None:
                conversation = Conversation(scenario, provider)
            else:
                conversation = Conversation.fork(past, fork_turn, scenario, provider)
        except PrompterError as error:
            asyncio.run(provider.aclose())
            return self._explain(f"Cannot start the conversation: {error}")
        self.scenario = scenario
        self.typing.who = scenario.title or scenario.name
        shown = [event for event in past if fork_turn is None or event.turn <= fork_turn]
        self.projection.feed_many(shown)
        self.view.set_events(shown)
        self._open_log(conversation)
        self.runner = ConversationRunner(conversation, self)
        self.runner.event_received.connect(self._on_event)
        self.runner.busy_changed.connect(self._on_busy)
        self.runner.call_failed.connect(self._on_failed)
        self._refresh_side()
        self._show_provider()
        self.runner.start()
        self.conversation_started.emit()
        return True

    def _make_provider(self) -> Provider | None:
        key = self.keys.find() if self.settings.needs_key else None
        if self.settings.needs_key and key is None:
            self._explain(
                "<b>No OpenAI API key.</b> Set <code>"
                f"{ENV_VAR}</code> before starting the studio, or add a key in "
                "<b>Settings…</b> (kept in the system keyring when there is one, never in a "
                "file). Or try the scenario without a model: use the <b>scripted provider</b> "
                "with a file of replies."
            )
            return None
        try:
            return self.settings.make_provider(key.value if key else None)
        except PrompterError as error:
            self._explain(f"<b>The chat cannot start:</b> {escape(error)}")
            return None

    def _explain(self, html: str) -> bool:
        self.notice.label.setText(html)
        self.notice.show()
        self._update_enabled()
        return False

    def _open_log(self, conversation: Conversation) -> None:
        self._close_log()
        if self.log_dir is None:
            return
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        name = f"{_slug(conversation.scenario.name)}-{stamp}-{conversation.session_id[:8]}.jsonl"
        key = self.keys.find()
        self._log_writer = LogWriter(self.log_dir / name, secrets=[key.value] if key else None)
        self._log_writer.attach(conversation.events)
        self.log_path = self._log_writer.path
        self.log_action.setEnabled(self.log_opener is not None)
        self.save_log_action.setEnabled(True)
        self.log_folder_action.setEnabled(True)
        folder = self.log_path.parent
        self.log_label.setText(f"Log: <a href='{folder.as_uri()}'>{_html(self.log_path.name)}</a>")
        self.log_label.setToolTip(
            plain_tooltip(
                f"{self.log_path}\nClick to open the folder; every test "
                "conversation is logged there (JSON Lines)."
            )
        )
        self.log_label.show()

    def _close_log(self) -> None:
        if self._log_writer is not None:
            self._log_writer.close()
            self._log_writer = None

    def stop(self) -> None:
        """End the running conversation (its log gets ``session_end``)."""
        if self.runner is not None:
            runner, self.runner = self.runner, None
            # Events of the old conversation still queued must not reach the new one's view.
            runner.event_received.disconnect(self._on_event)
            runner.busy_changed.disconnect(self._on_busy)
            runner.call_failed.disconnect(self._on_failed)
            runner.close()
            runner.deleteLater()
        self._close_log()
        self.typing.stop()
        self._update_enabled()

    def stop_until_shown(self) -> None:
        """End the conversation; the next time the pane is shown, a new one starts."""
        self.stop()
        self._started_once = False
        if self.isVisible():
            self.ensure_started()

    def fork_from(self, events: list[Event], turn: int) -> bool:
        """Continue live from the end of ``turn`` of a logged conversation."""
        return self.start_conversation(events, fork_turn=turn)

    def mark_scenario_changed(self) -> None:
        """The editor changed the scenario: offer a restart (the running chat keeps its copy)."""
        if self.runner is not None:
            self.stale.label.setText(STALE_TEXT)
            self.stale.show()

    def scenario_loads_again(self) -> None:
        """The scenario was broken and loads again: start over at once when nothing was said
        (or no conversation could start), else offer to."""
        if self.conversation_under_way:
            self.stale.label.setText(
                "The scenario loads again. Restart to chat with it as it is now."
            )
            self.stale.show()
        elif self.isVisible():
            self.restart()
        else:
            self.stop_until_shown()

    # --- sending -----------------------------------------------------------------------------

    def send_input(self) -> None:
        text = self.input.toPlainText().strip()
        if text and self.send(text):
            self.input.clear()

    def send(self, text: str) -> bool:
        if self.busy or not self.ensure_started() or self.runner is None:
            return False
        self.error_bar.hide()
        self._last_text = text
        self.runner.send(text)
        return True

    def retry(self) -> None:
        if self._last_text:
            self.send(self._last_text)

    def edit_failed(self) -> None:
        if self._last_text:
            self.input.setPlainText(self._last_text)
            self.input.setFocus()
        self.error_bar.hide()

    # --- engine events, on the UI thread -----------------------------------------------------

    def _on_event(self, event: Event) -> None:
        self.projection.feed(event)
        self.view.append_events([event])
        if event.type in (
            EventType.VARIABLE_CHANGE,
            EventType.USER_MESSAGE,
            EventType.MODEL_RESPONSE,
            EventType.TRANSITION,
            EventType.ERROR,
            EventType.SESSION_START,
            EventType.TURN_END,
        ):
            self._refresh_side()
        if self.projection.step and self.projection.step != self._step:
            self._step = self.projection.step
            self.step_changed.emit(self._step)
        if event.type == EventType.SESSION_END:
            self._update_enabled()

    def _refresh_side(self) -> None:
        self.variables.show_projection(self.projection)
        scripted = self.settings.provider == "scripted"
        self.meter.show_meter(
            self.projection.meter, cost="no cost: scripted replies" if scripted else None
        )

    @property
    def conversation_under_way(self) -> bool:
        """Whether the author has said something in the running conversation."""
        return self.runner is not None and self.projection.meter.user_messages > 0

    def _on_busy(self, busy: bool) -> None:
        if busy:
            self.typing.start()
        else:
            self.typing.stop()
        self._update_enabled()

    def _on_failed(self, what: str, message: str, retryable: bool) -> None:
        lead = "The conversation could not start" if what == "start" else "No answer"
        self.error_bar.label.setText(
            f"<b>{lead}</b> — nothing was changed, your message is kept.<br>{escape(message)}"
        )
        self.retry_button.setVisible(what == "send")
        self.retry_button.setEnabled(True)
        self.retry_button.setToolTip(
            plain_tooltip(
                "Send the same message again"
                if retryable
                else "This error is unlikely to go away by retrying; check the settings"
            )
        )
        self.edit_button.setVisible(what == "send")
        self.error_bar.show()

    def _update_enabled(self) -> None:
        finished = self.projection.status in ("finished", "failed")
        can_send = self.runner is not None and not self.runner.busy and not finished
        self.send_button.setEnabled(can_send)
        self.input.setReadOnly(self.runner is None or finished)
        if finished:
            self.input.setPlaceholderText("The conversation has ended — Restart to begin again")
        else:
            self.input.setPlaceholderText(
                "Type a message — Enter sends, Shift+Enter for a new line"
            )

    # --- settings and logs -------------------------------------------------------------------

    def open_settings(self) -> None:
        scenario = self.scenario_source()
        dialog = ChatSettingsDialog(
            self.settings,
            self.keys,
            scenario.model.name if scenario else "?",
            self,
            start_folder=scenario.root if scenario is not None else None,
        )
        dialog.deleteLater()  # after this call: a dialog with a parent lives as long as it
        if dialog.exec() == ChatSettingsDialog.DialogCode.Accepted:
            self.apply_settings(dialog.result_settings())

    def apply_settings(self, settings: ChatSettings) -> bool:
        """Keep the new settings and start a new conversation with them — after asking, when
        the author has said something in this one. False when they chose to keep it (the new
        settings then apply at the next Restart)."""
        changed = settings != self.settings
        self.settings = settings
        save_settings(self.settings_store, settings)
        self._show_provider()
        if (
            changed
            and self.conversation_under_way
            and not self.confirm(
                "Restart the conversation?",
                "The new settings apply to a new conversation. Restart now (this conversation "
                "ends; its log is kept), or keep chatting and restart later?",
            )
        ):
            self.stale.label.setText(
                "The settings changed since this conversation started. Restart to use them."
            )
            self.stale.show()
            return False
        self.restart()
        return True

    def use_scripted(self) -> None:
        self.apply_settings(self.settings.with_changes(provider="scripted"))
        if not self.settings.script:
            self.open_settings()

    def add_tool_action(self, action: QAction) -> None:
        """Put ``action`` in the chat's toolbar (what other parts of the studio offer on the
        conversation, e.g. Save as test)."""
        self.toolbar.addAction(action)

    def set_log_opener(self, opener: Callable[[Path], object] | None) -> None:
        """Who opens this conversation's log in a viewer (see :attr:`log_opener`)."""
        self.log_opener = opener
        self.log_action.setEnabled(opener is not None and self.log_path is not None)

    def open_log(self) -> None:
        """Open this conversation's log in the viewer :attr:`log_opener` opens."""
        if self.log_path is not None and self.log_opener is not None:
            self.log_opener(self.log_path)

    def open_log_folder(self) -> None:
        """Show the folder the logs are written to (the desktop's file manager)."""
        if self.log_path is not None:
            self.open_folder(self.log_path.parent)

    def save_log_as(self, target: Path | None = None) -> Path | None:
        """Copy this conversation's log (as written so far) to ``target`` (asked for when
        None); the chat goes on logging to its own file."""
        if self.log_path is None or not self.log_path.exists():
            return None
        if target is None:
            target = self.ask_save_path(
                "Save the conversation log", Path.home() / self.log_path.name
            )
            if target is None:
                return None
        try:
            atomic_write_bytes(target, self.log_path.read_bytes())
        except OSError as error:
            self._explain(f"<b>Cannot save the log:</b> {_html(str(error))}")
            return None
        return target

    def _ask_save_path(self, title: str, suggested: Path) -> Path | None:
        chosen, _filter = QFileDialog.getSaveFileName(
            self, title, str(suggested), "Conversation logs (*.jsonl);;All files (*)"
        )
        return Path(chosen) if chosen else None

    def _confirm(self, title: str, question: str) -> bool:
        answer = ask(
            self,
            title,
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def closeEvent(self, event: Any) -> None:
        self.stop()
        super().closeEvent(event)
