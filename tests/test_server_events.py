"""Reading a ``text/event-stream`` body: the JSON object of each event, as the standard cuts it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from engine.providers.server_events import server_events


def events_of(body: str) -> list[dict[str, Any]]:
    async def lines() -> AsyncIterator[str]:
        for line in body.split("\n"):
            yield line

    async def read() -> list[dict[str, Any]]:
        return [event async for event in server_events(lines())]

    return asyncio.run(read())


def test_each_event_is_its_data_read_as_json_whatever_its_other_fields() -> None:
    body = (
        ": a comment the server sends to keep the connection open\n"
        "event: response.output_text.delta\n"
        'data: {"type": "response.output_text.delta", "delta": "Hel"}\n'
        "\n"
        "id: 7\n"
        "retry: 1000\n"
        'data:{"type": "response.output_text.delta", "delta": "lo"}\n'
        "\n"
    )
    assert events_of(body) == [
        {"type": "response.output_text.delta", "delta": "Hel"},
        {"type": "response.output_text.delta", "delta": "lo"},
    ]


def test_data_over_several_lines_is_one_event_and_blank_lines_between_events_are_nothing() -> None:
    body = '\n\ndata: {"type": "x",\ndata:  "n": 1}\n\n\n\ndata: {"type": "y"}\n\n'
    assert events_of(body) == [{"type": "x", "n": 1}, {"type": "y"}]


def test_done_ends_the_stream_and_an_event_cut_before_its_blank_line_never_comes() -> None:
    assert events_of('data: {"a": 1}\n\ndata: [DONE]\n\ndata: {"b": 2}\n\n') == [{"a": 1}]
    assert events_of('data: {"a": 1}\n\ndata: {"b": 2}') == [{"a": 1}]


@pytest.mark.parametrize("data", ["[1, 2]", '"text"', "{not json"])
def test_data_that_is_no_json_object_is_not_the_apis_answer(data: str) -> None:
    with pytest.raises(ValueError):
        events_of(f"data: {data}\n\n")
