"""Markdown highlighting for instruction and persona files, with ``{{placeholder}}`` checking.

Headings, emphasis, code, lists and quotes get light styling so the structure of long
instructions is visible at a glance. A ``{{name}}`` naming a declared variable is shown as a
placeholder; one naming nothing declared gets a wavy red underline — the same rule the validator
applies (``undeclared-placeholder``), so the editor and the problems pane agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import (
    QColor,
    QFont,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication

from app.i18n.fonts import FALLBACK_FAMILIES
from app.theme import is_dark, mix
from engine.scenario.definition import BRACED, PLACEHOLDER

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s.*$")
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_QUOTE = re.compile(r"^\s*>.*$")
_BOLD = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_ITALIC = re.compile(r"(?<![*_\w])([*_])(?=\S)(.+?)(?<=\S)\1(?![*_\w])")
_CODE = re.compile(r"`[^`\n]+`")
_LINK = re.compile(r"\[[^\]\n]+\]\([^)\n]+\)")
_FENCE = re.compile(r"^\s*(```|~~~)")

IN_FENCE = 1


def char_format(
    color: QColor | None = None,
    *,
    bold: bool = False,
    italic: bool = False,
    mono: bool = False,
    background: QColor | None = None,
    weight: QFont.Weight | None = None,
) -> QTextCharFormat:
    """A highlighter's format: a colour, bold (or another ``weight``), italic, monospace, a
    background. Shared by the studio's highlighters (Markdown here, YAML in the Tests pane)."""
    fmt = QTextCharFormat()
    if color is not None:
        fmt.setForeground(color)
    if weight is not None:
        fmt.setFontWeight(weight)
    elif bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    if italic:
        fmt.setFontItalic(True)
    if mono:
        fmt.setFontFixedPitch(True)
        fmt.setFontFamilies(["monospace", *FALLBACK_FAMILIES])  # Devanagari in code too
    if background is not None:
        fmt.setBackground(background)
    return fmt


class MarkdownHighlighter(QSyntaxHighlighter):
    """Highlights one document; :meth:`set_known_names` updates which placeholders are valid."""

    def __init__(self, document: QTextDocument, known: Iterable[str] = ()) -> None:
        super().__init__(document)
        self.known: frozenset[str] = frozenset(known)
        palette = QApplication.palette()
        dark = is_dark(palette)
        text = palette.color(QPalette.ColorRole.Text)
        base = palette.color(QPalette.ColorRole.Base)
        accent = palette.color(QPalette.ColorRole.Highlight)
        muted = mix(base, text, 0.6)
        self.heading = char_format(accent, bold=True)
        self.bold = char_format(bold=True)
        self.italic = char_format(italic=True)
        self.code = char_format(
            mix(text, QColor(200, 80, 160), 0.5), mono=True, background=mix(base, text, 0.07)
        )
        self.link = char_format(palette.color(QPalette.ColorRole.Link))
        self.list_marker = char_format(accent, bold=True)
        self.quote = char_format(muted, italic=True)
        placeholder_color = QColor(80, 200, 140) if dark else QColor(0, 128, 90)
        self.placeholder = char_format(
            placeholder_color, bold=True, background=mix(base, placeholder_color, 0.12)
        )
        self.unknown = char_format(QColor(235, 87, 87) if dark else QColor(190, 30, 30), bold=True)
        self.unknown.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        self.unknown.setUnderlineColor(QColor(220, 50, 50))
        self.unknown.setToolTip(
            QCoreApplication.translate("MarkdownHighlighter", "not a declared variable")
        )

    def set_known_names(self, names: Iterable[str]) -> None:
        known = frozenset(names)
        if known != self.known:
            self.known = known
            self.rehighlight()

    def unknown_placeholders(self, text: str) -> list[str]:
        """Names in ``{{…}}`` that are not declared (what the wavy underline marks)."""
        return [m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1) not in self.known]

    def highlightBlock(self, text: str) -> None:
        in_fence = self.previousBlockState() == IN_FENCE
        if _FENCE.match(text):
            self.setFormat(0, len(text), self.code)
            self.setCurrentBlockState(0 if in_fence else IN_FENCE)
            return
        if in_fence:
            self.setFormat(0, len(text), self.code)
            self.setCurrentBlockState(IN_FENCE)
            return
        self.setCurrentBlockState(0)
        if _HEADING.match(text):
            self.setFormat(0, len(text), self.heading)
        elif _QUOTE.match(text):
            self.setFormat(0, len(text), self.quote)
        list_marker = _LIST.match(text)
        if list_marker:
            self.setFormat(
                list_marker.start(), list_marker.end() - list_marker.start(), self.list_marker
            )
        for pattern, fmt in (
            (_BOLD, self.bold),
            (_ITALIC, self.italic),
            (_LINK, self.link),
            (_CODE, self.code),
        ):
            for match in pattern.finditer(text):
                self.setFormat(match.start(), match.end() - match.start(), fmt)
        for match in BRACED.finditer(text):
            placeholder = PLACEHOLDER.fullmatch(match.group(0))
            known = placeholder is not None and placeholder.group(1) in self.known
            self.setFormat(
                match.start(),
                match.end() - match.start(),
                self.placeholder if known else self.unknown,
            )
