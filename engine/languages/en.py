"""English: what the engine writes around the author's text, and what the key-free model says.

The reference table: every key of every other language is a key here, and a key another table
lacks is taken from here (the validator says so: ``untranslated-scaffolding``). The texts are
``str.format`` templates; a translation keeps exactly the same ``{fields}``
(``tests/test_languages.py``). Changing a text here changes every English prompt: the shipped
scenarios' cassettes go stale (``python -m engine.scenario_tests.record_shipped``).
"""

from __future__ import annotations

NAME = "English"

#: What the model reads: the reply rules, the step sections, the corrections, the fallback.
SCAFFOLDING: dict[str, str] = {
    # --- the reply rules (engine.dialogue.prompting) ---
    "contract_rules": """\
# How you reply
You run one step of a scripted conversation. Follow the current step's instructions below.
Reply to every user message with ONE JSON object and nothing else (no Markdown fence):
{{"message": "...", "transition": "...", "results": {{...}}, "summary": "..."}}
- message: what the user reads, in the user's language. Never empty.
- transition: "stay" while the step's goal is not reached; when it is, one of the step's listed
  transitions. When you move on, let your message lead naturally into the next step's goal.
- results: every result listed for the step. Use null for what you do not know yet, and repeat
  the values you already know.
- summary: one or two sentences on what this step has established so far.
A transition marked "needs" is allowed only once those values are known.""",
    "conversation_rules": """\
# How you reply
You run a scripted conversation one step at a time. Each step's instructions arrive in the
conversation as a message headed "# Current step:". The latest one is the step in force: follow
it, and no longer follow the instructions of earlier steps.
Reply to every user message with ONE JSON object and nothing else (no Markdown fence):
{{"message": "...", "transition": "...", "results": {{...}}, "summary": "..."}}
- message: what the user reads, in the user's language. Never empty.
- transition: "stay" while the current step's goal is not reached; when it is, one of the
  transitions listed for the current step. When you move on, let your message lead naturally
  into the next step's goal.
- results: the results listed for the current step. Use null for what you do not know yet
  and repeat the values you already know; results of other steps stay null or left out.
- summary: one or two sentences on what the current step has established so far.
A transition marked "needs" is allowed only once those values are known.""",
    "conversation_heading": "# Conversation: {title}",
    # --- a step's section ---
    "section_heading": "# Current step: ",
    "in_force": "This step is now in force; the instructions of earlier steps no longer apply.",
    "goal": "Goal: {goal}",
    "results_heading": "## Results of this step",
    "transitions_heading": "## Transitions",
    "stay_line": '- "{stay}": remain in this step.',
    "result_line": "- {name} ({kind}{required})",
    "result_required": ", required",
    "result_description": ": {description}",
    "type_string": "string",
    "type_integer": "integer",
    "type_number": "number",
    "type_boolean": "boolean",
    "type_enum": "one of {values}",
    "type_list": "list of strings",
    "transition_line": '- "{signal}" → {title}',
    "transition_goal": " (next goal: {goal})",
    "transition_when": ". When: {description}",
    "transition_needs": ". Needs: {names}",
    # --- the steps already left ---
    "earlier_heading": "# Earlier steps",
    "earlier_intro": "What the conversation established so far:",
    "earlier_step": 'Earlier step "{title}": {summary}',
    # --- values written into texts ---
    "yes": "yes",
    "no": "no",
    "list_separator": ", ",
    # --- the input of an on_enter: respond call ---
    "on_enter_input": (
        "(The conversation has just entered this step. Reply now under its instructions, "
        "without waiting for the user.)"
    ),
    # --- the reply schema's descriptions (engine.dialogue.contract) ---
    "schema_message": "What the user reads",
    "schema_transition": "'stay' to remain in this step, or a signal to move on",
    "schema_transition_shared": "'stay' to remain in the current step, or one of its signals to "
    "move on",
    "schema_results": "The results object of the current step",
    "schema_summary": "What this step established so far",
    # --- corrections ---
    "correction_start": "Your last reply broke the reply contract",
    "correction": "{start}: {detail}. {advice} Reply again to the user's last message as one "
    "JSON object with exactly the fields message, transition, results, summary. "
    "Allowed transitions: {signals}.",
    "signal_quoted": '"{signal}"',
    "advice_invalid_json": "Send one JSON object only, with no text before or after it.",
    "advice_fenced_json": "Send the bare JSON object: no ``` fence, no text around it.",
    "advice_not_an_object": "Send one JSON object, not an array or a bare value.",
    "advice_missing_field": "Include all four fields, even when a value is empty or null.",
    "advice_wrong_type": "Use the types of the schema; use null for a result you do not know.",
    "advice_invalid_text": "Write every text as plain characters, without escape codes.",
    "advice_unknown_signal": "Use one of the allowed transitions, exactly as spelled.",
    "advice_guard_refused": "Fill the missing value in 'results' if the user already gave it; "
    'otherwise use "stay" and ask the user for it.',
    "advice_missing_required_result": "Fill the required result from what the user said; if you "
    'do not know it yet, use "stay" and ask for it.',
    "advice_empty_message": "Write the message the user should read in 'message'.",
    "advice_refusal": "Answer within this step's instructions. If the request is out of scope, "
    "say so politely in 'message' and use \"stay\".",
    "advice_incomplete": "Reply again, shorter: a brief 'message' and a one-line 'summary'.",
    "advice_too_long": "Reply again, much shorter: a brief 'message', a one-line 'summary'.",
    # what was wrong, as the correction names it
    "detail_separator": "; ",
    "detail_refused": "the model refused: {text}",
    "detail_incomplete": "the reply was cut off ({reason})",
    "detail_unknown_reason": "unknown reason",
    "detail_too_long": "the reply is {length} characters long, more than the {limit} allowed",
    "detail_empty": "the reply was empty",
    "detail_fence_mixed": "the reply mixed a ``` fence with other text",
    "detail_not_an_object": "the reply is a JSON {kind}, not an object",
    "detail_too_deep": "the reply is nested too deeply to be read",
    "detail_not_json": "the reply is not valid JSON ({message} at line {line} column {column})",
    "detail_constant": "the reply uses {name}, which is not a JSON value",
    "detail_too_many_digits": "the reply holds a number with too many digits",
    "detail_also_fenced": "{detail}; also, the JSON was inside a ``` fence",
    "detail_missing_field": "the field '{name}' is missing",
    "detail_not_a_string": "'{name}' must be a string, not {value}",
    "detail_not_text": "'{name}' holds a character that is not text (a lone surrogate); "
    "write plain text",
    "detail_results_not_object": "'results' must be an object, not {value}",
    "detail_result_wrong": "'results.{name}' {problem}",
    "detail_unknown_signal": "'transition' is {signal}, which this step does not have",
    "detail_message_empty": "'message' is empty",
    "detail_guard_problem": "'transition' {signal}: {problem}",
    "detail_required_unknown_one": "'transition' is {signal} but the required {names} is still "
    "unknown",
    "detail_required_unknown_many": "'transition' is {signal} but the required {names} are still "
    "unknown",
    "detail_also_needs": "; it also needs {names} to be known first",
    "detail_needs": "'transition' {signal} needs {names} to be known first",
    "value_array": "an array",
    "value_object": "an object",
    "value_null": "null",
    "value_huge_number": "a number with too many digits",
    "value_shown": "the {kind} {value}",
    "json_null": "null",
    "json_boolean": "boolean",
    "json_number": "number",
    "json_string": "string",
    "json_array": "array",
    "json_object": "object",
    # --- the default fallback (contract.fallback_message) ---
    "fallback_message": "Sorry, I didn't quite get that. Could you say it again in other words?",
}
