"""The scenario's personas as the *Simulate…* dialog lists them: each file read alone, so one
that does not parse is shown with its located errors next to the ones that do.

The dialog's list is only a preview: when the author presses *Run*, the chosen files are read
again by :func:`engine.simulate.load_personas`, which is what decides (a file fixed in an editor
meanwhile runs; one broken meanwhile stops everything, and nothing runs).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyle, QTextBrowser, QWidget

from app.plain_text import plain_tooltip
from app.simulate.tables import tone_color
from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.definition import Scenario
from engine.scenario_tests.definition import TextPattern
from engine.simulate import TRAITS, Persona, find_personas, load_persona
from engine.simulate.facts import checkable
from engine.simulate.persona import render_fact

PATH_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class PersonaEntry:
    """One persona file: what it holds, or why it cannot be read."""

    path: Path
    persona: Persona | None
    errors: tuple[ScenarioError, ...] = ()

    @property
    def name(self) -> str:
        return self.persona.name if self.persona is not None else self.path.stem

    @property
    def broken(self) -> bool:
        return self.persona is None


def read_personas(scenario_dir: Path) -> list[PersonaEntry]:
    """Every ``tests/personas/*.md`` of the scenario, each parsed on its own."""
    entries = []
    for path in find_personas(scenario_dir):
        try:
            entries.append(PersonaEntry(path, load_persona(path, inside=scenario_dir)))
        except ScenarioErrors as problems:
            entries.append(PersonaEntry(path, None, tuple(problems.errors)))
    return entries


class PersonaList(QListWidget):
    """The personas with a check box each; all checked at first. ``entryChanged`` says which
    one is current (for the preview)."""

    entryChanged = Signal(object)  # PersonaEntry or None
    checksChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("personaList")
        self.entries: list[PersonaEntry] = []
        self.currentRowChanged.connect(lambda row: self.entryChanged.emit(self.entry(row)))
        self.itemChanged.connect(lambda _item: self.checksChanged.emit())

    def set_entries(self, entries: list[PersonaEntry], checked: set[Path] | None = None) -> None:
        """Show ``entries``; ``checked`` keeps an earlier choice (by file), else all are."""
        self.blockSignals(True)
        self.clear()
        self.entries = list(entries)
        warning = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        for entry in entries:
            item = QListWidgetItem(entry.name, self)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            wanted = checked is None or entry.path in checked
            item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)
            item.setData(PATH_ROLE, str(entry.path))
            if entry.broken:
                item.setIcon(warning)
                item.setText(self.tr("{file} — does not parse").format(file=entry.path.name))
                item.setForeground(tone_color("bad"))
                item.setToolTip(plain_tooltip("\n".join(error.render() for error in entry.errors)))
            else:
                item.setToolTip(plain_tooltip(str(entry.path)))
        self.blockSignals(False)
        if entries:
            self.setCurrentRow(0)
        self.entryChanged.emit(self.entry(self.currentRow()))
        self.checksChanged.emit()

    def entry(self, row: int) -> PersonaEntry | None:
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def checked(self) -> list[PersonaEntry]:
        return [
            entry
            for row, entry in enumerate(self.entries)
            if (item := self.item(row)) is not None and item.checkState() == Qt.CheckState.Checked
        ]

    def set_checked(self, names: set[str]) -> None:
        """Check the personas whose file stem or name is in ``names``, uncheck the others."""
        for row, entry in enumerate(self.entries):
            item = self.item(row)
            if item is not None:
                wanted = entry.path.stem in names or entry.name in names
                item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)


class PersonaPreview(QTextBrowser):
    """What the simulated user will be told, and which facts the report will check."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("personaPreview")
        self.setOpenLinks(False)
        self.scenario: Scenario | None = None

    def show_entry(self, entry: PersonaEntry | None) -> None:
        if entry is None:
            self.setHtml("")
        elif entry.persona is None:
            self.setHtml(errors_html(entry.path, entry.errors))
        else:
            self.setHtml(persona_html(entry.persona, self.scenario))


def errors_html(path: Path, errors: tuple[ScenarioError, ...] | list[ScenarioError]) -> str:
    color = tone_color("bad").name()
    lines = "<br>".join(_html(error.render()) for error in errors)
    head = QCoreApplication.translate("PersonaPreview", "{file} does not parse").format(
        file=_html(path.name)
    )
    why = QCoreApplication.translate(
        "PersonaPreview",
        "Fix the file (or leave it out) to run it: a simulation with a persona that does not "
        "parse does not start.",
    )
    return f"<h3>{head}</h3><p>{why}</p><p style='color:{color}; font-family:monospace'>{lines}</p>"


def persona_html(persona: Persona, scenario: Scenario | None) -> str:
    spec = persona.spec
    parts = [f"<h3>{_html(persona.name)}</h3>"]
    if persona.path is not None:
        parts.append(f"<p><i>{_html(str(persona.path))}</i></p>")
    rows = []
    if spec.goal:
        rows.append((QCoreApplication.translate("PersonaPreview", "Goal"), _html(spec.goal)))
    if spec.behaviour:
        rows.append(
            (
                QCoreApplication.translate("PersonaPreview", "Behaviour"),
                ", ".join(
                    f"<span title='{_html(TRAITS[trait])}'><b>{trait}</b></span>"
                    for trait in spec.behaviour
                ),
            )
        )
    if spec.model:
        rows.append((QCoreApplication.translate("PersonaPreview", "Model"), _html(spec.model)))
    if spec.withholds:
        rows.append(
            (
                QCoreApplication.translate("PersonaPreview", "Never tells"),
                ", ".join(_html(name) for name in spec.withholds),
            )
        )
    if rows:
        parts.append(
            "<table cellspacing='0' cellpadding='2'>"
            + "".join(
                f"<tr><td style='padding-right:10px'>{label}</td><td>{value}</td></tr>"
                for label, value in rows
            )
            + "</table>"
        )
    if spec.facts:
        facts = []
        for name, value in spec.facts.items():
            checked = scenario is not None and checkable(scenario, name)
            told = (
                QCoreApplication.translate("PersonaPreview", "never (withheld)")
                if name in spec.withholds
                else QCoreApplication.translate("PersonaPreview", "never (a pattern)")
                if TextPattern.is_pattern(value)
                else QCoreApplication.translate("PersonaPreview", "when asked")
            )
            yes = QCoreApplication.translate("PersonaPreview", "yes") if checked else "—"
            facts.append(
                f"<tr><td><b>{_html(name)}</b></td><td>{_html(render_fact(value))}"
                f"</td><td>{told}</td><td>{yes}</td></tr>"
            )
        head = (
            "<tr><th align='left'>{fact}</th><th align='left'>{value}</th>"
            "<th align='left'>{told}</th><th align='left' title='{against}'>{checked}</th></tr>"
        ).format(
            fact=QCoreApplication.translate("PersonaPreview", "Fact"),
            value=QCoreApplication.translate("PersonaPreview", "Value"),
            told=QCoreApplication.translate("PersonaPreview", "Told"),
            against=_html(
                QCoreApplication.translate("PersonaPreview", "against what the bot records")
            ),
            checked=QCoreApplication.translate("PersonaPreview", "Checked"),
        )
        intro = QCoreApplication.translate(
            "PersonaPreview",
            "<b>Facts</b> — what the user knows; the report checks those named like a variable "
            "or a result against what the bot records",
        )
        parts.append(
            f"<p>{intro}</p>"
            "<table cellspacing='0' cellpadding='2'>" + head + "".join(facts) + "</table>"
        )
    if persona.description:
        text = _html(persona.description).replace("\n\n", "</p><p>").replace("\n", " ")
        character = QCoreApplication.translate("PersonaPreview", "Character")
        parts.append(f"<p><b>{character}</b></p><p>{text}</p>")
    return "".join(parts)


def _html(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;")
    )


__all__ = [
    "PersonaEntry",
    "PersonaList",
    "PersonaPreview",
    "errors_html",
    "persona_html",
    "read_personas",
]
