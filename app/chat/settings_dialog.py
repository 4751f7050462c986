"""The chat settings dialog: provider, model, server, reply script, and the API key.

The key field is a password field that starts empty: a stored key is never shown back, only
where it comes from. A typed key goes to the system keyring when one exists; otherwise the
dialog says it will be kept for this session only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from app.chat.keys import ENV_VAR, ApiKeyStore
from app.chat.settings import ChatSettings
from app.plain_text import PlainLabel
from engine.providers import PROVIDER_NAMES

PROVIDER_LABELS = {
    "responses": "OpenAI Responses API (chained, cheapest)",
    "chat": "Chat Completions (any OpenAI-compatible server)",
    "scripted": "Scripted replies (no model, no key)",
}


class ChatSettingsDialog(QDialog):
    """Edits a :class:`ChatSettings`; ``result_settings()`` after ``exec()`` returns Accepted."""

    def __init__(
        self,
        settings: ChatSettings,
        keys: ApiKeyStore,
        scenario_model: str,
        parent: Any = None,
        *,
        start_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Test chat settings")
        self.keys = keys
        #: where Browse… starts when no script is chosen yet: the scenario's folder
        self.start_folder = start_folder
        self.provider = QComboBox(self)
        for name in PROVIDER_NAMES:
            self.provider.addItem(PROVIDER_LABELS.get(name, name), name)
        self.provider.setCurrentIndex(max(self.provider.findData(settings.provider), 0))
        self.model = QLineEdit(settings.model, self)
        self.model.setPlaceholderText(f"the scenario's model ({scenario_model})")
        self.base_url = QLineEdit(settings.base_url, self)
        self.base_url.setPlaceholderText("default (OPENAI_BASE_URL or api.openai.com)")
        self.script = QLineEdit(settings.script, self)
        self.script.setPlaceholderText("a YAML or JSONL file of replies")
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        script_row = QWidget(self)
        row = QHBoxLayout(script_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.script)
        row.addWidget(browse)
        self.key = QLineEdit(self)
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.key.setPlaceholderText("sk-… (leave empty to keep the current key)")
        self.key_status = PlainLabel(self)
        self.key_status.setWordWrap(True)
        forget = QPushButton("Forget stored key", self)
        forget.clicked.connect(self._forget)
        key_row = QWidget(self)
        krow = QHBoxLayout(key_row)
        krow.setContentsMargins(0, 0, 0, 0)
        krow.addWidget(self.key)
        krow.addWidget(forget)
        form = QFormLayout(self)
        form.addRow("Provider", self.provider)
        form.addRow("Model", self.model)
        form.addRow("Server", self.base_url)
        form.addRow("Reply script", script_row)
        form.addRow("API key", key_row)
        form.addRow("", self.key_status)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.provider.currentIndexChanged.connect(self._provider_changed)
        self._provider_changed()
        self._show_key_status()

    def _provider_changed(self) -> None:
        scripted = self.provider.currentData() == "scripted"
        self.script.setEnabled(scripted)
        for widget in (self.model, self.base_url, self.key):
            widget.setEnabled(not scripted)

    def _show_key_status(self) -> None:
        where = (
            "A key typed here is kept in the system keyring."
            if self.keys.has_keyring
            else "No system keyring here: a key typed here is kept for this session only"
            f" (set {ENV_VAR} to keep one)."
        )
        self.key_status.setText(f"{self.keys.describe()}. {where}")

    def _forget(self) -> None:
        self.keys.forget()
        self._show_key_status()

    def browse_start(self) -> str:
        """Where the file dialog opens: the chosen script's folder, else the scenario's."""
        chosen = self.script.text().strip()
        if chosen and Path(chosen).parent.is_dir():
            return chosen
        return str(self.start_folder) if self.start_folder is not None else ""

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Reply script", self.browse_start(), "Scripts (*.yaml *.yml *.jsonl *.ndjson)"
        )
        if path:
            self.script.setText(path)

    def accept(self) -> None:
        typed = self.key.text().strip()
        if typed:
            self.keys.store(typed)
            self.key.clear()
        super().accept()

    def result_settings(self) -> ChatSettings:
        return ChatSettings(
            provider=str(self.provider.currentData()),
            model=self.model.text().strip(),
            base_url=self.base_url.text().strip(),
            script=self.script.text().strip(),
        )
