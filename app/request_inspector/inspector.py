"""The request inspector: what one model call sent, what it cost, and why it changed.

* **What was sent**, as the model saw it: the output schema, the instructions, the conversation
  the chain carries (rebuilt from the log by :func:`engine.request_view.rebuild`), the new input
  items and the input — a table with each part's and each message's token estimate; select a
  row to read it in full.
* **What it cost**: input (cached) and output tokens as billed, the price per million tokens and
  the dollars; the cached prefix is shaded on the bar and on the rows it covered.
* **Why it changed**: compared with the previous call of the conversation, each part is
  ``same``, ``changed``, ``grew`` or ``restarted``; a red line on the bar marks where the prompts
  part, the furthest the cache could reach. "Diff" shows the selected part's text diff.
* **Copy** the request as the JSON body the provider sent, with the chain inlined as messages
  (replayable after the stored response expired), or as a ``curl`` command that reads the key
  from ``$OPENAI_API_KEY`` when it runs.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QItemSelection, Qt, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.i18n.locale_text import cost, number, percent
from app.plain_text import PlainLabel, RichLabel, escape
from app.request_inspector.prefix_bar import PrefixBar
from app.request_inspector.rows import PartsModel, Row, rows_of
from app.widgets import closes_from_keyboard, size_for_screen
from engine.dialogue.ledger import ModelPrice, PriceTable, Totals
from engine.errors import ScenarioError
from engine.log.events import Event, ModelRequestData
from engine.request_view import CallIndex, RequestDiff, RequestView, compare, rebuild
from engine.request_view.export import api_body, body_json, replay_command


@lru_cache(maxsize=1)
def _prices() -> PriceTable | None:
    try:
        return PriceTable.load()
    except ScenarioError:
        return None


def price_of(model: str) -> ModelPrice | None:
    table = _prices()
    return table.price(model) if table is not None and model else None


def cost_text(view: RequestView) -> str:
    """The call's bill in one line."""
    billed = view.billed
    if billed is None:
        return QCoreApplication.translate(
            "RequestInspector",
            "No reply was logged for this call (it failed, or is still running): no usage.",
        )
    share = billed.cache_ratio
    dollars = cost(billed)
    model = view.request.payload(ModelRequestData).get("model") or ""
    price = price_of(model)
    if billed.all_synthetic:
        rates = " · " + QCoreApplication.translate(
            "RequestInspector", "no model made this reply (a reply script, or the key-free model)"
        )
    elif price:
        rates = " · " + QCoreApplication.translate(
            "RequestInspector",
            "{model}: ${input} in, ${cached} cached, ${output} out per 1M tokens",
        ).format(
            model=escape(model),
            input=f"{price.input:g}",
            cached=f"{price.cached_input:g}",
            output=f"{price.output:g}",
        )
    else:
        rates = " · " + QCoreApplication.translate(
            "RequestInspector", "{model} is not in the price table"
        ).format(model=escape(model or QCoreApplication.translate("RequestInspector", "the model")))
    return (
        QCoreApplication.translate(
            "RequestInspector",
            "<b>Billed:</b> {input} input tokens, {cached} of them cached ({share}) · "
            "{output} output tokens · <b>{cost}</b>",
        ).format(
            input=number(billed.input_tokens),
            cached=number(billed.cached_tokens),
            share=percent(share),
            output=number(billed.output_tokens),
            cost=escape(dollars),
        )
        + _written_text(billed)
        + rates
    )


def _written_text(billed: Totals) -> str:
    """`` · N written to the cache (5 minutes)``, when the call wrote some (Anthropic)."""
    if not billed.cache_write_tokens:
        return ""
    hour = billed.cache_write_1h_tokens
    if not hour:
        return " · " + QCoreApplication.translate(
            "RequestInspector", "{written} written to the cache for 5 minutes"
        ).format(written=number(billed.cache_write_tokens))
    return " · " + QCoreApplication.translate(
        "RequestInspector", "{written} written to the cache ({hour} of them for 1 hour)"
    ).format(written=number(billed.cache_write_tokens), hour=number(hour))


def estimate_text(view: RequestView) -> str:
    estimated = view.estimated_tokens
    if view.billed is None or not view.billed.input_tokens:
        return QCoreApplication.translate(
            "RequestInspector",
            "The parts add up to ≈{tokens} tokens (estimated with the model's tokenizer).",
        ).format(tokens=number(estimated))
    error = (estimated - view.billed.input_tokens) / view.billed.input_tokens
    return QCoreApplication.translate(
        "RequestInspector",
        "The parts add up to ≈{tokens} tokens; the API billed {billed} ({error}). Estimates "
        "use the model's tokenizer and count each part's framing.",
    ).format(
        tokens=number(estimated),
        billed=number(view.billed.input_tokens),
        error=("+" if error >= 0 else "") + percent(error, 1),
    )


def header_text(view: RequestView) -> str:
    request, data = view.request, view.request.payload(ModelRequestData)
    chain = data.get("previous_response_id")
    chained = (
        QCoreApplication.translate("RequestInspector", "starts a new chain")
        if data.get("new_chain") or not chain
        else QCoreApplication.translate("RequestInspector", "continues {chain}").format(chain=chain)
    )
    return QCoreApplication.translate(
        "RequestInspector",
        "<b>Model call</b> · turn {turn} · step <b>{step}</b> · purpose {purpose}, attempt "
        "{attempt} · {model} · {provider} · layout {layout} · {chained} · seq {seq}",
    ).format(
        turn=request.turn,
        step=escape(request.step or "—"),
        purpose=escape(data.get("purpose", "turn")),
        attempt=escape(data.get("attempt", 1)),
        model=escape(data.get("model", "")),
        provider=escape(view.provider),
        layout=escape(data.get("layout", "?")),
        chained=escape(chained),
        seq=request.seq,
    )


def layout_reason_text(view: RequestView) -> str:
    """Why the call's layout was chosen, under ``layout: auto`` (empty otherwise)."""
    reason = view.request.payload(ModelRequestData).get("layout_reason")
    if not reason:
        return ""
    return QCoreApplication.translate("RequestInspector", "Layout: {reason}").format(reason=reason)


def diff_text(diff: RequestDiff | None) -> str:
    if diff is None:
        return QCoreApplication.translate(
            "RequestInspector", "The first call of this conversation: nothing to compare with."
        )
    words = {
        "same": QCoreApplication.translate("RequestInspector", "same"),
        "changed": QCoreApplication.translate("RequestInspector", "<b>changed</b>"),
        "grew": QCoreApplication.translate("RequestInspector", "grew"),
        "restarted": QCoreApplication.translate("RequestInspector", "<b>restarted</b>"),
        "new": QCoreApplication.translate("RequestInspector", "<b>new</b>"),
        "gone": QCoreApplication.translate("RequestInspector", "<b>gone</b>"),
    }
    titles = {
        "schema": QCoreApplication.translate("RequestInspector", "schema"),
        "instructions": QCoreApplication.translate("RequestInspector", "instructions"),
        "history": QCoreApplication.translate("RequestInspector", "conversation"),
    }
    parts = []
    for change in diff.changes:
        title = titles.get(change.kind, change.kind)
        detail = f" ({escape(change.detail)})" if change.detail and change.status != "same" else ""
        parts.append(f"{escape(title)} {words.get(change.status, escape(change.status))}{detail}")
    previous = diff.previous.request
    cache = diff.cacheable_tokens * diff.current.scale
    return QCoreApplication.translate(
        "RequestInspector",
        "<b>Since the previous call</b> (turn {turn}, seq {seq}): {changes}. The prompts part "
        "at {where}, after ≈{common} tokens: the cache could reuse ≈{cache} of them (whole "
        "128-token blocks, from {minimum}).",
    ).format(
        turn=previous.turn,
        seq=previous.seq,
        changes="; ".join(parts),
        where=escape(diff.first_difference),
        common=number(diff.common_tokens),
        cache=number(round(cache)),
        minimum=number(1024),
    )


class RequestInspector(QWidget):
    """See the module docstring. :meth:`show_call` fills it; it keeps nothing else."""

    #: Something was copied (a short sentence for a status bar).
    copied = Signal(str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("requestInspector")
        self.view: RequestView | None = None
        self.diff: RequestDiff | None = None
        #: Settings the log does not hold (the scenario's), for the copied request.
        self.temperature: float | None = None
        self.max_output_tokens: int | None = None
        self.header = self._label("inspectorHeader", markup=True)
        #: Under ``layout: auto``: why this call's layout was chosen (the engine's estimates).
        self.layout_reason = self._label("inspectorLayoutReason")
        self.layout_reason.setTextFormat(Qt.TextFormat.PlainText)
        self.layout_reason.hide()
        self.cost = self._label("inspectorCost", markup=True)
        self.bar = PrefixBar(self)
        self.estimate = self._label("inspectorEstimate")
        self.changes = self._label("inspectorDiff", markup=True)
        self.notes = self._label("inspectorNotes")
        self.notes.setStyleSheet("color: #c0392b;")
        self.model = PartsModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("inspectorParts")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setShowGrid(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        width = self.fontMetrics().horizontalAdvance
        # fixed widths: fitting a column to its contents would measure every row of a long chain
        for column, sample in ((1, "≈ Tokens___"), (2, "Cached___"), (3, "vs previous call___")):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width(sample))
        self.table.selectionModel().selectionChanged.connect(self._row_selected)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("inspectorText")
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.diff_button = QPushButton(self)  # the texts: retranslate_ui
        self.diff_button.setCheckable(True)
        self.diff_button.toggled.connect(lambda _on: self._show_selected())
        self.copy_json = QPushButton(self)
        self.copy_json.clicked.connect(lambda: self.copy("json"))
        self.copy_inline = QPushButton(self)
        self.copy_inline.clicked.connect(lambda: self.copy("inline"))
        self.copy_command = QPushButton(self)
        self.copy_command.clicked.connect(lambda: self.copy("command"))
        self._build()
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set the inspector's texts (again: on ``LanguageChange``)."""
        self.diff_button.setText(self.tr("Diff"))
        self.diff_button.setToolTip(
            self.tr("Show the selected part's changes since the previous call")
        )
        self.copy_json.setText(self.tr("Copy JSON"))
        self.copy_json.setToolTip(self.tr("The request body as the provider sent it"))
        self.copy_inline.setText(self.tr("Copy JSON, chain inlined"))
        self.copy_inline.setToolTip(
            self.tr(
                "The same request with the carried conversation written out as messages "
                "instead of previous_response_id"
            )
        )
        self.copy_command.setText(self.tr("Copy replay command"))
        self.copy_command.setToolTip(
            self.tr(
                "A curl command that sends the request again; it reads the key from "
                "$OPENAI_API_KEY when it runs"
            )
        )
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 3)
        self.show_call(self.view, self.diff)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _label(self, name: str, *, markup: bool = False) -> QLabel:
        """``markup``: the label shows the inspector's own bold words (its texts escape every
        value from the log); the others show their text as it is."""
        label: QLabel = RichLabel(self) if markup else PlainLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _build(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.diff_button)
        buttons.addStretch(1)
        for button in (self.copy_json, self.copy_inline, self.copy_command):
            buttons.addWidget(button)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(buttons)
        right_layout.addWidget(self.text, 1)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.table)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([560, 480])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(4)
        for widget in (
            self.header,
            self.layout_reason,
            self.cost,
            self.bar,
            self.estimate,
            self.changes,
            self.notes,
        ):
            layout.addWidget(widget)
        layout.addWidget(split, 1)

    # --- showing a call --------------------------------------------------------------------

    def show_event(self, index: CallIndex, event: Event) -> bool:
        """Show the call ``event`` belongs to (its request or its reply); False if none."""
        request = index.request_for(event)
        if request is None:
            return False
        previous = index.previous_call(request)
        # The call before first: this call's chain is the previous one's plus an exchange,
        # and the index, having kept the previous chain, walks only that exchange.
        before = rebuild(index, previous) if previous is not None else None
        view = rebuild(index, request)
        diff = compare(before, view) if before is not None else None
        self.show_call(view, diff)
        return True

    def show_call(self, view: RequestView | None, diff: RequestDiff | None) -> None:
        self.view, self.diff = view, diff
        self.bar.show_call(view, diff)
        for button in (self.copy_json, self.copy_inline, self.copy_command, self.diff_button):
            button.setEnabled(view is not None)
        if view is None:
            self.header.setText(
                self.tr(
                    "Select a model request or reply to see what the model read and what it cost."
                )
            )
            for label in (self.cost, self.estimate, self.changes, self.notes, self.layout_reason):
                label.clear()
            self.notes.hide()
            self.layout_reason.hide()
            self.model.set_rows([])
            self.text.clear()
            return
        self.copy_inline.setEnabled(
            bool(view.history) and view.chain_missing is None and view.provider != "chat"
        )
        self.diff_button.setEnabled(diff is not None)
        self.header.setText(header_text(view))
        reason = layout_reason_text(view)
        self.layout_reason.setText(reason)
        self.layout_reason.setVisible(bool(reason))
        self.cost.setText(cost_text(view))
        self.estimate.setText(estimate_text(view))
        self.changes.setText(diff_text(diff))
        self.notes.setText("⚠ " + " · ".join(view.notes) if view.notes else "")
        self.notes.setVisible(bool(view.notes))
        self.model.set_rows(rows_of(view, diff))
        self.table.selectRow(0)

    # --- the selected row ------------------------------------------------------------------

    def _row_selected(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._show_selected()

    def selected_row(self) -> Row | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.row(rows[0].row()) if rows else None

    def _show_selected(self) -> None:
        row = self.selected_row()
        if row is None:
            self.text.clear()
            return
        if self.diff_button.isChecked() and self.diff is not None and row.is_part:
            self.text.setPlainText(self.part_diff(row.kind))
            return
        self.text.setPlainText(row.text)

    def part_diff(self, kind: str) -> str:
        """The selected part's text diff with the previous call's (the conversation parts
        are compared as one conversation)."""
        if self.diff is None:
            return ""
        conversation = ("history", "items", "input")
        kinds = conversation if kind in conversation else (kind,)

        def text_of(view: RequestView) -> list[str]:
            return "\n".join(
                part.text if part.kind != "input" else f"── user ──\n{part.text}"
                for part in view.parts
                if part.kind in kinds
            ).splitlines()

        lines = list(
            difflib.unified_diff(
                text_of(self.diff.previous),
                text_of(self.diff.current),
                "previous call",
                "this call",
                lineterm="",
                n=2,
            )
        )
        return "\n".join(lines) if lines else self.tr("(no change)")

    # --- copying ---------------------------------------------------------------------------

    def request_text(self, what: str) -> str:
        """``json``, ``inline`` (the chain written out) or ``command`` (curl)."""
        if self.view is None:
            return ""
        body = api_body(
            self.view,
            inline_history=what == "inline",
            temperature=self.temperature,
            max_output_tokens=self.max_output_tokens,
        )
        return replay_command(self.view, body) if what == "command" else body_json(body)

    def copy(self, what: str) -> None:
        text = self.request_text(what)
        if not text:
            return
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(
            {
                "json": self.tr("Request copied as JSON"),
                "inline": self.tr("Request copied as JSON, with the chain inlined"),
                "command": self.tr("Replay command copied (it reads $OPENAI_API_KEY)"),
            }[what]
        )


class RequestInspectorWindow(QWidget):
    """The inspector in a window of its own, over the studio or the log viewer: a model call
    needs more room than a pane under the graph has. Whoever opens it keeps it and feeds it
    (the log pane shows the selected call in it while it is open)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("inspectorWindow")
        self.setWindowTitle(self.tr("Model call — Prompter"))
        self.inspector = RequestInspector(self)
        frame = QFrame(self)  # a border of its own, where no window manager draws one
        frame.setFrameShape(QFrame.Shape.Box)
        inner = QVBoxLayout(frame)
        inner.setContentsMargins(1, 1, 1, 1)
        inner.addWidget(self.inspector)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(frame)
        size_for_screen(self, 1080, 720)
        closes_from_keyboard(self)  # Esc, Ctrl+W

    def show_event(self, index: CallIndex, event: Event) -> bool:
        shown = self.inspector.show_event(index, event)
        if shown and self.inspector.view is not None:
            request = self.inspector.view.request
            self.setWindowTitle(
                self.tr("Model call · turn {turn} · {step} · seq {seq} — Prompter").format(
                    turn=request.turn, step=request.step or "", seq=request.seq
                )
            )
        return shown
