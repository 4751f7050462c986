"""The cassette as data and as a file: recorded calls, their blobs, written and read back.

:class:`Cassette` holds a test's recorded calls in order (:class:`RecordedCall`: the normalised
request, long values as blob references, and the :class:`RecordedReply`), the blobs they
refer to, and the action steps that ran (:class:`RecordedAction`), each after the call it
followed. The format is described in :mod:`engine.scenario_tests.cassette`; :meth:`Cassette.load`
refuses, with the file and line, anything that is not a cassette this version writes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.errors import ProviderError, UnreadableFile
from engine.io.atomic import atomic_write_text
from engine.io.input_limits import MAX_CASSETTE_BYTES
from engine.io.untrusted import read_text
from engine.providers.base import Usage

CASSETTE_FORMAT = "prompter"
CASSETTE_VERSION = 1
#: A request value longer than this (as JSON) is stored once as a blob and referred to by hash.
BLOB_MIN_CHARS = 200
#: The key of a blob reference: ``{"$blob": "3f2a…"}`` stands for the blob's value.
BLOB_KEY = "$blob"


class CassetteError(ProviderError):
    """A cassette cannot be read, or does not fit the test. Retrying never helps."""

    retryable = False


@dataclass(frozen=True)
class CassetteHeader:
    """What the recording was made with; ``chains`` decides how the engine builds requests.

    ``model`` is the model the requests asked for; ``made_by`` what actually answered: the
    model the replies name (``gpt-4.1-mini-2025-04-14``), or, when ``synthetic``, what made the
    replies up instead (``autopilot``, ``fake model``, ``reply script``). A synthetic recording
    shows that the scenario's graph, contract and the test's expectations hold *given those
    replies*; it says nothing of how a real model follows the instructions. Cassettes written
    before these fields were read as made by an unknown model (``made_by`` empty).
    """

    scenario: str
    test: str
    provider: str
    chains: bool
    model: str
    made_by: str = ""
    synthetic: bool = False

    @property
    def recorded_by(self) -> str:
        """Who made the replies, in a few words, for reports (``"autopilot (synthetic)"``)."""
        return recorded_by(self.made_by, self.synthetic)

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "cassette": CASSETTE_FORMAT,
            "version": CASSETTE_VERSION,
            "scenario": self.scenario,
            "test": self.test,
            "provider": self.provider,
            "chains": self.chains,
            "model": self.model,
            "made_by": self.made_by,
        }
        if self.synthetic:
            record["synthetic"] = True
        return record


def recorded_by(made_by: str, synthetic: bool) -> str:
    """``made_by`` as reports say it: ``"autopilot (synthetic)"``, ``"gpt-4.1-mini"``."""
    if synthetic:
        return f"{made_by or 'a stand-in model'} (synthetic)"
    return made_by or "an unknown model"


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
        record: dict[str, Any] = {
            "text": self.text,
            "response": self.response,
            "model": self.model,
            "usage": _usage_dict(self.usage),
        }
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
        return {
            "call": self.number,
            "turn": self.turn,
            "digest": self.digest,
            "request": self.request,
            "reply": self.reply.to_dict(),
        }


@dataclass(frozen=True)
class RecordedAction:
    """One action step that ran while recording: what it was handed and how it ended (before
    the engine converted its results: a replay settles them again, as the engine does now).
    ``after_call`` is how many model calls came before it, which places its line in the file.
    """

    number: int
    turn: int | None
    step: str
    inputs: dict[str, Any]
    outcome: str
    results: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    status: int | None = None
    after_call: int = 0

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "action": self.number,
            "turn": self.turn,
            "step": self.step,
            "inputs": self.inputs,
            "outcome": self.outcome,
            "results": self.results,
        }
        if self.error is not None:
            record["error"] = self.error
        if self.status is not None:
            record["status"] = self.status
        return record


@dataclass
class Cassette:
    """A test's recorded calls and actions, in order, and the long values they refer to."""

    header: CassetteHeader
    calls: list[RecordedCall] = field(default_factory=list)
    blobs: dict[str, Any] = field(default_factory=dict)
    #: The file it was read from, for messages.
    path: Path | None = None
    #: The action steps that ran (stubbed ones are the test's, and are not recorded).
    actions: list[RecordedAction] = field(default_factory=list)

    @property
    def usage(self) -> Usage:
        total = Usage()
        for call in self.calls:
            total = total + call.reply.usage
        return total

    def to_text(self) -> str:
        """The file's text: the header, then each call preceded by the blobs it uses first,
        each action after the call it followed."""
        lines = [dumps(self.header.to_dict())]
        written: set[str] = set()
        actions = sorted(self.actions, key=lambda action: action.number)
        lines += [dumps(action.to_dict()) for action in actions if action.after_call == 0]
        for call in self.calls:
            for blob in _blob_refs(call.request):
                if blob not in written and blob in self.blobs:
                    written.add(blob)
                    lines.append(dumps({"blob": blob, "value": self.blobs[blob]}))
            lines.append(dumps(call.to_dict()))
            lines += [dumps(a.to_dict()) for a in actions if a.after_call == call.number]
        return "\n".join(lines) + "\n"

    def save(self, path: Path | str, *, inside: Path | str | None = None) -> None:
        """Write atomically: a failed save leaves the previous recording as it was. With
        ``inside``, never through a link out of that folder (see
        :func:`~engine.io.atomic.atomic_write_text`)."""
        atomic_write_text(path, self.to_text(), inside=inside)

    @classmethod
    def load(cls, path: Path | str, *, inside: Path | str | None) -> Cassette:
        """Read a cassette file; :class:`CassetteError` says what is wrong and where.

        ``inside`` is the folder it must stay in (its test's): the bounded reader refuses a link
        out of it (to ``/dev/zero``, say), pipes and devices, and files over
        :data:`~engine.io.input_limits.MAX_CASSETTE_BYTES` before reading them.
        """
        file = Path(path)
        try:
            text = read_text(file, limit=MAX_CASSETTE_BYTES, what="the cassette", inside=inside)
        except UnreadableFile as error:
            if error.reason == "missing":
                raise CassetteError(f"{file}: no cassette; record one with --record") from None
            if error.reason == "not-utf8":
                raise CassetteError(f"{file}: the cassette is {error.message}") from None
            raise CassetteError(f"{file}: cannot read the cassette: {error.message}") from None
        return cls.parse(text, path=file)

    @classmethod
    def parse(cls, text: str, *, path: Path | None = None) -> Cassette:
        return _Parser(path).parse(text)

    def resolve(self, value: Any) -> Any:
        """``value`` with its blob references replaced by what they stand for."""
        return resolve(value, self.blobs)


def compact_request(request: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], str]:
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
                return {BLOB_KEY: key}
        return value

    compact = {name: squeeze(value) for name, value in request.items()}
    digest = "sha256:" + hashlib.sha256(_canonical(compact).encode("utf-8")).hexdigest()
    return compact, blobs, digest


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
        actions: list[RecordedAction] = []
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
            except ValueError:  # an integer of more than 4,300 digits (Python's limit)
                raise self.fail(number, "the line holds a number with too many digits") from None
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
            elif "action" in record:
                actions.append(self.action(record, number, len(actions) + 1, len(calls)))
            else:
                raise self.fail(number, "expected a 'blob', a 'call' or an 'action' line")
        if header is None:
            raise self.fail(1, "the cassette is empty")
        return Cassette(header, calls, blobs, self.path, actions)

    def action(
        self, record: dict[str, Any], line: int, expected: int, after_call: int
    ) -> RecordedAction:
        if record.get("action") != expected:
            raise self.fail(line, f"expected action {expected}, found {record.get('action')!r}")
        turn = record.get("turn")
        if turn is not None and (not isinstance(turn, int) or isinstance(turn, bool)):
            raise self.fail(line, "'turn' must be a whole number")
        inputs, results = record.get("inputs", {}), record.get("results", {})
        if not isinstance(inputs, dict) or not isinstance(results, dict):
            raise self.fail(line, "an action's 'inputs' and 'results' must be objects")
        status = record.get("status")
        if status is not None and (not isinstance(status, int) or isinstance(status, bool)):
            raise self.fail(line, "an action's 'status' must be a whole number")
        try:
            return RecordedAction(
                number=expected,
                turn=turn,
                step=_text(record, "step"),
                inputs=inputs,
                outcome=_text(record, "outcome"),
                results=results,
                error=_optional_text(record, "error"),
                status=status,
                after_call=after_call,
            )
        except (KeyError, TypeError) as error:
            raise self.fail(line, f"the action lacks a valid {error.args[0]!r}") from None

    def header(self, record: dict[str, Any], line: int) -> CassetteHeader:
        if record.get("cassette") != CASSETTE_FORMAT:
            raise self.fail(line, "not a Prompter cassette (the first line must be its header)")
        if record.get("version") != CASSETTE_VERSION:
            raise self.fail(
                line,
                f"cassette version {record.get('version')!r} is not "
                f"supported (this Prompter reads version {CASSETTE_VERSION})",
            )
        try:
            return CassetteHeader(
                scenario=_text(record, "scenario"),
                test=_text(record, "test"),
                provider=_text(record, "provider"),
                chains=_flag(record, "chains"),
                model=_text(record, "model"),
                made_by=_optional_text(record, "made_by") or "",
                synthetic=bool(record.get("synthetic", False) is True),
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
            raise self.fail(
                line, f"the request refers to blob {missing[0]!r}, not defined on an earlier line"
            )
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
                usage=Usage(
                    _count(usage, "input_tokens"),
                    _count(usage, "cached_tokens"),
                    _count(usage, "output_tokens"),
                ),
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
        if set(value) == {BLOB_KEY} and isinstance(value[BLOB_KEY], str):
            yield value[BLOB_KEY]
            return
        for item in value.values():
            yield from _blob_refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _blob_refs(item)


def resolve(value: Any, blobs: Mapping[str, Any]) -> Any:
    if isinstance(value, dict):
        if set(value) == {BLOB_KEY} and value[BLOB_KEY] in blobs:
            return blobs[value[BLOB_KEY]]
        return {key: resolve(item, blobs) for key, item in value.items()}
    if isinstance(value, list):
        return [resolve(item, blobs) for item in value]
    return value


def _usage_dict(usage: Usage) -> dict[str, int]:
    return {
        "input_tokens": usage.input_tokens,
        "cached_tokens": usage.cached_tokens,
        "output_tokens": usage.output_tokens,
    }


def dumps(value: Any) -> str:
    """One line of the file: keys in the order they were made (a request's field order)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _canonical(value: Any) -> str:
    """The text hashed for blob ids and digests: independent of key order."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


__all__ = [
    "BLOB_KEY",
    "BLOB_MIN_CHARS",
    "CASSETTE_FORMAT",
    "CASSETTE_VERSION",
    "MAX_CASSETTE_BYTES",
    "Cassette",
    "CassetteError",
    "CassetteHeader",
    "RecordedAction",
    "RecordedCall",
    "RecordedReply",
    "compact_request",
    "dumps",
    "recorded_by",
    "resolve",
]
