"""The scenarios File ▸ New starts from (``ScenarioDocument.new``)."""

from __future__ import annotations


def title_of(name: str) -> str:
    return name.replace("_", " ").strip().capitalize() or "Scenario"


_BLANK = """\
# A Prompter scenario: the dialogue graph. Each step's instructions live in steps/<step>.md.
name: {name}
title: {title}
start: start
persona: persona.md          # short global instructions, sent on every model call
steps:
  start:
    title: Start
    goal: Greet the user and help with their request
    instructions: steps/start.md
    final: true
"""

_LINEAR = """\
# A Prompter scenario: the dialogue graph. Each step's instructions live in steps/<step>.md.
name: {name}
title: {title}
start: greet
persona: persona.md          # short global instructions, sent on every model call
variables:
  user_name: {{type: string, description: How the user wants to be addressed}}
steps:
  greet:
    title: Greeting
    goal: Welcome the user and learn their name
    instructions: steps/greet.md
    results:
      user_name: {{type: string}}
    transitions:
      introduced: {{to: goodbye, description: The user told their name, requires: [user_name]}}
  goodbye:
    kind: message
    text: "Thank you, {{{{user_name}}}}. Goodbye!"
    final: true
"""

_PERSONA = "You are a friendly, concise assistant. Answer in the user's language.\n"

#: name -> (scenario.yaml text with {name}/{title} fields, other files of the folder)
TEMPLATES: dict[str, tuple[str, dict[str, str]]] = {
    "blank": (
        _BLANK,
        {
            "persona.md": _PERSONA,
            "steps/start.md": "Greet the user, ask what they need, and help them with it.\n",
        },
    ),
    "linear": (
        _LINEAR,
        {
            "persona.md": _PERSONA,
            "steps/greet.md": "Greet the user warmly and ask how they would like to be "
            "addressed. Once they have told you, use the signal `introduced`.\n",
        },
    ),
}
