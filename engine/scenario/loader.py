"""Load a scenario folder into a :class:`Scenario`, with errors that point at file, line, column.

YAML is composed with pyyaml's *safe* loader into nodes first, so every key and value keeps its
mark; pydantic's error locations (``steps.greet.transitions.next.to``) are then mapped back to
those marks. Unknown keys suggest the closest known one. Referenced files must stay inside the
scenario folder.

Every file is read through :mod:`engine.textio` (regular files only, with the size limits of
:mod:`engine.limits`), and the YAML is bounded in size, depth and alias expansion, so a hostile
folder is refused in well under a second, never hangs and never grows the process. Opening a
folder also removes the stale temporaries an interrupted save left there
(:func:`engine.atomic.remove_stale_temporaries`).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from engine.atomic import remove_stale_temporaries
from engine.errors import ScenarioError, ScenarioErrors, UnreadableFile
from engine.limits import (
    MAX_SCENARIO_BYTES,
    MAX_TEXT_FILE_BYTES,
    MAX_YAML_DEPTH,
    MAX_YAML_NODES,
    MAX_YAML_REPARSE_BYTES,
)
from engine.scenario.model import SCENARIO_FILE, Marks, Scenario, Step
from engine.scenario.yaml_help import explain as explain_yaml_error
from engine.textio import decode_utf8, describe_size, open_regular, read_bytes, read_text

#: The studio's files beside ``scenario.yaml`` whose interrupted saves are cleaned up on open.
_LAYOUT_FILE = "scenario.layout.json"


def load_scenario(folder: Path | str) -> Scenario:
    """Read ``folder/scenario.yaml`` and the files it references.

    Raises :class:`ScenarioErrors` listing every problem found, each with its location.
    """
    root = Path(folder)
    if root.is_file():
        root = root.parent
    try:
        text = read_scenario_text(root)
    except ScenarioError as error:
        raise ScenarioErrors([error]) from None
    scenario = parse_scenario(text, path=root / SCENARIO_FILE)
    scenario.root = root
    attach_files(scenario)
    remove_stale_temporaries(root, [SCENARIO_FILE, _LAYOUT_FILE])
    return scenario


def read_scenario_text(root: Path) -> str:
    """The text of ``root/scenario.yaml``: the one reader of that file (the loader's and the
    studio's). Regular files only, with the size cap; raises :class:`UnreadableFile` (a
    :class:`ScenarioError`) when it is missing, not a file, too large or not UTF-8."""
    path = root / SCENARIO_FILE
    try:
        return decode_utf8(read_bytes(path, limit=MAX_SCENARIO_BYTES, what=SCENARIO_FILE), path)
    except UnreadableFile as error:
        if error.reason != "missing":
            raise
        raise UnreadableFile(
            f"no {SCENARIO_FILE} in {root}", reason="missing", path=path,
            hint="is this a scenario folder?",
        ) from None


def parse_scenario(text: str, *, path: Path | None = None) -> Scenario:
    """Parse the text of a ``scenario.yaml`` (no files are read)."""
    data, marks = compose_scenario(text, path)
    return scenario_from_yaml(data, marks, path)


def compose_scenario(text: str, path: Path | None = None) -> tuple[Any, Marks]:
    """The YAML of a ``scenario.yaml`` as plain values and their marks, within the loader's
    limits (size of the expanded tree, depth, duplicate keys, plain keys and values): every
    reader of a scenario's YAML goes through here first. Raises :class:`ScenarioErrors`."""
    return _compose(text, path)


def scenario_from_yaml(data: Any, marks: Marks, path: Path | None = None) -> Scenario:
    """The :class:`Scenario` of values read by :func:`compose_scenario`."""
    if not isinstance(data, dict):
        raise ScenarioErrors(
            [
                ScenarioError(
                    "the scenario must be a mapping of keys to values",
                    path=path,
                    line=1,
                    column=1,
                    hint="start with 'name:', 'start:' and 'steps:'",
                )
            ]
        )
    internal = list(_internal_keys(data, marks, path))
    if internal:
        raise ScenarioErrors(internal)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        raise ScenarioErrors(list(_explain(error, marks, path))) from None
    scenario.marks = marks
    return scenario


def attach_files(scenario: Scenario) -> None:
    """Read the persona and instruction files into the model; missing files are left empty.

    The validator reports missing files as problems; loading still succeeds so the studio can
    open a half-written scenario and show what is missing.
    """
    root = scenario.root
    if root is None:
        return
    if scenario.persona:
        scenario.persona_text = _read_inside(root, scenario.persona) or ""
    for step in scenario.steps.values():
        if step.instructions:
            step.instructions_text = _read_inside(root, step.instructions) or ""


def resolve_inside(root: Path, relative: str) -> Path | None:
    """The absolute path of ``relative`` if it stays inside ``root``; ``None`` if it escapes."""
    pure = PurePosixPath(relative.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or (pure.parts and pure.parts[0].endswith(":")):
        return None
    candidate = (root / Path(*pure.parts)).resolve()
    try:
        candidate.relative_to(root.resolve())
    except ValueError:
        return None
    return candidate


def read_referenced(root: Path, relative: str) -> str:
    """The text of a file the scenario references (persona, instructions), read safely.

    Raises :class:`UnreadableFile` when it escapes the folder (as ``not-a-file``), is missing,
    is not a regular file (a FIFO, a device), is larger than
    :data:`~engine.limits.MAX_TEXT_FILE_BYTES` or is not UTF-8. The validator turns each of
    these into a finding.
    """
    target = resolve_inside(root, relative)
    if target is None:
        raise UnreadableFile(
            f"{relative!r} is outside the scenario folder", reason="not-a-file", path=relative
        )
    return read_text(target, limit=MAX_TEXT_FILE_BYTES, what=f"{relative!r}")


def unsafe_references(scenario: Scenario) -> list[UnreadableFile]:
    """The referenced files that exist but must not be read: FIFOs, devices, folders, files
    over :data:`~engine.limits.MAX_TEXT_FILE_BYTES`. Missing files are not listed (an author
    may not have written them yet). Checked without reading any of them.
    """
    root = scenario.root
    if root is None:
        return []
    names = [scenario.persona] + [step.instructions for step in scenario.steps.values()]
    unsafe: list[UnreadableFile] = []
    for relative in names:
        target = resolve_inside(root, relative) if relative else None
        if target is None:
            continue
        try:
            with open_regular(target) as handle:
                size = os.fstat(handle.fileno()).st_size
        except UnreadableFile as error:
            if error.reason != "missing":
                unsafe.append(error)
            continue
        if size > MAX_TEXT_FILE_BYTES:
            unsafe.append(UnreadableFile(
                f"{relative!r} is too large: {size:,} bytes; the limit is "
                f"{describe_size(MAX_TEXT_FILE_BYTES)}",
                reason="too-large",
                path=target,
            ))
    return unsafe


def _read_inside(root: Path, relative: str) -> str | None:
    try:
        return read_referenced(root, relative)
    except UnreadableFile:
        return None


# --- YAML with marks ------------------------------------------------------------------------


#: libyaml's safe loader when pyyaml has it: ten times faster on large scenarios, which the studio
#: re-parses after every edit. Its error messages are terser, so a file it refuses is parsed
#: again by the pure-Python loader, whose messages (and marks) the author then sees.
_FAST_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _compose(text: str, path: Path | None) -> tuple[Any, Marks]:
    if len(text) > MAX_YAML_REPARSE_BYTES:
        _check_events(text, path)
    try:
        try:
            node = yaml.compose(text, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            # A large file keeps libyaml's message: the pure-Python loader would take seconds.
            if _FAST_LOADER is yaml.SafeLoader or len(text) > MAX_YAML_REPARSE_BYTES:
                raise
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:
        raise ScenarioErrors([_too_deep(path)]) from None
    except yaml.MarkedYAMLError as error:
        raise ScenarioErrors([_yaml_error(error, path, text)]) from None
    except yaml.YAMLError as error:
        raise ScenarioErrors([ScenarioError(f"invalid YAML: {error}", path=path)]) from None
    if node is None:
        raise ScenarioErrors(
            [
                ScenarioError(
                    "the file is empty",
                    path=path,
                    line=1,
                    column=1,
                    hint="start with 'name:', 'start:' and 'steps:'",
                )
            ]
        )
    marks: Marks = {}
    try:
        data = _to_python(node, (), marks, path)
    except RecursionError:
        raise ScenarioErrors([_too_deep(path)]) from None
    except yaml.MarkedYAMLError as error:
        raise ScenarioErrors([_yaml_error(error, path, text)]) from None
    except yaml.YAMLError as error:
        raise ScenarioErrors([ScenarioError(f"invalid YAML: {error}", path=path)]) from None
    return data, marks


def _check_events(text: str, path: Path | None) -> None:
    """Refuse a large file that is invalid YAML, or has too many values, from its events alone.

    libyaml parses a 5 MB file to events in a quarter of a second but takes seconds to compose
    its nodes; an invalid or oversized file is refused after the fast pass. Aliases are counted
    once here; their expansion is bounded by :func:`_to_python`.
    """
    values = 0
    try:
        for event in yaml.parse(text, Loader=_FAST_LOADER):
            if isinstance(event, yaml.ScalarEvent | yaml.CollectionStartEvent):
                values += 1
                if values > MAX_NODES:
                    raise ScenarioErrors([_too_many_values(path)])
    except yaml.MarkedYAMLError as error:
        raise ScenarioErrors([_yaml_error(error, path, text)]) from None
    except yaml.YAMLError as error:
        raise ScenarioErrors([ScenarioError(f"invalid YAML: {error}", path=path)]) from None


def _too_many_values(path: Path | None) -> ScenarioError:
    return ScenarioError(
        "the file expands to too many values (aliases?)", path=path, line=1, column=1
    )


def _yaml_error(error: yaml.MarkedYAMLError, path: Path | None, text: str) -> ScenarioError:
    """A syntax error said for an author (:mod:`engine.scenario.yaml_help`), at the line to fix.
    """
    mark = error.problem_mark or error.context_mark
    problem = error.problem or "invalid YAML"
    if isinstance(error, yaml.constructor.ConstructorError) and "tag" in problem:
        problem = problem.replace(
            "could not determine a constructor for the tag", "unsupported tag"
        )
        return ScenarioError(
            f"invalid YAML: {problem}",
            path=path,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            hint="scenarios are plain YAML: remove the tag, or quote the value",
        )
    explained = explain_yaml_error(text, error)
    return ScenarioError(
        f"invalid YAML: {explained.message}",
        path=path,
        line=explained.line,
        column=explained.column,
        hint=explained.hint,
    )


def _too_deep(path: Path | None) -> ScenarioError:
    return ScenarioError(
        f"the file nests deeper than {MAX_DEPTH} levels",
        path=path,
        line=1,
        column=1,
        hint="is an alias referring to itself?",
    )


_SCALARS = yaml.constructor.SafeConstructor()
#: Kept under their old names for callers of this module; the values live in engine.limits.
MAX_NODES = MAX_YAML_NODES
MAX_DEPTH = MAX_YAML_DEPTH


def _to_python(node: yaml.Node, at: tuple[str, ...], marks: Marks, path: Path | None) -> Any:
    if len(marks) > MAX_NODES:
        raise ScenarioErrors([_too_many_values(path)])
    if len(at) > MAX_DEPTH:
        raise ScenarioErrors([_too_deep(path)])
    marks.setdefault(at, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _to_python(key_node, (*at, "<key>"), {}, path)
            if isinstance(key, (dict, list)) or key is None:
                raise ScenarioErrors(
                    [
                        ScenarioError(
                            "a key must be a plain name",
                            path=path,
                            line=key_node.start_mark.line + 1,
                            column=key_node.start_mark.column + 1,
                        )
                    ]
                )
            key_text = str(key)
            if key_text in result:
                raise ScenarioErrors(
                    [
                        ScenarioError(
                            f"duplicate key {key_text!r}",
                            path=path,
                            line=key_node.start_mark.line + 1,
                            column=key_node.start_mark.column + 1,
                            field=".".join((*at, key_text)),
                            hint="each key may appear once in a mapping",
                        )
                    ]
                )
            marks[(*at, key_text, "<key>")] = (
                key_node.start_mark.line + 1,
                key_node.start_mark.column + 1,
            )
            result[key_text] = _to_python(value_node, (*at, key_text), marks, path)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _to_python(item, (*at, str(index)), marks, path)
            for index, item in enumerate(node.value)
        ]
    try:
        return _SCALARS.construct_object(node, deep=True)
    except (ValueError, OverflowError) as error:  # e.g. a date like 2024-13-45
        raise ScenarioErrors(
            [
                ScenarioError(
                    f"invalid value {node.value!r}: {error}",
                    path=path,
                    line=node.start_mark.line + 1,
                    column=node.start_mark.column + 1,
                    field=".".join(at) or None,
                    hint="quote it to make it text",
                )
            ]
        ) from None


def _internal_keys(
    data: dict[str, Any], marks: Marks, path: Path | None
) -> Iterator[ScenarioError]:
    """Keys the loader fills in itself (``root``, ``instructions_text``, …) are not YAML keys.

    Pydantic would accept them, since they are model fields; an author who writes one must be
    told, not have it silently overwritten.
    """
    places: list[tuple[tuple[str, ...], type[BaseModel]]] = [((), Scenario)]
    steps = data.get("steps")
    if isinstance(steps, dict):
        places += [(("steps", str(step_id)), Step) for step_id in steps]
    for at, model in places:
        mapping: Any = data
        for part in at:
            mapping = mapping.get(part) if isinstance(mapping, dict) else None
        if not isinstance(mapping, dict):
            continue
        hidden = {name for name, field in model.model_fields.items() if field.exclude}
        for key in mapping:
            if key in hidden:
                line, column = marks.get((*at, key, "<key>"), _nearest(marks, at))
                yield ScenarioError(
                    f"unknown key {key!r}",
                    path=path,
                    line=line,
                    column=column,
                    field=".".join((*at, key)),
                    hint=f"known keys here: {', '.join(sorted(_public_fields(model)))}",
                )


# --- pydantic errors → ScenarioError --------------------------------------------------------


def _explain(
    error: ValidationError, marks: Marks, path: Path | None, root: type[BaseModel] = Scenario
) -> Iterator[ScenarioError]:
    for item in error.errors(include_url=False):
        loc = tuple(str(part) for part in item["loc"])
        kind = item["type"]
        if loc and loc[-1] == "[key]":  # a mapping key (a step id, a signal, …) is not a name
            key_loc = loc[:-1]
            line, column = marks.get((*key_loc, "<key>"), _nearest(marks, key_loc))
            yield ScenarioError(
                f"{'.'.join(key_loc[:-1])}: {key_loc[-1]!r} is not a valid name",
                path=path,
                line=line,
                column=column,
                field=".".join(key_loc),
                hint=NAME_HINT,
            )
        elif kind == "extra_forbidden":
            line, column = marks.get((*loc, "<key>"), _nearest(marks, loc))
            known = _known_keys(loc[:-1], root)
            close = difflib.get_close_matches(loc[-1], known, n=1, cutoff=0.6)
            hint = (
                f"did you mean {close[0]!r}?"
                if close
                else (f"known keys here: {', '.join(sorted(known))}" if known else None)
            )
            if " " in loc[-1] or loc[-1].endswith(")"):
                # ``{description: Fast, cheap}``: inside braces a comma ends the text.
                hint = "inside { } a comma ends a value: put text with commas in quotes"
            yield ScenarioError(
                f"unknown key {loc[-1]!r}",
                path=path,
                line=line,
                column=column,
                field=".".join(loc),
                hint=hint,
            )
        elif kind == "missing":
            parent = loc[:-1]
            line, column = marks.get((*parent, "<key>"), _nearest(marks, parent))
            where = f" in {'.'.join(parent)}" if parent else ""
            yield ScenarioError(
                f"missing required key {loc[-1]!r}{where}",
                path=path,
                line=line,
                column=column,
                field=".".join(loc),
            )
        else:
            line, column = _nearest(marks, loc)
            message, hint = _describe(item)
            subject = f"{'.'.join(loc)}: " if loc else ""
            yield ScenarioError(
                f"{subject}{message}",
                path=path,
                line=line,
                column=column,
                field=".".join(loc) or None,
                hint=hint,
            )


NAME_HINT = "use letters, digits and '_', not starting with a digit"

#: Pydantic error types → what the author must write instead.
_EXPECTED = {
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "int_parsing": "a whole number",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "string_type": "text",
    "list_type": "a list, like [a, b]",
    "dict_type": "a mapping of keys to values",
    "model_type": "a mapping of keys to values",
    "model_attributes_type": "a mapping of keys to values",
}


def _describe(item: Any) -> tuple[str, str | None]:
    """A pydantic error as (what is wrong, what was expected), in the author's terms."""
    kind = item["type"]
    ctx = item.get("ctx") or {}
    got = _shown(item.get("input"))
    if kind in _EXPECTED:
        return f"expected {_EXPECTED[kind]}, got {got}", None
    if kind == "enum":
        allowed = [
            value.strip("'")
            for value in str(ctx.get("expected", "")).replace(" or ", ", ").split(", ")
            if value
        ]
        close = difflib.get_close_matches(str(item.get("input")), allowed, n=1, cutoff=0.5)
        hint = f"did you mean {close[0]!r}?" if close else None
        return f"{got} is not one of {', '.join(allowed)}", hint
    if kind == "string_pattern_mismatch":
        return f"{got} is not a valid name", NAME_HINT
    if kind in {"greater_than", "greater_than_equal", "less_than", "less_than_equal"}:
        return item["msg"].replace("Input should be", f"got {got}; it should be"), None
    return item["msg"].removeprefix("Value error, "), None


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _nearest(marks: Marks, loc: tuple[str, ...]) -> tuple[int, int]:
    """The mark of ``loc`` or of its closest ancestor that has one."""
    for end in range(len(loc), -1, -1):
        if loc[:end] in marks:
            return marks[loc[:end]]
    return (1, 1)


def _known_keys(parent: tuple[str, ...], root: type[BaseModel] = Scenario) -> list[str]:
    """The keys allowed at ``parent`` (a pydantic location), for 'did you mean' hints."""
    model: type[BaseModel] | None = root
    parts = list(parent)
    while parts and model is not None:
        part = parts.pop(0)
        field = model.model_fields.get(part)
        if field is None:
            return []
        annotation = field.annotation
        nested = _model_in(annotation)
        if nested is not None:
            model = nested
            continue
        value_model = _mapping_value_model(annotation)
        if value_model is not None and parts:
            parts.pop(0)  # the mapping's key (a step id, a signal, …)
            model = value_model
            continue
        return []
    return [] if model is None else _public_fields(model)


def _public_fields(model: type[BaseModel]) -> list[str]:
    return [name for name, field in model.model_fields.items() if not field.exclude]


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return None


def _mapping_value_model(annotation: Any) -> type[BaseModel] | None:
    args: Iterable[Any] = getattr(annotation, "__args__", ())
    for arg in args:
        model = _model_in(arg)
        if model is not None:
            return model
    return None


# --- the same machinery for the other YAML files of a scenario folder (tests/*.test.yaml) ------


def compose_yaml(text: str, *, path: Path | None = None) -> tuple[Any, Marks]:
    """YAML text as plain data plus the marks of every key and value, with the scenario's limits
    (size of the expansion, depth, duplicate keys, tags) and its located errors."""
    return _compose(text, path)


def located_errors(
    error: ValidationError, marks: Marks, path: Path | None, model: type[BaseModel]
) -> list[ScenarioError]:
    """Pydantic's errors for ``model`` as located :class:`ScenarioError` (with 'did you mean')."""
    return list(_explain(error, marks, path, model))


__all__ = [
    "MAX_SCENARIO_BYTES",
    "attach_files",
    "compose_scenario",
    "compose_yaml",
    "load_scenario",
    "located_errors",
    "parse_scenario",
    "read_referenced",
    "read_scenario_text",
    "resolve_inside",
    "scenario_from_yaml",
    "unsafe_references",
]
