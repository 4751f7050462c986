"""One bad line never makes a log unreadable (issue 16, items 2, 6, 7 and 10).

Each hostile line of the issue is skipped and reported with its number, every other line is
kept, and what the reader returns is well-typed, so fork, the meters and the viewer's painting
code can compute with it. The writer, for its part, never fails on what a model can send.
"""

from __future__ import annotations

import contextlib
import json
import os
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from engine.conversation.session import session_from_events
from engine.errors import SessionError
from engine.io.input_limits import MAX_LOG_DEPTH, MAX_LOG_LINE_BYTES, MIB
from engine.log.events import Event, EventType
from engine.log.reader import (
    LogFollower,
    SeqRepeat,
    find_repeats,
    parse_lines,
    read_log,
    unfinished_turn,
)
from engine.log.writer import LogWriter, encode_event
from engine.scenario.loader import load_scenario

FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"


def event(seq: int, kind: str = EventType.BOT_MESSAGE, turn: int = 1, **data: Any) -> Event:
    return Event(
        type=kind,
        session="s1",
        seq=seq,
        turn=turn,
        step="greet",
        data=data or {"text": f"message {seq}"},
        ts="2026-01-01T00:00:00.000Z",
    )


def response(seq: int, **overrides: Any) -> dict[str, Any]:
    """A model_response record as the engine writes it, with some fields replaced."""
    record = event(
        seq,
        EventType.MODEL_RESPONSE,
        purpose="turn",
        attempt=1,
        model="m",
        response_id="r1",
        raw_text="{}",
        status="completed",
        incomplete_reason=None,
        refusal=None,
        usage={"input_tokens": 10, "cached_tokens": 0, "output_tokens": 5},
        latency_ms=12.5,
        cost_usd=0.001,
    ).to_record()
    record.update(overrides)
    return record


#: The hostile lines of issue 16, each with the reason the reader gives (its start).
HOSTILE: dict[str, tuple[str, str]] = {
    "seq 1e999 (OverflowError)": (
        '{"type": "bot_message", "seq": 1e999, "text": "x"}',
        "'seq' should be a whole number of at least 0, not inf",
    ),
    "deep nesting (RecursionError)": (
        '{"type": "bot_message", "seq": 2, "text": ' + "[" * 100_000 + "]" * 100_000 + "}",
        f"nested deeper than {MAX_LOG_DEPTH} levels",
    ),
    "a 5,000-digit number (ValueError)": (
        '{"type": "bot_message", "seq": ' + "9" * 5000 + "}",
        "not readable JSON (Exceeds the limit",
    ),
    "usage: lots": (
        json.dumps(response(4, usage="lots")),
        "'usage' should be a JSON object of the documented fields, not 'lots'",
    ),
    "input_tokens: many": (
        json.dumps(response(5, usage={"input_tokens": "many"})),
        "'usage' should be a JSON object of the documented fields",
    ),
    "latency_ms: fast": (
        json.dumps(response(6, latency_ms="fast")),
        "'latency_ms' should be a finite number, not 'fast'",
    ),
    "a nested record just over the depth limit": (
        json.dumps(event(7).to_record())[:-1]
        + ', "extra": '
        + "[" * MAX_LOG_DEPTH
        + "]" * MAX_LOG_DEPTH
        + "}",
        f"nested deeper than {MAX_LOG_DEPTH} levels",
    ),
    "cost_usd: Infinity": (
        json.dumps(response(8, cost_usd=float("inf"))),
        "'cost_usd' should be a finite number, not inf",
    ),
    "a turn beyond 2**53": (
        json.dumps({**event(9).to_record(), "turn": 2**64}),
        "'turn' should be a whole number of at least 0, not a number too large",
    ),
    "true as a token count": (
        json.dumps(response(10, usage={"output_tokens": True})),
        "'usage' should be a JSON object of the documented fields",
    ),
}


def write_lines(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


@pytest.mark.parametrize("name", list(HOSTILE))
def test_each_hostile_line_is_skipped_with_its_number_and_the_rest_is_kept(
    tmp_path: Path, name: str
) -> None:
    line, reason = HOSTILE[name]
    good = [event(1), event(2), event(3)]
    path = tmp_path / "log.jsonl"
    write_lines(path, [good[0].to_json(), line, good[1].to_json(), good[2].to_json()])

    read = read_log(path)

    assert read.events == good
    assert [skipped.line_no for skipped in read.skipped] == [2]
    assert read.skipped[0].reason.startswith(reason)
    assert read.problems()[0].startswith(f"line 2: {reason}")
    # the follower (the viewer's reader) agrees, and so does the chunked parser
    assert LogFollower(path).poll() == good
    assert parse_lines([raw.encode() for raw in (good[0].to_json(), line)])[0] == good[:1]


def test_a_log_with_every_hostile_line_still_forks(tmp_path: Path) -> None:
    scenario = load_scenario(FIXTURES / "pizza")
    start = Event(
        EventType.SESSION_START,
        "s1",
        1,
        0,
        scenario.start,
        {"scenario": scenario.name, "start_step": scenario.start},
    )
    user = Event(EventType.USER_MESSAGE, "s1", 2, 1, scenario.start, {"text": "hi"})
    end = Event(EventType.TURN_END, "s1", 3, 1, scenario.start, {"response_id": "r1"})
    path = tmp_path / "log.jsonl"
    write_lines(
        path,
        [start.to_json(), user.to_json(), *(line for line, _ in HOSTILE.values()), end.to_json()],
    )

    read = read_log(path)
    session = session_from_events(read.events, scenario)

    assert len(read.skipped) == len(HOSTILE)
    assert (session.state.turn, session.last_response_id, session.seq) == (1, "r1", 3)


@pytest.mark.parametrize(
    "bad",
    [
        {"usage": "lots"},
        {"usage": {"input_tokens": "many"}},
        {"latency_ms": "fast"},
        {"latency_ms": None},
        {"cost_usd": float("nan")},
    ],
    ids=["usage", "input_tokens", "latency_ms", "null-latency", "nan-cost"],
)
def test_fork_ignores_an_ill_typed_event_handed_to_it_directly(bad: dict[str, Any]) -> None:
    scenario = load_scenario(FIXTURES / "pizza")
    record = response(3, **bad)
    record.update(session="s1", turn=1, step=scenario.start)
    events = [
        Event(EventType.SESSION_START, "s1", 1, 0, scenario.start, {"scenario": scenario.name}),
        Event(EventType.USER_MESSAGE, "s1", 2, 1, scenario.start, {"text": "hi"}),
        Event.from_record(record),
        Event(EventType.TURN_END, "s1", 4, 1, scenario.start, {"response_id": "r1"}),
    ]

    session = session_from_events(events, scenario)

    assert session.state.turn == 1
    assert session.ledger.calls == []  # the bad response was not counted


def test_a_lone_surrogate_is_read_back_as_a_replacement_character(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    write_lines(
        path, ['{"type": "bot_message", "seq": 1, "text": "Hi \\ud800 there", "\\udfff": "key"}']
    )

    read = read_log(path)

    assert read.skipped == []
    assert read.events[0].data == {"text": "Hi \ufffd there", "\ufffd": "key"}
    # what the reader returns can be written again
    assert encode_event(read.events[0]).decode("utf-8")


def test_a_surrogate_written_as_raw_bytes_is_not_utf8_in_every_reader(tmp_path: Path) -> None:
    """Found by the fuzz test: ``json.loads`` of bytes lets CESU-8 surrogates through, so the
    reader's fast path once accepted a line its slow path refused."""
    line = '{"type": "bot_message", "seq": 1, "text": "\ud800"}'.encode("utf-8", "surrogatepass")
    events, skipped = parse_lines([line])
    assert events == [] and [s.reason for s in skipped] == ["not UTF-8 text (byte 43)"]
    path = tmp_path / "log.jsonl"
    path.write_bytes(line + b"\n")
    assert LogFollower(path).poll() == [] and read_log(path).events == []


# --- the writer: every event reaches the log ----------------------------------------------------


def test_a_lone_surrogate_from_a_model_never_loses_the_event(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    with LogWriter(path, secrets=[]) as writer:
        writer.write(event(1, EventType.SESSION_START, turn=0, title="Pizza \ud800"))
        writer.write(
            event(
                2,
                EventType.MODEL_RESPONSE,
                raw_text='{"message": "\\ud800"}',
                latency_ms=1.0,
                cost_usd=0.0,
            )
        )
        writer.write(event(3, text="Hi \udfff"))

    read = read_log(path)
    assert [e.seq for e in read.events] == [1, 2, 3]
    assert read.events[0].data["title"] == "Pizza \ufffd"
    assert read.events[1].data["raw_text"] == '{"message": "\\ud800"}'
    assert read.events[2].data["text"] == "Hi \ufffd"
    assert writer.error is None and writer.lines_written == 3


@pytest.mark.parametrize(
    "value, written",
    [
        (10**5000, "(an integer of about 5000 digits: not logged)"),
        (float("nan"), "nan"),
        (float("-inf"), "-inf"),
        (object, "<class 'object'>"),
        ((1, 2), [1, 2]),
    ],
    ids=["5000-digits", "nan", "-inf", "object", "tuple"],
)
def test_a_value_json_cannot_hold_is_logged_as_text_saying_what_it_was(
    tmp_path: Path, value: Any, written: Any
) -> None:
    path = tmp_path / "log.jsonl"
    with LogWriter(path, secrets=[]) as writer:
        writer.write(event(1, EventType.VARIABLE_CHANGE, name="n", old=None, new=value))
    assert read_log(path).events[0].data["new"] == written


def test_nesting_too_deep_for_json_is_cut_and_still_logged(tmp_path: Path) -> None:
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    path = tmp_path / "log.jsonl"
    with LogWriter(path, secrets=[]) as writer:
        writer.write(event(1, EventType.VARIABLE_CHANGE, name="n", old=None, new=deep))
        writer.write(event(2))
    read = read_log(path)
    assert [e.seq for e in read.events] == [1, 2]
    assert "nested deeper than" in json.dumps(read.events[0].data["new"])


# --- line length: a 100 MB one-line log ----------------------------------------------------------


def write_huge_line_log(path: Path, size: int, after: list[Event]) -> None:
    """A log whose first line is ``size`` bytes long (a sparse file: no disk is spent)."""
    with path.open("wb") as handle:
        handle.write(b'{"type": "user_message", "seq": 1, "text": "')
        handle.truncate(size)
        handle.seek(size)
        handle.write(b'"}\n' + b"".join(e.to_json().encode() + b"\n" for e in after))


def test_a_100_mb_line_is_skipped_without_holding_it_in_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    after = [event(2), event(3)]
    write_huge_line_log(path, 100 * MIB, after)

    tracemalloc.start()
    try:
        read = read_log(path)
        followed = LogFollower(path).poll_batch()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    assert read.events == after == followed.events
    assert [(s.line_no, s.reason) for s in read.skipped] == [
        (1, "the line is 100.0 MB long; lines over 8.0 MB are not read")
    ]
    assert read.skipped[0].text_excerpt.startswith('{"type": "user_message", "seq": 1')
    assert followed.skipped == read.skipped
    assert peak < MAX_LOG_LINE_BYTES * 3, f"peak {peak / MIB:.0f} MB while reading"


def test_a_huge_line_still_being_written_is_reported_once_it_ends(tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    follower = LogFollower(path)
    path.write_bytes(event(1).to_json().encode() + b"\n" + b"x" * (MAX_LOG_LINE_BYTES + 10))
    assert follower.poll() == [event(1)]
    assert follower.waiting_for_line_end and follower.skipped == []
    with path.open("ab") as handle:
        handle.write(b"y" * MIB + b"\n" + event(2).to_json().encode() + b"\n")
    assert follower.poll() == [event(2)]
    assert [s.line_no for s in follower.skipped] == [2]


def test_a_huge_last_line_without_newline_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(event(1).to_json().encode() + b"\n" + b"z" * (MAX_LOG_LINE_BYTES + 1))
    read = read_log(path)
    assert read.events == [event(1)] and read.truncated_tail
    assert [s.line_no for s in read.skipped] == [2]


# --- sequence numbers ---------------------------------------------------------------------------


def test_repeated_seqs_are_flagged_as_gaps_are(tmp_path: Path) -> None:
    seqs = [*range(1, 29), 26, 27, 28, 29, 30, 12]
    path = tmp_path / "log.jsonl"
    write_lines(
        path,
        [event(seq).to_json() for seq in seqs]
        + [Event("bot_message", "other", 26, 1, None, {"text": "x"}).to_json()],
    )

    read = read_log(path)

    assert (
        read.repeats
        == find_repeats(read.events)
        == [SeqRepeat("s1", 26, 28), SeqRepeat("s1", 12, 12)]
    )
    assert read.gaps == []
    assert read.problems() == ["seq 26–28 repeated in session s1", "seq 12 repeated in session s1"]


def test_a_turn_the_log_never_closed_is_found() -> None:
    def at(seq: int, kind: str, session: str = "s1") -> Event:
        return Event(kind, session, seq, 2, "greet", {"text": "x"})

    closed = [at(1, "session_start"), at(2, "user_message"), at(3, "turn_end")]
    assert unfinished_turn(closed, "s1") is None
    opened = [*closed, at(4, "user_message"), at(5, "model_request"), at(6, "x", "other")]
    assert unfinished_turn(opened, "s1") == opened[3]
    assert unfinished_turn([*opened, at(7, "error")], "s1") is None
    assert unfinished_turn(opened, "other") is None


# --- files that are not logs --------------------------------------------------------------------


@pytest.mark.timeout(20)
def test_a_fifo_named_as_a_log_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(SessionError, match="not a regular file: it is a named pipe"):
        read_log(fifo)
    with pytest.raises(SessionError, match="named pipe"):
        LogFollower(fifo).poll()
    with pytest.raises(SessionError, match="it is a character device"):
        read_log("/dev/zero")


# --- the log viewer receives only well-typed events ---------------------------------------------


@pytest.mark.gui
def test_the_log_viewer_opens_and_paints_a_log_with_every_hostile_line(
    qtbot: Any, tmp_path: Path
) -> None:
    from app.logview.sample import SampleConversation
    from app.logview.window import LogWindow

    good = list(SampleConversation().events(12))
    path = tmp_path / "hostile.jsonl"
    write_lines(
        path,
        [
            good[0].to_json(),
            *(line for line, _ in HOSTILE.values()),
            *(e.to_json() for e in good[1:]),
        ],
    )
    window = LogWindow(path, follow=False)
    qtbot.addWidget(window)
    window.resize(900, 700)
    window.show()
    qtbot.waitUntil(lambda: len(window.events()) == len(good))

    for row in range(len(good)):  # unfold every row: details are painted too
        window.view.events_model.set_expanded(row, True)
    window.view.viewport().grab()

    assert window.events() == good
    assert [s.line_no for s in window.skipped] == list(range(2, 2 + len(HOSTILE)))
    assert window.problems_label.text().startswith(f"⚠ skipped {len(HOSTILE)} line(s)")


# --- the schema fits what the engine writes -----------------------------------------------------


def test_every_event_a_real_conversation_writes_passes_the_schema(tmp_path: Path) -> None:
    """If an event's fields change, this fails until engine/log/schema.py says the same."""
    from engine.conversation.conversation_core import Conversation
    from engine.conversation.sync_conversation import SyncConversation
    from engine.errors import ProviderError
    from engine.providers.scripted import ScriptedProvider

    scenario = load_scenario(FIXTURES / "pizza")

    def reply(message: str, transition: str = "stay", **results: Any) -> dict[str, Any]:
        return {
            "message": message,
            "transition": transition,
            "results": results,
            "summary": "so far",
        }

    provider = ScriptedProvider(
        [
            reply("Hi, your name?"),
            "not JSON",
            "still not JSON",
            "never JSON",  # a correction, then the fallback
            reply("Hello Ann!", "wants_to_order", customer_name="Ann"),
            "```json\n" + json.dumps(reply("Which pizzas?", pizzas=["margherita"])) + "\n```",
        ]
    )
    path = tmp_path / "log.jsonl"
    with LogWriter(path, secrets=[]) as writer:
        conversation = Conversation(scenario, provider)
        writer.attach(conversation.events)
        chat = SyncConversation(conversation)
        for text in ("hi", "I am Ann", "Ann", "margherita", "that's all"):
            with contextlib.suppress(ProviderError):  # the script runs out: an error event
                chat.send(text)
        chat.close()

    read = read_log(path)
    assert read.skipped == [] and read.problems() == []
    kinds = {event.type for event in read.events}
    assert kinds >= {
        "session_start",
        "user_message",
        "model_request",
        "model_response",
        "contract_violation",
        "correction_sent",
        "fallback",
        "variable_change",
        "step_summary",
        "transition",
        "bot_message",
        "turn_end",
        "error",
        "session_end",
    }
