"""The Tests pane's mode box: Replay, Record, Live, Record with the fake model."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QComboBox, QWidget

from app.tests_pane.plan import Mode

#: The mode of each row of the mode box (its label and tooltip: :func:`mode_texts`).
MODES: tuple[Mode, ...] = ("replay", "record", "live", "record")


def mode_texts() -> list[tuple[str, str]]:
    """The label and tooltip of each row of :data:`MODES`, in the studio's language."""
    translate = QCoreApplication.translate
    return [
        (
            translate("TestsPane", "Replay"),
            translate("TestsPane", "Answer from the recorded replies: no key, no network, no cost"),
        ),
        (
            translate("TestsPane", "Record"),
            translate(
                "TestsPane",
                "Call the model and record its replies (rewrites the recordings; "
                "undoable, saved with the scenario)",
            ),
        ),
        (
            translate("TestsPane", "Live"),
            translate("TestsPane", "Call the model; the recordings are left as they are"),
        ),
        (
            translate("TestsPane", "Record (fake model)"),
            translate(
                "TestsPane",
                "Record with the fake model: no key, no cost — it plays what each test expects. "
                "The recordings are marked synthetic: they check the graph, the contract and the "
                "expectations, not how a model follows the instructions",
            ),
        ),
    ]


#: The row of MODES that records with the fake model.
FAKE_RECORD_ROW = 3


class ModeBox(QComboBox):
    """Replay / Record / Live; says when it opens, so the pane can check what is available."""

    opening = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # as wide as the mode shown, not the longest ("Record (fake model)"): the Tests toolbar
        # fits a French or Hindi pane; the list shows every mode whole
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(1)
        self.currentTextChanged.connect(self._fit)

    def _fit(self, text: str) -> None:
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance(text) + 40)

    def showPopup(self) -> None:
        self.opening.emit()
        view = self.view()
        widest = max(
            (
                self.fontMetrics().horizontalAdvance(self.itemText(row))
                for row in range(self.count())
            ),
            default=0,
        )
        view.setMinimumWidth(widest + 40)
        super().showPopup()


__all__ = ["FAKE_RECORD_ROW", "MODES", "ModeBox", "mode_texts"]
