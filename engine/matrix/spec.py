"""What a matrix runs: model specs, variants and the ``matrix.yaml`` that names them.

A **model spec** is ``provider:model[@base_url]`` — ``responses:gpt-4.1-mini``,
``chat:smollm2-135m@http://127.0.0.1:8080/v1`` — or ``fake[:OPTIONS]``, the key-free fake
model: ``fake:break=0.1`` breaks the reply contract on 10 % of its replies (seeded coin flips),
``latency=0.05`` waits that many seconds before each answer, ``rpm=600`` is the rate limit it
states (and the matrix keeps to). In a comma-separated list (``--models``) an option may follow
after a comma (``fake:break=0.1,latency=0.05``): a piece of the form ``key=value`` with no
``:`` belongs to the fake spec before it.

A **variant** is the scenario folder as it stands (``.``, the default), a git revision as
``prompter diff`` reads them (``HEAD~1:scenarios/support_desk``), or another folder.

``matrix.yaml`` (``--config``) holds the same (flags override it)::

    models: [fake:break=0, "chat:smollm2-135m@http://127.0.0.1:8080/v1"]
    variants: [".", "HEAD~1:scenarios/support_desk"]
    tests: true            # or a list of names; false: none
    personas: false        # or true (all), or a list of files
    repeat: 10
    jobs: 4
    seed: 0
    require: ["pass>=0.9"]
    prices:                # US dollars per 1M tokens, for models the price table lacks
      smollm2-135m: {input: 0.0, cached_input: 0.0, output: 0.0}
    rate_limits:           # requests/tokens per minute, for models the rate table lacks
      smollm2-135m: {rpm: 60}
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.errors import ScenarioError
from engine.io.input_limits import MAX_SCRIPT_BYTES
from engine.io.untrusted import read_text
from engine.providers.prices import ModelPrice

__all__ = [
    "CURRENT",
    "FAKE",
    "MatrixConfig",
    "ModelSpec",
    "load_config",
    "parse_model",
    "parse_models",
    "split_list",
]

FAKE = "fake"
#: The variant "the scenario folder as it stands".
CURRENT = "."
#: The providers a spec may name (besides ``fake``).
PROVIDERS = ("responses", "chat")
_FAKE_OPTIONS = {
    "break": (0.0, 0.999),
    "latency": (0.0, 60.0),
    "rpm": (0.0, 1e9),
    "tpm": (0.0, 1e12),
}
_OPTION = re.compile(r"^[a-z_]+=")


class SpecError(ScenarioError):
    """A model spec, a variant or ``matrix.yaml`` that cannot be read; says what to write."""


@dataclass(frozen=True)
class ModelSpec:
    """One model of the matrix. ``text`` is how it is shown and keyed in ``matrix.json``."""

    text: str
    provider: str
    model: str | None = None
    base_url: str | None = None
    break_rate: float = 0.0
    latency_s: float = 0.0
    rpm: float | None = None
    tpm: float | None = None

    @property
    def is_fake(self) -> bool:
        return self.provider == FAKE


def split_list(text: str) -> list[str]:
    """``a,b,c`` → its pieces, an option piece (``latency=0.1``) kept with the one before it."""
    pieces: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        if not piece:
            continue
        if pieces and ":" not in piece and _OPTION.match(piece) and pieces[-1].startswith(FAKE):
            pieces[-1] += "," + piece
        else:
            pieces.append(piece)
    return pieces


def parse_models(text: str) -> list[ModelSpec]:
    return [parse_model(piece) for piece in split_list(text)]


def parse_model(text: str) -> ModelSpec:
    """A model spec (see the module docstring); :class:`SpecError` says what is wrong."""
    text = text.strip()
    provider, _, rest = text.partition(":")
    if provider == FAKE:
        return _fake(text, rest)
    if provider not in PROVIDERS:
        raise SpecError(
            f"model spec {text!r}: unknown provider {provider!r}",
            hint="write provider:model[@base_url] (provider: "
            + ", ".join(PROVIDERS)
            + "), or fake:break=0.1 for the key-free fake model",
        )
    model, _, base_url = rest.partition("@")
    if not model.strip():
        raise SpecError(f"model spec {text!r}: no model", hint="write provider:model")
    return ModelSpec(text, provider, model.strip(), base_url.strip() or None)


def _fake(text: str, rest: str) -> ModelSpec:
    values: dict[str, float] = {}
    for option in (part.strip() for part in rest.split(",")):
        if not option:
            continue
        key, equals, raw = option.partition("=")
        bounds = _FAKE_OPTIONS.get(key.strip())
        if bounds is None or not equals:
            raise SpecError(
                f"model spec {text!r}: unknown option {option!r}",
                hint="the fake model takes break=RATE, latency=SECONDS, rpm=N and tpm=N",
            )
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        low, high = bounds
        if not (math.isfinite(value) and low <= value <= high):
            raise SpecError(f"model spec {text!r}: {key} must be a number in [{low:g}, {high:g}]")
        values[key.strip()] = value
    return ModelSpec(
        text,
        FAKE,
        break_rate=values.get("break", 0.0),
        latency_s=values.get("latency", 0.0),
        rpm=values.get("rpm") or None,
        tpm=values.get("tpm") or None,
    )


@dataclass(frozen=True)
class MatrixConfig:
    """``matrix.yaml``: everything the flags can say, plus prices and rate limits."""

    models: list[ModelSpec] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    #: ``None``: not said; ``[]``: all; else the names.
    tests: list[str] | None = None
    personas: list[str] | None = None
    repeat: int | None = None
    jobs: int | None = None
    seed: int | None = None
    require: list[str] = field(default_factory=list)
    prices: dict[str, ModelPrice] = field(default_factory=dict)
    rate_limits: dict[str, tuple[float | None, float | None]] = field(default_factory=dict)


def load_config(path: Path) -> MatrixConfig:
    """Read ``matrix.yaml``; a wrong field is a :class:`SpecError` naming it."""
    data = yaml.safe_load(read_text(path, limit=MAX_SCRIPT_BYTES, what="the matrix config"))
    if data is None:
        return MatrixConfig()
    if not isinstance(data, dict):
        raise SpecError(f"{path}: a matrix config is a mapping (models:, variants:, …)", path=path)
    known = set(MatrixConfig.__dataclass_fields__)
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        raise SpecError(f"{path}: unknown field {unknown[0]!r}", path=path)

    def strings(name: str) -> list[str]:
        value = data.get(name) or []
        if isinstance(value, str):
            return split_list(value)
        if not isinstance(value, list):
            raise SpecError(f"{path}: {name} is a list", path=path)
        return [str(item) for item in value]

    def selection(name: str) -> list[str] | None:
        value = data.get(name)
        if value is None or value is False:
            return None
        return [] if value is True else strings(name)

    def number(name: str) -> int | None:
        value = data.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise SpecError(f"{path}: {name} is a whole number", path=path)
        return value

    return MatrixConfig(
        models=[parse_model(text) for text in strings("models")],
        variants=strings("variants"),
        tests=selection("tests"),
        personas=selection("personas"),
        repeat=number("repeat"),
        jobs=number("jobs"),
        seed=number("seed"),
        require=strings("require"),
        prices=_prices(path, data.get("prices") or {}),
        rate_limits=_limits(path, data.get("rate_limits") or {}),
    )


def _prices(path: Path, data: Any) -> dict[str, ModelPrice]:
    if not isinstance(data, dict):
        raise SpecError(f"{path}: prices maps a model to {{input, cached_input, output}}")
    prices = {}
    for model, entry in data.items():
        if not isinstance(entry, dict) or not all(
            isinstance(entry.get(key, 0), int | float)
            for key in ("input", "cached_input", "output")
        ):
            raise SpecError(f"{path}: prices of {model}: give input, cached_input and output")
        given = float(entry.get("input", 0))
        prices[str(model).lower()] = ModelPrice(
            given, float(entry.get("cached_input", given)), float(entry.get("output", 0))
        )
    return prices


def _limits(path: Path, data: Any) -> dict[str, tuple[float | None, float | None]]:
    if not isinstance(data, dict):
        raise SpecError(f"{path}: rate_limits maps a model to {{rpm, tpm}}")
    limits = {}
    for model, entry in data.items():
        if not isinstance(entry, dict):
            raise SpecError(f"{path}: rate_limits of {model}: give rpm and/or tpm")
        rpm, tpm = entry.get("rpm"), entry.get("tpm")
        limits[str(model).lower()] = (
            float(rpm) if rpm is not None else None,
            float(tpm) if tpm is not None else None,
        )
    return limits
