"""The studio in other languages and scripts: translations, locale-aware numbers, fonts.

**Translations, the Qt way.** Every user-visible string of the studio is written in English in
the code, through ``self.tr("…")`` (a ``QObject`` method: the context is the class) or
``QCoreApplication.translate("Context", "…")``, with a *literal* argument: ``pyside6-lupdate``
reads literals only, and ``tests/test_i18n.py`` fails on any other. Plurals use ``%n``
(``self.tr("%n step(s)", "", count)``); values go in with ``.arg()`` or ``str.format`` after the
translation, never inside the literal. The sources of the translations are
``resources/i18n/prompter_fr.ts`` and ``prompter_hi.ts`` (Qt Linguist files, under version
control); ``./dev`` compiles them to ``.qm`` (``pyside6-lrelease``, :mod:`app.i18n.qm`), and so
do the bundle's build and ``setup.py``. ``./dev i18n`` refreshes the ``.ts`` from the code.

**The language** follows the system locale (``LANG=fr_FR.UTF-8``), or *Settings ▸ Language*
(:class:`~app.i18n.menu.LanguageMenu`, kept in ``QSettings``), and switches without a restart
(:class:`~app.i18n.languages.Translations`): Qt sends every widget a ``LanguageChange`` event,
and a widget whose texts are translated sets them again — the *retranslate* pattern: the
constructor builds the widgets without text, and one method, ``retranslate_ui()``, run from the
constructor and on each ``LanguageChange`` (``retranslated(self, self.retranslate_ui)``,
:func:`app.widgets.retranslated`), sets them all (see
``app.main_window`` and ``app.dialogs.NewScenarioDialog``). Qt's own texts (the buttons of a
dialog, the file chooser) come from ``qtbase_*.qm``, which PySide6 ships for French; Hindi,
which Qt does not translate, has the few it needs in ``resources/i18n/qt_extra_hi.ts``.

**Numbers, sizes and dates** are written by :mod:`app.i18n.locale_text` with ``QLocale``
(``1 613`` in French, ``1,613`` in English), never with ``f"{n:,}"``.

**Fonts** (:mod:`app.i18n.fonts`): Noto Sans and Noto Sans Devanagari ship in
``resources/fonts`` (OFL) and are registered as the studio starts, so Hindi is drawn on a machine
that has no Devanagari font; a scenario in a script no font covers is reported once.

This package is at the foundation of the studio: it imports no other studio module.
"""
