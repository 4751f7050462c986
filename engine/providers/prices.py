"""The one reader of ``resources/prices.yaml``: each model's prices and its rate limits.

The file is hand-edited by users (prices change, limits depend on the account's tier), so it is
read in one place, with one set of located errors: a mistake says the file and the line.
It holds two sections, read by two tables built from the same parse:

    models:       {gpt-4.1-mini: {input: 0.40, cached_input: 0.10, output: 1.60}}   PriceTable
    rate_limits:  {gpt-4.1-mini: {rpm: 500, tpm: 200000}}   RateLimitTable (rate_table.py)

:func:`read_price_file` parses a file once per change of its contents (a simulation, a chat and
the inspector all ask for the shipped table; it is read once). Model names are looked up alike
in both tables (:func:`model_key`): case-insensitive, and a dated snapshot
(``gpt-4.1-mini-2025-04-14``) answers with its base name's entry.

:meth:`PriceTable.cached_ratio` is what ``layout: auto`` weighs a cached prefix by: the price of
a cached input token over a fresh one (0.25 on gpt-4.1-mini, 0.5 on gpt-4o, 0.1 on gpt-5).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.errors import ScenarioError
from engine.io.resources import resource_path
from engine.providers.base import Usage
from engine.providers.vendor_caches import CACHE_WRITE_FACTOR

__all__ = [
    "TOKENS_PER_PRICE_UNIT",
    "ModelPrice",
    "PriceFile",
    "PriceTable",
    "line_of",
    "model_key",
    "read_price_file",
]

TOKENS_PER_PRICE_UNIT = 1_000_000
#: A dated snapshot suffix: ``gpt-4.1-mini-2025-04-14`` → ``gpt-4.1-mini`` (Claude: ``-20250929``).
_SNAPSHOT_SUFFIX = re.compile(r"-\d{4}-\d{2}-\d{2}$|-\d{8}$")
_PRICE_HINT = "models: {gpt-4.1-mini: {input: 0.40, cached_input: 0.10, output: 1.60}}"


def model_key(model: str) -> tuple[str, str]:
    """The names ``model`` is looked up under: itself (lower case), then its base name."""
    name = model.strip().lower()
    return name, _SNAPSHOT_SUFFIX.sub("", name)


@dataclass(frozen=True)
class PriceFile:
    """One parse of a price file: its sections as YAML gave them, and the text for line numbers."""

    path: Path | None
    text: str
    data: Mapping[str, Any]

    def section(self, name: str) -> Any:
        return self.data.get(name)


_parsed: dict[Path, tuple[str, PriceFile]] = {}
_parsed_lock = threading.Lock()


def read_price_file(path: Path | str | None = None) -> PriceFile:
    """Read and parse a price file (default: the shipped ``resources/prices.yaml``).

    Raises :class:`~engine.errors.ScenarioError` pointing at the file (and the line) when it
    cannot be read or is not YAML. A file whose text has not changed is parsed once.
    """
    file = Path(path) if path is not None else resource_path("prices.yaml")
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioError(f"cannot read the price table: {error.strerror}", path=file) from None
    except UnicodeDecodeError:
        raise ScenarioError("the price table is not UTF-8 text", path=file) from None
    with _parsed_lock:
        known = _parsed.get(file)
        if known is not None and known[0] == text:
            return known[1]
    parsed = parse_price_text(text, path=file)
    with _parsed_lock:
        _parsed[file] = (text, parsed)
    return parsed


def parse_price_text(text: str, *, path: Path | None = None) -> PriceFile:
    """Parse the text of a price file (for a file in memory, or tests)."""
    try:
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        raise ScenarioError(
            f"the price table is not valid YAML: {error.problem}",
            path=path,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as error:
        raise ScenarioError(f"the price table is not valid YAML: {error}", path=path) from None
    return PriceFile(path, text, data if isinstance(data, dict) else {})


def line_of(text: str, key: str, *, section: str | None = None) -> int | None:
    """The 1-based line where ``key:`` is written (inside ``section:`` when given)."""
    pattern = re.compile(rf"^\s*['\"]?{re.escape(key)}['\"]?\s*:")
    inside = section is None
    for number, line in enumerate(text.splitlines(), start=1):
        if section is not None and line.strip() and not line[:1].isspace() and line[0] != "#":
            inside = line.startswith(section)
        if inside and pattern.match(line):
            return number
    return None


@dataclass(frozen=True)
class ModelPrice:
    """US dollars per 1M tokens. Cache writes (Anthropic) default to the vendor's factors of the
    input price: 1.25x for a five-minute lifetime, 2x for an hour."""

    input: float
    cached_input: float
    output: float
    cache_write_5m: float | None = None
    cache_write_1h: float | None = None

    def write_price(self, ttl: str) -> float:
        """A written token's price for that lifetime (``5m`` or ``1h``)."""
        given = self.cache_write_1h if ttl == "1h" else self.cache_write_5m
        return given if given is not None else self.input * CACHE_WRITE_FACTOR[ttl]  # type: ignore[index]


class PriceTable:
    """Model name → price. Lookups ignore case and dated snapshot suffixes.

    A model missing from the table costs 0.0 and is *flagged* (:meth:`knows`) rather than
    refused: an unpriced model must never stop a chat, but a silent $0.00 must never pass for
    "free" either.
    """

    def __init__(self, prices: Mapping[str, ModelPrice], *, source: Path | None = None) -> None:
        self._prices = {name.lower(): price for name, price in prices.items()}
        self.source = source

    @classmethod
    def load(cls, path: Path | str | None = None) -> PriceTable:
        """The ``models`` section of a price file (default: the shipped one)."""
        return cls.from_file(read_price_file(path))

    @classmethod
    def parse(cls, text: str, *, path: Path | None = None) -> PriceTable:
        return cls.from_file(parse_price_text(text, path=path))

    @classmethod
    def from_file(cls, file: PriceFile) -> PriceTable:
        models = file.section("models")
        if not isinstance(models, dict):
            raise ScenarioError(
                "the price table needs a 'models' mapping", path=file.path, line=1, hint=_PRICE_HINT
            )
        prices = {
            str(name): _parse_price(
                str(name), entry, file.path, line_of(file.text, str(name), section="models")
            )
            for name, entry in models.items()
        }
        return cls(prices, source=file.path)

    def price(self, model: str) -> ModelPrice | None:
        """The price of ``model``, or of its base name when it is a dated snapshot."""
        name, base = model_key(model)
        found = self._prices.get(name)
        return found if found is not None else self._prices.get(base)

    def knows(self, model: str) -> bool:
        return self.price(model) is not None

    def cached_ratio(self, model: str) -> float | None:
        """A cached input token's price over a fresh one's (None: unpriced, or free input)."""
        price = self.price(model)
        if price is None or price.input <= 0:
            return None
        return price.cached_input / price.input

    def cost(self, model: str, usage: Usage) -> float:
        """Dollars for one call; 0.0 for a model the table does not know."""
        price = self.price(model)
        if price is None:
            return 0.0
        cached = min(max(usage.cached_tokens, 0), max(usage.input_tokens, 0))
        written = min(max(usage.cache_write_tokens, 0), max(usage.input_tokens, 0) - cached)
        hour = min(max(usage.cache_write_1h_tokens, 0), written)
        uncached = max(usage.input_tokens, 0) - cached - written
        dollars = (
            uncached * price.input
            + cached * price.cached_input
            + (written - hour) * price.write_price("5m")
            + hour * price.write_price("1h")
            + max(usage.output_tokens, 0) * price.output
        )
        return dollars / TOKENS_PER_PRICE_UNIT

    @property
    def models(self) -> list[str]:
        return sorted(self._prices)


def _parse_price(name: str, entry: Any, path: Path | None, line: int | None) -> ModelPrice:
    def fail(message: str) -> ScenarioError:
        return ScenarioError(
            message,
            path=path,
            line=line,
            field=f"models.{name}",
            hint="prices are US dollars per 1M tokens, e.g. {input: 0.40, output: 1.60}",
        )

    if not isinstance(entry, dict):
        raise fail(f"the price of {name!r} must be a mapping of input, cached_input, output")
    unknown = set(entry) - {"input", "cached_input", "output", "cache_write_5m", "cache_write_1h"}
    if unknown:
        keys = ", ".join(sorted(map(str, unknown)))
        raise fail(f"unknown key(s) {keys} in the price of {name!r}")
    values: dict[str, float] = {}
    for key in ("input", "output", "cached_input", "cache_write_5m", "cache_write_1h"):
        if key not in entry:
            if key != "input" and key != "output":
                continue
            raise fail(f"the price of {name!r} has no {key!r}")
        value = entry[key]
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise fail(f"{name}.{key} must be a number >= 0, got {value!r}")
        values[key] = float(value)
    return ModelPrice(
        input=values["input"],
        cached_input=values.get("cached_input", values["input"]),
        output=values["output"],
        cache_write_5m=values.get("cache_write_5m"),
        cache_write_1h=values.get("cache_write_1h"),
    )
