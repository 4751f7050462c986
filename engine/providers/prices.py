"""The one reader of ``resources/prices.yaml``: what each endpoint charges, and rate limits.

The file is hand-edited by users (prices change, limits depend on the account's tier), so it is
read in one place, with one set of located errors: a mistake says the file and the line.
It holds two sections, read by two tables built from the same parse:

    endpoints:                                                               PriceTable
      openai:
        base_url: https://api.openai.com/v1
        models: {gpt-4.1-mini: {input: 0.40, cached_input: 0.10, output: 1.60}}
    rate_limits:  {gpt-4.1-mini: {rpm: 500, tpm: 200000}}   RateLimitTable (rate_table.py)

**A price belongs to an endpoint.** A model's price is what *the endpoint that sells it*
charges: ``gpt-4.1-mini`` costs $0.40 per million input tokens at ``api.openai.com``, and
nothing anyone knows on a local server that happens to answer to the same name. So a price
applies only to a model listed under the base URL the call went to (:meth:`PriceTable.price`);
an unlisted model, or any other base URL, has **no price** (``None``, shown as "price unknown"),
never 0.0. Base URLs are compared as :func:`endpoint_key` writes them (scheme and host in lower
case, no credentials, no default port, no trailing slash); a listed base URL with no path
(``http://gpu-box:8000``) answers for every path on that server.

**The user's own prices.** ``prices.yaml`` in the user's configuration folder
(:func:`engine.io.config_folder.config_folder`; ``PROMPTER_CONFIG_DIR`` names it) has the same
``endpoints`` section, and is read after the shipped file: it adds endpoints, and its prices
replace the shipped ones for the same base URL and model (:meth:`PriceTable.load`).

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
from engine.io.config_folder import config_folder
from engine.io.resources import resource_path
from engine.io.untrusted import read_text
from engine.providers.base import Usage, endpoint_key
from engine.providers.vendor_caches import CACHE_WRITE_FACTOR

__all__ = [
    "OPENAI_BASE_URL",
    "TOKENS_PER_PRICE_UNIT",
    "USER_PRICE_FILE",
    "ModelPrice",
    "PriceFile",
    "PriceTable",
    "call_cost",
    "endpoint_key",
    "line_of",
    "model_key",
    "read_price_file",
    "user_price_path",
]

TOKENS_PER_PRICE_UNIT = 1_000_000
#: The endpoint the OpenAI SDK calls when no base URL is given.
OPENAI_BASE_URL = "https://api.openai.com/v1"
#: The user's own price file, in their configuration folder.
USER_PRICE_FILE = "prices.yaml"
#: The largest user price file read (it is a short hand-written file).
_USER_FILE_LIMIT = 1_000_000
#: A dated snapshot suffix: ``gpt-4.1-mini-2025-04-14`` → ``gpt-4.1-mini`` (Claude: ``-20250929``).
_SNAPSHOT_SUFFIX = re.compile(r"-\d{4}-\d{2}-\d{2}$|-\d{8}$")
_PRICE_HINT = (
    "endpoints: {openai: {base_url: 'https://api.openai.com/v1', "
    "models: {gpt-4.1-mini: {input: 0.40, cached_input: 0.10, output: 1.60}}}}"
)
_PRICE_KEYS = ("input", "cached_input", "output", "cache_write_5m", "cache_write_1h")


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


def user_price_path() -> Path:
    """Where the user's own price file is (it may not exist)."""
    return config_folder() / USER_PRICE_FILE


def read_user_price_file(path: Path | str | None = None) -> PriceFile | None:
    """The user's own price file, parsed (``None`` when there is none). Read as a file from
    outside: bounded, a regular file, UTF-8; a mistake names the file and the line."""
    file = Path(path) if path is not None else user_price_path()
    if not file.exists():
        return None
    text = read_text(file, limit=_USER_FILE_LIMIT, what="the price file")
    with _parsed_lock:
        known = _parsed.get(file)
        if known is not None and known[0] == text:
            return known[1]
    parsed = parse_price_text(text, path=file)
    with _parsed_lock:
        _parsed[file] = (text, parsed)
    return parsed


def _origin(key: str) -> str:
    """The scheme and server of an :func:`endpoint_key` (its path dropped)."""
    scheme, _, rest = key.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


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


@dataclass(frozen=True)
class Endpoint:
    """An endpoint that sells models: its name in the file, its base URL, its prices."""

    name: str
    base_url: str
    models: Mapping[str, ModelPrice]


class PriceTable:
    """Base URL → model name → price. Model lookups ignore case and dated snapshot suffixes.

    A model the table does not list *for the endpoint the call went to* has no price: its cost
    is ``None`` ("price unknown"), never 0.0 — an unpriced model must never stop a chat, but a
    silent $0.00 must never pass for "free" either, nor another endpoint's price for its own.
    """

    def __init__(
        self,
        endpoints: Mapping[str, Mapping[str, ModelPrice]] | None = None,
        *,
        source: Path | None = None,
        names: Mapping[str, str] | None = None,
    ) -> None:
        """``endpoints``: base URL → model → price (``PriceTable({})`` prices nothing)."""
        self._prices: dict[str, dict[str, ModelPrice]] = {}
        self._names: dict[str, str] = {}
        for url, models in (endpoints or {}).items():
            key = endpoint_key(url)
            if key is None:
                raise ValueError(f"not a base URL: {url!r}")
            table = self._prices.setdefault(key, {})
            table.update({name.lower(): price for name, price in models.items()})
            self._names[key] = (names or {}).get(url, key)
        self.source = source

    @classmethod
    def openai(cls, models: Mapping[str, ModelPrice]) -> PriceTable:
        """A table pricing ``models`` at OpenAI's endpoint only."""
        return cls({OPENAI_BASE_URL: models})

    @classmethod
    def load(cls, path: Path | str | None = None) -> PriceTable:
        """The shipped prices and then the user's own (their config folder's ``prices.yaml``),
        or, given ``path``, that one file's."""
        if path is not None:
            return cls.from_file(read_price_file(path))
        table = cls.from_file(read_price_file())
        user = read_user_price_file()
        return table if user is None else table.merged(cls.from_file(user, required=False))

    @classmethod
    def parse(cls, text: str, *, path: Path | None = None) -> PriceTable:
        return cls.from_file(parse_price_text(text, path=path))

    @classmethod
    def from_file(cls, file: PriceFile, *, required: bool = True) -> PriceTable:
        endpoints = [*_read_endpoints(file, required=required), *_read_legacy_models(file)]
        return cls(
            {e.base_url: e.models for e in endpoints},
            source=file.path,
            names={e.base_url: e.name for e in endpoints},
        )

    def merged(self, other: PriceTable) -> PriceTable:
        """This table with ``other``'s prices added, replacing ours for the same base URL and
        model."""
        table = PriceTable(source=other.source or self.source)
        for source in (self, other):
            for key, models in source._prices.items():
                table._prices.setdefault(key, {}).update(models)
                table._names[key] = source._names.get(key, key)
        return table

    def with_prices(self, base_url: str, models: Mapping[str, ModelPrice]) -> PriceTable:
        """This table with ``models`` priced at ``base_url`` too (tests, benches: the fake
        server standing in for a priced endpoint)."""
        return self.merged(PriceTable({base_url: models}))

    def with_stand_in(self, base_url: str, *, like: str | None = None) -> PriceTable:
        """This table with ``base_url`` priced as ``like`` is — by default, every model at the
        price the table lists it (:meth:`listed_price`): a stand-in for priced endpoints (the
        economics tests and the benches point an SDK at a fake server and want its token counts
        priced as the vendor would bill them)."""
        if like is not None:
            return self.with_prices(base_url, self._models_at(like) or {})
        openai = endpoint_key(OPENAI_BASE_URL)
        models: dict[str, ModelPrice] = {}
        for key in sorted(self._prices, key=lambda key: key == openai):  # OpenAI's last: wins
            models.update(self._prices[key])
        return self.with_prices(base_url, models)

    def _models_at(self, base_url: str | None) -> dict[str, ModelPrice] | None:
        key = endpoint_key(base_url)
        if key is None:
            return None
        found = self._prices.get(key)
        if found is None:
            found = self._prices.get(_origin(key))
        return found

    def price(self, model: str, base_url: str | None) -> ModelPrice | None:
        """The price of ``model`` (or of its base name, when it is a dated snapshot) at the
        endpoint ``base_url``; ``None`` when that endpoint does not list it."""
        models = self._models_at(base_url)
        if models is None:
            return None
        name, base = model_key(model)
        found = models.get(name)
        return found if found is not None else models.get(base)

    def listed_price(self, model: str) -> ModelPrice | None:
        """The price of ``model`` wherever the table lists it (OpenAI's endpoint first): the
        weights of an estimate (``layout: auto``), a bench's figures — never a call's bill."""
        keys = [endpoint_key(OPENAI_BASE_URL), *self._prices]
        for key in dict.fromkeys(keys):
            price = self.price(model, key)
            if price is not None:
                return price
        return None

    def knows(self, model: str, base_url: str | None) -> bool:
        return self.price(model, base_url) is not None

    def cached_ratio(self, model: str) -> float | None:
        """A cached input token's price over a fresh one's, wherever the table lists the model
        (:meth:`listed_price`; None: unpriced, or free input)."""
        price = self.listed_price(model)
        if price is None or price.input <= 0:
            return None
        return price.cached_input / price.input

    def cost(self, model: str, usage: Usage, base_url: str | None) -> float | None:
        """Dollars for one call to ``base_url``; ``None`` when that endpoint has no price for
        ``model`` (the price is unknown, which is not free)."""
        price = self.price(model, base_url)
        return None if price is None else call_cost(price, usage)

    def endpoint_name(self, base_url: str | None) -> str | None:
        """The name the price file gives the endpoint at ``base_url`` (None: not listed)."""
        key = endpoint_key(base_url)
        if key is None:
            return None
        for candidate in (key, _origin(key)):
            if candidate in self._prices:
                return self._names.get(candidate, candidate)
        return None

    @property
    def endpoints(self) -> list[str]:
        """The base URLs priced (as :func:`endpoint_key` writes them)."""
        return sorted(self._prices)

    def models(self, base_url: str | None = OPENAI_BASE_URL) -> list[str]:
        """The models priced at ``base_url``."""
        return sorted(self._models_at(base_url) or {})


def call_cost(price: ModelPrice, usage: Usage) -> float:
    """Dollars for one call of ``usage`` at ``price``: uncached, cached, written (by lifetime)
    and output tokens, each at its price."""
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


def _read_endpoints(file: PriceFile, *, required: bool) -> list[Endpoint]:
    section = file.section("endpoints")
    if section is None and (not required or file.section("models") is not None):
        return []
    if not isinstance(section, dict):
        raise ScenarioError(
            "the price table needs an 'endpoints' mapping: each endpoint's base_url and models",
            path=file.path,
            line=line_of(file.text, "endpoints") or 1,
            hint=_PRICE_HINT,
        )
    endpoints = []
    for raw_name, entry in section.items():
        name = str(raw_name)
        line = line_of(file.text, name, section="endpoints")
        field = f"endpoints.{name}"

        def fail(message: str, *, at: int | None = line, where: str = field) -> ScenarioError:
            return ScenarioError(message, path=file.path, line=at, field=where, hint=_PRICE_HINT)

        if not isinstance(entry, dict):
            raise fail(f"the endpoint {name!r} must be a mapping of base_url and models")
        unknown = set(map(str, entry)) - {"base_url", "models"}
        if unknown:
            raise fail(f"unknown key(s) {', '.join(sorted(unknown))} in the endpoint {name!r}")
        url = entry.get("base_url")
        if not isinstance(url, str) or endpoint_key(url) is None:
            raise fail(f"the endpoint {name!r} needs a base_url such as 'https://host/v1'")
        models = entry.get("models")
        if not isinstance(models, dict):
            raise fail(f"the endpoint {name!r} needs a 'models' mapping of model names to prices")
        prices = {
            str(model): _parse_price(
                str(model),
                price,
                file.path,
                _line_after(file.text, str(model), line),
                f"{field}.models.{model}",
            )
            for model, price in models.items()
        }
        endpoints.append(Endpoint(name, url, prices))
    return endpoints


def _read_legacy_models(file: PriceFile) -> list[Endpoint]:
    """A top-level ``models`` section (price files written before endpoints): OpenAI's."""
    models = file.section("models")
    if models is None:
        return []
    if not isinstance(models, dict):
        raise ScenarioError(
            "'models' must be a mapping of model names to prices",
            path=file.path,
            line=line_of(file.text, "models"),
            hint=_PRICE_HINT,
        )
    prices = {
        str(name): _parse_price(
            str(name),
            entry,
            file.path,
            line_of(file.text, str(name), section="models"),
            f"models.{name}",
        )
        for name, entry in models.items()
    }
    return [Endpoint("openai", OPENAI_BASE_URL, prices)]


def _line_after(text: str, key: str, after: int | None) -> int | None:
    """The first line at or after ``after`` where ``key:`` is written."""
    pattern = re.compile(rf"^\s*['\"]?{re.escape(key)}['\"]?\s*:")
    for number, line in enumerate(text.splitlines(), start=1):
        if number >= (after or 1) and pattern.match(line):
            return number
    return None


def _parse_price(
    name: str, entry: Any, path: Path | None, line: int | None, field: str
) -> ModelPrice:
    def fail(message: str) -> ScenarioError:
        return ScenarioError(
            message,
            path=path,
            line=line,
            field=field,
            hint="prices are US dollars per 1M tokens, e.g. {input: 0.40, output: 1.60}",
        )

    if not isinstance(entry, dict):
        raise fail(f"the price of {name!r} must be a mapping of input, cached_input, output")
    unknown = set(map(str, entry)) - set(_PRICE_KEYS)
    if unknown:
        keys = ", ".join(sorted(unknown))
        raise fail(f"unknown key(s) {keys} in the price of {name!r}")
    values: dict[str, float] = {}
    for key in _PRICE_KEYS:
        if key not in entry:
            if key in ("input", "output"):
                raise fail(f"the price of {name!r} has no {key!r}")
            continue
        value = entry[key]
        if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
            raise fail(f"{name}.{key} must be a number >= 0, got {value!r}")
        values[key] = float(value)
    return ModelPrice(
        input=values["input"],
        cached_input=values.get("cached_input", values["input"]),
        output=values["output"],
        cache_write_5m=values.get("cache_write_5m"),
        cache_write_1h=values.get("cache_write_1h"),
    )
