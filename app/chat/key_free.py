"""The chat's header, and the ways to chat without a key, offered where a newcomer looks.

:class:`ProviderHeader` is the line under the chat's toolbar: what answers the chat, named in
full (a reply script's whole path; "Fake model · …"), and the *Settings…* button, whose menu
holds the three ways to chat without a key. The no-key notice offers the same ones
(:func:`offer_in_notice`): *Try without a model* first, in those words, the others under *Other
ways*. Kept apart from :mod:`app.chat.pane` so the pane stays about the conversation.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt
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
        self.fake = QAction(
            QCoreApplication.translate("KeyFreeActions", "Try without a model"), self
        )
        self.fake.setToolTip(
            QCoreApplication.translate(
                "KeyFreeActions",
                "Replies made up from the scenario's own steps: no key, costs nothing",
            )
        )
        self.fake.triggered.connect(lambda _checked=False: use_fake())
        self.script = QAction(
            QCoreApplication.translate("KeyFreeActions", "Use a Reply Script…"), self
        )
        self.script.setToolTip(
            QCoreApplication.translate(
                "KeyFreeActions", "Replies read from a file, one per model call: costs nothing"
            )
        )
        self.script.triggered.connect(lambda _checked=False: use_script())
        self.new_script = QAction(
            QCoreApplication.translate(
                "KeyFreeActions", "Create a Reply Script for This Scenario…"
            ),
            self,
        )
        self.new_script.setToolTip(
            QCoreApplication.translate(
                "KeyFreeActions",
                "Write a reply script pre-filled with the scenario's signals and results, "
                "open it, and chat with it",
            )
        )
        self.new_script.triggered.connect(lambda _checked=False: create_script())

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
    add = other_ways.addAction(QCoreApplication.translate("KeyFreeActions", "Add an API Key…"))
    add.triggered.connect(lambda _checked=False: add_key())
    more = QToolButton(notice)
    more.setObjectName("noticeMore")
    more.setText(QCoreApplication.translate("KeyFreeActions", "Other ways"))
    more.setMenu(other_ways)
    more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    notice.buttons.addWidget(more)
    return fake, more
