"""A turn rolled back after a billed call still counts that call (issue 26, item 5).

The turn below is billed for one call (a reply that breaks the contract), then its correction
fails at the server (a 500, no retries): the turn is rolled back, the conversation is as it was
— and the dollars are still spent. The budget, the summary and ``session_end`` all count them.
"""

from __future__ import annotations

import pytest
from test_economics import answer, open_chat, small

from engine.errors import BudgetExceeded, ProviderServerError
from engine.offline.fake_openai import FakeOpenAIServer, Fault


def fail_after_a_billed_call(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.queue("not json at all", Fault.server_error(500))


def test_a_rolled_back_turn_is_billed_in_the_totals_the_summary_and_session_end(
    fake_openai: FakeOpenAIServer,
) -> None:
    chat, events = open_chat(small(), fake_openai)
    fake_openai.queue(answer("Hi!"))
    chat.start()
    chat.send("hello")
    paid_before = chat.conversation.summary()["cost_usd"]
    fail_after_a_billed_call(fake_openai)
    with pytest.raises(ProviderServerError):
        chat.send("tell me more")

    billed = [e for e in events if e.type == "model_response"]
    assert len(billed) == 2  # the good reply and the broken one, both paid for
    spent = sum(e.data["cost_usd"] for e in billed)
    summary = chat.conversation.summary()
    assert summary["llm_calls"] == 2 and summary["user_messages"] == 1  # the turn is undone
    assert summary["cost_usd"] == pytest.approx(spent) and spent > paid_before > 0
    [rolled] = [call for call in chat.conversation.ledger.calls if call.rolled_back]
    assert rolled.turn == 2 and rolled.cost_usd == billed[-1].data["cost_usd"]

    fake_openai.queue(answer("Sure."))
    retried = chat.send("tell me more")
    assert retried.calls == 1  # the retried turn's own figures are its own
    assert retried.cost_usd == pytest.approx(billed[-1].data["cost_usd"], rel=0.5)
    chat.close()
    [end] = [e for e in events if e.type == "session_end"]
    totals = end.data["totals"]
    assert totals["llm_calls"] == 3
    assert totals["cost_usd"] == pytest.approx(
        sum(e.data["cost_usd"] for e in events if e.type == "model_response")
    )


def test_the_budget_holds_whatever_fails(fake_openai: FakeOpenAIServer) -> None:
    """Turn after turn fails after a billed call: the budget stops the spending all the same."""
    budget = 0.0015
    chat, _ = open_chat(small(max_cost_usd=budget, max_output_tokens=100), fake_openai)
    chat.start()
    refused = None
    for _ in range(60):
        fail_after_a_billed_call(fake_openai)
        try:
            chat.send("hello")
        except ProviderServerError:
            continue
        except BudgetExceeded as error:
            refused = error
            break
    assert refused is not None, "60 failed turns and the budget never stopped them"
    paid = chat.conversation.ledger.totals().cost_usd
    assert 0 < paid <= budget  # never overspent, though every turn was rolled back
    assert chat.conversation.summary()["cost_usd"] == pytest.approx(paid)
    chat.close()
