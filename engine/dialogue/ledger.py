"""What every model call cost: calls, input, cached and output tokens, dollars, seconds.

Cost is first-class in Prompter: the people who write scripts pay for every call, and the point
of the engine is to make long scripts cheap. The conversation core records each call in a
:class:`CostLedger`; the studio and the logs read totals per turn and per conversation from it.
A call is billed once made, whatever happens to its turn: when a turn fails and is rolled back,
its calls stay in the ledger (marked ``rolled_back``), so ``max_cost_usd``, the summaries and
``session_end`` count every dollar spent.

Prices come from ``resources/prices.yaml`` (:class:`PriceTable`, read by its one reader,
:mod:`engine.providers.prices`), which users edit when OpenAI's prices change. A model missing
from the table costs 0.0 and is *flagged* (:meth:`PriceTable.knows`,
:attr:`CostLedger.unknown_models`) rather than refused: an unpriced model must never stop a chat,
but a silent $0.00 must never pass for "free" either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, get_args

from engine.errors import SessionError
from engine.log.events import SessionTotalsData
from engine.providers.base import Purpose, Usage
from engine.providers.prices import ModelPrice, PriceTable

PURPOSES: frozenset[str] = frozenset(get_args(Purpose))


@dataclass(frozen=True)
class CallRecord:
    """One model call as billed. ``purpose`` is ``turn``, ``correction`` or ``on_enter``.

    ``synthetic`` says what made the reply up when no model did (``reply script``, ``fake
    model``, ``autopilot``): such a call costs nothing, whatever the price table says.
    """

    purpose: str
    turn: int
    model: str
    latency_s: float
    usage: Usage
    cost_usd: float
    response_id: str | None
    synthetic: str | None = None
    #: The call belongs to a turn that failed afterwards and was rolled back: it was billed
    #: all the same, so the conversation's totals and its budget count it; its turn's don't.
    rolled_back: bool = False

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "purpose": self.purpose,
            "turn": self.turn,
            "model": self.model,
            "latency_s": self.latency_s,
            "usage": {
                "input_tokens": self.usage.input_tokens,
                "cached_tokens": self.usage.cached_tokens,
                "output_tokens": self.usage.output_tokens,
            },
            "cost_usd": self.cost_usd,
            "response_id": self.response_id,
        }
        if self.usage.cache_write_tokens:
            record["usage"]["cache_write_tokens"] = self.usage.cache_write_tokens
            record["usage"]["cache_write_1h_tokens"] = self.usage.cache_write_1h_tokens
        if self.synthetic:
            record["synthetic"] = self.synthetic
        if self.rolled_back:
            record["rolled_back"] = True
        return record


#: How every view shows the cost of replies that no model made (a reply script, the key-free
#: model): they cost nothing, and a price — even "$0.00" — would suggest a model was paid.
NO_COST_TEXT = "no cost (scripted)"


def format_usd(amount: float) -> str:
    """Dollars as every view shows them, so two views of one figure print the same text."""
    if amount == 0:
        return "$0.00"
    if abs(amount) < 0.0001:
        return f"${amount:.6f}"
    if abs(amount) < 1:
        return f"${amount:.4f}"
    return f"${amount:,.2f}"


@dataclass(frozen=True)
class Totals:
    """Sums over some calls: the one shape of usage totals.

    Every view of what calls cost reads a :class:`Totals` — the chat's and the log viewer's
    meter, the request inspector (the totals of one call), the turn chart's rows, ``stats``,
    the simulation report, the scenario tests' results — built the same way, from
    :class:`CallRecord` (a log's ``model_response`` read by
    :func:`engine.log.fold.response_call`), and printed the same way (:meth:`cost_text`), so two
    views of one conversation cannot disagree. ``session_end`` writes one
    (:meth:`session_record`).

    ``llm_calls`` counts all the calls, corrections and on-enter ones included;
    ``synthetic_calls`` those whose reply no model made (they cost nothing).
    ``cache_write_tokens`` (part of ``input_tokens``, as ``cached_tokens``) were written to the
    provider's cache (Anthropic), ``cache_write_1h_tokens`` of them for an hour.
    """

    llm_calls: int = 0
    corrections: int = 0
    on_enter_calls: int = 0
    input_tokens: int = 0
    cached_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0
    synthetic_calls: int = 0
    cache_write_tokens: int = 0
    cache_write_1h_tokens: int = 0

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.llm_calls + other.llm_calls,
            self.corrections + other.corrections,
            self.on_enter_calls + other.on_enter_calls,
            self.input_tokens + other.input_tokens,
            self.cached_tokens + other.cached_tokens,
            self.output_tokens + other.output_tokens,
            self.cost_usd + other.cost_usd,
            self.latency_s + other.latency_s,
            self.synthetic_calls + other.synthetic_calls,
            self.cache_write_tokens + other.cache_write_tokens,
            self.cache_write_1h_tokens + other.cache_write_1h_tokens,
        )

    @property
    def usage(self) -> Usage:
        return Usage(
            self.input_tokens,
            self.cached_tokens,
            self.output_tokens,
            self.cache_write_tokens,
            self.cache_write_1h_tokens,
        )

    @property
    def uncached_tokens(self) -> int:
        """Input tokens not read from the cache (those written to it included)."""
        return max(self.input_tokens - self.cached_tokens, 0)

    @property
    def cache_ratio(self) -> float:
        """The share of input tokens served from the cache (0.0 when there was no input)."""
        return self.cached_tokens / self.input_tokens if self.input_tokens else 0.0

    @property
    def all_synthetic(self) -> bool:
        """True when there were calls and no model made any of their replies."""
        return self.llm_calls > 0 and self.synthetic_calls == self.llm_calls

    def costs_nothing(self, *, synthetic: bool = False) -> bool:
        """No model made the replies (or, with ``synthetic``, none will: a scripted chat
        before its first call): the cost is :data:`NO_COST_TEXT`, not dollars."""
        return self.all_synthetic or (synthetic and self.llm_calls == self.synthetic_calls)

    def cost_text(self, *, synthetic: bool = False) -> str:
        """The cost as every view shows it: :data:`NO_COST_TEXT` when no model made the
        replies (or, with ``synthetic``, none will: a scripted chat before its first call),
        else the dollars (:func:`format_usd`)."""
        if self.costs_nothing(synthetic=synthetic):
            return NO_COST_TEXT
        return format_usd(self.cost_usd)

    @classmethod
    def of_call(cls, call: CallRecord) -> Totals:
        return cls(
            llm_calls=1,
            corrections=1 if call.purpose == "correction" else 0,
            on_enter_calls=1 if call.purpose == "on_enter" else 0,
            input_tokens=call.usage.input_tokens,
            cached_tokens=call.usage.cached_tokens,
            output_tokens=call.usage.output_tokens,
            cost_usd=call.cost_usd,
            latency_s=call.latency_s,
            synthetic_calls=1 if call.synthetic else 0,
            cache_write_tokens=call.usage.cache_write_tokens,
            cache_write_1h_tokens=call.usage.cache_write_1h_tokens,
        )

    @classmethod
    def of(cls, calls: Iterable[CallRecord]) -> Totals:
        items = list(calls)
        return cls(
            llm_calls=len(items),
            corrections=sum(1 for call in items if call.purpose == "correction"),
            on_enter_calls=sum(1 for call in items if call.purpose == "on_enter"),
            input_tokens=sum(call.usage.input_tokens for call in items),
            cached_tokens=sum(call.usage.cached_tokens for call in items),
            output_tokens=sum(call.usage.output_tokens for call in items),
            cost_usd=sum(call.cost_usd for call in items),
            latency_s=sum(call.latency_s for call in items),
            synthetic_calls=sum(1 for call in items if call.synthetic),
            cache_write_tokens=sum(call.usage.cache_write_tokens for call in items),
            cache_write_1h_tokens=sum(call.usage.cache_write_1h_tokens for call in items),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "llm_calls": self.llm_calls,
            "corrections": self.corrections,
            "on_enter_calls": self.on_enter_calls,
            "input_tokens": self.input_tokens,
            "cached_tokens": self.cached_tokens,
            "output_tokens": self.output_tokens,
            "cost_usd": self.cost_usd,
            "latency_s": self.latency_s,
            "synthetic_calls": self.synthetic_calls,
            "cache_write_tokens": self.cache_write_tokens,
            "cache_write_1h_tokens": self.cache_write_1h_tokens,
        }

    def usage_json(self) -> dict[str, Any]:
        """Tokens and cost as ``--summary-json`` and ``report.json`` write them."""
        return {
            "input_tokens": self.input_tokens,
            "cached_tokens": self.cached_tokens,
            "cache_write_tokens": self.cache_write_tokens,
            "output_tokens": self.output_tokens,
            "cost_usd": round(self.cost_usd, 8),
            "synthetic_calls": self.synthetic_calls,
            "cost": self.cost_text(),
        }

    def session_record(self, user_messages: int) -> SessionTotalsData:
        """These totals as ``session_end`` writes them."""
        record = SessionTotalsData(
            user_messages=user_messages,
            llm_calls=self.llm_calls,
            corrections=self.corrections,
            input_tokens=self.input_tokens,
            cached_tokens=self.cached_tokens,
            output_tokens=self.output_tokens,
            cost_usd=self.cost_usd,
        )
        if self.synthetic_calls:
            record["synthetic_calls"] = self.synthetic_calls
        if self.cache_write_tokens:
            record["cache_write_tokens"] = self.cache_write_tokens
            record["cache_write_1h_tokens"] = self.cache_write_1h_tokens
        return record


class CostLedger:
    """Every call of one conversation, in order, with its cost priced when it was made."""

    def __init__(self, prices: PriceTable | None = None) -> None:
        self.prices = prices if prices is not None else PriceTable.load()
        self.calls: list[CallRecord] = []

    def record(
        self,
        *,
        purpose: str,
        turn: int,
        model: str,
        latency_s: float,
        usage: Usage,
        response_id: str | None = None,
        synthetic: str | None = None,
    ) -> CallRecord:
        """Price and keep one call; returns the record (its ``cost_usd`` goes into the log).

        A ``synthetic`` reply (no model made it: see :class:`CallRecord`) costs nothing."""
        if purpose not in PURPOSES:
            raise ValueError(f"purpose must be one of {sorted(PURPOSES)}, got {purpose!r}")
        call = CallRecord(
            purpose=purpose,
            turn=turn,
            model=model,
            latency_s=latency_s,
            usage=usage,
            cost_usd=0.0 if synthetic else self.prices.cost(model, usage),
            response_id=response_id,
            synthetic=synthetic or None,
        )
        self.calls.append(call)
        return call

    def turn_totals(self, turn: int) -> Totals:
        """The calls of ``turn`` as it stands (a rolled-back attempt at it is not counted)."""
        return Totals.of(c for c in self.calls if c.turn == turn and not c.rolled_back)

    def totals(self) -> Totals:
        """Every call billed, those of rolled-back turns included: what the budget holds to."""
        return Totals.of(self.calls)

    def keep_rolled_back(self, failed: CostLedger) -> None:
        """After a turn is rolled back to this ledger: keep the calls ``failed`` (the ledger the
        turn was using) made since, marked as rolled back — they were billed all the same."""
        made = failed.calls[len(self.calls) :]
        self.calls.extend(replace(call, rolled_back=True) for call in made)

    def calls_per_message(self, user_messages: int) -> float:
        """Model calls per user message — the headline efficiency figure (0.0 before any)."""
        return len(self.calls) / user_messages if user_messages > 0 else 0.0

    @property
    def unknown_models(self) -> list[str]:
        """Models called that the price table does not know (their calls were priced at 0.0)."""
        return sorted(
            {
                call.model
                for call in self.calls
                if not call.synthetic and not self.prices.knows(call.model)
            }
        )

    def truncate_after(self, turn: int) -> None:
        """Forget the calls made after ``turn`` (a forked conversation did not make them)."""
        self.calls = [call for call in self.calls if call.turn <= turn]

    def to_dict(self) -> dict[str, Any]:
        return {"calls": [call.to_dict() for call in self.calls]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], prices: PriceTable | None = None) -> CostLedger:
        """Rebuild a saved ledger. Costs are kept as saved: they are what the calls cost then."""
        ledger = cls(prices)
        raw_calls = data.get("calls")
        if not isinstance(raw_calls, list):
            raise SessionError("saved costs: 'calls' must be a list")
        for index, raw in enumerate(raw_calls):
            ledger.calls.append(_call_from_dict(raw, f"saved costs: call {index + 1}"))
        return ledger


def _call_from_dict(raw: Any, where: str) -> CallRecord:
    if not isinstance(raw, Mapping):
        raise SessionError(f"{where} is not a mapping")
    try:
        usage = raw["usage"]
        if not isinstance(usage, Mapping):
            raise SessionError(f"{where}: 'usage' is not a mapping")
        return CallRecord(
            purpose=str(raw["purpose"]),
            turn=_whole(raw["turn"], f"{where}: 'turn'"),
            model=str(raw["model"]),
            latency_s=float(raw["latency_s"]),
            usage=Usage(
                _whole(usage.get("input_tokens", 0), f"{where}: 'input_tokens'"),
                _whole(usage.get("cached_tokens", 0), f"{where}: 'cached_tokens'"),
                _whole(usage.get("output_tokens", 0), f"{where}: 'output_tokens'"),
                _whole(usage.get("cache_write_tokens", 0), f"{where}: 'cache_write_tokens'"),
                _whole(usage.get("cache_write_1h_tokens", 0), f"{where}: 'cache_write_1h_tokens'"),
            ),
            cost_usd=float(raw["cost_usd"]),
            response_id=None if raw.get("response_id") is None else str(raw["response_id"]),
            synthetic=str(raw["synthetic"]) if raw.get("synthetic") else None,
            rolled_back=raw.get("rolled_back") is True,
        )
    except KeyError as missing:
        raise SessionError(f"{where} has no {missing.args[0]!r}") from None
    except (TypeError, ValueError) as error:
        raise SessionError(f"{where} is malformed: {error}") from None


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SessionError(f"{what} must be a whole number, got {value!r}")
    return value


__all__ = [
    "NO_COST_TEXT",
    "PURPOSES",
    "CallRecord",
    "CostLedger",
    "ModelPrice",
    "PriceTable",
    "Totals",
]
