"""The analytics side panel: the figures of the chosen step, and the conversations that
struggled there (worst first); or, with no step chosen, the overview of all the logs.

Double-clicking a conversation (or pressing Enter on it) asks to open its log at the turn where
the trouble started: :attr:`StepPanel.openRequested` (path, turn).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QHeaderView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.analytics.shading import format_value, measure_label
from app.i18n.locale_text import cost, number
from app.plain_text import RichLabel, plain_tooltip
from engine.stats.figures import MEASURES, StatsReport, StepStats, Struggle

#: Conversations listed for one step (the worst first).
STRUGGLES_SHOWN = 300
PATH_ROLE = Qt.ItemDataRole.UserRole
TURN_ROLE = Qt.ItemDataRole.UserRole + 1


class StepPanel(QWidget):
    """See the module docstring."""

    openRequested = Signal(object, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepPanel")
        self.report: StatsReport | None = None
        self.step: str | None = None
        self.title = RichLabel(self)
        self.title.setObjectName("stepPanelTitle")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.figures = RichLabel(self)
        self.figures.setObjectName("stepFigures")
        self.figures.setTextFormat(Qt.TextFormat.RichText)
        self.figures.setWordWrap(True)
        self.figures.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.list_title = RichLabel(self)
        self.conversations = QTreeWidget(self)
        self.conversations.setObjectName("struggles")
        self.conversations.setRootIsDecorated(False)
        self.conversations.setUniformRowHeights(True)
        self.conversations.setColumnCount(6)
        self._headers()
        header = self.conversations.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, 6):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.conversations.itemActivated.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.figures)
        layout.addWidget(self.list_title)
        layout.addWidget(self.conversations, 1)
        self.show_step(None)

    def _headers(self) -> None:
        self.conversations.setHeaderLabels(
            [
                self.tr("log"),
                self.tr("turn"),
                self.tr("violations"),
                self.tr("corrections"),
                self.tr("fallbacks"),
                self.tr("left here"),
            ]
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._headers()
            self.show_step(self.step)
        super().changeEvent(event)

    def set_report(self, report: StatsReport | None) -> None:
        self.report = report
        self.show_step(self.step)

    def show_step(self, step: str | None) -> None:
        self.step = step or None
        report = self.report
        self.conversations.clear()
        if report is None:
            self.title.setText("<b>{}</b>".format(self.tr("Reading the logs…")))
            self.figures.setText("")
            self.list_title.setText("")
            return
        stats = report.steps.get(step) if step else None
        if step and stats is not None:
            self._show_stats(report, stats)
        elif step:
            self.title.setText(f"<b>{_html(step)}</b>")
            self.figures.setText(self.tr("No conversation in these logs reached this step."))
            self.list_title.setText("")
        else:
            self._show_overview(report)

    def rows(self) -> list[list[str]]:
        """The conversation list as shown (for tests and for copying)."""
        items = (
            self.conversations.topLevelItem(i)
            for i in range(self.conversations.topLevelItemCount())
        )
        return [[item.text(column) for column in range(6)] for item in items if item is not None]

    # --- pieces ----------------------------------------------------------------------------

    def _show_stats(self, report: StatsReport, stats: StepStats) -> None:
        unknown = stats.step in report.unknown_steps
        note = (
            " <i>({})</i>".format(self.tr("not in this scenario: recorded with another version"))
            if unknown
            else ""
        )
        self.title.setText(f"<b>{_html(stats.step)}</b>{note}")
        rows = [
            (measure_label(measure.name), _measure(measure.name, stats))
            for measure in MEASURES.values()
        ]
        kinds = ", ".join(
            f"{kind} {number(count)}" for kind, count in stats.violations.most_common()
        )
        rows += [
            (
                self.tr("Turns"),
                self.tr("{turns} in {conversations} conversation(s)").format(
                    turns=number(stats.turns), conversations=number(stats.conversations)
                ),
            ),
            (self.tr("Model calls"), number(stats.totals.llm_calls)),
            (
                self.tr("Violations"),
                number(stats.violation_count) + (f" — {kinds}" if kinds else ""),
            ),
            (
                self.tr("Corrections / fallbacks"),
                f"{number(stats.corrections)} / {number(stats.fallbacks)}",
            ),
            (
                self.tr("Tokens in / cached / out"),
                f"{number(stats.totals.input_tokens)} / {number(stats.totals.cached_tokens)} / "
                f"{number(stats.totals.output_tokens)}",
            ),
            (self.tr("Cost"), cost(stats.totals)),
        ]
        self.figures.setText(_table(rows))
        struggles = sorted(stats.struggles, key=lambda s: (-s.weight, s.conversation))
        self.list_title.setText(
            self.tr(
                "<b>Conversations that struggled here</b> ({count}; double-click opens the log "
                "at that turn)"
            ).format(count=number(len(struggles)))
            if struggles
            else self.tr("No conversation struggled here.")
        )
        per_file = Counter(c.path for c in report.conversations)
        for struggle in struggles[:STRUGGLES_SHOWN]:
            self.conversations.addTopLevelItem(self._item(report, struggle, per_file))

    def _item(
        self, report: StatsReport, struggle: Struggle, per_file: Counter[Path]
    ) -> QTreeWidgetItem:
        conversation = report.conversations[struggle.conversation]
        name = conversation.path.name
        if per_file[conversation.path] > 1:  # name the session when a file holds several
            name += f" [{conversation.session[:8]}]"
        item = QTreeWidgetItem(
            [
                name,
                str(struggle.turn),
                str(struggle.violations),
                str(struggle.corrections),
                str(struggle.fallbacks),
                self.tr("yes") if struggle.dropped else "",
            ]
        )
        item.setToolTip(0, plain_tooltip(str(conversation.path)))
        item.setData(0, PATH_ROLE, str(conversation.path))
        item.setData(0, TURN_ROLE, struggle.turn)
        for column in range(1, 6):
            item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight)
        return item

    def _show_overview(self, report: StatsReport) -> None:
        conversations = len(report.conversations)
        self.title.setText(self.tr("<b>All conversations</b> — click a step for its figures"))
        rows = [
            (
                self.tr("Logs"),
                self.tr("{files} file(s), {events} events").format(
                    files=number(report.files), events=number(report.events)
                ),
            ),
            (
                self.tr("Conversations"),
                self.tr("{conversations}, {finished} finished").format(
                    conversations=number(conversations), finished=number(report.finished)
                ),
            ),
            (self.tr("Cost"), self.tr("{cost} in all").format(cost=cost(report.totals))),
        ]
        if report.damaged:
            rows.append(
                (
                    self.tr("Damaged lines"),
                    self.tr("{count} skipped (first: {first})").format(
                        count=number(len(report.damaged)), first=_html(str(report.damaged[0]))
                    ),
                )
            )
        if report.unreadable:
            rows.append(
                (self.tr("Unreadable"), ", ".join(path.name for path, _ in report.unreadable))
            )
        if report.not_logs:
            names = _html(", ".join(path.name for path in report.not_logs))
            rows.append(
                (
                    self.tr("Left out"),
                    self.tr("{names} (not conversation logs)").format(names=names),
                )
            )
        self.figures.setText(_table(rows))
        if report.unknown_steps:
            self.list_title.setText(
                self.tr(
                    "<b>Steps in the logs that this scenario does not have</b> (recorded with "
                    "another version; their figures are kept)"
                )
            )
            for step in report.unknown_steps:
                stats = report.steps[step]
                item = QTreeWidgetItem(
                    [
                        step,
                        "",
                        str(stats.violation_count),
                        str(stats.corrections),
                        str(stats.fallbacks),
                        str(stats.dropped or ""),
                    ]
                )
                item.setToolTip(
                    0,
                    plain_tooltip(
                        self.tr("{visits} visit(s), {turns} turn(s)").format(
                            visits=number(stats.visits), turns=number(stats.turns)
                        )
                    ),
                )
                self.conversations.addTopLevelItem(item)
        else:
            self.list_title.setText("")

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        path = item.data(0, PATH_ROLE)
        if path:
            self.openRequested.emit(Path(str(path)), int(item.data(0, TURN_ROLE)))


def _measure(name: str, stats: StepStats) -> str:
    measure = MEASURES[name]
    value = measure.of(stats)
    return "—" if value is None else format_value(measure, value)


def _table(rows: list[tuple[str, str]]) -> str:
    cells = "".join(
        f"<tr><td style='padding-right:12px'>{_html(label)}</td><td><b>{value}</b></td></tr>"
        for label, value in rows
    )
    return f"<table cellspacing='0' cellpadding='1'>{cells}</table>"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["StepPanel"]
