"""Comparing two versions of a scenario: what a reviewer needs to see, and nothing else."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.compare import (
    EntryStatus,
    GuardChange,
    StepStatus,
    TransitionStatus,
    diff_sides,
    load_side,
    side_from_folder,
)
from engine.compare.render import render_text
from engine.compare.union import edge_statuses, union_scenario
from engine.errors import ScenarioError, ScenarioErrors
from engine.scenario.layout import Layout

PIZZA: dict[str, Any] = {
    "name": "pizza",
    "start": "greet",
    "variables": {
        "customer": {"type": "string"},
        "pizzas": {"type": "list"},
        "address": {"type": "string"},
    },
    "steps": {
        "greet": {
            "instructions": "steps/greet.md",
            "results": {"customer": {"type": "string", "required": True}},
            "transitions": {"wants_to_order": {"to": "take_order"}},
        },
        "take_order": {
            "instructions": "steps/take_order.md",
            "results": {"pizzas": {"type": "list", "required": True}},
            "transitions": {"order_complete": {"to": "delivery", "requires": ["pizzas"]}},
        },
        "delivery": {
            "instructions": "steps/delivery.md",
            "results": {"address": {"type": "string", "required": True}},
            "transitions": {
                "confirmed": {"to": "done", "requires": ["address", "pizzas"]},
                "change_order": {"to": "take_order"},
            },
        },
        "done": {"kind": "message", "text": "Thank you!", "final": True},
    },
}
TEXTS = {
    "steps/greet.md": "Greet the customer warmly and ask for their name.\n",
    "steps/take_order.md": (
        "Take the order one pizza at a time.\nRepeat each pizza back.\n"
        "Ask whether they want drinks with it.\n"
    ),
    "steps/delivery.md": "Ask for the delivery address and confirm the order.\n",
}


def write(folder: Path, data: dict[str, Any], texts: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "scenario.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    for relpath, text in texts.items():
        (folder / relpath).parent.mkdir(parents=True, exist_ok=True)
        (folder / relpath).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def versions(tmp_path: Path) -> Any:
    """``make(edit)``: the pizza scenario as ``old``, and as ``edit`` changes it as ``new``."""

    def make(edit: Any = None) -> Any:
        data, texts = copy.deepcopy(PIZZA), dict(TEXTS)
        old = write(tmp_path / "old", PIZZA, TEXTS)
        if edit is not None:
            edit(data, texts)
        new = write(tmp_path / "new", data, texts)
        return diff_sides(side_from_folder(old), side_from_folder(new))

    return make


def test_the_same_scenario_is_equal(versions: Any) -> None:
    diff = versions()
    assert diff.equal and not diff.steps
    assert "are the same" in render_text(diff)


def test_a_renamed_step_is_recognised_by_what_it_does_not_by_its_id(versions: Any) -> None:
    def rename(data: dict[str, Any], texts: dict[str, str]) -> None:
        steps = data["steps"]
        steps["order"] = steps.pop("take_order")
        steps["order"]["instructions"] = "steps/order.md"
        texts["steps/order.md"] = texts.pop("steps/take_order.md").replace("drinks", "a drink")
        steps["greet"]["transitions"]["wants_to_order"]["to"] = "order"
        steps["delivery"]["transitions"]["change_order"]["to"] = "order"

    diff = versions(rename)
    assert [(s.status, s.old_id, s.new_id) for s in diff.steps] == [
        (StepStatus.RENAMED, "take_order", "order")
    ]
    renamed = diff.steps[0]
    assert renamed.similarity is not None and renamed.similarity > 0.7
    assert renamed.instructions is not None
    assert "-Ask whether they want drinks with it." in renamed.instructions.diff
    assert "+Ask whether they want a drink with it." in renamed.instructions.diff
    # The arrows that now point at ``order`` are not retargets: they follow the rename.
    assert diff.step("greet") is None and diff.step("delivery") is None
    assert diff.renames == {"take_order": "order"}


def test_an_unrelated_new_step_is_not_taken_for_a_rename(versions: Any) -> None:
    def replace_step(data: dict[str, Any], texts: dict[str, str]) -> None:
        steps = data["steps"]
        del steps["done"]
        steps["survey"] = {
            "instructions": "steps/survey.md",
            "results": {"rating": {"type": "integer"}},
            "transitions": {"rated": {"to": "delivery"}},
        }
        texts["steps/survey.md"] = "Ask how likely they are to recommend us, from 0 to 10.\n"
        steps["delivery"]["transitions"]["confirmed"]["to"] = "survey"

    diff = versions(replace_step)
    statuses = {step.id: step.status for step in diff.steps}
    assert statuses == {
        "survey": StepStatus.ADDED,
        "done": StepStatus.REMOVED,
        "delivery": StepStatus.CHANGED,
    }


def test_a_retargeted_transition_names_both_targets(versions: Any) -> None:
    def retarget(data: dict[str, Any], texts: dict[str, str]) -> None:
        data["steps"]["delivery"]["transitions"]["change_order"]["to"] = "greet"

    (delivery,) = versions(retarget).steps
    (change,) = delivery.transitions
    assert (change.signal, change.status, change.old_target, change.new_target) == (
        "change_order",
        TransitionStatus.RETARGETED,
        "take_order",
        "greet",
    )


def test_a_guard_change_lists_the_variables_added_and_removed(versions: Any) -> None:
    def guard(data: dict[str, Any], texts: dict[str, str]) -> None:
        data["steps"]["delivery"]["transitions"]["confirmed"]["requires"] = ["pizzas", "customer"]

    (delivery,) = versions(guard).steps
    (change,) = delivery.transitions
    assert change.status is TransitionStatus.CHANGED
    assert change.guard == GuardChange(("address", "pizzas"), ("pizzas", "customer"))
    assert change.guard.added == ("customer",) and change.guard.removed == ("address",)


def test_the_order_of_required_variables_is_not_a_change(versions: Any) -> None:
    def reorder(data: dict[str, Any], texts: dict[str, str]) -> None:
        data["steps"]["delivery"]["transitions"]["confirmed"]["requires"] = ["pizzas", "address"]

    assert versions(reorder).equal


def test_results_added_removed_and_changed(versions: Any) -> None:
    def results(data: dict[str, Any], texts: dict[str, str]) -> None:
        take = data["steps"]["take_order"]["results"]
        take["pizzas"]["required"] = False
        take["drinks"] = {"type": "list"}
        del data["steps"]["greet"]["results"]["customer"]

    diff = versions(results)
    take = diff.step("take_order")
    greet = diff.step("greet")
    assert take is not None and greet is not None
    assert [(r.name, r.status) for r in take.results] == [
        ("pizzas", EntryStatus.CHANGED),
        ("drinks", EntryStatus.ADDED),
    ]
    assert [(f.field, f.old, f.new) for f in take.results[0].fields] == [("required", True, False)]
    assert [(r.name, r.status) for r in greet.results] == [("customer", EntryStatus.REMOVED)]


def test_an_instruction_change_comes_with_a_unified_diff(versions: Any) -> None:
    def reword(data: dict[str, Any], texts: dict[str, str]) -> None:
        texts["steps/delivery.md"] = (
            "Ask for the delivery address.\nRead the whole order back before confirming.\n"
        )

    (delivery,) = versions(reword).steps
    assert delivery.status is StepStatus.CHANGED and not delivery.fields
    text = delivery.instructions
    assert text is not None and (text.added_lines, text.removed_lines) == (2, 1)
    assert text.diff.splitlines() == [
        "--- a/steps/delivery.md",
        "+++ b/steps/delivery.md",
        "@@ -1 +1,2 @@",
        "-Ask for the delivery address and confirm the order.",
        "+Ask for the delivery address.",
        "+Read the whole order back before confirming.",
    ]


def test_a_signal_renamed_with_the_same_target_is_one_rename(versions: Any) -> None:
    def rename_signal(data: dict[str, Any], texts: dict[str, str]) -> None:
        transitions = data["steps"]["greet"]["transitions"]
        transitions["ready_to_order"] = transitions.pop("wants_to_order")

    (greet,) = versions(rename_signal).steps
    (change,) = greet.transitions
    assert (change.status, change.old_signal, change.signal, change.new_target) == (
        TransitionStatus.RENAMED,
        "wants_to_order",
        "ready_to_order",
        "take_order",
    )


def test_scenario_settings_and_variables(versions: Any) -> None:
    def settings(data: dict[str, Any], texts: dict[str, str]) -> None:
        data["model"] = {"name": "gpt-4.1", "temperature": 0.2}
        data["variables"]["phone"] = {"type": "string"}
        data["variables"]["address"]["description"] = "Street and number"

    diff = versions(settings)
    assert [(f.field, f.old, f.new) for f in diff.settings] == [
        ("model.name", "gpt-4.1-mini", "gpt-4.1"),
        ("model.temperature", None, 0.2),
    ]
    assert [(v.name, v.status) for v in diff.variables] == [
        ("address", EntryStatus.CHANGED),
        ("phone", EntryStatus.ADDED),
    ]


def test_layout_changes_are_reported_apart_and_never_hide_a_real_change(tmp_path: Path) -> None:
    old = write(tmp_path / "old", PIZZA, TEXTS)
    Layout({"greet": (0, 0), "take_order": (0, 100)}).save(old)
    moved = write(tmp_path / "moved", PIZZA, TEXTS)
    Layout({"greet": (300, 0), "take_order": (0, 100), "delivery": (0, 200)}).save(moved)
    only_layout = diff_sides(side_from_folder(old), side_from_folder(moved))
    assert not only_layout.scenario_changed and only_layout.layout.changed
    assert [step for step, _old, _new in only_layout.layout.moved] == ["greet"]
    assert only_layout.layout.placed == ("delivery",)
    assert "only the layout changed" in render_text(only_layout)

    data = copy.deepcopy(PIZZA)
    data["steps"]["greet"]["goal"] = "Learn the customer's name"
    both = write(tmp_path / "both", data, TEXTS)
    Layout({"greet": (300, 0), "take_order": (0, 100)}).save(both)
    diff = diff_sides(side_from_folder(old), side_from_folder(both))
    assert diff.scenario_changed and diff.layout.changed
    text = render_text(diff)
    assert text.index("goal: '' → \"Learn the customer's name\"") < text.index("Layout (")


def test_a_renamed_step_keeps_its_place_in_the_layout_comparison(tmp_path: Path) -> None:
    old = write(tmp_path / "old", PIZZA, TEXTS)
    Layout({"take_order": (0, 100)}).save(old)
    data = copy.deepcopy(PIZZA)
    data["steps"]["order"] = data["steps"].pop("take_order")
    data["steps"]["greet"]["transitions"]["wants_to_order"]["to"] = "order"
    data["steps"]["delivery"]["transitions"]["change_order"]["to"] = "order"
    new = write(tmp_path / "new", data, TEXTS)
    Layout({"order": (0, 100)}).save(new)
    diff = diff_sides(side_from_folder(old), side_from_folder(new))
    assert diff.renames == {"take_order": "order"} and not diff.layout.changed


def test_the_json_form_holds_everything_and_is_plain_json(versions: Any) -> None:
    def edit(data: dict[str, Any], texts: dict[str, str]) -> None:
        data["steps"]["delivery"]["transitions"]["change_order"]["to"] = "greet"
        texts["steps/greet.md"] = "Hello!\n"

    record = json.loads(json.dumps(versions(edit).to_json()))
    assert record["equal"] is False and record["counts"]["changed"] == 2
    delivery = next(step for step in record["steps"] if step["new_id"] == "delivery")
    assert delivery["transitions"][0] == {
        "signal": "change_order",
        "status": "retargeted",
        "old_signal": None,
        "old_target": "take_order",
        "new_target": "greet",
        "guard": None,
        "fields": [],
    }


def test_the_union_draws_both_versions_once(bot_history: Path) -> None:
    old = load_side("v1:bot", cwd=bot_history)
    new = load_side("v2:bot", cwd=bot_history)
    diff = diff_sides(old, new)
    union = union_scenario(old.scenario, new.scenario, diff)
    assert set(union.steps) == set(new.scenario.steps) | {"quality"}
    # the removed step leads where its target is now (constraints kept its id)
    assert union.steps["quality"].transitions["quality_clear"].to == "constraints"
    # the review keeps its removed arrow, so it can be drawn in the removed colour
    assert union.steps["review"].transitions["fix_quality"].to == "quality"
    statuses = edge_statuses(diff)
    assert statuses[("review", "fix_quality")] is TransitionStatus.REMOVED
    assert statuses[("idea", "idea_clear")] is TransitionStatus.RETARGETED
    assert statuses[("competition", "competition_clear")] is TransitionStatus.ADDED


# --- git revisions --------------------------------------------------------------------------


def test_two_git_revisions_compare_without_touching_the_working_tree(
    bot_history: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bot_history)
    before = (bot_history / "bot" / "scenario.yaml").read_text(encoding="utf-8")
    diff = diff_sides(load_side("v1:bot"), load_side("HEAD:bot"))
    statuses = {(step.old_id, step.new_id): step.status for step in diff.steps}
    assert statuses == {
        (None, "competition"): StepStatus.ADDED,
        ("quality", None): StepStatus.REMOVED,
        ("users", "audience"): StepStatus.RENAMED,
        ("idea", "idea"): StepStatus.CHANGED,
        ("features", "features"): StepStatus.CHANGED,
        ("constraints", "constraints"): StepStatus.CHANGED,
        ("review", "review"): StepStatus.CHANGED,
    }
    assert (bot_history / "bot" / "scenario.yaml").read_text(encoding="utf-8") == before
    status = subprocess.run(
        ["git", "status", "--porcelain"],
        cwd=bot_history,
        capture_output=True,
        text=True,
        check=True,
    )
    assert status.stdout == ""


def test_a_revision_reads_as_its_folder_did(bot_history: Path, tmp_path: Path) -> None:
    from_git = load_side("v2:bot", cwd=bot_history)
    from_disk = side_from_folder(bot_history / "bot")
    assert diff_sides(from_git, from_disk).equal
    assert from_git.scenario.steps["audience"].instructions_text == (
        from_disk.scenario.steps["audience"].instructions_text
    )
    assert from_git.label == "v2:bot" and from_git.revision is not None


def test_a_path_to_the_scenario_file_and_an_absolute_path_work_too(bot_history: Path) -> None:
    by_file = load_side("v1:bot/scenario.yaml", cwd=bot_history)
    by_absolute = load_side(f"v1:{bot_history / 'bot'}", cwd=Path("/"))
    assert diff_sides(by_file, by_absolute).equal


def test_a_revision_that_does_not_exist_is_a_clear_error(bot_history: Path) -> None:
    with pytest.raises(ScenarioError) as raised:
        load_side("v9:bot", cwd=bot_history)
    assert raised.value.message == "unknown git revision 'v9'"
    assert "git log" in (raised.value.hint or "")


def test_a_folder_the_revision_does_not_have_is_a_clear_error(bot_history: Path) -> None:
    with pytest.raises(ScenarioError) as raised:
        load_side("v1:elsewhere", cwd=bot_history)
    message = raised.value.message
    assert message.startswith("elsewhere has no scenario at revision v1 (")
    assert message.endswith("): the scenario was never committed there")
    assert raised.value.hint == "commit the scenario first, or compare it with a folder"


def test_a_scenario_never_committed_offers_no_revision_and_says_why_in_words(
    bot_history: Path,
) -> None:
    """Compare with HEAD on a new scenario answered in git's words (ls-tree, 'does not
    exist'): now no revision is offered, and a typed one is refused in plain words."""
    from engine.compare.gitread import in_repository, list_revisions

    new = bot_history / "new_bot"
    new.mkdir()
    (new / "scenario.yaml").write_text("name: new_bot\n", encoding="utf-8")
    assert list_revisions(new) == [] and in_repository(new)
    with pytest.raises(ScenarioError) as raised:
        load_side("HEAD:new_bot", cwd=bot_history)
    assert "never committed" in raised.value.message
    assert "git" not in raised.value.message + (raised.value.hint or "")


def test_a_revision_outside_a_repository_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="is not inside a git repository"):
        load_side("HEAD:bot", cwd=tmp_path)


def test_a_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such folder"):
        load_side(str(tmp_path / "nowhere"))


def test_a_broken_scenario_at_a_revision_points_at_its_line(bot_history: Path) -> None:
    from plugins.analytics import git

    path = bot_history / "bot" / "scenario.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("start: welcome", "start: welcome\nstrat: oops"),
        encoding="utf-8",
    )
    git(bot_history, "commit", "-q", "-am", "typo")
    with pytest.raises(ScenarioErrors) as raised:
        load_side("HEAD:bot", cwd=bot_history)
    (error,) = raised.value.errors
    assert str(error.path) == "HEAD:bot/scenario.yaml" and error.line is not None
    assert "unknown key 'strat'" in error.message


def test_the_revisions_offered_are_the_commits_that_touched_the_scenario(
    bot_history: Path, tmp_path: Path
) -> None:
    from engine.compare.gitread import list_revisions

    revisions = list_revisions(bot_history / "bot")
    names = [revision.name for revision in revisions]
    assert names[0] == "HEAD" and names[-3:] == ["main", "v1", "v2"]
    subjects = [revision.description.split(" (")[0] for revision in revisions[1:3]]
    assert subjects == [
        "Audience, competition; quality folded into constraints",
        "The analyst bot as shipped",
    ]
    assert list_revisions(tmp_path) == []


def test_compare_loads_both_sides_and_compares_them(bot_history: Path) -> None:
    from engine.compare import compare

    diff = compare("v1:bot", "bot", cwd=bot_history)
    assert diff.counts() == {"added": 1, "removed": 1, "renamed": 1, "changed": 4}
    assert (diff.old_label, diff.new_label) == ("v1:bot", "bot")
