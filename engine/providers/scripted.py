"""A provider that replays replies from a script: demos without a key, and deterministic tests.

A script is a list of replies, one per model call, in order. In a file it is either YAML (a list)
or JSON Lines (``.jsonl``/``.ndjson``: one reply per line; blank lines and lines starting with
``#`` are skipped). A reply is either

* a mapping — the contract fields (``message``, ``transition``, ``results``, ``summary``), sent
  JSON-encoded, exactly as a well-behaved model would answer; or
* a string — sent as is, to demonstrate a broken reply and the engine's correction.

Example (YAML)::

    - {message: "Hi! What is your company called?", transition: stay, results: {}, summary: ""}
    - "this is not JSON"          # the engine will send a correction…
    - {message: "Thanks!", transition: next, results: {company: ACME}, summary: "Got the name"}

The provider chains like the Responses API (``chains = True``) and fabricates response ids
``scripted_1``, ``scripted_2``, … — the number is the reply's place in the script, followed for a
script read from a file by a short fingerprint of its path (``scripted_3_1f2e3d4c``), so that a
conversation resumed or forked on the same file takes the script up where it stood
(:meth:`ScriptedProvider.continue_after`), and one given another file starts it at its first
reply. Token usage is the model's tokenizer's count of what was sent and replied
(:mod:`engine.providers.tokens`; nothing is cached), so the token views show plausible numbers;
the replies are marked ``synthetic`` (no model made them), so they cost nothing in every view;
latency is 0.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

from engine.errors import ProviderError, UnreadableFile
from engine.io.input_limits import MAX_SCRIPT_BYTES
from engine.io.untrusted import read_text
from engine.providers.base import (
    ClosingProvider,
    ModelReply,
    ModelRequest,
    Usage,
    message_listener,
)
from engine.providers.streaming import stream_words
from engine.providers.tokens import count_tokens, request_tokens

Reply = str | dict[str, Any]

#: What made the replies, as the log and the cassettes say (``ModelReply.synthetic``).
MADE_BY = "reply script"
_JSON_LINES_SUFFIXES = frozenset({".jsonl", ".ndjson"})
#: A reply's response id is this, its place in the script, and for a file its fingerprint.
_ID_PREFIX = "scripted_"
_ID = re.compile(r"scripted_(?P<number>\d+)(?:_(?P<fingerprint>[0-9a-f]{8}))?")


class ScriptError(ProviderError):
    """The script cannot be read, or it ran out. Retrying never helps."""

    retryable = False


class ScriptedProvider(ClosingProvider):
    """Replays a fixed list of replies, one per :meth:`complete` call.

    ``start`` is how many replies were used already (see also :meth:`continue_after`).
    ``stream=True`` plays each reply to whoever listens to its message word by word,
    ``word_s`` apart (:func:`~engine.providers.streaming.stream_words`), as a model streams.
    """

    name = "scripted"
    chains = True

    def __init__(
        self,
        script: Path | str | Sequence[Reply],
        *,
        start: int = 0,
        stream: bool = False,
        word_s: float = 0.0,
    ) -> None:
        if isinstance(script, str | Path):
            self.source: Path | None = Path(script)
            self.replies: list[Reply] = load_script(self.source)
        else:
            self.source = None
            self.replies = [
                _checked(reply, f"reply {index + 1}") for index, reply in enumerate(script)
            ]
        if start < 0:
            raise ValueError(f"start must be >= 0, got {start}")
        self.calls = start
        #: What tells this script's replies from another's in their response ids.
        self.fingerprint = _fingerprint(self.source) if self.source is not None else ""
        #: Every request received, in order: tests and demos inspect what the engine sent.
        self.requests: list[ModelRequest] = []
        self.stream = stream
        self.word_s = word_s

    @property
    def remaining(self) -> int:
        return len(self.replies) - self.calls

    def position_in(self, response_ids: Iterable[str | None]) -> int:
        """How many of this script's replies the calls with these response ids used: the place
        of the last one that came from it (0 when none did)."""
        used = 0
        for response_id in response_ids:
            found = _ID.fullmatch(response_id or "")
            if found is not None and (found["fingerprint"] or "") == self.fingerprint:
                used = max(used, int(found["number"]))
        return used

    def continue_after(self, response_ids: Iterable[str | None]) -> None:
        """Go on after the replies a resumed or forked conversation's calls (their response
        ids) already took from this script."""
        self.calls = max(self.calls, self.position_in(response_ids))

    async def complete(self, request: ModelRequest) -> ModelReply:
        if self.calls >= len(self.replies):
            origin = f" {self.source}" if self.source else ""
            raise ScriptError(
                f"the script{origin} has no reply left: all {len(self.replies)} were used "
                f"(add replies to continue the conversation)"
            )
        reply = self.replies[self.calls]
        self.calls += 1
        self.requests.append(request)
        text = reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)
        listener = message_listener()
        if self.stream and listener is not None:
            await stream_words(text, listener, self.word_s)
        usage = Usage(
            input_tokens=request_tokens(request), output_tokens=count_tokens(text, request.model)
        )
        return ModelReply(
            text=text,
            response_id=f"{_ID_PREFIX}{self.calls}"
            + (f"_{self.fingerprint}" if self.fingerprint else ""),
            usage=usage,
            latency_s=0.0,
            model=request.model,
            synthetic=MADE_BY,
        )


def _fingerprint(path: Path) -> str:
    return hashlib.sha256(str(path.resolve()).encode("utf-8")).hexdigest()[:8]


def load_script(path: Path) -> list[Reply]:
    """The replies in a YAML or JSON Lines script file; :class:`ScriptError` says what is wrong."""
    try:  # regular files only: a FIFO named as the script must not block the chat
        text = read_text(path, limit=MAX_SCRIPT_BYTES, what="the script")
    except UnreadableFile as error:
        raise ScriptError(f"cannot read the script {path}: {error.message}") from None
    if path.suffix.lower() in _JSON_LINES_SUFFIXES:
        return _parse_json_lines(text, path)
    return _parse_yaml(text, path)


def _parse_json_lines(text: str, path: Path) -> list[Reply]:
    replies: list[Reply] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            value = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise ScriptError(
                f"{path}:{number}: not a JSON value ({error.msg}); write a reply as a JSON object "
                f"or a JSON string"
            ) from None
        replies.append(_checked(value, f"{path}:{number}"))
    return replies


def _parse_yaml(text: str, path: Path) -> list[Reply]:
    try:
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise ScriptError(f"{where}: not valid YAML ({error.problem})") from None
    if data is None:
        return []
    if not isinstance(data, list):
        raise ScriptError(f"{path}: a script is a list of replies, got a {type(data).__name__}")
    return [_checked(reply, f"{path}: reply {index + 1}") for index, reply in enumerate(data)]


def _checked(reply: Any, where: str) -> Reply:
    if isinstance(reply, str):
        return reply
    if isinstance(reply, dict):
        try:
            json.dumps(reply, ensure_ascii=False)
        except (TypeError, ValueError) as error:
            raise ScriptError(f"{where}: the reply cannot be sent as JSON ({error})") from None
        return dict(reply)
    raise ScriptError(
        f"{where}: a reply is a mapping of the contract fields or a raw string, "
        f"got {type(reply).__name__}"
    )


__all__ = ["MADE_BY", "Reply", "ScriptError", "ScriptedProvider", "load_script"]
