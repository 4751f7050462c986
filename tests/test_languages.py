"""A scenario's language: the engine's own words around the author's text are in it.

The tables (``engine.languages``) are complete and keep the English fields; a tag finds its
table (``fr-CA`` → ``fr``) or falls back to English with a validator warning; a French or Hindi
scenario's requests carry the scaffolding, the schema's descriptions, the corrections and the
fallback in its language, laid out byte for byte the same on every run; the key-free model and
the simulated users answer in it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.dialogue.contract import parse_reply, refused
from engine.dialogue.fsm import Unmet
from engine.dialogue.prompting import build_prompt, fill_placeholders, words_of
from engine.errors import ContractViolation, ScenarioErrors
from engine.io.resources import scenarios_dir
from engine.languages import (
    KEY_FREE,
    SCAFFOLDING,
    TABLES,
    fields_of,
    language_name,
    phrasebook,
    scaffolding,
    table_for,
)
from engine.log.events import EventType
from engine.log.reader import read_log
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
from engine.offline.persona_model import PersonaModel, RoleRouter
from engine.offline.scenario_bot import ScenarioBot
from engine.providers import make_provider
from engine.providers.base import ModelReply, Usage
from engine.scenario.definition import PromptLayout, Scenario
from engine.scenario.loader import load_scenario, parse_scenario
from engine.scenario.validate import validate
from engine.simulate import RateLimitTable, Simulation, SimulationSettings, load_personas

FRENCH = scenarios_dir() / "reservation_restaurant"
HINDI = scenarios_dir() / "clinic_appointment"
#: English scaffolding a French or Hindi prompt must not hold (each is in the English table).
ENGLISH_SCAFFOLDING = (
    "# How you reply",
    "# Current step",
    "This step is now in force",
    "Goal: ",
    "## Results of this step",
    "remain in this step",
    "next goal",
    ", required",
    "# Conversation: ",
    "What the user reads",
    "Your last reply broke",
    "Allowed transitions",
)


# --- the tables ------------------------------------------------------------------------------


@pytest.mark.parametrize("part", [SCAFFOLDING, KEY_FREE])
@pytest.mark.parametrize("tag", sorted(TABLES))
def test_every_table_translates_every_english_text_with_the_same_fields(
    tag: str, part: str
) -> None:
    english = phrasebook("en", part).texts
    own: dict[str, str] = getattr(TABLES[tag], part)
    assert set(own) == set(english), f"{tag} {part}: keys differ from English"
    assert {key: fields_of(text) for key, text in own.items()} == {
        key: fields_of(text) for key, text in english.items()
    }
    for text in own.values():  # every template formats (no stray brace)
        text.format(**dict.fromkeys(fields_of(text), "x"))
    if tag != "en":  # translated, not copied: a few names and markups stay as they are
        words = [key for key, text in own.items() if any(c.isalpha() for c in text)]
        copied = [key for key in words if own[key] == english[key]]
        assert len(copied) <= len(words) // 7, copied


def test_a_tag_finds_its_table_by_its_primary_subtag_or_falls_back_to_english() -> None:
    assert table_for("fr") == table_for("FR") == table_for("fr-CA") == "fr"
    assert table_for("hi-IN") == "hi"
    assert table_for("de") is None
    german = scaffolding("de")
    assert german.table == "" and set(german.missing) == set(scaffolding("en").texts)
    assert german.say("section_heading") == "# Current step: "
    assert language_name("hi") == "हिन्दी" and language_name("de") == "de"


def _scenario(tmp_path: Path, language: str) -> Scenario:
    (tmp_path / "p.md").write_text("Be kind.", encoding="utf-8")
    text = f"""\
name: t
language: {language}
persona: p.md
start: a
steps:
  a:
    instructions: a.md
    transitions: {{done: {{to: b}}}}
  b: {{kind: message, text: Bye, final: true}}
"""
    (tmp_path / "a.md").write_text("Ask.", encoding="utf-8")
    (tmp_path / "scenario.yaml").write_text(text, encoding="utf-8")
    return load_scenario(tmp_path)


def test_a_language_without_a_table_runs_in_english_and_the_validator_says_so(
    tmp_path: Path,
) -> None:
    findings = [f for f in validate(_scenario(tmp_path, "de")) if f.code != "no-final-step"]
    assert [(f.code, f.severity, f.line) for f in findings] == [
        ("untranslated-scaffolding", "warning", 2)
    ]
    assert "'de'" in findings[0].message and "English" in findings[0].message


@pytest.mark.parametrize("language", ["en", "fr", "hi", "fr-CA"])
def test_a_language_with_a_table_gets_no_warning(tmp_path: Path, language: str) -> None:
    assert [f.code for f in validate(_scenario(tmp_path, language))] == []


def test_a_language_must_be_a_bcp47_tag(tmp_path: Path) -> None:
    with pytest.raises(ScenarioErrors) as caught:
        parse_scenario("name: t\nlanguage: français\nstart: a\nsteps: {a: {text: x}}\n")
    assert any(error.field == "language" for error in caught.value.errors)


# --- what a French or Hindi scenario's model reads -------------------------------------------


def _prompts(scenario: Scenario, layout: PromptLayout) -> list[str]:
    """Every text the model reads at the first call of every prompt step, schema included."""
    texts = []
    for step in scenario.steps.values():
        if step.kind.value != "prompt":
            continue
        prompt = build_prompt(scenario, step, {}, layout=layout, visited=[step.id])
        texts.append(prompt.instructions)
        texts += [item.content for item in prompt.items]
        texts.append(json.dumps(prompt.schema, ensure_ascii=False))
    return texts


@pytest.mark.parametrize("layout", list(PromptLayout))
@pytest.mark.parametrize(
    ("folder", "heading", "rules"),
    [
        (FRENCH, "# Étape en cours : ", "# Comment répondre"),
        (HINDI, "# वर्तमान चरण: ", "# उत्तर कैसे दें"),
    ],
    ids=["fr", "hi"],
)
def test_the_scaffolding_of_a_french_or_hindi_scenario_is_in_its_language(
    folder: Path, heading: str, rules: str, layout: PromptLayout
) -> None:
    scenario = load_scenario(folder)
    texts = _prompts(scenario, layout)
    everything = "\n".join(texts)
    assert rules in everything and heading in everything
    assert [phrase for phrase in ENGLISH_SCAFFOLDING if phrase in everything] == []


def test_a_french_step_section_lists_results_and_transitions_in_french() -> None:
    scenario = load_scenario(FRENCH)
    step = scenario.steps["recapitulatif"]
    values = {"couverts": 4, "jour": "samedi", "heure": "20h", "nom": "Martin"}
    values |= {"telephone": "06", "terrasse": True, "allergies": "aucune"}
    prompt = build_prompt(scenario, step, values, layout=PromptLayout.COMPACT)
    section = prompt.items[-1].content
    assert section.splitlines()[:3] == [
        "# Étape en cours : Récapitulatif",
        "Cette étape est désormais en vigueur ; les instructions des étapes précédentes ne "
        "s'appliquent plus.",
        "Objectif : Relire la réservation avec le client et obtenir sa confirmation",
    ]
    assert "terrasse : oui" in section  # a yes/no value, written in French
    assert "- confirme (oui ou non (booléen), obligatoire) : " in section
    assert '- "stay" : rester dans cette étape.' in section
    assert "Requiert : confirme" in section


def test_the_layout_is_byte_stable_per_language_across_runs() -> None:
    """The cached prefix must be the same bytes on every run: nothing in it may depend on hash
    seeds or the order of a set."""
    script = (
        "import hashlib, json, sys\n"
        "from engine.dialogue.prompting import build_prompt\n"
        "from engine.scenario.definition import PromptLayout\n"
        "from engine.scenario.loader import load_scenario\n"
        "digest = hashlib.sha256()\n"
        "for folder in sys.argv[1:]:\n"
        "    s = load_scenario(folder)\n"
        "    for layout in PromptLayout:\n"
        "        for step in s.steps.values():\n"
        "            if step.kind.value != 'prompt': continue\n"
        "            p = build_prompt(s, step, {}, layout=layout, visited=[step.id])\n"
        "            digest.update(p.instructions.encode())\n"
        "            digest.update(json.dumps(p.schema, ensure_ascii=False).encode())\n"
        "            for item in p.items: digest.update(item.content.encode())\n"
        "print(digest.hexdigest())\n"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script, str(FRENCH), str(HINDI)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("0", "1", "4242")
    }
    assert len(digests) == 1


@pytest.mark.parametrize("folder", [FRENCH, HINDI], ids=["fr", "hi"])
def test_compact_instructions_and_schema_are_one_prefix_for_every_step(folder: Path) -> None:
    scenario = load_scenario(folder)
    prompts = [
        build_prompt(scenario, step, {}, layout=PromptLayout.COMPACT)
        for step in scenario.steps.values()
        if step.kind.value == "prompt"
    ]
    assert len({p.instructions for p in prompts}) == 1
    assert len({hashlib.sha256(json.dumps(p.schema).encode()).digest() for p in prompts}) == 1


def _reply(text: str) -> ModelReply:
    return ModelReply(text=text, response_id="r", usage=Usage(), latency_s=0.0, model="m")


def test_a_correction_is_in_the_scenario_language_and_its_logged_detail_in_english() -> None:
    scenario = load_scenario(FRENCH)
    step = scenario.steps["creneau"]
    words = words_of(scenario)
    with pytest.raises(ContractViolation) as caught:
        parse_reply(_reply('{"message": "", "transition": "stay"}'), step, words=words)
    issue = caught.value
    assert issue.kind == "missing_field"
    assert issue.detail.startswith("the field 'results' is missing")
    assert issue.correction.startswith(
        "Votre dernière réponse ne respectait pas le contrat de réponse : le champ 'results' manque"
    )
    assert "Incluez les quatre champs" in issue.correction
    assert issue.correction.endswith(
        'Transitions permises : "stay", "creneau_choisi", "retour_recapitulatif".'
    )
    blocked = refused(Unmet(results=("couverts",)), "creneau_choisi", step, words=words)
    assert blocked.detail == (
        "'transition' is 'creneau_choisi' but the required 'results.couverts' is still unknown"
    )
    assert "le résultat obligatoire 'results.couverts' est encore inconnu" in blocked.correction
    hindi = load_scenario(HINDI)
    with pytest.raises(ContractViolation) as caught:
        parse_reply(_reply("नमस्ते"), hindi.steps["slot"], words=words_of(hindi))
    assert caught.value.correction.startswith(
        "आपके पिछले उत्तर ने उत्तर का अनुबंध तोड़ा: उत्तर मान्य JSON नहीं है"
    )


def test_the_default_fallback_is_in_the_scenario_language_and_the_author_s_wins(
    tmp_path: Path,
) -> None:
    assert load_scenario(FRENCH).fallback_text.startswith("Pardon, je n'ai pas bien compris")
    assert load_scenario(HINDI).fallback_text.startswith("माफ़ कीजिए")
    english = _scenario(tmp_path, "en")
    assert english.fallback_text == (
        "Sorry, I didn't quite get that. Could you say it again in other words?"
    )
    own = english.model_copy(
        update={"contract": english.contract.model_copy(update={"fallback_message": "Hein ?"})}
    )
    assert own.fallback_text == "Hein ?"


def test_values_in_a_message_are_written_in_the_scenario_language() -> None:
    french, hindi = scaffolding("fr"), scaffolding("hi")
    assert fill_placeholders("{{a}} {{b}}", {"a": True, "b": ["x", "y"]}, words=french).text == (
        "oui x, y"
    )
    assert fill_placeholders("{{a}}", {"a": False}, words=hindi).text == "नहीं"


def test_a_french_scenario_s_requests_carry_french_scaffolding_through_the_sdk(
    fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    """The shipped French test, replayed through the real SDK and Responses provider against
    the fake server, sends French instructions and a French step section."""
    from engine.offline.autopilot import Autopilot
    from engine.scenario_tests.record_shipped import plan_for
    from engine.scenario_tests.suite import load_suite

    suite = load_suite(FRENCH)
    test = next(t for t in suite.tests if t.path.name == "reservation_simple.test.yaml")
    scenario = suite.scenario
    fake_openai.responder = Autopilot(scenario, plan_for(scenario, test, "creneau"))
    from engine.conversation.sync_conversation import SyncConversation

    provider = make_provider("responses", api_key=FAKE_API_KEY, base_url=fake_openai.base_url)
    with SyncConversation.open(scenario, provider) as chat:
        chat.start()
        for turn in test.turns:
            chat.send(turn.user)
    bodies = [r.body or {} for r in fake_openai.model_requests()]
    assert bodies and all("# Comment répondre" in b["instructions"] for b in bodies)
    sections = [
        item["content"]
        for body in bodies
        for item in body.get("input", [])
        if isinstance(item, dict) and item.get("role") == "system"
    ]
    assert any(text.startswith("# Étape en cours : Allergies et terrasse") for text in sections)


# --- the key-free model -----------------------------------------------------------------------

#: What the English key-free model says; none of it may appear in a French or Hindi chat.
ENGLISH_KEY_FREE = (
    "Could you tell me",
    "Thanks, noted",
    "Thank you, that is clear",
    "Is this right",
    "My ",
    "Hi!",
    "Yes, sure",
    "Alright",
)


@pytest.mark.parametrize("api", ["responses", "chat"])
@pytest.mark.parametrize(
    ("folder", "marker"), [(FRENCH, "Pourriez-vous"), (HINDI, "कृपया")], ids=["fr", "hi"]
)
def test_the_key_free_bot_and_its_simulated_users_speak_the_scenario_language(
    folder: Path, marker: str, api: str, tmp_path: Path, fake_openai: FakeOpenAIServer
) -> None:
    """With either API (the chat one joins the step section to the rules, which quote its
    heading: the stand-in bot still finds the step)."""
    scenario = load_scenario(folder)
    fake_openai.responder = RoleRouter(ScenarioBot(scenario), PersonaModel())
    provider = make_provider(api, api_key=FAKE_API_KEY, base_url=fake_openai.base_url)
    simulation = Simulation(
        scenario,
        load_personas(folder),
        SimulationSettings(runs=1, max_turns=25, jobs=2),
        bot_provider=provider,
        out_dir=tmp_path / "out",
        limits=RateLimitTable({}),
    )
    try:
        report = simulation.run_sync()
    finally:
        asyncio.run(provider.aclose())
    assert report.counts["finished"] == len(report.conversations) >= 2
    said = []
    for log in sorted((tmp_path / "out" / "conversations").glob("*.jsonl")):
        for event in read_log(log).events:
            if event.type in (EventType.BOT_MESSAGE, EventType.USER_MESSAGE):
                said.append(str(event.data.get("text", "")))
    everything = "\n".join(said)
    assert marker in everything
    assert [phrase for phrase in ENGLISH_KEY_FREE if phrase in everything] == []
