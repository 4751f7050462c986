"""Which language the studio speaks, and switching it while the studio runs.

:class:`Translations` holds the translators installed in the application: the studio's own
(``resources/i18n/prompter_<tag>.qm``), Qt's (``qtbase_<tag>.qm``, from PySide6's translations
folder) and, for a language Qt does not translate, the few Qt texts the studio shows
(``qt_extra_<tag>.qm``: the buttons of a dialog). Switching removes them, installs the new ones
and sets the default ``QLocale`` (numbers and dates, :mod:`app.i18n.locale_text`); Qt then posts
a ``LanguageChange`` event to every window, which each passes to its widgets.

The choice is kept in ``QSettings`` (``ui/language``): ``""`` follows the system locale, else a
tag of :data:`UI_LANGUAGES`. A system language the studio does not speak gives English, with the
system's numbers and dates.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QSettings,
    QStandardPaths,
    QTranslator,
    Signal,
)

from app.i18n import qm
from engine.io.resources import resource_path

SETTINGS_LANGUAGE = "ui/language"
#: Follow the system locale.
SYSTEM = ""
ENGLISH = "en"
#: The languages the studio speaks, by tag, each named in itself (shown so in every language).
UI_LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "hi": "हिन्दी"}


def system_language() -> str:
    """The studio language the system locale asks for (English when it speaks none of them)."""
    for tag in QLocale.system().uiLanguages():
        primary = tag.replace("_", "-").split("-")[0].lower()
        if primary in UI_LANGUAGES:
            return primary
    return ENGLISH


def translations_folder() -> Path:
    return resource_path("i18n")


def qm_file(name: str) -> Path | None:
    """The compiled translation ``name`` (``prompter_fr``): shipped beside its ``.ts``, or — a
    wheel built where Qt's lrelease was missing — compiled once into the user's cache."""
    shipped = translations_folder() / f"{name}.qm"
    source = shipped.with_suffix(".ts")
    if shipped.is_file() and (not source.is_file() or not qm.is_stale(source, shipped)):
        return shipped
    if not source.is_file():
        return None
    cache = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation))
    cached = cache / "i18n" / f"{name}.qm"
    if qm.is_stale(source, cached) and not qm.compile_one(source, cached):
        return shipped if shipped.is_file() else None
    return cached


class Translations(QObject):
    """The translators of one application (see the module docstring); :func:`translations`
    gives the application's."""

    #: the language now spoken (a tag of UI_LANGUAGES)
    changed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._installed: list[QTranslator] = []
        #: what the author chose ("" follows the system) and the language that gives
        self.choice = SYSTEM
        self.language = ENGLISH

    def apply(self, choice: str) -> str:
        """Speak ``choice`` (``""``: the system's); returns the language now spoken."""
        app = QCoreApplication.instance()
        language = choice if choice in UI_LANGUAGES else system_language()
        for translator in self._installed:
            if app is not None:
                app.removeTranslator(translator)
        self._installed = []
        system = QLocale.system()
        follows_system = not choice or _primary(system) == language
        locale = system if follows_system else QLocale(language)
        QLocale.setDefault(locale)
        if language != ENGLISH and app is not None:
            qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            for name, folder in (
                (f"prompter_{language}", None),
                (f"qtbase_{language}", Path(qt_folder)),
                (f"qt_extra_{language}", None),
            ):
                path = (folder / f"{name}.qm") if folder else qm_file(name)
                translator = QTranslator(self)
                if path is not None and path.is_file() and translator.load(str(path)):
                    app.installTranslator(translator)
                    self._installed.append(translator)
        self.choice = choice if choice in UI_LANGUAGES else SYSTEM
        self.language = language
        self.changed.emit(language)
        return language

    def start(self, settings: QSettings) -> str:
        """Speak the language chosen in ``settings`` (the system's when none was)."""
        return self.apply(str(settings.value(SETTINGS_LANGUAGE, SYSTEM) or SYSTEM))

    def choose(self, choice: str, settings: QSettings) -> str:
        """The author chose ``choice`` in Settings ▸ Language: keep it, and speak it now."""
        settings.setValue(SETTINGS_LANGUAGE, choice)
        return self.apply(choice)

    @property
    def loaded(self) -> list[str]:
        """The files of the translators installed (for the tests and Help ▸ About)."""
        return [translator.filePath() for translator in self._installed]


def _primary(locale: QLocale) -> str:
    return locale.name().split("_")[0].lower()


_TRANSLATIONS: dict[int, Translations] = {}


def translations() -> Translations:
    """The application's translators (one per ``QCoreApplication``)."""
    app = QCoreApplication.instance()
    key = id(app)
    found = _TRANSLATIONS.get(key)
    if found is None:
        found = _TRANSLATIONS[key] = Translations(app)
    return found


__all__ = [
    "ENGLISH",
    "SETTINGS_LANGUAGE",
    "SYSTEM",
    "UI_LANGUAGES",
    "Translations",
    "qm_file",
    "system_language",
    "translations",
    "translations_folder",
]
