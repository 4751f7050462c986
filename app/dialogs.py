"""Small dialogs of the studio: a new scenario from a template, naming a signal or a step.

The main window calls them through replaceable attributes (``MainWindow.ask_text`` …) so tests
drive the same code paths without a modal dialog.

:class:`NewScenarioDialog` follows the retranslate pattern (:mod:`app.i18n`): its widgets are
built without text, and :meth:`~NewScenarioDialog.retranslate_ui` sets them — once built, and
again when the studio's language changes while it is open.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from app.plain_text import PlainLabel, plain_tooltip
from app.widgets import retranslated
from engine.scenario.definition import IDENTIFIER
from engine.scenario.document import TEMPLATES
from engine.scenario.names import disallowed_characters, identifier_from


class NewScenarioDialog(QDialog):
    """Name, template and location of a new scenario folder."""

    def __init__(self, location: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = QLineEdit("my_scenario")
        self.template = QComboBox()
        for key in sorted(TEMPLATES):
            self.template.addItem(key, key)  # the labels: retranslate_ui
        self.location = QLineEdit(str(location))
        self.browse = QPushButton()
        self.browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.location, 1)
        row.addWidget(self.browse)
        self.problem = PlainLabel()
        self.problem.setStyleSheet("color: #c33")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)  # it quotes what the author typed
        self.problem.hide()
        #: takes the name the problem suggests (shown only when there is one)
        self.use_suggestion = QPushButton()
        self.use_suggestion.hide()
        self.use_suggestion.clicked.connect(self._take_suggestion)
        self._suggestion = ""
        # Labels made here, kept, and named in retranslate_ui: a row added with an empty string
        # has no label widget to rename later.
        self.name_label, self.template_label, self.location_label = (
            PlainLabel(),
            PlainLabel(),
            PlainLabel(),
        )
        self.name_label.setBuddy(self.name)
        self.template_label.setBuddy(self.template)
        self.location_label.setBuddy(self.location)
        self.form = form = QFormLayout(self)
        # The dialog grows with what the problem says: a long refusal is never cut off.
        form.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        form.addRow(self.name_label, self.name)
        form.addRow(self.template_label, self.template)
        form.addRow(self.location_label, row)
        form.addRow(self.problem)
        form.addRow(self.use_suggestion)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        #: what the problem label says, kept to say it again in another language
        self._refused: tuple[str, str] | None = None
        retranslated(self, self.retranslate_ui)
        self.resize(520, self.sizeHint().height())

    def retranslate_ui(self) -> None:
        """Every text of the dialog, in the studio's language."""
        self.setWindowTitle(self.tr("New scenario"))
        labels = {
            "blank": self.tr("Blank — one step"),
            "linear": self.tr("Greeting → goodbye, with a variable"),
        }
        for index in range(self.template.count()):
            key = str(self.template.itemData(index))
            self.template.setItemText(index, labels.get(key, key))
        self.browse.setText(self.tr("Browse…"))
        self.name_label.setText(self.tr("&Name:"))
        self.template_label.setText(self.tr("&Template:"))
        self.location_label.setText(self.tr("&Create in:"))
        self.name.setToolTip(plain_tooltip(self.identifier_rule()))
        if self._refused is not None:
            self._say(*self._refused)

    def identifier_rule(self) -> str:
        return self.tr(
            "A scenario's name may hold only ASCII letters (a–z, A–Z), digits (0–9) and _, "
            "and does not start with a digit."
        )

    @property
    def folder(self) -> Path:
        return Path(self.location.text()).expanduser() / self.name.text().strip()

    @property
    def template_key(self) -> str:
        return str(self.template.currentData())

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self, self.tr("Create the scenario in"), self.location.text()
        )
        if chosen:
            self.location.setText(chosen)

    def _accept(self) -> None:
        name = self.name.text().strip()
        if not IDENTIFIER.match(name):
            self._say("name", name)
            return
        if self.folder.exists() and any(self.folder.iterdir()):
            self._say("exists", str(self.folder))
            return
        self.accept()

    def _take_suggestion(self) -> None:
        self.name.setText(self._suggestion)
        self._refused = None
        self.problem.hide()
        self.use_suggestion.hide()
        self.name.setFocus()

    def _show_problem(self, text: str, suggestion: str = "") -> None:
        self._suggestion = suggestion
        self.problem.setText(text)
        self.problem.show()
        self.use_suggestion.setText(self.tr("Use “{suggestion}”").format(suggestion=suggestion))
        self.use_suggestion.setVisible(bool(suggestion))
        self.adjustSize()

    def _say(self, problem: str, value: str) -> None:
        """Say why the dialog cannot be accepted (``problem``: name, exists)."""
        self._refused = (problem, value)
        if problem == "exists":
            self._show_problem(self.tr("{folder} exists and is not empty.").format(folder=value))
            return
        if not value:
            self._show_problem(self.tr("The scenario needs a name.") + " " + self.identifier_rule())
            return
        bad = disallowed_characters(value)
        if bad:
            why = self.tr("“{name}” holds {characters}, which a name cannot hold.").format(
                name=value, characters=" ".join(f"“{char}”" for char in bad)
            )
        else:
            why = self.tr("“{name}” starts with a digit.").format(name=value)
        suggestion = identifier_from(value, "scenario")
        self._show_problem(
            f"{why} {self.identifier_rule()}", suggestion if suggestion != value else ""
        )
