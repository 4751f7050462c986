"""What ``GET /metrics`` says, in Prometheus' text format, through ``prometheus_client``.

    prompter_conversations_created_total{version}   conversations started
    prompter_turns_total{version}                   user messages answered
    prompter_model_calls_total{version}             model calls of those turns (corrections too)
    prompter_tokens_total{kind,version}             input, cached (part of input) and output tokens
    prompter_cost_usd_total{version}                what the model calls cost, in dollars (the
                                                    turns whose price is known)
    prompter_turns_price_unknown_total{version}     turns with a call whose price is unknown
    prompter_turn_seconds{version}                  a histogram of the time to answer a message
    prompter_errors_total{kind,version}             error answers, by their ``error.type``

Every series is labelled by the scenario version (``prompter publish``) that did the work, so two
versions live side by side (a rollout) are compared on one dashboard; an error answered before a
conversation's version is known (a bad request, an unknown conversation) has ``version=""``.

Several workers (``prompter serve --workers N``) are several processes: each counts in files
under ``PROMETHEUS_MULTIPROC_DIR`` (the command sets it up, one fresh folder per server), and
whichever worker answers ``/metrics`` adds them all up — a worker that died still counts what it
did. Without that variable (one worker, or the app mounted in another service) the figures are
this process's. Several machines are several scrape targets, as Prometheus expects.
"""

from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector

from engine.conversation.turn import TurnResult

#: The content type of the text format, version 0.0.4.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
#: Turn latency buckets in seconds: a model answers in about 0.3 to 10 seconds.
TURN_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.5, 5.0, 10.0, 20.0, 40.0, 80.0)
MULTIPROCESS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"


class ServeMetrics:
    """The server's counters, kept in a registry of their own (so several apps can live in one
    process, as tests have them)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.conversations = Counter(
            "prompter_conversations_created", "Conversations started", ["version"], registry=r
        )
        self.turns = Counter("prompter_turns", "User messages answered", ["version"], registry=r)
        self.model_calls = Counter(
            "prompter_model_calls", "Model calls made by answered turns", ["version"], registry=r
        )
        self.tokens = Counter(
            "prompter_tokens",
            "Tokens of answered turns (cached tokens are part of input tokens)",
            ["kind", "version"],
            registry=r,
        )
        self.cost = Counter(
            "prompter_cost_usd", "Cost of the model calls in dollars", ["version"], registry=r
        )
        self.price_unknown = Counter(
            "prompter_turns_price_unknown",
            "Answered turns with a model call whose price is unknown (not in prompter_cost_usd)",
            ["version"],
            registry=r,
        )
        self.turn_seconds = Histogram(
            "prompter_turn_seconds",
            "Time to answer a user message, in seconds",
            ["version"],
            buckets=TURN_BUCKETS,
            registry=r,
        )
        self.errors = Counter(
            "prompter_errors", "Error answers by their error.type", ["kind", "version"], registry=r
        )

    def count_conversation(self, version: str) -> None:
        self.conversations.labels(version=version).inc()

    def count_turn(self, result: TurnResult, seconds: float, version: str = "") -> None:
        self.turns.labels(version=version).inc()
        self.count_calls(result, version)
        self.turn_seconds.labels(version=version).observe(seconds)

    def count_calls(self, result: TurnResult, version: str = "") -> None:
        self.model_calls.labels(version=version).inc(result.calls)
        self.tokens.labels(kind="input", version=version).inc(result.usage.input_tokens)
        self.tokens.labels(kind="cached", version=version).inc(result.usage.cached_tokens)
        self.tokens.labels(kind="output", version=version).inc(result.usage.output_tokens)
        if result.cost_usd is None:
            self.price_unknown.labels(version=version).inc()
        else:
            self.cost.labels(version=version).inc(max(result.cost_usd, 0.0))

    def count_error(self, kind: str, version: str = "") -> None:
        self.errors.labels(kind=kind, version=version).inc()

    def render(self) -> bytes:
        """The text format: all workers' figures when they share a folder, else this one's."""
        if os.environ.get(MULTIPROCESS_VARIABLE):
            registry = CollectorRegistry()
            MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
            return generate_latest(registry)
        return generate_latest(self.registry)


__all__ = ["CONTENT_TYPE", "MULTIPROCESS_VARIABLE", "ServeMetrics"]
