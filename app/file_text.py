"""A text editor kept in step with one file of the open scenario, in both directions.

The instruction editor and the Tests pane's test-file editor both show one file as plain text.
Typing pushes a :class:`~app.commands.SetTextCommand` (a burst of typing merges into one undo
entry); an edit that reaches the file from elsewhere — Undo, Redo, a reload — replaces the
text, keeping the cursor where it was. :class:`FileText` holds what the editor last showed and
whether it is the one changing the file, so neither direction echoes the other.
"""

from __future__ import annotations

from PySide6.QtWidgets import QPlainTextEdit

from app.commands import SetTextCommand, push
from app.edit_session import EditSession


class FileText:
    """Keeps ``edit`` and a file of the session in step (see the module docstring)."""

    def __init__(self, edit: QPlainTextEdit) -> None:
        self.edit = edit
        #: the text as the editor last showed or pushed it
        self.shown = ""
        #: True while the editor itself changes the text or the file (no echo)
        self.applying = False

    def set_text(self, text: str) -> None:
        """Show ``text``, the cursor kept at its position (or the end, if shorter)."""
        self.applying = True
        try:
            position = self.edit.textCursor().position()
            self.edit.setPlainText(text)
            cursor = self.edit.textCursor()
            cursor.setPosition(min(position, len(text)))
            self.edit.setTextCursor(cursor)
            self.shown = text
        finally:
            self.applying = False

    def typed(self, session: EditSession | None, relpath: str | None) -> bool:
        """The editor's text changed: push it as an edit of ``relpath``. True if it was pushed
        (False for a change the editor made itself, or with nothing to edit)."""
        if self.applying or session is None or relpath is None:
            return False
        text = self.edit.toPlainText()
        if text == self.shown:
            return False
        old, self.shown = self.shown, text
        self.applying = True
        try:
            push(session.undo_stack, SetTextCommand(session, relpath, text, old=old))
        finally:
            self.applying = False
        return True

    def follow(self, session: EditSession, relpath: str) -> None:
        """``relpath`` changed in the document: show its text, unless the editor changed it."""
        if self.applying:
            return
        text = session.document.text(relpath)
        if text != self.edit.toPlainText():
            self.set_text(text)


__all__ = ["FileText"]
