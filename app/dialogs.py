"""Small dialogs of the studio: a new scenario from a template, naming a signal or a step.

The main window calls them through replaceable attributes (``MainWindow.ask_text`` …) so tests
drive the same code paths without a modal dialog.
"""

from __future__ import annotations

from pathlib import Path

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

from app.plain_text import PlainLabel
from engine.scenario.definition import IDENTIFIER
from engine.scenario.document import TEMPLATES

TEMPLATE_LABELS = {
    "blank": "Blank — one step",
    "linear": "Greeting → goodbye, with a variable",
}


class NewScenarioDialog(QDialog):
    """Name, template and location of a new scenario folder."""

    def __init__(self, location: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.name = QLineEdit("my_scenario")
        self.template = QComboBox()
        for key in sorted(TEMPLATES):
            self.template.addItem(TEMPLATE_LABELS.get(key, key), key)
        self.location = QLineEdit(str(location))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.location, 1)
        row.addWidget(browse)
        self.problem = PlainLabel()
        self.problem.setStyleSheet("color: #c33")
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Template", self.template)
        form.addRow("Create in", row)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(520, self.sizeHint().height())

    @property
    def folder(self) -> Path:
        return Path(self.location.text()).expanduser() / self.name.text().strip()

    @property
    def template_key(self) -> str:
        return str(self.template.currentData())

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self, "Create the scenario in", self.location.text()
        )
        if chosen:
            self.location.setText(chosen)

    def _accept(self) -> None:
        name = self.name.text().strip()
        if not IDENTIFIER.match(name):
            self.problem.setText("Use letters, digits and '_' for the name.")
            return
        if self.folder.exists() and any(self.folder.iterdir()):
            self.problem.setText(f"{self.folder} exists and is not empty.")
            return
        self.accept()
