"""*Settings ▸ Language*: the system's language, or one the studio speaks, switched at once."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from app.i18n.languages import SYSTEM, UI_LANGUAGES, system_language, translations
from app.widgets import retranslated


class LanguageMenu(QMenu):
    """One checkable entry per language, each named in itself (a French reader finds
    *English*, an English one *हिन्दी*), and one that follows the system; choosing one switches
    the studio's language now and keeps the choice in ``settings``."""

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("menu:language")
        self.settings = settings
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.entries: dict[str, QAction] = {}
        for tag in (SYSTEM, *UI_LANGUAGES):
            action = QAction(UI_LANGUAGES.get(tag, ""), self)
            action.setCheckable(True)
            action.setData(tag)
            action.triggered.connect(lambda _checked=False, tag=tag: self.choose(tag))
            self.group.addAction(action)
            self.addAction(action)
            self.entries[tag] = action
            if tag == SYSTEM:
                self.addSeparator()
        translations().changed.connect(self._language_changed)  # a slot: gone with the menu
        retranslated(self, self.retranslate_ui)
        self._check()

    def choose(self, tag: str) -> None:
        translations().choose(tag, self.settings)

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("&Language"))
        system = UI_LANGUAGES[system_language()]
        self.entries[SYSTEM].setText(
            self.tr("System Language ({language})").format(language=system)
        )

    def _language_changed(self, _language: str) -> None:
        self._check()

    def _check(self) -> None:
        self.entries[translations().choice].setChecked(True)


__all__ = ["LanguageMenu"]
