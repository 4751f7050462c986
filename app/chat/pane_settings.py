"""The test chat's settings and its log: what the conversation runs with, and where it is written.

The settings (provider, model, key-free ways, reply scripts) are remembered per scenario
(:mod:`app.chat.settings`); new settings apply to a new conversation, after asking when the
author has said something in this one. Every conversation is logged as JSON Lines to a file of
its own in the log folder (the key masked); the chat can open it in the log viewer, show its
folder, or save a copy while it goes on logging.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QWidget

from app.chat.keys import ApiKeyStore
from app.chat.parts import Banner
from app.chat.reply_scripts import found_reply_script, write_reply_script
from app.chat.runner import ConversationRunner
from app.chat.settings import ChatSettings, save_settings
from app.chat.settings_dialog import ChatSettingsDialog
from app.logview.projection import ConversationProjection
from app.plain_text import RichLabel, plain_tooltip
from engine.conversation.conversation_core import Conversation
from engine.io.atomic import atomic_write_bytes
from engine.log.writer import LogWriter
from engine.scenario.definition import Scenario


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "chat"


class SettingsAndLog(QWidget):
    """The settings and the log of a :class:`~app.chat.pane.ChatPane` (a part of it)."""

    # what the pane holds and these use (the pane builds them)
    scenario_source: Callable[[], Scenario | None]
    settings_store: QSettings
    settings_root: Path | None
    settings: ChatSettings
    keys: ApiKeyStore
    log_dir: Path | None
    log_path: Path | None
    log_opener: Callable[[Path], object] | None
    _log_writer: LogWriter | None
    confirm: Callable[[str, str], bool]
    open_folder: Callable[[Path], object]
    open_file: Callable[[Path], object]
    ask_save_path: Callable[[str, Path], Path | None]
    log_action: QAction
    save_log_action: QAction
    log_folder_action: QAction
    log_label: RichLabel
    stale: Banner
    _current_root: Callable[[], Path | None]
    _explain: Callable[..., bool]
    _show_provider: Callable[[], None]
    restart: Callable[[], None]

    runner: ConversationRunner | None
    projection: ConversationProjection

    @property
    def conversation_under_way(self) -> bool:
        """Whether the author has said something in the running conversation."""
        return self.runner is not None and self.projection.user_messages > 0

    def open_settings(self) -> None:
        scenario = self.scenario_source()
        dialog = ChatSettingsDialog(
            self.settings,
            self.keys,
            scenario.model.name if scenario else "?",
            self,
            start_folder=scenario.root if scenario is not None else None,
            create_script=self.write_reply_script if scenario is not None else None,
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
        save_settings(self.settings_store, settings, self.settings_root)
        self._show_provider()
        if (
            changed
            and self.conversation_under_way
            and not self.confirm(
                self.tr("Restart the conversation?"),
                self.tr(
                    "The new settings apply to a new conversation. Restart now (this "
                    "conversation ends; its log is kept), or keep chatting and restart later?"
                ),
            )
        ):
            self.stale.label.setText(
                self.tr(
                    "The settings changed since this conversation started. Restart to use them."
                )
            )
            self.stale.show()
            return False
        self.restart()
        return True

    def use_fake_model(self) -> bool:
        """Chat with the fake model (remembered for this scenario)."""
        return self.apply_settings(self.settings.with_changes(provider="fake"))

    def _actions_changed(self) -> None:
        """Actions run another way now (trust, the toggle): restart, or offer to."""
        if not self.conversation_under_way:
            return self.restart()
        self.stale.label.setText(self.tr("How actions run changed. Restart to run them that way."))
        self.stale.show()

    def use_scripted(self) -> None:
        """Chat with a reply script: the one chosen before, else one the scenario ships with
        (the analyst bot's ``demo/replies.yaml``), else the settings ask for one."""
        script = self.settings.script or str(found_reply_script(self._current_root()) or "")
        self.apply_settings(self.settings.with_changes(provider="scripted", script=script))
        if not self.settings.script:
            self.open_settings()

    def create_reply_script(self, target: Path | None = None) -> Path | None:
        """Write a reply script for the scenario (asking where when ``target`` is None), open
        it, and chat with it. None when nothing was written (cancelled, or it failed)."""
        written = self.write_reply_script(target)
        if written is not None:
            self.apply_settings(
                self.settings.with_changes(provider="scripted", script=str(written))
            )
        return written

    def write_reply_script(self, target: Path | None = None) -> Path | None:
        """Write a reply script for the scenario and open it for editing (see
        :meth:`create_reply_script`, which also chats with it)."""
        scenario = self.scenario_source()
        if scenario is None:
            return None
        if target is None:
            folder = scenario.root or Path.home()
            target = self.ask_save_path(
                self.tr("Create a reply script"), folder / "demo" / "replies.yaml"
            )
            if target is None:
                return None
        try:
            write_reply_script(scenario, target)
        except OSError as error:
            self._explain(
                self.tr("<b>Cannot write the reply script:</b> {error}").format(
                    error=_html(str(error))
                )
            )
            return None
        self.open_file(target)
        return target

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
        self._show_log_path()
        self.log_label.show()

    def _show_log_path(self) -> None:
        if self.log_path is None:
            return
        folder = self.log_path.parent
        link = f"<a href='{folder.as_uri()}'>{_html(self.log_path.name)}</a>"
        self.log_label.setText(self.tr("Log: {link}").format(link=link))
        self.log_label.setToolTip(
            plain_tooltip(
                f"{self.log_path}\n"
                + self.tr(
                    "Click to open the folder; every test conversation is logged there "
                    "(JSON Lines)."
                )
            )
        )

    def _close_log(self) -> None:
        if self._log_writer is not None:
            self._log_writer.close()
            self._log_writer = None

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
                self.tr("Save the conversation log"), Path.home() / self.log_path.name
            )
            if target is None:
                return None
        try:
            atomic_write_bytes(target, self.log_path.read_bytes())
        except OSError as error:
            self._explain(
                self.tr("<b>Cannot save the log:</b> {error}").format(error=_html(str(error)))
            )
            return None
        return target

    def _ask_save_path(self, title: str, suggested: Path) -> Path | None:
        chosen, _filter = QFileDialog.getSaveFileName(
            self,
            title,
            str(suggested),
            self.tr("Conversation logs (*.jsonl);;All files (*)"),
        )
        return Path(chosen) if chosen else None


__all__ = ["SettingsAndLog"]
