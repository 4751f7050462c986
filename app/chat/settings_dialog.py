"""The chat settings dialog: what answers (a model, the fake model, a reply script), the key.

The key field is a password field that starts empty: a stored key is never shown back, only
where it comes from. A typed key goes to the system keyring when one exists; otherwise the
dialog says it will be kept for this session only.

A real API also takes a server (base URL), a timeout and an output cap, and *Check this server*
asks the server what it does with the model (:mod:`app.chat.server_check`, off the UI thread)
and says it in words: whether it enforces the reply's schema, chains replies, reports usage.
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
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from app.chat.keys import ENV_VAR, ApiKeyStore
from app.chat.server_check import Checker, ServerCheck, profile_words
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
        checker: Checker | None = None,
    ) -> None:
        """``create_script`` writes a reply script for the scenario and returns its path (the
        pane's *Create a reply script for this scenario*); ``checker`` checks a server (the
        engine's ``check_server`` by default)."""
        super().__init__(parent)
        self.keys = keys
        self.scenario_model = scenario_model
        #: where Browse… starts when no script is chosen yet: the scenario's folder
        self.start_folder = start_folder
        self.create_script = create_script
        self._build_model_fields(settings)
        self._build_server_check(checker)
        script_row = self._build_script_row(settings)
        key_row = self._build_key_row()
        self._lay_out(script_row, key_row)
        self.provider.currentIndexChanged.connect(self._provider_changed)
        self._provider_changed()
        self.retranslate_ui()

    def _build_model_fields(self, settings: ChatSettings) -> None:
        """The provider, the model, the server, the timeout and the output cap, as set."""
        self.provider = QComboBox(self)
        for name in CHAT_PROVIDERS:
            self.provider.addItem("", name)  # the texts: retranslate_ui
        self.provider.setCurrentIndex(max(self.provider.findData(settings.provider), 0))
        self.model = QLineEdit(settings.model, self)
        self.base_url = QLineEdit(settings.base_url, self)
        self.timeout = QDoubleSpinBox(self)
        self.timeout.setRange(0, 3600)
        self.timeout.setDecimals(0)
        self.timeout.setValue(settings.timeout)
        self.max_output = QSpinBox(self)
        self.max_output.setRange(0, 1_000_000)
        self.max_output.setSingleStep(256)
        self.max_output.setValue(settings.max_output_tokens)

    def _build_server_check(self, checker: Checker | None) -> None:
        """*Check this server*, where its answer shows, and the check run off the UI thread."""
        self.check_button = QPushButton(self)
        self.check_button.clicked.connect(self.check_server)
        self.check_result = PlainLabel(self)
        self.check_result.setObjectName("serverCheckResult")
        self.check_result.setWordWrap(True)
        self.checking = ServerCheck(checker, self)
        self.checking.finished.connect(self._checked)
        self.checking.failed.connect(self._check_failed)

    def _build_script_row(self, settings: ChatSettings) -> QWidget:
        """The reply script's path, with Browse… and (when the pane can) Create."""
        self.script = QLineEdit(settings.script, self)
        self.browse_button = QPushButton(self)
        self.browse_button.clicked.connect(self._browse)
        self.create_button = QPushButton(self)
        self.create_button.clicked.connect(self._create)
        self.create_button.setVisible(self.create_script is not None)
        script_row = QWidget(self)
        row = QHBoxLayout(script_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.script)
        row.addWidget(self.browse_button)
        row.addWidget(self.create_button)
        return script_row

    def _build_key_row(self) -> QWidget:
        """The key field (empty: a stored key is never shown back) and Forget; its status."""
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
        return key_row

    def _lay_out(self, script_row: QWidget, key_row: QWidget) -> None:
        """The form: a labelled row per field, the key's status and the check, then OK/Cancel."""
        form = QFormLayout(self)
        #: the labels of the rows (their texts: retranslate_ui)
        self.row_labels = [PlainLabel(self) for _ in range(7)]
        for label, field in zip(
            self.row_labels,
            (
                self.provider,
                self.model,
                self.base_url,
                self.timeout,
                self.max_output,
                script_row,
                key_row,
            ),
            strict=True,
        ):
            form.addRow(label, field)
        form.addRow("", self.key_status)
        form.addRow("", self.check_button)
        form.addRow("", self.check_result)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def changeEvent(self, event: QEvent) -> None:
        # A class of its own retranslates here, not through an event filter: with the filter,
        # two of these dialogs alive at once crashed the interpreter in processEvents.
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        """Set the dialog's texts (again: on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Test chat settings"))
        for index in range(self.provider.count()):
            self.provider.setItemText(index, provider_label(str(self.provider.itemData(index))))
        self.model.setPlaceholderText(
            self.tr("the scenario's model ({model})").format(model=self.scenario_model)
        )
        self.base_url.setPlaceholderText(self.tr("default (OPENAI_BASE_URL or api.openai.com)"))
        self.timeout.setSpecialValueText(self.tr("default (60 s)"))
        self.timeout.setSuffix(self.tr(" s"))
        self.max_output.setSpecialValueText(self.tr("the scenario's"))
        self.check_button.setText(self.tr("Check This Server"))
        self.check_button.setToolTip(
            self.tr(
                "Ask the server, in a few small calls, what it does with this model: whether "
                "it holds replies to the schema, chains them, reports usage when streaming"
            )
        )
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
                self.tr("Timeout"),
                self.tr("Output cap (tokens)"),
                self.tr("Reply script"),
                self.tr("API key"),
            ),
            strict=True,
        ):
            label.setText(text)
        self._show_key_status()

    def _provider_changed(self) -> None:
        chosen = self.provider.currentData()
        scripted = chosen == "scripted"
        for widget in (self.script, self.browse_button, self.create_button):
            widget.setEnabled(scripted)
        for field in (self.model, self.base_url, self.key, self.timeout, self.max_output):
            field.setEnabled(chosen not in KEY_FREE)
        self.check_button.setEnabled(chosen not in KEY_FREE and not self.checking.running)
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
            timeout=float(self.timeout.value()),
            max_output_tokens=int(self.max_output.value()),
        )

    def check_server(self) -> None:
        """*Check this server*: the chosen provider, server and model, asked off the UI thread."""
        chosen = self.result_settings()
        if chosen.provider in KEY_FREE or self.checking.running:
            return
        typed = self.key.text().strip()
        found = self.keys.find()
        key = typed or (found.value if found is not None else None)
        self.check_button.setEnabled(False)
        self.check_result.setText(
            self.tr("Checking {server} with {model}…").format(
                server=chosen.base_url or self.tr("the default server"),
                model=chosen.model or self.scenario_model,
            )
        )
        self.checking.start(
            chosen.provider,
            chosen.model or self.scenario_model,
            chosen.base_url or None,
            None if chosen.provider in OWN_KEY else key,
            chosen.timeout or None,
        )

    def _checked(self, profile: Any) -> None:
        self.check_button.setEnabled(True)
        self.check_result.setText(profile_words(profile))

    def _check_failed(self, message: str) -> None:
        self.check_button.setEnabled(True)
        self.check_result.setText(
            self.tr("The check failed: {error}").format(error=message.strip())
        )
