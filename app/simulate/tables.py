"""The report as tables: by persona, per step, every conversation, the paths, the facts.

Each table is a :class:`ReportTable` — read-only, sortable by any column (numbers sort as
numbers), whole rows selected, and each row carrying the object it shows (a conversation, a
path, a step) so that double-clicking or pressing Enter hands it back
(:attr:`ReportTable.rowActivated`). The functions below turn the engine's plain report data
into rows of :class:`Cell`; nothing here computes a figure the engine's report does not hold,
except a persona's share of the calls and cost (:func:`engine.simulate.role_figures`, the
report's own fold).

One table widget and the five tables of one report, each a short function from the report's
data to rows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from app.i18n.locale_text import cost, money_or_unknown, number, price_unknown
from app.i18n.locale_text import money as locale_money
from app.plain_text import plain_tooltip
from app.theme import is_dark
from engine.dialogue.ledger import NO_COST_TEXT, Totals
from engine.scenario.definition import Scenario
from engine.simulate import STATUSES, ConversationOutcome, role_figures
from engine.simulate.report import Distribution, RoleFigures, SimulationReport

DATA_ROLE = Qt.ItemDataRole.UserRole
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
#: What the whole run is called in the table by persona (in English: :func:`all_personas`).
ALL_PERSONAS = "All personas"


@dataclass(frozen=True)
class Cell:
    text: str
    #: the value the column sorts by (the text when ``None``)
    sort: float | str | None = None
    tooltip: str = ""
    number: bool = False
    bold: bool = False
    #: "bad" or "good": tinted as a warning or as fine
    tone: str = ""


#: Where a "price unknown" cell sorts: after every price.
UNKNOWN_SORT = float("inf")


def num(value: float, text: str | None = None, *, tooltip: str = "", tone: str = "") -> Cell:
    return Cell(
        text if text is not None else number(value), float(value), tooltip, number=True, tone=tone
    )


class _Item(QTableWidgetItem):
    """Sorts by its sort value, so 10 comes after 9 and "$0.01" after "$0.009"."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(SORT_ROLE), other.data(SORT_ROLE)
        if isinstance(mine, int | float) and isinstance(theirs, int | float):
            return mine < theirs
        return str(mine) < str(theirs)


class ReportTable(QTableWidget):
    """See the module docstring."""

    #: the object of the row double-clicked (or entered)
    rowActivated = Signal(object)
    #: the object of the current row (None when none)
    rowSelected = Signal(object)

    def __init__(
        self,
        name: str,
        headers: Sequence[str],
        parent: QWidget | None = None,
        *,
        stretch: int | None = None,
        sortable: bool = True,
        max_column_width: int = 420,
    ) -> None:
        super().__init__(0, len(headers), parent)
        self.sortable = sortable
        self.max_column_width = max_column_width
        self.setObjectName(name)
        self.setHorizontalHeaderLabels(list(headers))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setHighlightSections(False)
        header.setResizeContentsPrecision(100)  # widths from the first rows: cheap on 1,000
        header.setMinimumSectionSize(28)
        self.stretch = stretch
        self._sorted_by_author = False
        header.sectionClicked.connect(self._sorted)
        if stretch is not None:
            header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
        self.itemActivated.connect(lambda item: self.rowActivated.emit(self.data_of(item.row())))
        self.currentCellChanged.connect(
            lambda row, _c, _pr, _pc: self.rowSelected.emit(self.data_of(row))
        )

    def set_headers(self, headers: Sequence[str]) -> None:
        """Name the columns again (the studio's language changed)."""
        self.setHorizontalHeaderLabels(list(headers))

    def set_rows(
        self,
        rows: Sequence[Sequence[Cell]],
        data: Sequence[object] | None = None,
        spans: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Show ``rows``; ``spans`` (row, rows) join the first column's cells of a group."""
        self.setSortingEnabled(False)
        self.clearSpans()
        self.setRowCount(0)
        self.add_rows(rows, data)
        for row, count in spans:
            if count > 1:
                self.setSpan(row, 0, count, 1)
        self.resize_columns()

    def add_rows(
        self, rows: Sequence[Sequence[Cell]], data: Sequence[object] | None = None
    ) -> None:
        """Append rows (kept in the current sort order)."""
        sorting = self.isSortingEnabled()
        self.setSortingEnabled(False)
        palette = QGuiApplication.palette()
        start = self.rowCount()
        self.setRowCount(start + len(rows))
        for offset, cells in enumerate(rows):
            row = start + offset
            for column, cell in enumerate(cells):
                self.setItem(row, column, _item(cell, palette))
            item = self.item(row, 0)
            if item is not None and data is not None:
                item.setData(DATA_ROLE, data[offset])
        if self.sortable and not sorting and self.rowCount() > 0:
            # sortable from now on, but shown in the order given until a header is clicked
            self.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.setSortingEnabled(self.sortable and self.rowCount() > 0)
        # the arrow (and the room Qt keeps for it in every header) only once the author sorts
        self.horizontalHeader().setSortIndicatorShown(self._sorted_by_author)

    def _sorted(self, _section: int) -> None:
        if self.isSortingEnabled():
            self._sorted_by_author = True
            self.horizontalHeader().setSortIndicatorShown(True)

    def resize_columns(self) -> None:
        for column in range(self.columnCount()):
            if column != self.stretch:
                self.resizeColumnToContents(column)
                self.setColumnWidth(column, min(self.columnWidth(column), self.max_column_width))

    def fit_height(self) -> None:
        """As tall as its rows (a short table leaves the room below to what follows), with
        room for a horizontal scroll bar should the window be too narrow for its columns."""
        height = self.horizontalHeader().sizeHint().height() + 2 * self.frameWidth()
        height += sum(self.rowHeight(row) for row in range(self.rowCount()))
        height += self.horizontalScrollBar().sizeHint().height()
        self.setFixedHeight(height + 2)

    def data_of(self, row: int) -> object:
        item = self.item(row, 0) if row >= 0 else None
        return item.data(DATA_ROLE) if item is not None else None

    def current_data(self) -> object:
        return self.data_of(self.currentRow())

    def rows(self, *, visible_only: bool = True) -> list[list[str]]:
        """The table's text as shown, row by row (for tests and copying)."""
        shown = []
        for row in range(self.rowCount()):
            if visible_only and self.isRowHidden(row):
                continue
            shown.append(
                [
                    item.text() if (item := self.item(row, column)) is not None else ""
                    for column in range(self.columnCount())
                ]
            )
        return shown

    def headers(self) -> list[str]:
        return [
            item.text() if (item := self.horizontalHeaderItem(c)) is not None else ""
            for c in range(self.columnCount())
        ]

    def select_data(self, wanted: object) -> bool:
        for row in range(self.rowCount()):
            if self.data_of(row) == wanted:
                self.selectRow(row)
                item = self.item(row, 0)
                if item is not None:
                    self.scrollToItem(item)
                return True
        return False


def _item(cell: Cell, palette: QPalette) -> _Item:
    item = _Item(cell.text)
    item.setData(SORT_ROLE, cell.sort if cell.sort is not None else cell.text)
    if cell.tooltip:
        item.setToolTip(plain_tooltip(cell.tooltip))
    if cell.number:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if cell.bold:
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    if cell.tone:
        item.setForeground(tone_color(cell.tone, palette))
    return item


def tone_color(tone: str, palette: QPalette | None = None) -> QColor:
    dark = is_dark(palette or QGuiApplication.palette())
    if tone == "bad":
        return QColor(248, 113, 113) if dark else QColor(185, 28, 28)
    if tone == "warn":
        return QColor(251, 191, 36) if dark else QColor(180, 83, 9)
    return QColor(74, 222, 128) if dark else QColor(21, 128, 61)


# --- formatting ------------------------------------------------------------------------------


def money(value: float) -> str:
    """Dollars as the studio's language writes them (:func:`app.i18n.locale_text.money`)."""
    return locale_money(value)


def cost_cell(totals: Totals, *, tooltip: str = "") -> Cell:
    """A cost column's cell: the dollars, "no cost (scripted)" for replies no model made, or
    "price unknown" (sorted last)."""
    value = totals.cost_usd if totals.cost_usd is not None else UNKNOWN_SORT
    return num(value, cost(totals), tooltip=tooltip)


def figure(value: float) -> str:
    return number(value, 0) if float(value).is_integer() else number(value, 2)


def status_name(status: str) -> str:
    """A conversation's status (the engine's word: ``finished``, ``stuck``…) in the studio's
    language."""
    names = {
        "finished": QCoreApplication.translate("SimulationReport", "finished"),
        "stuck": QCoreApplication.translate("SimulationReport", "stuck"),
        "abandoned": QCoreApplication.translate("SimulationReport", "abandoned"),
        "failed": QCoreApplication.translate("SimulationReport", "failed"),
        "cancelled": QCoreApplication.translate("SimulationReport", "cancelled"),
    }
    return names.get(status, status)


def status_count(status: str, count: str) -> str:
    """``count`` conversations of ``status`` (``3 finished``), in the studio's language;
    ``count`` is written already (a number, or one in bold)."""
    texts = {
        "finished": QCoreApplication.translate("SimulationReport", "{count} finished"),
        "stuck": QCoreApplication.translate("SimulationReport", "{count} stuck"),
        "abandoned": QCoreApplication.translate("SimulationReport", "{count} abandoned"),
        "failed": QCoreApplication.translate("SimulationReport", "{count} failed"),
        "cancelled": QCoreApplication.translate("SimulationReport", "{count} cancelled"),
    }
    return texts.get(status, "{count} " + status).format(count=count)


def all_personas() -> str:
    """:data:`ALL_PERSONAS` in the studio's language."""
    return QCoreApplication.translate("SimulationReport", "All personas")


def calls_cells(distribution: Distribution) -> list[Cell]:
    """Calls per user message: mean, p90 and max; the histogram in the mean's tooltip."""
    if not distribution.count:
        return [Cell("—", -1.0, number=True) for _ in range(3)]
    bars = "<br>".join(
        QCoreApplication.translate(
            "SimulationReport", "{calls} call(s): {count} message(s)"
        ).format(calls=number(low), count=number(count))
        for low, _high, count in distribution.histogram
    )
    tip = (
        QCoreApplication.translate(
            "SimulationReport", "calls per user message over {count} message(s)"
        ).format(count=number(distribution.count))
        + f"<br>{bars}"
    )
    return [
        num(distribution.mean, number(distribution.mean, 2), tooltip=tip),
        num(
            distribution.p90,
            figure(distribution.p90),
            tooltip=tip,
            tone="warn" if distribution.p90 > 1 else "",
        ),
        num(
            distribution.max,
            figure(distribution.max),
            tooltip=tip,
            tone="warn" if distribution.max > 2 else "",
        ),
    ]


def cost_cells(distribution: Distribution | None) -> list[Cell]:
    """Cost per conversation: median, p90 and max; the histogram in the median's tooltip
    ("price unknown" when some conversation's price is)."""
    if distribution is None:
        return [Cell(price_unknown(), UNKNOWN_SORT, number=True) for _ in range(3)]
    if not distribution.count:
        return [Cell("—", -1.0, number=True) for _ in range(3)]
    bars = "<br>".join(
        f"{money(low)} – {money(high)}: {number(count)}"
        for low, high, count in distribution.histogram
        if count
    )
    tip = (
        QCoreApplication.translate(
            "SimulationReport", "cost per conversation over {count} conversation(s); mean {mean}"
        ).format(count=number(distribution.count), mean=money(distribution.mean))
        + f"<br>{bars}"
    )
    return [
        num(value, money(value), tooltip=tip)
        for value in (distribution.p50, distribution.p90, distribution.max)
    ]


def status_tone(status: str) -> str:
    return {"finished": "good", "stuck": "warn", "abandoned": "warn", "failed": "bad"}.get(
        status, ""
    )


def short_path(steps: Sequence[str]) -> str:
    """A path with runs of the same step folded: ``a → b ×3 → c`` (as the summary prints)."""
    parts: list[tuple[str, int]] = []
    for step in steps:
        if parts and parts[-1][0] == step:
            parts[-1] = (step, parts[-1][1] + 1)
        else:
            parts.append((step, 1))
    return " → ".join(step if times == 1 else f"{step} ×{times}" for step, times in parts)


# --- the tables' rows ------------------------------------------------------------------------


def persona_headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("SimulationReport", "Persona"),
        QCoreApplication.translate("SimulationReport", "Conversations"),
        QCoreApplication.translate("SimulationReport", "Finished"),
        QCoreApplication.translate("SimulationReport", "Stuck"),
        QCoreApplication.translate("SimulationReport", "Abandoned"),
        QCoreApplication.translate("SimulationReport", "Failed"),
        QCoreApplication.translate("SimulationReport", "Cost"),
    )


def role_headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("SimulationReport", "Persona"),
        QCoreApplication.translate("SimulationReport", "Role"),
        QCoreApplication.translate("SimulationReport", "Calls"),
        QCoreApplication.translate("SimulationReport", "Calls / msg\nmean"),
        QCoreApplication.translate("SimulationReport", "Calls / msg\np90"),
        QCoreApplication.translate("SimulationReport", "Calls / msg\nmax"),
        QCoreApplication.translate("SimulationReport", "Cost / conv.\nmedian"),
        QCoreApplication.translate("SimulationReport", "Cost / conv.\np90"),
        QCoreApplication.translate("SimulationReport", "Cost / conv.\nmax"),
        QCoreApplication.translate("SimulationReport", "Cost"),
    )


def roles() -> tuple[tuple[str, str], ...]:
    """(role, its name): the bot and the simulated user."""
    return (
        ("bot", QCoreApplication.translate("SimulationReport", "Bot")),
        ("user", QCoreApplication.translate("SimulationReport", "Simulated user")),
    )


def _by_persona(report: SimulationReport) -> dict[str, list[ConversationOutcome]]:
    by_persona: dict[str, list[ConversationOutcome]] = {}
    for outcome in report.conversations:
        by_persona.setdefault(outcome.persona_name, []).append(outcome)
    return by_persona


def persona_rows(report: SimulationReport) -> tuple[list[list[Cell]], list[object]]:
    """Conversations by status, per persona, then the whole run."""
    rows: list[list[Cell]] = []
    data: list[object] = []
    for name, outcomes in _by_persona(report).items():
        spent = sum((o.bot.totals + o.user.totals for o in outcomes), Totals())
        rows.append(_persona_row(name, report.by_persona.get(name, {}), spent))
        data.append(name)
    total = report.bot.totals + report.user.totals
    rows.append(_persona_row(all_personas(), report.counts, total, bold=True))
    data.append(None)
    return rows, data


def _persona_row(
    name: str, counts: Mapping[str, int], spent: Totals, *, bold: bool = False
) -> list[Cell]:
    reported = sum(counts.get(status, 0) for status in STATUSES)
    cancelled = counts.get("cancelled", 0)
    cells = [
        Cell(name, name, name),
        num(
            reported,
            number(reported)
            + (
                " "
                + QCoreApplication.translate("SimulationReport", "(+{count} cancelled)").format(
                    count=number(cancelled)
                )
                if cancelled
                else ""
            ),
            tooltip=QCoreApplication.translate(
                "SimulationReport", "cancelled conversations are left out of the figures"
            ),
        ),
    ]
    for status in STATUSES:
        count = counts.get(status, 0)
        cells.append(num(count, tone=status_tone(status) if count and status != "finished" else ""))
    cells.append(
        cost_cell(
            spent, tooltip=QCoreApplication.translate("SimulationReport", "bot and simulated user")
        )
    )
    return [_bold(cell) for cell in cells] if bold else cells


def role_rows(
    report: SimulationReport,
) -> tuple[list[list[Cell]], list[object], list[tuple[int, int]]]:
    """Calls and cost of the bot and of the simulated user apart: two rows per persona, then
    two for the whole run (with the traffic). The third value: (row, rows) spans of the
    persona column."""
    rows: list[list[Cell]] = []
    data: list[object] = []
    spans: list[tuple[int, int]] = []
    groups: list[tuple[str, dict[str, RoleFigures], bool]] = [
        (name, {role: role_figures(outcomes, role) for role in ("bot", "user")}, False)
        for name, outcomes in _by_persona(report).items()
    ]
    groups.append((all_personas(), {"bot": report.bot, "user": report.user}, True))
    named_roles = roles()
    for name, figures, total in groups:
        spans.append((len(rows), len(named_roles)))
        for role, label in named_roles:
            role_figures_ = figures[role]
            traffic = role_figures_.traffic
            calls_tip = (
                QCoreApplication.translate(
                    "SimulationReport", "{requests} requests, {limited} × 429, {retries} retried"
                ).format(
                    requests=number(traffic.requests),
                    limited=number(traffic.rate_limited),
                    retries=number(traffic.retries),
                )
                if total
                else ""
            )
            cells = [
                Cell(name, name, name),
                Cell(label),
                num(
                    role_figures_.totals.llm_calls,
                    number(role_figures_.totals.llm_calls),
                    tooltip=calls_tip,
                ),
                *calls_cells(role_figures_.calls_per_message),
                *cost_cells(role_figures_.cost_per_conversation),
                cost_cell(role_figures_.totals),
            ]
            rows.append([_bold(cell) for cell in cells] if total else cells)
            data.append((name, role))
    return rows, data, spans


def _bold(cell: Cell) -> Cell:
    return Cell(cell.text, cell.sort, cell.tooltip, cell.number, True, cell.tone)


def step_headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("SimulationReport", "Step"),
        QCoreApplication.translate("SimulationReport", "Visits"),
        QCoreApplication.translate("SimulationReport", "Turns\n/ visit"),
        QCoreApplication.translate("SimulationReport", "Calls"),
        QCoreApplication.translate("SimulationReport", "Viola-\ntions"),
        QCoreApplication.translate("SimulationReport", "Correc-\ntions"),
        QCoreApplication.translate("SimulationReport", "Fall-\nbacks"),
        QCoreApplication.translate("SimulationReport", "Stuck\nhere"),
        QCoreApplication.translate("SimulationReport", "Aban-\ndoned\nhere"),
        QCoreApplication.translate("SimulationReport", "Failed\nhere"),
        QCoreApplication.translate("SimulationReport", "Cost"),
        QCoreApplication.translate("SimulationReport", "Violations by kind"),
    )


#: How conversations that ended in a step are counted in the steps table (finished ones end in
#: final steps only: the report has them, the table shows where the script let users down).
STEP_ENDINGS = ("stuck", "abandoned", "failed")


def step_rows(
    report: SimulationReport, scenario: Scenario
) -> tuple[list[list[Cell]], list[object]]:
    """Per step, in the scenario's order (steps of another version last)."""
    order = [step for step in scenario.steps if step in report.steps]
    order += [step for step in report.steps if step not in scenario.steps]
    rows = []
    for step in order:
        figures = report.steps[step]
        kinds = ", ".join(
            f"{kind} {number(count)}"
            for kind, count in sorted(figures["violations"].items(), key=lambda kv: -kv[1])
        )
        salvaged = figures.get("salvaged") or {}
        tooltip = (
            QCoreApplication.translate(
                "SimulationReport", "salvaged replies (not counted as violations): {kinds}"
            ).format(kinds=", ".join(f"{kind} {number(count)}" for kind, count in salvaged.items()))
            if salvaged
            else ""
        )
        ended = figures["ended"]
        title = (
            step
            if step in scenario.steps
            else QCoreApplication.translate(
                "SimulationReport", "{step} (not in this scenario)"
            ).format(step=step)
        )
        rows.append(
            [
                Cell(
                    title,
                    step,
                    scenario.steps[step].title or step
                    if step in scenario.steps
                    else QCoreApplication.translate(
                        "SimulationReport", "not in the scenario as it is now"
                    ),
                ),
                num(figures["visits"], number(figures["visits"])),
                num(figures["turns_per_visit"], number(figures["turns_per_visit"], 2)),
                num(figures["calls"], number(figures["calls"])),
                num(
                    figures["violations_total"],
                    number(figures["violations_total"]),
                    tone="bad" if figures["violations_total"] else "",
                ),
                num(figures["corrections"], number(figures["corrections"])),
                num(
                    figures["fallbacks"],
                    number(figures["fallbacks"]),
                    tone="bad" if figures["fallbacks"] else "",
                ),
                *(
                    num(ended.get(status, 0), tone=status_tone(status) if ended.get(status) else "")
                    for status in STEP_ENDINGS
                ),
                num(
                    UNKNOWN_SORT if figures.get("cost_usd") is None else figures["cost_usd"],
                    _step_cost(figures),
                ),
                Cell(kinds, kinds, "<br>".join(filter(None, [kinds, tooltip]))),
            ]
        )
    return rows, list(order)


def _step_cost(figures: Mapping[str, Any]) -> str:
    """A step's cost: the report says "no cost (scripted)" (its ``cost``) when no model made
    its replies; else the dollars."""
    if figures.get("cost") and figures["cost"] == NO_COST_TEXT:
        return QCoreApplication.translate("LocaleText", "no cost (scripted)")
    return money_or_unknown(figures.get("cost_usd"))


def conversation_headers() -> tuple[str, ...]:
    return (
        "#",
        QCoreApplication.translate("SimulationReport", "Persona"),
        QCoreApplication.translate("SimulationReport", "Run"),
        QCoreApplication.translate("SimulationReport", "Status"),
        QCoreApplication.translate("SimulationReport", "Turns"),
        QCoreApplication.translate("SimulationReport", "Ended in"),
        QCoreApplication.translate("SimulationReport", "Bot calls"),
        QCoreApplication.translate("SimulationReport", "Bot cost"),
        QCoreApplication.translate("SimulationReport", "User calls"),
        QCoreApplication.translate("SimulationReport", "User cost"),
        QCoreApplication.translate("SimulationReport", "Facts"),
        QCoreApplication.translate("SimulationReport", "Note"),
    )


def verdict_name(verdict: str) -> str:
    """A fact check's verdict (the engine's word) in the studio's language."""
    names = {
        "agrees": QCoreApplication.translate("SimulationReport", "agrees"),
        "disagrees": QCoreApplication.translate("SimulationReport", "disagrees"),
        "missing": QCoreApplication.translate("SimulationReport", "missing"),
    }
    return names.get(verdict, verdict)


def conversation_rows(
    outcomes: Iterable[ConversationOutcome],
) -> tuple[list[list[Cell]], list[object]]:
    rows: list[list[Cell]] = []
    data: list[object] = []
    for outcome in outcomes:
        wrong = [check for check in outcome.facts if check.verdict != "agrees"]
        facts = ", ".join(f"{check.name} {verdict_name(check.verdict)}" for check in wrong)
        note = outcome.error or (
            ""
            if outcome.log_path is not None
            else QCoreApplication.translate("SimulationReport", "no log")
        )
        rows.append(
            [
                num(outcome.index, str(outcome.index)),
                Cell(outcome.persona_name, outcome.persona_name, outcome.persona),
                num(outcome.run, str(outcome.run)),
                Cell(status_name(outcome.status), outcome.status, tone=status_tone(outcome.status)),
                num(outcome.turns, number(outcome.turns)),
                Cell(
                    outcome.final_step if outcome.path else "—",
                    outcome.final_step,
                    short_path(outcome.path),
                ),
                num(outcome.bot.totals.llm_calls, number(outcome.bot.totals.llm_calls)),
                cost_cell(outcome.bot.totals),
                num(outcome.user.totals.llm_calls, number(outcome.user.totals.llm_calls)),
                cost_cell(outcome.user.totals),
                Cell(
                    facts
                    or (
                        QCoreApplication.translate("SimulationReport", "all agree")
                        if outcome.facts
                        else ""
                    ),
                    len(wrong),
                    "<br>".join(
                        QCoreApplication.translate(
                            "SimulationReport",
                            "{name}: persona {fact}, recorded {recorded} ({verdict})",
                        ).format(
                            name=c.name,
                            fact=_value(c.fact),
                            recorded=_value(c.recorded),
                            verdict=verdict_name(c.verdict),
                        )
                        for c in outcome.facts
                    ),
                    tone="bad" if any(c.verdict == "disagrees" for c in wrong) else "",
                ),
                Cell(note, note, note),
            ]
        )
        data.append(outcome)
    return rows, data


def path_headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("SimulationReport", "Conversations"),
        QCoreApplication.translate("SimulationReport", "Ended"),
        QCoreApplication.translate("SimulationReport", "Steps"),
        QCoreApplication.translate("SimulationReport", "Path"),
    )


def path_rows(report: SimulationReport) -> tuple[list[list[Cell]], list[object]]:
    rows = []
    for path in report.paths:
        ended = ", ".join(
            status_count(status, number(count)) for status, count in path.statuses.items()
        )
        tone = "good" if set(path.statuses) == {"finished"} else "warn"
        rows.append(
            [
                num(path.count, number(path.count)),
                Cell(ended, ended, tone=tone),
                num(len(path.steps), number(len(path.steps))),
                Cell(short_path(path.steps), " ".join(path.steps), " → ".join(path.steps)),
            ]
        )
    return rows, [path.steps for path in report.paths]


def fact_headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("SimulationReport", "Persona"),
        QCoreApplication.translate("SimulationReport", "Fact"),
        QCoreApplication.translate("SimulationReport", "Persona's value"),
        QCoreApplication.translate("SimulationReport", "Agree"),
        QCoreApplication.translate("SimulationReport", "Disagree"),
        QCoreApplication.translate("SimulationReport", "Missing"),
        QCoreApplication.translate("SimulationReport", "Recorded instead (conversation: value)"),
    )


def fact_rows(report: SimulationReport) -> tuple[list[list[Cell]], list[object]]:
    """Every checked fact, those recorded wrong or not at all first."""
    facts = sorted(report.facts, key=lambda f: (-(f.disagrees + f.missing), f.persona, f.name))
    rows = []
    for fact in facts:
        examples = "; ".join(f"#{index}: {_value(value)}" for index, value in fact.examples)
        rows.append(
            [
                Cell(fact.persona, fact.persona, fact.persona),
                Cell(fact.name),
                Cell(_value(fact.fact), tooltip=_value(fact.fact)),
                num(fact.agrees, number(fact.agrees), tone="good" if fact.agrees else ""),
                num(fact.disagrees, number(fact.disagrees), tone="bad" if fact.disagrees else ""),
                num(fact.missing, number(fact.missing), tone="warn" if fact.missing else ""),
                Cell(examples, examples, examples),
            ]
        )
    return rows, [fact.examples[0][0] if fact.examples else None for fact in facts]


def _value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


__all__ = [
    "ALL_PERSONAS",
    "Cell",
    "ReportTable",
    "all_personas",
    "calls_cells",
    "conversation_headers",
    "conversation_rows",
    "cost_cell",
    "cost_cells",
    "fact_headers",
    "fact_rows",
    "money",
    "path_headers",
    "path_rows",
    "persona_headers",
    "persona_rows",
    "role_headers",
    "role_rows",
    "roles",
    "short_path",
    "status_count",
    "status_name",
    "step_headers",
    "step_rows",
    "verdict_name",
]
