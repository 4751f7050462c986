"""Fonts that draw every script a scenario is written in, whatever the machine has installed.

The studio ships Noto Sans and Noto Sans Devanagari (``resources/fonts``, under the SIL Open Font
License, ``OFL.txt`` beside them) and registers them as it starts
(:func:`register_fonts`, ``QFontDatabase.addApplicationFont``): a machine — or the bundle — with
no Devanagari font of its own draws Hindi correctly instead of empty boxes. Every font the studio
makes goes through :func:`covering`, which appends the shipped families as per-character
fallbacks: the system's UI font (or its monospace one) draws what it can, Noto the rest.

:func:`uncovered_scripts` finds, in a scenario's texts, characters no font of this machine or of
the studio can draw, named by their script, so that the studio can say so once
(:class:`ScriptCoverage`) instead of drawing boxes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator

from PySide6.QtCore import QObject
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics, QGuiApplication

from engine.io.resources import resource_path
from engine.scenario.definition import Scenario

#: The shipped files, and the families they hold.
FONT_FILES = (
    "NotoSans-Regular.ttf",
    "NotoSans-Bold.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansDevanagari-Bold.ttf",
)
FALLBACK_FAMILIES = ("Noto Sans", "Noto Sans Devanagari")

_registered: list[str] = []


def register_fonts() -> list[str]:
    """Register the shipped fonts (once) and make them the fallbacks of the application font;
    returns the families registered."""
    if not _registered:
        for name in FONT_FILES:
            font_id = QFontDatabase.addApplicationFont(str(resource_path("fonts", name)))
            if font_id >= 0:
                for family in QFontDatabase.applicationFontFamilies(font_id):
                    if family not in _registered:
                        _registered.append(family)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            QGuiApplication.setFont(covering(QGuiApplication.font()))
    return list(_registered)


def covering(font: QFont) -> QFont:
    """``font`` with the shipped families after its own: a character its family lacks
    (Devanagari in DejaVu Sans Mono, say) is drawn by Noto."""
    covered = QFont(font)
    families = list(font.families()) or [font.family()]
    covered.setFamilies([*families, *(f for f in FALLBACK_FAMILIES if f not in families)])
    return covered


def script_of(char: str) -> str:
    """The script a character belongs to, in Unicode's words (``DEVANAGARI``, ``THAI``)."""
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] if name else f"U+{ord(char):04X}"


def _drawable(char: str) -> bool:
    category = unicodedata.category(char)
    return not (category.startswith(("Z", "C")) or char.isspace())


def uncovered_scripts(texts: Iterable[str], font: QFont | None = None) -> dict[str, str]:
    """The scripts of ``texts`` that no font can draw: script → a few of its characters.

    A character counts as covered when ``font`` (the application's, by default) draws it,
    its fallbacks included, or any family installed on the machine has it.
    """
    metrics = QFontMetrics(covering(font or QGuiApplication.font()))
    missing: dict[str, str] = {}
    checked: set[str] = set()
    others: list[QFontMetrics] | None = None
    for text in texts:
        for char in text:
            if char in checked or ord(char) < 0x80 or not _drawable(char):
                continue
            checked.add(char)
            if metrics.inFontUcs4(ord(char)):
                continue
            if others is None:
                others = [QFontMetrics(QFont(family)) for family in QFontDatabase.families()]
            if any(other.inFontUcs4(ord(char)) for other in others):
                continue
            script = script_of(char)
            if len(missing.get(script, "")) < 5:
                missing[script] = missing.get(script, "") + char
    return missing


def scenario_texts(scenario: Scenario) -> Iterator[str]:
    """Every text of a scenario the studio draws: titles, goals, instructions, messages,
    descriptions, the persona."""
    yield scenario.title
    yield scenario.description
    yield scenario.persona_text
    for variable in scenario.variables.values():
        yield variable.description
    for step in scenario.steps.values():
        yield step.display_title
        yield step.goal or ""
        yield step.instructions_text
        yield step.text or ""
        for result in step.results.values():
            yield result.description
            yield from result.values or []
        for transition in step.transitions.values():
            yield transition.description


class ScriptWarning(QObject):
    """Says once — per scenario folder and script, for as long as the studio runs — that a
    scenario is written in a script no font can draw, instead of letting it be drawn as
    boxes. ``tell(title, message, is_problem)`` is the window's."""

    def __init__(self, tell: Callable[[str, str, bool], None], parent: QObject | None = None):
        super().__init__(parent)
        self.tell = tell
        self._told: set[tuple[str, str]] = set()

    def check(self, folder: str, scenario: Scenario | None) -> dict[str, str]:
        """Check ``scenario``; the scripts newly reported (script → some of its characters)."""
        if scenario is None:
            return {}
        missing = uncovered_scripts(scenario_texts(scenario))
        new = {
            script: chars for script, chars in missing.items() if (folder, script) not in self._told
        }
        if not new:
            return {}
        self._told.update((folder, script) for script in new)
        listed = ", ".join(f"{script.title()} ({' '.join(chars)})" for script, chars in new.items())
        self.tell(
            self.tr("Characters no font can draw"),
            self.tr(
                "This scenario uses characters that no font of this computer can draw: {scripts}. "
                "They are shown as empty boxes; install a font that covers them."
            ).format(scripts=listed),
            True,
        )
        return new


__all__ = [
    "FALLBACK_FAMILIES",
    "FONT_FILES",
    "ScriptWarning",
    "covering",
    "register_fonts",
    "scenario_texts",
    "script_of",
    "uncovered_scripts",
]
