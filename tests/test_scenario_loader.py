"""The loader: a scenario folder becomes a Scenario, or every problem is named with its place."""

from __future__ import annotations

import copy
import gc
import os
import re
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest
import yaml

from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario import (
    OnEnter,
    StepKind,
    ValueType,
    load_scenario,
    parse_scenario,
    resolve_inside,
    yaml_marks,
)
from engine.scenario.loader import MAX_SCENARIO_BYTES, compose_yaml

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
PIZZA = FIXTURES / "pizza"


def errors_of(text: str) -> list[tuple[int | None, int | None, str, str | None]]:
    """(line, column, message, hint) of every error parsing ``text`` reports."""
    with pytest.raises(ScenarioErrors) as caught:
        parse_scenario(dedent(text))
    return [(e.line, e.column, e.message, e.hint) for e in caught.value.errors]


def write_folder(folder: Path, yaml_text: str, files: dict[str, str] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "scenario.yaml").write_text(dedent(yaml_text), encoding="utf-8")
    for name, text in (files or {}).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


MINIMAL = """\
    name: tiny
    start: only
    steps:
      only: {kind: message, text: Bye, final: true}
    """


# --- what a good scenario becomes ---------------------------------------------------------------


def test_a_folder_loads_with_the_text_of_every_file_it_references() -> None:
    scenario = load_scenario(PIZZA)

    assert scenario.name == "pizza_order"
    assert scenario.root == PIZZA
    assert scenario.yaml_path == PIZZA / "scenario.yaml"
    assert scenario.persona_text == (PIZZA / "persona.md").read_text(encoding="utf-8")
    assert list(scenario.steps) == ["greet", "take_order", "delivery", "done"]
    assert scenario.steps["take_order"].instructions_text == (
        PIZZA / "steps" / "take_order.md"
    ).read_text(encoding="utf-8")
    assert scenario.steps["delivery"].id == "delivery"


def test_parsing_keeps_nothing_of_the_yaml_once_the_scenario_is_built() -> None:
    """The studio re-parses the scenario at every pause in typing, a simulation or a test run
    at every start: the YAML nodes of a parse must go with it (a constructor shared by every
    parse once kept them all)."""

    def yaml_nodes_alive() -> int:
        gc.collect()
        return sum(1 for thing in gc.get_objects() if isinstance(thing, yaml.Node))

    load_scenario(PIZZA)
    before = yaml_nodes_alive()
    for _ in range(3):
        scenario = load_scenario(PIZZA)
    assert scenario.marks  # the marks are kept: lines and columns, not nodes
    assert yaml_nodes_alive() == before


def test_a_text_composed_again_gives_each_caller_data_of_its_own() -> None:
    """Recent texts keep what they composed to (opening a scenario reads it three times);
    what one caller changes in its copy, the next never sees."""
    text = (PIZZA / "scenario.yaml").read_text(encoding="utf-8")
    first, first_marks = compose_yaml(text)
    pristine = copy.deepcopy(first)
    first["steps"]["greet"]["transitions"].clear()
    first["name"] = "changed"
    first_marks.clear()

    again, marks = compose_yaml(text)

    assert again == pristine
    assert marks == compose_yaml(text + "\n")[1], "the marks of the same YAML"


def test_a_text_that_fails_fails_every_time_naming_the_file_it_came_from(tmp_path: Path) -> None:
    for folder in ("first", "first", "copy"):
        path = tmp_path / folder / "scenario.yaml"
        with pytest.raises(ScenarioErrors, match="duplicate key") as raised:
            compose_yaml("name: a\nname: b\n", path=path)
        assert [error.path for error in raised.value.errors] == [path]


def test_the_same_text_in_another_folder_is_not_composed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of a scenario (a test's, a second checkout) reads as the original did."""
    text = (PIZZA / "scenario.yaml").read_text(encoding="utf-8").replace("Pizza", "Pizza copy")
    data, marks = compose_yaml(text, path=tmp_path / "a" / "scenario.yaml")
    composed = yaml_marks._compose
    calls: list[str] = []

    def counted(text: str, path: Path | None) -> Any:
        calls.append(text)
        return composed(text, path)

    monkeypatch.setattr(yaml_marks, "_compose", counted)
    assert compose_yaml(text, path=tmp_path / "b" / "scenario.yaml") == (data, marks)
    assert calls == []


def test_defaults_fill_what_the_yaml_leaves_out() -> None:
    scenario = load_scenario(PIZZA)
    greet = scenario.steps["greet"]

    assert (greet.kind, greet.on_enter, greet.final) == (StepKind.PROMPT, OnEnter.WAIT, False)
    assert scenario.steps["done"].kind is StepKind.MESSAGE
    assert scenario.variables["pizzas"].type is ValueType.LIST
    assert scenario.variables["address"].type is ValueType.STRING
    assert scenario.contract.max_attempts == 3
    assert scenario.steps["delivery"].transitions["confirmed"].requires == ["address"]


def test_the_scenario_yaml_file_itself_may_be_given_instead_of_the_folder() -> None:
    assert load_scenario(PIZZA / "scenario.yaml").root == PIZZA


def test_marks_remember_where_every_key_and_value_is_written() -> None:
    scenario = load_scenario(PIZZA)
    lines = (PIZZA / "scenario.yaml").read_text(encoding="utf-8").splitlines()

    line, column = scenario.marks[("steps", "delivery", "<key>")]
    assert lines[line - 1][column - 1 :].startswith("delivery:")
    line, column = scenario.mark("steps", "delivery", "transitions", "confirmed", "to")
    assert lines[line - 1][column - 1 :].startswith("done, requires")


def test_mark_falls_back_to_the_nearest_written_ancestor() -> None:
    scenario = load_scenario(PIZZA)

    assert scenario.mark("steps", "greet", "on_enter") == scenario.mark("steps", "greet")


def test_a_scenario_built_in_memory_has_no_marks() -> None:
    scenario = load_scenario(PIZZA).model_copy(deep=True)
    rebuilt = type(scenario).model_validate(scenario.model_dump())

    assert rebuilt.marks == {}
    assert rebuilt.mark("steps", "greet") is None


def test_a_missing_instruction_file_still_loads_so_the_studio_can_show_the_gap(
    tmp_path: Path,
) -> None:
    folder = write_folder(
        tmp_path,
        """\
        name: gap
        start: ask
        steps:
          ask:
            instructions: steps/ask.md
            final: true
        """,
    )

    assert load_scenario(folder).steps["ask"].instructions_text == ""


# --- errors name the file, the line and the column ------------------------------------------


def test_an_unknown_key_names_its_place_and_the_closest_known_key() -> None:
    assert errors_of(
        """\
        name: x
        start: a
        steps:
          a:
            final: true
            tansitions: {}
        """
    ) == [(6, 5, "unknown key 'tansitions'", "did you mean 'transitions'?")]


def test_an_unknown_key_with_no_close_match_lists_the_known_keys() -> None:
    [(line, column, message, hint)] = errors_of(
        """\
        name: x
        start: a
        model: {name: gpt-4.1, colour: blue}
        steps:
          a: {final: true}
        """
    )
    assert (line, column, message) == (3, 24, "unknown key 'colour'")
    assert hint == (
        "known keys here: layout, max_cost_usd, max_output_tokens, max_prompt_tokens, "
        "max_reply_chars, name, stream, temperature"
    )


def test_a_missing_required_key_is_named() -> None:
    assert errors_of(
        """\
        name: x
        steps:
          a: {final: true}
        """
    ) == [(1, 1, "missing required key 'start'", None)]


def test_a_missing_key_of_a_transition_points_at_the_transition() -> None:
    assert errors_of(
        """\
        name: x
        start: a
        steps:
          a:
            transitions:
              go: {description: no target}
        """
    ) == [(6, 7, "missing required key 'to' in steps.a.transitions.go", None)]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("maybe", "steps.a.final: expected true or false, got 'maybe'"),
        ("[1, 2]", "steps.a.final: expected true or false, got a list"),
    ],
)
def test_a_value_of_the_wrong_type_says_what_was_expected(value: str, message: str) -> None:
    assert errors_of(f"name: x\nstart: a\nsteps:\n  a:\n    final: {value}\n") == [
        (5, 12, message, None)
    ]


def test_an_unknown_type_suggests_the_closest_one() -> None:
    assert errors_of(
        """\
        name: x
        start: a
        variables:
          v: {type: str}
        steps:
          a: {final: true}
        """
    ) == [
        (
            4,
            13,
            "variables.v.type: 'str' is not one of string, integer, number, boolean, list, enum",
            "did you mean 'string'?",
        )
    ]


def test_an_enum_needs_its_values() -> None:
    assert errors_of(
        """\
        name: x
        start: a
        variables:
          v: {type: enum}
        steps:
          a: {final: true}
        """
    ) == [(4, 6, "variables.v: an enum needs a non-empty 'values' list", None)]


def test_a_step_id_must_be_a_name_and_the_error_points_at_the_key() -> None:
    assert errors_of(
        """\
        name: x
        start: a
        steps:
          1st: {final: true}
        """
    ) == [
        (
            4,
            3,
            "steps: '1st' is not a valid name",
            "use ASCII letters (a–z, A–Z), digits (0–9) and '_', not starting with a digit",
        )
    ]


def test_keys_the_loader_fills_in_itself_are_not_accepted_from_yaml() -> None:
    [(line, column, message, hint)] = errors_of(
        """\
        name: x
        start: a
        steps:
          a:
            final: true
            instructions_text: sneaked in
        """
    )
    assert (line, column, message) == (6, 5, "unknown key 'instructions_text'")
    assert hint is not None and "instructions_text" not in hint


def test_all_problems_are_reported_at_once_in_file_order() -> None:
    found = errors_of(
        """\
        name: 1x
        start: a
        steps:
          a:
            final: maybe
            kindd: message
        """
    )
    assert [(line, message) for line, _, message, _ in found] == [
        (1, "name: '1x' is not a valid name"),
        (5, "steps.a.final: expected true or false, got 'maybe'"),
        (6, "unknown key 'kindd'"),
    ]


def test_a_duplicate_key_is_an_error_not_a_silent_overwrite() -> None:
    assert errors_of(
        """\
        name: x
        start: a
        steps:
          a: {final: true}
          a: {final: false}
        """
    ) == [(5, 3, "duplicate key 'a'", "each key may appear once in a mapping")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "name: x\nstart: [a\n",
            (2, 8, "invalid YAML: the '[' opened here is never closed"),
        ),
        (
            "name: x\n\tstart: a\n",
            (2, 1, "invalid YAML: this line is indented with a tab"),
        ),
        ("", (1, 1, "the file is empty")),
        ("- a\n- b\n", (1, 1, "the scenario must be a mapping of keys to values")),
        ("name: x\n? [a]\n: b\n", (2, 3, "a key must be a plain name")),
        (
            "name: x\ndescription: 2024-13-45\n",
            (2, 14, "invalid value '2024-13-45': month must be in 1..12"),
        ),
    ],
    ids=["unclosed", "tab", "empty", "list", "complex-key", "bad-date"],
)
def test_text_that_is_not_a_scenario_is_explained(
    text: str, expected: tuple[int, int, str]
) -> None:
    [(line, column, message, _)] = errors_of(text)
    assert (line, column, message) == expected


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (
            "name: x\nstart: a\nsteps:\n  a:\n    title: A\n   goal: g\n",
            6,
            "this line is indented 3 spaces, which lines up with no key above it",
        ),
        ("name: x\nstart a\nsteps:\n  a: {}\n", 2, "no ':' after the key on this line"),
        (
            "name: x\nstart: a\nsteps:\n  a:\n    title A\n    goal: g\n",
            5,
            "no ':' after the key on this line",
        ),
        ("name: x\nstart: a\nsteps:\n  a:\n    title: Step: one\n", 5, "the value contains ': '"),
        (
            'name: x\nstart: a\nsteps:\n  a:\n    title: "Open\n    goal: g\n',
            5,
            'the " opened here is never closed',
        ),
        (
            "name: x\nstart: a\nsteps:\n  a:\n    title: A\n  - b\n",
            6,
            "a list item ('-') among keys",
        ),
        (
            "name: x\nstart: a\nsteps:\n  a:\n    title: A\n\t  goal: g\n",
            6,
            "this line is indented with a tab",
        ),
    ],
    ids=["indentation", "colon", "colon-before-next-key", "colon-in-value", "quote", "list", "tab"],
)
def test_yaml_mistakes_are_said_for_an_author_at_the_line_to_fix(
    text: str, line: int, words: str
) -> None:
    [(at, _, message, hint)] = errors_of(text)
    assert at == line and words in message
    assert "the YAML parser said:" in hint  # the parser's own words, for whoever knows YAML
    assert "<block" not in message


def test_yaml_tags_that_build_objects_are_refused() -> None:
    [(line, column, message, hint)] = errors_of("name: !!python/object:os.system x\n")
    assert (line, column) == (1, 7)
    assert message.startswith("invalid YAML: unsupported tag")
    assert hint == "scenarios are plain YAML: remove the tag, or quote the value"


def test_an_alias_referring_to_itself_is_refused() -> None:
    [(_, _, message, _)] = errors_of("name: x\nstart: a\nsteps: &s\n  a: *s\n")
    assert message == "the file nests deeper than 40 levels"


def test_aliases_that_expand_enormously_are_refused() -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for level, name in enumerate("bcdef"):
        previous = "abcde"[level]
        lines.append(f"{name}: &{name} [{', '.join([f'*{previous}'] * 10)}]")
    [(_, _, message, _)] = errors_of("\n".join(lines) + "\n")
    assert message == "the file expands to too many values (aliases?)"


def test_errors_render_as_path_line_column_for_editors(tmp_path: Path) -> None:
    folder = write_folder(tmp_path, "name: x\nstart: a\nsteps:\n  a: {final: nope}\n")
    with pytest.raises(ScenarioErrors) as caught:
        load_scenario(folder)
    assert str(caught.value) == (
        f"{folder / 'scenario.yaml'}:4:14: error: steps.a.final: expected true or false, got 'nope'"
    )


# --- files --------------------------------------------------------------------------------------


def test_a_folder_without_scenario_yaml_says_so(tmp_path: Path) -> None:
    with pytest.raises(ScenarioErrors) as caught:
        load_scenario(tmp_path)
    assert caught.value.message == f"no scenario.yaml in {tmp_path}"
    assert caught.value.hint == "is this a scenario folder?"


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    tmp_path.joinpath("scenario.yaml").write_bytes("name: caf\xe9\n".encode("latin-1"))
    with pytest.raises(ScenarioErrors) as caught:
        load_scenario(tmp_path)
    assert caught.value.message == "not UTF-8 text (byte 9)"


def test_a_huge_file_is_refused_before_parsing(tmp_path: Path) -> None:
    tmp_path.joinpath("scenario.yaml").write_bytes(b"#" * (MAX_SCENARIO_BYTES + 1))
    with pytest.raises(ScenarioErrors) as caught:
        load_scenario(tmp_path)
    assert caught.value.message == (
        f"scenario.yaml is too large: {MAX_SCENARIO_BYTES + 1:,} bytes; the limit is 5.0 MB"
    )


@pytest.mark.parametrize(
    "relative", ["/etc/passwd", "../outside.md", "steps/../../outside.md", "C:/x.md", "..\\x.md"]
)
def test_paths_outside_the_folder_do_not_resolve(tmp_path: Path, relative: str) -> None:
    assert resolve_inside(tmp_path, relative) is None


def test_a_symlink_leading_out_of_the_folder_does_not_resolve(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("secret", encoding="utf-8")
    folder = tmp_path / "scenario"
    folder.mkdir()
    os.symlink(outside, folder / "link.md")

    assert resolve_inside(folder, "link.md") is None
    assert resolve_inside(folder, "steps/a.md") == (folder / "steps" / "a.md").resolve()


def test_a_persona_outside_the_folder_is_never_read(tmp_path: Path) -> None:
    (tmp_path / "secret.md").write_text("do not read me", encoding="utf-8")
    folder = write_folder(tmp_path / "scenario", MINIMAL + "persona: ../secret.md\n")

    assert load_scenario(folder).persona_text == ""


def test_every_scenario_error_is_a_scenario_error_with_a_location() -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario("name: x\n", path=Path("s/scenario.yaml"))
    assert caught.value.path == Path("s/scenario.yaml")
    assert caught.value.line == 1


# --- the format reference stays true ----------------------------------------------------------

FORMAT_DOC = Path(__file__).resolve().parent.parent / "docs" / "scenario-format.md"


def test_the_documented_example_loads_and_has_no_findings() -> None:
    from engine.scenario.validate import validate

    text = FORMAT_DOC.read_text(encoding="utf-8")
    example = text.split("## A complete example\n\n```yaml\n", 1)[1].split("```", 1)[0]
    scenario = parse_scenario(example)

    assert list(scenario.steps) == ["greet", "take_order", "delivery", "done"]
    assert validate(scenario) == []


def test_every_key_of_the_format_is_documented() -> None:
    from engine.scenario.definition import (
        ContractSettings,
        ModelSettings,
        ResultField,
        Scenario,
        Step,
        Transition,
        Variable,
    )

    documented = set(re.findall(r"^\| `([a-z_]+)` \|", FORMAT_DOC.read_text("utf-8"), re.M))
    models = [Scenario, ModelSettings, ContractSettings, Variable, Step, ResultField, Transition]
    keys = {name for model in models for name, f in model.model_fields.items() if not f.exclude}
    assert keys <= documented


def test_the_package_exports_exactly_what_it_lists() -> None:
    import engine.scenario as package

    public = {name for name in vars(package) if not name.startswith("_")}
    submodules = {
        "graph",
        "loader",
        "definition",
        "validate",
        "json_schema",
        "document",
        "layout",
        "diagram",
        "yaml_help",
        "yaml_marks",
        "located_errors",
        "names",
        "actions",
        "action_module",
        "content_version",
    }
    assert set(package.__all__) == public - submodules


def test_a_signal_declared_twice_in_a_step_is_an_error_at_the_second() -> None:
    assert errors_of(
        """\
        name: x
        start: a
        steps:
          a:
            transitions:
              done: {to: b}
              done: {to: a}
          b: {final: true}
        """
    ) == [(7, 7, "duplicate key 'done'", "each key may appear once in a mapping")]
