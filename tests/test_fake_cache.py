"""The fake's prompt cache misses as the real one does: idle prefixes are evicted, a busy prefix
and key overflow to machines that never read it, and ``cache_hit_rate`` drops a share of hits."""

from __future__ import annotations

import json
from typing import Any

import openai

from engine.offline.fake_openai import FakeOpenAIServer
from engine.offline.fake_openai.cache import IDLE_EVICTION_S, OVERFLOW_RPM, PromptCache

PROMPT = list(range(3_000))  # token ids: 23 whole blocks


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def cache(**options: Any) -> tuple[PromptCache, Clock]:
    clock = Clock()
    return PromptCache(128, 1024, clock=clock, **options), clock


def test_a_prefix_read_again_is_cached_in_whole_blocks() -> None:
    prompts, _ = cache()
    assert prompts.lookup_and_store("m", PROMPT, "k") == 0
    assert prompts.lookup_and_store("m", [*PROMPT, 7, 8, 9], "k") == 3_000 // 128 * 128


def test_a_prefix_idle_for_longer_than_the_eviction_time_is_gone() -> None:
    prompts, clock = cache()
    prompts.lookup_and_store("m", PROMPT, "k")
    clock.now += IDLE_EVICTION_S - 1
    assert prompts.lookup_and_store("m", PROMPT, "k") > 0  # read again: its idle time restarts
    clock.now += IDLE_EVICTION_S + 1
    assert prompts.lookup_and_store("m", PROMPT, "k") == 0


def test_above_15_requests_a_minute_a_prefix_and_key_overflow_to_machines_that_miss() -> None:
    prompts, clock = cache()
    slow = []
    for _ in range(10):  # one request every 10 s: 6 a minute, one machine
        slow.append(prompts.lookup_and_store("m", PROMPT, "slow"))
        clock.now += 10
    assert slow[1:] == [2_944] * 9 and prompts.overflowed == 0
    busy = []
    for _ in range(40):  # 40 within 20 s: spread over ceil(40 / 15) machines
        busy.append(prompts.lookup_and_store("m", PROMPT, "busy"))
        clock.now += 0.5
    assert prompts.overflowed > 0
    assert 0 < busy.count(0) < len(busy) and busy.count(0) > 1  # some land where it was never read
    assert OVERFLOW_RPM == 15


def test_another_key_is_another_route() -> None:
    prompts, _ = cache()
    prompts.lookup_and_store("m", PROMPT, "a")
    assert prompts.lookup_and_store("m", PROMPT, "b") == 0
    assert prompts.lookup_and_store("other-model", PROMPT, "a") == 0


def test_the_hit_rate_knob_serves_exactly_that_share_of_would_be_hits() -> None:
    for rate in (1.0, 0.5, 0.25, 0.0):
        prompts, _ = cache(hit_rate=rate, overflow_rpm=None)
        prompts.lookup_and_store("m", PROMPT, "k")
        hits = sum(prompts.lookup_and_store("m", PROMPT, "k") > 0 for _ in range(100))
        assert abs(hits - 100 * rate) <= 1, (rate, hits)


def test_the_server_takes_the_knob_through_the_real_sdk() -> None:
    instructions = " ".join(f"rule {n}: keep it short." for n in range(300))
    cached = []
    with FakeOpenAIServer(cache_hit_rate=0.0) as server:
        client = openai.OpenAI(api_key="sk-test", base_url=server.base_url, max_retries=0)
        server.responder = lambda request: json.dumps({"ok": True})
        for _ in range(3):
            answer = client.responses.create(
                model="gpt-4.1-mini", instructions=instructions, input="hi"
            )
            assert answer.usage is not None
            cached.append(answer.usage.input_tokens_details.cached_tokens)
        client.close()
        assert server.cache.dropped == 2
    assert cached == [0, 0, 0]
