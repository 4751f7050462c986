"""Pydantic's errors said for an author, at the line and column of the YAML to fix.

Pydantic reports locations (``steps.greet.transitions.next.to``); :func:`located_errors` maps
them back to the marks :mod:`engine.scenario.yaml_marks` kept, words each error in the author's
terms (``expected a whole number, got 'ten'``), and suggests the closest known key for an
unknown one. :func:`internal_keys` refuses the keys the loader fills in itself.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.errors import ScenarioError
from engine.scenario.definition import Marks, Scenario, Step
from engine.scenario.names import IDENTIFIER_RULE


def located_errors(
    error: ValidationError, marks: Marks, path: Path | None, model: type[BaseModel]
) -> list[ScenarioError]:
    """Pydantic's errors for ``model`` as located :class:`ScenarioError` (with 'did you mean')."""
    return list(explain(error, marks, path, model))


def internal_keys(data: dict[str, Any], marks: Marks, path: Path | None) -> Iterator[ScenarioError]:
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


def explain(
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


NAME_HINT = f"use {IDENTIFIER_RULE}"
LANGUAGE_HINT = "a BCP 47 language tag: en, fr, hi, pt-BR…"

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
    if kind == "string_pattern_mismatch" and item["loc"][-1:] == ("language",):
        return f"{got} is not a language tag", LANGUAGE_HINT
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


__all__ = ["NAME_HINT", "explain", "internal_keys", "located_errors"]
