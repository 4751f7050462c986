"""The fake as a demo server: ``python -m engine.offline.fake_openai [--port 8765]``.

It serves until Ctrl-C with :func:`echo_responder`, which answers in whatever schema is asked
for: a way to try the real providers (studio, CLI) with no key and no cost.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
from collections.abc import Mapping
from typing import Any

from engine.offline.fake_openai.requests import FakeRequest
from engine.offline.fake_openai.server import FakeOpenAIServer

#: What ``--help`` says the program is.
DESCRIPTION = "A fake OpenAI server on 127.0.0.1 that the real ``openai`` SDK talks to."


def example_of(schema: Mapping[str, Any], text: str) -> Any:
    """A small value valid against ``schema``: strings say ``text``, enums prefer ``stay``."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        choices = list(schema["enum"])
        return "stay" if "stay" in choices else choices[0]
    alternatives = schema.get("anyOf") or schema.get("oneOf")
    if alternatives:
        usable = [alt for alt in alternatives if alt.get("type") != "null"] or alternatives
        return example_of(usable[0], text)
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        return {name: example_of(sub, text) for name, sub in schema.get("properties", {}).items()}
    simple: dict[str, Any] = {"array": [], "integer": 0, "number": 0, "boolean": False}
    return text if kind == "string" else simple.get(kind)


def echo_responder(request: FakeRequest) -> str:
    """A model for demos: answers in the requested schema, saying what it was told."""
    said = f"(fake model) You said: {request.input_text}"
    if request.schema is None:
        return said
    return json.dumps(example_of(request.schema, said), ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.offline.fake_openai``: serve until Ctrl-C, answering with echoes."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m engine.offline.fake_openai", description=DESCRIPTION
    )
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before answering")
    parser.add_argument("--cache-min-tokens", type=int, default=1024, dest="cache_min_tokens")
    parser.add_argument(
        "--cache-hit-rate",
        type=float,
        default=1.0,
        dest="cache_hit_rate",
        help="share of would-be prompt-cache hits served from the cache (default 1: all)",
    )
    args = parser.parse_args(argv)
    # Ctrl-C and a plain ``kill`` both stop it, even when started from a shell that ignores
    # SIGINT for its background jobs (Python keeps an inherited SIG_IGN unless told otherwise).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    server = FakeOpenAIServer(
        responder=echo_responder,
        port=args.port,
        latency=args.latency,
        cache_min_tokens=args.cache_min_tokens,
        cache_hit_rate=args.cache_hit_rate,
    )
    with server:
        print(f"fake OpenAI API on {server.base_url} (Ctrl-C stops it); point the SDK at it:")
        print(f"  export OPENAI_BASE_URL={server.base_url} OPENAI_API_KEY=sk-fake-demo")
        sys.stdout.flush()  # a pipe buffers: whoever started us reads the address now
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("stopped")
    return 0


__all__ = ["echo_responder", "example_of", "main"]
