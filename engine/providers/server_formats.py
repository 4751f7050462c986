"""How a request asks a server for structured output and an output cap, and how a refusal of
either is recognised. No SDK here: the OpenAI providers (:mod:`.openai_api`) and the server check
(:mod:`.server_check`) both build their requests and read their refusals through these.

**Never a silent downgrade.** A server that refuses the structured-output format it was sent
(a 400 or 422, or a 500 as llama-cpp-python answers, whose body names the parameter) is not
asked again the same way: the provider switches, once, to the next format of :data:`FORMATS`
and says so (:class:`FormatSwitch`, which the conversation logs as a ``provider_notice`` and the
command line prints). An output-cap parameter the server refuses is swapped the same way
(``max_completion_tokens`` ⇄ ``max_tokens``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args
from urllib.parse import urlsplit

from engine.providers.base import Message, ModelRequest

#: How the reply's schema is sent, most enforcing first: OpenAI's strict ``json_schema``;
#: llama-cpp-python's ``{"type": "json_object", "schema": …}`` (a grammar the output follows);
#: a plain ``json_object`` (valid JSON, the schema only described in the instructions); or
#: nothing at all (``prompt_only``: the instructions alone ask for the JSON).
StructuredOutput = Literal["json_schema", "json_object_schema", "json_object", "prompt_only"]
FORMATS: tuple[StructuredOutput, ...] = get_args(StructuredOutput)

#: The output cap of a request naming none (``model.max_output_tokens``): a step reply is a few
#: hundred tokens; the budget's allowance per call (``engine.conversation.budget``) is the same.
DEFAULT_MAX_OUTPUT_TOKENS = 1_000

__all__ = [
    "CAP_PARAMS",
    "DEFAULT_MAX_OUTPUT_TOKENS",
    "FORMATS",
    "FormatSwitch",
    "StructuredOutput",
    "cached_tokens_of",
    "chat_response_format",
    "default_cap_param",
    "names_cap_param",
    "names_format",
    "next_format",
    "other_cap_param",
    "responses_input",
    "responses_text_format",
    "schema_in_instructions",
]

#: The output-cap parameters servers read: the Responses API's, Chat Completions' current one,
#: and the older one most OpenAI-compatible servers (llama.cpp, vLLM, Ollama) still read.
CAP_PARAMS = ("max_output_tokens", "max_completion_tokens", "max_tokens")
_FORMAT_WORDS = re.compile(r"response_format|text\.format|json_schema|json_object", re.IGNORECASE)


@dataclass(frozen=True)
class FormatSwitch:
    """The server refused ``refused``; the provider now sends ``now`` (and says why)."""

    parameter: str  # "structured_output" or "output_cap"
    refused: str
    now: str
    status: int

    def message(self, host: str) -> str:
        if self.parameter == "output_cap":
            return (
                f"{host} refused the output cap {self.refused!r} ({self.status}); "
                f"sending {self.now!r} instead"
            )
        enforced = self.now in ("json_schema", "json_object_schema")
        after = "" if enforced else " (schema not enforced: replies checked after the fact)"
        return (
            f"{host} refused the structured-output format {self.refused!r} ({self.status}); "
            f"switched to {self.now!r}{after}"
        )


def next_format(current: StructuredOutput) -> StructuredOutput | None:
    """The format tried after ``current`` is refused, or ``None`` after the last."""
    index = FORMATS.index(current)
    return FORMATS[index + 1] if index + 1 < len(FORMATS) else None


def schema_in_instructions(form: StructuredOutput) -> bool:
    """Whether the instructions must describe the schema: the server does not take it."""
    return form in ("json_object", "prompt_only")


def chat_response_format(
    form: StructuredOutput, name: str, schema: Mapping[str, Any]
) -> dict[str, Any] | None:
    """Chat Completions' ``response_format`` for ``form`` (``None``: none is sent)."""
    if form == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": schema, "strict": True},
        }
    if form == "json_object_schema":
        return {"type": "json_object", "schema": dict(schema)}
    if form == "json_object":
        return {"type": "json_object"}
    return None


def responses_text_format(
    form: StructuredOutput, name: str, schema: Mapping[str, Any]
) -> dict[str, Any]:
    """The Responses API's ``text.format`` for ``form``."""
    if form == "json_schema":
        return {"type": "json_schema", "name": name, "schema": schema, "strict": True}
    if form == "json_object_schema":
        return {"type": "json_object", "schema": dict(schema)}
    if form == "json_object":
        return {"type": "json_object"}
    return {"type": "text"}


def responses_input(request: ModelRequest) -> str | list[dict[str, str]]:
    """The Responses API's input: the bare text, or the new items (a step's section …)
    followed by it."""
    if not request.input_items:
        return request.input
    messages = [*request.input_items, Message("user", request.input)]
    return [{"role": message.role, "content": message.content} for message in messages]


def default_cap_param(provider: str, base_url: str) -> str:
    """The output-cap parameter to send before a profile says: the Responses API's own;
    Chat Completions' current one on OpenAI, the older ``max_tokens`` elsewhere (what
    llama.cpp, llama-cpp-python, vLLM, Ollama and LM Studio read; some ignore the newer one)."""
    if provider == "responses":
        return "max_output_tokens"
    host = (urlsplit(base_url).hostname or "").lower()
    return "max_completion_tokens" if host.endswith("openai.com") else "max_tokens"


def other_cap_param(param: str) -> str | None:
    """The Chat Completions cap to try when ``param`` is refused."""
    return {"max_completion_tokens": "max_tokens", "max_tokens": "max_completion_tokens"}.get(param)


def names_format(status: int, said: str) -> bool:
    """Whether an error answer (``said``: its body) refuses the structured-output format."""
    if "invalid_json_schema" in said:  # the format is taken; the schema itself is wrong
        return False
    return status in (400, 422, 500) and bool(_FORMAT_WORDS.search(said))


def names_cap_param(status: int, said: str, param: str) -> bool:
    """Whether an error answer refuses the output-cap parameter ``param``."""
    return status in (400, 422) and param in said


def cached_tokens_of(usage: Mapping[str, Any] | None, extra: Mapping[str, Any]) -> int | None:
    """Cached prompt tokens wherever the server says them, ``None`` where it says nothing:
    OpenAI's and vLLM's ``prompt_tokens_details.cached_tokens`` (Responses:
    ``input_tokens_details``), llama.cpp's ``timings.cache_n`` (``extra``: the reply's other
    fields)."""
    for key in ("prompt_tokens_details", "input_tokens_details"):
        details = (usage or {}).get(key)
        if isinstance(details, Mapping) and isinstance(details.get("cached_tokens"), int):
            return int(details["cached_tokens"])
    timings = extra.get("timings")
    if isinstance(timings, Mapping) and isinstance(timings.get("cache_n"), int):
        return int(timings["cache_n"])
    return None
