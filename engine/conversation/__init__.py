"""The turn loop and its parts: one user message in, the bot's messages out.

    conversation_core  the loop and its phases (``Conversation``, async)
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
