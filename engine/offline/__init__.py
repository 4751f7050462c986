"""The key-free model: try a scenario, record tests and simulate users without a key or a cost.

    fake_openai    a fake OpenAI server (Responses and Chat Completions) the real SDK talks to
    scenario_bot   a stand-in bot model that plays each step from the scenario's own words
    persona_model  a stand-in simulated user that plays a persona's facts and traits
    autopilot      a stand-in bot that follows a scenario test's expectations (re-recording)
    fake_model     one of them behind the fake server, as a provider whose replies cost nothing
    quota          the server side of rate limits: requests and tokens per minute, enforced
    sim_server     the fake server set up for simulations, as a command
    ticket_service a ticket service on 127.0.0.1 for the shipped support desk's HTTP action

This is a product feature — the studio's "try without a key" and the desktop bundle use it —
not a test double: tests use it through ``tests/plugins``. It may import the engine's lower
layers (scenario, dialogue, log, io) and the turn loop, never the command line or the studio.
"""
