"""The test chat's reply scripts: a new one for the scenario, and where a fork takes one up.

A reply script is read one reply per model call (:mod:`engine.providers.scripted`). Two things
the chat needs beyond that, kept here so the pane stays about widgets:

* :func:`write_reply_script` — *Create a reply script for this scenario*: the engine's template
  (:func:`engine.offline.reply_script.reply_script_template`: one reply per call along the main
  path, every signal and result named), written atomically;
* :func:`script_history` — a conversation forked at turn 3 of a scripted chat must take the
  script up at the reply after those turns used, not at reply 1. Each scripted reply's response
  id says its place in its script (``scripted_7_…``), so the log alone tells where it stood
  (:meth:`~engine.providers.scripted.ScriptedProvider.continue_after`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from engine.io.atomic import atomic_write_text
from engine.log.events import Event, EventType, ModelResponseData
from engine.offline.reply_script import reply_script_template
from engine.providers.scripted import MADE_BY
from engine.scenario.definition import Scenario

__all__ = ["found_reply_script", "script_history", "write_reply_script"]

#: Suffixes a reply script may have (YAML, or JSON Lines).
SCRIPT_SUFFIXES = (".yaml", ".yml", ".jsonl", ".ndjson")
#: Folders of a scenario that hold no reply script (tests/ holds the cassettes).
_NOT_SCRIPTS = frozenset({"tests", "steps"})


def write_reply_script(scenario: Scenario, target: Path) -> None:
    """Write a reply script for ``scenario`` to ``target`` (its folder is made if need be)."""
    source = str(scenario.root) if scenario.root is not None else scenario.name
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, reply_script_template(scenario, source=source))


def found_reply_script(root: Path | None) -> Path | None:
    """A reply script the scenario ships with (``demo/replies.yaml`` first, then any file named
    ``*replies*`` outside ``tests/`` and ``steps/``), to offer before asking for one."""
    if root is None or not root.is_dir():
        return None
    preferred = root / "demo" / "replies.yaml"
    if preferred.is_file():
        return preferred
    found = sorted(
        path
        for path in root.rglob("*replies*")
        if path.is_file()
        and path.suffix.lower() in SCRIPT_SUFFIXES
        and not (set(path.relative_to(root).parts[:-1]) & _NOT_SCRIPTS)
    )
    return found[0] if found else None


def script_history(events: Iterable[Event], fork_turn: int | None) -> list[str | None]:
    """The response ids of the script replies a fork of ``events`` after ``fork_turn`` has
    used (none when it is no fork, or its calls did not come from a reply script)."""
    if fork_turn is None:
        return []
    return [
        event.payload(ModelResponseData).get("response_id")
        for event in events
        if event.type == EventType.MODEL_RESPONSE
        and event.turn <= fork_turn
        and event.payload(ModelResponseData).get("synthetic") == MADE_BY
    ]
