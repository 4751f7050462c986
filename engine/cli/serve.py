"""``prompter serve SCENARIO_DIR``: put a scenario in front of real users, over HTTP.

    prompter serve SCENARIO_DIR [--host 127.0.0.1] [--port 8000] [--store URL] [--workers N]
                                [--provider responses|chat|anthropic|gemini] [--model NAME]
                                [--pool-size N]
                                [--allow-host NAME]…

Checks everything it can before it binds a port — the serve extra is installed, the scenario has
no validator error, the store URL is one it knows, there is an API key — and then runs the ASGI
app (:mod:`engine.serve.app`) under uvicorn, in ``--workers`` processes that each read their
settings from the environment. With several workers the metrics of all of them are summed
through one fresh ``PROMETHEUS_MULTIPROC_DIR``. ``PROMPTER_API_TOKENS`` (comma-separated) makes
every ``/v1`` request need a bearer token; binding beyond this machine without it is allowed, with
a warning. Status 2 for what to install or a missing key, 1 for a scenario or store it refuses.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

from engine.cli._runnable import runnable_scenario
from engine.cli.exit_codes import ExitCode
from engine.cli.provider_options import add_provider_arguments, key_missing, say_provider
from engine.errors import PrompterError, ProviderAuthError
from engine.scenario.loader import load_scenario

#: The libraries of the serve extra, and the one a PostgreSQL store needs besides.
SERVE_MODULES = ("starlette", "uvicorn", "prometheus_client")
POSTGRES_MODULES = ("psycopg", "psycopg_pool")
INSTALL_HINT = "install them with: pip install 'prompter[serve]'"
NO_KEY_HELP = """\
prompter serve: no OpenAI API key.
  Set one for the server:   export OPENAI_API_KEY=sk-...
  For another OpenAI-compatible server, also set OPENAI_BASE_URL."""
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve a scenario over HTTP: an API, a chat page, metrics",
        description="Serve a scenario to real users: a JSON API (with streaming), a small chat "
        "page at /, health and Prometheus metrics; conversations are kept in a SQLite file or "
        "a PostgreSQL database, one turn at a time per conversation whatever the number of "
        "workers. See docs/serve.md.",
    )
    parser.add_argument("scenario", type=Path, metavar="SCENARIO_DIR")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to bind (8000)")
    parser.add_argument(
        "--store",
        metavar="URL",
        default=None,
        help="sqlite:///PATH (default sqlite:///./prompter-sessions.db) or "
        "postgresql://USER@HOST:PORT/DB",
    )
    parser.add_argument("--workers", type=int, default=1, metavar="N", help="worker processes (1)")
    add_provider_arguments(parser, names=("responses", "chat", "anthropic", "gemini"))
    parser.add_argument(
        "--pool-size",
        type=int,
        default=64,
        metavar="N",
        help="PostgreSQL connections per worker: turns running at once (64)",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another name the Host header may give (repeatable; also "
        "PROMPTER_SERVE_ALLOWED_HOSTS, comma-separated); any other Host is refused",
    )
    parser.add_argument("--no-access-log", action="store_true", help="do not log every request")
    parser.set_defaults(handler=run)


def missing_modules(store_url: str) -> list[str]:
    wanted = list(SERVE_MODULES)
    if store_url.lower().startswith("postgres"):
        wanted += POSTGRES_MODULES
    return [name for name in wanted if importlib.util.find_spec(name) is None]


def run(args: argparse.Namespace) -> int:
    from engine.serve.store import DEFAULT_STORE_URL

    store_url = args.store or DEFAULT_STORE_URL
    missing = missing_modules(store_url)
    if missing:
        print(
            f"prompter serve needs {', '.join(missing)}, which this installation does not "
            f"have; {INSTALL_HINT}",
            file=sys.stderr,
        )
        return ExitCode.USAGE
    if args.workers < 1:
        print("prompter serve: --workers must be at least 1", file=sys.stderr)
        return ExitCode.USAGE
    if runnable_scenario(args.scenario, "serve") is None:
        return ExitCode.FAILED

    from engine.serve.config import (
        ALLOWED_HOSTS_VARIABLE,
        TOKENS_VARIABLE,
        ServeConfig,
        parse_tokens,
    )
    from engine.serve.store import public_url
    from engine.serve.store_url import open_store

    try:
        open_store(store_url)  # a URL it does not understand fails here, not in every worker
        config = ServeConfig(
            scenario_dir=args.scenario,
            store_url=store_url,
            provider=args.provider,
            model=args.model,
            base_url=args.base_url,
            timeout=args.timeout,
            max_output_tokens=args.max_output_tokens,
            tokens=parse_tokens(os.environ.get(TOKENS_VARIABLE)),
            pool_size=args.pool_size,
            bind_host=args.host,
            allowed_hosts=(
                *args.allow_host,
                *parse_tokens(os.environ.get(ALLOWED_HOSTS_VARIABLE)),
            ),
        )
        if key_missing(args):
            raise ProviderAuthError("no key")
        checked = config.make_provider(load_scenario(args.scenario).model.name)
        say_provider(checked, "serve")
        checked.close()
    except ProviderAuthError:
        print(NO_KEY_HELP, file=sys.stderr)
        return ExitCode.USAGE
    except PrompterError as error:
        print(f"prompter serve: {error}", file=sys.stderr)
        return ExitCode.FAILED
    if args.host not in LOCAL_HOSTS and not config.tokens:
        print(
            f"prompter serve: warning: listening on {args.host} without {TOKENS_VARIABLE}: "
            "anyone who reaches this address can talk to the bot, at your model's cost",
            file=sys.stderr,
        )
    print(
        f"prompter serve: {args.scenario} on http://{args.host}:{args.port}/ "
        f"(store {public_url(store_url)}, {args.workers} worker"
        f"{'' if args.workers == 1 else 's'})",
        file=sys.stderr,
    )
    return _serve(config, args)


def _serve(config: object, args: argparse.Namespace) -> int:
    import uvicorn

    from engine.serve.config import ServeConfig
    from engine.serve.metrics import MULTIPROCESS_VARIABLE

    assert isinstance(config, ServeConfig)
    metrics_dir = None
    if args.workers > 1:
        metrics_dir = tempfile.mkdtemp(prefix="prompter-metrics-")
        os.environ[MULTIPROCESS_VARIABLE] = metrics_dir
    os.environ.update(config.to_environment())
    try:
        uvicorn.run(
            "engine.serve.app:app_from_environment",
            factory=True,
            host=args.host,
            port=args.port,
            workers=args.workers,
            access_log=not args.no_access_log,
            timeout_graceful_shutdown=30,
        )
    finally:
        if metrics_dir is not None:
            shutil.rmtree(metrics_dir, ignore_errors=True)
    return ExitCode.OK


__all__ = ["register", "run"]
