"""The compare window: two versions of a scenario drawn once, with what changed marked.

The graph is the union of both versions (:func:`engine.compare.union.union_scenario`) in the
studio's own graph view, marked by :func:`app.compare.marks.diff_overlay` (added, removed,
renamed, changed — each its colour, with a legend; unchanged faded). The side panel lists the
differences; choosing one selects its step on the graph and shows its diff below, and clicking a
step on the graph chooses it in the list.

Positions: the new version's saved layout, removed steps where the old layout had them (unless
that spot is taken now); whatever has no saved place is laid out automatically.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QSplitter, QVBoxLayout, QWidget

from app.compare.marks import DiffColors, diff_overlay, status_word
from app.compare.panel import DiffList, DiffText, detail_text
from app.graph.layout import NODE_HEIGHT, NODE_WIDTH
from app.graph.readonly import ReadOnlyGraph, readonly_session
from app.i18n.locale_text import number
from app.plain_text import RichLabel
from app.widgets import closes_from_keyboard, retranslated, show_window, size_for_screen
from engine.compare import ScenarioDiff, Side, StepStatus, diff_sides
from engine.compare.union import union_scenario

Position = tuple[float, float]


class CompareWindow(QMainWindow):
    """See the module docstring."""

    def __init__(
        self,
        old: Side,
        new: Side,
        parent: QWidget | None = None,
        *,
        positions: Mapping[str, Position] | None = None,
    ) -> None:
        """``positions``: where the new version's steps are drawn, when not its saved layout
        (the studio passes the editor's, automatic positions included)."""
        super().__init__(parent)
        self.old, self.new = old, new
        self.diff: ScenarioDiff = diff_sides(old, new)
        size_for_screen(self, 1500, 900)
        closes_from_keyboard(self)  # Esc, Ctrl+W
        colors = DiffColors.from_palette()
        union = union_scenario(old.scenario, new.scenario, self.diff)
        self.session = readonly_session(
            union, positions=union_positions(old, new, self.diff, positions), parent=self
        )
        self.graph = ReadOnlyGraph(self.session, self)
        self.colors = colors
        self.list = DiffList(self.diff, colors, self)
        self.text = DiffText(colors, self)
        self.heading = RichLabel(self)
        self.heading.setObjectName("compareHeading")
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(6, 6, 6, 0)
        side_layout.addWidget(self.heading)
        side_split = QSplitter(Qt.Orientation.Vertical, side)
        side_split.addWidget(self.list)
        side_split.addWidget(self.text)
        side_split.setSizes([340, 520])
        side_layout.addWidget(side_split, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.graph)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([900, 600])
        self.setCentralWidget(splitter)
        retranslated(self, self.retranslate_ui)
        self.list.selected.connect(self.show_difference)
        self.graph.stepSelected.connect(self._step_clicked)
        if self.diff.equal:
            pass  # retranslate_ui says so
        elif not self.list.choose("step", self.diff.steps[0].id if self.diff.steps else ""):
            first = next(
                (kind for kind in ("settings", "variables", "layout") if self.list.choose(kind)),
                None,
            )
            if first is None:
                self.text.setPlainText("")

    def retranslate_ui(self) -> None:
        """Every text of the window in the language the studio speaks (the diffs themselves
        are the engine's, as ``prompter diff`` prints them)."""
        self.setWindowTitle(
            self.tr("{old} → {new} — Prompter compare").format(
                old=self.old.label, new=self.new.label
            )
        )
        self.graph.overlay.show(diff_overlay(self.diff, self.colors))
        self.heading.setText(heading_html(self.diff))
        self.statusBar().showMessage(summary(self.diff))
        if self.diff.equal:
            self.text.setPlainText(self.tr("The two versions are the same."))

    def show_difference(self, kind: str, key: str) -> None:
        self.text.setPlainText(detail_text(self.diff, kind, key))
        if kind == "step" and key:
            self.graph.select(key)

    def _step_clicked(self, step_id: str) -> None:
        if step_id and self.diff.step(step_id) is not None:
            self.list.blockSignals(True)
            self.list.choose("step", step_id)
            self.list.blockSignals(False)
            self.text.setPlainText(detail_text(self.diff, "step", step_id))
        elif step_id:
            self.text.setPlainText(
                self.tr("{step}: the same in both versions.").format(step=step_id)
            )

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.graph.show_all()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.session.dispose()
        super().closeEvent(event)


def heading_html(diff: ScenarioDiff) -> str:
    return (
        f"<b>{_html(diff.old_label)}</b> → <b>{_html(diff.new_label)}</b><br>"
        f"<span>{_html(summary(diff))}</span>"
    )


def summary(diff: ScenarioDiff) -> str:
    if diff.equal:
        return QCoreApplication.translate("CompareWindow", "The two versions are the same.")
    counts = diff.counts()
    parts = [
        f"{number(counts[status.value])} {status_word(status.value)}"
        for status in StepStatus
        if counts[status.value]
    ]
    if diff.settings or diff.persona:
        parts.append(QCoreApplication.translate("CompareWindow", "settings changed"))
    if diff.variables:
        parts.append(
            QCoreApplication.translate("CompareWindow", "{count} variable(s) changed").format(
                count=number(len(diff.variables))
            )
        )
    text = (
        QCoreApplication.translate("CompareWindow", "Steps: {changes}").format(
            changes=", ".join(parts)
        )
        if parts
        else QCoreApplication.translate("CompareWindow", "The scenario is the same")
    )
    if diff.layout.changed:
        text += (
            QCoreApplication.translate("CompareWindow", "; the layout changed too")
            if diff.scenario_changed
            else QCoreApplication.translate("CompareWindow", "; only the layout changed")
        )
    return text


def union_positions(
    old: Side, new: Side, diff: ScenarioDiff, drawn: Mapping[str, Position] | None = None
) -> dict[str, Position]:
    """The new layout (or ``drawn``), plus removed steps where the old layout had them, if that
    spot is free."""
    positions: dict[str, Position] = dict(drawn if drawn is not None else new.layout or {})
    if not positions:
        return {}
    taken = list(positions.values())
    old_layout: Mapping[str, Position] = old.layout or {}
    for step in diff.steps:
        gone = step.old_id
        if step.status is not StepStatus.REMOVED or gone is None or gone not in old_layout:
            continue
        x, y = old_layout[gone]
        if all(abs(x - px) > NODE_WIDTH + 20 or abs(y - py) > NODE_HEIGHT + 20 for px, py in taken):
            positions[gone] = (x, y)
            taken.append((x, y))
    return positions


def open_compare_window(
    old: Side,
    new: Side,
    parent: QWidget | None = None,
    *,
    positions: Mapping[str, Position] | None = None,
) -> CompareWindow:
    window = CompareWindow(old, new, parent, positions=positions)
    show_window(window, parent)
    return window


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["CompareWindow", "open_compare_window", "summary", "union_positions"]
