"""Untrusted text is plain text in the studio (issue 27, item 2).

A scenario's title, a file's name, a server's error, a model's reply, a variable's value, a
problem's message: each is fed HTML here, through the surface that showed it as rich text
(``<img src>`` there loads a local file: ``/dev/zero`` killed the studio), and what a person
sees must be the HTML itself, as characters. A static check keeps every new label, tooltip and
message box on the one way (:mod:`app.plain_text`), and a sweep of the whole window on a
scenario written in HTML checks every label and tooltip it shows.
"""

from __future__ import annotations

import ast
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from plugins.source_trees import SOURCE_RULES, source_tree
from PySide6.QtCore import QModelIndex, QSettings, Qt, QTimer
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLabel, QMessageBox, QTreeWidget
from pytestqt.qtbot import QtBot

from app.chat.keys import ApiKeyStore
from app.chat.pane import ChatPane
from app.logview.table import SUMMARY, EventTableModel
from app.plain_text import show_message, shown_text
from engine.io.resources import default_scenario
from engine.log.events import Event
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, Fault
from engine.offline.fake_openai.answers import error_body
from engine.scenario.loader import load_scenario

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parent.parent
#: What must be seen as these very characters wherever it is shown. The image is a real file:
#: were it rendered, Qt would load it (the studio's tests must not read /dev/zero).
MARK = "<b>bold</b><i>it</i><img src='probe.png'>"


def seen_literally(raw: str, fmt: Qt.TextFormat = Qt.TextFormat.AutoText) -> str:
    """What a person reads of ``raw`` shown in a label of format ``fmt`` (or a tooltip)."""
    if fmt == Qt.TextFormat.PlainText:
        return raw
    if fmt == Qt.TextFormat.RichText:
        from PySide6.QtGui import QTextDocumentFragment

        return QTextDocumentFragment.fromHtml(raw).toPlainText()
    return shown_text(raw)


def label_shows(label: QLabel, text: str) -> bool:
    return text in seen_literally(label.text(), label.textFormat())


# --- the surfaces of the issue, one by one --------------------------------------------------------


@pytest.fixture
def hostile_scenario(tmp_path: Path) -> Any:
    folder = tmp_path / "analyst_bot"
    shutil.copytree(default_scenario(), folder)
    scenario = load_scenario(folder)
    scenario.title = f"Probe {MARK}"
    return scenario


@pytest.fixture
def chat(
    qtbot: QtBot, hostile_scenario: Any, tmp_path: Path, openai_env: FakeOpenAIServer
) -> Iterator[ChatPane]:
    pane = ChatPane(
        lambda: hostile_scenario,
        settings_store=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
        keys=ApiKeyStore(environ={"OPENAI_API_KEY": FAKE_API_KEY}),
        log_dir=tmp_path / "logs",
    )
    qtbot.addWidget(pane)
    pane.show()
    qtbot.waitUntil(lambda: pane.running and not pane.busy, timeout=20000)
    yield pane
    pane.stop()


def contract(message: str) -> str:
    return json.dumps({"message": message, "transition": "stay", "results": {}, "summary": ""})


def test_the_typing_indicator_shows_a_title_in_html_as_text(
    qtbot: QtBot, chat: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.delay(0.5, contract("Hello")))
    chat.input.setPlainText("Hi")
    qtbot.keyClick(chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: chat.typing.isVisible(), timeout=5000)

    assert chat.typing.textFormat() == Qt.TextFormat.PlainText
    assert label_shows(chat.typing, f"Probe {MARK} is typing")
    qtbot.waitUntil(lambda: not chat.busy, timeout=15000)


def test_the_chats_error_bar_shows_a_servers_message_in_html_as_text(
    qtbot: QtBot, chat: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(Fault.status(400, error_body(f"Bad {MARK}", type_="invalid_request_error")))
    chat.input.setPlainText("Hi")
    qtbot.keyClick(chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: chat.error_bar.isVisible(), timeout=15000)

    assert label_shows(chat.error_bar.label, f"Bad {MARK}")
    assert "No answer" in seen_literally(chat.error_bar.label.text(), Qt.TextFormat.RichText)


def test_the_changed_on_disk_banner_shows_a_file_name_in_html_as_text(
    make_studio: Any, analyst_bot: Path, qtbot: QtBot
) -> None:
    name = "<b>bold<img src='probe.png'>.md"  # a file name cannot hold a slash
    (analyst_bot / "steps" / "idea.md").rename(analyst_bot / "steps" / name)
    yaml_file = analyst_bot / "scenario.yaml"
    yaml_file.write_text(
        yaml_file.read_text(encoding="utf-8").replace(
            "instructions: steps/idea.md", f'instructions: "steps/{name}"'
        ),
        encoding="utf-8",
    )
    studio = make_studio()
    assert studio.files.open_folder(analyst_bot)

    (analyst_bot / "steps" / name).write_text("Changed elsewhere.\n", encoding="utf-8")
    qtbot.waitUntil(lambda: studio.files.disk_banner.isVisible(), timeout=5000)

    assert label_shows(studio.files.disk_banner.label, f"steps/{name}")


def test_a_log_rows_tooltip_shows_a_message_in_html_as_text() -> None:
    model = EventTableModel()
    model.append_events([Event("user_message", "s", 1, 1, "idea", {"text": f"Hi {MARK}"})])

    tooltip = model.data(model.index(0, SUMMARY), Qt.ItemDataRole.ToolTipRole)

    assert f"Hi {MARK}" in shown_text(tooltip)


def test_a_variables_tooltip_shows_its_value_in_html_as_text(
    qtbot: QtBot, chat: ChatPane, openai_env: FakeOpenAIServer
) -> None:
    openai_env.queue(
        json.dumps(
            {"message": "Ok", "transition": "agreed", "results": {"consent": True}, "summary": ""}
        ),
        json.dumps(
            {
                "message": "Nice",
                "transition": "stay",
                "results": {"project_name": MARK},
                "summary": "",
            }
        ),
    )
    for text in ("Yes", "It is called <b>"):
        chat.input.setPlainText(text)
        qtbot.keyClick(chat.input, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not chat.busy, timeout=15000)

    item = next(item for item in chat.variables._top_items() if item.text(0) == "project_name")
    assert MARK in shown_text(item.toolTip(1))


def test_a_problems_tooltip_shows_its_message_in_html_as_text(
    make_studio: Any, analyst_bot: Path
) -> None:
    yaml_file = analyst_bot / "scenario.yaml"
    yaml_file.write_text(
        yaml_file.read_text(encoding="utf-8").replace("start: ", f'"{MARK}": 1\nstart: ', 1),
        encoding="utf-8",
    )
    studio = make_studio()
    assert studio.files.open_folder(analyst_bot)

    tree = studio.problems.tree
    tips = [tree.topLevelItem(row).toolTip(1) for row in range(tree.topLevelItemCount())]

    assert any(MARK in shown_text(tip) for tip in tips), tips


def test_a_message_box_shows_its_text_as_text(qtbot: QtBot) -> None:
    seen: list[tuple[Qt.TextFormat, str]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.append((box.textFormat(), box.text()))
        box.accept()

    QTimer.singleShot(20, answer)
    show_message(None, "Cannot open", f"Cannot open {MARK}", problem=True)

    assert seen == [(Qt.TextFormat.PlainText, f"Cannot open {MARK}")]


# --- the whole window, on a scenario written in HTML ----------------------------------------------


def surfaces(window: Any) -> Iterator[tuple[str, str]]:
    """(where, what a person reads) for every label and tooltip of the window's widgets."""
    for widget in [window, *window.findChildren(object)]:
        if not hasattr(widget, "toolTip"):
            continue
        name = f"{type(widget).__name__} {widget.objectName()!r}"
        if isinstance(widget, QLabel):
            yield f"{name} text", seen_literally(widget.text(), widget.textFormat())
        if callable(widget.toolTip) and widget.toolTip():
            yield f"{name} tooltip", shown_text(widget.toolTip())
        if isinstance(widget, QTreeWidget):
            stack = [widget.topLevelItem(i) for i in range(widget.topLevelItemCount())]
            while stack:
                item = stack.pop()
                if item is None:
                    continue
                for column in range(widget.columnCount()):
                    if item.toolTip(column):
                        yield f"{name} item tooltip", shown_text(item.toolTip(column))
                stack += [item.child(i) for i in range(item.childCount())]
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            root = QModelIndex()
            try:
                columns = model.columnCount(root)
            except TypeError:  # a list model: one column
                columns = 1
            if isinstance(model, QStandardItemModel) or model.rowCount(root) < 500:
                for row in range(model.rowCount(root)):
                    for column in range(columns):
                        tip = model.data(model.index(row, column), Qt.ItemDataRole.ToolTipRole)
                        if tip:
                            yield f"{name} model tooltip", shown_text(str(tip))


def test_a_scenario_written_in_html_is_shown_as_text_everywhere(
    make_studio: Any, analyst_bot: Path, qtbot: QtBot
) -> None:
    yaml_file = analyst_bot / "scenario.yaml"
    data = yaml.safe_load(yaml_file.read_text(encoding="utf-8"))
    data["title"] = MARK
    for step in data["steps"].values():
        step["title"] = step["goal"] = MARK
        for transition in (step.get("transitions") or {}).values():
            transition["description"] = MARK
        for result in (step.get("results") or {}).values():
            result["description"] = MARK
    yaml_file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    assert load_scenario(analyst_bot).title == MARK
    studio = make_studio()
    assert studio.files.open_folder(analyst_bot)

    lost: list[str] = []
    kept: set[str] = set()
    for step in ("consent", "idea", "users", "review"):
        studio.scenario_editor.select_step(step)
        qtbot.wait(10)
        for where, shown in surfaces(studio):
            if MARK in shown:
                kept.add(where)
            elif "bold" in shown:  # the markup was rendered: its tags are gone
                lost.append(f"{step}: {where}: {shown[:80]!r}")
    assert lost == []
    assert len(kept) >= 3, kept  # the sweep did see the scenario's text, on several surfaces


# --- the one way in, kept -------------------------------------------------------------------------

#: Tooltips built by the studio's own markup around escaped values (graph items: a title in bold,
#: errors in colour; each value through html.escape).
OWN_MARKUP = {"app/graph/items.py"}
SAFE_CALLS = {"plain_tooltip", "tr", "translate", "toolTip"}


def _safe(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return all(isinstance(value, ast.Constant) for value in node.values)
    if isinstance(node, ast.IfExp):
        return _safe(node.body) and _safe(node.orelse)
    if isinstance(node, ast.Call):
        function = node.func
        name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
        return name in SAFE_CALLS
    return False


def ways_around(source: str | ast.Module, module: str) -> list[str]:
    """Every label, tooltip and message box of ``source`` (a module's text or tree) made another
    way than plain_text's."""
    found = []
    tree = ast.parse(source) if isinstance(source, str) else source
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(base) for base in node.bases]
            if "QLabel" in bases:
                found.append(f"line {node.lineno}: a QLabel subclass (use PlainLabel)")
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
        owner = ast.unparse(function.value) if isinstance(function, ast.Attribute) else ""
        if name == "QLabel":
            found.append(f"line {node.lineno}: QLabel( (use PlainLabel, or RichLabel + escape)")
        elif owner == "QMessageBox" and name in ("warning", "information", "question", "critical"):
            found.append(f"line {node.lineno}: QMessageBox.{name} (use show_message or ask)")
        # (a status tip is drawn by the status bar as plain text: not a way around)
        elif name in ("setToolTip", "setWhatsThis") and node.args:
            if module not in OWN_MARKUP and not _safe(node.args[-1]):
                found.append(f"line {node.lineno}: {name} of a value (use plain_tooltip)")
        elif (
            name == "setItemData"
            and len(node.args) == 3
            and not _safe(node.args[1])
            and "ToolTip" in ast.unparse(node.args[2])
        ):
            found.append(f"line {node.lineno}: a ToolTipRole of a value (use plain_tooltip)")
    return found


STUDIO_MODULES = sorted(
    path.relative_to(ROOT).as_posix()
    for path in (ROOT / "app").rglob("*.py")
    if path.name != "plain_text.py"
)


@pytest.mark.xdist_group(SOURCE_RULES)  # every module of the studio parsed once for all rules
@pytest.mark.parametrize("module", STUDIO_MODULES)
def test_labels_tooltips_and_message_boxes_go_through_plain_text(module: str) -> None:
    assert ways_around(source_tree(ROOT / module), module) == []


def test_the_check_sees_each_way_around() -> None:
    source = """
class Tip(QLabel): pass
QLabel("x")
label = QtWidgets.QLabel(parent)
QMessageBox.warning(None, "t", message)
widget.setToolTip(value)
item.setToolTip(0, f"{name}")
box.setItemData(0, text, Qt.ItemDataRole.ToolTipRole)
widget.setToolTip("literal")
widget.setToolTip(plain_tooltip(value))
widget.setToolTip(self.tr("Hello"))
"""
    assert len(ways_around(source, "app/x.py")) == 7
