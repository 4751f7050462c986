"""A conversation's whole state as one value: saved to a file, resumed, forked, rolled back.

:class:`SessionData` is everything a :class:`~engine.conversation.conversation_core.Conversation`
needs to go on exactly where it stopped: the FSM state, the variables with their history, each
step's results and summary, the last response id of the chain, the local transcript, the cost
ledger, and one :class:`Checkpoint` per completed turn.

**What the chain carries.** The transcript holds, in order, every message the model has read in
accepted exchanges — step sections and summaries of earlier steps (``system``), the user's
messages, the accepted replies — and ``transcript[chain_start:]`` is exactly what the current
response chain (``last_response_id``) holds. From it the conversation knows whether the current
step's section must still be sent, and a server that keeps no history (Chat Completions) is sent
the same messages again. Checkpoints keep ``chain_start``, so a resumed or forked session, or
one rebuilt from a log (``model_request`` events record the items they sent), continues a chain
exactly where that turn left it.

The same value serves four purposes:

* **save / resume** — :func:`save_session` writes it atomically as JSON, :func:`load_session`
  reads it back and checks it against the scenario (a session of another scenario, or one whose
  step no longer exists, is refused with a :class:`~engine.errors.SessionError` that says so);
* **rollback** — the conversation snapshots it before a turn and restores it when the provider
  fails, so the same message can be sent again;
* **fork from a session** — :meth:`SessionData.fork` cuts it back to the end of an earlier turn
  using the checkpoints (variables and costs keep their own per-turn history);
* **fork from a log** — :func:`session_from_events` rebuilds it from the JSON Lines log alone, so
  the studio's replay can fork any logged conversation. It reads the log through
  :class:`engine.log.fold.LogFold`, the one reading the replay uses too: a rolled-back turn is
  ignored, exactly as the conversation ignored it, and the ledger holds the calls of the turns
  that stand (see that module for both rules).

The API key is never part of a session: the file is written through :func:`engine.io.redact.redact`
(a key a user typed into the chat is stored as ``[REDACTED]``, as in the log).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, cast

from engine.dialogue.fsm import DialogueState, Status
from engine.dialogue.ledger import CostLedger, PriceTable
from engine.dialogue.prompting import OVERVIEW_HEADINGS, TranscriptEntry
from engine.dialogue.vars_memory import SOURCES, Source, VarsMemory
from engine.errors import SessionError, UnreadableFile
from engine.io.atomic import atomic_write_text
from engine.io.input_limits import MAX_SESSION_BYTES
from engine.io.redact import redact
from engine.io.untrusted import read_text, replace_surrogates
from engine.log.events import Event, EventType, ModelRequestData, SessionStartData
from engine.log.fold import LogFold, Turn, VarChange, apply_summary
from engine.log.reader import read_log
from engine.log.schema import event_problem
from engine.scenario.definition import Scenario

SESSION_FORMAT = "prompter-session"
SESSION_VERSION = 1


def new_session_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Checkpoint:
    """Where a conversation stood at the end of one turn (what fork needs besides history)."""

    turn: int
    state: DialogueState
    last_response_id: str | None
    summaries: dict[str, str]
    results: dict[str, dict[str, Any]]
    transcript_length: int
    chain_start: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "state": self.state.to_dict(),
            "last_response_id": self.last_response_id,
            "summaries": dict(self.summaries),
            "results": _copy_results(self.results),
            "transcript_length": self.transcript_length,
            "chain_start": self.chain_start,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Checkpoint:
        return cls(
            turn=int(data["turn"]),
            state=DialogueState.from_dict(data["state"]),
            last_response_id=data.get("last_response_id"),
            summaries={str(k): str(v) for k, v in dict(data.get("summaries", {})).items()},
            results=_copy_results(data.get("results", {})),
            transcript_length=int(data.get("transcript_length", 0)),
            chain_start=int(data.get("chain_start", 0)),
        )


@dataclass
class SessionData:
    """The state of one conversation; see the module docstring for its uses."""

    session_id: str
    scenario: str
    state: DialogueState
    vars: VarsMemory
    ledger: CostLedger
    model: str = ""
    provider: str = ""
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    summaries: dict[str, str] = field(default_factory=dict)
    last_response_id: str | None = None
    transcript: list[TranscriptEntry] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    #: The ``seq`` of the last event emitted, so a resumed log continues without a gap.
    seq: int = 0
    started: bool = False
    #: Where the current response chain starts in ``transcript`` (see the module docstring).
    chain_start: int = 0
    #: The provider's ``prompt_cache_key``: the session id, kept by forks and resumes so that
    #: a fork reads its parent's chain from the same cache.
    cache_key: str = ""
    #: Action calls that completed, by idempotency key (step, inputs, outcome, results): a
    #: turn rolled back and sent again reuses them instead of acting twice. Kept by rollbacks
    #: and the session file; a fork (another session, other keys) starts without.
    actions_done: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: ``layout: auto`` only: the layout in force for the current chain (``compact`` or
    #: ``compact_step_schema``; empty before the first chain), and whether its constant prefix
    #: carries the steps' goals. Auto chooses again at every new chain.
    layout: str = ""
    padded: bool = False

    def __post_init__(self) -> None:
        if not self.cache_key:
            self.cache_key = self.session_id

    @property
    def chain(self) -> list[TranscriptEntry]:
        """The messages the current response chain holds (see the module docstring)."""
        return self.transcript[self.chain_start :]

    @property
    def user_messages(self) -> int:
        return self.state.turn

    def copy(self) -> SessionData:
        """An independent copy (cheap: histories are copied lists of immutable records)."""
        ledger = CostLedger(self.ledger.prices)
        ledger.calls = list(self.ledger.calls)
        return replace(
            self,
            state=self.state.copy(),
            vars=self.vars.copy(),
            ledger=ledger,
            results=_copy_results(self.results),
            summaries=dict(self.summaries),
            transcript=list(self.transcript),
            checkpoints=list(self.checkpoints),
            actions_done=dict(self.actions_done),
        )

    def checkpoint(self) -> Checkpoint:
        return Checkpoint(
            turn=self.state.turn,
            state=self.state.copy(),
            last_response_id=self.last_response_id,
            summaries=dict(self.summaries),
            results=_copy_results(self.results),
            transcript_length=len(self.transcript),
            chain_start=self.chain_start,
        )

    def fork(self, upto_turn: int, *, session_id: str | None = None) -> SessionData:
        """This session as it was at the end of ``upto_turn``, as a new session.

        Raises :class:`SessionError` when that turn was never completed.
        """
        marks = [point for point in self.checkpoints if point.turn <= upto_turn]
        if not marks or marks[-1].turn != upto_turn:
            done = self.checkpoints[-1].turn if self.checkpoints else None
            raise SessionError(
                f"cannot fork at turn {upto_turn}: "
                + (
                    f"the session has turns 0 to {done}"
                    if done is not None
                    else "the session has no completed turn"
                )
            )
        point = marks[-1]
        forked = self.copy()
        forked.session_id = session_id or new_session_id()
        forked.state = point.state.copy()
        forked.vars.truncate_after(point.turn)
        forked.ledger.truncate_after(point.turn)
        forked.results = _copy_results(point.results)
        forked.summaries = dict(point.summaries)
        forked.last_response_id = point.last_response_id
        forked.transcript = forked.transcript[: point.transcript_length]
        forked.chain_start = point.chain_start
        forked.checkpoints = marks
        forked.seq = 0
        forked.started = True
        forked.actions_done = {}
        return forked

    # --- files -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "session_id": self.session_id,
            "scenario": self.scenario,
            "model": self.model,
            "provider": self.provider,
            "started": self.started,
            "seq": self.seq,
            "state": self.state.to_dict(),
            "last_response_id": self.last_response_id,
            "results": _copy_results(self.results),
            "summaries": dict(self.summaries),
            "vars": self.vars.to_dict(),
            "ledger": self.ledger.to_dict(),
            "transcript": [entry.to_dict() for entry in self.transcript],
            "chain_start": self.chain_start,
            "cache_key": self.cache_key,
            "layout": self.layout,
            "padded": self.padded,
            "checkpoints": [point.to_dict() for point in self.checkpoints],
            "actions_done": dict(self.actions_done),
        }

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], scenario: Scenario, prices: PriceTable | None = None
    ) -> SessionData:
        """Rebuild a saved session for ``scenario``; :class:`SessionError` when it does not fit."""
        if data.get("format") != SESSION_FORMAT:
            raise SessionError("this file is not a Prompter session")
        if data.get("version") != SESSION_VERSION:
            raise SessionError(
                f"session format version {data.get('version')!r} is not supported "
                f"(this Prompter reads version {SESSION_VERSION})"
            )
        if data.get("scenario") != scenario.name:
            raise SessionError(
                f"the session belongs to scenario {data.get('scenario')!r}, not {scenario.name!r}"
            )
        try:
            _check_shape(data)
            state = DialogueState.from_dict(data["state"])
            session = cls(
                session_id=str(data["session_id"]),
                scenario=scenario.name,
                state=state,
                vars=VarsMemory.from_dict(data["vars"], scenario.variables),
                ledger=CostLedger.from_dict(data["ledger"], prices),
                model=str(data.get("model", "")),
                provider=str(data.get("provider", "")),
                results=_copy_results(data.get("results", {})),
                summaries={str(k): str(v) for k, v in dict(data.get("summaries", {})).items()},
                last_response_id=data.get("last_response_id"),
                transcript=[TranscriptEntry.from_dict(item) for item in data.get("transcript", [])],
                checkpoints=[Checkpoint.from_dict(item) for item in data.get("checkpoints", [])],
                seq=int(data.get("seq", 0)),
                started=bool(data.get("started", True)),
                chain_start=int(data.get("chain_start", 0)),
                cache_key=str(data.get("cache_key") or ""),
                actions_done=_actions_done(data.get("actions_done")),
                layout=str(data.get("layout") or ""),
                padded=data.get("padded") is True,
            )
        except SessionError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            # a part missing, null or of another type, at any depth (the parts' own from_dict)
            raise SessionError(f"the session file is damaged: {error}") from None
        if state.step not in scenario.steps:
            raise SessionError(
                f"the session is at step {state.step!r}, which scenario {scenario.name!r} "
                "no longer has"
            )
        return session

    def to_json(self, *, indent: int | None = None) -> str:
        """The session as JSON text, redacted: what :func:`save_session` writes, for a caller
        that keeps sessions in its own store (:meth:`from_json` reads it back)."""
        text = json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)
        return redact(replace_surrogates(text))

    @classmethod
    def from_json(
        cls, text: str, scenario: Scenario, prices: PriceTable | None = None
    ) -> SessionData:
        """Read :meth:`to_json`'s text back for ``scenario``; :class:`SessionError` when it is
        not a session or does not fit."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise SessionError(f"the session is not valid JSON: {error}") from None
        if not isinstance(data, dict):
            raise SessionError("this is not a Prompter session")
        return cls.from_dict(data, scenario, prices)


def save_session(path: Path | str, session: SessionData) -> None:
    """Write ``session`` atomically (a crash leaves the previous file intact), redacted."""
    atomic_write_text(path, session.to_json(indent=1) + "\n")


def load_session(
    path: Path | str, scenario: Scenario, prices: PriceTable | None = None
) -> SessionData:
    file = Path(path)
    try:
        data = json.loads(read_text(file, limit=MAX_SESSION_BYTES, what="the session file"))
    except UnreadableFile as error:
        raise SessionError(f"cannot read session {file}: {error.message}") from None
    except (ValueError, RecursionError) as error:
        raise SessionError(f"session {file} is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise SessionError(f"session {file} is not a Prompter session")
    try:
        return SessionData.from_dict(data, scenario, prices)
    except SessionError as error:
        raise SessionError(f"session {file}: {error}") from None


# --- rebuilding from a log ------------------------------------------------------------------


def session_from_events(
    events: Iterable[Event],
    scenario: Scenario,
    *,
    upto_turn: int | None = None,
    prices: PriceTable | None = None,
    session: str | None = None,
) -> SessionData:
    """The session as it was at the end of ``upto_turn`` (default: the last completed turn).

    Reads one session's events (``session`` picks one when the log holds several; default the
    first) through :class:`engine.log.fold.LogFold`, the one reading of a log: only completed
    turns count, a rolled-back one is ignored (see its rules), and the ledger holds the calls
    of the turns that stand, at what they cost then. An event whose fields are not of their
    documented types (:func:`engine.log.schema.problem`: ``"latency_ms": "fast"``,
    ``"usage": "lots"``) is ignored, as the log reader skips it. The log is checked against
    ``scenario`` (its steps and variables) up to that turn: :class:`SessionError` says where
    it does not fit.
    """
    items = [event for event in events if event_problem(event) is None]
    starts = [event for event in items if event.type == EventType.SESSION_START]
    if not starts:
        raise SessionError("the log has no session_start: it is not a conversation log")
    chosen = session or starts[0].session
    start = next((event for event in starts if event.session == chosen), None)
    if start is None:
        raise SessionError(f"the log has no session {chosen!r}")
    logged = start.payload(SessionStartData).get("scenario")
    if logged not in (None, scenario.name):
        raise SessionError(f"the log is of scenario {logged!r}, not {scenario.name!r}")
    fold = LogFold(start_step=scenario.start)
    fold.feed_many(event for event in items if event.session == chosen)
    turns = [turn for turn in fold.completed() if upto_turn is None or turn.number <= upto_turn]
    if upto_turn is not None and (not turns or turns[-1].number < upto_turn):
        last = turns[-1].number if turns else 0
        raise SessionError(
            f"cannot fork at turn {upto_turn}: the log's last completed turn is {last}"
        )
    data = _Rebuild(fold, scenario, prices).upto(turns)
    data.layout, data.padded = _auto_layout(items, chosen, turns)
    return data


def _auto_layout(items: list[Event], session: str, turns: list[Turn]) -> tuple[str, bool]:
    """Under ``layout: auto``: the layout of the chain in force after ``turns``, from the last
    request of a standing turn that says why auto chose it (``""``: none did)."""
    standing = [(turn.first_seq, turn.last_seq) for turn in turns]
    for event in reversed(items):
        if event.session != session or event.type != EventType.MODEL_REQUEST:
            continue
        if not any(first <= event.seq <= last for first, last in standing):
            continue
        sent = event.payload(ModelRequestData)
        if not sent.get("layout_reason"):
            return "", False
        instructions = str(sent.get("instructions"))
        padded = any(heading in instructions for heading in OVERVIEW_HEADINGS)
        return str(sent.get("layout") or ""), padded
    return "", False


class _Rebuild:
    """A :class:`SessionData` from a fold of its log, checked against the scenario."""

    def __init__(self, fold: LogFold, scenario: Scenario, prices: PriceTable | None) -> None:
        self.fold = fold
        self.scenario = scenario
        start_step = fold.visits[0] if fold.visits else None
        if start_step not in scenario.steps:
            raise SessionError(f"the log starts at step {start_step!r}, which the scenario lacks")
        self.data = SessionData(
            session_id=fold.session_id or new_session_id(),
            scenario=scenario.name,
            state=self._state(1, 0),
            vars=VarsMemory(scenario.variables),
            ledger=CostLedger(prices),
            model=fold.model,
            provider=fold.session_info.get("provider", "") if fold.session_info else "",
            started=True,
        )

    def upto(self, turns: list[Turn]) -> SessionData:
        """The session after the last of ``turns`` (completed, in order), with a checkpoint
        after each."""
        data, fold = self.data, self.fold
        for step in fold.visits[: turns[-1].after.visits if turns else 1]:
            if step not in self.scenario.steps:
                raise SessionError(f"the log moves to step {step!r}, which the scenario lacks")
        changes = summaries = 0
        for turn in turns:
            after = turn.after
            for change in fold.changes[changes : after.changes]:
                self._set_variable(change)
            for record in fold.summaries[summaries : after.summaries]:
                apply_summary(record, data.summaries, data.results)
            changes, summaries = after.changes, after.summaries
            data.state = self._state(after.visits, turn.number)
            data.checkpoints.append(
                Checkpoint(
                    turn=turn.number,
                    state=data.state.copy(),
                    last_response_id=after.response_id,
                    summaries=dict(data.summaries),
                    results=_copy_results(data.results),
                    transcript_length=after.transcript,
                    chain_start=after.chain_start,
                )
            )
        if turns:
            last, after = turns[-1], turns[-1].after
            data.last_response_id = after.response_id
            data.transcript = fold.transcript(after.transcript)
            data.chain_start, data.cache_key = after.chain_start, after.cache_key
            data.ledger.calls = fold.calls(after.calls)
            data.seq = last.last_seq
        return data

    def _state(self, visits: int, turn: int) -> DialogueState:
        visited = self.fold.visits[:visits]
        final = self.scenario.steps[visited[-1]].final
        return DialogueState(
            step=visited[-1],
            turn=turn,
            visited=visited,
            status=Status.FINISHED if final else Status.ACTIVE,
        )

    def _set_variable(self, change: VarChange) -> None:
        if change.name not in self.scenario.variables:
            return
        source = change.source if change.source in SOURCES else "model"
        try:
            self.data.vars.set(
                change.name,
                change.new,
                turn=change.turn,
                step=change.step,
                source=cast(Source, source),
                ts=change.ts or None,
            )
        except ValueError as error:
            raise SessionError(f"log seq {change.seq}: {error}") from None


#: Suffixes of the files :func:`fork_source` reads as conversation logs (others are sessions).
LOG_SUFFIXES = frozenset({".jsonl", ".ndjson", ".log"})


def fork_source(
    source: SessionData | Iterable[Event] | Path | str,
    upto_turn: int,
    scenario: Scenario,
    prices: PriceTable | None = None,
) -> tuple[SessionData, str]:
    """What a fork of ``source`` at the end of ``upto_turn`` starts from, and its parent's id.

    ``source`` is a session (object or file), a conversation log file, or its events. The fork
    gets a new session id; the state is copied, never shared with the source.
    """
    if isinstance(source, str | Path):
        path = Path(source)
        if path.suffix.lower() in LOG_SUFFIXES:
            source = read_log(path).events
        else:
            source = load_session(path, scenario, prices)
    if isinstance(source, SessionData):
        return source.fork(upto_turn), source.session_id
    rebuilt = session_from_events(list(source), scenario, upto_turn=upto_turn, prices=prices)
    return rebuilt.fork(upto_turn), rebuilt.session_id


#: The parts of a session file, the JSON type each must have, and whether it must be there.
_SHAPE: dict[str, tuple[type, bool]] = {
    "state": (dict, True),
    "vars": (dict, True),
    "ledger": (dict, True),
    "results": (dict, False),
    "summaries": (dict, False),
    "transcript": (list, False),
    "checkpoints": (list, False),
}
_JSON_NAMES: dict[type, str] = {dict: "an object", list: "a list"}


def _check_shape(data: Mapping[str, Any]) -> None:
    """A ``TypeError`` naming the first part of the file that is null or of another type."""
    for key, (kind, required) in _SHAPE.items():
        value: Any = data.get(key)
        if value is None and not required and key not in data:
            continue
        if not isinstance(value, kind):
            raise TypeError(f"{key!r} must be {_JSON_NAMES[kind]}, not {_json_name(value)}")
        if isinstance(value, list):
            for index, item in enumerate(value):
                if not isinstance(item, dict):
                    raise TypeError(
                        f"{key!r} item {index + 1} must be an object, not {_json_name(item)}"
                    )


def _json_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _actions_done(saved: Any) -> dict[str, dict[str, Any]]:
    """The completed action calls of a session file (none in files older than actions)."""
    if saved is None:
        return {}
    if not isinstance(saved, dict) or not all(isinstance(v, dict) for v in saved.values()):
        raise TypeError("'actions_done' must map idempotency keys to calls")
    return {str(key): dict(value) for key, value in saved.items()}


def _copy_results(results: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {str(step): dict(values) for step, values in dict(results).items()}


__all__ = [
    "SESSION_VERSION",
    "Checkpoint",
    "SessionData",
    "fork_source",
    "load_session",
    "new_session_id",
    "save_session",
    "session_from_events",
]
