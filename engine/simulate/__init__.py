"""Simulated users at scale: a model plays the customer, from a persona, many times over.

    persona     persona files (tests/personas/*.md): front matter, description, located errors
    user        the simulated user: its instructions, its calls (marked prompter_role), its ledger
    runner      Simulation: many conversations at once, progress, cancel, the report
    outcome     how one conversation ended (plain data)
    stepstats   per-step figures folded from events (shared with log analytics)
    facts       the persona's facts against what the bot recorded
    report      report.json and the readable summary; distributions
    terminal    the progress bar of the command line
    save        a simulated conversation → a scenario test with its cassette

Pacing under the model's rate limits lives with the providers (:mod:`engine.providers.paced`,
``rate_limiter``, ``rate_table``); it is re-exported here for the studio.

The studio's entry points: :func:`load_personas`, :class:`Simulation` (built on the worker
thread; :meth:`Simulation.run_sync` there, :meth:`Simulation.cancel` from the UI thread;
``on_progress`` receives :class:`ProgressUpdate` values — relay them with a queued signal), the
:class:`SimulationReport` it returns (``steps`` for shading the graph, ``conversations`` with
each ``log_path`` for the log viewer), and :func:`save_as_test`.

It may import the turn loop (:mod:`engine.conversation`) and everything below it, and
:mod:`engine.scenario_tests` (a simulated conversation saved as a test).
"""

from engine.providers.paced import LimiterPool, PacedProvider, RetryPolicy, Traffic
from engine.providers.rate_limiter import RateLimiter
from engine.providers.rate_table import RateLimit, RateLimitTable
from engine.simulate.facts import FactCheck, check_facts
from engine.simulate.outcome import STATUSES, ConversationOutcome, RoleUse, Status
from engine.simulate.persona import (
    PERSONAS_DIR,
    TRAITS,
    Persona,
    PersonaSpec,
    find_personas,
    load_persona,
    load_personas,
    parse_persona,
)
from engine.simulate.report import Distribution, RoleFigures, SimulationReport, role_figures
from engine.simulate.runner import (
    DEFAULT_JOBS,
    DEFAULT_MAX_TURNS,
    DEFAULT_RUNS,
    Counts,
    ProgressUpdate,
    Simulation,
    SimulationSettings,
)
from engine.simulate.save import save_as_test
from engine.simulate.stepstats import StepFigures, StepTally
from engine.simulate.user import ROLE_METADATA_KEY, SIMULATED_USER_ROLE, SimulatedUser

__all__ = [
    "DEFAULT_JOBS",
    "DEFAULT_MAX_TURNS",
    "DEFAULT_RUNS",
    "PERSONAS_DIR",
    "ROLE_METADATA_KEY",
    "SIMULATED_USER_ROLE",
    "STATUSES",
    "TRAITS",
    "ConversationOutcome",
    "Counts",
    "Distribution",
    "FactCheck",
    "LimiterPool",
    "PacedProvider",
    "Persona",
    "PersonaSpec",
    "ProgressUpdate",
    "RateLimit",
    "RateLimitTable",
    "RateLimiter",
    "RetryPolicy",
    "RoleFigures",
    "RoleUse",
    "SimulatedUser",
    "Simulation",
    "SimulationReport",
    "SimulationSettings",
    "Status",
    "StepFigures",
    "StepTally",
    "Traffic",
    "check_facts",
    "find_personas",
    "load_persona",
    "load_personas",
    "parse_persona",
    "role_figures",
    "save_as_test",
]
