"""The scenario document: round-trip editing of scenario.yaml that the studio's undo relies on."""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import ScenarioError
from engine.scenario.document import TEMPLATES, Change, ScenarioDocument
from engine.scenario.layout import LAYOUT_FILE, Layout

PIZZA = """\
# Pizza ordering: the demo from the format issue.
name: pizza_order
title: Pizza ordering
start: greet
persona: persona.md            # short global instructions, sent on every call
model: {name: gpt-4.1-mini}    # defaults; the studio and CLI can override
variables:
  customer_name: {type: string, description: How the customer wants to be addressed}
  pizzas: {type: list, description: Pizzas ordered so far}
  address: {type: string}
steps:
  greet:
    title: Greeting
    goal: Welcome the customer and learn their name   # shown to the model in other steps
    instructions: steps/greet.md                       # may use {{customer_name}} placeholders
    results:
      customer_name: {type: string}
    transitions:
      wants_to_order: {to: take_order, description: The customer wants to order}
  take_order:
    instructions: steps/take_order.md
    results:
      pizzas: {type: list, required: true}
    transitions:
      order_complete: {to: delivery, requires: [pizzas]}
  # Delivery needs an address before anything is confirmed.
  delivery:
    instructions: steps/delivery.md
    results:
      address: {type: string, required: true}
    transitions:
      confirmed: {to: done, requires: [address]}
      change_order: {to: take_order}
  done:
    kind: message                # no model call: the text is sent as is, then the step ends
    text: "Thank you, {{customer_name}}! Your order is on its way."
    final: true
"""

FILES = {
    "persona.md": "You work at a pizzeria.\n",
    "steps/greet.md": "Greet the customer.\n",
    "steps/take_order.md": "Take the order.\n",
    "steps/delivery.md": "Ask for the address.\n",
}


def write_scenario(folder: Path, yaml_text: str = PIZZA, files: dict[str, str] = FILES) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "scenario.yaml").write_text(yaml_text, encoding="utf-8")
    for relpath, text in files.items():
        (folder / relpath).parent.mkdir(parents=True, exist_ok=True)
        (folder / relpath).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    return write_scenario(tmp_path / "pizza")


def changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def all_paths(value: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    paths: list[tuple[str | int, ...]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            paths.append((*prefix, key))
            paths.extend(all_paths(item, (*prefix, key)))
    return paths


# --- opening and saving unchanged ----------------------------------------------------------------


def test_open_then_save_without_edits_writes_nothing_and_keeps_every_byte(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    assert document.yaml_text() == PIZZA
    assert document.modified is False
    assert document.save() == []
    assert (pizza / "scenario.yaml").read_text(encoding="utf-8") == PIZZA


def test_a_valid_scenario_is_derived_with_the_instruction_texts(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    assert document.errors == []
    scenario = document.scenario
    assert scenario is not None
    assert list(scenario.steps) == ["greet", "take_order", "delivery", "done"]
    assert scenario.root == pizza
    assert scenario.persona_text == "You work at a pizzeria.\n"
    assert scenario.steps["greet"].instructions_text == "Greet the customer.\n"


# --- editing one thing touches one line ----------------------------------------------------------


def test_editing_one_transition_changes_only_its_line(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set(("steps", "delivery", "transitions", "confirmed", "to"), "take_order")
    assert changed_lines(PIZZA, document.yaml_text()) == [
        "-      confirmed: {to: done, requires: [address]}",
        "+      confirmed: {to: take_order, requires: [address]}",
    ]
    written = document.save()
    assert written == [pizza / "scenario.yaml"]
    on_disk = (pizza / "scenario.yaml").read_text(encoding="utf-8")
    assert "# Delivery needs an address before anything is confirmed." in on_disk
    assert "# no model call: the text is sent as is, then the step ends" in on_disk
    assert document.scenario is not None
    assert document.scenario.steps["delivery"].transitions["confirmed"].to == "take_order"


def test_a_quoted_string_stays_quoted_when_it_is_changed(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set(("steps", "done", "text"), "Bye, {{customer_name}}!")
    assert changed_lines(PIZZA, document.yaml_text())[1] == '+    text: "Bye, {{customer_name}}!"'


def test_replacing_a_mapping_updates_it_key_by_key(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    path = ("steps", "delivery", "transitions", "confirmed")
    document.set(path, {"to": "done", "requires": ["address"], "description": "All set"})
    assert changed_lines(PIZZA, document.yaml_text()) == [
        "-      confirmed: {to: done, requires: [address]}",
        "+      confirmed: {to: done, requires: [address], description: All set}",
    ]


def test_set_creates_missing_mappings(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set(("contract", "max_attempts"), 2)
    assert document.get(("contract",)) == {"max_attempts": 2}
    assert document.scenario is not None
    assert document.scenario.contract.max_attempts == 2


def test_a_new_transition_is_written_like_its_siblings(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.insert(("steps", "delivery", "transitions"), "cancel", {"to": "done"}, index=1)
    assert changed_lines(PIZZA, document.yaml_text()) == ["+      cancel: {to: done}"]
    assert list(document.get(("steps", "delivery", "transitions"))) == [
        "confirmed",
        "cancel",
        "change_order",
    ]


def test_get_returns_a_plain_copy(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    transitions = document.get(("steps", "delivery", "transitions"))
    assert transitions == {
        "confirmed": {"to": "done", "requires": ["address"]},
        "change_order": {"to": "take_order"},
    }
    assert type(transitions) is dict and type(transitions["confirmed"]["requires"]) is list
    transitions["confirmed"]["to"] = "nowhere"
    assert document.get(("steps", "delivery", "transitions", "confirmed", "to")) == "done"


def test_absent_paths_raise_key_error(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    assert document.has(("steps", "greet")) and not document.has(("steps", "nope"))
    with pytest.raises(KeyError):
        document.get(("steps", "nope"))
    with pytest.raises(KeyError):
        document.delete(("steps", "greet", "title", "deeper"))
    with pytest.raises(KeyError):
        document.insert(("steps",), "greet", {})


# --- undo round trips ----------------------------------------------------------------------------


def test_every_delete_is_undone_byte_for_byte_by_inserting_what_it_returned(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    paths = all_paths(document.get(()))
    assert len(paths) > 40
    for path in paths:
        index, old = document.delete(path)
        assert not document.has(path)
        assert document.yaml_text() != PIZZA
        document.insert(path[:-1], str(path[-1]), old, index)
        assert document.yaml_text() == PIZZA, f"undo of deleting {path} changed the file"


def test_set_back_to_the_old_value_restores_the_file(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    path = ("steps", "greet", "title")
    old = document.get(path)
    document.set(path, "Hello")
    document.set(path, old)
    assert document.yaml_text() == PIZZA


def test_rename_key_keeps_position_and_comment_column_and_renames_back(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.rename_key(("persona",), "persona_file")
    assert changed_lines(PIZZA, document.yaml_text()) == [
        "-persona: persona.md            # short global instructions, sent on every call",
        "+persona_file: persona.md       # short global instructions, sent on every call",
    ]  # the comment keeps its column
    document.rename_key(("persona_file",), "persona")
    assert document.yaml_text() == PIZZA


def test_rename_step_updates_every_target_the_start_and_the_layout(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.layout.set("greet", (10, 20))
    document.rename_step("greet", "welcome")
    document.rename_step("take_order", "order")
    scenario = document.scenario
    assert scenario is not None, document.errors
    assert scenario.start == "welcome"
    assert list(scenario.steps) == ["welcome", "order", "delivery", "done"]
    assert scenario.steps["welcome"].transitions["wants_to_order"].to == "order"
    assert scenario.steps["delivery"].transitions["change_order"].to == "order"
    assert document.layout.positions == {"welcome": (10.0, 20.0)}
    document.rename_step("order", "take_order")
    document.rename_step("welcome", "greet")
    assert document.yaml_text() == PIZZA


def test_rename_step_refuses_bad_or_taken_ids(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    with pytest.raises(ScenarioError, match="not a valid step id"):
        document.rename_step("greet", "2nd step")
    with pytest.raises(KeyError, match="already exists"):
        document.rename_step("greet", "done")
    assert document.yaml_text() == PIZZA


# --- errors --------------------------------------------------------------------------------------


def test_a_scenario_that_does_not_validate_opens_with_located_errors(tmp_path: Path) -> None:
    broken = PIZZA.replace("    title: Greeting\n", "    tittle: Greeting\n")
    folder = write_scenario(tmp_path / "broken", broken)
    document = ScenarioDocument.open(folder)
    assert document.scenario is None
    [error] = document.errors
    assert (error.message, error.line, error.column) == ("unknown key 'tittle'", 13, 5)
    assert error.path == folder / "scenario.yaml"
    assert error.hint == "did you mean 'title'?"
    document.rename_key(("steps", "greet", "tittle"), "title")
    assert document.errors == [] and document.scenario is not None


def test_unparseable_yaml_opens_shows_the_problem_and_keeps_the_text(tmp_path: Path) -> None:
    text = "name: x\nstart: a\nsteps: [unclosed\n"
    folder = write_scenario(tmp_path / "bad", text, {})
    document = ScenarioDocument.open(folder)
    assert document.scenario is None
    [error] = document.errors
    assert error.message.startswith("invalid YAML") and error.line == 3  # where the [ opens
    assert document.yaml_text() == text
    with pytest.raises(ScenarioError, match="until its YAML is fixed"):
        document.set(("start",), "b")
    document.set_yaml_text("name: x\nstart: a\nsteps:\n  a: {final: true}\n")
    assert document.errors == []
    document.set(("steps", "a", "title"), "A")
    assert document.yaml_text() == "name: x\nstart: a\nsteps:\n  a: {final: true, title: A}\n"


def test_a_folder_without_a_scenario_is_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"no scenario\.yaml"):
        ScenarioDocument.open(tmp_path)


# --- files and saving ----------------------------------------------------------------------------


def test_edited_texts_stay_in_memory_until_saved_and_only_they_are_written(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set_text("steps/greet.md", "Greet warmly.\n")
    assert (pizza / "steps/greet.md").read_text(encoding="utf-8") == "Greet the customer.\n"
    assert document.scenario is not None
    assert document.scenario.steps["greet"].instructions_text == "Greet warmly.\n"
    assert document.modified
    assert document.save() == [pizza / "steps/greet.md"]
    assert (pizza / "steps/greet.md").read_text(encoding="utf-8") == "Greet warmly.\n"
    assert not document.modified


def test_a_new_instruction_file_is_created_on_save(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    assert document.text("steps/done.md") == ""
    document.set_text("steps/done.md", "Say goodbye.\n")
    assert document.save() == [pizza / "steps/done.md"]
    assert (pizza / "steps/done.md").read_text(encoding="utf-8") == "Say goodbye.\n"


def test_text_paths_may_not_leave_the_folder(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    with pytest.raises(ScenarioError, match="outside the scenario folder"):
        document.text("../secret.txt")
    with pytest.raises(ScenarioError, match="outside the scenario folder"):
        document.set_text("/etc/passwd", "x")


def test_a_failing_write_leaves_the_old_file_and_the_edits(
    pizza: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = ScenarioDocument.open(pizza)
    document.set(("title",), "Pizza!")

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(ScenarioError, match="No space left on device"):
        document.save()
    monkeypatch.undo()
    assert (pizza / "scenario.yaml").read_text(encoding="utf-8") == PIZZA
    assert [p.name for p in pizza.iterdir() if p.name.endswith(".tmp")] == []
    assert document.modified
    assert document.save() == [pizza / "scenario.yaml"]
    assert "title: Pizza!" in (pizza / "scenario.yaml").read_text(encoding="utf-8")


def test_save_as_copies_the_whole_folder_and_moves_the_document(
    pizza: Path, tmp_path: Path
) -> None:
    (pizza / "notes.txt").write_text("keep me", encoding="utf-8")
    document = ScenarioDocument.open(pizza)
    document.set(("title",), "Copy")
    target = tmp_path / "copy"
    written = document.save(target)
    assert target / "scenario.yaml" in written
    assert (target / "notes.txt").read_text(encoding="utf-8") == "keep me"
    assert (target / "steps/delivery.md").read_text(encoding="utf-8") == "Ask for the address.\n"
    assert (pizza / "scenario.yaml").read_text(encoding="utf-8") == PIZZA
    assert document.folder == target and not document.modified


def test_the_layout_is_saved_beside_the_scenario_only_when_it_changed(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.layout.set("greet", (100, 50.5))
    assert document.save() == [pizza / LAYOUT_FILE]
    assert Layout.load(pizza).positions == {"greet": (100.0, 50.5)}
    assert ScenarioDocument.open(pizza).save() == []


# --- other programs and reloading ----------------------------------------------------------------


def test_disk_changed_reports_another_programs_write(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.text("steps/greet.md")
    assert document.disk_changed() == []
    yaml_path = pizza / "scenario.yaml"
    os.utime(yaml_path, ns=(1, 1))  # touched, same content: not a change
    assert document.disk_changed() == []
    (pizza / "steps/greet.md").write_text("Changed elsewhere\n", encoding="utf-8")
    yaml_path.write_text(PIZZA + "# edited elsewhere\n", encoding="utf-8")
    assert document.disk_changed() == [yaml_path, pizza / "steps/greet.md"]


def test_our_own_save_is_not_reported_as_a_change_on_disk(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set(("title",), "Ours")
    document.set_text("steps/greet.md", "Ours\n")
    document.save()
    assert document.disk_changed() == []


def test_reload_forgets_edits_and_reads_the_disk(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    events: list[tuple[str, tuple[str | int, ...]]] = []
    document.subscribe(lambda change: events.append((change.kind, change.path)))
    document.set(("title",), "Unsaved")
    (pizza / "scenario.yaml").write_text(PIZZA.replace("Pizza ordering", "Pizzas"), "utf-8")
    document.reload()
    assert document.get(("title",)) == "Pizzas"
    assert document.disk_changed() == [] and not document.modified
    assert events == [("set", ("title",)), ("reload", ())]


# --- listeners, new documents --------------------------------------------------------------------


def test_listeners_hear_every_edit_and_what_it_changed_until_they_unsubscribe(
    pizza: Path,
) -> None:
    document = ScenarioDocument.open(pizza)
    events: list[Change] = []
    unsubscribe = document.subscribe(events.append)
    document.set(("title",), "T")
    document.set(("title",), "T")  # no change, no event
    index, old = document.delete(("steps", "done", "final"))
    document.insert(("steps", "done"), "final", old, index)
    document.rename_step("done", "finished")
    document.set_text("persona.md", "New persona\n")
    document.set_yaml_text(document.yaml_text() + "# the end\n")
    unsubscribe()
    document.set(("title",), "Unheard")
    assert events == [
        Change("set", ("title",)),
        Change("delete", ("steps", "done", "final"), frozenset({"done"})),
        Change("insert", ("steps", "done", "final"), frozenset({"done"})),
        # the step itself, and every step whose transition now leads to the new id
        Change("rename", ("steps", "done"), frozenset({"done", "finished", "delivery"})),
        Change("text", ("persona.md",)),
        Change("yaml", (), whole=True),
    ]


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_a_new_scenario_from_a_template_is_valid_and_saves_its_files(
    tmp_path: Path, template: str
) -> None:
    folder = tmp_path / "my bot"
    document = ScenarioDocument.new(folder, template)
    scenario = document.scenario
    assert scenario is not None, document.errors
    assert scenario.name == "my_bot"
    written = {path.relative_to(folder).as_posix() for path in document.save()}
    assert {"scenario.yaml", "persona.md"} <= written
    for step in scenario.steps.values():
        if step.instructions:
            assert (folder / step.instructions).read_text(encoding="utf-8").strip()
    reopened = ScenarioDocument.open(folder)
    assert reopened.errors == [] and reopened.yaml_text() == document.yaml_text()


def test_new_refuses_a_folder_that_already_holds_a_scenario(pizza: Path) -> None:
    with pytest.raises(ScenarioError, match="already holds a scenario"):
        ScenarioDocument.new(pizza)


def test_four_space_indentation_and_indented_lists_survive_an_edit(tmp_path: Path) -> None:
    text = (
        "name: wide\n"
        "start: a\n"
        "steps:\n"
        "    a:\n"
        "        title: 'A'\n"
        "        transitions:\n"
        "            go:\n"
        "                to: b\n"
        "                requires:\n"
        "                  - x\n"
        "    b:\n"
        "        final: true\n"
        "variables:\n"
        "    x: {type: string}\n"
    )
    document = ScenarioDocument.open(write_scenario(tmp_path / "wide", text, {}))
    document.set(("steps", "b", "title"), "B")
    assert changed_lines(text, document.yaml_text()) == ["+        title: B"]
    document.set(("steps", "a", "title"), "First")
    assert "        title: 'First'\n" in document.yaml_text()


def test_undoing_a_set_that_created_mappings_removes_them_again(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set(("contract", "max_attempts"), 2)
    document.delete(("contract", "max_attempts"))
    assert document.yaml_text() == PIZZA


def test_setting_back_a_replaced_list_or_mapping_restores_its_comments(tmp_path: Path) -> None:
    text = (
        "name: commented\n"
        "start: a\n"
        "variables:\n"
        "  x: {type: string}\n"
        "  y: {type: string}\n"
        "steps:\n"
        "  a:\n"
        "    transitions:\n"
        "      go:\n"
        "        to: b\n"
        "        description: Leave   # why we leave\n"
        "        requires:\n"
        "        - x   # first\n"
        "        - y   # second\n"
        "  b: {final: true}\n"
    )
    document = ScenarioDocument.open(write_scenario(tmp_path / "commented", text, {}))
    path = ("steps", "a", "transitions", "go")
    old = document.get(path)
    document.set(path, {"to": "b"})
    assert "# why we leave" not in document.yaml_text()
    document.set(path, old)
    assert document.yaml_text() == text
    document.set((*path, "requires"), ["y"])
    document.set((*path, "requires"), ["x", "y"])
    assert document.yaml_text() == text


# --- only the touched part of the file is rewritten ----------------------------------------------

EDITS = st.lists(
    st.tuples(
        st.sampled_from(["title", "transition", "new_step", "delete", "rename", "top"]),
        st.sampled_from(["greet", "take_order", "delivery", "done"]),
        st.text(alphabet="abc xyz:#'\"&", min_size=1, max_size=12),
    ),
    min_size=1,
    max_size=8,
)


def apply_edit(document: ScenarioDocument, kind: str, step: str, text: str) -> None:
    steps = list(document.get(("steps",)))
    step = step if step in steps else steps[0]
    if kind == "title":
        document.set(("steps", step, "title"), text)
    elif kind == "transition":
        document.set(("steps", step, "transitions", "extra"), {"to": steps[-1]})
    elif kind == "new_step" and "added" not in steps:
        document.insert(("steps",), "added", {"title": text, "final": True}, index=1)
    elif kind == "delete" and len(steps) > 1:
        document.delete(("steps", step))
    elif kind == "rename" and "renamed" not in steps:
        document.rename_step(step, "renamed")
    elif kind == "top":
        document.set(("description",), text)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(edits=EDITS)
def test_the_spliced_text_always_says_what_the_tree_holds(
    pizza: Path, edits: list[tuple[str, str, str]]
) -> None:
    document = ScenarioDocument.open(pizza)
    for kind, step, text in edits:
        apply_edit(document, kind, step, text)
        assert yaml.safe_load(document.yaml_text()) == document.get(())


def test_a_flow_style_file_is_edited_by_dumping_it_whole(tmp_path: Path) -> None:
    text = "{name: flow, start: a, steps: {a: {final: true}}}\n"
    document = ScenarioDocument.open(write_scenario(tmp_path / "flow", text, {}))
    document.set(("steps", "a", "title"), "A")
    assert yaml.safe_load(document.yaml_text())["steps"]["a"] == {"final": True, "title": "A"}
    document.delete(("steps", "a", "title"))
    assert document.yaml_text() == text


def test_comments_above_a_step_travel_with_it(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    index, old = document.delete(("steps", "delivery"))
    assert "# Delivery needs an address" not in document.yaml_text()
    document.insert(("steps",), "delivery", old, index)
    assert document.yaml_text() == PIZZA
    document.set(("steps", "delivery", "title"), "Delivery")
    lines = document.yaml_text().splitlines()
    at = lines.index("  # Delivery needs an address before anything is confirmed.")
    assert lines[at + 1 : at + 3] == ["  delivery:", "    instructions: steps/delivery.md"]


def test_deleting_every_key_of_a_mapping_leaves_an_empty_mapping_not_null(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    removed = [
        (signal, *document.delete(("steps", "delivery", "transitions", signal)))
        for signal in ("confirmed", "change_order")
    ]
    assert document.errors == []
    assert "    transitions: {}\n" in document.yaml_text()
    for signal, index, old in reversed(removed):
        document.insert(("steps", "delivery", "transitions"), signal, old, index)
    assert document.yaml_text() == PIZZA


def mappings_in(value: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found: list[tuple[str | int, ...]] = []
    if isinstance(value, dict):
        found.append(prefix)
        for key, item in value.items():
            found.extend(mappings_in(item, (*prefix, key)))
    return found


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_edits_keep_text_and_tree_in_step_and_undo_restores_every_byte(
    pizza: Path, data: st.DataObject
) -> None:
    document = ScenarioDocument.open(pizza)
    undo: list[Any] = []
    for _ in range(data.draw(st.integers(1, 6))):
        tree = document.get(())
        op = data.draw(st.sampled_from(["delete", "set", "rename", "insert"]))
        if op == "insert":
            parent = data.draw(st.sampled_from(mappings_in(tree)))
            key = data.draw(st.sampled_from(["zz", "extra", "a1"]))
            if document.has((*parent, key)):
                continue
            value = data.draw(st.sampled_from(["text", 3, {"to": "done"}, ["x", "y"]]))
            document.insert(parent, key, value, data.draw(st.integers(0, 3)))
            undo.append(lambda p=(*parent, key): document.delete(p))
        else:
            path = data.draw(st.sampled_from(all_paths(tree)))
            if op == "delete":
                index, old = document.delete(path)
                undo.append(
                    lambda p=path, i=index, o=old: document.insert(p[:-1], str(p[-1]), o, i)
                )
            elif op == "set":
                old = document.get(path)
                document.set(path, data.draw(st.sampled_from(["new text", 7, {"k": "v"}])))
                undo.append(lambda p=path, o=old: document.set(p, o))
            else:
                new_key = f"{path[-1]}_x"
                if document.has((*path[:-1], new_key)):
                    continue
                document.rename_key(path, new_key)
                undo.append(lambda p=path, n=new_key: document.rename_key((*p[:-1], n), str(p[-1])))
        assert yaml.safe_load(document.yaml_text()) == document.get(())
    for step in reversed(undo):
        step()
    assert document.yaml_text() == PIZZA


def test_prepare_builds_the_tree_without_changing_anything(pizza: Path, tmp_path: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.prepare()
    assert document.yaml_text() == PIZZA and not document.modified
    document.set(("title",), "Prepared")
    assert changed_lines(PIZZA, document.yaml_text()) == [
        "-title: Pizza ordering",
        "+title: Prepared",
    ]
    broken = ScenarioDocument.open(write_scenario(tmp_path / "bad", "a: [\n", {}))
    broken.prepare()
    assert broken.errors and broken.yaml_text() == "a: [\n"


# --- large files: steps are parsed only when an edit reaches them --------------------------------

#: PIZZA shaped so that its steps can be parsed one by one: no blank or comment line between two
#: steps (comments and blank lines inside a step are fine).
LAZY_PIZZA = PIZZA.replace(
    "  # Delivery needs an address before anything is confirmed.\n", ""
).replace("    results:\n      pizzas:", "    # what was ordered\n\n    results:\n      pizzas:")

LAZY_EDITS = st.lists(
    st.tuples(
        st.sampled_from(["set", "delete", "rename", "insert", "rename_step", "undo"]),
        st.sampled_from(
            [
                ("steps", "greet", "title"),
                ("steps", "take_order", "results", "pizzas"),
                ("steps", "take_order", "transitions", "order_complete", "requires"),
                ("steps", "delivery", "transitions", "change_order"),
                ("steps", "done"),
                ("steps", "delivery", "results"),
                ("title",),
                ("steps", "take_order"),
            ]
        ),
        st.sampled_from(["new text", 7, {"to": "done"}, ["a", "b"], {"k": "v", "n": [1]}]),
    ),
    min_size=1,
    max_size=8,
)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(edits=LAZY_EDITS)
def test_steps_parsed_one_by_one_edit_exactly_like_the_whole_tree(
    tmp_path: Path, edits: list[tuple[str, tuple[str, ...], Any]]
) -> None:
    folder = write_scenario(tmp_path / "lazy", LAZY_PIZZA)
    lazy = ScenarioDocument.open(folder)
    whole = ScenarioDocument.open(folder, lazy=False)
    whole.prepare()
    lazy.prepare()
    assert lazy.steps_not_loaded and not whole.steps_not_loaded
    undo: list[tuple[str, tuple[str, ...], Any]] = []

    def run(document: ScenarioDocument, op: str, path: tuple[str, ...], value: Any) -> Any:
        if op == "set":
            old = document.get(path) if document.has(path) else None
            document.set(path, value)
            return ("delete", path, None) if old is None else ("set", path, old)
        if op == "delete":
            index, old = document.delete(path)
            return ("insert", path, (index, old))
        if op == "insert":
            document.insert(path[:-1], str(path[-1]), value[1], value[0])
            return None
        if op == "rename":
            new_key = value if isinstance(value, str) else f"{path[-1]}_x"
            document.rename_key(path, new_key)
            return ("rename", (*path[:-1], new_key), str(path[-1]))
        document.rename_step(path[0], value)
        return ("rename_step", (value,), path[0])

    def both(op: str, path: tuple[str, ...], value: Any) -> Any:
        """Run one edit on both documents: same outcome, same text."""
        results = []
        for document in (lazy, whole):
            try:
                results.append(run(document, op, path, value))
            except (KeyError, ScenarioError) as error:
                results.append(type(error))
        assert results[0] == results[1]
        assert lazy.yaml_text() == whole.yaml_text()
        return results[0]

    for op, path, value in edits:
        if op == "undo":
            if not undo:
                continue
            op, path, value = undo.pop()
        elif op == "insert":
            value = (1, value)
        elif op == "rename_step":
            path, value = (str(path[1]) if len(path) > 1 else "greet",), "renamed"
        inverse = both(op, path, value)
        if inverse is not None and not isinstance(inverse, type):
            undo.append(inverse)
    while undo:
        both(*undo.pop())
    assert lazy.get(()) == whole.get(())


def test_a_large_file_parses_only_the_steps_an_edit_reaches(tmp_path: Path) -> None:
    text = (
        "name: big\nstart: s0\nsteps:\n"
        + "".join(
            f"  s{i}:\n    title: Step {i}  # note\n    transitions:\n"
            f"      next: {{to: s{i + 1}, description: Go on}}\n"
            for i in range(200)
        )
        + "  s200:\n    final: true\n"
    )
    document = ScenarioDocument.open(write_scenario(tmp_path / "big", text, {}))
    document.set(("steps", "s7", "title"), "Seven")
    document.rename_key(("steps", "s9", "transitions", "next"), "onward")
    assert len(document.steps_not_loaded) == 199
    assert changed_lines(text, document.yaml_text()) == [
        "-    title: Step 7  # note",
        "+    title: Seven   # note",
        "-      next: {to: s10, description: Go on}",
        "+      onward: {to: s10, description: Go on}",
    ]
    document.rename_step("s150", "late")
    assert len(document.steps_not_loaded) == 197  # s150, and s149 whose 'next' leads there
    assert document.get(("steps", "s149", "transitions", "next", "to")) == "late"
    assert document.errors == []


@pytest.mark.parametrize(
    "text",
    [
        "name: a\nstart: s\nsteps:\n  s:\n    final: true\n  # about t\n  t:\n    final: true\n",
        "name: a\nstart: s\nsteps:\n  s: {final: true}\n",
        "name: a\nstart: s\nsteps:\n  s:\n    final: true\nmodel: {name: x}\n",
        "name: a\nstart: s\nsteps:\n  s:\n    title: &t T\n  u:\n    title: *t\n",
        "name: a\nstart: s\nsteps:\n  s:\n    final: true\n# the end\n",
        "name: a\nstart: s\nsteps:\n  s:\n    final: true\n\n  t:\n    final: true\n",
        "name: a\nstart: s\nsteps:\n  s:\n    final: true\n\n",
        "name: a\nstart: s\nsteps:\n  s:\n    final: [true\n",
    ],
)
def test_files_not_shaped_for_it_are_parsed_whole(tmp_path: Path, text: str) -> None:
    document = ScenarioDocument.open(write_scenario(tmp_path / "odd", text, {}))
    if document.errors and "invalid YAML" in str(document.errors[0]):
        return
    document.prepare()
    assert not document.steps_not_loaded


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(edits=EDITS)
def test_reparsing_only_the_edited_steps_gives_what_a_whole_parse_gives(
    tmp_path: Path, edits: list[tuple[str, str, str]]
) -> None:
    from engine.scenario.loader import parse_scenario

    document = ScenarioDocument.open(write_scenario(tmp_path / "lazy", LAZY_PIZZA))
    assert document.scenario is not None
    for kind, step, text in edits:
        apply_edit(document, kind, step, text)
        try:
            whole = parse_scenario(document.yaml_text())
        except Exception as error:  # the document reports the whole parse's errors
            assert [str(e) for e in document.errors] == [
                str(e) for e in getattr(error, "errors", [error])
            ]
            continue
        derived = document.scenario
        assert derived is not None
        assert derived.model_dump() == whole.model_dump()
        assert list(derived.steps) == list(whole.steps)
        assert derived.marks == whole.marks
        assert all(step.id == step_id for step_id, step in derived.steps.items())


# --- hostile files -------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_only_regular_files_are_read_as_text(tmp_path: Path) -> None:
    from engine.scenario.document.files import read_regular_text

    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    with pytest.raises(ScenarioError, match="not a regular file"):
        read_regular_text(fifo)  # returns at once: opened without blocking, never read
    with pytest.raises(ScenarioError, match="not a regular file"):
        read_regular_text(tmp_path)
    if Path("/dev/zero").exists():
        with pytest.raises(ScenarioError, match="not a regular file"):
            read_regular_text(Path("/dev/zero"))  # would never end
    assert read_regular_text(tmp_path / "missing.md") is None


def test_text_files_past_the_size_cap_are_not_read(tmp_path: Path) -> None:
    from engine.scenario.document.files import read_regular_text

    big = tmp_path / "big.md"
    big.write_bytes(b"x" * 101)
    with pytest.raises(ScenarioError, match="too large"):
        read_regular_text(big, limit=100)
    assert read_regular_text(big, limit=101) == "x" * 101


def test_an_alias_bomb_never_reaches_the_round_trip_tree(tmp_path: Path) -> None:
    laughs = "".join(
        f"{name}: &{name} [{', '.join([f'*{previous}'] * 9)}]\n"
        for previous, name in zip("abcdefgh", "bcdefghi", strict=True)
    )
    text = (
        "name: bomb\nstart: s\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + laughs
        + "steps:\n  s:\n    title: *i\n"
    )
    document = ScenarioDocument.open(write_scenario(tmp_path / "bomb", text, {}))
    assert any("too many values" in str(error) for error in document.errors)
    assert not document.has(("steps",)) and document.keys(()) == []
    with pytest.raises(KeyError):
        document.get(("steps", "s", "title"))
    with pytest.raises(ScenarioError, match="cannot be edited structurally"):
        document.set(("title",), "defused")
    document.set_yaml_text("name: safe\nstart: s\nsteps:\n  s: {final: true}\n")
    assert document.errors == [] and document.get(("steps", "s")) == {"final": True}


def test_a_scenario_once_handed_out_never_changes_and_unchanged_steps_are_shared(
    tmp_path: Path,
) -> None:
    """The studio's views compare steps by identity to redraw only what an edit changed, and
    a running test chat keeps the scenario it started with."""
    document = ScenarioDocument.open(write_scenario(tmp_path / "lazy", LAZY_PIZZA))
    before = document.scenario
    assert before is not None
    greet_text = before.steps["greet"].instructions_text
    document.set(("steps", "greet", "title"), "Hello")
    new_text = "Ask for the address, then confirm it back.\n"
    document.set_text("steps/delivery.md", new_text)
    after = document.scenario
    assert after is not None and after is not before
    assert after.steps["greet"].title == "Hello"
    assert after.steps["delivery"].instructions_text == new_text
    assert before.steps["greet"].title == "Greeting"
    assert before.steps["greet"].instructions_text == greet_text
    assert before.steps["delivery"].instructions_text != new_text
    assert after.steps["take_order"] is before.steps["take_order"]
    assert after.steps["greet"] is not before.steps["greet"]


def test_an_edit_that_breaks_steps_reports_what_a_whole_parse_reports(tmp_path: Path) -> None:
    from engine.errors import ScenarioErrors
    from engine.scenario.loader import parse_scenario

    document = ScenarioDocument.open(write_scenario(tmp_path / "lazy", LAZY_PIZZA))
    assert document.scenario is not None
    document.set(("steps", "delivery", "kind"), "bogus")
    document.set(("steps", "done", "final"), "maybe")
    with pytest.raises(ScenarioErrors) as whole:
        parse_scenario(document.yaml_text(), path=document.yaml_path)
    reported = [(e.message, e.line, e.column, e.field) for e in document.errors]
    assert reported == [(e.message, e.line, e.column, e.field) for e in whole.value.errors]
    assert len(reported) == 2 and all(line and line > 20 for _, line, _, _ in reported)
    document.delete(("steps", "delivery", "kind"))
    document.set(("steps", "done", "final"), True)
    assert document.errors == [] and document.scenario is not None


# --- the file's own spacing -------------------------------------------------------------------

#: The pizza scenario as authors often write it: a blank line between two steps, one before
#: ``steps:``, a comment above a step, and a folded text whose chomping drops its blank lines.
SPACED = """\
name: pizza_order
start: greet
variables:
  customer_name: {type: string}
  pizzas: {type: list}

steps:
  greet:
    title: Greeting
    transitions:
      wants_to_order: {to: take_order}

  take_order:
    text: >-
      Take the order.

    transitions:
      order_complete: {to: delivery}

  # Delivery needs an address.
  delivery:
    transitions:
      confirmed: {to: done}

  done:
    kind: message
    text: Thank you!
    final: true
"""


def step_separators(text: str) -> list[int]:
    """The blank lines above each step after the first (comment lines count as the step's)."""
    lines = text.split("\n")
    start = lines.index("steps:")
    found = []
    for index in range(start + 1, len(lines)):
        if (
            lines[index].startswith("  ")
            and not lines[index].startswith("   ")
            and lines[index].strip().endswith(":")
        ):
            above = index - 1
            while lines[above].lstrip().startswith("#"):
                above -= 1
            blanks = 0
            while not lines[above].strip():
                blanks, above = blanks + 1, above - 1
            found.append(blanks)
    return found[1:]


@pytest.mark.parametrize("step", ["greet", "take_order", "delivery", "done"])
def test_deleting_a_step_keeps_the_files_blank_line_between_the_others(
    tmp_path: Path, step: str
) -> None:
    document = ScenarioDocument.open(write_scenario(tmp_path / "s", SPACED, {}))
    index, old = document.delete(("steps", step))
    text = document.yaml_text()
    assert step_separators(text) == [1, 1] and "\nsteps:\n  " in text, text
    assert "\n\n\n" not in text and text.endswith(
        "final: true\n" if step != "done" else "confirmed: {to: done}\n"
    )
    document.insert(("steps",), step, old, index)
    assert document.yaml_text() == SPACED


@pytest.mark.parametrize("index", [None, 0, 2])
def test_a_new_step_takes_the_files_blank_line_wherever_it_goes(
    tmp_path: Path, index: int | None
) -> None:
    document = ScenarioDocument.open(write_scenario(tmp_path / "s", SPACED, {}))
    document.insert(("steps",), "extra", {"title": "Extra"}, index)
    text = document.yaml_text()
    assert step_separators(text) == [1, 1, 1, 1], text
    assert "\n\n\n" not in text and text.endswith("\n") and not text.endswith("\n\n")
    document.delete(("steps", "extra"))
    assert document.yaml_text() == SPACED


def test_a_new_variable_keeps_the_blank_line_before_the_steps(tmp_path: Path) -> None:
    document = ScenarioDocument.open(write_scenario(tmp_path / "s", SPACED, {}))
    document.insert(("variables",), "address", {"type": "string"})
    assert "  pizzas: {type: list}\n  address: {type: string}\n\nsteps:\n" in document.yaml_text()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_edits_of_a_spaced_file_are_undone_byte_for_byte(
    tmp_path: Path, data: st.DataObject
) -> None:
    folder = write_scenario(tmp_path / f"s{data.draw(st.integers(0, 10**9))}", SPACED, {})
    document = ScenarioDocument.open(folder)
    undo: list[Any] = []
    for _ in range(data.draw(st.integers(1, 5))):
        steps = document.keys(("steps",))
        if data.draw(st.booleans()) and len(steps) > 1:
            path = ("steps", data.draw(st.sampled_from(steps)))
            index, old = document.delete(path)
            undo.append(lambda p=path, i=index, o=old: document.insert(p[:-1], str(p[-1]), o, i))
        else:
            key = f"new_{len(undo)}"
            document.insert(
                ("steps",),
                key,
                {"title": key},
                data.draw(st.one_of(st.none(), st.integers(0, len(steps)))),
            )
            undo.append(lambda k=key: document.delete(("steps", k)))
        text = document.yaml_text()
        assert yaml.safe_load(text) == document.get(())
        assert "\n\n\n" not in text
        assert set(step_separators(text)) <= {1} and "\nsteps:\n  " in text, text
    for step in reversed(undo):
        step()
    assert document.yaml_text() == SPACED


def test_changes_heard_as_one_say_their_common_path_every_step_and_the_whole_text() -> None:
    kind = Change("set", ("steps", "a", "kind"), frozenset({"a"}))
    drop = Change("delete", ("steps", "a", "transitions", "x"), frozenset({"a"}))
    other = Change("set", ("steps", "b", "title"), frozenset({"b"}))
    assert Change.merged([kind]) is kind
    assert Change.merged([kind, drop]) == Change("edits", ("steps", "a"), frozenset({"a"}))
    assert Change.merged([kind, other]) == Change("set", ("steps",), frozenset({"a", "b"}))
    replaced = Change("yaml", (), whole=True)
    assert Change.merged([kind, replaced]).whole
