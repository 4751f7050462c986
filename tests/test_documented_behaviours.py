"""Three behaviours the documents promise that no test held (issue 34, item 15): each test here
fails when its behaviour is taken out.

* docs/actions.md: a step run again in the same turn gets its own idempotency key, ``:2``, ``:3``;
* docs/serve.md: the SQLite store commits a turn only while its claim stands;
* engine/conversation/apply_reply.py: a ``null`` result never erases a known variable.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from plugins.actions import CLINIC, clinic_reply, stay_reply

from engine.actions import workers
from engine.conversation.conversation_core import Conversation
from engine.conversation.sync_conversation import SyncConversation
from engine.log.events import Event, EventType
from engine.providers.scripted import ScriptedProvider
from engine.scenario.loader import load_scenario
from engine.serve.sqlite_store import SqliteStore
from engine.serve.store import Commit, StoreError

#: find_slots answers ``again`` twice, then slots; ``again`` goes through a message step that
#: hands straight back to it, so the action step runs three times in one turn.
RETRYING = CLINIC.replace(
    "      no_slots: {to: waitlist}", "      no_slots: {to: waitlist}\n      again: {to: retry}"
) + (
    """  retry:
    kind: message
    text: "Let me try again."
    transitions:
      next: {to: find_slots}
"""
)


def test_a_step_run_again_in_the_same_turn_gets_its_own_key_2_then_3(
    action_folder: Any, tmp_path: Path
) -> None:
    counter = tmp_path / "keys"
    module = f"""
        import pathlib
        def find_slots(specialty, context):
            path = pathlib.Path({str(counter)!r})
            keys = path.read_text().splitlines() if path.exists() else []
            path.write_text("\\n".join([*keys, context.idempotency_key]) + "\\n")
            if len(keys) < 2:
                return {{"outcome": "again"}}
            return {{"slots": ["Mon"]}}
        """
    folder = action_folder(module, RETRYING)
    workers.pool_for(folder / "actions.py").ready(30)
    conversation = Conversation(load_scenario(folder), ScriptedProvider([clinic_reply()]))
    seen: list[Event] = []
    conversation.events.subscribe(seen.append)
    with SyncConversation(conversation) as sync:
        sync.start()
        result = sync.send("x")

    assert result.step_after == "choose"
    first = f"{conversation.session_id}:1:find_slots"
    assert counter.read_text().splitlines() == [first, f"{first}:2", f"{first}:3"]
    calls = [e.data for e in seen if e.type == EventType.ACTION_CALL]
    assert [(c["idempotency_key"], c["mode"]) for c in calls] == [
        (first, "live"),
        (f"{first}:2", "live"),
        (f"{first}:3", "live"),
    ]


def test_a_null_result_never_erases_a_known_variable(action_folder: Any) -> None:
    noted = {"message": "Noted.", "transition": "stay", "results": {"specialty": "skin"}}
    forgot = {**stay_reply("And?"), "results": {"specialty": None}}
    conversation = Conversation(load_scenario(action_folder()), ScriptedProvider([noted, forgot]))
    seen: list[Event] = []
    conversation.events.subscribe(seen.append)
    with SyncConversation(conversation) as sync:
        sync.start()
        sync.send("skin, please")
        sync.send("hmm")

    assert conversation.vars.values()["specialty"] == "skin"
    changes = [e.data for e in seen if e.type == EventType.VARIABLE_CHANGE]
    assert [(c["name"], c["new"]) for c in changes] == [("specialty", "skin")]


def test_sqlite_commits_a_turn_only_while_its_claim_stands(tmp_path: Path) -> None:
    path = tmp_path / "sessions.db"

    async def scenario() -> None:
        store = SqliteStore(path)
        await store.open()
        try:
            await store.create("c1", Commit(session="v0", lines=[(1, "{}")], step="s",
                                            finished=False, turns=0))  # fmt: skip
            with pytest.raises(StoreError, match="taken from this worker"):
                async with store.hold("c1", None) as held:
                    # another worker takes the conversation during the turn (its claim is
                    # written over, as a worker that judged this one dead would)
                    with sqlite3.connect(path) as other:
                        other.execute(
                            "UPDATE prompter_conversations SET claimed_by = 'another-worker'"
                        )
                    await held.commit(
                        Commit(session="v1", lines=[(2, "{}")], step="t", finished=False,
                               turns=1, key="k", answer="{}")
                    )  # fmt: skip
            stored = await store.read("c1")
            assert stored is not None and (stored.session, stored.turns) == ("v0", 0)
            assert await store.log("c1") == ["{}"]
            assert await store.answer("c1", "k") is None
        finally:
            await store.close()

    asyncio.run(scenario())
