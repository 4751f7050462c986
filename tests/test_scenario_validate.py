"""The validator: what parses but cannot work is reported, located, with a stable code."""

from __future__ import annotations

import re
from pathlib import Path
from textwrap import dedent

import networkx as nx
import yaml

from engine.errors import ScenarioError
from engine.scenario import Scenario, load_scenario, parse_scenario
from engine.scenario.graph import (
    can_finish,
    may_be_unset,
    reachable_from_start,
    scenario_graph,
    steps_before,
)
from engine.scenario.validate import Finding, check_folder, has_errors, validate

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"

Row = tuple[str, str, str, int | None, int | None, str]


def rows(findings: list[Finding], root: Path | None = None) -> list[Row]:
    """Each finding as (code, severity, file, line, column, message), file relative to root."""
    out = []
    for finding in findings:
        path = finding.path
        shown = str(path.relative_to(root)) if path and root else str(path)
        out.append(
            (finding.code, finding.severity, shown, finding.line, finding.column, finding.message)
        )
    return out


def codes(text: str) -> list[tuple[str, int | None]]:
    """(code, line) of every finding for a scenario given as text (no files are checked)."""
    return [(finding.code, finding.line) for finding in validate(parse(text))]


def parse(text: str) -> Scenario:
    return parse_scenario(dedent(text))


# --- the fixtures: whole reports ---------------------------------------------------------------


def test_a_sound_scenario_has_no_findings() -> None:
    assert validate(load_scenario(FIXTURES / "pizza")) == []


def test_graph_mistakes_are_all_found_and_located() -> None:
    root = FIXTURES / "broken_graph"
    assert rows(validate(load_scenario(root)), root) == [
        (
            "message-transitions",
            "error",
            "scenario.yaml",
            9,
            5,
            "message step 'hello' has 2 transitions; it can follow only one",
        ),
        (
            "unknown-target",
            "error",
            "scenario.yaml",
            15,
            18,
            "transition 'done' of step 'ask' leads to 'fnish', which does not exist",
        ),
        (
            "dead-end",
            "error",
            "scenario.yaml",
            21,
            3,
            "step 'stuck' is not final and has no transitions: the conversation would be stuck "
            "there",
        ),
        (
            "unreachable-step",
            "warning",
            "scenario.yaml",
            21,
            3,
            "step 'stuck' cannot be reached from the start step 'hello'",
        ),
        (
            "unreachable-step",
            "warning",
            "scenario.yaml",
            23,
            3,
            "step 'finish' cannot be reached from the start step 'hello'",
        ),
        (
            "final-transitions",
            "warning",
            "scenario.yaml",
            27,
            5,
            "step 'finish' is final, so its transitions are never taken",
        ),
    ]


def test_an_unknown_target_suggests_the_closest_step() -> None:
    [finding] = [
        f for f in validate(load_scenario(FIXTURES / "broken_graph")) if f.code == "unknown-target"
    ]
    assert finding.hint == "did you mean 'finish'?"
    assert finding.step == "ask"
    assert finding.field == "steps.ask.transitions.done.to"


def test_guard_signal_and_type_mistakes_are_all_found_and_located() -> None:
    root = FIXTURES / "broken_guards"
    assert rows(validate(load_scenario(root)), root) == [
        (
            "bad-default",
            "error",
            "scenario.yaml",
            8,
            35,
            "the default of 'seats' does not fit its type (an integer)",
        ),
        (
            "result-type-mismatch",
            "error",
            "scenario.yaml",
            14,
            7,
            "result 'seats' of step 'first' is a string, but variable 'seats' is an integer",
        ),
        (
            "reserved-signal",
            "error",
            "scenario.yaml",
            16,
            7,
            "step 'first' declares the reserved signal 'stay'",
        ),
        (
            "undeclared-requirement",
            "error",
            "scenario.yaml",
            17,
            35,
            "transition 'go' of step 'first' requires 'nickname', which is not a declared variable",
        ),
        (
            "unsettable-requirement",
            "error",
            "scenario.yaml",
            17,
            45,
            "transition 'go' of step 'first' requires 'email', but no step before it sets that "
            "variable",
        ),
        (
            "duplicate-signal",
            "warning",
            "scenario.yaml",
            18,
            7,
            "signals 'go' and 'Go' of step 'first' differ only in case",
        ),
        (
            "result-type-mismatch",
            "error",
            "scenario.yaml",
            23,
            7,
            "result 'plan' of step 'second' is an enum of free, gold, but variable 'plan' is an "
            "enum of free, paid",
        ),
    ]


def test_a_requirement_named_like_a_result_hints_at_declaring_it() -> None:
    [finding] = [
        f
        for f in validate(load_scenario(FIXTURES / "broken_guards"))
        if f.code == "undeclared-requirement"
    ]
    assert finding.hint == "declare it under 'variables:' so the result 'nickname' is kept"


def test_file_and_placeholder_mistakes_point_into_the_right_file() -> None:
    root = FIXTURES / "broken_files"
    assert rows(validate(load_scenario(root)), root) == [
        (
            "file-outside-folder",
            "error",
            "scenario.yaml",
            4,
            10,
            "'../outside.md' is outside the scenario folder",
        ),
        (
            "unused-variable",
            "warning",
            "scenario.yaml",
            7,
            3,
            "variable 'forgotten' is declared but nothing sets or uses it",
        ),
        (
            "unused-variable",
            "warning",
            "scenario.yaml",
            8,
            3,
            "variable 'note' is used but nothing sets it",
        ),
        ("empty-file", "warning", "scenario.yaml", 17, 19, "file 'steps/empty.md' is empty"),
        ("missing-file", "error", "scenario.yaml", 21, 19, "file 'steps/absent.md' does not exist"),
        (
            "ignored-text",
            "warning",
            "scenario.yaml",
            22,
            5,
            "step 'absent' is a prompt step: its 'text' is never sent",
        ),
        (
            "missing-instructions",
            "error",
            "scenario.yaml",
            25,
            3,
            "prompt step 'bare' has no instructions",
        ),
        (
            "placeholder-maybe-unset",
            "warning",
            "scenario.yaml",
            30,
            11,
            "{{name}} may have no value yet in step 'bye': it would be sent as written",
        ),
        (
            "undeclared-placeholder",
            "error",
            "scenario.yaml",
            30,
            11,
            "placeholder {{nmae}} names no variable or result",
        ),
        (
            "message-results",
            "warning",
            "scenario.yaml",
            31,
            5,
            "message step 'bye' declares results, but no model call fills them",
        ),
        (
            "placeholder-maybe-unset",
            "warning",
            "steps/ask.md",
            2,
            7,
            "{{name}} may have no value yet in step 'ask': it would be sent as written",
        ),
        (
            "undeclared-placeholder",
            "error",
            "steps/ask.md",
            3,
            13,
            "placeholder {{nam}} names no variable or result",
        ),
        (
            "malformed-placeholder",
            "warning",
            "steps/ask.md",
            3,
            24,
            "'{{ two words }}' is not a placeholder: it is sent as written",
        ),
    ]


def test_findings_render_as_editor_lines() -> None:
    root = FIXTURES / "broken_files"
    first = validate(load_scenario(root))[0]
    assert first.render() == (
        f"{root / 'scenario.yaml'}:4:10: error: '../outside.md' is outside the scenario folder "
        "(use a path relative to the folder, without '..')"
    )


# --- one rule at a time --------------------------------------------------------------------------

HEAD = """\
name: t
start: a
persona: p.md
"""


def test_an_unknown_start_step_is_an_error_with_a_suggestion() -> None:
    [finding] = validate(
        parse(
            HEAD.replace("start: a", "start: b")
            + "steps:\n  a: {kind: message, text: Hi, final: true}\n"
        )
    )
    assert (finding.code, finding.line, finding.column) == ("unknown-start", 2, 8)
    assert finding.message == "start step 'b' does not exist"


def test_a_cycle_with_no_way_to_a_final_step_is_a_trap() -> None:
    text = HEAD + dedent(
        """\
        steps:
          a:
            kind: message
            text: Hi
            transitions: {next: {to: ping}, }
          ping:
            kind: message
            text: Ping
            transitions: {next: {to: pong}}
          pong:
            kind: message
            text: Pong
            transitions: {next: {to: ping}}
          end: {kind: message, text: Bye, final: true}
        """
    )
    assert codes(text) == [
        ("trap", 5),
        ("trap", 9),
        ("trap", 13),
        ("unreachable-step", 17),
    ]


def test_a_scenario_without_any_final_step_is_told_once() -> None:
    text = (
        HEAD + "steps:\n  a:\n    kind: message\n    text: Hi\n    transitions: {again: {to: a}}\n"
    )
    assert codes(text) == [("no-final-step", 4)]


def test_a_message_step_needs_text() -> None:
    assert codes(HEAD + "steps:\n  a: {kind: message, final: true}\n") == [
        ("message-without-text", 5)
    ]


def test_a_missing_persona_is_a_warning() -> None:
    text = "name: t\nstart: a\nsteps:\n  a: {kind: message, text: Hi, final: true}\n"
    [finding] = validate(parse(text))
    assert (finding.code, finding.severity) == ("no-persona", "warning")


def test_a_requirement_set_only_after_the_transition_cannot_be_met() -> None:
    text = HEAD + dedent(
        """\
        variables:
          email: {type: string}
        steps:
          a:
            instructions: a.md
            transitions: {next: {to: b, requires: [email]}}
          b:
            instructions: b.md
            results: {email: {type: string}}
            transitions: {done: {to: c}}
          c: {kind: message, text: "Sent to {{email}}", final: true}
        """
    )
    # c is reached only through the impossible guard, so {{email}} there is not reported again.
    assert codes(text) == [("unsettable-requirement", 9)]


def test_a_requirement_set_by_the_step_itself_or_a_default_is_fine() -> None:
    text = HEAD + dedent(
        """\
        variables:
          email: {type: string}
          tries: {type: integer, default: 0}
        steps:
          a:
            instructions: a.md
            results: {email: {type: string}}
            transitions: {next: {to: c, requires: [email, tries]}}
          c: {kind: message, text: "Sent to {{email}} after {{tries}}", final: true}
        """
    )
    assert codes(text) == []


def test_a_placeholder_may_be_unset_when_a_way_skips_the_step_that_sets_it() -> None:
    text = HEAD + dedent(
        """\
        variables:
          name: {type: string}
        steps:
          a:
            instructions: a.md
            results: {name: {type: string}}
            transitions:
              named: {to: c, requires: [name]}
              anonymous: {to: c}
          c: {kind: message, text: "Bye {{name}}", final: true}
        """
    )
    [finding] = validate(parse(text))
    assert (finding.code, finding.severity, finding.line) == (
        "placeholder-maybe-unset",
        "warning",
        13,
    )
    assert (
        finding.message == "{{name}} may have no value yet in step 'c': it would be sent as written"
    )


def test_placeholders_may_name_step_results_that_are_not_variables() -> None:
    text = HEAD + dedent(
        """\
        steps:
          a:
            instructions: a.md
            results: {mood: {type: string, required: true}}
            transitions: {done: {to: c}}
          c: {kind: message, text: "Noted: {{mood}}", final: true}
        """
    )
    assert codes(text) == []


def test_a_signal_that_differs_from_stay_only_in_case_is_warned_about() -> None:
    text = HEAD + dedent(
        """\
        steps:
          a:
            kind: message
            text: Hi
            transitions: {Stay: {to: c}}
          c: {kind: message, text: Bye, final: true}
        """
    )
    assert codes(text) == [("duplicate-signal", 8)]


def test_instruction_text_held_in_memory_counts_even_before_it_is_saved(tmp_path: Path) -> None:
    (tmp_path / "scenario.yaml").write_text(
        HEAD + "steps:\n  a:\n    instructions: a.md\n    final: true\n", encoding="utf-8"
    )
    (tmp_path / "p.md").write_text("Persona.", encoding="utf-8")
    scenario = load_scenario(tmp_path)
    assert [f.code for f in validate(scenario)] == ["missing-file"]

    scenario.steps["a"].instructions_text = "Typed in the studio, not saved yet."
    assert validate(scenario) == []


def test_an_instruction_file_that_is_not_utf8_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "scenario.yaml").write_text(
        HEAD + "steps:\n  a:\n    instructions: a.md\n    final: true\n", encoding="utf-8"
    )
    (tmp_path / "p.md").write_text("Persona.", encoding="utf-8")
    (tmp_path / "a.md").write_bytes(b"caf\xe9")
    [finding] = validate(load_scenario(tmp_path))
    assert (finding.code, finding.message) == (
        "unreadable-file",
        "cannot read 'a.md': it is not UTF-8 text",
    )


def test_other_files_in_the_folder_such_as_the_saved_layout_are_ignored(tmp_path: Path) -> None:
    source = FIXTURES / "pizza"
    for path in source.rglob("*"):
        if path.is_file():
            target = tmp_path / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    (tmp_path / "scenario.layout.json").write_text('{"nodes": {}}', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("todo", encoding="utf-8")

    assert check_folder(tmp_path) == []


def test_a_scenario_built_in_memory_is_checked_without_locations() -> None:
    scenario = load_scenario(FIXTURES / "broken_graph")
    rebuilt = Scenario.model_validate(scenario.model_dump())
    found = validate(rebuilt)

    assert sorted(f.code for f in found) == sorted(f.code for f in validate(scenario))
    assert all(f.line is None and f.path is None for f in found)


# --- check_folder and the severity helpers ------------------------------------------------


def test_check_folder_returns_load_errors_when_the_scenario_does_not_load(tmp_path: Path) -> None:
    (tmp_path / "scenario.yaml").write_text("name: x\nstart: a\nsteps: {a: {fnal: true}}\n")
    [error] = check_folder(tmp_path)
    assert isinstance(error, ScenarioError) and not isinstance(error, Finding)
    assert (error.line, error.message, error.hint) == (
        3,
        "unknown key 'fnal'",
        "did you mean 'final'?",
    )
    assert has_errors([error])


def test_warnings_alone_are_not_errors() -> None:
    found = validate(
        parse("name: t\nstart: a\nsteps:\n  a: {kind: message, text: Hi, final: true}\n")
    )
    assert found and not has_errors(found)


# --- the graph view --------------------------------------------------------------------------


def test_the_graph_has_a_node_per_step_and_an_edge_per_signal() -> None:
    graph = scenario_graph(load_scenario(FIXTURES / "pizza"))

    assert isinstance(graph, nx.MultiDiGraph)
    assert graph.graph["start"] == "greet"
    assert sorted(graph.edges(keys=True)) == [
        ("delivery", "done", "confirmed"),
        ("delivery", "take_order", "change_order"),
        ("greet", "take_order", "wants_to_order"),
        ("take_order", "delivery", "order_complete"),
    ]
    assert graph.edges["delivery", "done", "confirmed"]["requires"] == ("address",)
    assert graph.nodes["take_order"]["sets"] == frozenset({"pizzas"})
    assert graph.nodes["done"]["final"] is True
    assert graph.nodes["greet"]["title"] == "Greeting"


def test_a_missing_target_is_a_node_marked_missing_so_the_edge_is_kept() -> None:
    graph = scenario_graph(load_scenario(FIXTURES / "broken_graph"))

    assert graph.nodes["fnish"]["missing"] is True
    assert ("ask", "fnish", "done") in graph.edges(keys=True)


def test_nothing_leaves_a_final_step() -> None:
    graph = scenario_graph(load_scenario(FIXTURES / "broken_graph"))

    assert "finish" not in reachable_from_start(graph)
    assert can_finish(graph) == {"finish"}


def test_steps_before_a_step_are_those_on_the_way_from_start() -> None:
    graph = scenario_graph(load_scenario(FIXTURES / "pizza"))

    assert steps_before(graph, "delivery") == {"greet", "take_order", "delivery"}
    assert steps_before(graph, "take_order") == {"greet", "take_order", "delivery"}
    assert steps_before(graph, "greet") == {"greet"}


def test_a_required_result_guarantees_its_variable_downstream() -> None:
    graph = scenario_graph(load_scenario(FIXTURES / "pizza"))

    assert not may_be_unset(graph, "pizzas", "delivery")
    assert may_be_unset(graph, "pizzas", "take_order")


def test_the_codes_table_in_the_module_documentation_is_complete_and_exact() -> None:
    import engine.scenario.validate as module

    rules = sorted(Path(module.__file__).parent.glob("*.py"))  # the package's rule modules
    source = "\n".join(path.read_text(encoding="utf-8") for path in rules)
    emitted = set(
        re.findall(r'(?:Finding|check\.at)\(\s*"([a-z-]+)",\s*"(?:error|warning)"', source)
    )
    documented = {
        code: severity
        for code, severity in re.findall(
            r"^``([a-z-]+)``\s+(error|warning)", module.__doc__ or "", re.M
        )
    }
    assert emitted == set(documented)
    assert len(emitted) >= 25


def _result_into_variable(result: str, variable: str) -> list[tuple[str, int | None]]:
    """The findings of a step whose result ``plan`` (typed ``result``) updates the variable
    ``plan`` (typed ``variable``), used afterwards so nothing else is reported."""
    text = f"""\
        name: t
        start: a
        persona: p.md
        variables:
          plan: {variable}
        steps:
          a:
            instructions: a.md
            results:
              plan: {result}
            transitions: {{done: {{to: b, requires: [plan]}}}}
          b: {{kind: message, text: "You chose {{{{plan}}}}.", final: true}}
        """
    return [(code, line) for code, line in codes(text) if code.startswith("result-")]


def test_an_enum_result_may_update_a_string_variable() -> None:
    """Every enum value is a string: the variable receives one of them."""
    assert _result_into_variable("{type: enum, values: [free, paid]}", "{type: string}") == []


def test_a_string_result_into_an_enum_variable_is_still_refused() -> None:
    """The reverse could store any text in a variable that promises one of a few values."""
    assert _result_into_variable("{type: string}", "{type: enum, values: [free, paid]}") == [
        ("result-type-mismatch", 10)
    ]


def test_an_enum_result_with_values_the_enum_variable_lacks_is_still_refused() -> None:
    assert _result_into_variable(
        "{type: enum, values: [free, gold]}", "{type: enum, values: [free, paid]}"
    ) == [("result-type-mismatch", 10)]
    assert (
        _result_into_variable("{type: enum, values: [free]}", "{type: enum, values: [free, paid]}")
        == []
    )


def test_instructions_naming_a_signal_their_step_does_not_have_are_flagged(
    tmp_path: Path,
) -> None:
    """Deleting a transition left instructions that still named it, unflagged."""
    import shutil

    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    scenario = load_scenario(folder)
    step_id, step = next(
        (name, step)
        for name, step in scenario.steps.items()
        if step.instructions and step.transitions
    )
    signal = next(iter(step.transitions))
    instructions = folder / str(step.instructions)
    instructions.write_text(
        instructions.read_text(encoding="utf-8")
        + f"\nWhen that is done, send `{signal}`; if not, `back_to_start`.\n"
        + "The order_complete words, {{customer_name}}, and plain words stay as they are.\n",
        encoding="utf-8",
    )
    before = [f for f in validate(load_scenario(folder)) if f.code == "unknown-signal-in-text"]
    named = {f.message.split("'")[1] for f in before}
    assert "back_to_start" in named and signal not in named  # its own signal is fine

    text = (folder / "scenario.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    del data["steps"][step_id]["transitions"][signal]
    for other in data["steps"].values():  # keep the graph sound: nothing else changes
        other.setdefault("transitions", {})
    (folder / "scenario.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    after = [f for f in validate(load_scenario(folder)) if f.code == "unknown-signal-in-text"]
    (deleted,) = [f for f in after if f"'{signal}'" in f.message]
    assert deleted.severity == "warning" and deleted.step == step_id
    assert deleted.path == instructions and deleted.line is not None
    assert deleted.message.startswith(f"the instructions name '{signal}', ")
    assert "a transition deleted or renamed must leave its text too" in (deleted.hint or "")


def test_signal_names_in_prose_results_and_enum_values_are_not_taken_for_signals() -> None:
    assert validate(load_scenario(FIXTURES / "pizza")) == []
    for shipped in ("analyst_bot", "support_desk"):
        from engine.io.resources import scenarios_dir

        found = validate(load_scenario(scenarios_dir() / shipped))
        assert [f for f in found if f.code == "unknown-signal-in-text"] == [], shipped
