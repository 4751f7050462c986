"""The Help menu: keyboard shortcuts, the documentation offline, where files are kept, About.

* **Keyboard Shortcuts** lists every menu command that has keys — read from the window's own
  menus, so the list is never out of date — and the mouse gestures of the graph.
* **Documentation** shows Prompter's Markdown pages (``README.md`` and ``docs/``) rendered, with
  their screenshots and the links between them, in a window of the studio: no browser and no
  network. From source they are read from the repository; the desktop bundle ships them (see
  ``packaging/bundle_data.py``), and :func:`docs_root` finds them in both. The manual is in the
  studio's language where a translation exists: ``docs/<language>/`` holds the translated pages
  under the English names (``docs/fr/README.md``, ``docs/fr/studio.md``…), and a page not
  translated yet is shown in English. Settings ▸ Language switches the window's pages live.
* **Where Files Are Kept** names the folders an author may want: the test chat's logs, the
  studio's settings file, the open scenario and its layout file — each with a button that opens
  it — and says where the API key is (never in a file).
* **About** gives the version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QImage, QKeySequence, QPixmap, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.i18n.languages import ENGLISH, translations
from app.plain_text import PlainLabel, RichLabel, plain_tooltip
from app.widgets import closes_from_keyboard, retranslated, size_for_screen
from engine.io.resources import install_root
from engine.version import __version__

APP_NAME = "Prompter Studio"


def gestures() -> tuple[tuple[str, str], ...]:
    """The graph's gestures that are not menu commands (mouse, and keys while dragging), in
    the studio's language."""
    translate = QCoreApplication.translate
    return (
        (
            translate("Help", "Select several steps"),
            translate("Help", "Ctrl+click, or drag a rubber band on empty canvas"),
        ),
        (translate("Help", "Move steps"), translate("Help", "Drag them (one undo step per drag)")),
        (
            translate("Help", "Connect two steps"),
            translate("Help", "Drag from the handle under a step, or Shift+drag, onto another"),
        ),
        (translate("Help", "Add a step here"), translate("Help", "Double-click empty canvas")),
        (
            translate("Help", "Edit a step's instructions"),
            translate("Help", "Double-click the step"),
        ),
        (translate("Help", "Zoom"), translate("Help", "Ctrl+wheel")),
        (translate("Help", "Pan"), translate("Help", "Middle button drag, or Space+drag")),
        (
            translate("Help", "Insert a variable"),
            translate("Help", "Type {{ in instructions; Enter takes the first name"),
        ),
        (
            translate("Help", "Send a chat message"),
            translate("Help", "Enter (Shift+Enter: a new line)"),
        ),
    )


#: The pages the documentation window lists, in reading order, by file name (others follow).
PAGE_ORDER = (
    "README.md",
    "studio.md",
    "scenario-format.md",
    "chat-and-logs.md",
    "testing.md",
    "simulation.md",
    "actions.md",
    "providers.md",
    "drawio.md",
    "compare-and-analytics.md",
    "security.md",
    "packaging.md",
)


def app_version() -> str:
    return __version__


def docs_root() -> Path:
    """Where ``README.md`` and ``docs/`` are: the repository, or the bundle's data folder."""
    return install_root()


@dataclass(frozen=True)
class DocPage:
    title: str
    #: the file shown: the translation in the studio's language, else the English page
    path: Path
    #: the English page it translates (``path`` itself for an English page)
    english: Path | None = None

    @property
    def source(self) -> Path:
        return self.english or self.path


def translated_page(english: Path, language: str, root: Path | None = None) -> Path:
    """The page to show for the English page ``english`` in ``language``: its translation
    ``docs/<language>/<name>`` when there is one, else ``english`` itself."""
    if not language or language == ENGLISH:
        return english
    root = root or docs_root()
    candidate = root / "docs" / language / english.name
    return candidate if candidate.is_file() else english


def doc_pages(root: Path | None = None, language: str | None = None) -> list[DocPage]:
    """The documentation pages found under ``root`` (README first), each with its title (the
    first heading), in ``language`` (the studio's when not given) where a page is translated."""
    root = root or docs_root()
    if language is None:
        language = translations().language
    found = [root / "README.md"] if (root / "README.md").is_file() else []
    docs = root / "docs"
    if docs.is_dir():
        found += sorted(docs.glob("*.md"))
    order = {name: index for index, name in enumerate(PAGE_ORDER)}
    found.sort(key=lambda path: (order.get(path.name, len(order)), path.name))
    pages = []
    for english in found:
        shown = translated_page(english, language, root)
        pages.append(DocPage(_title_of(shown), shown, english))
    return pages


def _title_of(path: Path) -> str:
    try:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    except (OSError, UnicodeDecodeError):
        pass
    return path.stem.replace("-", " ").capitalize()


# --- keyboard shortcuts ------------------------------------------------------------------------


def menu_shortcuts(menus: Iterable[QMenu]) -> list[tuple[str, str, str]]:
    """``(menu, command, keys)`` for every command of ``menus`` (and their submenus) that has
    keys, in menu order."""
    rows: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, name: str) -> None:
        for action in menu.actions():
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                walk(submenu, name)
                continue
            keys = " or ".join(
                key.toString(key.SequenceFormat.NativeText)
                for key in action.shortcuts()
                if _typeable(key)
            )
            if keys and not action.isSeparator():
                rows.append((name, _plain(action.text()), keys))

    for menu in menus:
        walk(menu, _plain(menu.title()))
    return rows


def _typeable(key: QKeySequence) -> bool:
    """A sequence typed on an ordinary keyboard: with a modifier, or a function, editing or
    navigation key (not the "Save" or "Open" keys of a multimedia keyboard)."""
    if key.isEmpty():
        return False
    combination = cast(Any, key)[0]  # a QKeyCombination (the stubs do not index a sequence)
    return bool(combination.keyboardModifiers()) or int(combination.key().value) < int(
        Qt.Key.Key_Back.value
    )


def _plain(text: str) -> str:
    """A menu text without its mnemonic ``&`` and trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").removesuffix("…")


class ShortcutsDialog(QDialog):
    """Every command with keys, and the graph's gestures, in one table."""

    def __init__(self, menus: Iterable[QMenu], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard Shortcuts — Prompter Studio"))
        rows = [(menu, command, keys) for menu, command, keys in menu_shortcuts(menus)]
        rows += [(self.tr("Graph and text"), what, how) for what, how in gestures()]
        table = QTableWidget(len(rows), 3)
        table.setObjectName("shortcutsTable")
        table.setHorizontalHeaderLabels(["", self.tr("Command"), self.tr("Keys")])
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setAlternatingRowColors(True)
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                table.setItem(row, column, QTableWidgetItem(value))
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table = table
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        layout.addWidget(buttons)
        size_for_screen(self, 720, 620)

    def rows(self) -> list[tuple[str, str, str]]:
        table = self.table

        def text(row: int, column: int) -> str:
            item = table.item(row, column)
            return item.text() if item is not None else ""

        return [(text(row, 0), text(row, 1), text(row, 2)) for row in range(table.rowCount())]


# --- the documentation ---------------------------------------------------------------------------


class DocBrowser(QTextBrowser):
    """A Markdown page, its images scaled down to the width of the view. ``redirect`` may send
    a followed link elsewhere (an English page to its translation)."""

    redirect: Callable[[QUrl], QUrl] | None = None

    def doSetSource(
        self,
        name: QUrl | str,
        /,
        type: QTextDocument.ResourceType = QTextDocument.ResourceType.UnknownResource,
    ) -> None:
        if self.redirect is not None:
            name = self.redirect(QUrl(name))
        super().doSetSource(name, type)

    def loadResource(self, kind: int, url: QUrl | str) -> Any:
        resource = super().loadResource(kind, url)
        if kind == QTextDocument.ResourceType.ImageResource.value and resource is not None:
            if isinstance(resource, QImage):
                image = resource
            elif isinstance(resource, QPixmap):
                image = resource.toImage()
            elif isinstance(resource, QByteArray | bytes):
                image = QImage.fromData(resource)
            else:
                return resource
            width = max(320, self.viewport().width() - 40)
            if not image.isNull() and image.width() > width:
                return image.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)
            return image
        return resource


class DocumentationWindow(QWidget):
    """Prompter's documentation, rendered from its Markdown files (see the module docstring)."""

    def __init__(self, root: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.root = root
        self.language = translations().language
        self.pages = doc_pages(root, self.language)
        self.index = QListWidget()
        self.index.setObjectName("docIndex")
        self._fill_index()
        self.browser = DocBrowser()
        self.browser.setObjectName("docPage")
        self.browser.setOpenExternalLinks(True)
        self.browser.setOpenLinks(True)
        self.browser.redirect = self._translated
        self.browser.sourceChanged.connect(self._follow)
        self.index.currentRowChanged.connect(self._open_row)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.index)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 800])
        self.back = back = QPushButton()
        back.clicked.connect(self.browser.backward)
        self.browser.backwardAvailable.connect(back.setEnabled)
        back.setEnabled(False)
        self.missing = PlainLabel()
        self.missing.setVisible(not self.pages)
        top = QHBoxLayout()
        top.addWidget(back)
        top.addWidget(self.missing, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        size_for_screen(self, 1100, 800)
        closes_from_keyboard(self)  # Esc, Ctrl+W
        retranslated(self, self._retranslate_ui)
        if self.pages:
            self.index.setCurrentRow(0)
        translations().changed.connect(self._language_changed)  # a slot: gone with the window

    def _fill_index(self) -> None:
        self.index.blockSignals(True)
        self.index.clear()
        for page in self.pages:
            item = QListWidgetItem(page.title)
            item.setData(Qt.ItemDataRole.UserRole, str(page.path))
            item.setToolTip(plain_tooltip(str(page.path)))
            self.index.addItem(item)
        self.index.blockSignals(False)

    def _retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Prompter documentation"))
        self.back.setText(self.tr("Back"))
        self.missing.setText(
            self.tr(
                "The documentation files were not found next to the program ({folder})."
            ).format(folder=docs_root())
        )

    def open_page(self, name: str) -> bool:
        """Show the page whose file is called ``name`` (e.g. ``studio.md``), in the studio's
        language when it is translated."""
        for row, page in enumerate(self.pages):
            if page.path.name == name:
                if self.index.currentRow() == row:
                    self._open_row(row)
                else:
                    self.index.setCurrentRow(row)
                return True
        return False

    def _language_changed(self, language: str) -> None:
        """Settings ▸ Language: list the pages in the new language, and show the page being
        read in it (or in English, where it is not translated)."""
        if language == self.language:
            return
        row = self.index.currentRow()
        reading = self.pages[row].path.name if 0 <= row < len(self.pages) else ""
        self.language = language
        self.pages = doc_pages(self.root, language)
        self._fill_index()
        if reading and not self.open_page(reading) and self.pages:
            self.index.setCurrentRow(0)

    def _open_row(self, row: int) -> None:
        if 0 <= row < len(self.pages):
            target = QUrl.fromLocalFile(str(self.pages[row].path))
            if self.browser.source() != target:
                self.browser.setSource(target, QTextDocument.ResourceType.MarkdownResource)

    def _translated(self, url: QUrl) -> QUrl:
        """A link of an English page to a page that is translated opens the translation."""
        if not url.isLocalFile():
            return url
        path = Path(url.toLocalFile())
        for page in self.pages:
            if page.path != path and page.source == path:
                translated = QUrl.fromLocalFile(str(page.path))
                if url.hasFragment():
                    translated.setFragment(url.fragment())
                return translated
        return url

    def _follow(self, url: QUrl) -> None:
        """A link to another page was followed: select it in the index too."""
        path = Path(url.toLocalFile())
        for row, page in enumerate(self.pages):
            if page.path == path and self.index.currentRow() != row:
                self.index.blockSignals(True)
                self.index.setCurrentRow(row)
                self.index.blockSignals(False)


# --- where files are kept ------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    what: str
    path: Path | None
    note: str = ""
    #: the path is a folder (it may not exist yet); else a file, opened in its folder
    folder: bool = True


def places(settings: QSettings, log_dir: Path | None, scenario: Path | None) -> list[Place]:
    """The folders and files an author may look for, in words."""
    translate = QCoreApplication.translate
    found = [
        Place(
            translate("Help", "Test chat logs"),
            log_dir,
            translate(
                "Help",
                "every test conversation, one JSON Lines file each (File ▸ Open Conversation Log…)",
            ),
        ),
        Place(
            translate("Help", "Studio settings"),
            Path(settings.fileName()),
            translate("Help", "window layout, recent scenarios, chat provider; never the API key"),
            folder=False,
        ),
    ]
    if scenario is not None:
        found += [
            Place(
                translate("Help", "This scenario"),
                scenario,
                translate("Help", "scenario.yaml and its instruction files"),
            ),
            Place(
                translate("Help", "Its layout"),
                scenario / "scenario.layout.json",
                translate("Help", "where you put each step (written once you arrange one)"),
                folder=False,
            ),
        ]
    found.append(
        Place(
            translate("Help", "API key"),
            None,
            translate(
                "Help",
                "OPENAI_API_KEY, or the system keyring (Test chat ▸ Settings…): never a file",
            ),
        )
    )
    return found


class PlacesDialog(QDialog):
    """:func:`places`, each with a button that opens it."""

    def __init__(
        self,
        found: list[Place],
        parent: QWidget | None = None,
        opener: Callable[[Path], object] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Where files are kept — Prompter Studio"))
        self.opener = opener or _open_in_file_manager
        grid = QGridLayout()
        self.labels: list[QLabel] = []
        for row, place in enumerate(found):
            name = RichLabel(f"<b>{_html(place.what)}</b>")
            shown = str(place.path) if place.path is not None else ""
            where = RichLabel(
                f"<code>{_html(shown)}</code><br><span style='color:gray'>"
                f"{_html(place.note)}</span>"
                if shown
                else f"<span style='color:gray'>{_html(place.note)}</span>"
            )
            where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            where.setWordWrap(True)
            self.labels.append(where)
            grid.addWidget(name, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(where, row, 1)
            if place.path is not None:
                button = QPushButton(self.tr("Open Folder"))
                folder = place.path if place.folder else place.path.parent
                button.clicked.connect(lambda _checked=False, f=folder: self.opener(f))
                grid.addWidget(button, row, 2, Qt.AlignmentFlag.AlignTop)
        grid.setColumnStretch(1, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(buttons)
        self.resize(760, self.sizeHint().height())


def _open_in_file_manager(folder: Path) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def about_text() -> str:
    translate = QCoreApplication.translate
    what = translate("Help", "Write, test and draw scenarios that keep LLM chatbots on script.")
    manual = translate("Help", "Help ▸ Documentation has the whole manual, offline.")
    return f"<b>{APP_NAME}</b> {_html(app_version())}<br>{_html(what)}<br><br>{_html(manual)}"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = [
    "DocumentationWindow",
    "PlacesDialog",
    "ShortcutsDialog",
    "about_text",
    "app_version",
    "doc_pages",
    "docs_root",
    "menu_shortcuts",
    "places",
    "translated_page",
]
