"""The provider flags every command that calls a model shares, and the provider they make.

``chat``, ``test``, ``simulate``, ``serve`` (and ``providers check``) take the same
``--provider``, ``--model``, ``--base-url``, ``--timeout`` and ``--max-output-tokens`` (and
``--fake-model`` where the command has one), added here by :func:`add_provider_arguments`;
:func:`provider_from_args` builds the provider from them, with the profile
``prompter providers check`` saved for that server and model when there is one
(:mod:`engine.providers.profile`). A profile whose schema is not enforced is said on stderr as
the command starts ("schema not enforced: replies checked after the fact"), as is a format the
server refused during the run (:func:`say_provider_notices`).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from engine.log.events import Event, EventType
from engine.providers import PROVIDER_NAMES, Provider, make_provider
from engine.providers.profile import ProviderProfile, is_openai, load_profile, local_key
from engine.scenario.definition import Scenario

__all__ = [
    "add_provider_arguments",
    "key_missing",
    "positive_float",
    "positive_int",
    "provider_from_args",
    "saved_profile",
    "say_provider",
    "say_provider_notices",
]


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def add_provider_arguments(
    parser: argparse.ArgumentParser,
    *,
    names: tuple[str, ...] = ("responses", "chat"),
    fake_model: str | None = None,
    what: str = "",
) -> None:
    """Add the provider flags; ``names``: the providers the command takes; ``fake_model``: the
    help of its ``--fake-model`` (none when ``None``); ``what``: a prefix of every help
    ("for --record and --live: ")."""
    assert set(names) <= set(PROVIDER_NAMES)
    parser.add_argument(
        "--provider",
        choices=names,
        default=names[0],
        help=f"{what}the model API: {', '.join(names)} (default {names[0]}; chat: Chat "
        "Completions, which any OpenAI-compatible server offers)",
    )
    parser.add_argument("--model", help=f"{what}the model to use instead of the scenario's")
    parser.add_argument(
        "--base-url",
        dest="base_url",
        metavar="URL",
        help=f"{what}the OpenAI-compatible server (default: OPENAI_BASE_URL, else OpenAI's), "
        "e.g. http://127.0.0.1:8080/v1",
    )
    parser.add_argument(
        "--timeout",
        type=positive_float,
        metavar="SECONDS",
        help=f"{what}how long one model call may take, retries included (default 60)",
    )
    parser.add_argument(
        "--max-output-tokens",
        dest="max_output_tokens",
        type=positive_int,
        metavar="N",
        help=f"{what}the most tokens one reply may have (default: the scenario's "
        "model.max_output_tokens)",
    )
    if fake_model is not None:
        parser.add_argument("--fake-model", dest="fake_model", action="store_true", help=fake_model)


def key_missing(args: argparse.Namespace) -> bool:
    """The command needs an API key and has none: OpenAI's servers (the default) need one; a
    scripted or fake model, or another server (``--base-url``, ``OPENAI_BASE_URL``), does not."""
    if getattr(args, "fake_model", False) or args.provider not in ("responses", "chat"):
        return False
    return not os.environ.get("OPENAI_API_KEY") and is_openai(args.base_url)


def saved_profile(args: argparse.Namespace, scenario: Scenario | None) -> ProviderProfile | None:
    """The profile saved for the server and model the flags name, if any."""
    model = getattr(args, "model", None) or (scenario.model.name if scenario else None)
    if model is None or args.provider not in ("responses", "chat"):
        return None
    return load_profile(args.provider, args.base_url, model)


def provider_from_args(
    args: argparse.Namespace, scenario: Scenario | None, **options: Any
) -> Provider:
    """The provider the flags ask for (``options``: more of :func:`make_provider`'s, e.g.
    ``script``, ``stream``, ``max_retries``, ``api_key``), with its saved profile."""
    openai = args.provider in ("responses", "chat")
    profile = None if options.get("base_url") or not openai else saved_profile(args, scenario)
    if openai and "api_key" not in options:
        options["api_key"] = local_key(args.base_url)
    settings: dict[str, Any] = {
        "model": args.model,
        "base_url": args.base_url,
        "timeout": args.timeout,
        "max_output_tokens": args.max_output_tokens,
        **({"profile": profile} if openai else {}),
        **options,
    }
    if args.provider == "scripted":
        for name in ("base_url", "timeout"):
            settings.pop(name, None)
    return make_provider(args.provider, **settings)


def say_provider(provider: Provider, command: str) -> None:
    """On stderr, what the user must know of the provider before its replies: that the schema
    is not enforced (replies are checked after the fact), when it is not."""
    notice = getattr(provider, "schema_notice", None)
    if isinstance(notice, str):
        print(f"prompter {command}: {provider.name} provider: {notice}", file=sys.stderr)


def say_provider_notices(event: Event) -> None:
    """An event listener: a ``provider_notice`` (a refused format, switched) said on stderr."""
    if event.type == EventType.PROVIDER_NOTICE:
        print(f"prompter: {event.data.get('message', '')}", file=sys.stderr, flush=True)
