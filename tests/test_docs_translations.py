"""The manual in French: Help ▸ Documentation in the studio's language, its links, its headings.

``docs/fr/`` holds the French pages under the English names; the documentation window shows them
when the studio speaks French, a page not translated yet in English, and switches live.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app import help

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FRENCH = DOCS / "fr"

#: A Markdown link or image: ``[text](target)`` / ``![alt](target)``, the target without a title.
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def english_pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def french_pages() -> list[Path]:
    return sorted(FRENCH.glob("*.md"))


def prose(path: Path) -> list[str]:
    """The lines of ``path`` outside fenced code blocks (whose "links" and "# " are code)."""
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def code_blocks(path: Path) -> list[str]:
    """The fenced code blocks of ``path``, each as its text (fence line included)."""
    blocks: list[str] = []
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            if current is None:
                current = [line.strip()]
            else:
                blocks.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def headings(path: Path, level: int | None = None) -> list[str]:
    found = []
    for line in prose(path):
        match = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if match and (level is None or len(match.group(1)) == level):
            found.append(match.group(2))
    return found


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens
    (letters with accents kept)."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = unicodedata.normalize("NFC", text).strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for heading in headings(path):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(page: Path) -> list[str]:
    """The relative links of ``page`` whose file, or whose anchor, does not exist."""
    broken = []
    for line in prose(page):
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:…
                continue
            file_part, _, fragment = target.partition("#")
            destination = (page.parent / file_part).resolve() if file_part else page
            if not destination.exists():
                broken.append(f"{target}: no such file")
            elif fragment and destination.suffix == ".md" and fragment not in anchors(destination):
                broken.append(f"{target}: no heading #{fragment} in {destination.name}")
    return broken


# --- the pages ---------------------------------------------------------------------------------


def test_there_is_a_french_manual_starting_with_the_readme_and_the_studio() -> None:
    names = {page.name for page in french_pages()}
    assert {"README.md", "studio.md"} <= names
    english = {page.name for page in english_pages()}
    assert names <= english, "a French page translates an English one, under its name"


@pytest.mark.parametrize(
    "page", english_pages() + french_pages(), ids=lambda p: str(p.relative_to(ROOT))
)
def test_every_relative_link_of_the_manual_leads_to_a_file_and_a_heading(page: Path) -> None:
    assert broken_links(page) == []


@pytest.mark.parametrize("page", french_pages(), ids=lambda p: p.name)
def test_a_french_page_links_to_the_french_pages_that_exist(page: Path) -> None:
    """``../testing.md`` from a French page is right only while testing.md is not translated."""
    english_only = []
    for line in prose(page):
        for target in LINK.findall(line):
            file_part = target.partition("#")[0]
            destination = (page.parent / file_part).resolve() if file_part else page
            english = destination.suffix == ".md" and destination.parent in (DOCS, ROOT)
            if english and (FRENCH / destination.name).is_file():
                english_only.append(target)
    assert english_only == []


@pytest.mark.parametrize("page", french_pages(), ids=lambda p: p.name)
def test_a_french_page_keeps_every_section_of_the_english_one(page: Path) -> None:
    english = ROOT / "README.md" if page.name == "README.md" else DOCS / page.name
    assert len(headings(page, 2)) == len(headings(english, 2)), "a level-2 section is missing"
    assert len(headings(page, 3)) == len(headings(english, 3)), "a level-3 section is missing"
    assert len(headings(page, 1)) == 1


@pytest.mark.parametrize("page", french_pages(), ids=lambda p: p.name)
def test_a_french_page_keeps_the_code_of_the_english_one_as_it_is(page: Path) -> None:
    """Commands, YAML and Python are not translated (``docs/library.md``'s examples run in the
    test suite: the French page shows the very same code)."""
    english = ROOT / "README.md" if page.name == "README.md" else DOCS / page.name
    assert code_blocks(page) == code_blocks(english)


def test_pages_are_listed_in_french_where_translated_and_in_english_elsewhere(
    tmp_path: Path,
) -> None:
    (tmp_path / "docs" / "fr").mkdir(parents=True)
    (tmp_path / "README.md").write_text("# Prompter\n", encoding="utf-8")
    (tmp_path / "docs" / "studio.md").write_text("# Prompter Studio\n", encoding="utf-8")
    (tmp_path / "docs" / "testing.md").write_text("# Testing a scenario\n", encoding="utf-8")
    (tmp_path / "docs" / "fr" / "studio.md").write_text("# Le studio\n", encoding="utf-8")
    french = help.doc_pages(tmp_path, "fr")
    assert [(page.title, page.path.relative_to(tmp_path).as_posix()) for page in french] == [
        ("Prompter", "README.md"),
        ("Le studio", "docs/fr/studio.md"),
        ("Testing a scenario", "docs/testing.md"),
    ]
    assert [page.source for page in french] == [
        page.path for page in help.doc_pages(tmp_path, "en")
    ]
    assert [page.path for page in help.doc_pages(tmp_path, "hi")] == [
        page.source for page in french
    ]  # no Hindi pages: all in English


# --- the window --------------------------------------------------------------------------------


@pytest.fixture
def speaking(qtbot: Any) -> Iterator[Any]:
    """Switch the studio's language as Settings ▸ Language does; English again afterwards."""
    from PySide6.QtCore import QSettings

    from app.i18n.languages import translations

    chosen = translations()
    settings = QSettings()

    def speak(language: str) -> None:
        chosen.choose(language, settings)
        qtbot.wait(1)

    yield speak
    chosen.apply("en")
    qtbot.wait(1)


@pytest.mark.gui
def test_in_french_the_documentation_window_lists_the_french_pages_in_the_same_order(
    qtbot: Any, speaking: Any
) -> None:
    from PySide6.QtCore import QUrl

    english = help.DocumentationWindow()
    qtbot.addWidget(english)
    english_pages = [page.path for page in english.pages]
    speaking("fr")
    window = help.DocumentationWindow()
    qtbot.addWidget(window)
    assert [page.source for page in window.pages] == english_pages
    for page in window.pages:
        french = FRENCH / page.source.name
        assert page.path == (french if french.is_file() else page.source)
    titles = [window.index.item(row).text() for row in range(window.index.count())]
    assert titles == [headings(page.path, 1)[0] for page in window.pages]
    assert titles[:2] == ["Prompter", headings(FRENCH / "studio.md", 1)[0]]
    assert window.open_page("studio.md")
    assert window.browser.source() == QUrl.fromLocalFile(str(FRENCH / "studio.md"))
    untranslated = [page for page in window.pages if page.path == page.source]
    if untranslated:  # a page not translated yet is there, in English
        assert window.open_page(untranslated[0].path.name)
        assert window.browser.source() == QUrl.fromLocalFile(str(untranslated[0].source))
    # a link of an English page to a translated page opens the translation
    window.browser.setSource(QUrl.fromLocalFile(str(DOCS / "studio.md")))
    assert window.browser.source() == QUrl.fromLocalFile(str(FRENCH / "studio.md"))
    assert window.index.currentItem().text() == titles[1]


@pytest.mark.gui
def test_a_page_not_translated_is_shown_in_english_in_the_french_window(
    qtbot: Any, speaking: Any, tmp_path: Path
) -> None:
    from PySide6.QtCore import QUrl

    (tmp_path / "docs" / "fr").mkdir(parents=True)
    (tmp_path / "README.md").write_text("# Prompter\n", encoding="utf-8")
    (tmp_path / "docs" / "studio.md").write_text("# Prompter Studio\n", encoding="utf-8")
    (tmp_path / "docs" / "testing.md").write_text("# Scenario tests\n", encoding="utf-8")
    (tmp_path / "docs" / "fr" / "studio.md").write_text("# Le studio\n", encoding="utf-8")
    speaking("fr")
    window = help.DocumentationWindow(root=tmp_path)
    qtbot.addWidget(window)
    titles = [window.index.item(row).text() for row in range(window.index.count())]
    assert titles == ["Prompter", "Le studio", "Scenario tests"]
    assert window.open_page("testing.md")
    assert window.browser.source() == QUrl.fromLocalFile(str(tmp_path / "docs" / "testing.md"))
    assert window.open_page("studio.md")
    assert window.browser.source() == QUrl.fromLocalFile(
        str(tmp_path / "docs" / "fr" / "studio.md")
    )
    speaking("en")  # back to English, live: the English page in its place
    assert window.browser.source() == QUrl.fromLocalFile(str(tmp_path / "docs" / "studio.md"))
    assert [window.index.item(row).text() for row in range(3)][1] == "Prompter Studio"


@pytest.mark.gui
def test_the_documentation_window_switches_language_live(qtbot: Any, speaking: Any) -> None:
    from PySide6.QtCore import QUrl

    window = help.DocumentationWindow()
    qtbot.addWidget(window)
    window.open_page("studio.md")
    assert window.browser.source() == QUrl.fromLocalFile(str(DOCS / "studio.md"))
    speaking("fr")  # Settings ▸ Language ▸ Français, the window open
    assert window.browser.source() == QUrl.fromLocalFile(str(FRENCH / "studio.md"))
    assert window.index.item(0).text() == "Prompter"
    assert window.index.currentItem().text() == headings(FRENCH / "studio.md", 1)[0]
    speaking("en")
    assert window.browser.source() == QUrl.fromLocalFile(str(DOCS / "studio.md"))
    assert window.index.currentItem().text() == "Prompter Studio"
