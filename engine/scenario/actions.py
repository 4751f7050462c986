"""The format of action steps: what ``call:`` says, and the scenario's ``actions:`` settings.

An action step (``kind: action``) does something instead of talking: it calls a function of the
scenario's actions module or an HTTP endpoint, and the conversation follows the transition named
by the *outcome* — ``ok``, ``error``, ``timeout`` or one the action names itself::

    actions:
      module: actions.py                 # Python actions live here (default actions.py)
      allow_hosts: [127.0.0.1]           # the only hosts HTTP actions may reach
    steps:
      find_slots:
        kind: action
        call: {python: find_slots}
        inputs: [specialty]
        results: {slots: {type: list, required: true}}
        timeout_s: 5
        transitions: {ok: {to: choose}, error: {to: sorry}, timeout: {to: sorry}}

These models only say what is well-formed; :mod:`engine.scenario.validate` checks the rest
(functions the module defines, hosts, placeholders, outcomes that can be taken), and
:mod:`engine.actions` runs them. They sit beside :mod:`engine.scenario.definition`, which
imports them for :class:`~engine.scenario.definition.Step` and
:class:`~engine.scenario.definition.Scenario`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

#: The outcomes every action can have; an action may name others (``no_slots``).
OK = "ok"
ERROR = "error"
TIMEOUT = "timeout"
BUILT_IN_OUTCOMES = (OK, ERROR, TIMEOUT)

#: ``timeout_s`` of an action step that does not say.
DEFAULT_TIMEOUT_S = 10.0
#: The longest ``timeout_s`` allowed: a conversation never waits longer than this for an action.
MAX_TIMEOUT_S = 300.0
#: Where Python actions live when ``actions.module`` does not say.
DEFAULT_MODULE = "actions.py"

#: ``${NAME}`` in an HTTP action's header: the environment variable ``NAME``, read at call time.
ENV_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class _Strict(BaseModel):
    """Unknown keys are errors, as everywhere in the scenario format."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class HttpMethod(StrEnum):
    GET = "GET"
    POST = "POST"
    PUT = "PUT"
    PATCH = "PATCH"
    DELETE = "DELETE"


class HttpRequestSpec(_Strict):
    """An HTTP action's request. ``{{var}}`` may appear in the URL, header values and JSON
    strings; ``${NAME}`` (an environment variable) in header values only."""

    method: HttpMethod = Field(
        default=HttpMethod.GET, description="GET, POST, PUT, PATCH or DELETE"
    )
    url: str = Field(
        min_length=1,
        description="http(s) URL; its host must be in actions.allow_hosts; {{var}} is filled in",
    )
    headers: dict[str, str] = Field(
        default_factory=dict,
        description="Header values; ${NAME} is read from the environment when the call is made "
        "and never written anywhere",
    )
    json_body: Any = Field(
        default=None,
        alias="json",
        description="The JSON body; a string that is exactly {{var}} sends the value as it is "
        "(a list stays a list)",
    )


class ActionCallSpec(_Strict):
    """What an action step calls: ``{python: NAME}`` or ``{http: {...}}``, exactly one."""

    python: str | None = Field(
        default=None,
        pattern=r"^[A-Za-z_][A-Za-z0-9_]*$",
        description="A function of the scenario's actions module (def or async def)",
    )
    http: HttpRequestSpec | None = Field(default=None, description="An HTTP request")

    @model_validator(mode="after")
    def _exactly_one(self) -> ActionCallSpec:
        if (self.python is None) == (self.http is None):
            raise ValueError("a call is either {python: FUNCTION} or {http: {...}}, exactly one")
        return self

    @property
    def label(self) -> str:
        """How logs and the studio name the call: ``python find_slots``, ``POST http://…``."""
        if self.http is not None:
            return f"{self.http.method.value} {self.http.url}"
        return f"python {self.python}"

    @property
    def kind(self) -> str:
        return "http" if self.http is not None else "python"


class ActionsSettings(_Strict):
    """The scenario's ``actions:`` block."""

    module: str = Field(
        default=DEFAULT_MODULE,
        description="The Python file of the scenario's Python actions, inside the folder",
    )
    allow_hosts: list[str] = Field(
        default_factory=list,
        description="The only hosts HTTP actions may reach (names or addresses, no port)",
    )


def env_references(text: str) -> list[str]:
    """The environment variables ``${NAME}`` in ``text`` names, in order."""
    return [match.group(1) for match in ENV_REFERENCE.finditer(text)]


#: Where a text of an HTTP request is, under ``call.http`` (``("headers", "Authorization")``).
FieldPath = tuple[str, ...]


def http_texts(request: HttpRequestSpec) -> Iterator[tuple[FieldPath, str]]:
    """Every text of ``request`` the engine fills ``{{var}}`` in: the URL, each header value,
    each string of the JSON body (keys are never filled), with where it is."""
    yield ("url",), request.url
    for name, value in request.headers.items():
        yield ("headers", name), value
    yield from _json_strings(request.json_body, ("json",))


def _json_strings(value: Any, where: FieldPath) -> Iterator[tuple[FieldPath, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _json_strings(item, (*where, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _json_strings(item, (*where, str(index)))


__all__ = [
    "BUILT_IN_OUTCOMES",
    "DEFAULT_MODULE",
    "DEFAULT_TIMEOUT_S",
    "ENV_REFERENCE",
    "ERROR",
    "MAX_TIMEOUT_S",
    "OK",
    "TIMEOUT",
    "ActionCallSpec",
    "ActionsSettings",
    "HttpMethod",
    "HttpRequestSpec",
    "env_references",
    "http_texts",
]
