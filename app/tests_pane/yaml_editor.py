"""A test file in an editor: YAML highlighting, every edit undoable, problems where they are.

:class:`TestFileEditor` shows one ``tests/*.test.yaml`` of the open scenario. Typing pushes
:class:`~app.commands.SetTextCommand` on the studio's undo stack (bursts merge), exactly as the
instruction editor does, so Ctrl+Z undoes test edits and graph edits in the order they were
made and the title's ``*`` says the file is not saved yet. The problems of the file — its load
errors and the checks against the scenario, as ``python -m engine test`` reports them — are
listed under the text with their line and column, marked in the line numbers' gutter (the
tooltip says why, as in the instruction editor: :class:`~app.code_edit.CodeEdit`) and underlined
where they are; they are in the Problems pane too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QApplication,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.code_edit import CodeEdit, problem_marks
from app.edit_session import EditSession, follow_session
from app.file_text import FileText
from app.highlighter import char_format
from app.i18n.locale_text import number
from app.plain_text import PlainLabel, RichLabel, escape, plain_tooltip
from app.theme import is_dark, mix
from engine.errors import ScenarioError
from engine.scenario.document import Change

_COMMENT = re.compile(r"(?:^|(?<=\s))#.*$")
_KEY = re.compile(r"(?:^\s*(?:-\s+)?|[{,]\s*)([A-Za-z_][\w.-]*)\s*:(?=\s|$)")
_DASH = re.compile(r"^\s*-(?=\s|$)")
_STRING = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"\\]|\\.)*\"")
_REGEX = re.compile(r"(?<=:\s)/.*?/(?=\s*(?:[,}]|#|$))|(?<=-\s)/.*?/(?=\s*(?:#|$))")
_SCALAR = re.compile(r"(?<=[:\[,]\s)(?:true|false|null|~|-?\d+(?:\.\d+)?)(?=\s*(?:[,}\]#]|$))")
#: How many problems the list under the text shows before it scrolls.
PROBLEM_ROWS = 4


class YamlHighlighter(QSyntaxHighlighter):
    """Keys, list dashes, strings, ``/regular expressions/``, scalars and comments of YAML."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        palette = QApplication.palette()
        dark = is_dark(palette)
        text = palette.color(QPalette.ColorRole.Text)
        base = palette.color(QPalette.ColorRole.Base)
        bold = QFont.Weight.DemiBold
        self.key = char_format(QColor(96, 165, 250) if dark else QColor(29, 78, 216), weight=bold)
        self.dash = char_format(palette.color(QPalette.ColorRole.Highlight), weight=bold)
        self.string = char_format(QColor(134, 239, 172) if dark else QColor(21, 128, 61))
        self.regex = char_format(QColor(240, 171, 252) if dark else QColor(162, 28, 175))
        self.scalar = char_format(QColor(253, 186, 116) if dark else QColor(180, 83, 9))
        self.comment = char_format(mix(base, text, 0.5), italic=True)

    def highlightBlock(self, text: str) -> None:
        for pattern, fmt in (
            (_DASH, self.dash),
            (_SCALAR, self.scalar),
            (_STRING, self.string),
            (_REGEX, self.regex),
        ):
            for match in pattern.finditer(text):
                self.setFormat(match.start(), match.end() - match.start(), fmt)
        for match in _KEY.finditer(text):
            self.setFormat(match.start(1), match.end(1) - match.start(1), self.key)
        comment = _COMMENT.search(text)
        if comment is not None and not _inside_quotes(text, comment.start()):
            self.setFormat(comment.start(), len(text) - comment.start(), self.comment)


def _inside_quotes(text: str, position: int) -> bool:
    return any(match.start() < position < match.end() for match in _STRING.finditer(text))


class TestFileEditor(QWidget):
    """Edits one test file of the scenario (see the module docstring)."""

    __test__ = False  # not a pytest test class

    #: the file shown changed (relpath, or "" for none)
    fileChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: EditSession | None = None
        self.relpath: str | None = None
        self.findings: list[ScenarioError] = []
        self.header = RichLabel()
        self.header.setObjectName("testFileHeader")
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.edit = CodeEdit()
        self.file_text = FileText(self.edit)
        self.edit.setObjectName("testFileText")
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.edit.setTabChangesFocus(False)
        self.highlighter = YamlHighlighter(self.edit.document())
        self.problems = QListWidget()
        self.problems.setObjectName("testFileProblems")
        self.problems.setAlternatingRowColors(True)
        self.problems.itemActivated.connect(self._problem_activated)
        self.status = PlainLabel()
        self.status.setObjectName("testFileStatus")
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.header)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.problems)
        self.edit.textChanged.connect(self._typed)
        self.show_file(None)

    # --- what is shown -----------------------------------------------------------------------

    def set_session(self, session: EditSession | None) -> None:
        follow_session(
            self.session,
            session,
            {"changed": self._on_changed, "reloaded": self._reload, "saved": self._update_header},
        )
        self.session = session
        self.show_file(None)

    def show_file(self, relpath: str | None) -> None:
        """Show ``relpath`` (a test file of the session's scenario), or nothing."""
        self.relpath = None
        text = ""
        if relpath is not None and self.session is not None:
            try:
                text = self.session.document.text(relpath)
            except ScenarioError as error:
                self._set_text("")
                self.edit.setReadOnly(True)
                self.edit.setPlaceholderText(
                    self.tr("Cannot open {file}: {error}").format(file=relpath, error=error.message)
                )
                self.header.setText(f"<b>{escape(relpath)}</b>")
                self.fileChanged.emit("")
                return
            self.relpath = relpath
        self._set_text(text)
        self.edit.setReadOnly(self.relpath is None)
        self._set_placeholder()
        self._update_header()
        self.set_findings([])
        self.fileChanged.emit(self.relpath or "")

    def _set_placeholder(self) -> None:
        self.edit.setPlaceholderText(
            self.tr("Choose a test in the list and “Edit” to change it here.")
            if self.relpath is None
            else "name: …\nturns:\n  - user: Hello\n    expect: {step: …}"
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._set_placeholder()
            self._update_header()
            self.set_findings(self.findings)
        super().changeEvent(event)

    def set_findings(self, findings: Sequence[ScenarioError]) -> None:
        """The problems of the shown file: listed under it and underlined in the text."""
        self.findings = list(findings)
        self.problems.clear()
        for finding in self.findings:
            where = f"{finding.line}:{finding.column}" if finding.line else "—"
            icon = "✖" if finding.severity == "error" else "⚠"
            hint = f" — {finding.hint}" if finding.hint else ""
            item = QListWidgetItem(f"{icon} {where}  {finding.message}{hint}")
            item.setData(Qt.ItemDataRole.UserRole, (finding.line, finding.column))
            item.setToolTip(plain_tooltip(finding.render()))
            self.problems.addItem(item)
        self.problems.setVisible(bool(self.findings))
        if self.findings:  # as tall as its rows (up to PROBLEM_ROWS): the text gets the rest
            row = max(self.problems.sizeHintForRow(0), self.problems.fontMetrics().height())
            shown = min(len(self.findings), PROBLEM_ROWS)
            self.problems.setFixedHeight(row * shown + 2 * self.problems.frameWidth() + 2)
        if self.relpath is None:
            self.status.setText("")
        elif self.findings:
            errors = sum(1 for finding in self.findings if finding.severity == "error")
            self.status.setText(
                self.tr("{count} error(s): this test cannot run until they are fixed.").format(
                    count=number(errors)
                )
                if errors
                else self.tr("Warnings only: the test can run.")
            )
        else:
            self.status.setText(self.tr("✓ The file is valid for this scenario."))
        self._mark()

    def go_to(self, line: int | None, column: int | None = None) -> None:
        """Put the cursor at a 1-based line and column, and focus the text."""
        self.edit.go_to(line, column)

    # --- keeping the editor and the document in step ----------------------------------------

    def _typed(self) -> None:
        if self.file_text.typed(self.session, self.relpath):
            self._update_header()

    def _on_changed(self, change: Change) -> None:
        if self.relpath is None or self.session is None:
            return
        if change.kind in ("file", "text") and change.path == (self.relpath,):
            self.file_text.follow(self.session, self.relpath)
            self._update_header()

    def _reload(self) -> None:
        relpath = self.relpath
        if (
            relpath is not None
            and self.session is not None
            and relpath in (self.session.document.files(relpath))
        ):
            self.show_file(relpath)
        else:
            self.show_file(None)

    def _set_text(self, text: str) -> None:
        self.file_text.set_text(text)

    def _update_header(self) -> None:
        if self.relpath is None:
            self.header.setText("")
            return
        unsaved = self.session is not None and self.session.document.is_modified(self.relpath)
        state = (
            " · <i>{}</i>".format(escape(self.tr("not saved yet (File ▸ Save writes it)")))
            if unsaved
            else ""
        )
        self.header.setText(f"<b>{escape(self.relpath)}</b>{state}")

    def _mark(self) -> None:
        """Mark the problems' lines in the gutter, and underline each where it is."""
        selections: list[QTextEdit.ExtraSelection] = []
        for finding in self.findings:
            if not finding.line:
                continue
            block = self.edit.document().findBlockByNumber(finding.line - 1)
            if not block.isValid():
                continue
            start = min(max(0, (finding.column or 1) - 1), max(0, block.length() - 1))
            text = block.text()
            end = start
            while end < len(text) and not text[end].isspace() and text[end] not in ":,{}":
                end += 1
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(
                QColor(220, 50, 50) if finding.severity == "error" else QColor(200, 140, 0)
            )
            fmt.setToolTip(plain_tooltip(finding.message))
            selection.format = fmt
            cursor = QTextCursor(block)
            cursor.setPosition(block.position() + start)
            cursor.setPosition(
                block.position() + max(end, start + 1), QTextCursor.MoveMode.KeepAnchor
            )
            selection.cursor = cursor
            selections.append(selection)
        self.edit.mark_lines(problem_marks(self.findings), selections)

    def _problem_activated(self, item: QListWidgetItem) -> None:
        line, column = item.data(Qt.ItemDataRole.UserRole)
        self.go_to(line, column)


__all__ = ["TestFileEditor", "YamlHighlighter"]
