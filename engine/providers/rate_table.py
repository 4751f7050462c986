"""Each model's rate limits (requests and tokens per minute), from the price table's file.

OpenAI sets limits per organisation, per model and per usage tier, so there is no one right
number: ``resources/prices.yaml`` holds a ``rate_limits:`` section beside the prices, which users
edit as they edit prices, and the command line can override it (``--rpm``, ``--tpm``)::

    rate_limits:
      default:      {rpm: 500, tpm: 30000}     # any model not listed
      gpt-4.1-mini: {rpm: 500, tpm: 200000}

A model is looked up as prices are (case-insensitive; a dated snapshot uses its base name's
entry). ``null`` leaves that limit out. Errors point at the file and the line. The file is read by
its one reader, :mod:`engine.providers.prices`, which the price table uses too.

These limits are the *starting guess*: the service states the account's real ones on every
answer (``x-ratelimit-*`` headers), and the limiter adopts those (:mod:`.rate_limiter`), never
going above a limit the user set himself (``--rpm``/``--tpm``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import ScenarioError
from engine.providers.prices import PriceFile, line_of, model_key, parse_price_text, read_price_file

__all__ = ["DEFAULT_KEY", "RateLimit", "RateLimitTable"]

#: The entry used for a model the table does not list.
DEFAULT_KEY = "default"
_HINT = "rate_limits: {gpt-4.1-mini: {rpm: 500, tpm: 200000}} (per minute; null for no limit)"


@dataclass(frozen=True)
class RateLimit:
    """Requests and tokens per minute; ``None`` means no limit of that kind."""

    rpm: float | None = None
    tpm: float | None = None

    def __post_init__(self) -> None:
        for name, value in (("rpm", self.rpm), ("tpm", self.tpm)):
            if value is not None and not (value > 0 and math.isfinite(value)):
                raise ValueError(f"{name} must be a number > 0, got {value!r}")

    def with_overrides(self, rpm: float | None = None, tpm: float | None = None) -> RateLimit:
        """These limits with ``rpm``/``tpm`` replaced where given; 0 removes that limit."""

        def pick(given: float | None, own: float | None) -> float | None:
            if given is None:
                return own
            return given or None

        return RateLimit(pick(rpm, self.rpm), pick(tpm, self.tpm))

    def to_dict(self) -> dict[str, float | None]:
        return {"rpm": self.rpm, "tpm": self.tpm}

    def __str__(self) -> str:
        rpm = f"{self.rpm:g} requests/min" if self.rpm else "no request limit"
        tpm = f"{self.tpm:g} tokens/min" if self.tpm else "no token limit"
        return f"{rpm}, {tpm}"


class RateLimitTable:
    """Model name → :class:`RateLimit`; the ``default`` entry answers for unlisted models."""

    def __init__(self, limits: Mapping[str, RateLimit], *, source: Path | None = None) -> None:
        self._limits = {name.lower(): limit for name, limit in limits.items()}
        self.source = source

    @classmethod
    def load(cls, path: Path | str | None = None) -> RateLimitTable:
        """The ``rate_limits`` section of a price file (default: the shipped ``prices.yaml``)."""
        return cls.from_file(read_price_file(path))

    @classmethod
    def parse(cls, text: str, *, path: Path | None = None) -> RateLimitTable:
        return cls.from_file(parse_price_text(text, path=path))

    @classmethod
    def from_file(cls, file: PriceFile) -> RateLimitTable:
        text, path = file.text, file.path
        section = file.section("rate_limits")
        if section is None:
            return cls({}, source=path)
        if not isinstance(section, dict):
            raise ScenarioError(
                "'rate_limits' must be a mapping of model names to limits",
                path=path,
                line=line_of(text, "rate_limits"),
                hint=_HINT,
            )
        limits = {
            str(name): _parse_limit(
                str(name), entry, path, line_of(text, str(name), section="rate_limits")
            )
            for name, entry in section.items()
        }
        return cls(limits, source=path)

    def limit(self, model: str) -> RateLimit:
        """The limits of ``model``: its entry, its base name's, the default, or none at all."""
        name, base = model_key(model)
        found = self._limits.get(name) or self._limits.get(base)
        return found or self._limits.get(DEFAULT_KEY) or RateLimit()

    @property
    def models(self) -> list[str]:
        return sorted(self._limits)


def _parse_limit(name: str, entry: Any, path: Path | None, line: int | None) -> RateLimit:
    def fail(message: str) -> ScenarioError:
        return ScenarioError(message, path=path, line=line, field=f"rate_limits.{name}", hint=_HINT)

    if not isinstance(entry, dict):
        raise fail(f"the rate limits of {name!r} must be a mapping with rpm and tpm")
    unknown = set(map(str, entry)) - {"rpm", "tpm"}
    if unknown:
        raise fail(f"unknown key(s) {', '.join(sorted(unknown))} in the rate limits of {name!r}")
    values: dict[str, float | None] = {}
    for key in ("rpm", "tpm"):
        value = entry.get(key)
        if value is not None and (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not value > 0
            or not math.isfinite(value)
        ):
            raise fail(f"{name}.{key} must be a number > 0 (or null), got {value!r}")
        values[key] = float(value) if value is not None else None
    return RateLimit(values["rpm"], values["tpm"])
