"""``layout: auto``: for each new chain, the layout that bills least for this scenario and model.

The layouts of the ``compact`` family start a new chain at every step change, so a conversation
can change layout there at no cost; ``auto`` chooses at each one among three:

``compact_step_schema``
    each step's own (small) schema: the fewest input tokens, but the prefix changes with the
    step, so nothing is cached at a step change;
``compact``
    the all-steps schema: more tokens on every call, paid back only if the constant prefix
    (schema + instructions) reaches the cache minimum (1,024 tokens) and the cache hits;
``compact`` + the steps' goals (``padded``)
    when that prefix falls short of the minimum, :func:`~engine.dialogue.prompting.steps_overview`
    (every step's title and goal: useful to read, constant) is added to cross it.

**The estimate.** What a typical conversation of the scenario would bill under each
(:func:`estimate_billed`): the steps a conversation meets first (breadth first from the start,
prompt steps only), two user messages in each; every prompt's size in the model's own tokens
(:mod:`engine.providers.tokens`) for what is known before the first call — schema, instructions,
step sections — and typical sizes for what is not (:data:`USER_TOKENS`, a reply of
:data:`REPLY_TOKENS` plus a few tokens per result); cached tokens as the service caches them
(the previous prompt's whole 128-token blocks, from 1,024 on, the constant prefix at a step
change when it was sent before); the corrections the all-steps schema invites
(:data:`CROSS_STEP_SLIP_RATE` of ``compact``'s replies fill another step's results or choose
another step's signal, a call each); billed input = uncached + cached × the price table's cached
ratio for the model (0.5 on gpt-4o, 0.25 on gpt-4.1-mini, 0.1 on gpt-5).

**The service's hit rate is learned.** A cache that never misses is an assumption: the real one
evicts idle prefixes and spreads busy ones over machines where they miss. Every call under
``auto`` tells how much the service cached of what it could have (:class:`CacheEvidence`), kept
per provider and model, so the conversations sharing a provider learn together. The estimate
weighs cached tokens by that hit rate, starting from the prior that the service caches
(:data:`PRIOR_TOKENS` of evidence saying so). With a cache that misses, ``compact``'s larger
schema stops paying and ``auto`` moves to ``compact_step_schema`` at the next step change.

**Each vendor caches its own way** (:func:`~engine.providers.vendor_caches.cache_rules`, from
the provider's name): OpenAI from 1,024 tokens in 128-token blocks, a read at the price table's
cached ratio; Anthropic from the model's minimum (1,024 to 4,096 tokens), to the token, a read at
0.1x and every token written at 1.25x (five-minute TTL: a conversation's pace keeps it alive);
Gemini from its model's minimum (1,024 or 4,096), a read at 0.1x, writes free. A layout whose
constant prefix falls short of the vendor's minimum caches nothing at a step change there.

The choice and its reason (the estimates compared) are logged with every ``model_request``
(``layout``, ``layout_reason``) and shown by the request inspector.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.dialogue.contract import any_step_schema, reply_schema
from engine.dialogue.prompting import (
    CONVERSATION_RULES,
    stable_prefix,
    step_section,
    steps_overview,
)
from engine.providers.prices import PriceTable
from engine.providers.tokens import MESSAGE_OVERHEAD, count_tokens, schema_tokens
from engine.providers.vendor_caches import CacheRules, cache_rules
from engine.scenario.definition import OnEnter, PromptLayout, Scenario, Step, StepKind

__all__ = [
    "CACHE_BLOCK_TOKENS",
    "CACHE_MIN_TOKENS",
    "CANDIDATES",
    "CacheEvidence",
    "Candidate",
    "LayoutChoice",
    "ScenarioSizes",
    "StepSize",
    "cacheable_tokens",
    "choose_layout",
    "estimate_billed",
    "evidence_for",
    "scenario_sizes",
]

CACHE_BLOCK_TOKENS = 128
CACHE_MIN_TOKENS = 1024
#: Typical sizes of what is not known before the conversation.
USER_TOKENS = 30
REPLY_TOKENS = 90
REPLY_TOKENS_PER_RESULT = 8
SUMMARY_TOKENS = 35
#: User messages assumed in each step.
MESSAGES_PER_STEP = 2
#: The prior: this many cacheable tokens' worth of evidence that the service caches.
PRIOR_TOKENS = 1024
#: Replies that, given the all-steps schema, fill another step's results or choose another
#: step's signal: each costs a correction call (``compact`` only; a step's own schema under
#: strict structured outputs makes both impossible).
CROSS_STEP_SLIP_RATE = 0.05
#: Cached input's price ratio when the price table does not know the model …
DEFAULT_CACHED_RATIO = 0.5
#: … and an output token's price over an input token's.
DEFAULT_OUTPUT_RATIO = 4.0


@dataclass(frozen=True)
class Candidate:
    """A layout ``auto`` may choose: a layout of the compact family, maybe padded."""

    layout: PromptLayout
    padded: bool = False

    @property
    def label(self) -> str:
        return f"{self.layout.value} + goals" if self.padded else self.layout.value


CANDIDATES = (
    Candidate(PromptLayout.COMPACT_STEP_SCHEMA),
    Candidate(PromptLayout.COMPACT),
    Candidate(PromptLayout.COMPACT, padded=True),
)


@dataclass
class CacheEvidence:
    """What the service cached of what it could have, over the calls made under ``auto``."""

    cacheable: int = 0
    cached: int = 0

    @property
    def hit_rate(self) -> float:
        """The share of cacheable tokens the service served cached, prior included."""
        return (self.cached + PRIOR_TOKENS) / (self.cacheable + PRIOR_TOKENS)

    def add(self, cacheable: int, cached: int) -> None:
        if cacheable > 0:
            self.cacheable += cacheable
            self.cached += min(max(cached, 0), cacheable)


_EVIDENCE: weakref.WeakKeyDictionary[Any, dict[str, CacheEvidence]] = weakref.WeakKeyDictionary()


def evidence_for(provider: Any, model: str) -> CacheEvidence:
    """The evidence gathered on ``provider`` for ``model`` (shared by its conversations)."""
    try:
        per_model = _EVIDENCE.setdefault(provider, {})
    except TypeError:  # not weakly referable: evidence for this conversation only
        return CacheEvidence()
    return per_model.setdefault(model.strip().lower(), CacheEvidence())


@dataclass(frozen=True)
class LayoutChoice:
    """The layout ``auto`` chose for a chain, and why."""

    candidate: Candidate
    #: Estimated billed input tokens per user message, for every candidate.
    estimates: Mapping[str, float] = field(default_factory=dict)
    prefix_tokens: int = 0
    cached_ratio: float = DEFAULT_CACHED_RATIO
    hit_rate: float = 1.0
    #: The provider's cache: its minimum, block, write price (OpenAI's unless said).
    rules: CacheRules = field(default_factory=lambda: cache_rules("responses", ""))

    @property
    def layout(self) -> PromptLayout:
        return self.candidate.layout

    @property
    def padded(self) -> bool:
        return self.candidate.padded

    @property
    def reason(self) -> str:
        write = self.rules.write_factor
        written = f", written at {write:g}x" if write != 1.0 else ""
        others = ", ".join(
            f"{label} {value:,.0f}"
            for label, value in self.estimates.items()
            if label != self.candidate.label
        )
        return (
            f"auto chose {self.candidate.label}: about "
            f"{self.estimates.get(self.candidate.label, 0):,.0f} billed input tokens per user "
            f"message, against {others} (constant prefix {self.prefix_tokens:,} tokens, cached "
            f"from {self.rules.min_tokens:,}; cached input at {self.cached_ratio:g}x{written}; "
            f"service cache hits so far {self.hit_rate:.0%})"
        )


@dataclass(frozen=True)
class StepSize:
    """What one step of the typical path weighs: its own schema, its section, its calls."""

    schema_tokens: int
    section_tokens: int
    calls: int
    results: int


@dataclass(frozen=True)
class ScenarioSizes:
    """Everything the estimate reads of a scenario, counted once (tokenizing is the cost)."""

    prefix: Mapping[str, int]
    steps: tuple[StepSize, ...]


def scenario_sizes(scenario: Scenario, model: str) -> ScenarioSizes:
    """The sizes :func:`estimate_billed` needs, in ``model``'s tokens (a conversation keeps them:
    its scenario does not change under it)."""
    names = _known(scenario)
    steps = tuple(
        StepSize(
            schema_tokens(reply_schema(step), model),
            count_tokens(step_section(scenario, step, {}, names, in_conversation=True).text, model),
            MESSAGES_PER_STEP + (step.on_enter is OnEnter.RESPOND),
            len(step.results),
        )
        for step in _typical_path(scenario)
    )
    prefix = {c.label: _prefix_tokens(scenario, c, model) for c in CANDIDATES}
    return ScenarioSizes(prefix, steps)


def choose_layout(
    scenario: Scenario,
    model: str,
    prices: PriceTable | None = None,
    evidence: CacheEvidence | None = None,
    *,
    sizes: ScenarioSizes | None = None,
    provider: str = "responses",
) -> LayoutChoice:
    """The candidate that bills least on a typical conversation (see the module docstring).
    ``sizes``: :func:`scenario_sizes` counted already; ``provider``: whose cache rules apply
    (``anthropic``, ``gemini``, else OpenAI's)."""
    sizes = sizes or scenario_sizes(scenario, model)
    rules = cache_rules(provider, model)
    ratio = (
        rules.read_factor if provider in ("anthropic", "gemini") else _cached_ratio(prices, model)
    )
    output = _output_ratio(prices, model)
    hit_rate = evidence.hit_rate if evidence is not None else 1.0
    estimates = {
        candidate.label: estimate_billed(sizes, candidate, ratio, hit_rate, output, rules=rules)
        for candidate in CANDIDATES
    }
    best = min(CANDIDATES, key=lambda candidate: estimates[candidate.label])
    return LayoutChoice(best, estimates, sizes.prefix[best.label], ratio, round(hit_rate, 3), rules)


def estimate_billed(
    sizes: ScenarioSizes,
    candidate: Candidate,
    cached_ratio: float,
    hit_rate: float,
    output_ratio: float = DEFAULT_OUTPUT_RATIO,
    *,
    rules: CacheRules | None = None,
) -> float:
    """Billed input tokens per user message of a typical conversation under ``candidate``
    (a correction's reply counted too, as input tokens of the same price: ``output_ratio`` is
    an output token's price over an input token's). ``rules``: the provider's cache (OpenAI's
    by default); where writing costs more than reading fresh (Anthropic), every uncached token
    of a prompt long enough to cache is billed at the write price."""
    rules = rules or cache_rules("responses", "")
    if not sizes.steps:
        return 0.0
    constant = sizes.prefix[candidate.label]
    own_schema = candidate.layout is PromptLayout.COMPACT_STEP_SCHEMA
    billed = 0.0
    replies = 0.0
    messages = 0
    earlier = 0
    prefix_sent = False
    for step in sizes.steps:
        schema = step.schema_tokens if own_schema else 0
        prompt = constant + schema + earlier + step.section_tokens + MESSAGE_OVERHEAD
        reply = REPLY_TOKENS + REPLY_TOKENS_PER_RESULT * step.results + MESSAGE_OVERHEAD
        previous = 0
        for call in range(step.calls):
            prompt += USER_TOKENS + MESSAGE_OVERHEAD
            if call == 0:
                shared = constant if prefix_sent and candidate.layout is PromptLayout.COMPACT else 0
            else:
                shared = previous
            cached = cacheable_tokens(shared, rules) * hit_rate
            written = prompt - cached if prompt >= rules.min_tokens else 0.0
            billed += prompt - cached * (1 - cached_ratio) + written * (rules.write_factor - 1)
            replies += reply
            previous = prompt
            prompt += reply
        prefix_sent = True
        messages += MESSAGES_PER_STEP
        earlier += SUMMARY_TOKENS + (MESSAGE_OVERHEAD if earlier == 0 else 0)
    if candidate.layout is PromptLayout.COMPACT:  # each slip: the call again, and its reply
        billed += CROSS_STEP_SLIP_RATE * (billed + replies * output_ratio)
    return billed / messages


def cacheable_tokens(shared: int, rules: CacheRules | None = None) -> int:
    """What the service may cache of a shared prefix: whole blocks (OpenAI's 128 tokens; to the
    token on Anthropic), from the minimum on."""
    block = CACHE_BLOCK_TOKENS if rules is None else rules.block_tokens
    minimum = CACHE_MIN_TOKENS if rules is None else rules.min_tokens
    blocks = shared // block * block
    return blocks if blocks >= minimum else 0


def _prefix_tokens(scenario: Scenario, candidate: Candidate, model: str) -> int:
    """The tokens every call of ``candidate`` starts with: schema (if constant), instructions."""
    instructions = stable_prefix(scenario, {}, _known(scenario), rules=CONVERSATION_RULES).text
    if candidate.padded:
        instructions = f"{instructions}\n\n{steps_overview(scenario)}"
    total = count_tokens(instructions, model) + MESSAGE_OVERHEAD
    if candidate.layout is PromptLayout.COMPACT:
        total += schema_tokens(any_step_schema(scenario), model)
    return total


def _typical_path(scenario: Scenario) -> list[Step]:
    """The prompt steps a conversation meets, breadth first from the start."""
    seen: list[str] = []
    queue = [scenario.start]
    while queue:
        step_id = queue.pop(0)
        step = scenario.steps.get(step_id)
        if step is None or step_id in seen:
            continue
        seen.append(step_id)
        queue += [transition.to for transition in step.transitions.values()]
    return [
        scenario.steps[step_id]
        for step_id in seen
        if scenario.steps[step_id].kind is not StepKind.MESSAGE
    ]


def _known(scenario: Scenario) -> set[str]:
    names = set(scenario.variables)
    for step in scenario.steps.values():
        names.update(step.results)
    return names


def _output_ratio(prices: PriceTable | None, model: str) -> float:
    price = prices.price(model) if prices is not None else None
    if price is None or price.input <= 0:
        return DEFAULT_OUTPUT_RATIO
    return price.output / price.input


def _cached_ratio(prices: PriceTable | None, model: str) -> float:
    ratio = prices.cached_ratio(model) if prices is not None else None
    return ratio if ratio is not None else DEFAULT_CACHED_RATIO
