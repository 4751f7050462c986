"""Keep the API key out of everything Prompter writes: one function, applied at every writer.

A key can reach text in ways nobody planned: a user pastes it into the chat ("here is my key,
sk-…"), a server echoes it in an error message, an author leaves it in a scenario. So instead of
trusting every producer, every *writer* passes its text through :func:`redact` just before the
bytes leave the process:

=========================  ===================================================================
conversation log           :class:`engine.log.writer.LogWriter`, each line
session file               :func:`engine.conversation.session.save_session` (and
                           ``SessionData.to_json``: a served conversation's stored session)
``--summary-json``         ``prompter chat``
draw.io export             :func:`engine.drawio.export.scenario_to_drawio`
crash report               ``prompter`` (an unexpected error's traceback on stderr)
=========================  ===================================================================

What is replaced by ``[REDACTED]``:

* every *known secret*: the ``OPENAI_API_KEY`` of the environment, the secrets a caller passes
  (the studio passes the key it found in the keyring), and any registered with
  :func:`register_secret`;
* anything shaped like an OpenAI key (``sk-``, ``sess-`` or ``rk-`` followed by 20 or more key
  characters), so a key nobody told us about is caught too.

The replacement keeps JSON and XML valid: ``[REDACTED]`` holds no quote, backslash or ``<``.
A key holds none either, but a registered secret may (a token with ``"``, ``\\`` or ``/``):
:func:`redact` also replaces the forms JSON gives it (``\\"``, ``\\\\``, ``\\/``, ``\\uXXXX``
as :func:`json.dumps` writes them). Text another program encoded may escape any character, so a
JSON value from outside is redacted *decoded*, string by string (:func:`redact_value`), before
anything uses it — an HTTP action's reply, say, whose results go to the log, the session and the
model.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Iterable
from typing import Any

REDACTED = "[REDACTED]"
#: Secrets shorter than this are not searched for (too likely to match ordinary text).
MIN_SECRET_LENGTH = 8
#: What an OpenAI-style key looks like (``*`` appears in the masked keys servers echo back).
KEY_PATTERN = re.compile(r"\b(?:sk|sess|rk)-[A-Za-z0-9_*\-]{20,}")
#: A key as servers echo it back masked in error messages (``sk-proj-****CDEF``): short, but the
#: run of asterisks says what it is, and even its visible ends should not reach a log.
MASKED_KEY_PATTERN = re.compile(r"\b(?:sk|sess|rk)-[A-Za-z0-9_\-]*\*{2,}[A-Za-z0-9_\-*]*")

#: What every key shape above begins with: looked for first, far faster than the patterns.
_KEY_PREFIXES = ("sk-", "rk-", "sess-")

_registered: set[str] = set()


def register_secret(secret: str) -> None:
    """Redact ``secret`` from everything written by this process from now on."""
    if len(secret) >= MIN_SECRET_LENGTH:
        _registered.add(secret)


def known_secrets(extra: Iterable[str] = ()) -> list[str]:
    """The secrets to redact: ``extra``, the registered ones and ``OPENAI_API_KEY``.

    Longest first, so a secret that contains another is replaced whole.
    """
    found = {secret for secret in extra if len(secret) >= MIN_SECRET_LENGTH}
    found |= _registered
    key = os.environ.get("OPENAI_API_KEY", "").strip()
    if len(key) >= MIN_SECRET_LENGTH:
        found.add(key)
    return sorted(found, key=len, reverse=True)


def redact(text: str, secrets: Iterable[str] | None = None) -> str:
    """``text`` with every known secret (and its JSON-escaped forms) and key-shaped word
    replaced by ``[REDACTED]``.

    ``secrets`` are added to :func:`known_secrets` (they never replace it).
    """
    for secret in known_secrets(secrets or ()):
        for form in _encoded_forms(secret):
            if form in text:
                text = text.replace(form, REDACTED)
    if not any(prefix in text for prefix in _KEY_PREFIXES):
        return text  # no key shape can match: skip the patterns (a server redacts every turn)
    return MASKED_KEY_PATTERN.sub(REDACTED, KEY_PATTERN.sub(REDACTED, text))


def redact_value(value: Any, secrets: Iterable[str] | None = None) -> Any:
    """A decoded JSON value with every string in it (object keys too) redacted."""
    if isinstance(value, str):
        return redact(value, secrets)
    if isinstance(value, dict):
        return {redact(str(k), secrets): redact_value(v, secrets) for k, v in value.items()}
    if isinstance(value, list):
        return [redact_value(item, secrets) for item in value]
    return value


@functools.lru_cache(maxsize=256)
def _encoded_forms(secret: str) -> tuple[str, ...]:
    """``secret`` as it is, and as JSON writes it inside a string: escaped quotes and
    backslashes, ``\\/`` for ``/``, ``\\uXXXX`` for what is not ASCII. Longest first."""
    forms = {secret}
    for ascii_only in (False, True):
        escaped = json.dumps(secret, ensure_ascii=ascii_only)[1:-1]
        forms |= {escaped, escaped.replace("/", "\\/")}
    return tuple(sorted(forms, key=len, reverse=True))


__all__ = [
    "KEY_PATTERN",
    "MASKED_KEY_PATTERN",
    "MIN_SECRET_LENGTH",
    "REDACTED",
    "known_secrets",
    "redact",
    "redact_value",
    "register_secret",
]
