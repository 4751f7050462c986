"""The vendors side by side: one conversation on OpenAI, Anthropic and Gemini, billed as each bills.

Part of ``bench/bench_engine.py`` (its last section; ``--vendors-only`` runs it alone). Each
conversation goes through the vendor's own SDK against the project's fake of its API
(``engine/offline/fake_openai``, ``fake_anthropic``, ``fake_gemini``), which bills as the
vendor documents: OpenAI's automatic cache (1,024 tokens, 128-token blocks), Anthropic's
breakpoints (the model's minimum, writes at 1.25x for five minutes, reads at 0.1x, ``input_tokens``
only the remainder), Gemini's implicit cache (its model's minimum). The conversations:

* the analyst bot's demo (``scenarios/analyst_bot/demo``: 16 user messages), answered with its
  reply file, a model that keeps the contract;
* the support desk's bench conversation (``bench/conversations/support_desk.yaml``: 8), answered
  by the autopilot.

Figures per vendor: calls per user message, the share of input tokens read from the cache
(overall and from the third call on), tokens written, and **billed input per user message**:
uncached input + read × the read price ratio + written × the write price ratio, in input-token
units, from ``resources/prices.yaml`` for the model (gpt-4.1-mini 0.25; Claude Sonnet 4.5 0.1 and
1.25; Gemini 2.5 Flash 0.1). Anthropic is also played without breakpoints (the same conversation,
no ``cache_control``): the breakpoints' saving, writes included.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.conversation.conversation_core import Conversation
from engine.offline.autopilot import Autopilot, Plan
from engine.offline.fake_anthropic import FAKE_ANTHROPIC_KEY, FakeAnthropicServer
from engine.offline.fake_gemini import FAKE_GEMINI_KEY, FakeGeminiServer
from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer, FakeRequest
from engine.providers import make_provider
from engine.providers.anthropic_api import AnthropicProvider
from engine.providers.base import Provider, Usage
from engine.providers.prices import PriceTable
from engine.scenario.definition import Scenario
from engine.scenario.loader import load_scenario

REPO = Path(__file__).resolve().parent.parent
ANALYST = REPO / "scenarios" / "analyst_bot"
SUPPORT = REPO / "scenarios" / "support_desk"

#: vendor -> (provider name, model)
VENDORS = {
    "openai (responses)": ("responses", "gpt-4.1-mini"),
    "openai (chat)": ("chat", "gpt-4.1-mini"),
    "anthropic": ("anthropic", "claude-sonnet-4-5"),
    "anthropic, no breakpoints": ("anthropic-plain", "claude-sonnet-4-5"),
    "gemini": ("gemini", "gemini-2.5-flash"),
}


@dataclass
class VendorRun:
    """One conversation on one vendor: its calls' usage, in order."""

    messages: int = 0
    usages: list[Usage] = field(default_factory=list)
    finished: bool = False
    read_ratio: float = 1.0
    write_ratio: dict[str, float] = field(default_factory=dict)

    @property
    def calls_per_message(self) -> float:
        return len(self.usages) / self.messages if self.messages else 0.0

    def total(self, start: int = 0) -> Usage:
        return sum(self.usages[start:], Usage())

    def cached_share(self, start: int = 0) -> float:
        total = self.total(start)
        return total.cached_tokens / total.input_tokens if total.input_tokens else 0.0

    @property
    def billed_per_message(self) -> float:
        total = self.total()
        hour = total.cache_write_1h_tokens
        five = total.cache_write_tokens - hour
        plain = total.input_tokens - total.cached_tokens - total.cache_write_tokens
        billed = (
            plain
            + total.cached_tokens * self.read_ratio
            + five * self.write_ratio.get("5m", 1.0)
            + hour * self.write_ratio.get("1h", 1.0)
        )
        return billed / self.messages if self.messages else 0.0


@contextmanager
def vendor_server(kind: str, responder: Callable[[FakeRequest], Any]) -> Iterator[Any]:
    """The fake of the vendor's API, answered by ``responder``."""
    if kind in ("responses", "chat"):
        # A person at the keyboard: the cache clock moves 20 s a request (no overflow).
        server: Any = FakeOpenAIServer(responder=responder)
        ticks = itertools.count()
        server.cache.clock = lambda: next(ticks) * 20.0
    elif kind.startswith("anthropic"):
        server = FakeAnthropicServer(responder=responder)
    else:
        server = FakeGeminiServer(responder=responder)
    with server:
        yield server


def vendor_provider(kind: str, model: str, base_url: str) -> Provider:
    if kind in ("responses", "chat"):
        return make_provider(kind, api_key=FAKE_API_KEY, base_url=base_url, max_retries=0)
    if kind.startswith("anthropic"):
        return AnthropicProvider(
            model=model,
            api_key=FAKE_ANTHROPIC_KEY,
            base_url=base_url,
            max_retries=0,
            cache=kind == "anthropic",
        )
    return make_provider("gemini", model=model, api_key=FAKE_GEMINI_KEY, base_url=base_url)


def play_vendor(
    kind: str,
    model: str,
    scenario: Scenario,
    messages: list[str],
    responder: Callable[[], Callable[[FakeRequest], Any]],
    prices: PriceTable,
) -> tuple[VendorRun, VendorRun]:
    """The conversation of ``messages`` on a cold cache, then on a warm one: on one provider
    and server after another user's conversation (of one message) has left the scenario's
    constant prefix in the cache, as in a program that serves many."""
    price = prices.price(model)
    runs = []
    with vendor_server(kind, responder()) as server:
        provider = vendor_provider(kind, model, server.base_url)
        try:
            runs.append(_converse(provider, scenario, model, messages))
        finally:
            provider.close()
    with vendor_server(kind, responder()) as server:
        provider = vendor_provider(kind, model, server.base_url)
        try:
            _converse(provider, scenario, model, ["Hello!"])  # another user, before
            server.responder = responder()
            runs.append(_converse(provider, scenario, model, messages))
        finally:
            provider.close()
    for run in runs:
        if price is not None and price.input > 0:
            run.read_ratio = price.cached_input / price.input
            run.write_ratio = {ttl: price.write_price(ttl) / price.input for ttl in ("5m", "1h")}
    return runs[0], runs[1]


def _converse(provider: Provider, scenario: Scenario, model: str, messages: list[str]) -> VendorRun:
    conversation = Conversation(scenario, provider, model=model)

    async def talk() -> None:
        await conversation.start()
        for text in messages:
            if conversation.finished:
                break
            await conversation.send(text)

    asyncio.run(talk())
    return VendorRun(
        messages=conversation.user_messages,
        usages=[call.usage for call in conversation.ledger.calls],
        finished=conversation.finished,
    )


class Replies:
    """A model that answers each call with the next reply of a file (the demo's)."""

    def __init__(self, path: Path) -> None:
        self._replies = iter(yaml.safe_load(path.read_text(encoding="utf-8")))

    def __call__(self, request: FakeRequest) -> dict[str, Any]:
        return dict(next(self._replies))


def conversations() -> dict[str, tuple[Scenario, list[str], Callable[[], Any]]]:
    """name -> (scenario, user messages, a fresh responder)."""
    analyst = load_scenario(ANALYST)
    demo = (ANALYST / "demo" / "messages.txt").read_text(encoding="utf-8").splitlines()
    support = load_scenario(SUPPORT)
    plan = Plan.load(REPO / "bench" / "conversations" / "support_desk.yaml")
    return {
        "analyst bot demo": (analyst, demo, lambda: Replies(ANALYST / "demo" / "replies.yaml")),
        "support desk": (
            support,
            [turn.user for turn in plan.turns],
            lambda: Autopilot(support, plan),
        ),
    }


def vendors_section() -> dict[str, dict[str, VendorRun]]:
    """Every conversation on every vendor, printed as one table; returns the runs."""
    prices = PriceTable.load()
    print(
        "\n== Vendors side by side: the same conversation on each vendor's API (its own SDK "
        "against a fake that bills as the vendor does) =="
    )
    print(
        "(billed input per message: uncached + read x the read price + written x the write "
        "price, in input tokens; cold: an empty cache, warm: after another user's "
        "one-message conversation on the same provider and server)"
    )
    print(
        f"{'conversation':<18}{'vendor':<27}{'calls/msg':>10}{'cached':>8}{'from 3rd':>10}"
        f"{'written':>9}{'billed in/msg cold':>20}{'warm':>7}  finished"
    )
    runs: dict[str, dict[str, VendorRun]] = {}
    for name, (scenario, messages, responder) in conversations().items():
        runs[name] = {}
        for vendor, (kind, model) in VENDORS.items():
            first, second = play_vendor(kind, model, scenario, messages, responder, prices)
            runs[name][vendor] = first
            runs[name][vendor + " (warm)"] = second
            print(
                f"{name:<18}{vendor + ' · ' + model:<27.27}{first.calls_per_message:>10.2f}"
                f"{first.cached_share():>8.0%}{first.cached_share(2):>10.0%}"
                f"{first.total().cache_write_tokens:>9,}{first.billed_per_message:>20,.0f}"
                f"{second.billed_per_message:>7,.0f}  {'yes' if first.finished else 'no'}"
            )
        for suffix, which in (("", "cold"), (" (warm)", "warm")):
            plain = runs[name]["anthropic, no breakpoints" + suffix].billed_per_message
            cached = runs[name]["anthropic" + suffix].billed_per_message
            print(
                f"{'':<18}anthropic billed input per message with breakpoints / without "
                f"({which} cache): {cached / plain:.2f}x (writes included)"
            )
    return runs
