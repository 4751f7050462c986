"""``prompter promote VERSION --store URL``: start every new conversation on VERSION.

Conversations in flight keep their version. The version must be one the store keeps
(``prompter versions`` lists them); the one new conversations started on before becomes the one
``prompter rollback`` goes back to.
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.cli.exit_codes import ExitCode
from engine.cli.publish import add_store_argument
from engine.cli.versions import with_store


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "promote",
        help="start every new conversation on a version the store keeps",
        description="Start every new conversation on VERSION (conversations in flight keep "
        "theirs).",
    )
    parser.add_argument("version", metavar="VERSION")
    add_store_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    async def promote(store: Any) -> str:
        live = await store.live()
        established = live.version if live.rollout >= 100 else live.previous
        previous = established if established != args.version else live.previous
        if previous == args.version:
            previous = None
        await store.set_live(args.version, previous, 100)
        return f"new conversations start on {args.version}" + (
            f" (rollback goes back to {previous})" if previous else ""
        )

    print(with_store(args.store, promote))
    return ExitCode.OK
