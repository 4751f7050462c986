"""The studio in French and Hindi: the translation machinery, locale numbers, fonts, names.

* every ``tr()`` / ``translate()`` of ``app/`` has a literal text (``pyside6-lupdate`` reads
  nothing else), and the ``.ts`` hold every text of the modules already translated, finished,
  with the same placeholders;
* *Settings ▸ Language* switches the main window's menus, toolbar, panes and status bar, and an
  open New-scenario dialog (Qt's buttons included), live, to French, Hindi and back; the system
  locale picks the language at start;
* numbers are written as the language writes them;
* the shipped Noto fonts draw every Devanagari letter of the Hindi scenario in the graph, the
  editor and the chat, on a machine that has no Devanagari font of its own; a script no font
  covers is reported once; the draw.io export names a family that draws Devanagari;
* the New-scenario dialog says which characters a name may hold, and suggests one;
* no English is left in French or in Hindi: every menu entry, toolbar button, pane, tab,
  header, label, tooltip and placeholder of the assembled studio, and its dialogs, walked in
  each language (the parts still to translate are listed in ``PENDING_*``).
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from plugins.source_trees import SOURCE_RULES, source_tree

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"
I18N = ROOT / "resources" / "i18n"
HINDI = ROOT / "scenarios" / "clinic_appointment"
#: Every module of the studio: each user-visible string goes through tr() (issue 25).
TRANSLATED_MODULES = tuple(sorted(str(path.relative_to(ROOT)) for path in APP.rglob("*.py")))
_TRANSLATE_OWNERS = {"QCoreApplication", "QApplication", "QGuiApplication"}


# --- literal texts ---------------------------------------------------------------------------


def non_literal_translations(path: Path) -> list[str]:
    """``file:line`` of every tr()/translate() call in ``path`` whose text is not a literal."""
    found = []
    for node in ast.walk(source_tree(path)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        texts: list[ast.expr] = []
        if isinstance(func, ast.Attribute) and func.attr == "tr":
            texts = node.args[:2]
        elif (
            isinstance(func, ast.Attribute)
            and func.attr == "translate"
            and isinstance(func.value, ast.Name)
            and func.value.id in _TRANSLATE_OWNERS
        ):
            texts = node.args[:3]
        elif isinstance(func, ast.Name) and func.id in ("tr", "translate", "QT_TR_NOOP"):
            texts = node.args[:2]
        else:
            continue
        if not texts or any(
            not (isinstance(arg, ast.Constant) and isinstance(arg.value, str | type(None)))
            for arg in texts
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.xdist_group(SOURCE_RULES)  # every module of the studio parsed once for all rules
def test_every_translated_text_in_the_studio_is_a_literal() -> None:
    problems = [
        line for path in sorted(APP.rglob("*.py")) for line in non_literal_translations(path)
    ]
    assert problems == [], "pyside6-lupdate reads only literal texts: " + ", ".join(problems)


def test_the_literal_check_sees_every_kind_of_call(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "TEXT = 'x'\n"
        "self.tr(TEXT)\n"
        "self.tr(f'{n} steps')\n"
        "QCoreApplication.translate('Ctx', TEXT)\n"
        "QCoreApplication.translate(CONTEXT, 'ok')\n"
        "self.tr('fine', 'also fine', n)\n"
        "QCoreApplication.translate('Ctx', 'fine')\n"
        "painter.translate(x, y)\n",
        encoding="utf-8",
    )
    lines = [int(found.rsplit(":", 1)[1]) for found in non_literal_translations_at(probe)]
    assert lines == [2, 3, 4, 5]


def non_literal_translations_at(path: Path) -> list[str]:
    global ROOT
    saved, ROOT = ROOT, path.parent
    try:
        return non_literal_translations(path)
    finally:
        ROOT = saved


# --- the .ts files ---------------------------------------------------------------------------


def messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    tree = ET.parse(path)
    return {
        (context.findtext("name") or "", message.findtext("source") or ""): message
        for context in tree.getroot().findall("context")
        for message in context.findall("message")
    }


def texts_of(message: ET.Element) -> list[str]:
    translation = message.find("translation")
    assert translation is not None
    forms = translation.findall("numerusform")
    return [form.text or "" for form in forms] if forms else [translation.text or ""]


@pytest.mark.parametrize("language", ["fr", "hi"])
def test_every_text_of_the_studio_s_translation_is_finished_and_keeps_its_placeholders(
    language: str,
) -> None:
    found = messages(I18N / f"prompter_{language}.ts")
    assert len(found) >= 90
    for (context, source), message in found.items():
        translation = message.find("translation")
        assert translation is not None and translation.get("type") is None, (context, source)
        for text in texts_of(message):
            assert text.strip(), (context, source)
            assert sorted(re.findall(r"\{\w+\}|%n", text)) == sorted(
                re.findall(r"\{\w+\}|%n", source)
            ), (context, source, text)
            assert text.count("&") - text.count("&&") <= 1, (context, source, text)


def test_the_translations_hold_every_text_of_the_translated_modules(tmp_path: Path) -> None:
    """What pyside6-lupdate finds in the modules already translated is in both .ts files
    (``./dev i18n`` refreshes them)."""
    from app.i18n.qm import qt_tool

    lupdate = qt_tool("lupdate")
    assert lupdate is not None
    fresh = tmp_path / "fresh.ts"
    subprocess.run(
        [*lupdate, *TRANSLATED_MODULES, "-silent", "-locations", "none", "-ts", str(fresh)],
        check=True,
        cwd=ROOT,
    )
    wanted = set(messages(fresh))
    assert len(wanted) >= 60
    for language in ("fr", "hi"):
        assert wanted - set(messages(I18N / f"prompter_{language}.ts")) == set(), language


# --- switching live --------------------------------------------------------------------------


@pytest.fixture
def speaking(qtbot: Any) -> Iterator[Any]:
    """Switch the studio's language; English again afterwards, for the next tests."""
    from PySide6.QtCore import QSettings

    from app.i18n.languages import translations

    chosen = translations()
    settings = QSettings()

    def speak(language: str) -> None:
        chosen.choose(language, settings)
        qtbot.wait(1)  # Qt posts LanguageChange to every window: let them handle it

    yield speak
    chosen.apply("en")
    qtbot.wait(1)


def menu_texts(window: Any) -> dict[str, list[str]]:
    from PySide6.QtWidgets import QMenu

    found = {}
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            found[menu.objectName()] = [menu.title()] + [
                entry.text() for entry in menu.actions() if not entry.isSeparator()
            ]
    return found


def test_settings_language_switches_the_main_window_live(
    make_studio: Any, speaking: Any, qtbot: Any
) -> None:
    from app.dialogs import NewScenarioDialog
    from app.i18n.languages import translations

    window = make_studio()
    dialog = NewScenarioDialog(Path("/tmp"), window)
    qtbot.addWidget(dialog)
    dialog.show()
    english = menu_texts(window)
    assert english["menu:file"][:3] == ["&File", "&New…", "&Open…"]
    assert english["menu:settings"] == ["&Settings", "&Language"]
    choose_french = next(
        action for action in window.language_menu.actions() if action.data() == "fr"
    )
    assert choose_french.text() == "Français"

    choose_french.trigger()  # Settings ▸ Language ▸ Français, as the author would
    qtbot.wait(1)
    french = menu_texts(window)
    assert translations().language == "fr"
    assert french["menu:file"][:3] == ["&Fichier", "&Nouveau…", "&Ouvrir…"]
    assert french["menu:edit"][0] == "&Édition" and "&Ajouter une étape" in french["menu:edit"]
    assert french["menu:view"][0] == "&Affichage"
    assert french["menu:help"][0] == "&Aide"
    same = {"English", "Français", "हिन्दी", "&Documentation"}  # names, and one French word
    for name, texts in french.items():  # every entry the window and the graph own changed
        unchanged = [t for t, e in zip(texts, english[name], strict=True) if t == e]
        assert [t for t in unchanged if t not in same] == [], name
    assert window.panes["Problems"].windowTitle().startswith("Problèmes")
    assert window.toolbar_undo.text() == "Annuler"
    window._show_zoom(0.5)
    assert window.zoom_label.text() == "50\u202f%"
    assert dialog.windowTitle() == "Nouveau scénario"
    buttons = [button.text() for button in dialog.buttons.buttons()]
    assert "Annuler" in buttons or "&Annuler" in buttons  # Qt's own, from qtbase_fr.qm

    speaking("hi")
    hindi = menu_texts(window)
    assert hindi["menu:file"][:2] == ["फ़ाइल (&F)", "नया…"]
    assert hindi["menu:settings"] == ["सेटिंग (&S)", "भाषा (&L)"]
    assert dialog.windowTitle() == "नया परिदृश्य"
    assert {"ठीक है", "रद्द करें"} <= {b.text() for b in dialog.buttons.buttons()}

    speaking("en")
    assert menu_texts(window) == english
    assert dialog.windowTitle() == "New scenario"


def test_the_language_menu_keeps_the_choice_and_the_next_start_speaks_it(speaking: Any) -> None:
    from PySide6.QtCore import QSettings

    from app.i18n.languages import SETTINGS_LANGUAGE, Translations

    speaking("fr")
    assert QSettings().value(SETTINGS_LANGUAGE) == "fr"
    fresh = Translations()
    assert fresh.start(QSettings()) == "fr"
    assert {Path(path).name for path in fresh.loaded} >= {"prompter_fr.qm", "qtbase_fr.qm"}
    fresh.apply("en")
    assert fresh.loaded == []


@pytest.mark.parametrize(
    ("lang", "title"), [("fr_FR.UTF-8", "&Fichier"), ("hi_IN.UTF-8", "फ़ाइल (&F)"), ("C", "&File")]
)
def test_the_system_locale_chooses_the_language_at_start(
    lang: str, title: str, tmp_path: Path
) -> None:
    ini = str(tmp_path / "s.ini")
    script = (
        "from PySide6.QtCore import QSettings\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from app.i18n.languages import translations\n"
        "from app.main_window import MainWindow\n"
        f"settings = QSettings({ini!r}, QSettings.Format.IniFormat)\n"
        "translations().start(settings)\n"
        "print(MainWindow(settings).file_menu.title())\n"
    )
    environment = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    environment |= {"LANG": lang, "LANGUAGE": "", "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.strip().splitlines()[-1] == title


# --- numbers ---------------------------------------------------------------------------------


def test_numbers_are_written_as_the_studio_s_language_writes_them(speaking: Any) -> None:
    from app.i18n.locale_text import data_size, number, percent

    speaking("en")
    assert (number(1613), number(2.5), percent(0.25)) == ("1,613", "2.5", "25%")
    speaking("fr")
    assert number(1613) == "1\u202f613" and number(2.5) == "2,5"
    assert percent(0.25) == "25\u202f%" and "," in data_size(1536)
    speaking("hi")
    assert number(100000) == "1,00,000"


# --- fonts -----------------------------------------------------------------------------------


def devanagari_letters() -> str:
    from app.i18n.fonts import scenario_texts
    from engine.scenario.loader import load_scenario

    text = "".join(scenario_texts(load_scenario(HINDI)))
    letters = "".join(sorted({char for char in text if "\u0900" <= char <= "\u097f"}))
    assert len(letters) > 40
    return letters


def drawn_by(font: Any, text: str) -> set[str]:
    """The families that draw ``text`` in ``font``; fails on a glyph no font has (a box)."""
    from PySide6.QtGui import QTextLayout

    layout = QTextLayout(text, font)
    layout.beginLayout()
    line = layout.createLine()
    line.setLineWidth(100000)
    layout.endLayout()
    families = set()
    for run in layout.glyphRuns():
        assert 0 not in run.glyphIndexes(), f"{run.rawFont().familyName()} drew a box"
        families.add(run.rawFont().familyName().lower())
    return families


def test_the_graph_the_editor_and_the_chat_draw_every_devanagari_letter_of_the_hindi_scenario(
    make_studio: Any,
) -> None:
    from PySide6.QtGui import QFontDatabase

    from app.chat.keys import ApiKeyStore
    from app.chat.pane import ChatPane
    from app.graph.drawing import Fonts as _Fonts
    from app.i18n.fonts import FALLBACK_FAMILIES, register_fonts

    assert set(FALLBACK_FAMILIES) <= set(register_fonts())
    # nothing of the machine's draws Devanagari: the shipped font does
    shipped = {family.lower() for family in FALLBACK_FAMILIES}
    assert not [
        family
        for family in QFontDatabase.families(QFontDatabase.WritingSystem.Devanagari)
        if family.lower() not in shipped
    ]
    letters = devanagari_letters()
    window = make_studio()
    chat = ChatPane(lambda: None, keys=ApiKeyStore(environ={}))
    _Fonts.ready = False  # made again, as at the studio's start
    fonts = {
        "graph title": _Fonts.get().title,
        "graph id": _Fonts.get().ident,
        "edge label": _Fonts.get().label,
        "instructions": window.instructions.edit.font(),
        "scenario.yaml": window.scenario_pane.source.edit.font(),
        "chat": chat.view.font(),
    }
    for name, font in fonts.items():
        families = drawn_by(font, letters)
        assert families & {"noto sans devanagari"}, (name, families)
    chat.deleteLater()


def test_a_script_no_font_covers_is_reported_once(tmp_path: Path) -> None:
    from app.i18n.fonts import ScriptWarning, register_fonts, uncovered_scripts
    from engine.scenario.loader import load_scenario

    register_fonts()
    assert uncovered_scripts(["नमस्ते, Réservation"]) == {}
    santali = "ᱥᱟᱱᱛᱟᱲᱤ"  # Ol Chiki: no font here draws it
    assert list(uncovered_scripts([santali])) == ["OL"]
    folder = tmp_path / "santali"
    folder.mkdir()
    (folder / "scenario.yaml").write_text(
        f"name: s\ntitle: {santali}\nstart: a\n"
        "steps:\n  a: {kind: message, text: hi, final: true}\n",
        encoding="utf-8",
    )
    told: list[tuple[str, str, bool]] = []
    warning = ScriptWarning(lambda *said: told.append(said))
    scenario = load_scenario(folder)
    assert warning.check(str(folder), scenario) == {"OL": "".join(dict.fromkeys(santali))[:5]}
    assert warning.check(str(folder), scenario) == {}
    assert len(told) == 1 and told[0][2] and "Ol" in told[0][1]
    assert warning.check(str(HINDI), load_scenario(HINDI)) == {}


def test_the_draw_io_export_of_a_hindi_scenario_names_a_family_that_draws_devanagari() -> None:
    from engine.drawio.export import scenario_to_drawio
    from engine.io.resources import default_scenario
    from engine.scenario.loader import load_scenario

    hindi = scenario_to_drawio(load_scenario(HINDI)).decode("utf-8")
    assert "fontFamily=Noto Sans Devanagari;" in hindi
    assert b"fontFamily" not in scenario_to_drawio(load_scenario(default_scenario()))


def test_the_fonts_and_their_licence_ship() -> None:
    from app.i18n.fonts import FONT_FILES
    from engine.io.resources import resource_path

    for name in FONT_FILES:
        assert resource_path("fonts", name).stat().st_size > 100_000
    licence = resource_path("fonts", "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto" in licence


# --- names -----------------------------------------------------------------------------------


def test_the_new_scenario_dialog_says_which_characters_a_name_may_hold(
    qtbot: Any, tmp_path: Path, speaking: Any
) -> None:
    from app.dialogs import NewScenarioDialog

    dialog = NewScenarioDialog(tmp_path)
    qtbot.addWidget(dialog)
    dialog.name.setText("réservation_table")
    dialog._accept()
    said = dialog.problem.text()
    assert "“é”" in said and "ASCII letters (a–z, A–Z), digits (0–9) and _" in said
    assert dialog.use_suggestion.text() == "Use “reservation_table”" and dialog.result() == 0
    speaking("fr")
    assert "lettres ASCII" in dialog.problem.text()
    assert dialog.use_suggestion.text() == "Utiliser « reservation_table »"
    dialog.name.setText("2_tables")
    dialog._accept()
    assert "commence par un chiffre" in dialog.problem.text()


def test_a_missing_qm_is_compiled_by_the_studio_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wheel built where Qt's lrelease was missing carries the .ts alone: the studio compiles
    it once into its cache with the lrelease of its own PySide6, and loads it."""
    import shutil

    from PySide6.QtCore import QTranslator

    from app.i18n import languages

    shutil.copy(I18N / "prompter_fr.ts", tmp_path / "prompter_fr.ts")
    monkeypatch.setattr(languages, "translations_folder", lambda: tmp_path)
    compiled = languages.qm_file("prompter_fr")
    assert compiled is not None and compiled.parent != tmp_path
    translator = QTranslator()
    assert translator.load(str(compiled))
    assert translator.translate("MainWindow", "&File") == "&Fichier"
    assert languages.qm_file("prompter_de") is None


# --- no English left ---------------------------------------------------------------------

#: What the walk leaves out (menu entries by their English text, panes by their object name):
#: nothing now that the whole studio is translated; kept for a part being translated.
PENDING_ENTRIES: set[str] = set()
PENDING_DOCKS: set[str] = set()
#: Texts known to stay in English after a switch, each to fix where it is made: none now.
PENDING_TEXTS: set[str] = set()
#: Words a translation rightly leaves as they are: names, and formats.
NAMES = {
    "prompter", "studio", "openai", "yaml", "json", "markdown", "python", "http", "url", "draw.io",
    "english", "français", "हिन्दी", "id", "enum", "ascii", "esc", "ctrl", "shift", "enter",
}  # fmt: skip
#: Placeholders that show a value as the file holds it (code, not words).
EXAMPLES = {
    "Authorization: Bearer ${API_TOKEN}",
    '{"name": "{{customer_name}}"}',
    "gpt-4.1-mini",
    "http://127.0.0.1:8099/path?q={{variable}}",
    "steps/<step>.md",
    "persona.md",
}
#: Words French writes as English does (checked in Hindi, where none of them is the same).
SAME_IN_FRENCH = {
    "action", "description", "documentation", "instructions", "persona", "signal", "test",
    "tests", "transitions", "type", "variables", "variable", "source", "zoom", "ok",
}  # fmt: skip
_WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’.\-/_]*")


def english_words(text: str, allowed: set[str]) -> list[str]:
    """The words of ``text`` no translation would keep (names, files and keys aside)."""
    if text in EXAMPLES:
        return []
    words = _WORD.findall(re.sub(r"<[^>]+>", " ", text.replace("&&", "").replace("&", "")))
    return [
        word
        for word in words
        if word.casefold() not in allowed
        and not any(mark in word for mark in "./_")  # a file, a path, a key
        and len(word) > 1
    ]


def shown_texts(window: Any) -> dict[tuple[int, str], tuple[str, str]]:
    """Every text the window shows: its menus, toolbar and status bar, the centre and every
    dock (but the pending ones) — titles, labels, buttons, tooltips, placeholders, tabs, headers.
    Keyed by (object, what), so that one walk per language can be compared; the values are
    (where, text). Items of lists and tables (scenario data) are left out, their headers not."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QComboBox,
        QDockWidget,
        QGroupBox,
        QLabel,
        QLineEdit,
        QMenu,
        QPlainTextEdit,
        QTableWidget,
        QTabWidget,
        QTextEdit,
        QTreeWidget,
        QWidget,
    )

    from app.tests_pane.modes import ModeBox

    found: dict[tuple[int, str], tuple[str, str]] = {}

    def keep(thing: Any, what: str, text: str, where: str) -> None:
        if text and text.strip():
            found[(id(thing), what)] = (where, text)

    def walk_menu(menu: QMenu, where: str) -> None:
        keep(menu, "title", menu.title(), where)
        for action in menu.actions():
            if action.isSeparator() or action.text() in PENDING_ENTRIES:
                continue
            inner = f"{where} ▸ {action.text()}"
            if action.menu() is not None:
                walk_menu(action.menu(), inner)
                continue
            keep(action, "text", action.text(), inner)
            keep(action, "tip", action.statusTip(), inner)

    for action in window.menuBar().actions():
        if action.menu() is not None:
            walk_menu(action.menu(), action.menu().objectName())
    for action in window.toolbar.actions():
        keep(action, "text", action.text(), "toolbar")
        keep(action, "tooltip", action.toolTip(), "toolbar")
    roots = [window.centralWidget(), window.statusBar(), window.toolbar]
    roots += [
        dock for dock in window.findChildren(QDockWidget) if dock.objectName() not in PENDING_DOCKS
    ]
    for root in roots:
        for widget in [root, *root.findChildren(QWidget)]:
            where = f"{type(widget).__name__} {widget.objectName()}".strip()
            keep(widget, "tooltip", widget.toolTip(), where)
            if isinstance(widget, QDockWidget):
                keep(widget, "title", widget.windowTitle(), where)
            if isinstance(widget, QLabel | QAbstractButton):
                keep(widget, "text", widget.text(), where)
            if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
                keep(widget, "placeholder", widget.placeholderText(), where)
            if isinstance(widget, QGroupBox):
                keep(widget, "title", widget.title(), where)
            if isinstance(widget, QTabWidget):
                for index in range(widget.count()):
                    keep(widget, f"tab {index}", widget.tabText(index), where)
            if isinstance(widget, QTableWidget):
                for column in range(widget.columnCount()):
                    item = widget.horizontalHeaderItem(column)
                    keep(widget, f"header {column}", item.text() if item else "", where)
            if isinstance(widget, QTreeWidget):
                header = widget.headerItem()
                for column in range(header.columnCount()):
                    keep(widget, f"header {column}", header.text(column), where)
            if isinstance(widget, ModeBox):  # the Tests pane's modes (other combos hold data)
                for index in range(widget.count()):
                    keep(widget, f"item {index}", widget.itemText(index), where)
        for widget in root.findChildren(QComboBox):
            keep(widget, "tooltip", widget.toolTip(), type(widget).__name__)
    return found


def left_in_english(
    english: dict[tuple[int, str], tuple[str, str]],
    translated: dict[tuple[int, str], tuple[str, str]],
    allowed: set[str],
) -> list[str]:
    return sorted(
        f"{where}: {text!r}"
        for key, (where, text) in translated.items()
        if key in english
        and english[key][1] == text
        and text not in PENDING_TEXTS
        and english_words(text, allowed)
    )


def test_no_english_is_left_in_the_main_window_its_panes_and_dialogs(
    speaking: Any, make_studio: Any, analyst_bot: Path, qtbot: Any
) -> None:
    """Walk what the studio shows — every menu entry, toolbar button, tab, header, label,
    tooltip and placeholder of the main window as the studio assembles it and of its panes
    (the step form on a step, the test chat, the log pane, the Tests pane), and the
    New-scenario, Keyboard-shortcuts and Where-files-are-kept dialogs and the About text — in
    English, then in French and in Hindi: whatever is still the English text is listed.
    (``speaking`` comes first: it speaks English again only after the studio and its scenario
    are gone.)"""
    from PySide6.QtWidgets import QLabel, QMenu, QWidget

    from app import help
    from app.__main__ import assemble
    from app.dialogs import NewScenarioDialog
    from app.i18n.fonts import scenario_texts

    window = make_studio()
    tests = assemble(window)
    assert window.files.open_folder(analyst_bot)
    window.scenario_editor.select_step("idea")
    window.panes["Step"].show()
    dialog = NewScenarioDialog(analyst_bot.parent, window)
    qtbot.addWidget(dialog)
    dialog.show()

    def walk() -> tuple[dict[tuple[int, str], tuple[str, str]], list[str]]:
        texts = shown_texts(window)
        for widget in [dialog, *dialog.findChildren(QWidget)]:
            for what, text in (
                ("text", getattr(widget, "text", lambda: "")()),
                ("title", widget.windowTitle()),
                ("tooltip", widget.toolTip()),
            ):
                # the folder it proposes is a path, not a text to translate
                if isinstance(text, str) and text.strip() and str(analyst_bot.parent) not in text:
                    texts[(id(widget), what)] = ("New scenario", text)
        shortcuts = help.ShortcutsDialog(window.menuBar().findChildren(QMenu))
        places = help.PlacesDialog(help.places(window.settings, analyst_bot, analyst_bot))
        others = [
            shortcuts.windowTitle(),
            *(f"{row[0]} | {row[1]}" for row in shortcuts.rows()[-9:]),  # the gestures
            places.windowTitle(),
            *(label.text() for label in places.findChildren(QLabel)),
            help.about_text().split("<br>", 1)[1],
        ]
        shortcuts.deleteLater()
        places.deleteLater()
        return texts, others

    english, english_others = walk()
    assert len(english) > 150
    # the scenario's own words (its ids, titles) are shown as they are
    scenario = {
        word.casefold()
        for text in scenario_texts(window.session.shown)
        for word in _WORD.findall(text)
    }
    scenario |= {
        word.casefold() for step in window.session.shown.steps for word in _WORD.findall(step)
    }
    for language, allowed in (("fr", NAMES | SAME_IN_FRENCH | scenario), ("hi", NAMES | scenario)):
        speaking(language)
        translated, others = walk()
        left = left_in_english(english, translated, allowed)
        left += [
            f"dialog: {text!r}"
            for text, before in zip(others, english_others, strict=True)
            if text == before and english_words(text, allowed)
        ]
        assert left == [], f"{language}: still in English:\n" + "\n".join(left)
    del tests
