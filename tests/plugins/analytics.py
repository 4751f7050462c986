"""Fixtures for comparing versions and for analytics over logs.

* ``bot_history``: a temporary git repository holding the analyst bot at two commits, ``v1``
  (as shipped) and ``v2`` (a realistic week of edits, :func:`edit_to_v2`), the working tree at
  ``v2``. Returns the repository; the scenario is ``bot/`` in it.
* ``analyst_logs``: real conversation logs of the analyst bot, recorded once per test session by
  the engine against the fake OpenAI server (real ``openai`` SDK) with the autopilot as the
  model: :data:`LOG_PLANS` says which (a clean one, one with contract violations, one where the
  user leaves). Tests copy them before damaging them. They run on one worker (the xdist group
  ``analyst_logs``, given to every test that asks for the fixture): recording is a second of
  CPU, which each worker running one of them paid.

:func:`make_bot_history` and :func:`record_logs` are also used by the documentation's screenshot
script.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.io.resources import default_scenario

REPO = Path(__file__).resolve().parents[2]
PLAN = REPO / "bench" / "conversations" / "analyst_bot.yaml"


# --- a scenario with history ----------------------------------------------------------------


def git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Test",
        "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.com",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_SYSTEM": os.devnull,
    }
    done = subprocess.run(
        ["git", *args], cwd=repo, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def edit_to_v2(bot: Path) -> None:
    """A week of edits to the analyst bot, the kind authors make:

    * ``users`` is renamed ``audience`` (its file too, and a sentence of it changes);
    * a new step ``competition`` comes between the idea and the audience (``idea_clear`` is
      retargeted to it);
    * ``quality`` is removed: its question moves into ``constraints`` (a new required result
      ``quality_needs``, and ``constraints_clear`` now requires it); ``features_done`` is
      retargeted to ``constraints`` and the review's ``fix_quality`` goes;
    * the idea step's instructions gain a paragraph, and the temperature goes down.
    """
    path = bot / "scenario.yaml"
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    steps: dict[str, Any] = data["steps"]
    data["model"]["temperature"] = 0.2
    users = steps.pop("users")
    users["instructions"] = "steps/audience.md"
    users["title"] = "Audience"
    (bot / "steps" / "users.md").rename(bot / "steps" / "audience.md")
    audience_md = bot / "steps" / "audience.md"
    audience_md.write_text(
        audience_md.read_text(encoding="utf-8").replace(
            "There may be more than one group", "There is often more than one group"
        ),
        encoding="utf-8",
    )
    rebuilt: dict[str, Any] = {}
    for step_id, step in steps.items():
        rebuilt[step_id] = step
        if step_id == "idea":
            rebuilt["competition"] = {
                "title": "Competition",
                "goal": "Learn what people use today instead, and why it falls short",
                "instructions": "steps/competition.md",
                "results": {
                    "alternatives": {
                        "type": "list",
                        "required": True,
                        "description": "What people use today",
                    }
                },
                "transitions": {
                    "competition_clear": {
                        "to": "audience",
                        "requires": ["alternatives"],
                        "description": "The alternatives are known",
                    }
                },
            }
            rebuilt["audience"] = users
    steps = rebuilt
    data["variables"]["alternatives"] = {
        "type": "list",
        "description": "What people use instead today",
    }
    (bot / "steps" / "competition.md").write_text(
        "Ask what the user's future users do today instead: another product, a spreadsheet,\n"
        "nothing at all. Record each alternative in a few words, then move on.\n",
        encoding="utf-8",
    )
    steps["idea"]["transitions"]["idea_clear"]["to"] = "competition"
    steps["features"]["transitions"]["features_done"]["to"] = "constraints"
    quality = steps.pop("quality")
    constraints = steps["constraints"]
    constraints["results"]["quality_needs"] = quality["results"]["quality_needs"]
    constraints["transitions"]["constraints_clear"]["requires"].append("quality_needs")
    del steps["review"]["transitions"]["fix_quality"]
    steps["review"]["transitions"]["fix_users"]["to"] = "audience"
    (bot / "steps" / "quality.md").unlink()
    idea_md = bot / "steps" / "idea.md"
    idea_md.write_text(
        idea_md.read_text(encoding="utf-8")
        + (
            "\nIf the user has several ideas, ask which one they would build first, and keep the\n"
            "others as open questions for the end.\n"
        ),
        encoding="utf-8",
    )
    data["steps"] = steps
    path.write_text(
        yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8"
    )


def make_bot_history(root: Path) -> Path:
    """A git repository at ``root`` with ``bot/`` at tags ``v1`` and ``v2`` (see the module
    docstring); returns ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    bot = root / "bot"
    shutil.copytree(default_scenario(), bot, ignore=shutil.ignore_patterns("demo"))
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "The analyst bot as shipped")
    git(root, "tag", "v1")
    edit_to_v2(bot)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "Audience, competition; quality folded into constraints")
    git(root, "tag", "v2")
    return root


@pytest.fixture(scope="session")
def bot_history_made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The history, made once per test process (some ten git commands)."""
    return make_bot_history(tmp_path_factory.mktemp("bot_history") / "history")


@pytest.fixture
def bot_history(tmp_path: Path, bot_history_made: Path) -> Path:
    """A copy of the history for one test (a copy is a third of the cost of making it)."""
    return Path(shutil.copytree(bot_history_made, tmp_path / "history", symlinks=True))


# --- real logs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LogPlan:
    name: str
    violation_rate: float = 0.0
    seed: int = 0
    #: user messages sent (None: the whole plan); a cut conversation is left without an end
    cut: int | None = None
    #: how a cut conversation ends: "closed" writes ``session_end``, "vanished" writes nothing
    ending: str = "vanished"


LOG_PLANS = (
    LogPlan("clean"),
    LogPlan("bumpy", violation_rate=0.3, seed=7),
    LogPlan("left", violation_rate=0.1, seed=3, cut=6, ending="vanished"),
    LogPlan("closed", cut=9, ending="closed"),
)


@dataclass(frozen=True)
class RecordedLog:
    path: Path
    plan: LogPlan
    broken: tuple[str, ...]
    #: For each slip in ``broken``: whether the engine repairs it without a call (salvaged).
    harmless: tuple[bool, ...] = ()


def record_logs(folder: Path, plans: tuple[LogPlan, ...] = LOG_PLANS) -> dict[str, RecordedLog]:
    """Run each plan as a real conversation and write its log; returns them by name."""
    from engine.conversation.conversation_core import Conversation
    from engine.log.writer import LogWriter
    from engine.offline.autopilot import Autopilot, Plan
    from engine.offline.fake_openai import FAKE_API_KEY, FakeOpenAIServer
    from engine.providers import make_provider
    from engine.providers.prices import PriceTable
    from engine.scenario.loader import load_scenario

    folder.mkdir(parents=True, exist_ok=True)
    scenario = load_scenario(default_scenario())
    full = Plan.load(PLAN)
    recorded: dict[str, RecordedLog] = {}
    with FakeOpenAIServer() as server:
        for log_plan in plans:
            plan = full if log_plan.cut is None else replace(full, turns=full.turns[: log_plan.cut])
            pilot = Autopilot(
                scenario, plan, violation_rate=log_plan.violation_rate, seed=log_plan.seed
            )
            server.responder = pilot
            provider = make_provider(
                "responses", api_key=FAKE_API_KEY, base_url=server.base_url, max_retries=0
            )
            # Priced as OpenAI would bill the autopilot's tokens: the figures are the point.
            prices = PriceTable.load().with_stand_in(server.base_url)
            conversation = Conversation(scenario, provider, prices=prices)
            path = folder / f"{log_plan.name}.jsonl"
            with LogWriter(path, secrets=[]) as writer:
                writer.attach(conversation.events)

                async def run(
                    conv: Any = conversation,
                    p: Any = plan,
                    lp: LogPlan = log_plan,
                    prov: Any = provider,
                ) -> None:
                    try:
                        await conv.start()
                        for turn in p.turns:
                            await conv.send(turn.user)
                        if lp.cut is not None and lp.ending == "closed":
                            conv.close("closed")
                    finally:
                        await prov.aclose()

                asyncio.run(run())
            recorded[log_plan.name] = RecordedLog(
                path, log_plan, tuple(pilot.broken), tuple(pilot.harmless)
            )
    return recorded


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist tags the ids with their group
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "analyst_logs" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("analyst_logs"))


@pytest.fixture(scope="session")
def analyst_logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, RecordedLog]:
    """Real logs (see the module docstring); shared by the whole session: copy before editing."""
    return record_logs(tmp_path_factory.mktemp("analyst_logs"))
