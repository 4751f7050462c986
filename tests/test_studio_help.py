"""Help: the shortcuts, the manual offline, where files are kept, the version."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QUrl
from PySide6.QtGui import QTextDocument

from app import help
from engine.version import __version__

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parent.parent


def test_the_help_menu_offers_the_manual_the_shortcuts_the_places_and_the_version(
    studio: Any,
) -> None:
    texts = [
        action.text().replace("&", "")
        for action in studio.help_menu.actions()
        if not action.isSeparator()
    ]
    assert texts == [
        "Documentation",
        "Keyboard Shortcuts",
        "Where Files Are Kept…",
        "About Prompter Studio",
    ]
    assert studio.docs_action.shortcut().toString() == "F1"
    assert __version__ in help.about_text()


def test_the_shortcuts_are_read_from_the_menus_and_include_the_graphs_gestures(studio: Any) -> None:
    dialog = studio.show_shortcuts()
    rows = dialog.rows()
    keys = {(menu, command): shortcut for menu, command, shortcut in rows}
    assert keys[("File", "Save")] == "Ctrl+S"
    assert "Ctrl+Y" in keys[("Edit", "Redo")] and "Ctrl+Shift+Z" in keys[("Edit", "Redo")]
    assert keys[("Edit", "Add Step")] == "Ctrl+Shift+N"
    assert keys[("View", "Instructions Beside the Graph")] == "F4"
    assert ("Graph and text", "Connect two steps") in keys
    # a command given keys later shows up too: the list is the menus', not a copy of them
    studio.reload_action.setShortcut("Ctrl+Shift+R")
    assert ("File", "Reload from Disk", "Ctrl+Shift+R") in help.menu_shortcuts([studio.file_menu])
    dialog.close()


def test_the_documentation_is_shown_offline_with_its_pictures_and_links(
    studio: Any, qtbot: Any
) -> None:
    window = studio.show_documentation()
    qtbot.addWidget(window)
    names = [page.path.name for page in window.pages]
    assert names[:2] == ["README.md", "studio.md"] and "drawio.md" in names
    assert window.browser.source() == QUrl.fromLocalFile(str(ROOT / "docs" / "studio.md"))
    text = window.browser.toPlainText()
    assert "Prompter Studio" in text and "## " not in text  # rendered, not raw Markdown
    picture = window.browser.document().resource(
        QTextDocument.ResourceType.ImageResource.value,
        QUrl.fromLocalFile(str(ROOT / "docs" / "screenshots" / "studio.png")),
    )
    assert picture is not None and not picture.isNull()  # the screenshot is there, scaled
    assert picture.width() <= window.browser.viewport().width()
    # a link to another page opens it in the same window, and the index follows
    window.browser.setSource(QUrl.fromLocalFile(str(ROOT / "docs" / "drawio.md")))
    assert window.index.currentItem().text() == "Scenarios as draw.io diagrams"
    assert studio.show_documentation("testing.md") is window  # one window, raised again


def test_the_documentation_pages_are_found_where_the_bundle_puts_them(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("# Prompter\n", encoding="utf-8")
    (tmp_path / "docs" / "studio.md").write_text("# Prompter Studio\n", encoding="utf-8")
    (tmp_path / "docs" / "zzz.md").write_text("no heading\n", encoding="utf-8")
    pages = help.doc_pages(tmp_path)
    assert [(page.title, page.path.name) for page in pages] == [
        ("Prompter", "README.md"),
        ("Prompter Studio", "studio.md"),
        ("Zzz", "zzz.md"),
    ]


def test_where_files_are_kept_names_logs_settings_and_the_scenario(
    studio: Any, analyst_bot: Path, tmp_path: Path
) -> None:
    found = help.places(QSettings(), tmp_path / "logs", analyst_bot)
    where = {place.what: place.path for place in found}
    assert where["Test chat logs"] == tmp_path / "logs"
    assert where["Studio settings"] == Path(QSettings().fileName())
    assert where["This scenario"] == analyst_bot
    assert where["API key"] is None  # never a file
    opened: list[Path] = []
    dialog = help.PlacesDialog(found, studio, opener=opened.append)
    from PySide6.QtWidgets import QPushButton

    buttons = dialog.findChildren(QPushButton)
    buttons[0].click()
    assert opened == [tmp_path / "logs"]
    assert any(str(analyst_bot) in label.text() for label in dialog.labels)
    assert studio.show_places().isVisible()
