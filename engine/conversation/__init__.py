"""The turn loop and its parts: one user message in, the bot's messages out.

    conversation_core  the turn loop (``Conversation``, async), composed of its phases:
    conversation_base  the state the phases share, its views, the one way to emit an event
    model_exchange     one exchange with the model: request → call → judge → correct
    streaming_relay    a reply shown while it streams, or taken back
    apply_reply        an accepted reply's results, summary and message; the fallback
    action_phase       an action step: its call, its outcome, where it leads
    rollback           a failed turn put back as it was
    sync_conversation  the same conversation for scripts (``SyncConversation``)
    turn               the small values a turn passes around (next steps, verdicts, results)
    turn_requests      what a call sends: the step's request, the correction after a bad reply
    judge              whether a reply keeps the contract and may go where it wants
    budget             size and cost limits checked before any call is sent
    call_events        what the log says of each model call
    session            a conversation's whole state as one value: saved, resumed, forked

It may import everything below it — :mod:`engine.dialogue`, :mod:`engine.log`,
:mod:`engine.providers`, :mod:`engine.scenario`, :mod:`engine.io` — and nothing above (the
command line, scenario tests, simulation, the fake model).
"""
