"""The log writer: one flushed JSON line per event, append-only, damage-tolerant, key-free."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.log.events import Event, EventBus
from engine.log.reader import read_log
from engine.log.writer import REDACTED, LogWriter


def event(seq: int, event_type: str = "bot_message", /, **data: object) -> Event:
    return Event(
        type=event_type,
        session="s1",
        seq=seq,
        turn=1,
        step="greet",
        data=data or {"text": f"message {seq}", "source": "model"},
    )


def test_each_event_is_one_line_readable_while_the_writer_is_still_open(tmp_path: Path) -> None:
    path = tmp_path / "logs" / "chat.jsonl"
    bus = EventBus()
    writer = LogWriter(path, secrets=[])
    writer.attach(bus)
    sent = [event(1, "user_message", text="héllo\nsecond line"), event(2)]
    for item in sent:
        bus.emit(item)
    lines = path.read_text(encoding="utf-8").splitlines()  # flushed: no close needed
    assert [json.loads(line) for line in lines] == [item.to_record() for item in sent]
    assert read_log(path).events == sent
    writer.close()
    bus.emit(event(3))  # closing detached the writer
    assert len(path.read_text(encoding="utf-8").splitlines()) == 2
    assert writer.lines_written == 2


def test_a_log_is_appended_to_never_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "chat.jsonl"
    with LogWriter(path, secrets=[]) as writer:
        writer.write(event(1))
    with LogWriter(path, secrets=[]) as writer:
        writer.write(event(2))
    assert [item.seq for item in read_log(path).events] == [1, 2]


def test_a_half_written_last_line_does_not_swallow_the_next_record(tmp_path: Path) -> None:
    path = tmp_path / "chat.jsonl"
    path.write_text(event(1).to_json() + "\n" + '{"v": 1, "seq": 2, "ty', encoding="utf-8")
    with LogWriter(path, secrets=[]) as writer:
        writer.write(event(3))
    read = read_log(path)
    assert [item.seq for item in read.events] == [1, 3]
    assert [skipped.line_no for skipped in read.skipped] == [2]
    assert not read.truncated_tail


def test_the_api_key_never_reaches_the_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = "sk-live-THIS-IS-A-SECRET-123456"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    path = tmp_path / "chat.jsonl"
    with LogWriter(path) as writer:
        writer.write(
            event(
                1,
                "error",
                kind="ProviderAuthError",
                message=f"Incorrect API key provided: {key}",
                retryable=False,
            )
        )
    text = path.read_text(encoding="utf-8")
    assert key not in text
    assert read_log(path).events[0].data["message"] == f"Incorrect API key provided: {REDACTED}"


def test_a_failing_disk_disables_the_writer_once_and_the_caller_is_told(tmp_path: Path) -> None:
    path = tmp_path / "chat.jsonl"
    problems: list[OSError] = []
    writer = LogWriter(path, secrets=[], on_error=problems.append)

    class FullDisk:
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

        def close(self) -> None:
            raise OSError(28, "No space left on device")

    real_file = writer._file
    assert real_file is not None
    real_file.close()
    writer._file = FullDisk()  # type: ignore[assignment]
    writer.write(event(1))
    writer.write(event(2))
    assert [problem.errno for problem in problems] == [28]
    assert writer.closed and writer.error is problems[0]
    writer.close()
