"""A :class:`~engine.compare.changes.ScenarioDiff` as an :class:`~app.graph.overlay.Overlay`.

Each kind of difference has its own colour, the same for a step and for an arrow: added green,
removed red, renamed violet, changed amber. Steps and arrows that did not change are faded, so
the eye goes to what did. Colours come in a light and a dark variant (saturated on a light
canvas, lighter on a dark one) and fill a node as a tint, keeping its title readable.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from app.graph.overlay import EdgeStyle, Legend, LegendEntry, NodeStyle, Overlay
from app.i18n.locale_text import number
from app.theme import is_dark, mix
from engine.compare.changes import ScenarioDiff, StepDiff, StepStatus, TransitionStatus
from engine.compare.union import edge_statuses

#: How strongly a changed step's fill is tinted with its colour (0 = none, 1 = the colour).
TINT = 0.30


@dataclass(frozen=True)
class DiffColors:
    added: QColor
    removed: QColor
    renamed: QColor
    changed: QColor
    base: QColor

    @classmethod
    def from_palette(cls, palette: QPalette | None = None) -> DiffColors:
        palette = palette or QGuiApplication.palette()
        base = palette.color(QPalette.ColorRole.Base)
        if is_dark(palette):
            return cls(
                QColor(74, 222, 128),
                QColor(248, 113, 113),
                QColor(192, 132, 252),
                QColor(251, 191, 36),
                base,
            )
        return cls(
            QColor(22, 150, 70),
            QColor(210, 40, 40),
            QColor(124, 58, 237),
            QColor(200, 120, 0),
            base,
        )

    def of_step(self, status: StepStatus) -> QColor:
        return {
            StepStatus.ADDED: self.added,
            StepStatus.REMOVED: self.removed,
            StepStatus.RENAMED: self.renamed,
            StepStatus.CHANGED: self.changed,
        }[status]

    def of_transition(self, status: TransitionStatus) -> QColor:
        if status is TransitionStatus.ADDED:
            return self.added
        if status is TransitionStatus.REMOVED:
            return self.removed
        return self.changed


def status_word(status: str) -> str:
    """A step's or an arrow's difference (``added``, ``removed``…) in the studio's language."""
    words = {
        "added": QCoreApplication.translate("CompareMarks", "added"),
        "removed": QCoreApplication.translate("CompareMarks", "removed"),
        "renamed": QCoreApplication.translate("CompareMarks", "renamed"),
        "retargeted": QCoreApplication.translate("CompareMarks", "retargeted"),
        "changed": QCoreApplication.translate("CompareMarks", "changed"),
    }
    return words.get(status, status)


def diff_overlay(diff: ScenarioDiff, colors: DiffColors | None = None) -> Overlay:
    colors = colors or DiffColors.from_palette()
    nodes = {step.id: _node_style(step, colors) for step in diff.steps}
    edges = {
        key: EdgeStyle(
            color=colors.of_transition(status),
            width=2.6,
            tooltip=f"<b>{status_word(status.value)}</b>",
        )
        for key, status in edge_statuses(diff).items()
    }
    counts = diff.counts()
    entries = tuple(
        LegendEntry(
            f"{status_word(status.value)} ({number(counts[status.value])})",
            colors.of_step(status),
        )
        for status in (
            StepStatus.ADDED,
            StepStatus.REMOVED,
            StepStatus.RENAMED,
            StepStatus.CHANGED,
        )
    )
    entries += (
        LegendEntry(
            QCoreApplication.translate("CompareMarks", "arrow added / removed / changed"),
            colors.changed,
            "line",
        ),
    )
    return Overlay(
        nodes=nodes,
        edges=edges,
        legend=Legend(
            QCoreApplication.translate("CompareMarks", "Differences"),
            entries,
            note=QCoreApplication.translate("CompareMarks", "faded: unchanged"),
        ),
        default_node=NodeStyle(faded=True),
        default_edge=EdgeStyle(faded=True),
    )


def _node_style(step: StepDiff, colors: DiffColors) -> NodeStyle:
    color = colors.of_step(step.status)
    return NodeStyle(fill=mix(colors.base, color, TINT), border=color, tooltip=_tooltip(step))


def _tooltip(step: StepDiff) -> str:
    if step.status is StepStatus.RENAMED:
        head = QCoreApplication.translate(
            "CompareMarks", "<b>renamed</b> from <code>{step}</code>"
        ).format(step=step.old_id)
    else:
        head = f"<b>{status_word(step.status.value)}</b>"
    parts = []
    if step.fields:
        parts.append(", ".join(change.field for change in step.fields))
    if step.results:
        parts.append(
            QCoreApplication.translate("CompareMarks", "{count} result(s)").format(
                count=number(len(step.results))
            )
        )
    if step.transitions and step.status not in (StepStatus.ADDED, StepStatus.REMOVED):
        parts.append(
            QCoreApplication.translate("CompareMarks", "{count} transition(s)").format(
                count=number(len(step.transitions))
            )
        )
    if step.instructions is not None and step.status not in (StepStatus.ADDED, StepStatus.REMOVED):
        parts.append(
            QCoreApplication.translate("CompareMarks", "instructions +{added} -{removed}").format(
                added=step.instructions.added_lines, removed=step.instructions.removed_lines
            )
        )
    return head + (": " + "; ".join(parts) if parts else "")


__all__ = ["DiffColors", "diff_overlay", "status_word"]
