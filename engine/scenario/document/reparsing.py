"""``scenario.yaml`` cut into its steps' texts: lazy loading, and re-parsing only what changed.

:func:`step_texts` decides whether a file can be cut safely; the round-trip tree then loads each
step only when an edit reaches it, and :class:`Reparser` re-parses only the steps an edit
changed. The studio derives the scenario after every edit, and a whole parse of 2,000 steps
takes most of a second; re-parsing the text above ``steps:`` with the one edited step takes a
millisecond. Steps are parsed on their own (the text above ``steps:`` + their lines); the others
are the very objects of the last parse (a step is never changed once parsed), and their marks
are only moved to their new lines when someone reads them (:class:`LazyMarks`). Anything
unusual (a change the document cannot name, a text not shaped for it) parses the whole file, so
models, marks and errors are always the loader's.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import yaml

from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.definition import Marks, Scenario, Step
from engine.scenario.document.splicing import KEY_LINE
from engine.scenario.layout import gc_paused
from engine.scenario.loader import compose_scenario, scenario_from_yaml

MarkPath = tuple[str, ...]
#: A step's marks with their lines counted from the step's first line.
StepMarks = list[tuple[MarkPath, int, int]]


class LazyMarks(dict[MarkPath, tuple[int, int]]):
    """Marks computed when first read: after an edit, moving every step's marks to its new
    lines costs more than the edit itself, and only the validator and error messages read them.

    A ``dict`` (what :attr:`Scenario.marks` is) that fills itself from ``compute`` on first use.
    """

    def __init__(self, compute: Callable[[], Marks] | None = None) -> None:
        super().__init__()
        self._compute = compute

    def _fill(self) -> None:
        compute, self._compute = self._compute, None
        if compute is not None:
            dict.update(self, compute())

    def __getitem__(self, key: MarkPath) -> tuple[int, int]:
        self._fill()
        return dict.__getitem__(self, key)

    def get(self, key: MarkPath, default: Any = None) -> Any:
        self._fill()
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._fill()
        return dict.__contains__(self, key)

    def __iter__(self) -> Iterator[MarkPath]:
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._fill()
        return dict.keys(self)

    def values(self) -> Any:
        self._fill()
        return dict.values(self)

    def items(self) -> Any:
        self._fill()
        return dict.items(self)

    def copy(self) -> dict[MarkPath, tuple[int, int]]:
        self._fill()
        return dict(dict.items(self))

    def __eq__(self, other: object) -> bool:
        self._fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)


@dataclass
class StepParse:
    """A successful parse cut into steps: each step's text, model, marks (lines counted from
    the step's first line) and line count, and the text above the steps with its marks."""

    head: str
    texts: dict[str, str]
    steps: dict[str, Step]
    step_marks: dict[str, StepMarks]
    head_marks: Marks
    scenario: Scenario

    @classmethod
    def of(cls, text: str, scenario: Scenario) -> StepParse | None:
        split = step_texts(text, is_yaml=True)  # it parsed: no need to check it is YAML
        if split is None or list(split[1]) != list(scenario.steps):
            return None
        return cls.cut(split, scenario)

    @classmethod
    def cut(cls, split: tuple[str, dict[str, str]], scenario: Scenario) -> StepParse:
        head, texts = split
        starts = start_lines(head, texts)
        step_marks: dict[str, StepMarks] = {sid: [] for sid in texts}
        head_marks: Marks = {}
        for path, (line, column) in scenario.marks.items():
            if len(path) >= 2 and path[0] == "steps" and path[1] in step_marks:
                step_marks[path[1]].append((path, line - starts[path[1]], column))
            else:
                head_marks[path] = (line, column)
        return cls(head, texts, dict(scenario.steps), step_marks, head_marks, scenario)

    @property
    def indent(self) -> int:
        """The indentation of the steps' keys."""
        first = next(iter(self.texts.values()), "")
        return len(first) - len(first.lstrip(" "))

    def marks(self) -> Marks:
        """Every mark, each step's moved to where its text starts now."""
        marks = dict(self.head_marks)
        line = self.head.count("\n")
        for step_id, text in self.texts.items():
            for key, relative, column in self.step_marks[step_id]:
                marks[key] = (relative + line, column)
            line += text.count("\n")
        first = next(iter(self.texts), None)
        if first is not None:
            marks[("steps",)] = marks[("steps", first, "<key>")]
        return marks


def start_lines(head: str, texts: Mapping[str, str]) -> dict[str, int]:
    """The 0-based line where each step's text starts, in ``head`` + the texts in order."""
    line = head.count("\n")
    starts: dict[str, int] = {}
    for step_id, text in texts.items():
        starts[step_id] = line
        line += text.count("\n")
    return starts


class StepSource(Protocol):
    """Where the :class:`Reparser` reads the current steps from (the document's tree)."""

    def step_order(self) -> list[str] | None:
        """The step ids in file order, or None when unknown."""

    def step_text(self, step_id: str) -> str | None:
        """The current text of one step (as in the file), or None when unknown."""


class Reparser:
    """Parses ``scenario.yaml`` again after edits, re-parsing only what they changed.

    The document tells it what each edit changed (:meth:`note`); :meth:`parse` then re-parses
    the text above ``steps:`` and the changed steps only, when the last parse succeeded and the
    text is cut into steps as :func:`step_texts` does. Steps not re-parsed are shared with the
    last scenario (never changed after a parse: the document copies a step before changing it).
    Errors are those of a whole parse, located in the whole file.
    """

    def __init__(self, path: Path, *, lazy: bool) -> None:
        self.path = path
        self.lazy = lazy
        #: the last successful parse, cut into steps once it is needed
        self._last: StepParse | tuple[str, Scenario] | None = None
        #: steps changed since the last successful parse (None: unknown, parse it all again)
        self._steps: set[str] | None = set()
        self._head = False
        self._fresh: set[str] | None = None
        #: the last text the loader's limited reader read whole without complaint
        self.readable: str | None = None

    def prepare(self) -> None:
        """Cut the last whole parse into steps now (a view calls this when idle), so that the
        first edit does not pay for it."""
        if isinstance(self._last, tuple):
            self._last = StepParse.of(*self._last)

    def note(self, steps: set[str] | None, *, head: bool = False) -> None:
        """An edit changed these steps' entries (None: could have changed any) or the head."""
        if steps is None or self._steps is None:
            self._steps = None
        else:
            self._steps |= steps
        self._head = self._head or head

    def forget(self) -> None:
        """The text was replaced as a whole: compare it with the last parse to find changes."""
        self._steps = None

    def parse(self, text: str, source: StepSource) -> tuple[Scenario, set[str] | None]:
        """The scenario of ``text`` and the ids of its steps parsed now (``None``: all of them);
        the others are the objects of the last parse. Raises :class:`ScenarioErrors` as the
        loader does."""
        scenario = self._incremental(text, source)
        fresh: set[str] | None = self._fresh
        if scenario is None:
            scenario = self._by_text(text)
            fresh = self._fresh
        self._steps, self._head = set(), False
        return scenario, fresh

    def replace(self, step_id: str, step: Step) -> None:
        """Share ``step`` from now on instead of the one parsed (the document attached a newer
        instruction text to a copy of it)."""
        last = self._last  # (after a whole parse there is nothing to replace: all are fresh)
        if isinstance(last, StepParse) and step_id in last.steps:
            last.steps[step_id] = step

    # --- knowing what changed ----------------------------------------------------------------

    def _incremental(self, text: str, source: StepSource) -> Scenario | None:
        last = self._last
        if not self.lazy or self._steps is None or last is None:
            return None
        if isinstance(last, tuple):
            last = self._last = StepParse.of(*last)
            if last is None:
                return None
        order = source.step_order()
        if not order:
            return None
        changed = self._steps
        # The last texts, patched: a removed step dropped, a new one added (at the end, or
        # put in its place when the order says otherwise).
        texts = dict(last.texts)
        for step_id in changed:
            if step_id in texts or step_id in order:
                texts[step_id] = ""
        for step_id in texts.keys() - set(order):
            del texts[step_id]
        if list(texts) != order:
            if len(texts) != len(order):
                return None
            texts = {step_id: texts[step_id] for step_id in order}
        for step_id in changed:
            if step_id not in texts:
                continue  # removed
            step_text = source.step_text(step_id)
            if step_text is None or not _shaped(step_id, step_text, last.indent):
                return None
            texts[step_id] = step_text
        joined = "".join(texts.values())
        if not text.endswith(joined) or len(joined) == len(text):
            return None
        head = text[: len(text) - len(joined)]
        if head != last.head and not _shaped_head(head):
            return None
        parsed = (
            [step_id for step_id in order if step_id in changed]
            if len(changed) > 8
            else (sorted((step_id for step_id in changed if step_id in texts), key=order.index))
        )
        return self._reparse(last, head, texts, parsed or order[:1])

    def _reparse(
        self, last: StepParse, head: str, texts: dict[str, str], parsed: list[str]
    ) -> Scenario | None:
        # The text above the steps is parsed again with at least one step, so that the
        # top-level values are fresh objects, never shared with the last scenario.
        fragment = {step_id: texts[step_id] for step_id in parsed}
        try:
            with gc_paused():
                data, marks = compose_scenario(head + "".join(fragment.values()), self.path)
                fresh = scenario_from_yaml(data, marks, self.path)
        except ScenarioErrors as problems:
            raise ScenarioErrors(_relocated(problems.errors, head, texts, fragment)) from None
        if list(fresh.steps) != parsed:
            return None
        cut = StepParse.cut((head, fragment), fresh)
        steps = dict(last.steps)
        step_marks = dict(last.step_marks)
        for gone in last.texts.keys() - texts.keys():
            del steps[gone], step_marks[gone]
        steps.update(fresh.steps)
        step_marks.update(cut.step_marks)
        if list(steps) != list(texts):  # a step put back among the others, or renamed
            if steps.keys() != texts.keys():
                return None
            steps = {step_id: steps[step_id] for step_id in texts}
            step_marks = {step_id: step_marks[step_id] for step_id in texts}
        self._fresh = set(parsed)
        scenario = fresh.model_copy(update={"steps": steps})
        result = StepParse(head, texts, steps, step_marks, cut.head_marks, scenario)
        scenario.marks = LazyMarks(result.marks)
        self._last = result
        return scenario

    def _by_text(self, text: str) -> Scenario:
        """The whole text cut into steps and compared with the last parse (the text was
        replaced, or the document could not say what changed); a whole parse when that fails."""
        last = self._last
        if isinstance(last, tuple):
            last = StepParse.of(*last)
        split = step_texts(text) if last is not None and self.lazy else None
        if last is not None and split is not None and split[0] == last.head:
            head, texts = split
            changed = [step_id for step_id, t in texts.items() if last.texts.get(step_id) != t]
            try:
                scenario = self._reparse(last, head, texts, changed or list(texts)[:1])
            except ScenarioErrors:
                scenario = None
            if scenario is not None:
                self.readable = text
                return scenario
        self._fresh = None
        with gc_paused():
            data, marks = compose_scenario(text, self.path)
            self.readable = text
            scenario = scenario_from_yaml(data, marks, self.path)
        # Cut into steps when parsing again: a scenario opened to be read never pays for it.
        self._last = (text, scenario)
        return scenario


def _relocated(
    errors: list[ScenarioError], head: str, texts: dict[str, str], fragment: dict[str, str]
) -> list[ScenarioError]:
    """Errors of a parse of ``head`` + the ``fragment`` steps, with the lines they would have in
    the whole file (``head`` + every step of ``texts``)."""
    in_file = start_lines(head, texts)
    in_fragment = start_lines(head, fragment)
    head_lines = head.count("\n")
    moved: list[ScenarioError] = []
    for error in errors:
        line = error.line
        if line is not None and line > head_lines:
            owner = next(
                (step_id for step_id in reversed(fragment) if in_fragment[step_id] < line),
                None,
            )
            if owner is not None:
                line += in_file[owner] - in_fragment[owner]
        moved.append(error if line == error.line else _with_line(error, line))
    return moved


def _with_line(error: ScenarioError, line: int | None) -> ScenarioError:
    return ScenarioError(
        error.message,
        path=error.path,
        line=line,
        column=error.column,
        hint=error.hint,
        field=error.field,
        severity=error.severity,
    )


# --- is the text cut safely? -----------------------------------------------------------------


#: Text that makes a step depend on text outside it, or that the line scan cannot follow.
_NOT_ALONE = re.compile(r"[&*][^\s,\]}]|^(?:%|---|\.\.\.)", re.MULTILINE)
#: Keys YAML reads as something other than text.
_SPECIAL_KEYS = frozenset({"true", "false", "null", "yes", "no", "on", "off", "y", "n"})


@functools.lru_cache(maxsize=4)
def step_texts(text: str, *, is_yaml: bool = False) -> tuple[str, dict[str, str]] | None:
    """``text`` cut into what precedes the steps and each step's own text, when that is safe:
    ``steps:`` is the last top-level key, alone on its line; each step is a plain key alone on
    its line at one indentation, right after the last line of the step before (ruamel gives a
    blank or comment line there to either step, depending on what precedes it), and the file
    ends with a step's last line; no anchors,
    aliases, directives or documents; the whole text is valid YAML. ``None`` otherwise.

    The last few answers are kept (the tree and the parse both ask about the same text); callers
    must not change them. ``is_yaml``: the caller knows the text parses (spares parsing it).
    """
    if _NOT_ALONE.search(text) or not (is_yaml or _is_yaml(text)):
        return None
    lines = text.splitlines(keepends=True)
    top = [index for index, line in enumerate(lines) if line[:1] not in ("", " ", "#", "\n", "\r")]
    if not top or lines[top[-1]].rstrip(" \n") != "steps:":
        return None
    first = top[-1] + 1
    if first >= len(lines):
        return None
    indent = len(lines[first]) - len(lines[first].lstrip(" "))
    starts: list[tuple[str, int]] = []
    gap_above = False
    for index in range(first, len(lines)):
        line = lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            gap_above = True
            continue
        width = len(line) - len(line.lstrip(" "))
        if width < indent or width == 0 or _open_quote(line):
            return None
        if width == indent:
            if gap_above or not _step_key_line(line, indent):
                return None
            match = KEY_LINE.match(line[indent:])
            assert match is not None
            starts.append((match.group(1), index))
        gap_above = False
    if gap_above or not starts or starts[0][1] != first:
        return None
    ends = [start for _, start in starts[1:]] + [len(lines)]
    texts = {
        step_id: "".join(lines[start:end])
        for (step_id, start), end in zip(starts, ends, strict=True)
    }
    if len(texts) != len(starts):
        return None
    return "".join(lines[:first]), texts


def head_text(text: str) -> str | None:
    """What precedes the steps, up to and with the line ``steps:``, when that line is the last
    top-level key, alone on its line, and no anchor, alias, directive or second document ties
    the head to the rest; ``None`` otherwise. Loaded alone, it holds every value above the steps
    exactly as a load of the whole text does (blank lines and comments between the steps, which
    :func:`step_texts` refuses, do not matter here)."""
    lines = text.splitlines(keepends=True)
    at = _steps_line(text, lines)
    return None if at is None else "".join(lines[: at + 1])


@functools.lru_cache(maxsize=4)
def step_blocks(text: str) -> dict[str, str] | None:
    """Each step's lines, to read one step alone: its key line, then every deeper, blank or
    comment line up to the next step's key. ``None`` unless the text has a :func:`head_text`,
    each step's key is alone on its line at one indentation, no line runs a quoted text on to the
    next and no step id repeats. Unlike :func:`step_texts`, blank and comment lines may part the
    steps: where ruamel attaches them matters to edits, never to a value read.

    Kept for the last few texts; callers must not change the answer."""
    lines = text.splitlines(keepends=True)
    at = _steps_line(text, lines)
    if at is None:
        return None
    blocks: dict[str, list[str]] = {}
    current: list[str] | None = None
    indent = 0
    for line in lines[at + 1 :]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            if current is not None:
                current.append(line)
            continue
        width = len(line) - len(line.lstrip(" "))
        indent = indent or width
        if width < indent or width == 0 or _open_quote(line):
            return None
        if width > indent:
            if current is None:
                return None
            current.append(line)
            continue
        match = KEY_LINE.match(line[indent:])
        if match is None or not _step_key_line(line, indent) or match.group(1) in blocks:
            return None
        current = blocks[match.group(1)] = [line]
    return {step_id: "".join(block) for step_id, block in blocks.items()} or None


def _steps_line(text: str, lines: list[str]) -> int | None:
    """The index of the line ``steps:`` in ``lines`` (``text`` cut at its line ends) when it is
    the last top-level key, alone on its line, in a text without anchors, aliases, directives or
    documents; ``None`` otherwise."""
    if _NOT_ALONE.search(text):
        return None
    top = [index for index, line in enumerate(lines) if line[:1] not in ("", " ", "#", "\n", "\r")]
    if not top or lines[top[-1]].rstrip(" \r\n") != "steps:":
        return None
    return top[-1]


def _step_key_line(line: str, indent: int) -> bool:
    """Whether ``line`` is a step's key alone on its line at ``indent``."""
    match = KEY_LINE.match(line[indent:])
    return not (
        match is None or line.split(":", 1)[1].strip() or match.group(1).lower() in _SPECIAL_KEYS
    )


def _shaped(step_id: str, text: str, indent: int) -> bool:
    """Whether one step's text (as an edit left it) is cut as :func:`step_texts` would cut it:
    its key alone on its first line at ``indent``, every other line deeper, no quoted text
    running on to another line, no anchor or alias, and no blank or comment line at its end."""
    if not text.endswith("\n") or _NOT_ALONE.search(text):
        return False
    lines = text.splitlines(keepends=True)
    key = lines[0]
    if len(key) - len(key.lstrip(" ")) != indent or not _step_key_line(key, indent):
        return False
    match = KEY_LINE.match(key[indent:])
    if match is None or match.group(1) != step_id:
        return False
    last_content = True
    for line in lines[1:]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            last_content = False
            continue
        if len(line) - len(line.lstrip(" ")) <= indent or _open_quote(line):
            return False
        last_content = True
    return last_content


def _shaped_head(head: str) -> bool:
    """Whether the text above the steps ends with the line ``steps:`` (so it is their last
    top-level key, as :func:`step_texts` requires) and has no anchor or alias."""
    return (
        head.endswith("\n")
        and not _NOT_ALONE.search(head)
        and head.splitlines()[-1].rstrip(" ") == "steps:"
    )


#: A single-quoted scalar starting on a line (after a key, a dash, ``[``, ``{`` or ``,``).
_SINGLE_QUOTED = re.compile(r"(?:^|[:\-\[{,])[ \t]*'")


def _open_quote(line: str) -> bool:
    """Whether a quoted scalar on ``line`` may go on to the next lines (which could then hold
    what looks like a step's key)."""
    if '"' in line and (line.count('"') - line.count('\\"')) % 2:
        return True
    match = _SINGLE_QUOTED.search(line)
    return match is not None and line[match.end() - 1 :].count("'") % 2 == 1


def _is_yaml(text: str) -> bool:
    """Whether ``text`` parses as YAML (libyaml's parser alone: a few ms per 1,000 steps)."""
    loader_class = getattr(yaml, "CSafeLoader", None)
    if loader_class is None:
        return False
    loader = loader_class(text)
    try:
        while loader.check_event():
            loader.get_event()
    except yaml.YAMLError:
        return False
    finally:
        loader.dispose()
    return True
