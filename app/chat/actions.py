"""The test chat's action steps: run live or stubbed (a toggle), and only in a trusted folder.

The chat's toolbar has a *Live actions* toggle (kept in the settings). Live, the scenario's
actions run — but only once the author trusts the folder (:mod:`app.action_trust`) when they
reach beyond it (Python code, any host, an environment variable): until then they are stubbed,
and a banner in the chat says so, names what would run, and asks, once per folder. Stubbed
(the toggle off), every action step is answered from the stubs
the scenario's own files give (its tests, ``tests/stubs.yaml``:
:mod:`engine.scenario_tests.suite_stubs`), as a simulation answers them; a step without a stub
takes ``error`` and the chat's folded events say why.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QAction

from app.action_trust import FolderTrust, Trust, reach_text
from app.chat.parts import Banner
from engine.actions.runners import ActionRunner, LiveActions, StubbedActions, action_reach
from engine.errors import ScenarioErrors
from engine.scenario.definition import Scenario, StepKind
from engine.scenario_tests.suite_stubs import scenario_stubs

#: Whether the chat runs actions live (the toggle), in the settings.
LIVE_SETTING = "chat/liveActions"
#: What an action answers while its folder is not trusted.
UNTRUSTED = (
    "stubbed: this folder's actions are not trusted yet (the chat's banner asks); "
    "give the step a stub in a test or tests/stubs.yaml to choose its outcome"
)


def has_actions(scenario: Scenario) -> bool:
    return any(step.kind is StepKind.ACTION for step in scenario.steps.values())


class ChatActions(QObject):
    """The toggle, the banner, and the runner each new conversation gets."""

    def __init__(
        self, settings: QSettings, on_change: Callable[[], object], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.trust = FolderTrust(settings)
        #: called when the runner a conversation should get changed (trust given, toggled)
        self.on_change = on_change
        self.live_action = QAction(self)
        self.live_action.setCheckable(True)
        self.live_action.setChecked(str(settings.value(LIVE_SETTING, "true")) != "false")
        self.live_action.toggled.connect(self._toggled)
        # shown only once a conversation starts on a scenario with action steps (runner_for)
        self.live_action.setVisible(False)
        self.banner = Banner("actionsNotice", "rgba(150,110,210,40)")
        self.banner.label.setTextFormat(Qt.TextFormat.PlainText)
        self.trust_button = self.banner.add_button("", self.trust_folder)
        self.refuse_button = self.banner.add_button("", self.keep_stubbed)
        self.scenario: Scenario | None = None
        #: what the banner says, made again in the language spoken (see :meth:`_say`)
        self._said: Callable[[], str] = str
        self.banner.installEventFilter(self)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set the toggle's and the banner's texts (again: on ``LanguageChange``)."""
        self.live_action.setText(self.tr("Live actions"))
        self.live_action.setToolTip(
            self.tr(
                "On: action steps run (Python actions once the folder is trusted). Off: they "
                "are answered by the stubs of the scenario's tests and tests/stubs.yaml"
            )
        )
        self.trust_button.setText(self.tr("Trust this folder"))
        self.refuse_button.setText(self.tr("Keep stubbed"))
        self.banner.label.setText(self._said())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.banner and event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        return super().eventFilter(watched, event)

    @property
    def live(self) -> bool:
        return self.live_action.isChecked()

    def runner_for(self, scenario: Scenario) -> ActionRunner | None:
        """The runner of a new conversation on ``scenario`` (``None``: it has no actions), and
        the banner that says how its actions are answered."""
        self.scenario = scenario
        self.live_action.setVisible(has_actions(scenario))
        self.banner.hide()
        if not has_actions(scenario):
            return None
        try:
            stubs = scenario_stubs(scenario.root) if scenario.root is not None else {}
        except ScenarioErrors as errors:
            stubs = {}
            first = errors.errors[0].render()
            self._say(
                lambda: self.tr("tests/stubs.yaml has errors, so no stubs are used: %s") % first
            )
        if not self.live:
            self._say(
                lambda: self.tr(
                    "Actions are stubbed: each action step answers with the stub the "
                    "scenario's tests or tests/stubs.yaml give it (Live actions runs them)."
                )
            )
            return StubbedActions(stubs)
        folder = scenario.root
        reach = action_reach(scenario)
        if reach.needs_trust and not self.trust.trusted(folder):
            answer = self.trust.of(folder) if folder is not None else Trust.REFUSED

            def text() -> str:
                if answer is Trust.REFUSED:
                    return self.tr(
                        "Actions are stubbed: you chose not to run this folder's actions ({what})."
                    ).format(what=reach_text(reach))
                return self.tr(
                    "This scenario's actions run with your rights: {what}. Until you trust "
                    "this folder they are stubbed."
                ).format(what=reach_text(reach))

            self._say(text, ask=True, refused=answer is Trust.REFUSED)
            return StubbedActions(stubs, missing=UNTRUSTED)
        live = LiveActions()
        live.warm(scenario)  # trusted: its worker may load the module now, before the first call
        return live

    def _say(self, text: Callable[[], str], *, ask: bool = False, refused: bool = False) -> None:
        """Show the banner with ``text()`` (called again when the language changes)."""
        self._said = text
        self.banner.label.setText(text())
        self.trust_button.setVisible(ask)
        self.refuse_button.setVisible(ask and not refused)
        self.banner.show()

    def trust_folder(self) -> None:
        folder = self.scenario.root if self.scenario is not None else None
        if folder is not None:
            self.trust.remember(folder, Trust.TRUSTED)
            self.on_change()

    def keep_stubbed(self) -> None:
        folder = self.scenario.root if self.scenario is not None else None
        if folder is not None:
            self.trust.remember(folder, Trust.REFUSED)
            self.trust_button.setVisible(True)
            self.refuse_button.setVisible(False)

    def _toggled(self, live: bool) -> None:
        self.settings.setValue(LIVE_SETTING, "true" if live else "false")
        self.on_change()


__all__ = ["LIVE_SETTING", "UNTRUSTED", "ChatActions", "has_actions"]
