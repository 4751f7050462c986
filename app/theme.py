"""Colours derived from the system palette, so the graph follows a light or a dark desktop.

Nodes are drawn from these colours (never from fixed RGB values) and as vectors, so they stay
legible in both themes and crisp at any device-pixel ratio. ``--dark`` (or
``PROMPTER_STUDIO_THEME=dark``) forces a dark Fusion palette, for screenshots and for desktops
whose style ignores the system's dark mode; *View ▸ Dark Theme* switches to it and back at once
(:func:`use_dark`) and is remembered (:data:`THEME_SETTING`) for the next start.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

THEME_ENV = "PROMPTER_STUDIO_THEME"
#: The QSettings key of *View ▸ Dark Theme*: ``dark`` or ``system``.
THEME_SETTING = "view/theme"
#: The style and palette the studio started with, before any dark palette (see :func:`use_dark`).
_SYSTEM_LOOK: tuple[str, QPalette] | None = None


def wants_dark(argv_flag: bool = False, remembered: object = None) -> bool:
    """Dark when asked for: ``--dark``, ``PROMPTER_STUDIO_THEME=dark``, or the remembered
    choice of *View ▸ Dark Theme* (``remembered``, the setting's value)."""
    return argv_flag or os.environ.get(THEME_ENV, "").lower() == "dark" or remembered == "dark"


def remember_system_look(app: QApplication) -> None:
    """Keep the style and palette the desktop gave, to go back to them from the dark theme."""
    global _SYSTEM_LOOK
    if _SYSTEM_LOOK is None:
        _SYSTEM_LOOK = (app.style().name(), QPalette(app.palette()))


def use_dark(app: QApplication, dark: bool) -> None:
    """Switch to the dark palette, or back to the desktop's."""
    remember_system_look(app)
    if dark:
        apply_dark_palette(app)
    elif _SYSTEM_LOOK is not None:
        style, palette = _SYSTEM_LOOK
        app.setStyle(style)
        app.setPalette(palette)


def apply_dark_palette(app: QApplication) -> None:
    """A neutral dark Fusion palette (used when asked for, the system's otherwise)."""
    app.setStyle("Fusion")
    palette = QPalette()
    base, window, text = QColor(30, 32, 36), QColor(43, 45, 50), QColor(222, 224, 228)
    palette.setColor(QPalette.ColorRole.Window, window)
    palette.setColor(QPalette.ColorRole.WindowText, text)
    palette.setColor(QPalette.ColorRole.Base, base)
    palette.setColor(QPalette.ColorRole.AlternateBase, window)
    palette.setColor(QPalette.ColorRole.ToolTipBase, window)
    palette.setColor(QPalette.ColorRole.ToolTipText, text)
    palette.setColor(QPalette.ColorRole.Text, text)
    palette.setColor(QPalette.ColorRole.Button, window)
    palette.setColor(QPalette.ColorRole.ButtonText, text)
    palette.setColor(QPalette.ColorRole.BrightText, QColor(255, 90, 90))
    palette.setColor(QPalette.ColorRole.Highlight, QColor(66, 133, 244))
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor(255, 255, 255))
    palette.setColor(QPalette.ColorRole.Link, QColor(110, 168, 254))
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor(140, 143, 150))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(120, 122, 128))
    app.setPalette(palette)


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """``a`` moved ``amount`` (0–1) of the way towards ``b``."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * amount),
        round(a.green() + (b.green() - a.green()) * amount),
        round(a.blue() + (b.blue() - a.blue()) * amount),
    )


@dataclass(frozen=True)
class GraphColors:
    """Every colour the graph editor paints with."""

    background: QColor
    grid: QColor
    node_fill: QColor
    message_fill: QColor
    action_fill: QColor
    node_border: QColor
    text: QColor
    muted_text: QColor
    accent: QColor
    selection: QColor
    edge: QColor
    label_fill: QColor
    error: QColor
    warning: QColor
    match: QColor
    current: QColor

    @classmethod
    def from_palette(cls, palette: QPalette | None = None) -> GraphColors:
        palette = palette or QGuiApplication.palette()
        dark = is_dark(palette)
        base = palette.color(QPalette.ColorRole.Base)
        window = palette.color(QPalette.ColorRole.Window)
        text = palette.color(QPalette.ColorRole.Text)
        accent = palette.color(QPalette.ColorRole.Highlight)
        return cls(
            background=mix(window, base, 0.5),
            grid=mix(window, text, 0.06),
            node_fill=base,
            message_fill=mix(base, QColor(64, 160, 120), 0.22 if dark else 0.14),
            action_fill=mix(base, QColor(150, 110, 210), 0.24 if dark else 0.15),
            node_border=mix(base, text, 0.45),
            text=text,
            muted_text=mix(base, text, 0.6),
            accent=accent,
            selection=accent,
            edge=mix(base, text, 0.55),
            label_fill=mix(window, base, 0.5),
            error=QColor(235, 87, 87) if dark else QColor(200, 40, 40),
            warning=QColor(242, 182, 50) if dark else QColor(196, 130, 0),
            match=QColor(250, 204, 21) if dark else QColor(234, 179, 8),
            current=QColor(52, 211, 153) if dark else QColor(16, 150, 100),
        )
