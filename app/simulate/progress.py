"""The strip over a simulation's window: a progress bar with live counts, and Cancel.

While the run goes on it shows how many conversations ended and how (finished, stuck,
abandoned, failed), how many run now, the model calls of the bot and of the simulated user,
429s received, the request rate and the time left. Cancel asks once and then says "Stopping…"
until the last running conversation has ended. When the run is over, the strip says how it
ended and the bar stays full (or as far as it got).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QFrame, QHBoxLayout, QProgressBar, QPushButton, QWidget

from app.i18n.locale_text import number
from app.plain_text import RichLabel
from app.simulate.tables import status_count, tone_color
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
        self.planned = planned
        self.bar.setMinimumWidth(220)
        self.bar.setMaximumWidth(320)
        self.label = RichLabel(self)
        self.label.setObjectName("simulationCounts")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cancel_button = QPushButton(self)
        self.cancel_button.clicked.connect(self._cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.bar)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.cancel_button)
        self._stopping = False
        #: shows the last state again (in the language the studio speaks now)
        self._shown: Callable[[], None] = lambda: self.label.setText(self.tr("Starting…"))
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.bar.setFormat(self.tr("%v of {planned}").format(planned=number(self.planned)))
        self.cancel_button.setText(self.tr("Stopping…") if self._stopping else self.tr("Cancel"))
        self.cancel_button.setToolTip(
            self.tr(
                "Stop the run: conversations that ended keep their logs and the report covers them"
            )
        )
        self._shown()

    def show_counts(self, counts: Counts, *, stopping: bool = False) -> None:
        self._shown = lambda: self.show_counts(counts, stopping=stopping)
        self.bar.setRange(0, max(counts.total, 1))
        self.bar.setValue(counts.done)
        parts = [
            self._status("finished", counts.finished),
            self._status("stuck", counts.stuck),
            self._status("abandoned", counts.abandoned),
            self._status("failed", counts.failed),
        ]
        if counts.cancelled:
            parts.append(status_count("cancelled", number(counts.cancelled)))
        parts.append(self.tr("{count} running").format(count=number(counts.running)))
        traffic = [
            self.tr("{calls} calls (bot {bot}, user {user})").format(
                calls=number(counts.bot_calls + counts.user_calls),
                bot=number(counts.bot_calls),
                user=number(counts.user_calls),
            ),
            f"{number(counts.rate_limited)} × 429",
            self.tr("{rate} requests/min").format(rate=number(round(counts.requests_per_minute))),
        ]
        if stopping:
            when = self.tr("<b>Stopping…</b> waiting for the running conversations to end")
        elif counts.eta_s is not None:
            when = self.tr("about {time} left").format(time=duration(counts.eta_s))
        else:
            when = self.tr("{time} so far").format(time=duration(counts.elapsed_s))
        self.label.setText(
            " · ".join(parts) + " &nbsp;—&nbsp; " + " · ".join(traffic) + f" &nbsp;—&nbsp; {when}"
        )

    def show_stopping(self) -> None:
        self._stopping = True
        self.cancel_button.setEnabled(False)
        self.cancel_button.setText(self.tr("Stopping…"))

    def show_done(self, report: SimulationReport) -> None:
        self._shown = lambda: self.show_done(report)
        self.cancel_button.hide()
        done = report.reported
        self.bar.setRange(0, max(report.planned, 1))
        self.bar.setValue(done)
        counts = ", ".join(
            self._status(status, report.counts.get(status, 0))
            for status in ("finished", "stuck", "abandoned", "failed")
        )
        if report.stopped:
            head = self.tr(
                "<b>Stopped</b> ({why}): the report covers the {count} conversation(s) that ended"
            ).format(why=_html(report.stopped), count=number(done))
        else:
            head = self.tr("<b>Done</b>: {count} conversation(s) in {time}").format(
                count=number(done), time=duration(report.duration_s)
            )
        rate = self.tr("{rate} requests/min").format(rate=number(round(report.requests_per_minute)))
        self.label.setText(f"{head} — {counts} · {rate}")

    def show_failed(self, message: str) -> None:
        self._shown = lambda: self.show_failed(message)
        self.cancel_button.hide()
        color = tone_color("bad").name()
        self.label.setText(
            f"<span style='color:{color}'><b>"
            + self.tr("The simulation could not run:")
            + f"</b> {_html(message)}</span>"
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
            return status_count(status, number(count))
        tone = "bad" if status == "failed" else "warn"
        shown = status_count(status, f"<b>{number(count)}</b>")
        return f"<span style='color:{tone_color(tone).name()}'>{shown}</span>"


def duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    minutes, rest = divmod(seconds, 60)
    if minutes >= 60:
        hours, minutes = divmod(minutes, 60)
        return f"{hours}:{minutes:02d}:{rest:02d}"
    if minutes:
        return f"{minutes}:{rest:02d}"
    return QCoreApplication.translate("SimulationProgress", "{seconds} s").format(seconds=rest)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["ProgressStrip", "duration"]
