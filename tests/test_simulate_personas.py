"""Persona files: Markdown with optional front matter, read with the scenario loader's limits and
errors located at the persona file's own lines; the shipped scenarios each have personas."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import ScenarioErrors
from engine.io.resources import scenarios_dir
from engine.offline.persona_model import PersonaSheet
from engine.scenario.loader import load_scenario
from engine.simulate.facts import checkable
from engine.simulate.persona import (
    MAX_PERSONA_BYTES,
    PERSONAS_DIR,
    find_personas,
    load_persona,
    load_personas,
    parse_persona,
)
from engine.simulate.user import user_instructions

TERSE = """\
---
name: Terse founder
model: gpt-4o-mini
goal: A brief, fast
facts:
  project_name: SnipSlot
  hours_per_week: 6
  consent: true
  features: [book a slot, send a reminder]
  issue: /sign.?in/
behaviour: [terse, impatient]
withholds: [budget_usd]
---
Dana owns a salon and types on her phone.
"""


def errors_of(text: str, name: str = "p.md") -> list[str]:
    with pytest.raises(ScenarioErrors) as caught:
        parse_persona(text, path=Path(name))
    return [error.render() for error in caught.value.errors]


def test_front_matter_and_description_are_read() -> None:
    persona = parse_persona(TERSE, path=Path("tests/personas/terse.md"))
    assert persona.name == "Terse founder"
    assert persona.key == "terse"
    assert persona.spec.model == "gpt-4o-mini"
    assert persona.spec.facts["hours_per_week"] == 6
    assert persona.spec.behaviour == ["terse", "impatient"]
    assert persona.description == "Dana owns a salon and types on her phone."
    assert persona.told_facts == {
        "project_name": "SnipSlot",
        "hours_per_week": 6,
        "consent": True,
        "features": ["book a slot", "send a reminder"],
    }
    assert persona.marks[("facts", "hours_per_week")] == (7, 19)  # the file's own line


def test_a_persona_without_front_matter_is_its_text() -> None:
    persona = parse_persona(
        "\ufeffJust a curious visitor who asks a lot of questions.\n", path=Path("curious.md")
    )
    assert persona.name == "curious"
    assert persona.spec.facts == {}
    assert persona.description.startswith("Just a curious visitor")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "---\nname: X\nfact:\n  a: 1\n---\nHi\n",
            "p.md:3:1: error: unknown key 'fact' (did you mean 'facts'?)",
        ),
        (
            "---\nname: X\nbehaviour: [terse, grumpy]\n---\nHi\n",
            "p.md:3:12: error: behaviour: unknown behaviour 'grumpy'",
        ),
        ("---\nname: X\nfacts:\n  budget: {amount: 5}\n---\nHi\n", "p.md:4:"),
        ("---\nname: [unclosed\n---\nHi\n", "p.md:2:7: error: invalid YAML: the '[' opened here"),
        ("---\nname: X\nname: Y\n---\nHi\n", "p.md:3:1: error: duplicate key 'name'"),
        ("---\nname: X\n", "p.md:1:1: error: the front matter opened on line 1 is never closed"),
        ("---\n- a\n- b\n---\nHi\n", "p.md:2:1: error: the front matter must be a mapping"),
        ("---\nname: X\n---\n\n", "p.md:1:1: error: the persona says nothing about the user"),
        ("---\nfacts: {x: '/[unclosed/'}\n---\nHi\n", "is not a valid regular expression"),
        ("---\nwithholds: [not an identifier]\n---\nHi\n", "p.md:2:"),
        ("---\ntemperature: 7\n---\nHi\n", "p.md:2:14: error: temperature"),
    ],
)
def test_a_persona_that_does_not_parse_says_where(text: str, expected: str) -> None:
    found = errors_of(text)
    assert any(expected in error for error in found), found


def test_hostile_files_are_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    big.write_text("x" * (MAX_PERSONA_BYTES + 1), encoding="utf-8")
    latin = tmp_path / "latin.md"
    latin.write_bytes("caf\xe9".encode("latin-1"))
    bomb = tmp_path / "bomb.md"
    bomb.write_text(
        "---\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
        + "".join(
            f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
            for p, c in zip("abcdefg", "bcdefgh", strict=True)
        )
        + "---\nHi\n",
        encoding="utf-8",
    )
    messages = {}
    for path in (big, latin, bomb, tmp_path / "missing.md"):
        with pytest.raises(ScenarioErrors) as refused:
            load_persona(path, inside=tmp_path)
        messages[path.name] = str(refused.value)
    assert "file is too large" in messages["big.md"]
    assert "not UTF-8" in messages["latin.md"]
    assert "bomb.md:2:1: error: the file expands to too many values" in messages["bomb.md"]
    assert "no such persona file" in messages["missing.md"]


def test_loading_personas_reports_every_broken_file_at_once(tmp_path: Path) -> None:
    folder = tmp_path / PERSONAS_DIR
    folder.mkdir(parents=True)
    (folder / "a.md").write_text("---\nfact: {}\n---\nHi\n", encoding="utf-8")
    (folder / "b.md").write_text("---\nbehaviour: [nice]\n---\nHi\n", encoding="utf-8")
    (folder / "c.md").write_text("Fine.\n", encoding="utf-8")
    with pytest.raises(ScenarioErrors) as caught:
        load_personas(tmp_path)
    assert {Path(str(error.path)).name for error in caught.value.errors} == {"a.md", "b.md"}
    assert [p.name for p in load_personas(tmp_path, ["c"])] == ["c"]
    with pytest.raises(ScenarioErrors, match="no personas to simulate"):
        load_personas(tmp_path / "nowhere")


def test_the_simulated_user_reads_its_persona_under_headings_the_fake_reads_back() -> None:
    scenario = load_scenario(scenarios_dir() / "analyst_bot")
    persona = parse_persona(TERSE, path=Path("terse.md"))
    text = user_instructions(persona, scenario)
    assert "Dana owns a salon" in text
    assert "- hours_per_week: 6" in text
    assert "/sign.?in/" not in text  # a check, never told
    assert "budget_usd" in text.split("# What you never tell")[1]
    sheet = PersonaSheet.read(text)
    assert sheet.facts == persona.told_facts
    assert sheet.traits == {"terse", "impatient"}
    assert sheet.withholds == {"budget_usd"}
    assert sheet.goal == "A brief, fast"


@pytest.mark.parametrize("name", ["analyst_bot", "support_desk"])
def test_each_shipped_scenario_has_personas_that_parse_and_check_real_names(name: str) -> None:
    folder = scenarios_dir() / name
    scenario = load_scenario(folder)
    personas = load_personas(folder)
    assert len(personas) >= 2
    assert len(find_personas(folder)) == len(personas)
    traits = {trait for persona in personas for trait in persona.spec.behaviour}
    assert len(traits) >= 3  # they differ in how they behave, not only in what they want
    for persona in personas:
        assert persona.description and persona.spec.goal
        checked = [fact for fact in persona.spec.facts if checkable(scenario, fact)]
        assert checked, f"{persona.path}: no fact the report can check"
