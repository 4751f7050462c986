"""A :class:`~.model.ScenarioDiff` as text for a terminal (the studio draws the same data).

The layout section comes last and says it is only about positions, so moved nodes never read
as a change to the scenario, and a real change is never hidden among a hundred moved nodes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from engine.compare.changes import (
    EntryChange,
    EntryStatus,
    FieldChange,
    ScenarioDiff,
    StepDiff,
    StepStatus,
    TextChange,
    TransitionChange,
    TransitionStatus,
)
from engine.io.terminal import for_terminal

#: Longer values are cut in the one-line "old → new" form (the full values are in --json).
VALUE_CHARS = 70
#: Moved steps listed by name before "and N more".
MOVED_SHOWN = 8

_MARK = {
    StepStatus.ADDED: "+",
    StepStatus.REMOVED: "-",
    StepStatus.RENAMED: "~",
    StepStatus.CHANGED: "~",
}
_ANSI = {"+": "\033[32m", "-": "\033[31m", "~": "\033[33m", "@": "\033[36m", "h": "\033[1m"}
_RESET = "\033[0m"
#: While the text is built, each colour code is a private-use character standing for it: the
#: whole text is then cleaned of control characters (a step title's escape sequences) by
#: engine.io.terminal.for_terminal, and only then do the stand-ins become the real codes.
_STAND_IN = {code: chr(0xF8F0 + index) for index, code in enumerate([*_ANSI.values(), _RESET])}
_STAND_INS = re.compile("[" + "".join(_STAND_IN.values()) + "]")

#: (mark, text) → the text, coloured for its mark when colour is on
Paint = Callable[[str, str], str]


def render_text(diff: ScenarioDiff, *, color: bool = False) -> str:
    """The whole diff as lines of text, coloured with ANSI codes when ``color``; the scenarios'
    own text never carries a control character through (:func:`for_terminal`)."""
    text = _render_text(diff, color=False)
    if not color or _STAND_INS.search(text):  # a scenario's text holds a stand-in: no colour
        return for_terminal(text)
    cleaned = for_terminal(_render_text(diff, color=True))
    codes = {stand_in: code for code, stand_in in _STAND_IN.items()}
    return _STAND_INS.sub(lambda found: codes[found.group()], cleaned)


def _render_text(diff: ScenarioDiff, *, color: bool) -> str:
    paint = _painter(color)
    lines = [paint("h", f"Comparing {diff.old_label} → {diff.new_label}")]
    if diff.equal:
        lines.append("The scenarios are the same (and so is the layout).")
        return "\n".join(lines) + "\n"
    if not diff.scenario_changed:
        lines.append("The scenario is the same; only the layout changed (see below).")
    else:
        counts = diff.counts()
        summary = ", ".join(f"{counts[s.value]} {s.value}" for s in StepStatus if counts[s.value])
        lines.append(f"Steps: {summary or 'none changed'}")
    for step in diff.steps:
        lines.append("")
        lines.extend(_step_lines(step, paint))
    if diff.settings or diff.persona:
        lines += ["", paint("h", "Scenario settings"), *_settings_lines(diff, paint)]
    if diff.variables:
        lines += ["", paint("h", "Variables"), *_variables_lines(diff, paint)]
    if diff.layout.changed or diff.layout.problems:
        lines += ["", paint("h", LAYOUT_TITLE), *_layout_lines(diff)]
    return "\n".join(lines) + "\n"


def render_json(diff: ScenarioDiff) -> str:
    return json.dumps(diff.to_json(), ensure_ascii=False, indent=2) + "\n"


def step_detail(step: StepDiff) -> str:
    """One step's diff as plain text: what the studio shows when the step is selected."""
    return "\n".join(_step_lines(step, _painter(False))) + "\n"


def section_detail(diff: ScenarioDiff, section: str) -> str:
    """``settings``, ``variables`` or ``layout`` of the diff as plain text (for the studio)."""
    paint = _painter(False)
    lines = {
        "settings": lambda: _settings_lines(diff, paint),
        "variables": lambda: _variables_lines(diff, paint),
        "layout": lambda: [LAYOUT_TITLE, *_layout_lines(diff)],
    }[section]()
    return "\n".join(lines) + "\n"


LAYOUT_TITLE = "Layout (scenario.layout.json: where steps are drawn, not what they do)"


# --- pieces ---------------------------------------------------------------------------------


def _step_lines(step: StepDiff, paint: Paint) -> Iterator[str]:
    mark = _MARK[step.status]
    if step.status is StepStatus.RENAMED:
        alike = f", {step.similarity:.0%} alike" if step.similarity is not None else ""
        head = f'{mark} step {step.old_id} → {step.new_id} "{step.title}" (renamed{alike})'
    else:
        head = f'{mark} step {step.id} "{step.title}" ({step.status.value})'
    yield paint(mark, head)
    for change in step.fields:
        yield f"    {_field(change)}"
    for result in step.results:
        yield f"    {_entry('result', result, paint)}"
    for transition in step.transitions:
        yield f"    {_transition(transition, paint)}"
    if step.instructions is not None and step.status not in (StepStatus.ADDED, StepStatus.REMOVED):
        yield from _text_lines("instructions", step.instructions, paint)
    elif step.instructions is not None:
        text = step.instructions
        lines = text.added_lines or text.removed_lines
        yield f"    instructions {text.new_path or text.old_path}: {lines} line(s)"


def _field(change: FieldChange) -> str:
    return f"{change.field}: {_short(change.old)} → {_short(change.new)}"


def _entry(kind: str, change: EntryChange, paint: Paint) -> str:
    if change.status is EntryStatus.ADDED:
        return paint("+", f"{kind} added: {change.name} ({_describe(change.new)})")
    if change.status is EntryStatus.REMOVED:
        return paint("-", f"{kind} removed: {change.name} ({_describe(change.old)})")
    fields = "; ".join(_field(field) for field in change.fields)
    return paint("~", f"{kind} changed: {change.name}: {fields}")


def _describe(entry: dict[str, Any] | None) -> str:
    if not entry:
        return ""
    parts = [str(entry.get("type", ""))]
    if entry.get("required"):
        parts.append("required")
    if entry.get("values"):
        parts.append("values " + ", ".join(map(str, entry["values"])))
    return ", ".join(part for part in parts if part)


def _transition(change: TransitionChange, paint: Paint) -> str:
    status = change.status
    if status is TransitionStatus.ADDED:
        text = paint("+", f"transition added: {change.signal} → {change.new_target}")
    elif status is TransitionStatus.REMOVED:
        text = paint("-", f"transition removed: {change.signal} → {change.old_target}")
    elif status is TransitionStatus.RENAMED:
        text = paint(
            "~",
            f"transition renamed: {change.old_signal} → {change.signal} (to {change.new_target})",
        )
    elif status is TransitionStatus.RETARGETED:
        text = paint(
            "~",
            f"transition retargeted: {change.signal}: {change.old_target} → {change.new_target}",
        )
    else:
        text = paint("~", f"transition changed: {change.signal} → {change.new_target}")
    details = [_field(field) for field in change.fields]
    if change.guard is not None:
        guard = change.guard
        if status in (TransitionStatus.ADDED, TransitionStatus.REMOVED):
            details.append(f"requires {', '.join(guard.new or guard.old)}")
        else:
            moves = [f"+{name}" for name in guard.added] + [f"-{name}" for name in guard.removed]
            details.append(
                f"guard: requires {' '.join(moves)} (now: {', '.join(guard.new) or 'nothing'})"
            )
    return text + ("; " + "; ".join(details) if details else "")


def _text_lines(what: str, change: TextChange, paint: Paint) -> Iterable[str]:
    path = change.new_path or change.old_path
    yield (f"    {what} {path}: +{change.added_lines} -{change.removed_lines} line(s)")
    for line in change.diff.splitlines():
        mark = line[:1]
        if line.startswith(("+++", "---")):
            yield "      " + paint("h", line)
        elif mark in ("+", "-", "@"):
            yield "      " + paint(mark, line)
        else:
            yield "      " + line


def _settings_lines(diff: ScenarioDiff, paint: Paint) -> list[str]:
    lines = [f"    {_field(change)}" for change in diff.settings]
    if diff.persona is not None:
        lines.extend(_text_lines("persona", diff.persona, paint))
    return lines


def _variables_lines(diff: ScenarioDiff, paint: Paint) -> list[str]:
    return [f"    {_entry('variable', change, paint)}" for change in diff.variables]


def _layout_lines(diff: ScenarioDiff) -> Iterable[str]:
    layout = diff.layout
    if layout.old_file != layout.new_file:
        yield "    layout file " + ("added" if layout.new_file else "removed")
    if layout.moved:
        names = ", ".join(step for step, _old, _new in layout.moved[:MOVED_SHOWN])
        more = (
            f" and {len(layout.moved) - MOVED_SHOWN} more"
            if len(layout.moved) > MOVED_SHOWN
            else ""
        )
        yield f"    {len(layout.moved)} step(s) moved: {names}{more}"
    if layout.placed:
        yield f"    {len(layout.placed)} step(s) given a saved position: " + ", ".join(
            layout.placed[:MOVED_SHOWN]
        )
    if layout.unplaced:
        yield f"    {len(layout.unplaced)} step(s) without a saved position now: " + ", ".join(
            layout.unplaced[:MOVED_SHOWN]
        )
    for problem in layout.problems:
        yield f"    note: {problem}"


def _short(value: Any) -> str:
    if value is None:
        return "(none)"
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= VALUE_CHARS else text[: VALUE_CHARS - 1] + "…"


def _painter(color: bool) -> Paint:
    def paint(mark: str, text: str) -> str:
        code = _ANSI.get(mark)
        if not color or not code:
            return text
        return f"{_STAND_IN[code]}{_STAND_INS.sub('', text)}{_STAND_IN[_RESET]}"

    return paint


__all__ = ["LAYOUT_TITLE", "render_json", "render_text", "section_detail", "step_detail"]
