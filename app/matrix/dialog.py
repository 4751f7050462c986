"""*Tools ▸ Model matrix…*: which models, which variants, which tests and personas, how often.

Models are ticked in a list: the key-free fake model, keeping the contract and breaking it on
30 % of its replies (ticked: a matrix anyone can run), and the test chat's own model as its
settings name it; more are typed as specs (``chat:NAME@URL``, ``fake:break=0.1``). Variants are
the scenario as it is in the editor (ticked) and its git revisions (:func:`list_revisions`);
tests are all ticked; personas none.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.chat.settings import ChatSettings
from app.matrix.job import MatrixSetup
from app.plain_text import PlainLabel, show_message
from app.simulate.setup import default_out_dir
from engine.compare.gitread import list_revisions
from engine.errors import ScenarioError
from engine.matrix.spec import CURRENT, parse_model
from engine.scenario.definition import Scenario
from engine.scenario_tests.loader import find_tests
from engine.simulate.persona import PERSONAS_DIR


def out_dir(scenario_name: str) -> Path:
    """Where the studio keeps a matrix: beside the simulations (per user), never in the
    scenario's folder."""
    folder = default_out_dir(scenario_name)
    return folder.parent.parent / "matrices" / folder.name


#: The key-free models offered first, ticked.
FAKE_MODELS = ("fake:break=0", "fake:break=0.3")


def chat_model_spec(settings: ChatSettings | None, scenario_model: str) -> str | None:
    """The test chat's model as a spec (``responses:gpt-4.1-mini``, ``chat:NAME@URL``), or
    ``None`` when the chat is on the fake model or a reply script."""
    if settings is None or settings.provider not in ("responses", "chat"):
        return None
    spec = f"{settings.provider}:{settings.model or scenario_model}"
    return f"{spec}@{settings.base_url}" if settings.base_url else spec


def _checkable(widget: QListWidget, text: str, data: str, *, checked: bool) -> QListWidgetItem:
    item = QListWidgetItem(text, widget)
    item.setData(Qt.ItemDataRole.UserRole, data)
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
    return item


def ticked(widget: QListWidget) -> list[str]:
    return [
        str(widget.item(row).data(Qt.ItemDataRole.UserRole))
        for row in range(widget.count())
        if widget.item(row).checkState() == Qt.CheckState.Checked
    ]


class MatrixDialog(QDialog):
    """Asks what to run; :attr:`setup` once accepted."""

    def __init__(
        self,
        scenario: Scenario,
        folder: Path,
        *,
        chat_settings: ChatSettings | None = None,
        api_key: str | None = None,
        revisions: list[tuple[str, str]] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Model matrix"))
        self.scenario = scenario
        self.folder = folder
        self.api_key = api_key
        self.setup: MatrixSetup | None = None
        layout = QVBoxLayout(self)
        intro = PlainLabel(
            self.tr(
                "Run the scenario's tests on every model and variant ticked, repeated, and "
                "see which keeps the script — with intervals and paired tests."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        layout.addLayout(form)
        self.models = QListWidget()
        for text in FAKE_MODELS:
            _checkable(self.models, text, text, checked=True)
        chat = chat_model_spec(chat_settings, scenario.model.name)
        if chat is not None:
            _checkable(self.models, chat, chat, checked=False)
        self.model_edit = QLineEdit()
        self.model_edit.setPlaceholderText(self.tr("Another model: provider:model[@base_url]"))
        add = QPushButton(self.tr("Add"))
        add.clicked.connect(self.add_model)
        self.model_edit.returnPressed.connect(self.add_model)
        row = QHBoxLayout()
        row.addWidget(self.model_edit)
        row.addWidget(add)
        models = QVBoxLayout()
        models.addWidget(self.models)
        models.addLayout(row)
        form.addRow(self.tr("Models"), models)
        self.variants = QListWidget()
        _checkable(self.variants, self.tr("As in the editor"), CURRENT, checked=True)
        found = (
            revisions
            if revisions is not None
            else [(r.name, r.description) for r in list_revisions(folder)]
        )
        for name, description in found:
            _checkable(self.variants, f"{name} — {description}", f"{name}:{folder}", checked=False)
        form.addRow(self.tr("Variants"), self.variants)
        self.tests = QListWidget()
        for path in find_tests(folder):
            _checkable(self.tests, path.name, path.name, checked=True)
        form.addRow(self.tr("Tests"), self.tests)
        self.personas = QListWidget()
        for path in sorted((folder / PERSONAS_DIR).glob("*.md")):
            _checkable(self.personas, path.stem, path.name, checked=False)
        form.addRow(self.tr("Personas"), self.personas)
        self.repeat = QSpinBox()
        self.repeat.setRange(1, 1000)
        self.repeat.setValue(10)
        form.addRow(self.tr("Repeats"), self.repeat)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 64)
        self.jobs.setValue(4)
        form.addRow(self.tr("Runs at once"), self.jobs)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Run"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def add_model(self) -> None:
        text = self.model_edit.text().strip()
        if not text:
            return
        try:
            spec = parse_model(text)
        except ScenarioError as error:
            show_message(self, self.tr("Model matrix"), str(error), problem=True)
            return
        _checkable(self.models, spec.text, spec.text, checked=True)
        self.model_edit.clear()

    def accept(self) -> None:
        models, variants = ticked(self.models), ticked(self.variants)
        tests, personas = ticked(self.tests), ticked(self.personas)
        if not models or not variants or not (tests or personas):
            show_message(
                self,
                self.tr("Model matrix"),
                self.tr("Tick at least one model, one variant, and a test or a persona."),
                problem=True,
            )
            return
        self.setup = MatrixSetup(
            folder=self.folder,
            scenario=self.scenario,
            models=tuple(models),
            variants=tuple(variants),
            tests=tuple(tests),
            personas=tuple(personas),
            repeat=self.repeat.value(),
            jobs=self.jobs.value(),
            out_dir=out_dir(self.scenario.name),
            api_key=self.api_key,
        )
        super().accept()
