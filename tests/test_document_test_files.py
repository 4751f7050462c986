"""The document holds a scenario's tests like its other files: listed, edited in memory, undone
byte for byte and written by the save — and an edit of a file the scenario does not read is
announced as such, so nothing re-derives the scenario or offers a chat restart for it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from engine.scenario.document import Change, ScenarioDocument
from engine.scenario_tests.definition import CASSETTE_SUFFIX, TEST_SUFFIX, TESTS_DIR

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
TESTS = f"{TESTS_DIR}/*{TEST_SUFFIX}"
A_TEST = "name: Ana orders\nturns:\n  - user: Hi, Ana here\n    expect: {step: greet}\n"


@pytest.fixture
def pizza(tmp_path: Path) -> Path:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)
    (folder / "tests").mkdir()
    (folder / "tests" / "greets.test.yaml").write_text(A_TEST, encoding="utf-8")
    (folder / "tests" / "greets.replies.jsonl").write_text("{}\n", encoding="utf-8")
    (folder / "tests" / "notes.md").write_text("not a test\n", encoding="utf-8")
    return folder


def listen(document: ScenarioDocument) -> list[Change]:
    changes: list[Change] = []
    document.subscribe(changes.append)
    return changes


def test_the_tests_on_disk_and_those_created_in_memory_are_listed(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    assert document.files(TESTS) == ["tests/greets.test.yaml"]

    document.set_text("tests/orders.test.yaml", A_TEST)
    document.set_text("tests/orders" + CASSETTE_SUFFIX, "{}\n")

    assert document.files(TESTS) == ["tests/greets.test.yaml", "tests/orders.test.yaml"]
    assert document.files(f"tests/*{CASSETTE_SUFFIX}") == [
        "tests/greets.replies.jsonl",
        "tests/orders.replies.jsonl",
    ]
    assert not (pizza / "tests" / "orders.test.yaml").exists()


def test_a_created_test_emptied_again_is_neither_listed_nor_written(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set_text("tests/orders.test.yaml", A_TEST)
    document.set_text("tests/orders.test.yaml", "")  # the undo of the creation

    assert document.files(TESTS) == ["tests/greets.test.yaml"]
    assert not document.is_modified("tests/orders.test.yaml")
    assert not document.modified
    assert document.save() == []
    assert not (pizza / "tests" / "orders.test.yaml").exists()


def test_saving_writes_new_and_edited_tests_and_only_those(tmp_path: Path) -> None:
    folder = tmp_path / "pizza"
    shutil.copytree(FIXTURES / "pizza", folder)  # no tests/ folder yet
    document = ScenarioDocument.open(folder)
    document.set_text("tests/orders.test.yaml", A_TEST)
    document.set_text("tests/orders.replies.jsonl", "{}\n")
    assert document.is_modified("tests/orders.test.yaml")

    written = document.save()

    assert sorted(written) == [
        folder / "tests" / "orders.replies.jsonl",
        folder / "tests" / "orders.test.yaml",
    ]
    assert (folder / "tests" / "orders.test.yaml").read_text(encoding="utf-8") == A_TEST
    assert not document.is_modified("tests/orders.test.yaml")
    assert not document.modified


def test_an_edit_undone_leaves_the_test_file_byte_for_byte(pizza: Path) -> None:
    before = (pizza / "tests" / "greets.test.yaml").read_bytes()
    document = ScenarioDocument.open(pizza)
    old = document.text("tests/greets.test.yaml")
    document.set_text("tests/greets.test.yaml", old.replace("greet", "take_order"))
    assert document.is_modified("tests/greets.test.yaml")

    document.set_text("tests/greets.test.yaml", old)

    assert not document.is_modified("tests/greets.test.yaml")
    assert document.save() == []
    assert (pizza / "tests" / "greets.test.yaml").read_bytes() == before


def test_an_edit_of_a_test_is_a_file_change_and_the_scenario_stays_the_same_object(
    pizza: Path,
) -> None:
    document = ScenarioDocument.open(pizza)
    scenario = document.scenario
    changes = listen(document)

    document.set_text("tests/greets.test.yaml", A_TEST + "end: {finished: false}\n")

    assert changes == [Change("file", ("tests/greets.test.yaml",))]
    assert not changes[0].structural and not changes[0].scenario_changed
    assert document.scenario is scenario


def test_an_edit_of_an_instruction_file_still_changes_the_scenario(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    scenario = document.scenario
    changes = listen(document)

    document.set_text("steps/greet.md", "Greet warmly.\n")

    assert changes == [Change("text", ("steps/greet.md",))]
    assert changes[0].scenario_changed
    assert document.scenario is not scenario
    assert document.scenario is not None
    assert document.scenario.steps["greet"].instructions_text == "Greet warmly.\n"


def test_a_file_the_scenario_reads_is_text_even_under_tests(pizza: Path) -> None:
    """A step may name any file as its instructions; then its edits change the scenario."""
    document = ScenarioDocument.open(pizza)
    document.set(("steps", "greet", "instructions"), "tests/greet.test.yaml")
    changes = listen(document)

    document.set_text("tests/greet.test.yaml", "Greet in verse.\n")

    assert [change.kind for change in changes] == ["text"]
    assert document.scenario is not None
    assert document.scenario.steps["greet"].instructions_text == "Greet in verse.\n"


def test_saving_is_announced_but_changes_no_scenario(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set_text("tests/greets.test.yaml", A_TEST + "\n")
    changes = listen(document)
    document.save()
    assert [change.kind for change in changes] == ["saved"]
    assert not changes[0].scenario_changed


def test_special_files_and_links_out_of_the_folder_are_not_listed(
    pizza: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere.test.yaml"
    outside.write_text(A_TEST, encoding="utf-8")
    (pizza / "tests" / "escape.test.yaml").symlink_to(outside)
    os.mkfifo(pizza / "tests" / "pipe.test.yaml")
    (pizza / "tests" / "folder.test.yaml").mkdir()

    document = ScenarioDocument.open(pizza)

    assert document.files(TESTS) == ["tests/greets.test.yaml"]


def test_reload_forgets_tests_created_in_memory(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.set_text("tests/orders.test.yaml", A_TEST)
    document.reload()
    assert document.files(TESTS) == ["tests/greets.test.yaml"]


def test_another_program_changing_a_test_that_was_read_is_noticed(pizza: Path) -> None:
    document = ScenarioDocument.open(pizza)
    document.text("tests/greets.test.yaml")
    (pizza / "tests" / "greets.test.yaml").write_text(A_TEST + "# edited\n", encoding="utf-8")
    assert document.disk_changed() == [pizza / "tests" / "greets.test.yaml"]
