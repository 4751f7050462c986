"""The chat settings dialog: what answers (a model, the fake model, a reply script), the key.

The key field is a password field that starts empty: a stored key is never shown back, only
where it comes from. A typed key goes to the system keyring when one exists; otherwise the
dialog says it will be kept for this session only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent
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
from app.chat.settings import CHAT_PROVIDERS, KEY_FREE, OWN_KEY, ChatSettings
from app.plain_text import PlainLabel


def provider_label(name: str) -> str:
    """How the dialog names each provider, in words a newcomer understands."""
    labels = {
        "responses": QCoreApplication.translate(
            "ChatSettingsDialog", "OpenAI Responses API (chained, cheapest)"
        ),
        "chat": QCoreApplication.translate(
            "ChatSettingsDialog", "Chat Completions (any OpenAI-compatible server)"
        ),
        "anthropic": QCoreApplication.translate(
            "ChatSettingsDialog", "Anthropic Messages API (Claude; key from ANTHROPIC_API_KEY)"
        ),
        "gemini": QCoreApplication.translate(
            "ChatSettingsDialog", "Gemini API (key from GEMINI_API_KEY)"
        ),
        "fake": QCoreApplication.translate(
            "ChatSettingsDialog",
            "Try without a model — replies made up from the scenario's own steps, costs nothing",
        ),
        "scripted": QCoreApplication.translate(
            "ChatSettingsDialog", "Reply script — replies read from a file, costs nothing"
        ),
    }
    return labels.get(name, name)


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
        create_script: Callable[[], Path | None] | None = None,
    ) -> None:
        """``create_script`` writes a reply script for the scenario and returns its path (the
        pane's *Create a reply script for this scenario*)."""
        super().__init__(parent)
        self.keys = keys
        self.scenario_model = scenario_model
        #: where Browse… starts when no script is chosen yet: the scenario's folder
        self.start_folder = start_folder
        self.create_script = create_script
        self.provider = QComboBox(self)
        for name in CHAT_PROVIDERS:
            self.provider.addItem("", name)  # the texts: retranslate_ui
        self.provider.setCurrentIndex(max(self.provider.findData(settings.provider), 0))
        self.model = QLineEdit(settings.model, self)
        self.base_url = QLineEdit(settings.base_url, self)
        self.script = QLineEdit(settings.script, self)
        self.browse_button = QPushButton(self)
        self.browse_button.clicked.connect(self._browse)
        self.create_button = QPushButton(self)
        self.create_button.clicked.connect(self._create)
        self.create_button.setVisible(create_script is not None)
        script_row = QWidget(self)
        row = QHBoxLayout(script_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.script)
        row.addWidget(self.browse_button)
        row.addWidget(self.create_button)
        self.key = QLineEdit(self)
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_status = PlainLabel(self)
        self.key_status.setWordWrap(True)
        forget = self.forget_button = QPushButton(self)
        forget.clicked.connect(self._forget)
        key_row = QWidget(self)
        krow = QHBoxLayout(key_row)
        krow.setContentsMargins(0, 0, 0, 0)
        krow.addWidget(self.key)
        krow.addWidget(forget)
        form = QFormLayout(self)
        #: the labels of the rows (their texts: retranslate_ui)
        self.row_labels = [PlainLabel(self) for _ in range(5)]
        for label, field in zip(
            self.row_labels,
            (self.provider, self.model, self.base_url, script_row, key_row),
            strict=True,
        ):
            form.addRow(label, field)
        form.addRow("", self.key_status)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.provider.currentIndexChanged.connect(self._provider_changed)
        self._provider_changed()
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set the dialog's texts (again: on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Test chat settings"))
        for index in range(self.provider.count()):
            self.provider.setItemText(index, provider_label(str(self.provider.itemData(index))))
        self.model.setPlaceholderText(
            self.tr("the scenario's model ({model})").format(model=self.scenario_model)
        )
        self.base_url.setPlaceholderText(self.tr("default (OPENAI_BASE_URL or api.openai.com)"))
        self.script.setPlaceholderText(self.tr("a YAML or JSONL file of replies"))
        self.browse_button.setText(self.tr("Browse…"))
        self.create_button.setText(self.tr("Create for This Scenario…"))
        self.create_button.setToolTip(
            self.tr(
                "Write a script pre-filled with the scenario's signals and results, and open it"
            )
        )
        self.key.setPlaceholderText(self.tr("sk-… (leave empty to keep the current key)"))
        self.forget_button.setText(self.tr("Forget stored key"))
        for label, text in zip(
            self.row_labels,
            (
                self.tr("Provider"),
                self.tr("Model"),
                self.tr("Server"),
                self.tr("Reply script"),
                self.tr("API key"),
            ),
            strict=True,
        ):
            label.setText(text)
        self._show_key_status()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _provider_changed(self) -> None:
        chosen = self.provider.currentData()
        scripted = chosen == "scripted"
        for widget in (self.script, self.browse_button, self.create_button):
            widget.setEnabled(scripted)
        for widget in (self.model, self.base_url, self.key):
            widget.setEnabled(chosen not in KEY_FREE)
        self.key.setEnabled(chosen not in KEY_FREE and chosen not in OWN_KEY)  # OpenAI's key

    def _show_key_status(self) -> None:
        where = (
            self.tr("A key typed here is kept in the system keyring.")
            if self.keys.has_keyring
            else self.tr(
                "No system keyring here: a key typed here is kept for this session only "
                "(set {variable} to keep one)."
            ).format(variable=ENV_VAR)
        )
        self.key_status.setText(
            self.tr("{key}. {where}").format(key=self.keys.describe(), where=where)
        )

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
            self,
            self.tr("Reply script"),
            self.browse_start(),
            self.tr("Scripts (*.yaml *.yml *.jsonl *.ndjson)"),
        )
        if path:
            self.script.setText(path)

    def _create(self) -> None:
        if self.create_script is None:
            return
        path = self.create_script()
        if path is not None:
            self.script.setText(str(path))

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
