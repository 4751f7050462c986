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
from engine.providers import Provider, make_provider
from engine.providers.profile import load_profile, local_key
from engine.serve.store import DEFAULT_STORE_URL

TOKENS_VARIABLE = "PROMPTER_API_TOKENS"
_PREFIX = "PROMPTER_SERVE_"
#: Names besides the bound address that a request's ``Host`` may be (comma-separated).
ALLOWED_HOSTS_VARIABLE = f"{_PREFIX}ALLOWED_HOSTS"
#: Providers a server can use: one provider serves every conversation, so not a script.
SERVE_PROVIDERS = ("responses", "chat", "anthropic", "gemini")


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
    #: The model server (``--base-url``; ``None``: ``OPENAI_BASE_URL``, else OpenAI's), the
    #: seconds one call may take, and the output cap replacing the scenario's.
    base_url: str | None = None
    timeout: float | None = None
    max_output_tokens: int | None = None

    def __post_init__(self) -> None:
        if self.provider not in SERVE_PROVIDERS:
            raise PrompterError(
                f"a server uses the {', '.join(SERVE_PROVIDERS)} provider, not {self.provider!r}"
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
        for name in ("base_url", "timeout", "max_output_tokens"):
            if getattr(self, name) is not None:
                values[f"{_PREFIX}{name.upper()}"] = str(getattr(self, name))
        return values

    def make_provider(self, scenario_model: str) -> Provider:
        """The provider of every conversation, with the profile ``prompter providers check``
        saved for this server and model, if any."""
        model = self.model or scenario_model
        if self.provider not in ("responses", "chat"):  # Anthropic, Gemini: their SDK's keys
            return make_provider(
                self.provider,
                model=self.model,
                base_url=self.base_url,
                timeout=self.timeout,
                max_output_tokens=self.max_output_tokens,
            )
        return make_provider(
            self.provider,
            model=self.model,
            base_url=self.base_url,
            timeout=self.timeout,
            max_output_tokens=self.max_output_tokens,
            profile=load_profile(self.provider, self.base_url, model),
            api_key=local_key(self.base_url),
        )

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> ServeConfig:
        env = os.environ if environ is None else environ
        folder = env.get(f"{_PREFIX}SCENARIO")
        if not folder:
            raise PrompterError(f"{_PREFIX}SCENARIO is not set: which scenario to serve?")
        try:
            pool_size = int(env.get(f"{_PREFIX}POOL_SIZE", "64"))
            timeout = env.get(f"{_PREFIX}TIMEOUT")
            cap = env.get(f"{_PREFIX}MAX_OUTPUT_TOKENS")
            limits = (float(timeout) if timeout else None, int(cap) if cap else None)
        except ValueError:
            raise PrompterError(
                f"{_PREFIX}POOL_SIZE, TIMEOUT and MAX_OUTPUT_TOKENS must be numbers"
            ) from None
        return cls(
            scenario_dir=Path(folder),
            store_url=env.get(f"{_PREFIX}STORE", DEFAULT_STORE_URL),
            provider=env.get(f"{_PREFIX}PROVIDER", "responses"),
            model=env.get(f"{_PREFIX}MODEL") or None,
            tokens=parse_tokens(env.get(TOKENS_VARIABLE)),
            pool_size=pool_size,
            bind_host=env.get(f"{_PREFIX}BIND_HOST", "127.0.0.1"),
            allowed_hosts=parse_tokens(env.get(ALLOWED_HOSTS_VARIABLE)),
            base_url=env.get(f"{_PREFIX}BASE_URL") or None,
            timeout=limits[0],
            max_output_tokens=limits[1],
        )


__all__ = [
    "ALLOWED_HOSTS_VARIABLE",
    "SERVE_PROVIDERS",
    "TOKENS_VARIABLE",
    "ServeConfig",
    "parse_tokens",
]
