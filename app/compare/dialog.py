"""*Compare with…*: choose what to compare the open scenario with — a folder, or a git revision
of the open scenario when its folder is in a repository (the commits that touched it, branches
and tags are offered; any revision git understands can be typed)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.plain_text import RichLabel
from engine.compare.gitread import Revision, in_repository, list_revisions


class CompareDialog(QDialog):
    """See the module docstring; :meth:`spec` is the choice, as ``prompter diff`` takes it."""

    def __init__(
        self, folder: Path, parent: QWidget | None = None, revisions: list[Revision] | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare with…"))
        self.setMinimumWidth(620)
        self.folder = folder
        self.revisions = list_revisions(folder) if revisions is None else revisions
        intro = RichLabel(
            self.tr(
                "Compare <b>{scenario}</b> as it is open now (unsaved edits included) with:"
            ).format(scenario=_html(folder.name)),
            self,
        )
        self.revision_choice = QRadioButton(self.tr("A git revision of this scenario"), self)
        self.revision_box = QComboBox(self)
        self.revision_box.setEditable(True)
        self.revision_box.setObjectName("revisionBox")
        for revision in self.revisions:
            self.revision_box.addItem(f"{revision.name} — {revision.description}", revision.name)
        self.folder_choice = QRadioButton(self.tr("Another folder"), self)
        self.folder_edit = QLineEdit(self)
        self.folder_edit.setObjectName("folderEdit")
        self.folder_edit.setPlaceholderText(self.tr("a scenario folder"))
        browse = QPushButton(self.tr("Browse…"), self)
        browse.clicked.connect(self._browse)
        group = QButtonGroup(self)
        group.addButton(self.revision_choice)
        group.addButton(self.folder_choice)
        grid = QGridLayout()
        grid.addWidget(self.revision_choice, 0, 0, 1, 2)
        grid.addWidget(self.revision_box, 1, 0, 1, 2)
        grid.addWidget(self.folder_choice, 2, 0, 1, 2)
        grid.addWidget(self.folder_edit, 3, 0)
        grid.addWidget(browse, 3, 1)
        if self.revisions:
            self.revision_choice.setChecked(True)
        else:
            self.revision_choice.setEnabled(False)
            self.revision_box.setEnabled(False)
            self.revision_choice.setText(
                self.tr("A git revision (this scenario has never been committed)")
                if in_repository(folder)
                else self.tr("A git revision (this folder is not in a git repository)")
            )
            self.folder_choice.setChecked(True)
        self.folder_edit.textEdited.connect(lambda _text: self.folder_choice.setChecked(True))
        self.revision_box.activated.connect(lambda _i: self.revision_choice.setChecked(True))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Compare"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(buttons)

    def spec(self) -> str | None:
        """``REV:/path/to/scenario`` or a folder; ``None`` if nothing usable is chosen."""
        if self.revision_choice.isChecked():
            data = self.revision_box.currentData()
            text = self.revision_box.currentText().strip()
            # a typed revision has no data, or text that no longer matches its item
            typed = data is None or not text.startswith(str(data))
            revision = text.split(" — ")[0].strip() if typed else str(data)
            return f"{revision}:{self.folder}" if revision else None
        folder = self.folder_edit.text().strip()
        return folder or None

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("A scenario folder to compare with"), str(self.folder.parent)
        )
        if folder:
            self.folder_edit.setText(folder)
            self.folder_choice.setChecked(True)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["CompareDialog"]
