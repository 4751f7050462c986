"""The strip over a simulation's window: a progress bar with live counts, and Cancel.

While the run goes on it shows how many conversations ended and how (finished, stuck,
abandoned, failed), how many run now, the model calls of the bot and of the simulated user,
429s received, the request rate and the time left. Cancel asks once and then says "Stopping…"
until the last running conversation has ended. When the run is over, the strip says how it
ended and the bar stays full (or as far as it got).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QFrame, QHBoxLayout, QProgressBar, QPushButton, QWidget

from app.plain_text import RichLabel
from app.simulate.tables import tone_color
from engine.simulate import Counts
from engine.simulate.report import SimulationReport


class ProgressStrip(QFrame):
    """See the module docstring."""

    cancelRequested = Signal()

    def __init__(self, planned: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("simulationProgress")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, max(planned, 1))
        self.bar.setValue(0)
        self.bar.setFormat(f"%v of {planned:,}")
        self.bar.setMinimumWidth(220)
        self.bar.setMaximumWidth(320)
        self.label = RichLabel(self)
        self.label.setObjectName("simulationCounts")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip(
            "Stop the run: conversations that ended keep their logs and the report covers them"
        )
        self.cancel_button.clicked.connect(self._cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.bar)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.cancel_button)
        self.label.setText("Starting…")

    def show_counts(self, counts: Counts, *, stopping: bool = False) -> None:
        self.bar.setRange(0, max(counts.total, 1))
        self.bar.setValue(counts.done)
        parts = [
            self._status("finished", counts.finished),
            self._status("stuck", counts.stuck),
            self._status("abandoned", counts.abandoned),
            self._status("failed", counts.failed),
        ]
        if counts.cancelled:
            parts.append(f"{counts.cancelled:,} cancelled")
        parts.append(f"{counts.running:,} running")
        traffic = [
            f"{counts.bot_calls + counts.user_calls:,} calls (bot "
            f"{counts.bot_calls:,}, user {counts.user_calls:,})",
            f"{counts.rate_limited:,} × 429",
            f"{counts.requests_per_minute:,.0f} requests/min",
        ]
        if stopping:
            when = "<b>Stopping…</b> waiting for the running conversations to end"
        elif counts.eta_s is not None:
            when = f"about {duration(counts.eta_s)} left"
        else:
            when = f"{duration(counts.elapsed_s)} so far"
        self.label.setText(
            " · ".join(parts) + " &nbsp;—&nbsp; " + " · ".join(traffic) + f" &nbsp;—&nbsp; {when}"
        )

    def show_stopping(self) -> None:
        self.cancel_button.setEnabled(False)
        self.cancel_button.setText("Stopping…")

    def show_done(self, report: SimulationReport) -> None:
        self.cancel_button.hide()
        done = report.reported
        self.bar.setRange(0, max(report.planned, 1))
        self.bar.setValue(done)
        counts = ", ".join(
            self._status(status, report.counts.get(status, 0))
            for status in ("finished", "stuck", "abandoned", "failed")
        )
        if report.stopped:
            head = (
                f"<b>Stopped</b> ({_html(report.stopped)}): the report covers the "
                f"{done:,} conversation(s) that ended"
            )
        else:
            head = f"<b>Done</b>: {done:,} conversation(s) in {duration(report.duration_s)}"
        self.label.setText(f"{head} — {counts} · {report.requests_per_minute:,.0f} requests/min")

    def show_failed(self, message: str) -> None:
        self.cancel_button.hide()
        color = tone_color("bad").name()
        self.label.setText(
            f"<span style='color:{color}'><b>The simulation could not run:"
            f"</b> {_html(message)}</span>"
        )

    def text(self) -> str:
        """The counts as a user reads them (tags left out), for tests."""
        document = QTextDocument()
        document.setHtml(self.label.text())
        return document.toPlainText()

    def _cancel(self) -> None:
        self.show_stopping()
        self.cancelRequested.emit()

    @staticmethod
    def _status(status: str, count: int) -> str:
        if not count or status == "finished":
            return f"{count:,} {status}"
        tone = "bad" if status == "failed" else "warn"
        return f"<span style='color:{tone_color(tone).name()}'><b>{count:,}</b> {status}</span>"


def duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    minutes, rest = divmod(seconds, 60)
    if minutes >= 60:
        hours, minutes = divmod(minutes, 60)
        return f"{hours}:{minutes:02d}:{rest:02d}"
    return f"{minutes}:{rest:02d}" if minutes else f"{rest} s"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["ProgressStrip", "duration"]
