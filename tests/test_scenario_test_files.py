"""Test files: the issue's format loads as written; mistakes get file:line:col errors; names a
test uses are checked against its scenario as the validator checks a scenario."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from plugins.cli import Prompter

from engine.errors import ScenarioErrors
from engine.io import resources
from engine.io.resources import resource_path
from engine.scenario.loader import load_scenario
from engine.scenario_tests import check_test, load_suite, parse_test
from engine.scenario_tests.definition import ScenarioTest, cassette_path
from engine.scenario_tests.json_schema import schema_of_test_files, schema_text

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
REPO = Path(__file__).resolve().parent.parent

#: The example of issue 11, with the scenario's names changed to the pizza fixture's.
EXAMPLE = """\
name: Orders a pizza
variables: {customer_name: Ana Ruiz}      # optional: values set before the first message
turns:
  - user: Hello, I'd like a pizza
    expect: {step: greet}
  - user: Ana Ruiz, ready to order
    expect:
      step: take_order
      transition: wants_to_order
      variables: {customer_name: Ana Ruiz}
      bot_says: pizza
  - user: One margherita
    expect: {step: take_order, variables: {pizzas: [margherita]}, bot_says: /marg.*ita/}
end:
  finished: false
  max_calls_per_message: 1.2
"""


def errors_of(text: str, name: str = "t.test.yaml") -> list[str]:
    with pytest.raises(ScenarioErrors) as caught:
        parse_test(text, path=Path(name))
    return [error.render() for error in caught.value.errors]


def findings_of(text: str) -> list[tuple[str, int | None, int | None, str]]:
    scenario = load_scenario(FIXTURES / "pizza")
    test = parse_test(text, path=Path("t.test.yaml"))
    return [(f.code, f.line, f.column, f.message) for f in check_test(scenario, test)]


def test_the_issues_example_loads_with_every_key() -> None:
    test = parse_test(EXAMPLE, path=Path("tests/orders.test.yaml"))

    assert test.name == "Orders a pizza"
    assert test.variables == {"customer_name": "Ana Ruiz"}
    assert test.turns[0].user == "Hello, I'd like a pizza"
    second = test.turns[1].expect
    assert (second.step, second.transition, second.bot_says) == (
        "take_order",
        "wants_to_order",
        "pizza",
    )
    assert test.end is not None and test.end.max_calls_per_message == 1.2
    assert test.cassette_path == Path("tests/orders.replies.jsonl")
    assert findings_of(EXAMPLE) == []


def test_only_turns_are_required_and_the_title_falls_back_to_the_file_name() -> None:
    test = parse_test("turns:\n  - user: hi\n", path=Path("tests/say_hi.test.yaml"))

    assert test.title == "say_hi"
    assert test.turns[0].expect.is_empty
    assert cassette_path(Path("a/b.test.yaml")) == Path("a/b.replies.jsonl")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "turns:\n  - user: hi\n    expect: {stp: greet}\n",
            "t.test.yaml:3:14: error: unknown key 'stp' (did you mean 'step'?)",
        ),
        (
            "turns:\n  - user: hi\n    expect: {bot_says: '/(unclosed/'}\n",
            "t.test.yaml:3:24: error: turns.0.expect.bot_says: '/(unclosed/' is not a valid "
            "regular expression",
        ),
        ("turns: []\n", "t.test.yaml:1:8: error: turns: List should have at least 1 item"),
        ("name: x\n", "t.test.yaml:1:1: error: missing required key 'turns'"),
        ("turns:\n  - user: '   '\n", "a user message cannot be blank"),
        ("turns:\n  - user: hi\nend: {max_calls_per_message: 0}\n", "should be greater than 0"),
        ("turns:\n  - user: hi\n    expect: {step: 3rd}\n", "is not a valid name"),
        ("turns:\n\t- user: hi\n", "t.test.yaml:2:1: error: invalid YAML"),
        ("- user: hi\n", "t.test.yaml:1:1: error: a test must be a mapping"),
        ("# nothing but a comment\n", "start with 'name:' and 'turns:'"),
        ("turns:\n  - user: hi\n  - user: hi\nturns: []\n", "duplicate key 'turns'"),
        ("path: /etc\nturns:\n  - user: hi\n", "t.test.yaml:1:1: error: unknown key 'path'"),
        (
            "turns:\n  - user: hi\nfinished: true\n",
            "t.test.yaml:3:1: error: unknown key 'finished' (known keys here: actions, end, "
            "name, turns, variables)",
        ),
    ],
    ids=[
        "typo",
        "regex",
        "no-turns",
        "missing",
        "blank",
        "zero-rate",
        "step-name",
        "tab",
        "list",
        "empty",
        "duplicate",
        "internal",
        "misplaced",
    ],
)
def test_a_malformed_test_file_is_refused_with_its_location(text: str, expected: str) -> None:
    assert any(expected in error for error in errors_of(text)), errors_of(text)


def test_a_huge_or_non_utf8_file_is_refused_before_parsing(tmp_path: Path) -> None:
    from engine.scenario_tests.loader import MAX_TEST_BYTES, load_test

    big = tmp_path / "big.test.yaml"
    big.write_bytes(b"# " + b"x" * MAX_TEST_BYTES)
    latin = tmp_path / "latin.test.yaml"
    latin.write_bytes("turns:\n  - user: caf\xe9\n".encode("latin-1"))

    with pytest.raises(ScenarioErrors, match="too large"):
        load_test(big, inside=tmp_path)
    with pytest.raises(ScenarioErrors, match="not UTF-8"):
        load_test(latin, inside=tmp_path)


def test_aliases_that_expand_enormously_are_refused() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [
        f"a{n}: &a{n} [*a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}, *a{n - 1}]"
        for n in range(1, 9)
    ]
    assert any("too many values" in error for error in errors_of("\n".join(lines) + "\n"))


@pytest.mark.parametrize(
    ("expect", "finding"),
    [
        ("{step: delivry}", ("test-unknown-step", 3, 20, "step 'delivry' does not exist")),
        (
            "{transition: wants_to_ordr}",
            ("test-unknown-signal", 3, 26, "no step has a signal 'wants_to_ordr'"),
        ),
        (
            "{variables: {adress: x}}",
            ("test-unknown-variable", 3, 26, "'adress' is neither a variable nor a step result"),
        ),
        ("{variables: {pizzas: {a: 1}}}", ("test-bad-value", 3, 34, "'pizzas' expects a list")),
    ],
    ids=["step", "signal", "variable", "value"],
)
def test_names_the_scenario_lacks_are_located_findings(
    expect: str, finding: tuple[str, int, int, str]
) -> None:
    found = findings_of(f"turns:\n  - user: hi\n    expect: {expect}\n")

    assert len(found) == 1
    code, line, column, message = found[0]
    assert (code, line, column) == finding[:3]
    assert message.startswith(finding[3])


def test_a_signal_that_exists_elsewhere_is_refused_where_the_conversation_cannot_take_it() -> None:
    text = (
        "turns:\n  - user: hi\n    expect: {step: greet}\n"
        "  - user: done\n    expect: {transition: confirmed}\n"
    )
    found = findings_of(text)

    assert [(code, line) for code, line, _, _ in found] == [("test-signal-not-here", 5)]
    assert "from step 'greet'" in found[0][3]


def test_did_you_mean_hints_come_with_the_findings() -> None:
    scenario = load_scenario(FIXTURES / "pizza")
    test = parse_test("turns:\n  - user: hi\n    expect: {step: delivry}\n", path=Path("t"))

    assert check_test(scenario, test)[0].hint == "did you mean 'delivery'?"


def test_a_suite_keeps_loading_past_a_broken_file_and_runs_none_of_the_broken(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    (folder / "tests").mkdir()
    (folder / "tests" / "a_good.test.yaml").write_text(EXAMPLE, encoding="utf-8")
    (folder / "tests" / "b_bad.test.yaml").write_text("turns: [", encoding="utf-8")
    (folder / "tests" / "c_wrong.test.yaml").write_text(
        "turns:\n  - user: hi\n    expect: {step: nowhere}\n", encoding="utf-8"
    )
    (folder / "tests" / "notes.yaml").write_text("not a test", encoding="utf-8")

    suite = load_suite(folder)

    assert [test.title for test in suite.tests] == ["Orders a pizza"]
    assert [path.name for path in suite.broken] == ["b_bad.test.yaml", "c_wrong.test.yaml"]
    assert suite.has_errors
    assert {Path(str(f.path)).name for f in suite.findings} == {
        "b_bad.test.yaml",
        "c_wrong.test.yaml",
    }


# --- the JSON Schema -----------------------------------------------------------------------------


def test_the_shipped_test_schema_matches_the_models() -> None:
    shipped = resource_path("scenario-test.schema.json")
    assert shipped.read_text(encoding="utf-8") == schema_text(), (
        "resources/scenario-test.schema.json is out of date: run 'python -m engine schema --write'"
    )


def test_the_test_schema_describes_the_format() -> None:
    schema = schema_of_test_files()
    expect = schema["$defs"]["Expect"]

    assert schema["required"] == ["turns"]
    assert set(schema["properties"]) == {
        name for name, field in ScenarioTest.model_fields.items() if not field.exclude
    }
    assert set(expect["properties"]) == {"step", "transition", "variables", "bot_says"}
    assert expect["additionalProperties"] is False
    variables = schema["properties"]["variables"]
    assert variables["additionalProperties"] is False and "patternProperties" in variables


def test_schema_check_fails_when_the_test_schema_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prompter: Prompter
) -> None:
    """``--check`` covers both shipped schemas (run on a copy of the resources folder)."""
    shipped = (REPO / "resources" / "scenario-test.schema.json").read_bytes()
    copy = tmp_path / "repo"
    shutil.copytree(REPO / "resources", copy / "resources")
    monkeypatch.setattr(resources, "install_root", lambda: copy)
    schema = copy / "resources" / "scenario-test.schema.json"
    data = json.loads(schema.read_text(encoding="utf-8"))
    data["title"] = "old"
    schema.write_text(json.dumps(data), encoding="utf-8")

    stale = prompter("schema", "--check")
    assert stale.returncode == 1 and "scenario-test.schema.json is out of date" in stale.stderr
    assert "scenario.schema.json is out" not in stale.stderr
    assert prompter("schema", "--write").returncode == 0
    assert json.loads(schema.read_text(encoding="utf-8"))["title"] == "Prompter scenario test"
    assert prompter("schema", "--check").returncode == 0
    printed = json.loads(prompter("schema", "--tests").stdout)
    assert printed["title"] == "Prompter scenario test"
    assert (REPO / "resources" / "scenario-test.schema.json").read_bytes() == shipped


def test_only_declared_variables_can_be_preset_and_their_values_must_fit(tmp_path: Path) -> None:
    scenario = load_scenario(FIXTURES / "pizza").model_copy(deep=True)
    scenario.steps["greet"].results["mood"] = scenario.steps["greet"].results["customer_name"]
    test = parse_test(
        "variables: {mood: happy, pizzas: 3}\nturns:\n  - user: hi\n"
        "    expect: {variables: {mood: happy}}\n",
        path=Path("t.test.yaml"),
    )

    found = [(f.code, f.line, f.message) for f in check_test(scenario, test)]

    assert found == [
        (
            "test-unknown-variable",
            1,
            "'mood' is a step result, not a variable: only variables "
            "can be set before the conversation",
        ),
        ("test-bad-value", 1, "'pizzas' expects a list of texts, got 3 (int)"),
    ]
