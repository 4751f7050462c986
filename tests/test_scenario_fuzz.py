"""Whatever text it is given, the loader returns a Scenario or raises a ScenarioError — never
anything else — and the validator never crashes on what the loader accepts."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import ScenarioError
from engine.scenario import Scenario, parse_scenario
from engine.scenario.validate import Finding, validate

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
REPO = Path(__file__).resolve().parent.parent
SEEDS = [
    (FIXTURES / "pizza" / "scenario.yaml").read_text(encoding="utf-8"),
    (REPO / "scenarios" / "analyst_bot" / "scenario.yaml").read_text(encoding="utf-8"),
]

#: Keys the format knows, so generated documents get deep into the models, not only rejected.
KEYS = [
    "name",
    "title",
    "start",
    "persona",
    "model",
    "contract",
    "variables",
    "steps",
    "goal",
    "kind",
    "instructions",
    "text",
    "final",
    "on_enter",
    "results",
    "transitions",
    "to",
    "requires",
    "type",
    "values",
    "default",
    "required",
    "description",
    "max_attempts",
    "fallback_message",
    "temperature",
    "greet",
    "done",
    "stay",
    "a",
    "b",
    "1x",
    "prompt",
    "message",
    "enum",
    "list",
    "respond",
]
#: A deliberate hunt: PROMPTER_FUZZ_EXAMPLES=5000 ./dev test tests/test_scenario_fuzz.py
FUZZ = settings(
    max_examples=int(os.environ.get("PROMPTER_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(KEYS),
    st.text(max_size=20),
)
documents = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), children, max_size=6),
    ),
    max_leaves=40,
)

#: Fragments that are meaningful to YAML: indicators, anchors, tags, tabs, odd whitespace.
FRAGMENTS = st.sampled_from(
    [
        ":",
        ": ",
        "- ",
        "{",
        "}",
        "[",
        "]",
        ",",
        "&a ",
        "*a",
        "!!str ",
        "!!python/object:x ",
        "? ",
        "|",
        ">",
        "#",
        "\t",
        "\n",
        "  ",
        "'",
        '"',
        "%YAML 1.1\n",
        "---\n",
        "...\n",
        "\x00",
        "\ufeff",
        "{{x}}",
        "2024-13-45",
        "0x1F",
        "~",
        "<<: *a\n",
        "é",
        "\r\n",
    ]
)


def load_or_error(text: str) -> Scenario | ScenarioError:
    try:
        return parse_scenario(text, path=Path("fuzz/scenario.yaml"))
    except ScenarioError as error:
        return error


def check(text: str) -> None:
    outcome = load_or_error(text)
    if isinstance(outcome, Scenario):
        findings = validate(outcome)
        assert all(isinstance(finding, Finding) for finding in findings)
    else:
        assert outcome.line is None or outcome.line >= 1
        assert outcome.render().startswith("fuzz/scenario.yaml")


@FUZZ
@given(documents)
def test_generated_documents_load_or_raise_a_scenario_error(document: Any) -> None:
    check(yaml.safe_dump(document, allow_unicode=True))


@FUZZ
@given(
    seed=st.sampled_from(SEEDS),
    edits=st.lists(
        st.tuples(st.floats(min_value=0, max_value=1), st.integers(0, 12), FRAGMENTS | st.text()),
        min_size=1,
        max_size=5,
    ),
)
def test_mutated_scenarios_load_or_raise_a_scenario_error(
    seed: str, edits: list[tuple[float, int, str]]
) -> None:
    """Cut a few characters somewhere and put a YAML-meaningful fragment in their place."""
    text = seed
    for where, cut, fragment in edits:
        at = int(where * len(text))
        text = text[:at] + fragment + text[at + cut :]
    check(text)


@FUZZ
@given(seed=st.sampled_from(SEEDS), data=st.data())
def test_shuffled_and_dropped_lines_load_or_raise_a_scenario_error(
    seed: str, data: st.DataObject
) -> None:
    lines = seed.splitlines(keepends=True)
    kept = data.draw(st.lists(st.sampled_from(lines), max_size=len(lines)))
    check("".join(kept))


@FUZZ
@given(st.text(max_size=200))
def test_arbitrary_text_loads_or_raises_a_scenario_error(text: str) -> None:
    check(text)
