"""The test chat: talk to the scenario open in the editor, and see what the engine did.

The pane runs the engine on a snapshot of the *current, unsaved* scenario (taken when the
conversation starts; "Restart" takes a new one). Bubbles, the folded system events between
them and the cost meter come from the engine's events, through the same view and projection as
the log viewer — so a conversation looks the same live and when its log is reopened later.

Without a key the pane offers what needs none, in words a newcomer understands: the fake model
(*Try without a model*: replies made up from the scenario's own steps, no cost), a reply script
of the author's, or *Create a reply script for this scenario*, which writes one pre-filled with
the scenario's signals and results and opens it. Which one answers is remembered per scenario
(:mod:`app.chat.settings`) and named in full in the header; a fork of a scripted chat continues
the script where the original stood. A failed turn changes nothing in the engine; the error
shows inline with Retry (the same text again) and Edit (the text back into the input box).

Action steps run live or stubbed (a toggle, :mod:`app.chat.actions`); a folder's Python actions
run only once the author trusts it, and the chat says so until then.

The pane is the conversation's life — starting and stopping it, sending, the engine's events;
what it runs with and where it is logged are :class:`~app.chat.pane_settings.SettingsAndLog`, a
part it is made of. The header and the key-free ways (:mod:`app.chat.key_free`), reply scripts
(:mod:`app.chat.reply_scripts`), the worker (:mod:`app.chat.runner`) and the settings
(:mod:`app.chat.settings`) live apart.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices, QShowEvent
from PySide6.QtWidgets import (
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

from app.chat.actions import ChatActions
from app.chat.key_free import KeyFreeActions, ProviderHeader, offer_in_notice
from app.chat.keys import ENV_VAR, ApiKeyStore
from app.chat.pane_settings import SettingsAndLog, _html
from app.chat.parts import Banner, ChatInput, TypingIndicator
from app.chat.reply_scripts import script_history
from app.chat.runner import ConversationRunner
from app.chat.settings import load_settings
from app.logview.projection import ConversationProjection
from app.logview.variables_panel import MeterLabel, VariablesPanel
from app.logview.view import ConversationView
from app.plain_text import RichLabel, ask, escape, plain_tooltip
from engine.conversation.conversation_core import Conversation
from engine.errors import PrompterError
from engine.log.events import Event, EventType
from engine.log.writer import LogWriter
from engine.providers import Provider
from engine.providers.scripted import ScriptedProvider
from engine.scenario.definition import Scenario

ScenarioSource = Callable[[], Scenario | None]


def stale_text() -> str:
    """What the stale banner says, in the studio's language."""
    return QCoreApplication.translate(
        "ChatPane", "The scenario changed since this conversation started. Restart to chat with it."
    )


def _open_folder(folder: Path) -> bool:
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def _open_file(path: Path) -> bool:
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


class ChatPane(SettingsAndLog, QWidget):
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
        #: the folder of the scenario the settings are for (they are remembered per scenario)
        self.settings_root = self._current_root()
        self.settings = load_settings(self.settings_store, self.settings_root)
        self.keys = keys if keys is not None else ApiKeyStore()
        self.log_dir = log_dir
        self.log_path: Path | None = None
        #: what the pane says while the editor has no scenario to run (the studio says why)
        self.no_scenario_text = self.tr("Open a scenario to chat with it.")
        #: replaceable in tests: (title, question) -> yes?
        self.confirm: Callable[[str, str], bool] = self._confirm
        #: replaceable in tests: opens a folder in the desktop's file manager
        self.open_folder: Callable[[Path], object] = _open_folder
        #: replaceable in tests: (title, suggested path) -> the path chosen, or None
        self.ask_save_path: Callable[[str, Path], Path | None] = self._ask_save_path
        #: replaceable in tests: opens a file for editing (the desktop's text editor)
        self.open_file: Callable[[Path], object] = _open_file
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
        #: how many replies of the reply script the conversation's history used
        self._script_start = 0

        self.variables = VariablesPanel()
        self.view = ConversationView(self)
        self.view.setObjectName("chatView")
        self.variables.turn_selected.connect(self.view.scroll_to_turn)
        self._build()

    # --- layout ------------------------------------------------------------------------------

    def _build(self) -> None:
        self.toolbar = QToolBar(self)  # the texts of the pane: retranslate_ui
        self.toolbar.setObjectName("chatToolbar")
        self._build_actions()
        self._build_toolbar()
        self._build_banners()
        input_row = self._build_input()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.header)
        layout.addWidget(self.notice)
        layout.addWidget(self.info)
        layout.addWidget(self.chat_actions.banner)
        layout.addWidget(self.stale)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.typing)
        layout.addWidget(self.error_bar)
        layout.addLayout(input_row)
        layout.addWidget(self.meter)
        layout.addWidget(self.log_label)
        self.retranslate_ui()

    def _build_actions(self) -> None:
        """The pane's commands: restart, settings, the key-free ways, the log's, live actions."""
        self.restart_action = QAction(self)
        self.restart_action.triggered.connect(self.restart)
        self.settings_action = QAction(self)
        self.settings_action.triggered.connect(self.open_settings)
        self.system_action = QAction(self)
        self.system_action.setCheckable(True)
        self.system_action.setChecked(True)
        self.system_action.toggled.connect(self.view.set_show_system)
        self.key_free = KeyFreeActions(
            self,
            use_fake=self.use_fake_model,
            use_script=self.use_scripted,
            create_script=self.create_reply_script,
        )
        self.log_action = QAction(self)
        self.log_action.triggered.connect(self.open_log)
        self.log_action.setEnabled(False)
        self.save_log_action = QAction(self)
        self.save_log_action.triggered.connect(lambda _checked=False: self.save_log_as())
        self.save_log_action.setEnabled(False)
        self.log_folder_action = QAction(self)
        self.log_folder_action.triggered.connect(lambda _checked=False: self.open_log_folder())
        self.log_folder_action.setEnabled(False)
        self.chat_actions = ChatActions(self.settings_store, self._actions_changed, self)

    def _build_toolbar(self) -> None:
        """The toolbar (restart, live actions, the log's menu) and the header naming the model."""
        bar = self.toolbar
        bar.addAction(self.restart_action)
        bar.addAction(self.chat_actions.live_action)
        # The log's commands and the view's toggle share one button, the settings sit in the
        # header: the toolbar keeps Save as Test in sight in a pane 290 pixels wide (1366×768).
        log_menu = QMenu(self)
        log_menu.addActions([self.log_action, self.save_log_action, self.log_folder_action])
        log_menu.addSeparator()
        log_menu.addAction(self.system_action)
        self.log_button = QToolButton(self)
        self.log_button.setObjectName("logButton")
        self.log_button.setMenu(log_menu)
        self.log_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self._log_widget_action = bar.addWidget(self.log_button)
        self.header = ProviderHeader(self.settings_action, self.key_free, self)
        self.provider_label = self.header.label

    def _build_banners(self) -> None:
        """The banners above and below the conversation: no key, info, stale, typing, error."""
        self.notice = Banner("chatNotice", "palette(alternate-base)", self)
        self.notice.label.setTextFormat(Qt.TextFormat.RichText)
        self.notice_fake, self.notice_more = offer_in_notice(
            self.notice, self.key_free, self.open_settings
        )
        #: what just happened to the chat (a fork continued here), until the author goes on
        self.info = Banner("chatInfo", "rgba(46,125,50,40)", self)
        self.info.label.setTextFormat(Qt.TextFormat.PlainText)
        self.info_ok = self.info.add_button("", self.info.hide)
        self.stale = Banner("staleNotice", "rgba(66,133,244,40)", self)
        #: why the stale banner shows: "changed" or "loads_again" (its text follows the language)
        self._stale_reason = "changed"
        self.stale.label.setText(stale_text())
        self.stale_restart = self.stale.add_button("", self.restart)

        self.typing = TypingIndicator(self)
        self.error_bar = Banner("chatError", "rgba(214,80,60,45)", self)
        self.retry_button = self.error_bar.add_button("", self.retry)
        self.edit_button = self.error_bar.add_button("", self.edit_failed)
        self.dismiss_button = self.error_bar.add_button("", self.error_bar.hide)

    def _build_input(self) -> QHBoxLayout:
        """The input box and Send (the row returned), the cost meter and the log's path."""
        self.input = ChatInput(self)
        self.input.setObjectName("chatInput")
        self.input.setFixedHeight(62)
        self.input.submitted.connect(self.send_input)
        self.send_button = QPushButton(self)
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
        return input_row

    def retranslate_ui(self) -> None:
        """Set the pane's texts (again: on ``LanguageChange``)."""
        self.toolbar.setWindowTitle(self.tr("Chat"))
        self._show_stale_text()
        for action, text, tip in (
            (
                self.restart_action,
                self.tr("Restart"),
                self.tr("Start a new conversation on the scenario as it is now"),
            ),
            (
                self.settings_action,
                self.tr("Settings…"),
                self.tr("What answers: a model, the fake model or a reply script; the API key"),
            ),
            (
                self.system_action,
                self.tr("Show System Events"),
                self.tr("Fold out the engine's events between the bubbles"),
            ),
            (
                self.log_action,
                self.tr("Open in Log Viewer"),
                self.tr("Open this conversation's log in the log viewer"),
            ),
            (
                self.save_log_action,
                self.tr("Save Log As…"),
                self.tr("Keep a copy of this conversation's log where you choose"),
            ),
            (
                self.log_folder_action,
                self.tr("Show Folder"),
                self.tr("Open the folder the test chat's logs are written to"),
            ),
        ):
            action.setText(text)
            action.setToolTip(plain_tooltip(tip))
        self.log_button.setText(self.tr("Log"))
        self.log_button.setToolTip(
            self.tr("This conversation's log: open it in the viewer, save a copy, show its folder")
        )
        self.info_ok.setText(self.tr("OK"))
        self.stale_restart.setText(self.tr("Restart"))
        self.retry_button.setText(self.tr("Retry"))
        self.edit_button.setText(self.tr("Edit message"))
        self.dismiss_button.setText(self.tr("Dismiss"))
        self.send_button.setText(self.tr("Send"))
        self.key_free.retranslate_ui()
        self._update_enabled()
        self._show_provider()
        self._show_log_path()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _show_provider(self) -> None:
        scenario = self.scenario_source()
        model = scenario.model.name if scenario else "?"
        self.provider_label.setText(self.settings.describe(model))
        if self.settings.provider == "scripted" and self.settings.script:
            where = self.tr("Reply script: {path}").format(path=self.settings.script)
            used = self._script_start
            if used:
                where += "\n" + self.tr("Continues at reply {number}").format(number=used + 1)
            tip = where
        elif self.settings.synthetic:
            tip = self.key_free.fake.toolTip()
        else:
            tip = self.keys.describe()
        self.provider_label.setToolTip(
            plain_tooltip(tip + "\n" + self.tr("Remembered for this scenario"))
        )

    def _current_root(self) -> Path | None:
        scenario = self.scenario_source()
        return scenario.root if scenario is not None else None

    def _load_settings_for_scenario(self) -> None:
        """The settings of the scenario now in the editor, if it is another one."""
        root = self._current_root()
        if root != self.settings_root:
            self.settings_root = root
            self.settings = load_settings(self.settings_store, root)

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
        self.info.hide()
        self.notice.hide()
        self.stale.hide()
        self.error_bar.hide()
        # The previous conversation's transcript and log link go with it: if this one cannot
        # start (no key, a scenario that does not load), nothing of another chat stays on show.
        self.view.set_events([])
        self.log_label.hide()
        current = self.scenario_source()
        if current is None:
            return self._explain(self.no_scenario_text)
        self._load_settings_for_scenario()
        scenario = current.model_copy(deep=True)  # later edits must not race the worker
        self.settings.apply_to(scenario)  # the output cap chosen in the settings
        past = list(history)
        self._script_start = 0
        self._show_provider()
        self.projection = ConversationProjection(
            initial_values={name: var.default for name, var in scenario.variables.items()}
        )
        self._refresh_side()  # the scenario's variables, even before a conversation can start
        provider = self._make_provider(scenario, script_history(past, fork_turn))
        if provider is None:
            return False
        self._script_start = provider.calls if isinstance(provider, ScriptedProvider) else 0
        past = list(history)
        actions = self.chat_actions.runner_for(scenario)
        try:
            if fork_turn is None:
                conversation = Conversation(scenario, provider, actions=actions)
            else:
                conversation = Conversation.fork(
                    past, fork_turn, scenario, provider, actions=actions
                )
        except PrompterError as error:
            asyncio.run(provider.aclose())
            return self._explain(
                self.tr("Cannot start the conversation: {error}").format(error=_html(str(error)))
            )
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

    def _make_provider(self, scenario: Scenario, used: list[str | None]) -> Provider | None:
        """The provider of the settings; ``used``: the script replies a fork's history took."""
        key = self.keys.find() if self.settings.needs_key else None
        if self.settings.needs_key and key is None:
            self._explain(
                self.tr(
                    "<b>No OpenAI API key.</b> Try without a model — replies made up from "
                    "the scenario's own steps, costs nothing."
                ),
                tooltip=self.tr(
                    "To chat with a real model, set {variable} before starting the studio, or "
                    "add a key in Settings… (kept in the system keyring when there is one, "
                    "never in a file). Other ways without a key: a reply script of your own, "
                    "or one created for this scenario."
                ).format(variable=ENV_VAR),
                keyless=True,
            )
            return None
        try:
            return self.settings.make_provider(
                key.value if key else None, scenario=scenario, script_history=used
            )
        except PrompterError as error:
            self._explain(
                self.tr("<b>The chat cannot start:</b> {error}").format(error=_html(str(error)))
            )
            return None

    def _explain(self, html: str, *, tooltip: str = "", keyless: bool = False) -> bool:
        """Say why no conversation runs; ``keyless``: offer the ways that need no key."""
        self.notice.label.setText(html)
        self.notice.label.setToolTip(plain_tooltip(tooltip))
        self.notice_fake.setVisible(keyless)
        self.notice_more.setVisible(keyless)
        self.notice.show()
        self._update_enabled()
        return False

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
        """Continue live from the end of ``turn`` of a logged conversation, and say so."""
        if not self.start_conversation(events, fork_turn=turn):
            return False
        self.info.label.setText(
            self.tr(
                "Forked from turn {turn} of a logged conversation: it goes on here, in a new "
                "log. Type the next message."
            ).format(turn=turn)
        )
        self.info.show()
        self.input.setFocus()
        return True

    def mark_scenario_changed(self) -> None:
        """The editor changed the scenario: offer a restart (the running chat keeps its copy)."""
        if self.runner is not None:
            self._stale_reason = "changed"
            self._show_stale_text()
            self.stale.show()

    def _show_stale_text(self) -> None:
        if self._stale_reason == "loads_again":
            text = self.tr("The scenario loads again. Restart to chat with it as it is now.")
        else:
            text = stale_text()
        self.stale.label.setText(text)

    def scenario_loads_again(self) -> None:
        """The scenario was broken and loads again: start over at once when nothing was said
        (or no conversation could start), else offer to."""
        if self.conversation_under_way:
            self._stale_reason = "loads_again"
            self._show_stale_text()
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
        self.info.hide()
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
        self.meter.show_meter(
            self.projection.billed,
            self.projection.user_messages,
            synthetic=self.settings.synthetic,
        )

    def _on_busy(self, busy: bool) -> None:
        if busy:
            self.typing.start()
        else:
            self.typing.stop()
        self._update_enabled()

    def _on_failed(self, what: str, message: str, retryable: bool) -> None:
        lead = (
            self.tr("The conversation could not start") if what == "start" else self.tr("No answer")
        )
        self.error_bar.label.setText(
            self.tr("<b>{lead}</b> — nothing was changed, your message is kept.<br>{error}").format(
                lead=lead, error=escape(message)
            )
        )
        self.retry_button.setVisible(what == "send")
        self.retry_button.setEnabled(True)
        self.retry_button.setToolTip(
            plain_tooltip(
                self.tr("Send the same message again")
                if retryable
                else self.tr("This error is unlikely to go away by retrying; check the settings")
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
            self.input.setPlaceholderText(
                self.tr("The conversation has ended — Restart to begin again")
            )
        else:
            self.input.setPlaceholderText(
                self.tr("Type a message — Enter sends, Shift+Enter for a new line")
            )

    # --- settings and logs -------------------------------------------------------------------

    def add_tool_action(self, action: QAction) -> None:
        """Put ``action`` in the chat's toolbar, before the log's button (what other parts of
        the studio offer on the conversation, e.g. Save as test: always in sight)."""
        self.toolbar.insertAction(self._log_widget_action, action)

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
