"""``prompter versions --store URL``: the versions a server's store keeps, side by side.

One line per version, oldest first: the share of new conversations it gets, its conversations
(live / all), turns per conversation, completion rate, fallbacks, contract violations, cost per
conversation, then where its unfinished conversations are (drop-off per step). ``--json`` prints
the same as JSON. ``prompter promote VERSION`` and ``prompter rollback`` change which version new
conversations start on (:mod:`engine.cli.promote`, :mod:`engine.cli.rollback`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from engine.cli.exit_codes import ExitCode
from engine.cli.publish import add_store_argument

T = TypeVar("T")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "versions",
        help="list the versions a server's store keeps, with their figures side by side",
        description="The versions of the scenario a server's store keeps: which one new "
        "conversations start on, and each one's conversations and figures.",
    )
    add_store_argument(parser)
    parser.add_argument("--json", action="store_true", help="print everything as JSON")
    parser.set_defaults(handler=run)


def with_store(url: str, work: Callable[[Any], Awaitable[T]]) -> T:
    """``work(store)`` on the store at ``url``, opened and closed around it."""
    from engine.serve.store_url import open_store

    async def run() -> T:
        store = open_store(url, pool_size=2)
        await store.open()
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(run())


def run(args: argparse.Namespace) -> int:
    from engine.serve.version_figures import version_figures

    figures = with_store(args.store, version_figures)
    if args.json:
        print(json.dumps([_as_json(item) for item in figures], indent=2))
        return ExitCode.OK
    if not figures:
        print("no version published yet (prompter serve or prompter publish puts one live)")
        return ExitCode.OK
    header = (
        f"{'version':<12}  {'new':>4}  {'live':>5}  {'all':>5}  {'turns':>5}  {'done':>5}  "
        f"{'fallbk':>6}  {'viol':>5}  {'$/conv':>8}  drop-off"
    )
    print(header)
    for item in figures:
        dropped = ", ".join(f"{step} {count}" for step, count in item.dropped.items()) or "-"
        print(
            f"{item.row.version:<12}  {item.share:>3}%  {item.row.live_conversations:>5}  "
            f"{item.row.conversations:>5}  {item.turns_per_conversation:>5.1f}  "
            f"{item.completion_rate:>5.0%}  {item.fallbacks:>6}  {item.violations:>5}  "
            f"{_cost(item.cost_per_conversation):>8}  {dropped}"
        )
    return ExitCode.OK


def _cost(value: float | None) -> str:
    return "unknown" if value is None else f"{value:.4f}"


def _as_json(item: Any) -> dict[str, Any]:
    return {
        "version": item.row.version,
        "scenario": item.row.scenario,
        "published": item.row.published,
        "share_of_new": item.share,
        "live_conversations": item.row.live_conversations,
        "conversations": item.row.conversations,
        "turns_per_conversation": item.turns_per_conversation,
        "completion_rate": item.completion_rate,
        "fallbacks": item.fallbacks,
        "violations": item.violations,
        "cost_per_conversation_usd": item.cost_per_conversation,
        "dropped": item.dropped,
    }
