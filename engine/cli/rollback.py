"""``prompter rollback --store URL``: new conversations start on the version before again.

Only new conversations: a conversation in flight keeps the version it runs on (one that had
moved to the rolled-back version stays there). Refused when there is no version before.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.cli.exit_codes import ExitCode
from engine.cli.publish import add_store_argument
from engine.cli.versions import with_store


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "rollback",
        help="start new conversations on the version before the live one again",
        description="New conversations start on the version that was live before (conversations "
        "in flight keep theirs).",
    )
    add_store_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    async def rollback(store: Any) -> str | None:
        live = await store.live()
        if live.previous is None or live.version is None:
            return None
        await store.set_live(live.previous, live.version, 100)
        return f"new conversations start on {live.previous} again (was {live.version})"

    said = with_store(args.store, rollback)
    if said is None:
        print("prompter rollback: no version before the live one", file=sys.stderr)
        return ExitCode.FAILED
    print(said)
    return ExitCode.OK
