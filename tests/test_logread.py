"""The log reader: shows what it can, says what it skipped, and follows a log being written."""

from __future__ import annotations

import json
import os
import random
import threading
from pathlib import Path

import pytest

from engine.errors import SessionError
from engine.log.events import Event, EventType
from engine.log.reader import LogFollower, SkippedLine, find_gaps, parse_line, read_log


def make_events(count: int, session: str = "s1") -> list[Event]:
    kinds = [EventType.USER_MESSAGE, EventType.MODEL_REQUEST, EventType.BOT_MESSAGE]
    return [
        Event(
            type=kinds[i % len(kinds)],
            session=session,
            seq=i + 1,
            turn=i // len(kinds) + 1,
            step="greet",
            data={"text": f"message {i} — «ünïcode»"},
        )
        for i in range(count)
    ]


def log_text(events: list[Event]) -> str:
    return "".join(event.to_json() + "\n" for event in events)


def test_a_clean_log_reads_back_into_the_same_events(tmp_path: Path) -> None:
    events = make_events(9)
    path = tmp_path / "log.jsonl"
    path.write_text(log_text(events), encoding="utf-8")

    read = read_log(path)

    assert read.events == events
    assert read.skipped == []
    assert read.truncated_tail is False
    assert read.problems() == []


def test_malformed_lines_are_skipped_and_reported_with_their_line_numbers(tmp_path: Path) -> None:
    good = make_events(3)
    lines = [
        good[0].to_json(),
        '{"type": "user_message", "seq": 2, "text": "cut',
        "[1, 2, 3]",
        '{"seq": 3}',
        "",
        good[1].to_json(),
        '{"type": "bot_message", "seq": "not a number"}',
        good[2].to_json(),
    ]
    path = tmp_path / "log.jsonl"
    path.write_bytes(("\n".join(lines) + "\n").encode() + b"\xff\xfe broken\n")

    read = read_log(path)

    assert read.events == good
    assert [(s.line_no, s.reason.split(" (")[0]) for s in read.skipped] == [
        (2, "not JSON"),
        (3, "a JSON list, not a record"),
        (4, "no 'type' field"),
        (7, "'seq' should be a whole number of at least 0, not 'not a number'"),
        (9, "not UTF-8 text"),
    ]
    assert read.skipped[0].text_excerpt.startswith('{"type": "user_message"')
    assert "line 2: not JSON" in read.problems()[0]


def test_a_half_written_last_line_is_a_truncated_tail_not_a_skipped_line(tmp_path: Path) -> None:
    events = make_events(4)
    path = tmp_path / "log.jsonl"
    path.write_text(log_text(events[:3]) + events[3].to_json()[:25], encoding="utf-8")

    read = read_log(path)

    assert read.events == events[:3]
    assert read.skipped == []
    assert read.truncated_tail is True
    assert any("incomplete" in note for note in read.problems())


def test_a_complete_last_record_without_its_newline_is_still_shown(tmp_path: Path) -> None:
    events = make_events(2)
    path = tmp_path / "log.jsonl"
    path.write_text(log_text(events)[:-1], encoding="utf-8")

    read = read_log(path)

    assert read.events == events
    assert read.truncated_tail is True


def test_an_unreadable_log_is_a_session_error_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match="cannot read log"):
        read_log(tmp_path / "missing.jsonl")


def test_gaps_in_seq_are_found_per_session() -> None:
    events = make_events(6)
    other = make_events(2, session="s2")
    kept = [events[0], other[0], events[1], events[4], other[1], events[5]]

    assert [(g.session, g.after_seq, g.next_seq, g.missing) for g in find_gaps(kept)] == [
        ("s1", 2, 5, 2)
    ]


def test_blank_lines_are_neither_events_nor_problems() -> None:
    assert parse_line(b"   \r", 4) is None
    assert isinstance(parse_line(b"nope", 5), SkippedLine)


# --- following a log that is still being written -------------------------------------------


def test_follower_returns_only_newly_appended_events(tmp_path: Path) -> None:
    events = make_events(6)
    path = tmp_path / "log.jsonl"
    path.write_text(log_text(events[:2]), encoding="utf-8")
    follower = LogFollower(path)

    assert follower.poll() == events[:2]
    assert follower.poll() == []
    with path.open("a", encoding="utf-8") as handle:
        handle.write(log_text(events[2:5]))
    assert follower.poll() == events[2:5]
    assert follower.restarted is False


def test_follower_waits_for_a_half_written_line_instead_of_reporting_it(tmp_path: Path) -> None:
    events = make_events(2)
    second = events[1].to_json() + "\n"
    path = tmp_path / "log.jsonl"
    path.write_text(events[0].to_json() + "\n" + second[:10], encoding="utf-8")
    follower = LogFollower(path)

    assert follower.poll() == events[:1]
    assert follower.waiting_for_line_end
    assert follower.skipped == []
    with path.open("a", encoding="utf-8") as handle:
        handle.write(second[10:])
    assert follower.poll() == events[1:]
    assert not follower.waiting_for_line_end


def test_follower_reports_malformed_lines_and_goes_on(tmp_path: Path) -> None:
    events = make_events(2)
    path = tmp_path / "log.jsonl"
    path.write_text(events[0].to_json() + "\n{oops\n" + events[1].to_json() + "\n", "utf-8")
    follower = LogFollower(path)

    batch = follower.poll_batch()

    assert batch.events == events
    assert [s.line_no for s in batch.skipped] == [2]
    assert follower.skipped == batch.skipped


def test_follower_starts_over_when_the_file_is_truncated(tmp_path: Path) -> None:
    old, new = make_events(5, "old"), make_events(2, "new")
    path = tmp_path / "log.jsonl"
    path.write_text(log_text(old), encoding="utf-8")
    follower = LogFollower(path)
    follower.poll()

    path.write_text(log_text(new), encoding="utf-8")  # shorter: truncated and rewritten
    batch = follower.poll_batch()

    assert batch.restarted and follower.restarted
    assert batch.events == new
    assert follower.restarts == 1
    assert follower.poll() == [] and follower.restarted is False


def test_follower_starts_over_when_the_file_is_rewritten_longer(tmp_path: Path) -> None:
    old, new = make_events(2, "old"), make_events(9, "new")
    path = tmp_path / "log.jsonl"
    path.write_text(log_text(old), encoding="utf-8")
    follower = LogFollower(path)
    follower.poll()

    path.write_text(log_text(new), encoding="utf-8")

    batch = follower.poll_batch()
    assert batch.restarted
    assert batch.events == new


def test_follower_starts_over_when_the_log_is_rotated(tmp_path: Path) -> None:
    old, new = make_events(3, "old"), make_events(3, "new")
    path = tmp_path / "log.jsonl"
    path.write_text(log_text(old), encoding="utf-8")
    follower = LogFollower(path)
    follower.poll()

    os.replace(path, tmp_path / "log.jsonl.1")
    assert follower.poll_batch().missing
    rotated = tmp_path / "next.jsonl"
    rotated.write_text(log_text(old[:1]) + log_text(new), encoding="utf-8")
    os.replace(rotated, path)

    batch = follower.poll_batch()
    assert batch.restarted
    assert batch.events == old[:1] + new


def test_follower_never_keeps_the_file_open_between_polls(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text(log_text(make_events(2)), encoding="utf-8")
    follower = LogFollower(path)
    follower.poll()

    open_paths = {os.path.realpath(f"/proc/self/fd/{fd}") for fd in _open_fds()}
    assert str(path.resolve()) not in open_paths


def _open_fds() -> list[str]:
    try:
        return os.listdir("/proc/self/fd")
    except FileNotFoundError:  # pragma: no cover - not Linux
        pytest.skip("needs /proc to list open files")


def test_follower_keeps_up_with_a_writer_appending_random_small_chunks(tmp_path: Path) -> None:
    events = make_events(400)
    payload = log_text(events).encode("utf-8")
    path = tmp_path / "log.jsonl"
    path.write_bytes(b"")
    rng = random.Random(6)
    done = threading.Event()

    def writer() -> None:
        position = 0
        with path.open("ab", buffering=0) as handle:
            while position < len(payload):
                size = rng.randint(1, 97)  # splits lines and multi-byte characters alike
                handle.write(payload[position : position + size])
                position += size
        done.set()

    follower = LogFollower(path)
    seen: list[Event] = []
    thread = threading.Thread(target=writer)
    thread.start()
    while not done.is_set():
        seen.extend(follower.poll())
    thread.join()
    seen.extend(follower.poll())

    assert seen == events
    assert follower.skipped == []
    assert follower.restarts == 0


def test_the_fast_record_decoder_agrees_with_event_from_record() -> None:
    records = [event.to_record() for event in make_events(3)] + [
        {"type": "x", "seq": 4},  # minimal: defaults for everything else
        {"type": "y", "seq": 5, "turn": 2, "v": 1, "step": None, "extra": [1, {"a": None}]},
    ]
    for number, record in enumerate(records, start=1):
        parsed = parse_line(json.dumps(record).encode(), number)
        assert parsed == Event.from_record(record)


def test_a_long_log_with_damage_in_one_chunk_keeps_every_good_line(tmp_path: Path) -> None:
    events = make_events(2500)
    lines = [event.to_json() for event in events]
    lines[1200:1200] = ["[", "]", "1, 2", '{"type": "x", "seq": 1}, {"type": "y", "seq": 2}']
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    read = read_log(path)

    assert read.events == events
    assert [skipped.line_no for skipped in read.skipped] == [1201, 1202, 1203, 1204]
    assert LogFollower(path).poll() == events
