"""What one server does with one model, found by asking it: the provider profile.

``prompter providers check`` (:func:`check_server`, at most six small calls: see
:mod:`engine.providers.server_check`) finds whether the server enforces the reply's schema,
which structured-output format it takes, whether it chains responses, whether it reports usage
when streaming and cached tokens at all, how many tokens of context it has and which output-cap
parameter it reads. The profile is saved in the user's config folder
(:func:`engine.io.config_folder.config_folder`, ``providers/``), one file per base URL and model
(one profile per provider inside), and every command and the studio build their provider from it
when one exists (:func:`load_profile`), instead of assuming OpenAI's behaviour everywhere.

A saved profile is a file someone could have edited: it is read through
:mod:`engine.io.untrusted`, and a file that is not a profile is ignored (as if none were saved).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from engine.errors import PrompterError
from engine.io.atomic import atomic_write_text
from engine.io.config_folder import config_folder
from engine.io.untrusted import read_text
from engine.providers.server_formats import FORMATS, StructuredOutput

__all__ = [
    "FORMATS",
    "OPENAI_BASE_URL",
    "ProviderProfile",
    "StructuredOutput",
    "check_server",
    "is_openai",
    "load_profile",
    "local_key",
    "normalised_base_url",
    "profile_path",
    "save_profile",
]

OPENAI_BASE_URL = "https://api.openai.com/v1"
_SCHEMA_VERSION = 1


@dataclass(frozen=True)
class ProviderProfile:
    """What :func:`check_server` found about ``model`` behind ``base_url`` through ``provider``."""

    provider: str  # "responses" | "chat" | "anthropic" | "gemini" ...
    base_url: str  # normalised, no credentials
    model: str
    #: A bait prompt asking for a reply outside the schema was still answered inside it.
    schema_enforced: bool
    structured_output: StructuredOutput
    #: The Responses API works with ``previous_response_id`` (the server keeps the history).
    chaining: bool
    usage_when_streaming: bool
    cached_tokens_reported: bool
    context_tokens: int | None
    #: ``max_output_tokens`` | ``max_completion_tokens`` | ``max_tokens`` | the vendor's
    output_cap_param: str
    checked_at: str  # ISO time

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ProviderProfile:
        """The profile ``data`` holds; :class:`PrompterError` naming the first wrong field."""
        values: dict[str, Any] = {}
        for spec in fields(cls):
            value = data.get(spec.name)
            wanted: tuple[type, ...] = {
                "schema_enforced": (bool,),
                "chaining": (bool,),
                "usage_when_streaming": (bool,),
                "cached_tokens_reported": (bool,),
                "context_tokens": (int, type(None)),
            }.get(spec.name, (str,))
            if not isinstance(value, wanted) or (isinstance(value, bool) and bool not in wanted):
                raise PrompterError(f"a provider profile's {spec.name!r} is missing or wrong")
            values[spec.name] = value
        if values["structured_output"] not in FORMATS:
            raise PrompterError(f"unknown structured output {values['structured_output']!r}")
        return cls(**values)

    @property
    def schema_mode(self) -> str:
        """The schema mode in words, as the CLI and the chat header show it."""
        if self.schema_enforced:
            return f"schema enforced ({self.structured_output})"
        return "schema not enforced: replies checked after the fact"

    def choices(self) -> dict[str, Any]:
        """What Prompter does with this server: the provider and the settings it uses."""
        return {
            "provider": (
                self.provider
                if self.provider in ("anthropic", "gemini")
                else "responses"
                if self.chaining
                else "chat"
            ),
            "structured_output": self.structured_output,
            "output_cap_param": self.output_cap_param,
            "streamed_usage": "reported" if self.usage_when_streaming else "estimated",
            "cached_tokens": "reported" if self.cached_tokens_reported else "not reported",
        }


def normalised_base_url(base_url: str | None) -> str:
    """``base_url`` as profiles are keyed: ``OPENAI_BASE_URL`` or OpenAI's when none is given,
    without credentials, query or trailing slash, scheme and host in lower case."""
    given = (base_url or os.environ.get("OPENAI_BASE_URL") or OPENAI_BASE_URL).strip()
    parts = urlsplit(given)
    host = parts.netloc.rsplit("@", 1)[-1].lower()  # never the credentials
    return urlunsplit((parts.scheme.lower(), host, parts.path.rstrip("/"), "", ""))


def is_openai(base_url: str | None) -> bool:
    """Whether ``base_url`` (``None``: ``OPENAI_BASE_URL``, else OpenAI's) is OpenAI's API."""
    host = urlsplit(normalised_base_url(base_url)).hostname or ""
    return host == "openai.com" or host.endswith(".openai.com")


def local_key(base_url: str | None) -> str | None:
    """The key to send when ``OPENAI_API_KEY`` is not set: ``"none"`` to a server other than
    OpenAI's (local servers need no key, but the SDK sends one), else ``None`` (none: the
    provider then says how to set one)."""
    if os.environ.get("OPENAI_API_KEY") or is_openai(base_url):
        return None
    return "none"


def profile_path(base_url: str | None, model: str) -> Path:
    """The file of the profiles of ``model`` behind ``base_url``."""
    url = normalised_base_url(base_url)
    digest = hashlib.sha256(f"{url}\n{model}".encode()).hexdigest()[:12]
    readable = re.sub(r"[^A-Za-z0-9._-]+", "_", f"{urlsplit(url).netloc}_{model}")[:60]
    return config_folder() / "providers" / f"{readable}-{digest}.json"


def load_profile(provider: str, base_url: str | None, model: str) -> ProviderProfile | None:
    """The saved profile of ``model`` behind ``base_url`` through ``provider``, if one is."""
    stored = _stored(profile_path(base_url, model))
    entry = stored.get(provider)
    if not isinstance(entry, Mapping):
        return None
    try:
        profile = ProviderProfile.from_json(entry)
    except PrompterError:
        return None
    url = normalised_base_url(base_url)
    return profile if (profile.base_url, profile.model) == (url, model) else None


def save_profile(profile: ProviderProfile) -> Path:
    """Save ``profile`` in the user's config folder (beside the same model's other providers')."""
    path = profile_path(profile.base_url, profile.model)
    stored = _stored(path)
    stored[profile.provider] = profile.to_json()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"v": _SCHEMA_VERSION, "profiles": stored}, indent=2, sort_keys=True)
    atomic_write_text(path, text + "\n")
    return path


def _stored(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(read_text(path, limit=1 << 20, what="the provider profile"))
    except (OSError, PrompterError, ValueError):
        return {}
    profiles = data.get("profiles") if isinstance(data, dict) else None
    return dict(profiles) if isinstance(profiles, dict) else {}


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


async def check_server(
    provider: str,
    *,
    model: str,
    base_url: str | None,
    api_key: str | None,
    timeout: float | None = None,
) -> ProviderProfile:
    """Ask the server, in at most six small calls, what it does (:mod:`.server_check`)."""
    from engine.providers.server_check import probe  # httpx and the probes: only when asked

    given = base_url or os.environ.get("OPENAI_BASE_URL") or OPENAI_BASE_URL
    found = await probe(provider, model=model, base_url=given, api_key=api_key, timeout=timeout)
    return ProviderProfile(
        provider=provider,
        base_url=normalised_base_url(given),
        model=model,
        checked_at=now_iso(),
        **found,
    )
