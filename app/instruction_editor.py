"""The instruction editor: a Markdown text of the scenario, edited through the undo stack.

One :class:`TextFileEditor` shows one file of the scenario (a step's instructions or the
persona). Typing pushes :class:`~app.commands.SetTextCommand` (bursts merge), so Ctrl+Z in the
studio undoes text and graph edits in the order they happened; the editor's own undo is off.
Typing ``{{`` offers the declared variables (Enter takes the first). Lines are numbered, the
lines a problem points at are marked, and Preview shows the Markdown rendered. The footer counts
what the call entering the step sends under the scenario's prompt layout — the reply schema,
the persona and contract rules, and the step's section — and the step's own part, as characters
and approximate tokens (characters / 4): every token is paid for, and the step's part is what
the author controls here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QCompleter,
    QHBoxLayout,
    QPlainTextEdit,
    QSizePolicy,
    QStackedWidget,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.code_edit import CodeEdit, problem_marks
from app.edit_session import EditSession, follow_session
from app.file_text import FileText
from app.highlighter import MarkdownHighlighter
from app.i18n.locale_text import number
from app.plain_text import PlainLabel, RichLabel, plain_tooltip
from engine.dialogue.layout_choice import choose_layout
from engine.dialogue.prompting import build_prompt, known_names, step_section
from engine.errors import ScenarioError
from engine.providers.prices import PriceTable
from engine.scenario.definition import PromptLayout
from engine.scenario.document import Change

#: A rough, model-independent estimate: English text averages about four characters per token.
CHARS_PER_TOKEN = 4
COUNT_DELAY_MS = 200


def approx_tokens(chars: int) -> int:
    return (chars + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN


def _prices() -> PriceTable | None:
    try:
        return PriceTable.load()
    except ScenarioError:  # a broken price file: auto weighs the cache at its default discount
        return None


@dataclass(frozen=True)
class RequestSize:
    """What a call made on entering a step sends, in characters, under the scenario's layout."""

    #: schema + instructions + what enters the conversation with the step (its section)
    total: int
    #: this step's own part: its section (instructions, results, transitions)
    step_part: int
    #: the layout the call is sent under (what ``auto``, the default, would choose)
    layout: PromptLayout


def request_size(session: EditSession, step_id: str | None) -> RequestSize | None:
    """The size of the first model call in ``step_id``, as the engine lays it out.

    ``None`` when it cannot be computed (the scenario does not load, no step, or a message
    step — it makes no model call).
    """
    scenario = session.scenario
    if scenario is None or step_id is None:
        return None
    step = scenario.steps.get(step_id)
    if step is None or step.kind.value in ("message", "action"):
        return None
    layout, padded = scenario.model.layout, False
    if layout is PromptLayout.AUTO:  # what auto would choose for a new conversation
        choice = choose_layout(scenario, scenario.model.name, _prices())
        layout, padded = choice.layout, choice.padded
    prompt = build_prompt(scenario, step, {}, layout=layout, padded=padded)
    schema = json.dumps(prompt.schema, ensure_ascii=False, separators=(",", ":"))
    items = sum(len(item.content) for item in prompt.items)
    section = step_section(scenario, step, {}, known_names(scenario)).text
    return RequestSize(len(schema) + len(prompt.instructions) + items, len(section), layout)


class MarkdownEdit(CodeEdit):
    """A Markdown editor with line numbers that completes ``{{variable}}`` names."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.names = QStringListModel(self)
        self.completer = QCompleter(self.names, self)
        self.completer.setWidget(self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.activated.connect(self.insert_completion)

    def set_names(self, names: list[str]) -> None:
        self.names.setStringList(sorted(names))

    def placeholder_prefix(self) -> str | None:
        """The partial name after an unclosed ``{{`` left of the cursor, else ``None``."""
        cursor = self.textCursor()
        block_text = cursor.block().text()[: cursor.positionInBlock()]
        opening = block_text.rfind("{{")
        if opening < 0 or "}}" in block_text[opening:]:
            return None
        prefix = block_text[opening + 2 :].lstrip()
        return prefix if prefix.replace("_", "a").isalnum() or prefix == "" else None

    def insert_completion(self, name: str) -> None:
        cursor = self.textCursor()
        prefix = self.placeholder_prefix() or ""
        cursor.movePosition(
            QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor, len(prefix)
        )
        after = self.document().characterAt(cursor.position())
        cursor.insertText(name if after == "}" else f"{name}}}}}")
        self.setTextCursor(cursor)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        popup = self.completer.popup()
        if popup is None:
            super().keyPressEvent(event)
            return
        if popup.isVisible() and event.key() in (
            Qt.Key.Key_Enter,
            Qt.Key.Key_Return,
            Qt.Key.Key_Tab,
            Qt.Key.Key_Escape,
        ):
            event.ignore()  # the completer handles these
            return
        super().keyPressEvent(event)
        prefix = self.placeholder_prefix()
        if prefix is None or not self.names.stringList():
            popup.hide()
            return
        self.completer.setCompletionPrefix(prefix)
        rect = self.cursorRect()
        scroll_bar = popup.verticalScrollBar()
        rect.setWidth(
            popup.sizeHintForColumn(0)
            + 24
            + (scroll_bar.sizeHint().width() if scroll_bar is not None else 0)
        )
        self.completer.complete(rect)
        # the first candidate is highlighted, so Enter (or Tab) takes it as IDEs do; without a
        # current row the popup would close on Enter and insert nothing
        first = self.completer.completionModel().index(0, 0)
        if first.isValid():
            popup.setCurrentIndex(first)


class TextFileEditor(QWidget):
    """Edits one text file of the scenario (see the module docstring)."""

    #: the file the editor shows changed (relpath or "")
    fileChanged = Signal(str)

    def __init__(
        self,
        session: EditSession | None = None,
        *,
        persona: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.persona = persona
        self.session: EditSession | None = None
        self.relpath: str | None = None
        self.step_id: str | None = None
        self.header = RichLabel()  # its own markup around an escaped title
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # a long title must not widen the editor (nor push the graph aside): it wraps
        self.header.setWordWrap(True)
        self.header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.preview_button = QToolButton()
        self.preview_button.setCheckable(True)
        self.preview_button.setShortcut("Ctrl+Shift+P")
        self.preview_button.toggled.connect(self.set_preview)
        head = QHBoxLayout()
        head.setContentsMargins(4, 2, 2, 0)
        head.addWidget(self.header, 1)
        head.addWidget(self.preview_button)
        self.edit = MarkdownEdit()
        self.file_text = FileText(self.edit)
        self.highlighter = MarkdownHighlighter(self.edit.document())
        self.preview = QTextBrowser()
        self.preview.setObjectName("markdownPreview")
        self.preview.setOpenExternalLinks(True)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.edit)
        self.pages.addWidget(self.preview)
        self.counter = PlainLabel()
        self.counter.setObjectName("requestSize")
        self.counter.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(head)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.counter)
        self._count_timer = QTimer(self, singleShot=True, interval=COUNT_DELAY_MS)
        self._count_timer.timeout.connect(self.update_count)
        self.edit.textChanged.connect(self._on_typed)
        self.retranslate_ui()
        if session is not None:
            self.set_session(session)

    def retranslate_ui(self) -> None:
        """Set the editor's texts (again, on ``LanguageChange``); the file shown stays."""
        self.preview_button.setText(self.tr("Preview"))
        self.preview_button.setToolTip(
            self.tr(
                "Show the Markdown as it reads (Ctrl+Shift+P); the model gets the text as written"
            )
        )
        self.counter.setToolTip(
            self.tr(
                "What one model call carries: persona, the step's instructions, "
                "the contract and the reply schema. Tokens ≈ characters / 4."
            )
        )
        if self.relpath is not None:
            self.edit.setPlaceholderText(self._write_here())
            self.header.setText(self._title(self.relpath))
            self.update_count()
        elif self.session is None:
            self.show_nothing(self.tr("Select a step to edit its instructions."))
        elif self.persona:
            self._reload()
        else:
            self.show_step(self.step_id)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _write_here(self) -> str:
        return self.tr(
            "Write the instructions for this step in Markdown. Type {{ to insert a variable."
        )

    def set_session(self, session: EditSession | None) -> None:
        follow_session(
            self.session,
            session,
            {
                "changed": self._on_document_changed,
                "reloaded": self._reload,
                "problemsChanged": self._problems_changed,
            },
        )
        self.session = session
        if self.persona:
            self._reload()
        else:
            self.show_step(None)

    # --- what is shown ---------------------------------------------------------------------

    def show_step(self, step_id: str | None) -> None:
        """Show the instruction file of ``step_id`` (a message step has none); with no step,
        the persona — the instructions every step shares."""
        self.step_id = step_id
        scenario = self.session.shown if self.session else None
        step = scenario.steps.get(step_id) if scenario and step_id else None
        if step_id is None and scenario is not None and scenario.persona:
            self.show_persona()
        elif step is None:
            self.show_nothing(self.tr("Select a step to edit its instructions."))
        elif step.kind.value == "message":
            self.show_nothing(
                self.tr(
                    "A message step sends its text as written (see “Text” above); "
                    "it has no instruction file."
                )
            )
        elif step.kind.value == "action":
            self.show_nothing(
                self.tr(
                    "An action step calls a function or an API (see “Action” in the step "
                    "form) and makes no model call: it has no instruction file. The step after "
                    "it talks, and can use its results as {{placeholders}}."
                )
            )
        elif not step.instructions:
            self.show_nothing(
                self.tr(
                    "Step “{step}” has no instruction file: set “Instructions” "
                    "in the inspector, e.g. {file}."
                ).format(step=step_id, file=f"steps/{step_id}.md")
            )
        else:
            self._show_file(step.instructions)

    def show_persona(self) -> None:
        scenario = self.session.shown if self.session else None
        if scenario is None or not scenario.persona:
            self.show_nothing(
                self.tr(
                    "The scenario has no persona file (add “persona: persona.md” to scenario.yaml)."
                )
            )
        else:
            self._show_file(scenario.persona)

    def show_nothing(self, why: str) -> None:
        self.relpath = None
        self._set_text("")
        self.edit.setReadOnly(True)
        self.edit.setPlaceholderText(why)
        self.edit.mark_lines({})
        self.header.setText("")
        self.counter.setText("")
        self.preview.setPlainText(why if self.preview_button.isChecked() else "")
        self.fileChanged.emit("")

    def set_preview(self, shown: bool) -> None:
        """Show the Markdown rendered (read-only) instead of the text, or the text again; the
        choice stays while the author moves from step to step."""
        if shown:
            self._render_preview()
            self.pages.setCurrentWidget(self.preview)
        else:
            self.pages.setCurrentWidget(self.edit)
        if self.preview_button.isChecked() != shown:
            self.preview_button.setChecked(shown)

    def _render_preview(self) -> None:
        scroll = self.preview.verticalScrollBar().value()
        self.preview.setMarkdown(self.edit.toPlainText())
        self.preview.verticalScrollBar().setValue(scroll)

    def _show_file(self, relpath: str) -> None:
        assert self.session is not None
        try:
            text = self.session.document.text(relpath)
        except ScenarioError as error:
            self.show_nothing(
                self.tr("Cannot open {file}: {error}").format(file=relpath, error=error.message)
            )
            return
        self.relpath = relpath
        self.edit.setReadOnly(False)
        self.edit.setPlaceholderText(self._write_here())
        self.header.setText(self._title(relpath))
        self._set_text(text)
        self._refresh_names()
        self._mark_problems()
        if self.pages.currentWidget() is self.preview:
            self._render_preview()
        self.update_count()
        self.fileChanged.emit(relpath)

    @property
    def shows_persona(self) -> bool:
        return self.persona or self.step_id is None

    def _title(self, relpath: str) -> str:
        step_id = self.step_id
        if self.persona or step_id is None:
            said = self.tr(
                "— sent with every model call, {file}; select a step for its own instructions"
            ).format(file=relpath)
            return (
                f"<b>{_html(self.tr('Persona'))}</b> <span style='color:gray'>{_html(said)}</span>"
            )
        scenario = self.session.shown if self.session else None
        step = scenario.steps.get(step_id) if scenario else None
        title = step.display_title if step is not None else step_id
        said = self.tr("— instructions, {file}").format(file=relpath)
        return f"<b>{_html(title)}</b> <span style='color:gray'>{_html(said)}</span>"

    def _problems_changed(self) -> None:
        self._refresh_names()
        self._mark_problems()

    def _mark_problems(self) -> None:
        """Mark the lines of this file a problem points at (the gutter's tooltip says why)."""
        session = self.session
        marks: dict[int, str] = {}
        if session is not None and self.relpath is not None:
            marks = problem_marks(session.problems, session.folder / self.relpath)
        self.edit.mark_lines(marks)

    def go_to(self, line: int | None, column: int | None = None) -> None:
        """Put the cursor at a 1-based line/column (a problem's location) and focus."""
        if line is None:
            self.edit.setFocus()
            return
        self.edit.go_to(line, column)

    def update_count(self) -> None:
        if self.session is None or self.relpath is None:
            self.counter.setText("")
            return
        chars = len(self.edit.toPlainText())
        if self.shows_persona:
            self.counter.setText(
                self.tr(
                    "{characters} characters · ≈ {tokens} tokens, "
                    "sent at the start of every model call"
                ).format(characters=number(chars), tokens=number(approx_tokens(chars)))
            )
            return
        size = request_size(self.session, self.step_id)
        if size is None:
            self.counter.setText(
                self.tr("{characters} characters").format(characters=number(chars))
            )
            return
        total, part = approx_tokens(size.total), approx_tokens(size.step_part)
        if size.layout is PromptLayout.PER_STEP:
            self.counter.setText(
                self.tr(
                    "{characters} characters · each call in this step ≈ {tokens} tokens"
                ).format(characters=number(chars), tokens=number(total))
            )
            self.counter.setToolTip(
                plain_tooltip(
                    self.tr(
                        "Every model call in this step sends {characters} characters: the "
                        "persona, the contract rules, this step's instructions, results and "
                        "transitions, and the reply schema (layout per_step). "
                        "Tokens ≈ characters / 4."
                    ).format(characters=number(size.total))
                )
            )
            return
        self.counter.setText(
            self.tr(
                "{characters} characters · entering this step, a call of ≈ "
                "{tokens} tokens, this step's part ≈ {part}"
            ).format(characters=number(chars), tokens=number(total), part=number(part))
        )
        self.counter.setToolTip(
            plain_tooltip(
                self.tr(
                    "The first model call in this step sends {characters} characters (layout "
                    "{layout}): the reply schema, the persona and contract rules — the "
                    "same on every call, billed at the cached price once the conversation is "
                    "under way — and this step's section ({step_characters} characters: its "
                    "instructions, results and transitions), sent once when the step is entered "
                    "and cached after. Tokens ≈ characters / 4."
                ).format(
                    characters=number(size.total),
                    layout=size.layout.value,
                    step_characters=number(size.step_part),
                )
            )
        )

    # --- keeping editor and document in step -----------------------------------------------

    def _set_text(self, text: str) -> None:
        self.file_text.set_text(text)

    def _on_typed(self) -> None:
        if self.file_text.typed(self.session, self.relpath):
            self._count_timer.start()

    def _on_document_changed(self, change: Change) -> None:
        if self.session is None:
            return
        if change.kind == "text":
            if self.relpath is not None and change.path == (self._key(),):
                self.file_text.follow(self.session, self.relpath)
                self._count_timer.start()
            return
        if not change.structural:
            return
        # the step may have been renamed, removed, or its instructions path changed
        if self.shows_persona:
            if change.whole or change.path[:1] == ("persona",):
                self._reload()
        elif self.step_id is not None and (change.whole or self.step_id in change.steps):
            self._follow_structure()
        self._count_timer.start()

    def _follow_structure(self) -> None:
        scenario = self.session.shown if self.session else None
        step = scenario.steps.get(self.step_id) if scenario and self.step_id else None
        talks = step is not None and step.kind.value not in ("message", "action")
        wanted = step.instructions if step is not None and talks else None
        if wanted != self.relpath:
            self.show_step(self.step_id if step is not None else None)

    def _reload(self) -> None:
        if self.persona:
            self.show_persona()
        else:
            self.show_step(self.step_id)

    def _refresh_names(self) -> None:
        scenario = self.session.shown if self.session else None
        # the validator's own rule: variables and results alike
        names = scenario.placeholder_names if scenario else []
        self.highlighter.set_known_names(names)
        self.edit.set_names(names)

    def _key(self) -> str:
        """The document's key for the shown file (it normalises paths like ``./a.md``)."""
        assert self.relpath is not None
        return self.relpath.replace("\\", "/").removeprefix("./")


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
