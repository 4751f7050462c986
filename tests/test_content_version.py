"""A scenario's content version (issue 35): a hash of what changes behaviour, and only that."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.conversation.conversation_core import Conversation
from engine.log.events import Event
from engine.providers.scripted import ScriptedProvider
from engine.scenario.content_version import scenario_version, version_files, write_version_files
from engine.scenario.layout import Layout
from engine.scenario.loader import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SUPPORT_DESK = ROOT / "scenarios" / "support_desk"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return Path(shutil.copytree(SUPPORT_DESK, tmp_path / "support_desk"))


def version_of(folder: Path) -> str:
    return scenario_version(load_scenario(folder))


def appended(relative: str, text: str) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        with (folder / relative).open("a", encoding="utf-8") as file:
            file.write(text)

    return edit


def moved_node(folder: Path) -> None:
    layout = Layout.load(folder)
    layout.set("identify", (1234.0, 567.0))
    layout.save(folder)


def new_test(folder: Path) -> None:
    tests = folder / "tests"
    (tests / "extra.test.yaml").write_text(
        (next(tests.glob("*.test.yaml"))).read_text(encoding="utf-8"), encoding="utf-8"
    )


@pytest.mark.parametrize(
    "edit",
    [
        moved_node,
        appended("scenario.yaml", "\n# a comment changes nothing\n"),
        new_test,
        appended("README.md", "\nMore words for people.\n"),
    ],
    ids=["node moved", "yaml comment", "test added", "readme"],
)
def test_what_does_not_change_behaviour_keeps_the_version(
    folder: Path, edit: Callable[[Path], None]
) -> None:
    before = version_of(folder)
    edit(folder)
    assert version_of(folder) == before


@pytest.mark.parametrize(
    "edit",
    [
        appended("steps/identify.md", "\nAsk for the account's email first.\n"),
        appended("persona.md", "\nBe brief.\n"),
        appended("actions.py", "\n\ndef unused():\n    return {}\n"),
        lambda folder: (folder / "scenario.yaml").write_text(
            (folder / "scenario.yaml")
            .read_text(encoding="utf-8")
            .replace("title: Understand the problem", "title: Understand the issue", 1),
            encoding="utf-8",
        ),
    ],
    ids=["instruction", "persona", "actions.py", "a field"],
)
def test_what_changes_behaviour_changes_the_version(
    folder: Path, edit: Callable[[Path], None]
) -> None:
    before = version_of(folder)
    edit(folder)
    assert version_of(folder) != before


def test_a_versions_files_load_again_as_the_same_version(folder: Path, tmp_path: Path) -> None:
    scenario = load_scenario(folder)
    files = version_files(scenario)
    assert "scenario.yaml" in files and "actions.py" in files and "persona.md" in files
    assert not [name for name in files if name.startswith("tests/")]
    write_version_files(files, tmp_path / "again")
    assert version_of(tmp_path / "again") == scenario_version(scenario)


def test_every_conversation_logs_its_version_in_session_start(folder: Path) -> None:
    scenario = load_scenario(folder)
    conversation = Conversation(scenario, ScriptedProvider([]))
    events: list[Event] = []
    conversation.events.subscribe(events.append)
    asyncio.run(conversation.start())
    assert events[0].type == "session_start"
    assert events[0].data["version"] == scenario_version(scenario)
