"""What a server is told: the scenario, the store, the model, the tokens — and how workers learn it.

``prompter serve`` builds a :class:`ServeConfig` from its arguments; with several workers, uvicorn
starts each in a process of its own, which reads the same settings back from the environment
(:meth:`ServeConfig.to_environment`, :meth:`ServeConfig.from_environment`). A program mounting the
app builds the config itself.

``PROMPTER_API_TOKENS`` (comma-separated) is read from the environment in both cases, never from
the command line, so the tokens do not show in the process list.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import PrompterError
from engine.serve.store import DEFAULT_STORE_URL

TOKENS_VARIABLE = "PROMPTER_API_TOKENS"
_PREFIX = "PROMPTER_SERVE_"
#: Names besides the bound address that a request's ``Host`` may be (comma-separated).
ALLOWED_HOSTS_VARIABLE = f"{_PREFIX}ALLOWED_HOSTS"
#: Providers a server can use: one provider serves every conversation, so not a script.
SERVE_PROVIDERS = ("responses", "chat")


def parse_tokens(text: str | None) -> tuple[str, ...]:
    return tuple(token.strip() for token in (text or "").split(",") if token.strip())


@dataclass(frozen=True)
class ServeConfig:
    """A served scenario's settings."""

    scenario_dir: Path
    store_url: str = DEFAULT_STORE_URL
    provider: str = "responses"
    model: str | None = None
    #: Bearer tokens every ``/v1`` request must carry one of; empty: no authentication.
    tokens: tuple[str, ...] = field(default=(), repr=False)
    #: PostgreSQL connections per worker (one per turn running at once).
    pool_size: int = 64
    #: The address the server is bound to, and other names its ``Host`` may be
    #: (:mod:`engine.serve.guard`; ``*``: any).
    bind_host: str = "127.0.0.1"
    allowed_hosts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.provider not in SERVE_PROVIDERS:
            raise PrompterError(
                f"a server uses the {' or '.join(SERVE_PROVIDERS)} provider, not {self.provider!r}"
            )

    def to_environment(self) -> dict[str, str]:
        """The variables a worker process reads back with :meth:`from_environment`."""
        values = {
            f"{_PREFIX}SCENARIO": str(self.scenario_dir.resolve()),
            f"{_PREFIX}STORE": self.store_url,
            f"{_PREFIX}PROVIDER": self.provider,
            f"{_PREFIX}POOL_SIZE": str(self.pool_size),
            f"{_PREFIX}BIND_HOST": self.bind_host,
            ALLOWED_HOSTS_VARIABLE: ",".join(self.allowed_hosts),
        }
        if self.model:
            values[f"{_PREFIX}MODEL"] = self.model
        return values

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> ServeConfig:
        env = os.environ if environ is None else environ
        folder = env.get(f"{_PREFIX}SCENARIO")
        if not folder:
            raise PrompterError(f"{_PREFIX}SCENARIO is not set: which scenario to serve?")
        try:
            pool_size = int(env.get(f"{_PREFIX}POOL_SIZE", "64"))
        except ValueError:
            raise PrompterError(f"{_PREFIX}POOL_SIZE must be a whole number") from None
        return cls(
            scenario_dir=Path(folder),
            store_url=env.get(f"{_PREFIX}STORE", DEFAULT_STORE_URL),
            provider=env.get(f"{_PREFIX}PROVIDER", "responses"),
            model=env.get(f"{_PREFIX}MODEL") or None,
            tokens=parse_tokens(env.get(TOKENS_VARIABLE)),
            pool_size=pool_size,
            bind_host=env.get(f"{_PREFIX}BIND_HOST", "127.0.0.1"),
            allowed_hosts=parse_tokens(env.get(ALLOWED_HOSTS_VARIABLE)),
        )


__all__ = [
    "ALLOWED_HOSTS_VARIABLE",
    "SERVE_PROVIDERS",
    "TOKENS_VARIABLE",
    "ServeConfig",
    "parse_tokens",
]
