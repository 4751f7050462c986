"""Cassettes: a conversation's model replies recorded once, replayed offline, checked for staleness.

A scenario test (:mod:`engine.scenario_tests`) is replayed from its cassette by default, with no
key and no network. Two providers behind the ordinary :class:`~engine.providers.base.Provider`
interface do it:

* :class:`CassetteRecorder` wraps the real provider, passes every call through and keeps the
  request and the reply; :meth:`CassetteRecorder.cassette` is then saved next to the test.
* :class:`CassetteReplayer` answers each call with the next recorded reply — but only after
  checking that the request is the one that was recorded. A request that differs (a step's
  instructions were edited, the prompt layout changed, the test's user message was reworded, the
  engine now makes a call it did not make then) raises :class:`CassetteStale`, naming the call,
  the turn and the first differing field with both texts: the recorded replies no longer answer
  what the engine asks, so the test is *stale* and must be re-recorded, never passed.

What is compared is the request as the engine hands it to the provider (every field of
:class:`~engine.providers.base.ModelRequest`, read generically so new fields are covered without
changing this module), **normalised**: the response ids the provider returned become ordinals
(``@r1``, ``@r2`` … in the order the replies came), and every registered volatile string (the
session id, which also appears inside ``metadata`` or a cache key) becomes a fixed token. Fields
that are ``None`` or empty are left out, so a new optional request field does not make every
cassette stale until it is actually used.

File format (JSON Lines, UTF-8, one object per line; written atomically)::

    {"cassette": "prompter", "version": 1, "scenario": "analyst_bot", "test": "x.test.yaml",
     "provider": "responses", "chains": true, "model": "gpt-4.1-mini"}
    {"blob": "3f2a…", "value": "…a long text or JSON value, stored once…"}
    {"call": 1, "turn": 1, "digest": "sha256:…", "request": {"instructions": {"$blob": "3f2a…"},
     "input": "Hello", …}, "reply": {"text": "{…}", "response": "@r1", "model": "gpt-4.1-mini",
     "usage": {"input_tokens": 812, "cached_tokens": 0, "output_tokens": 64}}}

Long values (instructions, schemas, history messages: anything over :data:`BLOB_MIN_CHARS` as
JSON) are stored once as a ``blob`` and referred to by their content hash, so a cassette stays
small and a diff of two recordings shows what changed. Latency and timestamps are not recorded:
recording the same conversation twice gives the same file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Literal

from engine.atomic import atomic_write_text
from engine.errors import ProviderError
from engine.prompting import SECTION_HEADING
from engine.providers.base import ModelReply, ModelRequest, Provider, Usage

__all__ = [
    "BLOB_MIN_CHARS",
    "CASSETTE_FORMAT",
    "CASSETTE_VERSION",
    "MAX_CASSETTE_BYTES",
    "Cassette",
    "CassetteError",
    "CassetteHeader",
    "CassetteRecorder",
    "CassetteReplayer",
    "CassetteStale",
    "RecordedCall",
    "RecordedReply",
    "Staleness",
    "normalise_request",
]

CASSETTE_FORMAT = "prompter"
CASSETTE_VERSION = 1
#: A request value longer than this (as JSON) is stored once as a blob and referred to by hash.
BLOB_MIN_CHARS = 200
#: A cassette larger than this is refused before parsing (hostile or accidental input).
MAX_CASSETTE_BYTES = 64 * 1024 * 1024
#: Characters of a differing line shown in a staleness report.
EXCERPT_CHARS = 160

SESSION_TOKEN = "@session"
_BLOB_KEY = "$blob"


class CassetteError(ProviderError):
    """A cassette cannot be read, or does not fit the test. Retrying never helps."""

    retryable = False


@dataclass(frozen=True)
class Staleness:
    """Why a replay stopped: the engine asked something the recording does not answer.

    ``call`` is the 1-based model call, ``turn`` the user message it belonged to (``0`` for the
    opening, ``None`` when unknown). ``field`` is the dotted path of the first differing request
    field (``instructions``, ``schema.properties.results``) when a request differed; ``recorded``
    and ``current`` are short excerpts of that field's two versions.
    """

    call: int
    turn: int | None
    reason: str
    field: str | None = None
    recorded: str | None = None
    current: str | None = None

    def describe(self) -> str:
        where = f"turn {self.turn}, call {self.call}" if self.turn is not None else (
            f"call {self.call}")
        return f"{where}: {self.reason}"


class CassetteStale(CassetteError):
    """Raised by :class:`CassetteReplayer` when the recording no longer answers the engine."""

    def __init__(self, staleness: Staleness) -> None:
        self.staleness = staleness
        super().__init__(f"stale cassette at {staleness.describe()}")


# --- the data --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CassetteHeader:
    """What the recording was made with; ``chains`` decides how the engine builds requests."""

    scenario: str
    test: str
    provider: str
    chains: bool
    model: str

    def to_dict(self) -> dict[str, Any]:
        return {"cassette": CASSETTE_FORMAT, "version": CASSETTE_VERSION,
                "scenario": self.scenario, "test": self.test, "provider": self.provider,
                "chains": self.chains, "model": self.model}


@dataclass(frozen=True)
class RecordedReply:
    """One model reply as the provider returned it; ``response`` is its ordinal (``@r3``)."""

    text: str
    usage: Usage
    model: str
    response: str | None = None
    status: Literal["completed", "incomplete"] = "completed"
    incomplete_reason: str | None = None
    refusal: str | None = None

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {"text": self.text, "response": self.response,
                                  "model": self.model, "usage": _usage_dict(self.usage)}
        if self.status != "completed":
            record["status"] = self.status
            record["incomplete_reason"] = self.incomplete_reason
        if self.refusal is not None:
            record["refusal"] = self.refusal
        return record


@dataclass(frozen=True)
class RecordedCall:
    """One model call: the normalised request (long values as blob references) and its reply."""

    number: int
    turn: int | None
    request: dict[str, Any]
    digest: str
    reply: RecordedReply

    def to_dict(self) -> dict[str, Any]:
        return {"call": self.number, "turn": self.turn, "digest": self.digest,
                "request": self.request, "reply": self.reply.to_dict()}


@dataclass
class Cassette:
    """A test's recorded calls, in order, and the long values they refer to."""

    header: CassetteHeader
    calls: list[RecordedCall] = field(default_factory=list)
    blobs: dict[str, Any] = field(default_factory=dict)
    #: The file it was read from, for messages.
    path: Path | None = None

    @property
    def usage(self) -> Usage:
        total = Usage()
        for call in self.calls:
            total = total + call.reply.usage
        return total

    def to_text(self) -> str:
        """The file's text: the header, then each call preceded by the blobs it uses first."""
        lines = [_dumps(self.header.to_dict())]
        written: set[str] = set()
        for call in self.calls:
            for blob in _blob_refs(call.request):
                if blob not in written and blob in self.blobs:
                    written.add(blob)
                    lines.append(_dumps({"blob": blob, "value": self.blobs[blob]}))
            lines.append(_dumps(call.to_dict()))
        return "\n".join(lines) + "\n"

    def save(self, path: Path | str) -> None:
        """Write atomically: a failed save leaves the previous recording as it was."""
        atomic_write_text(path, self.to_text())

    @classmethod
    def load(cls, path: Path | str) -> Cassette:
        """Read a cassette file; :class:`CassetteError` says what is wrong and where."""
        file = Path(path)
        try:
            size = file.stat().st_size
            if size > MAX_CASSETTE_BYTES:
                raise CassetteError(f"{file}: the cassette is too large ({size} bytes)")
            text = file.read_bytes().decode("utf-8")
        except FileNotFoundError:
            raise CassetteError(f"{file}: no cassette; record one with --record") from None
        except OSError as error:
            raise CassetteError(f"{file}: cannot read the cassette: {error.strerror}") from None
        except UnicodeDecodeError as error:
            raise CassetteError(
                f"{file}: the cassette is not UTF-8 text (byte {error.start})") from None
        return cls.parse(text, path=file)

    @classmethod
    def parse(cls, text: str, *, path: Path | None = None) -> Cassette:
        return _Parser(path).parse(text)

    def resolve(self, value: Any) -> Any:
        """``value`` with its blob references replaced by what they stand for."""
        return _resolve(value, self.blobs)


# --- normalising a request -------------------------------------------------------------------


def normalise_request(request: ModelRequest, volatile: Mapping[str, str]) -> dict[str, Any]:
    """The request as plain JSON values, volatile strings replaced, empty fields left out.

    ``volatile`` maps a string that changes from run to run (a response id, the session id) to
    the stable token that stands for it; replacement happens inside every string, so a session id
    embedded in a cache key or in ``metadata`` is covered too.
    """
    needles = sorted(volatile.items(), key=lambda item: -len(item[0]))
    plain = _plain(request)
    if not isinstance(plain, dict):  # a dataclass is always a mapping here
        raise TypeError("a model request must be a dataclass")
    return {name: _replace(value, needles) for name, value in plain.items()}


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ((item.name, _plain(getattr(value, item.name)))
                  for item in dataclasses.fields(value))
        return {name: item for name, item in fields if not _empty(item)}
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    dump = getattr(value, "model_dump", None)  # a pydantic model inside a future request
    if callable(dump):
        return _plain(dump(mode="json"))
    raise TypeError(f"cannot record a request field of type {type(value).__name__}")


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, dict | list) and not value)


def _replace(value: Any, needles: list[tuple[str, str]]) -> Any:
    if isinstance(value, str):
        for needle, token in needles:
            if needle and needle in value:
                value = value.replace(needle, token)
        return value
    if isinstance(value, dict):
        return {key: _replace(item, needles) for key, item in value.items()}
    if isinstance(value, list):
        return [_replace(item, needles) for item in value]
    return value


def _compact(request: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], str]:
    """(request with long values as blob refs, the blobs, the digest of the whole request)."""
    blobs: dict[str, Any] = {}

    def squeeze(value: Any) -> Any:
        if isinstance(value, list):
            return [squeeze(item) for item in value]
        if isinstance(value, str | dict):
            text = _canonical(value)
            if len(text) > BLOB_MIN_CHARS:
                key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]
                blobs[key] = value
                return {_BLOB_KEY: key}
        return value

    compact = {name: squeeze(value) for name, value in request.items()}
    digest = "sha256:" + hashlib.sha256(_canonical(compact).encode("utf-8")).hexdigest()
    return compact, blobs, digest


# --- recording -------------------------------------------------------------------------------


class _Normaliser:
    """Response ids → ordinals, registered volatile strings → tokens, for one conversation."""

    def __init__(self) -> None:
        self.volatile: dict[str, str] = {}
        self.responses = 0

    def mark_volatile(self, value: str, token: str) -> None:
        if value:
            self.volatile[value] = token

    def response_token(self, response_id: str | None) -> str | None:
        if response_id is None:
            return None
        token = self.volatile.get(response_id)
        if token is None:
            self.responses += 1
            token = f"@r{self.responses}"
            self.volatile[response_id] = token
        return token

    def request(self, request: ModelRequest) -> tuple[dict[str, Any], dict[str, Any], str]:
        return _compact(normalise_request(request, self.volatile))


class CassetteRecorder:
    """Passes every call to ``inner`` and keeps what was asked and answered.

    Set :attr:`turn` before each user message (the runner does), and register the session id
    with :meth:`mark_volatile` once the conversation exists. The inner provider is the caller's
    to close: :meth:`aclose` does nothing, so one real provider can serve many recordings.
    """

    def __init__(self, inner: Provider, *, scenario: str, test: str, model: str) -> None:
        self.inner = inner
        self.name = inner.name
        self.chains = inner.chains
        self.header = CassetteHeader(scenario=scenario, test=test, provider=inner.name,
                                     chains=inner.chains, model=model)
        self.turn: int | None = None
        self._normaliser = _Normaliser()
        self._calls: list[RecordedCall] = []
        self._blobs: dict[str, Any] = {}

    def mark_volatile(self, value: str, token: str = SESSION_TOKEN) -> None:
        self._normaliser.mark_volatile(value, token)

    async def complete(self, request: ModelRequest) -> ModelReply:
        compact, blobs, digest = self._normaliser.request(request)
        reply = await self.inner.complete(request)
        recorded = RecordedReply(
            text=reply.text, usage=reply.usage, model=reply.model,
            response=self._normaliser.response_token(reply.response_id), status=reply.status,
            incomplete_reason=reply.incomplete_reason, refusal=reply.refusal,
        )
        self._blobs.update(blobs)
        self._calls.append(RecordedCall(len(self._calls) + 1, self.turn, compact, digest,
                                        recorded))
        return reply

    async def aclose(self) -> None:
        """The inner provider stays open: it belongs to whoever created it."""

    @property
    def calls(self) -> int:
        return len(self._calls)

    def cassette(self) -> Cassette:
        return Cassette(self.header, list(self._calls), dict(self._blobs))


# --- replaying -------------------------------------------------------------------------------


class CassetteReplayer:
    """Answers each call with the next recorded reply, after checking the request matches.

    No key, no network, no latency. :attr:`unused` counts recorded calls the conversation did
    not ask for; the runner treats a finished test with unused calls as stale too.
    """

    name = "cassette"

    def __init__(self, cassette: Cassette) -> None:
        self.cassette = cassette
        self.chains = cassette.header.chains
        self.turn: int | None = None
        self.position = 0
        self._normaliser = _Normaliser()

    def mark_volatile(self, value: str, token: str = SESSION_TOKEN) -> None:
        self._normaliser.mark_volatile(value, token)

    @property
    def unused(self) -> int:
        return len(self.cassette.calls) - self.position

    def leftover(self) -> Staleness | None:
        """The staleness of a recording that holds calls the conversation never made."""
        if self.unused <= 0:
            return None
        nxt = self.cassette.calls[self.position]
        return Staleness(
            call=nxt.number, turn=nxt.turn,
            reason=f"the recording has {self.unused} more model call(s) than the conversation "
                   f"made (the engine no longer asks for call {nxt.number})",
        )

    async def complete(self, request: ModelRequest) -> ModelReply:
        calls = self.cassette.calls
        number = self.position + 1
        if self.position >= len(calls):
            raise CassetteStale(Staleness(
                call=number, turn=self.turn,
                reason=f"the conversation made more model calls than the {len(calls)} recorded",
            ))
        recorded = calls[self.position]
        compact, blobs, digest = self._normaliser.request(request)
        if digest != recorded.digest:
            raise CassetteStale(self._difference(recorded, compact, blobs))
        self.position += 1
        reply = recorded.reply
        response_id = None
        if reply.response is not None:
            response_id = f"replay-{reply.response.lstrip('@')}"
            self._normaliser.mark_volatile(response_id, reply.response)
        return ModelReply(
            text=reply.text, response_id=response_id, usage=reply.usage, latency_s=0.0,
            model=reply.model, status=reply.status, incomplete_reason=reply.incomplete_reason,
            refusal=reply.refusal,
        )

    async def aclose(self) -> None:
        """Nothing to release."""

    def _difference(
        self, recorded: RecordedCall, compact: dict[str, Any], blobs: dict[str, Any]
    ) -> Staleness:
        before = self.cassette.resolve(recorded.request)
        now = _resolve(compact, blobs)
        path, old, new = _first_difference(before, now, ())
        where = ".".join(path) or "the request"
        turn = self.turn if self.turn is not None else recorded.turn
        return Staleness(
            call=recorded.number, turn=turn,
            reason=f"the request differs from the recording in {_describe(path, now)}",
            field=where, recorded=old, current=new,
        )


# --- comparing -------------------------------------------------------------------------------

def _describe(path: tuple[str, ...], request: Any) -> str:
    """The differing field in an author's words, with its dotted path for tools."""
    dotted = ".".join(path)
    if not path:
        return "the request"
    if path[0] == "instructions":
        return "the instructions (instructions)"
    if path[0] == "schema":
        return f"the output schema ({dotted})"
    if path[0] in ("input_items", "history") and len(path) > 1 and path[1].isdigit():
        items = request.get(path[0]) if isinstance(request, dict) else None
        index = int(path[1])
        item = items[index] if isinstance(items, list) and index < len(items) else None
        content = item.get("content") if isinstance(item, dict) else None
        if isinstance(content, str) and content.lstrip().startswith(SECTION_HEADING.strip()):
            return f"the step's instructions ({dotted})"
        role = item.get("role") if isinstance(item, dict) else None
        return f"a {role or 'conversation'} message ({dotted})"
    return dotted


def _first_difference(
    old: Any, new: Any, path: tuple[str, ...]
) -> tuple[tuple[str, ...], str, str]:
    """The path of the first place ``old`` and ``new`` differ, with an excerpt of each."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in _ordered_keys(old, new):
            if key not in old:
                return (*path, key), "(absent)", _excerpt(new[key])
            if key not in new:
                return (*path, key), _excerpt(old[key]), "(absent)"
            if old[key] != new[key]:
                return _first_difference(old[key], new[key], (*path, key))
    elif isinstance(old, list) and isinstance(new, list):
        for index, (left, right) in enumerate(zip(old, new, strict=False)):
            if left != right:
                return _first_difference(left, right, (*path, str(index)))
        if len(old) != len(new):
            return path, f"{len(old)} item(s)", f"{len(new)} item(s)"
    elif isinstance(old, str) and isinstance(new, str):
        return path, *_line_difference(old, new)
    return path, _excerpt(old), _excerpt(new)


def _ordered_keys(old: dict[str, Any], new: dict[str, Any]) -> Iterator[str]:
    """Keys in the recorded order first (the request's field order), then new ones."""
    yield from old
    yield from (key for key in new if key not in old)


def _line_difference(old: str, new: str) -> tuple[str, str]:
    old_lines, new_lines = old.splitlines(), new.splitlines()
    for number, (left, right) in enumerate(zip(old_lines, new_lines, strict=False), start=1):
        if left != right:
            return f"line {number}: {_clip(left)}", f"line {number}: {_clip(right)}"
    number = min(len(old_lines), len(new_lines)) + 1
    left = old_lines[number - 1] if number <= len(old_lines) else "(no such line)"
    right = new_lines[number - 1] if number <= len(new_lines) else "(no such line)"
    if left == right:  # the texts differ only in trailing whitespace or line endings
        return _clip(repr(old[-40:])), _clip(repr(new[-40:]))
    return f"line {number}: {_clip(left)}", f"line {number}: {_clip(right)}"


def _excerpt(value: Any) -> str:
    return _clip(value if isinstance(value, str) else _dumps(value))


def _clip(text: str) -> str:
    return text if len(text) <= EXCERPT_CHARS else text[: EXCERPT_CHARS - 1] + "…"


# --- reading ---------------------------------------------------------------------------------


class _Parser:
    """Reads a cassette line by line; every error names the file and line."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    def fail(self, line: int, message: str) -> CassetteError:
        where = f"{self.path or '<cassette>'}:{line}"
        return CassetteError(f"{where}: {message} (re-record the test with --record)")

    def parse(self, text: str) -> Cassette:
        header: CassetteHeader | None = None
        calls: list[RecordedCall] = []
        blobs: dict[str, Any] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise self.fail(number, f"not a JSON line ({error.msg})") from None
            except RecursionError:
                raise self.fail(number, "the line nests too deeply") from None
            if not isinstance(record, dict):
                raise self.fail(number, "each line must be a JSON object")
            if header is None:
                header = self.header(record, number)
            elif "blob" in record:
                key, value = record.get("blob"), record.get("value")
                if not isinstance(key, str) or not isinstance(value, str | dict):
                    raise self.fail(number, "a blob line needs 'blob' (text) and 'value'")
                blobs[key] = value
            elif "call" in record:
                calls.append(self.call(record, number, len(calls) + 1, blobs))
            else:
                raise self.fail(number, "expected a 'blob' or a 'call' line")
        if header is None:
            raise self.fail(1, "the cassette is empty")
        return Cassette(header, calls, blobs, self.path)

    def header(self, record: dict[str, Any], line: int) -> CassetteHeader:
        if record.get("cassette") != CASSETTE_FORMAT:
            raise self.fail(line, "not a Prompter cassette (the first line must be its header)")
        if record.get("version") != CASSETTE_VERSION:
            raise self.fail(line, f"cassette version {record.get('version')!r} is not "
                                  f"supported (this Prompter reads version {CASSETTE_VERSION})")
        try:
            return CassetteHeader(
                scenario=_text(record, "scenario"), test=_text(record, "test"),
                provider=_text(record, "provider"), chains=_flag(record, "chains"),
                model=_text(record, "model"),
            )
        except (KeyError, TypeError) as error:
            raise self.fail(line, f"the header lacks a valid {error.args[0]!r}") from None

    def call(
        self, record: dict[str, Any], line: int, expected: int, blobs: dict[str, Any]
    ) -> RecordedCall:
        if record.get("call") != expected:
            raise self.fail(line, f"expected call {expected}, found {record.get('call')!r}")
        request, reply = record.get("request"), record.get("reply")
        digest = record.get("digest")
        if not isinstance(request, dict) or not isinstance(reply, dict):
            raise self.fail(line, "a call needs a 'request' and a 'reply' object")
        if not isinstance(digest, str):
            raise self.fail(line, "a call needs its request 'digest'")
        missing = [key for key in _blob_refs(request) if key not in blobs]
        if missing:
            raise self.fail(line, f"the request refers to blob {missing[0]!r}, not defined "
                                  "on an earlier line")
        turn = record.get("turn")
        if turn is not None and (not isinstance(turn, int) or isinstance(turn, bool)):
            raise self.fail(line, "'turn' must be a whole number")
        try:
            usage = reply.get("usage") or {}
            status = reply.get("status", "completed")
            if status not in ("completed", "incomplete"):
                raise TypeError("status")
            recorded = RecordedReply(
                text=_text(reply, "text"),
                usage=Usage(_count(usage, "input_tokens"), _count(usage, "cached_tokens"),
                            _count(usage, "output_tokens")),
                model=_text(reply, "model"),
                response=_optional_text(reply, "response"),
                status=status,
                incomplete_reason=_optional_text(reply, "incomplete_reason"),
                refusal=_optional_text(reply, "refusal"),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise self.fail(line, f"the reply lacks a valid {error.args[0]!r}") from None
        return RecordedCall(expected, turn, request, digest, recorded)


def _text(record: Mapping[str, Any], key: str) -> str:
    value = record[key]
    if not isinstance(value, str):
        raise TypeError(key)
    return value


def _optional_text(record: Mapping[str, Any], key: str) -> str | None:
    value = record.get(key)
    if value is not None and not isinstance(value, str):
        raise TypeError(key)
    return value


def _flag(record: Mapping[str, Any], key: str) -> bool:
    value = record[key]
    if not isinstance(value, bool):
        raise TypeError(key)
    return value


def _count(record: Mapping[str, Any], key: str) -> int:
    value = record.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TypeError(f"usage.{key}")
    return value


def _blob_refs(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        if set(value) == {_BLOB_KEY} and isinstance(value[_BLOB_KEY], str):
            yield value[_BLOB_KEY]
            return
        for item in value.values():
            yield from _blob_refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _blob_refs(item)


def _resolve(value: Any, blobs: Mapping[str, Any]) -> Any:
    if isinstance(value, dict):
        if set(value) == {_BLOB_KEY} and value[_BLOB_KEY] in blobs:
            return blobs[value[_BLOB_KEY]]
        return {key: _resolve(item, blobs) for key, item in value.items()}
    if isinstance(value, list):
        return [_resolve(item, blobs) for item in value]
    return value


def _usage_dict(usage: Usage) -> dict[str, int]:
    return {"input_tokens": usage.input_tokens, "cached_tokens": usage.cached_tokens,
            "output_tokens": usage.output_tokens}


def _dumps(value: Any) -> str:
    """One line of the file: keys in the order they were made (a request's field order)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _canonical(value: Any) -> str:
    """The text hashed for blob ids and digests: independent of key order."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
