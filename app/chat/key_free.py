"""The chat's header, and the ways to chat without a key, offered where a newcomer looks.

:class:`ProviderHeader` is the line under the chat's toolbar: what answers the chat, named in
full (a reply script's whole path; "Fake model · …"), and the *Settings…* button, whose menu
holds the three ways to chat without a key. The no-key notice offers the same ones
(:func:`offer_in_notice`): *Try without a model* first, in those words, the others under *Other
ways*. Kept apart from :mod:`app.chat.pane` so the pane stays about the conversation.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from app.chat.parts import Banner
from app.plain_text import PlainLabel

__all__ = ["KeyFreeActions", "ProviderHeader", "offer_in_notice"]


class KeyFreeActions(QObject):
    """*Try without a model*, *Use a reply script…*, *Create a reply script for this
    scenario…*: what each does is the pane's (the callables)."""

    def __init__(
        self,
        parent: QObject,
        *,
        use_fake: Callable[[], object],
        use_script: Callable[[], object],
        create_script: Callable[[], object],
    ) -> None:
        super().__init__(parent)
        self.fake = QAction(self)
        self.fake.triggered.connect(lambda _checked=False: use_fake())
        self.script = QAction(self)
        self.script.triggered.connect(lambda _checked=False: use_script())
        self.new_script = QAction(self)
        self.new_script.triggered.connect(lambda _checked=False: create_script())
        self.add_key = QAction(self)
        #: the notice's buttons (:func:`offer_in_notice`), whose texts follow the language
        self.notice_buttons: tuple[QPushButton, QToolButton] | None = None
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set the texts (again: the pane calls it on ``LanguageChange``)."""
        self.fake.setText(self.tr("Try without a model"))
        self.fake.setToolTip(
            self.tr("Replies made up from the scenario's own steps: no key, costs nothing")
        )
        self.script.setText(self.tr("Use a Reply Script…"))
        self.script.setToolTip(
            self.tr("Replies read from a file, one per model call: costs nothing")
        )
        self.new_script.setText(self.tr("Create a Reply Script for This Scenario…"))
        self.new_script.setToolTip(
            self.tr(
                "Write a reply script pre-filled with the scenario's signals and results, "
                "open it, and chat with it"
            )
        )
        self.add_key.setText(self.tr("Add an API Key…"))
        if self.notice_buttons is not None:
            fake, more = self.notice_buttons
            fake.setText(self.fake.text())
            fake.setToolTip(self.fake.toolTip())
            more.setText(self.tr("Other ways"))

    @property
    def all(self) -> list[QAction]:
        return [self.fake, self.script, self.new_script]


class ProviderHeader(QWidget):
    """What answers the chat, in full, and the *Settings…* button (its menu: the key-free
    ways)."""

    def __init__(self, settings: QAction, key_free: KeyFreeActions, parent: QWidget) -> None:
        super().__init__(parent)
        self.label = PlainLabel(self)
        self.label.setObjectName("providerLabel")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setContentsMargins(6, 0, 0, 0)
        self.label.setStyleSheet("color: palette(placeholder-text);")
        self.label.setWordWrap(True)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        menu = QMenu(self)
        menu.addActions(key_free.all)
        self.button = QToolButton(self)
        self.button.setObjectName("chatSettingsButton")
        self.button.setDefaultAction(settings)
        self.button.setMenu(menu)
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.button.setAutoRaise(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)


def offer_in_notice(
    notice: Banner, key_free: KeyFreeActions, add_key: Callable[[], object]
) -> tuple[QPushButton, QToolButton]:
    """Put the key-free ways on ``notice``: *Try without a model*, then *Other ways* (a reply
    script, a new one, a key). Returns both buttons (shown only when there is no key)."""
    fake = notice.add_button(key_free.fake.text(), key_free.fake.trigger)
    fake.setToolTip(key_free.fake.toolTip())
    fake.setDefault(True)
    other_ways = QMenu(notice)
    other_ways.addActions([key_free.script, key_free.new_script])
    other_ways.addSeparator()
    other_ways.addAction(key_free.add_key)
    key_free.add_key.triggered.connect(lambda _checked=False: add_key())
    more = QToolButton(notice)
    more.setObjectName("noticeMore")
    more.setMenu(other_ways)
    more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    notice.buttons.addWidget(more)
    key_free.notice_buttons = (fake, more)
    key_free.retranslate_ui()
    return fake, more
