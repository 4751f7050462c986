"""``prompter providers check``: what a server does with a model, found in a few small calls.

``prompter providers check [--provider chat|responses] [--model M] [--base-url URL] [--json]``
asks the server (at most six small calls, :mod:`engine.providers.server_check`) whether it
enforces the reply's schema, which structured-output format it takes, whether it chains
responses, whether it reports usage when streaming and cached tokens, how much context it has
and which output-cap parameter it reads; prints it (``--json``: the profile, plus what Prompter
would choose, and where it was saved) and saves it in the user's config folder, where every
command and the studio find it for that base URL and model. The model defaults to the analyst
bot's (the shipped default scenario's), as ``chat`` without ``--model`` would send.

Exit 0 when the server answered, 1 when it could not be checked (unreachable, refused), 2
without an API key for OpenAI's API (another server is sent the key ``none`` when none is set).
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.cli import signal_wakeup
from engine.cli.exit_codes import ExitCode
from engine.cli.provider_options import add_provider_arguments, key_missing
from engine.errors import ProviderAuthError
from engine.io.resources import default_scenario
from engine.providers import make_provider
from engine.providers.profile import (
    ProviderProfile,
    check_server,
    local_key,
    normalised_base_url,
    now_iso,
    save_profile,
)
from engine.providers.server_check import MAX_CALLS
from engine.providers.vendor_check import VENDOR_BASE_URLS, probe_vendor

NO_KEY = (
    "prompter providers check: no API key. Set OPENAI_API_KEY (a local server that needs no "
    "key accepts any value: export OPENAI_API_KEY=none)."
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "providers",
        help="what a model server does (providers check): schema, chaining, usage, context",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check",
        help=f"ask the server, in at most {MAX_CALLS} small calls, and save its profile",
    )
    add_provider_arguments(check, names=("chat", "responses", "anthropic", "gemini"))
    check.add_argument("--json", action="store_true", help="print the profile as JSON")
    check.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if key_missing(args):
        print(NO_KEY, file=sys.stderr)
        return ExitCode.USAGE
    model = args.model or _default_model()
    if args.provider in VENDOR_BASE_URLS:
        try:
            profile = signal_wakeup.run(_check_vendor(args, model))
        except ProviderAuthError as error:
            print(f"prompter providers check: {error}", file=sys.stderr)
            return ExitCode.USAGE
    else:
        profile = signal_wakeup.run(
            check_server(
                args.provider,
                model=model,
                base_url=args.base_url,
                api_key=local_key(args.base_url),
                timeout=args.timeout,
            )
        )
    path = save_profile(profile)
    if args.json:
        report = {**profile.to_json(), "would_choose": profile.choices(), "saved_to": str(path)}
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(describe(profile))
        print(f"saved to {path}")
    return ExitCode.OK


def describe(profile: ProviderProfile) -> str:
    """The profile in words, one fact a line."""
    choices = profile.choices()
    context = f"{profile.context_tokens:,} tokens" if profile.context_tokens else "not said"
    streamed = (
        "reported" if profile.usage_when_streaming else "not sent: counted locally (estimated)"
    )
    lines = [
        f"{profile.base_url}, model {profile.model} ({profile.provider} provider)",
        f"  structured output: {profile.structured_output}",
        f"  {profile.schema_mode}",
        f"  chaining (previous_response_id): {'works' if profile.chaining else 'no'}",
        f"  usage when streaming: {streamed}",
        f"  cached tokens: {choices['cached_tokens']}",
        f"  context: {context}",
        f"  output cap: {profile.output_cap_param}",
        f"would use: --provider {choices['provider']}",
    ]
    return "\n".join(lines)


async def _check_vendor(args: argparse.Namespace, model: str) -> ProviderProfile:
    """Anthropic's or Gemini's API, asked through the provider itself (its SDK and key)."""
    provider = make_provider(
        args.provider, model=model, base_url=args.base_url, timeout=args.timeout, max_retries=0
    )
    try:
        found = await probe_vendor(provider, args.provider, model)
    finally:
        await provider.aclose()
    base_url = (
        args.base_url or str(getattr(provider, "base_url", "")) or VENDOR_BASE_URLS[args.provider]
    )
    return ProviderProfile(
        provider=args.provider,
        base_url=normalised_base_url(base_url),
        model=model,
        checked_at=now_iso(),
        **found,
    )


def _default_model() -> str:
    from engine.scenario.loader import load_scenario

    return load_scenario(default_scenario()).model.name
